"""Correct implementations written independently of lindisc's numerics — the ways a student
or an engineer computes each quantity right (lstsq, QR, normal equations with an explicit
inverse, centred and pooled-covariance Fisher, loops and vectorised forms, the Kronecker-form
softmax Hessian, SMO for the SVM dual, scikit-learn's SVC) — in the shapes the kit's
batteries call. Every property must hold for every one of them: a failure is a false alarm.

``CORRECT`` lists (name, family, callable, keyword arguments of the battery).
"""

from __future__ import annotations

import math

import numpy as np


def _sigmoid(a):
    """σ(a) for any float a: e^{-log(1 + e^{-a})}, finite at |a| > 709."""
    return np.exp(-np.logaddexp(0.0, -np.asarray(a, dtype=np.float64)))


def _softmax_rows(Z):
    Z = Z - Z.max(axis=1, keepdims=True)
    E = np.exp(Z)
    return E / E.sum(axis=1, keepdims=True)


def _augment(X):
    return np.hstack([X, np.ones((X.shape[0], 1))])


# --- perceptron (fit(X, t) -> (w, b)) and batch perceptron (fit(Y, eta, max_iter) -> a) ---


def perceptron_loop(X, t):
    w, b = np.zeros(X.shape[1]), 0.0
    while True:
        clean = True
        for x, target in zip(X, t, strict=True):
            if target * (x @ w + b) <= 0:
                w, b, clean = w + target * x, b + target, False
        if clean:
            return w, b


def batch_perceptron_loop(Y, *, eta, max_iter):
    a = np.zeros(Y.shape[1])
    for _ in range(max_iter):
        total, mistakes = np.zeros_like(a), 0
        for y in Y:
            if a @ y <= 0:
                total, mistakes = total + y, mistakes + 1
        if not mistakes:
            break
        a = a + eta * total
    return a


# --- least squares (fit(X, T) -> (W, b)) ---------------------------------------------------


def least_squares_lstsq(X, T):
    Wt = np.linalg.lstsq(_augment(X), T, rcond=None)[0]
    return Wt[:-1], Wt[-1]


def least_squares_qr(X, T):
    Q, R = np.linalg.qr(_augment(X))
    Wt = np.linalg.solve(R, Q.T @ T)
    return Wt[:-1], Wt[-1]


def least_squares_normal_inv(X, T):
    Xt = _augment(X)
    Wt = np.linalg.inv(Xt.T @ Xt) @ Xt.T @ T
    return Wt[:-1], Wt[-1]


# --- Fisher (fit(X, y) -> w) ----------------------------------------------------------------


def fisher_centred(X, y):
    c0, c1 = np.unique(y)
    A, B = X[y == c0], X[y == c1]
    S = (A - A.mean(0)).T @ (A - A.mean(0)) + (B - B.mean(0)).T @ (B - B.mean(0))
    return np.linalg.solve(S, B.mean(0) - A.mean(0))


def fisher_pooled_covariance(X, y):
    """Σ^-1 (m_1 - m_0) with the pooled covariance Σ = S_W / (N - 2), by a loop over samples."""
    labels = np.unique(y)
    means = {c: X[y == c].mean(axis=0) for c in labels}
    d = X.shape[1]
    S = np.zeros((d, d))
    for x, label in zip(X, y, strict=True):
        r = x - means[label]
        S += np.outer(r, r)
    return np.linalg.solve(S / (X.shape[0] - 2), means[labels[1]] - means[labels[0]])


# --- logistic (grad(w, X, t), hess(w, X), step(w, X, t)) -----------------------------------


def logistic_gradient_vectorised(w, X, t):
    return X.T @ (_sigmoid(X @ w) - t)


def logistic_gradient_loop(w, X, t):
    g = np.zeros(X.shape[1])
    for x, target in zip(X, t, strict=True):
        a = float(x @ w)
        y = 1.0 / (1.0 + math.exp(-a)) if a >= 0 else math.exp(a) / (1.0 + math.exp(a))
        g += (y - target) * x
    return g


def logistic_hessian_vectorised(w, X):
    a = X @ w
    return (X * (_sigmoid(a) * _sigmoid(-a))[:, None]).T @ X


def logistic_hessian_loop(w, X):
    H = np.zeros((X.shape[1], X.shape[1]))
    for x in X:
        a = float(x @ w)
        H += _sigmoid(a) * _sigmoid(-a) * np.outer(x, x)
    return H


def irls_newton(w, X, t):
    return w - np.linalg.solve(logistic_hessian_vectorised(w, X),
                               logistic_gradient_vectorised(w, X, t))


def irls_weighted_least_squares(w, X, t):
    """(X^T R X)^{-1} X^T R z, z = X w - R^{-1} (y - t), with r = σ(a) σ(-a) (never 0)."""
    a = X @ w
    r = _sigmoid(a) * _sigmoid(-a)
    z = a - (_sigmoid(a) - t) / r
    return np.linalg.solve((X * r[:, None]).T @ X, (X * r[:, None]).T @ z)


# --- softmax (grad(W, X, T), hess(W, X), step(W, X, T)) ------------------------------------


def softmax_gradient_vectorised(W, X, T):
    return (_softmax_rows(X @ W.T) - T).T @ X


def softmax_gradient_loop(W, X, T):
    G = np.zeros_like(W, dtype=np.float64)
    for x, target in zip(X, T, strict=True):
        z = W @ x
        y = np.exp(z - z.max())
        G += np.outer(y / y.sum() - target, x)
    return G


def softmax_hessian_kronecker(W, X):
    K, d = W.shape
    H = np.zeros((K * d, K * d))
    for x, y in zip(X, _softmax_rows(X @ W.T), strict=True):
        H += np.kron(np.diag(y) - np.outer(y, y), np.outer(x, x))
    return H


def softmax_hessian_blocks(W, X):
    K, d = W.shape
    Y = _softmax_rows(X @ W.T)
    H = np.zeros((K * d, K * d))
    for k in range(K):
        for j in range(K):
            r = Y[:, k] * ((k == j) - Y[:, j])
            H[k * d:(k + 1) * d, j * d:(j + 1) * d] = (X * r[:, None]).T @ X
    return H


def softmax_irls_lstsq(W, X, T):
    H = softmax_hessian_kronecker(W, X)
    g = softmax_gradient_vectorised(W, X, T).ravel()
    return W - np.linalg.lstsq(H, g, rcond=None)[0].reshape(W.shape)


def softmax_irls_reference_class(W, X, T):
    """Newton with w_K's step fixed at 0 (the usual gauge): solve the leading (K-1)d block."""
    K, d = W.shape
    H = softmax_hessian_blocks(W, X)
    g = softmax_gradient_loop(W, X, T).ravel()
    m = (K - 1) * d
    step = np.zeros(K * d)
    step[:m] = np.linalg.solve(H[:m, :m], g[:m])
    return W - step.reshape(W.shape)


# --- hard-margin SVM dual (fit(X, t) -> alpha or (alpha, w, b)) ----------------------------


def svm_smo(X, t, *, eps=1e-3, max_iter=100_000):
    """SMO for the hard-margin dual (C = infinity): minimise α^T Q α / 2 - Σ α subject to
    α >= 0, Σ α t = 0, two multipliers at a time, chosen by libsvm's second-order working set
    selection (Fan, Chen and Lin 2005, WSS 2), until the largest KKT violation m - M <= eps
    (in functional-margin units). Returns (alpha, w, b)."""
    K = X @ X.T
    Q = K * np.outer(t, t)
    n = t.shape[0]
    alpha = np.zeros(n)
    G = -np.ones(n)
    for _ in range(max_iter):
        score = -t * G
        up = (t > 0) | (alpha > 0)
        low = (t < 0) | (alpha > 0)
        i = int(np.flatnonzero(up)[np.argmax(score[up])])
        if score[i] - score[low].min() <= eps:
            break
        candidates = np.flatnonzero(low & (score < score[i]))
        gain = score[i] - score[candidates]
        curvature = np.maximum(K[i, i] + K[candidates, candidates] - 2 * K[i, candidates],
                               1e-12 * max(K[i, i], 1e-300))
        j = int(candidates[np.argmax(gain**2 / curvature)])
        step = (score[i] - score[j]) / curvature[np.flatnonzero(candidates == j)[0]]
        if t[i] < 0:
            step = min(step, alpha[i])
        if t[j] > 0:
            step = min(step, alpha[j])
        alpha[i] += t[i] * step
        alpha[j] -= t[j] * step
        G += step * (t[i] * Q[:, i] - t[j] * Q[:, j])
    else:
        raise RuntimeError(f"SMO did not reach a KKT violation <= {eps} in {max_iter} steps")
    w = (alpha * t) @ X
    sv = alpha > 0
    b = float(np.mean(t[sv] - X[sv] @ w))
    return alpha, w, b


def svm_sklearn(X, t):
    """scikit-learn's SVC(kernel="linear", C=1e8): libsvm stops when the largest KKT
    violation is below tol=1e-3 (its default): pass solver_tol=1e-3."""
    from sklearn.svm import SVC

    model = SVC(kernel="linear", C=1e8).fit(X, t)
    alpha = np.zeros(t.shape[0])
    alpha[model.support_] = np.abs(model.dual_coef_[0])
    return alpha, model.coef_[0], float(model.intercept_[0])


# --- relaxation (fit(Y, b, eta, max_epochs | max_iter) -> a) ------------------------------


def relaxation_loop(Y, *, b, eta, max_epochs):
    a = np.zeros(Y.shape[1])
    for _ in range(max_epochs):
        clean = True
        for y in Y:
            if a @ y <= b:
                a = a + eta * (b - a @ y) / (y @ y) * y
                clean = False
        if clean:
            break
    return a


def batch_relaxation_vectorised(Y, *, b, eta, max_iter):
    a = np.zeros(Y.shape[1])
    for _ in range(max_iter):
        s = Y @ a
        wrong = s <= b
        if not wrong.any():
            break
        a = a + eta * ((b - s[wrong]) / np.sum(Y[wrong] ** 2, axis=1)) @ Y[wrong]
    return a


# --- Ho-Kashyap (fit(Y, b0, eta, max_iter) -> (a, b)) --------------------------------------


def ho_kashyap_pinv(Y, *, b0, eta, max_iter):
    P = np.linalg.pinv(Y)
    b = np.array(b0, dtype=float)
    a = P @ b
    for _ in range(max_iter):
        e = Y @ a - b
        b = b + 2 * eta * np.maximum(e, 0.0)
        a = P @ b
    return a, b


def ho_kashyap_lstsq(Y, *, b0, eta, max_iter):
    b = np.array(b0, dtype=float)
    a = np.linalg.lstsq(Y, b, rcond=None)[0]
    for _ in range(max_iter):
        e = Y @ a - b
        if not np.any(e > 0):
            break                         # e+ = 0: b and a never change again
        b = b + eta * (e + np.abs(e))
        a = np.linalg.lstsq(Y, b, rcond=None)[0]
    return a, b


# --- one descent step -----------------------------------------------------------------------


def gradient_descent_step(grad, a, eta):
    return a - eta * grad(a)


def newton_solve(grad, hess, a):
    return a - np.linalg.solve(hess(a), grad(a))


def newton_inverse(grad, hess, a):
    """a - H^{-1} ∇J as Duda-Hart-Stork print it, with an explicit inverse."""
    return a - np.linalg.inv(hess(a)) @ grad(a)


CORRECT = [
    ("perceptron loop", "perceptron", perceptron_loop, {}),
    ("batch perceptron loop", "batch_perceptron", batch_perceptron_loop, {}),
    ("least squares by lstsq", "least_squares", least_squares_lstsq, {}),
    ("least squares by QR", "least_squares", least_squares_qr, {}),
    ("least squares by normal equations with inv", "least_squares",
     least_squares_normal_inv, {}),
    ("Fisher with centred scatter", "fisher", fisher_centred, {}),
    ("Fisher with pooled covariance", "fisher", fisher_pooled_covariance, {}),
    ("logistic gradient vectorised", "logistic_gradient", logistic_gradient_vectorised, {}),
    ("logistic gradient loop", "logistic_gradient", logistic_gradient_loop, {}),
    ("logistic Hessian vectorised", "logistic_hessian", logistic_hessian_vectorised, {}),
    ("logistic Hessian loop", "logistic_hessian", logistic_hessian_loop, {}),
    ("IRLS as Newton", "irls_step", irls_newton, {}),
    ("IRLS as weighted least squares", "irls_step", irls_weighted_least_squares, {}),
    ("softmax gradient vectorised", "softmax_gradient", softmax_gradient_vectorised, {}),
    ("softmax gradient loop", "softmax_gradient", softmax_gradient_loop, {}),
    ("softmax Hessian Kronecker form", "softmax_hessian", softmax_hessian_kronecker, {}),
    ("softmax Hessian blocks", "softmax_hessian", softmax_hessian_blocks, {}),
    ("softmax IRLS by lstsq", "softmax_irls_step", softmax_irls_lstsq, {}),
    ("softmax IRLS with a reference class", "softmax_irls_step",
     softmax_irls_reference_class, {}),
    ("SVM dual by SMO", "svm_dual", svm_smo, {"solver_tol": 1e-3}),
    ("SVM dual by scikit-learn SVC", "svm_dual", svm_sklearn, {"solver_tol": 1e-3}),
    ("relaxation loop", "relaxation", relaxation_loop, {}),
    ("batch relaxation vectorised", "batch_relaxation", batch_relaxation_vectorised, {}),
    ("Ho-Kashyap with pinv", "ho_kashyap", ho_kashyap_pinv, {}),
    ("Ho-Kashyap with lstsq", "ho_kashyap", ho_kashyap_lstsq, {}),
    ("gradient descent step", "gradient_descent_step", gradient_descent_step, {}),
    ("Newton step by solve", "newton_step", newton_solve, {}),
    ("Newton step with inv", "newton_step", newton_inverse, {}),
]
