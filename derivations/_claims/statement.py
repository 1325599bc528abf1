"""What a catalog entry's builder returns: typed symbols, claims, derivation steps.

* ``claims`` — named claims the entry asserts (for an erratum: the corrected, true forms);
* ``steps`` — the document's derivation as a chain, each step a claim of its own
  (:func:`chain` turns ``e0 = e1 = e2 ...`` into ``Equal(e0, e1), Equal(e1, e2), ...``);
* ``stated`` — for an erratum only: the claim exactly as the document prints it, with
  ``corrects`` naming the claim in ``claims`` it should have been;
* ``numeric`` — :class:`~derivations._claims.statement.Agreement`s tying the symbolic form to
  ``numerics``;
* ``no_numeric`` — for an entry without ``numeric`` agreements and without algorithm runs:
  why no ``numerics`` counterpart is checked (none exists, or the quantity is checked in the
  named entry); reported as the numeric method's ``not applicable`` detail;
* ``notation`` — ``{label: (claim, why)}``: definitions and notation that hold by construction
  (the document *defines* one side as the other). They are shown, never verified, and never
  counted; every other claim must not be true by construction
  (:func:`derivations._claims.tautology.by_construction`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import sympy as sp

from .claims import Claim, Equal
from .._symbols.space import Space

__all__ = ["Agreement", "Statement", "chain"]


@dataclass(frozen=True)
class Agreement:
    """``expr`` (SymPy, dimension-free) must equal ``compute(ev)`` where ``ev(e)`` evaluates
    any SymPy expression of the entry at the current float point as a numpy array."""

    label: str
    expr: sp.Basic
    compute: Callable
    rtol: float = 1e-9


def chain(*exprs: sp.Basic, notes: tuple[str, ...] = ()) -> list[tuple[str, Claim]]:
    """``chain(e0, e1, e2)`` -> the steps ``e0 = e1`` and ``e1 = e2``, labelled."""
    steps = []
    for i in range(len(exprs) - 1):
        label = notes[i] if i < len(notes) and notes[i] else f"step {i + 1}"
        steps.append((label, Equal(exprs[i], exprs[i + 1])))
    return steps


@dataclass
class Statement:
    space: Space
    claims: dict[str, Claim] = field(default_factory=dict)
    steps: list[tuple[str, Claim]] = field(default_factory=list)
    stated: Claim | None = None
    corrects: str | None = None
    numeric: list[Agreement] = field(default_factory=list)
    notation: dict[str, tuple[Claim, str]] = field(default_factory=dict)
    no_numeric: str | None = None

    def __post_init__(self):
        if not self.claims and not self.steps and self.stated is None:
            raise ValueError("a statement needs at least one claim, step or stated claim")
        if self.numeric and self.no_numeric:
            raise ValueError("an entry with numeric agreements gives no `no_numeric` reason")
        if self.stated is not None:
            if not self.claims:
                raise ValueError("an erratum's statement needs the corrected claim in `claims`")
            if self.corrects is None:
                self.corrects = next(iter(self.claims))
            if self.corrects not in self.claims:
                raise ValueError(f"corrects={self.corrects!r} is not one of {list(self.claims)}")

    def all_claims(self) -> list[tuple[str, Claim]]:
        """Every true-by-intent claim: the named claims, then the derivation steps."""
        return list(self.claims.items()) + [(f"derivation: {lbl}", c) for lbl, c in self.steps]
