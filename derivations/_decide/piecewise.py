"""Case analysis: piecewise expressions split into regions where each piece is one formula.

``Max``, ``Min``, ``Abs``, ``Heaviside``, ``sign`` and ``Piecewise`` (the *atoms*) choose a
branch by the sign of an expression. :func:`regions` partitions the inputs into regions,
each described by sign hypotheses (:class:`derivations._decide.linear.Constraint`), such that in
each region every atom is one branch for *every* point of the region:

* an atom is replaced by the branch whose conditions the region's hypotheses *prove* —
  syntactically (the condition is a rational multiple of a hypothesis), by an exact linear
  certificate (:func:`derivations._decide.linear.implies`), by a checked certificate of
  :mod:`derivations._decide.certificates` for a non-linear condition (``σ(x) − 1/2 < 0`` from
  ``x < 0``: ``e^(−x) − e^0 > 0``), or, for closed numbers, by
  :func:`derivations._decide.exactness.exact_sign`;
* when no branch is proved, the region is split on the first undecided condition ``c``:
  ``c ≥ 0 | c < 0``, ``c > 0 | c ≤ 0`` or ``c > 0 | c = 0 | c < 0`` — a partition, so the
  regions cover every input exactly once;
* a region whose linear hypotheses are infeasible (an exact Motzkin certificate), or one of
  whose non-linear hypotheses is contradicted by the others (a checked certificate), is
  dropped: it has no point; a region with an equality ``c = 0`` linear in some variable with a
  rational coefficient has that variable eliminated.

Branches follow SymPy's definitions: ``Max`` takes the first maximal argument (the choice
does not matter at ties), ``Abs(p) = p`` for ``p ≥ 0``, ``Heaviside(p, h0)`` is ``h0`` at 0,
``Piecewise`` takes the first true condition. A claim proved in every region is proved;
a region the prover cannot decide makes the whole proof fail (never assumed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

from .atoms import (NORMAL, Unsupported, atom_in_condition, branches, condition,
                    has_piecewise, innermost, subst_condition, truth_under)
from .certificates import CONVEXITY_DEPTH, prove
from .exactness import exact_sign
from .linear import Constraint, Infeasible, affine, decide, implies
from .memo import memoised

__all__ = ["regions", "iter_regions", "Region", "TooManyRegions", "truth"]


#: Regions explored before the case analysis gives up (no proof, never a verdict).
MAX_REGIONS = 512


class TooManyRegions(Exception):
    """The case analysis needed more than :data:`MAX_REGIONS` regions."""


# -- deciding a condition under hypotheses -----------------------------------------------

def truth(cond: tuple, hyps: list[Constraint]) -> tuple[bool | None, tuple | None]:
    """(value, first undecided relation) of a condition (:func:`.atoms.condition`) where
    ``hyps`` hold: :func:`.atoms.truth_under` with the hypotheses' proofs below."""
    return truth_under(cond, hyps, _implied)



def _ratio(e: sp.Basic, h: sp.Basic):
    """The rational c with e = c·h identically (term by term after expansion), or None."""
    if h == 0 or e == 0:
        return None
    de, dh = sp.expand(e).as_coefficients_dict(), sp.expand(h).as_coefficients_dict()
    if set(de) != set(dh):
        return None
    c = None
    for k, v in dh.items():
        r = de[k] / v
        if not r.is_Rational or (c is not None and r != c):
            return None
        c = r
    return c


def _implied(goal: Constraint, hyps: list[Constraint]) -> bool:
    """Whether ``hyps`` prove ``goal`` (see the module docstring for the routes). Memoised:
    a pure function of the goal and the hypotheses (in their order)."""
    return _implied_memo(goal, tuple(hyps))


@memoised
def _implied_memo(goal: Constraint, hyps: tuple) -> bool:
    hyps = list(hyps)
    e = sp.expand(goal.expr)
    if not e.free_symbols:
        s = exact_sign(e)
        return s is not None and goal.holds(sp.Integer(s))
    # The declared domain: a symbol declared positive / nonzero carries it as an assumption.
    if {">": e.is_positive, ">=": e.is_nonnegative, "==": e.is_zero}[goal.op] is True:
        return True
    for h in hyps:
        c = _ratio(e, h.expr)
        if c is None:
            continue
        if h.op == "==":
            return goal.op in (">=", "==")  # e = c·0 = 0
        if c > 0 and (goal.op == ">=" or (goal.op == ">" and h.op == ">")):
            return True
    variables = sorted(e.free_symbols | set().union(*[h.expr.free_symbols for h in hyps]), key=str)
    if affine(e, variables) is not None:
        linear = [h for h in hyps if affine(h.expr, variables) is not None]
        if implies(linear, goal, variables):
            return True
    return _proved_sign(goal, hyps)


def _proved_sign(goal: Constraint, hyps: list[Constraint]) -> bool:
    """A non-linear goal ``e >= 0`` / ``e > 0`` by a checked certificate of
    :mod:`derivations._decide.certificates` (its cheap routes: no root finding; the goal has no
    piecewise atom, so no further cases)."""
    if goal.op == "==" or has_piecewise(goal.expr):
        return False
    if _product_sign(sp.expand(goal.expr), hyps) == 1:  # (-c)·(-r) with c declared positive, r < 0
        return True
    return prove(goal.expr, goal.op == ">", tuple(hyps), depth=CONVEXITY_DEPTH + 1) is not None


def _strict_sign(f: sp.Basic, hyps: list[Constraint]) -> int | None:
    """+1 / -1 when ``f`` is strictly positive / negative by its declared domain or by a
    hypothesis f' > 0 with f = c·f' (c rational); else None."""
    if f.is_positive:
        return 1
    if f.is_negative:
        return -1
    for h in hyps:
        if h.op == ">" and (c := _ratio(f, h.expr)) is not None:
            return 1 if c > 0 else -1
    return None


def _product_sign(e: sp.Basic, hyps: list[Constraint]) -> int | None:
    """The strict sign of a product whose every factor has a strict sign, else None."""
    if not isinstance(e, sp.Mul):
        return None
    sign = 1
    for f in e.args:
        s = _strict_sign(f, hyps)
        if s is None:
            return None
        sign *= s
    return sign


def _splits(rel: tuple) -> list[list[Constraint]]:
    """A partition of the inputs that decides ``rel``."""
    _kind, e, op = rel
    sgn, nop = NORMAL.get(op, (1, "=="))
    e = sgn * e
    if nop == ">=":
        return [[Constraint(e, ">=")], [Constraint(-e, ">")]]
    if nop == ">":
        return [[Constraint(e, ">")], [Constraint(-e, ">=")]]
    return [[Constraint(e, ">")], [Constraint(e, "==")], [Constraint(-e, ">")]]


# -- regions -------------------------------------------------------------------------------

@dataclass
class Region:
    """One cell of the partition: hypotheses, and the expressions with every atom resolved."""

    hyps: list = field(default_factory=list)
    exprs: list = field(default_factory=list)
    truths: list = field(default_factory=list)  # decided conditions (see ``regions``)
    substitution: dict = field(default_factory=dict)  # variables eliminated by equalities

    def describe(self) -> str:
        return " and ".join(f"{h.expr} {h.op} 0" for h in self.hyps) or "everywhere"


def _feasible(hyps: list[Constraint]) -> bool:
    """False only when the hypotheses are proved contradictory: the linear ones by an exact
    certificate, or a non-linear one whose negation the others prove. Memoised."""
    return _feasible_memo(tuple(hyps))


@memoised
def _feasible_memo(hyps: tuple) -> bool:
    hyps = list(hyps)
    for h in hyps:  # against the declared domain (a symbol declared nonzero, positive, ...)
        e = sp.sympify(h.expr)
        if {"==": e.is_zero is False, ">": e.is_nonpositive is True,
                ">=": e.is_negative is True}[h.op]:
            return False
    variables = sorted(set().union(*[h.expr.free_symbols for h in hyps]), key=str) if hyps else []
    linear = [h for h in hyps if affine(h.expr, variables) is not None]
    if linear:
        if not variables:
            if not all(h.holds(sp.Rational(h.expr)) for h in linear):
                return False
        elif isinstance(decide(linear, variables), Infeasible):
            return False
    for k, h in enumerate(hyps):
        if h in linear or h.op == "==":
            continue
        others = hyps[:k] + hyps[k + 1:]
        negation = Constraint(-h.expr, ">" if h.op == ">=" else ">=")
        if _proved_sign(negation, others):
            return False
    return True


def _equalities(hyps: list[Constraint]) -> list[Constraint]:
    """``c ≥ 0`` becomes ``c = 0`` when the other hypotheses prove ``c ≤ 0`` (e.g. a ≥ b, b ≥ a)."""
    out = list(hyps)
    for k, h in enumerate(out):
        if h.op != ">=":
            continue
        for g in out[:k] + out[k + 1:]:
            if g.op in (">=", "==") and (c := _ratio(g.expr, h.expr)) is not None and c < 0:
                out[k] = Constraint(h.expr, "==")
                break
    return out


def _eliminate(hyps, exprs, conds, sub):
    """Use equalities ``c = 0`` linear in a variable with a rational coefficient to eliminate it."""
    hyps = _equalities(hyps)
    for h in hyps:
        if h.op != "==":
            continue
        e = sp.expand(h.expr)
        for v in sorted(e.free_symbols, key=str):
            coeff = e.coeff(v)
            if coeff.is_Rational and coeff != 0 and not (e - coeff * v).has(v):
                value = sp.expand(-(e - coeff * v) / coeff)
                s = {v: value}
                new_hyps = [Constraint(sp.expand(g.expr.xreplace(s)), g.op) for g in hyps if g is not h]
                new_sub = {k: sp.expand(val.xreplace(s)) for k, val in sub.items()}
                new_sub[v] = value
                return _eliminate(new_hyps, [x.xreplace(s) for x in exprs],
                                  [subst_condition(c, s) for c in conds], new_sub)
    return hyps, exprs, conds, sub


def _domain_allows(sub: dict) -> bool:
    """False when an eliminated variable's value contradicts its declared domain (ζ declared
    nonzero, eliminated as ζ = 0; c declared positive, eliminated as c = -1)."""
    for v, val in sub.items():
        if val.free_symbols:
            continue
        if ((v.is_zero is False and val == 0) or (v.is_positive and not val > 0)
                or (v.is_nonnegative and not val >= 0) or (v.is_negative and not val < 0)):
            return False
    return True


def regions(exprs: list, conditions: list = (), hyps: list = ()) -> list[Region]:
    """The partition for ``exprs`` (atoms resolved) and ``conditions`` (decided), see the
    module docstring. Raises :class:`TooManyRegions` or :class:`Unsupported`."""
    return list(iter_regions(exprs, conditions, hyps))


def iter_regions(exprs: list, conditions: list = (), hyps: list = ()):
    """:func:`regions`, one region at a time (a search may stop at the first it needs)."""
    count = [0]

    def go(hyps, exprs, conds, sub):
        count[0] += 1
        if count[0] > MAX_REGIONS:
            raise TooManyRegions(f"more than {MAX_REGIONS} regions")
        if not _feasible(hyps):
            return
        hyps, exprs, conds, sub = _eliminate(hyps, exprs, conds, sub)
        if not _domain_allows(sub):
            return
        hyps = hyps + [Constraint(val, ">" if v.is_positive else ">=") for v, val in sub.items()
                       if val.free_symbols and (v.is_positive or v.is_nonnegative)]
        atom = innermost(exprs)
        if atom is None:
            for c in conds:
                atom = atom_in_condition(c)
                if atom is not None:
                    break
        if atom is not None:
            undecided = None
            for value, cond in branches(atom):
                v, u = truth(cond, hyps)
                if v is True:
                    s = {atom: value}
                    yield from go(hyps, [e.xreplace(s) if isinstance(e, sp.Basic) else e for e in exprs],
                                  [subst_condition(c, s) for c in conds], sub)
                    return
                undecided = undecided or u
            if undecided is None:
                raise Unsupported(f"no branch of {atom} applies and no condition to split on")
            for extra in _splits(undecided):
                yield from go(hyps + extra, exprs, conds, sub)
            return
        values = []
        for c in conds:
            v, u = truth(c, hyps)
            if v is None:
                for extra in _splits(u):
                    yield from go(hyps + extra, exprs, conds, sub)
                return
            values.append(v)
        yield Region(list(hyps), list(exprs), values, dict(sub))

    yield from go(list(hyps), [sp.sympify(e) for e in exprs],
                  [c if isinstance(c, tuple) else condition(c) for c in conditions], {})


