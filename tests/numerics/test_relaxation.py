"""Tests of numerics.relaxation (udelar2018 "Relajaciones"; Duda-Hart-Stork §5.6).

J_q is checked exactly (integer samples, dyadic weights and steps: every value is exact in
float64); J_r divides by ||y||^2, so its finite differences are compared within a bound on the
rounding of the criterion divided by the step.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from numerics.errors import InvalidInput, NonFiniteInput, ShapeMismatch
from numerics.geometry import normalize_samples
from numerics.relaxation import (
    batch_relaxation,
    relaxation_criterion_q,
    relaxation_criterion_r,
    relaxation_gradient_q,
    relaxation_gradient_r,
    single_sample_relaxation,
)
from tests.numerics.test_perceptron import (
    H,
    non_separable,
    off_kink_points,
    separable_with_margin,
)

EPS = float(np.finfo(np.float64).eps)


def one_sided(J, a, i, h):
    e = np.zeros_like(a)
    e[i] = h
    J0 = J(a)
    return (J(a + e) - J0) / h, (J0 - J(a - e)) / h


# --- J_q ---------------------------------------------------------------------------------------


@given(point=off_kink_points())
def test_jq_gradient_equals_one_sided_differences_exactly(point):
    a, Y = point  # |a.y| >= 1/4 and |h y_i| <= 1/8: no sample changes side within a step
    g = relaxation_gradient_q(a, Y)
    J = lambda v: relaxation_criterion_q(v, Y)  # noqa: E731
    bad = Y[Y @ a <= 0]
    for i in range(a.size):
        right, left = one_sided(J, a, i, H)
        # J_q is quadratic on this piece: the one-sided differences are g_i +- h sum y_i^2.
        curvature = float(bad[:, i] @ bad[:, i])
        assert right == g[i] + H * curvature
        assert left == g[i] - H * curvature


@given(point=off_kink_points(), sign=st.sampled_from([-1.0, 1.0]))
def test_jq_differences_bracket_the_gradient_at_a_kink(point, sign):
    a, Y = point
    a[-1] = 0.0
    Y = np.vstack([Y, np.eye(a.size)[-1] * sign])  # a.y = 0 for this row: the boundary
    g = relaxation_gradient_q(a, Y)
    for i in range(a.size):
        right, left = one_sided(lambda v: relaxation_criterion_q(v, Y), a, i, H)
        assert left <= g[i] <= right


def test_jq_has_the_trivial_minimiser_zero():
    Y = normalize_samples(np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 0.0]]),
                          np.array([1.0, -1.0, 1.0]))
    assert relaxation_criterion_q(np.zeros(3), Y) == 0.0
    assert not np.any(relaxation_gradient_q(np.zeros(3), Y))


# --- J_r ---------------------------------------------------------------------------------------

B = 0.5  # a.y in Z +- 1/4, so |a.y - b| >= 1/4: off the kinks of J_r


@given(point=off_kink_points())
def test_jr_gradient_equals_one_sided_differences(point):
    a, Y = point
    g = relaxation_gradient_r(a, Y, b=B)
    sq = np.sum(Y * Y, axis=1)
    bad = Y @ a <= B
    J = lambda v: relaxation_criterion_r(v, Y, b=B)  # noqa: E731
    J0 = J(a)
    # rounding of J at a and a +- h e_i: a few eps per term, relative to the terms' size
    terms = 0.5 * np.sum((np.abs(Y @ a) + B + 1.0) ** 2 / sq)
    slack = 16 * Y.shape[0] * EPS * (terms + J0) / H
    for i in range(a.size):
        right, left = one_sided(J, a, i, H)
        half_curvature = 0.5 * H * float(np.sum(Y[bad, i] ** 2 / sq[bad]))
        note(f"i={i}: right {right}, left {left}, g {g[i]}, h/2 H_ii {half_curvature}")
        assert abs(right - (g[i] + half_curvature)) <= slack
        assert abs(left - (g[i] - half_curvature)) <= slack


@given(point=off_kink_points(), sign=st.sampled_from([-1.0, 1.0]))
def test_jr_differences_bracket_the_gradient_at_a_kink(point, sign):
    a, Y = point
    a[-1] = 1.0 * sign
    a[:-1] = np.round(a[:-1])
    Y = np.vstack([Y, np.eye(a.size)[-1] * sign])  # a.y = 1 = b for this row: the kink
    assert Y[-1] @ a == 1.0
    g = relaxation_gradient_r(a, Y, b=1.0)
    J0 = relaxation_criterion_r(a, Y, b=1.0)
    slack = 16 * Y.shape[0] * EPS * (J0 + 1.0) / H
    for i in range(a.size):
        right, left = one_sided(lambda v: relaxation_criterion_r(v, Y, b=1.0), a, i, H)
        assert left - slack <= g[i] <= right + slack


# --- the procedures ------------------------------------------------------------------------


@given(data=separable_with_margin(), eta=st.sampled_from([0.5, 1.0, 1.5, 1.9]),
       b=st.sampled_from([0.25, 1.0, 3.0]))
def test_single_sample_updates_never_move_away_from_any_solution(data, eta, b):
    Y, axis, sign, gamma, _ = data
    a_star = np.zeros(Y.shape[1])
    a_star[axis] = sign * b / gamma  # a*.y_n >= b for every n, by construction
    res = single_sample_relaxation(Y, b=b, eta=eta, max_epochs=30, record=True)
    before = np.zeros(Y.shape[1])
    for after in res.history_:
        dist_before = np.linalg.norm(before - a_star)
        dist_after = np.linalg.norm(after - a_star)
        assert dist_after <= dist_before * (1 + 1e-12) + 1e-12
        before = after
    if res.converged_:
        # each score as the procedure computes it (one dot per row): with eta = 1 a step
        # lands on a.y = b, and a gemv's other summation order put one at exactly b where
        # the row's dot gave b + 5.6e-17 (a Hypothesis draw, b = 0.25)
        assert all(float(y @ res.a_) > b for y in Y)


def test_single_sample_step_lands_the_printed_fraction_of_the_way():
    Y = np.array([[1.0, 2.0, 1.0], [-2.0, 1.0, -1.0]])
    for eta in (0.5, 1.0, 1.5):
        res = single_sample_relaxation(Y, b=2.0, eta=eta, max_epochs=1, record=True)
        a1 = res.history_[0]
        assert a1 @ Y[0] == pytest.approx((1 - eta) * 0.0 + eta * 2.0, rel=1e-15)
        # eta = 1 lands exactly on a.y = b, still a "mistake" under the printed a.y <= b
    assert not single_sample_relaxation(Y, b=2.0, eta=1.0, max_epochs=1).converged_


@given(data=separable_with_margin(), eta=st.sampled_from([0.5, 1.0, 1.5]))
def test_batch_relaxation_is_a_gradient_step_on_jr(data, eta):
    Y = data[0]
    res = batch_relaxation(Y, b=1.0, eta=eta, max_iter=20, record=True)
    before = np.zeros(Y.shape[1])
    for after in res.history_:
        expected = before - eta * relaxation_gradient_r(before, Y, b=1.0)
        assert np.allclose(after, expected, rtol=1e-13, atol=1e-13 * (1 + np.abs(after).max()))
        before = after
    if res.converged_:
        assert np.all(Y @ res.a_ > 1.0)


@given(Y=non_separable(), limit=st.integers(1, 30), eta=st.sampled_from([0.5, 1.0, 1.5]))
def test_non_separable_ends_unconverged_at_the_limit(Y, limit, eta):
    res = single_sample_relaxation(Y, b=1.0, eta=eta, max_epochs=limit)
    # it runs to the limit, or stops early where an epoch ended where it began (stalled_):
    # the same epoch would repeat forever
    assert not res.converged_ and np.all(np.isfinite(res.a_))
    assert res.n_iter_ == limit or (res.stalled_ and res.n_iter_ < limit)
    res = batch_relaxation(Y, b=1.0, eta=eta, max_iter=limit)
    assert not res.converged_ and res.n_iter_ == limit and np.all(np.isfinite(res.a_))


# --- bad input ---------------------------------------------------------------------------

GOOD = np.array([[1.0, 2.0], [-1.0, 1.0]])


@pytest.mark.parametrize("call", [
    lambda **kw: single_sample_relaxation(GOOD, **kw),
    lambda **kw: batch_relaxation(GOOD, **kw),
])
@pytest.mark.parametrize("kwargs, error, words", [
    ({"b": 0.0}, InvalidInput, "b is the margin"),
    ({"b": np.nan}, NonFiniteInput, "b must be finite"),
    ({"b": 1.0, "eta": 0.0}, InvalidInput, "eta must be > 0"),
    ({"b": 1.0, "eta": 2j}, InvalidInput, "eta must be real"),
    ({"b": 1.0, "a0": [1.0]}, ShapeMismatch, "a0 must have length 2"),
])
def test_bad_options(call, kwargs, error, words):
    with pytest.raises(error, match=words):
        call(**kwargs)


@pytest.mark.parametrize("fn", [
    lambda Y: single_sample_relaxation(Y, b=1.0), lambda Y: batch_relaxation(Y, b=1.0),
    lambda Y: relaxation_criterion_r([0.0, 0.0], Y, b=1.0),
    lambda Y: relaxation_gradient_q([0.0, 0.0], Y),
])
@pytest.mark.parametrize("Y, words", [
    (np.array([[1.0, np.inf], [0.0, 1.0]]), "Y must contain only finite"),
    (np.array([[1.0, 1j], [0.0, 1.0]]), "Y must be real"),
    (np.array([1.0, 2.0]), "Y must be a 2-D array"),
])
def test_bad_samples(fn, Y, words):
    with pytest.raises(InvalidInput, match=words):
        fn(Y)


def test_zero_rows_are_refused_where_norms_divide():
    with pytest.raises(InvalidInput, match="zero row"):
        relaxation_criterion_r([1.0, 1.0], np.array([[0.0, 0.0], [1.0, 1.0]]), b=1.0)
    with pytest.raises(InvalidInput, match="b is the margin"):
        relaxation_gradient_r([1.0, 1.0], GOOD, b=-1.0)


def test_callback_stops_and_sees_each_correction():
    Y = np.array([[1.0, 0.0], [-1.0, 0.0], [0.5, 1.0]])  # non-separable: corrections never end
    seen = []
    res = single_sample_relaxation(Y, b=1.0, max_epochs=50,
                                   callback=lambda k, a: seen.append(k) or k == 5)
    assert seen == [1, 2, 3, 4, 5] and res.n_updates_ == 5 and not res.converged_
    res = batch_relaxation(Y, b=1.0, max_iter=50, callback=lambda k, a: k == 2)
    assert res.n_iter_ == 2 and not res.converged_


def test_an_epoch_that_ends_where_it_began_stops_the_run_as_stalled():
    """y and −y with η = 1 (a cycle of one epoch) repeat the same epoch forever: the run stops
    after it, unconverged and stalled, instead of spinning to max_epochs."""
    Y = np.array([[0.0, -1.0], [0.0, 1.0], [0.0, -1.0]])
    res = single_sample_relaxation(Y, b=1.0, eta=1.0, max_epochs=1000)
    assert res.stalled_ and not res.converged_ and res.n_iter_ <= 2
    again = single_sample_relaxation(Y, b=1.0, eta=1.0, a0=res.a_, max_epochs=1)
    assert np.array_equal(again.a_, res.a_) and again.n_updates_ > 0  # the epoch repeats
