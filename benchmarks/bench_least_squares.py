"""Least squares with 1-of-K targets: ``fit_least_squares`` against scikit-learn and its floor.

Rows per case (N samples, d features, K classes, Gaussian classes):

- floor: the BLAS work any normal-equations fit pays, on a 1-of-K matrix T built
  beforehand: ``X.T @ X`` (NumPy sends it to syrk), ``T.T @ X`` (gemm; its column sums
  give X^T 1), the bordered (d+1) x (d+1) Gram matrix and a Cholesky solve;
- ours: ``fit_least_squares(X, y)``, the whole fit from labels (encoding, validation,
  Gram, equilibration, Cholesky, condition number, solve); ratio against the floor;
- sklearn ``RidgeClassifier(alpha=1e-10, solver="cholesky")``: labels in, the same
  problem with +-1 targets (its decision values are 2 ours - 1); ratio against ours;
- sklearn ``LinearRegression()`` on the prebuilt T (its predictions are ours; SciPy's
  lstsq, gelsd); ratio against ours.

The note of each peer row is the largest difference of its decision values from ours on
1000 samples: the ratio compares fits that compute the same thing.
"""

from __future__ import annotations

import numpy as np
import scipy.linalg
from _harness import Contender, gaussian_classes, measure, one_hot, repeats, size
from sklearn.linear_model import LinearRegression, RidgeClassifier

from numerics.least_squares import decision_function, fit_least_squares

FULL = [(100_000, 20, 3), (100_000, 100, 10), (1_000_000, 20, 3), (1_000_000, 100, 10)]
QUICK = [(50_000, 20, 3), (50_000, 100, 10)]


def _floor(X: np.ndarray, T: np.ndarray) -> np.ndarray:
    n, d = X.shape
    gram = X.T @ X
    class_sums = T.T @ X
    column_sums = class_sums.sum(axis=0)
    bordered = np.empty((d + 1, d + 1))
    bordered[:d, :d] = gram
    bordered[:d, d] = bordered[d, :d] = column_sums
    bordered[d, d] = n
    rhs = np.vstack([class_sums.T, T.sum(axis=0)])
    return scipy.linalg.cho_solve(scipy.linalg.cho_factor(bordered), rhs)


def _case(n: int, d: int, n_classes: int, rounds: int) -> list[dict]:
    X, y = gaussian_classes(n, d, n_classes, seed=n + d + n_classes)
    T = one_hot(y, n_classes)
    probe = X[:1000]
    model = fit_least_squares(X, y)
    ours = decision_function(model, probe)
    ridge = RidgeClassifier(alpha=1e-10, solver="cholesky").fit(X, y).decision_function(probe)
    linear = LinearRegression().fit(X, T).predict(probe)
    return measure(f"least squares N={size(n)} d={d} K={n_classes}", [
        Contender("floor", lambda: _floor(X, T), None),
        Contender("ours fit_least_squares", lambda: fit_least_squares(X, y), "floor",
                  f"solver {model.method_}"),
        Contender("sklearn RidgeClassifier", lambda: RidgeClassifier(
            alpha=1e-10, solver="cholesky").fit(X, y), "ours fit_least_squares",
            f"max abs diff {np.max(np.abs(2 * ours - 1 - ridge)):.0e} (to 2 ours - 1)"),
        Contender("sklearn LinearRegression", lambda: LinearRegression().fit(X, T),
                  "ours fit_least_squares", f"max abs diff {np.max(np.abs(ours - linear)):.0e}"),
    ], rounds)


def run(quick: bool) -> list[dict]:
    rows: list[dict] = []
    for n, d, n_classes in QUICK if quick else FULL:
        rows += _case(n, d, n_classes, repeats(quick))
    return rows
