"""A whole-number index must exist at every size a claim is checked at: ``w[3]`` with
``d = "dim(1, 2)"`` is refused when the claim is read, naming the smallest size and the fix,
instead of an ``IndexError`` with a 0-based index from every method."""

from __future__ import annotations

import sympy as sp

__all__ = ["index_problem"]


def _smallest(size, space):
    """The smallest value ``size`` (a number or an expression in dims) takes, or None."""
    size = sp.sympify(size)
    if size.is_Integer:
        return int(size)
    dims = getattr(space, "dims", None) or {}
    low = {sym: sp.Integer(min(sizes)) for sym, sizes in dims.values() if sizes}
    v = size.xreplace(low)
    return int(v) if v.is_Integer else None


def index_problem(shown: str, k, size, space, axis: str) -> str | None:
    """Why the 1-based literal index ``k`` (in ``shown``, e.g. ``A[3, 1]``) along an axis of
    ``size`` ``axis`` (entries, rows, columns) does not exist at some size, or None."""
    if not (isinstance(k, sp.Basic) and k.is_Integer):
        return None
    low = _smallest(size, space)
    if low is None or int(k) <= low:
        return None
    if sp.sympify(size).is_Integer:
        return f"{shown}: index {k} is beyond the {low} {axis}; indices run from 1 to {low}"
    return (f"{shown}: index {k} needs {size} >= {k} {axis}, but {size} is checked down to "
            f"{low}; declare the size's dim from {k} up (e.g. \"dim({k}, {int(k) + 1})\") or "
            f"index within 1..{size}")
