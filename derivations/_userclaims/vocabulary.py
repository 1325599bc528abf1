"""The rest of the catalog's claim vocabulary in a claims file's ``[[claim]]``: one key per
kind, beside ``lhs``/``rhs``, ``relation`` and ``exists``.

=====================================================  =========================================
``psd = "X.T @ X"`` (``factor = "X"`` optional)        the square matrix is positive
                                                       semidefinite (``IsPSD``); with a factor F
                                                       the claim is M = Fᵀ F, a proof at once
``iff = ["w.T @ x + b >= 0", "-(w.T @ x) <= b"]``      two relations hold together (``Iff``)
``same_sign = ["y", "r"]``, ``factor = "norm(w)"``     a = factor · b with the factor manifestly
                                                       positive: the same sign (``SameSign``)
``stationary = {f = "...", var = "w", point = "..."}`` the gradient of f w.r.t. the declared
                                                       vector var vanishes at the point
                                                       (``Stationary``)
``eigenpair = {matrix = "A", vector = "v",             A v = λ v (``EigenPair``)
value = "lam"}``
=====================================================  =========================================
"""

from __future__ import annotations

import sympy as sp

from .errors import ClaimsError

__all__ = ["FORMS", "KEYS", "validate", "build"]

FORMS = ("psd", "iff", "same_sign", "stationary", "eigenpair")
#: every key these forms may use
KEYS = {*FORMS, "factor"}
_PARTS = {"stationary": ("f", "var", "point"), "eigenpair": ("matrix", "vector", "value")}


def _is_matrix(e) -> bool:
    return isinstance(e, (sp.MatrixBase, sp.MatrixExpr))


def validate(d: dict, where_of) -> None:
    """Types and shapes of the keys (the loader's check; nothing is parsed here)."""
    for k in ("psd",):
        if k in d and not isinstance(d[k], str):
            raise ClaimsError(f"{k} must be a string: the matrix", where_of(k))
    for k in ("iff", "same_sign"):
        if k in d and not (isinstance(d[k], list) and len(d[k]) == 2
                           and all(isinstance(x, str) for x in d[k])):
            raise ClaimsError(f"{k} must be a list of two strings", where_of(k))
    for k, parts in _PARTS.items():
        if k in d:
            v = d[k]
            if not (isinstance(v, dict) and set(v) == set(parts) and all(isinstance(x, str) for x in v.values())):
                table = ", ".join(p + ' = "..."' for p in parts)
                raise ClaimsError(f"{k} must be a table {{{table}}}", where_of(k))
    if "factor" in d:
        if not isinstance(d["factor"], str):
            raise ClaimsError("factor must be a string", where_of("factor"))
        if not ("psd" in d or "same_sign" in d):
            raise ClaimsError("factor goes with psd or same_sign", where_of("factor"))
    if "same_sign" in d and "factor" not in d:
        raise ClaimsError("same_sign needs factor = \"...\": the positive c with a = c * b",
                          where_of("same_sign"))


def build(d: dict, item, names, parse_expression):
    """The claim of one of :data:`FORMS`, and its texts for the report."""
    from .._claims.claims import EigenPair, Iff, IsPSD, SameSign, Stationary
    from .._symbols.nodes import lazy
    from .parser import Relation

    w = item.where_of

    def expr(text, key, sub=None):
        return parse_expression(text, names, w(key, sub))

    if "psd" in d:
        m = expr(d["psd"], "psd")
        if not _is_matrix(m) or sp.expand(m.shape[0] - m.shape[1]) != 0:
            raise ClaimsError("psd takes a square matrix", w("psd"))
        f = expr(d["factor"], "factor") if "factor" in d else None
        if f is not None and (not _is_matrix(f) or sp.expand(f.shape[1] - m.shape[0]) != 0):
            raise ClaimsError(f"the factor F of M = F.T @ F has {m.shape[0]} columns", w("factor"))
        return IsPSD(lazy(m), None if f is None else lazy(f)), (f"{d['psd']} is PSD",)
    if "iff" in d:
        rels = []
        for i, text in enumerate(d["iff"]):
            r = parse_expression(text, names, w("iff", i), relation=True)
            if not isinstance(r, Relation) or _is_matrix(r.lhs) or _is_matrix(r.rhs):
                raise ClaimsError("each side of iff is a scalar relation such as 'a >= 0'", w("iff", i))
            op = {"==": sp.Eq, "<=": sp.Le, ">=": sp.Ge, "<": sp.Lt, ">": sp.Gt}[r.op]
            rels.append(op(lazy(r.lhs), lazy(r.rhs), evaluate=False))
        return Iff(*rels), (f"{d['iff'][0]}  iff  {d['iff'][1]}",)
    if "same_sign" in d:
        a, b = (expr(t, "same_sign", i) for i, t in enumerate(d["same_sign"]))
        c = expr(d["factor"], "factor")
        if any(_is_matrix(x) for x in (a, b, c)):
            raise ClaimsError("same_sign compares scalars, with a scalar factor", w("same_sign"))
        return SameSign(lazy(a), lazy(b), lazy(c)), (f"sign({d['same_sign'][0]}) = sign({d['same_sign'][1]})",)
    if "stationary" in d:
        s = d["stationary"]
        var = names.symbols.get(s["var"].strip())
        if not isinstance(var, sp.MatrixSymbol):
            raise ClaimsError("stationary: var is a declared vector or matrix", w("stationary", "var"))
        f, pt = expr(s["f"], "stationary", "f"), expr(s["point"], "stationary", "point")
        if _is_matrix(f) or not _is_matrix(pt) or tuple(pt.shape) != tuple(var.shape):
            raise ClaimsError(f"stationary: f is a scalar and the point has the shape of {s['var']}",
                              w("stationary"))
        return Stationary(lazy(f), var, lazy(pt)), (f"grad({s['f']}, {s['var']}) = 0 at {s['point']}",)
    e = d["eigenpair"]
    a, v, lam = (expr(e[k], "eigenpair", k) for k in ("matrix", "vector", "value"))
    if not (_is_matrix(a) and _is_matrix(v)) or _is_matrix(lam) or v.shape[1] != 1:
        raise ClaimsError("eigenpair: a square matrix, a column vector and a scalar", w("eigenpair"))
    return EigenPair.of(lazy(a), lazy(v), lazy(lam)), (f"{e['matrix']} {e['vector']} = {e['value']} {e['vector']}",)
