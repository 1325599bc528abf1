"""K-class decisions from linear discriminants: argmax, one-vs-rest and one-vs-one votes.

bromberg2012 §2 (after Bishop PRML §4.1.2) contrasts three ways to build a K-class
classifier from linear functions. Combining binary discriminants by one-vs-rest claims or
by one-vs-one majority vote leaves ambiguous regions (Fig. 4); a single K-class
discriminant that assigns ``x`` to ``argmax_k y_k(x)``, ``y_k(x) = w_k^T x + b_k``
(Eq. (4)), does not, and its decision regions are convex. This module evaluates the three
schemes on given discriminants and constructs the Fig. 4 ambiguities concretely. It does
not fit the discriminants (see the least-squares and perceptron modules).

Conventions shared by every function: ``coef`` is (n_discriminants, n_features), one
discriminant per row as in scikit-learn's ``coef_``; ``intercept`` is (n_discriminants,);
``X`` is (n_samples, n_features); classes are the integers ``0 .. K-1``; a binary
discriminant ``g`` decides for its positive class when ``g(x) >= 0`` (bromberg2012
Lemma 1). Data (``X``, or the count ``n_classes`` of :func:`n_pairwise_classifiers`) are
positional; the discriminants (``coef``, ``intercept``) and every option are keyword-only.
Results are frozen dataclasses with trailing-underscore fields. Scores are float64 for
every input dtype (int, bool, float32 are converted on entry); class indices, vote and
claim counts are integers. Complex input raises :class:`InvalidInput`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from ._validation import as_matrix, as_vector, check_positive_int, reject_complex
from .errors import InvalidInput, ShapeMismatch

__all__ = [
    "AmbiguityExample",
    "OneVsOneVotes",
    "OneVsRestVotes",
    "PairwiseBoundary",
    "argmax_predict",
    "n_pairwise_classifiers",
    "one_vs_one_votes",
    "one_vs_rest_votes",
    "ovo_ambiguity_example",
    "ovr_ambiguity_example",
    "pairwise_boundary",
]


def _discriminants(coef: Any, intercept: Any, *, min_rows: int = 1) -> tuple[np.ndarray, np.ndarray]:
    W = as_matrix(coef, "coef")
    if W.shape[0] < min_rows:
        raise InvalidInput(
            f"coef must hold at least {min_rows} discriminants (one per row, shape "
            f"(n_discriminants, n_features)), got shape {W.shape}. A single binary hyperplane "
            f"belongs to numerics.geometry."
        )
    b = as_vector(intercept, "intercept")
    if b.shape[0] != W.shape[0]:
        hint = ""
        if b.shape[0] == W.shape[1]:
            hint = (" coef looks transposed (one discriminant per column): pass coef.T, of "
                    "shape (n_discriminants, n_features) like scikit-learn's coef_.")
        raise ShapeMismatch(
            f"intercept must have one entry per row of coef: coef has {W.shape[0]} rows, "
            f"intercept has {b.shape[0]} entries.{hint}"
        )
    return W, b


def _scores(X: Any, W: np.ndarray, b: np.ndarray) -> np.ndarray:
    X = as_matrix(X, "X")
    if X.shape[1] != W.shape[1]:
        raise ShapeMismatch(
            f"X has {X.shape[1]} features (columns) but coef has {W.shape[1]} columns; they "
            f"must agree (coef is (n_discriminants, n_features), like scikit-learn's coef_)."
        )
    return X @ W.T + b


def _class_index(value: Any, name: str, n_classes: int) -> int:
    reject_complex(value, name)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidInput(f"{name} must be an integer class index, got {name}={value!r}.")
    if not 0 <= value < n_classes:
        raise InvalidInput(
            f"{name} must be a class index in 0..{n_classes - 1} (one per row of coef), "
            f"got {name}={value!r}."
        )
    return int(value)


def n_pairwise_classifiers(n_classes: int) -> int:
    """Number ``K(K-1)/2`` of one-vs-one discriminants, one per unordered pair of classes.

    bromberg2012 §2 (``binom(K, 2) = K(K-1)/2``); udelar2018 "Múltiples clases"
    (``c(c-1)/2`` pairs).

    Conventions
    -----------
    n_classes : integer ``K >= 2``. Returns an int.
    """
    K = check_positive_int(n_classes, "n_classes")
    if K < 2:
        raise InvalidInput(
            f"n_classes must be at least 2 (a one-vs-one scheme needs a pair of classes), "
            f"got n_classes={n_classes!r}."
        )
    return K * (K - 1) // 2


def argmax_predict(X: Any, *, coef: Any, intercept: Any) -> np.ndarray:
    """Assign each row to ``argmax_k y_k(x)`` with ``y_k(x) = w_k^T x + b_k``.

    This is the single K-class discriminant of bromberg2012 Eq. (4) (Bishop PRML Eq. (4.9)):
    ``x`` is in class ``k`` if ``y_k(x) > y_j(x)`` for all ``j != k``. It leaves no ambiguous
    region, and each region is convex (bromberg2012 §2, Fig. 5).

    Ties: where several ``y_k(x)`` are exactly equal (a set of measure zero, on the
    boundaries ``(w_k - w_j)^T x + (b_k - b_j) = 0``), the smallest such index ``k`` is
    returned, deterministically (the rule of :func:`numpy.argmax`). Regions stay convex under
    this rule: class ``k`` is ``{x : y_k > y_j for j < k, y_k >= y_j for j > k}``, an
    intersection of half-spaces.

    Conventions
    -----------
    X : (n_samples, n_features); coef : (K, n_features) with ``K >= 2``; intercept : (K,).
    Returns (n_samples,) integer class indices in ``0 .. K-1``.
    """
    W, b = _discriminants(coef, intercept, min_rows=2)
    return np.argmax(_scores(X, W, b), axis=1)


@dataclass(frozen=True, eq=False)
class PairwiseBoundary:
    """The hyperplane ``coef_^T x + intercept_ = 0`` where ``y_k(x) = y_j(x)``.

    Attributes
    ----------
    coef_ : (n_features,) ``w_k - w_j``; the zero vector when ``w_k == w_j``.
    intercept_ : float ``b_k - b_j``.
    classes_ : (2,) int, the pair ``(k, j)``; the normal points into ``y_k > y_j``.
    """

    coef_: np.ndarray
    intercept_: float
    classes_: np.ndarray


def pairwise_boundary(*, coef: Any, intercept: Any, k: int, j: int) -> PairwiseBoundary:
    """Hyperplane between classes ``k`` and ``j``: ``(w_k - w_j)^T x + (b_k - b_j) = 0``.

    The surface where ``y_k(x) = y_j(x)`` (bromberg2012 §2; Bishop PRML Eq. (4.10)). Its
    normal points into the side where ``y_k > y_j``. If ``w_k == w_j`` the returned normal is
    the zero vector: the two classes never share a boundary (or share the whole space when
    also ``b_k == b_j``), and :mod:`numerics.geometry` refuses it as a hyperplane.

    Conventions
    -----------
    coef : (K, n_features); intercept : (K,); ``k != j`` in ``0 .. K-1``, all keyword-only.
    Returns :class:`PairwiseBoundary` with ``coef_ = w_k - w_j``, ``intercept_ = b_k - b_j``.
    """
    W, b = _discriminants(coef, intercept, min_rows=2)
    K = W.shape[0]
    k = _class_index(k, "k", K)
    j = _class_index(j, "j", K)
    if k == j:
        raise InvalidInput(f"k and j must be two different classes, got k = j = {k}.")
    return PairwiseBoundary(coef_=W[k] - W[j], intercept_=float(b[k] - b[j]),
                            classes_=np.array([k, j], dtype=np.intp))


@dataclass(frozen=True, eq=False)
class OneVsRestVotes:
    """Claims of one-vs-rest binary discriminants at each sample.

    Attributes
    ----------
    claims_ : (n_samples, n_discriminants) bool, ``claims_[n, k]`` iff ``g_k(x_n) >= 0``.
    n_claims_ : (n_samples,) int, how many discriminants claim the sample.
    labels_ : (n_samples,) int, the class decided, ``-1`` where ambiguous.
    ambiguous_ : (n_samples,) bool, more than one claim, or no claim and no rest class.
    n_classes_ : int.
    rest_class_ : int or None, the class given to samples no discriminant claims.
    """

    claims_: np.ndarray
    n_claims_: np.ndarray
    labels_: np.ndarray
    ambiguous_: np.ndarray
    n_classes_: int
    rest_class_: int | None


def one_vs_rest_votes(
    X: Any, *, coef: Any, intercept: Any, n_classes: int | None = None
) -> OneVsRestVotes:
    """Evaluate one-vs-rest ("one-versus-all") binary discriminants ``g_k(x) = w_k^T x + b_k``.

    Discriminant ``k`` claims ``x`` for class ``k`` when ``g_k(x) >= 0``. Two schemes:

    - ``n_classes`` None or equal to the number of rows ``M``: one discriminant per class; a
      sample is ambiguous when zero or more than one discriminant claims it.
    - ``n_classes == M + 1``: the ``K - 1`` discriminants of bromberg2012 §2, Fig. 4 (left)
      and udelar2018 "Múltiples clases"; a sample no discriminant claims goes to the last
      class ``K - 1`` (the "rest"), and it is ambiguous only when claimed more than once.

    Conventions
    -----------
    X : (n_samples, n_features); coef : (M, n_features); intercept : (M,).
    Returns :class:`OneVsRestVotes`.
    """
    W, b = _discriminants(coef, intercept)
    M = W.shape[0]
    if n_classes is None:
        K = M
    else:
        K = check_positive_int(n_classes, "n_classes")
        if K not in (M, M + 1):
            raise ShapeMismatch(
                f"n_classes must equal the number of discriminants ({M}, one per class) or "
                f"that number plus one ({M + 1}, the last class being 'the rest'); got "
                f"n_classes={n_classes!r}."
            )
    if K < 2:
        raise InvalidInput(
            "one-vs-rest needs at least 2 classes: pass n_classes=2 to use a single "
            "discriminant against the rest."
        )
    claims = _scores(X, W, b) >= 0
    n_claims = claims.sum(axis=1)
    rest = K - 1 if K == M + 1 else None
    ambiguous = n_claims > 1 if rest is not None else n_claims != 1
    labels = np.where(n_claims == 1, np.argmax(claims, axis=1), -1)
    if rest is not None:
        labels = np.where(n_claims == 0, rest, labels)
    return OneVsRestVotes(
        claims_=claims,
        n_claims_=n_claims,
        labels_=labels,
        ambiguous_=ambiguous,
        n_classes_=K,
        rest_class_=rest,
    )


@dataclass(frozen=True, eq=False)
class OneVsOneVotes:
    """Majority vote of one-vs-one binary discriminants at each sample.

    Attributes
    ----------
    votes_ : (n_samples, n_classes) int, votes each class receives.
    labels_ : (n_samples,) int, the class with the most votes, ``-1`` where ambiguous.
    ambiguous_ : (n_samples,) bool, the largest vote count is shared by several classes.
    pairs_ : (n_pairs, 2) int, the pair ``(k, j)`` of each discriminant (row of coef).
    n_classes_ : int.
    """

    votes_: np.ndarray
    labels_: np.ndarray
    ambiguous_: np.ndarray
    pairs_: np.ndarray
    n_classes_: int


def _pairs(pairs: Any, n_discriminants: int) -> tuple[np.ndarray, int]:
    if pairs is None:
        K = 2
        while K * (K - 1) // 2 < n_discriminants:
            K += 1
        if K * (K - 1) // 2 != n_discriminants:
            raise ShapeMismatch(
                f"coef has {n_discriminants} rows, which is not K(K-1)/2 for any K, so the "
                f"pairs cannot be inferred. Pass pairs=[(k, j), ...], one per row of coef."
            )
        return np.array(list(combinations(range(K), 2)), dtype=np.intp), K
    try:
        P = np.asarray(pairs)
    except ValueError:
        P = np.asarray(pairs, dtype=object)
    reject_complex(P, "pairs")
    if P.ndim != 2 or P.shape[1] != 2 or P.dtype.kind not in "iu":
        raise InvalidInput(
            f"pairs must be integer class-index pairs of shape (n_pairs, 2), e.g. "
            f"[(0, 1), (0, 2), (1, 2)]; got an array of shape {P.shape} and dtype {P.dtype}."
        )
    if P.shape[0] != n_discriminants:
        raise ShapeMismatch(
            f"pairs must name one pair per row of coef: coef has {n_discriminants} rows, "
            f"pairs has {P.shape[0]}."
        )
    if np.any(P < 0):
        raise InvalidInput(f"pairs must hold class indices >= 0, got {P.tolist()!r}.")
    if np.any(P[:, 0] == P[:, 1]):
        raise InvalidInput(f"each pair must name two different classes, got {P.tolist()!r}.")
    K = int(P.max()) + 1
    unordered = {frozenset(map(int, p)) for p in P}
    expected = n_pairwise_classifiers(K)
    if len(unordered) != P.shape[0] or P.shape[0] != expected:
        raise InvalidInput(
            f"one-vs-one with classes 0..{K - 1} needs each of the {expected} unordered pairs "
            f"exactly once; got {P.tolist()!r}."
        )
    return P.astype(np.intp), K


def one_vs_one_votes(
    X: Any, *, coef: Any, intercept: Any, pairs: Any = None
) -> OneVsOneVotes:
    """Majority vote over the ``K(K-1)/2`` pairwise discriminants ``g_kj(x) = w^T x + b``.

    Discriminant ``(k, j)`` votes for ``k`` where ``g_kj(x) >= 0`` and for ``j`` otherwise;
    each sample goes to the class with most votes, and is ambiguous when the maximum is
    shared -- e.g. for ``K = 3`` where each class gets exactly one vote (bromberg2012 §2,
    Fig. 4 right; udelar2018 "Múltiples clases"; Bishop PRML §4.1.2).

    Conventions
    -----------
    X : (n_samples, n_features); coef : (n_pairs, n_features); intercept : (n_pairs,);
    pairs : (n_pairs, 2) integer ``(k, j)`` per row of coef, covering every unordered pair of
    ``0 .. K-1`` exactly once; default ``None`` means ``(0, 1), (0, 2), ..., (K-2, K-1)``
    (the order of :func:`itertools.combinations` and scikit-learn's ``OneVsOneClassifier``).
    Returns :class:`OneVsOneVotes`.
    """
    W, b = _discriminants(coef, intercept)
    P, K = _pairs(pairs, W.shape[0])
    scores = _scores(X, W, b)
    winners = np.where(scores >= 0, P[:, 0], P[:, 1])
    votes = np.zeros((scores.shape[0], K), dtype=np.intp)
    for m in range(P.shape[0]):
        votes[np.arange(scores.shape[0]), winners[:, m]] += 1
    top = votes.max(axis=1)
    ambiguous = (votes == top[:, None]).sum(axis=1) > 1
    labels = np.where(ambiguous, -1, np.argmax(votes, axis=1))
    return OneVsOneVotes(
        votes_=votes, labels_=labels, ambiguous_=ambiguous, pairs_=P, n_classes_=K
    )


@dataclass(frozen=True, eq=False)
class AmbiguityExample:
    """A concrete K = 3 configuration where a binary-combination scheme is ambiguous.

    Attributes
    ----------
    scheme_ : ``"one-vs-rest"`` or ``"one-vs-one"``.
    coef_, intercept_ : the scheme's binary discriminants, (M, 2) and (M,).
    pairs_ : (M, 2) class pairs for one-vs-one, None for one-vs-rest.
    n_classes_ : 3.
    point_ : (2,) a point where the scheme is ambiguous.
    argmax_coef_, argmax_intercept_ : (3, 2) and (3,), K-class discriminants ``y_k`` whose
        :func:`argmax_predict` has a strict, unique maximum at ``point_``.
    """

    scheme_: str
    coef_: np.ndarray
    intercept_: np.ndarray
    pairs_: np.ndarray | None
    n_classes_: int
    point_: np.ndarray
    argmax_coef_: np.ndarray
    argmax_intercept_: np.ndarray


def ovr_ambiguity_example() -> AmbiguityExample:
    """bromberg2012 Fig. 4 (left): ``K - 1 = 2`` one-vs-rest discriminants, a point claimed twice.

    ``g_1(x) = x_1`` claims class 0 ("C1"), ``g_2(x) = x_2`` claims class 1 ("C2"); points no
    discriminant claims go to class 2 ("C3"). The whole open quadrant ``x_1, x_2 > 0`` is
    claimed by both, e.g. ``point_ = (1, 2)``. Taking the argmax of the same functions with
    ``y_3 = 0`` added (``y = (x_1, x_2, 0)``) decides class 1 there, uniquely (2 > 1 > 0).
    Use with ``one_vs_rest_votes(..., n_classes=3)``.
    """
    coef = np.array([[1.0, 0.0], [0.0, 1.0]])
    intercept = np.zeros(2)
    return AmbiguityExample(
        scheme_="one-vs-rest",
        coef_=coef,
        intercept_=intercept,
        pairs_=None,
        n_classes_=3,
        point_=np.array([1.0, 2.0]),
        argmax_coef_=np.vstack([coef, np.zeros((1, 2))]),
        argmax_intercept_=np.append(intercept, 0.0),
    )


def ovo_ambiguity_example() -> AmbiguityExample:
    """bromberg2012 Fig. 4 (right): three pairwise discriminants, each class gets one vote.

    With class centres ``c_0 = (0, 2)``, ``c_1 = (-2, -1)``, ``c_2 = (2, -1)`` the pairwise
    discriminants are ``g_kj(x) = (c_k - c_j)^T x + s_kj`` with offsets
    ``s_01 = 1, s_02 = -1, s_12 = 1``. At the origin 0 beats 1, 1 beats 2 and 2 beats 0: a
    cycle, one vote each. The offsets violate ``s_02 = s_01 + s_12``, which any set of
    differences ``y_k - y_j`` of K-class discriminants satisfies; so the argmax of
    ``y_k(x) = c_k^T x + b_k`` with ``b = (1, 0, 0)`` is class 0 there, uniquely.
    """
    centres = np.array([[0.0, 2.0], [-2.0, -1.0], [2.0, -1.0]])
    pairs = np.array(list(combinations(range(3), 2)), dtype=np.intp)
    coef = np.array([centres[k] - centres[j] for k, j in pairs])
    return AmbiguityExample(
        scheme_="one-vs-one",
        coef_=coef,
        intercept_=np.array([1.0, -1.0, 1.0]),
        pairs_=pairs,
        n_classes_=3,
        point_=np.zeros(2),
        argmax_coef_=centres,
        argmax_intercept_=np.array([1.0, 0.0, 0.0]),
    )
