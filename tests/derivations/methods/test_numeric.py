"""The numeric method: agreement within a conditioning-scaled tolerance, and a non-finite
value is never agreement (inf - x <= rtol * inf would pass vacuously)."""

from __future__ import annotations

import random

import numpy as np
import pytest
import sympy as sp

from derivations._claims.statement import Agreement
from derivations._methods import numeric
from derivations._symbols.space import Space


def _space():
    s = Space()
    x = s.scalar("x")
    return s, x


def test_agreeing_implementation_is_equal_and_a_wrong_one_different():
    s, x = _space()
    ok = numeric.run([Agreement("x^2", x**2, lambda ev: ev(x) ** 2)], s, random.Random(0))
    bad = numeric.run([Agreement("x^2", x**2, lambda ev: ev(x) ** 2 + 1)], s, random.Random(0))
    assert ok.outcome == "equal" and bad.outcome == "different"


def test_an_infinite_side_is_skipped_never_agreement():
    s, x = _space()
    inf_numerics = numeric.run([Agreement("x^2", x**2, lambda ev: np.inf)], s, random.Random(0))
    assert inf_numerics.outcome == "inconclusive" and inf_numerics.skipped == 4
    nan_both = numeric.run([Agreement("x^2", x**2, lambda ev: np.nan)], s, random.Random(0))
    assert nan_both.outcome == "inconclusive"


def test_each_expression_is_compiled_once_per_discrete_values(monkeypatch):
    """Where flint refuses an expression (a log's value), the lambdified function depends on
    the point only through its discrete values: compiled once per (expression, labelling),
    evaluated at every point's own floats."""
    calls = []
    real = numeric.compiled

    def counting(args, value):
        calls.append(value)
        return real(args, value)

    monkeypatch.setattr(numeric, "compiled", counting)
    s, x = _space()
    seen = []
    ok = numeric.run([Agreement("log(1 + x^2)", sp.log(1 + x**2),
                                lambda ev: seen.append(ev(x)) or np.log1p(seen[-1] ** 2))],
                     s, random.Random(0))
    assert ok.outcome == "equal" and len(calls) == 1  # the log, once for 4 points (x: flint)
    assert len({float(v) for v in seen}) == 4  # but evaluated at 4 different points

    calls.clear()
    s = Space()
    d = s.dim("d", sizes=(3,))
    t, v = s.vector("t", d, labels=True), s.vector("v", d)
    tv = (t.T * v)[0, 0]
    out = numeric.run([Agreement("log(1 + (t^T v)^2)", sp.log(1 + tv**2), lambda ev: np.log1p(float(
        np.asarray(ev(t), dtype=float).ravel() @ np.asarray(ev(v), dtype=float).ravel()) ** 2))],
        s, random.Random(0), points=6)
    assert out.outcome == "equal" and 1 <= len(calls) < 6  # 6 points, 2^3 labellings
    assert len({str(c.args[0]) for c in calls}) == len(calls)  # once per labelling drawn


def test_a_rational_expression_is_computed_exactly_at_the_floats_without_lambdify(monkeypatch):
    from fractions import Fraction

    monkeypatch.setattr(numeric, "compiled", lambda *a: pytest.fail("lambdify called"))
    s, x = _space()
    seen = []
    out = numeric.run([Agreement("(x + 1/3)^3", (x + sp.Rational(1, 3)) ** 3,
                                 lambda ev: seen.append((float(ev(x)), float(ev((x + sp.Rational(1, 3)) ** 3))))
                                 or seen[-1][1])], s, random.Random(0))
    assert out.outcome == "equal" and len(seen) == 4
    for xf, value in seen:  # the exact value at the float x, rounded once
        assert value == float((Fraction(xf) + Fraction(1, 3)) ** 3)
