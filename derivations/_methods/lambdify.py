"""A catalog expression as a NumPy function of its typed symbols, at concrete sizes.

This is how tests (and users property-testing their own implementation) evaluate a
verified formula on float data::

    st = REGISTRY["fisher.solution"].build()
    f = numeric_function(st.space, expr, d=3)
    f(w=np.ones(3), S_W=np.eye(3), ...)           # keyword per declared symbol

Arguments are the declared symbols by name: scalars as floats, vectors as 1-D arrays,
matrices as 2-D arrays (a symmetric matrix is read from its upper triangle). Nodes NumPy's
printer does not know (``Scalar``, ``Norm``, ``Trace``, ``Grad``) are evaluated away by
instantiation before ``sympy.lambdify`` ever sees them.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
import sympy as sp

from .._symbols.space import Instance, Space

__all__ = ["compiled", "numeric_function"]


def compiled(args: list[sp.Symbol], value: sp.Basic) -> Callable[..., np.ndarray]:
    """``value`` (a scalar or an explicit matrix in ``args``) as ``f(*floats) -> ndarray``
    of ``value``'s shape; the one place SymPy's ``lambdify`` is called on a catalog
    expression (the numeric method and :func:`numeric_function` both go through it)."""
    # Entry symbols are named like "w[1]", not Python identifiers: lambdify would rename them
    # one at a time, each rename a pass over the whole expression (quadratic in the number of
    # arguments, most of its time on a claim's largest instance). One pass renames them all.
    safe = [sp.Symbol(f"_lindisc_arg{i}", **a.assumptions0) if isinstance(a, sp.Symbol) else a
            for i, a in enumerate(args)]
    taken = {str(s) for s in getattr(value, "free_symbols", ())} - {str(a) for a in args}
    if not taken & {str(s) for s in safe}:
        value = value.xreplace(dict(zip(args, safe)))
        args = safe
    f = sp.lambdify(args, value, modules="numpy", docstring_limit=0)
    shape = value.shape if isinstance(value, sp.MatrixBase) else None

    def call(*vals: float) -> np.ndarray:
        out = np.asarray(f(*vals), dtype=float)
        return out.reshape(shape) if shape is not None else out

    return call


def _symbolic_instance(space: Space, sizes: dict) -> Instance:
    """Every declaration, discrete ones included, as explicit matrices of entry symbols."""
    mapping: dict = dict(sizes)
    entries: dict = {}
    for decl in space.decls.values():
        if decl.is_scalar:
            entries[decl.name] = [decl.symbol]
            continue
        r, c = space._size(decl.rows, sizes), space._size(decl.cols, sizes)
        structure = "general" if decl.discrete else decl.structure
        m, _ = space._entry_matrix(type(decl)(decl.name, decl.symbol, decl.rows, decl.cols, structure), r, c)
        mapping[decl.symbol] = m
        entries[decl.name] = m
    return Instance(sizes, mapping, entries, {}, space._defs())


def numeric_function(space: Space, expr: sp.Basic, **sizes: int) -> Callable[..., np.ndarray]:
    """``expr`` at the given sizes (``d=3, N=4``) as ``f(**arrays) -> ndarray | float``."""
    missing = set(space.dims) - set(sizes)
    if missing:
        raise ValueError(f"numeric_function needs a size for every dim; missing {sorted(missing)}")
    concrete = {space.dims[n][0]: sp.Integer(v) for n, v in sizes.items() if n in space.dims}
    inst = _symbolic_instance(space, concrete)
    value = inst(expr)
    args: list[sp.Symbol] = []
    slots: list[tuple[str, tuple]] = []
    seen: set = set()
    for decl in space.decls.values():
        ent = inst.entries[decl.name]
        if decl.is_scalar:
            args.append(decl.symbol)
            slots.append((decl.name, ()))
            continue
        for i in range(ent.shape[0]):
            for j in range(ent.shape[1]):
                e = ent[i, j]
                if isinstance(e, sp.Symbol) and e not in seen:
                    seen.add(e)
                    args.append(e)
                    slots.append((decl.name, (i, j)))
    f = compiled(args, value)
    shapes = {d.name: inst.entries[d.name].shape for d in space.decls.values() if not d.is_scalar}

    def evaluate(**arrays):
        unknown = set(arrays) - set(space.decls)
        if unknown:
            raise TypeError(f"unknown symbol(s) {sorted(unknown)}; this expression takes {sorted(space.decls)}")
        vals = []
        for name, idx in slots:
            if name not in arrays:
                raise TypeError(f"missing value for {name!r}")
            a = np.asarray(arrays[name], dtype=float)
            if idx:
                a = a.reshape(shapes[name])
                vals.append(float(a[idx]))
            else:
                vals.append(float(a))
        return f(*vals)

    return evaluate
