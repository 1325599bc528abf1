"""Deliberately wrong implementations, each with the properties it must fail.

Every entry is a plausible mistake (a sign, a missing bias, a transposed layout, an
off-by-one, a missing factor) in the shapes the kit's batteries call. ``ZOO`` maps a name to
(family, implementation, the property names the kit must report failed).
"""

from __future__ import annotations

import numpy as np

from numerics import sigmoid
from tests.numerics.testing.reference import svm_dual


def _sigma(a):
    return 1.0 / (1.0 + np.exp(-a))


# --- perceptron ------------------------------------------------------------------------------


def _perceptron(X, t, *, sign=1.0, bias=True, start=0, strict=False, max_epochs=10**5):
    w, b = np.zeros(X.shape[1]), 0.0
    n = X.shape[0]
    for _ in range(max_epochs):
        clean = True
        for k in range(n):
            i = (k + start) % n
            s = t[i] * (X[i] @ w + b)
            if (s < 0) if strict else (s <= 0):
                w = w + sign * t[i] * X[i]
                b = b + sign * t[i] if bias else b
                clean = False
        if clean:
            break
    return w, b


def perceptron_sign_error(X, t):
    """w <- w - t_n x_n: the update pushes the boundary the wrong way."""
    return _perceptron(X, t, sign=-1.0, max_epochs=50)


def perceptron_missing_bias(X, t):
    """Only w is updated; b stays 0, so only separators through the origin are found."""
    return _perceptron(X, t, bias=False, max_epochs=200)


def perceptron_off_by_one_order(X, t):
    """Each epoch starts at x_2 (index 1): x_2, ..., x_N, x_1."""
    return _perceptron(X, t, start=1)


def perceptron_strict_mistake(X, t):
    """A mistake only when t_n (w^T x_n + b) < 0: from w = 0 nothing is ever a mistake."""
    return _perceptron(X, t, strict=True)


# --- least squares ---------------------------------------------------------------------------


def least_squares_missing_bias(X, T):
    """W from X alone (no column of ones), b = 0."""
    W = np.linalg.lstsq(X, T, rcond=None)[0]
    return W, np.zeros(T.shape[1])


def least_squares_bias_row_swapped(X, T):
    """Solved with the bias column FIRST, but read back as if it were last."""
    Xt = np.hstack([np.ones((X.shape[0], 1)), X])
    Wt = np.linalg.solve(Xt.T @ Xt, Xt.T @ T)
    return Wt[:-1], Wt[-1]


def least_squares_ridge_by_accident(X, T):
    """(X~^T X~ + I)^{-1} X~^T T: a penalty nobody asked for."""
    Xt = np.hstack([X, np.ones((X.shape[0], 1))])
    Wt = np.linalg.solve(Xt.T @ Xt + np.eye(Xt.shape[1]), Xt.T @ T)
    return Wt[:-1], Wt[-1]


# --- Fisher ----------------------------------------------------------------------------------


def _means(X, y):
    return X[y == 0].mean(axis=0), X[y == 1].mean(axis=0)


def fisher_no_inverse(X, y):
    """w = m_1 - m_0: the mean difference, S_W forgotten (right only for isotropic S_W)."""
    m0, m1 = _means(X, y)
    return m1 - m0


def fisher_uncentred_scatter(X, y):
    """S_W = Σ_k X_k^T X_k: the class means are not subtracted."""
    m0, m1 = _means(X, y)
    S = X[y == 0].T @ X[y == 0] + X[y == 1].T @ X[y == 1]
    return np.linalg.solve(S, m1 - m0)


# --- logistic gradient and Hessian -----------------------------------------------------------


def logistic_gradient_mean(w, X, t):
    """X^T (y - t) / N: the gradient of the MEAN cross-entropy, a factor 1/N off."""
    return X.T @ (_sigma(X @ w) - t) / X.shape[0]


def logistic_gradient_sign(w, X, t):
    """X^T (t - y): the gradient of the log-likelihood, not of the error."""
    return X.T @ (t - _sigma(X @ w))


def logistic_gradient_missing_factor(w, X, t):
    """Σ_n σ'(a_n)(y_n - t_n) x_n: the squared-error chain rule kept for the cross-entropy."""
    y = _sigma(X @ w)
    return X.T @ (y * (1 - y) * (y - t))


def logistic_hessian_missing_factor(w, X):
    """X^T diag(y) X: the (1 - y_n) factor of R dropped."""
    y = _sigma(X @ w)
    return (X * y[:, None]).T @ X


def logistic_hessian_negated(w, X):
    """-X^T R X: the Hessian of the log-likelihood."""
    return -sigmoid.logistic_hessian(w, X)


def logistic_hessian_transposed(w, X):
    """X R X^T: the factors in the wrong order, (N, N) instead of (d, d)."""
    y = _sigma(X @ w)
    return (X * (y * (1 - y))[:, None]) @ X.T


# --- IRLS ------------------------------------------------------------------------------------


def irls_ascent(w, X, t):
    """w + H^{-1} ∇E: the Newton step with the sign flipped."""
    return w + np.linalg.solve(sigmoid.logistic_hessian(w, X), sigmoid.logistic_gradient(w, X, t))


def irls_forgets_w(w, X, t):
    """-H^{-1} ∇E: the step returned instead of the updated weights."""
    return -np.linalg.solve(sigmoid.logistic_hessian(w, X), sigmoid.logistic_gradient(w, X, t))


def irls_unweighted_z(w, X, t):
    """(Φ^T R Φ)^{-1} Φ^T R z with z = Φ w - (y - t): the R^{-1} in z forgotten."""
    y = _sigma(X @ w)
    r = y * (1 - y)
    z = X @ w - (y - t)
    return np.linalg.solve((X * r[:, None]).T @ X, (X * r[:, None]).T @ z)


# --- softmax ---------------------------------------------------------------------------------


def softmax_gradient_sign(W, X, T):
    """(T - Y)^T X."""
    return -sigmoid.softmax_gradient(W, X, T)


def softmax_gradient_missing_factor(W, X, T):
    """(Y - T)^T X with Y the softmax of the logits HALVED (a stray 1/2 in the exponent)."""
    Y = sigmoid.softmax(X @ W.T / 2, axis=1)
    return (Y - T).T @ X


def softmax_hessian_wrong_sign(W, X):
    """Block (k, j) = Σ_n y_nk (y_nj - δ_kj) x_n x_n^T: the printed minus sign kept."""
    return -sigmoid.softmax_hessian(W, X)


def softmax_hessian_feature_major(W, X):
    """The right blocks in feature-major order ((feature i, class k) -> i K + k): the
    transpose of the class-major layout."""
    k, d = W.shape
    H = sigmoid.softmax_hessian(W, X).reshape(k, d, k, d)
    return H.transpose(1, 0, 3, 2).reshape(k * d, k * d)


def softmax_hessian_diagonal_blocks(W, X):
    """Only the blocks k = j: the cross terms -y_nk y_nj x_n x_n^T dropped."""
    k, d = W.shape
    H = sigmoid.softmax_hessian(W, X)
    mask = np.kron(np.eye(k), np.ones((d, d)))
    return H * mask


# --- SVM dual --------------------------------------------------------------------------------


def svm_dual_doubled(X, t):
    """2 alpha: the multipliers of the problem scaled for ||w||^2 instead of ||w||^2 / 2."""
    return 2 * svm_dual(X, t)


def svm_dual_normalised(X, t):
    """alpha / Σ alpha: multipliers 'normalised' to sum to one."""
    alpha = svm_dual(X, t)
    return alpha / alpha.sum()


def svm_dual_uniform(X, t):
    """alpha_n = 1 for every n: no optimisation at all."""
    return np.ones(X.shape[0])


KKT = "satisfies the KKT conditions"
MARGIN = "attains the largest margin"

ZOO = {
    "perceptron sign error in the update": (
        "perceptron", perceptron_sign_error, {"separates separable data"}),
    "perceptron missing bias": (
        "perceptron", perceptron_missing_bias, {"separates separable data"}),
    "perceptron off-by-one in the cyclic order": (
        "perceptron", perceptron_off_by_one_order,
        {"matches the cyclic single-sample rule exactly"}),
    "perceptron strict mistake test": (
        "perceptron", perceptron_strict_mistake, {"separates separable data"}),
    "least squares missing bias": (
        "least_squares", least_squares_missing_bias,
        {"satisfies the normal equations", "outputs sum to one",
         "decision values invariant to an affine map of the inputs"}),
    "least squares bias row swapped": (
        "least_squares", least_squares_bias_row_swapped, {"satisfies the normal equations"}),
    "least squares ridge by accident": (
        "least_squares", least_squares_ridge_by_accident, {"satisfies the normal equations"}),
    "Fisher without S_W^-1": (
        "fisher", fisher_no_inverse,
        {"parallel to S_W^-1 (m_1 - m_0)", "maximises the Fisher criterion"}),
    "Fisher with uncentred scatter": (
        "fisher", fisher_uncentred_scatter, {"parallel to S_W^-1 (m_1 - m_0)"}),
    "logistic gradient missing a factor N": (
        "logistic_gradient", logistic_gradient_mean,
        {"equals sum of (sigma(w^T x_n) - t_n) x_n", "is the derivative of the cross-entropy"}),
    "logistic gradient sign error": (
        "logistic_gradient", logistic_gradient_sign,
        {"equals sum of (sigma(w^T x_n) - t_n) x_n", "is the derivative of the cross-entropy"}),
    "logistic gradient with the squared-error factor": (
        "logistic_gradient", logistic_gradient_missing_factor,
        {"is the derivative of the cross-entropy"}),
    "logistic Hessian missing (1 - y)": (
        "logistic_hessian", logistic_hessian_missing_factor,
        {"equals X^T R X", "is the derivative of the gradient"}),
    "logistic Hessian negated": (
        "logistic_hessian", logistic_hessian_negated,
        {"equals X^T R X", "is symmetric positive semidefinite"}),
    "logistic Hessian transposed (X R X^T)": (
        "logistic_hessian", logistic_hessian_transposed, {"equals X^T R X"}),
    "IRLS ascent step": ("irls_step", irls_ascent, {"is the Newton step"}),
    "IRLS forgets w": (
        "irls_step", irls_forgets_w,
        {"is the Newton step", "leaves the maximum-likelihood weights fixed"}),
    "IRLS z without R^-1": (
        "irls_step", irls_unweighted_z,
        {"is the Newton step", "leaves the maximum-likelihood weights fixed"}),
    "softmax gradient sign error": (
        "softmax_gradient", softmax_gradient_sign,
        {"equals (Y - T)^T X", "is the derivative of the cross-entropy"}),
    "softmax gradient missing a factor": (
        "softmax_gradient", softmax_gradient_missing_factor,
        {"equals (Y - T)^T X", "is the derivative of the cross-entropy"}),
    "softmax Hessian wrong sign": (
        "softmax_hessian", softmax_hessian_wrong_sign,
        {"equals the block formula", "is symmetric positive semidefinite"}),
    "softmax Hessian transposed (feature-major) layout": (
        "softmax_hessian", softmax_hessian_feature_major, {"equals the block formula"}),
    "softmax Hessian without cross blocks": (
        "softmax_hessian", softmax_hessian_diagonal_blocks,
        {"equals the block formula", "is the derivative of the gradient"}),
    "SVM dual multipliers doubled": ("svm_dual", svm_dual_doubled, {KKT, MARGIN}),
    "SVM dual multipliers normalised": ("svm_dual", svm_dual_normalised, {KKT, MARGIN}),
    "SVM dual uniform multipliers": (
        "svm_dual", svm_dual_uniform, {"multipliers are dual feasible", KKT}),
}
