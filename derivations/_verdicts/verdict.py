"""Verdicts from method outcomes, with the scope of what each method showed.

* ``verified`` — a proof method (symbolic or components) says equal, exact random agrees,
  no method disagrees, and the proof covers *every* size: a dimension-free proof, a size
  argument, or a claim whose sizes are all fixed (nothing left to sample);
* ``verified at sizes`` — the same, but the claim has free sizes and the proof covers only
  some of them (components at the listed sizes), the rest only sampled by exact random
  points (with their Schwartz–Zippel bound, when one is true): evidence, not a proof, beyond
  the proved sizes — never the bare word;
* ``refuted`` — an exact counterexample exists and no proof covers its size (components
  proved d ≤ 3 and the claim fails at d = 4: that is a refutation, not a conflict);
* ``conflict`` — a proof covers the size of an exact counterexample, or the float check
  against ``numerics`` disagrees with a proof: a bug in SymPy, the engine or ``numerics``,
  reported loudly with both outputs, never resolved by a silent choice;
* ``undecided`` — no proof and no refutation within budget (a timeout is never evidence), or
  a claim whose size argument needs sizes above exact random's cap (its ``needs``) and that no
  proof covers for every size;
* ``error`` — the claim could not be built or a method crashed.

Algorithm claims (``runs``) are verified when every run shows the behaviour, refuted by a
run whose failure was decided exactly, undecided when a run's failure rests on floats.
"""

from __future__ import annotations

from .._methods.outcome import DIFFERENT, EQUAL, ERROR

__all__ = ["claim_verdict", "combine", "conflicts", "holds", "STATUSES", "PROOF_METHODS",
           "VERIFIED", "AT_SIZES"]

VERIFIED = "verified"
AT_SIZES = "verified at sizes"
STATUSES = (VERIFIED, AT_SIZES, "refuted", "undecided", "conflict", "error")
PROOF_METHODS = ("symbolic", "components")


def conflicts(outcomes) -> list[tuple[str, str]]:
    """(proving method, refuting method) pairs whose outputs contradict each other."""
    proofs = [o for o in outcomes if o.name in PROOF_METHODS and o.outcome == EQUAL]
    out = []
    for o in outcomes:
        if o.outcome != DIFFERENT:
            continue
        if o.certain and o.witness is not None:
            sizes = o.witness.get("sizes", {})
            out += [(p.name, o.name) for p in proofs if p.covers(sizes)]
        elif not o.certain:
            out += [(p.name, o.name) for p in proofs]
    return out


def holds(status: str) -> bool:
    """Whether a status says the claim held (``verified``, or ``verified at sizes``)."""
    return status in (VERIFIED, AT_SIZES)


def claim_verdict(outcomes, free_sizes: bool = False) -> str:
    """The claim's status from its methods' outcomes. ``free_sizes``: the claim has a size
    that is not fixed, so a proof that covers only some sizes gives ``verified at sizes``."""
    by = {o.name: o for o in outcomes}
    if "runs" in by:
        r = by["runs"]
        if r.outcome == EQUAL:
            return "verified"
        if r.outcome == DIFFERENT:
            return "refuted" if r.certain else "undecided"
        return "error" if r.outcome == ERROR else "undecided"
    if conflicts(outcomes):
        return "conflict"
    if any(o.outcome == DIFFERENT and o.certain for o in outcomes):
        return "refuted"
    if any(o.outcome == ERROR for o in outcomes):
        return "error"
    proof = any(by[m].outcome == EQUAL for m in PROOF_METHODS if m in by)
    if proof and "exact random" in by and by["exact random"].outcome == EQUAL:
        every = any(by[m].outcome == EQUAL and by[m].all_sizes for m in PROOF_METHODS if m in by)
        if by["exact random"].needs and not every:  # the size argument needs sizes above the cap
            return "undecided"
        every = every or any(o.outcome == EQUAL and o.all_sizes for o in outcomes)
        return VERIFIED if every or not free_sizes else AT_SIZES
    return "undecided"


def combine(statuses) -> str:
    """An entry's status from its claims' statuses (worst first: ``verified at sizes`` is
    below ``verified``)."""
    statuses = list(statuses)
    for s in ("conflict", "error", "refuted", "undecided", AT_SIZES):
        if s in statuses:
            return s
    return VERIFIED
