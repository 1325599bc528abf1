"""Rational functions over ℚ in sparse polynomial arithmetic (SymPy's ``PolyElement``).

:func:`as_fractions` writes explicit expressions built from rationals, symbols, sums,
products and integer powers as (numerator, denominator) pairs of polynomials in one common
ring, without expanding expression trees — the exact arithmetic behind cheap decisions such
as "``e / h`` is a positive rational constant" (:mod:`derivations._decide.inequality`).
Anything else (functions, roots, floats, a denominator that is the zero polynomial) is None:
the caller then takes its SymPy route.
"""

from __future__ import annotations

import sympy as sp

__all__ = ["as_fractions", "positive_multiple"]


class _NotRational(Exception):
    pass


def as_fractions(exprs: list) -> list | None:
    """[(num, den)] of each expression in one ring over ℚ of all their free symbols, or None
    when one of them is not a rational function over ℚ (see the module docstring)."""
    from sympy.polys.domains import QQ
    from sympy.polys.rings import ring

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
