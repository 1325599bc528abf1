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


# --- the shapes the old strategies never drew --------------------------------------------------


def _samples_in_columns(X, w):
    """The orientation guessed from the shape: X is taken as (d, N) when its first dimension
    matches w -- as it does, wrongly, whenever N = d."""
    return X if X.shape[0] == w.shape[0] else X.T


def logistic_gradient_transposed_when_square(w, X, t):
    """X^T (σ(X w) - t) written for samples in columns, X transposed unless N = d."""
    Xc = _samples_in_columns(X, w)
    return Xc @ (_sigma(Xc.T @ w) - t)


def logistic_gradient_orientation_by_size(w, X, t):
    """Samples in columns assumed whenever X is wider than tall (N < d)."""
    Xc = X.T if X.shape[0] >= X.shape[1] else X
    return Xc @ (_sigma(Xc.T @ w) - t)


def logistic_gradient_overflows(w, X, t):
    """σ(a) = e^a / (1 + e^a): inf / inf = NaN for a > 709."""
    e = np.exp(X @ w)
    return X.T @ (e / (1 + e) - t)


def logistic_hessian_transposed_when_square(w, X):
    """X R X^T written for samples in columns, X transposed unless N = d."""
    Xc = _samples_in_columns(X, w)
    y = _sigma(Xc.T @ w)
    return (Xc * (y * (1 - y))) @ Xc.T


def irls_clipped_weights(w, X, t):
    """R clipped at 10^-3 'for stability': wrong wherever σ(1 - σ) < 10^-3."""
    y = _sigma(X @ w)
    r = np.maximum(y * (1 - y), 1e-3)
    return w - np.linalg.solve((X * r[:, None]).T @ X, X.T @ (y - t))


def fisher_covariance_by_np_cov(X, y):
    """S_k = (N_k - 1) np.cov(X_k): NaN for a class of one sample (np.cov divides by 0)."""
    c0, c1 = np.unique(y)
    S = sum((np.sum(y == c) - 1) * np.atleast_2d(np.cov(X[y == c].T)) for c in (c0, c1))
    return np.linalg.solve(S, X[y == c1].mean(axis=0) - X[y == c0].mean(axis=0))


def fisher_labels_zero_one(X, y):
    """Classes read as y == 0 and y == 1: with labels {-1, +1} class 0 is empty (NaN mean)."""
    A, B = X[y == 0], X[y == 1]
    S = (A - A.mean(0)).T @ (A - A.mean(0)) + (B - B.mean(0)).T @ (B - B.mean(0))
    return np.linalg.solve(S, B.mean(0) - A.mean(0))


def _softmax_unshifted(Z):
    E = np.exp(Z)
    return E / E.sum(axis=1, keepdims=True)


def softmax_gradient_overflows(W, X, T):
    """e^{z_k} / Σ_j e^{z_j} without subtracting max_j z_j: NaN for a logit above 709."""
    return (_softmax_unshifted(X @ W.T) - T).T @ X


def softmax_hessian_overflows(W, X):
    """The block formula with the unshifted softmax: NaN for a logit above 709."""
    K, d = W.shape
    Y = _softmax_unshifted(X @ W.T)
    H = np.zeros((K * d, K * d))
    for k in range(K):
        for j in range(K):
            r = Y[:, k] * ((k == j) - Y[:, j])
            H[k * d:(k + 1) * d, j * d:(j + 1) * d] = (X * r[:, None]).T @ X
    return H


# --- softmax IRLS ------------------------------------------------------------------------------


def softmax_irls_block_diagonal(W, X, T):
    """Each class's Newton step on its own: the cross blocks of H dropped."""
    K, d = W.shape
    H = sigmoid.softmax_hessian(W, X) * np.kron(np.eye(K), np.ones((d, d)))
    return W - np.linalg.solve(H, sigmoid.softmax_gradient(W, X, T).ravel()).reshape(W.shape)


def softmax_irls_inverse(W, X, T):
    """np.linalg.inv of the singular softmax Hessian."""
    H = sigmoid.softmax_hessian(W, X)
    return W - (np.linalg.inv(H) @ sigmoid.softmax_gradient(W, X, T).ravel()).reshape(W.shape)


def softmax_irls_ascent(W, X, T):
    """W + H^+ ∇E: the step's sign flipped."""
    H = sigmoid.softmax_hessian(W, X)
    g = sigmoid.softmax_gradient(W, X, T).ravel()
    return W + np.linalg.lstsq(H, g, rcond=None)[0].reshape(W.shape)


# --- the SVM's w and b -------------------------------------------------------------------------


def svm_b_from_first_point(X, t):
    """b = t_1 - w^T x_1, whether or not x_1 is a support vector."""
    alpha = svm_dual(X, t)
    w = (alpha * t) @ X
    return alpha, w, t[0] - w @ X[0]


def svm_b_averaged_over_all_points(X, t):
    """b = mean_n (t_n - w^T x_n) over every sample, not the support vectors."""
    alpha = svm_dual(X, t)
    w = (alpha * t) @ X
    return alpha, w, float(np.mean(t - X @ w))


def svm_every_point_a_support_vector(X, t):
    """w summed over all points: every constraint taken as active, t_n (w^T x_n + b) = 1 for
    all n, solved with Σ α t = 0 (the least-squares SVM), so α < 0 off the support vectors."""
    n = t.shape[0]
    M = np.block([[(X @ X.T) * np.outer(t, t), t[:, None]], [t[None, :], np.zeros((1, 1))]])
    sol = np.linalg.lstsq(M, np.append(np.ones(n), 0.0), rcond=None)[0]
    alpha = sol[:n]
    return alpha, (alpha * t) @ X, float(sol[n])


def svm_absolute_support_threshold(X, t):
    """Support vectors as alpha_n > 1e-3 (absolute): on data scaled by 64 alpha = 1/8192."""
    alpha = svm_dual(X, t)
    sv = alpha > 1e-3
    w = (alpha[sv] * t[sv]) @ X[sv]
    b = float(np.mean(t[sv] - X[sv] @ w)) if sv.any() else 0.0
    return alpha, w, b


# --- batch perceptron, relaxation --------------------------------------------------------------


def batch_perceptron_strict(Y, *, eta, max_iter):
    """Misclassified when a^T y < 0: from a = 0 nothing is, and a stays 0."""
    a = np.zeros(Y.shape[1])
    for _ in range(max_iter):
        wrong = Y @ a < 0
        if not wrong.any():
            break
        a = a + eta * Y[wrong].sum(axis=0)
    return a


def batch_perceptron_mean(Y, *, eta, max_iter):
    """The MEAN of the misclassified samples instead of their sum."""
    a = np.zeros(Y.shape[1])
    for _ in range(max_iter):
        wrong = Y @ a <= 0
        if not wrong.any():
            break
        a = a + eta * Y[wrong].mean(axis=0)
    return a


def batch_perceptron_updates_inside_the_sum(Y, *, eta, max_iter):
    """a updated at each misclassified sample while summing: the single-sample rule."""
    a = np.zeros(Y.shape[1])
    for _ in range(max_iter):
        clean = True
        for y in Y:
            if a @ y <= 0:
                a, clean = a + eta * y, False
        if clean:
            break
    return a


def relaxation_unnormalised(Y, *, b, eta, max_epochs):
    """a + eta (b - a^T y) y: the 1 / ||y||^2 forgotten."""
    a = np.zeros(Y.shape[1])
    for _ in range(max_epochs):
        clean = True
        for y in Y:
            if a @ y <= b:
                a, clean = a + eta * (b - a @ y) * y, False
        if clean:
            break
    return a


def relaxation_without_margin_test(Y, *, b, eta, max_epochs):
    """Updates only misclassified samples (a^T y <= 0), not those within the margin b."""
    a = np.zeros(Y.shape[1])
    for _ in range(max_epochs):
        clean = True
        for y in Y:
            if a @ y <= 0:
                a, clean = a + eta * (b - a @ y) / (y @ y) * y, False
        if clean:
            break
    return a


def batch_relaxation_sign(Y, *, b, eta, max_iter):
    """a + eta Σ (a^T y - b) / ||y||^2 y: the gradient of J_r added, not subtracted."""
    a = np.zeros(Y.shape[1])
    for _ in range(max_iter):
        s = Y @ a
        wrong = s <= b
        if not wrong.any():
            break
        a = a + eta * ((s[wrong] - b) / np.sum(Y[wrong] ** 2, axis=1)) @ Y[wrong]
    return a


# --- Ho-Kashyap --------------------------------------------------------------------------------


def _ho_kashyap(Y, b0, eta, max_iter, *, sign=1.0, plus=True, factor=2.0, solve=None,
                lag=False):
    solve = solve or (lambda b: np.linalg.lstsq(Y, b, rcond=None)[0])
    b = np.array(b0, dtype=float)
    a = solve(b)
    for _ in range(max_iter):
        e = Y @ a - b
        step = np.maximum(e, 0.0) if plus else e
        b_new = b + sign * factor * eta * step
        a = solve(b if lag else b_new)
        b = b_new
    return a, b


def ho_kashyap_sign(Y, *, b0, eta, max_iter):
    """b <- b - 2 eta e+: the update's sign flipped."""
    return _ho_kashyap(Y, b0, eta, max_iter, sign=-1.0)


def ho_kashyap_without_plus(Y, *, b0, eta, max_iter):
    """b <- b + 2 eta e (Widrow-Hoff's step on b): b decreases where e < 0."""
    return _ho_kashyap(Y, b0, eta, max_iter, plus=False)


def ho_kashyap_transpose(Y, *, b0, eta, max_iter):
    """a <- Y^T b, as udelar2018 prints line 6 (an erratum), instead of Y^+ b."""
    return _ho_kashyap(Y, b0, eta, max_iter, solve=lambda b: Y.T @ b)


def ho_kashyap_stale_a(Y, *, b0, eta, max_iter):
    """a <- Y^+ b computed from the b before its update."""
    return _ho_kashyap(Y, b0, eta, max_iter, lag=True)


# --- gradient descent and Newton ---------------------------------------------------------------


def gradient_ascent_step(grad, a, eta):
    """a + eta ∇J(a)."""
    return a + eta * grad(a)


def normalised_gradient_step(grad, a, eta):
    """a - eta ∇J / ||∇J||: a step of fixed length."""
    g = grad(a)
    return a - eta * g / np.linalg.norm(g)


def newton_step_factor_two(grad, hess, a):
    """a - 2 H^{-1} ∇J, as udelar2018 prints it (the erratum descent.newton_step)."""
    return a - 2 * np.linalg.solve(hess(a), grad(a))


def newton_step_diagonal(grad, hess, a):
    """H^{-1} replaced by diag(H)^{-1}."""
    return a - grad(a) / np.diag(hess(a))


def newton_step_times_hessian(grad, hess, a):
    """a - H ∇J: the Hessian multiplied, not inverted."""
    return a - hess(a) @ grad(a)


KKT = "satisfies the KKT conditions"
MARGIN = "attains the largest margin"
FEASIBLE = "multipliers are dual feasible"
B_AGREES = "b agrees with every support vector"
W_SUM = "w is the sum over the support vectors"
LG_EQ = "equals sum of (sigma(w^T x_n) - t_n) x_n"
LG_DER = "is the derivative of the cross-entropy"
HK_CERT = "certifies non-separability"

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
    "logistic gradient transposed when N = d": (
        "logistic_gradient", logistic_gradient_transposed_when_square, {LG_EQ, LG_DER}),
    "logistic gradient orientation guessed from N > d": (
        "logistic_gradient", logistic_gradient_orientation_by_size, {LG_EQ, LG_DER}),
    "logistic gradient overflowing e^a / (1 + e^a)": (
        "logistic_gradient", logistic_gradient_overflows, {LG_EQ, LG_DER}),
    "logistic Hessian transposed when N = d": (
        "logistic_hessian", logistic_hessian_transposed_when_square, {"equals X^T R X"}),
    "IRLS with R clipped at 1e-3": ("irls_step", irls_clipped_weights, {"is the Newton step"}),
    "Fisher S_k from np.cov": (
        "fisher", fisher_covariance_by_np_cov,
        {"parallel to S_W^-1 (m_1 - m_0)", "maximises the Fisher criterion"}),
    "Fisher classes read as y == 0 and y == 1": (
        "fisher", fisher_labels_zero_one,
        {"parallel to S_W^-1 (m_1 - m_0)", "maximises the Fisher criterion"}),
    "softmax gradient without the max shift": (
        "softmax_gradient", softmax_gradient_overflows,
        {"equals (Y - T)^T X", "is the derivative of the cross-entropy"}),
    "softmax Hessian without the max shift": (
        "softmax_hessian", softmax_hessian_overflows, {"equals the block formula"}),
    "softmax IRLS with a block-diagonal Hessian": (
        "softmax_irls_step", softmax_irls_block_diagonal,
        {"solves the Newton equation", "gives the Newton step's probabilities"}),
    "softmax IRLS inverting the singular Hessian": (
        "softmax_irls_step", softmax_irls_inverse, {"solves the Newton equation"}),
    "softmax IRLS ascent step": (
        "softmax_irls_step", softmax_irls_ascent,
        {"solves the Newton equation", "gives the Newton step's probabilities"}),
    "SVM b from the first point": ("svm_dual", svm_b_from_first_point, {B_AGREES, KKT}),
    "SVM b averaged over all points": (
        "svm_dual", svm_b_averaged_over_all_points, {B_AGREES, KKT}),
    "SVM w over all points (every point a support vector)": (
        "svm_dual", svm_every_point_a_support_vector, {FEASIBLE, KKT}),
    "SVM support vectors by an absolute threshold": (
        "svm_dual", svm_absolute_support_threshold, {W_SUM}),
    "batch perceptron strict mistake test": (
        "batch_perceptron", batch_perceptron_strict,
        {"matches Algorithm 3 iteration by iteration", "separates separable data"}),
    "batch perceptron mean instead of sum": (
        "batch_perceptron", batch_perceptron_mean,
        {"matches Algorithm 3 iteration by iteration"}),
    "batch perceptron updating inside the sum": (
        "batch_perceptron", batch_perceptron_updates_inside_the_sum,
        {"matches Algorithm 3 iteration by iteration"}),
    "relaxation without 1/||y||^2": (
        "relaxation", relaxation_unnormalised,
        {"matches Algorithm 9 update by update", "never moves away from a solution"}),
    "relaxation ignoring the margin in the test": (
        "relaxation", relaxation_without_margin_test,
        {"matches Algorithm 9 update by update"}),
    "batch relaxation sign error": (
        "batch_relaxation", batch_relaxation_sign,
        {"matches Algorithm 8 iteration by iteration"}),
    "Ho-Kashyap wrong update sign": (
        "ho_kashyap", ho_kashyap_sign,
        {"takes the Ho-Kashyap step", "keeps b positive and non-decreasing", HK_CERT}),
    "Ho-Kashyap with e instead of e+": (
        "ho_kashyap", ho_kashyap_without_plus,
        {"takes the Ho-Kashyap step", "keeps b positive and non-decreasing", HK_CERT}),
    "Ho-Kashyap a = Y^T b (udelar2018's line 6)": (
        "ho_kashyap", ho_kashyap_transpose, {"takes the Ho-Kashyap step", HK_CERT}),
    "Ho-Kashyap a from the stale b": (
        "ho_kashyap", ho_kashyap_stale_a, {"takes the Ho-Kashyap step", HK_CERT}),
    "gradient ascent step": (
        "gradient_descent_step", gradient_ascent_step, {"is a - eta grad J(a)"}),
    "normalised gradient step": (
        "gradient_descent_step", normalised_gradient_step, {"is a - eta grad J(a)"}),
    "Newton step with udelar2018's factor 2": (
        "newton_step", newton_step_factor_two, {"lands on the minimiser of a quadratic"}),
    "Newton step with diag(H)": (
        "newton_step", newton_step_diagonal, {"lands on the minimiser of a quadratic"}),
    "Newton step times H": (
        "newton_step", newton_step_times_hessian, {"lands on the minimiser of a quadratic"}),
}
