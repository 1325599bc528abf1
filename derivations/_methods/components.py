"""Method 2 — components: the claim at concrete sizes, every entry a symbol.

At each size assignment (e.g. d = 1, 2, 3) every matrix becomes an explicit matrix of
entry symbols with its structure built in, discrete types are enumerated exhaustively,
and ``lhs - rhs`` is simplified entry by entry. All zero is a proof for those sizes.
"""

from __future__ import annotations

import time

import sympy as sp

from .._decide.kinds import Undecidable, decider
from .._decide.conditions import unmet
from .._decide import realclosed
from .._budget import Timeout, time_limit
from .sizes import claim_requirement, sizes_meeting
from .outcome import DIFFERENT, EQUAL, INCONCLUSIVE, NOT_APPLICABLE, TIMEOUT, Outcome, size_key
from .witness import describe_point
from .zero import is_identically_zero

NAME = "components"


def _fmt(sizes: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in sizes.items()) or "fixed sizes"


#: Seconds each size assignment may take; a size over it is reported, not proved.
PER_SIZE_BUDGET = 6.0


def _grid_within(claim, space, sizes: list[dict]) -> tuple:
    """(the claim's size requirement, its grid) — the grid None when the claim has no size
    argument or needs a size above the largest in ``sizes``."""
    req = claim_requirement(claim, space)
    if req is None:
        return None, None
    cap = max((int(v) for a in sizes for v in a.values()), default=0)
    return req, sizes_meeting(req, space, cap)


def _sizes_to_prove(claim, space) -> list[dict]:
    """The declared size assignments, smallest first — only those of the size argument's grid
    when the claim has one within them (:mod:`derivations._methods.sizes`): a proof at the
    grid is a proof for every size, and a larger size would add time, not scope (the exact
    random method samples the larger sizes). Every declared size otherwise."""
    declared = space.size_assignments()
    _req, grid = _grid_within(claim, space, declared)
    if grid is None:
        return declared
    keys = {size_key(a) for a in grid}
    chosen = [a for a in declared if size_key(a) in keys]
    return chosen if len(chosen) == len(keys) else declared


def run(claim, space, rng) -> Outcome:
    covered, over, proved = [], [], []
    for sizes in _sizes_to_prove(claim, space):
        insts = space.components(sizes)
        if not insts:
            continue
        try:
            with time_limit(PER_SIZE_BUDGET) as lim:
                result = _prove_at(claim, space, rng, sizes, insts, lim)
        except Timeout as t:
            if not lim.owns(t):
                raise  # the method's own budget: a timeout, never a proof
            over.append(_fmt(sizes))
            continue
        if result is not None:
            return result
        covered.append(_fmt(sizes))
        proved.append(sizes)
    if not covered:
        if over:
            return Outcome(NAME, TIMEOUT, detail=f"over {PER_SIZE_BUDGET:g} s at " + "; ".join(over))
        return Outcome(NAME, NOT_APPLICABLE, detail="no size small enough to enumerate")
    ok, why = decider(claim).manifest(space)
    if not ok:
        return Outcome(NAME, INCONCLUSIVE, detail=f"identity holds but {why}", proved=proved)
    note = f" (over {PER_SIZE_BUDGET:g} s, not proved: " + "; ".join(over) + ")" if over else ""
    if hasattr(decider(claim), "route_note"):  # a claim decided by its own exact route says which
        note += "; " + decider(claim).route_note(space, "count")
    return Outcome(NAME, EQUAL, detail="proved at " + "; ".join(covered) + note, proved=proved,
                   all_sizes=_every_size(claim, space, proved))


def _every_size(claim, space, proved: list[dict]) -> str | None:
    """The size argument (derivations._methods.sizes): proved at a grid of sizes that decides every size."""
    req, grid = _grid_within(claim, space, proved)
    if grid is None:
        return None
    done = {size_key(a) for a in proved}
    if not all(size_key(a) in done for a in grid):
        return None
    fixed = ", ".join(f"{d} = {', '.join(map(str, sz))}" for d, sz in
                      ((sym, sizes) for sym, sizes in space.dims.values() if sym in space.fixed_dims))
    return f"size argument ({req.describe()})" + (f", at the claim's own {fixed}" if fixed else "")


def _seconds(lim) -> float:
    """What is left of this size's budget (a C call such as z3's is given it as its own timeout)."""
    if lim is None or lim.deadline is None:
        return realclosed.MAX_SECONDS
    return max(0.05, lim.deadline - time.monotonic())


def _refuted(claim, space, inst, sizes, decision) -> Outcome | None:
    """The decision's point as a certain refutation, once the claim itself fails there exactly."""
    values = realclosed.completed_point(inst, decision.point)
    try:
        why = decider(claim).violation(inst, values)
    except (Undecidable, ZeroDivisionError):
        return None
    if not why:
        return None
    return Outcome(NAME, DIFFERENT, certain=True, detail=f"at {_fmt(sizes)} ({decision.detail})",
                   witness=describe_point(space, inst, values, why))


def _decided_zero(claim, space, inst, sizes, e, lim) -> Outcome | bool | str:
    """A residual not shown 0 as a rational function: decided on the set the declarations
    define (a unit vector's norm is 1) or with its surds as algebraic numbers
    (:mod:`derivations._decide.realclosed`). True: proved 0; an Outcome: refuted; False: not
    tried (no declared structure bears on it and it has no surd); a string: why it was not
    decided."""
    constraints = realclosed.constraints_on(e, space, inst)
    if constraints is None:
        return "a declaration here is not encoded as a constraint"
    surds = any(p.exp.is_Rational and p.exp.q == 2 for p in sp.sympify(e).atoms(sp.Pow))
    if not constraints and not surds:
        return False  # not tried: without declared structure or surds the routes above decide a
        #               rational function completely, and this one would add cost, not answers
    d = realclosed.decide(e, "==", realclosed.constraints_on(e, space, inst, factor=True) or [],
                          _seconds(lim), check=constraints)
    if d.status == "proved":
        return True
    if d.status == "refuted":
        return _refuted(claim, space, inst, sizes, d) or f"its point was not confirmed ({d.detail})"
    return d.detail


def _random_witness(claim, space, rng, sizes, inst) -> Outcome | None:
    """A refutation at one of a few exact random points (readable numbers), or None."""
    for _ in range(3):
        values = space.random_values(inst, rng)
        if unmet(space, inst, values):  # a witness meets every defined symbol's declaration
            continue
        try:
            why = decider(claim).violation(inst, values)
        except Undecidable:
            continue
        if why:
            return Outcome(NAME, DIFFERENT, certain=True, detail=f"at {_fmt(sizes)}",
                           witness=describe_point(space, inst, values, why))
    return None


#: Share of a size's remaining budget the certificate search of a relation may use, so the
#: complete decision after it (:mod:`derivations._decide.realclosed`) keeps the rest.
SEARCH_SHARE = 0.5


def _identity(claim, inst, lim):
    """``decider(claim).identity(inst)``; for a claim with a complete decision after it
    (``decide_at``: a relation without a certificate) the certificate search gets
    :data:`SEARCH_SHARE` of the remaining budget, and running out of it means no certificate."""
    if getattr(decider(claim), "decide_at", None) is None or getattr(claim, "certificate", None) is not None:
        return decider(claim).identity(inst)
    try:
        with time_limit(SEARCH_SHARE * _seconds(lim)) as search:
            return decider(claim).identity(inst)
    except Timeout as t:
        if not search.owns(t):
            raise
        return None


def _prove_at(claim, space, rng, sizes, insts, lim=None) -> Outcome | None:
    """None when the identity holds at every instance of these sizes, else the outcome.
    Where the identity is not shown 0 (or a relation has no certificate), a few exact random
    points look for a readable counterexample first, then the complete decision over the
    reals (:mod:`derivations._decide.realclosed`) proves the claim at this instance or finds
    an exact point; anything it leaves open is reported with its reason."""
    for inst in insts:
        if decider(claim).identity_over_q(inst):  # proved over ℚ(entry symbols) in flint
            continue
        ids = _identity(claim, inst, lim)
        if ids is None:
            decide = getattr(decider(claim), "decide_at", None)
            if decide is None:
                return Outcome(NAME, NOT_APPLICABLE, detail="no identity to prove (no certificate)")
            found = _random_witness(claim, space, rng, sizes, inst)
            if found is not None:
                return found
            d = decide(inst, space, _seconds(lim))
            if d.status == "proved":
                continue
            if d.status == "refuted":
                out = _refuted(claim, space, inst, sizes, d)
                if out is not None:
                    return out
            return Outcome(NAME, NOT_APPLICABLE, detail=f"no certificate found and the sign was "
                                                        f"not decided at {_fmt(sizes)}: {d.detail}")
        for e in ids:
            if is_identically_zero(e):
                continue
            # Not shown zero: look for an exact witness before deciding over the reals.
            found = _random_witness(claim, space, rng, sizes, inst)
            if found is not None:
                return found
            got = _decided_zero(claim, space, inst, sizes, e, lim)
            if got is True:
                continue
            if isinstance(got, Outcome):
                return got
            why = f"; not decided over the reals: {got}" if got else ""
            return Outcome(NAME, INCONCLUSIVE, detail=f"did not simplify to 0 at {_fmt(sizes)}{why}")
    return None
