"""Claims: what a catalog entry asserts, in a form every method can check.

=====================  ========================================================================
claim                  meaning
=====================  ========================================================================
``Equal(a, b)``        ``a == b`` (scalars or matrices)
``Rel(a, op, b, C)``   ``a op b`` with op in ``<= >= < >``; proved by a *certificate* ``C``:
                       the gap (``b - a`` for ``<=``) equals ``C`` identically and ``C`` is
                       manifestly nonnegative (positive for strict ops); without ``C``, by a
                       certificate :mod:`derivations._decide.inequality` finds and checks (cases,
                       Farkas multipliers, manifest signs, log monotonicity, convexity)
``SameSign(a, b, c)``  ``sign(a) == sign(b)``, proved by ``a == c*b`` with ``c`` manifestly > 0
``IsPSD(M, B)``        ``M`` is positive semidefinite, proved by ``M == B^T B``
``EigenPair(A, v, l)`` ``A v == l v``
``Stationary(f,v,p)``  ``∂f/∂v`` vanishes at ``v = p``
``SphereMax(f,v,p,C)`` ``p`` maximises ``f`` over the unit sphere: ``f(p) - f(u/||u||) >= 0``
``Iff(p, q)``          two conditions (relations, And/Or/Not) are equivalent: proved by a case
                       analysis (:mod:`derivations._decide.piecewise`) deciding both in every region
``Exists(v, cs)``      some value of the bound variables ``v`` satisfies every relation in
                       ``cs``: proved by a rational witness checked exactly, refuted by an exact
                       infeasibility certificate (:mod:`derivations._decide.linear`); floats only find
                       candidates
``LagrangePoints(f,    the real stationary points of f − Σλ_i(g_i − c_i) on g_i = c_i are exactly
cs, xs, points)``      ``points`` (with the printed multipliers, max and min when given): decided by
                       :mod:`derivations._decide.stationary` (elimination with certified
                       eliminants; Hermite's real-root count), each complete or undecided
``Behaviour(run, n)``  an algorithm's behaviour, checked by running ``numerics`` on ``n`` data sets
=====================  ========================================================================

A claim is plain data: what is claimed, its symbols, its conditions, with
``sides()`` / ``replace_side(i, expr)`` (the expressions a mutation may alter) and what the
data itself defines (a relation's ``gap()``, its ``flipped()`` form). How a kind is decided —
what the methods ask of it — lives with the deciders, one module per kind, found by the
claim's type (:func:`derivations._decide.kinds.decider`); how it is printed, with the
interfaces (:mod:`derivations._interfaces.claim_latex`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

import sympy as sp

from .._symbols.expr import Norm

__all__ = [
    "Claim", "Equal", "Rel", "SameSign", "IsPSD", "EigenPair", "Stationary", "SphereMax",
    "Iff", "Exists", "LagrangePoints", "Behaviour", "RunResult",
]

_OPS = {"<=": sp.LessThan, ">=": sp.GreaterThan, "<": sp.StrictLessThan, ">": sp.StrictGreaterThan}
_FLIP = {"<=": ">=", ">=": "<=", "<": ">", ">": "<"}


class Claim:
    """Base class: the data every claim has (see the module docstring)."""

    relation = "="

    def __post_init__(self):
        for f in ("lhs", "rhs", "a", "b", "factor", "m", "f", "point", "certificate"):
            v = getattr(self, f, None)
            if v is not None and not isinstance(v, sp.Basic):
                object.__setattr__(self, f, sp.sympify(v))

    def sides(self) -> list[sp.Basic]:
        raise NotImplementedError

    def replace_side(self, i: int, expr: sp.Basic) -> "Claim":
        raise NotImplementedError


@dataclass(frozen=True)
class Equal(Claim):
    lhs: sp.Basic
    rhs: sp.Basic

    def sides(self):
        return [self.lhs, self.rhs]

    def replace_side(self, i, expr):
        return replace(self, lhs=expr) if i == 0 else replace(self, rhs=expr)


@dataclass(frozen=True)
class Rel(Claim):
    lhs: sp.Basic
    op: str
    rhs: sp.Basic
    certificate: sp.Basic | None = None

    def __post_init__(self):
        super().__post_init__()
        if self.op not in _OPS:
            raise ValueError(f"op must be one of {sorted(_OPS)}, got {self.op!r}")

    @property
    def relation(self):
        return self.op

    def sides(self):
        return [self.lhs, self.rhs]

    def replace_side(self, i, expr):
        side = {"lhs": expr} if i == 0 else {"rhs": expr}
        return replace(self, certificate=None, **side)

    def flipped(self) -> "Rel":
        return replace(self, op=_FLIP[self.op], certificate=None)

    def gap(self):
        """The quantity that must be >= 0 (or > 0)."""
        return self.rhs - self.lhs if self.op in ("<=", "<") else self.lhs - self.rhs


@dataclass(frozen=True)
class SameSign(Claim):
    a: sp.Basic
    b: sp.Basic
    factor: sp.Basic

    relation = "same sign"

    def sides(self):
        return [self.a, self.b]

    def replace_side(self, i, expr):
        return replace(self, a=expr) if i == 0 else replace(self, b=expr)


@dataclass(frozen=True)
class IsPSD(Claim):
    m: sp.Basic
    factor: sp.Basic | None = None

    relation = "is PSD"

    def sides(self):
        return [self.m]

    def replace_side(self, i, expr):
        return replace(self, m=expr, factor=None)


@dataclass(frozen=True)
class EigenPair(Equal):
    """``A v == lam v``; stored as an :class:`Equal` so every method treats it uniformly."""

    relation = "eigen-pair"

    @staticmethod
    def of(a, v, lam) -> "EigenPair":
        return EigenPair(a * v, lam * v)


@dataclass(frozen=True)
class Stationary(Claim):
    f: sp.Basic
    var: sp.MatrixSymbol
    point: sp.Basic

    relation = "stationary"

    def sides(self):
        return [self.point]

    def replace_side(self, i, expr):
        return replace(self, point=expr)


@dataclass(frozen=True)
class SphereMax(Claim):
    """``point`` (a unit vector) maximises ``f`` over ``||var|| = 1``.

    ``var`` is read as a free nonzero direction ``u``; the claim is
    ``f(point) - f(u/||u||) >= 0``, proved by a certificate equal to that gap.
    """

    f: sp.Basic
    var: sp.MatrixSymbol
    point: sp.Basic
    certificate: sp.Basic | None = None

    relation = "maximiser on the sphere"

    def __post_init__(self):
        super().__post_init__()
        if self.point.has(self.var):
            raise ValueError(f"SphereMax: the claimed maximiser {self.point} depends on the "
                             f"variable {self.var}; state a point that does not")

    def sides(self):
        return [self.point]

    def replace_side(self, i, expr):
        return replace(self, point=expr, certificate=None)

    def gap(self):
        return self.f.xreplace({self.var: self.point}) - self.f.xreplace({self.var: self.var / Norm(self.var)})


@dataclass(frozen=True)
class Iff(Claim):
    """``p`` holds exactly when ``q`` holds (``p``, ``q`` relations, possibly And/Or/Not)."""

    p: sp.Basic
    q: sp.Basic

    relation = "iff"

    def sides(self):
        return [self.p, self.q]

    def replace_side(self, i, expr):
        return replace(self, p=expr) if i == 0 else replace(self, q=expr)


@dataclass(frozen=True)
class Exists(Claim):
    """Some value of ``variables`` (bound: not declared in the space) satisfies every relation
    of ``constraints``.

    Decided per instance by :func:`derivations._decide.linear.decide` on the instantiated system
    (after a case split when it has Max/Abs/...): a rational witness checked exactly proves
    it; Motzkin multipliers checked exactly (in every case) refute it; for non-linear systems
    a numerical candidate rounded to rationals and checked exactly can prove it, nothing
    refutes it. Data declared in the space are instantiated first; a proof needs them
    concrete (a witness for each value of free data is not searched for).
    """

    variables: tuple
    constraints: tuple

    relation = "exists"

    def __post_init__(self):
        object.__setattr__(self, "variables", tuple(self.variables))
        object.__setattr__(self, "constraints", tuple(sp.sympify(c) for c in self.constraints))

    def sides(self):
        return list(self.constraints)

    def replace_side(self, i, expr):
        cs = list(self.constraints)
        cs[i] = expr
        return replace(self, constraints=tuple(cs))


@dataclass(frozen=True)
class LagrangePoints(Claim):
    """The real solutions of ∇f = Σλ_i∇g_i, g_i = c_i (the stationary points of the Lagrangian
    L = f − Σλ_i(g_i − c_i)) are exactly the printed ``points``; with ``multipliers`` (one
    tuple of λ's per point) the printed λ's are those of each point; ``maximum`` /
    ``minimum`` (printed points) are global maximisers / minimisers of f on the constraint set.

    ``variables`` are bound real symbols (not declared in the space); ``constraints`` are
    ``Eq(g, c)`` (or ``g``, meaning g = 0). Data declared in the space are instantiated first;
    a proof needs them concrete. Decided per instance by :mod:`derivations._decide.stationary`,
    two independent routes, each complete or undecided (never a guess):

    * ``identity`` (components): Hermite's count of the distinct real solutions on a checked
      Gröbner basis; the printed points solve the system exactly (λ from Cramer's rule where
      not printed), are distinct, and are as many as the real solutions, with the constraint
      gradients independent on the whole constraint set (its singular system has no real
      solution, by the same count) so that each x has one λ;
    * ``violation`` (exact random): elimination with cofactor-certified eliminants and exact
      enumeration of every real solution; a printed point that is not a solution, or a
      solution not printed, is named as the counterexample.

    The max/min by :func:`derivations._decide.stationary.extremes` (a compact constraint set:
    exact comparison over every candidate; else a quadratic on an affine set: the reduced
    Hessian), from each route's own solution set.
    """

    objective: sp.Basic
    constraints: tuple
    variables: tuple
    points: tuple
    multipliers: tuple | None = None
    maximum: tuple | None = None
    minimum: tuple | None = None

    relation = "Lagrange points"

    def __post_init__(self):
        object.__setattr__(self, "objective", sp.sympify(self.objective))
        cs = []
        for c in self.constraints:
            if isinstance(c, sp.logic.boolalg.BooleanAtom):
                raise ValueError(f"a constraint evaluated to {c} while built: give Eq(g, c, "
                                 "evaluate=False) or the pair (g, c)")
            if isinstance(c, tuple):
                c = sp.Eq(sp.sympify(c[0]), sp.sympify(c[1]), evaluate=False)
            cs.append(c if isinstance(c, sp.Equality) else sp.Eq(sp.sympify(c), 0, evaluate=False))
        cs = tuple(cs)
        object.__setattr__(self, "constraints", cs)
        object.__setattr__(self, "variables", tuple(self.variables))
        tup = lambda p: tuple(sp.sympify(v) for v in p)  # noqa: E731
        object.__setattr__(self, "points", tuple(tup(p) for p in self.points))
        if self.multipliers is not None:
            object.__setattr__(self, "multipliers", tuple(tup(m) for m in self.multipliers))
            if len(self.multipliers) != len(self.points):
                raise ValueError("one tuple of multipliers per printed point")
        for name in ("maximum", "minimum"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, tup(getattr(self, name)))
        n = len(self.variables)
        if any(len(p) != n for p in self.points + tuple(x for x in (self.maximum, self.minimum) if x)):
            raise ValueError(f"every printed point needs {n} coordinates")

    # the sides a mutation may alter: f, each g, then every printed number, flat
    def _layout(self) -> list:
        out = [("objective", None, None)]
        out += [("g", i, None) for i in range(len(self.constraints))]
        for i, p in enumerate(self.points):
            out += [("points", i, j) for j in range(len(p))]
        for i, m in enumerate(self.multipliers or ()):
            out += [("multipliers", i, j) for j in range(len(m))]
        for name in ("maximum", "minimum"):
            out += [(name, None, j) for j in range(len(getattr(self, name) or ()))]
        return out

    def sides(self):
        out = []
        for kind, i, j in self._layout():
            if kind == "objective":
                out.append(self.objective)
            elif kind == "g":
                out.append(self.constraints[i].lhs)
            elif kind in ("points", "multipliers"):
                out.append(getattr(self, kind)[i][j])
            else:
                out.append(getattr(self, kind)[j])
        return out

    def replace_side(self, i, expr):
        kind, a, b = self._layout()[i]
        if kind == "objective":
            return replace(self, objective=expr)
        if kind == "g":
            cs = list(self.constraints)
            cs[a] = sp.Eq(expr, cs[a].rhs, evaluate=False)
            return replace(self, constraints=tuple(cs))
        if kind in ("points", "multipliers"):
            rows = [list(r) for r in getattr(self, kind)]
            rows[a][b] = expr
            return replace(self, **{kind: tuple(tuple(r) for r in rows)})
        pt = list(getattr(self, kind))
        pt[b] = expr
        return replace(self, **{kind: tuple(pt)})


@dataclass(frozen=True)
class RunResult:
    """What one run of an algorithm showed: did the claimed behaviour hold, and the details."""

    holds: bool
    detail: str
    exact: bool = False  # True when the run's failure was decided in exact arithmetic


@dataclass(frozen=True)
class Behaviour(Claim):
    """An algorithm claim checked by running it: ``run(seed)`` returns a :class:`RunResult`."""

    run: Callable[[int], RunResult]
    description: str
    seeds: tuple[int, ...] = field(default=tuple(range(20)))

    relation = "behaviour"

    def sides(self):
        return []

