"""Tests of numerics.perceptron (dhs-perceptron Algorithm 3; Duda-Hart-Stork §5.5; bromberg2012
§4; udelar2018 "Criterio del perceptrón"; hermosillo2017; ml10).

Data are small integers (and weights dyadic), so every decision value and update is exact in
float64: runs are compared with ``==``, never with a tolerance. Separable data with a known
margin are built around a known unit separator (a signed coordinate axis: the perceptron from
a0 = 0 is rotation-equivariant in exact arithmetic, so an axis loses no generality), never
estimated.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from numerics.errors import InvalidInput, NonFiniteInput, ShapeMismatch
from numerics.geometry import normalize_samples
from numerics.perceptron import (
    batch_perceptron,
    misclassified,
    perceptron_criterion,
    perceptron_gradient,
    single_sample_perceptron,
)

ENGINES = ["numba", "numpy"]
small_ints = st.integers(-4, 4).map(float)


@st.composite
def labelled_integer_data(draw, *, max_samples: int = 25, max_dim: int = 4):
    """``(X, t)``: integer X (n, d), labels in {-1, +1} with both classes present."""
    n = draw(st.integers(2, max_samples))
    d = draw(st.integers(1, max_dim))
    X = draw(hnp.arrays(np.float64, (n, d), elements=small_ints))
    t = draw(hnp.arrays(np.float64, n, elements=st.sampled_from([-1.0, 1.0])))
    i, j = draw(st.permutations(range(n)))[:2]
    t[i], t[j] = 1.0, -1.0
    return X, t


@st.composite
def separable_with_margin(draw, *, max_samples: int = 30, max_dim: int = 5):
    """``(Y, axis, sign, gamma, R2)``: rows y_n with sign * y_n[axis] >= gamma exactly.

    The unit separator is a* = sign * e_axis; gamma (a power of two) is the construction's
    margin, attained by at least one row; R2 = max ||y_n||^2 is exact (small dyadics).
    """
    n = draw(st.integers(1, max_samples))
    D = draw(st.integers(1, max_dim))
    Y = draw(hnp.arrays(np.float64, (n, D), elements=small_ints))
    axis = draw(st.integers(0, D - 1))
    sign = draw(st.sampled_from([-1.0, 1.0]))
    gamma = 2.0 ** draw(st.integers(-3, 1))
    extra = draw(hnp.arrays(np.float64, n, elements=st.integers(0, 8).map(lambda k: k / 4)))
    extra[draw(st.integers(0, n - 1))] = 0.0
    Y[:, axis] = sign * (gamma + extra)
    return Y, axis, sign, gamma, float(np.max(np.sum(Y * Y, axis=1)))


def textbook(Y, *, eta, a0, margin, max_epochs):
    """The printed loop, in plain Python: for each epoch, for n = 1..N, if a.y_n <= margin,
    a += eta(k) y_n. Returns (a, updates, converged, used rows)."""
    a = [float(v) for v in a0]
    k, used = 0, []
    for _ in range(max_epochs):
        clean = True
        for n, y in enumerate(Y.tolist()):
            if sum(ai * yi for ai, yi in zip(a, y)) <= margin:
                k += 1
                step = eta(k)
                a = [ai + step * yi for ai, yi in zip(a, y)]
                used.append(n)
                clean = False
        if clean:
            return np.array(a), k, True, used
    return np.array(a), k, False, used


def sklearn_perceptron(X, t, epochs):
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import Perceptron

    Xa = np.hstack([X, np.ones((X.shape[0], 1))])
    model = Perceptron(shuffle=False, eta0=1.0, fit_intercept=False, alpha=0.0, tol=None,
                       max_iter=epochs)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model.fit(Xa, t)
    return model.coef_.ravel()


# --- peer: scikit-learn, update for update --------------------------------------------------


@given(data=labelled_integer_data(), epochs=st.integers(1, 4))
def test_single_sample_equals_sklearn_after_every_epoch(data, epochs):
    X, t = data
    Y = normalize_samples(X, t)
    for k in range(1, epochs + 1):
        theirs = sklearn_perceptron(X, t, k)
        for engine in ENGINES:
            ours = single_sample_perceptron(Y, max_epochs=k, engine=engine).a_
            note(f"epoch {k}, {engine}: ours {ours}, sklearn {theirs}")
            assert np.array_equal(ours, theirs)


@given(data=labelled_integer_data(), epochs=st.integers(1, 6),
       margin=st.sampled_from([0.0, 0.5, 2.0]), a0=st.lists(small_ints, min_size=5, max_size=5),
       variable=st.booleans())
def test_numpy_engine_equals_the_printed_loop(data, epochs, margin, a0, variable):
    X, t = data
    Y = normalize_samples(X, t)
    a0 = np.array(a0[: Y.shape[1]])
    eta = (lambda k: 2.0 ** -(k % 3)) if variable else 1.0
    ref_a, ref_k, ref_conv, ref_used = textbook(
        Y, eta=eta if variable else (lambda k: 1.0), a0=a0, margin=margin, max_epochs=epochs)
    res = single_sample_perceptron(Y, eta=eta, a0=a0, margin=margin, max_epochs=epochs,
                                   record=True, engine="numpy")
    assert np.array_equal(res.a_, ref_a)
    assert (res.n_updates_, res.converged_) == (ref_k, ref_conv)
    assert res.updated_samples_.tolist() == ref_used
    assert len(res.history_) == ref_k and (ref_k == 0 or np.array_equal(res.history_[-1], ref_a))
    if not variable:
        fast = single_sample_perceptron(Y, a0=a0, margin=margin, max_epochs=epochs,
                                        engine="numba")
        assert np.array_equal(fast.a_, ref_a)
        assert (fast.n_updates_, fast.converged_, fast.n_iter_) == (ref_k, ref_conv,
                                                                     res.n_iter_)


# --- Novikoff: k <= R^2 / gamma^2 ----------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
@given(data=separable_with_margin())
def test_novikoff_mistake_bound(engine, data):
    Y, axis, sign, gamma, R2 = data
    res = single_sample_perceptron(Y, max_epochs=10_000, engine=engine)
    note(f"updates {res.n_updates_}, bound {R2 / gamma**2}")
    assert res.converged_
    assert res.n_updates_ <= R2 / gamma**2
    assert np.all(Y @ res.a_ > 0)
    # The two halves of the proof, at the end of the run: a.a* >= k gamma, ||a||^2 <= k R^2.
    assert sign * res.a_[axis] >= res.n_updates_ * gamma
    assert res.a_ @ res.a_ <= res.n_updates_ * R2


# Unit vectors with integer coordinates over an integer norm: v / n is an exact unit separator.
PYTHAGOREAN = [((3, 4), 5), ((5, 12), 13), ((1, 2, 2), 3), ((2, 3, 6), 7), ((1, 4, 8), 9),
               ((1, 2, 2, 4), 5), ((2, 4, 5, 6), 9), ((1, 1, 1, 1), 2)]


@st.composite
def separable_along_a_tilted_unit_vector(draw, *, max_samples: int = 30):
    """``(Y, v, n)``: integer rows with v . y_n >= 1 for every n, where w* = v / n is a unit
    vector in a general direction (signs and order of v drawn). The margin with respect to w*
    is gamma = min_n v . y_n / n and R^2 = max_n ||y_n||^2, both exact (integers over n)."""
    v, norm = draw(st.sampled_from(PYTHAGOREAN))
    v = np.array(draw(st.permutations(v)), dtype=np.float64)
    v *= draw(hnp.arrays(np.float64, v.size, elements=st.sampled_from([-1.0, 1.0])))
    m = draw(st.integers(1, max_samples))
    Y = draw(hnp.arrays(np.float64, (m, v.size), elements=small_ints))
    s = Y @ v
    Y[s < 0] *= -1
    Y[s == 0] += v  # v . (y + v) = n^2 > 0
    return Y, v, float(norm)


@pytest.mark.parametrize("engine", ENGINES)
@given(data=separable_along_a_tilted_unit_vector())
def test_novikoff_mistake_bound_in_a_general_direction(engine, data):
    Y, v, n = data
    margins = Y @ v  # integers: n times the margins with respect to the unit w* = v / n
    assert np.all(margins >= 1)
    R2 = np.max(np.sum(Y * Y, axis=1))
    res = single_sample_perceptron(Y, max_epochs=100_000, engine=engine)
    k = res.n_updates_
    note(f"updates {k}, bound R^2/gamma^2 = {R2 * n**2 / margins.min()**2}")
    assert res.converged_ and np.all(Y @ res.a_ > 0)
    # k <= R^2 / gamma^2 with gamma = min(v . y) / n, compared in integers: k min^2 <= R^2 n^2
    assert k * margins.min() ** 2 <= R2 * n**2
    assert res.a_ @ v >= k * margins.min()  # a.w* >= k gamma, times n


# --- non-separable data: a clean stop at the limit ----------------------------------------


@st.composite
def non_separable(draw):
    """Y containing a row y and its negative -y (y != 0): no a has a.y > 0 and a.(-y) > 0."""
    X, t = draw(labelled_integer_data())
    Y = normalize_samples(X, t)
    i = draw(st.integers(0, Y.shape[0] - 1))
    at = draw(st.integers(0, Y.shape[0]))
    return np.insert(Y, at, -Y[i], axis=0)


@pytest.mark.parametrize("engine", ENGINES)
@given(Y=non_separable(), limit=st.integers(1, 50))
def test_non_separable_ends_unconverged_at_the_limit(engine, Y, limit):
    res = single_sample_perceptron(Y, max_epochs=limit, engine=engine)
    assert not res.converged_ and res.n_iter_ == limit and np.all(np.isfinite(res.a_))
    assert res.n_updates_ >= limit  # every epoch makes at least one correction
    batch = batch_perceptron(Y, max_iter=limit)
    assert not batch.converged_ and batch.n_iter_ == limit and np.all(np.isfinite(batch.a_))
    assert misclassified(batch.a_, Y).sum() >= 1


# --- batch perceptron (Algorithm 3) ---------------------------------------------------------


@given(data=separable_with_margin(), eta=st.sampled_from([1.0, 0.5, 2.0]))
def test_batch_converges_on_separable_data_and_each_step_is_the_printed_one(data, eta):
    Y = data[0]
    res = batch_perceptron(Y, eta=eta, max_iter=100_000, record=True)
    assert res.converged_ and not misclassified(res.a_, Y).any() and np.all(Y @ res.a_ > 0)
    for k, (before, after) in enumerate(zip(res.history_, res.history_[1:]), start=1):
        bad = Y[Y @ before <= 0]
        assert np.array_equal(after, before + eta * bad.sum(axis=0)), k
        assert np.array_equal(after - before, -eta * perceptron_gradient(before, Y))


def test_batch_theta_stop_is_the_printed_test():
    Y = np.array([[1.0, 1.0], [-1.0, 1.0], [1.0, -2.0]])
    steps = []
    res = batch_perceptron(Y, eta=lambda k: 1.0 / k, theta=0.6, max_iter=1000,
                           callback=lambda k, a: steps.append(k) and False)
    # iteration k moves a by eta(k) sum Y_k; the run stops at the first k where its norm < theta
    assert res.converged_
    assert steps == list(range(1, res.n_iter_))  # the callback is not reached on the stop
    hist = batch_perceptron(Y, eta=lambda k: 1.0 / k, max_iter=res.n_iter_, record=True).history_
    norms = [np.linalg.norm(b - a) for a, b in zip(hist, hist[1:])]
    assert all(n >= 0.6 for n in norms[:-1]) and norms[-1] < 0.6


def test_callback_true_stops_single_and_batch():
    Y = np.array([[1.0, 0.0], [-1.0, 0.0]])
    seen = []
    res = single_sample_perceptron(Y, max_epochs=100,
                                   callback=lambda k, a: seen.append(k) or k == 3)
    assert res.n_updates_ == 3 and not res.converged_ and seen == [1, 2, 3]
    res = batch_perceptron(Y, max_iter=100, callback=lambda k, a: k == 2)
    assert res.n_iter_ == 2 and not res.converged_


# --- criterion and its gradient -------------------------------------------------------------


@st.composite
def off_kink_points(draw):
    """``(a, Y)`` with |a.y_n| >= 1/4 for every row: a = integers + e_D / 4 and Y normalised
    augmented integer data (last coordinate +-1), so a.y_n is in Z +- 1/4."""
    X, t = draw(labelled_integer_data())
    Y = normalize_samples(X, t)
    a = draw(hnp.arrays(np.float64, Y.shape[1], elements=small_ints))
    a[-1] += 0.25
    return a, Y


H = 2.0**-5  # |h y_i| <= 4/32 < 1/4: no a.y_n changes sign within one step


@given(point=off_kink_points())
def test_gradient_equals_one_sided_differences_off_the_kinks(point):
    a, Y = point
    g = perceptron_gradient(a, Y)
    J = perceptron_criterion(a, Y)
    assert J == -np.sum(np.minimum(Y @ a, 0.0)) and J >= 0
    for i in range(a.size):
        e = np.zeros_like(a)
        e[i] = H
        right = (perceptron_criterion(a + e, Y) - J) / H
        left = (J - perceptron_criterion(a - e, Y)) / H
        assert right == g[i] == left  # J_p is linear here and the arithmetic is exact


@given(point=off_kink_points(), sign=st.sampled_from([-1.0, 1.0]))
def test_at_a_kink_the_one_sided_differences_bracket_the_subgradient(point, sign):
    a, Y = point
    a[-1] = 0.0  # now every a.y_n is an integer: 0 (a kink) or at least 1 away from it
    Y = np.vstack([Y, np.eye(a.size)[-1] * sign])  # the sample x = 0 with label sign: a.y = 0
    D = a.size
    g = perceptron_gradient(a, Y)
    J = perceptron_criterion(a, Y)
    gaps = []
    for c in range(D):
        e = np.zeros(D)
        e[c] = H
        right = (perceptron_criterion(a + e, Y) - J) / H
        left = (J - perceptron_criterion(a - e, Y)) / H
        assert left <= g[c] <= right
        gaps.append(right - left)
    assert gaps[-1] >= 1  # the kink is real: along the bias coordinate left < right


def test_misclassified_counts_equality_and_margin():
    Y = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 2.0]])
    a = np.array([0.0, 1.0])
    assert misclassified(a, Y).tolist() == [True, False, False]
    assert misclassified(a, Y, margin=1.0).tolist() == [True, True, False]
    assert perceptron_criterion(np.zeros(2), Y) == 0.0
    assert np.array_equal(perceptron_gradient(np.zeros(2), Y), -Y.sum(axis=0))


# --- bad input -------------------------------------------------------------------------------

GOOD = np.array([[1.0, 2.0], [-1.0, 1.0]])


@pytest.mark.parametrize("call", [
    lambda **kw: single_sample_perceptron(GOOD, **kw),
    lambda **kw: batch_perceptron(GOOD, **kw),
])
@pytest.mark.parametrize("kwargs, error, words", [
    ({"eta": 0.0}, InvalidInput, "eta must be > 0"),
    ({"eta": -1.0}, InvalidInput, "eta must be > 0"),
    ({"eta": float("nan")}, NonFiniteInput, "eta"),
    ({"eta": 1j}, InvalidInput, "eta must be real"),
    ({"eta": lambda k: -1.0}, InvalidInput, "eta(1) returned -1.0"),
    ({"a0": [1.0, 2.0, 3.0]}, ShapeMismatch, "a0 must have length 2"),
    ({"a0": [np.nan, 0.0]}, NonFiniteInput, "a0"),
    ({"margin": np.inf}, NonFiniteInput, "margin"),
    ({"callback": 3}, InvalidInput, "callback"),
])
def test_bad_options_raise_naming_the_argument(call, kwargs, error, words):
    with pytest.raises(error, match=pytest.importorskip("re").escape(words)):
        call(**kwargs)


@pytest.mark.parametrize("fn", [single_sample_perceptron, batch_perceptron,
                                lambda Y: perceptron_criterion([0.0, 0.0], Y),
                                lambda Y: perceptron_gradient([0.0, 0.0], Y),
                                lambda Y: misclassified([0.0, 0.0], Y)])
@pytest.mark.parametrize("Y, error, words", [
    (np.array([[1.0, np.nan], [0.0, 1.0]]), NonFiniteInput, "Y must contain only finite"),
    (np.array([[1.0, 2.0], [-np.inf, 1.0]]), NonFiniteInput, "first at index (1, 0)"),
    (np.array([1.0, 2.0]), InvalidInput, "Y must be a 2-D array"),
    (np.zeros((2, 2, 2)), InvalidInput, "Y must be a 2-D array"),
    (np.array([[1.0 + 1j, 0.0], [0.0, 1.0]]), InvalidInput, "Y must be real"),
    ([["a", "b"]], InvalidInput, "Y must be numeric"),
])
def test_bad_samples_raise_naming_Y(fn, Y, error, words):
    import re

    with pytest.raises(error, match=re.escape(words)):
        fn(Y)


def test_limits_and_engine_are_checked():
    with pytest.raises(InvalidInput, match="max_epochs must be a positive integer"):
        single_sample_perceptron(GOOD, max_epochs=0)
    with pytest.raises(InvalidInput, match="max_iter must be a positive integer"):
        batch_perceptron(GOOD, max_iter=2.5)
    with pytest.raises(InvalidInput, match="theta must be >= 0"):
        batch_perceptron(GOOD, theta=-1.0)
    with pytest.raises(InvalidInput, match="engine must be"):
        single_sample_perceptron(GOOD, engine="fortran")
    with pytest.raises(InvalidInput, match="engine='numpy'"):
        single_sample_perceptron(GOOD, engine="numba", record=True)
    with pytest.raises(ShapeMismatch, match="a must have length 2"):
        perceptron_criterion([1.0], GOOD)


@pytest.mark.parametrize("users_dir", [False, True])
def test_compiled_loop_is_cached_outside_the_package(users_dir, tmp_path, monkeypatch):
    """Numba's default place for the cache is the package's __pycache__, which pip's
    uninstall leaves behind: a later editable install then imports numerics/ as an empty
    namespace package. The cache goes to $LINDISC_CACHE_DIR/numba (or the user's own
    NUMBA_CACHE_DIR), and Numba's setting is restored after."""
    numba = pytest.importorskip("numba")
    import numerics.perceptron as P

    monkeypatch.setattr(P, "_KERNEL", [])  # compile (or load) afresh
    monkeypatch.setenv("LINDISC_CACHE_DIR", str(tmp_path / "lindisc"))
    own = str(tmp_path / "own") if users_dir else ""
    monkeypatch.setattr(numba.config, "CACHE_DIR", own)
    package = Path(P.__file__).parent / "__pycache__"
    before = set(package.glob("*.nbi")) if package.is_dir() else set()
    assert single_sample_perceptron(GOOD, engine="numba").engine_ == "numba"
    where = tmp_path / ("own" if users_dir else "lindisc/numba")
    assert list(where.rglob("perceptron._single_fixed-*.nbi"))
    assert (set(package.glob("*.nbi")) if package.is_dir() else set()) == before
    assert numba.config.CACHE_DIR == own


def test_outputs_are_float64_and_frozen():
    res = single_sample_perceptron(GOOD.astype(np.float32))
    assert res.a_.dtype == np.float64 and res.engine_ in ("numba", "numpy")
    with pytest.raises(AttributeError):
        res.a_ = None  # type: ignore[misc]
    assert batch_perceptron(GOOD.astype(int)).a_.dtype == np.float64


@pytest.mark.parametrize("run", [
    lambda Y: batch_perceptron(Y, eta=1e10, max_iter=50),
    lambda Y: single_sample_perceptron(Y, eta=1e10, max_epochs=50, engine="numpy"),
    lambda Y: single_sample_perceptron(Y, eta=1e10, max_epochs=50, engine="numba"),
])
def test_overflow_is_reported_not_returned(run):
    Y = np.array([[1e308, 1.0], [1e308, -1.0]])  # the first correction overflows
    with np.errstate(over="ignore", invalid="ignore"), pytest.raises(
            NonFiniteInput, match="overflowed to a non-finite value"):
        run(Y)
