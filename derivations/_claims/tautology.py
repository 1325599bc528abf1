"""Claims true by construction: SymPy evaluated both sides to the same tree while the catalog
built them, so "verifying" them would check nothing.

A catalog claim is built unevaluated (a derivative the document claims is computed by the
methods, never with ``sp.diff`` at build time); this module catches what slipped through. The
engine reports such a claim as ``error`` ("true by construction"), and the catalog test
fails on it. A notation or definition that is *meant* to hold by construction goes in
``Statement.notation`` instead, where it is shown but never counted as verified.
"""

from __future__ import annotations

import sympy as sp

from .claims import Equal, Rel, SameSign
from .._symbols.matrix_doit import memoised_doit

__all__ = ["by_construction"]


def _is_zero(e) -> bool:
    if isinstance(e, sp.MatrixBase):
        return all(x == 0 for x in e)
    return e == 0 or isinstance(e, sp.ZeroMatrix) or getattr(e, "is_ZeroMatrix", False) is True


def by_construction(claim) -> str | None:
    """Why ``claim`` holds by construction (two sides that are one expression), or None."""
    if isinstance(claim, Equal):
        a, b = claim.lhs, claim.rhs
        if a == b:
            return f"both sides are the same expression after construction: {a}"
        try:
            with memoised_doit():  # a − b of matrix expressions runs SymPy's canonicalisation
                diff = a - b
        except (TypeError, ValueError, sp.ShapeError):
            return None
        if _is_zero(diff):
            return "lhs - rhs is 0 by SymPy's automatic evaluation alone (no method was needed)"
        return None
    if isinstance(claim, Rel) and claim.op in ("<=", ">=") and claim.lhs == claim.rhs:
        return f"both sides are the same expression after construction: {claim.lhs}"
    if isinstance(claim, SameSign) and claim.a == claim.b and claim.factor.is_positive is True:
        return f"both sides are the same expression after construction: {claim.a}"
    return None
