"""Tests of numerics.svm: the hard-margin linear SVM (hermosillo2017, Bishop PRML §7.1).

Ground truth is the construction of the data (a known separating hyperplane and margin)
and the KKT conditions, which characterise the optimum of a convex QP; scikit-learn's
``SVC(kernel="linear", C=1e10)`` is a peer check only (libsvm stops at tol = 1e-3).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from numerics.errors import (
    ConvergenceError,
    InvalidInput,
    LabelError,
    NonFiniteInput,
    NotSeparableError,
    ShapeMismatch,
)
from numerics.svm import hard_margin_svm

KKT_TOL = 1e-6  # relative; Clarabel's tolerance is 1e-9 on the standardised data


@st.composite
def separable_datasets(draw, *, max_samples: int = 40, max_dim: int = 4):
    """``(X, y, gamma)``: every sample at distance >= gamma from the hyperplane u^T x + b = 0
    on its own side (||u|| = 1), both classes present. Built, not filtered: each point is
    moved along u to distance gamma + |e| (e drawn) on the side of its label."""
    seed = draw(st.integers(0, 2**32 - 1))
    n = draw(st.integers(3, max_samples))
    d = draw(st.integers(1, max_dim))
    gamma = draw(st.floats(0.05, 2.0))
    scale = 10.0 ** draw(st.floats(-2, 2))
    rng = np.random.default_rng(seed)
    u = rng.standard_normal(d)
    u /= np.linalg.norm(u)
    b = float(rng.uniform(-2, 2))
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    y[0], y[1] = 1.0, -1.0
    X = rng.standard_normal((n, d)) * 3
    X -= np.outer(X @ u + b, u)                       # onto the hyperplane
    X += np.outer(y * (gamma + np.abs(rng.standard_normal(n))), u)
    return X * scale, y, gamma * scale


def _margins(res, X, y):
    return y * (X @ res.coef_ - res.threshold_)


def _assert_kkt(res, X, y):
    note(f"alpha={res.alpha_!r} w={res.coef_!r} t={res.threshold_!r} kkt={res.kkt_!r}")
    m = _margins(res, X, y)
    total = res.alpha_.sum()
    assert np.all(res.alpha_ >= 0)                                      # dual feasibility
    assert np.all(m >= 1 - KKT_TOL)                                     # primal feasibility
    assert abs(res.alpha_ @ y) <= KKT_TOL * total                       # dL_P/dt = 0
    np.testing.assert_allclose(res.coef_, (res.alpha_ * y) @ X,         # dL_P/dw = 0
                               atol=KKT_TOL * np.abs(res.coef_).max())
    assert np.max(res.alpha_ * np.abs(m - 1)) <= KKT_TOL * total        # complementary slackness
    assert res.kkt_.max() <= KKT_TOL


@given(data=separable_datasets(), method=st.sampled_from(["dual", "primal"]))
def test_solution_satisfies_every_kkt_condition(data, method):
    X, y, _ = data
    _assert_kkt(hard_margin_svm(X, y, method=method), X, y)


@given(data=separable_datasets())
def test_dual_solutions_w_and_t_equal_the_primal_solutions(data):
    X, y, _ = data
    dual, primal = hard_margin_svm(X, y, method="dual"), hard_margin_svm(X, y, method="primal")
    note(f"dual w={dual.coef_!r} t={dual.threshold_!r}; primal w={primal.coef_!r} "
         f"t={primal.threshold_!r}")
    scale = np.abs(primal.coef_).max()
    np.testing.assert_allclose(dual.coef_, primal.coef_, atol=1e-5 * scale)
    assert dual.threshold_ == pytest.approx(primal.threshold_,
                                            abs=1e-5 * (1 + scale * np.abs(X).max()))


@given(data=separable_datasets())
def test_primal_and_dual_objectives_agree(data):
    X, y, _ = data
    res = hard_margin_svm(X, y)
    assert res.primal_objective_ == pytest.approx(0.5 * res.coef_ @ res.coef_)
    assert res.dual_objective_ == pytest.approx(res.alpha_.sum() - 0.5 * res.coef_ @ res.coef_)
    assert abs(res.duality_gap_) <= 1e-6 * res.primal_objective_


@given(data=separable_datasets())
def test_support_vectors_lie_on_the_margin_and_margin_is_one_over_norm_w(data):
    X, y, gamma = data
    res = hard_margin_svm(X, y)
    m = _margins(res, X, y)
    assert res.support_.size >= 2 and set(np.unique(y[res.support_])) == {-1.0, 1.0}
    np.testing.assert_allclose(m[res.support_], 1.0, atol=KKT_TOL)
    np.testing.assert_array_equal(res.support_vectors_, X[res.support_])
    norm = np.linalg.norm(res.coef_)
    assert res.margin_ == pytest.approx(1 / norm)
    # the geometric margin: distance of the closest sample to the separator
    assert res.margin_ == pytest.approx(np.min(m) / norm, rel=KKT_TOL)
    assert res.margin_ >= gamma * (1 - KKT_TOL)   # at least the generator's margin


def test_hermosillo2017_exercise_exact_solution():
    """X = [(1, 2), (-1, 2), (-1, -2)], y = (-1, -1, +1): alpha* = (0, 1/8, 1/8) (unique),
    w = (0, -1/2), t = 0, support vectors x_2, x_3; x_1 lies on the margin with alpha_1 = 0
    (no strict complementarity); margin 1/||w|| = 2; primal = dual = 1/8."""
    X = np.array([[1.0, 2.0], [-1.0, 2.0], [-1.0, -2.0]])
    y = np.array([-1.0, -1.0, 1.0])
    for method in ("dual", "primal"):
        res = hard_margin_svm(X, y, method=method)
        np.testing.assert_allclose(res.alpha_, [0, 1 / 8, 1 / 8], atol=1e-12)
        np.testing.assert_allclose(res.coef_, [0, -0.5], atol=1e-12)
        assert abs(res.threshold_) <= 1e-12
        np.testing.assert_array_equal(res.support_, [1, 2])
        np.testing.assert_allclose(_margins(res, X, y), [1, 1, 1], atol=1e-12)
        assert res.margin_ == pytest.approx(2.0)
        assert res.primal_objective_ == pytest.approx(1 / 8)
        assert res.dual_objective_ == pytest.approx(1 / 8)


@given(data=separable_datasets(max_dim=3))
def test_agrees_with_scikit_learn_svc_linear(data):
    svm = pytest.importorskip("sklearn.svm")
    X, y, _ = data
    res = hard_margin_svm(X, y)
    peer = svm.SVC(kernel="linear", C=1e10, tol=1e-8).fit(X, y)
    note(f"ours w={res.coef_!r} b={res.intercept_!r}; sklearn w={peer.coef_[0]!r} "
         f"b={peer.intercept_[0]!r}")
    scale = np.abs(res.coef_).max()
    np.testing.assert_allclose(peer.coef_[0], res.coef_, atol=1e-3 * scale)
    assert peer.intercept_[0] == pytest.approx(res.intercept_,
                                               abs=1e-3 * (1 + scale * np.abs(X).max()))


def test_not_separable_raises_naming_the_soft_margin_fix():
    X = np.array([[0.0, 0.0], [2.0, 0.0], [1.0, 0.0], [1.0, 1.0]])
    y = np.array([1.0, 1.0, -1.0, -1.0])            # (1, 0) is between two positives
    for method in ("auto", "dual", "primal"):
        with pytest.raises(NotSeparableError, match="soft-margin") as info:
            hard_margin_svm(X, y, method=method)
        assert "not linearly separable" in str(info.value)
        assert isinstance(info.value, ValueError)


def test_same_point_in_both_classes_is_not_separable():
    with pytest.raises(NotSeparableError, match="soft-margin"):
        hard_margin_svm([[1.0, 1.0], [1.0, 1.0]], [1, -1])


@pytest.mark.parametrize("X, y, error, match", [
    ([[0.0], [1.0]], [0, 1], LabelError, r"\{0, 1\} labels"),
    ([[0.0], [1.0]], [1, 1], LabelError, "both classes"),
    ([[0.0], [np.nan]], [1, -1], NonFiniteInput, "finite"),
    ([0.0, 1.0], [1, -1], InvalidInput, "2-D"),
    ([[0.0], [1.0], [2.0]], [1, -1], ShapeMismatch, "labels but there are 3 samples"),
])
def test_bad_input_is_rejected_with_the_fix(X, y, error, match):
    with pytest.raises(error, match=match):
        hard_margin_svm(X, y)


@pytest.mark.parametrize("kwargs, match", [
    ({"method": "smo"}, "method must be one of"),
    ({"tol": 0.0}, "tol must be > 0"),
    ({"support_tol": -1.0}, "support_tol must be > 0"),
    ({"max_iter": 0}, "max_iter must be a positive integer"),
])
def test_bad_options_are_rejected(kwargs, match):
    with pytest.raises(InvalidInput, match=match):
        hard_margin_svm([[0.0], [1.0]], [1, -1], **kwargs)


def test_decision_function_is_w_x_minus_t():
    X = np.array([[1.0, 2.0], [-1.0, 2.0], [-1.0, -2.0]])
    res = hard_margin_svm(X, [-1, -1, 1])
    np.testing.assert_allclose(res.decision_function([[3.0, 4.0]]), [-2.0], atol=1e-12)
    with pytest.raises(InvalidInput, match="features"):
        res.decision_function([[1.0, 2.0, 3.0]])


# --- the fit says when its KKT conditions hold only to worse than tol ------------------------

def _ill_conditioned(gamma: float, seed: int = 17):
    """552 samples, d = 20, a degenerate margin (22 samples on it), the classes 2 gamma
    apart in data of spread ~12 (times 3.5e-3). At gamma = 1.6e-5 the multipliers reach
    ~5e11 (standardised); w = sum alpha_i y_i x_i then held the margins only to 1.7e-5
    (working set) and 9.7e-6 (Clarabel) before the fit solved the support vectors' margin
    equations for w; now ~1e-10. At gamma = 1e-7 (8.6e-9 of the spread) rounding alone
    leaves ~7e-9 > tol."""
    from tests.numerics.test_svm_working_set import _separable

    X, y, *_ = _separable(np.random.default_rng(seed), 552, 20, gamma, 3.5e-3, n_on=22)
    return X, y


@pytest.mark.parametrize("method", ["working_set", "primal"])
def test_an_ill_conditioned_fit_warns_with_its_residual_and_the_conditioning(method):
    import warnings

    from numerics.errors import AccuracyWarning

    X, y = _ill_conditioned(1e-7)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        res = hard_margin_svm(X, y, method=method)
    mine = [w for w in caught if issubclass(w.category, AccuracyWarning)]
    assert len(mine) == 1 and res.kkt_.max() > 1e-9
    text = str(mine[0].message)
    assert f"kkt_.primal_feasibility_ is {res.kkt_.primal_feasibility_:.1e}" in text
    assert "above tol=1e-09" in text and "8.6e-09 of the samples' spread" in text
    assert "LinearSVC" in text and "filterwarnings" in text
    assert mine[0].filename == __file__        # pointed at the caller, not at numerics
    # the answer is still the separator to the digits float64 leaves
    with pytest.warns(AccuracyWarning):       # the reference is no better conditioned
        ref = hard_margin_svm(X, y, method="dual" if method == "primal" else "primal")
    np.testing.assert_allclose(res.coef_, ref.coef_, rtol=0, atol=1e-8 * np.abs(ref.coef_).max())


@given(log_gamma=st.floats(-7, 0), seed=st.integers(0, 2**16),
       method=st.sampled_from(["working_set", "primal", "auto"]),
       tol=st.sampled_from([1e-9, 1e-7]))
def test_the_accuracy_warning_fires_exactly_when_a_kkt_residual_exceeds_tol(log_gamma, seed,
                                                                           method, tol):
    """Warned if and only if kkt_.max() > tol, from well-conditioned draws to margins 1e-7 of
    the spread (a silent residual of 1e-5 was the bug; a warning on an exact fit would be
    noise). Sets the QP calls inseparable, or where Clarabel stops at its reduced
    accuracy (an error naming method='working_set'), are not fits and are skipped."""
    import warnings

    from hypothesis import assume

    from numerics.errors import AccuracyWarning

    X, y = _ill_conditioned(10.0 ** log_gamma, seed)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            res = hard_margin_svm(X, y, method=method, tol=tol)
        except (NotSeparableError, ConvergenceError):
            assume(False)
    warned = any(issubclass(w.category, AccuracyWarning) for w in caught)
    note(f"kkt={res.kkt_!r} warned={warned}")
    assert warned == (res.kkt_.max() > tol)


@pytest.mark.parametrize("method", ["working_set", "primal"])
@pytest.mark.parametrize("seed", [17, 1, 2])
def test_where_w_as_a_sum_cancels_the_margin_equations_give_w_to_rounding(method, seed):
    """Classes 1.4e-6 of the spread apart (multipliers ~5e11): w = sum alpha_i y_i x_i
    held the margins to 1.7e-5 .. 7.3e-4 (seed 1: lindisc's active set left 12 support
    vectors < d + 1, and Clarabel's multipliers were judged by that sum); the support
    vectors' margin equations hold them to ~1e-10, with no warning at tol = 1e-9, and w is
    the planted direction to 1e-12."""
    import warnings

    from numerics.errors import AccuracyWarning
    from tests.numerics.test_svm_working_set import _separable

    X, y, u, b, gamma = _separable(np.random.default_rng(seed), 552, 20, 1.6e-5, 3.5e-3,
                                   n_on=22)
    with warnings.catch_warnings():
        warnings.simplefilter("error", AccuracyWarning)
        res = hard_margin_svm(X, y, method=method)
    assert res.kkt_.max() <= 1e-9
    direction = res.coef_ / np.linalg.norm(res.coef_)
    np.testing.assert_allclose(direction, u, rtol=0, atol=1e-12)
    assert 1.0 / np.linalg.norm(res.coef_) == pytest.approx(gamma, rel=1e-8)


def test_clarabels_reduced_accuracy_is_an_error_naming_the_working_set():
    """Classes ~1e-6 of the spread apart (seed 2567): Clarabel stops AlmostSolved on the
    whole QP; the error names method='working_set', which fits them to 1e-9."""
    from tests.numerics.test_svm_working_set import _separable

    X, y, *_ = _separable(np.random.default_rng(2567), 552, 20, 1e-5, 3.5e-3, n_on=22)
    with pytest.raises(ConvergenceError, match=r"AlmostSolved.*method='working_set'"):
        hard_margin_svm(X, y, method="primal")
    assert hard_margin_svm(X, y, method="working_set").kkt_.max() <= 1e-9


@given(seed=st.integers(0, 2**32 - 1), d=st.integers(2, 8), data=st.data())
def test_the_margin_equations_solve_the_equality_qp_on_a_support(seed, d, data):
    """``_margin_equations`` on p rows a_i = (y_i z_i, -y_i) all on the margin of a planted
    (w0, t0): with p >= d + 1 they fix (w0, t0); with p < d + 1 it is the (w, t) of least
    ||w||, i.e. w = sum lambda_i y_i z_i with sum lambda_i y_i = 0 (the equality QP's
    stationarity); the same with a row repeated and with a dependent row added (the
    midpoint of two samples of one class: pivoted to an independent subset)."""
    from numerics.svm import _margin_equations

    rng = np.random.default_rng(seed)
    p = data.draw(st.integers(2, d + 3))
    y = np.where(rng.random(p) < 0.5, -1.0, 1.0)
    y[0], y[1] = 1.0, -1.0
    w0, t0 = rng.standard_normal(d), float(rng.standard_normal())
    Z = rng.standard_normal((p, d))
    Z += np.outer((y + t0 - Z @ w0) / (w0 @ w0), w0)     # y_i (<w0, z_i> - t0) = 1
    A = np.hstack([y[:, None] * Z, -y[:, None]])
    v = _margin_equations(A)
    assert v is not None
    np.testing.assert_allclose(A @ v, 1.0, rtol=0, atol=1e-9)
    if p >= d + 1:
        np.testing.assert_allclose(v, np.append(w0, t0), rtol=0, atol=1e-8)
    else:
        lam, *_ = np.linalg.lstsq(A[:, :-1].T, v[:-1], rcond=None)
        np.testing.assert_allclose(A[:, :-1].T @ lam, v[:-1], rtol=0, atol=1e-9)
        assert abs(lam @ y) <= 1e-8 * max(1.0, np.abs(lam).max())
        np.testing.assert_allclose(_margin_equations(np.vstack([A, A[:1]])), v, rtol=0,
                                   atol=1e-9)
        same = np.flatnonzero(y == y[0])
        if same.size >= 2 and p + 1 < d + 1:
            mid = 0.5 * (A[same[0]] + A[same[1]])
            np.testing.assert_allclose(_margin_equations(np.vstack([A, mid])), v, rtol=0,
                                       atol=1e-9)


def test_a_small_qp_holding_a_separator_skips_the_hull_lp_when_clarabel_fails(monkeypatch):
    """When DAQP's answer is refused but still separates the set (every margin > 0), the
    active set gives up and Clarabel fails, the small QP keeps that answer without asking
    the hull LP whether the set is separable (it took 30 s a call at N = 1013, d = 700,
    four times in one fit); the fit then measures and reports it."""
    import warnings

    from numerics import _svm_active_set, _svm_daqp, separability, svm
    from tests.numerics.test_svm_working_set import _separable

    X, y, *_ = _separable(np.random.default_rng(4), 900, 3, 0.3, 1.0)
    real = _svm_daqp.daqp_qp

    def refused(A, start, max_iter):
        # a multiplier 1e-3 of the largest on a sample off the margin: every margin holds,
        # complementarity fails by ~1e-3 (refused, but the answer separates the set)
        out = real(A, start, max_iter)
        alpha = out[0].copy()
        m = A @ out[1]
        off = np.flatnonzero(m > 1.01)
        alpha[off[np.argmin(m[off])]] = 1e-3 * alpha.max()
        return alpha, out[1], out[2]

    def no_lp(*args, **kwargs):
        raise AssertionError("the hull LP ran")

    monkeypatch.setattr(_svm_daqp, "daqp_qp", refused)
    monkeypatch.setattr(_svm_active_set, "active_set_qp", lambda *a: None)
    monkeypatch.setattr(svm, "_dense_primal_ipm", lambda *a, **k: ("NotSolved", None, 0.0, 1, None))
    monkeypatch.setattr(svm, "_primal_qp", lambda *a: ("NumericalError", None, 0.0, 3))
    monkeypatch.setattr(separability, "linear_separability", no_lp)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        res = hard_margin_svm(X, y, method="working_set")
    assert np.min(y * (X @ res.coef_ - res.threshold_)) > 0


@pytest.mark.parametrize("method", ["primal", "dual"])
def test_a_polish_that_keeps_a_sample_off_the_margin_is_repaired_by_the_margin_equations(method):
    """d = 1, 323 samples (a Hypothesis draw): Clarabel's polish kept 2e-6 of the largest
    multiplier on a sample 7e-6 off the margin, and t came out 3.4e-6 off (margins 0.9999966
    and 1.0000034 on the two support vectors). The equations of the d + 1 largest
    multipliers give the exact (w, t), the working set's."""
    import warnings

    from numerics.errors import AccuracyWarning
    from tests.numerics.test_svm_working_set import _separable

    X, y, *_ = _separable(np.random.default_rng(2969831659), 323, 1, 0.48828125, 1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error", AccuracyWarning)
        res = hard_margin_svm(X, y, method=method)
    ref = hard_margin_svm(X, y, method="working_set")
    assert res.kkt_.max() <= 1e-9
    assert res.threshold_ == pytest.approx(ref.threshold_, abs=1e-12)
    np.testing.assert_allclose(res.coef_, ref.coef_, rtol=1e-12)


def _stray_margin_set(seed):
    """A generator of the sets that fooled the fit: w = 2 e_1, t = 0, 1-5 samples of each
    class exactly on the margin (x_1 = +-0.5, other coordinates free: a degenerate margin
    from d = 1 on), 1-3 strays 1e-9 .. 1e-3 of the margin beyond it, 3 far samples, d = 1-3,
    all scaled by 2^-4 .. 2^4."""
    rng = np.random.default_rng(seed)
    d = int(rng.integers(1, 4))

    def at(x1, k):
        return np.c_[x1, rng.standard_normal((k, d - 1)) * 3]

    k_pos, k_neg, k_stray = (int(rng.integers(1, 6)), int(rng.integers(1, 6)),
                             int(rng.integers(1, 4)))
    stray = rng.choice([-1.0, 1.0], k_stray) * (0.5 + 0.5 * 10 ** rng.uniform(-9, -3, k_stray))
    far = rng.choice([-1.0, 1.0], 3) * rng.uniform(1, 4, 3)
    X = np.r_[at(np.full(k_pos, 0.5), k_pos), at(np.full(k_neg, -0.5), k_neg),
              at(stray, k_stray), at(far, 3)]
    return X * 2.0 ** int(rng.integers(-4, 5)), np.sign(X[:, 0])


# seeds where the fit still falls short (found by this generator at the end of the session
# that wrote it, not fixed): Clarabel's (w, t) hold the margins to ~1e-9 and w's
# stationarity to 4.5e-9 .. 1.1e-8 (warned, blaming the solver), or keep a stray 4.8e-6
# beyond the margin among the support vectors
_STRAY_KNOWN = {13: "a stray 4.8e-6 beyond the margin stays a support vector (auto)",
                19: "stationarity 7.5e-9 > tol (auto)", 87: "stationarity 1.1e-8 > tol (auto)",
                95: "stationarity 4.5e-9 > tol (auto)"}


def _stray_param(seed):
    marks = [pytest.mark.slow] if seed >= 12 else []
    if seed in _STRAY_KNOWN:
        marks.append(pytest.mark.xfail(strict=True, reason=_STRAY_KNOWN[seed]))
    return pytest.param(seed, marks=marks)


@pytest.mark.parametrize("seed", [_stray_param(s) for s in range(150)])
def test_support_vectors_stay_on_a_degenerate_margin_next_to_strays(seed):
    """On the generator's sets, every method: no warning, every KKT residual <= tol, every
    support vector on the margin to 1e-6 (the kit's bound). Of these 450 fits (150 seeds x
    auto, dual, working set) 189 failed one of those at 5f9c86d, 7 (in the 4 seeds of
    _STRAY_KNOWN, strict xfails) at the commit that added this test.
    Where Clarabel stops at AlmostSolved (seed 15, auto) the fit says so and names
    method='working_set', which must then hold."""
    import warnings

    from numerics.errors import AccuracyWarning, ConvergenceError

    X, y = _stray_margin_set(seed)
    for method in ("auto", "dual", "working_set"):
        with warnings.catch_warnings():
            warnings.simplefilter("error", AccuracyWarning)
            warnings.simplefilter("error", RuntimeWarning)
            try:
                res = hard_margin_svm(X, y, method=method)
            except ConvergenceError as e:
                assert method != "working_set" and "method='working_set'" in str(e)
                continue
        margins = y * (X @ res.coef_ - res.threshold_)
        assert np.max(np.abs(margins[res.support_] - 1.0)) <= 1e-6, method
        assert res.kkt_.max() <= 1e-9, method


def test_a_candidate_with_w_near_zero_is_judged_infinitely_far_without_a_warning():
    """The kit's zoo met a candidate (w, t) with w ~ 1e-310 against multipliers whose sum
    is ~1e300: its stationarity overflowed, and NumPy's RuntimeWarning reached the user.
    The judge calls it infinitely far, silently."""
    import warnings

    from numerics.svm import _residual_with

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _residual_with(np.array([[1.0, -1.0]]), np.array([1e300]),
                              np.array([1e-310, 0.0])) == np.inf


_STRAYS = [  # (X, y, the sample just beyond the margin)
    (np.array([[0.5], [-0.5], [-0.5], [-0.5], [-0.5], [-0.5], [-0.5], [-4.0],
               [-0.5000131375409327]]), np.array([1.0] + [-1.0] * 8), 8),
    (np.array([[0.5], [-0.5], [-0.5], [0.5], [0.5000035]]),
     np.array([1.0, -1.0, -1.0, 1.0, 1.0]), 4),
    (np.array([[0.5, -2.4422339482667352], [-0.5, 1.5226730883216506],
               [0.5, 3.957554242531412], [0.5000035, 3.8925691427492706],
               [0.5, -2.720660406344429], [0.5, 2.5814302244695497],
               [0.5, -2.7321882600092935], [-0.5000000035, -1.5434840509192338],
               [0.5, -0.5361476329249328], [4.0, 0.0], [0.5, 2.0849353311954024],
               [0.5, 1.2312342735108668]]),
     np.array([1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, 1.0, 1.0, 1.0, 1.0]), 3),
]


@pytest.mark.parametrize("method", ["auto", "primal", "dual"])
@pytest.mark.parametrize("case", range(len(_STRAYS)))
def test_no_support_vector_lies_off_the_margin(method, case):
    """The kit's property "b agrees with every support vector" (numerics.testing, svm_dual)
    found these: d = 1, w = 2, t = 0, repeated samples on the margin (a degenerate margin)
    and one just beyond it. Clarabel left 1e-5 .. 3.4e-5 of the largest alpha on that one,
    so support_ listed it: in the first, 2.6e-5 beyond the margin with every KKT residual
    <= 1.4e-10 (complementarity is relative to sum alpha); in the second the support
    vectors' equations took it in and (w, t) violated two margins by 1.4e-6; in the third
    (d = 2) they held the other margins only to 1.5e-8 (stationarity 4.2e-9 > tol). Now
    (w, t) may come from the equations of the samples on the margin, or from the exact QP
    on the support vectors and the violators where the margins were short, and the
    multipliers are refitted on the margin: every support vector on it, every residual at
    rounding."""
    X, y, stray = _STRAYS[case]
    res = hard_margin_svm(X, y, method=method)
    margins = y * (X @ res.coef_ - res.threshold_)
    assert np.all(np.abs(margins[res.support_] - 1.0) <= 1e-12)
    assert stray not in res.support_ and res.alpha_[stray] == 0.0
    assert res.kkt_.max() <= 1e-14
    np.testing.assert_allclose(res.coef_, np.eye(X.shape[1])[0] * 2.0, rtol=0, atol=1e-12)
    assert abs(res.threshold_) <= 1e-12


@pytest.mark.parametrize(("method", "other"),
                         [("working_set", "primal"), ("primal", "working_set")])
def test_a_residual_far_above_rounding_blames_the_solver_not_the_data(monkeypatch, method, other):
    """On well-separated classes (margin ~0.1 of the spread, rounding ~1e-15) a residual of
    1e-6 is the solver's, not the data's: the warning says so and names the other method.
    (The solver is made to stop short by shifting t by 1e-6, and the final repair that
    joins margin violators to the equations is turned off: it would restore this t.)"""
    import warnings

    from numerics import svm
    from numerics.errors import AccuracyWarning
    from tests.numerics.test_svm_working_set import _separable

    real = svm._primal_solution
    monkeypatch.setattr(svm, "_primal_solution",
                        lambda *a: (lambda w, t: (w, t + 1e-6 / np.abs(w).max()))(*real(*a)))
    monkeypatch.setattr(svm, "_join_violators", lambda *a: [])
    X, y, *_ = _separable(np.random.default_rng(8), 800, 3, 0.3, 1.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        hard_margin_svm(X, y, method=method)
    text = " ".join(str(w.message) for w in caught if issubclass(w.category, AccuracyWarning))
    assert f"the {method} solver stopped short of tol" in text
    assert f"Try method='{other}'" in text and "too close" not in text
