"""The declared names an item's text mentions, whether or not they survive construction.

``inv(Q) @ Q`` is ``I`` once SymPy has built it: Q cancels and no longer appears in the
claim, yet the claim's text needs Q's declaration (a square matrix) to be read at all. The
space of an item therefore declares every symbol its text names, as well as those its built
claims use (:func:`derivations._userclaims.building.build_item`).
"""

from __future__ import annotations

import re

__all__ = ["mentioned"]

_TEXT_KEYS = ("lhs", "rhs", "relation", "certificate", "steps", "constraints", "exists", "where")


def _texts(data: dict):
    for k in _TEXT_KEYS:
        v = data.get(k)
        if isinstance(v, str):
            yield v
        elif isinstance(v, list):
            yield from (s for s in v if isinstance(s, str))


def mentioned(data: dict) -> set[str]:
    """Every identifier in the item's formulas (LaTeX: ``\\lambda`` → ``lambda``,
    ``x_{1}`` → ``x_1``); the caller keeps those that are declared."""
    out: set[str] = set()
    for text in _texts(data):
        out |= set(re.findall(r"[A-Za-z_]\w*", re.sub(r"[{}\\]", " ", text.replace("_{", "_"))))
    return out
