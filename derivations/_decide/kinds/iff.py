"""Deciding ``Iff(p, q)``: the two conditions agree in every region of a case analysis
(:mod:`derivations._decide.piecewise`).
"""

from __future__ import annotations

import flint
import sympy as sp

from ..._exact.at_instance import rational
from ..atoms import Unsupported
from ..piecewise import TooManyRegions, regions
from .base import Decider
from .conditions import instantiate_condition, subst_values, truth_at

__all__ = ["IffDecider"]


class IffDecider(Decider):
    """How :class:`~derivations._claims.claims.Iff` is decided."""

    def identity(self, inst):
        try:
            cells = regions([], [instantiate_condition(inst, self.claim.p), instantiate_condition(inst, self.claim.q)])
        except (TooManyRegions, Unsupported):
            return None
        if all(c.truths[0] == c.truths[1] for c in cells):
            return [sp.Integer(0)]
        return None

    def rational_residual(self, inst) -> list | None:
        """[0] where the two conditions' truths agree, [1] where they differ, over ℚ(entry
        symbols) in flint: a comparison's sign is asked, so :meth:`identity_over_q` decides
        it case by case (:func:`cases.by_cases`, which proves [0] in every case of the
        signs); None where flint refuses (the cells of :meth:`identity` decide then)."""
        got = rational(inst, [self.claim.p, self.claim.q])
        if got is None or not all(isinstance(v, bool) for v in got):
            return None
        return [flint.fmpq(int(got[0] != got[1]))]

    def holds_over_q(self, inst) -> bool | None:
        """Both conditions' truth at an exact random point in flint (its relations, ``And``,
        ``Or``, ``Not``): None where flint refuses one (SymPy decides then)."""
        got = rational(inst, [self.claim.p, self.claim.q])
        if got is None or not all(isinstance(v, bool) for v in got):
            return None
        return got[0] == got[1]

    def violation(self, inst, values):
        a = truth_at(subst_values(instantiate_condition(inst, self.claim.p), values))
        b = truth_at(subst_values(instantiate_condition(inst, self.claim.q), values))
        if a == b:
            return None
        return f"the left condition is {a} but the right one is {b}"
