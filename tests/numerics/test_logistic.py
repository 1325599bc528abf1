"""Tests of numerics.logistic: two-class logistic and K-class softmax regression by IRLS
(Bishop PRML §4.3.3-§4.3.4).

Peers: scikit-learn's LogisticRegression where the objectives coincide (C = inf for
alpha = 0, C = 1/alpha otherwise; newton-cholesky at tol 1e-12). Independently of any
peer: the returned weights make the gradient of the objective vanish, computed here from
its definition X~^T (P - T) + alpha [w; 0].
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy.special import logsumexp, softmax
from sklearn.linear_model import LogisticRegression

from numerics import _reductions
from numerics.errors import (
    ConvergenceError,
    InvalidInput,
    LabelError,
    NonFiniteInput,
    PerfectSeparationError,
    ShapeMismatch,
    SingularMatrixError,
)
from numerics.logistic import (
    LogisticRegressionFit,
    SoftmaxRegressionFit,
    decision_function,
    fit_logistic_regression,
    fit_softmax_regression,
    predict,
    predict_proba,
)
from tests.numerics.chunked_strategies import overlapping_datasets

# Agreement with scikit-learn: both stop near the optimum, scikit-learn by its own test.
_PEER_TOLERANCE = 1e-7


def _sampled(n, d, k, seed, *, scale=1.0):
    """Labels drawn from a softmax model with random weights: overlapping classes."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    W, b = scale * rng.standard_normal((k, d)), rng.standard_normal(k)
    P = softmax(X @ W.T + b, axis=1)
    y = (P.cumsum(axis=1) < rng.random((n, 1))).sum(axis=1)
    return X, y


def _peer(X, y, alpha):
    C = np.inf if alpha == 0 else 1.0 / alpha
    return LogisticRegression(C=C, solver="newton-cholesky", tol=1e-12, max_iter=1000).fit(X, y)


def _gradient(model, X, y, alpha):
    """The gradient of the penalised negative log-likelihood at the model, per class."""
    proba = predict_proba(model, X)
    targets = (y[:, None] == model.classes_).astype(float)
    residual = proba - targets
    augmented = np.column_stack([X, np.ones(X.shape[0])])
    if isinstance(model, LogisticRegressionFit):
        return augmented.T @ residual[:, 1] + alpha * np.append(model.coef_, 0.0)
    weights = np.vstack([model.coef_.T, np.zeros(len(model.classes_))])
    return augmented.T @ residual + alpha * weights


@pytest.mark.parametrize("alpha", [0.0, 0.1, 10.0])
def test_two_class_fit_equals_scikit_learn(alpha):
    X, y = _sampled(600, 4, 2, seed=0)
    fit, peer = fit_logistic_regression(X, y, alpha=alpha), _peer(X, y, alpha)
    np.testing.assert_allclose(fit.coef_, peer.coef_[0], rtol=_PEER_TOLERANCE, atol=1e-9)
    np.testing.assert_allclose(fit.intercept_, peer.intercept_[0], rtol=_PEER_TOLERANCE, atol=1e-9)
    np.testing.assert_allclose(predict_proba(fit, X), peer.predict_proba(X), atol=1e-9)
    np.testing.assert_array_equal(predict(fit, X), peer.predict(X))


@pytest.mark.parametrize("alpha", [0.0, 1.0])
@pytest.mark.parametrize("k", [3, 5])
def test_softmax_fit_equals_scikit_learn_in_the_symmetric_form(k, alpha):
    X, y = _sampled(900, 3, k, seed=k)
    fit, peer = fit_softmax_regression(X, y, alpha=alpha), _peer(X, y, alpha)
    np.testing.assert_allclose(fit.coef_, peer.coef_, rtol=_PEER_TOLERANCE, atol=1e-9)
    np.testing.assert_allclose(fit.intercept_, peer.intercept_, rtol=_PEER_TOLERANCE, atol=1e-9)
    np.testing.assert_allclose(fit.coef_.sum(axis=0), 0.0, atol=1e-12)
    np.testing.assert_allclose(fit.intercept_.sum(), 0.0, atol=1e-12)
    np.testing.assert_allclose(predict_proba(fit, X), peer.predict_proba(X), atol=1e-9)


@given(overlapping_datasets(n_classes=st.integers(2, 4)), st.sampled_from([0.0, 0.5]))
def test_the_gradient_vanishes_at_the_returned_weights(data, alpha):
    binary = len(data.classes) == 2
    fit = (fit_logistic_regression if binary else fit_softmax_regression)(
        data.X, data.y, alpha=alpha)
    size = np.abs(data.X).sum() + data.X.shape[0]  # sum_n ||x~_n||_1 bounds each |gradient|
    gradient = _gradient(fit, data.X, data.y, alpha)
    assert np.max(np.abs(gradient)) <= 1e-10 * size, gradient


def test_two_class_softmax_is_half_the_logistic_weights():
    X, y = _sampled(400, 3, 2, seed=7)
    two, k2 = fit_logistic_regression(X, y), fit_softmax_regression(X, y)
    np.testing.assert_allclose(k2.coef_[1], two.coef_ / 2, rtol=1e-10)
    np.testing.assert_allclose(k2.coef_[0], -two.coef_ / 2, rtol=1e-10)
    np.testing.assert_allclose(k2.intercept_[1] - k2.intercept_[0], two.intercept_, rtol=1e-10)


def test_rescaling_a_feature_rescales_its_weight_inversely():
    X, y = _sampled(500, 3, 3, seed=8)
    fit = fit_softmax_regression(X, y)
    scaled = fit_softmax_regression(X * [1.0, 1e4, 1e-3], y)
    np.testing.assert_allclose(scaled.coef_ * [1.0, 1e4, 1e-3], fit.coef_, rtol=1e-9)
    np.testing.assert_allclose(scaled.intercept_, fit.intercept_, rtol=1e-9, atol=1e-12)


def test_labels_of_any_type_come_back_as_classes():
    X, y = _sampled(300, 2, 3, seed=9)
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    fit = fit_softmax_regression(X, names)
    np.testing.assert_array_equal(fit.classes_, ["setosa", "versicolor", "virginica"])
    assert set(predict(fit, X)) <= set(fit.classes_)
    np.testing.assert_allclose(predict_proba(fit, X).sum(axis=1), 1.0)
    assert decision_function(fit, X).shape == (300, 3)
    assert isinstance(fit, SoftmaxRegressionFit) and fit.n_features_in_ == 2


def test_options_are_keyword_only():
    X, y = _sampled(50, 2, 2, seed=10)
    with pytest.raises(TypeError):
        fit_logistic_regression(X, y, 1.0)  # type: ignore[misc]


# --- separable data and other failures -----------------------------------------------------


def _separable(k):
    """k classes in consecutive slabs of the first feature, with gaps of 2 between them."""
    rng = np.random.default_rng(11)
    y = rng.integers(0, k, 300)
    return np.column_stack([3.0 * y + rng.random(300), rng.standard_normal(300)]), y


@pytest.mark.parametrize(("fit", "k"), [(fit_logistic_regression, 2),
                                        (fit_softmax_regression, 2),
                                        (fit_softmax_regression, 3)])
def test_separable_classes_raise_perfect_separation_naming_alpha(fit, k):
    X, y = _separable(k)
    with pytest.raises(PerfectSeparationError, match=r"alpha > 0.*C = 1/alpha"):
        fit(X, y)


def test_separable_classes_have_finite_weights_with_a_prior():
    X, y = _separable(2)
    fit = fit_logistic_regression(X, y, alpha=1e-3)
    assert np.all(np.isfinite(fit.coef_))
    np.testing.assert_array_equal(predict(fit, X), y)
    assert np.max(np.abs(_gradient(fit, X, y, 1e-3))) <= 1e-9 * np.abs(X).sum()


def test_quasi_separable_classes_end_with_a_convergence_error_naming_alpha():
    """Separable but for one point that appears in both classes, on the boundary."""
    rng = np.random.default_rng(12)
    X = rng.standard_normal((300, 2))
    y = (X[:, 0] > 0).astype(int)
    X[0, 0], X[1], y[:2] = 0.0, (0.0, X[0, 1]), (0, 1)
    with pytest.raises(ConvergenceError, match="alpha > 0"):
        fit_logistic_regression(X, y)


def test_dependent_columns_without_a_prior_raise_a_singular_error_naming_both_fixes():
    X, y = _sampled(200, 3, 2, seed=13)
    X[:, 2] = 2.0 * X[:, 0]
    with pytest.raises(SingularMatrixError, match=r"proportional.*alpha > 0"):
        fit_logistic_regression(X, y)
    assert np.all(np.isfinite(fit_logistic_regression(X, y, alpha=1.0).coef_))


def test_the_iteration_limit_raises_a_convergence_error():
    X, y = _sampled(200, 3, 2, seed=14, scale=3.0)
    with pytest.raises(ConvergenceError, match="max_iter=1"):
        fit_logistic_regression(X, y, max_iter=1)


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        ({"alpha": -1.0}, InvalidInput, "alpha must be >= 0"),
        ({"alpha": np.nan}, NonFiniteInput, "alpha must be finite"),
        ({"tol": 0.0}, InvalidInput, "tol must be > 0"),
        ({"max_iter": 0}, InvalidInput, "max_iter must be a positive integer"),
        ({"y": np.arange(50) % 3}, LabelError, "use fit_softmax_regression"),
        ({"y": np.zeros(50)}, LabelError, "at least 2 classes"),
        ({"y": np.arange(49) % 2}, ShapeMismatch, "49 labels but X has 50"),
        ({"X": np.full((50, 2), np.nan)}, NonFiniteInput, "first at index (0, 0)"),
        ({"X": np.zeros(50)}, InvalidInput, "2-D array"),
        ({"X": np.ones((50, 2)) * 1e300}, InvalidInput, "overflows"),
    ],
    ids=["negative alpha", "NaN alpha", "zero tol", "zero max_iter", "three classes",
         "one class", "lengths differ", "NaN in X", "1-D X", "huge X"],
)
def test_bad_input_names_the_problem(kwargs, error, fragment):
    X, y = _sampled(50, 2, 2, seed=15)
    arguments = {"X": X, "y": y} | kwargs
    X, y = arguments.pop("X"), arguments.pop("y")
    with pytest.raises(error, match=fragment.replace("(", r"\(").replace(")", r"\)")):
        fit_logistic_regression(X, y, **arguments)


def test_prediction_checks_the_model_and_the_features():
    X, y = _sampled(50, 2, 2, seed=16)
    fit = fit_logistic_regression(X, y)
    with pytest.raises(ShapeMismatch, match="2"):
        predict(fit, np.zeros((3, 3)))
    with pytest.raises(InvalidInput, match="argument order"):
        predict(X, fit)  # type: ignore[arg-type]


# --- one Newton pass (numerics._reductions, the kernel every fit runs per step) ------------


def _plain_newton(X, y, classes, V):
    """Loss, gradient, block Hessian and misclassification count at V from their
    definitions: Z = [0, X~ V], P = softmax(Z), the formulas of PRML Eqs. (4.108)-(4.110)."""
    n = X.shape[0]
    Xt = np.column_stack([X, np.ones(n)])
    Z = np.column_stack([np.zeros(n), Xt @ V])
    true = np.searchsorted(classes, y)
    T = (true[:, None] == np.arange(len(classes))).astype(float)
    P = softmax(Z, axis=1)
    loss = float(np.sum(logsumexp(Z, axis=1) - Z[np.arange(n), true]))
    grad = Xt.T @ (P - T)[:, 1:]
    m, size = V.shape[1], Xt.shape[1]
    hess = np.zeros((m * size, m * size))
    for j in range(m):
        for k in range(m):
            weight = P[:, j + 1] * ((j == k) - P[:, k + 1])
            hess[j * size:(j + 1) * size, k * size:(k + 1) * size] = Xt.T @ (weight[:, None] * Xt)
    others = np.where(T == 1, -np.inf, Z).max(axis=1)
    return loss, grad, hess, int(np.count_nonzero(~(Z[np.arange(n), true] > others)))


@pytest.mark.parametrize("k", [2, 3, 4])
@pytest.mark.parametrize("n", [40, 8192 + 1000])  # one sub-block; two, the last one partial
def test_a_newton_pass_equals_the_plain_formulas(k, n):
    """The class-major kernel (workspace reused across sub-blocks, the two-class shortcut
    through exp(-|a|/2), syrk on the scaled rows for the diagonal blocks) against the
    dense textbook formulas."""
    rng = np.random.default_rng(100 + k)
    X, y = 2.0 * rng.standard_normal((n, 3)), rng.integers(0, k, n)
    V = rng.standard_normal((4, k - 1))
    loss, grad, hess, n_wrong = _plain_newton(X, y, np.arange(k), V)
    moments = _reductions.newton_moments(X, y, np.arange(k), V)
    scale = np.abs(X).sum() + n  # sum_n ||x~_n||_1 bounds every gradient entry
    assert moments.loss == pytest.approx(loss, rel=1e-13)
    np.testing.assert_allclose(moments.grad, grad, rtol=0, atol=1e-13 * scale)
    np.testing.assert_allclose(moments.hess, hess, rtol=0, atol=1e-13 * (X**2).sum())
    np.testing.assert_array_equal(moments.hess, moments.hess.T)
    assert moments.n_wrong == n_wrong


@pytest.mark.parametrize("k", [2, 3])
def test_a_newton_pass_at_logits_of_1000_is_finite_and_exact(k):
    """|a| = 1000: e^a overflows, e^-a underflows. Rows 2 and 3 are on the wrong side by
    1000 (loss 1000 each); for K = 3 classes 1 and 2 tie, which adds ln 2 to rows 1 and 3
    and leaves row 1 not strictly right. No NaN, no overflow."""
    X = np.array([[1.0], [-1.0], [1.0], [-1.0]])
    y = np.array([1, 1, 0, 0])
    V = np.zeros((2, k - 1))
    V[0, :] = 1000.0  # class 0's logit is 0, every other class's 1000 x
    with np.errstate(over="raise", invalid="raise", divide="raise"):
        moments = _reductions.newton_moments(X, y, np.arange(k), V)
    assert moments.loss == pytest.approx(2000.0 + (2 * np.log(2) if k == 3 else 0.0), rel=1e-15)
    assert np.all(np.isfinite(moments.grad)) and np.all(np.isfinite(moments.hess))
    assert moments.n_wrong == (2 if k == 2 else 3)
    _, grad, hess, _ = _plain_newton(X, y, np.arange(k), V)
    np.testing.assert_allclose(moments.grad, grad, rtol=1e-15, atol=0)
    np.testing.assert_allclose(moments.hess, hess, rtol=1e-15, atol=0)


def test_ties_and_nan_weights_are_never_counted_as_separated():
    """A sample on the boundary (logit 0, or two classes' logits equal) is not strictly in
    its class; NaN weights put no sample there, so they never prove separability."""
    X, y = np.array([[0.0], [1.0]]), np.array([1, 1])
    assert _reductions.newton_moments(X, y, np.arange(2), np.array([[1.0], [0.0]])).n_wrong == 1
    V3 = np.array([[1.0, 1.0], [0.0, 0.0]])  # classes 1 and 2 tie for every x
    assert _reductions.newton_moments(X, y, np.arange(3), V3).n_wrong == 2
    for k in (2, 3):
        nan = np.full((2, k - 1), np.nan)
        assert _reductions.newton_moments(X, y, np.arange(k), nan).n_wrong == 2


@pytest.mark.parametrize("labels", [np.array([3, -1, 7, 3, 10, -1]),
                                    np.array([0.5, -2.0, 0.5, 9.0]),
                                    np.array(list("dbcadbe")),
                                    np.arange(25) % 11])
def test_class_positions_equal_a_binary_search(labels):
    classes = np.unique(labels)
    np.testing.assert_array_equal(_reductions._class_index(labels, classes),
                                  np.searchsorted(classes, labels))


@pytest.mark.parametrize("logit", [-46.0, 46.0])
@pytest.mark.parametrize("label", [0, 1])
def test_two_class_pass_keeps_relative_accuracy_near_0_and_1(logit, label):
    """σ(±46) is 1e-20 from 0 or 1: the residual p - t and the weight p (1 - p) come from
    exp(-|a|/2) with no 1 - p, so each keeps ~1e-15 relative accuracy, as does the loss."""
    X, y = np.array([[1.0]]), np.array([label])
    moments = _reductions.newton_moments(X, y, np.arange(2), np.array([[logit], [0.0]]))
    small = np.exp(-46.0) / (1 + np.exp(-46.0))  # σ(-46)
    right = (logit > 0) == (label == 1)
    p = small if logit < 0 else 1.0 - small
    residual = (small if label == 0 else -small) if right else p - label  # p - t
    assert moments.grad[0, 0] == pytest.approx(residual, rel=1e-14)
    assert moments.hess[0, 0] == pytest.approx(small * (1 - small), rel=1e-14)
    loss = np.log1p(np.exp(-46.0)) + (0.0 if right else 46.0)  # -ln p(t)
    assert moments.loss == pytest.approx(loss, rel=1e-14)
    assert moments.n_wrong == (0 if right else 1)
