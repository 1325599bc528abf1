"""The SVM catalog entries against ``numerics.svm`` and against the engine's verdicts.

- the exercise's exact solution, read from svm.exercise_solution's definitions (α*, w*, t*),
  equals ``hard_margin_svm`` on the printed X, y, by both QP sides;
- the catalog's dual objective (the slide's double sum, svm._ld) at numerics' α equals
  numerics' primal objective on generated separable 3-point data sets (zero duality gap),
  and the complementary-slackness sum of svm.duality_gap vanishes there.

Every entry's verdict (the erratum refuted with an exact counterexample) is checked by
test_catalog.py's catalog-wide slow test.
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, note
from hypothesis import strategies as st

from derivations.catalog import svm as cat
from derivations._symbols.space import Space
from numerics.svm import hard_margin_svm

X_EX = np.array(cat._X, dtype=float)
Y_EX = np.array(cat._Y, dtype=float)


def _exact_solution():
    s = Space()
    X, y, _ = cat._exercise(s)
    al, w, t = cat._solution(s, X, y)
    vals = {sym: v for sym, v, _ in s.definitions}
    return vals[al], vals[w], vals[t]


def test_printed_x_prime_has_rows_y_i_x_i():
    np.testing.assert_array_equal(np.array(cat._XP, float), Y_EX[:, None] * X_EX)


@pytest.mark.parametrize("method", ["dual", "primal"])
def test_exercise_exact_solution_equals_numerics(method):
    al, w, t = _exact_solution()
    res = hard_margin_svm(X_EX, Y_EX, method=method)
    np.testing.assert_allclose(res.alpha_, np.array(al, float).ravel(), atol=1e-12)
    np.testing.assert_allclose(res.coef_, np.array(w, float).ravel(), atol=1e-12)
    assert res.threshold_ == pytest.approx(float(t), abs=1e-12)
    np.testing.assert_array_equal(res.support_, [1, 2])   # alpha_1 = 0 although x_1 is on the margin
    assert res.margin_ == pytest.approx(float(1 / sp.sqrt((w.T * w)[0, 0])))


@st.composite
def three_point_separable(draw):
    """Three points in R^d, labels with both classes, separated by construction."""
    seed = draw(st.integers(0, 2**32 - 1))
    d = draw(st.integers(1, 4))
    rng = np.random.default_rng(seed)
    u = rng.standard_normal(d)
    u /= np.linalg.norm(u)
    y = np.array([1.0, -1.0, draw(st.sampled_from([1.0, -1.0]))])
    X = rng.standard_normal((3, d))
    X -= np.outer(X @ u, u)
    X += np.outer(y * (0.1 + np.abs(rng.standard_normal(3))), u)
    return X, y


@given(data=three_point_separable())
def test_catalog_dual_objective_at_numerics_alpha_equals_the_primal_optimum(data):
    X, y = data
    res = hard_margin_svm(X, y)
    ld = cat._ld(sp.Matrix(res.alpha_), sp.Matrix(X), sp.Matrix(y))
    note(f"alpha={res.alpha_!r} L_D={float(ld)!r} primal={res.primal_objective_!r}")
    assert float(ld) == pytest.approx(res.primal_objective_, rel=1e-7)
    slack = y * (X @ res.coef_ - res.threshold_) - 1
    assert abs(res.alpha_ @ slack) <= 1e-7 * res.alpha_.sum()
