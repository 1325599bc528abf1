"""The perceptron per epoch: single-sample against scikit-learn, batch against its floor.

Data: two overlapping Gaussian classes (``_harness.gaussian_classes``, means about 0.4 apart),
so the classes are not separable and every run makes its full number of epochs (scikit-learn
with ``tol=None`` always does); Y = normalize_samples(X, t). Each timed call runs ``EPOCHS``
epochs from a0 = 0 and the rows report seconds per epoch (the call's time / ``EPOCHS``).
Rows per case (N samples, d features):

- single-sample: ours ``single_sample_perceptron`` with the compiled loop (Numba) — the
  exact textbook sequence y_1, ..., y_N with a <- a + y_k whenever a^T y_k <= 0; ours with
  the pure-NumPy engine (vectorised search for the next mistake; ratio against the compiled
  one; full runs at N = 1e4 only: it pays Python per mistake, ~40% of N here); scikit-learn ``Perceptron(shuffle=False, eta0=1, fit_intercept=False, alpha=0,
  tol=None, max_iter=EPOCHS)`` fitted on the augmented data [X, 1] (ratio against ours: above
  1 means ours is faster). The note says whether the final weights are identical.
- batch: floor = per iteration one ``Y @ a``, the mask ``<= 0`` and one masked sum
  ``mask @ Y``; ours ``batch_perceptron`` (ratio against the floor).
"""

from __future__ import annotations

import warnings

import numpy as np
from _harness import Contender, gaussian_classes, measure, repeats, size

from numerics.geometry import normalize_samples
from numerics.perceptron import batch_perceptron, single_sample_perceptron

FULL = [(10_000, 10), (10_000, 100), (100_000, 10), (100_000, 100)]
QUICK = [(10_000, 10), (10_000, 100)]
EPOCHS = 5
QUICK_EPOCHS = 2
NUMPY_ENGINE_MAX_N = 10_000  # the NumPy engine pays Python per mistake: ~40% of N here


def _sklearn(Xa: np.ndarray, t: np.ndarray, epochs: int) -> np.ndarray:
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import Perceptron

    model = Perceptron(shuffle=False, eta0=1.0, fit_intercept=False, alpha=0.0, tol=None,
                       max_iter=epochs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(Xa, t)
    return model.coef_.ravel()


def _batch_floor(Y: np.ndarray, iterations: int) -> np.ndarray:
    a = np.zeros(Y.shape[1])
    for _ in range(iterations):
        mask = (Y @ a <= 0).astype(np.float64)
        a += mask @ Y
    return a


def _per_epoch(rows: list[dict], epochs: int) -> list[dict]:
    for row in rows:
        row["times"] = [seconds / epochs for seconds in row["times"]]
        row["note"] = (row.get("note") or "") + f"{'; ' if row.get('note') else ''}per epoch " \
            f"(calls of {epochs} epochs)"
    return rows


def _data(n: int, d: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    X, labels = gaussian_classes(n, d, 2, seed=n + d)
    t = np.where(labels == 1, 1.0, -1.0)
    return X, t, normalize_samples(X, t)


def _single_case(n: int, d: int, epochs: int, rounds: int, numpy_engine: bool) -> list[dict]:
    X, t, Y = _data(n, d)
    Xa = np.hstack([X, np.ones((n, 1))])
    ours = single_sample_perceptron(Y, max_epochs=epochs, engine="numba")
    theirs = _sklearn(Xa, t, epochs)
    same = "identical weights" if np.array_equal(ours.a_, theirs) else \
        f"weights differ by {np.abs(ours.a_ - theirs).max():.3g} (rounding)"
    contenders = [
        Contender("ours single_sample_perceptron (numba)",
                  lambda: single_sample_perceptron(Y, max_epochs=epochs, engine="numba"), None,
                  f"{ours.n_updates_} updates"),
        Contender("sklearn Perceptron", lambda: _sklearn(Xa, t, epochs),
                  "ours single_sample_perceptron (numba)", same),
    ]
    if numpy_engine and n <= NUMPY_ENGINE_MAX_N:
        slow = single_sample_perceptron(Y, max_epochs=epochs, engine="numpy")
        contenders.insert(1, Contender(
            "ours single_sample_perceptron (numpy)",
            lambda: single_sample_perceptron(Y, max_epochs=epochs, engine="numpy"),
            "ours single_sample_perceptron (numba)",
            "same updates as numba" if slow.n_updates_ == ours.n_updates_ and
            np.array_equal(slow.a_, ours.a_) else "differs from numba within rounding"))
    return _per_epoch(measure(f"single-sample perceptron N={size(n)} d={d}", contenders,
                              rounds), epochs)


def _batch_case(n: int, d: int, epochs: int, rounds: int) -> list[dict]:
    _, _, Y = _data(n, d)
    ours = batch_perceptron(Y, max_iter=epochs).a_
    same = "same weights as the floor" if np.array_equal(ours, _batch_floor(Y, epochs)) else \
        "differs from the floor"
    return _per_epoch(measure(f"batch perceptron N={size(n)} d={d}", [
        Contender("floor", lambda: _batch_floor(Y, epochs), None),
        Contender("ours batch_perceptron", lambda: batch_perceptron(Y, max_iter=epochs),
                  "floor", same),
    ], rounds), epochs)


def run(quick: bool) -> list[dict]:
    epochs = QUICK_EPOCHS if quick else EPOCHS
    single_sample_perceptron(np.ones((1, 1)), engine="numba")  # load the compiled loop once
    rows: list[dict] = []
    for n, d in QUICK if quick else FULL:
        rows += _single_case(n, d, epochs, repeats(quick), numpy_engine=not quick)
        rows += _batch_case(n, d, epochs, repeats(quick))
    return rows
