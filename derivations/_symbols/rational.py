"""The value of an expression at an exact rational point, computed in python-flint over ℚ.

An exact random point gives every symbol of a claim a rational value (the instance's
mapping). :func:`value` walks the claim's expression tree (after its definitions are
substituted) and carries out every operation on ``fmpq`` scalars and ``fmpq_mat`` matrices:
sums, products, transposes, traces, determinants, inverses, matrix powers, finite sums,
matrix entries, block matrices, ``max``/``min``/``|·|``/piecewise with exactly decided
conditions, and square roots that are exact (a norm whose square is a rational square).

It never approximates and never guesses: anything it cannot compute exactly in ℚ — ``exp``,
``log``, an irrational root, a gradient, a symbol without a value, a singular inverse, a
division by 0, an unknown node — makes it return ``None``, and the caller decides that point
through SymPy (:meth:`Instance.__call__`), which is what every point used before. The same
numbers as SymPy's rational arithmetic, without building an expression per operation:
``tests/derivations/symbols/test_rational.py`` compares both on every catalog claim.
"""

from __future__ import annotations

import flint
import sympy as sp
from flint.utils.flint_exceptions import FlintError
from sympy.matrices.expressions.matexpr import MatrixElement

from .expr import Norm, Scalar
from .nodes import Blocks, DataSum, Inv, Ones

__all__ = ["Refused", "evaluator", "value", "values_of"]


class Refused(Exception):
    """Not computable exactly in ℚ here: the caller uses SymPy instead."""


_Q = flint.fmpq
_M = flint.fmpq_mat


def values_of(exprs, mapping: dict, evaluator: "_Evaluator | None" = None) -> list | None:
    """The values of ``exprs`` at ``mapping``, or None if any is refused. ``evaluator``
    (from :func:`evaluator`) keeps the values of the nodes met across calls at one mapping."""
    ev = _Evaluator(mapping) if evaluator is None else evaluator
    try:
        return [ev.go(sp.sympify(e)) for e in exprs]
    except (Refused, ArithmeticError, ValueError, IndexError, TypeError, FlintError):
        # (ZeroDivisionError is an ArithmeticError; TypeError: an unhashable node)
        ev.env = {}
        return None


def evaluator(mapping: dict) -> "_Evaluator":
    return _Evaluator(mapping)


def value(expr, mapping: dict):
    """``fmpq`` or ``fmpq_mat``: ``expr`` at ``mapping`` (symbol → SymPy number, matrix or
    size); None when it is not computable exactly in ℚ (see the module docstring)."""
    got = values_of([expr], mapping)
    return None if got is None else got[0]


def _rational(x) -> flint.fmpq:
    if isinstance(x, sp.Rational):  # Integer, Rational, One, Zero, Half, NegativeOne
        return _Q(int(x.p), int(x.q))
    if isinstance(x, (int,)) and not isinstance(x, bool):
        return _Q(x)
    raise Refused(f"not a rational number: {x!r}")


def _matrix(m: sp.MatrixBase) -> flint.fmpq_mat:
    r, c = m.shape
    if r == 0 or c == 0:
        raise Refused("an empty matrix")
    return _M(r, c, [_rational(x) for x in m])


def _int(v) -> int:
    if not isinstance(v, _Q) or v.q != 1:
        raise Refused(f"not an integer: {v}")
    return int(v.p)


def _is_mat(v) -> bool:
    return isinstance(v, _M)


def _scalar(v) -> flint.fmpq:
    if _is_mat(v):
        raise Refused("a matrix where a scalar is needed")
    return v


def _identity(n: int) -> flint.fmpq_mat:
    m = _M(n, n)
    for i in range(n):
        m[i, i] = 1
    return m


def _root(v: flint.fmpq, q: int) -> flint.fmpq:
    """The exact positive q-th root of a rational, or Refused (irrational, or negative)."""
    if v < 0:
        raise Refused("a root of a negative number")
    out = []
    for part in (v.p, v.q):
        r = part.root(q) if q != 2 else part.isqrt()
        if r ** q != part:
            raise Refused("an irrational root")
        out.append(r)
    return _Q(out[0], out[1])


def _pow(base, e: sp.Basic):
    if not isinstance(e, sp.Rational):
        raise Refused("a symbolic exponent")
    p, q = int(e.p), int(e.q)
    if q != 1:
        base = _root(_scalar(base), q)
    return base ** p


def _truth(v) -> bool:
    if v is True or v is False:
        return v
    raise Refused("a condition that is not a truth value")


class _Evaluator:
    """One walk over the nodes met at one mapping (their values memoised)."""

    def __init__(self, mapping: dict):
        self.mapping = mapping
        self.env: dict = {}  # a finite sum's or a function matrix's bound variables
        self.memo: dict = {}
        self.converted: dict = {}  # id(SymPy value) -> flint value

    # -- leaves ---------------------------------------------------------------------------
    def _mapped(self, v):
        key = id(v)
        got = self.converted.get(key)
        if got is None:
            if isinstance(v, sp.MatrixBase):
                got = _matrix(v)
            elif isinstance(v, sp.Basic) and v.is_Rational:
                got = _rational(v)
            else:
                raise Refused(f"a value that is not rational: {v!r}")
            self.converted[key] = (got, v)
            return got
        return got[0]

    # -- the walk -------------------------------------------------------------------------
    def go(self, e):
        if isinstance(e, sp.Rational):
            return _rational(e)
        if e in self.env:
            return self.env[e]
        if e in self.mapping:
            return self._mapped(self.mapping[e])
        if isinstance(e, (sp.Symbol, sp.MatrixSymbol)):
            raise Refused(f"no value for {e}")
        key = (e, tuple(self.env.items())) if self.env else e
        got = self.memo.get(key)
        if got is None:
            handler = _HANDLERS.get(type(e))
            if handler is None:
                raise Refused(f"no exact rational rule for {type(e).__name__}")
            got = self.memo[key] = handler(self, e)
        return got

    def args(self, e):
        return [self.go(a) for a in e.args]

    def bound(self, var, val, body):
        saved = self.env.get(var)
        self.env[var] = val
        try:
            return self.go(body)
        finally:
            if saved is None:
                del self.env[var]
            else:
                self.env[var] = saved


# -- node rules ---------------------------------------------------------------------------
def _add(ev, e):
    vals = ev.args(e)
    if len({_is_mat(v) for v in vals}) != 1:
        raise Refused("a sum of a matrix and a scalar")
    total = vals[0]
    for v in vals[1:]:
        if _is_mat(v) and (v.nrows(), v.ncols()) != (total.nrows(), total.ncols()):
            raise Refused("a sum of matrices of different shapes")
        total = total + v
    return total


def _mul(ev, e):
    scalars, mats = _Q(1), []
    for v in ev.args(e):
        if _is_mat(v):
            mats.append(v)
        else:
            scalars = scalars * v
    if not mats:
        return scalars
    prod = mats[0]
    for m in mats[1:]:
        if prod.ncols() != m.nrows():
            raise Refused("a product of incompatible shapes")
        prod = prod * m
    return prod if scalars == 1 else prod * scalars


def _pow_node(ev, e):
    base, ex = e.args
    if isinstance(base, Norm) and isinstance(ex, sp.Integer) and ex % 2 == 0:
        return _squared_norm(ev, base.args[0]) ** (int(ex) // 2)  # ‖v‖²ᵏ without the root
    return _pow(_scalar(ev.go(base)), ex)


def _squared_norm(ev, v):
    m = ev.go(v)
    if not _is_mat(m):
        return m * m
    return sum((m[i, j] ** 2 for i in range(m.nrows()) for j in range(m.ncols())), _Q(0))


def _matpow(ev, e):
    base, ex = e.args
    m = ev.go(base)
    n = ev.go(ex)
    if not _is_mat(m) or m.nrows() != m.ncols():
        raise Refused("a power of a non-square matrix")
    k = _int(n)
    if k < 0:
        m, k = m.inv(), -k
    out = _identity(m.nrows())
    for _ in range(k):
        out = out * m
    return out


def _transpose(ev, e):
    m = ev.go(e.args[0])
    return m.transpose() if _is_mat(m) else m


def _inverse(ev, e):
    m = ev.go(e.args[0])
    if not _is_mat(m) or m.nrows() != m.ncols():
        raise Refused("an inverse of a non-square matrix")
    return m.inv()  # ZeroDivisionError when singular: SymPy decides (a singular draw)


def _trace(ev, e):
    m = ev.go(e.args[0])
    if not _is_mat(m) or m.nrows() != m.ncols():
        raise Refused("a trace of a non-square matrix")
    return sum((m[i, i] for i in range(m.nrows())), _Q(0))


def _det(ev, e):
    m = ev.go(e.args[0])
    if not _is_mat(m) or m.nrows() != m.ncols():
        raise Refused("a determinant of a non-square matrix")
    return m.det()


def _sized(make):
    def rule(ev, e):
        return make(*(_int(ev.go(a)) for a in e.args))
    return rule


def _ones(m, n=1):
    out = _M(m, n)
    for i in range(m):
        for j in range(n):
            out[i, j] = 1
    return out


def _scalar_node(ev, e):
    m = ev.go(e.args[0])
    if _is_mat(m):
        if (m.nrows(), m.ncols()) != (1, 1):
            raise Refused("Scalar() of a matrix that is not 1×1")
        return m[0, 0]
    return m


def _norm(ev, e):
    return _root(_squared_norm(ev, e.args[0]), 2)


def _element(ev, e):
    parent, i, j = e.args
    m = ev.go(parent)
    i, j = _int(ev.go(i)), _int(ev.go(j))
    if not _is_mat(m):
        raise Refused("an entry of a scalar")
    if not (0 <= i < m.nrows() and 0 <= j < m.ncols()):
        raise Refused("an entry outside the matrix")
    return m[i, j]


def _explicit_matrix(ev, e):
    r, c = e.shape
    vals = [_scalar(ev.go(x)) for x in e]
    if r == 0 or c == 0:
        raise Refused("an empty matrix")
    return _M(r, c, vals)


def _blocks(ev, e):
    grid = e.blocks
    rows = []
    for bi in range(grid.shape[0]):
        blocks = [ev.go(grid[bi, bj]) for bj in range(grid.shape[1])]
        if not all(_is_mat(b) for b in blocks) or len({b.nrows() for b in blocks}) != 1:
            raise Refused("a block row of mismatched blocks")
        for i in range(blocks[0].nrows()):
            rows.append([b[i, j] for b in blocks for j in range(b.ncols())])
    if len({len(r) for r in rows}) != 1:
        raise Refused("block columns of mismatched widths")
    return _M(len(rows), len(rows[0]), [x for r in rows for x in r])


def _sum(empty_when_reversed: bool):
    """A finite sum over integer ranges (innermost limit first, as SymPy stores them).
    ``DataSum`` expands range(lo, hi + 1), empty when reversed; SymPy's ``Sum`` uses Karr's
    convention for a reversed range, which is left to SymPy."""
    def rule(ev, e):
        function, *limits = e.args
        ranges = []
        for var, lo, hi in (lim.args for lim in limits):
            lo, hi = _int(ev.go(lo)), _int(ev.go(hi))
            if hi < lo - 1 and not empty_when_reversed:
                raise Refused("a Sum over a reversed range")
            ranges.append((var, range(lo, hi + 1)))
        return _nested(ev, function, ranges[::-1])  # outermost first
    return rule


def _nested(ev, function, ranges):
    if not ranges:
        return ev.go(function)
    (var, values), rest = ranges[0], ranges[1:]
    terms = []
    for k in values:
        saved = ev.env.get(var)
        ev.env[var] = _Q(k)
        try:
            terms.append(_nested(ev, function, rest))
        finally:
            if saved is None:
                del ev.env[var]
            else:
                ev.env[var] = saved
    if not terms:
        if getattr(function, "is_Matrix", False) or isinstance(function, sp.MatrixExpr):
            raise Refused("an empty sum of matrices")  # SymPy's empty Add is the scalar 0
        return _Q(0)
    total = terms[0]
    for t in terms[1:]:
        if _is_mat(t) != _is_mat(total):
            raise Refused("a sum of a matrix and a scalar")
        total = total + t
    return total


def _function_matrix(ev, e):
    rows, cols, lamda = e.args
    r, c = _int(ev.go(rows)), _int(ev.go(cols))
    if len(lamda.variables) != 2 or r == 0 or c == 0:
        raise Refused("a function matrix of unexpected form")
    i, j = lamda.variables
    out = _M(r, c)
    for a in range(r):
        for b in range(c):
            saved = dict(ev.env)
            ev.env[i], ev.env[j] = _Q(a), _Q(b)
            try:
                out[a, b] = _scalar(ev.go(lamda.expr))
            finally:
                ev.env = saved
    return out


def _abs(ev, e):
    return abs(_scalar(ev.go(e.args[0])))


def _extreme(pick):
    def rule(ev, e):
        vals = [_scalar(v) for v in ev.args(e)]
        return pick(vals)
    return rule


def _piecewise(ev, e):
    for pair in e.args:
        if _truth(ev.go(pair.cond)):
            return ev.go(pair.expr)
    raise Refused("no piece applies (SymPy's Piecewise is undefined there)")


def _relation(op):
    def rule(ev, e):
        a, b = (_scalar(v) for v in ev.args(e))
        return op(a, b)
    return rule


def _and(ev, e):
    return all(_truth(ev.go(a)) for a in e.args)


def _or(ev, e):
    return any(_truth(ev.go(a)) for a in e.args)


def _not(ev, e):
    return not _truth(ev.go(e.args[0]))


_HANDLERS = {
    sp.Add: _add,
    sp.MatAdd: _add,
    sp.Mul: _mul,
    sp.MatMul: _mul,
    sp.Pow: _pow_node,
    sp.MatPow: _matpow,
    sp.Transpose: _transpose,
    sp.Inverse: _inverse,
    Inv: _inverse,
    sp.Trace: _trace,
    sp.Determinant: _det,
    sp.Identity: _sized(_identity),
    sp.ZeroMatrix: _sized(lambda m, n: _M(m, n)),
    Ones: _sized(_ones),
    sp.OneMatrix: _sized(_ones),
    Scalar: _scalar_node,
    Norm: _norm,
    MatrixElement: _element,
    sp.ImmutableDenseMatrix: _explicit_matrix,
    sp.MutableDenseMatrix: _explicit_matrix,
    sp.BlockMatrix: _blocks,
    Blocks: _blocks,
    DataSum: _sum(empty_when_reversed=True),
    sp.Sum: _sum(empty_when_reversed=False),
    sp.FunctionMatrix: _function_matrix,
    sp.Abs: _abs,
    sp.Max: _extreme(max),
    sp.Min: _extreme(min),
    sp.Piecewise: _piecewise,
    sp.StrictLessThan: _relation(lambda a, b: a < b),
    sp.LessThan: _relation(lambda a, b: a <= b),
    sp.StrictGreaterThan: _relation(lambda a, b: a > b),
    sp.GreaterThan: _relation(lambda a, b: a >= b),
    sp.Equality: _relation(lambda a, b: a == b),
    sp.Unequality: _relation(lambda a, b: a != b),
    sp.And: _and,
    sp.Or: _or,
    sp.Not: _not,
    type(sp.true): lambda ev, e: True,
    type(sp.false): lambda ev, e: False,
}
