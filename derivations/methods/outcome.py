"""The record every verification method returns."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Outcome", "EQUAL", "DIFFERENT", "INCONCLUSIVE", "TIMEOUT", "NOT_APPLICABLE", "ERROR"]

EQUAL = "equal"
DIFFERENT = "different"
INCONCLUSIVE = "inconclusive"  # ran, but neither proved nor refuted (e.g. simplify gave no 0)
TIMEOUT = "timeout"
NOT_APPLICABLE = "not applicable"
ERROR = "error"


@dataclass
class Outcome:
    """What one method concluded about one claim.

    ``certain`` marks a ``different`` backed by an exact witness (a refutation), as
    opposed to a float disagreement. ``witness`` is a JSON-ready dict a person can check
    by hand; ``detail`` says what ran (sizes, points, seeds).
    """

    name: str
    outcome: str
    seconds: float = 0.0
    detail: str = ""
    certain: bool = False
    witness: dict | None = field(default=None)
    points: int | None = None  # exact random: how many points could be decided

    def to_json(self) -> dict:
        out = {"name": self.name, "outcome": self.outcome, "seconds": round(self.seconds, 4)}
        if self.detail:
            out["detail"] = self.detail
        return out
