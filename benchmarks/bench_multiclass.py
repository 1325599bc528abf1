"""K-class decisions from given discriminants: argmax, one-vs-rest and one-vs-one votes.

``numerics.multiclass`` fits nothing: it evaluates discriminants on data. Rows per case
(N samples, d features, K classes, random discriminants):

- floor: the discriminant values, one gemm ``X @ W.T`` (K rows of W for argmax and
  one-vs-rest, K(K-1)/2 for one-vs-one); every scheme must compute them;
- ours: ``argmax_predict``, ``one_vs_rest_votes``, ``one_vs_one_votes``; ratio against
  the floor;
- sklearn, where it has the same decision: ``predict`` of a linear classifier holding
  the same ``coef_`` and ``intercept_`` (argmax), and ``OneVsOneClassifier.predict`` over
  binary classifiers holding the pairwise discriminants (its positive class is the second
  of a pair, so they hold -w, -b); ratio against ours. scikit-learn's one-vs-rest predicts
  by argmax and reports no ambiguity, so one-vs-rest has no peer row.

The peer's note says whether it decided as ours did (one-vs-one: on the samples ours
finds unambiguous; scikit-learn breaks vote ties by confidence).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
from _harness import Contender, measure, repeats, size
from sklearn.linear_model import LogisticRegression
from sklearn.multiclass import OneVsOneClassifier

from numerics.multiclass import argmax_predict, one_vs_one_votes, one_vs_rest_votes

FULL = [(100_000, 20, 3), (100_000, 100, 10), (1_000_000, 100, 5)]
QUICK = [(50_000, 20, 3), (50_000, 100, 5)]


def _holding(coef: np.ndarray, intercept: np.ndarray, classes: np.ndarray) -> LogisticRegression:
    """A scikit-learn linear classifier whose fitted state is the given discriminants."""
    model = LogisticRegression()
    model.coef_, model.intercept_, model.classes_ = coef, intercept, classes
    model.n_features_in_ = coef.shape[1]
    return model


def _one_vs_one(coef: np.ndarray, intercept: np.ndarray, n_classes: int) -> OneVsOneClassifier:
    model = OneVsOneClassifier(LogisticRegression())
    model.estimators_ = [_holding(-coef[m:m + 1], -intercept[m:m + 1], np.arange(2))
                         for m in range(coef.shape[0])]
    model.classes_, model.pairwise_indices_ = np.arange(n_classes), None
    model.n_features_in_ = coef.shape[1]
    return model


def _case(n: int, d: int, n_classes: int, rounds: int) -> list[dict]:
    rng = np.random.default_rng(n + d + n_classes)
    X = rng.standard_normal((n, d))
    W, b = rng.standard_normal((n_classes, d)), rng.standard_normal(n_classes)
    n_pairs = len(list(combinations(range(n_classes), 2)))
    W_pairs, b_pairs = rng.standard_normal((n_pairs, d)), rng.standard_normal(n_pairs)
    label = f"N={size(n)} d={d} K={n_classes}"

    argmax_peer = _holding(W, b, np.arange(n_classes))
    same = np.array_equal(argmax_peer.predict(X), argmax_predict(X, coef=W, intercept=b))
    rows = measure(f"multiclass argmax {label}", [
        Contender("floor", lambda: X @ W.T, None),
        Contender("ours argmax_predict", lambda: argmax_predict(X, coef=W, intercept=b), "floor"),
        Contender("sklearn predict", lambda: argmax_peer.predict(X), "ours argmax_predict",
                  "same labels" if same else "labels DIFFER"),
    ], rounds)
    rows += measure(f"multiclass one-vs-rest {label}", [
        Contender("floor", lambda: X @ W.T, None),
        Contender("ours one_vs_rest_votes",
                  lambda: one_vs_rest_votes(X, coef=W, intercept=b), "floor"),
    ], rounds)

    ovo_peer = _one_vs_one(W_pairs, b_pairs, n_classes)
    votes = one_vs_one_votes(X, coef=W_pairs, intercept=b_pairs)
    clear = ~votes.ambiguous_
    same = np.array_equal(ovo_peer.predict(X)[clear], votes.labels_[clear])
    rows += measure(f"multiclass one-vs-one {label}", [
        Contender("floor", lambda: X @ W_pairs.T, None),
        Contender("ours one_vs_one_votes",
                  lambda: one_vs_one_votes(X, coef=W_pairs, intercept=b_pairs), "floor"),
        Contender("sklearn OneVsOneClassifier", lambda: ovo_peer.predict(X),
                  "ours one_vs_one_votes",
                  f"{'same' if same else 'DIFFERENT'} labels on the {clear.mean():.0%} "
                  f"unambiguous samples"),
    ], rounds)
    return rows


def run(quick: bool) -> list[dict]:
    rows: list[dict] = []
    for n, d, n_classes in QUICK if quick else FULL:
        rows += _case(n, d, n_classes, repeats(quick))
    return rows
