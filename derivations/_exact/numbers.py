"""Exact numbers beyond ℚ that the flint evaluator (:mod:`.rational`) computes with.

An exact random point gives every symbol a rational value, but a claim may take a square
root (a norm), an exponential of it (a sigmoid, a softmax) or π (a Gaussian density). These
number types keep such values exact, each with a complete zero test, and a matrix type holds
them:

* :class:`Surd` — a + b√r, with a, b, r rational and r not a square. {1, √r} is linearly
  independent over ℚ, so a + b√r = 0 only when a = b = 0, and its sign is decided exactly
  (a and b of opposite signs: compare a² with b²r, never equal).
* :class:`ExpFraction` — N/D with N, D finite sums Σ c_q e^q (c, q rational), kept as
  {q: c} (D as a product of such sums, so sums of fractions use a least common multiple). By the Lindemann–Weierstrass theorem e^{q₁}, …, e^{qₙ} are linearly independent
  over the algebraic numbers for distinct algebraic q: a sum Σ c_q e^q with a nonzero
  coefficient is a nonzero number. So a value is 0 exactly when its numerator has no term,
  every division is by a number proved nonzero, and equality is decided exactly. A sign is
  read off an ``arb`` ball (rigorous interval arithmetic) that excludes 0, at increasing
  precision; a value is never 0 there (it would have no term), so only the precision bounds it.
* :class:`Scaled` — m·x with m = π^a·Π p^(e_p) a positive monomial in π and roots of primes
  (a, e_p rational) and x a nonzero number of another kind: a Gaussian density's
  1/√(2πσ²)·e^q. m > 0, so m·x = 0 only if x = 0 and its sign is x's; values with the same
  monomial add, a sum of different monomials is not decided (π − 3, √2·e + 1).
* :class:`PolyFraction` — a rational function over ℚ of the entry symbols of a components
  instance (``fmpq_mpoly``, in lowest terms): 0 exactly when its numerator is, so the
  components method proves an identity at a size without building SymPy expressions.
* :class:`Grid` — a matrix whose entries are any of these (or ``fmpq``), for the matrix
  operations the evaluator needs beyond ``fmpq_mat``: sums, products, transposes, entries, and
  the determinant and inverse by Gauss–Jordan elimination (each pivot tested exactly).

Anything that mixes two kinds that have no common exact form here (a surd and an
exponential, surds with independent radicands) raises ``TypeError``, which the evaluator
turns into a refusal: SymPy decides that point, as before.
"""

from __future__ import annotations

import flint

from .signs import sign_of_function

__all__ = ["ExpFraction", "Grid", "LogSum", "PolyFraction", "Scaled", "Surd", "as_float",
           "entries", "is_matrix", "log_of", "matrix_of", "sign_of"]

_Q = flint.fmpq
_M = flint.fmpq_mat

#: Most terms a numerator or denominator may have; beyond, the value is refused (SymPy
#: decides that point): a sum of n fractions with distinct denominators multiplies them.
MAX_TERMS = 2048
#: Working precisions (bits) for the sign of an exponential sum.
PRECISIONS = (64, 256, 1024, 4096)


def is_matrix(v) -> bool:
    return isinstance(v, (_M, Grid))


def entries(m) -> list:
    """A matrix's entries, row by row."""
    return list(m.e) if isinstance(m, Grid) else [m[i, j] for i in range(m.nrows())
                                                    for j in range(m.ncols())]


def matrix_of(r: int, c: int, values: list):
    """An r×c matrix: ``fmpq_mat`` when every entry is rational, else a :class:`Grid`."""
    if all(isinstance(v, (_Q, int)) and not isinstance(v, bool) for v in values):
        return _M(r, c, values)
    return Grid(r, c, [_Q(v) if isinstance(v, int) else v for v in values])


def _sgn(v) -> int:
    return (v > 0) - (v < 0)


def sign_of(v) -> int:
    """-1, 0 or 1 for an exact number (``TypeError`` where undecided: a rational function)."""
    return v.sign() if isinstance(v, _Scalar) else _sgn(v)


def _rational(o):
    if isinstance(o, _Q):
        return o
    if isinstance(o, int) and not isinstance(o, bool):
        return _Q(o)
    return None


class _Minus:
    """a − b as a + (−b), either side."""

    __slots__ = ()

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return (-self) + o


class _Scalar(_Minus):
    """What the number types share: the operators written once over ``__add__``, ``_mul``,
    ``inverse`` and ``sign``; a matrix operand gives a :class:`Grid`."""

    __slots__ = ()

    def __radd__(self, o):
        return self + o

    def __mul__(self, o):
        if is_matrix(o):
            return Grid.scaled(o, self)
        return self._mul(o)

    def __rmul__(self, o):
        if is_matrix(o):
            return Grid.scaled(o, self)
        return self._mul(o)

    def __truediv__(self, o):
        q = _rational(o)
        if q is not None:
            return self._mul(1 / q)  # ZeroDivisionError for 0
        return self._mul(o.inverse())

    def __rtruediv__(self, o):
        return self.inverse() * o

    def __pow__(self, k):
        if isinstance(k, _Q) and k.q == 1:
            k = int(k.p)
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError("a non-integer power of an exact number")
        base = self if k >= 0 else self.inverse()
        out = _Q(1)
        for _ in range(abs(k)):
            out = base * out
        return out

    def _cmp(self, o) -> int:
        d = self - o
        return d.sign() if isinstance(d, _Scalar) else _sgn(d)

    def __eq__(self, o):
        """Exact: a difference that is 0 is the rational 0 (a nonzero value keeps its form).
        Two kinds with no common form (a surd and an exponential) raise ``TypeError``: their
        equality is not decided here, never assumed false."""
        if is_matrix(o):
            return False
        d = self - o
        return not isinstance(d, _Scalar) and d == 0

    def __ne__(self, o):
        eq = self.__eq__(o)
        return eq if eq is NotImplemented else not eq

    __hash__ = None

    def __lt__(self, o):
        return self._cmp(o) < 0

    def __le__(self, o):
        return self._cmp(o) <= 0

    def __gt__(self, o):
        return self._cmp(o) > 0

    def __ge__(self, o):
        return self._cmp(o) >= 0

    def __abs__(self):
        return -self if self.sign() < 0 else self


# -- a + b√r --------------------------------------------------------------------------------
def _exact_sqrt(v: flint.fmpq) -> flint.fmpq | None:
    """√v when it is rational (v ≥ 0), else None."""
    if v < 0:
        return None
    p, q = v.p.isqrt(), v.q.isqrt()
    return _Q(p, q) if p * p == v.p and q * q == v.q else None


class Surd(_Scalar):
    """a + b√r (b ≠ 0, r > 0 not a square); see the module docstring."""

    __slots__ = ("a", "b", "r")

    def __init__(self, a, b, r):
        self.a, self.b, self.r = a, b, r

    @staticmethod
    def sqrt(v: flint.fmpq):
        """√v for a rational v ≥ 0: rational when exact, else a surd."""
        if v < 0:
            raise ValueError("a square root of a negative number")
        root = _exact_sqrt(v)
        return root if root is not None else Surd(_Q(0), _Q(1), v)

    @staticmethod
    def sqrt_of_function(v: "PolyFraction"):
        """√v for a rational function v of the entry symbols that is not a square in
        ℚ(x) — a formal root t with t² = v: an identity in ℚ(x)[t] holds for either root,
        so for the principal one (every √ of that v in the claim is the same function).
        A square: √(p²) = |p|, whose sign is unknown (``TypeError``) outside a case split."""
        try:
            root = (v.n * v.d).sqrt()  # √(n/d) = √(nd)/|d| = |√(nd)/d|
        except (ValueError, ArithmeticError, flint.utils.flint_exceptions.DomainError):
            return Surd(_Q(0), _Q(1), v)
        return abs(PolyFraction.make(root, v.d))  # its sign: unknown, or a case's

    @staticmethod
    def of(a, b, r):
        return a if b == 0 else Surd(a, b, r)

    def _coerce(self, o):
        """(a, b) of ``o`` over √r, or TypeError (another radical, another kind)."""
        if isinstance(o, Surd):
            if o.r == self.r:
                return o.a, o.b
            ratio = o.r / self.r
            k = _exact_sqrt(ratio) if isinstance(ratio, _Q) else None  # b′√r′ = b′k√r
            if k is None:
                raise TypeError("surds with independent radicands")
            return o.a, o.b * k
        if isinstance(o, PolyFraction):  # (a value of the base field ℚ(x))
            return o, _Q(0)
        q = _rational(o)
        if q is None:
            raise TypeError(f"a surd with {type(o).__name__}")
        return q, _Q(0)

    def __add__(self, o):
        if is_matrix(o):
            raise TypeError("a matrix plus a scalar")
        if isinstance(o, Scaled):
            return o + self
        c, d = self._coerce(o)
        return Surd.of(self.a + c, self.b + d, self.r)

    def __neg__(self):
        return Surd(-self.a, -self.b, self.r)

    def _mul(self, o):
        if isinstance(o, (Scaled, ExpFraction)):  # b√r·e^q: a monomial √r (Scaled)
            return Scaled.of_surd(self)._mul(o)
        c, d = self._coerce(o)
        return Surd.of(self.a * c + self.b * d * self.r, self.a * d + self.b * c, self.r)

    def inverse(self):
        n = self.a * self.a - self.b * self.b * self.r  # ≠ 0: r is not a square
        return Surd(self.a / n, -self.b / n, self.r)

    def sign(self) -> int:
        if isinstance(self.r, PolyFraction) and not self.r.nonnegative():
            # √r is real only where r ≥ 0: a sign there says nothing where r < 0 (√r is
            # imaginary, and |√a| = √a fails at a < 0). Refused: SymPy decides.
            raise TypeError("the sign of a root of a rational function that may be negative")
        sa, sb = _sgn(self.a), _sgn(self.b)
        if sa == 0 or sa == sb:
            return sb
        return sa if self.a * self.a > self.b * self.b * self.r else sb

    def __repr__(self):
        return f"({self.a} + {self.b}*sqrt({self.r}))"


# -- Σ c e^q / Σ c e^q ------------------------------------------------------------------------
def _poly_add(p: dict, q: dict) -> dict:
    out = dict(p)
    for k, v in q.items():
        s = out.get(k)
        if s is None:
            out[k] = v
        else:
            s = s + v
            if s == 0:
                del out[k]
            else:
                out[k] = s
    return out


def _poly_mul(p: dict, q: dict) -> dict:
    if len(p) * len(q) > MAX_TERMS * 8:
        raise TypeError("an exponential sum too large to multiply out")
    out: dict = {}
    for k1, v1 in p.items():
        for k2, v2 in q.items():
            k = k1 + k2
            s = out.get(k)
            out[k] = v1 * v2 if s is None else s + v1 * v2
    out = {k: v for k, v in out.items() if v != 0}
    if len(out) > MAX_TERMS:
        raise TypeError("an exponential sum with too many terms")
    return out


def _poly_ball(p: dict):
    """A rigorous ball around Σ c e^q at the current precision."""
    total = flint.arb(0)
    for k, v in p.items():
        total += flint.arb(v) * flint.arb(k).exp()
    return total


def _poly_sign(p: dict) -> int:
    """The sign of a nonzero Σ c e^q (nonzero: it has a term), from a ball excluding 0."""
    if len(p) == 1:
        return _sgn(next(iter(p.values())))
    old = flint.ctx.prec
    try:
        for prec in PRECISIONS:
            flint.ctx.prec = prec
            b = _poly_ball(p)
            if not b.contains(0):
                return 1 if b > 0 else -1
    finally:
        flint.ctx.prec = old
    raise TypeError("the sign of an exponential sum not resolved at 4096 bits")


def _shift(p: dict, q, c) -> dict:
    """c · e^q · p."""
    return {k + q: v * c for k, v in p.items()}


def _monic(p: dict) -> tuple[dict, flint.fmpq, flint.fmpq]:
    """(p / (c e^m), c, m): m p's smallest exponent, c the coefficient of its largest, so
    that multiples c e^m p of one sum share a form (1 + e^a and e^(-a) + 1 alike)."""
    m, c = min(p), p[max(p)]
    if c == 1 and m == 0:
        return p, c, m
    return {k - m: v / c for k, v in p.items()}, c, m


def _items(p: dict) -> tuple:
    """The sum ``p`` as its (exponent, coefficient) pairs in exponent order (a logarithm's
    atom, evaluated back from them)."""
    return tuple(sorted(p.items()))


def _key(p: dict) -> tuple:
    """The sum ``p`` as a dict key: its terms' numerators and denominators (``fmpz``), in
    exponent order. Not the ``fmpq``s themselves: python-flint hashes an ``fmpq`` through
    Python's ``Fraction`` (2 µs, twenty additions), an ``fmpz`` directly (60 ns)."""
    return tuple(x for k, v in sorted(p.items()) for x in (k.p, k.q, v.p, v.q))


class ExpFraction(_Scalar):
    """N / Π pᵢ^kᵢ: N and each factor pᵢ sums Σ c e^q as {q: c}, N with at least one term;
    see the module docstring. The denominator is kept as its factors (each with leading
    coefficient 1, none a single term — e^q folds into N), so fractions over powers of the
    same sums add over their least common multiple, not over the product (a softmax's
    y_k, y_k y_j and y_k² share one denominator)."""

    __slots__ = ("n", "d")

    def __init__(self, n: dict, d: dict):
        self.n, self.d = n, d  # d: key -> (factor, power)

    @staticmethod
    def exp(q: flint.fmpq):
        """e^q for a rational q (1 for q = 0)."""
        return _Q(1) if q == 0 else ExpFraction({q: _Q(1)}, {})

    @staticmethod
    def make(n: dict, factors: list):
        """N / Π factors (a list of (sum, power)), normalised: 0 and rationals as ``fmpq``."""
        if not n:
            return _Q(0)
        d: dict = {}
        for p, k in factors:
            if not p:
                raise ZeroDivisionError("an exponential fraction over 0")
            if len(p) == 1:  # c e^q: into the numerator
                (q, c), = p.items()
                n = _shift(n, -k * q, c ** -k)
                continue
            p, c, m = _monic(p)
            if c != 1 or m != 0:
                n = _shift(n, -k * m, c ** -k)
            key = _key(p)
            d[key] = (p, d[key][1] + k if key in d else k)
        if len(d) == 1:  # N = c·p over p¹: the rational c
            (p, k), = d.values()
            if k == 1 and len(n) == len(p) and n.keys() == p.keys():
                c = n[next(iter(p))] / p[next(iter(p))]
                if all(n[q] == c * v for q, v in p.items()):
                    return c
        if not d and len(n) == 1 and _Q(0) in n:
            return n[_Q(0)]
        if len(n) > MAX_TERMS:
            raise TypeError("an exponential sum with too many terms")
        return ExpFraction(n, d)

    def _parts(self, o):
        if isinstance(o, ExpFraction):
            return o.n, o.d
        q = _rational(o)
        if q is None:
            raise TypeError(f"an exponential with {type(o).__name__}")
        return ({_Q(0): q} if q != 0 else {}), {}

    def __add__(self, o):
        if is_matrix(o):
            raise TypeError("a matrix plus a scalar")
        if isinstance(o, Scaled):
            return o + self
        n2, d2 = self._parts(o)
        lcm = dict(self.d)
        for key, (p, k) in d2.items():
            if key not in lcm or lcm[key][1] < k:
                lcm[key] = (p, k)

        def scaled(n, d):
            for key, (p, k) in lcm.items():
                for _ in range(k - (d[key][1] if key in d else 0)):
                    n = _poly_mul(n, p)
            return n
        return ExpFraction.make(_poly_add(scaled(self.n, self.d), scaled(n2, d2)),
                                list(lcm.values()))

    def __neg__(self):
        return ExpFraction({k: -v for k, v in self.n.items()}, self.d)

    def _mul(self, o):
        if isinstance(o, (Scaled, Surd)):  # e^q·√2, e^q·π^(-1/2): a Scaled
            return Scaled._mul(o, self) if isinstance(o, Scaled) else o._mul(self)
        n2, d2 = self._parts(o)
        if not n2:
            return _Q(0)
        return ExpFraction.make(_poly_mul(self.n, n2), list(self.d.values()) + list(d2.values()))

    def inverse(self):
        num = {_Q(0): _Q(1)}
        for p, k in self.d.values():
            for _ in range(k):
                num = _poly_mul(num, p)
        return ExpFraction.make(num, [(self.n, 1)])  # N ≠ 0: a nonzero number (docstring)

    def sign(self) -> int:
        s = _poly_sign(self.n)
        for p, k in self.d.values():
            if k % 2:
                s *= _poly_sign(p)
        return s

    def __repr__(self):
        def show(p):
            return " + ".join(f"{v}*e^({k})" for k, v in p.items())
        den = " * ".join(f"({show(p)})^{k}" for p, k in self.d.values())
        return f"({show(self.n)})" + (f"/{den}" if den else "")


# -- r + Σ c ln a ------------------------------------------------------------------------------
#: Largest numerator or denominator (bits) split over its primes; beyond, ln q is one atom.
FACTOR_BITS = 64


class LogSum(_Scalar):
    """r + Σ c_a ln a (r, c rational): the value of a logarithm at an exact point, with atoms
    ln p for primes p — a rational's log split over its factorisation — and one opaque atom
    per other argument (a sum Σ c e^q in the form :class:`ExpFraction` keeps its factors in,
    π, a rational too large to factor). An identity formal in the atoms holds whatever their
    values, so a difference with no atom left is decided exactly. Otherwise it is nonzero
    only when provably so: with prime atoms alone (1, ln 2, ln 3, … are linearly independent
    over ℚ: Σ c_p ln p = ln Πp^c_p, transcendental unless the product is 1); with any other
    atom, when a rigorous ``arb`` ball around it excludes 0 (it is then certainly not 0),
    else equality is undecided (``TypeError``: SymPy decides). A sign comes from a ball.
    Products of two logarithms are refused."""

    __slots__ = ("r", "c")

    def __init__(self, r, c: dict):
        self.r, self.c = r, c

    @staticmethod
    def make(r, c: dict):
        c = {k: v for k, v in c.items() if v != 0}
        return r if not c else LogSum(r, c)

    @staticmethod
    def atom(key):
        return LogSum(_Q(0), {key: _Q(1)})

    @staticmethod
    def of_rational(q: flint.fmpq):
        """ln q for a rational q > 0, over its primes."""
        if q <= 0:
            raise ValueError("the logarithm of a number that is not positive")
        out: dict = {}
        for part, sign in ((q.p, 1), (q.q, -1)):
            if part == 1:
                continue
            if part.bit_length() > FACTOR_BITS:
                out[("q", int(part))] = out.get(("q", int(part)), _Q(0)) + sign
                continue
            for prime, e in flint.fmpz(part).factor():
                key = ("p", int(prime))
                out[key] = out.get(key, _Q(0)) + sign * e
        return LogSum.make(_Q(0), out)

    def _parts(self, o):
        if isinstance(o, LogSum):
            return o.r, o.c
        q = _rational(o)
        if q is None:
            raise TypeError(f"a logarithm with {type(o).__name__}")
        return q, {}

    def __add__(self, o):
        if is_matrix(o):
            raise TypeError("a matrix plus a scalar")
        r2, c2 = self._parts(o)
        c = dict(self.c)
        for k, v in c2.items():
            c[k] = c.get(k, _Q(0)) + v
        return LogSum.make(self.r + r2, c)

    def __neg__(self):
        return LogSum(-self.r, {k: -v for k, v in self.c.items()})

    def _mul(self, o):
        q = _rational(o)
        if q is None:
            raise TypeError("a product of a logarithm with a value that is not rational")
        return LogSum.make(self.r * q, {k: v * q for k, v in self.c.items()})

    def inverse(self):
        raise TypeError("a division by a logarithm")

    def _ball(self):
        total = flint.arb(self.r)
        for key, v in self.c.items():
            kind = key[0]
            if kind in ("p", "q"):
                a = flint.arb(key[1]).log()
            elif kind == "pi":
                a = flint.arb.pi().log()
            else:  # ("sum", items): ln of a positive exponential sum
                a = _poly_ball(dict(key[1])).log()
            total += flint.arb(v) * a
        return total

    def sign(self) -> int:
        old = flint.ctx.prec
        try:
            for prec in PRECISIONS:
                flint.ctx.prec = prec
                b = self._ball()
                if b.is_finite() and not b.contains(0):
                    return 1 if b > 0 else -1
        finally:
            flint.ctx.prec = old
        raise TypeError("the sign of a sum of logarithms not resolved")

    def __eq__(self, o):
        if is_matrix(o):
            return False
        d = self - o
        if not isinstance(d, LogSum):
            return d == 0
        if all(k[0] == "p" for k in d.c):
            return False  # r + Σ c_p ln p with a c_p ≠ 0: transcendental, never 0
        try:
            d.sign()  # a rigorous ball that excludes 0: certainly not 0
        except TypeError:
            raise TypeError("whether a sum of logarithms of independent atoms is 0") from None
        return False

    def __repr__(self):
        return f"({self.r} + " + " + ".join(f"{v}*ln{k}" for k, v in self.c.items()) + ")"


def log_of(v):
    """ln v for an exact v > 0 (``fmpq``, :class:`ExpFraction`): a :class:`LogSum` (or a
    rational, ln e^q = q). Anything else raises ``TypeError``."""
    if isinstance(v, _Q):
        return LogSum.of_rational(v)
    if isinstance(v, Scaled):  # ln(m·x) = Σ e_b ln b + ln x (m > 0, so x > 0)
        out = log_of(v.x)
        for b, e in v.m:
            out = out + e * LogSum.atom(("pi",) if b == "pi" else ("p", b))
        return out
    if isinstance(v, ExpFraction):
        if v.sign() <= 0:
            raise ValueError("the logarithm of a number that is not positive")
        n, c, m = _monic(v.n)  # N = c e^m n
        out = LogSum.of_rational(abs(c)) + m
        if len(n) > 1:
            out = out + LogSum.atom(("sum", _items(n)))
        for p, k in v.d.values():  # each factor already in that form
            out = out - k * LogSum.atom(("sum", _items(p)))
        return out
    raise TypeError(f"no exact logarithm of {type(v).__name__}")


# -- m·x: a positive monomial in π and roots of primes, times an exact number ---------------
def _rational_power(v: flint.fmpq, k: flint.fmpq) -> tuple[dict, flint.fmpq]:
    """v^k for a rational v > 0 and a rational k, as ({prime: fractional exponent}, rational):
    each prime's exponent split into its integer part (into the rational) and the rest, in
    (0, 1). ``TypeError`` for v ≤ 0 or a part too large to factor (:data:`FACTOR_BITS`)."""
    if v <= 0:
        raise TypeError("a fractional power of a number that is not positive")
    if k.q == 1:
        return {}, v ** int(k.p)
    mono: dict = {}
    coeff = _Q(1)
    for part, sign in ((v.p, 1), (v.q, -1)):
        if part == 1:
            continue
        if part.bit_length() > FACTOR_BITS:
            raise TypeError("a root of a number too large to factor")
        for prime, e in flint.fmpz(part).factor():
            whole, frac = _split(sign * e * k)
            coeff *= _Q(int(prime)) ** whole
            if frac != 0:
                mono[int(prime)] = frac
    return mono, coeff


def _split(e: flint.fmpq) -> tuple[int, flint.fmpq]:
    """(⌊e⌋, e − ⌊e⌋) of a rational exponent."""
    whole = int(e.p // e.q)
    return whole, e - whole


def _monomial(exps: dict) -> tuple[tuple, flint.fmpq]:
    """(the monomial, a rational) of {base: exponent}, bases ``"pi"`` and primes: π's
    exponent kept whole, each prime's integer part moved into the rational (so a value has
    one form: √2·√2 is the rational 2, √8 is 2·√2)."""
    coeff = _Q(1)
    out = []
    for b, e in exps.items():
        if b != "pi":
            whole, e = _split(e)
            coeff *= _Q(b) ** whole
        if e != 0:
            out.append((b, e))
    out.sort(key=lambda be: (0, 0) if be[0] == "pi" else (1, be[0]))
    return tuple(out), coeff


class Scaled(_Scalar):
    """m·x: m = π^a · Π p^(e_p) (a rational, p prime, 0 < e_p < 1; at least one factor) and x
    an exact number of another kind (``fmpq``, :class:`ExpFraction`, :class:`PolyFraction`),
    not 0 — a Gaussian density's 1/√(2πσ²) times its exponential. m > 0, so m·x is 0 only
    when x is (never: such a value is the rational 0) and has x's sign: equality and signs
    are exact. Values with the same m add (m(x + y)); with different ones their sum is
    refused (``TypeError``: whether √2·e + √3 or π − 3 is 0 is not decided here, and SymPy
    decides that point). Products multiply the monomials, a root of a positive rational
    enters as prime powers, and a pure surd b√r meeting an exponential or another Scaled
    becomes one (√2·e^q). Its logarithm splits over the monomial's bases
    (:func:`log_of`)."""

    __slots__ = ("m", "x")

    def __init__(self, m: tuple, x):
        self.m, self.x = m, x

    @staticmethod
    def make(m: tuple, x):
        q = _rational(x)
        if q is not None and q == 0:
            return q
        if isinstance(x, (Scaled, Surd, LogSum)):
            raise TypeError(f"a monomial times {type(x).__name__}")
        return Scaled(m, x) if m else x

    @staticmethod
    def pi():
        return Scaled((("pi", _Q(1)),), _Q(1))

    @staticmethod
    def of_surd(s: "Surd"):
        """b√r (a = 0, r rational) as a monomial in primes times b times a rational."""
        if s.a != 0 or not isinstance(s.r, _Q):
            raise TypeError("a surd a + b√r with a ≠ 0, or over a rational function")
        mono, coeff = _rational_power(s.r, _Q(1, 2))
        m, c = _monomial(mono)
        return Scaled.make(m, s.b * coeff * c)

    @staticmethod
    def _parts(o) -> tuple:
        if isinstance(o, Scaled):
            return o.m, o.x
        if isinstance(o, Surd):
            o = Scaled.of_surd(o)
            return (o.m, o.x) if isinstance(o, Scaled) else ((), o)
        if isinstance(o, LogSum) or is_matrix(o):
            raise TypeError(f"a monomial times {type(o).__name__}")
        return (), o

    def __add__(self, o):
        if is_matrix(o):
            raise TypeError("a matrix plus a scalar")
        m2, x2 = Scaled._parts(o)
        if m2 == self.m:
            return Scaled.make(self.m, self.x + x2)
        if _rational(x2) == 0:
            return self
        raise TypeError("a sum of values with different powers of π or of roots")

    def __neg__(self):
        return Scaled(self.m, -self.x)

    def _mul(self, o):
        m2, x2 = Scaled._parts(o)
        exps = dict(self.m)
        for b, e in m2:
            exps[b] = exps.get(b, _Q(0)) + e
        m, c = _monomial(exps)
        return Scaled.make(m, c * (self.x * x2))

    def inverse(self):
        m, c = _monomial({b: -e for b, e in self.m})
        x = 1 / self.x if isinstance(self.x, _Q) else self.x.inverse()
        return Scaled.make(m, c * x)

    def power(self, k: flint.fmpq):
        """(m·x)^k for a rational k: a root of x only when x is a positive rational."""
        if k.q == 1:
            return self ** int(k.p)
        mono, c = _rational_power(self.x, k) if isinstance(self.x, _Q) else (None, None)
        if mono is None:
            raise TypeError("a root of a monomial times a value that is not rational")
        exps = {b: e * k for b, e in self.m}
        for b, e in mono.items():
            exps[b] = exps.get(b, _Q(0)) + e
        m, c2 = _monomial(exps)
        return Scaled.make(m, c * c2)

    def sign(self) -> int:
        return sign_of(self.x)

    def ball(self):
        """A rigorous ball around m at the current precision (x's is its own)."""
        total = flint.arb(1)
        for b, e in self.m:
            base = flint.arb.pi() if b == "pi" else flint.arb(b)
            total *= base ** flint.arb(e)
        return total

    def __repr__(self):
        return "*".join(f"{b}^({e})" for b, e in self.m) + f"*({self.x!r})"


# -- rational functions of entry symbols ----------------------------------------------------
def _even_positive(p) -> bool:
    return all(c > 0 and all(k % 2 == 0 for k in e) for e, c in p.to_dict().items())


class PolyFraction(_Scalar):
    """N/D, polynomials over ℚ in the entry symbols of a components instance (python-flint
    ``fmpq_mpoly``, one context per instance), in lowest terms with D monic: a value is 0
    exactly when N is the zero polynomial, so an identity of rational functions is decided
    exactly. Its sign is unknown (``TypeError``: |·|, max and comparisons are refused),
    except in a case of the sign split (:mod:`.cases`), which assumes its factors' signs."""

    __slots__ = ("n", "d")

    def __init__(self, n, d):
        self.n, self.d = n, d

    @staticmethod
    def make(n, d):
        if d.is_zero():
            raise ZeroDivisionError("a rational function over 0")
        if n.is_zero():
            return _Q(0)
        if not d.is_one():
            if not d.is_constant():
                g = n.gcd(d)
                if not g.is_one():
                    n, d = n / g, d / g
            lc = d.leading_coefficient()
            if lc != 1:
                n, d = n * (1 / lc), d * (1 / lc)
        if d.is_one() and n.is_constant():
            return n.leading_coefficient()
        return PolyFraction(n, d)

    def _parts(self, o):
        if isinstance(o, PolyFraction):
            return o.n, o.d
        q = _rational(o)
        if q is None:  # (a surd: Surd's own operators, reflected)
            raise TypeError(f"a rational function with {type(o).__name__}")
        ctx = self.n.context()
        return ctx.constant(q), ctx.constant(1)

    def __add__(self, o):
        if is_matrix(o):
            raise TypeError("a matrix plus a scalar")
        if isinstance(o, (Surd, Scaled)):  # a + b√r over ℚ(x): the surd's arithmetic
            return o + self
        n2, d2 = self._parts(o)
        if d2 == self.d:
            return PolyFraction.make(self.n + n2, self.d)
        return PolyFraction.make(self.n * d2 + n2 * self.d, self.d * d2)

    def __neg__(self):
        return PolyFraction(-self.n, self.d)

    def _mul(self, o):
        if isinstance(o, (Surd, Scaled)):
            return o._mul(self)
        n2, d2 = self._parts(o)
        return PolyFraction.make(self.n * n2, self.d * d2)

    def inverse(self):
        return PolyFraction.make(self.d, self.n)

    def sign(self) -> int:
        """Unknown (``TypeError``), except under the assumptions of a case split
        (:func:`.cases.by_cases`, which sets the signs :mod:`.signs` reads)."""
        return sign_of_function(self.n, self.d)

    def nonnegative(self) -> bool:
        """Whether n and d are sums of even powers with positive coefficients (a sum of
        squares such as wᵀw): then n/d ≥ 0 wherever it is defined."""
        return all(_even_positive(p) for p in (self.n, self.d))

    def __abs__(self):
        # In the case where the value is 0 (a case split's region p = 0), |p| is 0 there: as
        # a rational function, 0 — not p, which is 0 only on that region.
        s = self.sign()
        return -self if s < 0 else self if s > 0 else _Q(0)

    def __repr__(self):
        return f"({self.n})" + ("" if self.d.is_one() else f"/({self.d})")


# -- matrices of exact numbers ----------------------------------------------------------------
class Grid(_Minus):
    """An r×c matrix of exact numbers (``fmpq``, :class:`Surd`, :class:`ExpFraction`), row by
    row, with the ``fmpq_mat`` interface the evaluator uses."""

    __slots__ = ("r", "c", "e")

    def __init__(self, r: int, c: int, e: list):
        self.r, self.c, self.e = r, c, e

    @staticmethod
    def scaled(m, s):
        return matrix_of(m.nrows(), m.ncols(), [s * x for x in entries(m)])

    def nrows(self) -> int:
        return self.r

    def ncols(self) -> int:
        return self.c

    def __getitem__(self, ij):
        i, j = ij
        if not (0 <= i < self.r and 0 <= j < self.c):
            raise IndexError("an entry outside the matrix")
        return self.e[i * self.c + j]

    def transpose(self):
        return Grid(self.c, self.r, [self.e[i * self.c + j] for j in range(self.c)
                                     for i in range(self.r)])

    def _same_shape(self, o) -> list:
        if not is_matrix(o) or (o.nrows(), o.ncols()) != (self.r, self.c):
            raise TypeError("a sum of matrices of different shapes, or with a scalar")
        return entries(o)

    def __add__(self, o):
        return matrix_of(self.r, self.c, [x + y for x, y in zip(self.e, self._same_shape(o))])

    __radd__ = __add__

    def __neg__(self):
        return Grid(self.r, self.c, [-x for x in self.e])

    def __mul__(self, o):
        if is_matrix(o):
            return _matmul(self, o)
        return Grid.scaled(self, o)

    def __rmul__(self, o):
        if is_matrix(o):
            return _matmul(o, self)
        return Grid.scaled(self, o)

    def __eq__(self, o):
        if not is_matrix(o) or (o.nrows(), o.ncols()) != (self.r, self.c):
            return False
        return all(x == y for x, y in zip(self.e, entries(o)))

    def __ne__(self, o):
        return not self.__eq__(o)

    __hash__ = None

    def __repr__(self):
        return f"Grid({self.r}, {self.c}, {self.e})"

    def _eliminate(self, rhs: list | None):
        """Gauss–Jordan over the entries' field (every pivot test exact): (det, rhs solved),
        det 0 when singular."""
        n = self.r
        if n != self.c:
            raise TypeError("a determinant or inverse of a non-square matrix")
        a = [list(self.e[i * n:(i + 1) * n]) for i in range(n)]
        det = _Q(1)
        for col in range(n):
            piv = next((i for i in range(col, n) if a[i][col] != 0), None)
            if piv is None:
                return _Q(0), None
            if piv != col:
                a[col], a[piv] = a[piv], a[col]
                if rhs is not None:
                    rhs[col], rhs[piv] = rhs[piv], rhs[col]
                det = -det
            p = a[col][col]
            det = det * p
            inv = 1 / p
            a[col] = [x * inv for x in a[col]]
            if rhs is not None:
                rhs[col] = [x * inv for x in rhs[col]]
            for i in range(n):
                f = a[i][col]
                if i != col and f != 0:
                    a[i] = [x - f * y for x, y in zip(a[i], a[col])]
                    if rhs is not None:
                        rhs[i] = [x - f * y for x, y in zip(rhs[i], rhs[col])]
        return det, rhs

    def det(self):
        return self._eliminate(None)[0]

    def inv(self):
        n = self.r
        eye = [[_Q(1) if i == j else _Q(0) for j in range(n)] for i in range(n)]
        det, out = self._eliminate(eye)
        if out is None:
            raise ZeroDivisionError("a singular matrix")
        return matrix_of(n, n, [x for row in out for x in row])


def _matmul(a, b):
    n, k, m = a.nrows(), a.ncols(), b.ncols()
    if b.nrows() != k:
        raise TypeError("a product of incompatible shapes")
    out = []
    for i in range(n):
        for j in range(m):
            total = _Q(0)
            for t in range(k):
                x, y = a[i, t], b[t, j]
                if x != 0 and y != 0:
                    total = x * y + total
            out.append(total)
    return matrix_of(n, m, out)


def as_float(v) -> float:
    """The float64 nearest an exact number (±inf beyond range): ``fmpq`` correctly rounded,
    a surd or an exponential fraction through a 128-bit ``arb`` ball (far tighter than a
    float's half-ulp). A rational function of entry symbols has no float (``TypeError``)."""
    if isinstance(v, _Q):
        return float(v)
    old = flint.ctx.prec
    flint.ctx.prec = 128
    try:
        if isinstance(v, Surd):
            return float(flint.arb(v.a) + flint.arb(v.b) * flint.arb(v.r).sqrt())
        if isinstance(v, Scaled):
            return float(v.ball()) * as_float(v.x)
        if isinstance(v, ExpFraction):
            den = flint.arb(1)
            for p, k in v.d.values():
                den *= _poly_ball(p) ** k
            return float(_poly_ball(v.n) / den)
    finally:
        flint.ctx.prec = old
    raise TypeError(f"no float for {type(v).__name__}")
