"""Tests of numerics.ho_kashyap (udelar2018 "Algoritmo de Ho-Kashyap"; Duda-Hart-Stork §5.9,
Algorithm 11): its verdict against the LP of numerics.separability, its proofs checked here
independently, each step against the printed lines, and a clean stop on non-separable data."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, note, reject
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from numerics.errors import InvalidInput, NonFiniteInput, ShapeMismatch
from numerics.geometry import normalize_samples
from numerics.ho_kashyap import ho_kashyap
from numerics.separability import SeparabilityUndecidedError, linear_separability
from tests.numerics.test_perceptron import (
    labelled_integer_data,
    non_separable,
    separable_with_margin,
    small_ints,
)
from tests.strategies.geometry import intersecting_hull_datasets

EPS = float(np.finfo(np.float64).eps)


@given(data=labelled_integer_data(max_samples=14, max_dim=3))
def test_verdict_agrees_with_the_lp_and_each_proof_checks(data):
    X, t = data
    try:
        lp = linear_separability(X, t)
    except SeparabilityUndecidedError:
        reject()  # the reference itself could not decide: no evidence either way
    Y = normalize_samples(X, t)
    # Steps grow as the margin shrinks, with no bound in terms of the data's size: a case with
    # 13 samples in [-4, 4]^3 (separator (-52, -34, 24) . x - 185) needs 50813 (Hypothesis).
    res = ho_kashyap(Y, max_iter=200_000)
    note(f"LP separable {lp.separable_}; Ho-Kashyap {res.separable_} after {res.n_iter_} steps")
    assert res.separable_ is lp.separable_
    if res.separable_:
        assert res.converged_ and np.all(Y @ res.a_ > 0) and res.certificate_ is None
        w, bias = res.a_[:-1], res.a_[-1]
        assert np.all(t * (X @ w + bias) > 0)
    else:
        c = res.certificate_
        assert not res.converged_
        assert np.all(c >= 0) and abs(c.sum() - 1) <= 4 * c.size * EPS
        # Gordan: sum c_n y_n = 0 to rounding, so a^T (sum c_n y_n) = 0 for every a, while a
        # separating a would make it > 0. In the caller's terms: a common point of the hulls.
        gap = np.abs(Y.T @ c)
        assert np.all(gap <= 4 * (Y.shape[0] + 2) * EPS * (np.abs(Y).T @ c))
        assert res.certificate_residual_ == gap.max()
        pos, neg = c * (t > 0), c * (t < 0)
        assert abs(pos.sum() - 0.5) <= 1e-12 and abs(neg.sum() - 0.5) <= 1e-12
        common = X.T @ pos / pos.sum()
        assert np.allclose(common, X.T @ neg / neg.sum(), rtol=0,
                           atol=1e-12 * (1 + np.abs(X).max()))


@given(data=separable_with_margin(max_samples=12, max_dim=4),
       eta=st.sampled_from([0.1, 0.5, 0.9]))
def test_each_step_is_the_printed_one(data, eta):
    Y = data[0]
    res = ho_kashyap(Y, eta=eta, max_iter=40, record=True, stop_at_separating=False)
    pinv = np.linalg.pinv(Y)
    a, b = pinv @ np.ones(Y.shape[0]), np.ones(Y.shape[0])
    scale = 1 + np.abs(Y).max() * np.linalg.norm(pinv, 2) * np.abs(b).max()
    for a_next, b_next in res.history_:
        e = Y @ a - b
        e_plus = 0.5 * (e + np.abs(e))
        assert np.all(b_next >= b)  # b never decreases
        assert np.allclose(b_next, b + 2 * eta * e_plus, rtol=1e-10, atol=1e-10 * scale)
        assert np.allclose(a_next, pinv @ b_next, rtol=1e-9, atol=1e-9 * scale)
        a, b = a_next, b_next


@given(data=separable_with_margin(max_samples=12, max_dim=4))
def test_printed_stopping_test_gives_y_a_close_to_b(data):
    Y = data[0]
    res = ho_kashyap(Y, b_min=1e-8, max_iter=100_000, stop_at_separating=False)
    assert res.converged_ and res.separable_
    assert np.all(np.abs(res.e_) <= 1e-8) and np.all(Y @ res.a_ > 0)


@given(Y=non_separable(), limit=st.integers(1, 200))
def test_non_separable_never_converges_and_stops_cleanly(Y, limit):
    res = ho_kashyap(Y, max_iter=limit)
    assert not res.converged_ and res.n_iter_ <= limit
    assert res.separable_ in (False, None) and np.all(np.isfinite(res.a_))
    assert np.all(np.isfinite(res.b_)) and np.all(res.b_ >= 1.0)
    if res.separable_ is None:
        assert res.certificate_ is None


def test_detects_the_xor_configuration():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    t = np.array([1.0, 1.0, -1.0, -1.0])
    res = ho_kashyap(normalize_samples(X, t))
    assert res.separable_ is False and not res.converged_
    assert np.allclose(res.certificate_, 0.25)


# The reported case: at scale 2^-4 (only) the certificate check once failed and the run
# ended undecided after one step, while at scales 1 and 16 it returned a certificate.
REPORTED_X = np.array([[0.0, 0.0], [0.0, 0.0], [1.0, 0.0], [-1.0, 0.0], [0.0, 1.0]])
REPORTED_T = np.array([1.0, 1.0, -1.0, -1.0, -1.0])


@st.composite
def separable_integer_data(draw, *, max_samples: int = 12, max_dim: int = 3):
    """``(X, t)``: integer points labelled by the sign of w^T x + 1/2 (both classes present)."""
    n = draw(st.integers(2, max_samples))
    d = draw(st.integers(1, max_dim))
    X = draw(hnp.arrays(np.float64, (n, d), elements=small_ints))
    w = draw(hnp.arrays(np.float64, d, elements=small_ints))
    t = np.where(X @ w + 0.5 > 0, 1.0, -1.0)
    if np.all(t == t[0]):
        reject()
    return X, t


def _intersecting(data):
    X, t, _p = data
    return X, t


scaled_data = st.one_of(
    st.just((REPORTED_X, REPORTED_T)),
    intersecting_hull_datasets(max_dim=3, max_extra=4).map(_intersecting),
    separable_integer_data(),
    labelled_integer_data(max_samples=10, max_dim=3),
)


@given(data=scaled_data, k=st.integers(-20, 20))
@example(data=(REPORTED_X, REPORTED_T), k=-4)
def test_verdict_and_certificate_support_do_not_depend_on_the_data_scale(data, k):
    X, t = data
    base = ho_kashyap(normalize_samples(X, t), max_iter=2000)
    Y = normalize_samples(X * 2.0**k, t)  # exact: a power of two
    res = ho_kashyap(Y, max_iter=2000)
    note(f"k=0: {base.separable_} after {base.n_iter_}; k={k}: {res.separable_} after {res.n_iter_}")
    assert res.separable_ is base.separable_
    assert res.n_iter_ == base.n_iter_ and res.converged_ == base.converged_
    if base.certificate_ is None:
        assert res.certificate_ is None
    else:
        assert np.array_equal(res.certificate_ > 0, base.certificate_ > 0)
        assert np.all(np.abs(Y.T @ res.certificate_)
                      <= 4 * (Y.shape[0] + 2) * EPS * (np.abs(Y).T @ res.certificate_))
    if res.separable_:
        assert np.all(Y @ res.a_ > 0)
    if np.linalg.matrix_rank(Y) == Y.shape[1]:  # a = Y^+ b, with Y^+ scaled exactly
        assert np.array_equal(res.b_, base.b_) and np.array_equal(res.e_, base.e_)
        assert np.array_equal(res.a_[:-1] * 2.0**k, base.a_[:-1])
        assert np.array_equal(res.a_[-1], base.a_[-1])


def test_the_reported_case_gives_a_certificate_at_every_scale():
    for k in (-4, 0, 4):
        res = ho_kashyap(normalize_samples(REPORTED_X * 2.0**k, REPORTED_T))
        assert res.separable_ is False and res.certificate_ is not None and res.n_iter_ == 1
        assert res.certificate_[4] == 0  # the lone (0, 1) cannot be balanced


def test_touching_hulls_give_a_certificate_before_e_plus_is_small():
    """The hulls meet only at 0: e^+ -> 0 slowly (still ~2e-6 after 20000 steps), but the
    refinement on the support of e^- finds sum c_n y_n = 0 at once (found by Hypothesis)."""
    X = np.array([[0.0, 5, -4], [0, -5, 4], [4, 3, -5], [3, -1, -1], [-3, 1, 1], [0, 0, 6]])
    t = np.array([1.0, 1, 1, -1, -1, -1])
    res = ho_kashyap(normalize_samples(X, t), max_iter=20_000)
    assert res.separable_ is False and np.array_equal(res.certificate_ > 0, [1, 1, 0, 1, 1, 0])


def test_an_entry_of_e_negative_only_by_rounding_is_left_out_of_the_certificate():
    """0 is in both classes. The run reaches a fixed point with e = (-2.6e-16, -1, -1, 0)
    (Hypothesis): e_0 < 0 only by rounding, and on the support {0, 1, 2} NNLS gave y_0 a
    weight 9e-16, which Y^T c = 0 cannot absorb (y_0 alone has a nonzero first coordinate)."""
    X = np.array([[1.0], [0.0], [0.0], [2.0]])
    t = np.array([-1.0, 1.0, -1.0, -1.0])
    res = ho_kashyap(normalize_samples(X, t), max_iter=50_000)
    assert res.separable_ is False and np.array_equal(res.certificate_ > 0, [0, 1, 1, 0])
    assert np.all(np.abs(res.certificate_[1:3] - 0.5) <= 2 * EPS)


def test_nnls_noise_weights_are_dropped_from_the_certificate():
    """(0, 0) in both classes. NNLS gave the row (0, 1, 1) a weight 1.3e-15 that Y^T c = 0
    cannot absorb, and the run ended undecided at a fixed point after 753 steps (Hypothesis);
    re-solved without that row, c = (e_0 + e_4) / 2."""
    X = np.array([[0.0, 0], [1, 0], [3, 0], [1, 4], [0, 0], [0, 0], [0, 0], [0, 0], [0, 1], [0, 2]])
    t = np.array([1.0, -1, 1, 1, -1, 1, 1, 1, 1, 1])
    Y = normalize_samples(X, t)
    res = ho_kashyap(Y, max_iter=50_000)
    assert res.separable_ is False
    # No noise weight left: a small support whose weights, as exact fractions, give Yᵀc = 0
    # exactly. Two are minimal here — (0, 0) in both classes (rows 0, 4), and (1, 0) of class
    # −1 between (0, 0) and (3, 0) of class +1 (rows 0, 1, 2); which one SciPy's NNLS lands
    # on depends on its version (1.17 finds the second).
    support = np.flatnonzero(res.certificate_).tolist()
    assert support in ([0, 4], [0, 1, 2])
    c = [Fraction(float(res.certificate_[i])).limit_denominator(100) for i in support]
    assert all(v > 0 for v in c)
    assert all(sum(ci * Fraction(float(Y[i, j])) for ci, i in zip(c, support)) == 0
               for j in range(Y.shape[1]))


GOOD = np.array([[1.0, 2.0], [-1.0, 1.0]])


@pytest.mark.parametrize("kwargs, error, words", [
    ({"eta": 0.0}, InvalidInput, "eta must be > 0"),
    ({"eta": -0.5}, InvalidInput, "eta must be > 0"),
    ({"eta": 0.5j}, InvalidInput, "eta must be real"),
    ({"b0": [1.0, 0.0]}, InvalidInput, "b0 must be > 0"),
    ({"b0": [1.0, 1.0, 1.0]}, ShapeMismatch, "b0 must have length 2"),
    ({"b0": [1.0, np.nan]}, NonFiniteInput, "b0"),
    ({"b_min": 0.0}, InvalidInput, "b_min must be > 0"),
    ({"max_iter": 0}, InvalidInput, "max_iter must be a positive integer"),
    ({"callback": "no"}, InvalidInput, "callback"),
])
def test_bad_options(kwargs, error, words):
    with pytest.raises(error, match=words):
        ho_kashyap(GOOD, **kwargs)


@pytest.mark.parametrize("Y, words", [
    (np.array([[1.0, np.nan], [0.0, 1.0]]), "Y must contain only finite"),
    (np.array([[1.0, 1j], [0.0, 1.0]]), "Y must be real"),
    (np.array([1.0, 2.0]), "Y must be a 2-D array"),
])
def test_bad_samples(Y, words):
    with pytest.raises(InvalidInput, match=words):
        ho_kashyap(Y)


def test_callback_and_variable_rate():
    Y = np.array([[1.0, 1.0], [2.0, 1.0], [-1.0, -3.0]])  # separable (a = (2, -1)), not at once
    rates, seen = [], []

    def eta(k):
        rates.append(k)
        return 0.5 / k

    res = ho_kashyap(Y, eta=eta, max_iter=3, stop_at_separating=False,
                     callback=lambda k, a: seen.append(k) or False)
    assert rates[:len(seen)] == seen and res.n_iter_ <= 3
    stop = ho_kashyap(Y, max_iter=100, stop_at_separating=False, callback=lambda k, a: True)
    assert stop.n_iter_ <= 1
