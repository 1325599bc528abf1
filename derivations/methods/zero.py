"""Is an explicit expression in entry symbols identically zero? (The components proof step.)"""

from __future__ import annotations

import sympy as sp

__all__ = ["is_identically_zero"]


def is_identically_zero(e: sp.Basic) -> bool:
    """True when ``e`` simplifies to 0; False means "not shown", never "shown nonzero"."""
    e = sp.sympify(e)
    if e == 0:
        return True
    if not e.free_symbols:
        from ..exactness import exact_is_zero

        return exact_is_zero(e) is True and e.is_algebraic is not False
    if e.has(sp.binomial, sp.factorial, sp.gamma):
        e = sp.combsimp(sp.expand_func(e))
    num, _den = sp.fraction(sp.together(e))
    if sp.expand(num) == 0:  # a rational function is 0 iff its numerator is (20x faster)
        return True
    ex = sp.expand(e)
    if ex == 0:
        return True
    t = sp.cancel(sp.together(ex))
    if t == 0:
        return True
    rational = all(p.exp.is_Integer for p in ex.atoms(sp.Pow)) and not ex.atoms(sp.Function)
    if rational:
        return False  # cancel() decides rational functions completely
    if t.has(sp.Abs):  # |(x.z)^2| is only seen to be (x.z)^2 once the argument is factored
        t = t.replace(sp.Abs, lambda a: sp.Abs(sp.factor(a)))
    return sp.simplify(t) == 0 or sp.simplify(sp.radsimp(t)) == 0
