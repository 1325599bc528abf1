"""Correct implementations, written over lindisc's own numerics, in the shapes the kit's
batteries call (see numerics.testing.checks): every property must hold for them."""

from __future__ import annotations

import numpy as np

from numerics import sigmoid, svm
from numerics.fisher import fisher_direction
from numerics.least_squares import fit_least_squares_targets
from numerics.perceptron import single_sample_perceptron


def _augmented(X: np.ndarray) -> np.ndarray:
    return np.hstack([X, np.ones((X.shape[0], 1))])


def perceptron(X, t):
    """numerics.perceptron.single_sample_perceptron on y_n = t_n (x_n, 1)."""
    a = single_sample_perceptron(t[:, None] * _augmented(X), max_epochs=10**6).a_
    return a[:-1], a[-1]


def least_squares(X, T):
    """numerics.least_squares.fit_least_squares_targets: coef_ is (K, d)."""
    model = fit_least_squares_targets(X, T)
    return model.coef_.T, model.intercept_


def fisher(X, y):
    return fisher_direction(X, y).coef_


def irls_step(w, X, t):
    """One Newton step with numerics.sigmoid's gradient and Hessian."""
    return w - np.linalg.solve(sigmoid.logistic_hessian(w, X), sigmoid.logistic_gradient(w, X, t))


def svm_dual(X, t):
    return svm.hard_margin_svm(X, t).alpha_


CORRECT = {
    "perceptron": perceptron,
    "least_squares": least_squares,
    "fisher": fisher,
    "logistic_gradient": sigmoid.logistic_gradient,
    "logistic_hessian": sigmoid.logistic_hessian,
    "irls_step": irls_step,
    "softmax_gradient": sigmoid.softmax_gradient,
    "softmax_hessian": sigmoid.softmax_hessian,
    "svm_dual": svm_dual,
}
