"""Diagnosis of a refuted erratum: which typical mistake turns the truth into the print.

Every mutant of the corrected claim (:mod:`derivations._claims.mistakes`) is compared with the
claim as printed, side by side, at exact random points; a mutant that agrees everywhere
is then confirmed by the components proof when that succeeds within budget. The
diagnosis names the matching mistake(s), and says whether the match is proved or only
observed at the random points.
"""

from __future__ import annotations

import sympy as sp

from .._methods.budget import Timeout, time_limit
from .._claims.claims import Equal, Undecidable
from .._methods.zero import is_identically_zero
from .._claims.mistakes import mutate_claim

__all__ = ["diagnose", "same_expression"]


def _pairs(a, b) -> list | None:
    if type(a) is not type(b) or getattr(a, "relation", None) != getattr(b, "relation", None):
        return None
    sa, sb = a.sides(), b.sides()
    return list(zip(sa, sb)) if len(sa) == len(sb) else None


def same_expression(e1, e2, space, rng, points: int = 2) -> str | None:
    """'proved' / 'observed' if e1 == e2 identically / at every random point; else None."""
    claim = Equal(e1, e2)
    for sizes in space.size_assignments():
        for _ in range(points):
            inst = space.instance_with_random_discrete(sizes, rng)
            try:
                values = space.random_values(inst, rng)
                if claim.violation(inst, values):
                    return None
            except (sp.ShapeError, TypeError, ValueError, Undecidable):
                return None
    # "proved" needs every instance at every components size: a partial enumeration of
    # the discrete cases (labels, one-hot rows) proves nothing about the others.
    try:
        for sizes in space.size_assignments():
            insts = space.components(sizes)
            if not insts:
                return "observed"
            for inst in insts:
                if not all(is_identically_zero(e) for e in claim.identity(inst)):
                    return "observed"
        return "proved"
    except sp.ShapeError:
        return "observed"


def _matches(mutant, stated, space, rng) -> str | None:
    pairs = _pairs(mutant, stated)
    if pairs is None:
        return None
    kinds = []
    for a, b in pairs:
        k = same_expression(a, b, space, rng)
        if k is None:
            return None
        kinds.append(k)
    return "proved" if all(k == "proved" for k in kinds) else "observed"


class Diagnosis(str):
    """The diagnosis text; ``complete`` is False when the budget ran out before every typical
    mistake was tried (another run may find more: such a result is never cached)."""

    complete: bool = True

    def __new__(cls, text: str, complete: bool = True):
        obj = super().__new__(cls, text)
        obj.complete = complete
        return obj


def diagnose(stated, corrected, space, rng, budget: float) -> Diagnosis:
    """Name the typical mistake(s) that reproduce ``stated`` from ``corrected``."""
    found: list[tuple[str, str]] = []
    timed_out = False
    try:
        with time_limit(budget) as lim:
            for _op, desc, mutant in mutate_claim(corrected, space, sides_only=True):
                try:
                    kind = _matches(mutant, stated, space, rng)
                except Exception:  # noqa: BLE001 - a mutant SymPy cannot evaluate matches nothing
                    continue
                if kind:
                    found.append((desc, kind))
                    if len(found) >= 3:
                        break
    except Timeout as t:
        if not lim.owns(t):
            raise
        timed_out = True
    if not found and timed_out:
        return Diagnosis(f"no typical mistake found within the {budget:g} s budget "
                         "(not all were tried)", complete=False)
    if not found:
        return Diagnosis("no single typical mistake (sign, factor 2, transpose, swapped factors "
                         "or symbols, dropped term, inverse, inequality direction) reproduces "
                         "the printed form")
    parts = [f"{d} ({'proved' if k == 'proved' else 'matches at every exact random point'})"
             for d, k in found]
    return Diagnosis("; or ".join(parts), complete=not timed_out)


