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

__all__ = ["numerator_degree", "claim_degree", "PARAMETER_DEGREE"]

#: Degree (numerator, denominator) of one entry of each structure in the sampler's parameters.
PARAMETER_DEGREE = {
    "general": (1, 0), "nonzero": (1, 0), "full_column_rank": (1, 0), "positive": (1, 0),
    "symmetric": (1, 0), "diagonal": (1, 0), "positive_diagonal": (1, 0),
    "spd": (2, 0), "psd": (2, 0), "unit": (2, 2),
}


class _NoBound(Exception):
    pass


def _walk(e, space, sizes) -> tuple[int, int]:
    e = sp.sympify(e)
    if e.is_number:
        return 0, 0
    if isinstance(e, sp.Symbol):
        if e in sizes:
            return 0, 0
        decl = next((d for d in space.decls.values() if d.symbol == e), None)
        if decl is None:
            raise _NoBound(f"undeclared {e}")
        return (0, 0) if decl.discrete else (1, 0)
    if isinstance(e, sp.MatrixSymbol):
        decl = next((d for d in space.decls.values() if d.symbol == e), None)
        if decl is None:
            raise _NoBound(f"undeclared {e}")
        if decl.discrete:
            return 0, 0
        return PARAMETER_DEGREE.get(decl.structure, (1, 0))
    if isinstance(e, (sp.Identity, sp.ZeroMatrix, sp.OneMatrix)):
        return 0, 0
    if isinstance(e, (sp.Transpose, sp.Trace, Scalar, MatrixElement)):
        return _walk(e.args[0], space, sizes)
    if isinstance(e, (sp.Add, sp.MatAdd)):
        parts = [_walk(a, space, sizes) for a in e.args]
        den = sum(d for _n, d in parts)
        return max(n + den - d for n, d in parts), den
    if isinstance(e, (sp.Mul, sp.MatMul)):
        parts = [_walk(a, space, sizes) for a in e.args]
        return sum(n for n, _ in parts), sum(d for _, d in parts)
    if isinstance(e, (sp.Pow, sp.MatPow)):
        base, ex = e.args
        if isinstance(base, Norm) and ex.is_Integer and int(ex) % 2 == 0:
            v = base.args[0]
            n, d = _walk(Scalar(v.T * v), space, sizes)
            k = int(ex) // 2
            return (k * n, k * d) if k >= 0 else (-k * d, -k * n)
        if not ex.is_Integer:
            raise _NoBound("a non-integer power")
        n, d = _walk(base, space, sizes)
        k = int(ex)
        if isinstance(e, sp.MatPow) and k < 0:  # (B^|k|)^{-1} = adj / det at the concrete size
            m = int(sp.sympify(base.shape[0]).xreplace(sizes))
            n, d = -k * n, -k * d
            return (m - 1) * n + d, m * n
        return (k * n, k * d) if k >= 0 else (-k * d, -k * n)
    if isinstance(e, sp.Inverse):
        m = int(sp.sympify(e.args[0].shape[0]).xreplace(sizes))
        n, d = _walk(e.args[0], space, sizes)
        return (m - 1) * n + d, m * n
    if isinstance(e, sp.Determinant):
        m = int(sp.sympify(e.args[0].shape[0]).xreplace(sizes))
        n, d = _walk(e.args[0], space, sizes)
        return m * n, m * d
    if isinstance(e, Grad):
        n, d = _walk(e.args[0], space, sizes)
        return n + d, 2 * d
    if isinstance(e, sp.Sum):
        (_i, lo, hi), = e.limits
        count = int(sp.sympify(hi - lo + 1).xreplace(sizes))
        n, d = _walk(e.function, space, sizes)
        return n + (count - 1) * d, count * d
    if isinstance(e, sp.BlockMatrix):
        parts = [_walk(b, space, sizes) for b in e.blocks]
        return max(n for n, _ in parts), max(d for _, d in parts)
    raise _NoBound(f"{type(e).__name__} is not a rational operation")


def numerator_degree(terms: list, space, sizes: dict) -> int | None:
    """A bound on deg P for ``Σ terms = P/Q`` at ``sizes`` (definitions expanded), or None."""
    try:
        parts = [_walk(space.expand(t), space, sizes) for t in terms]
    except (_NoBound, TypeError, ValueError, AttributeError, RecursionError):
        return None
    den = sum(d for _n, d in parts)
    return max(n + den - d for n, d in parts)


def claim_degree(claim, space, sizes: dict) -> int | None:
    """The numerator degree bound of what exact random evaluates for ``claim``, or None."""
    from .._claims.claims import Equal, IsPSD, Rel, SameSign, Stationary

    if isinstance(claim, Equal):
        return numerator_degree([claim.lhs, claim.rhs], space, sizes)
    if isinstance(claim, Rel):
        return None  # a sign, not a zero test: Schwartz–Zippel does not apply
    if isinstance(claim, (SameSign, IsPSD)):
        return None
    if isinstance(claim, Stationary):
        return numerator_degree([Grad(claim.f, claim.var)], space, sizes)
    return None
