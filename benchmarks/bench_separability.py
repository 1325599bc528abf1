"""Deciding linear separability with a verified proof, against the bare linear programs.

scikit-learn has no peer: its linear classifiers find a separator when they can but never
prove that none exists. Rows per case (N samples, d features; separable data: labels
sign(w^T x) with a margin of 0.3; non-separable: sign(w^T x + noise)):

- floor: the linear programs that decide the question, handed to SciPy's HiGHS with the
  tolerances ours uses, on the raw data — the separator LP ``min ||w||_1 s.t.
  t_n (w^T x_n + b) >= 1``; for non-separable data, after it fails, the convex-hull LP
  that finds the common point (Farkas' alternative);
- ours: ``linear_separability``, which solves the same LPs on standardised data and then
  verifies the proof in float64 (margins above the rounding bound, or the hull point
  refined by NNLS and checked coordinate by coordinate); ratio against the floor.
"""

from __future__ import annotations

import numpy as np
from _harness import Contender, measure, repeats, size
from scipy.optimize import linprog

from numerics.separability import _HIGHS_OPTIONS, linear_separability

FULL = [(2_000, 20), (10_000, 20)]
QUICK = [(2_000, 20)]
MARGIN = 0.3


def _separator_lp(X: np.ndarray, t: np.ndarray) -> int:
    n, d = X.shape
    A_ub = -t[:, None] * np.hstack([X, -X, np.ones((n, 1))])
    cost = np.concatenate([np.ones(2 * d), [0.0]])
    bounds = [(0, None)] * (2 * d) + [(None, None)]
    return linprog(cost, A_ub=A_ub, b_ub=-np.ones(n), bounds=bounds, method="highs",
                   options=_HIGHS_OPTIONS).status


def _hull_lp(X: np.ndarray, t: np.ndarray) -> int:
    pos, neg = X[t > 0], X[t < 0]
    A_eq = np.vstack([
        np.hstack([pos.T, -neg.T]),
        np.concatenate([np.ones(len(pos)), np.zeros(len(neg))]),
        np.concatenate([np.zeros(len(pos)), np.ones(len(neg))]),
    ])
    rhs = np.concatenate([np.zeros(X.shape[1]), [1.0, 1.0]])
    return linprog(np.zeros(len(X)), A_eq=A_eq, b_eq=rhs, bounds=(0, None), method="highs",
                   options=_HIGHS_OPTIONS).status


def _floor(X: np.ndarray, t: np.ndarray) -> None:
    if _separator_lp(X, t) != 0:
        _hull_lp(X, t)


def _case(n: int, d: int, separable: bool, rounds: int) -> list[dict]:
    rng = np.random.default_rng(n + d + separable)
    X, w = rng.standard_normal((n, d)), rng.standard_normal(d)
    g = X @ w / np.linalg.norm(w)
    if separable:
        X, g = X[np.abs(g) > MARGIN], g[np.abs(g) > MARGIN]
    else:
        g = g + rng.standard_normal(n)
    t = np.where(g > 0, 1.0, -1.0)
    verdict = linear_separability(X, t).separable_
    kind = "separable" if separable else "not separable"
    return measure(f"separability {kind} N={size(n)} d={d}", [
        Contender("floor", lambda: _floor(X, t), None),
        Contender("ours linear_separability", lambda: linear_separability(X, t), "floor",
                  f"decided {'separable' if verdict else 'not separable'}, "
                  f"N={X.shape[0]} after the margin" if separable else
                  f"decided {'separable' if verdict else 'not separable'}"),
    ], rounds)


def run(quick: bool) -> list[dict]:
    rows: list[dict] = []
    for n, d in QUICK if quick else FULL:
        for separable in (True, False):
            rows += _case(n, d, separable, repeats(quick))
    return rows
