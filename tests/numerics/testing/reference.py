"""Correct implementations, written over lindisc's own numerics, in the shapes the kit's
batteries call (see numerics.testing.checks): every property must hold for them. The
independent ones are in correct.py."""

from __future__ import annotations

import numpy as np

from numerics import descent, relaxation, sigmoid, svm
from numerics.fisher import fisher_direction
from numerics.least_squares import fit_least_squares_targets
from numerics.perceptron import batch_perceptron, single_sample_perceptron


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


def softmax_irls_step(W, X, T):
    """One Newton step with numerics.sigmoid's softmax Hessian (singular: least squares)."""
    H = sigmoid.softmax_hessian(W, X)
    g = sigmoid.softmax_gradient(W, X, T).ravel()
    return W - np.linalg.lstsq(H, g, rcond=None)[0].reshape(W.shape)


def batch_perceptron_run(Y, *, eta, max_iter):
    return batch_perceptron(Y, eta=eta, max_iter=max_iter).a_


def relaxation_run(Y, *, b, eta, max_epochs):
    return relaxation.single_sample_relaxation(Y, b=b, eta=eta, max_epochs=max_epochs).a_


def batch_relaxation_run(Y, *, b, eta, max_iter):
    return relaxation.batch_relaxation(Y, b=b, eta=eta, max_iter=max_iter).a_


def gradient_descent_step(grad, a, eta):
    return descent.gradient_descent(grad, a, eta=eta, max_iter=1, tol=1e-300).a_


def newton_step(grad, hess, a):
    return descent.newton_method(grad, hess, a, max_iter=1, tol=1e-300).a_


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
    "softmax_irls_step": softmax_irls_step,
    "batch_perceptron": batch_perceptron_run,
    "relaxation": relaxation_run,
    "batch_relaxation": batch_relaxation_run,
    "gradient_descent_step": gradient_descent_step,
    "newton_step": newton_step,
}
"""Every family but ho_kashyap: numerics.ho_kashyap stops at the step where it has a
separating vector or a verified certificate, not after exactly max_iter steps, so it is no
implementation of the battery's contract (tests/numerics/testing/correct.py has two)."""
