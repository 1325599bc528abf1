"""What every decider of a claim kind shares: the default answers, and exact values at a point.

A decider (:class:`Decider`) holds one claim and answers the methods' questions about it
(:mod:`derivations._methods`):

* ``identity(inst)``: explicit expressions that are identically zero iff the *proof* holds
  at that instance (components method), or ``None`` when no proof route exists;
* ``symbolic()``: dimension-free expressions that must simplify to zero (symbolic method);
* ``violation(inst, values)``: at one exact point, ``None`` if the claim holds there, else a
  short description of how it fails (exact random method: a certain refutation);
* ``holds_over_q(inst)`` / ``identity_over_q(inst)``: the same two questions answered over ℚ
  in flint from the kind's ``rational_residual``, where it has one;
* ``manifest(space)``: whether the non-identity part of the proof (a sign condition) holds
  structurally.
"""

from __future__ import annotations

import sympy as sp

from ..._exact import cases, signs
from ..._exact.numbers import is_matrix
from ..exactness import exact_is_zero, exact_sign

__all__ = ["Decider", "Undecidable", "as_list", "entry_1x1", "sign_at", "value_of", "zero_at"]


class Undecidable(Exception):
    """The claim's value at one exact point could not be decided (e.g. 0/0, unevaluated)."""


def sign_at(v) -> int:
    s = exact_sign(v)
    if s is None:
        raise Undecidable(f"could not decide the sign of {v}")
    return s


def as_list(e) -> list:
    if isinstance(e, sp.MatrixBase):
        return list(e)
    return [e]


def value_of(e):
    """An instantiated value as an explicit matrix or scalar."""
    if isinstance(e, sp.MatrixExpr) and not isinstance(e, sp.MatrixBase):
        return sp.ImmutableMatrix(e.doit().as_explicit())
    return e


def zero_at(e, values: dict) -> tuple[bool, sp.Basic]:
    v = e.xreplace(values) if values else e
    ok = exact_is_zero(v)
    if ok is None:
        raise Undecidable(f"could not decide whether {v} is 0")
    return ok, v


def entry_1x1(v):
    """A flint scalar, or the entry of a 1×1 matrix (``TypeError`` for a larger one)."""
    if is_matrix(v):
        if (v.nrows(), v.ncols()) != (1, 1):
            raise TypeError("a matrix where a scalar is needed")
        return v[0, 0]
    return v


class Decider:
    """How one claim is decided; a kind overrides what it can answer."""

    def __init__(self, claim):
        self.claim = claim

    def identity(self, inst) -> list | None:
        return None

    def symbolic(self) -> list | None:
        return None

    def violation(self, inst, values: dict) -> str | None:
        raise NotImplementedError

    def holds_over_q(self, inst) -> bool | None:
        """Whether the claim holds at an exact random point, computed over ℚ in flint
        (:func:`~derivations._exact.at_instance.rational`); None where only SymPy can decide
        (see exact random)."""
        residual = getattr(self, "rational_residual", None)
        r = residual(inst) if residual is not None else None
        if r is None:
            return None
        try:
            return all(x == 0 for x in r)
        except TypeError:  # a sum of logarithms of independent atoms: undecided here
            return None

    def identity_over_q(self, inst) -> bool:
        """Whether :meth:`identity` is 0 at a components instance, proved in flint: the
        residual (:meth:`rational_residual`) as rational functions over ℚ of the entry
        symbols, each 0 exactly. False says nothing (a claim without that route, a value
        flint refuses — a norm, an exponential, a comparison): SymPy decides, as before."""
        residual = getattr(self, "rational_residual", None)
        if residual is None:
            return False
        asked = signs.asked_outside
        r = residual(inst)
        if r is not None:  # computed without a sign: no case split
            try:
                return all(x == 0 for x in r)
            except TypeError:  # undecided here (two kinds of number with no common form)
                return False
        if signs.asked_outside == asked or inst.point is not None:
            return False  # refused for another reason than a sign: SymPy decides
        # |·|, max, min, a condition or √(p²) needed a sign: every case of the signs
        # (derivations._exact.cases), each on a fresh instance (its own evaluator)
        return cases.by_cases(lambda: residual(inst.fresh()))

    def manifest(self, space) -> tuple[bool, str]:
        """Whether the non-identity part of the proof (a sign condition) holds structurally."""
        return True, ""
