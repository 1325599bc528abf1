"""Symbol declarations of a claims file, mapped onto the engine's typed symbols (:class:`Space`).

=================================  ==============================================================
declaration                        typed symbol
=================================  ==============================================================
``d = "dim"``                      a symbolic size, proved at 1, 2, 3 (``"dim(1, 2)"``: at those
                                   sizes; ``"dim(2, fixed)"``: the claim is about size 2 only)
``eta = "scalar"``                 a real scalar; options ``positive``, ``nonzero``,
                                   ``nonnegative``, ``probability`` (in (0, 1)), ``integer``
``t = "label"``                    a scalar label in {-1, +1} (both values enumerated)
``w = "vector(d)"``                a column vector; options ``nonzero``, ``unit``, ``positive``
``t = "labels(N)"``                N labels in {-1, +1}, a vector (``t[n]`` is one label)
``S_W = "matrix(d, d, spd)"``      a matrix; structure ``general``, ``symmetric``, ``spd``,
                                   ``psd``, ``diagonal``, ``positive_diagonal``,
                                   ``full_column_rank``, ``one_hot_rows``
``X = "samples(N, d)"``            N samples of dimension d, the rows of an N x d matrix;
                                   ``X[n]`` is the n-th sample as a column vector (1-based)
=================================  ==============================================================

A size is a declared dim, a whole number (at most 12) or ``dim + k``. A name used as a size
and not declared is declared as a dim. ``where`` conditions of a claim refine the declared
types for that claim only: ``"S_W is spd"``, ``"w is nonzero"``, ``"eta > 0"``,
``"c >= 0"``, ``"c != 0"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy as sp

from .._symbols.space import STRUCTURES, Space
from .errors import ClaimsError, Location
from .parser import Names, parse_expression

__all__ = ["Declaration", "parse_declaration", "Declarations", "condition"]

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_TYPE = re.compile(r"\s*([a-z_]+)\s*(?:\((.*)\))?\s*\Z", re.DOTALL)
_SCALAR_OPTS = ("positive", "nonzero", "nonnegative", "probability", "integer")
_VECTOR_OPTS = ("nonzero", "unit", "positive", "general")
_MATRIX_OPTS = tuple(sorted(STRUCTURES - {"labels", "nonzero", "unit", "positive"}))
_KINDS = ("dim", "scalar", "label", "vector", "labels", "matrix", "samples")
MAX_SIZES = 4
MAX_SYMBOLS = 40


@dataclass
class Declaration:
    """One declared name: its kind (dim, scalar, label, vector, labels, matrix, samples),
    its size expressions (as text), options, and where it was declared."""

    name: str
    kind: str
    sizes: list = field(default_factory=list)
    options: set = field(default_factory=set)
    dim_sizes: tuple = (1, 2, 3)
    where: Location = field(default_factory=Location)


def parse_declaration(name: str, text, where: Location) -> Declaration:
    if not _NAME.match(name) or name == "pi":
        raise ClaimsError(f"symbol name {name!r} must be a letter followed by letters, digits "
                          "or _ (and not pi)", where)
    if not isinstance(text, str):
        raise ClaimsError(f"the type of {name} must be a string such as \"vector(d)\"", where)
    m = _TYPE.match(text)
    if not m or m.group(1) not in _KINDS:
        raise ClaimsError(f"unknown type {text!r} for {name}; write one of dim, scalar, label, "
                          "vector(d), labels(N), matrix(m, n), samples(N, d), with options in "
                          "the brackets", where)
    kind = m.group(1)
    args = [a.strip() for a in m.group(2).split(",")] if m.group(2) is not None else []
    if any(not a for a in args):
        raise ClaimsError(f"empty argument in {text!r}", where)
    if kind == "dim":
        fixed = "fixed" in args
        nums = [a for a in args if a != "fixed"]
        if not all(re.fullmatch(r"\d{1,2}", a) and 1 <= int(a) <= 8 for a in nums) or len(nums) > MAX_SIZES:
            raise ClaimsError(f"dim({', '.join(args)}): give up to {MAX_SIZES} sizes 1..8 to prove "
                              "at, and optionally 'fixed'", where)
        sizes = tuple(sorted({int(a) for a in nums})) or (1, 2, 3)
        return Declaration(name, kind, options={"fixed"} if fixed else set(), dim_sizes=sizes,
                           where=where)
    n_sizes = {"scalar": 0, "label": 0, "vector": 1, "labels": 1, "matrix": 2, "samples": 2}[kind]
    sizes, opts = args[:n_sizes], set(args[n_sizes:])
    if len(sizes) != n_sizes:
        raise ClaimsError(f"{kind} needs {n_sizes} size(s): e.g. {_example(kind)}", where)
    allowed = {"scalar": _SCALAR_OPTS, "label": (), "vector": _VECTOR_OPTS, "labels": (),
               "matrix": _MATRIX_OPTS, "samples": ("full_column_rank", "general")}[kind]
    bad = opts - set(allowed)
    if bad:
        raise ClaimsError(f"unknown option {sorted(bad)[0]!r} for {kind}; allowed: "
                          f"{', '.join(allowed) or 'none'}", where)
    if kind in ("matrix", "samples") and len(opts) > 1:
        raise ClaimsError(f"a {kind} has one structure, got {sorted(opts)}", where)
    return Declaration(name, kind, sizes, opts, where=where)


def _example(kind: str) -> str:
    return {"vector": "vector(d)", "labels": "labels(N)", "matrix": "matrix(d, d, spd)",
            "samples": "samples(N, d)"}.get(kind, kind)


_CONDITION = re.compile(r"\s*([A-Za-z][A-Za-z0-9_]*)\s*(?:is\s+([a-z_]+)|(>=|>|!=)\s*0)\s*\Z")


def condition(text, decls: dict, where: Location) -> tuple[str, str]:
    """A ``where`` condition: (name, option) — ``"S_W is spd"``, ``"eta > 0"``, ``"c != 0"``."""
    m = _CONDITION.match(text) if isinstance(text, str) else None
    if not m:
        raise ClaimsError(f"condition {text!r} not understood; write 'NAME is STRUCTURE' "
                          "(spd, psd, symmetric, nonzero, ...) or 'NAME > 0', 'NAME >= 0', "
                          "'NAME != 0'", where)
    name = m.group(1)
    if name not in decls:
        raise ClaimsError(f"condition on {name!r}, which is not declared in [symbols]", where)
    opt = m.group(2) or {">": "positive", ">=": "nonnegative", "!=": "nonzero"}[m.group(3)]
    d = decls[name]
    allowed = {"scalar": _SCALAR_OPTS, "vector": _VECTOR_OPTS, "matrix": _MATRIX_OPTS,
               "samples": ("full_column_rank",)}.get(d.kind, ())
    if opt not in allowed:
        raise ClaimsError(f"{name} is a {d.kind}; a condition on it may say: "
                          f"{', '.join(allowed) or 'nothing'}", where)
    return name, opt


class Declarations:
    """The [symbols] table: declarations in order; :meth:`space` builds a fresh engine
    :class:`Space` (with ``where`` refinements) and the :class:`Names` an expression sees."""

    def __init__(self, table: dict, locate):
        if not isinstance(table, dict):
            raise ClaimsError("[symbols] must be a table of name = \"type\"", locate(None))
        if len(table) > MAX_SYMBOLS:
            raise ClaimsError(f"more than {MAX_SYMBOLS} symbols", locate(None))
        self.decls: dict[str, Declaration] = {}
        for name, text in table.items():
            self.decls[name] = parse_declaration(name, text, locate(text, key=name))
        # sizes name dims: declare the undeclared ones; a size must not name a non-dim
        for d in list(self.decls.values()):
            for s in d.sizes:
                for tok in re.findall(r"[A-Za-z][A-Za-z0-9_]*", s):
                    if tok not in self.decls:
                        self.decls[tok] = Declaration(tok, "dim", where=d.where)
                    elif self.decls[tok].kind != "dim":
                        raise ClaimsError(f"size {s!r} of {d.name} names {tok}, a {self.decls[tok].kind}, "
                                          "not a dim", d.where)

    def space(self, refine: dict | None = None, keep: set | None = None) -> tuple[Space, Names]:
        """A fresh Space with the declarations (only those named in ``keep``, and the dims
        their sizes use, when given: a claim's counterexample then lists only its own
        symbols) and the Names an expression sees (every declared name)."""
        refine = refine or {}
        s = Space()
        names = Names(space=s)
        if keep is not None:
            keep = set(keep)
            for d in self.decls.values():
                if d.name in keep:
                    keep |= {t for x in d.sizes for t in re.findall(r"[A-Za-z][A-Za-z0-9_]*", x)}
        for d in self.decls.values():
            if keep is not None and d.name not in keep:
                if d.kind != "dim":
                    names.symbols[d.name] = _undeclared(d)
                continue
            if d.kind == "dim":
                names.symbols[d.name] = s.dim(d.name, d.dim_sizes, fixed="fixed" in d.options)
                names.dims.add(d.name)
        for d in self.decls.values():
            if d.kind == "dim" or (keep is not None and d.name not in keep):
                continue
            r = set(refine.get(d.name, ()))
            # a structure condition replaces the declared structure; scalar options add up
            opts = (r or set(d.options)) if d.kind in ("vector", "matrix", "samples") else set(d.options) | r
            sizes = [self._size(x, names, d) for x in d.sizes]
            try:
                names.symbols[d.name] = self._declare(s, d, sizes, opts)
            except ValueError as exc:
                raise ClaimsError(f"{d.name}: {exc}", d.where) from None
            if d.kind == "samples":
                names.samples.add(d.name)
        return s, names

    @staticmethod
    def _size(text: str, names: Names, d: Declaration):
        v = parse_expression(text, Names({k: names.symbols[k] for k in names.dims}, dims=names.dims),
                             d.where)
        if isinstance(v, sp.Basic) and v.is_Integer and not 1 <= v <= 12:
            raise ClaimsError(f"size {text} of {d.name} must be 1..12 or a dim", d.where)
        if not (isinstance(v, sp.Expr) and v.is_integer and v.is_positive):
            raise ClaimsError(f"size {text!r} of {d.name} is not a positive whole number or dim", d.where)
        return v

    @staticmethod
    def _declare(s: Space, d: Declaration, sizes: list, opts: set):
        if d.kind == "scalar":
            return s.scalar(d.name, **{o: True for o in opts})
        if d.kind == "label":
            return s.scalar(d.name, label=True)
        if d.kind == "vector":
            return s.vector(d.name, sizes[0], **{o: True for o in opts if o != "general"})
        if d.kind == "labels":
            return s.vector(d.name, sizes[0], labels=True)
        structure = next(iter(opts - {"general"}), "general") if opts else "general"
        if len(opts - {"general"}) > 1:
            raise ValueError(f"conflicting structures {sorted(opts)}")
        return s.matrix(d.name, sizes[0], sizes[1], structure)


def _undeclared(d: Declaration):
    """A placeholder for a name the claim does not use (never reaches the engine)."""
    return sp.Symbol(f"__unused_{d.name}")
