"""Method 3 — exact random: the claim at random exact rationals that satisfy its types.

Values come from :meth:`derivations.space.Space.random_values` (SPD as L L^T + I, unit
vectors by stereographic projection, one-hot rows, ±1 labels). Arithmetic is exact;
where ``exp``/``log`` appear, values are evaluated at 60 digits by SymPy's
precision-tracking ``evalf`` (mpmath). A violation is a certain refutation, and the
point is the counterexample. Agreement at every point is evidence, not proof.
"""

from __future__ import annotations

import sympy as sp

from ..claims import Undecidable
from .outcome import DIFFERENT, EQUAL, INCONCLUSIVE, Outcome
from .witness import describe_point

NAME = "exact random"

#: Random points per size assignment.
POINTS_PER_SIZE = 4


def _needs_symbols(claim) -> bool:
    """Gradients are taken on entry symbols, so values may only be substituted afterwards."""
    from ..claims import Stationary
    from ..expr import Grad

    return isinstance(claim, Stationary) or any(
        isinstance(side, sp.Basic) and side.has(Grad) for side in claim.sides())


def run(claim, space, rng, points_per_size: int = POINTS_PER_SIZE) -> Outcome:
    checked = skipped = 0
    symbolic_first = _needs_symbols(claim)
    for sizes in space.size_assignments():
        for _ in range(points_per_size):
            if symbolic_first:
                inst = space.instance_with_random_discrete(sizes, rng)
                values = space.random_values(inst, rng)
            else:
                inst, values = space.random_instance(sizes, rng), {}
            try:
                why = claim.violation(inst, values)
            except Undecidable:
                skipped += 1  # e.g. a denominator vanished at this point: no evidence either way
                continue
            if why:
                return Outcome(NAME, DIFFERENT, certain=True,
                               detail=f"refuted at point {checked + 1}",
                               witness=describe_point(space, inst, values, why))
            checked += 1
    note = f" ({skipped} undecidable points skipped)" if skipped else ""
    if checked < max(2, skipped):
        return Outcome(NAME, INCONCLUSIVE, detail=f"only {checked} decidable points{note}",
                       points=checked)
    return Outcome(NAME, EQUAL, detail=f"holds at {checked} exact random points{note}", points=checked)
