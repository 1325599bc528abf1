"""Proving that an explicit expression is ``>= 0`` (or ``> 0``) for every input: the entry point.

:func:`prove` splits a gap with ``Max``/``Min``/``Abs``/``Heaviside``/``sign``/``Piecewise``
into regions (:func:`derivations._decide.piecewise.regions`) and proves each region's gap,
which has no such atom, with its hypotheses (the **cases** route); a gap without one goes to
the checked certificates of :mod:`derivations._decide.certificates` (linear, manifest, log,
convexity). Every route is a proof whose each step is checked, never a sample.

The case split decides its non-linear conditions by those certificates too, so the two
recurse into each other; the import goes one way — certificates below, the case split above
them, this module on top — because a region's gap, and every condition the split asks, is
free of atoms: the certificates never need a case split.
"""

from __future__ import annotations

from functools import lru_cache

import sympy as sp

from . import certificates
from .atoms import Unsupported, has_piecewise
from .certificates import MAX_DEPTH, Certificate
from .exactness import _exp_form
from .linear import MEMO_SIZE
from .piecewise import TooManyRegions, regions

__all__ = ["Certificate", "prove"]


def prove(g: sp.Basic, strict: bool = False, hyps: tuple = (), depth: int = 0) -> Certificate | None:
    """A certificate that ``g >= 0`` (``> 0`` if strict) wherever ``hyps`` hold, or None.
    Memoised: a pure function of its arguments (a timeout propagates and is never stored)."""
    g = sp.sympify(g)
    try:
        return _prove_memo(g, bool(strict), tuple(hyps), depth)
    except TypeError:  # an unhashable argument (a mutable matrix): no memo
        return _prove(g, strict, hyps, depth)


@lru_cache(maxsize=MEMO_SIZE)
def _prove_memo(g, strict: bool, hyps: tuple, depth: int) -> Certificate | None:
    return _prove(g, strict, hyps, depth)


def _prove(g: sp.Basic, strict: bool = False, hyps: tuple = (), depth: int = 0) -> Certificate | None:
    given = g
    g = sp.sympify(g)
    if isinstance(g, sp.MatrixBase) and g.shape == (1, 1):
        g = g[0, 0]
    if depth > MAX_DEPTH:
        return None
    g = _exp_form(g)
    if has_piecewise(g):
        return _cases(g, strict, list(hyps), depth)
    return certificates.prove(given, strict, hyps, depth)


def _cases(g, strict, hyps, depth):
    try:
        regs = regions([g], hyps=hyps)
    except (TooManyRegions, Unsupported):
        return None
    parts = []
    for r in regs:
        c = prove(r.exprs[0], strict, r.hyps, depth + 1)
        if c is None:
            return None
        parts.append(f"[{r.describe()}] {c}")
    return Certificate("cases", "; ".join(parts))
