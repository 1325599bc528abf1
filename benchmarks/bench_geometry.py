"""One hyperplane w^T x + b = 0 evaluated on data: values, signed distances, projections.

Rows per case (N samples, d features, a random hyperplane); constant-size functions
(``origin_distance``, ``line_through_points``) are not timed.

- ``decision_function`` and ``signed_distance``: floor one gemv ``X @ w``; for the
  discriminant value scikit-learn's ``decision_function`` of a binary linear classifier
  holding the same ``coef_`` and ``intercept_`` is the peer (ratio against ours);
- ``project_onto_hyperplane``: floor the gemv plus one write of an N x d result
  (``X.copy()``): the least memory traffic of any projection;
- ``normalize_samples`` (t_n (x_n, 1)): floor one multiply of X by t into a preallocated
  N x (d + 1) result and its last column set to t.
"""

from __future__ import annotations

import numpy as np
from _harness import Contender, measure, repeats, size
from sklearn.linear_model import LogisticRegression

from numerics.geometry import (
    decision_function,
    normalize_samples,
    project_onto_hyperplane,
    signed_distance,
)

FULL = [(100_000, 20), (1_000_000, 100)]
QUICK = [(50_000, 20), (50_000, 100)]


def _projection_floor(X: np.ndarray, w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return X @ w, X.copy()


def _normalize_floor(X: np.ndarray, t: np.ndarray) -> np.ndarray:
    out = np.empty((X.shape[0], X.shape[1] + 1))
    np.multiply(X, t[:, None], out=out[:, :-1])
    out[:, -1] = t
    return out


def _case(n: int, d: int, rounds: int) -> list[dict]:
    rng = np.random.default_rng(n + d)
    X, w, b = rng.standard_normal((n, d)), rng.standard_normal(d), float(rng.standard_normal())
    t = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    peer = LogisticRegression()
    peer.coef_, peer.intercept_, peer.classes_ = w[None, :], np.array([b]), np.array([-1, 1])
    peer.n_features_in_ = d
    difference = np.max(np.abs(peer.decision_function(X) - decision_function(
        X, coef=w, intercept=b)))
    label = f"N={size(n)} d={d}"
    rows = measure(f"geometry decision_function {label}", [
        Contender("floor", lambda: X @ w, None),
        Contender("ours decision_function",
                  lambda: decision_function(X, coef=w, intercept=b), "floor"),
        Contender("sklearn decision_function", lambda: peer.decision_function(X),
                  "ours decision_function", f"max abs diff {difference:.0e}"),
    ], rounds)
    rows += measure(f"geometry signed_distance {label}", [
        Contender("floor", lambda: X @ w, None),
        Contender("ours signed_distance",
                  lambda: signed_distance(X, coef=w, intercept=b), "floor"),
    ], rounds)
    rows += measure(f"geometry project_onto_hyperplane {label}", [
        Contender("floor", lambda: _projection_floor(X, w), None),
        Contender("ours project_onto_hyperplane",
                  lambda: project_onto_hyperplane(X, coef=w, intercept=b), "floor"),
    ], rounds)
    rows += measure(f"geometry normalize_samples {label}", [
        Contender("floor", lambda: _normalize_floor(X, t), None),
        Contender("ours normalize_samples", lambda: normalize_samples(X, t), "floor"),
    ], rounds)
    return rows


def run(quick: bool) -> list[dict]:
    rows: list[dict] = []
    for n, d in QUICK if quick else FULL:
        rows += _case(n, d, repeats(quick))
    return rows
