"""The record every verification method returns, with the scope of what it showed."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Outcome", "EQUAL", "DIFFERENT", "INCONCLUSIVE", "TIMEOUT", "NOT_APPLICABLE", "ERROR",
           "size_key"]

EQUAL = "equal"
DIFFERENT = "different"
INCONCLUSIVE = "inconclusive"  # ran, but neither proved nor refuted (e.g. simplify gave no 0)
TIMEOUT = "timeout"
NOT_APPLICABLE = "not applicable"
ERROR = "error"


def size_key(sizes: dict) -> tuple:
    """A hashable, name-keyed form of a size assignment ({d: 3} or {"d": 3})."""
    return tuple(sorted((str(k), int(v)) for k, v in sizes.items()))


@dataclass
class Outcome:
    """What one method concluded about one claim, and over what scope.

    ``certain`` marks a ``different`` backed by an exact witness (a refutation), as
    opposed to a float disagreement. ``witness`` is a JSON-ready dict a person can check
    by hand; ``detail`` says what ran.

    Scope (what an ``equal`` covers; see derivations/DESIGN.md):

    * ``all_sizes`` — a reason when the method's ``equal`` holds at *every* size (the
      symbolic method, or a size argument); ``None`` otherwise;
    * ``proved`` — the size assignments proved exactly (components);
    * ``sampled`` — the size assignments where exact random points were evaluated;
    * ``points`` / ``skipped`` — decided points, and points skipped (singular or undecidable
      draws, never evidence);
    * ``bound`` — for exact random: an upper bound on the probability that a false
      polynomial/rational claim survives every uniform point (generalised Schwartz–Zippel over
      the sets the parameters were actually drawn from), or ``None`` when no true bound below
      10⁻³ exists (non-rational claims, integers from a small range, labels drawn at random;
      ``detail`` says which);
    * ``seed`` — the seed that reproduces the method's draws;
    * ``needs`` — for exact random: set when the size argument needs sizes above the
      engine's cap ("needs d ≥ 22; sampled to 20"): the sizes sampled decide nothing for every
      size, and the verdict is undecided unless a dimension-free proof covers the claim.
    """

    name: str
    outcome: str
    seconds: float = 0.0
    detail: str = ""
    certain: bool = False
    witness: dict | None = field(default=None)
    points: int | None = None
    skipped: int = 0
    proved: list[dict] = field(default_factory=list)
    sampled: list[dict] = field(default_factory=list)
    all_sizes: str | None = None
    bound: float | None = None
    seed: int | None = None
    needs: str | None = None

    def covers(self, sizes: dict) -> bool:
        """Whether this method's ``equal`` claims the claim holds at ``sizes``."""
        if self.outcome != EQUAL:
            return False
        if self.all_sizes:
            return True
        return size_key(sizes) in {size_key(s) for s in self.proved}

    def scope_json(self) -> dict:
        out: dict = {}
        if self.all_sizes:
            out["all_sizes"] = self.all_sizes
        if self.proved:
            out["proved"] = [{str(k): int(v) for k, v in s.items()} for s in self.proved]
        if self.sampled:
            out["sampled"] = [{str(k): int(v) for k, v in s.items()} for s in self.sampled]
        if self.points is not None:
            out["points"] = self.points
        if self.skipped:
            out["skipped"] = self.skipped
        if self.bound is not None:
            out["bound"] = self.bound
        if self.seed is not None:
            out["seed"] = self.seed
        if self.needs:
            out["needs"] = self.needs
        return out

    def to_json(self) -> dict:
        out = {"name": self.name, "outcome": self.outcome, "seconds": round(self.seconds, 4),
               "scope": self.scope_json()}
        if self.detail:
            out["detail"] = self.detail
        return out
