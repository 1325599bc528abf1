"""Values at an instance over ℚ in flint: the evaluator of an exact random point or of a
components instance, made once per instance and kept on it.

An exact random point's values are rationals (``fmpq``/``fmpq_mat``); a components
instance's are rational functions of its entry symbols (:class:`~.numbers.PolyFraction`), with
its exponentials as generators of the ring (:class:`~.exponentials.ExpGenerators`, kept on
the instance so every case of a sign split means the same functions). None wherever only
SymPy can decide (:meth:`~derivations._symbols.space.Instance.__call__`).
"""

from __future__ import annotations

import flint
import sympy as sp

from .._symbols.space import Instance, expand_definitions
from .exponentials import ExpGenerators
from .numbers import PolyFraction
from .rational import evaluator, gradient_of, values_of
from .ring import variable_names

__all__ = ["rational", "rational_gradient"]


def rational(inst: Instance, exprs: list) -> list | None:
    """The values of ``exprs`` here over ℚ in flint (``fmpq``/``fmpq_mat``, see
    :mod:`.rational`) at ``inst``, or None where only SymPy can decide: an instance with entry
    symbols that have no value (components), or an expression that is not exactly
    rational at this point. An exact random point's differentiated variables take their
    values, and a ``Grad`` with respect to one is taken there by forward mode. One memo
    per instance, as for :meth:`Instance.__call__`."""
    ev = _evaluator(inst)
    if ev is None:
        return None
    return values_of([expand_definitions(sp.sympify(e), inst.definitions) for e in exprs],
                     ev.mapping, ev)


def rational_gradient(inst: Instance, f, var, at) -> list | None:
    """[∂f/∂var entries] at var = ``at`` (a flint value) over ℚ, or None (see
    :func:`rational`)."""
    ev = _evaluator(inst)
    if ev is None:
        return None
    return gradient_of(expand_definitions(sp.sympify(f), inst.definitions), var, at,
                       ev.mapping, ev)


def _evaluator(inst: Instance):
    """The instance's flint evaluator, made on first use and kept on it (``inst._rational``:
    False where there is none)."""
    if inst._rational is False:
        return None
    if inst._rational is None:
        inst._rational = _point_evaluator(inst) or False
    return inst._rational or None


def _point_evaluator(inst: Instance):
    """The flint evaluator of an exact random point (:func:`rational`), or None
    when some entry symbol has no value (a components instance)."""
    point = inst.point or {}
    free = [s for syms in inst.entries.values() for s in syms if s not in point]
    if free:
        return None if point else _symbolic_evaluator(inst, free)
    if not point:
        return evaluator(inst.mapping)
    mapping, wrt, inside = {}, {}, set()
    for key, v in inst.mapping.items():
        if isinstance(v, sp.MatrixBase) and any(isinstance(x, sp.Symbol) and x in point for x in v):
            entries = list(v)
            mapping[key] = sp.ImmutableMatrix(*v.shape, [x.xreplace(point) for x in entries])
            if len(set(entries)) == len(entries) and all(x in point for x in entries):
                wrt[key] = None  # its entries are distinct variables: a gradient may seed them
            inside.update(entries)
        else:
            mapping[key] = v
    for s, val in point.items():  # a differentiated scalar is its own entry symbol
        if s not in mapping and s not in inside:
            mapping[s] = val
            wrt[s] = None
    ev = evaluator(mapping)
    got = values_of(list(wrt), mapping, ev)
    if got is None:
        return None
    ev.wrt = dict(zip(wrt, got))
    return ev


def _symbolic_evaluator(inst: Instance, free: list):
    """The flint evaluator of a components instance: its entry symbols are the generators of
    polynomials over ℚ (``fmpq_mpoly``), values are rational functions of them
    (:class:`~.numbers.PolyFraction`), and every declaration whose entries are distinct
    symbols may be differentiated (forward mode at a symbolic point: the symbolic gradient)."""
    symbols = list(dict.fromkeys(free))
    ctx = flint.fmpq_mpoly_ctx.get(variable_names(symbols), "lex")
    if inst.exps is None:
        inst.exps = ExpGenerators(ctx, len(symbols))
    one = ctx.constant(1)
    gens = {s: PolyFraction(g, one) for s, g in zip(symbols, ctx.gens())}
    wrt, inside = {}, set()
    for key, v in inst.mapping.items():
        if isinstance(v, sp.MatrixBase) and any(x in gens for x in v):
            entries = list(v)
            if len(set(entries)) == len(entries) and all(x in gens for x in entries):
                wrt[key] = None
            inside.update(entries)
    for s in symbols:  # a scalar declaration is its own entry symbol
        if s not in inside and s not in inst.mapping:
            wrt[s] = None
    ev = evaluator(inst.mapping, gens=gens, exps=inst.exps)
    got = values_of(list(wrt), inst.mapping, ev)
    if got is None:
        return None
    ev.wrt = dict(zip(wrt, got))
    return ev
