"""The least-squares catalog entries, lambdified, against ``numerics.least_squares``.

Each test takes the SymPy form an entry verifies (dimension-free), instantiates it at the
sizes of a generated design (concrete-size MatrixSymbols, so NumPy does the matrix
algebra), lambdifies it, and compares with the numerics implementation:

- the closed form W~ = (X~^T X~)^{-1} X~^T T (least_squares.normal_equations);
- the residual X~ W~ - T orthogonal to every column of X~;
- the K outputs summing to one for every x (least_squares.outputs_sum_to_one);
- predictions T^T X~ (X~^T X~)^{-1} x~ invariant under x -> A x + c (least_squares.predictor);
- Eq. (5) (double sum) and Eq. (6) (half trace) agreeing (least_squares.eq5_equals_eq6);
- a consistent scaled fit c W~* whose error is not minimal (least_squares.consistent_if_separable);

and the behaviour entries' constructions on seeds beyond the ones the catalog runs.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

import numerics.least_squares as nl
from derivations.catalog import REGISTRY
from derivations.catalog import least_squares as cat
from derivations._claims.statement import Statement
from tests.derivations.catalog._lambdified import lambdified
from tests.strategies.least_squares import (
    full_column_rank_designs,
    invertible_affine_maps,
    query_points,
    real_targets,
    symbolic_sizes,
)

#: Relative tolerance for a closed form evaluated through an explicit inverse of the Gram
#: matrix, whose condition number is the square of X~'s (designs have cond(X~) <= 1e3).
CLOSED_FORM_RTOL = 1e-6
#: For quantities computed without an inverse (sums of squares, traces, outputs).
RTOL = 1e-9


def _statement(entry_id: str) -> Statement:
    return REGISTRY[entry_id].build()


def _agreement_expr(entry_id: str, label_part: str):
    st_ = _statement(entry_id)
    (ag,) = [a for a in st_.numeric if label_part in a.label]
    return st_, ag.expr


def _close(a, b, rtol: float) -> bool:
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    scale = max(float(np.max(np.abs(a), initial=0.0)), float(np.max(np.abs(b), initial=0.0)), 1.0)
    return bool(np.all(np.abs(a - b) <= rtol * scale))


# --- the closed form ----------------------------------------------------------------------


@given(design=full_column_rank_designs(max_features=3, max_extra_samples=12, max_log10_condition=3.0))
def test_lambdified_closed_form_equals_numerics_weights(design):
    st_, expr = _agreement_expr("least_squares.normal_equations", "W~ for X~")
    n, d = design.X.shape
    f = lambdified(st_, expr, {"N": n, "d": d, "K": design.T.shape[1]}, expand=True)
    want = f(X_data=design.X, T=design.T)
    got = nl.fit_least_squares(design.X, design.y).W_tilde_
    note(f"symbolic {want!r}\nnumerics {got!r}")
    assert _close(want, got, CLOSED_FORM_RTOL)


@given(design=full_column_rank_designs(max_features=3, max_extra_samples=12, max_log10_condition=3.0),
       data=st.data())
def test_residual_of_numerics_fit_is_orthogonal_to_every_column_of_augmented_design(design, data):
    # the catalog's step X~^T X~ W~ - X~^T T (= X~^T (X~ W~ - T)) evaluated at numerics' W~
    st_ = _statement("least_squares.normal_equations")
    X, W, T = (st_.space.decls[k].symbol for k in ("X", "W", "T"))
    n, d = design.X.shape
    targets = data.draw(real_targets(n), label="T")
    f = lambdified(st_, X.T * X * W - X.T * T, {"N": n, "d": d, "K": targets.shape[1]}, expand=True)
    Xt = nl.augment(design.X, bias="last")
    W_ls = nl.fit_least_squares_targets(design.X, targets).W_tilde_
    grad = f(X=Xt, W=W_ls, T=targets)
    scale = np.abs(Xt).T @ np.abs(targets) + np.abs(Xt).T @ np.abs(Xt) @ np.abs(W_ls)
    note(f"X~^T (X~ W~ - T) = {grad!r}")
    assert np.all(np.abs(grad) <= 1e-8 * (scale + 1.0))


@given(sizes=symbolic_sizes(), data=st.data())
def test_lambdified_gradient_equals_central_differences_of_numerics_error(sizes, data):
    st_, expr = _agreement_expr("least_squares.gradient", "central differences")
    n, d, k = sizes
    X = data.draw(real_targets(n, columns=d), label="X_data")
    T = data.draw(real_targets(n, columns=k), label="T")
    W = data.draw(real_targets(d + 1, columns=k), label="W~")
    f = lambdified(st_, expr, {"N": n, "d": d, "K": k}, expand=True)
    assert _close(f(X_data=X, T=T, W=W), cat._central_gradient(X, T, W), 1e-6)


# --- what the solution does -----------------------------------------------------------------


@given(design=full_column_rank_designs(max_features=3, max_extra_samples=12, max_log10_condition=3.0),
       data=st.data())
@pytest.mark.slow
def test_outputs_sum_to_one_for_every_x(design, data):
    st_ = _statement("least_squares.outputs_sum_to_one")
    n, d = design.X.shape
    lhs = st_.claims[r"$\mathbf{1}_K^\top\tilde{\mathbf{W}}^\top\tilde{\mathbf{x}} = 1$"].lhs
    f = lambdified(st_, lhs, {"N": n, "d": d, "K": design.T.shape[1]}, expand=True)
    model = nl.fit_least_squares(design.X, design.y)
    # the entry builds T = [S, 1 - S 1] (rows summing to one); a 1-of-K T is S = T[:, :-1]
    S = design.T[:, :-1]
    for x in data.draw(query_points(d), label="points x"):
        assert _close(f(X=design.X, S=S, x=x), 1.0, CLOSED_FORM_RTOL)
        assert _close(nl.decision_function(model, x[None, :]).sum(), 1.0, 1e-8)


@given(design=full_column_rank_designs(max_features=3, max_extra_samples=12, max_log10_condition=2.0),
       data=st.data())
def test_predictions_are_invariant_under_an_affine_change_of_features(design, data):
    st_, expr = _agreement_expr("least_squares.predictor", "decision_function")
    n, d = design.X.shape
    A, c = data.draw(invertible_affine_maps(d), label="x -> A x + c")
    f = lambdified(st_, expr, {"N": n, "d": d, "K": design.T.shape[1]}, expand=True)
    X2 = design.X @ A.T + c
    model, model2 = nl.fit_least_squares(design.X, design.y), nl.fit_least_squares(X2, design.y)
    for x in data.draw(query_points(d), label="points x"):
        x2 = A @ x + c
        y1, y2 = f(X_data=design.X, T=design.T, x_data=x), f(X_data=X2, T=design.T, x_data=x2)
        assert _close(y1, y2, CLOSED_FORM_RTOL)
        assert _close(y1.ravel(), nl.decision_function(model, x[None, :]).ravel(), CLOSED_FORM_RTOL)
        assert _close(nl.decision_function(model2, x2[None, :]), nl.decision_function(model, x[None, :]),
                      CLOSED_FORM_RTOL)


# --- the error: Eq. (5), Eq. (6) and ml10's diagonal -----------------------------------------


@pytest.mark.slow
@given(sizes=symbolic_sizes(), data=st.data())
def test_eq5_double_sum_and_eq6_half_trace_agree_with_each_other_and_with_numerics(sizes, data):
    st_ = _statement("least_squares.eq5_equals_eq6")
    eq5, eq6 = st_.claims["Eq. (5) = Eq. (6)"].lhs, st_.claims["Eq. (5) = Eq. (6)"].rhs
    n, d, k = sizes
    X = data.draw(real_targets(n, columns=d), label="X")
    T = data.draw(real_targets(n, columns=k), label="T")
    W = data.draw(real_targets(d, columns=k), label="W")
    b = data.draw(real_targets(k, columns=1), label="b")
    values = {"X": X, "T": T, "W": W, "b": b}
    f5 = lambdified(st_, eq5, {"N": n, "d": d, "K": k}, expand=True)
    f6 = lambdified(st_, eq6, {"N": n, "d": d, "K": k}, expand=True)
    e5, e6 = f5(**{m: values[m] for m in f5.names}), f6(**{m: values[m] for m in f6.names})
    Wt = np.vstack([W, b.T])
    assert _close(e5, e6, RTOL)
    assert _close(e5, nl.sum_of_squares_error(X, T, Wt), RTOL)
    assert _close(e6, nl.trace_error(X, T, Wt), RTOL)


@given(sizes=symbolic_sizes(), data=st.data())
def test_ml10_per_sample_errors_are_the_diagonal_of_r_rt_not_of_rt_r(sizes, data):
    # the numeric face of the erratum least_squares.residual_diagonal: with N != K the
    # per-sample sums of squares have N entries, the diagonal of R^T R only K
    n, _, k = sizes
    R = data.draw(real_targets(n, columns=k), label="R")
    per_sample = np.sum(R**2, axis=1)
    assert np.allclose(np.diagonal(R @ R.T), per_sample)
    assert np.allclose(np.diagonal(R.T @ R), np.sum(R**2, axis=0))
    assert np.isclose(np.trace(R.T @ R), per_sample.sum())


# --- behaviours, on seeds beyond the catalog's 0..19 -------------------------------------------

BEHAVIOURS = {
    "least squares is inconsistent on the separable far-cluster sets": cat._inconsistent_on_separable,
    "outputs leave [0, 1]": cat._outside_unit_interval,
    "far, correctly classified points move the boundary": cat._outlier_sensitivity,
    "the middle of three classes is masked": cat._masking,
}


@pytest.mark.parametrize("name", sorted(BEHAVIOURS))
@given(seed=st.integers(0, 2**32 - 1))
def test_behaviour_construction_holds_for_any_seed(name, seed):
    result = BEHAVIOURS[name](seed)
    assert result.holds, f"seed {seed}: {result.detail}"


@given(d=st.integers(1, 4), seed=st.integers(0, 2**32 - 1), c=st.floats(0.1, 3.0))
def test_scaled_least_squares_fit_stays_consistent_but_its_error_grows(d, seed, c):
    # the numeric face of the erratum least_squares.consistent_if_separable: bromberg2012's
    # "el error se minimiza cuando H es consistente" fails for c W~*, consistent for every
    # c > 0, whose error is (c - 1)^2/2 Tr(T^T T) above the minimum E(W~*) = 0
    rng = np.random.default_rng(seed)
    n = d + 1
    X = rng.normal(size=(n, d))
    y = rng.permutation(n)
    T = np.eye(n)[y]
    if np.linalg.cond(nl.augment(X, bias="last")) > 1e6:
        return
    W = nl.fit_least_squares_targets(X, T).W_tilde_
    for V in (W, c * W):
        scores = nl.augment(X, bias="last") @ V
        assert np.array_equal(np.argmax(scores, axis=1), y)
    E0, Ec = nl.trace_error(X, T, W), nl.trace_error(X, T, c * W)
    assert E0 <= 1e-8
    assert _close(Ec, (c - 1) ** 2 / 2 * n, 1e-6)
