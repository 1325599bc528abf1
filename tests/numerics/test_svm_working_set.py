"""The working-set hard-margin SVM (``method="working_set"``, issue 40) against the whole-N
interior point of ``method="primal"`` (today's solver).

What "the same solution" means. The primal optimum (w, t) is unique (the objective is
strictly convex in w, and t is fixed by any support vector), so the set of samples on the
margin, M = {n : y_n(<w, x_n> - t) = 1}, is unique too. The multipliers alpha need not be:
with more than d + 1 samples on the margin (a degenerate margin) many alpha >= 0 satisfy
sum alpha_n y_n x_n = w, and two correct solvers may return different ones. So the
comparison is of w and t (relative 1e-7), of M as each solver's own (w, t) puts it (equal,
with a band of 1e-6 around 1; examples with a sample inside the band's ambiguous part are
discarded), and of each solver's support {alpha_n > 0} being a subset of M; and the KKT
residuals of the working set are <= 1e-9 relative (the issue's bar), measured over all N.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

from numerics.errors import LabelError, NonFiniteInput, NotSeparableError
from numerics.svm import hard_margin_svm

KKT_TOL = 1e-9
ON_MARGIN = 1e-6      # |margin - 1| below this: on the margin
OFF_MARGIN = 1e-4     # above this: clearly off it; in between the example is discarded


def _margins(res, X, y):
    return y * (X @ res.coef_ - res.threshold_)


def _separable(rng, n, d, gamma, scale, n_on=0):
    """Labels +-1, every sample at distance >= gamma from u^T x + b = 0 (||u|| = 1). With
    n_on > 0 the first n_on samples of each class lie exactly on the planes u^T x + b =
    +-gamma, the negative ones the mirror images of the positive ones (same projection
    onto the plane), so that w = u / gamma with all 2 n_on of them on the margin, and the
    others at distance >= 1.2 gamma."""
    u = rng.standard_normal(d)
    u /= np.linalg.norm(u)
    b = float(rng.uniform(-1, 1))
    y = np.where(rng.random(n) < 0.5, -1.0, 1.0)
    y[: 2 * n_on] = np.repeat([1.0, -1.0], n_on)
    X = rng.standard_normal((n, d)) * 3
    X -= np.outer(X @ u + b, u)                          # onto the hyperplane
    X[n_on : 2 * n_on] = X[:n_on]                        # mirrors share a projection
    gap = gamma + (0.2 * gamma + np.abs(rng.standard_normal(n)) if n_on else
                   np.abs(rng.standard_normal(n)))
    gap[: 2 * n_on] = gamma
    X += np.outer(y * gap, u)
    return X * scale, y, u, b * scale, gamma * scale


@st.composite
def separable_data(draw, *, degenerate: bool):
    seed = draw(st.integers(0, 2**32 - 1))
    d = draw(st.integers(1, 6))
    n = draw(st.integers(80, 400))
    gamma = draw(st.floats(0.05, 1.0))
    scale = 10.0 ** draw(st.floats(-2, 2))
    n_on = draw(st.integers(d + 2, 3 * d + 4)) if degenerate else 0
    note(f"seed={seed} n={n} d={d} gamma={gamma} scale={scale} n_on={n_on}")
    return _separable(np.random.default_rng(seed), n, d, gamma, scale, n_on)


def _on_margin(res, X, y, drawn: bool) -> np.ndarray:
    gap = np.abs(_margins(res, X, y) - 1.0)
    ambiguous = np.any((gap > ON_MARGIN) & (gap < OFF_MARGIN))
    if drawn:
        assume(not ambiguous)
    else:
        assert not ambiguous
    return np.flatnonzero(gap <= ON_MARGIN)


def _assert_same_solution(ours, ref, X, y, drawn: bool = True):
    if drawn:
        note(f"ours w={ours.coef_!r} t={ours.threshold_!r} kkt={ours.kkt_!r} "
             f"rounds={ours.rounds_}; ref w={ref.coef_!r} t={ref.threshold_!r}")
    assert ours.method_ == "working_set"
    scale = np.abs(ref.coef_).max()
    np.testing.assert_allclose(ours.coef_, ref.coef_, rtol=0, atol=1e-7 * scale)
    assert ours.threshold_ == pytest.approx(ref.threshold_,
                                            abs=1e-7 * scale * (1 + np.abs(X).max()))
    on_ours, on_ref = _on_margin(ours, X, y, drawn), _on_margin(ref, X, y, drawn)
    np.testing.assert_array_equal(on_ours, on_ref)
    assert set(ours.support_) <= set(on_ours) and set(ref.support_) <= set(on_ref)
    assert ours.kkt_.max() <= KKT_TOL
    # the residuals as the tests of test_svm.py measure them, over all N
    m = _margins(ours, X, y)
    total = ours.alpha_.sum()
    assert np.all(ours.alpha_ >= 0) and np.min(m) >= 1 - KKT_TOL
    assert abs(ours.alpha_ @ y) <= KKT_TOL * total
    np.testing.assert_allclose(ours.coef_, (ours.alpha_ * y) @ X, rtol=0,
                               atol=KKT_TOL * np.abs(ours.coef_).max())
    assert np.max(ours.alpha_ * np.abs(m - 1)) <= KKT_TOL * total
    assert np.count_nonzero(ours.alpha_) == ours.alpha_[ours.alpha_ > 0].size


@settings(max_examples=40, deadline=None)
@given(data=separable_data(degenerate=False))
def test_same_solution_as_the_whole_qp_on_random_separable_data(data):
    X, y, *_ = data
    ours, ref = hard_margin_svm(X, y, method="working_set"), hard_margin_svm(X, y, method="primal")
    _assert_same_solution(ours, ref, X, y)
    # where the multipliers are unique (the margin's rows (y_n x_n, -y_n) independent), the
    # two solvers' alpha and support sets are the same
    on = _on_margin(ref, X, y, True)
    if np.linalg.matrix_rank(np.column_stack([y[on, None] * X[on], -y[on]])) == on.size:
        top = ref.alpha_.max()
        np.testing.assert_allclose(ours.alpha_, ref.alpha_, rtol=0, atol=1e-6 * top)
        assume(not np.any((ref.alpha_ > 1e-8 * top) & (ref.alpha_ < 1e-4 * top)))
        np.testing.assert_array_equal(ours.support_, ref.support_)


@settings(max_examples=40, deadline=None)
@given(data=separable_data(degenerate=True))
def test_same_margin_set_as_the_whole_qp_with_more_than_d_plus_1_on_the_margin(data):
    X, y, u, b, gamma = data
    ours = hard_margin_svm(X, y, method="working_set")
    _assert_same_solution(ours, hard_margin_svm(X, y, method="primal"), X, y)
    n_on = int(np.count_nonzero(np.abs(y * (X @ u + b) - gamma) <= 1e-9 * gamma * 10))
    assert n_on > X.shape[1] + 1
    # the constructed optimum: w = u / gamma, and M is exactly the 2 n_on built on it
    np.testing.assert_allclose(ours.coef_, u / gamma, rtol=0, atol=1e-7 / gamma)
    np.testing.assert_array_equal(_on_margin(ours, X, y, True), np.arange(n_on))


@pytest.mark.parametrize("sample", [False, True])
@pytest.mark.parametrize("n, d", [(5000, 3), (4000, 30)])
def test_large_n_takes_the_working_set_and_its_sample_start(n, d, sample, monkeypatch):
    """N > 500: ``method="auto"`` is the working set; with ``sample`` it starts from the
    same iteration on every 8th sample (taken only above 400 k samples, forced here so the
    test stays small); the answer is the whole QP's either way."""
    from numerics import _svm_working_set

    assert _svm_working_set.sample_step(60_000, d) == (8 if d < 60 else 0)
    if sample:
        monkeypatch.setattr(_svm_working_set, "sample_step", lambda n, d: 8)
    X, y, *_ = _separable(np.random.default_rng(n + d), n, d, 0.1, 1.0, n_on=d + 3)
    ours = hard_margin_svm(X, y)
    _assert_same_solution(ours, hard_margin_svm(X, y, method="primal"), X, y, drawn=False)
    assert ours.rounds_ <= 10


def test_offset_and_badly_scaled_features():
    rng = np.random.default_rng(7)
    X, y, *_ = _separable(rng, 3000, 4, 0.3, 1.0)
    X = X * [0.1, 1.0, 10.0, 1.0] + [1e3, -5.0, 0.0, 1e2]
    _assert_same_solution(hard_margin_svm(X, y, method="working_set"),
                          hard_margin_svm(X, y, method="primal"), X, y, drawn=False)


def test_hermosillo2017_exercise_by_the_working_set():
    """The exercise (3 samples, x_1 on the margin with alpha_1 = 0): the working set is the
    whole set, its answer today's exactly."""
    X = np.array([[1.0, 2.0], [-1.0, 2.0], [-1.0, -2.0]])
    y = np.array([-1.0, -1.0, 1.0])
    res = hard_margin_svm(X, y, method="working_set")
    np.testing.assert_allclose(res.alpha_, [0, 1 / 8, 1 / 8], atol=1e-12)
    np.testing.assert_allclose(res.coef_, [0, -0.5], atol=1e-12)
    np.testing.assert_array_equal(res.support_, [1, 2])


def _not_separable(n, d, seed):
    """Separable bulk plus one positive sample deep inside the negative class."""
    rng = np.random.default_rng(seed)
    X, y, u, b, gamma = _separable(rng, n, d, 0.5, 1.0)
    negatives = np.flatnonzero(y < 0)
    X[0] = X[negatives[:d + 1]].mean(axis=0)   # inside the hull of d + 1 negatives
    y[0] = 1.0
    return X, y


@pytest.mark.parametrize("n, d", [(3000, 2), (300, 5)])
def test_not_separable_raises_with_a_common_point_of_the_hulls(n, d):
    X, y = _not_separable(n, d, n)
    with pytest.raises(NotSeparableError, match="soft-margin") as info:
        hard_margin_svm(X, y, method="working_set")
    text = str(info.value)
    assert "not linearly separable" in text and "working set of" in text
    # the point the message names lies in both hulls (LP feasibility, checked here)
    point = np.array([float(v) for v in text.split("share the point [")[1].split("]")[0].split()])
    from scipy.optimize import linprog
    for cls in (1.0, -1.0):
        P = X[y == cls]
        lp = linprog(np.zeros(P.shape[0]), A_eq=np.vstack([P.T, np.ones(P.shape[0])]),
                     b_eq=np.append(point, 1.0), bounds=(0, None))
        assert lp.status == 0 or np.allclose(point, P.mean(axis=0), atol=1e-3)


@pytest.mark.parametrize("X, y, error, match", [
    (np.vstack([np.zeros((2500, 2)), [[np.nan, 0.0]]]), np.r_[np.ones(1250), -np.ones(1251)],
     NonFiniteInput, r"index \(2500, 0\)"),
    (np.random.default_rng(0).standard_normal((2500, 2)), np.r_[np.ones(1250), np.zeros(1250)],
     LabelError, r"\{0, 1\} labels"),
    (np.random.default_rng(0).standard_normal((2500, 2)), np.ones(2500), LabelError,
     "both classes"),
])
def test_bad_input_on_the_working_set_path_is_rejected_as_before(X, y, error, match):
    for method in ("working_set", "auto"):
        with pytest.raises(error, match=match):
            hard_margin_svm(X, y, method=method)


def test_dask_arrays_give_the_in_memory_fit():
    dask = pytest.importorskip("dask")
    da = pytest.importorskip("dask.array")
    X, y, *_ = _separable(np.random.default_rng(3), 6000, 5, 0.2, 1.0, n_on=8)
    expected = hard_margin_svm(X, y)
    with dask.config.set(scheduler="synchronous"):
        lazy = hard_margin_svm(da.from_array(X, chunks=(700, -1)), da.from_array(y, chunks=700))
    _assert_same_solution(lazy, hard_margin_svm(X, y, method="primal"), X, y, drawn=False)
    np.testing.assert_allclose(lazy.coef_, expected.coef_, rtol=0,
                               atol=1e-10 * np.abs(expected.coef_).max())
    np.testing.assert_array_equal(lazy.support_, expected.support_)
    with pytest.raises(ValueError, match="working_set"):
        hard_margin_svm(da.from_array(X, chunks=700), y, method="primal")


def test_dask_errors_are_the_in_memory_errors():
    dask = pytest.importorskip("dask")
    da = pytest.importorskip("dask.array")
    X, y = _not_separable(3000, 2, 1)
    Xbad = X.copy()
    Xbad[2100, 1] = np.inf
    with dask.config.set(scheduler="synchronous"):
        with pytest.raises(NotSeparableError, match="not linearly separable"):
            hard_margin_svm(da.from_array(X, chunks=500), da.from_array(y, chunks=500))
        with pytest.raises(NonFiniteInput, match=r"index \(2100, 1\)"):
            hard_margin_svm(da.from_array(Xbad, chunks=500), y)
        with pytest.raises(LabelError, match=r"\{0, 1\} labels"):
            hard_margin_svm(da.from_array(X, chunks=500), da.from_array((y > 0) * 1, chunks=500))


def test_a_working_set_that_outgrows_its_bound_falls_back_or_says_so(monkeypatch):
    """``solve`` returns None when the set would exceed its bound: the whole QP then, where
    N d is small, else a ConvergenceError naming the ways out."""
    from numerics import _svm_working_set, svm
    from numerics.errors import ConvergenceError

    X, y, *_ = _separable(np.random.default_rng(11), 1500, 3, 0.2, 1.0)
    monkeypatch.setattr(_svm_working_set, "solve", lambda *args, **kwargs: None)
    res = hard_margin_svm(X, y)
    assert res.method_ == "primal" and res.kkt_.max() <= KKT_TOL
    monkeypatch.setattr(svm, "_WHOLE_QP_MAX_ENTRIES", 0)
    with pytest.raises(ConvergenceError, match="outgrew its bound.*method='primal'"):
        hard_margin_svm(X, y)


def test_an_ill_conditioned_degenerate_margin_keeps_the_most_exact_small_qp_answer():
    """A margin 2.5e-5 of data spread 0.1 with 10 samples on it (d = 3; alpha ~ 1e8 in the
    solvers' units): DAQP cycles, lindisc's active set answers to 6e-9 of sum alpha (not
    the 1e-10 it is taken at) and the interior point to 1.4e-5. The most exact answer
    stands, and its (w, t) come from the support vectors' margin equations: w within
    1e-12 of the planted u / gamma and every residual <= 1e-12, no warning (before the
    most exact answer was kept: w 2.3e-6 off, a margin violated by 1.6e-4; before the
    margin equations: 1.1e-9 > tol, and an AccuracyWarning)."""
    import warnings

    from numerics.errors import AccuracyWarning

    X, y, u, b, gamma = _separable(np.random.default_rng(103), 1321, 3, 0.0007236532722050649,
                                   0.034427075230640376, n_on=5)
    with warnings.catch_warnings():
        warnings.simplefilter("error", AccuracyWarning)
        res = hard_margin_svm(X, y, method="working_set")
    np.testing.assert_allclose(res.coef_, u / gamma, rtol=0, atol=1e-12 / gamma)
    assert res.kkt_.max() <= 1e-12


@pytest.mark.parametrize("method", ["working_set", "primal", "dual"])
@pytest.mark.parametrize("seed, gamma", [(0, 1e-4), (2, 1e-4), (0, 1e-5)])
def test_multipliers_fit_w_to_rounding_on_an_ill_conditioned_degenerate_margin(method, seed,
                                                                              gamma):
    """Classes rho ~ 8e-6 .. 8e-7 of the spread apart, 10 samples on the margin in mirrored
    pairs (so alpha is not unique: only each pair's sum is fixed), d = 17. Every solver's
    alpha fit the returned w only to 2e2 .. 7e3 x eps/rho (stationarity_w_ 3e-8 .. 2e-7:
    an interior point's ~1e-12 x max alpha left on 1,014 samples off the margin, and
    multipliers ~rho^-2 known to ~eps rho^-2), and the warning then blamed the solver and
    sent the user to the other method, which did no better. Now the multipliers are the
    non-negative least-squares fit of w on the margin where that is more exact:
    stationarity_w_ within 10 eps/rho (measured 0.3-1.4 over 90 fits, rho 8e-5 .. 8e-9),
    alpha >= 0, and support_ the samples whose alpha_ exceeds support_tol of the largest."""
    import warnings

    from numerics.errors import AccuracyWarning

    X, y, u, b, g = _separable(np.random.default_rng(seed), 1500, 17, gamma, 1.0, n_on=5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AccuracyWarning)   # primal feasibility may exceed tol
        res = hard_margin_svm(X, y, method=method)
    rho = res.margin_ / np.max(np.abs(X - X.mean(axis=0)))
    assert res.kkt_.stationarity_w_ <= 10 * np.finfo(float).eps / rho
    assert np.all(res.alpha_ >= 0)
    np.testing.assert_array_equal(res.support_,
                                  np.flatnonzero(res.alpha_ > 1e-6 * res.alpha_.max()))
    np.testing.assert_array_equal(res.support_vectors_, X[res.support_])
    # the multipliers are KKT multipliers of the returned (w, t): on the margin only
    m = _margins(res, X, y)
    assert np.all(np.abs(m[res.support_] - 1.0) <= 1e-6)


@pytest.mark.parametrize("seed, gamma, method", [
    (3, 1e-5, "working_set"), (2, 1e-3, "primal"), (2, 1e-3, "dual"), (5, 1e-3, "primal"),
    (5, 1e-3, "dual"), (3, 1e-4, "primal")])
def test_a_margin_sample_with_a_vanishing_multiplier_still_holds_its_margin(seed, gamma,
                                                                          method):
    """rho = 8e-5 .. 8e-7, d = 17, five mirrored pairs on the margin. An interior point's
    multiplier on one pair came out ~1e-11 of the largest (on the working set's 1,024 rows
    at rho = 8e-7, after DAQP failed and the active set stopped at 4 support vectors; on
    all N with Clarabel at 8e-5 .. 8e-6), so the support vectors' margin equations left it
    out and their least-norm w missed its margin: by 6.5e-5 (working set), 6e-9 .. 1.5e-7
    (primal, dual; 2e3 .. 3e4 x eps/rho), each with a warning blaming the solver. Once the
    fit is done, the violators join the equations where that raises the smallest margin
    over all N: every residual within 10 eps/rho (measured <= 2.0 x over 90 fits, three
    methods, rho 8e-5 .. 8e-9), no warning, w at the planted u / gamma."""
    import warnings

    from numerics.errors import AccuracyWarning

    X, y, u, b, g = _separable(np.random.default_rng(seed), 1500, 17, gamma, 1.0, n_on=5)
    with warnings.catch_warnings():
        warnings.simplefilter("error", AccuracyWarning)
        res = hard_margin_svm(X, y, method=method)
    rho = res.margin_ / np.max(np.abs(X - X.mean(axis=0)))
    assert res.kkt_.max() <= 10 * np.finfo(float).eps / rho
    np.testing.assert_allclose(res.coef_, u / g, rtol=0, atol=1e-9 / g)


def test_the_in_memory_scan_selects_only_when_a_margin_is_below_its_threshold():
    """The final round's scan finds no violator and selects nobody (the selection costs
    twice the gemv at d = 2); with a violator, or for a seed (threshold -inf), it selects
    the k smallest margins of each class, the violators among them."""
    from numerics._svm_working_set import scan

    X, y, u, b, gamma = _separable(np.random.default_rng(5), 3000, 4, 0.3, 1.0)
    w, t = u / gamma, -b / gamma                   # every margin >= 1
    m = y * (X @ w - t)
    quiet = scan(X, y, w, t, 1.0 - 1e-9, 10)
    assert quiet.n_below == 0 and quiet.index.size == 0 and quiet.rows.shape == (0, 4)
    assert quiet.min_margin == pytest.approx(m.min(), rel=1e-12)
    seed = scan(X, y, w, t, -np.inf, 10)
    assert seed.index.size == 20 and seed.n_below == 0
    threshold = np.sort(m)[3]                       # three margins below it
    loud = scan(X, y, w, t, threshold, 10)
    assert loud.n_below == 3 and set(np.argsort(m)[:3]) <= set(loud.index)
    for sign in (1.0, -1.0):
        cls = np.flatnonzero(y == sign)
        np.testing.assert_array_equal(np.sort(loud.index[loud.label == sign]),
                                      np.sort(cls[np.argsort(m[cls])[:10]]))
    np.testing.assert_array_equal(loud.rows, X[loud.index])
