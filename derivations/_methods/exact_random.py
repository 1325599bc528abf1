"""Method 3 — exact random: the claim at random exact rationals that satisfy its types.

Values come from :meth:`derivations._symbols.space.Space.random_instance` (SPD as L Lᵀ + c I, unit
vectors by stereographic projection, one-hot rows, ±1 labels), built by construction. All
arithmetic is exact; values with exp/log/sqrt are decided by :mod:`derivations._decide.exactness`
(proved zero, or an arb ball that excludes 0 — never "close enough"). A violation is a
certain refutation, and the point is the counterexample.

The sizes (:func:`size_plan`) are chosen so that a claim true only at small sizes is caught:

1. ``readable`` points at every components size (small numbers: counterexamples a person can
   check by hand), then at growing sizes, one dimension at a time, up to the *top* size —
   the size the invariant-theory argument (:mod:`derivations._methods.sizes`) says decides the claim,
   at least :data:`MIN_TOP`; :data:`OUTSIDE_TOP` where no such argument applies. A requirement
   above :data:`CAP` is sampled to the cap, never below it, and the outcome's ``needs`` says
   so ("needs d ≥ 22; sampled to 20"): the verdict is then undecided, never "verified";
2. ``edge`` points (rank-deficient PSD, ill-conditioned SPD, magnitudes 10^±6, unbalanced
   labels) — to find counterexamples, never counted as evidence for the bound;
3. ``uniform`` points at the top sizes, every continuous parameter uniform over 2^41 + 1
   rationals: the points the Schwartz–Zippel bound is stated for
   (:func:`derivations._methods.degree.claim_bound`), over the sets actually drawn from —
   an integer scalar's [−5, 6] counts as 12 values, and labels drawn at random leave no
   bound; a bound of 10⁻³ or more is not stated (the detail says why).

A draw that makes a defined quantity singular (an inverse of a singular matrix, a zero
denominator), or where a defined symbol's value does not meet its declaration
(:mod:`derivations._decide.conditions`), is redrawn up to :data:`REDRAWS` times, then skipped
and counted — never an error, never evidence, never a counterexample.
"""

from __future__ import annotations

import sympy as sp
from sympy.matrices.exceptions import NonInvertibleMatrixError

from .._exact.at_instance import rational
from .._claims.claims import Stationary
from .._decide.kinds import Undecidable, decider
from .._decide.conditions import unmet
from .degree import claim_bound, involved
from .._symbols.expr import Grad
from .sizes import claim_requirement, sizes_capped
from .._exact.numbers import is_matrix
from .outcome import DIFFERENT, EQUAL, INCONCLUSIVE, Outcome
from .witness import describe_point

__all__ = ["run", "size_plan", "needs_beyond_cap", "differentiated", "NAME"]

NAME = "exact random"

#: Points per components size: readable, then edge.
READABLE_POINTS = 2
EDGE_POINTS = 1
#: Uniform points at each top size assignment (the Schwartz–Zippel evidence).
BOUND_POINTS = 3
#: Every growing dimension is sampled at least up to this size.
MIN_TOP = 4
#: Top size for claims outside the size-argument fragment.
OUTSIDE_TOP = 5
#: No dimension of a claim in the size argument's fragment is sampled above this size. Such a
#: claim has no inverse or determinant of a d×d matrix: a point at d = 20 is a few products of
#: 20×20 rational matrices (the catalog's largest requirements, d ≥ 15 and d ≥ 17 for two Fisher
#: claims, take 0.6 s each to sample in full). A requirement above it is sampled to it and said.
CAP = 20
#: Labellings (joint values of the discrete declarations a claim depends on) at a top size
#: that the uniform points run through one by one; more are drawn at random (no bound).
TOP_ENUMERATION = 4
#: Redraws of a singular or undecidable point before it is skipped.
REDRAWS = 3
#: Draws of a point outside a defined symbol's declaration (:mod:`derivations._decide.conditions`)
#: before it is skipped: the claim's domain may be a small part of the drawing set (α₃ := 1 − α₁ − α₂
#: declared positive; S_W := S_1 + S_2 declared spd), and such a draw costs one evaluation of
#: the definitions, not of the claim.
CONDITION_DRAWS = 24

_SINGULAR = (NonInvertibleMatrixError, ZeroDivisionError)


def _fmt(sizes: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sizes.items()) or "fixed sizes"


def differentiated(claim, space) -> set[str]:
    """Names of the declarations a claim differentiates: they stay entry symbols until the
    derivative is taken; everything else is substituted first."""
    names = set()
    sides = list(claim.sides()) + ([claim.f] if isinstance(claim, Stationary) else [])
    for side in sides:
        if isinstance(side, sp.Basic):
            for g in side.atoms(Grad) if side.has(Grad) else ():
                names |= {d.name for d in space.decls.values() if g.args[1].has(d.symbol)}
    if isinstance(claim, Stationary):
        names |= {d.name for d in space.decls.values() if claim.var.has(d.symbol)}
    return names


def size_plan(claim, space) -> tuple[list[dict], list[dict], str]:
    """(growth sizes, top sizes, why): the sizes beyond the components sizes to sample."""
    small = space.size_assignments()
    if not space.dims:
        return [], small[-1:], "no symbolic size"
    largest = {sym: max(sz) for sym, sz in space.dims.values()}
    growing = [sym for sym, _ in space.dims.values() if sym not in space.fixed_dims]
    req = claim_requirement(claim, space)
    if req is not None:
        grid, needs = sizes_capped(req, space, CAP)
        top = {d: max(max(int(a[d]) for a in grid), MIN_TOP) if d in growing else largest[d]
               for d in largest}
        tops = [{d: (sp.Integer(max(int(a[d]), MIN_TOP)) if d in growing else a[d]) for d in a}
                for a in grid]
        why = (f"size argument: {req.describe()}" if not needs
               else f"size argument {req.describe()}: {_needs_text(needs, CAP)}")
    else:
        top = {d: (max(OUTSIDE_TOP, largest[d]) if d in growing else largest[d]) for d in largest}
        tops = [{d: sp.Integer(v) for d, v in top.items()}]
        why = "outside the size-argument fragment"
    growth = []
    for d in growing:
        for s in range(largest[d] + 1, top[d] + 1):
            a = {e: sp.Integer(largest[e]) for e in largest}
            a[d] = sp.Integer(s)
            growth.append(a)
    tall = _tall_constraints(claim, space)
    growth = [r for r in (_repair(a, space, tall) for a in growth) if r is not None]
    tops = [r for r in (_repair(a, space, tall) for a in tops) if r is not None]
    seen = {tuple(sorted((str(k), int(v)) for k, v in a.items())) for a in small}
    tops_unique = []
    for a in tops:
        key = tuple(sorted((str(k), int(v)) for k, v in a.items()))
        if key not in {tuple(sorted((str(k), int(v)) for k, v in b.items())) for b in tops_unique}:
            tops_unique.append(a)
    growth = [a for a in growth if tuple(sorted((str(k), int(v)) for k, v in a.items())) not in seen]
    growth.sort(key=lambda a: sum(int(v) for v in a.values()))
    return growth, tops_unique, why


def needs_beyond_cap(claim, space) -> dict:
    """Per dimension, the largest size the size argument needs where that is above
    :data:`CAP` (empty when the claim's requirement is within the cap or it has none)."""
    req = claim_requirement(claim, space) if space.dims else None
    return sizes_capped(req, space, CAP)[1] if req is not None else {}


def _needs_text(needs: dict, cap: int) -> str:
    """"needs d ≥ 22; sampled to 20" — the scope of a claim whose size argument exceeds the cap."""
    need = ", ".join(f"{d} ≥ {v}" for d, v in needs.items())
    return f"needs {need}; sampled to {cap}"


def _tall_constraints(claim, space) -> list[tuple[sp.Expr, sp.Expr]]:
    """(rows, cols) pairs that must satisfy rows ≥ cols for the claim to be defined: every
    full-column-rank declaration, and every A whose Gram matrix AᵀA is inverted (or AAᵀ,
    with the roles swapped) in the claim or a definition."""
    pairs = [(sp.sympify(d.rows), sp.sympify(d.cols)) for d in space.decls.values()
             if d.structure == "full_column_rank"]
    exprs = [s for s in claim.sides() if isinstance(s, sp.Basic)]
    exprs += [v for _, v, _ in space.definitions if isinstance(v, sp.Basic)]
    for e in exprs:
        for inv in e.atoms(sp.Inverse):
            arg = inv.arg
            if isinstance(arg, sp.MatMul) and len(arg.args) == 2:
                a, b = arg.args
                if a == b.T:  # (also a transposed block matrix, which SymPy evaluates)
                    pairs.append((b.shape[0], b.shape[1]))
                elif b == a.T:
                    pairs.append((a.shape[1], a.shape[0]))
    return pairs


def _repair(sizes: dict, space, tall: list) -> dict | None:
    """Sizes at which every declaration can exist: a full-column-rank matrix (or one whose
    Gram matrix is inverted) needs at least as many rows as columns, so its row dimension
    grows with its columns (N ≥ d + 1), or the assignment is dropped when that dimension is
    fixed."""
    sizes = dict(sizes)
    for _ in range(len(tall) + 1):
        changed = False
        for rows, cols in tall:
            r, c = int(rows.xreplace(sizes)), int(cols.xreplace(sizes))
            if r >= c:
                continue
            if rows in sizes and rows not in space.fixed_dims:
                sizes[rows] = sp.Integer(c)
                changed = True
            else:
                return None
        if not changed:
            return sizes
    return sizes


def _denominators(claim, space) -> list:
    """Every scalar that the claim or a definition divides by, as written (before
    instantiation): SymPy cancels a common factor of an instantiated numerator and denominator
    (u₀/((a−b)u₀) is 1/(a−b)), so a point where such a factor is 0 — where the formula as
    written is undefined — would otherwise be evaluated as if it were defined."""
    exprs = [e for e in claim.sides() if isinstance(e, sp.Basic)]
    exprs += [value for _, value, *_ in getattr(space, "definitions", [])]
    found = []
    for e in exprs:
        for p in e.atoms(sp.Pow):
            if p.exp.is_negative and not p.base.is_number and p.base not in found:
                found.append(p.base)
    return found


def _check_defined(denominators, inst, values) -> None:
    """Raise ZeroDivisionError (a singular draw) where a denominator as written is 0."""
    from .._decide.exactness import exact_sign

    for den in denominators:
        try:
            v = inst(den)
        except Exception:  # noqa: BLE001 - a denominator the instance cannot build alone
            continue
        if isinstance(v, sp.MatrixBase):
            if v.shape != (1, 1):
                continue
            v = v[0, 0]
        v = sp.sympify(v).xreplace(values)
        if v.is_number and exact_sign(v) == 0:
            raise ZeroDivisionError(f"a denominator as written, {den}, is 0 at this point")


def _holds_over_q(claim, inst, denominators) -> bool | None:
    """Whether the claim holds at this point, decided over ℚ in flint (:meth:`~derivations._decide.kinds.base.Decider.holds_over_q`):
    True when the claim holds exactly (lhs − rhs is 0, a gap has its sign) and every
    denominator as written is nonzero; False when it exactly does not; None when only SymPy
    can decide (an exp, an irrational root, a singular inverse, a zero denominator, a claim
    without a rational route). A point it does not call True goes through SymPy as before,
    which also words the refutation."""
    holds = decider(claim).holds_over_q(inst)
    if holds is not True:
        return holds
    known = set(inst.mapping) | {sym for sym, *_ in inst.definitions}
    # A denominator inside a sum (its index free here) has no value alone: _check_defined
    # skips it too (its instantiation is not a number).
    denominators = [d for d in denominators if d.free_symbols <= known]
    dens = rational(inst, denominators) if denominators else []
    if dens is None:
        return None
    for v in dens:
        if is_matrix(v):
            if (v.nrows(), v.ncols()) != (1, 1):
                continue  # as _check_defined: only a scalar denominator is checked
            v = v[0, 0]
        try:
            if v == 0:
                return None  # _check_defined raises: a singular draw
        except TypeError:  # undecided here (a sum of logarithms): SymPy's route checks it
            return None
    return True


def _one_point(claim, space, sizes, rng, mode, keep, denominators=(), fixed=None):
    """('ok' | 'fails' | 'skip', inst, values, why) after up to REDRAWS draws (CONDITION_DRAWS
    for draws outside a defined symbol's declaration); ``fixed``:
    values of discrete declarations to use instead of drawing them."""
    reason = ""
    tries = misses = 0
    while tries < REDRAWS and misses < CONDITION_DRAWS:
        tries += 1  # every pass counts one try or one miss: the loop ends
        try:
            inst, values = space.random_instance(sizes, rng, mode, keep, fixed)
            outside = unmet(space, inst, values)  # a defined symbol's declaration: a condition
            if outside:
                tries, misses = tries - 1, misses + 1
                reason = f"outside the declarations: {outside}"
                continue
            over_q = _holds_over_q(claim, inst, denominators)
            if over_q is True:
                return "ok", inst, values, None
            _check_defined(denominators, inst, values)
            why = decider(claim).violation(inst, values)
            if over_q is False and not why:
                raise RuntimeError(f"two exact evaluations disagree at this point: flint's "
                                   f"rational arithmetic finds the claim false, SymPy's true "
                                   f"({claim!r})")
        except Undecidable as exc:
            reason = f"undecidable: {exc}"
            continue
        except _SINGULAR as exc:
            reason = f"singular draw: {type(exc).__name__}"
            continue
        return ("fails" if why else "ok"), inst, values, why
    return "skip", None, None, reason


def run(claim, space, rng, points_per_size: int | None = None, *, bound_points: int | None = None,
        edge: bool = True) -> Outcome:
    keep = differentiated(claim, space)
    growth, tops, why_top = size_plan(claim, space)
    readable = READABLE_POINTS if points_per_size is None else points_per_size
    nbound = BOUND_POINTS if bound_points is None else bound_points
    schedule = [(a, "readable", readable) for a in space.size_assignments()]
    schedule += [(a, "readable", 1) for a in growth]
    if edge:
        schedule += [(a, "edge", EDGE_POINTS) for a in space.size_assignments()]
    discrete = ([d.name for d in involved(claim, space) if d.discrete]
                if any(d.discrete for d in space.decls.values()) else [])
    for a in tops:  # labels at the top size: enumerated when few, else drawn (and no bound)
        combos = (space.discrete_combinations(a, discrete, TOP_ENUMERATION) if discrete
                  else None) or [None]
        schedule += [(a, "uniform", nbound, c) for c in combos]
    schedule = [(*e, None) if len(e) == 3 else e for e in schedule]

    denominators = _denominators(claim, space)
    checked = skipped = 0
    sampled: list[dict] = []
    uniform_passed: dict = {}
    skip_reasons: list[str] = []
    for k, (sizes, mode, n, fixed) in enumerate(schedule):
        for _ in range(n):
            status, inst, values, why = _one_point(claim, space, sizes, rng, mode, keep,
                                                   denominators, fixed)
            if status == "skip":
                skipped += 1
                skip_reasons.append(why)
                continue
            if status == "fails":
                smaller = _smaller_failure(claim, space, sizes, growth + tops, rng, keep,
                                           denominators, nbound)
                if smaller is not None:
                    sizes, mode, inst, values, why = smaller
                return Outcome(NAME, DIFFERENT, certain=True,
                               detail=f"refuted at {_fmt(sizes)} ({mode} point)",
                               witness=describe_point(space, inst, values, why),
                               points=checked, skipped=skipped, sampled=sampled)
            checked += 1
            if sizes not in sampled:
                sampled.append(sizes)
            if mode == "uniform":
                uniform_passed[k] = uniform_passed.get(k, 0) + 1
    note = f"; {skipped} draws skipped ({skip_reasons[0]})" if skipped else ""
    if checked < max(2, skipped):
        return Outcome(NAME, INCONCLUSIVE, detail=f"only {checked} decidable points{note}",
                       points=checked, skipped=skipped, sampled=sampled)
    bound, bound_note = _bound(claim, space, [(e[0], e[3], uniform_passed.get(k, 0))
                                              for k, e in enumerate(schedule) if e[1] == "uniform"])
    if hasattr(decider(claim), "route_note"):  # a claim decided by its own exact route says which
        bound_note += "; " + decider(claim).route_note(space, "elimination")
    needs = needs_beyond_cap(claim, space)
    return Outcome(NAME, EQUAL, points=checked, skipped=skipped, sampled=sampled, bound=bound,
                   needs=_needs_text(needs, CAP) if needs else None,
                   detail=(f"holds at {checked} exact points, sizes up to {_fmt(_largest(sampled))} "
                           f"({why_top}){bound_note}{note}"))


def _smaller_failure(claim, space, failed: dict, planned: list[dict], rng, keep, denominators,
                     nbound: int):
    """A counterexample at a planned size beyond the components sizes and below ``failed``
    (every dimension ≤, one <), smallest first, or None: a claim of the size argument fails
    from one size on, and the refutation names the smallest such size where it fails — one
    readable point at a size the claim fails at can miss (a zero entry makes e_k of the samples
    0), so each smaller size gets readable and uniform points before a larger one is reported.
    (The components method decides the components sizes exactly.)"""
    below = []
    for a in planned:
        if all(int(a[d]) <= int(failed[d]) for d in failed) and a != failed and a not in below:
            below.append(a)
    below.sort(key=lambda a: sum(int(v) for v in a.values()))
    for a in below:
        for mode, n in (("readable", READABLE_POINTS), ("uniform", nbound)):
            for _ in range(n):
                status, inst, values, why = _one_point(claim, space, a, rng, mode, keep, denominators)
                if status == "fails":
                    return a, mode, inst, values, why
    return None


def _largest(sampled: list[dict]) -> dict:
    return max(sampled, key=lambda a: sum(int(v) for v in a.values())) if sampled else {}


def _bound(claim, space, runs) -> tuple[float | None, str]:
    """The largest, over the top size assignments (and the labellings enumerated there), of
    the Schwartz–Zippel bound over the sets the uniform points were actually drawn from
    (:func:`degree.claim_bound`), or None with the reason when no true and useful bound
    exists. ``runs``: (sizes, the discrete values held fixed or None, points passed)."""
    worst = 0.0
    for sizes, fixed, r in runs:
        if r == 0:
            return None, "; no uniform point decided at the top size, no bound"
        bound, why = claim_bound(claim, space, sizes, r, fixed_discrete=fixed is not None)
        if bound is None:
            return None, "; " + why
        worst = max(worst, bound)
    return worst, f"; P(a false claim passes) ≤ {worst:.1e} at the top sizes"

