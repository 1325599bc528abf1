"""What an exact evaluation raises when a value has no exact form here: the caller (the
evaluator's own handler, then SymPy) decides that point instead."""

from __future__ import annotations

__all__ = ["Refused"]


class Refused(Exception):
    """Not computable exactly in ℚ here: the caller uses SymPy instead."""
