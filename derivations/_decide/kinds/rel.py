"""Deciding ``Rel(a, op, b, C)``: the gap is ``>= 0`` (``> 0``), by the certificate ``C`` (equal
to the gap, manifestly nonnegative) or by one :mod:`derivations._decide.inequality` finds
and checks.
"""

from __future__ import annotations

import sympy as sp

from ..._exact.at_instance import rational
from ..._exact.numbers import entries, is_matrix
from ..._symbols.expr import lower
from ..certificates import counterexample
from ..inequality import prove
from ..positivity import is_manifestly_nonnegative, is_manifestly_positive
from ..realclosed import Decision, constraints_on, decide_declared
from .base import Decider, entry_1x1, sign_at

__all__ = ["RelDecider"]


class RelDecider(Decider):
    """How :class:`~derivations._claims.claims.Rel` is decided."""

    def identity(self, inst):
        if self.claim.certificate is None:  # a certificate found and checked at this instance, or none
            return None if self.prove(inst) is None else [sp.Integer(0)]
        return [sp.sympify(inst(self.claim.gap() - self.claim.certificate))]

    def prove(self, inst):
        """A checked certificate (:mod:`derivations._decide.inequality`) that the instantiated gap is
        ``>= 0`` (``> 0`` for strict ops) for every value of the entry symbols, or None."""
        g = inst(self.claim.gap())
        if isinstance(g, sp.MatrixBase):
            g = g[0, 0]
        return prove(sp.sympify(g), strict=self.claim.op in ("<", ">"))

    def symbolic(self):
        if self.claim.certificate is None:
            return None
        return [lower(self.claim.gap() - self.claim.certificate)]

    def manifest(self, space):
        if self.claim.certificate is None:
            # reached only when identity() returned [0] at every instance: each a checked proof
            return True, ""
        strict = self.claim.op in ("<", ">")
        ok = (is_manifestly_positive if strict else is_manifestly_nonnegative)(self.claim.certificate, space)
        return ok, "" if ok else f"certificate {self.claim.certificate} is not manifestly {'positive' if strict else 'nonnegative'}"

    def rational_residual(self, inst) -> list | None:
        """gap − certificate (what :meth:`identity` instantiates) over ℚ in flint, or None:
        without a certificate (the gap's sign is proved by SymPy's route), or where flint
        refuses."""
        if self.claim.certificate is None:
            return None
        got = rational(inst, [self.claim.gap() - self.claim.certificate])
        if got is None:
            return None
        g = got[0]
        return list(entries(g)) if is_matrix(g) else [g]

    def holds_over_q(self, inst) -> bool | None:
        got = rational(inst, [self.claim.gap()])
        if got is None:
            return None
        try:
            g = entry_1x1(got[0])
            return g > 0 or (g == 0 and self.claim.op not in ("<", ">"))
        except TypeError:  # a larger matrix, or a sign not resolved: SymPy decides
            return None

    def violation(self, inst, values):
        g = inst(self.claim.gap())
        if isinstance(g, sp.MatrixBase):
            g = g[0, 0]
        v = g.xreplace(values)
        s = sign_at(v)
        strict = self.claim.op in ("<", ">")
        if s < 0 or (strict and s == 0):
            return f"gap = {v} violates {self.claim.op}"
        return None

    def decide_at(self, inst, space, seconds: float):
        """Without a certificate: the gap's sign decided completely at this components instance
        on the set the declarations define (:mod:`derivations._decide.realclosed`), a
        :class:`~derivations._decide.realclosed.Decision` (proved, refuted with an exact point,
        or undecided naming what was missing)."""
        g = inst(self.claim.gap())
        if isinstance(g, sp.MatrixBase) and g.shape == (1, 1):
            g = g[0, 0]
        strict = self.claim.op in ("<", ">")
        d = decide_declared(g, ">" if strict else ">=", space, inst, seconds)
        if d.status == "undecided" and constraints_on(g, space, inst) == []:
            # beyond polynomials (a log): the convexity route's stationary point, when the
            # gap is negative there exactly, is the counterexample
            point = counterexample(g, strict)
            if point is not None:
                return Decision("refuted", "an exact stationary point of the gap", point)
        return d
