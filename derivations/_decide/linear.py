"""Systems of linear constraints decided with exact certificates.

A system ``a_i · v − b_i  op_i  0`` (``op_i`` in ``>=``, ``>``, ``==``; rational ``a_i``,
``b_i``) is decided one of two ways, each *checked in exact rationals*:

* **feasible** — a rational point ``v`` at which every constraint holds (:class:`Witness`);
* **infeasible** — Motzkin multipliers ``λ`` (``λ_i ≥ 0`` for inequalities, free for
  equalities) with ``Σ λ_i a_i = 0`` and either ``Σ λ_i b_i > 0``, or ``Σ λ_i b_i = 0`` and
  ``λ_i > 0`` for some strict constraint (:class:`Infeasible`). For any feasible ``v``,
  ``0 = Σ λ_i (a_i · v) = Σ λ_i (a_i · v − b_i) + Σ λ_i b_i``, where the first sum is ``≥ 0``
  and ``> 0`` if a strict multiplier is positive: so ``0 > 0`` — no such ``v`` exists.

Candidates come from floating-point linear programming (``scipy.optimize.linprog``), made
exact on their active set, or from SymPy's exact rational simplex; a float alone decides
nothing. :func:`implies` uses the same multipliers to prove a linear consequence (affine
Farkas lemma): ``q = λ_0 + Σ λ_i h_i`` identically with ``λ ≥ 0`` proves ``q ≥ 0`` wherever
every ``h_i ≥ 0``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import sympy as sp
from sympy.solvers.simplex import linprog as exact_linprog

from .memo import memoised

__all__ = ["Constraint", "Witness", "Infeasible", "affine", "decide", "implies", "OPS"]

OPS = (">=", ">", "==")
#: Denominators tried when rounding a float candidate to a rational one.
_DENOMINATORS = (1, 2, 4, 8, 10, 16, 100, 1000, 10 ** 4, 10 ** 6, 10 ** 9)
_TOL = 1e-9


@dataclass(frozen=True)
class Constraint:
    """``expr op 0`` with ``op`` in ``>=``, ``>``, ``==``; ``expr`` affine in the variables."""

    expr: sp.Basic
    op: str

    def holds(self, value: sp.Rational) -> bool:
        return value > 0 if self.op == ">" else value >= 0 if self.op == ">=" else value == 0


@dataclass(frozen=True)
class Witness:
    """A rational point at which every constraint was checked to hold exactly."""

    point: dict  # variable -> Rational

    def describe(self) -> str:
        return ", ".join(f"{k} = {v}" for k, v in self.point.items())


@dataclass(frozen=True)
class Infeasible:
    """Motzkin multipliers, checked exactly: they combine the constraints into ``0 > 0``."""

    multipliers: tuple  # one Rational per constraint
    constraints: tuple

    def describe(self) -> str:
        parts = [f"{m}·({c.expr} {c.op} 0)" for m, c in zip(self.multipliers, self.constraints) if m != 0]
        return ("no solution: the multipliers " + " + ".join(parts)
                + " sum the left-hand sides to a constant that must be > 0 yet is ≤ 0")


def affine(expr: sp.Basic, variables: list) -> tuple[list, sp.Rational] | None:
    """(coefficients, constant) with ``expr = Σ c_j v_j + constant``, all rational; or None."""
    expr = sp.sympify(expr)
    got = _affine_memo(expr, tuple(variables))
    return None if got is None else (list(got[0]), got[1])


@memoised
def _affine_memo(expr, variables: tuple):
    got = _affine(expr, list(variables))
    return None if got is None else (tuple(got[0]), got[1])


def _affine(expr: sp.Basic, variables: list) -> tuple[list, sp.Rational] | None:
    expr = sp.expand(expr)
    if expr.free_symbols - set(variables):
        return None
    try:
        poly = sp.Poly(expr, *variables) if variables else None
    except sp.PolynomialError:
        return None
    if poly is None:
        return ([], expr) if expr.is_Rational else None
    if poly.total_degree() > 1:
        return None
    coeffs = [poly.coeff_monomial(v) for v in variables]
    const = poly.coeff_monomial(1)
    if not all(sp.sympify(c).is_Rational for c in coeffs + [const]):
        return None
    return [sp.Rational(c) for c in coeffs], sp.Rational(const)


def _rows(constraints, variables):
    rows = []
    for c in constraints:
        if c.op not in OPS:
            raise ValueError(f"op must be one of {OPS}")
        form = affine(c.expr, variables)
        if form is None:
            return None
        a, k = form
        rows.append((a, -k, c.op))  # a·v − b with b = −k
    return rows


def check_witness(constraints, point: dict) -> bool:
    """Exact check: every constraint holds at the rational ``point``."""
    for c in constraints:
        v = sp.sympify(c.expr).xreplace(point)
        if not v.is_Rational or not c.holds(v):
            return False
    return True


def check_infeasible(rows, lam) -> bool:
    """Exact check of Motzkin multipliers (see the module docstring)."""
    n = len(rows[0][0]) if rows else 0
    for (_a, _b, op), m in zip(rows, lam):
        if not m.is_Rational or (op != "==" and m < 0):
            return False
    for j in range(n):
        if sum(m * a[j] for (a, _b, _op), m in zip(rows, lam)) != 0:
            return False
    total = sum(m * b for (_a, b, _op), m in zip(rows, lam))
    strict = any(m > 0 for (_a, _b, op), m in zip(rows, lam) if op == ">")
    return total > 0 or (total == 0 and strict)


def _rationals(xs, den):
    return [sp.Rational(Fraction(float(x)).limit_denominator(den)) for x in xs]


def _exact_on_active(rows, variables, x) -> list | None:
    """An exact point near the float ``x``: the constraints active at ``x`` solved as
    equalities, free directions fixed at rounded values of ``x``."""
    active = [(a, b) for a, b, op in rows
              if op == "==" or abs(sum(float(ai) * xi for ai, xi in zip(a, x)) - float(b)) < 1e-7]
    if not active:
        return None
    A = sp.Matrix([a for a, _ in active])
    B = sp.Matrix([b for _, b in active])
    try:
        sol, params = A.gauss_jordan_solve(B)
    except ValueError:
        return None
    out = []
    for den in _DENOMINATORS:
        guess = _rationals(x, den)
        # a free parameter tau_k is the value of a free column: give it the rounded value
        sub = {sol[j]: guess[j] for j in range(len(variables)) if sol[j] in set(params)}
        for p in params:
            sub.setdefault(p, sp.Integer(0))
        out.append([sp.Rational(v.xreplace(sub)) for v in sol])
    return out


def _witness(rows, constraints, variables) -> Witness | None:
    # scipy.optimize costs 0.7-0.8 s to import (python -X importtime, after SymPy): only the
    # linear programs load it, so a process that never solves one never pays it.
    import numpy as np
    from scipy.optimize import linprog

    n = len(variables)
    strict = [op == ">" for _a, _b, op in rows]
    # variables (v, s): maximise the slack s of the strict constraints, s <= 1
    c = np.zeros(n + 1)
    c[-1] = -1.0
    A_ub, b_ub, A_eq, b_eq = [], [], [], []
    for (a, b, op), st in zip(rows, strict):
        coef = [-float(x) for x in a]
        if op == "==":
            A_eq.append([float(x) for x in a] + [0.0])
            b_eq.append(float(b))
        else:  # a·v − b >= s (strict) or >= 0
            A_ub.append(coef + [1.0 if st else 0.0])
            b_ub.append(-float(b))
    bounds = [(None, None)] * n + [(None, 1.0)]
    res = linprog(c, A_ub=A_ub or None, b_ub=b_ub or None, A_eq=A_eq or None, b_eq=b_eq or None,
                  bounds=bounds, method="highs")
    candidates = []
    if res.status == 0 and (not any(strict) or -res.fun > _TOL):
        x = list(res.x[:n])
        candidates += [_rationals(x, den) for den in _DENOMINATORS]
        candidates += _exact_on_active(rows, variables, x) or []
    for cand in candidates:
        point = dict(zip(variables, cand))
        if check_witness(constraints, point):
            return Witness(point)
    return None


def _certificate(rows, constraints) -> Infeasible | None:
    import numpy as np
    from scipy.optimize import linprog

    m = len(rows)
    n = len(rows[0][0]) if rows else 0
    # maximise Σ λ b + Σ_strict λ  s.t.  Σ λ_i a_i = 0,  Σ λ b >= 0,  bounds on λ
    c = -np.array([float(b) + (1.0 if op == ">" else 0.0) for _a, b, op in rows])
    A_eq = [[float(rows[i][0][j]) for i in range(m)] for j in range(n)]
    A_ub = [[-float(b) for _a, b, _op in rows]]
    bounds = [(-1.0, 1.0) if op == "==" else (0.0, 1.0) for _a, _b, op in rows]
    res = linprog(c, A_ub=A_ub, b_ub=[0.0], A_eq=A_eq or None, b_eq=[0.0] * n if n else None,
                  bounds=bounds, method="highs")
    candidates = []
    if res.status == 0 and -res.fun > _TOL:
        lam = list(res.x)
        candidates += [_rationals(lam, den) for den in _DENOMINATORS]
        support = [i for i, v in enumerate(lam) if abs(v) > 1e-9]
        if support:
            M = sp.Matrix([[rows[i][0][j] for i in support] for j in range(n)]) if n else sp.zeros(0, len(support))
            basis = M.nullspace() if n else [sp.eye(len(support))[:, k] for k in range(len(support))]
            for vec in basis:
                for sgn in (1, -1):
                    full = [sp.Integer(0)] * m
                    for k, i in enumerate(support):
                        full[i] = sgn * vec[k]
                    candidates.append(full)
    if not candidates:  # the exact rational simplex, on the same problem
        candidates.append(_exact_certificate(rows))
    for lam in candidates:
        if lam is not None and check_infeasible(rows, lam):
            return Infeasible(tuple(lam), tuple(constraints))
    return None


def _exact_certificate(rows) -> list | None:
    m = len(rows)
    n = len(rows[0][0]) if rows else 0
    c = sp.Matrix([-(b + (1 if op == ">" else 0)) for _a, b, op in rows]).T
    A = sp.Matrix([[-b for _a, b, _op in rows]])
    A_eq = sp.Matrix([[rows[i][0][j] for i in range(m)] for j in range(n)]) if n else None
    b_eq = sp.zeros(n, 1) if n else None
    bounds = {i: ((-1, 1) if op == "==" else (0, 1)) for i, (_a, _b, op) in enumerate(rows)}
    try:
        val, lam = exact_linprog(c, A, sp.Matrix([0]), A_eq, b_eq, bounds=bounds)
    except Exception:  # noqa: BLE001 - SymPy's simplex reports infeasible/unbounded by raising
        return None
    return [sp.Rational(x) for x in lam] if -val > 0 else None


def decide(constraints: list[Constraint], variables: list) -> Witness | Infeasible | None:
    """A checked witness, a checked infeasibility certificate, or None (not linear, or no
    candidate survived the exact check). Memoised: the same system gets the same answer."""
    return _decide_memo(tuple(constraints), tuple(variables))


@memoised
def _decide_memo(constraints: tuple, variables: tuple):
    return _decide(list(constraints), list(variables))


def _decide(constraints: list[Constraint], variables: list) -> Witness | Infeasible | None:
    rows = _rows(constraints, variables)
    if rows is None:
        return None
    if not variables:
        return (Witness({}) if check_witness(constraints, {})
                else _certificate(rows, constraints))
    w = _witness(rows, constraints, variables)
    if w is not None:
        return w
    return _certificate(rows, constraints)


def implies(hypotheses: list[Constraint], goal: Constraint, variables: list) -> bool:
    """Whether the hypotheses prove ``goal`` (affine Farkas): ``goal.expr = λ_0 + Σ λ_i h_i``
    exactly, with ``λ_0 ≥ 0``, ``λ_i ≥ 0`` for inequalities (free for equalities); for a
    strict goal ``λ_0 > 0`` or some strict hypothesis with ``λ_i > 0``; for ``==`` the goal
    and its negation both. Also true when the hypotheses are infeasible (checked)."""
    if goal.op == "==":
        return (implies(hypotheses, Constraint(goal.expr, ">="), variables)
                and implies(hypotheses, Constraint(-goal.expr, ">="), variables))
    # goal fails somewhere iff hypotheses + (−goal.expr > 0 or >= 0) is feasible
    negated = Constraint(-goal.expr, ">=" if goal.op == ">" else ">")
    d = decide(list(hypotheses) + [negated], variables)
    return isinstance(d, Infeasible)
