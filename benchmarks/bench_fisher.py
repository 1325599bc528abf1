"""Fisher's discriminant, two-class and multi-class, against scikit-learn and its floor.

Rows per case (N samples, d features, K classes, Gaussian classes):

- floor: the work no Fisher fit can avoid, on a 1-of-K matrix T built beforehand: the
  class sums ``T.T @ X`` (gemm) and ``X.T @ X`` (syrk), S_W and S_B from them, then the
  dense d x d problem — a Cholesky solve S_W w = m_2 - m_1 for K = 2, the generalized
  eigenproblem ``scipy.linalg.eigh(S_B, S_W)`` for its K - 1 top pairs for K > 2;
- ours: K = 2 ``fisher_classifier`` (direction and ml10's Gaussian threshold, a fitted
  classifier like scikit-learn's) and ``fisher_direction`` alone; K > 2
  ``fisher_projection``; ratios against the floor;
- sklearn ``LinearDiscriminantAnalysis(solver="eigen").fit``: ratio against ours.

The note of ours says which path formed S_W (``gram``: one fused pass, for roughly
centred data; ``centred``: a second, centring pass, for offset data — the last two-class
case shifts every feature by 50 to take it). The note of the peer row says how far its
answer is from ours: 1 - abs(cos) between the two directions (K = 2), the largest principal
angle between the two projection subspaces (K > 2).
"""

from __future__ import annotations

import numpy as np
import scipy.linalg
from _harness import Contender, gaussian_classes, measure, one_hot, repeats, size
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from numerics.fisher import (
    fisher_classifier,
    fisher_direction,
    fisher_projection,
    scatter_matrices,
)

TWO_CLASS_FULL = [(100_000, 20, 0.0), (1_000_000, 100, 0.0), (1_000_000, 20, 50.0)]
TWO_CLASS_QUICK = [(50_000, 20, 0.0), (50_000, 20, 50.0)]
MULTI_CLASS_FULL = [(100_000, 20, 3), (100_000, 100, 10), (1_000_000, 20, 3), (1_000_000, 100, 10)]
MULTI_CLASS_QUICK = [(50_000, 20, 3), (50_000, 100, 10)]


def _scatter(X: np.ndarray, T: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Class means (K, d), S_W and the multi-class S_B from one syrk and one gemm."""
    gram = X.T @ X
    counts = T.sum(axis=0)
    means = (T.T @ X) / counts[:, None]
    within = gram - (means.T * counts) @ means
    centred = means - counts @ means / counts.sum()
    between = (centred.T * counts) @ centred
    return means, within, between


def _two_class_floor(X: np.ndarray, T: np.ndarray) -> np.ndarray:
    means, within, _ = _scatter(X, T)
    return scipy.linalg.cho_solve(scipy.linalg.cho_factor(within), means[1] - means[0])


def _multi_class_floor(X: np.ndarray, T: np.ndarray) -> np.ndarray:
    _, within, between = _scatter(X, T)
    d, k = within.shape[0], T.shape[1]
    return scipy.linalg.eigh(between, within, subset_by_index=[d - k + 1, d - 1])[1]


def _two_class(n: int, d: int, offset: float, rounds: int) -> list[dict]:
    X, y = gaussian_classes(n, d, 2, seed=n + d, offset=offset)
    T = one_hot(y, 2)
    ours = fisher_classifier(X, y)
    peer = LinearDiscriminantAnalysis(solver="eigen").fit(X, y).coef_[0]
    cosine = abs(ours.coef_ @ peer) / np.linalg.norm(peer)
    shifted = f" offset {offset:g}" if offset else ""
    return measure(f"fisher two-class N={size(n)} d={d}{shifted}", [
        Contender("floor", lambda: _two_class_floor(X, T), None),
        Contender("ours fisher_classifier", lambda: fisher_classifier(X, y), "floor",
                  f"S_W path {scatter_matrices(X, y).algorithm_}"),
        Contender("ours fisher_direction", lambda: fisher_direction(X, y), "floor"),
        Contender("sklearn LDA(eigen)", lambda: LinearDiscriminantAnalysis(solver="eigen").fit(
            X, y), "ours fisher_classifier", f"1 - abs(cos) {max(1 - cosine, 0.0):.0e}"),
    ], rounds)


def _multi_class(n: int, d: int, n_classes: int, rounds: int) -> list[dict]:
    X, y = gaussian_classes(n, d, n_classes, seed=n + d + n_classes)
    T = one_hot(y, n_classes)
    ours = fisher_projection(X, y).scalings_
    peer = LinearDiscriminantAnalysis(solver="eigen").fit(X, y).scalings_[:, :n_classes - 1]
    angle = float(np.max(scipy.linalg.subspace_angles(ours, peer)))
    return measure(f"fisher multi-class N={size(n)} d={d} K={n_classes}", [
        Contender("floor", lambda: _multi_class_floor(X, T), None),
        Contender("ours fisher_projection", lambda: fisher_projection(X, y), "floor",
                  f"S_W path {scatter_matrices(X, y).algorithm_}"),
        Contender("sklearn LDA(eigen)", lambda: LinearDiscriminantAnalysis(solver="eigen").fit(
            X, y), "ours fisher_projection", f"max angle {angle:.0e} rad"),
    ], rounds)


def run(quick: bool) -> list[dict]:
    rows: list[dict] = []
    for n, d, offset in TWO_CLASS_QUICK if quick else TWO_CLASS_FULL:
        rows += _two_class(n, d, offset, repeats(quick))
    for n, d, n_classes in MULTI_CLASS_QUICK if quick else MULTI_CLASS_FULL:
        rows += _multi_class(n, d, n_classes, repeats(quick))
    return rows
