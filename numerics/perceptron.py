"""The perceptron: its criterion, the batch rule (Algorithm 3) and the single-sample rule, exactly.

For running the perceptron of the documents update for update — the criterion
J_p(a) = sum_{y in Y(a)} (-a^T y) over the misclassified set Y(a) = {y : a^T y <= 0}
(dhs-perceptron "The perceptron criterion function"; udelar2018 "Criterio del perceptrón";
bromberg2012 §4 E_P; ml10 "Perceptron"), its gradient sum_{y in Y(a)} (-y), the batch update
a <- a + eta(k) sum_{y in Y_k} y with its stopping test (dhs-perceptron Algorithm 3), and the
single-sample fixed- or variable-increment rule a <- a + eta y^k in the exact cyclic order
y_1, ..., y_N, y_1, ... (Duda-Hart-Stork §5.5.2, Algorithms 4 and 5; hermosillo2017 "Perceptron";
bromberg2012 §4), so that traces and mistake counts can be compared with the documents'
claims (Novikoff's bound k <= R^2 / gamma^2, behaviour on non-separable data). Not a
production classifier: no shuffling, no averaging, no regularisation.

==============================  ===========================================================
``perceptron_criterion``        J_p(a) = sum over a^T y_n <= 0 of (-a^T y_n), a float
``perceptron_gradient``         sum over a^T y_n <= 0 of (-y_n): the subgradient used
``misclassified``               boolean mask a^T y_n <= margin
``batch_perceptron``            Algorithm 3 (batch, fixed or variable eta, theta stop)
``single_sample_perceptron``    fixed or variable increment, optional margin, cyclic order
==============================  ===========================================================

Equality counts as a mistake (a^T y = 0 is misclassified), as in Duda-Hart-Stork and in
scikit-learn's ``Perceptron`` (hinge with threshold 0 updates when t w^T x <= 0), so a = 0
misclassifies every sample and the run from a0 = 0 starts moving at once.

Engines. ``single_sample_perceptron`` has two implementations of the same loop: a compiled
one (Numba, ``engine="numba"``; compiled once and cached on disk, ``cache=True``) and a
pure-NumPy one (``engine="numpy"``) that finds the next mistake by vectorised blocks (the
decision values of a block of samples in one matrix-vector product; the block grows while
no mistake is found and shrinks after one). Both visit the samples in the same order and make
the same update at the same sample; they differ only in how a^T y is summed (sequentially in
the compiled loop, as scikit-learn does; by BLAS in NumPy), so on data whose products are
exact in float64 (e.g. small integers) they give identical updates, and otherwise may
differ only where a^T y is within rounding of the margin. ``engine="auto"`` uses Numba when
it is installed and the run needs no callback, no record and no variable increment.

Conventions
-----------
- ``Y`` is the (N, D) matrix of *normalised augmented* samples, one per row:
  y_n = t_n (x_n, 1) as returned by :func:`numerics.geometry.normalize_samples` (bias
  coordinate LAST). ``a`` is (D,), a = (w, b). Sample n is correct iff a^T y_n > margin.
- ``eta`` is a positive float, or a callable k -> positive float evaluated at k = 1, 2, ...:
  the iteration number (batch) or the number of the correction (single-sample:
  a(k+1) = a(k) + eta(k) y^k, Duda-Hart-Stork Eq. (5.19)).
- ``callback(k, a)`` is called after each update with the same k and a copy of a;
  returning True stops the run (``converged_`` is then False unless the stop test held).
- Outputs are float64; complex input is rejected (a classifier's weights are real).
- Errors: :class:`numerics.errors.InvalidInput` (and its subclasses
  :class:`~numerics.errors.ShapeMismatch`, :class:`~numerics.errors.NonFiniteInput`), naming
  the argument and the fix.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import numpy as np

from ._validation import (
    as_matrix,
    as_matrix_deferred_finite,
    as_scalar,
    as_vector,
    check_finite,
    check_positive_int,
)
from .errors import InvalidInput, NonFiniteInput

__all__ = [
    "BatchPerceptronResult",
    "PerceptronResult",
    "batch_perceptron",
    "misclassified",
    "perceptron_criterion",
    "perceptron_gradient",
    "single_sample_perceptron",
]

Eta = float | Callable[[int], float]
Callback = Callable[[int, np.ndarray], Any] | None
Engine = Literal["auto", "numba", "numpy"]


# --- validation shared by the perceptron family (relaxation, ho_kashyap, dual_perceptron) ---


def _samples(Y: Any, name: str = "Y", *, finite: bool = True) -> np.ndarray:
    """(N, D) float64, real, N >= 1, D >= 1, and finite unless ``finite=False``: then the
    caller must establish finiteness from a by-product (see :func:`_check_products`).
    Complex input is refused by the converters (``_validation.reject_complex``)."""
    if not finite:
        return np.ascontiguousarray(as_matrix_deferred_finite(Y, name))
    return np.ascontiguousarray(as_matrix(Y, name))


def _check_products(s: np.ndarray, Y: np.ndarray, name: str = "Y") -> None:
    """Finiteness of Y from s = Y @ a with a finite: a NaN or infinity in row n makes s_n NaN
    or infinite (a_j * inf is +-inf or NaN, and no finite sum undoes that), so a finite s
    proves Y finite without a pass of its own. Otherwise the canonical error is raised (or,
    if Y is finite and s overflowed, nothing: the caller's overflow check reports it)."""
    if not np.all(np.isfinite(s)):
        check_finite(Y, name)


def _weights(a: Any, name: str, size: int, default: float = 0.0) -> np.ndarray:
    """(size,) float64 start vector; ``None`` gives the constant ``default`` (a0 = 0)."""
    if a is None:
        return np.full(size, default)
    return np.array(as_vector(a, name, size=size), dtype=np.float64)


def _rate(eta: Any, name: str = "eta") -> Callable[[int], float]:
    """A positive constant or a callable k -> positive float, as a checked callable."""
    if callable(eta):
        def checked(k: int) -> float:
            try:
                value = float(eta(k))
            except (TypeError, ValueError) as exc:
                raise InvalidInput(
                    f"{name}({k}) must return a real number, but it raised {exc!r}. Make the "
                    f"learning-rate schedule return a positive float for every k."
                ) from None
            if not (math.isfinite(value) and value > 0):
                raise InvalidInput(
                    f"{name}({k}) returned {value!r}; a learning rate must be finite and > 0. "
                    f"Fix the schedule (e.g. eta=lambda k: 1.0 / k)."
                )
            return value
        return checked
    value = as_scalar(eta, name)
    if value <= 0:
        raise InvalidInput(
            f"{name} must be > 0 (a step along the descent direction), got {name}={eta!r}. "
            f"Pass a positive float, e.g. {name}=1.0, or a callable k -> float."
        )
    return lambda k: value


def _nonnegative(value: Any, name: str) -> float:
    v = as_scalar(value, name)
    if v < 0:
        raise InvalidInput(
            f"{name} must be >= 0, got {name}={value!r}. Pass 0 or a positive float.")
    return v


def _finite_scalar(value: Any, name: str) -> float:
    return as_scalar(value, name)


def _check_callback(callback: Any) -> None:
    if callback is not None and not callable(callback):
        raise InvalidInput(
            f"callback must be None or a callable (k, a) -> bool, got {type(callback).__name__}."
        )


def _diverged(a: np.ndarray, k: int, what: str) -> NonFiniteInput:
    return NonFiniteInput(
        f"{what}: the weights overflowed to a non-finite value at update {k} (a = {a!r}). "
        f"Rescale the samples or lower eta."
    )


# --- criterion ---------------------------------------------------------------------------


def misclassified(a: Any, Y: Any, *, margin: float = 0.0) -> np.ndarray:
    """The boolean mask a^T y_n <= margin (equality counts as a mistake).

    Conventions: ``a`` (D,), ``Y`` (N, D) normalised augmented samples; returns (N,) bool.
    """
    Y = _samples(Y)
    a = _weights(a, "a", Y.shape[1])
    return Y @ a <= _finite_scalar(margin, "margin")


def perceptron_criterion(a: Any, Y: Any) -> float:
    """J_p(a) = sum_{a^T y_n <= 0} (-a^T y_n) >= 0 (dhs-perceptron Eq. for J_p; Duda-Hart-Stork
    Eq. (5.16)): proportional to the sum of the distances of the misclassified samples to the
    decision boundary. Returns a float64 scalar."""
    Y = _samples(Y)
    a = _weights(a, "a", Y.shape[1])
    s = Y @ a
    return float(-s[s <= 0].sum())


def perceptron_gradient(a: Any, Y: Any) -> np.ndarray:
    """grad J_p(a) = sum_{a^T y_n <= 0} (-y_n) (Duda-Hart-Stork Eq. (5.17)).

    J_p is piecewise linear; where some a^T y_n = 0 it has a kink and this is the subgradient
    that counts those samples as misclassified (the one the update rule uses). Returns (D,)
    float64.
    """
    Y = _samples(Y)
    a = _weights(a, "a", Y.shape[1])
    mask = (Y @ a <= 0).astype(np.float64)
    return -(mask @ Y)


# --- batch perceptron ----------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class BatchPerceptronResult:
    """Outcome of :func:`batch_perceptron` (dhs-perceptron Algorithm 3).

    Attributes
    ----------
    a_ : (D,) final weights.
    converged_ : the stop test held: no sample misclassified (a^T y > margin for all), or
        ||eta(k) sum_{y in Y_k} y|| < theta.
    n_iter_ : iterations k made (each one batch update).
    n_updates_ : iterations whose misclassified set was not empty (updates that moved a).
        (How many samples a_ misclassifies is ``misclassified(a_, Y).sum()``: not computed
        here, so that a run costs exactly one Y @ a and one masked sum per iteration.)
    history_ : tuple of the weights a(1) = a0, a(2), ... after each iteration when
        ``record=True``; otherwise None.
    """

    a_: np.ndarray
    converged_: bool
    n_iter_: int
    n_updates_: int
    history_: tuple[np.ndarray, ...] | None


def batch_perceptron(
    Y: Any,
    *,
    eta: Eta = 1.0,
    a0: Any = None,
    theta: float = 0.0,
    margin: float = 0.0,
    max_iter: int = 1000,
    record: bool = False,
    callback: Callback = None,
) -> BatchPerceptronResult:
    """Batch perceptron, dhs-perceptron Algorithm 3: a <- a + eta(k) sum_{y in Y_k} y.

    Y_k = {y_n : a(k)^T y_n <= margin}. Stops when Y_k is empty (a separates) or when
    ||eta(k) sum_{y in Y_k} y|| < theta (the printed test, Euclidean norm), else after
    ``max_iter`` iterations with ``converged_=False`` (always the case on non-separable data
    with theta = 0). Each iteration is one product Y a and one masked sum (mask @ Y).

    Conventions: see the module docstring. ``theta >= 0``; ``a0`` defaults to 0.
    """
    Y = _samples(Y, finite=False)  # established from the first Y @ a below
    N, D = Y.shape
    rate = _rate(eta)
    a = _weights(a0, "a0", D)
    theta = _nonnegative(theta, "theta")
    margin = _finite_scalar(margin, "margin")
    max_iter = check_positive_int(max_iter, "max_iter")
    _check_callback(callback)
    history = [a.copy()] if record else None
    converged = False
    k = updates = 0
    mask = np.empty(N, dtype=np.float64)
    while k < max_iter:
        if k == 0:
            with np.errstate(invalid="ignore", over="ignore"):  # NaN in Y: reported next
                s = Y @ a
            _check_products(s, Y)
        else:
            s = Y @ a
        bad = s <= margin
        if not bad.any():
            converged = True
            break
        k += 1
        np.copyto(mask, bad)
        step = rate(k) * (mask @ Y)
        a += step
        updates += 1
        if history is not None or callback is not None or theta > 0:
            # a non-finite a stays non-finite (and makes every a^T y NaN, never "<= margin"),
            # so without observers one check after the loop suffices
            if not np.all(np.isfinite(a)):
                raise _diverged(a, k, "batch_perceptron")
            if history is not None:
                history.append(a.copy())
            if theta > 0 and float(np.linalg.norm(step)) < theta:
                converged = True
                break
            if callback is not None and callback(k, a.copy()):
                break
    if not np.all(np.isfinite(a)):
        raise _diverged(a, k, "batch_perceptron")
    return BatchPerceptronResult(
        a_=a, converged_=converged, n_iter_=k, n_updates_=updates,
        history_=tuple(history) if history is not None else None,
    )


# --- single-sample perceptron --------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class PerceptronResult:
    """Outcome of :func:`single_sample_perceptron`.

    Attributes
    ----------
    a_ : (D,) final weights.
    converged_ : a whole epoch (one pass y_1..y_N) made no update: a_^T y_n > margin for all n.
    n_iter_ : epochs started (the last one is the clean pass when converged).
    n_updates_ : corrections made (Novikoff's k).
    engine_ : "numba" or "numpy", the loop that ran.
    history_ : when ``record=True``, the weights after each correction (a(2), a(3), ...; a0
        excluded); otherwise None.
    updated_samples_ : when ``record=True``, the row index of the sample used by each
        correction, in order; otherwise None.
    """

    a_: np.ndarray
    converged_: bool
    n_iter_: int
    n_updates_: int
    engine_: str
    history_: tuple[np.ndarray, ...] | None
    updated_samples_: np.ndarray | None


def single_sample_perceptron(
    Y: Any,
    *,
    eta: Eta = 1.0,
    a0: Any = None,
    margin: float = 0.0,
    max_epochs: int = 1000,
    record: bool = False,
    callback: Callback = None,
    engine: Engine = "auto",
) -> PerceptronResult:
    """Single-sample perceptron in the exact cyclic order y_1, ..., y_N, y_1, ...

    Whenever a^T y_k <= margin: a <- a + eta y_k (fixed increment, eta a float; Duda-Hart-Stork
    Algorithm 4 with margin, Algorithm 5 with margin = 0) or a <- a + eta(k) y_k (variable
    increment, eta a callable of the correction number k = 1, 2, ...). Converged when a
    whole epoch makes no update; otherwise stops after ``max_epochs`` epochs with
    ``converged_=False`` (always, on non-separable data). With eta = 1, a0 = 0, margin = 0 it is
    scikit-learn's ``Perceptron(shuffle=False, eta0=1, fit_intercept=False, alpha=0, tol=None)``
    on the augmented data, update for update.

    Conventions: see the module docstring; ``engine`` selects the loop ("auto", "numba",
    "numpy"), never the result.
    """
    Y = _samples(Y)
    D = Y.shape[1]
    variable = callable(eta)
    rate = _rate(eta)
    a = _weights(a0, "a0", D)
    margin = _finite_scalar(margin, "margin")
    max_epochs = check_positive_int(max_epochs, "max_epochs")
    _check_callback(callback)
    if engine not in ("auto", "numba", "numpy"):
        raise InvalidInput(f"engine must be 'auto', 'numba' or 'numpy', got engine={engine!r}.")
    simple = not variable and callback is None and not record
    if engine == "numba" and not simple:
        raise InvalidInput(
            "engine='numba' runs only the fixed-increment loop without callback or record; "
            "pass engine='numpy' (or 'auto') for a variable eta, a callback or record=True."
        )
    kernel = _numba_kernel() if engine == "numba" or (engine == "auto" and simple) else None
    if engine == "numba" and kernel is None:
        raise InvalidInput("engine='numba' needs Numba: pip install 'numba>=0.59', or pass "
                           "engine='numpy'.")
    if kernel is not None:
        epochs, updates, converged = kernel(Y, a, rate(1), margin, max_epochs)
        if not np.all(np.isfinite(a)):
            raise _diverged(a, int(updates), "single_sample_perceptron")
        return PerceptronResult(a_=a, converged_=bool(converged), n_iter_=int(epochs),
                                n_updates_=int(updates), engine_="numba", history_=None,
                                updated_samples_=None)
    return _single_numpy(Y, a, rate, margin, max_epochs, record, callback)


def _single_numpy(Y, a, rate, margin, max_epochs, record, callback) -> PerceptronResult:
    N = Y.shape[0]
    history: list[np.ndarray] | None = [] if record else None
    used: list[int] | None = [] if record else None
    updates = epochs = 0
    converged = stopped = False
    block = 8
    while epochs < max_epochs and not stopped:
        epochs += 1
        clean = True
        i = 0
        while i < N:
            end = min(N, i + block)
            bad = np.flatnonzero(Y[i:end] @ a <= margin)
            if bad.size == 0:
                i = end
                block = min(2 * block, N)
                continue
            j = i + int(bad[0])
            updates += 1
            clean = False
            a += rate(updates) * Y[j]
            if not np.all(np.isfinite(a)):
                raise _diverged(a, updates, "single_sample_perceptron")
            if history is not None:
                history.append(a.copy())
                used.append(j)
            if callback is not None and callback(updates, a.copy()):
                stopped = True
                break
            block = max(8, 2 * int(bad[0]) + 2)
            i = j + 1
        if clean:
            converged = True
            break
    return PerceptronResult(
        a_=a, converged_=converged, n_iter_=epochs, n_updates_=updates, engine_="numpy",
        history_=tuple(history) if history is not None else None,
        updated_samples_=np.asarray(used, dtype=np.intp) if used is not None else None,
    )


_KERNEL: list[Any] = []


def _numba_kernel() -> Callable | None:
    """The compiled fixed-increment loop, or None without Numba. Compiled on first use and
    cached on disk (``cache=True``, in :func:`_jit_cache_dir`), so later processes load it
    instead of recompiling."""
    if _KERNEL:
        return _KERNEL[0]
    try:
        import numba
    except ImportError:
        _KERNEL.append(None)
        return None

    # Numba picks the cache's place when caching is enabled (here), from its CACHE_DIR, and
    # by default writes into this package's __pycache__: files that pip's uninstall does
    # not remove, so a later editable install finds numerics/ as a namespace package
    # without modules. A directory of the user's own (NUMBA_CACHE_DIR) is kept.
    saved = numba.config.CACHE_DIR
    if not saved:
        numba.config.CACHE_DIR = str(_jit_cache_dir())
    try:
        kernel = numba.njit(cache=True, nogil=True)(_single_fixed)
    finally:
        numba.config.CACHE_DIR = saved
    _KERNEL.append(kernel)
    return kernel


def _jit_cache_dir() -> Path:
    """Where the compiled loop is kept: ``$LINDISC_CACHE_DIR/numba``, else ``numba`` in the
    user's cache directory for lindisc (never inside the installed package)."""
    env = os.environ.get("LINDISC_CACHE_DIR")
    if env:
        return Path(env).expanduser() / "numba"
    import platformdirs

    return Path(platformdirs.user_cache_dir("lindisc")) / "numba"


def _single_fixed(Y, a, eta, margin, max_epochs):  # pragma: no cover - compiled by Numba
    """The fixed-increment loop (compiled by :func:`_numba_kernel`): decision values summed
    sequentially over the D coordinates, as scikit-learn's SGD does; updates ``a`` in place."""
    N, D = Y.shape
    updates = 0
    for epoch in range(1, max_epochs + 1):
        clean = True
        for n in range(N):
            s = 0.0
            for j in range(D):
                s += a[j] * Y[n, j]
            if s <= margin:
                for j in range(D):
                    a[j] += eta * Y[n, j]
                updates += 1
                clean = False
        if clean:
            return epoch, updates, True
    return max_epochs, updates, False
