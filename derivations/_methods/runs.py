"""Algorithm claims: run the ``numerics`` implementation on generated data sets.

Each seed makes one data set; the claim's ``run(seed)`` says whether the claimed
behaviour held. The first seed where it does not is the counterexample (rerun it with
that seed to see it again). Agreement on every seed is evidence, reported with the
seeds, not a proof.
"""

from __future__ import annotations

from .outcome import DIFFERENT, EQUAL, Outcome

NAME = "runs"


def run(claim, space, rng) -> Outcome:  # noqa: ARG001 - uniform method signature
    details = []
    for seed in claim.seeds:
        r = claim.run(seed)
        if not r.holds:
            # A failure decided by float arithmetic is not a refutation: only an exact one is.
            how = "decided exactly" if r.exact else "decided in floating point: not a certain refutation"
            return Outcome(NAME, DIFFERENT, certain=r.exact, detail=f"seed {seed} ({how})",
                           witness={"seed": seed, "fails": r.detail, "exact": r.exact})
        details.append(r.detail)
    seeds = claim.seeds
    span = f"{seeds[0]}..{seeds[-1]}" if len(seeds) > 1 else str(seeds[0])
    return Outcome(NAME, EQUAL, detail=f"held on {len(seeds)} data sets (seeds {span})")
