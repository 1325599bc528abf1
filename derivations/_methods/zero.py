"""Is an explicit expression in entry symbols identically zero? (The components proof step.)

Routes, each a proof: for a rational function over ℚ, its numerator in sparse polynomial
arithmetic (:func:`rational_zero`); SymPy's rational-function normal form (numerator expands to 0); a formal
identity in exp/log atoms (:func:`derivations._decide.exactness.formal_zero`: ``exp`` of a sum is a
product of positive atoms, ``log`` of a positive product a sum); a case analysis for
``Max``/``Min``/``Abs``/``Heaviside``/``sign``/``Piecewise`` (:mod:`derivations._decide.piecewise`:
every region's formula proved 0 by these routes); SymPy's ``simplify`` last.
"""

from __future__ import annotations

import sympy as sp

from .._decide.atoms import Unsupported, has_piecewise
from .._decide.exactness import (_TRANSCENDENTAL, _ball_excluding_zero, closed_value, exact_is_zero,
                                 formal_zero)
from .._decide.memo import memoised
from .._decide.piecewise import TooManyRegions, regions
from .._decide.ratfun import as_fractions

__all__ = ["is_identically_zero", "rational_zero", "nonzero_at_a_point"]


#: Expressions whose answer :func:`is_identically_zero` keeps (a pure function of the
#: expression: a repeated question gets the answer it got).
MEMO_SIZE = 4096


def is_identically_zero(e: sp.Basic) -> bool:
    """True when ``e`` simplifies to 0; False means "not shown", never "shown nonzero"."""
    return _is_identically_zero(sp.sympify(e))


@memoised(size=MEMO_SIZE)
def _is_identically_zero(e: sp.Basic) -> bool:
    if e == 0:
        return True
    if not e.free_symbols:
        return exact_is_zero(e) is True and e.is_algebraic is not False
    rational = rational_zero(e)
    if rational is not None:  # decided exactly, as the routes below would for a rational function
        return rational
    if nonzero_at_a_point(e):  # not identically zero: no sound route below can show it is
        return False
    if e.has(sp.binomial, sp.factorial, sp.gamma):
        e = sp.combsimp(sp.expand_func(e))
        cases_first = False
    else:
        # The case analysis of a piecewise expression first: the answer is True when any route
        # proves 0 (each is deterministic), so the order only decides what is computed; the
        # numerator of a piecewise expression is rarely 0 by itself and costly to expand.
        cases_first = has_piecewise(e)
        if cases_first and _by_cases(e):
            return True
    num, _den = sp.fraction(sp.together(e))
    if sp.expand(num) == 0:  # a rational function is 0 iff its numerator is (20x faster)
        return True
    if e.has(*_TRANSCENDENTAL) and formal_zero(e):
        return True
    if not cases_first and _by_cases(e):
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


#: Numerators and denominators of the points :func:`nonzero_at_a_point` tries (fixed, never the
#: method's rng: the draws of the components method stay as they were).
_NUMS = (3, -5, 7, -11, 13, -2, 17, -19, 23, -29, 31, -37, 41, -43, 47, -53)
_DENS = (7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67)


def _point_value(x: sp.Symbol, k: int, attempt: int) -> sp.Rational | None:
    """A rational in the declared domain of ``x`` (every assumption SymPy knows of ``x`` holds
    for it, checked), or None when none of the few candidates fits."""
    i = (k + 5 * attempt) % len(_NUMS)
    num, den = _NUMS[i], _DENS[(k * 3 + attempt) % len(_DENS)]
    facts = x.assumptions0
    cands = (sp.Rational(num, den), sp.Rational(abs(num), den), sp.Integer(num), sp.Integer(abs(num)))
    for v in cands:
        if all(getattr(v, "is_" + name, None) == val for name, val in facts.items()):
            return v
    return None


def nonzero_at_a_point(e: sp.Basic) -> bool:
    """True when ``e`` is proved nonzero at an exact rational point of its symbols' declared
    domain (the value a rational, or a real closed number whose rigorous ``arb`` ball excludes
    0): then ``e`` is not identically zero, and no sound route of :func:`is_identically_zero`
    can show it is — a cheap exact refutation before the expensive routes. False means "not
    shown" (a point where ``e`` is undefined, complex or undecided proves nothing)."""
    syms = sorted(e.free_symbols, key=sp.default_sort_key)
    if not syms or not all(type(x) is sp.Symbol for x in syms):
        return False
    for attempt in range(2):
        point = {}
        for k, x in enumerate(syms):
            v = _point_value(x, k, attempt)
            if v is None:
                return False
            point[x] = v
        try:
            if _proved_nonzero(e.xreplace(point)):
                return True
        except Exception:  # noqa: BLE001 - an evaluation that fails proves nothing (a Timeout is no Exception)
            continue
    return False


def _proved_nonzero(val) -> bool:
    if not isinstance(val, sp.Expr):
        return False
    val = closed_value(val)
    if val is None:
        return False
    if val.is_Rational:
        return val != 0
    return _ball_excluding_zero(val) is not None


def rational_zero(e: sp.Basic) -> bool | None:
    """Whether ``e`` is identically zero, when it is a rational function over ℚ of its free
    symbols (sums, products, integer powers of symbols and rationals): True or False, decided
    exactly — its numerator over a common denominator, in sparse polynomial arithmetic, is the
    zero polynomial or not. None for anything else (functions, roots, floats, a denominator that
    is itself the zero polynomial): then the routes of :func:`is_identically_zero` decide.

    The same decision as SymPy's together/expand/cancel, which for a rational function are
    complete, without building the expanded numerator as an expression tree (100x faster on the
    gradients of quotients of quadratic forms)."""
    if not e.free_symbols or not all(isinstance(x, sp.Symbol) for x in e.free_symbols):
        return None
    fractions = as_fractions([e])
    return None if fractions is None else not fractions[0][0]


def _by_cases(e: sp.Basic) -> bool:
    """Max/Min/Abs/Heaviside/sign/Piecewise: every region of the case analysis proved 0."""
    if not has_piecewise(e):
        return False
    try:
        cells = regions([e])
    except (TooManyRegions, Unsupported):
        return False
    return all(is_identically_zero(c.exprs[0]) or _zero_modulo(c.exprs[0], c.hyps) for c in cells)


def _zero_modulo(e: sp.Basic, hyps) -> bool:
    """``e`` vanishes on a region whose equality hypotheses are q_1 = ... = q_k = 0: its
    numerator's remainder on division by the q_i is 0, i.e. num = Σ c_i q_i (a certificate:
    every term is 0 on the region). E.g. the region a·y = 0 of Max(0, -a·y) against a
    Piecewise on a·y <= 0 leaves a_1 y_1 + a_2 y_2, which is 0 there. False means "not shown"."""
    eqs = [sp.expand(h.expr) for h in hyps if h.op == "=="]
    if not eqs:
        return False
    num, _den = sp.fraction(sp.together(e))
    num = sp.expand(num)
    gens = sorted(set().union(num.free_symbols, *(q.free_symbols for q in eqs)), key=str)
    if not gens:
        return False
    try:
        if sp.reduced(num, eqs, *gens)[1] == 0:
            return True
        return sp.groebner(eqs, *gens).reduce(num)[1] == 0
    except (sp.PolynomialError, sp.polys.polyerrors.PolificationFailed, sp.GeneratorsNeeded):
        return False
