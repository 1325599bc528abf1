"""Tests of numerics.fisher: udelar2018 "Discriminante lineal de Fisher", "relación con
mínimos cuadrados", "caso c > 2"; ml10 Fisher criterion, solution and threshold; Bishop
PRML §4.1.4-§4.1.6."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from numerics.errors import (
    InvalidInput,
    LabelError,
    NonFiniteInput,
    ShapeMismatch,
    SingularMatrixError,
)
from numerics.fisher import (
    decision_function,
    fisher_classifier,
    fisher_criterion,
    fisher_direction,
    fisher_projection,
    gaussian_log_odds,
    gaussian_threshold,
    predict,
    scatter_matrices,
    transform,
)
from tests.strategies.fisher import (
    LabelledData,
    labelled_datasets,
    two_class_datasets,
    two_class_projections,
)

EPS = np.finfo(float).eps


# --- tolerances ---------------------------------------------------------------------------


def accumulation(n: int, d: int) -> float:
    """Typical relative rounding of a length-n dot product plus a d x d factorization:
    (sqrt(n) + d) eps (Higham & Mary 2019 probabilistic bound)."""
    return (math.sqrt(n) + d) * EPS


def data_rounding(data: LabelledData) -> float:
    """Relative perturbation of the centred data caused by storing X in float64:
    eps max|x| / (smallest within-class rms spread of a feature)."""
    n = data.X.shape[0]
    spread = np.sqrt(np.diag(data.scatter_within).min() / n)
    return EPS * float(np.abs(data.X).max()) / spread


def cond(S: np.ndarray) -> float:
    return float(np.linalg.cond(S))


def scaled(D: np.ndarray, S: np.ndarray) -> float:
    """max_ij |D_ij| / sqrt(S_ii S_jj): an error relative to the diagonal of S."""
    s = np.sqrt(np.diag(S))
    return float(np.max(np.abs(D) / np.outer(s, s)))


def sin_angle(u: np.ndarray, v: np.ndarray) -> float:
    """|sin| of the angle between two nonzero vectors: 0 iff parallel or antiparallel."""
    u, v = u / np.linalg.norm(u), v / np.linalg.norm(v)
    return float(np.linalg.norm(u - (u @ v) * v))


def between_rounding(result, X: np.ndarray) -> float:
    """Absolute rounding of S_B = sum_k N_k (m_k - m)(m_k - m)^T inherited from the means,
    each of which errs by about u max|x|: 4 u max|x| sum_k N_k max|m_k - m| + 4 u max|S_B|."""
    u = accumulation(*X.shape)
    spread = np.abs(result.means_ - result.mean_).max(axis=1)
    return 4 * u * (float(np.abs(X).max()) * float(result.counts_ @ spread)
                    + float(np.abs(result.scatter_between_).max()))


def naive_scatter(X: np.ndarray, y: np.ndarray, classes: np.ndarray):
    """Two-pass per-class reference: means, S_W and the multi-class S_B."""
    means = np.array([X[y == c].mean(axis=0) for c in classes])
    counts = np.array([np.sum(y == c) for c in classes])
    S_W = sum((X[y == c] - m).T @ (X[y == c] - m) for c, m in zip(classes, means))
    m = X.mean(axis=0)
    S_B = sum(n * np.outer(mk - m, mk - m) for n, mk in zip(counts, means))
    return means, counts, S_W, S_B


# --- scatter matrices -----------------------------------------------------------------------


@given(labelled_datasets())
def test_scatter_matrices_match_their_definitions(data):
    result = scatter_matrices(data.X, data.y)
    means, counts, S_W, S_B = naive_scatter(data.X, data.y, data.classes)
    n, d = data.X.shape
    u = accumulation(n, d)
    note(f"algorithm={result.algorithm_} S_W=\n{result.scatter_within_}\nnaive=\n{S_W}")
    assert result.classes_.tolist() == sorted(data.classes.tolist())
    assert result.counts_.tolist() == counts.tolist()
    spread = float(np.abs(data.X).max())
    np.testing.assert_allclose(result.means_, means, rtol=0, atol=8 * u * spread)
    assert np.array_equal(result.scatter_within_, result.scatter_within_.T)
    # Both are within their own rounding bound of the exact S_W of the stored data.
    assert scaled(result.scatter_within_ - S_W, S_W) <= 8 * (result.scatter_within_error_ + u)
    # ... and within the data's own float64 rounding of the constructed S_W.
    assert scaled(result.scatter_within_ - data.scatter_within, data.scatter_within) <= (
        8 * (result.scatter_within_error_ + u) + 4 * math.sqrt(n) * data_rounding(data))
    np.testing.assert_allclose(result.scatter_between_, S_B, rtol=0,
                               atol=4 * between_rounding(result, data.X))


@given(labelled_datasets(offset=st.just(0.0)))
def test_gram_path_is_taken_exactly_when_it_loses_under_one_digit(data):
    # X^T X - sum_k N_k m_k m_k^T amplifies rounding by max_j sum_n x_nj^2 / S_jj; it is
    # used when that is <= 8. (These small data sets are their own sample.)
    result = scatter_matrices(data.X - data.X.mean(axis=0), data.y)
    within = np.diag(result.scatter_within_)
    amplification = float(np.max((within + result.counts_ @ result.means_ ** 2) / within))
    note(f"amplification={amplification} algorithm={result.algorithm_}")
    assume(abs(amplification - 8) > 1e-9)
    assert (result.algorithm_ == "gram") == (amplification < 8)


def test_gram_path_falls_back_when_the_row_sample_misjudges_the_data(monkeypatch):
    # N = 25600 rows, the 256-row sample is every 100th. Feature 0 is N(0, 1) on those rows
    # and 1e3 elsewhere: the sample looks centred, so the fused Gram pass runs, but the
    # full data amplify rounding by about 10 > 8 and S_W is recomputed by centring.
    import numerics.fisher as fisher_module

    calls = []
    original = fisher_module._sums_and_gram
    monkeypatch.setattr(fisher_module, "_sums_and_gram",
                        lambda *args: calls.append(1) or original(*args))
    rng = np.random.default_rng(7)
    n, d = 25600, 3
    X = rng.standard_normal((n, d))
    X[:, 0] = 1e3
    X[::100, 0] = rng.standard_normal(n // 100)
    y = np.arange(n) % 3
    result = scatter_matrices(X, y)
    assert calls and result.algorithm_ == "centred"
    _, _, S_W, _ = naive_scatter(X, y, np.arange(3))
    assert scaled(result.scatter_within_ - S_W, S_W) <= 16 * accumulation(n, d)


@pytest.mark.parametrize("labels", [np.array([0, 1, 2]), np.array(["x", "y", "z"])])
def test_fused_pass_over_blocks_matches_the_definition(labels):
    # d = 3 -> blocks of 43690 rows; N = 100000 spans three blocks, the last one partial
    rng = np.random.default_rng(8)
    X = rng.standard_normal((100_000, 3))
    y = labels[rng.integers(0, 3, 100_000)]
    result = scatter_matrices(X, y)
    assert result.algorithm_ == "gram"
    means, counts, S_W, _ = naive_scatter(X, y, labels)
    assert result.counts_.tolist() == counts.tolist()
    u = accumulation(*X.shape)
    np.testing.assert_allclose(result.means_, means, rtol=0, atol=8 * u * np.abs(X).max())
    assert scaled(result.scatter_within_ - S_W, S_W) <= 8 * (result.scatter_within_error_ + u)


def test_many_classes_use_the_sparse_class_sums():
    rng = np.random.default_rng(3)
    X = rng.standard_normal((300, 4)) + 5.0
    y = rng.integers(0, 12, 300) * 3 + 1  # 12 classes 1, 4, ..., 34
    result = scatter_matrices(X, y)
    means, counts, S_W, _ = naive_scatter(X, y, np.unique(y))
    assert result.classes_.tolist() == list(range(1, 35, 3))
    assert result.counts_.tolist() == counts.tolist()
    np.testing.assert_allclose(result.means_, means, rtol=16 * accumulation(300, 4))
    assert scaled(result.scatter_within_ - S_W, S_W) <= 16 * accumulation(300, 4)


@pytest.mark.parametrize(
    ("labels", "classes"),
    [
        (np.array([3, 40]), [3, 40]),
        (np.array([40, 3], dtype=np.uint8), [3, 40]),
        (np.array([-1, 1]), [-1, 1]),
        (np.array([True, False]), [False, True]),
        (np.array([0.5, 2.5]), [0.5, 2.5]),
        (np.array(["yes", "no"]), ["no", "yes"]),
    ],
)
def test_any_label_coding_gives_the_same_scatter(labels, classes):
    rng = np.random.default_rng(11)
    X = rng.standard_normal((20, 3))
    codes = np.arange(20) % 2
    reference = scatter_matrices(X, codes)
    y = labels[codes]
    result = scatter_matrices(X, y)
    assert result.classes_.tolist() == classes
    order = [0, 1] if labels[0] == classes[0] else [1, 0]
    np.testing.assert_array_equal(result.counts_, reference.counts_[order])
    np.testing.assert_array_equal(result.means_, reference.means_[order])
    np.testing.assert_array_equal(result.scatter_within_, reference.scatter_within_)


@pytest.mark.parametrize(
    "convert",
    [lambda X: X.tolist(), lambda X: np.asfortranarray(X), lambda X: X.astype(np.float32),
     lambda X: X[:, ::-1][:, ::-1], lambda X: (X * 4).round().astype(int)],
    ids=["list", "fortran", "float32", "strided", "int"],
)
def test_any_array_layout_gives_the_same_direction(convert):
    given_X = convert(np.random.default_rng(5).standard_normal((30, 3)) * 3)
    y = np.arange(30) % 2
    reference = fisher_direction(np.ascontiguousarray(given_X, dtype=np.float64), y)
    result = fisher_direction(given_X, y)
    np.testing.assert_allclose(result.coef_, reference.coef_, rtol=0,
                               atol=64 * 3 * EPS * reference.condition_number_)


@given(labelled_datasets(offset=st.sampled_from([1e4, 1e6, -1e8])))
def test_offset_data_take_the_centred_path_and_stay_accurate(data):
    result = scatter_matrices(data.X, data.y)
    n, d = data.X.shape
    u = accumulation(n, d)
    assert result.algorithm_ == "centred"
    # The Gram form X^T X - sum N_k m_k m_k^T errs by u * kappa with
    # kappa = max_j sum_n x_nj^2 / S_jj (>= 1e8 here); centring by the class means leaves
    # u + u^2 kappa: the rounding of m_k enters only squared.
    kappa = float(np.max(np.sum(data.X ** 2, axis=0) / np.diag(data.scatter_within)))
    assert u * kappa >= 1e-8
    assert result.scatter_within_error_ <= 2 * u * (1 + u * kappa)
    error = scaled(result.scatter_within_ - data.scatter_within, data.scatter_within)
    assert error <= 8 * accumulation(n, d) + 4 * math.sqrt(n) * data_rounding(data)


@given(two_class_datasets())
def test_multiclass_between_scatter_is_n1_n2_over_n_times_two_class_form(data):
    # Bishop (4.46) vs (4.27): for c = 2, sum_k N_k (m_k - m)(m_k - m)^T = (N1 N2 / N) S_B
    result = scatter_matrices(data.X, data.y)
    n1, n2 = result.counts_
    expected = n1 * n2 / (n1 + n2) * result.scatter_between_two_class_
    u = accumulation(n1 + n2, data.X.shape[1])
    magnitude = (n1 + n2) * np.abs(result.means_).max() ** 2
    np.testing.assert_allclose(result.scatter_between_, expected, rtol=0, atol=16 * u * magnitude)


@given(labelled_datasets(n_classes=st.integers(3, 4)))
def test_two_class_between_scatter_is_absent_for_more_classes(data):
    assert scatter_matrices(data.X, data.y).scatter_between_two_class_ is None


@given(labelled_datasets())
def test_within_plus_between_scatter_is_total_scatter(data):
    # Bishop (4.45): S_T = sum_n (x_n - m)(x_n - m)^T = S_W + S_B
    result = scatter_matrices(data.X, data.y)
    centred = data.X - data.X.mean(axis=0)
    total = centred.T @ centred
    n, d = data.X.shape
    bound = 16 * (accumulation(n, d) + result.scatter_within_error_) + 4 * between_rounding(
        result, data.X) / np.diag(total).min()
    assert scaled(result.scatter_within_ + result.scatter_between_ - total, total) <= bound


# --- criterion and two-class direction ----------------------------------------------------


def direction_tolerance(data: LabelledData, result_cond: float) -> float:
    """Relative error of the Fisher direction: condition x (computation + data rounding)."""
    n, d = data.X.shape
    return 64 * result_cond * (accumulation(n, d) + math.sqrt(n) * data_rounding(data))


@given(two_class_datasets(), st.data())
def test_fisher_direction_maximizes_the_criterion(data, draw):
    model = fisher_direction(data.X, data.y)
    d = data.X.shape[1]
    w = draw.draw(hnp.arrays(np.float64, d, elements=st.floats(-1, 1)))
    assume(np.linalg.norm(w) > 1e-3)
    S_B, S_W = model.scatter_between_, model.scatter_within_
    J_w = fisher_criterion(w, S_B, S_W)
    note(f"J(fisher)={model.criterion_} J(w)={J_w} w={w}")
    assert J_w <= model.criterion_ * (1 + 32 * (d + 1) * EPS * cond(S_W))


@given(two_class_datasets())
def test_criterion_at_the_solution_is_delta_sw_inverse_delta(data):
    # w ∝ S_W^{-1} delta gives J = delta^T S_W^{-1} delta (ml10, Bishop (4.30))
    model = fisher_direction(data.X, data.y)
    delta = model.means_[1] - model.means_[0]
    expected = delta @ np.linalg.solve(model.scatter_within_, delta)
    d = data.X.shape[1]
    assert model.criterion_ == pytest.approx(expected, rel=32 * (d + 1) * EPS * cond(
        model.scatter_within_))


@given(two_class_datasets(), st.floats(1e-3, 1e3), st.booleans(), st.data())
def test_criterion_is_invariant_to_rescaling_w(data, c, negative, draw):
    model = fisher_direction(data.X, data.y)
    d = data.X.shape[1]
    w = draw.draw(hnp.arrays(np.float64, d, elements=st.floats(-1, 1)))
    assume(np.linalg.norm(w) > 1e-3)
    c = -c if negative else c
    S_B, S_W = model.scatter_between_, model.scatter_within_
    assert fisher_criterion(c * w, S_B, S_W) == pytest.approx(
        fisher_criterion(w, S_B, S_W), rel=16 * (d + 1) * EPS * cond(S_W))


@given(two_class_datasets())
def test_direction_is_unit_and_points_from_class_1_to_class_2(data):
    model = fisher_direction(data.X, data.y)
    assert model.classes_.tolist() == sorted(data.classes.tolist())
    assert np.linalg.norm(model.coef_) == pytest.approx(1.0, abs=8 * EPS * data.X.shape[1])
    assert model.coef_ @ (model.means_[1] - model.means_[0]) > 0
    # and it is S_W^{-1}(m_2 - m_1) up to a positive factor
    reference = np.linalg.solve(model.scatter_within_, model.means_[1] - model.means_[0])
    assert reference @ model.coef_ > 0
    assert sin_angle(reference, model.coef_) <= direction_tolerance(data, model.condition_number_)


@given(two_class_datasets(offset=st.just(0.0)),
       hnp.arrays(np.float64, 4, elements=st.floats(-1e3, 1e3)))
def test_direction_is_invariant_to_translating_the_data(data, b):
    d = data.X.shape[1]
    shifted = LabelledData(X=data.X + b[:d], y=data.y, classes=data.classes,
                           means=data.means + b[:d], scatter_within=data.scatter_within,
                           offset=0.0)
    w = fisher_direction(data.X, data.y)
    w_shifted = fisher_direction(shifted.X, shifted.y)
    tol = direction_tolerance(shifted, w.condition_number_)
    note(f"coef={w.coef_} shifted={w_shifted.coef_} tol={tol}")
    assert np.linalg.norm(w_shifted.coef_ - w.coef_) <= tol


@given(two_class_datasets(), st.floats(1e-3, 1e3), st.booleans())
def test_direction_is_invariant_to_scaling_the_data_and_flips_with_its_sign(data, alpha, negative):
    # S_W -> a^2 S_W, m_2 - m_1 -> a (m_2 - m_1): w -> sign(a) w once oriented and normalized
    alpha = -alpha if negative else alpha
    w = fisher_direction(data.X, data.y)
    w_scaled = fisher_direction(alpha * data.X, data.y)
    tol = direction_tolerance(data, w.condition_number_)
    assert np.linalg.norm(w_scaled.coef_ - np.sign(alpha) * w.coef_) <= tol


@given(two_class_datasets(), st.data())
def test_direction_is_covariant_under_rescaling_features(data, draw):
    # x -> D x gives S_W -> D S_W D and delta -> D delta, so w -> D^{-1} w (up to scale)
    d = data.X.shape[1]
    exponents = draw.draw(hnp.arrays(np.float64, d, elements=st.floats(-3, 3)))
    D = 10.0 ** exponents
    w = fisher_direction(data.X, data.y)
    w_units = fisher_direction(data.X * D, data.y)
    assert w_units.coef_ @ (w.coef_ / D) > 0
    assert sin_angle(w_units.coef_, w.coef_ / D) <= direction_tolerance(data, w.condition_number_)


@given(two_class_datasets())
def test_least_squares_with_fisher_targets_is_parallel_to_fisher_direction(data):
    # udelar2018 "Discriminante de Fisher: relación con mínimos cuadrados": t_n = N/N_1 on
    # class 1, -N/N_2 on class 2 give (S_W + N1 N2/N S_B) w = N (m_1 - m_2), so w ∝
    # S_W^{-1}(m_2 - m_1) with a NEGATIVE factor, and w_0 = -w^T m.
    X, y = data.X, data.y
    model = fisher_direction(X, y)
    n = X.shape[0]
    n1, n2 = model.counts_
    t = np.where(y == model.classes_[0], n / n1, -n / n2)
    A = np.column_stack([np.ones(n), X])
    solution, *_ = np.linalg.lstsq(A, t, rcond=None)
    w0, w = solution[0], solution[1:]
    note(f"least squares w={w} w0={w0} fisher={model.coef_}")
    kappa = float(np.linalg.cond(A))
    tol = 64 * (X.shape[1] + 1) * EPS * kappa ** 2 + direction_tolerance(
        data, model.condition_number_)
    assert w @ model.coef_ < 0
    assert sin_angle(w, model.coef_) <= tol
    m = X.mean(axis=0)
    assert w0 == pytest.approx(-w @ m, abs=tol * np.linalg.norm(w) * np.abs(X).max() + tol)


def test_fisher_direction_agrees_with_sklearn_lda_coef():
    sklearn_lda = pytest.importorskip("sklearn.discriminant_analysis")

    @given(two_class_datasets())
    def check(data):
        model = fisher_direction(data.X, data.y)
        lda = sklearn_lda.LinearDiscriminantAnalysis(solver="eigen").fit(data.X, data.y)
        peer = lda.coef_.ravel()  # ∝ S_W^{-1}(m_2 - m_1), classes_ sorted as ours
        assert lda.classes_.tolist() == model.classes_.tolist()
        assert peer @ model.coef_ > 0
        assert sin_angle(peer, model.coef_) <= direction_tolerance(data, model.condition_number_)

    check()


# --- regularization and singular S_W --------------------------------------------------------


@given(two_class_datasets(n_features=st.integers(2, 4)))
def test_regularization_resolves_a_duplicated_feature_symmetrically(data):
    X = np.column_stack([data.X, data.X[:, 0]])
    with pytest.raises(SingularMatrixError, match="regularization="):
        fisher_direction(X, data.y)
    model = fisher_direction(X, data.y, regularization=1e-3)
    w = model.coef_
    # the problem is symmetric in the duplicated pair, so is its unique solution
    assert w[0] == pytest.approx(w[-1], abs=64 * X.shape[1] * EPS * model.condition_number_)
    assert math.isfinite(model.criterion_)


@given(two_class_datasets(), st.sampled_from([1e-9, 1e-6, 1e-3]))
def test_small_regularization_moves_the_direction_by_at_most_lambda_times_condition(data, lam):
    # S_W -> S_W + E with ||E|| <= lam ||S_W||, so the direction moves by <= 2 lam cond(S_W)
    # to first order (plus the rounding of both solves).
    w = fisher_direction(data.X, data.y)
    w_reg = fisher_direction(data.X, data.y, regularization=lam)
    assert w_reg.regularization_ == lam
    bound = 4 * lam * cond(w.scatter_within_) + 2 * direction_tolerance(data, w.condition_number_)
    assert np.linalg.norm(w_reg.coef_ - w.coef_) <= bound


# --- Gaussian threshold ---------------------------------------------------------------------


def log_odds_scale(model, t: float) -> float:
    """Size of the terms of g(t), for the rounding tolerance of g(t) = 0."""
    m, v = model.means_, model.variances_
    return 1.0 + sum(abs(math.log(p)) + 0.5 * abs(math.log(vi)) + (t - mi) ** 2 / (2 * vi)
                     for p, mi, vi in zip(model.priors_, m, v))


def test_threshold_of_symmetric_classes_is_the_midpoint():
    model = gaussian_threshold([-1.0, 1.0], [1.0, 3.0])
    assert model.means_.tolist() == [0.0, 2.0]
    assert model.variances_.tolist() == [2.0, 2.0]
    assert model.priors_.tolist() == [0.5, 0.5]
    assert model.threshold_ == 1.0


def test_threshold_keeps_the_gaussian_normalisation_that_ml10_drops():
    # ml10 writes P(C_i|y) ∝ n_i exp(-(y - m_i)^2 / (2 σ_i^2)); the density also has 1/σ_i.
    # Class 1 ~ (0, 1), class 2 ~ (3, 2^2), equal counts.
    p1 = np.array([-1.0, 1.0]) / math.sqrt(2.0)
    p2 = 3.0 + np.array([-2.0, 2.0]) / math.sqrt(2.0)
    model = gaussian_threshold(p1, p2)
    np.testing.assert_allclose(model.variances_, [1.0, 4.0], rtol=4 * EPS)
    t = model.threshold_
    with_sigma = -math.log(2.0) - (t - 3.0) ** 2 / 8 + t ** 2 / 2
    without_sigma = -(t - 3.0) ** 2 / 8 + t ** 2 / 2
    # closed form of the root between the means: 3 t^2 + 6 t - 9 - 8 log 2 = 0
    assert t == pytest.approx(-1 + math.sqrt(4 + 8 * math.log(2.0) / 3), rel=16 * EPS)
    assert abs(with_sigma) <= 64 * EPS * 10
    assert abs(without_sigma) > 0.5


@given(two_class_projections())
def test_posteriors_are_equal_at_the_threshold(projections):
    model = gaussian_threshold(*projections)
    t = model.threshold_
    assume(math.isfinite(t))
    g = float(gaussian_log_odds(model, t))
    note(f"t={t} g(t)={g} model={model}")
    assert abs(g) <= 64 * EPS * log_odds_scale(model, t)


@given(two_class_projections())
def test_threshold_is_where_the_log_odds_rise_through_zero(projections):
    model = gaussian_threshold(*projections)
    t = model.threshold_
    assume(math.isfinite(t))
    h = 1e-3 * math.sqrt(model.variances_.min())
    below, above = gaussian_log_odds(model, np.array([t - h, t + h]))
    assert below < 0 < above


@given(two_class_projections())
def test_threshold_lies_between_the_means_when_each_mean_is_on_its_own_side(projections):
    model = gaussian_threshold(*projections)
    g1, g2 = gaussian_log_odds(model, model.means_)
    note(f"g(m1)={g1} g(m2)={g2} t={model.threshold_} means={model.means_}")
    if g1 < 0 < g2:
        assert model.means_[0] < model.threshold_ < model.means_[1]


@given(two_class_projections(equal_counts=True))
def test_equal_variances_give_the_linear_threshold(projections):
    p1, _ = projections
    p2 = -p1  # bitwise the same sample variance; m_2 = -m_1
    assume(p2.mean() > p1.mean())
    model = gaussian_threshold(p1, p2)
    assert model.variances_[0] == model.variances_[1]
    m1, m2 = model.means_
    # (m_1 + m_2)/2 - σ^2 log(n_2/n_1)/(m_2 - m_1) with n_1 = n_2
    assert model.threshold_ == pytest.approx((m1 + m2) / 2, abs=8 * EPS * (abs(m1) + abs(m2)))


def _standardized(n: int, mean: float, sd: float) -> np.ndarray:
    z = np.random.default_rng(n).standard_normal(n)
    return (z - z.mean()) / z.std(ddof=1) * sd + mean


@pytest.mark.parametrize(
    ("n1", "sd1", "n2", "sd2", "expected"),
    [
        (2, 1.0, 1000, 1.01, -math.inf),  # class 2 wider and 500x more likely: wins everywhere
        (1000, 1.01, 2, 1.0, math.inf),  # the mirror image: class 1 everywhere
    ],
)
def test_posteriors_that_never_cross_give_an_infinite_threshold(n1, sd1, n2, sd2, expected):
    model = gaussian_threshold(_standardized(n1, 0.0, sd1), _standardized(n2, 0.1, sd2))
    assert model.threshold_ == expected
    side = gaussian_log_odds(model, np.linspace(-50, 50, 101))
    assert np.all(side > 0) if expected < 0 else np.all(side < 0)


# --- classifier ----------------------------------------------------------------------------


@given(two_class_datasets())
def test_classifier_predicts_class_2_exactly_above_the_threshold(data):
    model = fisher_classifier(data.X, data.y)
    direction = fisher_direction(data.X, data.y)
    assert np.array_equal(model.coef_, direction.coef_)
    scores = data.X @ model.coef_
    labels = predict(model, data.X)
    assert set(labels.tolist()) <= set(model.classes_.tolist())
    np.testing.assert_array_equal(
        labels, np.where(scores > model.threshold_.threshold_, model.classes_[1],
                         model.classes_[0]))
    np.testing.assert_array_equal(decision_function(model, data.X),
                                  scores + model.intercept_)


@given(two_class_datasets(separation=st.just(50.0)))
def test_classifier_separates_well_separated_classes(data):
    # class spread <= 3 * 2 per axis against means >= 25 apart along one axis
    model = fisher_classifier(data.X, data.y)
    np.testing.assert_array_equal(predict(model, data.X), data.y)


# --- multi-class projection ---------------------------------------------------------------


def eigen_tolerance(data: LabelledData, model) -> float:
    n, d = data.X.shape
    magnitude = 1.0 + float(model.eigenvalues_.max())
    return 64 * model.condition_number_ * magnitude * (
        accumulation(n, d) + math.sqrt(n) * data_rounding(data))


@given(labelled_datasets())
def test_trace_criterion_equals_sum_of_top_eigenvalues(data):
    model = fisher_projection(data.X, data.y)
    assert model.scalings_.shape == (data.X.shape[1], min(len(data.classes) - 1, data.X.shape[1]))
    assert model.trace_criterion_ == pytest.approx(
        model.eigenvalues_.sum(), abs=eigen_tolerance(data, model))


@given(labelled_datasets())
def test_scalings_solve_the_generalized_eigenproblem_and_are_sw_orthonormal(data):
    # udelar2018: S_B W = S_W W diag(λ), with W^T S_W W = I (scipy.linalg.eigh normalization)
    model = fisher_projection(data.X, data.y)
    W, lam = model.scalings_, model.eigenvalues_
    S_B, S_W = model.scatter_between_, model.scatter_within_
    tol = eigen_tolerance(data, model)
    residual = S_B @ W - S_W @ W * lam
    scale = np.sqrt(np.diag(S_W))[:, None] * np.sqrt(np.sum(W * (S_W @ W), axis=0))
    assert np.max(np.abs(residual) / scale) <= tol
    np.testing.assert_allclose(W.T @ S_W @ W, np.eye(W.shape[1]), rtol=0, atol=tol)
    assert np.all(np.diff(lam) <= 0) and np.all(lam >= -tol)
    assert np.all((model.means_[-1] - model.means_[0]) @ W >= 0)


@given(labelled_datasets(), st.data())
def test_trace_criterion_at_the_solution_beats_any_other_projection(data, draw):
    model = fisher_projection(data.X, data.y)
    d, r = model.scalings_.shape
    V = draw.draw(hnp.arrays(np.float64, (d, r), elements=st.floats(-1, 1)))
    assume(np.linalg.matrix_rank(V, tol=1e-3) == r)
    S_B, S_W = model.scatter_between_, model.scatter_within_
    value = np.trace(np.linalg.solve(V.T @ S_W @ V, V.T @ S_B @ V))
    note(f"trace criterion of V: {value}, optimum {model.trace_criterion_}")
    assert value <= model.trace_criterion_ + eigen_tolerance(data, model) * np.linalg.cond(V) ** 2


@given(two_class_datasets())
def test_two_class_projection_is_parallel_to_fisher_direction(data):
    model = fisher_projection(data.X, data.y)
    direction = fisher_direction(data.X, data.y)
    w = model.scalings_[:, 0]
    assert w @ direction.coef_ > 0
    assert sin_angle(w, direction.coef_) <= direction_tolerance(data, direction.condition_number_)
    assert model.eigenvalues_[0] == pytest.approx(
        model.counts_.prod() / model.counts_.sum() * direction.criterion_,
        rel=eigen_tolerance(data, model))


@given(labelled_datasets(n_classes=st.integers(3, 4), n_features=st.integers(3, 4)))
def test_explained_ratio_shares_the_total_criterion(data):
    model = fisher_projection(data.X, data.y, n_components=1)
    total = np.trace(np.linalg.solve(model.scatter_within_, model.scatter_between_))
    assert model.explained_ratio_[0] == pytest.approx(model.eigenvalues_[0] / total,
                                                      rel=eigen_tolerance(data, model))
    assert 0 < model.explained_ratio_[0] <= 1 + eigen_tolerance(data, model)


@given(labelled_datasets())
def test_transform_projects_with_the_scalings(data):
    model = fisher_projection(data.X, data.y)
    np.testing.assert_array_equal(transform(model, data.X), data.X @ model.scalings_)


def test_fisher_projection_agrees_with_sklearn_lda_scalings():
    sklearn_lda = pytest.importorskip("sklearn.discriminant_analysis")

    @given(labelled_datasets(n_classes=st.integers(2, 4)))
    def check(data):
        model = fisher_projection(data.X, data.y)
        lam = model.eigenvalues_
        gaps = np.abs(np.diff(np.concatenate([lam, [0.0]])))
        assume(gaps.min() > 1e-6 * (1 + lam.max()))  # eigenvectors are defined up to sign
        lda = sklearn_lda.LinearDiscriminantAnalysis(solver="eigen").fit(data.X, data.y)
        peer = lda.scalings_[:, : lam.shape[0]]
        tol = eigen_tolerance(data, model) / (gaps.min() / (1 + lam.max()))
        for j in range(lam.shape[0]):
            note(f"column {j}: ours {model.scalings_[:, j]} sklearn {peer[:, j]}")
            assert sin_angle(model.scalings_[:, j], peer[:, j]) <= tol

    check()


# --- bad input ------------------------------------------------------------------------------

_RNG = np.random.default_rng(12345)
_X = _RNG.standard_normal((12, 3))
_Y = np.array([0] * 6 + [1] * 6)
_Y3 = np.array([0] * 4 + [1] * 4 + [2] * 4)
_NAN = _X.copy()
_NAN[4, 1] = np.nan
_INF = _X.copy()
_INF[7, 2] = -np.inf


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: fisher_direction(np.column_stack([_X, _X[:, 1]]), _Y),
         SingularMatrixError, "x[1] - 0.707*x[3]"),
        (lambda: fisher_direction(np.column_stack([_X, 2 * _X[:, 0] - _X[:, 2]]), _Y),
         SingularMatrixError, "regularization=eps"),
        (lambda: fisher_direction(np.column_stack([_X, np.full(12, 0.1)]), _Y),
         SingularMatrixError, "feature(s) [3] are constant within every class"),
        (lambda: fisher_direction(np.column_stack([_X, _Y * 5.0]), _Y),
         SingularMatrixError, "separates them on its own"),
        (lambda: fisher_direction(_RNG.standard_normal((4, 3)), [0, 0, 1, 1]),
         SingularMatrixError, "rank at most N - K = 2 < d = 3"),
        (lambda: fisher_direction(np.column_stack([_X, _X[:, 0]]), _Y, regularization=1e-300),
         SingularMatrixError, "increase regularization"),
        (lambda: fisher_projection(np.column_stack([_X, _X[:, 0]]), _Y3),
         SingularMatrixError, "regularization="),
        (lambda: fisher_direction(_X, np.zeros(12)), LabelError, "at least 2 classes"),
        (lambda: fisher_direction(_X, _Y3), LabelError, "use fisher_projection"),
        (lambda: fisher_direction(_X, _Y[:-1]), ShapeMismatch, "11 labels but X has 12"),
        (lambda: fisher_direction(_NAN, _Y), NonFiniteInput, "(4, 1)"),
        (lambda: fisher_projection(_INF, _Y3), NonFiniteInput, "(7, 2)"),
        (lambda: scatter_matrices(_NAN.tolist(), _Y), NonFiniteInput, "NaN or infinite"),
        (lambda: fisher_direction(_X[:, 0], _Y), InvalidInput, "reshape(-1, 1)"),
        (lambda: fisher_direction(np.vstack([_X[:6], _X[:6]]), _Y), InvalidInput,
         "means are equal"),
        (lambda: fisher_projection(np.vstack([_X[:4]] * 3), _Y3), InvalidInput,
         "all class means are equal"),
        (lambda: fisher_direction(_X, _Y, regularization=0.0), InvalidInput, "(0, 1]"),
        (lambda: fisher_direction(_X, _Y, regularization=1.5), InvalidInput, "(0, 1]"),
        (lambda: fisher_direction(_X, _Y, regularization=math.nan), NonFiniteInput,
         "regularization"),
        (lambda: fisher_projection(_X, _Y3, n_components=3), InvalidInput,
         "rank(S_B) <= K - 1 = 2"),
        (lambda: fisher_projection(_X[:, :1], _Y3, n_components=2), InvalidInput,
         "n_components <= 1"),
        (lambda: fisher_projection(_X, _Y3, n_components=0), InvalidInput, "positive integer"),
        (lambda: transform(fisher_projection(_X, _Y3), _X[:, :2]), ShapeMismatch,
         "fitted on 3"),
        (lambda: predict(fisher_classifier(_X, _Y), _X[:, :2]), ShapeMismatch, "fitted on 3"),
        (lambda: gaussian_threshold([1.0], [2.0, 3.0]), InvalidInput, "at least 2 values"),
        (lambda: gaussian_threshold([1.0, 1.0], [2.0, 3.0]), InvalidInput, "variance 0"),
        (lambda: fisher_classifier(_X[:7], [0, 0, 0, 0, 0, 0, 1]), InvalidInput,
         "class 1 has 1 sample"),
        (lambda: gaussian_threshold([2.0, 3.0], [0.0, 1.0]), InvalidInput,
         "Swap the arguments"),
        (lambda: gaussian_threshold([0.0, math.inf], [2.0, 3.0]), NonFiniteInput,
         "projections_1"),
        (lambda: fisher_criterion(np.zeros(3), np.eye(3), np.eye(3)), InvalidInput,
         "zero vector"),
        (lambda: fisher_criterion(np.ones(3), np.zeros((3, 3)), np.zeros((3, 3))),
         SingularMatrixError, "J(w) is undefined"),
        (lambda: fisher_direction(_X * 1e300, _Y), InvalidInput, "overflowed float64"),
        (lambda: fisher_direction(np.full((12, 3), 1.7e308), _Y), InvalidInput,
         "class sums of X overflowed"),
        (lambda: fisher_criterion(np.ones(3), np.eye(2), np.eye(3)), ShapeMismatch,
         "(3, 3)"),
    ],
    ids=lambda v: v.__name__ if isinstance(v, type) else None,
)
def test_bad_input_raises_with_a_message_that_names_the_fix(call, error, fragment):
    with pytest.raises(error) as info:
        call()
    assert fragment in str(info.value)


def test_criterion_is_infinite_along_a_direction_without_within_class_spread():
    assert fisher_criterion([1.0, 0.0], np.eye(2), np.diag([0.0, 1.0])) == math.inf


def test_singular_error_is_a_value_error():
    with pytest.raises(ValueError):
        fisher_direction(np.column_stack([_X, _X[:, 0]]), _Y)


def test_results_are_read_only():
    model = fisher_direction(_X, _Y)
    with pytest.raises(ValueError):
        model.coef_[0] = 1.0
    with pytest.raises(AttributeError):
        model.coef_ = np.zeros(3)
