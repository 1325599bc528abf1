"""Deciding whether a closed number is zero, and its sign — only with certainty.

Values reaching here are closed SymPy numbers (every symbol already replaced by an exact
rational): rationals, algebraic numbers (norms give square roots), and transcendental
numbers (``exp``, ``log``, ``tanh``, ``pi`` ...). The answers are:

* ``True`` (zero) only when **proved**: a rational that is 0; an algebraic number whose
  minimal polynomial is ``x``; or an expression that is identically zero as a rational
  function of its transcendental *atoms* (:func:`formal_zero`) — ``exp(q)`` for rational q is
  written ``E**(q L)`` with ``E = exp(1/L)`` one symbol, ``log`` of a rational is split over
  the primes into ``Σ v_p log p`` with one symbol per ``log p``, every other
  transcendental subterm is an opaque symbol. A formal identity in symbols holds for every
  value of them, so it holds for these values: sound, whatever is (un)known about the
  independence of the atoms.
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

__all__ = ["exact_is_zero", "exact_sign", "formal_zero", "ball", "PRECISIONS"]

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
    if not _is_closed(v):
        return None
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
    if not _is_closed(v):
        return None
    b = _ball_excluding_zero(v)
    if b is not None:
        return 1 if b > 0 else -1
    return 0 if exact_is_zero(v) is True else None


# -- proofs of zero ------------------------------------------------------------------------

def _algebraic_zero(v: sp.Basic) -> bool | None:
    x = sp.Dummy("x")
    try:
        mp = sp.minimal_polynomial(v, x)
    except (NotImplementedError, ValueError, TypeError, sp.PolynomialError):
        return None
    return mp == x


#: Largest power of E = e^(1/L) that :func:`formal_zero` turns into a polynomial degree.
_MAX_E_DEGREE = 4096


def _lcm(values) -> int:
    return reduce(lambda a, b: a * b // math.gcd(a, b), values, 1)


def formal_zero(v: sp.Basic) -> bool:
    """Whether ``v`` is identically zero as a rational function of its transcendental atoms.

    A ``True`` is a proof that ``v = 0``; a ``False`` says nothing (the atoms may satisfy
    relations the rewriting does not know).
    """
    v = sp.sympify(v)
    if v == 0:
        return True
    if not v.has(*_TRANSCENDENTAL, sp.pi, sp.E):
        return False
    v = v.replace(sp.tanh, lambda x: (sp.exp(2 * x) - 1) / (sp.exp(2 * x) + 1))
    v = v.replace(sp.sinh, lambda x: (sp.exp(x) - sp.exp(-x)) / 2)
    v = v.replace(sp.cosh, lambda x: (sp.exp(x) + sp.exp(-x)) / 2)
    exps = [e for e in v.atoms(sp.exp) if e.args[0].is_Rational]
    dens = [int(e.args[0].q) for e in exps]
    L = _lcm(dens) if dens else 1
    # exp(p/q) becomes E^(pL/q) with E = e^(1/L), a polynomial generator — only while the
    # degrees stay small; otherwise each exp(q) is its own atom (sound: fewer relations
    # known can only turn a proof of zero into "undecided", never the reverse).
    powers_ok = L <= _MAX_E_DEGREE and all(abs(e.args[0] * L) <= _MAX_E_DEGREE for e in exps)
    E = sp.Symbol("E_atom", positive=True)
    atoms: dict = {}

    def atom(e):
        if e not in atoms:
            atoms[e] = sp.Symbol(f"atom{len(atoms)}", positive=e.is_positive is True)
        return atoms[e]

    def log_of_rational(q: sp.Rational) -> sp.Basic:
        """log|q| over the primes (log|q| = Σ v_p(q) log p)."""
        out = sp.Integer(0)
        for p, k in sp.factorint(abs(q.p)).items():
            out += k * atom(sp.log(p))
        for p, k in sp.factorint(q.q).items():
            out -= k * atom(sp.log(p))
        return out

    def log_of_poly(f: sp.Basic) -> sp.Basic:
        """log|f| for a polynomial f in E and atoms: its content over the primes, its power
        of E as an exponent (log E = 1/L), the primitive rest as one atom."""
        if f.is_Rational:
            return log_of_rational(f)
        try:
            poly = sp.Poly(f, *sorted(f.free_symbols, key=str))
        except sp.PolynomialError:
            return atom(sp.log(sp.Abs(f)))
        content, prim = poly.primitive()
        out = log_of_rational(sp.Rational(content)) if content != 1 else sp.Integer(0)
        gens = prim.gens
        low = [min(m[i] for m in prim.monoms()) for i in range(len(gens))]
        if any(low):
            shift = sp.Mul(*[g ** k for g, k in zip(gens, low)])
            prim = sp.Poly(sp.cancel(prim.as_expr() / shift), *gens)
            for g, k in zip(gens, low):
                if k:
                    out += k * (sp.Rational(1, L) if g == E else atom(sp.log(g)))
        if prim.LC() < 0:
            prim = -prim
        if prim.is_ground:
            return out + log_of_rational(sp.Rational(prim.as_expr()))
        return out + atom(sp.log(sp.Abs(prim.as_expr())))

    def log_of_function(w: sp.Basic) -> sp.Basic:
        """log of a positive rational function of E and atoms, split into log|factors|:
        log|p/q| = log|p| - log|q| holds for any nonzero reals, so no sign is assumed."""
        num, den = sp.fraction(sp.together(w))
        if num.has(sp.Pow) and any(not p.exp.is_Integer for p in num.atoms(sp.Pow)):
            return atom(sp.log(w))
        if den.has(sp.Pow) and any(not p.exp.is_Integer for p in den.atoms(sp.Pow)):
            return atom(sp.log(w))
        return log_of_poly(sp.expand(num)) - log_of_poly(sp.expand(den))

    def log_abs(f: sp.Basic) -> sp.Basic:
        """log|f| for a closed nonzero real f, split over the factors of a product first
        (log|Πf_i| = Σ log|f_i|; log|exp(a)| = a for real a; log|b^k| = k log|b| for an
        integer k, or any rational k when b > 0), so exp(a) never becomes a polynomial."""
        if f.is_Rational:
            return log_of_rational(f)
        if f is sp.E:
            return sp.Integer(1)
        if isinstance(f, sp.Mul):
            return sp.Add(*[log_abs(g) for g in f.args])
        if isinstance(f, sp.exp) and f.args[0].is_extended_real:
            return walk(f.args[0])
        if isinstance(f, sp.Pow) and f.exp.is_Rational:
            if f.exp.is_Integer:
                return f.exp * log_abs(f.base)
            b = _ball_excluding_zero(f.base)
            if b is not None and b > 0:
                return f.exp * log_abs(f.base)
        if f is sp.pi or isinstance(f, _TRANSCENDENTAL):
            return atom(sp.log(f))
        return log_of_function(walk(f))

    def walk(e):
        if e.is_Rational or e.is_Symbol:
            return e
        if e is sp.E:
            return E ** L
        if isinstance(e, sp.exp):
            a = e.args[0]
            if a.is_Rational:
                return E ** int(a * L) if powers_ok else atom(e)
            return atom(sp.exp(walk(a)))
        if isinstance(e, sp.log):
            a = e.args[0]
            if a.is_Rational and a > 0:
                return log_of_rational(a)
            pos = _ball_excluding_zero(a)
            if pos is None or not pos > 0:  # log splits over factors only for a positive argument
                return atom(sp.log(walk(a)))
            return log_abs(a)
        if isinstance(e, _TRANSCENDENTAL) or e is sp.pi:
            return atom(e)
        if not e.args:
            return e
        return e.func(*[walk(a) for a in e.args])

    try:
        w = walk(v)
        num, _den = sp.fraction(sp.together(w))
        return sp.expand(num) == 0
    except (sp.PolynomialError, TypeError, ValueError):
        return False


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
