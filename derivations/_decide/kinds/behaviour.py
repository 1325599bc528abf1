"""Deciding ``Behaviour``: only by running the algorithm (:mod:`derivations._methods.runs`);
no point of a space can refute it.
"""

from __future__ import annotations

from .base import Decider

__all__ = ["BehaviourDecider"]


class BehaviourDecider(Decider):
    """How :class:`~derivations._claims.claims.Behaviour` is decided."""

    def violation(self, inst, values):
        return None
