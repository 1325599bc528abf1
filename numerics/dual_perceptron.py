"""The dual (kernel) perceptron: learn one count per sample instead of one weight per feature.

For checking hermosillo2017 "Perceptron DUAL" and "Algoritmo del Perceptron DUAL": with the
weights written as w = sum_j alpha_j y_j x_j (y_j in {-1, +1} the labels), the output is
sign(sum_j alpha_j y_j <x_i, x_j>), so the data enter only through the Gram matrix
G = X X^T, and the algorithm is: alpha = 0; repeat passes over i = 1..N: if
y_i sum_j alpha_j y_j <x_i, x_j> <= 0 then alpha_i <- alpha_i + 1; until a pass makes no
change. Run from alpha = 0 in the same order it makes exactly the updates of the primal
single-sample perceptron with eta = 1 and w0 = 0
(:func:`numerics.perceptron.single_sample_perceptron`): alpha_i counts the corrections
made with sample i. Replacing <x, x'> by a kernel k(x, x') gives the kernel perceptron.

=============================  ==========================================================
``dual_perceptron``            DualPerceptronResult: alpha_, coef_, intercept_, gram_, ...
``dual_decision_function``     sum_j alpha_j y_j (k(x_j, x) + 1 if fit_intercept) at new x
=============================  ==========================================================

Bias. hermosillo2017 prints the algorithm without a bias (hyperplanes through the origin):
``fit_intercept=False`` runs exactly that. The default ``fit_intercept=True`` uses the
augmented samples (x, 1), i.e. the kernel k(x, x') + 1, so that the run equals the primal run
on :func:`numerics.geometry.normalize_samples` (bias LAST) and intercept_ = sum_j alpha_j y_j.

Arithmetic. The decision values f_i = sum_j alpha_j y_j G~_ij are kept up to date by adding
y_j G~[:, j] at each correction (O(N) per correction), and the next mistake is found by a
vectorised scan. On data whose products are exact in float64 (small integers) the run equals
the primal one update for update; otherwise the two can differ only where a decision value is
within rounding of 0.

Conventions
-----------
- ``X`` (N, d) samples in rows, no bias column; ``t`` (N,) labels in {-1, +1} (the documents'
  y_i); ``kernel`` None (the dot product) or a callable k(A, B) returning the
  (len(A), len(B)) matrix of k(a_i, b_j), real and finite.
- ``callback(k, alpha)`` after each correction (k = 1, 2, ...; a copy of alpha); True stops.
- Outputs float64 except ``alpha_`` (int64 counts); complex input rejected; errors from
  :mod:`numerics.errors` naming the argument and the fix.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._scaling import require_finite_gram
from ._validation import as_matrix, as_signed_labels, check_positive_int, check_same_length
from .errors import InvalidInput, NonFiniteInput, ShapeMismatch
from .perceptron import Callback, _check_callback

__all__ = ["DualPerceptronResult", "dual_decision_function", "dual_perceptron"]

Kernel = Callable[[np.ndarray, np.ndarray], Any] | None


@dataclass(frozen=True, eq=False)
class DualPerceptronResult:
    """Outcome of :func:`dual_perceptron`.

    Attributes
    ----------
    alpha_ : (N,) int64, corrections made with each sample.
    coef_ : (d,) w = sum_j alpha_j t_j x_j for the dot-product kernel; None with a kernel.
    intercept_ : sum_j alpha_j t_j with ``fit_intercept``, else 0.0.
    converged_ : a whole pass made no correction (every t_i f_i > 0).
    n_iter_ : passes (epochs) started.
    n_updates_ : total corrections, sum(alpha_).
    gram_ : (N, N) the Gram matrix k(x_i, x_j) (without the +1 of the bias).
    fit_intercept_ : whether the bias was learned.
    X_fit_, t_fit_ : the training samples and labels (the decision function needs them).
    kernel_ : the kernel callable, or None for the dot product.
    history_ : with ``record=True`` the alpha vectors after each correction; otherwise None.
    """

    alpha_: np.ndarray
    coef_: np.ndarray | None
    intercept_: float
    converged_: bool
    n_iter_: int
    n_updates_: int
    gram_: np.ndarray
    fit_intercept_: bool
    X_fit_: np.ndarray
    t_fit_: np.ndarray
    kernel_: Kernel
    history_: tuple[np.ndarray, ...] | None


def _kernel_matrix(kernel: Kernel, A: np.ndarray, B: np.ndarray) -> np.ndarray:
    if kernel is None:
        return A @ B.T
    value = kernel(A, B)
    if np.iscomplexobj(value):
        raise InvalidInput("kernel returned complex values; a kernel must be real-valued.")
    value = np.asarray(value, dtype=np.float64)
    if value.shape != (A.shape[0], B.shape[0]):
        raise ShapeMismatch(
            f"kernel(A, B) must return the ({A.shape[0]}, {B.shape[0]}) matrix of k(a_i, b_j), "
            f"got shape {value.shape}. Write it for whole matrices, e.g. "
            f"lambda A, B: (1 + A @ B.T) ** 2."
        )
    if not np.all(np.isfinite(value)):
        raise NonFiniteInput("kernel returned NaN or infinite values; check the kernel and X.")
    return value


def _data(X: Any, name: str) -> np.ndarray:
    return as_matrix(X, name)


def dual_perceptron(
    X: Any,
    t: Any,
    *,
    kernel: Kernel = None,
    fit_intercept: bool = True,
    max_epochs: int = 1000,
    record: bool = False,
    callback: Callback = None,
) -> DualPerceptronResult:
    """The dual perceptron of hermosillo2017 (with ``fit_intercept=False`` exactly as printed):
    passes over i = 1..N, alpha_i += 1 whenever t_i sum_j alpha_j t_j K_ij <= 0, until a pass
    makes no correction, else ``max_epochs`` passes with ``converged_=False``."""
    X = _data(X, "X")
    if kernel is not None and not callable(kernel):
        raise InvalidInput(f"kernel must be None (the dot product) or a callable k(A, B), got "
                           f"{type(kernel).__name__}.")
    labels = as_signed_labels(t, "t")
    N = check_same_length(X=X, t=labels)
    max_epochs = check_positive_int(max_epochs, "max_epochs")
    _check_callback(callback)
    # X at 1e300: an overflowing Gram matrix refused, the fix named
    gram = require_finite_gram(lambda: _kernel_matrix(kernel, X, X), X)
    G = gram + 1.0 if fit_intercept else gram
    alpha = np.zeros(N, dtype=np.int64)
    f = np.zeros(N)
    history: list[np.ndarray] | None = [] if record else None
    updates = epochs = 0
    converged = stopped = False
    while epochs < max_epochs and not stopped:
        epochs += 1
        clean = True
        i = 0
        while i < N:
            bad = np.flatnonzero(labels[i:] * f[i:] <= 0)
            if bad.size == 0:
                break
            j = i + int(bad[0])
            alpha[j] += 1
            f += labels[j] * G[:, j]
            updates += 1
            clean = False
            if history is not None:
                history.append(alpha.copy())
            if callback is not None and callback(updates, alpha.copy()):
                stopped = True
                break
            i = j + 1
        if clean:
            converged = True
            break
    weights = alpha * labels
    coef = X.T @ weights if kernel is None else None
    intercept = float(weights.sum()) if fit_intercept else 0.0
    return DualPerceptronResult(
        alpha_=alpha, coef_=coef, intercept_=intercept, converged_=converged, n_iter_=epochs,
        n_updates_=updates, gram_=gram, fit_intercept_=bool(fit_intercept), X_fit_=X,
        t_fit_=labels, kernel_=kernel, history_=tuple(history) if history is not None else None,
    )


def dual_decision_function(result: DualPerceptronResult, X_new: Any) -> np.ndarray:
    """f(x) = sum_j alpha_j t_j (k(x_j, x) + 1 if fit_intercept) at each row of ``X_new``
    (hermosillo2017: the classifier's output is its sign). Returns (M,) float64."""
    if not isinstance(result, DualPerceptronResult):
        raise InvalidInput(f"result must be the DualPerceptronResult of dual_perceptron, got "
                           f"{type(result).__name__}.")
    X_new = _data(X_new, "X_new")
    if X_new.shape[1] != result.X_fit_.shape[1]:
        raise ShapeMismatch(f"X_new has {X_new.shape[1]} features but the perceptron was fitted "
                            f"on {result.X_fit_.shape[1]}.")
    K = _kernel_matrix(result.kernel_, X_new, result.X_fit_)
    if result.fit_intercept_:
        K = K + 1.0
    return K @ (result.alpha_ * result.t_fit_)
