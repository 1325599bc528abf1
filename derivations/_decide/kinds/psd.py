"""Deciding ``IsPSD(M, B)``: ``M == BᵀB``; refuted by a negative principal minor.
"""

from __future__ import annotations

import itertools

import sympy as sp

from ..._symbols.expr import lower
from .base import Decider, as_list, sign_at, value_of

__all__ = ["IsPSDDecider"]


class IsPSDDecider(Decider):
    """How :class:`~derivations._claims.claims.IsPSD` is decided."""

    def identity(self, inst):
        if self.claim.factor is None:
            return None
        return as_list(value_of(inst(self.claim.m)) - value_of(inst(self.claim.factor.T * self.claim.factor)))

    def symbolic(self):
        if self.claim.factor is None:
            return None
        return [lower(self.claim.m) - lower(self.claim.factor.T * self.claim.factor)]

    def violation(self, inst, values):
        m = sp.Matrix(value_of(inst(self.claim.m)).xreplace(values))
        if m != m.T:
            return "matrix is not symmetric"
        n = m.shape[0]
        for k in range(1, n + 1):
            for idx in itertools.combinations(range(n), k):
                minor = m.extract(list(idx), list(idx)).det()
                if sign_at(minor) == -1:
                    return f"principal minor on rows {[i + 1 for i in idx]} is {minor} < 0"
        return None
