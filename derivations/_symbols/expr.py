"""Expression nodes that SymPy lacks, in a form every verification method can use.

A catalog claim is written once, dimension-free, over ``MatrixSymbol``s. These nodes
let it say what the documents say without committing to one method:

=============  ==========================================  ===============================
node           meaning                                     when instantiated (explicit)
=============  ==========================================  ===============================
``Scalar(M)``  a 1x1 matrix expression read as a scalar    ``M[0, 0]``
``Norm(v)``    Euclidean norm of a column vector           ``sqrt(sum v_i**2)``
``Grad(f,v)``  gradient of scalar ``f`` w.r.t. ``v``       entrywise ``diff`` (exact)
=============  ==========================================  ===============================

"Instantiated" means: every ``MatrixSymbol`` replaced by an explicit ``ImmutableMatrix``
of entry symbols (see :mod:`derivations._symbols.space`). The nodes evaluate themselves as soon as
their arguments are explicit, so ``expr.xreplace(mapping)`` is the whole instantiation.

For the dimension-free *symbolic* method, :func:`lower` rewrites the nodes into SymPy's
own matrix calculus (``Trace``, ``diff``), which is exactly where SymPy is known to err;
the other methods never go through it.
"""

from __future__ import annotations

import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixExpr

from .forward import gradient_at
from .short_help import ShortHelp, ShortHelpFunction

__all__ = ["Scalar", "Norm", "Grad", "is_explicit", "lower", "dot", "quad"]


def is_explicit(m: sp.Basic) -> bool:
    """True for a concrete matrix (entries known), as produced by instantiation."""
    return isinstance(m, sp.MatrixBase)


def _explicit(m: sp.Basic):
    """Return an explicit ImmutableMatrix for ``m`` if it can be made explicit, else None."""
    if is_explicit(m):
        return sp.ImmutableMatrix(m)
    if isinstance(m, MatrixExpr) and not m.atoms(sp.MatrixSymbol, Grad):
        try:
            return sp.ImmutableMatrix(m.doit().as_explicit())
        except Exception:  # noqa: BLE001 - symbolic sizes or unevaluable: stay symbolic
            return None
    return None


class Scalar(sp.Function, metaclass=ShortHelpFunction):
    """A 1x1 matrix expression used as a scalar, e.g. ``Scalar(w.T*x)`` for ``w^T x``."""

    nargs = 1

    @classmethod
    def eval(cls, m):
        e = _explicit(m)
        if e is not None:
            if e.shape != (1, 1):
                raise sp.ShapeError(f"Scalar() needs a 1x1 matrix, got shape {e.shape}")
            return e[0, 0]
        return None

    def _latex(self, printer, exp=None):
        inner = printer._print(self.args[0])
        return inner if exp is None else rf"\left({inner}\right)^{{{exp}}}"

    def _eval_is_real(self):
        return True

    def _eval_is_commutative(self):
        return True


class Norm(sp.Function, metaclass=ShortHelpFunction):
    """Euclidean norm ``||v||`` of a column vector."""

    nargs = 1

    @classmethod
    def eval(cls, v):
        e = _explicit(v)
        if e is not None:
            return sp.sqrt(sum(x**2 for x in e))
        return None

    def _latex(self, printer, exp=None):
        norm = r"\left\|" + printer._print(self.args[0]) + r"\right\|"
        return norm if exp is None else f"{norm}^{{{exp}}}"

    def _eval_is_real(self):
        return True

    def _eval_is_commutative(self):
        return True

    def _eval_is_nonnegative(self):
        return True


class Grad(MatrixExpr, metaclass=ShortHelp):
    """Gradient ``∂f/∂v`` of a scalar ``f`` with respect to a vector or matrix ``v`` (or a
    scalar symbol ``v``: a 1x1 gradient, ``Scalar(Grad(f, b))`` the derivative ∂f/∂b).

    Shape convention: the gradient has the shape of ``v`` (denominator layout), so
    ``Grad(Scalar(w.T*A*w), w) == (A + A.T)*w``.
    """

    def __new__(cls, f, v):
        f = sp.sympify(f)
        if isinstance(v, sp.Symbol):  # d f / d b for a scalar b: a 1x1 gradient, taken only
            return sp.Basic.__new__(cls, f, v)  # once instantiated (:func:`scalar_partial`)
        ev = _explicit(v)
        if ev is not None and all(isinstance(s, sp.Symbol) for s in ev):
            return sp.ImmutableMatrix(ev.shape[0], ev.shape[1], _partials(explicit_scalar(f), list(ev)))
        return sp.Basic.__new__(cls, f, v)

    @staticmethod
    def at(f: sp.Basic, v: sp.Basic, point: dict) -> sp.ImmutableMatrix | None:
        """``Grad(f, v)`` at ``point`` (values of every symbol of the instantiated f) by forward
        mode in exact arithmetic (:mod:`.forward`), the gradient's formula never built; None
        where forward mode refuses (the caller differentiates symbolically)."""
        ev = sp.ImmutableMatrix([[v]]) if isinstance(v, sp.Symbol) else _explicit(v)
        if ev is None or not all(isinstance(s, sp.Symbol) for s in ev):
            return None
        g = gradient_at(explicit_scalar(sp.sympify(f)), list(ev), point)
        return None if g is None else sp.ImmutableMatrix(ev.shape[0], ev.shape[1], g)

    @property
    def shape(self):
        v = self.args[1]
        return (sp.Integer(1), sp.Integer(1)) if isinstance(v, sp.Symbol) else v.shape

    def scalar_partial(self) -> sp.ImmutableMatrix | None:
        """``[[∂f/∂b]]`` for a scalar variable ``b`` once ``f`` is an explicit scalar (an
        instance: no matrix symbol left), by :func:`_partials`; None before."""
        f, v = self.args
        if not isinstance(v, sp.Symbol) or f.has(sp.MatrixSymbol, Grad):
            return None
        try:
            return sp.ImmutableMatrix([[_partials(explicit_scalar(f), [v])[0]]])
        except ValueError:
            return None

    def _entry(self, i, j, **kwargs):
        raise NotImplementedError("Grad has no entries until it is instantiated")

    def _latex(self, printer):
        return (r"\frac{\partial}{\partial " + printer._print(self.args[1]) + r"}\left("
                + printer._print(self.args[0]) + r"\right)")


def explicit_scalar(f: sp.Basic) -> sp.Basic:
    """An instantiated scalar as a plain expression in the entry symbols, so its derivative is
    ordinary scalar calculus: never SymPy's matrix calculus (Trace._eval_derivative)."""
    if f.has(sp.Trace, sp.MatrixExpr):
        f = f.doit()
        if isinstance(f, sp.MatrixBase):
            f = f[0, 0]
    if f.has(sp.Trace, sp.MatrixExpr, sp.Derivative):
        raise ValueError(f"Grad: {f} did not evaluate to an explicit scalar")
    return f


def _partials(f: sp.Basic, xs: list) -> list:
    """∂f/∂x for each x: by polynomial differentiation when f is a polynomial in ``xs`` over
    a polynomial or rational domain (exact, and orders of magnitude faster than ``diff`` on a
    large expanded expression), by ``sp.diff`` otherwise (exp, log, sqrt, …)."""
    poly = None
    if not _transcendental_in(f, set(xs)):
        try:
            poly = sp.Poly(f, *xs)
        except sp.PolynomialError:
            poly = None
    if poly is not None and not poly.domain.is_EX and not poly.domain.is_EXRAW:
        return [poly.diff(x).as_expr() for x in xs]
    return [sp.diff(f, x) for x in xs]


def _transcendental_in(f: sp.Basic, xs: set) -> bool:
    """Whether ``f`` applies a function (exp, log, |·|, …) or a negative or fractional power
    to an expression in ``xs``: ``Poly(f, *xs)`` then fails ("contains an element of the set
    of generators") after converting the rest of ``f``, a third of the time of a logistic
    gradient's instantiation."""
    for a in sp.preorder_traversal(f):
        if isinstance(a, sp.Function) or (
                isinstance(a, sp.Pow) and not (a.exp.is_Integer and a.exp >= 0)):
            if not a.free_symbols.isdisjoint(xs):
                return True
    return False


def dot(a: sp.Basic, b: sp.Basic) -> sp.Basic:
    """Inner product ``a^T b`` of two column vectors, as a scalar."""
    return Scalar(a.T * b)


def quad(v: sp.Basic, m: sp.Basic) -> sp.Basic:
    """Quadratic form ``v^T M v`` as a scalar."""
    return Scalar(v.T * m * v)


def lower(expr: sp.Basic) -> sp.Basic:
    """Rewrite the nodes of this module into SymPy-native dimension-free forms.

    ``Scalar(M) -> Trace(M)``, ``Norm(v) -> sqrt(Trace(v.T*v))``, ``Grad(f, v) -> diff(f, v)``
    — the last one through SymPy's own matrix calculus, which the engine does not trust
    on its own (see DESIGN.md, "Verification: never trust one path").
    """
    expr = sp.sympify(expr)
    if isinstance(expr, Scalar):
        return sp.Trace(lower(expr.args[0]))
    if isinstance(expr, Norm):
        v = lower(expr.args[0])
        return sp.sqrt(sp.Trace(v.T * v))
    if isinstance(expr, Grad):
        if isinstance(expr.args[1], sp.Symbol):  # a scalar variable: the 1x1 derivative
            return sp.ImmutableMatrix([[sp.diff(lower(expr.args[0]), expr.args[1])]])
        return sp.diff(lower(expr.args[0]), expr.args[1])
    if not expr.args or isinstance(expr, (sp.MatrixSymbol, sp.Symbol)):
        return expr
    return expr.func(*[lower(a) for a in expr.args])
