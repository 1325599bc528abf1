"""Deciding whether a closed number is zero, and its sign — only with certainty.

Values reaching here are closed SymPy numbers (every symbol already replaced by an exact
rational): rationals, algebraic numbers (norms give square roots), and transcendental
numbers (``exp``, ``log``, ``tanh``, ``pi`` ...). The answers are:

* ``True`` (zero) only when **proved**: a rational that is 0; an algebraic number whose
  minimal polynomial is ``x``; or an expression that is identically zero as a rational
  function of its transcendental *atoms* (:func:`formal_zero`) — ``exp(c_0 + Σ c_m m)`` is
  written ``Y^(c_0 L) Π X_m^c_m`` with ``Y = e^(1/L)`` and ``X_m = exp(m)`` symbols (sparse:
  ``e^(2^30)`` is one term, never a degree-2^30 polynomial), ``log`` of a
  rational is split over the primes into ``Σ v_p log p`` with one symbol per ``log p``, ``log``
  of a positive product over its factors, every other transcendental subterm is an opaque
  symbol. A formal identity in symbols holds for every value of them, so it holds for these
  values: sound, whatever is (un)known about the independence of the atoms. The same
  rewriting proves identities with free real symbols (``σ(−x) = 1 − σ(x)`` for every x).
* ``False`` (nonzero) only when **proved**: a nonzero rational; a rigorous ball (python-flint
  ``arb``, interval arithmetic with exact error bounds) that excludes 0; a minimal polynomial
  other than ``x``.
* ``None`` otherwise (undecided): a ball containing 0 proves nothing, a float is never
  exact, and nothing is "zero because it is tiny" — ``exp(-600) - exp(-603)`` is nonzero
  and the ball says so at any precision (arb's error is relative).
"""

from __future__ import annotations

import math
from functools import reduce

import flint
import sympy as sp

from .atoms import ATOMS, branches, innermost, truth_under
from .memo import memoised

__all__ = ["closed_value", "exact_is_zero", "exact_sign", "formal_zero", "ball", "resolve_closed",
           "PRECISIONS"]

#: Working precisions (bits) tried in turn for a ball that excludes zero.
PRECISIONS = (64, 256, 1024)

_TRANSCENDENTAL = (sp.exp, sp.log, sp.tanh, sp.sinh, sp.cosh, sp.sin, sp.cos, sp.tan, sp.atan,
                   sp.asin, sp.acos, sp.erf)


class _NoBall(Exception):
    """The expression has a part this evaluator does not handle rigorously."""


def _is_closed(v: sp.Basic) -> bool:
    return not v.free_symbols and not v.has(sp.nan, sp.zoo, sp.oo, -sp.oo, sp.Float)


def exact_is_zero(v) -> bool | None:
    """True (proved zero), False (proved nonzero) or None (undecided) for a closed number."""
    v = sp.sympify(v)
    if isinstance(v, sp.MatrixBase):
        results = [exact_is_zero(e) for e in v]
        if any(r is False for r in results):
            return False
        return None if any(r is None for r in results) else True
    if v.is_Rational:
        return v == 0
    v = closed_value(v)
    if v is None:
        return None
    if v.is_Rational:
        return v == 0
    b = _ball_excluding_zero(v)
    if b is not None:
        return False
    if formal_zero(v):
        return True
    if not v.has(*_TRANSCENDENTAL, sp.pi, sp.E) and not v.has(sp.Abs, sp.Max, sp.Min):
        return _algebraic_zero(v)
    return None


def exact_sign(v) -> int | None:
    """-1, 0 or 1 for a closed real number, each proved; None if undecided."""
    v = sp.sympify(v)
    if isinstance(v, sp.MatrixBase) and v.shape == (1, 1):
        v = v[0, 0]
    if v.is_Rational:
        return int(sp.sign(v))
    v = closed_value(v)
    if v is None:
        return None
    if v.is_Rational:
        return int(sp.sign(v))
    b = _ball_excluding_zero(v)
    if b is not None:
        return 1 if b > 0 else -1
    return 0 if exact_is_zero(v) is True else None


def closed_value(v: sp.Basic) -> sp.Basic | None:
    """A closed number with its piecewise atoms resolved (:func:`_resolve_pieces`), or None:
    not closed (a free symbol, a float, an infinity), or a branch undecidable."""
    if not _is_closed(v):
        return None
    return _resolve_pieces(v)


def _resolve_pieces(v: sp.Basic) -> sp.Basic | None:
    """``v`` with each Max/Min/Abs/Heaviside/sign/Piecewise replaced by its branch, every branch
    condition's sign decided exactly (:func:`resolve_closed`); None when a condition is
    undecidable."""
    if not v.has(*ATOMS):
        return v
    return resolve_closed(v)


def resolve_closed(v: sp.Basic) -> sp.Basic | None:
    """A closed number with every atom replaced by its branch, each branch condition decided
    by :func:`derivations._decide.exactness.exact_sign`; None when a condition is undecidable."""
    v = sp.sympify(v)
    while True:
        atom = innermost([v])
        if atom is None:
            return v
        for value, cond in branches(atom):
            t, _u = truth_under(cond, [], _closed_implied)
            if t is True:
                v = v.xreplace({atom: value})
                break
        else:
            return None


def _closed_implied(goal, hyps) -> bool:
    """Whether a constraint on a closed number holds (``hyps`` is empty: a closed number's
    conditions need none): its exact sign, proved. Memoised."""
    return _closed_implied_memo(goal)


@memoised
def _closed_implied_memo(goal) -> bool:
    s = exact_sign(sp.expand(goal.expr))
    return s is not None and goal.holds(sp.Integer(s))


# -- proofs of zero ------------------------------------------------------------------------

def _algebraic_zero(v: sp.Basic) -> bool | None:
    x = sp.Dummy("x")
    try:
        mp = sp.minimal_polynomial(v, x)
    except (NotImplementedError, ValueError, TypeError, sp.PolynomialError):
        return None
    return mp == x


def _lcm(values) -> int:
    return reduce(lambda a, b: a * b // math.gcd(a, b), values, 1)


def formal_zero(v: sp.Basic) -> bool:
    """Whether ``v`` is identically zero as a rational function of its transcendental atoms.

    ``v`` may be closed (a value at an exact point) or contain free real symbols (an identity
    to prove for all of their values). A ``True`` is a proof that ``v = 0``; a ``False`` says
    nothing (the atoms may satisfy relations the rewriting does not know).
    """
    v = sp.sympify(v)
    if v == 0:
        return True
    if not v.has(*_TRANSCENDENTAL, sp.pi, sp.E):
        return False
    try:
        v = _exp_form(v)
        w = _Atoms(_exp_denominator(v)).walk(v)
        num, _den = sp.fraction(sp.together(w))
        return sp.expand(num) == 0
    except (sp.PolynomialError, TypeError, ValueError, ZeroDivisionError):
        return False


def _exp_denominator(v: sp.Basic) -> int:
    """L: the lcm of the denominators of the rational constant parts of every exp argument
    (and 1 for ``e`` itself), so that each ``exp(c)`` is an integer power of ``e^(1/L)``."""
    dens = [1]
    for e in v.atoms(sp.exp):
        c = sp.expand(e.args[0]).as_coeff_Add()[0]
        if c.is_Rational:
            dens.append(int(c.q))
    return _lcm(dens)


def _exp_form(v: sp.Basic) -> sp.Basic:
    """tanh, sinh, cosh as rational functions of exp (identities for every argument)."""
    v = v.replace(sp.tanh, lambda x: (sp.exp(2 * x) - 1) / (sp.exp(2 * x) + 1))
    v = v.replace(sp.sinh, lambda x: (sp.exp(x) - sp.exp(-x)) / 2)
    return v.replace(sp.cosh, lambda x: (sp.exp(x) + sp.exp(-x)) / 2)


def _is_real(e: sp.Basic) -> bool:
    return e.is_extended_real is True and e.is_finite is not False


def _known_positive(a: sp.Basic) -> bool:
    """``a > 0`` proved: by a ball for a closed number, by SymPy's assumptions (positive atoms,
    sums and products of positives) for an expression in real symbols."""
    if a.free_symbols:
        return a.is_positive is True
    b = _ball_excluding_zero(a)
    return b is not None and b > 0


#: Largest numerator or denominator of a power of an ``exp(m)`` atom (see :class:`_Atoms`).
_MAX_ATOM_POWER = 64


class _Atoms:
    """The rewriting behind :func:`formal_zero`.

    Every transcendental value becomes a symbol, with the relations that hold for every value
    of the symbols built in:

    * ``exp(c_0 + Σ c_m m)`` (``m`` monomials in real symbols and real atoms, ``c`` rational)
      is ``Y^(c_0 L) Π X_m^c_m`` with ``Y = e^(1/L)`` a real symbol raised to integer powers
      (``L`` from :func:`_exp_denominator`; sparse, so ``e^(2^30)`` costs one term) and
      ``X_m = exp(m)`` positive symbols — SymPy's rules for rational powers of positive
      symbols are identities for every positive value. ``Y`` is deliberately not declared
      positive: SymPy's sign inference would then look for the real roots of a polynomial of
      degree ``c_0 L`` (hours for ``c_0 L`` near 2^60); coefficients of ``X_m`` beyond
      :data:`_MAX_ATOM_POWER` make the term one opaque atom for the same reason;
    * ``log`` of a positive argument splits over the factors of a product (``log exp(a) = a``,
      ``log Y = 1/L``, ``log X_m = m``), ``log`` of a rational over the primes, and the
      ``log|f|`` of a sum ``f`` is the log of its content plus one atom for its primitive part
      (sign-normalised, so equal polynomials give one atom);
    * everything else (``log`` of an argument not known positive, ``pi``, ``sin``, ...) is one
      opaque atom — real when the value is known real.
    """

    def __init__(self, L: int = 1):
        self.L = L
        self.Y = sp.Symbol("Y_atom", real=True, nonzero=True)  # e^(1/L), see the class docstring
        self.atoms: dict = {}

    def atom(self, e: sp.Basic, positive: bool = False, real: bool = False) -> sp.Symbol:
        if e not in self.atoms:
            kw = {"positive": True} if positive else {"real": True} if real else {}
            self.atoms[e] = sp.Symbol(f"atom{len(self.atoms)}", **kw)
        return self.atoms[e]

    # -- exp --------------------------------------------------------------------------------
    def exp_of(self, a: sp.Basic) -> sp.Basic:
        """exp(a) for a walked argument ``a``."""
        out = sp.Integer(1)
        for term in sp.Add.make_args(sp.expand(a)):
            c, m = term.as_coeff_Mul()
            if m == 1:
                k = c * self.L
                out *= self.Y ** k if k.is_Integer else self.atom(sp.exp(c), positive=True)
            elif abs(c.p) > _MAX_ATOM_POWER or c.q > _MAX_ATOM_POWER:
                out *= self.atom(sp.exp(term), positive=True)
            elif _is_real(m):
                out *= self.atom(sp.exp(m), positive=True) ** c
            else:  # exp of a value not known real: one opaque atom, no power rules
                out *= self.atom(sp.exp(term))
        return out

    # -- log ---------------------------------------------------------------------------------
    def log_of_rational(self, q: sp.Rational) -> sp.Basic:
        """log|q| over the primes (log|q| = Σ v_p(q) log p)."""
        out = sp.Integer(0)
        for p, k in sp.factorint(abs(q.p)).items():
            out += k * self.atom(sp.log(p), positive=True)
        for p, k in sp.factorint(q.q).items():
            out -= k * self.atom(sp.log(p), positive=True)
        return out

    def log_of_generator(self, g: sp.Basic) -> sp.Basic:
        """log|g| for one generator of a walked polynomial."""
        if g == self.Y:
            return sp.Rational(1, self.L)
        for orig, sym in self.atoms.items():
            if sym == g and isinstance(orig, sp.exp) and sym.is_positive:
                return orig.args[0]  # log X_m = m
        return self.atom(sp.log(sp.Abs(g)), real=True)

    def log_of_sum(self, f: sp.Basic) -> sp.Basic:
        """log|f| for a nonzero real polynomial ``f`` in generators (a sparse walk: no dense
        polynomial, so E^(2^40) costs nothing): content over the primes, the common monomial
        as a sum of generator logs, the sign-normalised primitive rest as one atom."""
        terms = sp.Add.make_args(sp.expand(f))
        if len(terms) == 1:
            return self.log_abs_walked(terms[0])
        split = []
        for t in terms:
            c, m = t.as_coeff_Mul()
            split.append((c, {g: k for g, k in m.as_powers_dict().items() if g != 1}))
        coeffs = [c for c, _ in split]
        if not all(c.is_Rational for c in coeffs):
            return self.atom(sp.log(sp.Abs(f)), real=True)
        num = reduce(math.gcd, [int(c.p) for c in coeffs])
        den = _lcm([int(c.q) for c in coeffs])
        content = sp.Rational(num, den)
        gens = set().union(*[set(p) for _, p in split])
        low = {g: min(p.get(g, 0) for _, p in split) for g in gens}
        out = self.log_of_rational(content) if content != 1 else sp.Integer(0)
        for g, k in low.items():
            if k == 0:
                continue
            if not k.is_Integer and not g.is_positive:
                return self.atom(sp.log(sp.Abs(f)), real=True)
            out += k * self.log_of_generator(g)
        shift = sp.Mul(*[g ** k for g, k in low.items()])
        prim = sp.expand(sp.Add(*[c / content * sp.Mul(*[g ** e for g, e in p.items()])
                                  for c, p in split]) / shift)
        lead = max(sp.Add.make_args(prim), key=lambda t: sp.default_sort_key(t.as_coeff_Mul()[1]))
        if lead.as_coeff_Mul()[0] < 0:
            prim = -prim
        return out + self.atom(sp.log(sp.Abs(prim)), real=True)

    def log_abs_walked(self, f: sp.Basic) -> sp.Basic:
        """log|f| for a walked, real, nonzero ``f``."""
        if f.is_Rational:
            return self.log_of_rational(f)
        if isinstance(f, sp.Mul):
            return sp.Add(*[self.log_abs_walked(g) for g in f.args])
        if isinstance(f, sp.Pow) and f.exp.is_Rational:
            if f.exp.is_Integer or f.base.is_positive:
                return f.exp * self.log_abs_walked(f.base)
            return self.atom(sp.log(sp.Abs(f)), real=True)
        if f.is_Symbol:
            return self.log_of_generator(f)
        if isinstance(f, sp.Add):
            num, den = sp.fraction(sp.together(f))
            if den != 1:
                return self.log_abs_walked(num) - self.log_abs_walked(den)
            return self.log_of_sum(f)
        return self.atom(sp.log(sp.Abs(f)), real=True)

    def log_abs(self, f: sp.Basic) -> sp.Basic:
        """log|f| for a real nonzero ``f`` (not yet walked), split over the factors of a product
        first (log|Πf_i| = Σ log|f_i|; log|exp(a)| = a for real a; log|b^k| = k log|b| for an
        integer k, or any rational k when b > 0), so exp(a) never becomes a polynomial."""
        if f.is_Rational:
            return self.log_of_rational(f)
        if f is sp.E:
            return sp.Integer(1)
        if isinstance(f, sp.Mul):
            return sp.Add(*[self.log_abs(g) for g in f.args])
        if isinstance(f, sp.exp) and _is_real(f.args[0]):
            return self.walk(f.args[0])
        if isinstance(f, sp.Pow) and f.exp.is_Rational and (f.exp.is_Integer or _known_positive(f.base)):
            return f.exp * self.log_abs(f.base)
        w = self.walk(f)
        if not _is_real(w):
            return self.atom(sp.log(sp.Abs(w)))
        return self.log_abs_walked(w)

    # -- the walk ----------------------------------------------------------------------------
    def walk(self, e: sp.Basic) -> sp.Basic:
        if e.is_Rational or e.is_Symbol:
            return e
        if e is sp.E:
            return self.Y ** self.L
        if isinstance(e, sp.exp):
            a = e.args[0]
            if not _is_real(a):
                return self.atom(sp.exp(self.walk(a)))
            return self.exp_of(self.walk(a))
        if isinstance(e, sp.log):
            a = e.args[0]
            if a.is_Rational and a > 0:
                return self.log_of_rational(a)
            if not (_is_real(a) and _known_positive(a)):
                # log splits over factors only for a positive argument
                return self.atom(sp.log(self.walk(a)))
            return self.log_abs(a)
        if isinstance(e, _TRANSCENDENTAL) or e is sp.pi:
            return self.atom(e, real=_is_real(e))
        if not e.args:
            return e
        return e.func(*[self.walk(a) for a in e.args])


# -- rigorous balls ------------------------------------------------------------------------

def ball(v: sp.Basic, prec: int = 64):
    """An ``arb`` ball that contains the exact value of the closed real number ``v``."""
    old = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        return _arb(sp.sympify(v))
    finally:
        flint.ctx.prec = old


def _ball_excluding_zero(v: sp.Basic):
    """A ball around ``v`` that excludes 0, or None if none was found at any precision."""
    for prec in PRECISIONS:
        try:
            b = ball(v, prec)
        except (_NoBall, ZeroDivisionError, ValueError):
            return None
        if not b.is_finite():
            return None
        if not b.contains(0):
            return b
    return None


def _positive(b) -> bool:
    return b > 0


def _arb(e: sp.Basic):
    A = flint.arb
    if e.is_Integer:
        return A(int(e))
    if e.is_Rational:
        return A(flint.fmpq(int(e.p), int(e.q)))
    if e is sp.pi:
        return A.pi()
    if e is sp.E:
        return A.const_e()
    if isinstance(e, sp.Add):
        return sum((_arb(a) for a in e.args[1:]), _arb(e.args[0]))
    if isinstance(e, sp.Mul):
        out = _arb(e.args[0])
        for a in e.args[1:]:
            out = out * _arb(a)
        return out
    if isinstance(e, sp.Pow):
        base, ex = e.args
        b = _arb(base)
        if ex.is_Integer:
            k = int(ex)
            if k < 0:
                if b.contains(0):
                    raise _NoBall("division by a ball containing 0")
                return 1 / b ** (-k)
            return b ** k
        if ex.is_Rational:
            if not _positive(b):
                if ex == sp.Rational(1, 2) and b.contains(0) and not b < 0:
                    raise _NoBall("square root of a ball touching 0")
                raise _NoBall("fractional power of a non-positive ball")
            if ex.q == 2:
                r = b.sqrt()
                return r ** int(ex.p) if ex.p > 0 else 1 / r ** int(-ex.p)
            return (_arb(ex) * b.log()).exp()
        if _positive(b):
            return (_arb(ex) * b.log()).exp()
        raise _NoBall("power with a non-rational exponent of a non-positive base")
    if isinstance(e, sp.exp):
        return _arb(e.args[0]).exp()
    if isinstance(e, sp.log):
        a = _arb(e.args[0])
        if not _positive(a):
            raise _NoBall("log of a ball not known to be positive")
        return a.log()
    if isinstance(e, sp.Abs):
        return abs(_arb(e.args[0]))
    if isinstance(e, (sp.Max, sp.Min)):
        vals = [_arb(a) for a in e.args]
        out = vals[0]
        for b in vals[1:]:  # arb's max/min are rigorous for overlapping balls too
            out = out.max(b) if isinstance(e, sp.Max) else out.min(b)
        return out
    simple = {sp.tanh: "tanh", sp.sinh: "sinh", sp.cosh: "cosh", sp.sin: "sin", sp.cos: "cos",
              sp.tan: "tan", sp.atan: "atan", sp.erf: "erf"}
    for cls, name in simple.items():
        if isinstance(e, cls):
            return getattr(_arb(e.args[0]), name)()
    if isinstance(e, sp.sign):
        b = _arb(e.args[0])
        if b.contains(0):
            raise _NoBall("sign of a ball containing 0")
        return A(1) if b > 0 else A(-1)
    raise _NoBall(f"no rigorous evaluation for {type(e).__name__}")
