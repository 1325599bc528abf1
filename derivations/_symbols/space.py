"""Typed symbols, and how each method instantiates them.

A catalog entry declares its symbols on a :class:`Space`::

    s = Space()
    d = s.dim("d")                          # symbolic size, instantiated at 1, 2, 3
    w = s.vector("w", d, nonzero=True)      # MatrixSymbol(w, d, 1)
    S = s.matrix("S_W", d, d, "spd")        # symmetric positive definite
    b = s.scalar("b")                       # real
    t = s.scalar("t", label=True)           # a label in {-1, +1}

The declarations drive every method:

* **symbolic** keeps the ``MatrixSymbol``s (dimension-free);
* **components** (:meth:`Space.components`) replaces each by an explicit matrix of entry
  symbols at concrete sizes, with structure built in (a symmetric matrix shares
  symbols); *discrete* types (labels, one-hot rows) are enumerated exhaustively, so a
  components proof covers every labelling at that size that the declaration allows
  (:meth:`Space.discrete_allowed`: both classes present unless ``allow_empty``) — the same
  labellings exact random draws from;
* **exact random** (:meth:`Space.random_values`) draws exact rationals that satisfy
  the assumptions by construction (SPD as ``L L^T + I``, unit vectors by stereographic
  projection, one-hot rows, ±1 labels), never by rejection of the property itself.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field, replace

import flint
import sympy as sp
from sympy import QQ, ZZ
from sympy.polys.matrices import DomainMatrix
from sympy.polys.matrices.sdm import SDM
from sympy.matrices.expressions.matexpr import MatrixElement

from . import sympy_order  # noqa: F401 - SymPy's assumption queries in one fixed order
from . import sympy_sums  # noqa: F401 - the free symbols of a Sum kept per expression

from .expr import Grad

__all__ = ["Space", "Decl", "Instance", "STRUCTURES", "expand_definitions", "draw_set_size",
           "DefinitionCycle", "dependency_order"]

STRUCTURES = frozenset({
    "general", "symmetric", "spd", "psd", "diagonal", "positive_diagonal",
    "full_column_rank", "one_hot_rows", "labels", "nonzero", "unit", "positive",
})

#: The most discrete assignments (labellings) a components proof enumerates at one size.
MAX_ENUMERATION = 64
#: Instantiated expressions kept per Space (see ``Instance.memo``); emptied when full.
MEMO_SIZE = 4096


@dataclass
class Decl:
    """One declared symbol: its SymPy object, its type and its structure."""

    name: str
    symbol: sp.Basic
    rows: sp.Expr | int | None = None  # None for scalars
    cols: sp.Expr | int | None = None
    structure: str = "general"
    assumptions: dict = field(default_factory=dict)

    @property
    def is_scalar(self) -> bool:
        return self.rows is None

    @property
    def discrete(self) -> bool:
        return (self.structure in ("one_hot_rows", "labels")
                or (self.is_scalar and self.assumptions.get("label", False)))


@dataclass
class Instance:
    """One instantiation at concrete sizes: the mapping for ``xreplace`` and its entry symbols."""

    sizes: dict
    mapping: dict  # MatrixSymbol / dim Symbol / scalar Symbol -> explicit value or entry matrix
    entries: dict  # decl name -> list of entry Symbols (free, to be given values)
    discrete: dict  # decl name -> concrete value used for a discrete decl (labels, one-hot)
    definitions: list = field(default_factory=list)  # [(symbol, expression)], applied first
    #: Shared by the instances of one :class:`Space` whose continuous declarations are entry
    #: symbols (components, random discrete values): instantiating an expression is a pure
    #: function of the expression, the sizes, the discrete values and the definitions, so the
    #: methods, the claims of an entry and the mutants of its diagnosis reuse each other's
    #: (a side shared by several claims is differentiated once). None: never cached (the
    #: instances of exact random points, which hold the point's values).
    memo: dict | None = field(default=None, repr=False, compare=False)
    memo_key: tuple | None = field(default=None, repr=False, compare=False)
    #: Values of the entry symbols left in an exact random point's instance (the variables a
    #: claim differentiates): gradients are evaluated there (see :func:`explicit`). None:
    #: gradients stay functions of the entry symbols.
    point: dict | None = field(default=None, repr=False, compare=False)
    #: Instantiated nodes of this instance, shared by every expression it instantiates (the
    #: two sides of a claim, its denominators, a sub-expression met twice); a function of
    #: the node and the mapping, so never copied to another instance (``init=False``).
    _nodes: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _at_nodes: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _rational: object = field(default=None, init=False, repr=False, compare=False)
    #: The exponentials met at this components instance, as generators of its ring
    #: (:class:`~.exponentials.ExpGenerators`): copied by :meth:`fresh`, so a generator means
    #: the same function in every case of a sign split.
    exps: object = field(default=None, repr=False, compare=False)

    def __call__(self, expr: sp.Basic) -> sp.Basic:
        """Instantiate ``expr`` (dimension-free) at these sizes."""
        memo = self.memo
        if memo is None or self.memo_key is None:
            return self._instantiate(expr)
        try:
            key = (expr, self.memo_key, tuple(self.definitions))
            got = memo.get(key)
        except TypeError:  # an unhashable argument
            return self._instantiate(expr)
        if got is None:
            got = self._instantiate(expr)
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[key] = got
        return got

    def _instantiate(self, expr: sp.Basic) -> sp.Basic:
        out = explicit(expand_definitions(sp.sympify(expr), self.definitions), self.mapping,
                       self.point, self._nodes, self._at_nodes)
        if isinstance(out, sp.MatrixBase):
            return sp.ImmutableMatrix(out.applyfunc(_evaluate))
        if isinstance(out, sp.MatrixExpr):
            return sp.ImmutableMatrix(out.doit().as_explicit()).applyfunc(_evaluate)
        return _evaluate(out)

    def fresh(self) -> "Instance":
        """This instance with nothing computed yet: its own flint evaluator and nodes (a case
        of :func:`.cases.by_cases` must not reuse values computed under another's signs)."""
        return replace(self)

    def without_point(self) -> "Instance":
        """This instance with its gradients left as functions of the entry symbols."""
        return replace(self, point=None) if self.point is not None else self

    def free(self) -> list[sp.Symbol]:
        return [s for syms in self.entries.values() for s in syms]


def _is_explicit(m) -> bool:
    return isinstance(m, sp.MatrixBase)


def _matmul(e, args):
    scalars = [a for a in args if not isinstance(a, (sp.MatrixBase, sp.MatrixExpr))]
    mats = [a for a in args if isinstance(a, (sp.MatrixBase, sp.MatrixExpr))]
    if not mats or not all(map(_is_explicit, mats)):
        return None
    prod = mats[0]
    for m in mats[1:]:
        if prod.shape[1] != m.shape[0]:
            raise sp.ShapeError(f"matrix product of shapes {prod.shape} and {m.shape}")
        prod = prod * m
    c = sp.Mul(*scalars)
    return sp.ImmutableMatrix(prod if c == 1 else prod * c)


def _matadd(e, args):
    if not all(map(_is_explicit, args)):
        return None
    total = args[0]
    for m in args[1:]:
        total = total + m
    return sp.ImmutableMatrix(total)


def _sized(make):
    def handler(e, args):
        if not all(getattr(a, "is_Integer", False) for a in args):
            return None
        return make(*(int(a) for a in args))
    return handler


def _inverse(e, args):
    from .nodes import Inv  # adj(M)/det(M); an exactly singular M raises, never divides by 0

    (m, *_) = args
    return Inv(m) if _is_explicit(m) and m.shape[0] == m.shape[1] else None


def _function_matrix(e, args):
    rows, cols, lamda = args
    if not (getattr(rows, "is_Integer", False) and getattr(cols, "is_Integer", False)):
        return None
    # What FunctionMatrix.as_explicit() builds; without it every product with the matrix is
    # expanded entry by entry through SymPy's Sum (MatMul._entry), seconds per product.
    return sp.ImmutableMatrix(int(rows), int(cols),
                              lambda i, j: lamda(sp.Integer(i), sp.Integer(j)))


def _element(e, args):
    parent, i, j = args
    if _is_explicit(parent) and getattr(i, "is_Integer", False) and getattr(j, "is_Integer", False):
        return parent[int(i), int(j)]
    return None


#: Matrix nodes multiplied out directly once their arguments are explicit: SymPy's own
#: ``doit`` on them runs its canonicalisation rules at every node (most of the time of the
#: instantiated methods). Any other node is rebuilt from its instantiated arguments and
#: evaluates itself (``Grad``, ``Norm``, ``Scalar``, the nodes of :mod:`.nodes`), or is
#: left to :func:`_evaluate`; ``tests/derivations/symbols/test_space.py`` checks the result
#: against SymPy's ``xreplace(...).doit()`` on every catalog claim.
_HANDLERS = {
    sp.MatMul: _matmul,
    sp.MatAdd: _matadd,
    sp.Transpose: lambda e, a: a[0].T if _is_explicit(a[0]) else None,
    sp.Inverse: _inverse,
    sp.MatPow: lambda e, a: (sp.ImmutableMatrix(a[0] ** a[1])
                             if _is_explicit(a[0]) and getattr(a[1], "is_Integer", False)
                             and (a[1] >= 0 or a[0].det(method="berkowitz") != 0) else None),
    sp.Trace: lambda e, a: a[0].trace() if _is_explicit(a[0]) else None,
    sp.Determinant: lambda e, a: a[0].det(method="berkowitz") if _is_explicit(a[0]) else None,
    sp.Identity: _sized(lambda n: sp.ImmutableMatrix.eye(n)),
    sp.ZeroMatrix: _sized(lambda m, n: sp.ImmutableMatrix.zeros(m, n)),
    MatrixElement: _element,
    sp.FunctionMatrix: _function_matrix,
    Grad: lambda e, a: Grad(*a).scalar_partial() if isinstance(a[1], sp.Symbol) else None,
}


def explicit(expr: sp.Basic, mapping: dict, point: dict | None = None,
             memo: dict | None = None, at_memo: dict | None = None) -> sp.Basic:
    """``expr.xreplace(mapping)`` with its matrix algebra carried out bottom-up on explicit
    matrices (see :data:`_HANDLERS`).

    ``point``: values of the entry symbols left in the instance (an exact random point's
    differentiated variables). An outermost ``Grad`` is then evaluated at the point by
    forward mode (:meth:`Grad.at`) instead of being differentiated symbolically; everything
    below it (a ``Grad`` inside it too) is instantiated symbolically, for it to differentiate.

    ``memo``, ``at_memo``: instantiated nodes kept across calls with the same mapping and
    point (an :class:`Instance`'s)."""
    memo = {} if memo is None else memo

    def go(e):
        if e in mapping:
            return mapping[e]
        if not isinstance(e, sp.Basic) or not e.args:
            return e
        if isinstance(e, sp.MatrixBase):  # a block grid or a matrix of expressions: entry-wise
            # (through go, not xreplace: an entry such as (X w)[0, 0] is then read off the
            # explicit product, never expanded by SymPy through Sum in _evaluate)
            return e.applyfunc(go)
        got = memo.get(e)
        if got is None:
            got = memo[e] = rebuild(e, [go(a) for a in e.args], go)
        return got

    at_memo = {} if at_memo is None else at_memo

    def at_point(e):
        if not isinstance(e, sp.Basic) or not e.has(Grad):
            return go(e)
        if isinstance(e, sp.MatrixBase):
            return e.applyfunc(at_point)
        got = at_memo.get(e)
        if got is None:
            if type(e) is Grad:
                f, v = go(e.args[0]), go(e.args[1])
                got = Grad.at(f, v, point)
                if got is None:  # refused: the symbolic gradient (the point substituted later)
                    got = Grad(f, v)
            else:
                got = rebuild(e, [at_point(a) for a in e.args], at_point)
            at_memo[e] = got
        return got

    return go(expr) if point is None else at_point(expr)


def rebuild(e: sp.Basic, args: list, go) -> sp.Basic:
    """``e`` from its instantiated ``args`` (``go`` instantiates the terms of a finite Sum)."""
    if type(e) is sp.Sum:
        terms = _finite_terms(args)
        if terms is not None:
            return sp.Add(*[go(t) for t in terms])
    handler = _HANDLERS.get(type(e))
    out = handler(e, args) if handler is not None else None
    if out is None:
        out = e.func(*args) if any(a is not b for a, b in zip(args, e.args)) else e
    return out


def _finite_terms(args) -> list | None:
    """The terms of a ``Sum`` whose limits instantiation made concrete, or None.

    A claim can hold a ``Sum`` with a symbolic bound (SymPy writes an entry of a product of
    matrix symbols as one, e.g. (X w)[n, 0] as Σ_i X[n, i] w[i, 0]); once the bounds are
    integers it is the plain finite sum of its terms, which SymPy's ``Sum.doit`` would only
    reach after trying closed forms. Empty ranges are 0; reversed ones are left to SymPy."""
    function, *limits = args
    ranges = []
    for lim in limits:
        var, lo, hi = lim
        if not (getattr(lo, "is_Integer", False) and getattr(hi, "is_Integer", False)) or hi < lo - 1:
            return None
        ranges.append((var, range(int(lo), int(hi) + 1)))
    terms = [function]
    for var, values in ranges:  # innermost first
        terms = [t.xreplace({var: sp.Integer(v)}) for t in terms for v in values]
    return terms


def _evaluate(e: sp.Basic) -> sp.Basic:
    """Evaluate what instantiation left unevaluated (``Trace`` or entries of explicit matrices)."""
    if isinstance(e, sp.Basic) and e.has(sp.Trace, MatrixElement, sp.MatrixExpr):
        e = e.doit()
        if isinstance(e, sp.MatrixBase) and e.shape == (1, 1):
            e = e[0, 0]
    return e


#: expand_definitions' results: every exact random point of a claim expands the same sides.
_EXPANDED: dict = {}


def expand_definitions(expr: sp.Basic, definitions: list) -> sp.Basic:
    """Substitute defined symbols: latest definition first, through a list in dependency
    order (each definition after the ones its value uses, :func:`dependency_order`, as
    :meth:`Space.define` keeps it), so one pass substitutes to the fixed point."""
    if not definitions:
        return expr
    try:
        key = (expr, tuple(definitions))
        got = _EXPANDED.get(key)
    except TypeError:  # an unhashable argument
        key = got = None
    if got is None:
        got = expr
        for sym, value in reversed(definitions):
            got = got.xreplace({sym: value})
        if key is not None:
            if len(_EXPANDED) >= MEMO_SIZE:
                _EXPANDED.clear()
            _EXPANDED[key] = got
    return got


class DefinitionCycle(ValueError):
    """Definitions that use themselves, directly or through others: ``cycle`` holds the
    names in order, the first repeated last (``["b", "a", "b"]``: b uses a, a uses b)."""

    def __init__(self, cycle: list):
        self.cycle = list(cycle)
        super().__init__("define(): the definitions form a cycle, " + " → ".join(self.cycle)
                         + " (each uses the next); a symbol may not be defined through itself: "
                         "remove or rewrite one of these definitions")


def _atoms(value) -> set:
    return sp.sympify(value).atoms(sp.Symbol, sp.MatrixSymbol) if isinstance(value, sp.Basic) else set()


def _defined_used(value, definitions) -> list:
    """The defined symbols ``value`` uses directly."""
    atoms = _atoms(value)
    return [s for s, *_ in definitions if s in atoms]


def dependency_order(definitions: list) -> list:
    """``definitions`` (tuples whose first two items are symbol and value) reordered so
    that each comes after every definition its value uses; otherwise in the given order (a
    list already in that order is returned as it is). The list must be acyclic."""
    placed: list = []
    done: set = set()
    rest = list(definitions)
    uses = [set(_defined_used(d[1], definitions)) for d in rest]
    pending = list(zip(rest, uses))
    while pending:
        for i, (d, u) in enumerate(pending):
            if u <= done:
                placed.append(d)
                done.add(d[0])
                del pending[i]
                break
        else:  # a cycle: Space.define refuses one before it is stored
            raise DefinitionCycle([str(d[0]) for d, _u in pending] + [str(pending[0][0][0])])
    return placed


class Space:
    """The typed symbols of one claim; see the module docstring."""

    def __init__(self, sizes: dict | None = None):
        self.definitions: list[tuple[sp.Basic, sp.Basic, str]] = []
        self.decls: dict[str, Decl] = {}
        self.dims: dict[str, tuple[sp.Symbol, tuple[int, ...]]] = {}
        self.fixed_dims: set[sp.Symbol] = set()
        self._default_sizes = sizes or {}
        self._memo: dict = {}
        self._entries_memo: dict = {}
        self._sizes_memo: dict = {}  # (size expression, sizes) -> int: every point asks

    # -- declarations ---------------------------------------------------------------
    def dim(self, name: str, sizes: tuple[int, ...] = (1, 2, 3), *, fixed: bool = False) -> sp.Symbol:
        """A symbolic size. The components method proves the claim at each of ``sizes``;
        exact random also samples larger sizes (a claim can hold at every small size and fail
        beyond), unless ``fixed`` says the claim is *about* exactly these sizes (e.g. K = 2)."""
        if name in self.dims:
            return self.dims[name][0]
        sym = sp.Symbol(name, integer=True, positive=True)
        self.dims[name] = (sym, tuple(self._default_sizes.get(name, sizes)))
        if fixed:
            self.fixed_dims.add(sym)
        return sym

    def _add(self, decl: Decl):
        if decl.name in self.decls:
            raise ValueError(f"symbol {decl.name!r} declared twice in one claim")
        if decl.structure not in STRUCTURES:
            raise ValueError(f"unknown structure {decl.structure!r}; choose from {sorted(STRUCTURES)}")
        self.decls[decl.name] = decl
        return decl.symbol

    def scalar(self, name: str, *, positive: bool = False, nonzero: bool = False,
               label: bool = False, probability: bool = False, integer: bool = False,
               nonnegative: bool = False) -> sp.Symbol:
        """A real scalar with assumptions (positive, nonzero, a ±1 label, a probability in (0,1))."""
        kw = {"real": True}
        if positive or probability:
            kw["positive"] = True
        if nonzero or label:
            kw["nonzero"] = True
        if integer:
            kw["integer"] = True
        if nonnegative:
            kw["nonnegative"] = True
        sym = sp.Symbol(name, **kw)
        return self._add(Decl(name, sym, assumptions={
            "positive": positive, "nonzero": nonzero, "label": label,
            "probability": probability, "integer": integer, "nonnegative": nonnegative}))

    def vector(self, name: str, dim: sp.Expr | int, *, nonzero: bool = False,
               unit: bool = False, labels: bool = False, positive: bool = False,
               allow_empty: bool = False) -> sp.MatrixSymbol:
        """A column vector of length ``dim``. ``labels`` vectors (±1) have both classes
        present — a one-class labelling of length ≥ 2 is not a legal input of the claim —
        unless ``allow_empty`` says the claim allows a missing class; every method agrees
        (components enumerates, and exact random draws, exactly the legal labellings:
        :meth:`discrete_allowed`)."""
        structure = ("unit" if unit else "labels" if labels else "positive" if positive
                     else "nonzero" if nonzero else "general")
        return self._add(Decl(name, sp.MatrixSymbol(name, dim, 1), dim, 1, structure,
                              {"allow_empty": allow_empty}))

    def matrix(self, name: str, rows: sp.Expr | int, cols: sp.Expr | int,
               structure: str = "general", *, allow_empty: bool = False) -> sp.MatrixSymbol:
        """A matrix with structure: general, symmetric, spd, psd, diagonal, positive_diagonal,
        full_column_rank, one_hot_rows (rows of a 1-of-K coding; every class present in every
        draw that has room for it, unless ``allow_empty``)."""
        return self._add(Decl(name, sp.MatrixSymbol(name, rows, cols), rows, cols, structure,
                              {"allow_empty": allow_empty}))

    def define(self, symbol: sp.Basic, value: sp.Basic, why: str = "") -> sp.Basic:
        """Constrain ``symbol`` by construction: every method substitutes ``value`` for it.

        This is how hypotheses are encoded without filtering: "x_perp lies on the plane"
        becomes ``define(b, -dot(w, x_perp))``. Claims keep the symbol (and print it).
        Definitions are equations, in any order: a definition may use symbols defined before
        or after it (they are substituted to a fixed point, :meth:`expand`), but never itself,
        directly or through others — a cycle raises :class:`DefinitionCycle` naming it; a
        symbol is defined once. A defined symbol's declaration (nonzero, positive, spd, a unit
        norm, a label, ...) is a *condition* of the claim: every point a method draws meets it
        (:mod:`derivations._decide.conditions`), and a proof may assume it.
        """
        if not any(d.symbol == symbol for d in self.decls.values()):
            raise ValueError(f"define(): {symbol} is not a declared symbol of this space")
        if any(s == symbol for s, _v, _w in self.definitions):
            raise ValueError(f"define(): {symbol} is defined twice; a symbol has one definition")
        value = sp.sympify(value)
        cycle = self._cycle_through(symbol, value)
        if cycle:
            raise DefinitionCycle(cycle)
        self.definitions.append((symbol, value, why))
        self.definitions[:] = dependency_order(self.definitions)
        return symbol

    def _cycle_through(self, symbol, value) -> list | None:
        """The names of a cycle ``symbol`` → ... → ``symbol`` that defining it as ``value``
        would close (``symbol`` first and last), or None."""
        uses = {s: _atoms(v) for s, v, _w in self.definitions}  # symbol is not defined yet
        path = [symbol]

        def reach(frm_uses, seen) -> bool:
            for t in frm_uses:
                if t != symbol and t not in uses:
                    continue  # a free symbol
                if t == symbol:
                    path.append(t)
                    return True
                if t in seen:
                    continue
                seen.add(t)
                path.append(t)
                if reach(uses.get(t, ()), seen):
                    return True
                path.pop()
            return False

        if reach(_atoms(value), set()):
            return [str(s) for s in path]
        return None

    def conditions(self) -> list:
        """``[(symbol, value, decl)]``: the defined symbols whose declaration constrains them
        (a structure other than general, or an assumption) — conditions every drawn point
        must meet (:func:`derivations._decide.conditions.unmet`)."""
        out = []
        for sym, value, _why in self.definitions:
            decl = next((d for d in self.decls.values() if d.symbol == sym), None)
            if decl is None:
                continue
            constrained = (decl.structure != "general"
                           or any(v for k, v in decl.assumptions.items() if k != "allow_empty"))
            if constrained:
                out.append((sym, value, decl))
        return out

    def expand(self, expr: sp.Basic) -> sp.Basic:
        """``expr`` with every definition substituted (dimension-free)."""
        return expand_definitions(sp.sympify(expr), self._defs())

    def _defs(self) -> list:
        return [(s, v) for s, v, _ in self.definitions]

    # -- sizes ------------------------------------------------------------------------
    def size_assignments(self) -> list[dict]:
        """Every combination of the declared dims' sizes, smallest first."""
        if not self.dims:
            return [{}]
        names = list(self.dims)
        combos = itertools.product(*[self.dims[n][1] for n in names])
        out = [dict(zip([self.dims[n][0] for n in names], map(sp.Integer, c))) for c in combos]
        out.sort(key=lambda a: sum(a.values()))
        return out

    def _size(self, expr, sizes: dict) -> int:
        if expr is None:
            return 0
        key = (expr, tuple(sizes.items()))
        got = self._sizes_memo.get(key)
        if got is None:
            v = sp.sympify(sp.sympify(expr).xreplace(sizes))
            if not v.is_Integer or int(v) < 1:
                raise ValueError(f"size {expr} did not become a positive integer at {sizes}")
            got = self._sizes_memo[key] = int(v)
        return got

    # -- components ----------------------------------------------------------------------
    def _entry_matrix(self, decl: Decl, r: int, c: int) -> tuple[sp.ImmutableMatrix, list]:
        """(matrix of entry symbols with the structure built in, its free symbols); the same
        objects every time for one declaration and size (every exact random point asks)."""
        key = (decl.name, decl.structure, r, c)
        got = self._entries_memo.get(key) if hasattr(self, "_entries_memo") else None
        if got is None:
            got = self._new_entry_matrix(decl, r, c)
            if hasattr(self, "_entries_memo"):
                self._entries_memo[key] = got
        return got[0], list(got[1])

    def _new_entry_matrix(self, decl: Decl, r: int, c: int) -> tuple[sp.ImmutableMatrix, list]:
        pos = {"positive": True} if decl.structure in ("positive_diagonal",) else {}
        def sym(i, j):
            if c == 1:
                return sp.Symbol(f"{decl.name}[{i + 1}]", real=True)
            return sp.Symbol(f"{decl.name}[{i + 1},{j + 1}]", real=True, **pos)
        st = decl.structure
        free = []
        if st in ("symmetric", "spd", "psd"):
            cache = {}
            for i in range(r):
                for j in range(i, c):
                    cache[(i, j)] = cache[(j, i)] = sym(i, j)
                    free.append(cache[(i, j)])
            m = sp.ImmutableMatrix(r, c, lambda i, j: cache[(i, j)])
        elif st in ("diagonal", "positive_diagonal"):
            diag = [sym(i, i) for i in range(r)]
            free = diag
            m = sp.ImmutableMatrix(r, c, lambda i, j: diag[i] if i == j else 0)
        elif st == "positive" and c == 1:
            free = [sp.Symbol(f"{decl.name}[{i + 1}]", positive=True) for i in range(r)]
            m = sp.ImmutableMatrix(r, 1, free)
        else:
            m = sp.ImmutableMatrix(r, c, lambda i, j: sym(i, j))
            free = list(m)
        return m, free

    @staticmethod
    def discrete_allowed(decl: Decl, classes: list[int], c: int) -> bool:
        """Whether a discrete value is a legal input of the claim: ``classes`` are its rows'
        classes (a label vector's ±1 entries, a one-hot matrix's column indices) out of
        ``c``. Every class must be present when there is room for it (length ≥ ``c``),
        unless the declaration says ``allow_empty``. Components enumerates exactly these
        values and exact random draws only these (one rule, tested on both)."""
        if decl.assumptions.get("allow_empty", False) or len(classes) < c:
            return True
        return len(set(classes)) == c

    def _discrete_values(self, decl: Decl, sizes: dict) -> list[sp.Basic]:
        """All legal values of a discrete declaration at these sizes (labels, one-hot rows;
        :meth:`discrete_allowed`)."""
        if decl.is_scalar:
            return [sp.Integer(1), sp.Integer(-1)]
        r, c = self._size(decl.rows, sizes), self._size(decl.cols, sizes)
        if decl.structure == "labels":
            return [sp.ImmutableMatrix(r, 1, list(p)) for p in itertools.product([1, -1], repeat=r)
                    if self.discrete_allowed(decl, list(p), 2)]
        rows = [[1 if j == k else 0 for j in range(c)] for k in range(c)]
        return [sp.ImmutableMatrix([rows[k] for k in ks]) for ks in itertools.product(range(c), repeat=r)
                if self.discrete_allowed(decl, list(ks), c)]

    def components(self, sizes: dict) -> list[Instance]:
        """Instances at ``sizes`` with entry symbols; discrete types enumerated (capped)."""
        mapping: dict = dict(sizes)
        entries: dict = {}
        discrete: list[Decl] = []
        for decl in self.decls.values():
            if decl.discrete:
                discrete.append(decl)
                continue
            if decl.is_scalar:
                entries[decl.name] = [decl.symbol]
                continue
            r, c = self._size(decl.rows, sizes), self._size(decl.cols, sizes)
            m, free = self._entry_matrix(decl, r, c)
            mapping[decl.symbol] = m
            entries[decl.name] = free
        if not discrete:
            return [self._symbolic(sizes, mapping, entries, {})]
        if math.prod(self.discrete_count(d, sizes) for d in discrete) > MAX_ENUMERATION:
            return []  # counted, never built
        choices = [self._discrete_values(d, sizes) for d in discrete]
        out = []
        for combo in itertools.product(*choices):
            m = dict(mapping)
            disc = {}
            for decl, val in zip(discrete, combo):
                m[decl.symbol] = val
                disc[decl.name] = val
            out.append(self._symbolic(sizes, m, entries, disc))
        return out

    def instance_with_random_discrete(self, sizes: dict, rng: random.Random,
                                      mode: str = "readable") -> Instance:
        """One instance at ``sizes`` whose discrete declarations take random values and whose
        continuous ones are entry symbols."""
        mapping: dict = dict(sizes)
        entries: dict = {}
        disc: dict = {}
        for decl in self.decls.values():
            if decl.discrete:
                val = self._random_discrete(decl, sizes, rng, mode)
                mapping[decl.symbol] = val
                disc[decl.name] = val
            elif decl.is_scalar:
                entries[decl.name] = [decl.symbol]
            else:
                r, c = self._size(decl.rows, sizes), self._size(decl.cols, sizes)
                m, free = self._entry_matrix(decl, r, c)
                mapping[decl.symbol] = m
                entries[decl.name] = free
        return self._symbolic(sizes, mapping, entries, disc)

    def _symbolic(self, sizes: dict, mapping: dict, entries: dict, disc: dict) -> Instance:
        """An instance whose continuous declarations are entry symbols: its mapping is fixed
        by the sizes and the discrete values, so instantiations are shared (``Instance.memo``)."""
        key = (tuple((str(k), int(v)) for k, v in sizes.items()),
               tuple(disc.items()), tuple(entries))
        memo = getattr(self, "_memo", None)
        return Instance(sizes, mapping, entries, disc, self._defs(), memo=memo, memo_key=key)

    def discrete_count(self, decl: Decl, sizes: dict) -> int:
        """How many legal values :meth:`_discrete_values` has, without building them."""
        if decl.is_scalar:
            return 2
        r, c = self._size(decl.rows, sizes), self._size(decl.cols, sizes)
        c = 2 if decl.structure == "labels" else c
        if decl.assumptions.get("allow_empty", False) or r < c:
            return c ** r
        # onto maps from r rows to c classes (inclusion–exclusion over the missing classes)
        return sum((-1) ** j * math.comb(c, j) * (c - j) ** r for j in range(c + 1))

    def discrete_combinations(self, sizes: dict, names: list[str], limit: int) -> list[dict] | None:
        """Every legal joint value of the discrete declarations ``names`` at ``sizes`` (name →
        value), as components enumerates them — what exact random's uniform points run
        through when there are few (then the labels are not random, and the bound holds for
        each); None when there are more than ``limit`` (never built)."""
        decls = [self.decls[n] for n in names]
        if math.prod(self.discrete_count(d, sizes) for d in decls) > limit:
            return None
        return [dict(zip(names, combo)) for combo in
                itertools.product(*(self._discrete_values(d, sizes) for d in decls))]

    def random_instance(self, sizes: dict, rng: random.Random, mode: str = "readable",
                        keep: set | None = None, fixed: dict | None = None) -> tuple[Instance, dict]:
        """An instance whose symbols are exact random values, except the declarations named
        in ``keep`` (variables a claim differentiates), which stay entry symbols; returns
        the instance and the values of the kept entry symbols (substitute them after
        differentiating). Nothing is built symbolically that need not be: the draws are
        those of :meth:`instance_with_random_discrete` then :meth:`random_values`, in the
        same order (the same point), but a declaration not kept gets its values directly,
        without a matrix of entry symbols to fill (a test checks the two agree). ``fixed``:
        values for discrete declarations (by name), used instead of a draw."""
        keep = keep or set()
        fixed = fixed or {}
        mapping: dict = dict(sizes)
        disc: dict = {}
        for decl in self.decls.values():  # the discrete draws first
            if decl.discrete:
                mapping[decl.symbol] = disc[decl.name] = (
                    fixed[decl.name] if decl.name in fixed
                    else self._random_discrete(decl, sizes, rng, mode))
        later: dict = {}
        entries: dict = {}
        for decl in self.decls.values():  # then the continuous ones, in declaration order
            if decl.discrete:
                continue
            kept = decl.name in keep
            if decl.is_scalar:
                v = _random_scalar(decl.assumptions, rng, mode)
                if kept:
                    entries[decl.name] = [decl.symbol]
                    later[decl.symbol] = v
                else:
                    entries[decl.name] = []
                    mapping[decl.symbol] = v
                continue
            r, c = self._size(decl.rows, sizes), self._size(decl.cols, sizes)
            mat = _random_matrix(decl.structure, r, c, rng, mode)
            if kept:
                template, free = self._entry_matrix(decl, r, c)
                mapping[decl.symbol] = template
                entries[decl.name] = free
                for i in range(r):
                    for j in range(c):
                        if isinstance(template[i, j], sp.Symbol):
                            later[template[i, j]] = mat[i][j]
            else:
                entries[decl.name] = []
                mapping[decl.symbol] = rational_matrix(r, c, [x for row in mat for x in row])
        return Instance(sizes, mapping, entries, disc, self._defs(), point=later or None), later

    # -- exact random ------------------------------------------------------------------
    def _random_discrete(self, decl: Decl, sizes: dict, rng: random.Random, mode: str = "readable"):
        allow_empty = decl.assumptions.get("allow_empty", False)
        if decl.is_scalar:
            return sp.Integer(rng.choice([1, -1]))
        r, c = self._size(decl.rows, sizes), self._size(decl.cols, sizes)
        if decl.structure == "labels":
            p_plus = rng.choice([0.1, 0.9]) if mode == "edge" else 0.5  # unbalanced on edge draws
            vals = [1 if rng.random() < p_plus else -1 for _ in range(r)]
            if r >= 2 and len(set(vals)) == 1 and not allow_empty:  # both classes present
                vals[rng.randrange(r)] *= -1
            return rational_matrix(r, 1, [sp.Integer(v) for v in vals])
        if mode == "edge":  # one dominant class; others rare, or absent where allowed
            weights = [8] + [1] * (c - 1)
            ks = rng.choices(range(c), weights=weights, k=r)
            if allow_empty and c > 1:
                ks = [k if k != c - 1 else 0 for k in ks]  # class K empty
        else:
            ks = [rng.randrange(c) for _ in range(r)]
        if r >= c and not allow_empty:  # every class present when possible
            present = set(ks)
            missing = [k for k in range(c) if k not in present]
            slots = list(range(r))
            rng.shuffle(slots)
            counts = {k: ks.count(k) for k in present}
            for k in missing:
                for i in slots:
                    if counts.get(ks[i], 0) > 1:
                        counts[ks[i]] -= 1
                        ks[i] = k
                        counts[k] = 1
                        break
        return rational_matrix(r, c, [sp.Integer(1 if ks[i] == j else 0)
                                      for i in range(r) for j in range(c)])

    def random_values(self, inst: Instance, rng: random.Random, mode: str = "readable") -> dict:
        """Exact rational values for every free entry symbol of ``inst``, satisfying the types.

        ``mode``: ``readable`` (small numerators and denominators: counterexamples a person
        can check by hand), ``edge`` (rank-deficient PSD, ill-conditioned SPD, magnitudes
        10^±6: never evidence for the bound), ``uniform`` (every parameter uniform over a set
        of 2^41 + 1 rationals: the points the Schwartz–Zippel bound is stated for).
        """
        values: dict = {}
        for decl in self.decls.values():
            if decl.discrete:
                continue
            syms = inst.entries[decl.name]
            if decl.is_scalar:
                values[decl.symbol] = _random_scalar(decl.assumptions, rng, mode)
                continue
            r, c = self._size(decl.rows, inst.sizes), self._size(decl.cols, inst.sizes)
            mat = _random_matrix(decl.structure, r, c, rng, mode)
            template = inst.mapping[decl.symbol]
            for i in range(r):
                for j in range(c):
                    e = template[i, j]
                    if isinstance(e, sp.Symbol):
                        values[e] = mat[i][j]
            assert all(s in values for s in syms)
        return values


# -- random exact rationals ------------------------------------------------------------
#: The uniform sampling set: p / 2^10 for |p| <= 2^40 (|S| = 2^41 + 1); positives 1 <= p <= 2^40.
UNIFORM_BITS = 40
UNIFORM_DEN = 2 ** 10
#: |S| for the Schwartz–Zippel bound: the smallest set a continuous parameter is drawn from
#: uniformly (rationals, probabilities, SPD factors and shifts, stereographic parameters).
UNIFORM_SET_SIZE = 2 ** UNIFORM_BITS
#: Integer scalars are drawn uniformly from [lo, INTEGER_TOP] in every mode (lo = -5; 1 for
#: positive, 0 for nonnegative ones): small, so a claim about n can be checked by hand — and
#: so a Schwartz–Zippel bound over them is weak (:func:`draw_set_size`).
INTEGER_TOP = 6
INTEGER_LOW = -5


def _integer_low(a: dict) -> int:
    return 1 if a.get("positive") else 0 if a.get("nonnegative") else INTEGER_LOW


def draw_set_size(decl: "Decl", sizes: dict) -> int | None:
    """The size of the set each parameter of ``decl`` is drawn from, uniformly and
    independently, at a ``uniform`` point (what the generalised Schwartz–Zippel bound divides
    by): 2^40 for continuous parameters, the integer range for an integer scalar, 2 for a
    unit vector of length 1 (±1). ``None`` for a discrete declaration (labels, one-hot
    rows): its value is drawn at random but not from a product set (every class present),
    so no bound counts it — exact random either enumerates it or states no bound."""
    if decl.discrete:
        return None
    if decl.is_scalar:
        a = decl.assumptions
        if a.get("probability"):
            return 2 ** UNIFORM_BITS - 1  # p / 2^40 for 1 <= p < 2^40
        if a.get("integer"):
            return INTEGER_TOP - _integer_low(a) + 1
        return UNIFORM_SET_SIZE
    if decl.structure == "unit" and int(sp.sympify(decl.rows).xreplace(sizes)) == 1:
        return 2
    return UNIFORM_SET_SIZE


#: The readable and edge draws' values by (p, q, power of 10): a few hundred, each built once
#: (SymPy's ``Rational`` takes a gcd and its cache each time: 2% of the catalog's run).
_READABLE: dict = {}


def _rat(rng: random.Random, lo: int = -4, hi: int = 4, nonzero: bool = False,
         mode: str = "readable") -> sp.Rational:
    while True:
        if mode == "uniform":
            top = 2 ** UNIFORM_BITS
            p = rng.randint(-top if lo < 0 else 0, top)
            v = sp.Rational(p, UNIFORM_DEN)
        else:
            q = rng.choice([1, 1, 1, 2, 3, 4, 5, 7])
            p = rng.randint(lo * q, hi * q)
            k = rng.choice([-6, 0, 6]) if mode == "edge" else 0
            v = _READABLE.get((p, q, k))
            if v is None:
                v = _READABLE[p, q, k] = sp.Rational(p, q) * sp.Rational(10) ** k
        if not nonzero or p != 0:
            return v


def _random_scalar(a: dict, rng: random.Random, mode: str = "readable") -> sp.Rational:
    if a.get("probability"):
        if mode == "uniform":
            return sp.Rational(rng.randint(1, 2 ** UNIFORM_BITS - 1), 2 ** UNIFORM_BITS)
        q = rng.choice([3, 4, 5, 7, 8, 9]) if mode != "edge" else 10 ** 6
        return sp.Rational(rng.choice([1, q - 1, rng.randint(1, q - 1)]) if mode == "edge"
                           else rng.randint(1, q - 1), q)
    if a.get("integer"):
        return sp.Integer(rng.randint(_integer_low(a), INTEGER_TOP))
    if a.get("positive"):
        if mode == "readable" and rng.random() < 0.35:  # small values too: ln(2πσ²) < 0 needs σ < 0.4
            return sp.Rational(1, rng.choice([2, 3, 5, 7, 9, 11]))
        return _rat(rng, 0, 4, nonzero=True, mode=mode)
    if a.get("nonnegative"):
        return _rat(rng, 0, 4, mode=mode)
    return _rat(rng, nonzero=a.get("nonzero", False), mode=mode)


def _flint(rows: list[list]) -> flint.fmpq_mat:
    return flint.fmpq_mat(len(rows), len(rows[0]),
                          [flint.fmpq(int(x.p), int(x.q)) for row in rows for x in row])


def _rank(rows: list[list]) -> int:
    """Exact rank over ℚ (python-flint; SymPy's rank of a 6×3 draw took ~1 ms)."""
    return _flint(rows).rank() if rows and rows[0] else 0


def rational_matrix(r: int, c: int, values: list) -> sp.ImmutableMatrix:
    """``ImmutableMatrix(r, c, values)`` for SymPy rationals, built on its ZZ/QQ
    ``DomainMatrix`` directly (half the time): the same representation SymPy's constructor
    ends with — ZZ when every entry is an integer, else QQ, sparse — so the same matrix, the
    same hash (a test checks). Any other entry: SymPy's constructor."""
    if not all(isinstance(v, sp.Rational) for v in values):
        return sp.ImmutableMatrix(r, c, values)
    if all(v.q == 1 for v in values):
        dom, conv = ZZ, [ZZ(int(v.p)) for v in values]
    else:
        dom, conv = QQ, [QQ(int(v.p), int(v.q)) for v in values]
    rows: dict = {}
    for k, v in enumerate(conv):
        if v:
            rows.setdefault(k // c, {})[k % c] = v
    # ImmutableDenseMatrix._fromrep, with the entries it would convert back from the
    # representation (Rational(p, q), Integer(p) when q = 1, S.Zero) being ``values`` as
    # given: the conversion was 90% of this function's time.
    obj = sp.Basic.__new__(sp.ImmutableDenseMatrix, sp.Integer(r), sp.Integer(c),
                        sp.Tuple(*values, sympify=False))
    obj._rows, obj._cols = r, c
    obj._rep = DomainMatrix.from_rep(SDM(rows, (r, c), dom))
    return obj


def _random_matrix(structure: str, r: int, c: int, rng: random.Random, mode: str = "readable") -> list[list]:
    R = lambda **kw: _rat(rng, mode=mode, **kw)  # noqa: E731 - one draw in this mode
    if structure in ("general", "nonzero", "full_column_rank"):
        for _ in range(100):
            m = [[R() for _ in range(c)] for _ in range(r)]
            if structure == "general":
                return m
            if structure == "nonzero" and any(v != 0 for row in m for v in row):
                return m
            if structure == "full_column_rank" and _rank(m) == min(r, c):
                return m
        raise ValueError(f"no {structure} {r}x{c} matrix in 100 draws")  # probability ~ 0
    if structure == "positive":
        return [[R(lo=0, hi=4, nonzero=True) for _ in range(c)] for _ in range(r)]
    if structure == "unit":
        # Stereographic projection: a rational point on the unit sphere S^{r-1}.
        if r == 1:
            return [[sp.Integer(rng.choice([1, -1]))]]
        u = [R() for _ in range(r - 1)]
        while all(x == 0 for x in u):
            u = [R(nonzero=True) for _ in range(r - 1)]
        s = sum(x * x for x in u)
        pt = [2 * x / (s + 1) for x in u] + [(s - 1) / (s + 1)]
        return [[x] for x in pt]
    if structure == "symmetric":
        m = [[None] * c for _ in range(r)]
        for i in range(r):
            for j in range(i, c):
                m[i][j] = m[j][i] = R()
        return m
    if structure in ("spd", "psd"):
        if mode == "uniform":
            k = r
        elif structure == "psd":
            k = rng.choice([0, max(1, r - 1), r]) if mode == "edge" else rng.choice([max(1, r - 1), r])
        else:
            k = rng.choice([1, r]) if mode == "edge" else r
        # L Lᵀ (+ shift·I) in flint over ℚ, the draws in the same order (row by row)
        L = [[R() if k else sp.Integer(0) for _ in range(max(k, 1))] for _ in range(r)]
        M = _flint(L) * _flint(L).transpose()
        if structure == "spd":
            shift = (sp.Rational(1, 10 ** 6) if mode == "edge" and rng.random() < 0.5
                     else _rat(rng, 0, 2, nonzero=True, mode=mode))
            for i in range(r):  # ill-conditioned when the shift is tiny and L rank 1
                M[i, i] += flint.fmpq(int(shift.p), int(shift.q))
        return [[sp.Rational(int(M[i, j].p), int(M[i, j].q)) for j in range(c)] for i in range(r)]
    if structure in ("diagonal", "positive_diagonal"):
        pos = structure == "positive_diagonal"
        return [[(R(lo=0, hi=4, nonzero=True) if pos else R()) if i == j else sp.Integer(0)
                 for j in range(c)] for i in range(r)]
    raise ValueError(f"no random generator for structure {structure!r}")
