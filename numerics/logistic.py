"""Logistic (two-class) and softmax (K-class) regression, fitted by iteratively reweighted
least squares: Newton's method on the negative log-likelihood, in memory or on Dask arrays.

For fitting the probabilistic discriminative models of Bishop PRML §4.3.2-§4.3.4 — two
classes p(C_2 | x) = σ(w^T x + b), IRLS update w~ <- w~ - (X~^T R X~)^{-1} X~^T (p - t) with
R = diag(p_n (1 - p_n)) (Eqs. (4.91), (4.96)-(4.100)); K classes p(C_k | x) = softmax_k(w_k^T x
+ b_k) with the block Hessian sum_n p_nk (δ_kj - p_nj) x~_n x~_n^T (Eqs. (4.104), (4.109),
(4.110)) — and for checking claims about them numerically. Not for sample weights, L1
penalties or calibrated probabilities; scikit-learn's ``LogisticRegression`` does those.

=============================  ==============================================================
``fit_logistic_regression``    two classes; ``coef_`` (d,), ``intercept_`` a float
``fit_softmax_regression``     K >= 2 classes; ``coef_`` (K, d), ``intercept_`` (K,)
``decision_function``          the logits; ``predict_proba``, ``predict``
=============================  ==============================================================

Separable data. If a hyperplane puts every sample strictly on its own class's side, the
likelihood approaches 1 as its weights are scaled up, so the maximum-likelihood weights are
infinite and Newton's method diverges (PRML §4.3.2; for K classes, Albert and Anderson,
"On the existence of maximum likelihood estimates in logistic regression models",
Biometrika 71 (1984)). Each Newton pass counts the samples the current weights do not put
strictly in their own class; when none is left, the fit stops with
:class:`PerfectSeparationError`, whose message names the fix: ``alpha > 0``, the precision
of a Gaussian prior N(0, alpha^{-1} I) on the weights (not the biases), i.e. the penalty
(alpha/2) ||w||^2 — scikit-learn's ``C = 1/alpha``. Quasi-complete separation (separable
but for samples on the boundary) has no such certificate; it shows as a Hessian that
becomes singular or as the iteration limit, both :class:`ConvergenceError` naming the
same fix.

Convergence criterion. After each Newton step Δ is computed, the fit has converged when no
term of a logit moves by more than ``tol`` at a typical value of its feature:
max_{k,j} |Δ_kj| s_j <= tol, with s_j the root mean square of feature j over the data (1
for the bias) — a test in the units of the logits, invariant to rescaling a feature. That
last step is applied; Newton's method converges quadratically, so the returned weights are
within about tol^2 of the optimum in those units. Every step must decrease the objective
(Armijo's condition, up to its rounding); otherwise it is halved.

Dask. ``X`` and ``y`` may be Dask arrays (``pip install lindisc[dask]``). The first pass
gathers the classes, class sums and X^T X (the Newton system at w = 0 follows from them);
each later pass, one per Newton step, brings back the (K-1)(d+1)-sized gradient and
Hessian. The same kernels run over row blocks in memory (``numerics._reductions``), so both
paths compute the same thing and differ only in the order of the sums.

Conventions
-----------
- ``X`` is (N, d), samples in rows; ``y`` holds one label per sample, of any sortable
  type; ``classes_`` are the distinct labels sorted.
- Two classes: p(classes_[1] | x) = σ(coef_ @ x + intercept_).
- K classes: p(classes_[k] | x) = softmax(coef_ @ x + intercept_)_k. The softmax is
  unchanged by adding one vector to every w~_k; the returned weights are the symmetric
  choice sum_k coef_[k] = 0 and sum_k intercept_[k] = 0 (scikit-learn's). Internally the
  iteration fixes w~ of ``classes_[0]`` at 0 (Newton's method needs an identified model).
- ``alpha`` penalises (alpha/2) sum_k ||w_k||^2 over the symmetric weights (for two classes,
  (alpha/2) ||w||^2); biases are never penalised.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.linalg import lapack
from scipy.special import expit, softmax

from . import _reductions
from ._validation import (
    as_matrix,
    as_matrix_deferred_finite,
    as_scalar,
    check_label_shape,
    check_n_features,
    check_positive,
    check_positive_int,
)
from .errors import (
    ConvergenceError,
    InvalidInput,
    LabelError,
    PerfectSeparationError,
    SingularMatrixError,
)
from .least_squares import _assemble, _cholesky_rcond, _singular_cause, default_rcond_threshold

__all__ = [
    "LogisticRegressionFit",
    "SoftmaxRegressionFit",
    "decision_function",
    "fit_logistic_regression",
    "fit_softmax_regression",
    "predict",
    "predict_proba",
]

_EPS = float(np.finfo(np.float64).eps)
# Armijo's sufficient-decrease constant (Nocedal and Wright, Numerical Optimization, §3.1).
_ARMIJO = 1e-4
# The objective is a sum of N non-negative terms; changes below this fraction of it are
# rounding, not evidence that a step went uphill.
_OBJECTIVE_NOISE = 64 * _EPS
# A step halved this often without decreasing the objective means no progress is possible.
_MIN_STEP_FRACTION = 2.0**-30
_FIX = ("pass alpha > 0, the precision of a Gaussian prior on the weights (the penalty "
        "(alpha/2)||w||^2; scikit-learn's C = 1/alpha), e.g. alpha=1e-3")


@dataclass(frozen=True, eq=False)
class LogisticRegressionFit:
    """Two-class logistic regression p(classes_[1] | x) = σ(coef_ @ x + intercept_).

    Attributes
    ----------
    classes_ : (2,) sorted labels.
    coef_ : (d,) w.   intercept_ : b.
    alpha_ : the prior precision used (0: maximum likelihood).
    n_iter_ : Newton steps taken (the last one, below ``tol``, is applied unevaluated).
    n_features_in_ : d.
    """

    classes_: np.ndarray
    coef_: np.ndarray
    intercept_: float
    alpha_: float
    n_iter_: int
    n_features_in_: int


@dataclass(frozen=True, eq=False)
class SoftmaxRegressionFit:
    """K-class softmax regression p(classes_[k] | x) = softmax(coef_ @ x + intercept_)_k.

    Attributes
    ----------
    classes_ : (K,) sorted labels.
    coef_ : (K, d), row k is w_k; columns sum to 0.   intercept_ : (K,) b_k, summing to 0.
    alpha_ : the prior precision used (0: maximum likelihood).
    n_iter_ : Newton steps taken (the last one, below ``tol``, is applied unevaluated).
    n_features_in_ : d.
    """

    classes_: np.ndarray
    coef_: np.ndarray
    intercept_: np.ndarray
    alpha_: float
    n_iter_: int
    n_features_in_: int


def fit_logistic_regression(
    X: Any, y: Any, *, alpha: float = 0.0, tol: float = 1e-8, max_iter: int = 100
) -> LogisticRegressionFit:
    """Two-class logistic regression by IRLS (Bishop PRML §4.3.3, Eqs. (4.96)-(4.100)).

    Minimises E(w~) = -sum_n [t_n ln p_n + (1 - t_n) ln(1 - p_n)] + (alpha/2) ||w||^2 with
    p_n = σ(w^T x_n + b), t_n = 1 iff y_n == classes_[1], by Newton steps
    w~ <- w~ - (X~^T R X~ + alpha I_w)^{-1} (X~^T (p - t) + alpha w), R = diag(p_n (1 - p_n)),
    starting from w~ = 0 (see the module docstring for the criterion and separable data).

    Parameters
    ----------
    alpha : float >= 0
        Precision of the Gaussian prior N(0, alpha^{-1} I) on w (not b); 0 (default) is
        maximum likelihood. scikit-learn's ``LogisticRegression(C=1/alpha)``.
    tol : float > 0
        Convergence: the largest change of a logit term w_j x_j at the root mean square of
        x_j in a Newton step.
    max_iter : int >= 1
        The most passes over the data after the first (one per Newton step, one per halving).

    Raises :class:`PerfectSeparationError` for linearly separable classes when alpha = 0,
    :class:`ConvergenceError` at ``max_iter``, :class:`SingularMatrixError` when alpha = 0
    and X~ = [X, 1] has dependent columns (the weights are then not unique).

    Conventions
    -----------
    X : (N, d); y : (N,) with exactly two distinct labels; either may be a Dask array.
    """
    classes, V, n_iter, alpha = _irls(X, y, alpha, tol, max_iter, binary=True)
    d = V.shape[0] - 1
    coef = V[:d, 0].copy()
    coef.setflags(write=False)
    return LogisticRegressionFit(
        classes_=classes, coef_=coef, intercept_=float(V[d, 0]), alpha_=alpha,
        n_iter_=n_iter, n_features_in_=d,
    )


def fit_softmax_regression(
    X: Any, y: Any, *, alpha: float = 0.0, tol: float = 1e-8, max_iter: int = 100
) -> SoftmaxRegressionFit:
    """K-class softmax (multinomial logistic) regression by IRLS (PRML §4.3.4).

    Minimises E = -sum_n sum_k t_nk ln p_nk + (alpha/2) sum_k ||w_k||^2 with p_n =
    softmax(W^T x_n + b) and 1-of-K targets t_n, by Newton steps with the block Hessian
    H_kj = sum_n p_nk (δ_kj - p_nj) x~_n x~_n^T (Eq. (4.110)), over the weights of classes
    1..K-1 relative to class 0; the result is returned in the symmetric form (weights and
    biases summing to 0 over the classes), which is also the minimiser of the symmetric
    penalty. K = 2 is allowed: then coef_[1] = -coef_[0] = w/2 for the two-class w of
    maximum likelihood (with alpha > 0 the penalty on w/2 and -w/2 is half that on w).

    Parameters, errors and conventions as in :func:`fit_logistic_regression`, with y
    holding K >= 2 distinct labels.
    """
    classes, V, n_iter, alpha = _irls(X, y, alpha, tol, max_iter, binary=False)
    d = V.shape[0] - 1
    W = np.hstack([np.zeros((d + 1, 1)), V])
    W -= W.mean(axis=1, keepdims=True)
    coef, intercept = np.ascontiguousarray(W[:d].T), W[d].copy()
    coef.setflags(write=False)
    intercept.setflags(write=False)
    return SoftmaxRegressionFit(
        classes_=classes, coef_=coef, intercept_=intercept, alpha_=alpha, n_iter_=n_iter,
        n_features_in_=d,
    )


def decision_function(model: LogisticRegressionFit | SoftmaxRegressionFit, X: Any) -> np.ndarray:
    """The logits: (M,) w^T x + b for a two-class model, (M, K) w_k^T x + b_k for softmax.

    Conventions
    -----------
    X : (M, d) with the training d, in memory.
    """
    model = _check_model(model)
    X = check_n_features(as_matrix(X, "X"), model.n_features_in_)
    if isinstance(model, LogisticRegressionFit):
        return X @ model.coef_ + model.intercept_
    return X @ model.coef_.T + model.intercept_


def predict_proba(model: LogisticRegressionFit | SoftmaxRegressionFit, X: Any) -> np.ndarray:
    """(M, K) class probabilities, columns in the order of ``classes_`` (K = 2 for a
    two-class model: [1 - σ(a), σ(a)], each computed without cancellation)."""
    logits = decision_function(model, X)
    if isinstance(model, LogisticRegressionFit):
        return np.column_stack([expit(-logits), expit(logits)])
    return softmax(logits, axis=1)


def predict(model: LogisticRegressionFit | SoftmaxRegressionFit, X: Any) -> np.ndarray:
    """The most probable class of each row of X (ties go to the class listed first)."""
    logits = decision_function(model, X)
    if isinstance(model, LogisticRegressionFit):
        return model.classes_[(logits > 0).astype(np.intp)]
    return model.classes_[np.argmax(logits, axis=1)]


# --- IRLS ------------------------------------------------------------------------------------


def _irls(
    X: Any, y: Any, alpha: Any, tol: Any, max_iter: Any, *, binary: bool
) -> tuple[np.ndarray, np.ndarray, int, float]:
    """Newton's method over V, (d+1, K-1) with the bias last: the weights of classes 1..K-1
    relative to class 0. Returns (classes, V, Newton steps, alpha)."""
    alpha = _check_alpha(alpha)
    tol = check_positive(tol, "tol")
    max_iter = check_positive_int(max_iter, "max_iter")
    X, y = _data(X, y)
    name = "fit_logistic_regression" if binary else "fit_softmax_regression"
    moments = _reductions.class_moments(X, y)
    classes = _reductions.checked_classes(moments.labels, "y")
    if binary and classes.shape[0] != 2:
        raise LabelError(
            f"fit_logistic_regression needs exactly 2 classes, got {classes.shape[0]}: "
            f"{classes.tolist()!r}. For K > 2 classes use fit_softmax_regression."
        )
    _reductions.raise_nonfinite(moments.bad, "X")
    if not (np.all(np.isfinite(moments.gram)) and np.all(np.isfinite(moments.sums))):
        raise InvalidInput(
            "X is finite but X^T X overflows float64: its values are too large for the "
            "Newton system X~^T R X~. Rescale X, e.g. standardise each column, before fitting."
        )
    n, d = X.shape
    n_classes = classes.shape[0]
    m = n_classes - 1
    sums = moments.sums
    G, _ = _assemble(moments.gram, sums.sum(axis=0), n, sums, moments.counts)
    if alpha == 0.0:
        _check_design(G, n, d, name)

    # The Newton system at V = 0, where p_nk = 1/K for every n and k.
    augmented_sums = np.column_stack([sums[1:], moments.counts[1:]]).T  # (d+1, K-1)
    centre = np.append(sums.sum(axis=0), n) / n_classes
    grad = centre[:, None] - augmented_sums
    hess = np.kron(np.eye(m) / n_classes - 1.0 / n_classes**2, G)
    loss = n * math.log(n_classes)

    penalty = np.ones((1, 1)) if binary else np.eye(m) - 1.0 / n_classes
    weights_only = np.append(np.ones(d), 0.0)
    penalty_hess = alpha * np.kron(penalty, np.diag(weights_only))
    scale = np.append(np.sqrt(moments.gram.diagonal() / n), 1.0)

    V = np.zeros((d + 1, m))
    objective = loss
    passes, steps = 0, 0
    while True:
        g = grad + alpha * weights_only[:, None] * (V @ penalty)
        step = _newton_step(hess + penalty_hess, g, steps, alpha, name)
        steps += 1
        if np.max(np.abs(step) * scale[:, None]) <= tol:
            return classes, V + step, steps, alpha
        slope = float(np.sum(g * step))
        fraction = 1.0
        while True:
            if passes == max_iter:
                raise ConvergenceError(_not_converged(name, max_iter, steps, step, scale, tol))
            trial = V + fraction * step
            moments_at = _reductions.newton_moments(X, y, classes, trial)
            passes += 1
            if alpha == 0.0 and moments_at.n_wrong == 0:
                raise PerfectSeparationError(_separated(name, n, steps, classes, binary))
            value = moments_at.loss + 0.5 * alpha * float(np.sum(trial[:d] * (trial[:d] @ penalty)))
            allowed = objective + _ARMIJO * fraction * slope + _OBJECTIVE_NOISE * abs(objective)
            if np.isfinite(value) and value <= allowed:
                break
            fraction /= 2
            if fraction < _MIN_STEP_FRACTION:
                raise ConvergenceError(
                    f"{name}: Newton step {steps} does not decrease the objective even when "
                    f"halved 30 times (objective {objective!r}); the problem is too badly "
                    f"scaled for IRLS. Standardise the columns of X, or {_FIX}."
                )
        V, objective, grad, hess = trial, value, moments_at.grad, moments_at.hess


def _data(X: Any, y: Any) -> tuple[Any, Any]:
    """X and y validated for the reductions: Dask arrays, or in-memory arrays whose
    finiteness the first pass establishes (as for Dask input, so both paths agree)."""
    X, y = _reductions.as_host(X), _reductions.as_host(y)
    if _reductions.is_lazy(X, y):
        Xl = _reductions.lazy_design(X, "X", rows=_reductions.row_chunks(y))
        return Xl, _reductions.lazy_labels(y, Xl, "y")
    X = np.ascontiguousarray(as_matrix_deferred_finite(X, "X"))
    labels = np.asarray(y)
    if labels.ndim == 2 and labels.shape[1] == 1:
        labels = labels.ravel()
    check_label_shape(labels.shape, labels.dtype, "y", n=X.shape[0])
    return X, labels


def _check_design(G: np.ndarray, n: int, d: int, name: str) -> None:
    """Without a prior the weights are unique only if X~ = [X, 1] has independent columns:
    the rule of least squares (equilibrated X~^T X~, Cholesky, reciprocal condition)."""
    diag = G.diagonal().copy()
    diag[diag == 0.0] = 1.0
    D = 1.0 / np.sqrt(diag)
    Gs = G * D[:, None] * D[None, :]
    threshold = default_rcond_threshold(n, d)
    rcond, factor = (0.0, None) if n < d + 1 else _cholesky_rcond(Gs)
    if factor is not None and rcond >= threshold:
        return
    cause, fix = _singular_cause(Gs, D, n, d, threshold)
    raise SingularMatrixError(
        f"{name} with alpha=0 needs the columns of X~ = [X, 1] to be linearly independent, "
        f"else the maximum-likelihood weights are not unique and X~^T R X~ is singular. "
        f"Cause: {cause}. Fix: {fix}, or {_FIX}."
    )


def _newton_step(
    hess: np.ndarray, grad: np.ndarray, steps: int, alpha: float, name: str
) -> np.ndarray:
    """-H^{-1} g by Cholesky on the equilibrated H; grad and the step are (d+1, K-1),
    H is indexed class-major (class k, feature j) -> k (d+1) + j."""
    size, m = grad.shape
    diag = hess.diagonal()
    if np.all(diag > 0) and np.all(np.isfinite(hess)):
        D = 1.0 / np.sqrt(diag)
        factor, info = lapack.dpotrf(hess * D[:, None] * D[None, :], lower=0, clean=1)
        if info == 0:
            norm = float(np.max(np.sum(np.abs(hess * D[:, None] * D[None, :]), axis=0)))
            rcond, _ = lapack.dpocon(factor, norm, uplo="U")
            if rcond > hess.shape[0] * _EPS:
                rhs = -(grad.T.reshape(-1) * D)
                solution, _ = lapack.dpotrs(factor, rhs, lower=0)
                return (solution * D).reshape(m, size).T
    raise ConvergenceError(
        f"{name}: the Hessian X~^T R X~ became numerically singular at Newton step "
        f"{steps + 1}: the "
        f"fitted probabilities have saturated at 0 or 1 for the samples that determine some "
        f"direction of the weights, which happens when the classes are (quasi-)completely "
        f"separated and the maximum-likelihood weights are infinite. Fix: "
        + (_FIX if alpha == 0.0 else "increase alpha") + "."
    )


def _separated(name: str, n: int, steps: int, classes: np.ndarray, binary: bool) -> str:
    rule = (f"w^T x + b > 0 exactly for the samples of class {classes.tolist()[1]!r}" if binary
            else "each sample's own class has the strictly largest logit")
    return (
        f"{name}: the classes are linearly separable — after Newton step {steps} the weights "
        f"put every one of the N={n} training samples strictly in its own class ({rule}), "
        f"so scaling them up brings the likelihood arbitrarily close to 1: the "
        f"maximum-likelihood weights are infinite and IRLS would diverge (Bishop PRML "
        f"§4.3.2). Fix: {_FIX}; or, for a separating hyperplane itself, use "
        f"numerics.separability.linear_separability."
    )


def _not_converged(
    name: str, max_iter: int, steps: int, step: np.ndarray, scale: np.ndarray, tol: float
) -> str:
    size = float(np.max(np.abs(step) * scale[:, None]))
    return (
        f"{name} did not converge in max_iter={max_iter} passes ({steps} Newton steps): the "
        f"last step still moves a logit term by {size:.3g} > tol={tol!r}. Steps that do not "
        f"shrink mean the weights are growing without bound, as for (quasi-)separable "
        f"classes (separable but for samples on the boundary): {_FIX}. Otherwise raise "
        f"max_iter."
    )


def _check_alpha(alpha: Any) -> float:
    value = as_scalar(alpha, "alpha")
    if value < 0:
        raise InvalidInput(
            f"alpha must be >= 0 (the precision of a Gaussian prior on the weights; 0 is "
            f"maximum likelihood), got alpha={alpha!r}. scikit-learn's C corresponds to "
            f"alpha = 1/C."
        )
    return value


def _check_model(model: Any) -> LogisticRegressionFit | SoftmaxRegressionFit:
    if not isinstance(model, (LogisticRegressionFit, SoftmaxRegressionFit)):
        raise InvalidInput(
            f"model must be the result of fit_logistic_regression or fit_softmax_regression, "
            f"got {type(model).__name__}. Note the argument order: predict(model, X)."
        )
    return model
