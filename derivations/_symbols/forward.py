"""Forward-mode differentiation in exact arithmetic: ∂f/∂xᵢ at one point, without ∂f/∂xᵢ.

At an exact random point the engine needs the gradient's *value*, never its formula. The
symbolic route (``Poly.diff`` or ``sympy.diff`` of the instantiated f, then substituting
the point) builds the whole derivative as an expression first — for a Rayleigh quotient
at d = 5 that is most of the exact random method's time. Here every node of f's tree is
evaluated once to a pair (value, {i: ∂/∂xᵢ}) by the chain rule, all in SymPy's exact
numbers (rationals, and exp/log/radicals of them where f has them):

* sums and products: (Σ, Σ), and the product rule over prefix and suffix products;
* powers with a constant exponent: n·bⁿ⁻¹·b′; ``exp``: eᵃ·a′; ``log``: a′/a.

Anything else that depends on the variables (|x|, max, piecewise, a variable exponent, a
leftover matrix node), a symbol without a value, and every point where the rule would
divide by an exact zero (a base 0 under a negative power, log 0) is refused: the caller
falls back to the symbolic route, which decides it exactly as before. Where both apply they
are the same number (the same chain rule, evaluated before or after substituting), which
``tests/derivations/symbols/test_forward.py`` checks on every differentiating claim of the
catalog.
"""

from __future__ import annotations

import sympy as sp

__all__ = ["gradient_at"]


class _Refused(Exception):
    """A node or a point the forward rules do not cover; the caller differentiates symbolically."""


def gradient_at(f: sp.Basic, xs: list, at: dict) -> list | None:
    """[∂f/∂x at ``at`` for x in ``xs``], exact, or None when refused (see the module doc).

    ``at`` gives a value to every symbol of ``f``; each x in ``xs`` must be one of them."""
    index = {x: i for i, x in enumerate(xs)}
    if len(index) != len(xs) or any(x not in at for x in xs):
        return None
    memo: dict = {}

    def ev(e):
        got = memo.get(e)
        if got is None:
            got = memo[e] = _node(e)
        return got

    def _node(e):
        if e.is_Symbol:
            if e not in at:
                raise _Refused(f"no value for {e}")
            i = index.get(e)
            return at[e], ({i: sp.S.One} if i is not None else {})
        if e.is_Atom:  # numbers, π, E
            if not e.is_number:
                raise _Refused(f"not a number: {e}")
            return e, {}
        if e.is_Add:
            vals, grad = [], {}
            for a in e.args:
                v, g = ev(a)
                vals.append(v)
                for i, d in g.items():
                    grad.setdefault(i, []).append(d)
            return sp.Add(*vals), {i: sp.Add(*ds) for i, ds in grad.items()}
        if e.is_Mul:
            parts = [ev(a) for a in e.args]
            vals = [v for v, _ in parts]
            n = len(vals)
            prefix = [sp.S.One] * (n + 1)
            for k in range(n):
                prefix[k + 1] = prefix[k] * vals[k]
            suffix = [sp.S.One] * (n + 1)
            for k in range(n - 1, -1, -1):
                suffix[k] = suffix[k + 1] * vals[k]
            grad: dict = {}
            for k, (_, g) in enumerate(parts):
                if not g:
                    continue
                others = prefix[k] * suffix[k + 1]
                for i, d in g.items():
                    grad.setdefault(i, []).append(others * d)
            return prefix[n], {i: sp.Add(*ds) for i, ds in grad.items()}
        if e.is_Pow:
            base, exp = e.args
            bv, bg = ev(base)
            if exp.free_symbols:
                raise _Refused("a variable exponent")
            if bv == 0 and not exp.is_nonnegative:
                raise _Refused("0 to a negative power")
            value = sp.Pow(bv, exp)
            if not bg:
                return value, {}
            if bv == 0 and not (exp - 1).is_nonnegative:
                raise _Refused("the derivative of bⁿ at b = 0 divides by 0")
            outer = exp * sp.Pow(bv, exp - 1)
            return value, {i: outer * d for i, d in bg.items()}
        if isinstance(e, sp.exp):
            av, ag = ev(e.args[0])
            value = sp.exp(av)
            return value, {i: value * d for i, d in ag.items()}
        if isinstance(e, sp.log) and len(e.args) == 1:
            av, ag = ev(e.args[0])
            if av == 0:
                raise _Refused("log 0")
            return sp.log(av), {i: d / av for i, d in ag.items()}
        if not e.free_symbols and e.is_number:  # a constant node (√2·π, exp(1/2), …)
            return e, {}
        raise _Refused(f"no forward rule for {type(e).__name__}")

    try:
        _, grad = ev(sp.sympify(f))
    except _Refused:
        return None
    return [grad.get(i, sp.S.Zero) for i in range(len(xs))]
