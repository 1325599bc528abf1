"""Rational functions over ℚ in sparse polynomial arithmetic.

:func:`as_fractions` writes explicit expressions built from rationals, symbols, sums,
products and integer powers as (numerator, denominator) pairs of polynomials in one common
ring (SymPy's ``PolyElement``), without expanding expression trees — the exact arithmetic
behind cheap decisions such as "``e / h`` is a positive rational constant"
(:mod:`derivations._decide.inequality`). Anything else (functions, roots, floats, a
denominator that is the zero polynomial) is None: the caller then takes its SymPy route.

:func:`zero_over_atoms` is the zero test of SymPy's ``cancel`` on an expression of any
atoms (traces, matrix entries, sums, exponentials, roots): each atom a generator, chosen as
SymPy's own polynomial conversion chooses it, in python-flint's ``fmpq_mpoly``.
"""

from __future__ import annotations

import math

import flint
import sympy as sp
from sympy.matrices.expressions.matexpr import MatrixElement
from sympy.polys.domains import QQ
from sympy.polys.rings import ring

__all__ = ["as_fractions", "positive_multiple", "zero_over_atoms"]


class _NotRational(Exception):
    pass


def as_fractions(exprs: list) -> list | None:
    """[(num, den)] of each expression in one ring over ℚ of all their free symbols, or None
    when one of them is not a rational function over ℚ (see the module docstring)."""
    syms = sorted(set().union(*[e.free_symbols for e in exprs]), key=sp.default_sort_key)
    if not all(isinstance(x, sp.Symbol) for x in syms):
        return None
    if syms:
        R, *gens = ring(syms, QQ)
    else:
        R, gens = ring("_c", QQ)[0], []
    gen = dict(zip(syms, gens))
    one = R.one
    memo: dict = {}

    def walk(x):
        got = memo.get(x)
        if got is not None:
            return got
        if x.is_Rational:
            out = (R(QQ(int(x.p), int(x.q))), one)
        elif x.is_Symbol:
            out = (gen[x], one)
        elif x.is_Add:
            n, d = R.zero, one
            for a in x.args:
                an, ad = walk(a)
                if ad == d:
                    n = n + an
                else:
                    n, d = n * ad + an * d, d * ad
            out = (n, d)
        elif x.is_Mul:
            n, d = one, one
            for a in x.args:
                an, ad = walk(a)
                n, d = n * an, d * ad
            out = (n, d)
        elif x.is_Pow and x.exp.is_Integer:
            bn, bd = walk(x.base)
            k = int(x.exp)
            if k < 0 and not bn:
                raise _NotRational  # a power of the zero polynomial with a negative exponent
            out = (bn ** k, bd ** k) if k >= 0 else (bd ** -k, bn ** -k)
        else:
            raise _NotRational
        if not out[1]:
            raise _NotRational
        memo[x] = out
        return out

    try:
        return [walk(sp.sympify(e)) for e in exprs]
    except (_NotRational, RecursionError):
        return None


def positive_multiple(e: sp.Basic, h: sp.Basic) -> bool | None:
    """Whether ``e = c·h`` identically for a rational ``c > 0`` — the same answer as SymPy's
    ``cancel(together(e / h))`` being a positive rational — decided exactly when both are
    rational functions over ℚ and ``h`` is not the zero function; else None."""
    fr = as_fractions([e, h])
    if fr is None:
        return None
    (en, ed), (hn, hd) = fr
    p, q = en * hd, ed * hn  # e / h = p / q
    if not q:
        return None
    if not p:
        return False  # e / h = 0
    c = p.LC / q.LC
    return c > 0 and p == q * c


# -- the zero test of an expression of atoms ---------------------------------------------------

class _Refused(Exception):
    pass


def _context(n: int):
    """A ring over ℚ of ``n`` generators (flint caches its contexts: one per size)."""
    return flint.fmpq_mpoly_ctx.get(tuple(f"g{i}" for i in range(max(n, 1))), "lex")


def zero_over_atoms(e: sp.Expr) -> bool | None:
    """Whether ``e`` is 0 as a rational function over ℚ of its atoms: True (a proof that
    ``e`` is identically 0 wherever it is defined), False (it is not 0 in that field), or
    None (refused: the caller asks SymPy).

    The atoms are those of SymPy's ``cancel``, related as SymPy's products relate them: a
    factor that is not a sum, product, rational or integer power is b^r, r rational, with b
    a symbol, a matrix entry or a trace (x^(3/2), √t), or e^(r·u) (``as_coeff_Mul`` of the
    exponent: e^(-2y/3) has u = y); each b or e^u is one generator g standing for b^(1/L)
    or e^(u/L), L the least common denominator of its r's, and the factor is g^(rL). SymPy
    multiplies such powers into one (√x·√x = x, e^(x/2)·e^(x/2) = e^x) before ``cancel``
    writes the numerator over its generators, so both find the same numerator 0 or not:
    a False here is ``cancel``'s answer, computed in python-flint's polynomials instead of
    expression trees (over the catalog's symbolic claims, the 37 expressions ``cancel``
    left nonzero took it 1.1 s, and 0.01 s here; ``together`` before it another 0.5 s). The
    powers are principal ones, for which (b^(1/L))^k = b^(k/L) always holds.

    (:func:`as_fractions` walks sums, products and powers the same way, over symbols only,
    into SymPy's ring elements, whose leading coefficients ``positive_multiple`` compares;
    this walk keeps its denominators unreduced, grouping a sum's terms by denominator.)

    Refused, where SymPy may relate what this would not: a number that is not rational (π,
    √2, e: SymPy's coefficient domains), a root of any other expression (``together``
    rewrites such a base), a power with a symbolic exponent other than e^u (b·b^x is
    b^(x+1) to SymPy), any other function (|y|² is y² for a real y; a ``Piecewise``,
    which ``cancel`` takes apart), a noncommutative factor, a float, a zero denominator.

    ``True`` needs no such care: a rational function that is 0 with its generators taken as
    independent unknowns is 0 for every value they take."""
    e = sp.sympify(e)
    if not isinstance(e, sp.Expr):
        return None
    try:
        powers, gens = _collect(e)
        ctx = _context(len(gens))
        n, d = _Fractions(ctx, powers).walk(e)
    except (_Refused, RecursionError, ZeroDivisionError):
        return None
    return n.is_zero()


#: What may be a generator: atoms with no relation SymPy applies to their powers or products
#: (|y|² is y² to SymPy for a real y: ``Abs`` is not one of them), and their roots.
_ROOT_BASES = (sp.Symbol, MatrixElement, sp.Trace)
_ATOMS = _ROOT_BASES + (sp.Sum, sp.Product, sp.log)


def _collect(x) -> tuple[dict, dict]:
    """({factor: (generator number, exponent)}, {generator key: (number, L)}) of ``x`` (see
    :func:`zero_over_atoms`)."""
    found: dict = {}  # factor -> (key, r)
    seen: set = set()  # sums, products and powers met (a shared one is walked once)
    stack = [x]
    while stack:
        x = stack.pop()
        if x.is_Rational or x in found or x in seen:
            continue
        seen.add(x)
        if x.is_Add or x.is_Mul:
            stack.extend(x.args)
            continue
        if x.is_Pow and x.exp.is_Integer:
            stack.append(x.base)
            continue
        if (not isinstance(x, sp.Expr) or x.is_number or x.is_commutative is not True
                or x.has(sp.Piecewise)):
            raise _Refused(f"not an atom of a rational function: {type(x).__name__}")
        b, r = x.as_base_exp()
        if r.is_Rational:
            if not isinstance(b, _ROOT_BASES if r != 1 else _ATOMS):
                raise _Refused(f"a power of {type(b).__name__}")
            found[x] = (b, r)
        elif b is sp.E:
            r, u = r.as_coeff_Mul(rational=True)
            found[x] = (sp.exp(u), r)
        else:
            raise _Refused("a power with a symbolic exponent")
    gens: dict = {}  # key -> [number, L]
    for key, r in found.values():
        g = gens.setdefault(key, [len(gens), 1])
        g[1] = g[1] * int(r.q) // math.gcd(g[1], int(r.q))
    powers = {}
    for f, (key, r) in found.items():
        i, L = gens[key]
        powers[f] = (i, int(r * L))
    return powers, gens


class _Fractions:
    """(numerator, denominator) of each node, in the ring of the generators."""

    def __init__(self, ctx, powers: dict):
        self.ctx, self.gens, self.powers = ctx, ctx.gens(), powers
        self.one, self.zero = ctx.constant(1), ctx.constant(0)
        self.memo: dict = {}

    def walk(self, x):
        got = self.memo.get(x)
        if got is not None:
            return got
        one = self.one
        if x.is_Rational:
            out = (self.ctx.constant(flint.fmpq(int(x.p), int(x.q))), one)
        elif x.is_Add:
            groups: list = []  # [numerator, denominator]: terms over one denominator first
            for a in x.args:
                an, ad = self.walk(a)
                for g in groups:
                    if g[1] == ad:
                        g[0] = g[0] + an
                        break
                else:
                    groups.append([an, ad])
            n, d = self.zero, one
            for an, ad in groups:
                n, d = (n + an, d) if ad == d else (n * ad + an * d, d * ad)
            out = (n, d)
        elif x.is_Mul:
            n, d = one, one
            for a in x.args:
                an, ad = self.walk(a)
                n, d = n * an, d * ad
            out = (n, d)
        elif x.is_Pow and x.exp.is_Integer:
            bn, bd = self.walk(x.base)
            k = int(x.exp)
            if k < 0 and bn.is_zero():
                raise ZeroDivisionError("a negative power of 0")
            out = (bn ** k, bd ** k) if k >= 0 else (bd ** -k, bn ** -k)
        else:
            i, k = self.powers[x]
            g = self.gens[i]
            out = (g ** k, one) if k >= 0 else (one, g ** -k)
        if out[1].is_zero():
            raise ZeroDivisionError("a zero denominator")
        self.memo[x] = out
        return out
