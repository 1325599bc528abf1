"""The logistic sigmoid and the softmax, computed without overflow, and the cross-entropy
loss of the two-class and K-class models with its gradient and Hessian.

For evaluating the formulas of Bishop PRML §4.3.2-§4.3.4 (udelar2018 "Regresión logística")
at given weights — the quantities the catalog's claims are checked against — not for
fitting: :mod:`numerics.logistic` fits both models by IRLS.

=============================  ==============================================================
``sigmoid``, ``log_sigmoid``   σ(a) = 1/(1 + e^{-a}) and ln σ(a), elementwise
``softmax``, ``log_softmax``   e^{a_k}/Σ_j e^{a_j} and its log, along ``axis``
``logistic_loss``              E(w) = -Σ_n [t_n ln y_n + (1 - t_n) ln(1 - y_n)], y_n = σ(w^T x_n)
``logistic_gradient``          ∇E(w) = Σ_n (y_n - t_n) x_n = X^T (y - t)
``logistic_hessian``           H(w) = Σ_n y_n (1 - y_n) x_n x_n^T = X^T R X
``softmax_loss``               E(W) = -Σ_n Σ_k t_nk ln y_nk, y_nk = softmax_k(W x_n)
``softmax_gradient``           ∇_{w_j} E = Σ_n (y_nj - t_nj) x_n, row j
``softmax_hessian``            block (k, j): Σ_n y_nk (δ_kj - y_nj) x_n x_n^T
=============================  ==============================================================

Stability. σ(a) is e^{a}/(1 + e^{a}) for a < 0 and 1/(1 + e^{-a}) otherwise, so no
exponential of a positive number is formed; ln σ(a) = min(a, 0) - ln(1 + e^{-|a|}) (log1p);
the softmax and its log subtract the largest activation first (softmax is unchanged by
adding one constant to every activation). 1 - σ(a) is computed as σ(-a), never by
subtraction, so y_n (1 - y_n) keeps its relative accuracy where σ saturates. At
|a| = 1000 every function returns finite values (σ = 0 or 1 exactly, ln σ(-1000) = -1000).

Conventions
-----------
- ``X`` is (N, d), samples in rows (udelar2018's X = [x_1 | ... | x_N] is its transpose);
  no bias column is added: append one to X for an intercept.
- two classes: ``w`` (d,), ``t`` (N,) targets in [0, 1] (labels in {0, 1});
- K classes: ``W`` (K, d), row k is w_k; ``T`` (N, K) targets (1-of-K rows); the Hessian
  is (K d, K d), indexed class-major: (class k, feature i) -> k d + i.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._scaling import matvec, softmax_with_limits, weighted
from ._validation import as_matrix, as_vector
from .errors import InvalidInput, NonFiniteInput, ShapeMismatch

__all__ = [
    "log_sigmoid",
    "log_softmax",
    "logistic_gradient",
    "logistic_hessian",
    "logistic_loss",
    "sigmoid",
    "softmax",
    "softmax_gradient",
    "softmax_hessian",
    "softmax_loss",
]


def _activations(a: Any, name: str) -> np.ndarray:
    """A float array of activations; ±inf allowed (σ saturates), NaN refused."""
    try:
        arr = np.asarray(a, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{name} must be an array of real numbers, got {type(a).__name__}: "
                           f"{exc}.") from exc
    if np.isnan(arr).any():
        first = tuple(int(i) for i in np.argwhere(np.isnan(arr))[0])
        raise NonFiniteInput(f"{name} contains NaN (first at index {first}); σ and softmax are "
                             f"defined for real activations. Remove or impute the NaN values.")
    return arr


def sigmoid(a: Any) -> np.ndarray:
    """σ(a) = 1/(1 + e^{-a}) elementwise, in (0, 1) and exactly 0 or 1 only by rounding."""
    a = _activations(a, "a")
    e = np.exp(-np.abs(a))           # in (0, 1]: never overflows
    return np.where(a >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def log_sigmoid(a: Any) -> np.ndarray:
    """ln σ(a) = min(a, 0) - ln(1 + e^{-|a|}) elementwise (= -softplus(-a)); ln(1 - σ(a)) is
    ``log_sigmoid(-a)``."""
    a = _activations(a, "a")
    return np.minimum(a, 0.0) - np.log1p(np.exp(-np.abs(a)))


def _shifted(a: np.ndarray, axis: int) -> np.ndarray:
    top = np.max(a, axis=axis, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    return a - top


def softmax(a: Any, axis: int = -1) -> np.ndarray:
    """e^{a_k} / Σ_j e^{a_j} along ``axis``, after subtracting the largest a_j."""
    a = _activations(a, "a")
    return softmax_with_limits(a, axis, _softmax_finite)  # [inf, 0] -> [1, 0]; [] refused


def _softmax_finite(a: np.ndarray, axis: int) -> np.ndarray:
    e = np.exp(_shifted(a, axis))
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(a: Any, axis: int = -1) -> np.ndarray:
    """a_k - ln Σ_j e^{a_j} along ``axis`` (log-sum-exp after subtracting the largest a_j);
    where activations are +inf, the limit: ln(1/m) for the m of them, -inf for the others."""
    a = _activations(a, "a")
    return softmax_with_limits(a, axis, _log_softmax_finite, log=True)


def _log_softmax_finite(a: np.ndarray, axis: int) -> np.ndarray:
    z = _shifted(a, axis)
    return z - np.log(np.sum(np.exp(z), axis=axis, keepdims=True))


# --- two classes -----------------------------------------------------------------------------


def _two_class(w: Any, X: Any, t: Any | None) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    X = as_matrix(X, "X")
    w = as_vector(w, "w", size=X.shape[1])
    if t is None:
        return w, X, None
    t = as_vector(t, "t", size=X.shape[0])
    if np.any((t < 0) | (t > 1)):
        raise InvalidInput(
            f"t must hold targets in [0, 1] (class labels t_n in {{0, 1}}), got values in "
            f"[{t.min()!r}, {t.max()!r}]. For labels in {{-1, +1}} pass (t + 1) / 2."
        )
    return w, X, t


def logistic_loss(w: Any, X: Any, t: Any) -> float:
    """E(w) = -Σ_n [t_n ln σ(a_n) + (1 - t_n) ln σ(-a_n)], a = X w (PRML Eq. (4.90))."""
    w, X, t = _two_class(w, X, t)
    a = matvec(X, w)  # (no inf - inf at w = 1e308; a target of 0 times ln σ(-inf) is 0)
    return float(-np.sum(weighted(t, log_sigmoid(a)) + weighted(1.0 - t, log_sigmoid(-a)))) + 0.0


def logistic_gradient(w: Any, X: Any, t: Any) -> np.ndarray:
    """∇E(w) = Σ_n (y_n - t_n) x_n = X^T (y - t), (d,) (PRML Eq. (4.91))."""
    w, X, t = _two_class(w, X, t)
    return X.T @ (sigmoid(matvec(X, w)) - t)  # (a_n = ±inf where it truly is, never inf − inf)


def logistic_hessian(w: Any, X: Any) -> np.ndarray:
    """H(w) = Σ_n y_n (1 - y_n) x_n x_n^T = X^T R X, (d, d), with y_n (1 - y_n) formed as
    σ(a_n) σ(-a_n) (PRML Eqs. (4.97)-(4.98)). Positive semidefinite always; positive
    definite iff X has full column rank (every y_n (1 - y_n) > 0 in exact arithmetic)."""
    w, X, _ = _two_class(w, X, None)
    a = matvec(X, w)
    r = sigmoid(a) * sigmoid(-a)
    return (X * r[:, None]).T @ X


# --- K classes -------------------------------------------------------------------------------


def _k_class(W: Any, X: Any, T: Any | None) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    X = as_matrix(X, "X")
    W = as_matrix(W, "W")
    if W.shape[1] != X.shape[1]:
        raise ShapeMismatch(
            f"W must be (K, d) with row k the weights w_k of class k, and d = {X.shape[1]} "
            f"columns to match X, got W of shape {W.shape}. If W holds the w_k in columns, "
            f"pass W.T."
        )
    if T is None:
        return W, X, None
    T = as_matrix(T, "T")
    if T.shape != (X.shape[0], W.shape[0]):
        raise ShapeMismatch(
            f"T must be (N, K) = {(X.shape[0], W.shape[0])} (one row of 1-of-K targets per "
            f"sample), got shape {T.shape}."
        )
    if np.any(T < 0) or np.any(np.abs(T.sum(axis=1) - 1.0) > 1e-9):
        raise InvalidInput(
            "T must hold one row of 1-of-K targets per sample (t_nk >= 0, each row summing "
            "to 1). Encode labels y with np.eye(K)[y]."
        )
    return W, X, T


def softmax_loss(W: Any, X: Any, T: Any) -> float:
    """E(w_1, ..., w_K) = -Σ_n Σ_k t_nk ln y_nk, y_n = softmax(W x_n) (PRML Eq. (4.108))."""
    W, X, T = _k_class(W, X, T)
    logp = log_softmax(matvec(X, W.T), axis=1)
    return float(-np.sum(weighted(T, logp)))


def softmax_gradient(W: Any, X: Any, T: Any) -> np.ndarray:
    """(K, d), row j: ∇_{w_j} E = Σ_n (y_nj - t_nj) x_n, i.e. (Y - T)^T X (PRML Eq. (4.109))."""
    W, X, T = _k_class(W, X, T)
    return (softmax(matvec(X, W.T), axis=1) - T).T @ X


def softmax_hessian(W: Any, X: Any) -> np.ndarray:
    """(K d, K d): block (k, j) = ∇_{w_k}∇_{w_j} E = Σ_n y_nk (δ_kj - y_nj) x_n x_n^T
    (PRML Eq. (4.110), with the plus sign: the Hessian of E is positive semidefinite).
    Singular always: moving every w_k by one vector leaves E unchanged."""
    W, X, _ = _k_class(W, X, None)
    Y = softmax(matvec(X, W.T), axis=1)
    n_classes, d = W.shape
    H = np.empty((n_classes * d, n_classes * d))
    for k in range(n_classes):
        for j in range(k, n_classes):
            r = Y[:, k] * ((k == j) - Y[:, j])
            block = (X * r[:, None]).T @ X
            H[k * d:(k + 1) * d, j * d:(j + 1) * d] = block
            H[j * d:(j + 1) * d, k * d:(k + 1) * d] = block.T
    return H
