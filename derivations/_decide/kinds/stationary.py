"""Deciding ``Stationary(f, v, p)``: the gradient of f with respect to v vanishes at v = p.
"""

from __future__ import annotations

import sympy as sp

from ..._exact.at_instance import rational, rational_gradient
from ..._exact.numbers import is_matrix
from ..._symbols.expr import Grad, lower
from .base import Decider, value_of, zero_at

__all__ = ["StationaryDecider"]


class StationaryDecider(Decider):
    """How :class:`~derivations._claims.claims.Stationary` is decided."""

    def _residual(self, inst):
        entries = list(inst(self.claim.var))
        pt = list(value_of(inst(self.claim.point)))
        sym = inst.without_point()  # the gradient as a function of the entry symbols
        if inst.point is not None:  # an exact random point: the gradient's value at the claimed point
            at = dict(inst.point)
            at.update(zip(entries, (sp.sympify(p).xreplace(inst.point) for p in pt)))
            g = Grad.at(sym(self.claim.f), sym(self.claim.var), at)
            if g is not None:
                return list(g)
        g = sym(Grad(self.claim.f, self.claim.var))
        return [e.xreplace(dict(zip(entries, pt))) for e in g]

    def identity(self, inst):
        return self._residual(inst)

    def rational_residual(self, inst) -> list | None:
        """The gradient's entries at the claimed point over ℚ in flint (forward mode,
        :func:`~derivations._exact.at_instance.rational_gradient`), or None where SymPy must decide."""
        if self.claim.point.has(self.claim.var):
            return None
        got = rational(inst, [self.claim.point, self.claim.var])
        if got is None:
            return None
        at, current = got
        if is_matrix(at) != is_matrix(current):
            return None
        if is_matrix(at) and (at.nrows(), at.ncols()) != (current.nrows(), current.ncols()):
            return None
        return rational_gradient(inst, self.claim.f, self.claim.var, at)

    def symbolic(self):
        g = lower(Grad(self.claim.f, self.claim.var))
        return [g.xreplace({self.claim.var: self.claim.point})]

    def violation(self, inst, values):
        for e in self._residual(inst):
            ok, v = zero_at(e, values)
            if ok is False:
                return f"gradient entry = {v} at the claimed point, not 0"
        return None
