"""Deciding ``Equal(a, b)`` (and ``EigenPair``, an :class:`Equal`): lhs − rhs is 0 entry by
entry.
"""

from __future__ import annotations

import sympy as sp

from ..._exact.at_instance import rational
from ..._exact.numbers import entries, is_matrix
from ..._symbols.expr import lower
from .base import Decider, as_list, value_of, zero_at

__all__ = ["EqualDecider"]


class EqualDecider(Decider):
    """How :class:`~derivations._claims.claims.Equal` is decided."""

    def residual(self, inst):
        a, b = value_of(inst(self.claim.lhs)), value_of(inst(self.claim.rhs))
        if isinstance(a, sp.MatrixBase) != isinstance(b, sp.MatrixBase):
            if isinstance(a, sp.MatrixBase) and a.shape == (1, 1):
                a = a[0, 0]
            elif isinstance(b, sp.MatrixBase) and b.shape == (1, 1):
                b = b[0, 0]
            else:
                raise sp.ShapeError("one side of the equality is a matrix, the other a scalar")
        if isinstance(a, sp.MatrixBase) and a.shape != b.shape:
            raise sp.ShapeError(f"sides have shapes {a.shape} and {b.shape}")
        return as_list(a - b)

    def identity(self, inst):
        return self.residual(inst)

    def rational_residual(self, inst) -> list | None:
        """lhs − rhs entry by entry over ℚ in flint (:func:`~derivations._exact.at_instance.rational`), with
        :meth:`residual`'s shape rules; None where SymPy must decide (or the shapes clash,
        which :meth:`residual` reports)."""
        got = rational(inst, [self.claim.lhs, self.claim.rhs])
        if got is None:
            return None
        a, b = got
        a_mat, b_mat = is_matrix(a), is_matrix(b)
        if a_mat != b_mat:  # a 1×1 matrix against a scalar is that scalar
            if a_mat and (a.nrows(), a.ncols()) == (1, 1):
                a = a[0, 0]
            elif b_mat and (b.nrows(), b.ncols()) == (1, 1):
                b = b[0, 0]
            else:
                return None
        elif a_mat and (a.nrows(), a.ncols()) != (b.nrows(), b.ncols()):
            return None
        try:
            d = a - b
        except TypeError:  # two kinds of exact number with no common form (a surd, an exp)
            return None
        return entries(d) if is_matrix(d) else [d]

    def symbolic(self):
        return [lower(self.claim.lhs) - lower(self.claim.rhs)]

    def violation(self, inst, values):
        residual = self.residual(inst)
        for i, e in enumerate(residual):
            ok, v = zero_at(e, values)
            if ok is False:  # entries numbered from 1, as the notation and the article do
                at = f" (entry {i + 1} of {len(residual)}, row by row)" if len(residual) > 1 else ""
                return f"lhs - rhs = {v}{at}, not 0"
        return None
