"""Tests of numerics.multiclass: bromberg2012 §2 (Eq. (4), Figs. 4-5), udelar2018
"Múltiples clases", Bishop PRML §4.1.2."""

from __future__ import annotations

import re
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from numerics.errors import InvalidInput, NonFiniteInput, ShapeMismatch
from numerics.multiclass import (
    argmax_predict,
    n_pairwise_classifiers,
    one_vs_one_votes,
    one_vs_rest_votes,
    ovo_ambiguity_example,
    ovr_ambiguity_example,
    pairwise_boundary,
)
from tests.strategies.geometry import (
    classifiers_with_two_points_in_one_region,
    integer_discriminants,
)

# --------------------------------------------------------------------------- examples


def test_argmax_ties_go_to_the_smallest_index():
    coef = np.zeros((3, 1))
    intercept = np.array([1.0, 2.0, 2.0])
    assert argmax_predict([[0.0], [5.0]], coef=coef, intercept=intercept).tolist() == [1, 1]


def test_n_pairwise_classifiers_is_k_choose_2():
    # bromberg2012 §2: binom(K, 2) = K(K-1)/2.
    assert [n_pairwise_classifiers(K) for K in range(2, 7)] == [1, 3, 6, 10, 15]
    for K in range(2, 9):
        assert n_pairwise_classifiers(K) == len(list(combinations(range(K), 2)))


def test_pairwise_boundary_is_the_difference_of_rows():
    coef = np.array([[1.0, 2.0], [3.0, -1.0], [0.0, 0.5]])
    intercept = np.array([0.5, -1.0, 2.0])
    boundary = pairwise_boundary(coef=coef, intercept=intercept, k=0, j=2)
    np.testing.assert_array_equal(boundary.coef_, [1.0, 1.5])
    assert boundary.intercept_ == -1.5
    assert boundary.classes_.tolist() == [0, 2]


def test_one_vs_rest_with_a_rest_class_assigns_unclaimed_points_to_it():
    votes = one_vs_rest_votes(
        [[-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0], [1.0, 1.0]],
        coef=np.eye(2), intercept=np.zeros(2), n_classes=3,
    )
    assert votes.labels_.tolist() == [2, 0, 1, -1]
    assert votes.ambiguous_.tolist() == [False, False, False, True]
    assert votes.rest_class_ == 2


def test_one_vs_rest_without_a_rest_class_finds_unclaimed_points_ambiguous():
    votes = one_vs_rest_votes([[-1.0, -1.0], [1.0, -1.0]], coef=np.eye(2), intercept=np.zeros(2))
    assert votes.ambiguous_.tolist() == [True, False]
    assert votes.labels_.tolist() == [-1, 0]
    assert votes.rest_class_ is None


def test_ovr_ambiguity_example_reproduces_bromberg2012_fig4_left():
    ex = ovr_ambiguity_example()
    assert ex.coef_.shape == (2, 2)  # K - 1 = 2 discriminants for K = 3 classes
    votes = one_vs_rest_votes(ex.point_[None, :], coef=ex.coef_, intercept=ex.intercept_,
                              n_classes=ex.n_classes_)
    assert votes.claims_.tolist() == [[True, True]]  # claimed by both C1 and C2
    assert votes.ambiguous_.tolist() == [True]
    _assert_argmax_strict_and_unique(ex)


def test_ovo_ambiguity_example_reproduces_bromberg2012_fig4_right():
    ex = ovo_ambiguity_example()
    assert ex.coef_.shape == (n_pairwise_classifiers(3), 2)
    votes = one_vs_one_votes(ex.point_[None, :], coef=ex.coef_, intercept=ex.intercept_,
                             pairs=ex.pairs_)
    assert votes.votes_.tolist() == [[1, 1, 1]]  # each class gets exactly one vote
    assert votes.ambiguous_.tolist() == [True]
    _assert_argmax_strict_and_unique(ex)


def _assert_argmax_strict_and_unique(ex) -> None:
    y = ex.argmax_coef_ @ ex.point_ + ex.argmax_intercept_
    k = argmax_predict(ex.point_[None, :], coef=ex.argmax_coef_, intercept=ex.argmax_intercept_)
    assert np.sum(y == y.max()) == 1  # a strict maximum: no tie rule involved
    assert k.tolist() == [int(np.argmax(y))]


@pytest.mark.parametrize("example", [ovr_ambiguity_example, ovo_ambiguity_example])
@given(offset=hnp.arrays(np.float64, 2, elements=st.floats(-0.1, 0.1)))
def test_ambiguous_set_of_each_example_is_a_region_not_a_point(example, offset):
    # Fig. 4 shades a region: every point within 0.1 of point_ is ambiguous as well.
    ex = example()
    x = (ex.point_ + offset)[None, :]
    if ex.scheme_ == "one-vs-rest":
        votes = one_vs_rest_votes(x, coef=ex.coef_, intercept=ex.intercept_,
                                  n_classes=ex.n_classes_)
    else:
        votes = one_vs_one_votes(x, coef=ex.coef_, intercept=ex.intercept_, pairs=ex.pairs_)
    assert votes.ambiguous_.tolist() == [True]
    k = argmax_predict(x, coef=ex.argmax_coef_, intercept=ex.argmax_intercept_)
    assert 0 <= k[0] < ex.n_classes_


# --------------------------------------------------------------------------- properties


@given(classifiers_with_two_points_in_one_region(), st.floats(0.0, 1.0))
def test_argmax_regions_are_convex(data, lam):
    # bromberg2012 §2, Fig. 5: x_hat = lam x_A + (1 - lam) x_B stays in R_k.
    coef, intercept, x_a, x_b, k = data
    x_hat = lam * x_a + (1 - lam) * x_b
    note(f"x_hat={x_hat!r}")
    pred = argmax_predict(np.vstack([x_a, x_b, x_hat]), coef=coef, intercept=intercept)
    assert pred.tolist() == [k, k, k]


@given(integer_discriminants())
def test_argmax_class_beats_lower_indices_strictly_and_higher_ones_weakly(data):
    # The documented tie rule, checked through the pairwise boundaries (exact in integers).
    coef, intercept, X = data
    pred = argmax_predict(X, coef=coef, intercept=intercept)
    K = coef.shape[0]
    for x, k in zip(X, pred, strict=True):
        for j in range(K):
            if j == k:
                continue
            boundary = pairwise_boundary(coef=coef, intercept=intercept, k=int(k), j=j)
            g = boundary.coef_ @ x + boundary.intercept_
            assert g > 0 if j < k else g >= 0


@given(integer_discriminants())
def test_points_on_a_pairwise_boundary_tie_the_two_scores(data):
    coef, intercept, X = data
    boundary = pairwise_boundary(coef=coef, intercept=intercept, k=0, j=1)
    on_boundary = X @ boundary.coef_ + boundary.intercept_ == 0
    y = X @ coef.T + intercept
    np.testing.assert_array_equal(y[on_boundary, 0], y[on_boundary, 1])


@given(integer_discriminants())
def test_consistent_one_vs_one_is_never_ambiguous_and_equals_argmax(data):
    # Pairwise discriminants g_kj = y_k - y_j (k < j) come from one K-class discriminant:
    # the votes form a transitive tournament, so its top class is unique and is the argmax.
    coef, intercept, X = data
    K = coef.shape[0]
    pairs = list(combinations(range(K), 2))
    diffs = [pairwise_boundary(coef=coef, intercept=intercept, k=k, j=j) for k, j in pairs]
    votes = one_vs_one_votes(
        X, coef=np.array([d.coef_ for d in diffs]),
        intercept=np.array([d.intercept_ for d in diffs]),
    )
    assert not votes.ambiguous_.any()
    np.testing.assert_array_equal(votes.labels_, argmax_predict(X, coef=coef, intercept=intercept))
    assert np.all(votes.votes_.sum(axis=1) == n_pairwise_classifiers(K))


@given(integer_discriminants())
def test_one_vs_rest_labels_and_ambiguity_follow_the_claim_counts(data):
    coef, intercept, X = data
    g = X @ coef.T + intercept
    for n_classes in (coef.shape[0], coef.shape[0] + 1):
        votes = one_vs_rest_votes(X, coef=coef, intercept=intercept, n_classes=n_classes)
        np.testing.assert_array_equal(votes.claims_, g >= 0)  # bromberg2012 Lemma 1: y >= 0
        np.testing.assert_array_equal(votes.labels_ == -1, votes.ambiguous_)
        single = votes.n_claims_ == 1
        np.testing.assert_array_equal(votes.labels_[single], np.argmax(g[single] >= 0, axis=1))
        if votes.rest_class_ is None:
            np.testing.assert_array_equal(votes.ambiguous_, votes.n_claims_ != 1)
        else:
            np.testing.assert_array_equal(votes.ambiguous_, votes.n_claims_ > 1)
            assert np.all(votes.labels_[votes.n_claims_ == 0] == votes.rest_class_)


@given(integer_discriminants(max_classes=5), st.randoms(use_true_random=False))
def test_one_vs_one_votes_do_not_depend_on_the_order_of_the_pairs(data, rnd):
    coef, intercept, X = data
    K = coef.shape[0]
    pairs = list(combinations(range(K), 2))
    M = len(pairs)
    W = np.resize(coef.ravel(), (M, coef.shape[1]))
    b = np.resize(intercept, M)
    ref = one_vs_one_votes(X, coef=W, intercept=b, pairs=pairs)
    order = list(range(M))
    rnd.shuffle(order)
    shuffled = one_vs_one_votes(X, coef=W[order], intercept=b[order],
                                pairs=[pairs[i] for i in order])
    np.testing.assert_array_equal(shuffled.votes_, ref.votes_)
    np.testing.assert_array_equal(shuffled.labels_, ref.labels_)
    assert np.all((ref.labels_ >= 0) | ref.ambiguous_)


@given(integer_discriminants(max_classes=4))
def test_swapping_a_pair_and_negating_its_discriminant_keeps_votes_off_the_boundary(data):
    # (k, j) with g and (j, k) with -g vote alike wherever g != 0.
    coef, intercept, X = data
    K = coef.shape[0]
    pairs = list(combinations(range(K), 2))
    W = np.resize(coef.ravel(), (len(pairs), coef.shape[1]))
    b = np.resize(intercept, len(pairs))
    ref = one_vs_one_votes(X, coef=W, intercept=b, pairs=pairs)
    flipped = one_vs_one_votes(X, coef=-W, intercept=-b, pairs=[(j, k) for k, j in pairs])
    off_boundary = np.all(X @ W.T + b != 0, axis=1)
    np.testing.assert_array_equal(flipped.votes_[off_boundary], ref.votes_[off_boundary])


# --------------------------------------------------------------------------- bad input

C3 = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
B3 = np.zeros(3)
X2 = np.array([[0.0, 1.0]])

BAD_INPUTS = [
    pytest.param(lambda: argmax_predict(X2, coef=C3[:1], intercept=B3[:1]),
                 InvalidInput, "at least 2 discriminants", id="argmax-one-class"),
    pytest.param(lambda: argmax_predict(X2, coef=C3, intercept=B3[:2]),
                 ShapeMismatch, "one entry per row of coef", id="argmax-intercept-length"),
    pytest.param(lambda: argmax_predict([[0.0, 1.0, 2.0]], coef=C3, intercept=B3),
                 ShapeMismatch, "X has 3 features", id="argmax-X-columns"),
    pytest.param(lambda: argmax_predict(X2, coef=C3.T, intercept=B3),
                 ShapeMismatch, "coef looks transposed", id="argmax-transposed-coef"),
    pytest.param(lambda: argmax_predict(X2, coef=[1.0, 2.0], intercept=B3),
                 InvalidInput, "2-D", id="argmax-1d-coef"),
    pytest.param(lambda: argmax_predict([[np.nan, 0.0]], coef=C3, intercept=B3),
                 NonFiniteInput, "finite", id="argmax-nan-X"),
    pytest.param(lambda: argmax_predict(X2, coef=C3, intercept=[0.0, np.inf, 0.0]),
                 NonFiniteInput, "intercept", id="argmax-inf-intercept"),
    pytest.param(lambda: pairwise_boundary(coef=C3, intercept=B3, k=1, j=1),
                 InvalidInput, "two different classes", id="pairwise-same-class"),
    pytest.param(lambda: pairwise_boundary(coef=C3, intercept=B3, k=0, j=3),
                 InvalidInput, "class index in 0..2", id="pairwise-out-of-range"),
    pytest.param(lambda: pairwise_boundary(coef=C3, intercept=B3, k=0, j=1.0),
                 InvalidInput, "integer class index", id="pairwise-float-index"),
    pytest.param(lambda: pairwise_boundary(coef=C3, intercept=B3, k=True, j=1),
                 InvalidInput, "integer class index", id="pairwise-bool-index"),
    pytest.param(lambda: pairwise_boundary(coef=C3, intercept=B3[:2], k=0, j=1),
                 ShapeMismatch, "one entry per row", id="pairwise-intercept-length"),
    pytest.param(lambda: one_vs_rest_votes(X2, coef=C3, intercept=B3, n_classes=5),
                 ShapeMismatch, "n_classes must equal", id="ovr-n-classes"),
    pytest.param(lambda: one_vs_rest_votes(X2, coef=C3[:1], intercept=B3[:1]),
                 InvalidInput, "n_classes=2", id="ovr-single-discriminant"),
    pytest.param(lambda: one_vs_rest_votes(X2, coef=C3, intercept=B3, n_classes=0),
                 InvalidInput, "positive integer", id="ovr-zero-classes"),
    pytest.param(lambda: one_vs_rest_votes([[1.0]], coef=C3, intercept=B3),
                 ShapeMismatch, "X has 1 features", id="ovr-X-columns"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=np.ones((4, 2)), intercept=np.zeros(4)),
                 ShapeMismatch, "not K(K-1)/2", id="ovo-cannot-infer-pairs"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=C3, intercept=B3, pairs=[(0, 1), (0, 2)]),
                 ShapeMismatch, "one pair per row", id="ovo-pairs-count"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=C3, intercept=B3,
                                          pairs=[(0, 1), (1, 0), (1, 2)]),
                 InvalidInput, "exactly once", id="ovo-duplicate-pair"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=C3, intercept=B3,
                                          pairs=[(0, 1), (0, 0), (1, 2)]),
                 InvalidInput, "two different classes", id="ovo-self-pair"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=C3, intercept=B3,
                                          pairs=[(0, 1), (0, -2), (1, 2)]),
                 InvalidInput, ">= 0", id="ovo-negative-class"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=C3, intercept=B3,
                                          pairs=[(0.0, 1.0), (0.0, 2.0), (1.0, 2.0)]),
                 InvalidInput, "integer class-index pairs", id="ovo-float-pairs"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=C3, intercept=B3,
                                          pairs=[(0, 1), (0, 2, 3), (1, 2)]),
                 InvalidInput, "integer class-index pairs", id="ovo-ragged-pairs"),
    pytest.param(lambda: one_vs_one_votes(X2, coef=C3, intercept=B3,
                                          pairs=[(0, 1), (0, 3), (1, 3)]),
                 InvalidInput, "each of the 6 unordered pairs", id="ovo-incomplete-classes"),
    pytest.param(lambda: n_pairwise_classifiers(1),
                 InvalidInput, "at least 2", id="pairs-one-class"),
    pytest.param(lambda: n_pairwise_classifiers(3.0),
                 InvalidInput, "positive integer", id="pairs-float"),
    pytest.param(lambda: n_pairwise_classifiers(-2),
                 InvalidInput, "positive integer", id="pairs-negative"),
]


@pytest.mark.parametrize(("call", "error", "fragment"), BAD_INPUTS)
def test_bad_input_raises_a_clear_error(call, error, fragment):
    with pytest.raises(error, match=re.escape(fragment)):
        call()


def test_results_are_frozen():
    votes = one_vs_one_votes(X2, coef=C3, intercept=B3)
    with pytest.raises(AttributeError):
        votes.labels_ = None
