"""Method 4 — numeric: the statement's value against the ``numerics`` implementation.

An entry lists :class:`Agreement` records: a dimension-free SymPy expression and a
callable that computes the same quantity with :mod:`numerics`. Both are evaluated at
float64 points drawn (seeded) from the entry's typed symbols — the expression exactly in
flint at the point's floats and rounded once, or lambdified where flint refuses; they must
agree within a tolerance set by the conditioning of the quantity (``rtol`` scales with the
magnitude of the intermediate values, see :func:`_tolerance`).
"""

from __future__ import annotations

import flint
import numpy as np
import sympy as sp

from .._exact.numbers import as_float, entries, is_matrix
from .._exact.rational import evaluator, values_of
from .._symbols.space import expand_definitions
from .lambdify import compiled
from .outcome import DIFFERENT, EQUAL, INCONCLUSIVE, NOT_APPLICABLE, Outcome

NAME = "numeric"

__all__ = ["run"]


def _tolerance(a: np.ndarray, b: np.ndarray, rtol: float) -> float:
    scale = max(float(np.max(np.abs(a), initial=0.0)), float(np.max(np.abs(b), initial=0.0)), 1.0)
    return rtol * scale


def _exactly(e, inst, at) -> np.ndarray | None:
    """``e`` at the float64 point, computed exactly in flint at the point's floats (each an
    exact binary rational) and rounded once (:func:`~derivations._exact.numbers.as_float`):
    no SymPy instantiation, no lambdify, no rounding error of its own. None where flint
    refuses (a log, a gradient, a singular matrix): then lambdify, as before."""
    got = values_of([expand_definitions(sp.sympify(e), inst.definitions)], inst.mapping, at)
    if got is None:
        return None
    v = got[0]
    try:
        if is_matrix(v):
            return np.array([as_float(x) for x in entries(v)], dtype=float).reshape(
                v.nrows(), v.ncols())
        return np.asarray(as_float(v), dtype=float)
    except TypeError:
        return None


def run(agreements, space, rng, points: int = 4) -> Outcome:
    """Each agreement at ``points`` float64 points. A point where either side is not finite
    (an overflow, log 0) says nothing — inf − x ≤ rtol·inf would pass vacuously — so it is
    skipped and counted; with no finite point at all the check is inconclusive."""
    if not agreements:
        return Outcome(NAME, NOT_APPLICABLE, detail="no numerics implementation attached")
    sizes = space.size_assignments()[-1]
    skipped = 0
    # The instantiated, lambdified function of an expression depends on the point only
    # through the discrete values (labels, one-hot rows): compiled once per (expression,
    # discrete values), evaluated at each point's floats.
    functions: dict = {}
    for k in range(points):
        inst = space.instance_with_random_discrete(sizes, rng)
        exact = space.random_values(inst, rng)
        syms = list(exact)
        vals = [float(exact[s]) for s in syms]

        exact_floats = evaluator(inst.mapping, gens={
            s: flint.fmpq(*v.as_integer_ratio()) for s, v in zip(syms, vals)})

        def ev(e, inst=inst, syms=syms, vals=vals, at=exact_floats):
            got = _exactly(e, inst, at)
            if got is not None:
                return got
            key = (e, tuple(syms), tuple(sorted(inst.discrete.items(), key=lambda kv: kv[0])))
            try:
                f = functions.get(key)
            except TypeError:  # an unhashable argument: compile it afresh
                return compiled(syms, inst(e))(*vals)
            if f is None:
                f = functions[key] = compiled(syms, inst(e))
            return f(*vals)

        for ag in agreements:
            with np.errstate(all="ignore"):
                want = np.atleast_1d(ev(ag.expr)).astype(float)
                got = np.atleast_1d(np.asarray(ag.compute(ev), dtype=float))
            if want.size != got.size:
                return Outcome(NAME, DIFFERENT, detail=f"{ag.label}: shape {want.shape} vs {got.shape}")
            want, got = want.ravel(), got.ravel()
            if not (np.all(np.isfinite(want)) and np.all(np.isfinite(got))):
                skipped += 1
                continue
            if not np.all(np.abs(want - got) <= _tolerance(want, got, ag.rtol)):
                return Outcome(NAME, DIFFERENT, detail=(
                    f"{ag.label} at point {k + 1}: symbolic {want.tolist()} vs numerics {got.tolist()}"))
    checks = len(agreements) * points
    if skipped == checks:
        return Outcome(NAME, INCONCLUSIVE, skipped=skipped,
                       detail=f"no finite value at any of {points} float64 points")
    note = f"; {skipped} non-finite evaluation(s) skipped" if skipped else ""
    return Outcome(NAME, EQUAL, skipped=skipped,
                   detail=f"{len(agreements)} agreement(s) at {points} float64 points{note}")
