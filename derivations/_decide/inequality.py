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

import sympy as sp

from . import certificates
from .atoms import Unsupported, has_piecewise
from .certificates import Certificate, gap_form
from .memo import memoised
from .piecewise import TooManyRegions, regions

__all__ = ["Certificate", "prove"]


def prove(g: sp.Basic, strict: bool = False, hyps: tuple = (), depth: int = 0) -> Certificate | None:
    """A certificate that ``g >= 0`` (``> 0`` if strict) wherever ``hyps`` hold, or None.
    Memoised (:mod:`.memo`)."""
    return _prove(sp.sympify(g), bool(strict), tuple(hyps), depth)


@memoised
def _prove(g: sp.Basic, strict: bool = False, hyps: tuple = (), depth: int = 0) -> Certificate | None:
    form = gap_form(g, depth)
    if form is None:
        return None
    if has_piecewise(form):
        return _cases(form, strict, list(hyps), depth)
    return certificates.prove(g, strict, hyps, depth)


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
