"""Existential claims decided exactly: is there a point satisfying a system of conditions?

A system is a list of conditions (:mod:`derivations._decide.piecewise` tuples) in the variables'
entry symbols, every other symbol already a rational. :func:`decide_system` answers with

* a :class:`derivations._decide.linear.Witness` — a rational point at which every *original*
  condition was checked true exactly (:func:`derivations._decide.piecewise.truth`, exact signs);
* a list of :class:`CaseCertificate` — when the system is linear in every case of the case
  analysis (Max/Abs/... split into regions that partition the space), one checked Motzkin
  certificate per case: no case has a point, so no point exists;
* ``None`` — undecided (a non-linear system without a checked witness).

Candidates come from floating-point linear programming, or for non-linear systems from a
few local maximisations of the smallest slack (``scipy.optimize.minimize``), rounded to
rationals; a float is only ever a candidate.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy as sp

from .atoms import NORMAL, Unsupported, subst_condition
from .linear import Constraint, Infeasible, Witness, affine, decide
from .piecewise import TooManyRegions, iter_regions, truth

__all__ = ["CaseCertificate", "decide_system"]


@dataclass(frozen=True)
class CaseCertificate:
    """One case of the partition (its hypotheses) and the checked certificate that it is empty."""

    case: str
    certificate: Infeasible

    def describe(self) -> str:
        where = "" if self.case == "everywhere" else f"where {self.case}: "
        return where + self.certificate.describe()


def _check(conds, point) -> bool:
    for c in conds:
        v, _u = truth(subst_condition(c, point), [])
        if v is not True:
            return False
    return True


def _relations(conds):
    """The conjunction as [(expr, op)] (``!=`` split later), or None for Or/Not."""
    out = []
    for c in conds:
        if c[0] == "rel":
            out.append((c[1], c[2]))
        elif c[0] == "and":
            sub = _relations(c[1])
            if sub is None:
                return None
            out += sub
        elif c[0] == "const":
            if not c[1]:
                out.append((sp.Integer(-1), ">="))
        else:
            return None
    return out


def _linear_cases(conds, variables):
    """(witness, certificates, every case decided) over the cases of the partition, stopping
    at the first case with a checked witness."""
    rels = _relations(conds)
    if rels is None or any(op == "!=" for _e, op in rels):
        return None, [], False
    certificates, decided = [], True
    try:
        for cell in iter_regions([e for e, _op in rels]):
            result = _case(cell, rels, conds, variables)
            if isinstance(result, Witness):
                return result, [], True
            if result is None:
                decided = False
            else:
                certificates.append(result)
    except (TooManyRegions, Unsupported):
        return None, [], False
    return None, certificates, decided


def _case(cell, rels, conds, variables):
    """One case: a witness checked on the original conditions, a checked certificate that the
    case is empty, or None (not linear, or nothing survived the exact check)."""
    system = list(cell.hyps)
    for e, (_orig, op) in zip(cell.exprs, rels):
        sgn, nop = NORMAL[op]
        c = Constraint(sp.expand(sgn * e), nop)
        if c.expr.is_Rational and c.holds(c.expr):
            continue  # a constraint the case resolved to a true constant (e.g. 0 = 0)
        system.append(c)
    free = [v for v in variables if v not in cell.substitution]
    if any(affine(c.expr, free) is None for c in system):
        return None
    d = decide(system, free)
    if isinstance(d, Witness):
        point = dict(d.point)
        for v in free:
            point.setdefault(v, sp.Integer(0))
        for v, val in cell.substitution.items():
            point[v] = sp.Rational(sp.sympify(val).xreplace(point))
        point = {v: point[v] for v in variables}
        return Witness(point) if _check(conds, point) else None
    return CaseCertificate(cell.describe(), d) if isinstance(d, Infeasible) else None


def _numeric_witness(conds, variables) -> Witness | None:
    """Maximise the smallest slack from a few starts; round; check exactly."""
    rels = _relations(conds)
    if rels is None or not variables:
        return None
    import numpy as np  # (scipy.optimize: 0.7-0.8 s to import, see linear._witness)
    from scipy.optimize import minimize

    slacks = []
    for e, op in rels:
        sgn, _nop = NORMAL.get(op, (1, "=="))
        if op in ("==", "!="):
            return None
        slacks.append(sp.lambdify(variables, sgn * e, "numpy"))

    def worst(x):
        with np.errstate(all="ignore"):
            vals = [float(f(*x)) for f in slacks]
        v = min(vals)
        return -v if np.isfinite(v) else 1e300

    rng = np.random.default_rng(0)
    starts = [np.zeros(len(variables)), np.ones(len(variables))] + [rng.normal(0, 3, len(variables)) for _ in range(6)]
    for x0 in starts:
        res = minimize(worst, x0, method="Nelder-Mead", options={"maxiter": 2000, "xatol": 1e-10, "fatol": 1e-12})
        if not np.all(np.isfinite(res.x)) or res.fun >= 0:
            continue
        for den in (1, 2, 4, 10, 100, 1000, 10 ** 6):
            point = {v: sp.Rational(Fraction(float(x)).limit_denominator(den)) for v, x in zip(variables, res.x)}
            if _check(conds, point):
                return Witness(point)
    return None


def decide_system(conds: list, variables: list):
    """A checked witness, a list of checked case certificates (no point), or None."""
    witness, certificates, decided = _linear_cases(conds, variables)
    if witness is not None:
        return witness
    if decided and certificates:
        return certificates
    return _numeric_witness(conds, variables)
