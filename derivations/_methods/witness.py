"""Counterexamples as exact values a person can check by hand."""

from __future__ import annotations

import sympy as sp

__all__ = ["describe_point", "format_value"]


def format_value(v) -> str:
    """An exact value as text: scalars as SymPy prints them, matrices as nested lists."""
    if isinstance(v, sp.MatrixBase):
        if v.shape[1] == 1:
            return "[" + ", ".join(str(x) for x in v) + "]"
        return "[" + ", ".join("[" + ", ".join(str(x) for x in v.row(i)) + "]"
                               for i in range(v.shape[0])) + "]"
    return str(v)


def describe_point(space, inst, values: dict, why: str) -> dict:
    """JSON-ready description of one exact point: sizes, every declared symbol's value, why."""
    point = {}
    for decl in space.decls.values():
        val = inst.discrete.get(decl.name)
        if val is None:
            val = sp.sympify(inst(decl.symbol)).xreplace(values)
        point[decl.name] = format_value(val)
    return {"sizes": {str(k): int(v) for k, v in inst.sizes.items()}, "values": point, "fails": why}
