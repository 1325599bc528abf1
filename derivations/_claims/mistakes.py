"""The library of typical mistakes, as mutations of a claim's expression tree.

Each mutation operator takes a (dimension-free) SymPy expression and yields
``(description, mutated expression)`` pairs. The same library serves two purposes:

* **diagnosis** — a refuted erratum is matched against the mutants of its corrected form,
  and the mutant that reproduces the printed claim names the mistake;
* **the mutation suite** (:mod:`derivations._verdicts.selftest`) — every non-equivalent mutant of a
  verified claim must be refuted, or the engine has a hole.

=======================  ===============================================================
operator                 what it does
=======================  ===============================================================
``sign_of_term``         negate one term of a sum, or the whole expression
``factor_two``           multiply the whole, or one term, by 2 or by 1/2
``drop_term``            delete one term of a sum
``transpose``            add or remove a transpose on one matrix factor
``swap_factors``         swap two adjacent factors of a matrix product (Rᵀ R vs R Rᵀ)
``swap_symbols``         exchange two declared symbols of the same shape (index swapped)
``inverse``              drop an inverse, or drop/add a square (``x**2`` vs ``x``)
``inequality``           reverse the direction of a relation (claim level)
=======================  ===============================================================
"""

from __future__ import annotations

import re
from typing import Callable, Iterator

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement, MatrixExpr
from sympy.printing.repr import ReprPrinter

from .._budget import Timeout, time_limit
from .._symbols.expr import Grad, Norm
from .claims import Equal, Rel, SameSign

__all__ = ["MUTATIONS", "Mistake", "mutate_expr", "mutate_claim", "positions", "replace_at",
           "well_typed"]

_LEAVES = (sp.Symbol, sp.MatrixSymbol, sp.Number, sp.NumberSymbol, MatrixElement)
#: Matrix constructors whose arguments are sizes (Ones(d, 1), ZeroMatrix(d, 1), Identity(d)).
_SHAPED = (sp.OneMatrix, sp.ZeroMatrix, sp.Identity)


def positions(expr: sp.Basic, path: tuple = ()) -> Iterator[tuple[tuple, sp.Basic]]:
    """Pre-order (path, subexpression) pairs; leaves are not descended into."""
    yield path, expr
    if isinstance(expr, _LEAVES) or isinstance(expr, (sp.MatrixBase, sp.Tuple) + _SHAPED):
        return  # sizes, index limits and shape arguments are bookkeeping, not mathematics
    for i, a in enumerate(expr.args):
        if isinstance(expr, Grad) and i == 1:
            continue  # never mutate the differentiation variable itself
        if isinstance(expr, (sp.Sum, sp.Product)) and i > 0:
            continue  # the limits (i, 0, N - 1) of a sum
        yield from positions(a, path + (i,))


def replace_at(expr: sp.Basic, path: tuple, new: sp.Basic) -> sp.Basic:
    if not path:
        return new
    args = list(expr.args)
    args[path[0]] = replace_at(args[path[0]], path[1:], new)
    return expr.func(*args)


#: Memos keyed by object identity (the object is kept with its value, so an id is never
#: reused while its entry lives): the mutants of an expression share every node off the
#: mutated path, so each node is printed once, not once per mutant and operator.
_MEMO_CAP = 20000
_SHORT: dict = {}


def _short(e) -> str:
    got = _SHORT.get(id(e))
    if got is not None and got[0] is e:
        return got[1]
    s = str(e)
    s = s if len(s) <= 60 else s[:57] + "..."
    if len(_SHORT) >= _MEMO_CAP:
        _SHORT.clear()
    _SHORT[id(e)] = (e, s)
    return s


def _tex(e) -> str:
    """``e`` as LaTeX math for a reader: SymPy's printer with vectors and matrices bold, a
    name's braced subscript (``mu_{2}``) and optimum star (``alpha*``) read as SymPy reads
    ``mu_2`` and ``alpha^*`` (else it prints the letters "mu" and a bare star)."""
    e = sp.sympify(e)
    names = {}
    for s in e.atoms(sp.Symbol, sp.MatrixSymbol):
        n = re.sub(r"(?<=[A-Za-z])\*$", "^*", re.sub(r"_\{([^{}]*)\}", r"_\1", s.name))
        if n != s.name:
            names[s] = sp.latex(sp.MatrixSymbol(n, *s.shape) if isinstance(s, sp.MatrixSymbol)
                                else sp.Symbol(n), mat_symbol_style="bold")
    return sp.latex(e, mat_symbol_style="bold", symbol_names=names)


class Mistake(str):
    """A typical mistake's description. The text (the ``str``) names its terms as SymPy writes
    them, as it always has: the mutation suite seeds its draws with it. ``markdown()`` is the
    description for readers (a diagnosis): each term as ``$...$`` LaTeX math, formatted only
    when asked — a diagnosis shows at most three of the thousands of mutants."""

    def __new__(cls, template: str, *terms: tuple[str, sp.Basic | str]):
        """``template`` has one ``{}`` per term; a term is ``(text, expression)``: its text in
        the plain description, its expression printed as math in the Markdown one (a ``str``
        expression is that LaTeX already)."""
        obj = super().__new__(cls, template.format(*(text for text, _ in terms)))
        obj.template, obj.terms = template, terms
        return obj

    def markdown(self) -> str:
        return self.template.format(*(f"${e if isinstance(e, str) else _tex(e)}$"
                                      for _, e in self.terms))

    def __reduce__(self):  # pickled (a worker's result) as what it was built from
        return type(self), (self.template, *self.terms)


class _Repr(ReprPrinter):
    """The de-duplication key of a mutant: ``srepr`` (the default ReprPrinter), except that a
    sum's terms are printed in the order of their texts, not SymPy's ``as_ordered_terms``
    order (which decomposes every term into coefficient and monomials: 80% of the printing).
    Either order is a function of the set of terms, so two mutants get the same key exactly
    when srepr gives them the same text (checked on every mutant of every catalog claim:
    23,974, the same classes). Each node's text is kept by identity: a node's text is its
    class and its arguments' texts, whatever encloses it (the printer keeps no context), so
    a shared node prints the same text in every mutant."""

    def __init__(self):
        super().__init__()
        self.memo: dict = {}

    def _print(self, expr, **kwargs):
        if kwargs or not isinstance(expr, sp.Basic):
            return super()._print(expr, **kwargs)
        got = self.memo.get(id(expr))
        if got is not None and got[0] is expr:
            return got[1]
        s = super()._print(expr)
        if len(self.memo) >= _MEMO_CAP:
            self.memo.clear()
        self.memo[id(expr)] = (expr, s)
        return s

    def _print_Add(self, expr, order=None):  # noqa: ARG002 - ReprPrinter's signature
        return type(expr).__name__ + "(%s)" % ", ".join(sorted(map(self._print, expr.args)))


def sign_of_term(expr):
    yield "the overall sign is flipped", -expr
    for path, sub in positions(expr):
        if isinstance(sub, (sp.Add, sp.MatAdd)):
            for i, term in enumerate(sub.args):
                args = list(sub.args)
                args[i] = -term
                yield (Mistake("the sign of the term {} is flipped", (_short(term), term)),
                       replace_at(expr, path, sub.func(*args)))


def factor_two(expr):
    yield "a factor 2 is added", 2 * expr
    yield "a factor 1/2 is added (a factor 2 lost)", expr / 2
    for path, sub in positions(expr):
        if isinstance(sub, (sp.Add, sp.MatAdd)):
            for i, term in enumerate(sub.args):
                for f, word in ((2, "2"), (sp.Rational(1, 2), "1/2")):
                    args = list(sub.args)
                    args[i] = f * term
                    yield (Mistake(f"a factor {word} on the term {{}}", (_short(term), term)),
                           replace_at(expr, path, sub.func(*args)))
        if isinstance(sub, (sp.Mul, sp.MatMul)):
            for i, a in enumerate(sub.args):
                if a in (2, sp.Rational(1, 2), -2, -sp.Rational(1, 2)):
                    args = list(sub.args)
                    del args[i]
                    yield (Mistake("the factor {} is dropped", (str(a), a)),
                           replace_at(expr, path, sub.func(*args)))


def drop_term(expr):
    for path, sub in positions(expr):
        if isinstance(sub, (sp.Add, sp.MatAdd)) and len(sub.args) >= 2:
            for i, term in enumerate(sub.args):
                args = [a for j, a in enumerate(sub.args) if j != i]
                yield (Mistake("the term {} is dropped", (_short(term), term)),
                       replace_at(expr, path, sub.func(*args)))


def transpose(expr):
    for path, sub in positions(expr):
        if isinstance(sub, sp.Transpose):
            yield (Mistake("the transpose on {} is missing", (_short(sub.arg), sub.arg)),
                   replace_at(expr, path, sub.arg))
        elif isinstance(sub, sp.MatrixSymbol) and path:
            yield (Mistake("a transpose on {} is added", (sub.name, sub)),
                   replace_at(expr, path, sub.T))


def swap_factors(expr):
    for path, sub in positions(expr):
        if isinstance(sub, sp.MatMul):
            mats = [i for i, a in enumerate(sub.args) if isinstance(a, MatrixExpr)]
            for a, b in zip(mats, mats[1:]):
                args = list(sub.args)
                args[a], args[b] = args[b], args[a]
                yield (Mistake("the factors {} and {} are swapped",
                               (_short(sub.args[a]), sub.args[a]),
                               (_short(sub.args[b]), sub.args[b])),
                       replace_at(expr, path, sp.MatMul(*args)))


def swap_symbols(expr, space=None):
    """Two symbols of the same shape exchanged (m_1 and m_2), or one written in place of
    another that does not appear (S_B where S_W belongs): an index or a letter wrong."""
    if space is None:
        return
    decls = list(space.decls.values())
    present = [d for d in decls if expr.has(d.symbol)]

    def same_shape(a, b):
        return (a.is_scalar and b.is_scalar) or (
            not a.is_scalar and not b.is_scalar and a.rows == b.rows and a.cols == b.cols)

    for i, a in enumerate(present):
        for b in decls:
            if b is a or not same_shape(a, b):
                continue
            if b in present:
                if present.index(b) > i:
                    yield (Mistake("{} and {} are swapped", (a.name, a.symbol), (b.name, b.symbol)),
                           expr.xreplace({a.symbol: b.symbol, b.symbol: a.symbol}))
            else:
                yield (Mistake("{} is written where {} belongs", (b.name, b.symbol),
                               (a.name, a.symbol)),
                       expr.xreplace({a.symbol: b.symbol}))


def inverse(expr):
    for path, sub in positions(expr):
        if isinstance(sub, sp.Inverse):
            yield (Mistake("the inverse on {} is missing", (_short(sub.arg), sub.arg)),
                   replace_at(expr, path, sub.arg))
        elif isinstance(sub, sp.Pow) and sub.exp == 2:
            yield (Mistake("the square on {} is missing", (_short(sub.base), sub.base)),
                   replace_at(expr, path, sub.base))
        elif isinstance(sub, sp.Pow) and sub.exp == sp.Rational(1, 2):
            yield (Mistake("the square root on {} is missing", (_short(sub.base), sub.base)),
                   replace_at(expr, path, sub.base))
        elif isinstance(sub, sp.Pow) and sub.exp == -1 and not isinstance(sub.base, MatrixExpr):
            yield (Mistake("{} multiplies instead of divides", (_short(sub.base), sub.base)),
                   replace_at(expr, path, sub.base))
        elif isinstance(sub, Norm):
            yield (Mistake("the norm {} should be squared", (_short(sub), sub)),
                   replace_at(expr, path, sub**2))


def absolute(expr):
    if isinstance(expr, MatrixExpr) or getattr(expr, "is_Matrix", False):
        return  # |M| of a matrix is not a formula (SymPy would turn it into a fractional MatPow)
    yield "an absolute value is taken", sp.Abs(expr)
    for path, sub in positions(expr):
        if isinstance(sub, sp.Abs):
            yield (Mistake("the absolute value on {} is missing",
                           (_short(sub.args[0]), sub.args[0])),
                   replace_at(expr, path, sub.args[0]))


MUTATIONS: dict[str, Callable] = {
    "sign_of_term": sign_of_term,
    "factor_two": factor_two,
    "drop_term": drop_term,
    "transpose": transpose,
    "swap_factors": swap_factors,
    "swap_symbols": swap_symbols,
    "inverse": inverse,
    "absolute": absolute,
}


def mutate_expr(expr: sp.Basic, space=None) -> Iterator[tuple[str, str, sp.Basic]]:
    """Every well-formed mutant of ``expr``: ``(operator, description, mutant)``, de-duplicated."""
    srepr = _Repr().doprint  # srepr's classes, each shared node printed once
    seen = {srepr(expr)}
    for name, op in MUTATIONS.items():
        gen = op(expr, space) if name == "swap_symbols" else op(expr)
        while True:
            try:
                desc, m = next(gen)
            except StopIteration:
                break
            except Exception:  # noqa: BLE001 - an operator that cannot apply here yields nothing
                continue
            try:
                if isinstance(m, MatrixExpr) and not isinstance(m, sp.MatrixBase):
                    _ = m.shape
                key = srepr(m)
            except Exception:  # noqa: BLE001 - an ill-formed mutant is skipped
                continue
            if key in seen:
                continue
            seen.add(key)
            yield name, desc, m


#: A relation's operator in LaTeX (a term of its reversal's description).
_RELATION = {"<=": r"\leq", ">=": r"\geq", "<": "<", ">": ">"}


def mutate_claim(claim, space, *, sides_only: bool = False):
    """Mutants of a claim: every side mutated by every operator, and for a relation its
    direction reversed. ``sides_only=False`` for relations yields only the reversal (a
    mutated side of an inequality can stay true, so it proves nothing about the engine)."""
    if isinstance(claim, SameSign):
        # sign(a) = sign(b) survives any positive rescaling of a side: only a sign flip of a
        # term changes its truth, so only that operator says something about the engine.
        for i, side in enumerate(claim.sides()):
            for desc, m in sign_of_term(side):
                yield "sign_of_term", desc, claim.replace_side(i, m)
        return
    if type(claim) is Equal and claim.rhs == 0 and not isinstance(claim.lhs, sp.MatrixExpr):
        yield ("nonzero_claim", "a quantity that is identically 0 is claimed nonzero "
               "(a case that cannot occur is said to occur)", Rel(claim.lhs**2, ">", sp.Integer(0)))
    if isinstance(claim, Rel):
        yield ("inequality",
               Mistake("the inequality {} is reversed", (claim.op, _RELATION[claim.op])),
               claim.flipped())
        if not sides_only:
            return
    for i, side in enumerate(claim.sides()):
        for op, desc, m in mutate_expr(side, space):
            try:
                yield op, desc, claim.replace_side(i, m)
            except (sp.ShapeError, TypeError, ValueError):
                continue


def well_typed(claim, space) -> bool:
    """Whether a (mutant) claim instantiates at every size: ``w x`` with two column vectors
    is only well-formed at d = 1, which SymPy cannot see while d is symbolic."""
    try:
        with time_limit(WELL_TYPED_BUDGET) as lim:
            for sizes in space.size_assignments():
                inst = space.instance_with_random_discrete(sizes, _FIXED_RNG)
                for side in claim.sides():
                    inst(side)
    except Timeout as t:
        if not lim.owns(t):
            raise
        return False  # instantiation alone ran away: not a usable formula here
    except Exception:  # noqa: BLE001 - any failure to instantiate means "not a formula here"
        return False
    return True


#: Seconds the well-typedness check may take (instantiation only, no simplification).
WELL_TYPED_BUDGET = 3.0


class _Rng:
    """A deterministic stand-in for random.Random where only the shapes matter."""

    def choice(self, seq):
        return seq[0]

    def randrange(self, n):
        return 0

    def shuffle(self, seq):
        return None


_FIXED_RNG = _Rng()
