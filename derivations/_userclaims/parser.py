"""The restricted expression language of claims files, parsed over :mod:`ast` with a whitelist.

User text is never given to ``eval``, ``sympify`` or ``parse_expr``: :func:`parse_expression`
runs ``ast.parse(text, mode="eval")`` (after bounding its length and bracket nesting, so the
parser itself cannot be exhausted), walks the tree, and builds each node it allows from the
declared symbols by hand. Anything else is a :class:`~.errors.ClaimsError` at the node's
file, line and column.

Allowed: names of declared symbols; integer and decimal literals (decimals read as exact
rationals: ``0.1`` is 1/10); ``+ - * / @ **`` (``*`` and ``@`` are both the matrix product
between matrices; ``**`` takes a literal exponent, an integer of magnitude at most
:data:`MAX_EXPONENT` or, for a scalar base, a fraction ``(p/q)`` with small p and q); ``.T``;
lists ``[a, b]`` (a column vector) and ``[[a, b], [c, d]]`` (a matrix by rows); indexing
``v[i]``, ``A[i, j]`` and ``X[n]`` (the n-th sample of ``samples(N, d)``, a column vector),
all 1-based; one comparison ``< <= > >= ==`` at the top of a relation; and the calls of
:data:`FUNCTIONS`.

Bounds: :data:`MAX_LENGTH` characters, :data:`MAX_DEPTH` nested brackets or operators,
:data:`MAX_NODES` syntax nodes, :data:`MAX_BITS` bits in an exact number built from literals,
explicit matrices of at most :data:`MAX_EXPLICIT` rows and columns, combined exponents
(powers of powers) of at most :data:`MAX_TOTAL_EXPONENT`, sums nested at most
:data:`MAX_SUM_DEPTH` deep.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass, field

import sympy as sp
from sympy.matrices.exceptions import NonInvertibleMatrixError

from .._symbols.expr import Grad, Norm, Scalar
from .._symbols.nodes import DataSum, Inv, Ones
from .errors import ClaimsError, Location
from .indexing import index_problem
from .keywords import declared_keywords_as_names

__all__ = ["parse_expression", "Relation", "Names", "FUNCTIONS", "MAX_LENGTH", "MAX_DEPTH",
           "MAX_NODES", "MAX_EXPONENT", "MAX_BITS", "MAX_EXPLICIT"]

MAX_LENGTH = 2000
MAX_DEPTH = 32
MAX_NODES = 600
MAX_EXPONENT = 16
MAX_TOTAL_EXPONENT = 256
MAX_SUM_DEPTH = 3
MAX_BITS = 4096
MAX_EXPLICIT = 12
MAX_LITERAL = 40  # characters of one number literal

#: name -> (arguments, what it means); the only calls an expression may make.
FUNCTIONS = {
    "grad": ("f, v", "gradient of the scalar f w.r.t. the declared vector or matrix v (shape of v); "
                     "the derivative ∂f/∂v for a declared scalar v"),
    "diff": ("f, v", "the same as grad"),
    "trace": ("A", "trace of a square matrix"),
    "det": ("A", "determinant of a square matrix"),
    "inv": ("A", "inverse of a square matrix (A**-1 is the same)"),
    "transpose": ("A", "A.T"),
    "norm": ("v", "Euclidean norm of a column vector"),
    "dot": ("a, b", "a.T @ b for column vectors, a scalar"),
    "exp": ("x", "e^x of a scalar"),
    "log": ("x", "natural logarithm of a scalar"),
    "sqrt": ("x", "square root of a scalar"),
    "sigmoid": ("a", "1/(1 + exp(-a))"),
    "softmax": ("[a_1, ..., a_K], k", "exp(a_k) / sum_j exp(a_j)"),
    "max": ("a, b, ...", "the largest of scalars"),
    "min": ("a, b, ...", "the smallest of scalars"),
    "abs": ("x", "|x|"),
    "hinge": ("z", "max(0, 1 - z)"),
    "sum": ("body, n, N", "sum of body for n = 1..N (n a new index name; X[n] the n-th sample)"),
    "eye": ("n", "the n x n identity"),
    "zeros": ("m, n", "the m x n zero matrix"),
    "ones": ("m, n=1", "the m x n matrix of ones"),
}

_COMPARE = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "=="}
_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.MatMult)


@dataclass(frozen=True)
class Relation:
    """``lhs op rhs`` with ``op`` one of ``< <= > >= ==``."""

    lhs: sp.Basic
    op: str
    rhs: sp.Basic


@dataclass
class Names:
    """What names mean in an expression: ``symbols`` (name -> SymPy object), ``samples``
    (names of ``samples(N, d)`` matrices: ``X[n]`` is a row as a column vector), ``dims``
    (names of sizes: usable as numbers, e.g. ``eye(d)``, ``sum(..., n, N)``)."""

    symbols: dict = field(default_factory=dict)
    samples: set = field(default_factory=set)
    dims: set = field(default_factory=set)
    #: the Space the symbols belong to, when there is one: what a log's argument is known to
    #: be (positivity by form, :func:`real_exp`)
    space: object = None


def real_exp(a, names: Names, fail):
    """``exp(a)`` over the reals: a ``log(u)`` inside ``a`` must have ``u`` > 0 by its
    declarations (:mod:`derivations._decide.positivity`), else ``fail(message)``. SymPy
    rewrites ``exp(log(u))`` to ``u`` (``exp(log(u) + y)`` to ``u·e^y``) as it builds them —
    an identity over the complex numbers, while over the reals ``log(u)`` is undefined
    where u ≤ 0 — and no method can see what was there before: so the claim is refused
    here, with the fix."""
    from .._decide.positivity import is_manifestly_positive

    for lg in sorted(sp.sympify(a).atoms(sp.log), key=sp.default_sort_key):
        u = lg.args[0]
        known = (is_manifestly_positive(u, names.space) if names.space is not None
                 else u.is_positive is True)
        if not known:
            name = next((str(x) for x in sorted(u.free_symbols, key=str)), str(u))
            fail(f"exp of log({u}): log({u}) is real only where {u} > 0, and nothing declared "
                 f"makes it so; SymPy would rewrite exp(log({u})) to {u}, which holds for every "
                 f"sign only over the complex numbers. Declare {name} positive "
                 f"(\"scalar(positive)\"), or add where = [\"{name} > 0\"], or state the claim "
                 "without exp(log(...))")
    return sp.exp(a)


def _is_matrix(e) -> bool:
    return isinstance(e, (sp.MatrixBase, sp.MatrixExpr))


def _bits(e) -> int:
    """An upper bound on the bits of the exact numbers in ``e``."""
    if isinstance(e, sp.Rational):
        return int(e.p).bit_length() + int(e.q).bit_length()
    if isinstance(e, sp.MatrixBase):
        return max((_bits(x) for x in e), default=0)
    if isinstance(e, sp.Basic):
        return max((_bits(a) for a in e.atoms(sp.Rational)), default=0)
    return 0


def _depth(text: str, where: Location) -> None:
    """Refuse text nested deeper than MAX_DEPTH brackets before Python's parser sees it."""
    level, line, col = 0, 1, 0
    for ch in text:
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        elif ch in "([{":
            level += 1
            if level > MAX_DEPTH:
                raise ClaimsError(f"brackets nested deeper than {MAX_DEPTH}; write the expression "
                                  "flatter (name a sub-expression in [definitions])",
                                  where.at(line, col))
        elif ch in ")]}":
            level -= 1
    # long operator chains (1+1+...+1) nest in the tree without brackets: bounded by MAX_NODES
    # on the tree and by the length; unary chains (- - - x) are counted here
    m = re.search(r"(?:[-+~]\s*){%d,}" % (MAX_DEPTH + 1), text)
    if m:
        raise ClaimsError(f"more than {MAX_DEPTH} signs in a row", where.at(1, m.start() + 1))


def _operator_depth(tree: ast.AST) -> int:
    best, stack = 0, [(tree, 1)]
    while stack:
        node, d = stack.pop()
        best = max(best, d)
        stack.extend((c, d + 1) for c in ast.iter_child_nodes(node))
    return best


def parse_expression(text: str, names: Names, where: Location | None = None, *,
                     relation: bool = False):
    """Parse ``text`` into a SymPy expression over ``names`` (or a :class:`Relation` when
    ``relation`` is true and the text holds one comparison). Every failure is a
    :class:`ClaimsError` located in the file (``where`` is the start of ``text``)."""
    where = where or Location()
    if not isinstance(text, str):
        raise ClaimsError(f"an expression must be a string, got {type(text).__name__}", where)
    if len(text) > MAX_LENGTH:
        raise ClaimsError(f"expression of {len(text)} characters; at most {MAX_LENGTH} are "
                          "allowed (name parts of it in [definitions])", where)
    if not text.strip():
        raise ClaimsError("empty expression; write a formula such as 'w.T @ x + b'", where)
    if "\x00" in text:
        raise ClaimsError("the expression contains a NUL character", where)
    body = text.lstrip()
    skipped = text[:len(text) - len(body)]
    if skipped:  # Python refuses leading blanks ("unexpected indent"): start after them
        where = where.at(skipped.count("\n") + 1, len(skipped.rsplit("\n", 1)[-1]) + 1)
        text = body
    text = text.rstrip()
    text, names = declared_keywords_as_names(text, names)  # lambda = "scalar" is usable
    _depth(text, where)
    try:
        with warnings.catch_warnings():  # "invalid decimal literal" and the like: errors below
            warnings.simplefilter("ignore")
            tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        msg = exc.msg or "invalid syntax"
        raise ClaimsError(f"not an expression: {msg}", where.at(exc.lineno or 1, exc.offset or 1)) from None
    except (ValueError, RecursionError, MemoryError, OverflowError) as exc:
        raise ClaimsError(f"not an expression: {type(exc).__name__}", where) from None
    nodes = sum(1 for _ in ast.walk(tree))
    if nodes > MAX_NODES:
        raise ClaimsError(f"expression of {nodes} syntax nodes; at most {MAX_NODES} are allowed "
                          "(name parts of it in [definitions])", where)
    if _operator_depth(tree) > 3 * MAX_DEPTH:
        raise ClaimsError(f"expression nested deeper than {3 * MAX_DEPTH} operations", where)
    return _Builder(text, names, where).top(tree.body, relation)


class _Builder:
    def __init__(self, text: str, names: Names, where: Location):
        self.text, self.names, self.where = text, names, where
        self.bound: dict[str, sp.Symbol] = {}

    # -- errors ---------------------------------------------------------------------------
    def loc(self, node) -> Location:
        return self.where.at(getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1)

    def fail(self, node, msg: str):
        raise ClaimsError(msg, self.loc(node))

    def segment(self, node) -> str:
        try:
            return ast.get_source_segment(self.text, node) or ""
        except Exception:  # noqa: BLE001 - only for messages
            return ""

    # -- the top: a relation or an expression ---------------------------------------------
    def top(self, node, relation: bool):
        if isinstance(node, ast.Compare):
            if not relation:
                self.fail(node, "a comparison is not allowed here; give an expression")
            if len(node.ops) != 1:
                self.fail(node, "one comparison per relation (write a < b and b < c as two claims)")
            op = _COMPARE.get(type(node.ops[0]))
            if op is None:
                self.fail(node, "only < <= > >= == compare")
            lhs, rhs = self.scalarise(self.build(node.left)), self.scalarise(self.build(node.comparators[0]))
            if op != "==" and (_is_matrix(lhs) or _is_matrix(rhs)):
                self.fail(node, f"'{op}' compares scalars; this side is a matrix")
            return Relation(lhs, op, rhs)
        return self.scalarise(self.build(node))

    @staticmethod
    def scalarise(e):
        if isinstance(e, sp.MatrixBase) and e.shape == (1, 1):
            return e[0, 0]
        return e

    def build(self, node):
        try:
            out = self._build(node)
        except ClaimsError:
            raise
        except (sp.ShapeError, NonInvertibleMatrixError) as exc:
            self.fail(node, f"{self.segment(node) or 'this'}: {exc}")
        except (TypeError, ValueError, IndexError, ZeroDivisionError, AttributeError,
                NotImplementedError, KeyError) as exc:
            self.fail(node, f"cannot build {self.segment(node) or 'this'!r}: "
                            f"{type(exc).__name__}: {exc}")
        except (RecursionError, MemoryError, OverflowError):
            self.fail(node, "expression too large to build")
        except Exception as exc:  # noqa: BLE001 - whatever SymPy raises on user text is the user's error
            self.fail(node, f"cannot build {self.segment(node) or 'this'!r}: {type(exc).__name__}: {exc}")
        if _bits(out) > MAX_BITS:
            self.fail(node, f"a number of more than {MAX_BITS} bits; use smaller numbers")
        if isinstance(out, sp.MatrixBase) and max(out.shape) > MAX_EXPLICIT:
            self.fail(node, f"an explicit matrix larger than {MAX_EXPLICIT} x {MAX_EXPLICIT}")
        return out

    def _build(self, node):
        if isinstance(node, ast.Constant):
            return self.number(node)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.USub):
                return -self.build(node.operand)
            if isinstance(node.op, ast.UAdd):
                return self.build(node.operand)
            self.fail(node, "only - and + are unary operators here")
        if isinstance(node, ast.BinOp):
            return self.binop(node)
        if isinstance(node, ast.Attribute):
            if node.attr != "T":
                self.fail(node, f"'.{node.attr}' is not allowed; only '.T' (transpose)")
            a = self.build(node.value)
            if not _is_matrix(a):
                return a  # a scalar is its own transpose
            return a.T
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.List):
            return self.explicit(node)
        if isinstance(node, ast.Subscript):
            return self.subscript(node)
        if isinstance(node, ast.Compare):
            self.fail(node, "a comparison can only be the whole relation")
        self.fail(node, f"{type(node).__name__} is not allowed in a formula "
                        "(allowed: names, numbers, + - * / @ **, .T, [lists], calls of "
                        f"{', '.join(sorted(FUNCTIONS))})")

    # -- leaves ---------------------------------------------------------------------------
    def number(self, node):
        v = node.value
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            self.fail(node, f"{type(v).__name__} literal not allowed; only numbers")
        raw = self.segment(node).replace("_", "")
        if len(raw) > MAX_LITERAL or not raw:
            self.fail(node, f"number literal longer than {MAX_LITERAL} characters")
        if isinstance(v, int):
            if not re.fullmatch(r"\d+", raw):  # hex, octal, binary literals
                self.fail(node, f"write integers in decimal, not {raw!r}")
            return sp.Integer(int(raw))
        m = re.fullmatch(r"(\d*\.?\d*)(?:[eE]([+-]?\d+))?", raw)
        if not m or (m.group(2) and abs(int(m.group(2))) > 100):
            self.fail(node, f"decimal literal {raw!r} not allowed (exponent at most 100)")
        return sp.Rational(raw)  # exact: 0.1 is 1/10

    def name(self, node):
        n = node.id
        if n in self.bound:
            return self.bound[n]
        if n in self.names.symbols:
            return self.names.symbols[n]
        if n == "pi":
            return sp.pi
        if n in FUNCTIONS:
            self.fail(node, f"{n} is a function; call it: {n}({FUNCTIONS[n][0]})")
        self.fail(node, f"unknown name {n!r}: declare it in [symbols] (e.g. {n} = \"vector(d)\")")

    # -- operators ------------------------------------------------------------------------
    def binop(self, node):
        op = node.op
        if not isinstance(op, _BINOPS):
            self.fail(node, f"operator {type(op).__name__} not allowed; use + - * / @ **")
        if isinstance(op, ast.Pow):
            return self.power(node)
        a, b = self.build(node.left), self.build(node.right)
        if isinstance(op, ast.Add):
            return self.add(node, a, b)
        if isinstance(op, ast.Sub):
            return self.add(node, a, -b)
        if isinstance(op, ast.Div):
            if _is_matrix(b):
                self.fail(node.right, "division by a matrix; multiply by inv(...) instead")
            if b == 0:
                self.fail(node.right, "division by zero")
            return a / b
        if isinstance(op, ast.MatMult) and not (_is_matrix(a) and _is_matrix(b)):
            self.fail(node, "'@' multiplies two matrices or vectors; use '*' with a scalar")
        if _is_matrix(a) and _is_matrix(b):
            if sp.expand(a.shape[1] - b.shape[0]) != 0:
                self.fail(node, f"shapes {_shape(a)} and {_shape(b)} cannot be multiplied")
            return _scalar_if_1x1(a * b)
        return a * b

    def add(self, node, a, b):
        if _is_matrix(a) != _is_matrix(b):
            self.fail(node, "adding a scalar and a matrix; write the scalar times a matrix "
                            "(e.g. c * ones(d, 1))")
        if _is_matrix(a) and (a.shape[0] - b.shape[0] != 0 or a.shape[1] - b.shape[1] != 0):
            self.fail(node, f"adding shapes {_shape(a)} and {_shape(b)}")
        return a + b

    def power(self, node):
        base = self.build(node.left)
        k = self.exponent(node.right)
        if _is_matrix(base):
            if not k.is_Integer:
                self.fail(node.right, "a matrix power takes an integer exponent")
            if base.shape[0] - base.shape[1] != 0:
                self.fail(node, f"power of a non-square {_shape(base)} matrix")
            if k == -1:
                return Inv(base)
            out = Inv(base) ** int(-k) if k < 0 else base ** int(k)
            self.total_power(node, out)
            return out
        if isinstance(base, sp.Rational):
            if _bits(base) * abs(int(k.p)) > MAX_BITS:
                self.fail(node, f"{self.segment(node)} has more than {MAX_BITS} bits")
            if base == 0 and k < 0:
                self.fail(node, "0 to a negative power")
        out = base ** k
        self.total_power(node, out)
        return out

    def total_power(self, node, out):
        """Powers of powers multiply ((x**16)**16 is x**256): bound the combined exponent, or
        an exact point would hold numbers of millions of digits."""
        if isinstance(out, sp.Basic):
            for p in out.atoms(sp.Pow, sp.MatPow):
                e = p.args[1]
                if isinstance(e, sp.Rational) and max(abs(e.p), e.q) > MAX_TOTAL_EXPONENT:
                    self.fail(node, f"a power x**{e} after combining exponents; at most "
                                    f"{MAX_TOTAL_EXPONENT}")

    def exponent(self, node) -> sp.Rational:
        """A literal exponent: an integer, or (p/q), each of magnitude <= MAX_EXPONENT."""
        sign = 1
        while isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            sign = -sign if isinstance(node.op, ast.USub) else sign
            node = node.operand
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            v = node.value
            if v > MAX_EXPONENT:
                self.fail(node, f"exponent {v} larger than {MAX_EXPONENT}")
            return sp.Integer(sign * v)
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)
                and all(isinstance(x, ast.Constant) and type(x.value) is int for x in (node.left, node.right))):
            p, q = node.left.value, node.right.value
            if not (0 < q <= MAX_EXPONENT and p <= MAX_EXPONENT):
                self.fail(node, f"fractional exponent p/q needs 0 < q, p <= {MAX_EXPONENT}")
            return sp.Rational(sign * p, q)
        self.fail(node, f"an exponent must be a literal integer (|k| <= {MAX_EXPONENT}) or a "
                        "fraction such as (1/2)")

    # -- lists and indexing ---------------------------------------------------------------
    def explicit(self, node):
        if not node.elts:
            self.fail(node, "an empty list; a vector needs entries")
        if len(node.elts) > MAX_EXPLICIT:
            self.fail(node, f"more than {MAX_EXPLICIT} entries in a list")
        if all(isinstance(e, ast.List) for e in node.elts):
            rows = []
            for r in node.elts:
                if len(r.elts) > MAX_EXPLICIT or not r.elts:
                    self.fail(r, f"a row needs 1 to {MAX_EXPLICIT} entries")
                rows.append([self.scalar_entry(e) for e in r.elts])
            if len({len(r) for r in rows}) != 1:
                self.fail(node, "the rows of a matrix have different lengths")
            return sp.ImmutableMatrix(rows)
        return sp.ImmutableMatrix([[self.scalar_entry(e)] for e in node.elts])

    def scalar_entry(self, node):
        v = self.scalarise(self.build(node))
        if _is_matrix(v):
            self.fail(node, "an entry of a list must be a scalar")
        return v

    def subscript(self, node):
        target = node.value
        obj = self.build(target)
        if not _is_matrix(obj):
            self.fail(node, "only vectors, matrices and samples can be indexed")
        idx = node.slice
        parts = idx.elts if isinstance(idx, ast.Tuple) else [idx]
        ix = [self.index(p) for p in parts]
        is_samples = isinstance(target, ast.Name) and target.id in self.names.samples
        if is_samples and len(ix) == 1:
            return obj[ix[0] - 1, :].T
        for k, size, axis in zip(ix, obj.shape if len(ix) == 2 else obj.shape[:1],
                                 ("rows", "columns") if len(ix) == 2 else ("entries",)):
            why = index_problem(self.segment(node) or "an index", k, size, self.names.space, axis)
            if why:  # w[3] at d = 1, 2: refused here, not an IndexError in every method
                self.fail(node, why)
        if len(ix) == 1:
            if obj.shape[1] != 1:
                self.fail(node, "one index needs a column vector; write A[i, j] for a matrix")
            return obj[ix[0] - 1, 0]
        if len(ix) == 2:
            return obj[ix[0] - 1, ix[1] - 1]
        self.fail(node, "at most two indices")

    def index(self, node):
        if isinstance(node, ast.Slice):
            self.fail(node, "slices are not allowed; index entries or samples one at a time")
        v = self.build(node)
        if _is_matrix(v) or not (v.is_integer or v.is_Integer):
            self.fail(node, "an index must be a whole number or a sum index")
        if v.is_Integer and v < 1:
            self.fail(node, "indices start at 1")
        return v

    # -- calls ----------------------------------------------------------------------------
    def call(self, node):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            what = node.func.id if isinstance(node.func, ast.Name) else self.segment(node.func)
            self.fail(node, f"{what!r} cannot be called; allowed: {', '.join(sorted(FUNCTIONS))}")
        if node.keywords:
            self.fail(node, "keyword arguments are not allowed")
        if any(isinstance(a, ast.Starred) for a in node.args):
            self.fail(node, "*arguments are not allowed")
        name = node.func.id
        return getattr(self, f"f_{name}")(node, node.args)

    def nargs(self, node, args, *counts):
        if len(args) not in counts:
            want = " or ".join(map(str, counts))
            self.fail(node, f"{node.func.id}() takes {want} argument(s) ({FUNCTIONS[node.func.id][0]}), "
                            f"got {len(args)}")

    def scalar_arg(self, node, arg):
        v = self.scalarise(self.build(arg))
        if _is_matrix(v):
            self.fail(arg, f"{node.func.id}() takes a scalar; this is a matrix")
        return v

    def square_arg(self, node, arg):
        v = self.build(arg)
        if not _is_matrix(v) or v.shape[0] - v.shape[1] != 0:
            self.fail(arg, f"{node.func.id}() takes a square matrix")
        return v

    def f_grad(self, node, args):
        self.nargs(node, args, 2)
        var = args[1]
        sym = self.names.symbols.get(var.id) if isinstance(var, ast.Name) else None
        decl = (next((d for d in self.names.space.decls.values() if d.symbol == sym), None)
                if isinstance(sym, sp.Symbol) and self.names.space is not None else None)
        scalar = (decl.is_scalar and not decl.discrete if decl is not None
                  else self.names.space is None and isinstance(sym, sp.Symbol))
        if scalar and var.id not in self.names.dims:
            if sym.is_integer:
                self.fail(var, f"{var.id} is declared an integer: there is no derivative "
                               f"with respect to it")
            # ∂f/∂b for a declared scalar b: the 1x1 gradient as a scalar
            return Scalar(Grad(self.scalar_arg(node, args[0]), sym))
        if not isinstance(sym, sp.MatrixSymbol):
            self.fail(var, "differentiate with respect to a declared scalar, vector or matrix")
        f = self.scalar_arg(node, args[0])
        return Grad(f, sym)

    f_diff = f_grad

    def f_trace(self, node, args):
        self.nargs(node, args, 1)
        return self.scalarise(sp.Trace(self.square_arg(node, args[0])))

    def f_det(self, node, args):
        self.nargs(node, args, 1)
        m = self.square_arg(node, args[0])
        return m.det(method="berkowitz") if isinstance(m, sp.MatrixBase) else sp.Determinant(m)

    def f_inv(self, node, args):
        self.nargs(node, args, 1)
        return Inv(self.square_arg(node, args[0]))

    def f_transpose(self, node, args):
        self.nargs(node, args, 1)
        v = self.build(args[0])
        return v.T if _is_matrix(v) else v

    def f_norm(self, node, args):
        self.nargs(node, args, 1)
        v = self.build(args[0])
        if not _is_matrix(v) or v.shape[1] != 1:
            self.fail(args[0], "norm() takes a column vector")
        return Norm(v)

    def f_dot(self, node, args):
        self.nargs(node, args, 2)
        a, b = self.build(args[0]), self.build(args[1])
        if not (_is_matrix(a) and _is_matrix(b) and a.shape[1] == 1 and b.shape[1] == 1):
            self.fail(node, "dot() takes two column vectors")
        if a.shape[0] - b.shape[0] != 0:
            self.fail(node, f"dot() of vectors of lengths {a.shape[0]} and {b.shape[0]}")
        return _scalar_if_1x1(a.T * b)

    def _unary(self, node, args, fn):
        self.nargs(node, args, 1)
        return fn(self.scalar_arg(node, args[0]))

    def f_exp(self, node, args):
        return self._unary(node, args, self.exp_of(node))

    def exp_of(self, node):
        return lambda a: real_exp(a, self.names, lambda msg: self.fail(node, msg))

    def f_log(self, node, args):
        def log(x):
            if x == 0:
                self.fail(node, "log(0)")
            return sp.log(x)
        return self._unary(node, args, log)

    def f_sqrt(self, node, args):
        return self._unary(node, args, sp.sqrt)

    def f_abs(self, node, args):
        return self._unary(node, args, sp.Abs)

    def f_sigmoid(self, node, args):
        exp = self.exp_of(node)
        return self._unary(node, args, lambda a: 1 / (1 + exp(-a)))

    def f_hinge(self, node, args):
        return self._unary(node, args, lambda z: sp.Max(0, 1 - z))

    def f_max(self, node, args):
        if not 2 <= len(args) <= MAX_EXPLICIT:
            self.fail(node, "max() takes 2 or more scalars")
        return sp.Max(*[self.scalar_arg(node, a) for a in args])

    def f_min(self, node, args):
        if not 2 <= len(args) <= MAX_EXPLICIT:
            self.fail(node, "min() takes 2 or more scalars")
        return sp.Min(*[self.scalar_arg(node, a) for a in args])

    def f_softmax(self, node, args):
        self.nargs(node, args, 2)
        v = self.build(args[0])
        if not isinstance(v, sp.MatrixBase) or v.shape[1] != 1:
            self.fail(args[0], "softmax() takes a list of scalars [a_1, ..., a_K]")
        k = self.index(args[1])
        if not k.is_Integer or k > v.shape[0]:
            self.fail(args[1], f"softmax(..., k) needs a literal k in 1..{v.shape[0]}")
        exp = self.exp_of(node)
        return exp(v[int(k) - 1]) / sp.Add(*[exp(a) for a in v])

    def size(self, node):
        v = self.build(node)
        if _is_matrix(v) or not v.is_integer:
            self.fail(node, "a size must be a whole number or a declared dim")
        if v.is_Integer and not 1 <= v <= MAX_EXPLICIT:
            self.fail(node, f"a literal size must be 1..{MAX_EXPLICIT}")
        return v

    def f_eye(self, node, args):
        self.nargs(node, args, 1)
        return sp.Identity(self.size(args[0]))

    def f_zeros(self, node, args):
        self.nargs(node, args, 2)
        return sp.ZeroMatrix(self.size(args[0]), self.size(args[1]))

    def f_ones(self, node, args):
        self.nargs(node, args, 1, 2)
        m = self.size(args[0])
        n = self.size(args[1]) if len(args) == 2 else sp.Integer(1)
        return Ones(m, n)

    def f_sum(self, node, args):
        self.nargs(node, args, 3)
        var = args[1]
        if not isinstance(var, ast.Name):
            self.fail(var, "sum(body, n, N): n must be a new index name")
        if var.id in self.names.symbols or var.id in self.bound or var.id in FUNCTIONS:
            self.fail(var, f"index {var.id!r} is already a name; choose another")
        top = self.size(args[2])
        if len(self.bound) >= MAX_SUM_DEPTH:
            self.fail(node, f"sums nested deeper than {MAX_SUM_DEPTH}")
        idx = sp.Symbol(var.id, integer=True, positive=True)
        self.bound[var.id] = idx
        try:
            body = self.scalarise(self.build(args[0]))
        finally:
            del self.bound[var.id]
        if _is_matrix(body):  # entry by entry, as the catalog writes a sum of matrices
            i, j = sp.Dummy("i", integer=True), sp.Dummy("j", integer=True)
            return sp.FunctionMatrix(body.shape[0], body.shape[1],
                                     sp.Lambda((i, j), DataSum(body[i, j], (idx, 1, top))))
        return DataSum(body, (idx, 1, top))


def _shape(m) -> str:
    return f"{m.shape[0]} x {m.shape[1]}"


def _scalar_if_1x1(m):
    """A 1x1 product (wᵀx) is the scalar the documents mean: ``Scalar``, or the entry."""
    if isinstance(m, sp.MatrixBase):
        return m[0, 0] if m.shape == (1, 1) else m
    if m.shape == (1, 1):
        return Scalar(m)
    return m
