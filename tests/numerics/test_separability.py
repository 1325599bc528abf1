"""Tests of numerics.separability: strict linear separability by LP, with both proofs checked.

The ground truth is the construction of the data set, never a perceptron: data built with
a known separating hyperplane and margin must be reported separable; data built so that
both convex hulls contain a common point must be reported not separable with a valid
certificate (bromberg2012 §6, exercise 1).
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context
from hypothesis.extra import numpy as hnp

from numerics.errors import InvalidInput, LabelError, LindiscError, NonFiniteInput, ShapeMismatch
from numerics.geometry import normalize_samples
from numerics.separability import (
    SeparabilityResult,
    SeparabilityUndecidedError,
    linear_separability,
)
from tests.strategies.geometry import intersecting_hull_datasets, separable_datasets

EPS = np.finfo(float).eps


def note_if_hypothesis(message: str) -> None:
    """``note()`` inside a Hypothesis test; the plain example tests share these checkers."""
    if currently_in_test_context():
        note(message)


def assert_valid_separator(res: SeparabilityResult, X: np.ndarray, t: np.ndarray) -> None:
    assert res.separable_
    assert res.alpha_ is None and res.beta_ is None and res.common_point_ is None
    margins = t * (X @ res.coef_ + res.intercept_)
    note_if_hypothesis(f"coef_={res.coef_!r} intercept_={res.intercept_!r} margins={margins!r}")
    rounding = 4 * (X.shape[1] + 2) * EPS * np.max(np.abs(X) @ np.abs(res.coef_)
                                                   + abs(res.intercept_))
    assert np.all(margins >= 1 - (1e-8 + rounding))
    assert res.min_margin_ == pytest.approx(margins.min(), abs=rounding)


def assert_valid_certificate(res: SeparabilityResult, X: np.ndarray, t: np.ndarray) -> None:
    assert not res.separable_
    assert res.coef_ is None and res.intercept_ is None
    np.testing.assert_array_equal(res.positive_index_, np.flatnonzero(t > 0))
    np.testing.assert_array_equal(res.negative_index_, np.flatnonzero(t < 0))
    alpha, beta = res.alpha_, res.beta_
    note_if_hypothesis(f"alpha_={alpha!r} beta_={beta!r} common_point_={res.common_point_!r}")
    assert np.all(alpha >= 0) and np.all(beta >= 0)
    assert abs(alpha.sum() - 1) <= 4 * alpha.size * EPS
    assert abs(beta.sum() - 1) <= 4 * beta.size * EPS
    P, N = X[res.positive_index_], X[res.negative_index_]
    bound = 4 * (X.shape[0] + 2) * EPS * (np.abs(P).T @ alpha + np.abs(N).T @ beta)
    gap = np.abs(P.T @ alpha - N.T @ beta)
    assert np.all(gap <= bound)  # per coordinate: the hulls meet up to rounding
    np.testing.assert_array_equal(res.common_point_, P.T @ alpha)
    assert res.residual_ == gap.max()


# --------------------------------------------------------------------------- examples


def test_xor_is_not_separable_and_the_diagonals_cross_at_the_centre():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    t = np.array([1, 1, -1, -1])
    res = linear_separability(X, t)
    assert_valid_certificate(res, X, t)
    np.testing.assert_allclose(res.common_point_, [0.5, 0.5], atol=4 * EPS)


def test_and_is_separable():
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    t = np.array([-1, -1, -1, 1])
    assert_valid_separator(linear_separability(X, t), X, t)


def test_a_point_in_both_classes_is_its_own_certificate():
    X = np.array([[2.0, 3.0], [0.0, 0.0], [2.0, 3.0], [9.0, 9.0]])
    t = np.array([1, 1, -1, -1])
    res = linear_separability(X, t)
    assert_valid_certificate(res, X, t)
    np.testing.assert_array_equal(res.common_point_, [2.0, 3.0])


def test_one_dimensional_interleaved_points_are_not_separable():
    X = np.array([[0.0], [2.0], [1.0]])
    t = np.array([1, 1, -1])
    res = linear_separability(X, t)
    assert_valid_certificate(res, X, t)
    np.testing.assert_array_equal(res.beta_, [1.0])


def test_hulls_closer_than_the_lp_tolerance_are_reported_undecided():
    # Separable in exact arithmetic with a gap of 1e-11: neither proof can be verified.
    X = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 1e-11], [1.0, 5.0]])
    t = np.array([1, 1, -1, -1])
    with pytest.raises(SeparabilityUndecidedError, match="numerically ill-posed") as info:
        linear_separability(X, t)
    assert isinstance(info.value, LindiscError)


def test_a_small_but_resolvable_gap_is_separable():
    X = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 1e-6], [1.0, 5.0]])
    t = np.array([1, 1, -1, -1])
    assert_valid_separator(linear_separability(X, t), X, t)


def test_a_feature_with_subnormal_spread_does_not_overflow_the_separator():
    # Scaling each feature by its own spread would blow feature 0 up to unit size and its
    # weight to overflow; the common-spread retry separates along feature 1.
    X = np.array([[4.45014772e-312, 0.1], [-4.45014772e-312, -0.1]])
    t = np.array([1, -1])
    assert_valid_separator(linear_separability(X, t), X, t)


def test_result_is_frozen():
    res = linear_separability([[0.0], [1.0]], [1, -1])
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.separable_ = False


# --------------------------------------------------------------------------- properties


@given(separable_datasets(margin=0.1))
def test_data_built_with_a_margin_is_reported_separable_with_a_valid_separator(data):
    X, t, _, _ = data
    res = linear_separability(X, t)
    assert_valid_separator(res, X, t)
    # dhs-perceptron normalisation: the augmented separator is positive on every y_n.
    assert np.all(normalize_samples(X, t) @ np.append(res.coef_, res.intercept_) > 0)


@given(separable_datasets(margin=1e-4, radius=1.0))
def test_data_built_with_a_thin_margin_is_still_reported_separable(data):
    X, t, _, _ = data
    assert_valid_separator(linear_separability(X, t), X, t)


@given(separable_datasets(margin=0.1), st.integers(-6, 6))
def test_features_in_very_different_units_are_still_reported_separable(data, log10_ratio):
    X, t, _, _ = data
    units = np.logspace(-log10_ratio, log10_ratio, X.shape[1])
    assert_valid_separator(linear_separability(X * units, t), X * units, t)


@given(intersecting_hull_datasets())
def test_data_with_intersecting_hulls_is_reported_not_separable_with_a_valid_certificate(data):
    X, t, _ = data
    assert_valid_certificate(linear_separability(X, t), X, t)


@given(intersecting_hull_datasets(), st.data())
def test_no_hyperplane_separates_sets_whose_hulls_share_a_point(data, more):
    # bromberg2012 exercise 1, forward direction, through the certificate: for every (w, b),
    # g(p) = sum alpha_n g(x_n) >= min over positives and g(p) = sum beta_m g(y_m) <= max over
    # negatives, so min_pos g <= max_neg g: some sample is on the wrong side (or on the plane).
    X, t, _ = data
    res = linear_separability(X, t)
    w = more.draw(hnp.arrays(np.float64, X.shape[1], elements=st.integers(-9, 9).map(float)))
    b = float(more.draw(st.integers(-99, 99)))
    g = X @ w + b  # exact: small integers times a power of two
    g_pos, g_neg = g[res.positive_index_], g[res.negative_index_]
    g_p = res.common_point_ @ w + b
    slack = 8 * (X.shape[0] + X.shape[1]) * EPS * (np.abs(X).max() * np.abs(w).sum() + abs(b))
    assert g_pos.min() <= g_p + slack
    assert g_p <= g_neg.max() + slack
    assert g_pos.min() <= g_neg.max() + 2 * slack


@given(separable_datasets(margin=0.1), st.data())
def test_convex_hulls_of_separable_sets_do_not_meet(data, more):
    # bromberg2012 exercise 1, converse: any convex combination of positives has g >= 1 and
    # any of negatives g <= -1 under the returned separator, so the hulls are disjoint.
    X, t, _, _ = data
    res = linear_separability(X, t)
    P, N = X[t > 0], X[t < 0]
    weights = st.floats(0.0, 1.0)
    a = more.draw(hnp.arrays(np.float64, P.shape[0], elements=weights)) + 1e-3
    c = more.draw(hnp.arrays(np.float64, N.shape[0], elements=weights)) + 1e-3
    p, q = P.T @ (a / a.sum()), N.T @ (c / c.sum())
    tol = 1e-8 + 8 * (X.shape[0] + X.shape[1]) * EPS * (
        np.abs(X).max() * np.abs(res.coef_).sum() + abs(res.intercept_))
    assert p @ res.coef_ + res.intercept_ >= 1 - tol
    assert q @ res.coef_ + res.intercept_ <= -1 + tol


@given(st.one_of(separable_datasets(margin=0.1).map(lambda d: (d[0], d[1], True)),
                 intersecting_hull_datasets().map(lambda d: (d[0], d[1], False))),
       st.integers(-10, 10), st.integers(-10, 10))
def test_answer_is_invariant_under_scaling_and_translation(data, log2_scale, shift):
    X, t, separable = data
    Y = X * 2.0 ** log2_scale + float(shift)
    res = linear_separability(Y, t)
    assert res.separable_ is separable
    if separable:
        assert_valid_separator(res, Y, t)
    else:
        assert_valid_certificate(res, Y, t)  # Y is still exact: integers times 2^k plus shift


# --------------------------------------------------------------------------- bad input

X4 = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])

BAD_INPUTS = [
    pytest.param(lambda: linear_separability(X4, [1, 1, 1, 1]),
                 LabelError, "no -1 labels", id="only-positives"),
    pytest.param(lambda: linear_separability(X4, [-1, -1, -1, -1]),
                 LabelError, "no +1 labels", id="only-negatives"),
    pytest.param(lambda: linear_separability(X4, [0, 1, 0, 1]),
                 LabelError, "t = 2 * t - 1", id="labels-0-1"),
    pytest.param(lambda: linear_separability(X4, ["a", "b", "a", "b"]),
                 LabelError, "{-1, +1}", id="labels-strings"),
    pytest.param(lambda: linear_separability(X4, [1, -1, 1]),
                 ShapeMismatch, "3 labels but there are 4 samples", id="length-mismatch"),
    pytest.param(lambda: linear_separability(X4, [[1, -1, 1, -1]]),
                 InvalidInput, "1-D array of labels", id="labels-2d"),
    pytest.param(lambda: linear_separability([[0.0, np.nan], [1.0, 1.0]], [1, -1]),
                 NonFiniteInput, "finite", id="nan-X"),
    pytest.param(lambda: linear_separability([0.0, 1.0, 2.0], [1, -1, 1]),
                 InvalidInput, "reshape", id="1d-X"),
]


@pytest.mark.parametrize(("call", "error", "fragment"), BAD_INPUTS)
def test_bad_input_raises_a_clear_error(call, error, fragment):
    with pytest.raises(error, match=re.escape(fragment)):
        call()
