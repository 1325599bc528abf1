"""Deciding ``LagrangePoints``: the real stationary points of the Lagrangian are exactly the
printed ones, by two independent routes of :mod:`derivations._decide.stationary` (a real-root
count for components, elimination for exact random), each complete or undecided.
"""

from __future__ import annotations

import itertools

import sympy as sp

from ..exactness import exact_is_zero
from ..stationary import (NotDecided, count_real, exact_sign_algebraic, extremes, lagrange_problem,
                          solve_real)
from .base import Decider, Undecidable

__all__ = ["LagrangeDecider"]


class LagrangeDecider(Decider):
    """How :class:`~derivations._claims.claims.LagrangePoints` is decided."""

    def _instance(self, inst, values: dict):
        """The problem and the printed numbers at one instance; None when data stay free."""
        def at(e):
            v = inst(e)
            if isinstance(v, sp.MatrixBase):
                v = v[0, 0]
            return sp.sympify(v).xreplace(values) if values else sp.sympify(v)

        f = at(self.claim.objective)
        cs = [(at(c.lhs), at(c.rhs)) for c in self.claim.constraints]
        pts = tuple(tuple(at(v) for v in p) for p in self.claim.points)
        mults = None if self.claim.multipliers is None else tuple(tuple(at(v) for v in m) for m in self.claim.multipliers)
        mx = None if self.claim.maximum is None else tuple(at(v) for v in self.claim.maximum)
        mn = None if self.claim.minimum is None else tuple(at(v) for v in self.claim.minimum)
        bound = set(self.claim.variables)
        data = set().union(f.free_symbols, *[g.free_symbols | c.free_symbols for g, c in cs]) - bound
        printed = [v for p in pts + (mults or ()) + tuple(x for x in (mx, mn) if x) for v in p]
        data |= set().union(set(), *[v.free_symbols for v in printed])
        if data:
            return None
        return lagrange_problem(f, cs, self.claim.variables), pts, mults, mx, mn

    def _decided(self, route, inst, values, *, note: bool = False):
        """A route's answer (None: as printed; str: how it fails), cached per exact system;
        with ``note``, the route's account of why its answer is complete."""
        got = self._instance(inst, values)
        if got is None:
            raise Undecidable("free data: the system is solved only at concrete data")
        key = (route.__name__, sp.srepr((got[0].objective, got[0].constraints, got[0].variables)),
               sp.srepr(got[1:]))
        if key not in _LAGRANGE:
            if len(_LAGRANGE) > 256:
                _LAGRANGE.clear()
            try:
                _LAGRANGE[key] = ("ok", route(*got))
            except NotDecided as exc:
                _LAGRANGE[key] = ("undecided", str(exc))
        status, out = _LAGRANGE[key]
        if status == "undecided":
            raise Undecidable(out)
        return out[1] if note else out[0]

    def route_note(self, space, route: str) -> str:
        """What a route (``"count"``: components, ``"elimination"``: exact random) established
        at the claim's concrete data, for the method's detail; empty when not decided."""
        fn = _by_count if route == "count" else _by_elimination
        try:
            inst = space.components(space.size_assignments()[0])[0]
            return self._decided(fn, inst, {}, note=True)
        except (Undecidable, IndexError):
            return ""

    def identity(self, inst):
        try:
            why = self._decided(_by_count, inst, {})
        except Undecidable:
            return None
        return [sp.Integer(0)] if why is None else [sp.Integer(1)]

    def violation(self, inst, values):
        return self._decided(_by_elimination, inst, values)


#: Decisions of instantiated Lagrange problems, keyed by route and exact SymPy form.
_LAGRANGE: dict = {}


def _same(a: tuple, b: tuple) -> bool:
    for u, v in zip(a, b):
        z = exact_is_zero(sp.sympify(u) - sp.sympify(v))
        if z is None:
            raise NotDecided(f"could not decide whether {u} = {v}")
        if not z:
            return False
    return True


def _index(p: tuple, pool) -> int | None:
    for k, q in enumerate(pool):
        if _same(p, q):
            return k
    return None


def _fmt_point(xs, p) -> str:
    return "(" + ", ".join(f"{x} = {v}" for x, v in zip(xs, p)) + ")"


def _extremes_failures(prob, ext, mx, mn) -> str | None:
    xs = prob.variables
    f = prob.objective
    for name, pt, best in (("maximiser", mx, ext.maximisers), ("minimiser", mn, ext.minimisers)):
        if pt is None:
            continue
        if best is None:
            return f"the printed {name} {_fmt_point(xs, pt)} is not one: {ext.reason}"
        if _index(pt, best) is None:
            q = best[0]
            return (f"the printed {name} {_fmt_point(xs, pt)} gives f = {f.xreplace(dict(zip(xs, pt)))}, "
                    f"but f = {f.xreplace(dict(zip(xs, q)))} at {_fmt_point(xs, q)} ({ext.reason})")
    return None


def _by_elimination(prob, pts, mults, mx, mn) -> tuple[str | None, str]:
    """Route 1: every real solution, enumerated exactly, against the printed ones."""
    sol = solve_real(prob.equations(), prob.unknowns)
    why = f"elimination: {sol.reason}"
    n = len(prob.variables)
    xs_pts = []
    for s in sol.points:
        if _index(s[:n], xs_pts) is None:
            xs_pts.append(s[:n])
    for k, p in enumerate(pts):
        full = p + mults[k] if mults is not None else None
        if full is not None:
            if _index(full, sol.points) is None:
                return (f"the printed point with its multipliers {_fmt_point(prob.unknowns, full)} "
                        f"is not a solution of the Lagrange system ({sol.reason})"), why
        elif _index(p, xs_pts) is None:
            return (f"the printed point {_fmt_point(prob.variables, p)} is not a Lagrange point "
                    f"({sol.reason})"), why
    for s in sol.points:
        if _index(s[:n], pts) is None:
            return (f"the Lagrange point {_fmt_point(prob.unknowns, s)} is not printed ({sol.reason})"), why
    if mx is None and mn is None:
        return None, why
    sing = solve_real(prob.singular_equations(), prob.variables)
    ext = extremes(prob, xs_pts, sing.points)
    return _extremes_failures(prob, ext, mx, mn), (
        f"{why}; the constraint gradients are dependent at {len(sing.points)} points of the "
        f"constraint set, candidates too (elimination on its singular system: {sing.reason}); "
        f"max/min: {ext.reason}")


def _multipliers_at(prob, p) -> tuple:
    """The λ's at a printed x (Cramer's rule on m columns with a nonzero minor), exactly."""
    at = dict(zip(prob.variables, p))
    J = prob.jacobian().xreplace(at)
    grad = sp.Matrix([sp.diff(prob.objective, x) for x in prob.variables]).xreplace(at)
    m, n = J.shape
    if m == 0:
        return ()
    for cols in itertools.combinations(range(n), m):
        A = J.extract(list(range(m)), list(cols)).T
        if exact_sign_algebraic(A.det()) != 0:
            b = grad.extract(list(cols), [0])
            det = A.det()
            out = []
            for i in range(m):
                Ai = A.copy()
                Ai[:, i] = b
                out.append(Ai.det() / det)
            return tuple(out)
    raise NotDecided(f"the constraint gradients are dependent at {p}")


def _by_count(prob, pts, mults, mx, mn) -> tuple[str | None, str]:
    """Route 2: the printed points solve the system and are as many as its real solutions."""
    sing = count_real(prob.singular_equations(), prob.variables)
    if sing.real:
        raise NotDecided(f"the constraint gradients are dependent at {sing.real} points of the "
                         "constraint set: the count does not see their λ")
    eqs = prob.equations()
    distinct = []
    for k, p in enumerate(pts):
        lam = mults[k] if mults is not None else _multipliers_at(prob, p)
        at = dict(zip(prob.unknowns, p + tuple(lam)))
        for e in eqs:
            if not _same((e.xreplace(at),), (0,)):
                return (f"the printed point {_fmt_point(prob.unknowns, p + tuple(lam))} gives {e} = "
                        f"{e.xreplace(at)}, not 0"), ""
        if _index(p, distinct) is None:
            distinct.append(p)
    total = count_real(eqs, prob.unknowns)
    why = (f"Hermite count: {total.reason}; the {len(distinct)} printed points solve the system "
           f"exactly; the constraint gradients are independent on the constraint set ({sing.reason} "
           "for its singular system)")
    if total.real != len(distinct):
        return (f"the Lagrange system has {total.real} real solutions ({total.reason}); "
                f"{len(distinct)} are printed"), why
    if mx is None and mn is None:
        return None, why
    ext = extremes(prob, distinct, ())
    return _extremes_failures(prob, ext, mx, mn), f"{why}; max/min: {ext.reason}"
