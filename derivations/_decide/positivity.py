"""Manifest (structural) sign facts about dimension-free expressions.

A relation claim is proved by an identity ``gap == certificate`` plus the fact that the
certificate cannot be negative. This module decides the second part *by its shape*,
with rules that are sound by construction:

* squares (even powers), ``Norm(v)``, ``Abs`` are >= 0;
* positive / nonnegative scalar symbols, positive integers, probabilities;
* ``Norm(v)`` is > 0 when ``v`` is declared nonzero or unit — also when ``v`` is defined: a
  defined symbol's declaration is a constraint every draw and every witness meets
  (:mod:`.conditions`), so a proof may assume it (``v := x − y`` declared nonzero means
  x ≠ y); a constraint no draw meets leaves exact random without a point, never verified;
* quadratic forms ``v^T M v`` with ``M`` declared SPD / PSD / positive-diagonal, and
  Gram forms ``v^T A^T A v`` (``= ||A v||^2``);
* sums and products of the above (a product is > 0 when all factors are).

Anything else is "not manifest" — the relation is then not proved (undecided), never
assumed.
"""

from __future__ import annotations

import sympy as sp

from .._symbols.expr import Norm, Scalar

__all__ = ["is_manifestly_nonnegative", "is_manifestly_positive"]


def _decl(space, sym):
    for d in space.decls.values():
        if d.symbol == sym:
            return d
    return None


def _is_defined(space, sym) -> bool:
    return any(s == sym for s, _v, _w in getattr(space, "definitions", ()))


def _quad_sign(m: sp.Basic, space) -> str | None:
    """'pos' / 'nonneg' / None for a 1x1 MatMul of the form v^T M v or v^T A^T A v."""
    if not isinstance(m, sp.MatMul):
        return None
    args = [a for a in m.args if not a.is_number]
    coeff = sp.Mul(*[a for a in m.args if a.is_number])
    if coeff.is_negative:
        return None
    if len(args) % 2 == 0:
        half = len(args) // 2
        left, right = args[:half], args[half:]
        if sp.MatMul(*left).T.doit() == sp.MatMul(*right).doit():
            return "nonneg"  # (A v)^T (A v)
    if len(args) == 3 and args[0] == args[2].T and isinstance(args[1], sp.MatrixSymbol):
        decl = _decl(space, args[1])
        # a defined v's declaration is a constraint every draw meets (.conditions): a proof
        # may assume it, as the Norm rule below does
        v = _decl(space, args[2]) if isinstance(args[2], sp.MatrixSymbol) else None
        if decl is not None and _is_defined(space, args[1]):
            return None
        if decl is not None and decl.structure in ("spd", "positive_diagonal"):
            return "pos" if v is not None and v.structure in ("nonzero", "unit") else "nonneg"
        if decl is not None and decl.structure == "psd":
            return "nonneg"
    return None


def _one_minus_probability(e: sp.Add, space) -> str | None:
    """``c - p`` with ``p`` a declared probability in (0, 1) and ``c >= 1`` is > 0."""
    const = sum((a for a in e.args if a.is_number), sp.Integer(0))
    rest = [a for a in e.args if not a.is_number]
    if len(rest) == 1 and const >= 1:
        neg = -rest[0]
        d = _decl(space, neg) if isinstance(neg, sp.Symbol) else None
        if d is not None and d.is_scalar and d.assumptions.get("probability"):
            return "pos"
    return None


def _sign(e: sp.Basic, space) -> str | None:
    e = sp.sympify(e)
    if e.is_number:
        if e.is_positive:
            return "pos"
        if e.is_zero or e.is_nonnegative:
            return "nonneg"
        return None
    if isinstance(e, sp.Symbol):
        for sym, value, _why in getattr(space, "definitions", ()):
            if sym == e:  # a defined symbol has the sign of its definition, not its declaration
                return _sign(value, space)
        if e.is_positive:
            return "pos"
        if e.is_nonnegative:
            return "nonneg"
        return None
    if isinstance(e, Norm):
        v = e.args[0]
        d = _decl(space, v) if isinstance(v, sp.MatrixSymbol) else None
        return "pos" if d is not None and d.structure in ("nonzero", "unit", "positive") else "nonneg"
    if isinstance(e, sp.Abs):
        return "nonneg"
    if isinstance(e, Scalar):
        return _quad_sign(e.args[0], space)
    if isinstance(e, sp.Pow):
        base, ex = e.args
        if ex.is_integer and ex.is_even:
            return "nonneg" if _sign(base, space) != "pos" else "pos"
        sb = _sign(base, space)
        if sb == "pos" and ex.is_real:
            return "pos"
        if sb == "nonneg" and ex.is_positive:
            return "nonneg"
        return None
    if isinstance(e, sp.Add):
        one_minus = _one_minus_probability(e, space)
        if one_minus:
            return one_minus
        signs = [_sign(a, space) for a in e.args]
        if any(s is None for s in signs):
            return None
        return "pos" if "pos" in signs else "nonneg"
    if isinstance(e, sp.Mul):
        signs = [_sign(a, space) for a in e.args]
        if any(s is None for s in signs):
            return None
        return "pos" if all(s == "pos" for s in signs) else "nonneg"
    if isinstance(e, (sp.exp,)):
        return "pos"
    return None


def is_manifestly_nonnegative(e: sp.Basic, space) -> bool:
    return _sign(e, space) in ("pos", "nonneg")


def is_manifestly_positive(e: sp.Basic, space) -> bool:
    return _sign(e, space) == "pos"
