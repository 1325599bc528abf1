"""Deciding ``SphereMax(f, v, p, C)``: p maximises f on the unit sphere, by a certificate
equal to ``f(p) − f(u/‖u‖)``; refuted by a better point found exactly.
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from ..._symbols.expr import Norm
from ..positivity import is_manifestly_nonnegative
from .base import Decider, as_list, sign_at, value_of

__all__ = ["SphereMaxDecider"]


class SphereMaxDecider(Decider):
    """How :class:`~derivations._claims.claims.SphereMax` is decided."""

    def identity(self, inst):
        if self.claim.certificate is None:
            return None
        return [sp.sympify(inst(self.claim.gap() - self.claim.certificate))]

    def manifest(self, space):
        if self.claim.certificate is None:
            return False, "no certificate"
        ok = is_manifestly_nonnegative(self.claim.certificate, space)
        return ok, "" if ok else "certificate not manifestly nonnegative"

    def violation(self, inst, values):
        unit = inst(Norm(self.claim.point)).xreplace(values)
        if sign_at(sp.sympify(unit) - 1) != 0:
            return f"claimed maximiser has norm {unit}, not 1"
        if all(sp.sympify(e).xreplace(values) == 0 for e in inst(self.claim.var)):
            return None  # u = 0 has no direction; every other u is a real competitor
        var = value_of(inst(self.claim.var))
        u = sp.Matrix([sp.sympify(e).xreplace(values) for e in as_list(var)])
        point = value_of(inst(self.claim.point))
        shape = point.shape if isinstance(point, sp.MatrixBase) else (1, 1)
        var_shape = var.shape
        if shape != var_shape:  # (f at such a point is not a formula: SymPy's ShapeError, as
            raise sp.ShapeError(  # when f was instantiated at it)
                f"the claimed maximiser has shape {shape}, the variable {var_shape}")
        pt = sp.Matrix(as_list(point)).xreplace(values)
        f_at = self._f_at(inst, values, var_shape)
        f_pt = f_at(pt)
        g = f_pt - f_at(u / Norm(sp.ImmutableMatrix(u)))
        if sign_at(g) == -1:
            return f"f(point) - f(u/||u||) = {g} < 0: a better point exists"
        # A point that is not a local maximiser loses to a point near it: u's component
        # tangent to the sphere at the claimed point gives two nearby competitors
        # p ± eps (u - (u.p) p), one of which is better to first order unless the gradient's
        # tangent part is orthogonal to it. Each is checked exactly like u itself.
        tangent = u - (u.T * pt)[0, 0] * pt
        if all(sign_at(e) == 0 for e in tangent):
            return None
        for eps in (sp.Rational(1, 16), sp.Rational(1, 256)):
            for sgn in (1, -1):
                near = sp.ImmutableMatrix(pt + sgn * eps * tangent)
                g = f_pt - f_at(near / Norm(near))
                if sign_at(g) == -1:
                    return (f"f(point) - f(u'/||u'||) = {g} < 0 at u' = point "
                            f"{'+' if sgn > 0 else '-'} {eps}*(u - (u.point) point) = "
                            f"{list(near)}: a better point exists")
        return None

    def _f_at(self, inst, values, shape):
        """f at explicit vectors of this point's instance: instantiated once with ``var`` an
        explicit matrix of placeholders, then each vector substituted into that (not f
        instantiated again per vector: SymPy's products of matrices with radical entries
        were three quarters of this check's time). The same exact values."""
        slots = sp.ImmutableMatrix(*shape, [sp.Dummy(f"v{k}") for k in range(shape[0] * shape[1])])
        at_slots = replace(inst, mapping={**inst.mapping, self.claim.var: slots})
        f = value_of(at_slots(self.claim.f))
        f = sp.sympify(f[0, 0] if isinstance(f, sp.MatrixBase) else f).xreplace(values)

        def at(vec):
            return f.xreplace(dict(zip(slots, vec)))
        return at
