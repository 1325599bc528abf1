"""Relaxation criteria J_q and J_r and the relaxation procedures with margin, as printed.

For checking the documents' claims about the "relaxation" criteria that replace the
perceptron's piecewise-linear J_p by squared ones (udelar2018 "Relajaciones: criterio J_q,
criterio J_r"; Duda-Hart-Stork §5.6): J_q(a) = sum_{a^T y <= 0} (a^T y)^2, continuously
differentiable but minimised by the trivial a = 0 on the boundary of the solution region;
J_r(a) = 1/2 sum_{a^T y <= b} (a^T y - b)^2 / ||y||^2 with a margin b > 0, whose minimum 0 is
attained exactly on {a : a^T y_n >= b for all n}. Runs the batch relaxation with margin
(Duda-Hart-Stork Algorithm 8) and the single-sample relaxation with margin (Algorithm 9),
a <- a + eta (b - a^T y_k) / ||y_k||^2 y_k whenever a^T y_k <= b, in the exact cyclic order.

=================================  =======================================================
``relaxation_criterion_q``         J_q(a), a float
``relaxation_gradient_q``          sum_{a^T y <= 0} 2 (a^T y) y
``relaxation_criterion_r``         J_r(a; b), a float
``relaxation_gradient_r``          sum_{a^T y <= b} (a^T y - b) / ||y||^2 y
``batch_relaxation``               a <- a + eta(k) sum_{Y_k} (b - a^T y) / ||y||^2 y
``single_sample_relaxation``       a <- a + eta (b - a^T y_k) / ||y_k||^2 y_k if a^T y_k <= b
=================================  =======================================================

Each update moves a^T y_k to (1 - eta) a^T y_k + eta b: a fraction eta of the way to the
hyperplane a^T y_k = b (eta = 1 lands on it, which still counts as a mistake under the printed
test a^T y <= b; 1 < eta < 2 overshoots past it). For 0 < eta < 2 every update brings a no
farther from any a* with a*^T y_n >= b for all n (Duda-Hart-Stork §5.6.2).

Conventions
-----------
As :mod:`numerics.perceptron`: ``Y`` (N, D) normalised augmented samples (bias LAST), ``a``
(D,), ``eta`` a positive float or callable k -> float (k the iteration for batch, the
correction number for single-sample), ``callback(k, a)`` returning True stops; float64
outputs, complex input rejected, errors from :mod:`numerics.errors` naming the argument. The
margin ``b`` is required, keyword-only, and > 0; rows of ``Y`` must be nonzero (||y|| divides).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ._validation import check_positive_int
from .errors import InvalidInput
from .perceptron import (
    Callback,
    Eta,
    _check_callback,
    _diverged,
    _finite_scalar,
    _rate,
    _samples,
    _weights,
)

__all__ = [
    "RelaxationResult",
    "batch_relaxation",
    "relaxation_criterion_q",
    "relaxation_criterion_r",
    "relaxation_gradient_q",
    "relaxation_gradient_r",
    "single_sample_relaxation",
]


def _margin(b: Any) -> float:
    value = _finite_scalar(b, "b")
    if value <= 0:
        raise InvalidInput(
            f"b is the margin of the relaxation criterion and must be > 0, got b={b!r}. With "
            f"b = 0 the criterion is minimised by a = 0; pass e.g. b=1.0."
        )
    return value


def _squared_norms(Y: np.ndarray) -> np.ndarray:
    sq = np.einsum("ij,ij->i", Y, Y)
    zero = np.flatnonzero(sq == 0)
    if zero.size:
        raise InvalidInput(
            f"Y has {zero.size} zero row(s) (first at index {int(zero[0])}); J_r divides by "
            f"||y||^2. Normalised augmented samples y = t (x, 1) are never zero: build Y with "
            f"numerics.geometry.normalize_samples."
        )
    return sq


def relaxation_criterion_q(a: Any, Y: Any) -> float:
    """J_q(a) = sum_{a^T y_n <= 0} (a^T y_n)^2 (Duda-Hart-Stork Eq. (5.32)). Float64 scalar."""
    Y = _samples(Y)
    s = Y @ _weights(a, "a", Y.shape[1])
    s = s[s <= 0]
    return float(s @ s)


def relaxation_gradient_q(a: Any, Y: Any) -> np.ndarray:
    """grad J_q(a) = sum_{a^T y_n <= 0} 2 (a^T y_n) y_n: continuous (terms vanish at the
    boundary a^T y = 0). (D,) float64."""
    Y = _samples(Y)
    s = Y @ _weights(a, "a", Y.shape[1])
    return 2.0 * (np.minimum(s, 0.0) @ Y)


def relaxation_criterion_r(a: Any, Y: Any, *, b: float) -> float:
    """J_r(a) = 1/2 sum_{a^T y_n <= b} (a^T y_n - b)^2 / ||y_n||^2 (Duda-Hart-Stork
    Eq. (5.33)). Float64 scalar."""
    Y = _samples(Y)
    b = _margin(b)
    sq = _squared_norms(Y)
    r = Y @ _weights(a, "a", Y.shape[1]) - b
    bad = r <= 0
    return float(0.5 * np.sum(r[bad] ** 2 / sq[bad]))


def relaxation_gradient_r(a: Any, Y: Any, *, b: float) -> np.ndarray:
    """grad J_r(a) = sum_{a^T y_n <= b} (a^T y_n - b) / ||y_n||^2 y_n (Duda-Hart-Stork
    Eq. (5.34)). (D,) float64."""
    Y = _samples(Y)
    b = _margin(b)
    sq = _squared_norms(Y)
    r = Y @ _weights(a, "a", Y.shape[1]) - b
    return (np.minimum(r, 0.0) / sq) @ Y


def _inputs(Y: Any, b: Any, eta: Eta, a0: Any):
    """The checked samples, margin, squared norms, rate and starting weights both loops share."""
    Y = _samples(Y)
    return Y, _margin(b), _squared_norms(Y), _rate(eta), _weights(a0, "a0", Y.shape[1])


def _observe(a: np.ndarray, k: int, what: str, history: list[np.ndarray] | None,
             callback: Callback) -> bool:
    """After correction k: a non-finite a raises (the run overflowed); else a is recorded and
    the callback asked. True when the callback stops the run."""
    if not np.all(np.isfinite(a)):
        raise _diverged(a, k, what)
    if history is not None:
        history.append(a.copy())
    return callback is not None and bool(callback(k, a.copy()))


@dataclass(frozen=True, eq=False)
class RelaxationResult:
    """Outcome of :func:`batch_relaxation` or :func:`single_sample_relaxation`.

    Attributes
    ----------
    a_ : (D,) final weights.
    converged_ : no sample has a_^T y <= b (batch: the misclassified set is empty; single
        sample: a whole epoch made no update).
    n_iter_ : iterations (batch) or epochs (single-sample) run.
    n_updates_ : corrections made.
    history_ : with ``record=True``, the weights after each correction; otherwise None.
    stalled_ : single-sample only: an epoch made corrections yet ended with a_ bit-identical
        to where it or one of the :data:`CYCLE_WINDOW` epochs before it began, so the later
        epochs repeat that cycle exactly and the run can never converge; it stops there with
        ``converged_=False``. This happens where the corrections round to nothing or to a
        cycle of the last bits — the iterates approach the hyperplane a^T y = b, the limit
        the relaxation theorem allows for 0 < eta < 2, each remaining "mistake" within
        rounding of b (with eta = 1.5, a cycle of two epochs) — and where corrections cancel
        over one epoch (y and -y with eta = 1). Also when every correction of an epoch was
        within the rounding error of its score (b - a^T y <= 4 eps D (|y|^T |a| + |b|)): the
        iterates drift in their last bits along a^T y = b without ever repeating exactly.
    """

    a_: np.ndarray
    converged_: bool
    n_iter_: int
    n_updates_: int
    history_: tuple[np.ndarray, ...] | None
    stalled_: bool = False


def batch_relaxation(
    Y: Any,
    *,
    b: float,
    eta: Eta = 1.0,
    a0: Any = None,
    max_iter: int = 1000,
    record: bool = False,
    callback: Callback = None,
) -> RelaxationResult:
    """Batch relaxation with margin (Duda-Hart-Stork Algorithm 8): while some a^T y <= b,
    a <- a + eta(k) sum_{a^T y <= b} (b - a^T y) / ||y||^2 y, i.e. a gradient step on J_r.
    Stops when no sample is within the margin, else after ``max_iter`` iterations with
    ``converged_=False``."""
    Y, b, sq, rate, a = _inputs(Y, b, eta, a0)
    max_iter = check_positive_int(max_iter, "max_iter")
    _check_callback(callback)
    history: list[np.ndarray] | None = [] if record else None
    k, converged = 0, False
    while k < max_iter:
        r = b - Y @ a
        if not np.any(r >= 0):
            converged = True
            break
        k += 1
        a += rate(k) * ((np.maximum(r, 0.0) / sq) @ Y)
        if _observe(a, k, "batch_relaxation", history, callback):
            break
    else:
        converged = not np.any(Y @ a <= b)
    return RelaxationResult(a_=a, converged_=converged, n_iter_=k, n_updates_=k,
                            history_=tuple(history) if history is not None else None)


#: Epochs back a single-sample run looks for its current weights (a cycle of the last bits
#: near the hyperplane a^T y = b; Hypothesis found one of two epochs with eta = 1.5).
CYCLE_WINDOW = 64
#: A correction of the single-sample relaxation counts as progress when b − aᵀy exceeds
#: ROUNDING · D · (|y|ᵀ|a| + |b|), a bound on the rounding error of the score aᵀy: an epoch
#: with corrections but no progress ends the run as stalled.
ROUNDING = 4 * np.finfo(np.float64).eps


def single_sample_relaxation(
    Y: Any,
    *,
    b: float,
    eta: Eta = 1.0,
    a0: Any = None,
    max_epochs: int = 1000,
    record: bool = False,
    callback: Callback = None,
) -> RelaxationResult:
    """Single-sample relaxation with margin (Duda-Hart-Stork Algorithm 9), cyclic order
    y_1, ..., y_N, y_1, ...: whenever a^T y_k <= b, a <- a + eta (b - a^T y_k)/||y_k||^2 y_k.
    Converged when a whole epoch makes no update; stops with ``stalled_=True`` when an epoch
    ends where a recent one began (see :class:`RelaxationResult`); else stops after
    ``max_epochs`` epochs with ``converged_=False`` (always on non-separable data, and
    possibly with 0 < eta < 2, whose iterates may approach the hyperplane a^T y = b without
    crossing it)."""
    Y, b, sq, rate, a = _inputs(Y, b, eta, a0)
    max_epochs = check_positive_int(max_epochs, "max_epochs")
    _check_callback(callback)
    history: list[np.ndarray] | None = [] if record else None
    rows = list(Y)
    updates = epochs = 0
    converged = stopped = stalled = False
    starts: dict[bytes, int] = {}  # the last CYCLE_WINDOW epochs' starting weights
    while epochs < max_epochs and not stopped:
        epochs += 1
        clean = True
        starts[(a + 0.0).tobytes()] = epochs  # (+ 0.0: -0.0 is 0.0, as before)
        if len(starts) > CYCLE_WINDOW:
            del starts[next(iter(starts))]
        progress = False  # a correction larger than the rounding error of its score
        for n, y in enumerate(rows):
            s = float(y @ a)
            if s <= b:
                updates += 1
                clean = False
                if not progress and b - s > ROUNDING * len(y) * (np.abs(y) @ np.abs(a) + abs(b)):
                    progress = True
                a += (rate(updates) * (b - s) / sq[n]) * y
                if _observe(a, updates, "single_sample_relaxation", history, callback):
                    stopped = True
                    break
        if clean:
            converged = True
            break
        if not stopped and ((a + 0.0).tobytes() in starts or not progress):
            # the epoch ended where a recent one began (a cycle, forever), or each of its
            # corrections was within the rounding error of its score: no float progress left
            stalled = True
            break
    return RelaxationResult(a_=a, converged_=converged, n_iter_=epochs, n_updates_=updates,
                            history_=tuple(history) if history is not None else None,
                            stalled_=stalled)
