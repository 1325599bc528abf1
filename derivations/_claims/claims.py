"""Claims: what a catalog entry asserts, in a form every method can check.

=====================  ========================================================================
claim                  meaning
=====================  ========================================================================
``Equal(a, b)``        ``a == b`` (scalars or matrices)
``Rel(a, op, b, C)``   ``a op b`` with op in ``<= >= < >``; proved by a *certificate* ``C``:
                       the gap (``b - a`` for ``<=``) equals ``C`` identically and ``C`` is
                       manifestly nonnegative (positive for strict ops); without ``C``, by a
                       certificate :mod:`derivations._decide.inequality` finds and checks (cases,
                       Farkas multipliers, manifest signs, log monotonicity, convexity)
``SameSign(a, b, c)``  ``sign(a) == sign(b)``, proved by ``a == c*b`` with ``c`` manifestly > 0
``IsPSD(M, B)``        ``M`` is positive semidefinite, proved by ``M == B^T B``
``EigenPair(A, v, l)`` ``A v == l v``
``Stationary(f,v,p)``  ``∂f/∂v`` vanishes at ``v = p``
``SphereMax(f,v,p,C)`` ``p`` maximises ``f`` over the unit sphere: ``f(p) - f(u/||u||) >= 0``
``Iff(p, q)``          two conditions (relations, And/Or/Not) are equivalent: proved by a case
                       analysis (:mod:`derivations._decide.piecewise`) deciding both in every region
``Exists(v, cs)``      some value of the bound variables ``v`` satisfies every relation in
                       ``cs``: proved by a rational witness checked exactly, refuted by an exact
                       infeasibility certificate (:mod:`derivations._decide.linear`); floats only find
                       candidates
``LagrangePoints(f,    the real stationary points of f − Σλ_i(g_i − c_i) on g_i = c_i are exactly
cs, xs, points)``      ``points`` (with the printed multipliers, max and min when given): decided by
                       :mod:`derivations._decide.stationary` (elimination with certified
                       eliminants; Hermite's real-root count), each complete or undecided
``Behaviour(run, n)``  an algorithm's behaviour, checked by running ``numerics`` on ``n`` data sets
=====================  ========================================================================

Every claim exposes the same small interface to the methods (:mod:`derivations._methods`):

* ``identity(inst)``: explicit expressions that are identically zero iff the *proof* holds
  at that instance (components method), or ``None`` when no proof route exists;
* ``symbolic()``: dimension-free expressions that must simplify to zero (symbolic method);
* ``violation(inst, values)``: at one exact point, ``None`` if the claim holds there, else a
  short description of how it fails (exact random method: a certain refutation);
* ``sides()`` / ``replace_side(i, expr)``: the expressions a mutation may alter.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from typing import Callable

import sympy as sp

from .._symbols.expr import Grad, Norm, lower
from .._exact import cases, signs
from .._exact.numbers import entries, is_matrix, sign_of
from .._decide.positivity import is_manifestly_nonnegative, is_manifestly_positive

__all__ = [
    "Undecidable", "Claim", "Equal", "Rel", "SameSign", "IsPSD", "EigenPair", "Stationary", "SphereMax",
    "Iff", "Exists", "LagrangePoints", "Behaviour", "RunResult",
]

_OPS = {"<=": sp.LessThan, ">=": sp.GreaterThan, "<": sp.StrictLessThan, ">": sp.StrictGreaterThan}
_FLIP = {"<=": ">=", ">=": "<=", "<": ">", ">": "<"}


class Undecidable(Exception):
    """The claim's value at one exact point could not be decided (e.g. 0/0, unevaluated)."""


def _sign_at(v) -> int:
    from .._decide.exactness import exact_sign

    s = exact_sign(v)
    if s is None:
        raise Undecidable(f"could not decide the sign of {v}")
    return s


def _as_list(e) -> list:
    if isinstance(e, sp.MatrixBase):
        return list(e)
    return [e]


def _value(e):
    """An instantiated value as an explicit matrix or scalar."""
    if isinstance(e, sp.MatrixExpr) and not isinstance(e, sp.MatrixBase):
        return sp.ImmutableMatrix(e.doit().as_explicit())
    return e


class Claim:
    """Base class; see the module docstring for the interface."""

    relation = "="

    def __post_init__(self):
        for f in ("lhs", "rhs", "a", "b", "factor", "m", "f", "point", "certificate"):
            v = getattr(self, f, None)
            if v is not None and not isinstance(v, sp.Basic):
                object.__setattr__(self, f, sp.sympify(v))

    def sides(self) -> list[sp.Basic]:
        raise NotImplementedError

    def replace_side(self, i: int, expr: sp.Basic) -> "Claim":
        raise NotImplementedError

    def identity(self, inst) -> list | None:
        return None

    def symbolic(self) -> list | None:
        return None

    def violation(self, inst, values: dict) -> str | None:
        raise NotImplementedError

    def holds_over_q(self, inst) -> bool | None:
        """Whether the claim holds at an exact random point, computed over ℚ in flint
        (:meth:`Instance.rational`); None where only SymPy can decide (see exact random)."""
        residual = getattr(self, "rational_residual", None)
        r = residual(inst) if residual is not None else None
        if r is None:
            return None
        try:
            return all(x == 0 for x in r)
        except TypeError:  # a sum of logarithms of independent atoms: undecided here
            return None

    def identity_over_q(self, inst) -> bool:
        """Whether :meth:`identity` is 0 at a components instance, proved in flint: the
        residual (:meth:`rational_residual`) as rational functions over ℚ of the entry
        symbols, each 0 exactly. False says nothing (a claim without that route, a value
        flint refuses — a norm, an exponential, a comparison): SymPy decides, as before."""
        residual = getattr(self, "rational_residual", None)
        if residual is None:
            return False
        asked = signs.asked_outside
        r = residual(inst)
        if r is not None:  # computed without a sign: no case split
            try:
                return all(x == 0 for x in r)
            except TypeError:  # undecided here (two kinds of number with no common form)
                return False
        if signs.asked_outside == asked or inst.point is not None:
            return False  # refused for another reason than a sign: SymPy decides
        # |·|, max, min, a condition or √(p²) needed a sign: every case of the signs
        # (derivations._exact.cases), each on a fresh instance (its own evaluator)
        return cases.by_cases(lambda: residual(inst.fresh()))

    def manifest(self, space) -> tuple[bool, str]:
        """Whether the non-identity part of the proof (a sign condition) holds structurally."""
        return True, ""

    def latex(self, printer) -> str:
        raise NotImplementedError


def _zero_at(e, values: dict) -> tuple[bool, sp.Basic]:
    from .._decide.exactness import exact_is_zero

    v = e.xreplace(values) if values else e
    ok = exact_is_zero(v)
    if ok is None:
        raise Undecidable(f"could not decide whether {v} is 0")
    return ok, v


@dataclass(frozen=True)
class Equal(Claim):
    lhs: sp.Basic
    rhs: sp.Basic

    def sides(self):
        return [self.lhs, self.rhs]

    def replace_side(self, i, expr):
        return replace(self, lhs=expr) if i == 0 else replace(self, rhs=expr)

    def residual(self, inst):
        a, b = _value(inst(self.lhs)), _value(inst(self.rhs))
        if isinstance(a, sp.MatrixBase) != isinstance(b, sp.MatrixBase):
            if isinstance(a, sp.MatrixBase) and a.shape == (1, 1):
                a = a[0, 0]
            elif isinstance(b, sp.MatrixBase) and b.shape == (1, 1):
                b = b[0, 0]
            else:
                raise sp.ShapeError("one side of the equality is a matrix, the other a scalar")
        if isinstance(a, sp.MatrixBase) and a.shape != b.shape:
            raise sp.ShapeError(f"sides have shapes {a.shape} and {b.shape}")
        return _as_list(a - b)

    def identity(self, inst):
        return self.residual(inst)

    def rational_residual(self, inst) -> list | None:
        """lhs − rhs entry by entry over ℚ in flint (:meth:`Instance.rational`), with
        :meth:`residual`'s shape rules; None where SymPy must decide (or the shapes clash,
        which :meth:`residual` reports)."""
        got = inst.rational([self.lhs, self.rhs])
        if got is None:
            return None
        a, b = got
        a_mat, b_mat = is_matrix(a), is_matrix(b)
        if a_mat != b_mat:  # a 1×1 matrix against a scalar is that scalar
            if a_mat and (a.nrows(), a.ncols()) == (1, 1):
                a = a[0, 0]
            elif b_mat and (b.nrows(), b.ncols()) == (1, 1):
                b = b[0, 0]
            else:
                return None
        elif a_mat and (a.nrows(), a.ncols()) != (b.nrows(), b.ncols()):
            return None
        try:
            d = a - b
        except TypeError:  # two kinds of exact number with no common form (a surd, an exp)
            return None
        return entries(d) if is_matrix(d) else [d]

    def symbolic(self):
        return [lower(self.lhs) - lower(self.rhs)]

    def violation(self, inst, values):
        for i, e in enumerate(self.residual(inst)):
            ok, v = _zero_at(e, values)
            if ok is False:
                return f"lhs - rhs = {v} (entry {i}), not 0"
        return None

    def latex(self, p):
        return f"{p.doprint(self.lhs)} = {p.doprint(self.rhs)}"


@dataclass(frozen=True)
class Rel(Claim):
    lhs: sp.Basic
    op: str
    rhs: sp.Basic
    certificate: sp.Basic | None = None

    def __post_init__(self):
        super().__post_init__()
        if self.op not in _OPS:
            raise ValueError(f"op must be one of {sorted(_OPS)}, got {self.op!r}")

    @property
    def relation(self):
        return self.op

    def sides(self):
        return [self.lhs, self.rhs]

    def replace_side(self, i, expr):
        side = {"lhs": expr} if i == 0 else {"rhs": expr}
        return replace(self, certificate=None, **side)

    def flipped(self) -> "Rel":
        return replace(self, op=_FLIP[self.op], certificate=None)

    def gap(self):
        """The quantity that must be >= 0 (or > 0)."""
        return self.rhs - self.lhs if self.op in ("<=", "<") else self.lhs - self.rhs

    def identity(self, inst):
        if self.certificate is None:  # a certificate found and checked at this instance, or none
            return None if self.prove(inst) is None else [sp.Integer(0)]
        return [sp.sympify(inst(self.gap() - self.certificate))]

    def prove(self, inst):
        """A checked certificate (:mod:`derivations._decide.inequality`) that the instantiated gap is
        ``>= 0`` (``> 0`` for strict ops) for every value of the entry symbols, or None."""
        from .._decide.inequality import prove

        g = inst(self.gap())
        if isinstance(g, sp.MatrixBase):
            g = g[0, 0]
        return prove(sp.sympify(g), strict=self.op in ("<", ">"))

    def decide_at(self, inst, space, seconds: float):
        """Without a certificate: the gap's sign decided completely at this components instance
        on the set the declarations define (:mod:`derivations._decide.realclosed`), a
        :class:`~derivations._decide.realclosed.Decision` (proved, refuted with an exact point,
        or undecided naming what was missing)."""
        from .._decide.certificates import counterexample
        from .._decide.realclosed import Decision, constraints_on, decide_declared

        g = inst(self.gap())
        if isinstance(g, sp.MatrixBase) and g.shape == (1, 1):
            g = g[0, 0]
        strict = self.op in ("<", ">")
        d = decide_declared(g, ">" if strict else ">=", space, inst, seconds)
        if d.status == "undecided" and constraints_on(g, space, inst) == []:
            # beyond polynomials (a log): the convexity route's stationary point, when the
            # gap is negative there exactly, is the counterexample
            point = counterexample(g, strict)
            if point is not None:
                return Decision("refuted", "an exact stationary point of the gap", point)
        return d

    def symbolic(self):
        if self.certificate is None:
            return None
        return [lower(self.gap() - self.certificate)]

    def manifest(self, space):
        if self.certificate is None:
            # reached only when identity() returned [0] at every instance: each a checked proof
            return True, ""
        strict = self.op in ("<", ">")
        ok = (is_manifestly_positive if strict else is_manifestly_nonnegative)(self.certificate, space)
        return ok, "" if ok else f"certificate {self.certificate} is not manifestly {'positive' if strict else 'nonnegative'}"

    def rational_residual(self, inst) -> list | None:
        """gap − certificate (what :meth:`identity` instantiates) over ℚ in flint, or None:
        without a certificate (the gap's sign is proved by SymPy's route), or where flint
        refuses."""
        if self.certificate is None:
            return None
        got = inst.rational([self.gap() - self.certificate])
        if got is None:
            return None
        g = got[0]
        return list(entries(g)) if is_matrix(g) else [g]

    def holds_over_q(self, inst) -> bool | None:
        got = inst.rational([self.gap()])
        if got is None:
            return None
        try:
            g = _entry_1x1(got[0])
            return g > 0 or (g == 0 and self.op not in ("<", ">"))
        except TypeError:  # a larger matrix, or a sign not resolved: SymPy decides
            return None

    def violation(self, inst, values):
        g = inst(self.gap())
        if isinstance(g, sp.MatrixBase):
            g = g[0, 0]
        v = g.xreplace(values)
        s = _sign_at(v)
        strict = self.op in ("<", ">")
        if s < 0 or (strict and s == 0):
            return f"gap = {v} violates {self.op}"
        return None

    def latex(self, p):
        sym = {"<=": r"\leq", ">=": r"\geq", "<": "<", ">": ">"}[self.op]
        return f"{p.doprint(self.lhs)} {sym} {p.doprint(self.rhs)}"


@dataclass(frozen=True)
class SameSign(Claim):
    a: sp.Basic
    b: sp.Basic
    factor: sp.Basic

    relation = "same sign"

    def sides(self):
        return [self.a, self.b]

    def replace_side(self, i, expr):
        return replace(self, a=expr) if i == 0 else replace(self, b=expr)

    def identity(self, inst):
        return [sp.sympify(inst(self.a - self.factor * self.b))]

    def symbolic(self):
        return [lower(self.a - self.factor * self.b)]

    def manifest(self, space):
        ok = is_manifestly_positive(self.factor, space)
        return ok, "" if ok else f"factor {self.factor} is not manifestly positive"

    def holds_over_q(self, inst) -> bool | None:
        """Both signs at an exact random point in flint (:meth:`Instance.rational`): None
        where flint refuses a side or leaves its sign undecided (SymPy decides then)."""
        got = inst.rational([self.a, self.b])
        if got is None:
            return None
        try:
            sa, sb = (sign_of(_entry_1x1(v)) for v in got)
        except TypeError:
            return None
        return sa == sb

    def violation(self, inst, values):
        sa, sb = _sign_at(inst(self.a).xreplace(values)), _sign_at(inst(self.b).xreplace(values))
        if sa == sb:
            return None
        return f"sign(a) = {sa} but sign(b) = {sb}"

    def latex(self, p):
        return rf"\operatorname{{sign}}\left({p.doprint(self.a)}\right) = \operatorname{{sign}}\left({p.doprint(self.b)}\right)"


@dataclass(frozen=True)
class IsPSD(Claim):
    m: sp.Basic
    factor: sp.Basic | None = None

    relation = "is PSD"

    def sides(self):
        return [self.m]

    def replace_side(self, i, expr):
        return replace(self, m=expr, factor=None)

    def identity(self, inst):
        if self.factor is None:
            return None
        return _as_list(_value(inst(self.m)) - _value(inst(self.factor.T * self.factor)))

    def symbolic(self):
        if self.factor is None:
            return None
        return [lower(self.m) - lower(self.factor.T * self.factor)]

    def violation(self, inst, values):
        m = sp.Matrix(_value(inst(self.m)).xreplace(values))
        if m != m.T:
            return "matrix is not symmetric"
        n = m.shape[0]
        import itertools

        for k in range(1, n + 1):
            for idx in itertools.combinations(range(n), k):
                minor = m.extract(list(idx), list(idx)).det()
                if _sign_at(minor) == -1:
                    return f"principal minor on rows {[i + 1 for i in idx]} is {minor} < 0"
        return None

    def latex(self, p):
        return rf"{p.doprint(self.m)} \succeq 0"


@dataclass(frozen=True)
class EigenPair(Equal):
    """``A v == lam v``; stored as an :class:`Equal` so every method treats it uniformly."""

    relation = "eigen-pair"

    @staticmethod
    def of(a, v, lam) -> "EigenPair":
        return EigenPair(a * v, lam * v)


@dataclass(frozen=True)
class Stationary(Claim):
    f: sp.Basic
    var: sp.MatrixSymbol
    point: sp.Basic

    relation = "stationary"

    def sides(self):
        return [self.point]

    def replace_side(self, i, expr):
        return replace(self, point=expr)

    def _residual(self, inst):
        entries = list(inst(self.var))
        pt = list(_value(inst(self.point)))
        sym = inst.without_point()  # the gradient as a function of the entry symbols
        if inst.point is not None:  # an exact random point: the gradient's value at the claimed point
            at = dict(inst.point)
            at.update(zip(entries, (sp.sympify(p).xreplace(inst.point) for p in pt)))
            g = Grad.at(sym(self.f), sym(self.var), at)
            if g is not None:
                return list(g)
        g = sym(Grad(self.f, self.var))
        return [e.xreplace(dict(zip(entries, pt))) for e in g]

    def identity(self, inst):
        return self._residual(inst)

    def rational_residual(self, inst) -> list | None:
        """The gradient's entries at the claimed point over ℚ in flint (forward mode,
        :meth:`Instance.rational_gradient`), or None where SymPy must decide."""
        if self.point.has(self.var):
            return None
        got = inst.rational([self.point, self.var])
        if got is None:
            return None
        at, current = got
        if is_matrix(at) != is_matrix(current):
            return None
        if is_matrix(at) and (at.nrows(), at.ncols()) != (current.nrows(), current.ncols()):
            return None
        return inst.rational_gradient(self.f, self.var, at)

    def symbolic(self):
        g = lower(Grad(self.f, self.var))
        return [g.xreplace({self.var: self.point})]

    def violation(self, inst, values):
        for e in self._residual(inst):
            ok, v = _zero_at(e, values)
            if ok is False:
                return f"gradient entry = {v} at the claimed point, not 0"
        return None

    def latex(self, p):
        return (rf"\left.\frac{{\partial}}{{\partial {p.doprint(self.var)}}}{p.doprint(self.f)}"
                rf"\right|_{{{p.doprint(self.var)} = {p.doprint(self.point)}}} = 0")


@dataclass(frozen=True)
class SphereMax(Claim):
    """``point`` (a unit vector) maximises ``f`` over ``||var|| = 1``.

    ``var`` is read as a free nonzero direction ``u``; the claim is
    ``f(point) - f(u/||u||) >= 0``, proved by a certificate equal to that gap.
    """

    f: sp.Basic
    var: sp.MatrixSymbol
    point: sp.Basic
    certificate: sp.Basic | None = None

    relation = "maximiser on the sphere"

    def __post_init__(self):
        super().__post_init__()
        if self.point.has(self.var):
            raise ValueError(f"SphereMax: the claimed maximiser {self.point} depends on the "
                             f"variable {self.var}; state a point that does not")

    def sides(self):
        return [self.point]

    def replace_side(self, i, expr):
        return replace(self, point=expr, certificate=None)

    def gap(self):
        return self.f.xreplace({self.var: self.point}) - self.f.xreplace({self.var: self.var / Norm(self.var)})

    def identity(self, inst):
        if self.certificate is None:
            return None
        return [sp.sympify(inst(self.gap() - self.certificate))]

    def manifest(self, space):
        if self.certificate is None:
            return False, "no certificate"
        ok = is_manifestly_nonnegative(self.certificate, space)
        return ok, "" if ok else "certificate not manifestly nonnegative"

    def violation(self, inst, values):
        unit = inst(Norm(self.point)).xreplace(values)
        if _sign_at(sp.sympify(unit) - 1) != 0:
            return f"claimed maximiser has norm {unit}, not 1"
        if all(sp.sympify(e).xreplace(values) == 0 for e in inst(self.var)):
            return None  # u = 0 has no direction; every other u is a real competitor
        var = _value(inst(self.var))
        u = sp.Matrix([sp.sympify(e).xreplace(values) for e in _as_list(var)])
        point = _value(inst(self.point))
        shape = point.shape if isinstance(point, sp.MatrixBase) else (1, 1)
        var_shape = var.shape
        if shape != var_shape:  # (f at such a point is not a formula: SymPy's ShapeError, as
            raise sp.ShapeError(  # when f was instantiated at it)
                f"the claimed maximiser has shape {shape}, the variable {var_shape}")
        pt = sp.Matrix(_as_list(point)).xreplace(values)
        f_at = self._f_at(inst, values, var_shape)
        f_pt = f_at(pt)
        g = f_pt - f_at(u / Norm(sp.ImmutableMatrix(u)))
        if _sign_at(g) == -1:
            return f"f(point) - f(u/||u||) = {g} < 0: a better point exists"
        # A point that is not a local maximiser loses to a point near it: u's component
        # tangent to the sphere at the claimed point gives two nearby competitors
        # p ± eps (u - (u.p) p), one of which is better to first order unless the gradient's
        # tangent part is orthogonal to it. Each is checked exactly like u itself.
        tangent = u - (u.T * pt)[0, 0] * pt
        if all(_sign_at(e) == 0 for e in tangent):
            return None
        for eps in (sp.Rational(1, 16), sp.Rational(1, 256)):
            for sgn in (1, -1):
                near = sp.ImmutableMatrix(pt + sgn * eps * tangent)
                g = f_pt - f_at(near / Norm(near))
                if _sign_at(g) == -1:
                    return (f"f(point) - f(u'/||u'||) = {g} < 0 at u' = point "
                            f"{'+' if sgn > 0 else '-'} {eps}*(u - (u.point) point) = "
                            f"{list(near)}: a better point exists")
        return None

    def _f_at(self, inst, values, shape):
        """f at explicit vectors of this point's instance: instantiated once with ``var`` an
        explicit matrix of placeholders, then each vector substituted into that (not f
        instantiated again per vector: SymPy's products of matrices with radical entries
        were three quarters of this check's time). The same exact values."""
        slots = sp.ImmutableMatrix(*shape, [sp.Dummy(f"v{k}") for k in range(shape[0] * shape[1])])
        at_slots = replace(inst, mapping={**inst.mapping, self.var: slots})
        f = _value(at_slots(self.f))
        f = sp.sympify(f[0, 0] if isinstance(f, sp.MatrixBase) else f).xreplace(values)

        def at(vec):
            return f.xreplace(dict(zip(slots, vec)))
        return at

    def latex(self, p):
        v = p.doprint(self.var)
        return (rf"{p.doprint(self.point)} = \operatorname*{{arg\,max}}_{{\left\|{v}\right\| = 1}}"
                rf" {p.doprint(self.f)}")


def _conditions(b) -> list:
    from .._decide.atoms import condition

    if isinstance(b, sp.And):
        return [c for a in b.args for c in _conditions(a)]
    return [condition(b)]


def _entry_1x1(v):
    """A flint scalar, or the entry of a 1×1 matrix (``TypeError`` for a larger one)."""
    if is_matrix(v):
        if (v.nrows(), v.ncols()) != (1, 1):
            raise TypeError("a matrix where a scalar is needed")
        return v[0, 0]
    return v


def _subst_condition(c, values: dict):
    from .._decide.atoms import subst_condition

    return subst_condition(c, values)


def _instantiate_condition(inst, b):
    """A SymPy boolean at one instance, as a condition tuple (see :mod:`derivations._decide.piecewise`),
    built before anything is evaluated: SymPy never decides a relation between numbers here."""
    from .._decide.atoms import condition

    c = b if isinstance(b, tuple) else condition(b)

    def go(c):
        kind = c[0]
        if kind == "const":
            return c
        if kind == "rel":
            e = inst(c[1])
            if isinstance(e, sp.MatrixBase):
                e = e[0, 0]
            return ("rel", sp.sympify(e), c[2])
        if kind == "not":
            return ("not", go(c[1]))
        return (kind, [go(x) for x in c[1]])

    return go(c)


def _truth_at(c) -> bool:
    from .._decide.piecewise import truth

    v, _u = truth(c, [])
    if v is None:
        raise Undecidable(f"could not decide the condition {c}")
    return v


@dataclass(frozen=True)
class Iff(Claim):
    """``p`` holds exactly when ``q`` holds (``p``, ``q`` relations, possibly And/Or/Not)."""

    p: sp.Basic
    q: sp.Basic

    relation = "iff"

    def sides(self):
        return [self.p, self.q]

    def replace_side(self, i, expr):
        return replace(self, p=expr) if i == 0 else replace(self, q=expr)

    def identity(self, inst):
        from .._decide.atoms import Unsupported
        from .._decide.piecewise import TooManyRegions, regions

        try:
            cells = regions([], [_instantiate_condition(inst, self.p), _instantiate_condition(inst, self.q)])
        except (TooManyRegions, Unsupported):
            return None
        if all(c.truths[0] == c.truths[1] for c in cells):
            return [sp.Integer(0)]
        return None

    def rational_residual(self, inst) -> list | None:
        """[0] where the two conditions' truths agree, [1] where they differ, over ℚ(entry
        symbols) in flint: a comparison's sign is asked, so :meth:`identity_over_q` decides
        it case by case (:func:`cases.by_cases`, which proves [0] in every case of the
        signs); None where flint refuses (the cells of :meth:`identity` decide then)."""
        import flint

        got = inst.rational([self.p, self.q])
        if got is None or not all(isinstance(v, bool) for v in got):
            return None
        return [flint.fmpq(int(got[0] != got[1]))]

    def holds_over_q(self, inst) -> bool | None:
        """Both conditions' truth at an exact random point in flint (its relations, ``And``,
        ``Or``, ``Not``): None where flint refuses one (SymPy decides then)."""
        got = inst.rational([self.p, self.q])
        if got is None or not all(isinstance(v, bool) for v in got):
            return None
        return got[0] == got[1]

    def violation(self, inst, values):
        a = _truth_at(_subst_condition(_instantiate_condition(inst, self.p), values))
        b = _truth_at(_subst_condition(_instantiate_condition(inst, self.q), values))
        if a == b:
            return None
        return f"the left condition is {a} but the right one is {b}"

    def latex(self, p):
        return rf"{p.doprint(self.p)} \iff {p.doprint(self.q)}"


@dataclass(frozen=True)
class Exists(Claim):
    """Some value of ``variables`` (bound: not declared in the space) satisfies every relation
    of ``constraints``.

    Decided per instance by :func:`derivations._decide.linear.decide` on the instantiated system
    (after a case split when it has Max/Abs/...): a rational witness checked exactly proves
    it; Motzkin multipliers checked exactly (in every case) refute it; for non-linear systems
    a numerical candidate rounded to rationals and checked exactly can prove it, nothing
    refutes it. Data declared in the space are instantiated first; a proof needs them
    concrete (a witness for each value of free data is not searched for).
    """

    variables: tuple
    constraints: tuple

    relation = "exists"

    def __post_init__(self):
        object.__setattr__(self, "variables", tuple(self.variables))
        object.__setattr__(self, "constraints", tuple(sp.sympify(c) for c in self.constraints))

    def sides(self):
        return list(self.constraints)

    def replace_side(self, i, expr):
        cs = list(self.constraints)
        cs[i] = expr
        return replace(self, constraints=tuple(cs))

    def _entries(self, inst) -> tuple[dict, list]:
        mapping, entries = {}, []
        for v in self.variables:
            if isinstance(v, sp.MatrixSymbol):
                r, c = (int(sp.sympify(n).xreplace(inst.sizes)) for n in v.shape)
                syms = [sp.Symbol(f"{v.name}[{i + 1}]" if c == 1 else f"{v.name}[{i + 1},{j + 1}]", real=True)
                        for i in range(r) for j in range(c)]
                mapping[v] = sp.ImmutableMatrix(r, c, syms)
                entries += syms
            else:
                s = sp.Symbol(f"{v.name}", real=True)
                mapping[v] = s
                entries.append(s)
        return mapping, entries

    def system(self, inst, values: dict | None = None) -> tuple[list, list]:
        """(conditions, variable entries) at one instance (data values substituted)."""
        mapping, entries = self._entries(inst)
        conds = []
        for c in self.constraints:
            for b in _conditions(c.xreplace(mapping)):
                conds.append(_instantiate_condition(inst, b))
        if values:
            conds = [_subst_condition(c, values) for c in conds]
        return conds, entries

    def decide(self, inst, values: dict | None = None):
        """A checked :class:`~derivations._decide.linear.Witness`, a list of checked
        :class:`~derivations._decide.linear.Infeasible` certificates (one per case), or None."""
        from .._decide.feasibility import decide_system

        conds, entries = self.system(inst, values)
        key = sp.srepr((tuple(entries), conds))
        if key not in _DECIDED:  # each exact random point of fixed data poses the same system
            if len(_DECIDED) > 256:
                _DECIDED.clear()
            _DECIDED[key] = decide_system(conds, entries)
        return _DECIDED[key]

    def identity(self, inst):
        from .._decide.linear import Witness

        conds, _entries = self.system(inst)
        mapped = set(self._entries(inst)[1])
        if any(_cond_symbols(c) - mapped for c in conds):
            return None  # free data: no witness for every value is searched for
        return [sp.Integer(0)] if isinstance(self.decide(inst), Witness) else None

    def violation(self, inst, values):
        from .._decide.linear import Witness

        d = self.decide(inst, values)
        if isinstance(d, Witness):
            return None
        if d is None:
            raise Undecidable("no exact witness and no exact infeasibility certificate")
        return "; ".join(c.describe() for c in d)

    def latex(self, p):
        vs = ", ".join(p.doprint(v) for v in self.variables)
        cs = r",\ ".join(p.doprint(c) for c in self.constraints)
        return rf"\exists\, {vs}:\ {cs}"


#: Decisions of instantiated existential systems, keyed by their exact SymPy form.
_DECIDED: dict = {}


def _cond_symbols(c) -> set:
    kind = c[0]
    if kind == "const":
        return set()
    if kind == "rel":
        return set(c[1].free_symbols)
    if kind == "not":
        return _cond_symbols(c[1])
    return set().union(*[_cond_symbols(x) for x in c[1]])


@dataclass(frozen=True)
class LagrangePoints(Claim):
    """The real solutions of ∇f = Σλ_i∇g_i, g_i = c_i (the stationary points of the Lagrangian
    L = f − Σλ_i(g_i − c_i)) are exactly the printed ``points``; with ``multipliers`` (one
    tuple of λ's per point) the printed λ's are those of each point; ``maximum`` /
    ``minimum`` (printed points) are global maximisers / minimisers of f on the constraint set.

    ``variables`` are bound real symbols (not declared in the space); ``constraints`` are
    ``Eq(g, c)`` (or ``g``, meaning g = 0). Data declared in the space are instantiated first;
    a proof needs them concrete. Decided per instance by :mod:`derivations._decide.stationary`,
    two independent routes, each complete or undecided (never a guess):

    * ``identity`` (components): Hermite's count of the distinct real solutions on a checked
      Gröbner basis; the printed points solve the system exactly (λ from Cramer's rule where
      not printed), are distinct, and are as many as the real solutions, with the constraint
      gradients independent on the whole constraint set (its singular system has no real
      solution, by the same count) so that each x has one λ;
    * ``violation`` (exact random): elimination with cofactor-certified eliminants and exact
      enumeration of every real solution; a printed point that is not a solution, or a
      solution not printed, is named as the counterexample.

    The max/min by :func:`derivations._decide.stationary.extremes` (a compact constraint set:
    exact comparison over every candidate; else a quadratic on an affine set: the reduced
    Hessian), from each route's own solution set.
    """

    objective: sp.Basic
    constraints: tuple
    variables: tuple
    points: tuple
    multipliers: tuple | None = None
    maximum: tuple | None = None
    minimum: tuple | None = None

    relation = "Lagrange points"

    def __post_init__(self):
        object.__setattr__(self, "objective", sp.sympify(self.objective))
        cs = []
        for c in self.constraints:
            if isinstance(c, sp.logic.boolalg.BooleanAtom):
                raise ValueError(f"a constraint evaluated to {c} while built: give Eq(g, c, "
                                 "evaluate=False) or the pair (g, c)")
            if isinstance(c, tuple):
                c = sp.Eq(sp.sympify(c[0]), sp.sympify(c[1]), evaluate=False)
            cs.append(c if isinstance(c, sp.Equality) else sp.Eq(sp.sympify(c), 0, evaluate=False))
        cs = tuple(cs)
        object.__setattr__(self, "constraints", cs)
        object.__setattr__(self, "variables", tuple(self.variables))
        tup = lambda p: tuple(sp.sympify(v) for v in p)  # noqa: E731
        object.__setattr__(self, "points", tuple(tup(p) for p in self.points))
        if self.multipliers is not None:
            object.__setattr__(self, "multipliers", tuple(tup(m) for m in self.multipliers))
            if len(self.multipliers) != len(self.points):
                raise ValueError("one tuple of multipliers per printed point")
        for name in ("maximum", "minimum"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, tup(getattr(self, name)))
        n = len(self.variables)
        if any(len(p) != n for p in self.points + tuple(x for x in (self.maximum, self.minimum) if x)):
            raise ValueError(f"every printed point needs {n} coordinates")

    # the sides a mutation may alter: f, each g, then every printed number, flat
    def _layout(self) -> list:
        out = [("objective", None, None)]
        out += [("g", i, None) for i in range(len(self.constraints))]
        for i, p in enumerate(self.points):
            out += [("points", i, j) for j in range(len(p))]
        for i, m in enumerate(self.multipliers or ()):
            out += [("multipliers", i, j) for j in range(len(m))]
        for name in ("maximum", "minimum"):
            out += [(name, None, j) for j in range(len(getattr(self, name) or ()))]
        return out

    def sides(self):
        out = []
        for kind, i, j in self._layout():
            if kind == "objective":
                out.append(self.objective)
            elif kind == "g":
                out.append(self.constraints[i].lhs)
            elif kind in ("points", "multipliers"):
                out.append(getattr(self, kind)[i][j])
            else:
                out.append(getattr(self, kind)[j])
        return out

    def replace_side(self, i, expr):
        kind, a, b = self._layout()[i]
        if kind == "objective":
            return replace(self, objective=expr)
        if kind == "g":
            cs = list(self.constraints)
            cs[a] = sp.Eq(expr, cs[a].rhs, evaluate=False)
            return replace(self, constraints=tuple(cs))
        if kind in ("points", "multipliers"):
            rows = [list(r) for r in getattr(self, kind)]
            rows[a][b] = expr
            return replace(self, **{kind: tuple(tuple(r) for r in rows)})
        pt = list(getattr(self, kind))
        pt[b] = expr
        return replace(self, **{kind: tuple(pt)})

    def _instance(self, inst, values: dict):
        """The problem and the printed numbers at one instance; None when data stay free."""
        from .._decide.stationary import lagrange_problem

        def at(e):
            v = inst(e)
            if isinstance(v, sp.MatrixBase):
                v = v[0, 0]
            return sp.sympify(v).xreplace(values) if values else sp.sympify(v)

        f = at(self.objective)
        cs = [(at(c.lhs), at(c.rhs)) for c in self.constraints]
        pts = tuple(tuple(at(v) for v in p) for p in self.points)
        mults = None if self.multipliers is None else tuple(tuple(at(v) for v in m) for m in self.multipliers)
        mx = None if self.maximum is None else tuple(at(v) for v in self.maximum)
        mn = None if self.minimum is None else tuple(at(v) for v in self.minimum)
        bound = set(self.variables)
        data = set().union(f.free_symbols, *[g.free_symbols | c.free_symbols for g, c in cs]) - bound
        printed = [v for p in pts + (mults or ()) + tuple(x for x in (mx, mn) if x) for v in p]
        data |= set().union(set(), *[v.free_symbols for v in printed])
        if data:
            return None
        return lagrange_problem(f, cs, self.variables), pts, mults, mx, mn

    def _decided(self, route, inst, values, *, note: bool = False):
        """A route's answer (None: as printed; str: how it fails), cached per exact system;
        with ``note``, the route's account of why its answer is complete."""
        from .._decide.stationary import NotDecided

        got = self._instance(inst, values)
        if got is None:
            raise Undecidable("free data: the system is solved only at concrete data")
        key = (route.__name__, sp.srepr((got[0].objective, got[0].constraints, got[0].variables)),
               sp.srepr(got[1:]))
        if key not in _LAGRANGE:
            if len(_LAGRANGE) > 256:
                _LAGRANGE.clear()
            try:
                _LAGRANGE[key] = ("ok", route(*got))
            except NotDecided as exc:
                _LAGRANGE[key] = ("undecided", str(exc))
        status, out = _LAGRANGE[key]
        if status == "undecided":
            raise Undecidable(out)
        return out[1] if note else out[0]

    def route_note(self, space, route: str) -> str:
        """What a route (``"count"``: components, ``"elimination"``: exact random) established
        at the claim's concrete data, for the method's detail; empty when not decided."""
        fn = _by_count if route == "count" else _by_elimination
        try:
            inst = space.components(space.size_assignments()[0])[0]
            return self._decided(fn, inst, {}, note=True)
        except (Undecidable, IndexError):
            return ""

    def identity(self, inst):
        try:
            why = self._decided(_by_count, inst, {})
        except Undecidable:
            return None
        return [sp.Integer(0)] if why is None else [sp.Integer(1)]

    def violation(self, inst, values):
        return self._decided(_by_elimination, inst, values)

    def latex(self, p):
        xs = ", ".join(p.doprint(v) for v in self.variables)
        cs = r",\ ".join(p.doprint(c) for c in self.constraints)
        pts = ", ".join(p.doprint(sp.Tuple(*q)) for q in self.points)
        out = (rf"\left\{{ ({xs}) : \nabla \left({p.doprint(self.objective)}\right) = \sum_i \lambda_i "
               rf"\nabla g_i,\ {cs} \right\}} = \left\{{ {pts} \right\}}")
        for name, op in (("maximum", "max"), ("minimum", "min")):
            pt = getattr(self, name)
            if pt is not None:
                out += rf",\ {p.doprint(sp.Tuple(*pt))} = \operatorname*{{arg\,{op}}}_{{{cs}}} \left({p.doprint(self.objective)}\right)"
        return out


#: Decisions of instantiated Lagrange problems, keyed by route and exact SymPy form.
_LAGRANGE: dict = {}


def _same(a: tuple, b: tuple) -> bool:
    from .._decide.stationary import NotDecided
    from .._decide.exactness import exact_is_zero

    for u, v in zip(a, b):
        z = exact_is_zero(sp.sympify(u) - sp.sympify(v))
        if z is None:
            raise NotDecided(f"could not decide whether {u} = {v}")
        if not z:
            return False
    return True


def _index(p: tuple, pool) -> int | None:
    for k, q in enumerate(pool):
        if _same(p, q):
            return k
    return None


def _fmt_point(xs, p) -> str:
    return "(" + ", ".join(f"{x} = {v}" for x, v in zip(xs, p)) + ")"


def _extremes_failures(prob, ext, mx, mn) -> str | None:
    xs = prob.variables
    f = prob.objective
    for name, pt, best in (("maximiser", mx, ext.maximisers), ("minimiser", mn, ext.minimisers)):
        if pt is None:
            continue
        if best is None:
            return f"the printed {name} {_fmt_point(xs, pt)} is not one: {ext.reason}"
        if _index(pt, best) is None:
            q = best[0]
            return (f"the printed {name} {_fmt_point(xs, pt)} gives f = {f.xreplace(dict(zip(xs, pt)))}, "
                    f"but f = {f.xreplace(dict(zip(xs, q)))} at {_fmt_point(xs, q)} ({ext.reason})")
    return None


def _by_elimination(prob, pts, mults, mx, mn) -> tuple[str | None, str]:
    """Route 1: every real solution, enumerated exactly, against the printed ones."""
    from .._decide.stationary import extremes, solve_real

    sol = solve_real(prob.equations(), prob.unknowns)
    why = f"elimination: {sol.reason}"
    n = len(prob.variables)
    xs_pts = []
    for s in sol.points:
        if _index(s[:n], xs_pts) is None:
            xs_pts.append(s[:n])
    for k, p in enumerate(pts):
        full = p + mults[k] if mults is not None else None
        if full is not None:
            if _index(full, sol.points) is None:
                return (f"the printed point with its multipliers {_fmt_point(prob.unknowns, full)} "
                        f"is not a solution of the Lagrange system ({sol.reason})"), why
        elif _index(p, xs_pts) is None:
            return (f"the printed point {_fmt_point(prob.variables, p)} is not a Lagrange point "
                    f"({sol.reason})"), why
    for s in sol.points:
        if _index(s[:n], pts) is None:
            return (f"the Lagrange point {_fmt_point(prob.unknowns, s)} is not printed ({sol.reason})"), why
    if mx is None and mn is None:
        return None, why
    sing = solve_real(prob.singular_equations(), prob.variables)
    ext = extremes(prob, xs_pts, sing.points)
    return _extremes_failures(prob, ext, mx, mn), (
        f"{why}; the constraint gradients are dependent at {len(sing.points)} points of the "
        f"constraint set, candidates too (elimination on its singular system: {sing.reason}); "
        f"max/min: {ext.reason}")


def _multipliers_at(prob, p) -> tuple:
    """The λ's at a printed x (Cramer's rule on m columns with a nonzero minor), exactly."""
    from .._decide.stationary import NotDecided, exact_sign_algebraic

    at = dict(zip(prob.variables, p))
    J = prob.jacobian().xreplace(at)
    grad = sp.Matrix([sp.diff(prob.objective, x) for x in prob.variables]).xreplace(at)
    m, n = J.shape
    if m == 0:
        return ()
    for cols in itertools.combinations(range(n), m):
        A = J.extract(list(range(m)), list(cols)).T
        if exact_sign_algebraic(A.det()) != 0:
            b = grad.extract(list(cols), [0])
            det = A.det()
            out = []
            for i in range(m):
                Ai = A.copy()
                Ai[:, i] = b
                out.append(Ai.det() / det)
            return tuple(out)
    raise NotDecided(f"the constraint gradients are dependent at {p}")


def _by_count(prob, pts, mults, mx, mn) -> tuple[str | None, str]:
    """Route 2: the printed points solve the system and are as many as its real solutions."""
    from .._decide.stationary import NotDecided, count_real, extremes

    sing = count_real(prob.singular_equations(), prob.variables)
    if sing.real:
        raise NotDecided(f"the constraint gradients are dependent at {sing.real} points of the "
                         "constraint set: the count does not see their λ")
    eqs = prob.equations()
    distinct = []
    for k, p in enumerate(pts):
        lam = mults[k] if mults is not None else _multipliers_at(prob, p)
        at = dict(zip(prob.unknowns, p + tuple(lam)))
        for e in eqs:
            if not _same((e.xreplace(at),), (0,)):
                return (f"the printed point {_fmt_point(prob.unknowns, p + tuple(lam))} gives {e} = "
                        f"{e.xreplace(at)}, not 0"), ""
        if _index(p, distinct) is None:
            distinct.append(p)
    total = count_real(eqs, prob.unknowns)
    why = (f"Hermite count: {total.reason}; the {len(distinct)} printed points solve the system "
           f"exactly; the constraint gradients are independent on the constraint set ({sing.reason} "
           "for its singular system)")
    if total.real != len(distinct):
        return (f"the Lagrange system has {total.real} real solutions ({total.reason}); "
                f"{len(distinct)} are printed"), why
    if mx is None and mn is None:
        return None, why
    ext = extremes(prob, distinct, ())
    return _extremes_failures(prob, ext, mx, mn), f"{why}; max/min: {ext.reason}"


@dataclass(frozen=True)
class RunResult:
    """What one run of an algorithm showed: did the claimed behaviour hold, and the details."""

    holds: bool
    detail: str
    exact: bool = False  # True when the run's failure was decided in exact arithmetic


@dataclass(frozen=True)
class Behaviour(Claim):
    """An algorithm claim checked by running it: ``run(seed)`` returns a :class:`RunResult`."""

    run: Callable[[int], RunResult]
    description: str
    seeds: tuple[int, ...] = field(default=tuple(range(20)))

    relation = "behaviour"

    def sides(self):
        return []

    def violation(self, inst, values):
        return None

    def latex(self, p):
        return p.text(self.description)

