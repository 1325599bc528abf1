"""Tests of numerics.least_squares (bromberg2012 §3; udelar2018 "Clasificación con mínimos
cuadrados"; ml10; Bishop PRML §4.1.3).

Tolerances come from rounding-error bounds scaled by the condition number of the
equilibrated Gram matrix G_s = D X~^T X~ D (D = inverse column norms of X~), computed
here independently with an SVD; see :func:`forward_error_bound`.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from numerics import least_squares
from numerics.errors import (
    InvalidInput,
    LabelError,
    NonFiniteInput,
    ShapeMismatch,
    SingularMatrixError,
)
from numerics.least_squares import (
    augment,
    decision_function,
    default_rcond_threshold,
    fit_least_squares,
    fit_least_squares_targets,
    predict,
    sum_of_squares_error,
    trace_error,
)
from tests.strategies.least_squares import (
    LABEL_SETS,
    RANK_DEFICIENCIES,
    full_column_rank_designs,
    invertible_affine_maps,
    rank_deficient_designs,
)

EPS = float(np.finfo(np.float64).eps)


# --- tolerances ------------------------------------------------------------------------------


def column_scaling(X: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """X~ = [X, 1] and D = 1 / (column norms of X~), zero columns left unscaled."""
    Xt = augment(X)
    norms = np.linalg.norm(Xt, axis=0)
    norms[norms == 0] = 1.0
    return Xt, 1.0 / norms


def equilibrated_condition(X: np.ndarray) -> float:
    """cond_2(D X~^T X~ D) = cond_2(X~ D)^2, by SVD."""
    Xt, D = column_scaling(X)
    return float(np.linalg.cond(Xt * D) ** 2)


def forward_error_bound(X: np.ndarray, T: np.ndarray, Y: np.ndarray, kappa: float) -> float:
    """Bound on ||Y_computed - Y_exact||_F for Y = D^{-1} W~ (scaled weights).

    Normal equations G_s Y = B_s: forming G_s perturbs it by at most gamma_N per entry
    (N eps, all |X~ D|^T |X~ D| entries <= 1), Cholesky adds (d+1) eps per entry, forming
    B_s perturbs it by N eps ||X~D|| ||T||; ||G_s^{-1}||_2 <= kappa. Factor 4 for the
    first-order terms dropped and the rounding of the test's own arithmetic.
    """
    n, d = X.shape
    return 4 * EPS * kappa * (
        (n + d + 1) * (d + 1) * np.linalg.norm(Y) + n * np.sqrt(d + 1) * np.linalg.norm(T)
    )


# --- agreement with the closed form ----------------------------------------------------------


@pytest.mark.parametrize("method", ["auto", "cholesky", "lstsq"])
@given(design=full_column_rank_designs())
def test_weights_agree_with_closed_form_normal_equations(method, design):
    # bromberg2012 §3, udelar2018: W~ = (X~^T X~)^{-1} X~^T T, computed here in plain
    # float64 with numpy.linalg.solve on the materialised X~ as the reference.
    X, T = design.X, design.T
    model = fit_least_squares(X, design.y, method=method)
    Xt, D = column_scaling(X)
    W_ref = np.linalg.solve(Xt.T @ Xt, Xt.T @ T)
    kappa = equilibrated_condition(X)
    Y, Y_ref = model.W_tilde_ / D[:, None], W_ref / D[:, None]
    note(f"kappa_s={kappa:.3e} method_={model.method_}\nW={model.W_tilde_}\nW_ref={W_ref}")
    # both the solver and the reference carry the forward error of the normal equations
    assert np.linalg.norm(Y - Y_ref) <= 2 * forward_error_bound(X, T, Y_ref, kappa)
    assert model.coef_.shape == (T.shape[1], X.shape[1])
    assert np.array_equal(model.coef_, model.W_tilde_[:-1].T)
    assert np.array_equal(model.intercept_, model.W_tilde_[-1])


@given(design=full_column_rank_designs())
def test_well_conditioned_designs_take_the_cholesky_path_at_full_rank(design):
    model = fit_least_squares(design.X, design.y)
    kappa = equilibrated_condition(design.X)
    note(f"kappa_s={kappa:.3e} threshold={model.rcond_threshold_:.3e}")
    assert 1.0 / kappa > 10 * model.rcond_threshold_  # by construction of the strategy
    assert model.method_ == "cholesky"
    assert model.rank_ == design.X.shape[1] + 1


@pytest.mark.parametrize("method", ["cholesky", "lstsq"])
@given(design=full_column_rank_designs(max_log10_condition=6.0))
def test_residual_is_orthogonal_to_columns_of_augmented_design(method, design):
    # stationarity of Eq. (6): X~^T (X~ W~ - T) = 0 (udelar2018: 0 = dE/dA)
    X, T = design.X, design.T
    model = fit_least_squares(X, design.y, method=method)
    Xt, D = column_scaling(X)
    n, d = X.shape
    scaled = D[:, None] * (Xt.T @ (Xt @ model.W_tilde_ - T))
    Y = model.W_tilde_ / D[:, None]
    bound = 4 * EPS * (n + d + 1) * np.sqrt(d + 1) * (
        np.sqrt(d + 1) * np.linalg.norm(Y) + np.linalg.norm(T)
    )
    note(f"scaled normal-equation residual {scaled}")
    assert np.linalg.norm(scaled) <= bound


# --- properties of the least-squares discriminants -------------------------------------------


@given(design=full_column_rank_designs(), data=st.data())
def test_outputs_sum_to_one_for_every_x(design, data):
    # Bishop PRML §4.1.3 (Exercise 4.2): with a bias and 1-of-K targets, sum_k y_k(x) = 1
    X, T = design.X, design.T
    model = fit_least_squares(X, design.y)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    lo, hi = X.min(axis=0), X.max(axis=0)
    width = hi - lo + 1.0
    Z = np.vstack([X, rng.uniform(lo - width, hi + width, size=(20, X.shape[1]))])
    _, D = column_scaling(X)
    Y = model.W_tilde_ / D[:, None]
    kappa = equilibrated_condition(X)
    Zt_scaled = np.linalg.norm(augment(Z) * D, axis=1)
    K, d = T.shape[1], X.shape[1]
    fe = forward_error_bound(X, T, Y, kappa) + 4 * (d + 1) * EPS * np.linalg.norm(Y)
    tol = np.sqrt(K) * Zt_scaled * fe
    total = decision_function(model, Z).sum(axis=1)
    note(f"sum_k y_k(x) - 1 = {total - 1}\ntolerance {tol}")
    assert np.all(np.abs(total - 1.0) <= tol)


@given(design=full_column_rank_designs(max_log10_condition=2.0), data=st.data())
def test_predictions_invariant_under_affine_change_of_features(design, data):
    # x -> A x + c (A invertible) maps the column space of X~ onto itself, so the least
    # squares discriminants, hence the decisions, are the same functions of the points.
    X, T = design.X, design.T
    d = X.shape[1]
    A, c = data.draw(invertible_affine_maps(d))
    X2 = X @ A.T + c
    m1, m2 = fit_least_squares(X, design.y), fit_least_squares(X2, design.y)
    y1, y2 = decision_function(m1, X), decision_function(m2, X2)
    tol_rows = np.zeros(X.shape[0])
    for Xi, model in ((X, m1), (X2, m2)):
        _, D = column_scaling(Xi)
        Y = model.W_tilde_ / D[:, None]
        fe = forward_error_bound(Xi, T, Y, equilibrated_condition(Xi))
        tol_rows += np.linalg.norm(augment(Xi) * D, axis=1) * fe * np.sqrt(T.shape[1])
    # the rounding of X A^T + c perturbs the data by (d + 1) eps cond(A) relatively
    tol_rows *= (d + 1) * np.linalg.cond(A)
    note(f"decision differences {np.abs(y1 - y2).max(axis=1)}\ntolerance {tol_rows}")
    assert np.all(np.abs(y1 - y2) <= tol_rows[:, None])
    top2 = np.sort(y1, axis=1)[:, -2:]
    clear = top2[:, 1] - top2[:, 0] > 2 * tol_rows
    assert np.array_equal(predict(m1, X)[clear], predict(m2, X2)[clear])


@pytest.mark.parametrize("bias", ["last", "first"])
@given(design=full_column_rank_designs(), data=st.data())
def test_eq5_double_sum_equals_eq6_half_trace(bias, design, data):
    # bromberg2012 Eq. (5) = Eq. (6) for any W~ (ml10 derives the equality)
    X, T = design.X, design.T
    d, K = X.shape[1], T.shape[1]
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    W = rng.standard_normal((d + 1, K)) * data.draw(st.sampled_from([1e-3, 1.0, 1e3]))
    e5, e6 = sum_of_squares_error(X, T, W, bias=bias), trace_error(X, T, W, bias=bias)
    Xt = augment(X, bias=bias)
    scale = np.sum((np.abs(Xt) @ np.abs(W) + np.abs(T)) ** 2)
    note(f"Eq. (5) = {e5!r}, Eq. (6) = {e6!r}")
    assert abs(e5 - e6) <= 4 * (d + 2) * EPS * scale


@given(design=full_column_rank_designs())
def test_error_functions_read_bias_first_layout_as_the_same_model(design):
    # udelar2018 / ml10 write x~ = (1, x): rolling the bias row to the top changes nothing
    X, T = design.X, design.T
    model = fit_least_squares(X, design.y)
    W_first = np.roll(model.W_tilde_, 1, axis=0)
    last, first = sum_of_squares_error(X, T, model.W_tilde_), sum_of_squares_error(
        X, T, W_first, bias="first"
    )
    scale = np.sum((np.abs(augment(X)) @ np.abs(model.W_tilde_) + 1.0) ** 2)
    assert abs(last - first) <= 4 * (X.shape[1] + 2) * EPS * scale
    assert np.array_equal(augment(X, bias="first")[:, 1:], X)
    assert np.all(augment(X, bias="first")[:, 0] == 1.0)


@pytest.mark.parametrize("label_kind", sorted(LABEL_SETS))
@given(data=st.data())
def test_labels_of_any_sortable_type_give_the_same_fit(label_kind, data):
    design = data.draw(full_column_rank_designs(labels=label_kind))
    model = fit_least_squares(design.X, design.y)
    by_code = fit_least_squares(design.X, design.codes)
    assert model.classes_.tolist() == design.classes.tolist()
    assert np.array_equal(model.W_tilde_, by_code.W_tilde_)
    assert predict(model, design.X).tolist() == design.classes[predict(by_code, design.X)].tolist()


@given(design=full_column_rank_designs())
def test_target_fit_shares_the_solver_with_the_label_fit(design):
    X, T = design.X, design.T
    from_labels = fit_least_squares(X, design.y)
    from_targets = fit_least_squares_targets(X, T)
    _, D = column_scaling(X)
    Y = from_labels.W_tilde_ / D[:, None]
    diff = (from_labels.W_tilde_ - from_targets.W_tilde_) / D[:, None]
    assert np.linalg.norm(diff) <= 2 * forward_error_bound(X, T, Y, equilibrated_condition(X))
    assert from_targets.classes_ is None
    assert from_targets.method_ == from_labels.method_


@given(design=full_column_rank_designs(n_classes=2))
def test_fisher_targets_satisfy_bishop_4_37_and_bias_is_minus_w_dot_mean(design):
    # udelar2018 "Discriminante de Fisher: relación con mínimos cuadrados", Bishop §4.1.5:
    # t_n = N/N1 (class 1), -N/N2 (class 2) => w0 = -w^T m and
    # (S_W + N1 N2 / N S_B) w = N (m1 - m2), S_B = (m2 - m1)(m2 - m1)^T.
    X, codes = design.X, design.codes
    n, d = X.shape
    n1, n2 = np.sum(codes == 0), np.sum(codes == 1)
    t = np.where(codes == 0, n / n1, -n / n2)
    model = fit_least_squares_targets(X, t)
    w, w0 = model.coef_[0], model.intercept_[0]
    m, m1, m2 = X.mean(axis=0), X[codes == 0].mean(axis=0), X[codes == 1].mean(axis=0)
    S_W = sum((X[codes == k] - mk).T @ (X[codes == k] - mk) for k, mk in ((0, m1), (1, m2)))
    M = S_W + n1 * n2 / n * np.outer(m2 - m1, m2 - m1)
    rhs = n * (m1 - m2)
    _, D = column_scaling(X)
    Y = model.W_tilde_ / D[:, None]
    fe = forward_error_bound(X, t[:, None], Y, equilibrated_condition(X))
    dw = np.max(D[:d]) * fe  # ||delta w|| <= max(D) ||delta Y||
    rounding = 4 * n * EPS * (np.abs(M).sum() * np.linalg.norm(w) + np.abs(rhs).sum())
    tol = np.linalg.norm(M, 2) * dw + rounding
    note(f"M w - rhs = {M @ w - rhs}, tol {tol}")
    assert np.linalg.norm(M @ w - rhs) <= tol
    # |delta w0| <= D_bias ||delta Y||, |delta w . m| <= ||delta w|| ||m||, plus rounding
    rounding = 4 * (d + 1) * EPS * (np.abs(w) @ np.abs(m) + abs(w0))
    assert abs(w0 + w @ m) <= D[d] * fe + dw * np.linalg.norm(m) + rounding


@given(design=full_column_rank_designs(max_log10_condition=6.0))
def test_condition_is_the_1_norm_condition_of_the_equilibrated_gram_matrix(design):
    model = fit_least_squares(design.X, design.y, method="cholesky")
    Xt, D = column_scaling(design.X)
    Gs = (Xt * D).T @ (Xt * D)
    true = np.linalg.cond(Gs, 1)
    d = design.X.shape[1]
    note(f"condition_ {model.condition_:.6e}, 1-norm condition by numpy {true:.6e}")
    # both come from a computed inverse, each with relative error ~ (d+1) cond eps
    assert abs(model.condition_ - true) <= 8 * (d + 1) * EPS * true * true


# --- rank deficiency: fallback and errors ----------------------------------------------------


@pytest.mark.parametrize("kind", RANK_DEFICIENCIES)
@given(data=st.data())
def test_rank_deficient_design_falls_back_to_lstsq_and_satisfies_normal_equations(kind, data):
    design = data.draw(rank_deficient_designs(kind))
    X, T = design.X, design.T
    n, d = X.shape
    model = fit_least_squares(X, design.y)
    assert model.method_ == "lstsq"
    assert model.rank_ == design.rank < d + 1
    assert model.condition_ == np.inf
    Xt, D = column_scaling(X)
    Y = model.W_tilde_ / D[:, None]
    scaled = D[:, None] * (Xt.T @ (Xt @ model.W_tilde_ - T))
    bound = 4 * EPS * (n + d + 1) * np.sqrt(d + 1) * (
        np.sqrt(d + 1) * np.linalg.norm(Y) + np.linalg.norm(T)
    )
    note(f"scaled normal-equation residual {scaled}")
    assert np.linalg.norm(scaled) <= bound
    # the fitted values X~ W~ are the projection of T on range(X~), whatever W~ is chosen
    s = np.linalg.svd(Xt * D, compute_uv=False)
    kappa_r = (s[0] / s[design.rank - 1]) ** 2
    projection = Xt @ np.linalg.lstsq(Xt, T, rcond=None)[0]
    assert np.linalg.norm(Xt @ model.W_tilde_ - projection) <= 8 * EPS * max(n, d + 1) * (
        kappa_r * np.linalg.norm(T)
    )


@pytest.mark.parametrize(
    "kind, fragment",
    [
        ("constant", "constant, hence collinear with the bias"),
        ("zero", "identically zero"),
        ("duplicate", "proportional"),
        ("combination", "linearly dependent"),
        ("too_few_samples", "fewer samples than unknowns"),
    ],
)
@given(data=st.data())
def test_forced_cholesky_on_singular_design_raises_naming_the_cause(kind, fragment, data):
    design = data.draw(rank_deficient_designs(kind))
    with pytest.raises(SingularMatrixError, match="method='auto'") as excinfo:
        fit_least_squares(design.X, design.y, method="cholesky")
    assert fragment in str(excinfo.value)


@pytest.mark.parametrize("layout", ["C", "F"])
@pytest.mark.parametrize("targets", ["labels", "real"])
def test_blocked_gram_accumulation_matches_the_closed_form(monkeypatch, layout, targets):
    # the Gram matrix is accumulated over row blocks of ~1 MiB; shrink them to 1024 rows
    monkeypatch.setattr(least_squares, "_BLOCK_BYTES", 1)
    rng = np.random.default_rng(3)
    X = np.asarray(rng.standard_normal((3000, 4)) * [1.0, 10.0, 0.1, 1.0] + 2.0, order=layout)
    y = rng.integers(0, 3, size=3000)
    T = np.eye(3)[y] if targets == "labels" else rng.standard_normal((3000, 2))
    model = fit_least_squares(X, y) if targets == "labels" else fit_least_squares_targets(X, T)
    Xt, D = column_scaling(X)
    W_ref = np.linalg.solve(Xt.T @ Xt, Xt.T @ T)
    Y_ref = W_ref / D[:, None]
    bound = 2 * forward_error_bound(X, T, Y_ref, equilibrated_condition(X))
    assert np.linalg.norm(model.W_tilde_ / D[:, None] - Y_ref) <= bound


def test_rcond_threshold_chooses_the_solver():
    rng = np.random.default_rng(0)
    X, y = rng.standard_normal((50, 3)), np.arange(50) % 3
    assert fit_least_squares(X, y).method_ == "cholesky"
    forced = fit_least_squares(X, y, rcond_threshold=1.0)  # every rcond < 1 fails it
    assert (forced.method_, forced.rank_, forced.rcond_threshold_) == ("lstsq", 4, 1.0)
    assert np.isfinite(forced.condition_)
    assert default_rcond_threshold(50, 3) == 4 * 50 * EPS
    with pytest.raises(SingularMatrixError, match="numerically singular"):
        fit_least_squares(X, y, method="cholesky", rcond_threshold=1.0)


def test_result_is_frozen_with_read_only_arrays():
    rng = np.random.default_rng(1)
    model = fit_least_squares(rng.standard_normal((20, 2)), np.arange(20) % 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        model.method_ = "lstsq"  # type: ignore[misc]
    for array in (model.coef_, model.intercept_, model.W_tilde_):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 0.0


# --- bad inputs ------------------------------------------------------------------------------

_rng = np.random.default_rng(2)
_X = _rng.standard_normal((12, 3))
_y = np.arange(12) % 3
_X_nan = _X.copy()
_X_nan[4, 1] = np.nan
_X_inf = _X.copy()
_X_inf[0, 2] = -np.inf


@pytest.mark.parametrize(
    "X, y, kwargs, error, fragment",
    [
        (_X_nan, _y, {}, NonFiniteInput, "finite"),
        (_X_inf, _y, {}, NonFiniteInput, "finite"),
        (_X_nan, _y, {"method": "lstsq"}, NonFiniteInput, "finite"),
        # (_X * 1e200 is fitted rescaled since issue 37: tests/numerics/test_scaling.py)
        (_X[:, 0], _y, {}, InvalidInput, "2-D array"),
        (_X[None], _y, {}, InvalidInput, "2-D array"),
        ([["a", "b"], ["c", "d"]], [0, 1], {}, InvalidInput, "numeric"),
        (_X[:10], _y, {}, ShapeMismatch, "12 labels but X has 10 samples"),
        (_X, np.zeros(12), {}, LabelError, "at least 2 classes"),
        (_X, np.where(_y == 0, np.nan, _y), {}, NonFiniteInput, "NaN"),
        (_X, np.column_stack([_y, _y]), {}, InvalidInput, "1-D array of class labels"),
        (_X, _y, {"method": "qr"}, InvalidInput, "method must be one of"),
        (_X, _y, {"rcond_threshold": 0.0}, InvalidInput, "in (0, 1]"),
        (_X, _y, {"rcond_threshold": 2.0}, InvalidInput, "in (0, 1]"),
        (_X, _y, {"rcond_threshold": "1e-8"}, InvalidInput, "float in (0, 1] or None"),
    ],
)
def test_fit_least_squares_rejects_bad_input(X, y, kwargs, error, fragment):
    with pytest.raises(error) as excinfo:
        fit_least_squares(X, y, **kwargs)
    assert fragment in str(excinfo.value)


_T = np.eye(3)[_y]


@pytest.mark.parametrize(
    "X, T, error, fragment",
    [
        (_X, np.where(_T == 1, np.nan, _T), NonFiniteInput, "finite"),
        (_X, _T[:11], ShapeMismatch, "same number of samples"),
        (_X, _T[None], InvalidInput, "2-D array"),
        (_X_inf, _T, NonFiniteInput, "finite"),
        (_X, _T * 1.5e308, InvalidInput, "overflows"),
    ],
)
def test_fit_least_squares_targets_rejects_bad_input(X, T, error, fragment):
    with pytest.raises(error) as excinfo:
        fit_least_squares_targets(X, T)
    assert fragment in str(excinfo.value)


_model = fit_least_squares(_X, _y)
_target_model = fit_least_squares_targets(_X, _T)


@pytest.mark.parametrize(
    "call, error, fragment",
    [
        (lambda: decision_function(_model, _X[:, :2]), ShapeMismatch, "fitted on 3"),
        (lambda: decision_function(_model, augment(_X)), ShapeMismatch, "without a bias column"),
        (lambda: decision_function(_X, _model), InvalidInput, "argument order"),
        (lambda: predict(_model, _X_nan), NonFiniteInput, "finite"),
        (lambda: predict(_target_model, _X), InvalidInput, "no classes to predict"),
        (lambda: augment(_X, bias="middle"), InvalidInput, "bias must be"),
        (lambda: sum_of_squares_error(_X, _T, _model.W_tilde_.T), ShapeMismatch, "(4, 3)"),
        (lambda: trace_error(_X, _T[:5], _model.W_tilde_), ShapeMismatch, "same number"),
        (lambda: trace_error(_X, _T, _model.W_tilde_, bias="none"), InvalidInput, "bias must"),
    ],
)
def test_prediction_and_error_functions_reject_bad_input(call, error, fragment):
    with pytest.raises(error) as excinfo:
        call()
    assert fragment in str(excinfo.value)

