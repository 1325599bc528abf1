"""Deciding ``SameSign(a, b, c)``: ``a == c*b`` with ``c`` manifestly positive.
"""

from __future__ import annotations

import sympy as sp

from ..._exact.at_instance import rational
from ..._exact.numbers import sign_of
from ..._symbols.expr import lower
from ..positivity import is_manifestly_positive
from .base import Decider, entry_1x1, sign_at

__all__ = ["SameSignDecider"]


class SameSignDecider(Decider):
    """How :class:`~derivations._claims.claims.SameSign` is decided."""

    def identity(self, inst):
        return [sp.sympify(inst(self.claim.a - self.claim.factor * self.claim.b))]

    def symbolic(self):
        return [lower(self.claim.a - self.claim.factor * self.claim.b)]

    def manifest(self, space):
        ok = is_manifestly_positive(self.claim.factor, space)
        return ok, "" if ok else f"factor {self.claim.factor} is not manifestly positive"

    def holds_over_q(self, inst) -> bool | None:
        """Both signs at an exact random point in flint (:func:`~derivations._exact.at_instance.rational`): None
        where flint refuses a side or leaves its sign undecided (SymPy decides then)."""
        got = rational(inst, [self.claim.a, self.claim.b])
        if got is None:
            return None
        try:
            sa, sb = (sign_of(entry_1x1(v)) for v in got)
        except TypeError:
            return None
        return sa == sb

    def violation(self, inst, values):
        sa, sb = sign_at(inst(self.claim.a).xreplace(values)), sign_at(inst(self.claim.b).xreplace(values))
        if sa == sb:
            return None
        return f"sign(a) = {sa} but sign(b) = {sb}"
