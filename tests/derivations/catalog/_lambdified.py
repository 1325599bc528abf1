"""A catalog expression at concrete sizes as a NumPy function, for the agreement tests.

The topic tests compare a SymPy form an entry verifies with ``numerics``: the form is
instantiated at the sizes of generated data (concrete-size MatrixSymbols, so NumPy does the
matrix algebra), rewritten where NumPy's printer lacks a node, and lambdified.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement

from derivations._claims.statement import Statement
from derivations._symbols.expr import Norm, Scalar


def numpy_ready(e: sp.Basic) -> sp.Basic:
    """Rewrite what NumPy's printer lacks, at concrete sizes: ``Scalar(M)`` as ``M[0, 0]``,
    ``Trace(M)`` as the sum of its diagonal, ``Norm(v)`` as sqrt(Σ v_i²)."""
    e = e.replace(lambda a: isinstance(a, Scalar), lambda a: MatrixElement(a.args[0], 0, 0))
    e = e.replace(lambda a: isinstance(a, sp.Trace),
                  lambda a: sp.Add(*[MatrixElement(a.arg, i, i) for i in range(a.arg.shape[0])]))
    return e.replace(lambda a: isinstance(a, Norm), lambda a: sp.sqrt(sp.Add(
        *[MatrixElement(a.args[0], i, 0) ** 2 for i in range(a.args[0].shape[0])])))


def lambdified(st_: Statement, expr: sp.Basic, sizes: int | Mapping[str, int], *,
               expand: bool = False):
    """``expr`` of an entry as ``f(**values)``: one array or float per declared symbol name it
    uses, listed sorted in ``f.names`` (definitions substituted first when ``expand``).

    ``sizes`` is one size for every dimension, or a size per dimension name; a dimension left
    out stays symbolic, and so do the matrices it sizes (the expression must not use them).
    """
    space = st_.space
    if isinstance(sizes, int):
        dims = {sym: sp.Integer(sizes) for sym, _ in space.dims.values()}
    else:
        dims = {sym: sp.Integer(sizes[name]) for name, (sym, _) in space.dims.items()
                if name in sizes}
    subs = {}
    for decl in space.decls.values():
        if isinstance(decl.symbol, sp.MatrixSymbol):
            rows, cols = (sp.sympify(x).xreplace(dims) for x in (decl.rows, decl.cols))
            if rows.is_Integer and cols.is_Integer:
                subs[decl.symbol] = sp.MatrixSymbol(decl.name, rows, cols)
    e = space.expand(expr) if expand else sp.sympify(expr)
    e = numpy_ready(e.xreplace({**dims, **subs}))
    scalars = [d.symbol for d in space.decls.values() if d.is_scalar]
    args = [a for a in [*subs.values(), *scalars] if e.has(a)]
    f = sp.lambdify(args, e, modules="numpy")

    def call(**values):
        vals = [np.asarray(values[str(a.name)], dtype=float).reshape(a.shape)
                if isinstance(a, sp.MatrixSymbol) else float(values[str(a.name)]) for a in args]
        return np.asarray(f(*vals), dtype=float)

    call.names = sorted(str(a.name) for a in args)
    return call
