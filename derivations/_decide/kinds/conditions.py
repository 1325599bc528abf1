"""Conditions of a claim (relations, And/Or/Not) at one instance, as condition tuples
(:func:`derivations._decide.atoms.condition`): built before anything is evaluated, so SymPy
never decides a relation between numbers here; shared by ``Iff`` and ``Exists``."""

from __future__ import annotations

import sympy as sp

from ..atoms import condition, subst_condition
from ..piecewise import truth
from .base import Undecidable

__all__ = ["condition_symbols", "conditions_of", "instantiate_condition", "subst_values", "truth_at"]


def conditions_of(b) -> list:
    if isinstance(b, sp.And):
        return [c for a in b.args for c in conditions_of(a)]
    return [condition(b)]


def subst_values(c, values: dict):
    return subst_condition(c, values)


def instantiate_condition(inst, b):
    """A SymPy boolean at one instance, as a condition tuple (see :mod:`derivations._decide.piecewise`),
    built before anything is evaluated: SymPy never decides a relation between numbers here."""
    c = b if isinstance(b, tuple) else condition(b)

    def go(c):
        kind = c[0]
        if kind == "const":
            return c
        if kind == "rel":
            e = inst(c[1])
            if isinstance(e, sp.MatrixBase):
                e = e[0, 0]
            return ("rel", sp.sympify(e), c[2])
        if kind == "not":
            return ("not", go(c[1]))
        return (kind, [go(x) for x in c[1]])

    return go(c)


def truth_at(c) -> bool:
    v, _u = truth(c, [])
    if v is None:
        raise Undecidable(f"could not decide the condition {c}")
    return v


def condition_symbols(c) -> set:
    kind = c[0]
    if kind == "const":
        return set()
    if kind == "rel":
        return set(c[1].free_symbols)
    if kind == "not":
        return condition_symbols(c[1])
    return set().union(*[condition_symbols(x) for x in c[1]])
