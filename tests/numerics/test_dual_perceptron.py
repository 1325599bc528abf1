"""Tests of numerics.dual_perceptron (hermosillo2017 "Perceptron DUAL"): the dual run equals the
primal single-sample run (eta = 1, a0 = 0, same order) count for count and weight for weight,
on integer data where every value is exact; a kernel equals the primal run on its explicit
feature map."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from numerics.dual_perceptron import dual_decision_function, dual_perceptron
from numerics.errors import InvalidInput, LabelError, NonFiniteInput, ShapeMismatch
from numerics.geometry import normalize_samples
from numerics.perceptron import single_sample_perceptron
from tests.numerics.test_perceptron import labelled_integer_data


def primal(Y, epochs):
    return single_sample_perceptron(Y, max_epochs=epochs, record=True, engine="numpy")


def assert_same_run(dual, run, n):
    assert np.array_equal(dual.alpha_, np.bincount(run.updated_samples_, minlength=n))
    assert (dual.converged_, dual.n_iter_, dual.n_updates_) == (
        run.converged_, run.n_iter_, run.n_updates_)


@given(data=labelled_integer_data(), epochs=st.integers(1, 8))
def test_dual_run_equals_the_primal_run_with_bias(data, epochs):
    X, t = data
    dual = dual_perceptron(X, t, max_epochs=epochs)
    run = primal(normalize_samples(X, t), epochs)
    assert_same_run(dual, run, X.shape[0])
    assert np.array_equal(dual.coef_, run.a_[:-1]) and dual.intercept_ == run.a_[-1]
    assert np.array_equal(dual_decision_function(dual, X), X @ dual.coef_ + dual.intercept_)


@given(data=labelled_integer_data(), epochs=st.integers(1, 8))
def test_printed_algorithm_without_bias_equals_the_primal_run_through_the_origin(data, epochs):
    X, t = data
    dual = dual_perceptron(X, t, fit_intercept=False, max_epochs=epochs)
    run = primal(t[:, None] * X, epochs)
    assert_same_run(dual, run, X.shape[0])
    assert np.array_equal(dual.coef_, run.a_) and dual.intercept_ == 0.0
    assert np.array_equal(dual.gram_, X @ X.T)


@given(data=labelled_integer_data(max_samples=12, max_dim=3), epochs=st.integers(1, 5))
def test_kernel_run_equals_the_primal_run_on_the_feature_map(data, epochs):
    X, t = data
    def square(A, B):
        return (A @ B.T) ** 2

    phi = np.einsum("ni,nj->nij", X, X).reshape(X.shape[0], -1)  # phi(x).phi(x') = (x.x')^2
    dual = dual_perceptron(X, t, kernel=square, max_epochs=epochs)
    run = primal(normalize_samples(phi, t), epochs)
    assert_same_run(dual, run, X.shape[0])
    assert dual.coef_ is None
    assert np.array_equal(dual_decision_function(dual, X), phi @ run.a_[:-1] + run.a_[-1])


@given(data=labelled_integer_data(), epochs=st.integers(1, 5))
def test_linear_kernel_callable_equals_the_default(data, epochs):
    X, t = data
    a = dual_perceptron(X, t, max_epochs=epochs)
    b = dual_perceptron(X, t, kernel=lambda A, B: A @ B.T, max_epochs=epochs)
    assert np.array_equal(a.alpha_, b.alpha_) and b.coef_ is None


@given(data=labelled_integer_data(), limit=st.integers(1, 20))
def test_non_separable_ends_unconverged_at_the_limit(data, limit):
    X, t = data
    X = np.vstack([X, X[:1]])
    t = np.concatenate([t, -t[:1]])  # the same point with both labels
    res = dual_perceptron(X, t, max_epochs=limit)
    assert not res.converged_ and res.n_iter_ == limit and res.n_updates_ >= limit


def test_hermosillo_exercise_gram_matrix():
    X = np.array([[1.0, 2.0], [-1.0, 2.0], [-1.0, -2.0]])
    y = np.array([-1.0, -1.0, 1.0])
    res = dual_perceptron(X, y, fit_intercept=False)
    assert np.array_equal(res.gram_, np.array([[5.0, 3.0, -5.0], [3.0, 5.0, -3.0],
                                               [-5.0, -3.0, 5.0]]))
    assert res.converged_ and np.all(y * dual_decision_function(res, X) > 0)


def test_callback_and_record():
    X = np.array([[1.0, 0.0], [-1.0, 0.0]])
    t = np.array([1.0, 1.0])  # not separable through the origin
    seen = []
    res = dual_perceptron(X, t, fit_intercept=False, record=True,
                          callback=lambda k, alpha: seen.append(alpha.sum()) or k == 4)
    assert res.n_updates_ == 4 and seen == [1, 2, 3, 4] and not res.converged_
    assert [h.sum() for h in res.history_] == [1, 2, 3, 4]


GOOD_X = np.array([[1.0, 2.0], [-1.0, 1.0]])
GOOD_T = np.array([1.0, -1.0])


@pytest.mark.parametrize("call, error, words", [
    (lambda: dual_perceptron(GOOD_X, [0.0, 1.0]), LabelError, "t must hold labels"),
    (lambda: dual_perceptron(GOOD_X, [1.0, -1.0, 1.0]), ShapeMismatch, "same number of samples"),
    (lambda: dual_perceptron([[1.0, np.nan], [0.0, 1.0]], GOOD_T), NonFiniteInput,
     "X must contain"),
    (lambda: dual_perceptron([[1.0, 1j], [0.0, 1.0]], GOOD_T), InvalidInput, "X must be real"),
    (lambda: dual_perceptron([1.0, 2.0], GOOD_T), InvalidInput, "X must be a 2-D array"),
    (lambda: dual_perceptron(GOOD_X, GOOD_T, kernel=lambda A, B: A @ B.T + 1j), InvalidInput,
     "complex"),
    (lambda: dual_perceptron(GOOD_X, GOOD_T, kernel=lambda A, B: A[:, :1]), ShapeMismatch,
     "(2, 2)"),
    (lambda: dual_perceptron(GOOD_X, GOOD_T, kernel="rbf"), InvalidInput, "kernel must be"),
    (lambda: dual_perceptron(GOOD_X, GOOD_T, max_epochs=-1), InvalidInput, "max_epochs"),
    (lambda: dual_decision_function(None, GOOD_X), InvalidInput, "DualPerceptronResult"),
    (lambda: dual_decision_function(dual_perceptron(GOOD_X, GOOD_T), np.ones((1, 3))),
     ShapeMismatch, "3 features"),
])
def test_bad_input(call, error, words):
    import re

    with pytest.raises(error, match=re.escape(words)):
        call()
