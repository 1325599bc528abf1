"""Tests of numerics.sigmoid: the stable sigmoid and softmax, and the two-class and K-class
cross-entropy with its gradient and Hessian (Bishop PRML §4.3.2-§4.3.4).

References: mpmath at 60 digits for the elementwise functions; a five-point stencil of the
loss for the gradient and the least-squares slope of the gradient along random directions
for the Hessian (as scikit-learn's test_linear_loss.py); numerics.logistic's IRLS fit, at
whose weights the gradient must vanish.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from numerics.errors import InvalidInput, NonFiniteInput, ShapeMismatch
from numerics.logistic import fit_logistic_regression
from numerics.sigmoid import (
    log_sigmoid,
    log_softmax,
    logistic_gradient,
    logistic_hessian,
    logistic_loss,
    sigmoid,
    softmax,
    softmax_gradient,
    softmax_hessian,
    softmax_loss,
)

EPS = np.finfo(np.float64).eps
# Derivative checks by differences: truncation O(h^4) plus rounding O(eps |E| / h).
DERIVATIVE_RTOL = 1e-6

seeds = st.integers(0, 2**32 - 1)


def _problem(seed: int, n: int = 30, d: int = 3, k: int = 1, scale: float = 1.0):
    """Data X (n, d), weights (d,) or (k, d), targets: {0, 1} for k = 1, 1-of-K otherwise."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    if k == 1:
        return X, scale * rng.standard_normal(d), (rng.random(n) < 0.5).astype(float)
    return X, scale * rng.standard_normal((k, d)), np.eye(k)[rng.integers(0, k, n)]


def _stencil(f, x: np.ndarray, h: float) -> np.ndarray:
    """The gradient of scalar f at x by the five-point central difference, entry by entry."""
    g = np.empty_like(x)
    for i in np.ndindex(x.shape):
        e = np.zeros_like(x)
        e[i] = h
        g[i] = (f(x - 2 * e) - 8 * f(x - e) + 8 * f(x + e) - f(x + 2 * e)) / (12 * h)
    return g


def _slope(grad, x: np.ndarray, direction: np.ndarray, h: float = 1e-5) -> np.ndarray:
    """d/ds grad(x + s direction) at s = 0: the least-squares slope over 9 points."""
    s = h * np.arange(-4, 5)
    G = np.stack([grad(x + si * direction).ravel() for si in s])
    return (s @ (G - G.mean(axis=0))) / (s @ s)


# --- the elementwise functions --------------------------------------------------------------


def test_no_overflow_or_nan_at_plus_minus_1000():
    a = np.array([-1000.0, -745.0, -1.0, 0.0, 1.0, 745.0, 1000.0])
    with np.errstate(over="raise", invalid="raise", divide="raise"):  # underflow to 0 is exact enough
        s, ls = sigmoid(a), log_sigmoid(a)
        sm, lsm = softmax(np.array([1000.0, 0.0, -1000.0])), log_softmax(np.array([1000.0, 0.0, -1000.0]))
    assert np.all(np.isfinite(s)) and np.all(np.isfinite(ls))
    assert sigmoid(1000.0) == 1.0 and sigmoid(-1000.0) == 0.0 and sigmoid(0.0) == 0.5
    assert log_sigmoid(-1000.0) == -1000.0 and log_sigmoid(1000.0) == 0.0
    assert np.array_equal(sm, [1.0, 0.0, 0.0])
    assert np.array_equal(lsm, [0.0, -1000.0, -2000.0])


def test_infinite_activations_saturate_and_nan_is_refused():
    assert sigmoid(np.inf) == 1.0 and sigmoid(-np.inf) == 0.0
    assert log_sigmoid(np.inf) == 0.0
    with pytest.raises(NonFiniteInput, match="NaN"):
        sigmoid([0.0, np.nan])
    with pytest.raises(NonFiniteInput, match="NaN"):
        softmax([[0.0, np.nan]])


@pytest.mark.parametrize("a", [-800.0, -40.0, -3.5, -1e-9, 0.0, 2e-8, 0.75, 17.0, 36.0, 700.0])
def test_sigmoid_and_log_sigmoid_match_60_digits(a):
    mpmath.mp.dps = 60
    exact = 1 / (1 + mpmath.exp(-mpmath.mpf(a)))
    assert abs(sigmoid(a) - float(exact)) <= 4 * EPS * float(exact)
    log_exact = float(-mpmath.log1p(mpmath.exp(-mpmath.mpf(a))))
    assert abs(log_sigmoid(a) - log_exact) <= 4 * EPS * max(abs(log_exact), np.finfo(float).tiny)


@given(st.floats(-700, 700))
def test_sigmoid_symmetry_and_logit(a):
    assert sigmoid(-a) == pytest.approx(1 - sigmoid(a), abs=2 * EPS)
    assert log_sigmoid(a) - log_sigmoid(-a) == pytest.approx(a, rel=4 * EPS, abs=4 * EPS)


@given(seeds, st.floats(-500, 500))
def test_softmax_is_invariant_to_adding_one_constant(seed, c):
    a = np.random.default_rng(seed).normal(scale=30, size=(4, 5))
    np.testing.assert_allclose(softmax(a + c, axis=1), softmax(a, axis=1), rtol=1e-12, atol=1e-300)
    np.testing.assert_allclose(np.exp(log_softmax(a, axis=1)), softmax(a, axis=1), rtol=1e-12)
    np.testing.assert_allclose(softmax(a, axis=1).sum(axis=1), 1.0, rtol=4 * EPS)


@given(st.floats(-700, 700), st.floats(-700, 700))
def test_two_class_softmax_is_the_sigmoid_of_the_difference(a1, a2):
    assert softmax(np.array([a1, a2]))[0] == pytest.approx(sigmoid(a1 - a2), rel=1e-12, abs=1e-300)


# --- two classes: loss, gradient, Hessian ---------------------------------------------------


@given(seeds)
def test_logistic_gradient_is_the_five_point_stencil_of_the_loss(seed):
    X, w, t = _problem(seed)
    numeric = _stencil(lambda v: logistic_loss(v, X, t), w, 1e-3)
    np.testing.assert_allclose(logistic_gradient(w, X, t), numeric, rtol=DERIVATIVE_RTOL, atol=1e-8)


@given(seeds)
def test_logistic_hessian_is_the_slope_of_the_gradient(seed):
    X, w, t = _problem(seed)
    u = np.random.default_rng(seed + 1).standard_normal(w.shape)
    slope = _slope(lambda v: logistic_gradient(v, X, t), w, u)
    np.testing.assert_allclose(logistic_hessian(w, X) @ u, slope, rtol=DERIVATIVE_RTOL, atol=1e-8)


@given(seeds, st.floats(0.1, 50))
def test_logistic_hessian_is_positive_semidefinite(seed, scale):
    X, w, _ = _problem(seed, n=4, d=6, scale=scale)     # fewer samples than features: singular
    H = logistic_hessian(w, X)
    eig = np.linalg.eigvalsh(H)
    note(f"eigenvalues {eig}")
    assert eig.min() >= -64 * EPS * max(eig.max(), EPS)
    assert np.allclose(H, H.T)


def test_logistic_loss_is_finite_where_the_sigmoid_saturates():
    X = np.array([[1.0], [-1.0]])
    t = np.array([0.0, 1.0])                      # both samples badly wrong at w = 1000
    assert logistic_loss([1000.0], X, t) == pytest.approx(2000.0, rel=1e-15)
    assert np.array_equal(logistic_gradient([1000.0], X, t), [2.0])
    assert np.all(np.isfinite(logistic_hessian([1000.0], X)))


@given(seeds)
def test_one_irls_step_is_one_newton_step(seed):
    X, w, t = _problem(seed, n=40)
    y = sigmoid(X @ w)
    r = y * (1 - y)
    z = X @ w - (y - t) / r
    irls = np.linalg.solve(X.T @ (r[:, None] * X), X.T @ (r * z))
    newton = w - np.linalg.solve(logistic_hessian(w, X), logistic_gradient(w, X, t))
    np.testing.assert_allclose(irls, newton, rtol=1e-8, atol=1e-10)


def test_the_gradient_vanishes_at_the_irls_fit():
    X, _, _ = _problem(3, n=200, d=3)
    rng = np.random.default_rng(4)
    t = (rng.random(200) < sigmoid(X @ np.array([1.0, -2.0, 0.5]) + 0.3)).astype(float)
    fit = fit_logistic_regression(X, t)
    Xt = np.hstack([X, np.ones((200, 1))])
    wt = np.append(fit.coef_, fit.intercept_)
    g = logistic_gradient(wt, Xt, t)
    assert np.max(np.abs(g)) <= 1e-8 * np.abs(Xt).sum()


# --- K classes ------------------------------------------------------------------------------


@given(seeds, st.integers(2, 4))
def test_softmax_gradient_is_the_five_point_stencil_of_the_loss(seed, k):
    X, W, T = _problem(seed, k=k)
    numeric = _stencil(lambda V: softmax_loss(V, X, T), W, 1e-3)
    np.testing.assert_allclose(softmax_gradient(W, X, T), numeric, rtol=DERIVATIVE_RTOL, atol=1e-8)


@given(seeds, st.integers(2, 4))
def test_softmax_hessian_is_the_slope_of_the_gradient(seed, k):
    X, W, T = _problem(seed, k=k)
    U = np.random.default_rng(seed + 1).standard_normal(W.shape)
    slope = _slope(lambda V: softmax_gradient(V.reshape(W.shape), X, T), W, U)
    np.testing.assert_allclose(softmax_hessian(W, X) @ U.ravel(), slope, rtol=DERIVATIVE_RTOL, atol=1e-8)


@given(seeds, st.integers(2, 4))
def test_softmax_hessian_is_psd_and_singular_along_the_shift(seed, k):
    X, W, _ = _problem(seed, k=k)
    H = softmax_hessian(W, X)
    eig = np.linalg.eigvalsh(H)
    assert eig.min() >= -64 * EPS * eig.max()
    v = np.random.default_rng(seed).standard_normal(X.shape[1])
    assert np.max(np.abs(H @ np.tile(v, k))) <= 64 * EPS * np.abs(H).sum() * np.abs(v).max()


@given(seeds)
def test_two_class_softmax_model_is_the_logistic_model(seed):
    X, w, t = _problem(seed)
    W = np.vstack([w, np.zeros_like(w)])
    T = np.column_stack([t, 1 - t])
    assert softmax_loss(W, X, T) == pytest.approx(logistic_loss(w, X, t), rel=1e-12)
    np.testing.assert_allclose(softmax_gradient(W, X, T)[0], logistic_gradient(w, X, t), rtol=1e-10, atol=1e-12)
    d = X.shape[1]
    np.testing.assert_allclose(softmax_hessian(W, X)[:d, :d], logistic_hessian(w, X), rtol=1e-10, atol=1e-12)


def test_softmax_loss_is_finite_at_activations_of_1000():
    X = np.array([[1.0, 0.0]])
    W = np.array([[1000.0, 0.0], [-1000.0, 0.0], [0.0, 0.0]])
    assert softmax_loss(W, X, np.array([[0.0, 1.0, 0.0]])) == pytest.approx(2000.0, rel=1e-15)
    assert np.all(np.isfinite(softmax_hessian(W, X)))


# --- errors name the fix ---------------------------------------------------------------------


def test_targets_outside_zero_one_name_the_fix():
    X, w, _ = _problem(0, n=3)
    with pytest.raises(InvalidInput, match=r"\(t \+ 1\) / 2"):
        logistic_loss(w, X, [-1.0, 1.0, 1.0])


def test_weights_in_columns_name_the_transpose():
    X, W, T = _problem(0, n=3, d=2, k=3)
    with pytest.raises(ShapeMismatch, match="pass W.T"):
        softmax_gradient(W.T, X, T)
    with pytest.raises(InvalidInput, match="1-of-K"):
        softmax_loss(W, X, 2 * T)
    with pytest.raises(ShapeMismatch, match=r"\(N, K\)"):
        softmax_loss(W, X, T[:, :2])


def test_gradient_and_hessian_at_weights_near_the_float_limit_are_exact():
    """w = (1e308, −1e308): x_1 = (2, 2) has a_1 = 0 exactly, but X @ w forms 2e308 − 2e308 =
    inf − inf. The gradient X^T (y − t) and the Hessian X^T R X at the true activations
    (σ(0) = 1/2 for the first sample, saturated elsewhere) are exact small numbers; the old
    X @ w gave the gradient (−3, −5) and the Hessian 0."""
    X = np.array([[2.0, 2.0], [3.0, 1.0], [-2.0, -1.0], [-1.0, -3.0]])
    t = np.array([1.0, 1.0, 0.0, 0.0])
    w = np.array([1e308, -1e308])
    # a = (0, +inf, -inf, +inf): y = (1/2, 1, 0, 1), y - t = (-1/2, 0, 0, 1)
    np.testing.assert_array_equal(logistic_gradient(w, X, t), [-2.0, -4.0])
    np.testing.assert_array_equal(logistic_hessian(w, X), [[1.0, 1.0], [1.0, 1.0]])
    # the same data as K = 2 classes with w_1 = w, w_2 = 0: rows a_n = (X w, 0)
    W = np.vstack([w, np.zeros(2)])
    T = np.column_stack([t, 1.0 - t])
    G = softmax_gradient(W, X, T)
    np.testing.assert_array_equal(G[0], [-2.0, -4.0])
    np.testing.assert_array_equal(G[1], [2.0, 4.0])
    assert np.all(np.isfinite(softmax_hessian(W, X)))
    assert softmax_loss(W, X, T) == np.inf  # sample 4 has t = 0 on class 1 and a = +inf there


def test_log_softmax_at_infinite_activations_is_the_limit():
    """ln softmax([inf, 0]) = [0, -inf] and ln softmax([inf, inf, 0]) = [ln 1/2, ln 1/2, -inf]
    (the old log-sum-exp gave inf - inf = NaN); an all -inf row is refused as softmax's is."""
    np.testing.assert_array_equal(log_softmax([np.inf, 0.0]), [0.0, -np.inf])
    np.testing.assert_array_equal(log_softmax([[np.inf, np.inf, 0.0], [0.0, 0.0, 0.0]]),
                                  [[np.log(0.5), np.log(0.5), -np.inf], [-np.log(3.0)] * 3])
    with pytest.raises(NonFiniteInput, match="all -inf"):
        log_softmax([-np.inf, -np.inf])
