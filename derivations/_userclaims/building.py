"""From a loaded claims file to engine claims: each [[claim]] one claim, each [[derivation]]
one claim per step (the step against the one before it), each on a fresh :class:`Space`
built from the declarations with the item's ``where`` refinements and the file's definitions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

import sympy as sp

from .._claims.claims import Equal, Exists, Rel
from .._symbols.expr import Grad
from .._symbols.nodes import lazy
from .._symbols.space import DefinitionCycle
from .declarations import condition, parse_declaration
from .errors import ClaimsError, Location
from .loader import ClaimsFile, Item
from .mentions import mentioned
from .parser import Names, Relation, parse_expression
from .reality import check_real

__all__ = ["Built", "build_item"]

_STEP_OP = re.compile(r"\s*(<=|>=|==|=|<|>)(?!=)")
_STEP_OP_LATEX = re.compile(r"\s*(\\leq?|\\geq?|=|<|>)(?![a-zA-Z])")
_LATEX_OPS = {"\\leq": "<=", "\\le": "<=", "\\geq": ">=", "\\ge": ">="}


@dataclass
class Built:
    """One checkable claim: ``label`` for the report, the claim, its space; ``step`` is the
    1-based step number of a derivation (None for a claim); ``texts`` the source texts."""

    label: str
    claim: object
    space: object
    step: int | None = None
    texts: tuple = ()
    where: Location | None = None


def _space(cf: ClaimsFile, item: Item, keep: set | None = None):
    refine: dict = {}
    for i, c in enumerate(item.data.get("where", [])):
        name, opt = condition(c, cf.declarations.decls, item.where_of("where", i))
        refine.setdefault(name, set()).add(opt)
    space, names = cf.declarations.space(refine, keep)
    own = [(k, v, item.where_of("definitions", k)) for k, v in item.data.get("definitions", {}).items()]
    for name, text, where in [*cf.definitions, *own]:
        if keep is not None and name not in keep:
            continue  # a definition of a symbol this item does not use
        if name not in names.symbols or name in names.dims:
            raise ClaimsError(f"definition of {name!r}: define a symbol declared in [symbols] "
                              "(not a dim)", where)
        value = parse_expression(text, names, where)
        sym = names.symbols[name]
        if isinstance(sym, sp.MatrixSymbol) != isinstance(value, (sp.MatrixBase, sp.MatrixExpr)):
            raise ClaimsError(f"definition of {name}: one side is a matrix, the other a scalar", where)
        if isinstance(sym, sp.MatrixSymbol) and (sp.expand(sym.shape[0] - value.shape[0]) != 0
                                                  or sp.expand(sym.shape[1] - value.shape[1]) != 0):
            raise ClaimsError(f"definition of {name}: shape {value.shape} is not {sym.shape}", where)
        if any(s == sym for s, _v, _w in space.definitions):
            raise ClaimsError(f"{name} is defined twice", where)
        try:
            space.define(sym, lazy(value), f"{name} = {text}")
        except DefinitionCycle as exc:
            texts = {n: t for n, t, _w in [*cf.definitions, *own]}
            chain = " → ".join(exc.cycle)
            used = "; ".join(f'{n} = "{texts[n]}"' for n in exc.cycle[:-1] if n in texts)
            raise ClaimsError(f"the definitions form a cycle, {chain} (each uses the next: "
                              f"{used}); a symbol may not be defined through itself, so the "
                              "claims would be meaningless — remove or rewrite one of these "
                              "definitions", where) from None
    return space, names


def _same_kind(a, b, where: Location):
    am = isinstance(a, (sp.MatrixBase, sp.MatrixExpr))
    bm = isinstance(b, (sp.MatrixBase, sp.MatrixExpr))
    if am != bm:
        m = a if am else b
        if tuple(m.shape) == (1, 1):  # a 1 x 1 matrix against a scalar: the engine reads it as one
            return
        raise ClaimsError("one side is a matrix and the other a scalar", where)
    if am and (sp.expand(a.shape[0] - b.shape[0]) != 0 or sp.expand(a.shape[1] - b.shape[1]) != 0):
        raise ClaimsError(f"the sides have shapes {a.shape} and {b.shape}", where)


def _relation_claim(lhs, op: str, rhs, where: Location, space=None, certificate=None):
    check_real((lhs, rhs), where)  # sqrt(-1), log(0): not a claim about real numbers
    _same_kind(lhs, rhs, where)
    if space is not None:
        defined = {s for s, _v, _w in space.definitions}
        for side in (lhs, rhs):
            for g in side.atoms(Grad):
                if g.args[1] in defined:
                    raise ClaimsError(f"grad with respect to {g.args[1]}, which [definitions] "
                                      "defines: differentiate w.r.t. a free symbol", where)
    if op in ("==", "="):
        return Equal(lazy(lhs), lazy(rhs))
    if isinstance(lhs, (sp.MatrixBase, sp.MatrixExpr)):
        raise ClaimsError(f"'{op}' compares scalars", where)
    if certificate is not None and isinstance(certificate, (sp.MatrixBase, sp.MatrixExpr)):
        raise ClaimsError("a certificate is a scalar: the gap of the relation", where)
    # a certificate C says: the gap (rhs - lhs for <=) equals C identically, and C is manifestly
    # >= 0 (> 0 for strict); the engine checks both, as for the catalog's Rel(..., certificate=)
    return Rel(lazy(lhs), op, lazy(rhs), certificate=None if certificate is None else lazy(certificate))


def _names(e) -> set:
    return {str(getattr(a, "name", a)) for a in e.atoms(sp.Symbol, sp.MatrixSymbol)}


def _used(built: list[Built]) -> set:
    """Names of the declared symbols the claims use, and those their definitions use,
    transitively (a definition nothing reaches is left out)."""
    out: set = set()
    for b in built:
        exprs = list(b.claim.constraints) if isinstance(b.claim, Exists) else list(b.claim.sides())
        for f in fields(b.claim):  # a certificate, factor, function or variable: other names
            v = getattr(b.claim, f.name)
            if isinstance(v, sp.Basic):
                exprs.append(v)
        for e in exprs:
            out |= _names(e)
    defs = [(str(sym), value) for sym, value, _why in built[0].space.definitions] if built else []
    grew = True
    while grew:
        grew = False
        for name, value in defs:
            if name in out and not _names(value) <= out:
                out |= _names(value)
                grew = True
    return out


def build_item(cf: ClaimsFile, item: Item) -> list[Built]:
    """The engine claims of one [[claim]] or [[derivation]] (answers: see :mod:`.answers`),
    each on a space that declares only the symbols the item uses."""
    try:
        full = _build(cf, item, None)
        try:
            return _build(cf, item, _used(full) | mentioned(item.data))  # (names that cancelled too)
        except ClaimsError:
            # a name SymPy cancelled while building (inv(B.T @ B) @ B.T @ B is I) is still
            # in the text: declared as unused it no longer parses; keep every declaration
            return full
    except ClaimsError:
        raise
    except Exception as exc:  # noqa: BLE001 - a claim the engine cannot hold is malformed input
        raise ClaimsError(f"{item.kind} {item.name!r} cannot be built: {type(exc).__name__}: {exc}",
                          item.where) from None


def _build(cf: ClaimsFile, item: Item, keep: set | None) -> list[Built]:
    space, names = _space(cf, item, keep)
    d = item.data
    latex = d.get("syntax") == "latex"
    if latex:
        from .latex import parse_latex_expression as parse_expression
    else:
        from .parser import parse_expression
    if item.kind == "claim":
        if "lhs" in d:
            lhs = parse_expression(d["lhs"], names, item.where_of("lhs"))
            rhs = parse_expression(d["rhs"], names, item.where_of("rhs"))
            claim = _relation_claim(lhs, "==", rhs, item.where_of("lhs"), space)
            texts = (d["lhs"], "=", d["rhs"])
        elif "relation" in d:
            r = parse_expression(d["relation"], names, item.where_of("relation"), relation=True)
            if not isinstance(r, Relation):
                raise ClaimsError("a relation needs one of < <= > >= ==, e.g. 'x**2 + 1 >= 2*x'",
                                  item.where_of("relation"))
            cert = (parse_expression(d["certificate"], names, item.where_of("certificate"))
                    if "certificate" in d else None)
            if cert is not None and r.op == "==":
                raise ClaimsError("a certificate goes with < <= > >=, not ==", item.where_of("certificate"))
            claim = _relation_claim(r.lhs, r.op, r.rhs, item.where_of("relation"), space, cert)
            texts = (d["relation"],)
        elif "exists" not in d:  # psd, iff, same_sign, stationary, eigenpair
            from .vocabulary import build

            claim, texts = build(d, item, names, parse_expression)
        else:
            claim = _exists(d, item, names)
            texts = (f"exists {', '.join(d['exists'])}: " + "; ".join(d["constraints"]),)
        return [Built(item.name, claim, space, None, texts, item.where)]
    steps = []
    prev = None
    for i, s in enumerate(d["steps"]):
        text = s["expr"] if isinstance(s, dict) else s
        where = item.where_of("steps", i)
        op = "="
        m = (_STEP_OP_LATEX if latex else _STEP_OP).match(text)
        if m:
            if i == 0:
                raise ClaimsError("the first step is an expression; later steps may start "
                                  "with = <= >= < >", where)
            op = _LATEX_OPS.get(m.group(1), m.group(1))
            where = where.at(1, m.end() + 1)
            text = text[m.end():]
        e = parse_expression(text, names, where)
        text = text.strip()
        cert = None
        if isinstance(s, dict) and "certificate" in s:
            if op in ("=", "=="):
                raise ClaimsError("a certificate goes with a step that starts with < <= > >=",
                                  item.where_of("steps", i))
            cert = parse_expression(s["certificate"], names, item.where_of("steps", i))
        if prev is not None:
            why = s.get("why", "") if isinstance(s, dict) else ""
            label = f"{item.name}: step {i}" + (f" ({why})" if why else "")
            steps.append(Built(label, _relation_claim(prev[0], "==" if op == "=" else op, e, where,
                                                      space, cert),
                               space, i, (prev[1], op, text), where))
        prev = (e, text)
    return steps


def _exists(d: dict, item: Item, names: Names):
    bound = {}
    for name, typ in d["exists"].items():
        where = item.where_of("exists", name)
        decl = parse_declaration(name, typ, where)
        if name in names.symbols:
            raise ClaimsError(f"bound name {name!r} is already declared in [symbols]", where)
        if decl.kind == "scalar" and not decl.options:
            bound[name] = sp.Symbol(name, real=True)
        elif decl.kind == "vector" and not decl.options:
            size = parse_expression(decl.sizes[0], Names({k: names.symbols[k] for k in names.dims}),
                                    where)
            bound[name] = sp.MatrixSymbol(name, size, 1)
        else:
            raise ClaimsError("a bound name is a plain scalar or vector(n); put conditions such "
                              "as 'a >= 0' in the constraints", where)
    inner = Names({**names.symbols, **bound}, names.samples, names.dims)
    cons = []
    for i, c in enumerate(d["constraints"]):
        where = item.where_of("constraints", i)
        r = parse_expression(c, inner, where, relation=True)
        if not isinstance(r, Relation):
            raise ClaimsError("a constraint is a relation such as 'a + b >= 1'", where)
        if isinstance(r.lhs, (sp.MatrixBase, sp.MatrixExpr)) or isinstance(r.rhs, (sp.MatrixBase, sp.MatrixExpr)):
            raise ClaimsError("a constraint compares scalars (write one per entry)", where)
        op = {"==": sp.Eq, "<=": sp.Le, ">=": sp.Ge, "<": sp.Lt, ">": sp.Gt}[r.op]
        cons.append(op(r.lhs, r.rhs, evaluate=False))
    return Exists(tuple(bound.values()), cons)
