"""Degree bounds for the Schwartz–Zippel statement of the exact random method.

At concrete sizes, every entry of ``lhs - rhs`` is a rational function P/Q of the random
parameters that the sampler draws uniformly (entries of general matrices; the factor L and
the shift c of an SPD matrix L Lᵀ + c I; the stereographic parameters of a unit vector ...).
If the claim is false there, P is a nonzero polynomial, and (Schwartz 1980, Zippel 1979) a
point drawn uniformly from Sⁿ is a root of P with probability at most deg P / |S|; r
independent points all miss a refutation with probability at most (deg P / |S|)ʳ.

:func:`numerator_degree` bounds deg P from the expression's structure (never by expanding
it); ``None`` means no bound applies (a square root, exp, log, |.|, max: the claim is not
a rational function of the parameters, and the verdict says so).
"""

from __future__ import annotations

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement

from .._symbols.expr import Grad, Norm, Scalar

__all__ = ["numerator_degree", "claim_degree", "claim_bound", "involved", "PARAMETER_DEGREE",
           "USEFUL_BOUND"]

#: Degree (numerator, denominator) of one entry of each structure in the sampler's parameters.
PARAMETER_DEGREE = {
    "general": (1, 0), "nonzero": (1, 0), "full_column_rank": (1, 0), "positive": (1, 0),
    "symmetric": (1, 0), "diagonal": (1, 0), "positive_diagonal": (1, 0),
    "spd": (2, 0), "psd": (2, 0), "unit": (2, 2),
}


class _NoBound(Exception):
    pass


def _walk(e, space, sizes, only=None) -> tuple[int, int]:
    """(numerator, denominator) degree of ``e`` in the parameters of the declarations named in
    ``only`` (every continuous one when None; the others count as constants)."""
    e = sp.sympify(e)
    if e.is_number:
        return 0, 0
    if isinstance(e, sp.Symbol):
        if e in sizes:
            return 0, 0
        decl = next((d for d in space.decls.values() if d.symbol == e), None)
        if decl is None:
            raise _NoBound(f"undeclared {e}")
        if decl.discrete or (only is not None and decl.name not in only):
            return 0, 0
        return 1, 0
    if isinstance(e, sp.MatrixSymbol):
        decl = next((d for d in space.decls.values() if d.symbol == e), None)
        if decl is None:
            raise _NoBound(f"undeclared {e}")
        if decl.discrete or (only is not None and decl.name not in only):
            return 0, 0
        return PARAMETER_DEGREE.get(decl.structure, (1, 0))
    if isinstance(e, (sp.Identity, sp.ZeroMatrix, sp.OneMatrix)):
        return 0, 0
    if isinstance(e, (sp.Transpose, sp.Trace, Scalar, MatrixElement)):
        return _walk(e.args[0], space, sizes, only)
    if isinstance(e, (sp.Add, sp.MatAdd)):
        parts = [_walk(a, space, sizes, only) for a in e.args]
        den = sum(d for _n, d in parts)
        return max(n + den - d for n, d in parts), den
    if isinstance(e, (sp.Mul, sp.MatMul)):
        parts = [_walk(a, space, sizes, only) for a in e.args]
        return sum(n for n, _ in parts), sum(d for _, d in parts)
    if isinstance(e, (sp.Pow, sp.MatPow)):
        base, ex = e.args
        if isinstance(base, Norm) and ex.is_Integer and int(ex) % 2 == 0:
            v = base.args[0]
            n, d = _walk(Scalar(v.T * v), space, sizes, only)
            k = int(ex) // 2
            return (k * n, k * d) if k >= 0 else (-k * d, -k * n)
        if not ex.is_Integer:
            raise _NoBound("a non-integer power")
        n, d = _walk(base, space, sizes, only)
        k = int(ex)
        if isinstance(e, sp.MatPow) and k < 0:  # (B^|k|)^{-1} = adj / det at the concrete size
            m = int(sp.sympify(base.shape[0]).xreplace(sizes))
            n, d = -k * n, -k * d
            return (m - 1) * n + d, m * n
        return (k * n, k * d) if k >= 0 else (-k * d, -k * n)
    if isinstance(e, sp.Inverse):
        m = int(sp.sympify(e.args[0].shape[0]).xreplace(sizes))
        n, d = _walk(e.args[0], space, sizes, only)
        return (m - 1) * n + d, m * n
    if isinstance(e, sp.Determinant):
        m = int(sp.sympify(e.args[0].shape[0]).xreplace(sizes))
        n, d = _walk(e.args[0], space, sizes, only)
        return m * n, m * d
    if isinstance(e, Grad):
        n, d = _walk(e.args[0], space, sizes, only)
        return n + d, 2 * d
    if isinstance(e, sp.Sum):
        (_i, lo, hi), = e.limits
        count = int(sp.sympify(hi - lo + 1).xreplace(sizes))
        n, d = _walk(e.function, space, sizes, only)
        return n + (count - 1) * d, count * d
    if isinstance(e, sp.BlockMatrix):
        parts = [_walk(b, space, sizes, only) for b in e.blocks]
        return max(n for n, _ in parts), max(d for _, d in parts)
    raise _NoBound(f"{type(e).__name__} is not a rational operation")


def numerator_degree(terms: list, space, sizes: dict, only=None) -> int | None:
    """A bound on deg P for ``Σ terms = P/Q`` at ``sizes`` (definitions expanded), or None;
    ``only``: the degree in the parameters of these declarations alone (names)."""
    try:
        parts = [_walk(space.expand(t), space, sizes, only) for t in terms]
    except (_NoBound, TypeError, ValueError, AttributeError, RecursionError):
        return None
    den = sum(d for _n, d in parts)
    return max(n + den - d for n, d in parts)


def _terms(claim) -> list | None:
    """What exact random tests for zero, as a sum of terms; None when not a zero test."""
    from .._claims.claims import Equal, Stationary

    if isinstance(claim, Equal):
        return [claim.lhs, claim.rhs]
    if isinstance(claim, Stationary):
        return [Grad(claim.f, claim.var)]
    return None  # a sign (Rel, SameSign, IsPSD), not a zero test: Schwartz–Zippel does not apply


def claim_degree(claim, space, sizes: dict, only=None) -> int | None:
    """The numerator degree bound of what exact random evaluates for ``claim``, or None."""
    terms = _terms(claim)
    return None if terms is None else numerator_degree(terms, space, sizes, only)


def involved(claim, space) -> list:
    """The declarations the claim depends on (definitions expanded), in declaration order;
    every declaration when that cannot be told (never fewer than it depends on)."""
    try:
        terms = _terms(claim) or [s for s in claim.sides() if isinstance(s, sp.Basic)]
        atoms: set = set()
        for t in terms:
            e = sp.sympify(space.expand(t))
            atoms |= e.atoms(sp.Symbol, sp.MatrixSymbol)
    except Exception:  # noqa: BLE001 - an expression the walk cannot read: assume all
        return list(space.decls.values())
    return [d for d in space.decls.values() if d.symbol in atoms]


#: A bound at least this large is not stated (it says nothing a reader could use).
USEFUL_BOUND = 1e-3


def claim_bound(claim, space, sizes: dict, points: int, *,
                fixed_discrete: bool = False) -> tuple[float | None, str]:
    """(P, why): the generalised Schwartz–Zippel bound on the probability that ``points``
    independent uniform points at ``sizes`` all miss a false claim, over the sets the
    parameters are *actually* drawn from (:func:`derivations._symbols.space.draw_set_size`).

    The parameters fall into groups by the size of their set S_g (2^40 for continuous ones,
    12 for an integer scalar in [−5, 6], ...). If the claim is false, the numerator P of
    lhs − rhs is a nonzero polynomial; writing it as a polynomial in the groups drawn last
    with coefficients in the earlier ones, one point is a root with probability at most
    Σ_g deg_g P / |S_g| (deg_g: the total degree in group g), and ``points`` independent
    points all are with at most that to the power ``points``. A discrete declaration the
    claim depends on (labels, one-hot rows: drawn at random, but not from a product set) has
    no term: then no bound is stated, unless ``fixed_discrete`` says the points held it fixed
    (exact random enumerates few labellings, and bounds each). Nor is one of at least
    :data:`USEFUL_BOUND`. ``why`` says which (empty when the bound is stated)."""
    from .._symbols.space import UNIFORM_SET_SIZE, draw_set_size

    if _terms(claim) is None:
        return None, "no Schwartz–Zippel bound (a sign, not a zero test)"
    if all(draw_set_size(d, sizes) == UNIFORM_SET_SIZE for d in space.decls.values()):
        # one group (the common case): every parameter from 2^40 values, one walk
        decls = [d for d in space.decls.values()]
    else:
        decls = involved(claim, space)
    discrete = [d.name for d in decls if d.discrete]
    if discrete and not fixed_discrete:
        return None, (f"no Schwartz–Zippel bound ({', '.join(discrete)} drawn at random at the "
                      "top size: a false claim at some labellings passes with their probability)")
    groups: dict = {}
    for d in (d for d in decls if not d.discrete):
        groups.setdefault(draw_set_size(d, sizes), []).append(d.name)
    per_point = 0.0
    for size, names in groups.items():
        deg = claim_degree(claim, space, sizes, only=set(names) if len(groups) > 1 else None)
        if deg is None:
            return None, "no Schwartz–Zippel bound (not a rational function of the parameters)"
        per_point += deg / size
    if per_point == 0:  # constant in the parameters: false means false at every point
        per_point = 1 / min(groups, default=2 ** 40)
    bound = per_point ** points
    if bound >= USEFUL_BOUND:
        small = [f"{', '.join(n)} from {s} values" for s, n in groups.items() if s < 2 ** 20]
        return None, ("no useful Schwartz–Zippel bound (" + ("; ".join(small) or
                      f"{points} points") + f": the bound would be {bound:.1e})")
    return bound, ""
