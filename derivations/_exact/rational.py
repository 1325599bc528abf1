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
``tests/derivations/exact/test_rational.py`` compares both on every catalog claim.
"""

from __future__ import annotations

import flint
import sympy as sp
from flint.utils.flint_exceptions import FlintError
from sympy.external.gmpy import GROUND_TYPES
from sympy.matrices.expressions.matexpr import MatrixElement
from sympy.polys.domains import QQ, ZZ

from .._symbols.expr import Grad, Norm, Scalar
from .._symbols.nodes import Blocks, DataSum, Inv, Ones
from . import signs
from .numbers import (ExpFraction, Grid, LogSum, PolyFraction, Scaled, Surd, log_of, matrix_of,
                      sign_of)
from .refused import Refused

__all__ = ["Refused", "evaluator", "gradient_of", "value", "values_of"]


_Q = flint.fmpq
_M = flint.fmpq_mat
_FLINT_GROUND = GROUND_TYPES == "flint"

#: What a refused evaluation raises: ours, and flint's or Python's on a value of the wrong kind
#: (a matrix where a scalar is needed, a surd where a matrix is: ``AttributeError``), or a
#: division by 0 (an ``ArithmeticError``). SymPy decides such a point, as before.
_REFUSALS = (Refused, ArithmeticError, ValueError, IndexError, TypeError, AttributeError,
             FlintError)


def values_of(exprs, mapping: dict, evaluator: "_Evaluator | None" = None) -> list | None:
    """The values of ``exprs`` at ``mapping``, or None if any is refused. ``evaluator``
    (from :func:`evaluator`) keeps the values of the nodes met across calls at one mapping."""
    ev = _Evaluator(mapping) if evaluator is None else evaluator
    try:
        return [ev.go(sp.sympify(e)) for e in exprs]
    except _REFUSALS as exc:
        # (ZeroDivisionError is an ArithmeticError; TypeError: an unhashable node)
        ev.env = {}
        if signs.undefined_in_case(exc):  # a case of the sign split with no defined point
            raise signs.UndefinedHere(str(exc) or "a division by 0 in this case") from exc
        return None


def evaluator(mapping: dict, wrt: dict | None = None, gens: dict | None = None,
              exps=None) -> "_Evaluator":
    """A memo for :func:`values_of` at one mapping; ``wrt``: the variables a ``Grad`` may
    differentiate (symbol → its flint value), by forward mode over ℚ (:class:`Dual`);
    ``gens``: entry symbols left as the generators of polynomials (symbol → its
    :class:`~.numbers.PolyFraction`), for a components instance; ``exps``: its exponentials
    (:class:`~.exponentials.ExpGenerators`)."""
    return _Evaluator(mapping, wrt, gens=gens, exps=exps)


def gradient_of(f, v, at, mapping: dict, evaluator: "_Evaluator") -> list | None:
    """[∂f/∂vₖ] (row by row) at v = ``at`` (a flint value), or None if refused."""
    try:
        g = evaluator.gradient(sp.sympify(f), v, at)
    except _REFUSALS:
        evaluator.env = {}
        return None
    return _entries(g) if isinstance(g, _M) else [g]


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
    rep = getattr(m, "_rep", None)  # a rational matrix's own DomainMatrix over ZZ or QQ
    if _FLINT_GROUND and rep is not None and rep.domain in (ZZ, QQ):
        # With flint's ground types its entries are flint numbers already: to fmpq_mat in
        # flint, a sixth of the time of reading the entries back through SymPy (a new
        # matrix, also from a dense one: a test changes it and reads SymPy's again).
        return rep.convert_to(QQ).to_dfm().rep
    return _M(r, c, [_rational(x) for x in m])


def _int(v) -> int:
    if not isinstance(v, _Q) or v.q != 1:
        raise Refused(f"not an integer: {v}")
    return int(v.p)


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


def _truth(v) -> bool:
    if v is True or v is False:
        return v
    raise Refused("a condition that is not a truth value")


class Dual:
    """A value with its partial derivatives: ``t[k]`` is ∂value/∂xₖ (same kind as ``v``;
    None for 0), for the entries xₖ of the variable a :class:`~.expr.Grad` differentiates."""

    __slots__ = ("v", "t")

    def __init__(self, v, t: list):
        self.v, self.t = v, t


class _Constant:
    """Inside a gradient: a scalar that does not depend on the variable and has no exact
    rational value (ln(2πσ²), e^c). Its derivative is 0, so a sum with it keeps the exact
    derivatives of the other terms; any other use of its value (a product with a term that
    depends on the variable, a function of it) raises TypeError: the gradient is refused."""

    __slots__ = ()

    def __repr__(self):
        return "CONSTANT"


CONSTANT = _Constant()


def _constant_scalar(e, seed: dict) -> bool:
    return (not isinstance(e, sp.MatrixExpr) and not getattr(e, "is_Matrix", False)
            and not e.has(*seed) and not e.has(*_NOT_FINITE))


_NOT_FINITE = (sp.zoo, sp.oo, -sp.oo, sp.nan)


def _val(x):
    return x.v if isinstance(x, Dual) else x


def _is_mat(v) -> bool:
    return isinstance(_val(v), (_M, Grid))


def _scalar(v):
    if _is_mat(v):
        raise Refused("a matrix where a scalar is needed")
    return v


def _plain(v):
    if isinstance(v, Dual):
        raise Refused("a size or an index that depends on the variable of a gradient")
    return v


def _shape(v) -> tuple[int, int]:
    v = _val(v)
    return (v.nrows(), v.ncols()) if isinstance(v, (_M, Grid)) else (0, 0)


def _plus(a, b):
    if a is CONSTANT or b is CONSTANT:  # c + g: g's derivatives, a value never used
        other = b if a is CONSTANT else a
        if _is_mat(other):
            raise Refused("a matrix plus a scalar")
        return Dual(CONSTANT, other.t) if isinstance(other, Dual) else CONSTANT
    if _val(a) is CONSTANT or _val(b) is CONSTANT:  # (a log's value) + g: the derivatives add
        if _is_mat(a) or _is_mat(b):
            raise Refused("a matrix plus a scalar")
        ta = a.t if isinstance(a, Dual) else [None] * len(b.t)
        tb = b.t if isinstance(b, Dual) else [None] * len(a.t)
        return Dual(CONSTANT, [x if y is None else y if x is None else x + y
                               for x, y in zip(ta, tb)])
    if not isinstance(a, Dual) and not isinstance(b, Dual):
        return a + b
    ta = a.t if isinstance(a, Dual) else [None] * len(b.t)
    tb = b.t if isinstance(b, Dual) else [None] * len(a.t)
    return Dual(_val(a) + _val(b), [x if y is None else y if x is None else x + y
                                    for x, y in zip(ta, tb)])


def _times(a, b):
    """a·b with the product rule (a, b scalars or matrices, in this order)."""
    if a is CONSTANT or b is CONSTANT:  # c·g: constant if g is, else refused (c unknown)
        other = b if a is CONSTANT else a
        if isinstance(other, Dual) or _is_mat(other):
            raise Refused("a derivative times a value with no exact rational form")
        return CONSTANT
    if _val(a) is CONSTANT or _val(b) is CONSTANT:  # q·(a log): q times its derivatives
        unknown, other = (a, b) if _val(a) is CONSTANT else (b, a)
        if isinstance(other, Dual) or _is_mat(other):
            raise Refused("a derivative times a value with no exact rational form")
        return Dual(CONSTANT, [None if t is None else t * other for t in unknown.t])
    if not isinstance(a, Dual) and not isinstance(b, Dual):
        return a * b
    av, bv = _val(a), _val(b)
    ta = a.t if isinstance(a, Dual) else [None] * len(b.t)
    tb = b.t if isinstance(b, Dual) else [None] * len(a.t)
    out = []
    for x, y in zip(ta, tb):
        d = None if x is None else x * bv
        if y is not None:
            d = av * y if d is None else d + av * y
        out.append(d)
    return Dual(av * bv, out)


def _linear(x, f):
    """A linear map (transpose, trace, an entry) of a value and of its derivatives."""
    if isinstance(x, Dual):
        return Dual(f(x.v), [None if t is None else f(t) for t in x.t])
    return f(x)


def _assemble(r: int, c: int, entries: list):
    """An r×c matrix from scalar entries (row by row), with derivatives if any has them."""
    duals = [e for e in entries if isinstance(e, Dual)]
    if not duals:
        return matrix_of(r, c, entries)
    n = len(duals[0].t)
    value = matrix_of(r, c, [_val(e) for e in entries])
    ts = []
    for k in range(n):
        col = [e.t[k] if isinstance(e, Dual) else None for e in entries]
        ts.append(None if all(x is None for x in col)
                  else matrix_of(r, c, [_Q(0) if x is None else x for x in col]))
    return Dual(value, ts)


def _entry(x, i: int, j: int):
    return _linear(x, lambda m: m[i, j])


def _entries(x) -> list:
    r, c = _shape(x)
    return [_entry(x, i, j) for i in range(r) for j in range(c)]


def _unit(r: int, c: int, k: int) -> flint.fmpq_mat:
    m = _M(r, c)
    m[k // c, k % c] = 1
    return m


class _Evaluator:
    """One walk over the nodes met at one mapping (their values memoised).

    ``wrt``: the variables a gradient may be taken with respect to (a differentiated
    variable of an exact random point whose entries are distinct symbols), each with its
    value. ``seed``: inside a gradient, the variable and its :class:`Dual` value."""

    def __init__(self, mapping: dict, wrt: dict | None = None, seed: dict | None = None,
                 gens: dict | None = None, exps=None):
        self.mapping = mapping
        self.wrt = wrt or {}
        self.seed = seed or {}
        self.gens = gens or {}  # entry symbol -> its PolyFraction (a components instance)
        self.exps = exps  # e^p of a polynomial p there (ExpGenerators), or None
        self.env: dict = {}  # a finite sum's or a function matrix's bound variables
        self.memo: dict = {}
        self.converted: dict = {}  # id(SymPy value) -> flint value

    # -- leaves ---------------------------------------------------------------------------
    def _mapped(self, v):
        key = id(v)
        got = self.converted.get(key)
        if got is None:
            if isinstance(v, sp.MatrixBase) and self.gens:  # entries: polynomials in gens
                r, c = v.shape
                if r == 0 or c == 0:
                    raise Refused("an empty matrix")
                got = matrix_of(r, c, [_rational(x) if isinstance(x, sp.Rational) else self.go(x)
                                       for x in v])
            elif isinstance(v, sp.MatrixBase):
                got = _matrix(v)
            elif isinstance(v, sp.Basic) and v.is_Rational:
                got = _rational(v)
            elif self.gens and isinstance(v, sp.Basic) and v.free_symbols <= set(self.gens):
                got = self.go(v)
            else:
                raise Refused(f"a value that is not rational: {v!r}")
            self.converted[key] = (got, v)
            return got
        return got[0]

    # -- the walk -------------------------------------------------------------------------
    def go(self, e):
        if isinstance(e, sp.Rational):
            return _rational(e)
        env = self.env
        if not env:  # (a node met before: its value; a node never both memoised and a leaf)
            got = self.memo.get(e)
            if got is not None:
                return got
        elif e in env:
            return env[e]
        # (each lookup hashes e through a Python call: the empty dicts are skipped)
        if self.seed and e in self.seed:
            return self.seed[e]
        if self.gens and e in self.gens:
            return self.gens[e]
        if e in self.mapping:
            return self._mapped(self.mapping[e])
        if isinstance(e, (sp.Symbol, sp.MatrixSymbol)):
            raise Refused(f"no value for {e}")
        # (the bound variables' values as fmpz: python-flint hashes an fmpq through Fraction)
        key = (e, tuple((s, v.p, v.q) for s, v in env.items())) if env else e
        got = self.memo.get(key) if env else None
        if got is None:
            handler = _HANDLERS.get(type(e))
            if handler is None:
                if self.seed and _constant_scalar(e, self.seed):
                    got = self.memo[key] = CONSTANT
                    return got
                raise Refused(f"no exact rational rule for {type(e).__name__}")
            got = self.memo[key] = handler(self, e)
        return got

    def args(self, e):
        return [self.go(a) for a in e.args]

    def gradient(self, f, v, at=None):
        """∂f/∂v (the shape of v) by forward mode, v at its value or at ``at``."""
        if self.seed or v not in self.wrt:
            raise Refused("a gradient of a gradient, or with respect to a non-variable")
        value = self.wrt[v] if at is None else at
        r, c = _shape(value)
        if (r, c) == (0, 0):
            seeded = Dual(value, [_Q(1)])
        else:
            seeded = Dual(value, [_unit(r, c, k) for k in range(r * c)])
        inner = _Evaluator(self.mapping, seed={v: seeded}, gens=self.gens, exps=self.exps)
        inner.converted = self.converted
        inner.env = dict(self.env)
        fv = inner.go(f)
        if _shape(fv) == (1, 1):
            fv = _entry(fv, 0, 0)
        elif _is_mat(fv):
            raise Refused("a gradient of a matrix")
        n = max(r * c, 1)
        parts = fv.t if isinstance(fv, Dual) else [None] * n
        parts = [_Q(0) if t is None else t for t in parts]
        return parts[0] if (r, c) == (0, 0) else matrix_of(r, c, parts)


# -- node rules ---------------------------------------------------------------------------
def _add(ev, e):
    vals = ev.args(e)
    if len({_is_mat(v) for v in vals}) != 1:
        raise Refused("a sum of a matrix and a scalar")
    total = vals[0]
    for v in vals[1:]:
        if _shape(v) != _shape(total):
            raise Refused("a sum of matrices of different shapes")
        total = _plus(total, v)
    return total


def _mul(ev, e):
    acc = None
    last = None  # the shape of the last matrix factor
    for v in ev.args(e):
        if _is_mat(v):
            if last is not None and last[1] != _shape(v)[0]:
                raise Refused("a product of incompatible shapes")
            last = _shape(v) if last is None else (last[0], _shape(v)[1])
        acc = v if acc is None else _times(acc, v)
    return acc


def _power(b, e: sp.Basic):
    """bᵉ for a scalar b (with its derivative e·bᵉ⁻¹·b′) and a rational exponent e."""
    if not isinstance(e, sp.Rational):
        raise Refused("a symbolic exponent")
    p, q = int(e.p), int(e.q)
    bv = _val(_scalar(b))
    if isinstance(bv, Scaled) and not isinstance(b, Dual):  # (π·c)^(p/q)
        return bv.power(_Q(p, q))
    if q == 2 and not isinstance(b, Dual) and isinstance(bv, _Q) and bv > 0:
        return Surd.sqrt(bv) ** p  # exact: rational, or a surd
    if q == 2 and not isinstance(b, Dual) and isinstance(bv, PolyFraction):
        return Surd.sqrt_of_function(bv) ** p  # a formal root over ℚ(entry symbols)
    if q != 1 and not isinstance(bv, _Q):
        raise Refused("a root of a surd or of an exponential")
    r = _root(bv, q) ** p if q != 1 else bv ** p
    if not isinstance(b, Dual):
        return r
    if q == 1 and p >= 1:  # d bᵖ = p bᵖ⁻¹ db, at b = 0 too
        coeff = p * bv ** (p - 1)
    elif bv == 0:
        raise Refused("a derivative of a power at 0")
    else:
        coeff = _Q(p, q) * r / bv
    return Dual(r, [None if t is None else coeff * t for t in b.t])


def _pow_node(ev, e):
    base, ex = e.args
    if isinstance(base, Norm) and isinstance(ex, sp.Integer) and ex % 2 == 0:
        return _power(_squared_norm(ev, base.args[0]), ex / 2)  # ‖v‖²ᵏ without the root
    if not isinstance(ex, sp.Rational):  # y^t at a point: t's value (a label, a size)
        k = ev.go(ex)
        if not isinstance(k, _Q):  # (with derivatives, a function of entry symbols, a surd)
            raise Refused("a symbolic exponent")
        ex = sp.Rational(int(k.p), int(k.q))
    return _power(ev.go(base), ex)


def _squared_norm(ev, v):
    m = ev.go(v)
    total = None
    for x in (_entries(m) if _is_mat(m) else [m]):
        sq = _times(x, x)
        total = sq if total is None else _plus(total, sq)
    return total


def _matpow(ev, e):
    base, ex = e.args
    m = ev.go(base)
    k = _int(_plain(ev.go(ex)))
    r, c = _shape(m)
    if r == 0 or r != c:
        raise Refused("a power of a non-square matrix")
    if k < 0:
        m, k = _inverse_of(m), -k
    out = _identity(r)
    for _ in range(k):
        out = _times(out, m)
    return out


def _transpose(ev, e):
    m = ev.go(e.args[0])
    return _linear(m, lambda x: x.transpose()) if _is_mat(m) else m


def _inverse_of(m):
    r, c = _shape(m)
    if r == 0 or r != c:
        raise Refused("an inverse of a non-square matrix")
    inv = _val(m).inv()  # ZeroDivisionError when singular: SymPy decides (a singular draw)
    if not isinstance(m, Dual):
        return inv
    return Dual(inv, [None if t is None else -(inv * t * inv) for t in m.t])


def _inverse(ev, e):
    return _inverse_of(ev.go(e.args[0]))


def _tr(m):
    return sum((m[i, i] for i in range(m.nrows())), _Q(0))


def _trace(ev, e):
    m = ev.go(e.args[0])
    r, c = _shape(m)
    if r == 0 or r != c:
        raise Refused("a trace of a non-square matrix")
    return _linear(m, _tr)


def _det(ev, e):
    m = ev.go(e.args[0])
    r, c = _shape(m)
    if r == 0 or r != c:
        raise Refused("a determinant of a non-square matrix")
    d = _val(m).det()
    if not isinstance(m, Dual):
        return d
    inv = _val(m).inv()  # (Jacobi's formula needs it: a singular point is refused)
    return Dual(d, [None if t is None else d * _tr(inv * t) for t in m.t])


def _sized(make):
    def rule(ev, e):
        return make(*(_int(_plain(ev.go(a))) for a in e.args))
    return rule


def _ones(m, n=1):
    return _M(m, n, [1] * (m * n))


def _scalar_node(ev, e):
    m = ev.go(e.args[0])
    if _is_mat(m):
        if _shape(m) != (1, 1):
            raise Refused("Scalar() of a matrix that is not 1×1")
        return _entry(m, 0, 0)
    return m


def _norm(ev, e):
    return _power(_squared_norm(ev, e.args[0]), sp.Rational(1, 2))


#: node -> its free symbols, for the matrices whose entries a sum takes (bounded; SymPy's
#: ``free_symbols`` walks the whole tree on every call).
_FREE: dict = {}


def _free_of(e, env: dict) -> bool:
    """Whether ``e`` contains none of the bound variables in ``env``."""
    free = _FREE.get(e)
    if free is None:
        if len(_FREE) >= 20_000:
            _FREE.clear()
        free = _FREE[e] = e.free_symbols
    return free.isdisjoint(env)


def _element(ev, e):
    parent, i, j = e.args
    if ev.env and _free_of(parent, ev.env):
        # (X·W − T)[n, k] inside a sum over n, k: the matrix does not depend on them, so
        # it is computed once, outside the sum's bound variables, not once per (n, k)
        env, ev.env = ev.env, {}
        try:
            m = ev.go(parent)
        finally:
            ev.env = env
    else:
        m = ev.go(parent)
    i, j = _int(_plain(ev.go(i))), _int(_plain(ev.go(j)))
    r, c = _shape(m)
    if not _is_mat(m):
        raise Refused("an entry of a scalar")
    if not (0 <= i < r and 0 <= j < c):
        raise Refused("an entry outside the matrix")
    return _entry(m, i, j)


def _explicit_matrix(ev, e):
    r, c = e.shape
    if r == 0 or c == 0:
        raise Refused("an empty matrix")
    return _assemble(r, c, [_scalar(ev.go(x)) for x in e])


def _blocks(ev, e):
    grid = e.blocks
    rows = []
    for bi in range(grid.shape[0]):
        blocks = [ev.go(grid[bi, bj]) for bj in range(grid.shape[1])]
        if not all(_is_mat(b) for b in blocks) or len({_shape(b)[0] for b in blocks}) != 1:
            raise Refused("a block row of mismatched blocks")
        for i in range(_shape(blocks[0])[0]):
            rows.append([_entry(b, i, j) for b in blocks for j in range(_shape(b)[1])])
    if len({len(r) for r in rows}) != 1:
        raise Refused("block columns of mismatched widths")
    return _assemble(len(rows), len(rows[0]), [x for r in rows for x in r])


def _sum(empty_when_reversed: bool):
    """A finite sum over integer ranges (innermost limit first, as SymPy stores them).
    ``DataSum`` expands range(lo, hi + 1), empty when reversed; SymPy's ``Sum`` uses Karr's
    convention for a reversed range, which is left to SymPy."""
    def rule(ev, e):
        function, *limits = e.args
        ranges = []
        for var, lo, hi in (lim.args for lim in limits):
            lo, hi = _int(_plain(ev.go(lo))), _int(_plain(ev.go(hi)))
            if hi < lo - 1 and not empty_when_reversed:
                raise Refused("a Sum over a reversed range")
            ranges.append((var, range(lo, hi + 1)))
        return _nested(ev, function, ranges[::-1])  # outermost first
    return rule


def _nested(ev, function, ranges):
    if not ranges:
        return ev.go(function)
    (var, values), rest = ranges[0], ranges[1:]
    total = None
    for k in values:
        saved = ev.env.get(var)
        ev.env[var] = _Q(k)
        try:
            term = _nested(ev, function, rest)
        finally:
            if saved is None:
                del ev.env[var]
            else:
                ev.env[var] = saved
        if total is not None and _shape(term) != _shape(total):
            raise Refused("a sum of terms of different shapes")
        total = term if total is None else _plus(total, term)
    if total is None:
        if getattr(function, "is_Matrix", False) or isinstance(function, sp.MatrixExpr):
            raise Refused("an empty sum of matrices")  # SymPy's empty Add is the scalar 0
        return _Q(0)
    return total


def _function_matrix(ev, e):
    rows, cols, lamda = e.args
    r, c = _int(_plain(ev.go(rows))), _int(_plain(ev.go(cols)))
    if len(lamda.variables) != 2 or r == 0 or c == 0:
        raise Refused("a function matrix of unexpected form")
    i, j = lamda.variables
    entries = []
    for a in range(r):
        for b in range(c):
            saved = dict(ev.env)
            ev.env[i], ev.env[j] = _Q(a), _Q(b)
            try:
                entries.append(_scalar(ev.go(lamda.expr)))
            finally:
                ev.env = saved
    return _assemble(r, c, entries)


def _log(ev, e):
    """ln a. ln eᵘ = u for a real u (every value here is real: the point is rational). Inside
    a gradient the derivative of ln a is a′/a, which needs no value of the log: its value is
    left unknown (:data:`CONSTANT`, usable only in sums and in products with plain numbers,
    anything else refused), and ln of a product is the sum of the logs of its factors
    (d ln(ab) = a′/a + b′/b; each factor must be positive, or free of the variable). Outside a
    gradient its value is exact (:func:`_log_value`), or refused: SymPy decides that point."""
    (arg,) = e.args
    if isinstance(arg, sp.exp):
        return ev.go(arg.args[0])
    if not ev.seed:
        total, sign = _log_value(ev, arg)
        if sign < 0:
            raise Refused("a log of a negative number")
        return total
    if _constant_scalar(e, ev.seed):
        return CONSTANT
    out = None
    for f in (arg.args if isinstance(arg, sp.Mul) else (arg,)):
        term = _log_factor(ev, f)
        out = term if out is None else _plus(out, term)
    return out


def _log_value(ev, arg) -> tuple:
    """(ln|a|, sign of a) for the value of ``arg``, exactly (:func:`~.numbers.log_of`: a
    rational over its primes, an exponential sum as an atom): ln|ab| = ln|a| + ln|b| over a
    product's factors, ln|bᵏ| = k ln|b|, ln eᵘ = u, ln π an atom. 0, an unknown sign, a
    non-integer power of a negative base: refused."""
    if isinstance(arg, sp.exp):
        return ev.go(arg.args[0]), 1
    if arg is sp.E:
        return _Q(1), 1
    if arg is sp.pi:
        return LogSum.atom(("pi",)), 1
    if isinstance(arg, sp.Mul):
        total, sign = _Q(0), 1
        for f in arg.args:
            t, sg = _log_value(ev, f)
            total, sign = total + t, sign * sg
        return total, sign
    if isinstance(arg, sp.Pow):
        k = _scalar(_plain(ev.go(arg.args[1])))
        if not isinstance(k, _Q):
            raise Refused("a log of a power with an exponent that is not rational")
        t, sg = _log_value(ev, arg.args[0])
        if sg < 0 and k.q != 1:
            raise Refused("a non-integer power of a negative number")
        return k * t, (sg if k.q == 1 and k.p % 2 else 1)
    v = _scalar(ev.go(arg))
    if isinstance(v, (Dual, _Constant)):
        raise Refused("a log of a value with derivatives outside a gradient")
    sg = sign_of(v)
    if sg == 0:
        raise Refused("a log of 0")
    return log_of(v if sg > 0 else -v), sg



def _log_factor(ev, f):
    if isinstance(f, sp.exp):
        return ev.go(f.args[0])
    if _constant_scalar(f, ev.seed):  # ln of a factor free of the variable: derivative 0
        return CONSTANT
    x = _scalar(ev.go(f))
    if x is CONSTANT:
        return CONSTANT
    if isinstance(x, Dual):
        if x.v is CONSTANT or x.v <= 0:  # (SymPy's complex log there: SymPy decides)
            raise Refused("a log of an unknown value, or of one not positive, inside a gradient")
        return Dual(CONSTANT, [None if t is None else t / x.v for t in x.t])
    if x <= 0:
        raise Refused("a log of a number that is not positive")
    return CONSTANT


def _exp(ev, e):
    """e^q exactly (:class:`~.numbers.ExpFraction`) for a rational q, and for a polynomial q
    of a components instance's entries (:mod:`.exponentials`); with its derivative e^q·q′
    inside a gradient; an unknown constant stays one. Anything else is refused."""
    x = _scalar(ev.go(e.args[0]))
    if x is CONSTANT:
        return CONSTANT
    v = _val(x)
    if isinstance(v, PolyFraction) and ev.exps is not None:  # a components instance
        ev_ = ev.exps.exp(v)
    elif not isinstance(v, _Q):
        raise Refused("an exponential of a value that is not rational")
    else:
        ev_ = ExpFraction.exp(v)
    if not isinstance(x, Dual):
        return ev_
    return Dual(ev_, [None if t is None else t * ev_ for t in x.t])


def _grad(ev, e):
    f, v = e.args
    return ev.gradient(f, v)


# |x|, max, min, piecewise and their conditions: exact on plain values. On a value with
# derivatives (inside a gradient) only off the boundary, where the active piece is the same in a
# neighbourhood of the point and its derivative is the derivative: a tie (|0|, max of equal
# values, a condition whose two sides are equal) is refused, so SymPy decides there as before
# (its Heaviside(0) = 1/2 and a Piecewise's first-listed piece are conventions, not derivatives).
def _abs(ev, e):
    x = _scalar(ev.go(e.args[0]))
    if not isinstance(x, Dual):
        return abs(x)
    if sign_of(x.v) == 0:  # (a case's sign where x is a rational function: .cases)
        raise Refused("|x| where x = 0 inside a gradient")
    return x if x.v > 0 else Dual(-x.v, [None if t is None else -t for t in x.t])


def _extreme(largest: bool):
    def rule(ev, e):
        vals = [_scalar(v) for v in ev.args(e)]
        if not any(isinstance(v, Dual) for v in vals):
            return max(vals) if largest else min(vals)
        best = max(vals, key=_val) if largest else min(vals, key=_val)
        if sum(1 for v in vals if sign_of(_val(v) - _val(best)) == 0) > 1:
            raise Refused("a tie in max/min inside a gradient")
        return best
    return rule


def _piecewise(ev, e):
    for pair in e.args:
        if _truth(ev.go(pair.cond)):
            return ev.go(pair.expr)
    raise Refused("no piece applies (SymPy's Piecewise is undefined there)")


def _relation(op):
    def rule(ev, e):
        a, b = (_scalar(v) for v in ev.args(e))
        if (isinstance(a, Dual) or isinstance(b, Dual)) and sign_of(_val(a) - _val(b)) == 0:
            raise Refused("a condition on its boundary inside a gradient")
        return op(_val(a), _val(b))
    return rule


def _equal_at_point(a, b) -> bool:
    """The truth of a = b as a condition: the sign of a − b is 0. For numbers that is their
    equality; for rational functions of a components instance it is a statement about the
    point, not the identity of the two functions (x₀ = x₁ holds where they meet): their sign
    is unknown (``TypeError``, a refusal) outside a case split (:mod:`.cases`), and the
    case's assumption inside one."""
    if _is_mat(a) or _is_mat(b):
        if not (_is_mat(a) and _is_mat(b)) or _shape(a) != _shape(b):
            raise Refused("a matrix condition between different shapes")
        return all(sign_of(x - y) == 0 for x, y in zip(_entries(a), _entries(b)))
    return sign_of(a - b) == 0


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
    Grad: _grad,
    sp.log: _log,
    sp.exp: _exp,
    MatrixElement: _element,
    sp.ImmutableDenseMatrix: _explicit_matrix,
    sp.MutableDenseMatrix: _explicit_matrix,
    sp.BlockMatrix: _blocks,
    Blocks: _blocks,
    DataSum: _sum(empty_when_reversed=True),
    sp.Sum: _sum(empty_when_reversed=False),
    sp.FunctionMatrix: _function_matrix,
    sp.Abs: _abs,
    sp.Max: _extreme(largest=True),
    sp.Min: _extreme(largest=False),
    sp.Piecewise: _piecewise,
    sp.StrictLessThan: _relation(lambda a, b: a < b),
    sp.LessThan: _relation(lambda a, b: a <= b),
    sp.StrictGreaterThan: _relation(lambda a, b: a > b),
    sp.GreaterThan: _relation(lambda a, b: a >= b),
    sp.Equality: _relation(lambda a, b: _equal_at_point(a, b)),
    sp.Unequality: _relation(lambda a, b: not _equal_at_point(a, b)),
    sp.And: _and,
    sp.Or: _or,
    sp.Not: _not,
    type(sp.pi): lambda ev, e: Scaled.pi(),
    type(sp.true): lambda ev, e: True,
    type(sp.false): lambda ev, e: False,
}
