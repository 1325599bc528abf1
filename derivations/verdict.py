"""Verdicts from method outcomes, exactly as DESIGN.md defines them.

* ``verified`` — a proof method (symbolic or components) says equal, exact random agrees,
  and no method disagrees;
* ``refuted`` — an exact counterexample exists and no proof method says equal;
* ``engine-disagreement`` — a proof method says equal *and* a counterexample exists (or the
  float check against ``numerics`` disagrees with a proof): a bug in SymPy, the engine or
  ``numerics``, reported loudly;
* ``undecided`` — no proof and no refutation within budget;
* ``error`` — the claim could not be built or a method crashed.

Algorithm claims (``runs``) are verified when every run shows the behaviour and refuted by
the first run that does not.
"""

from __future__ import annotations

from .methods.outcome import DIFFERENT, EQUAL, ERROR

__all__ = ["claim_verdict", "combine", "STATUSES"]

STATUSES = ("verified", "refuted", "undecided", "engine-disagreement", "error")
PROOF_METHODS = ("symbolic", "components")


def claim_verdict(outcomes) -> str:
    by = {o.name: o for o in outcomes}
    if "runs" in by:
        r = by["runs"].outcome
        return "verified" if r == EQUAL else "refuted" if r == DIFFERENT else "error" if r == ERROR else "undecided"
    proof = any(by[m].outcome == EQUAL for m in PROOF_METHODS if m in by)
    certain_diff = any(o.outcome == DIFFERENT and o.certain for o in outcomes)
    float_diff = any(o.outcome == DIFFERENT and not o.certain for o in outcomes)
    if proof and (certain_diff or float_diff):
        return "engine-disagreement"
    if certain_diff:
        return "refuted"
    if any(o.outcome == ERROR for o in outcomes):
        return "error"
    if proof and "exact random" in by and by["exact random"].outcome == EQUAL:
        return "verified"
    return "undecided"


def combine(statuses) -> str:
    """An entry's status from its claims' statuses (worst first)."""
    statuses = list(statuses)
    for s in ("engine-disagreement", "error", "refuted", "undecided"):
        if s in statuses:
            return s
    return "verified"
