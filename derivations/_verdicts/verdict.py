"""Verdicts from method outcomes, with the scope of what each method showed.

* ``verified`` — a proof method (symbolic or components) says equal, exact random agrees,
  and no method disagrees; the scope says what is proved (every size, or the listed sizes)
  and what is only sampled (with its Schwartz–Zippel bound);
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

__all__ = ["claim_verdict", "combine", "conflicts", "STATUSES", "PROOF_METHODS"]

STATUSES = ("verified", "refuted", "undecided", "conflict", "error")
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


def claim_verdict(outcomes) -> str:
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
        if by["exact random"].needs and not any(  # the size argument needs sizes above the cap
                by[m].outcome == EQUAL and by[m].all_sizes for m in PROOF_METHODS if m in by):
            return "undecided"
        return "verified"
    return "undecided"


def combine(statuses) -> str:
    """An entry's status from its claims' statuses (worst first)."""
    statuses = list(statuses)
    for s in ("conflict", "error", "refuted", "undecided"):
        if s in statuses:
            return s
    return "verified"
