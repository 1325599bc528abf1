"""The perceptron catalog entries against ``numerics.perceptron`` and ``numerics.dual_perceptron``.

Agreement tests (a SymPy form that an entry verifies, lambdified at the sizes of generated
data, compared with numerics):

- J_p = Σ max(0, −z_n) (perceptron.criterion_forms) against ``perceptron_criterion``;
- the printed gradient −Σ_{n∈M} t_n y_n with M fixed (perceptron.criterion_gradient) against
  ``perceptron_gradient`` on data built with M = {1, 2}, and one-sided differences of J_p that
  bracket it (the subgradient inequality, kinks included);
- bromberg2012 Eq. (8): the corrected step equals one batch iteration, the printed one raises
  every misclassified term (perceptron.bromberg_batch_sign);

and the properties of the issue: on separable data with margin γ and radius R the
single-sample perceptron converges within R²/γ² corrections (perceptron.novikoff_bound); the
dual run equals the primal run (perceptron.dual_equivalence); from a(0) = 0 the run with η is
η times the run with η = 1 (perceptron.eta_one_suffices); the LP's answer matches the run
(perceptron.separability_a_priori); scikit-learn's Perceptron as a peer.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import numerics.dual_perceptron as nd
import numerics.perceptron as npc
import numerics.separability as nsep
from derivations.catalog import REGISTRY
from derivations.catalog import perceptron as cat
from tests.derivations.catalog._lambdified import lambdified
from tests.strategies.geometry import intersecting_hull_datasets, separable_datasets

#: Sums of a few products of numbers below 10 in magnitude.
RTOL = 1e-12


# --- lambdifying catalog expressions --------------------------------------------------------------

def _lambdified(entry_id: str, pick, D: int):
    """The expression ``pick(statement)`` of an entry at dimension D, as ``f(**values)``."""
    st_ = REGISTRY[entry_id].build()
    return lambdified(st_, pick(st_), D)


@functools.cache
def _jp():
    return _lambdified("perceptron.criterion_forms", lambda s: s.claims[r"$J_p \ge 0$"].lhs, 1)


@functools.cache
def _udelar_gradient(D: int):
    key = (r"udelar2018: $\nabla\sum_{n\in\mathcal{M}}(-t_n\mathbf{a}^\top\mathbf{y}_n) = "
           r"-\sum_{n\in\mathcal{M}} t_n\mathbf{y}_n$")
    return _lambdified("perceptron.criterion_gradient", lambda s: s.claims[key].rhs, D)


@functools.cache
def _bromberg(D: int, which: str):
    pick = (lambda s: s.stated.rhs) if which == "printed" else (lambda s: s.claims["corrected"].rhs)
    return _lambdified("perceptron.bromberg_batch_sign", pick, D)


# --- domains --------------------------------------------------------------------------------------

_SMALL = st.floats(-8, 8, allow_nan=False, allow_infinity=False)


@st.composite
def weights_and_samples(draw, *, max_dim: int = 5, max_samples: int = 12):
    """(a, Y): integer weights and normalised samples; sample 0 often exactly on the boundary."""
    D = draw(st.integers(1, max_dim))
    N = draw(st.integers(1, max_samples))
    ints = st.integers(-8, 8).map(float)
    a = draw(hnp.arrays(np.float64, D, elements=ints))
    Y = draw(hnp.arrays(np.float64, (N, D), elements=ints))
    if draw(st.booleans()) and np.any(a != 0):  # sample 0 on the boundary: aᵀy = 0 exactly
        Y[0] = (a @ a) * Y[0] - (a @ Y[0]) * a
    return a, Y


@st.composite
def two_misclassified_of_three(draw, *, max_dim: int = 4):
    """(a, Y, t, y): three samples with t_1 aᵀy_1 < 0, t_2 aᵀy_2 < 0 and t_3 aᵀy_3 > 0 (M = {1, 2}),
    built by shifting each sample along a (never filtered)."""
    D = draw(st.integers(1, max_dim))
    a = draw(hnp.arrays(np.float64, D, elements=_SMALL))
    i = draw(st.integers(0, D - 1))
    a[i] = np.copysign(max(abs(a[i]), 1.0), a[i])
    y = draw(hnp.arrays(np.float64, (3, D), elements=_SMALL))
    t = np.array(draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=3, max_size=3)))
    want = np.array([-1.0, -2.0, 1.0]) * draw(st.floats(0.5, 4.0))  # target t_n aᵀy_n
    y = y + np.outer((t * want - y @ a) / (a @ a), a)
    return a, t[:, None] * y, t, y


# --- the criterion and its gradient ---------------------------------------------------------------

@given(weights_and_samples())
def test_lambdified_criterion_equals_perceptron_criterion(data):
    a, Y = data
    z = Y @ a
    # criterion_forms is stated over two activations: sum it pairwise over the samples
    f = _jp()
    pairs = [(z[k], z[k + 1] if k + 1 < z.size else 1.0) for k in range(0, z.size, 2)]
    got = sum(float(f(z_1=p, z_2=q)) for p, q in pairs)
    want = npc.perceptron_criterion(a, Y)
    assert got == pytest.approx(want, rel=RTOL, abs=1e-12), f"symbolic {got} vs numerics {want}"
    assert want >= 0


@given(two_misclassified_of_three())
def test_printed_gradient_with_M_fixed_equals_numerics(data):
    a, Y, t, y = data
    D = a.size
    g = _udelar_gradient(D)(**{"t_1": t[0], "t_2": t[1], "y_1": y[0], "y_2": y[1]}).ravel()
    want = npc.perceptron_gradient(a, Y)
    note(f"symbolic {g}\nnumerics {want}")
    assert np.allclose(g, want, rtol=RTOL, atol=1e-12 * (np.abs(want).max() + 1))


@given(weights_and_samples(), st.data())
def test_one_sided_differences_bracket_the_subgradient(data, draw):
    """J_p is convex, so the subgradient g that numerics uses satisfies J(a + h e) − J(a) ≥ h gᵀe
    for every direction e and step h of either sign — at the kinks too."""
    a, Y = data
    e = draw.draw(hnp.arrays(np.float64, a.size, elements=_SMALL))
    g = npc.perceptron_gradient(a, Y)
    J0 = npc.perceptron_criterion(a, Y)
    scale = (np.abs(Y).sum() + 1) * (np.abs(a).max() + np.abs(e).max() + 1)
    for h in (1e-3, -1e-3, 0.5, -0.5):
        lhs = npc.perceptron_criterion(a + h * e, Y) - J0
        assert lhs >= h * (g @ e) - 1e-12 * scale, (h, lhs, h * (g @ e))


@given(weights_and_samples(), st.floats(0.125, 4.0))
def test_bromberg_corrected_step_is_one_batch_iteration_and_printed_step_ascends(data, eta):
    a, Y = data
    D = a.size
    bad = Y @ a <= 0
    note(f"misclassified: {bad}")
    if not bad.any():
        return
    S = Y[bad].sum(axis=0)
    # the entry fixes M = {1, 2}: hand it the misclassified sum split in two rows
    values = {"w": a, "eta": eta, "t_1": 1.0, "t_2": 1.0, "y_1": S, "y_2": np.zeros(D)}
    corrected = _bromberg(D, "corrected")(**values).ravel()
    printed = _bromberg(D, "printed")(**values).ravel()
    step = npc.batch_perceptron(Y, eta=eta, a0=a, max_iter=1).a_
    assert np.allclose(corrected, step, rtol=RTOL, atol=1e-12 * (np.abs(step).max() + 1))
    # each misclassified term −aᵀy moves by ∓η yᵀS: the printed step adds η yᵀS to the sum of them
    before = -(Y[bad] @ a).sum()
    after_printed = -(Y[bad] @ printed).sum()
    assert after_printed == pytest.approx(before + eta * S @ S, rel=1e-9, abs=1e-9)
    assert after_printed >= before


# --- convergence ----------------------------------------------------------------------------------

@given(separable_datasets(margin=0.5, radius=4.0, max_dim=4, max_samples=25))
def test_single_sample_perceptron_converges_within_R2_over_gamma2(data):
    """perceptron.novikoff_bound: with u = (w, b)/‖(w, b)‖, γ = min_n uᵀy_n, R = max_n ‖y_n‖,
    the number of corrections is at most R²/γ²."""
    X, t, w, b = data
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    u = np.r_[w, b] / np.linalg.norm(np.r_[w, b])
    gamma = float((Y @ u).min())
    R2 = float((Y * Y).sum(axis=1).max())
    r = npc.single_sample_perceptron(Y, max_epochs=100000)
    note(f"gamma = {gamma}, R^2 = {R2}, corrections = {r.n_updates_}")
    assert gamma > 0
    assert r.converged_ and np.all(Y @ r.a_ > 0)
    assert r.n_updates_ <= R2 / gamma ** 2 * (1 + 1e-9)


@st.composite
def dyadic_separable(draw):
    """Separable normalised samples with entries k/8, |k| <= 64: float products are exact."""
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    n, d = draw(st.integers(2, 15)), draw(st.integers(1, 3))
    Y, _u, X, t = cat._separable_data(rng, n, d)
    X = np.clip(np.round(X * 8) / 8, -8, 8)
    return X, t, t[:, None] * np.hstack([X, np.ones((n, 1))])


@given(dyadic_separable())
def test_single_sample_perceptron_equals_the_exact_reference_update_for_update(data):
    _X, _t, Y = data
    a, conv, mistakes = cat._exact_run([[Fraction(v) for v in row] for row in Y], max_epochs=3000)
    r = npc.single_sample_perceptron(Y, max_epochs=3000, record=True, engine="numpy")
    assert r.converged_ == conv
    assert list(r.updated_samples_) == mistakes
    assert np.array_equal(r.a_, np.array([float(x) for x in a]))


@given(dyadic_separable(), st.integers(-3, 3))
def test_from_zero_the_run_with_eta_is_eta_times_the_run_with_one(data, p):
    """perceptron.eta_one_suffices (η a power of two: the scaled runs are exact in floats)."""
    _X, _t, Y = data
    eta = 2.0 ** p
    r1 = npc.single_sample_perceptron(Y, max_epochs=3000, record=True, engine="numpy")
    re = npc.single_sample_perceptron(Y, eta=eta, max_epochs=3000, record=True, engine="numpy")
    assert list(re.updated_samples_) == list(r1.updated_samples_)
    assert np.array_equal(re.a_, eta * r1.a_)


@given(dyadic_separable())
def test_dual_run_equals_primal_run(data):
    """perceptron.dual_equivalence: α_i = corrections of sample i; w = Σ α_j t_j (x_j, 1)."""
    X, t, Y = data
    r = npc.single_sample_perceptron(Y, max_epochs=3000, record=True, engine="numpy")
    counts = np.bincount(np.asarray(r.updated_samples_, dtype=int), minlength=len(t))
    dual = nd.dual_perceptron(X, t, max_epochs=3000)
    assert dual.converged_ == r.converged_
    assert np.array_equal(dual.alpha_, counts)
    assert np.array_equal(np.r_[dual.coef_, dual.intercept_], r.a_)
    assert np.array_equal(np.sign(nd.dual_decision_function(dual, X)), np.sign(np.hstack(
        [X, np.ones((len(t), 1))]) @ r.a_))


@given(dyadic_separable())
def test_scikit_learn_perceptron_is_the_same_run(data):
    sklearn_linear = pytest.importorskip("sklearn.linear_model")
    X, t, Y = data
    r = npc.single_sample_perceptron(Y, max_epochs=50, engine="numpy")
    Xa = np.hstack([X, np.ones((len(t), 1))])
    clf = sklearn_linear.Perceptron(shuffle=False, eta0=1.0, fit_intercept=False, alpha=0.0,
                                    tol=None, max_iter=r.n_iter_)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(Xa, t)
    if r.converged_:
        assert np.array_equal(clf.coef_.ravel(), r.a_)


# --- separability ---------------------------------------------------------------------------------

@given(separable_datasets(margin=0.25, radius=4.0, max_dim=3, max_samples=15))
def test_lp_says_separable_and_the_perceptron_converges(data):
    X, t, _w, _b = data
    assert nsep.linear_separability(X, t).separable_
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    assert npc.single_sample_perceptron(Y, max_epochs=100000).converged_


@given(intersecting_hull_datasets(max_dim=3, max_extra=4))
def test_lp_says_not_separable_and_the_perceptron_never_converges(data):
    X, t, _p = data
    assert not nsep.linear_separability(X, t).separable_
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    r = npc.single_sample_perceptron(Y, max_epochs=200)
    assert not r.converged_ and r.n_iter_ == 200


def test_exact_examples_of_the_entries():
    """The small exact examples the entries cite, recomputed here."""
    Y = [(Fraction(1), Fraction(0)), (Fraction(1), Fraction(1))]
    assert cat._exact_run(Y, order=[0, 1])[0] == (1, 0)
    assert cat._exact_run(Y, order=[1, 0])[0] == (1, 1)
    toy = [(Fraction(1), Fraction(0)), (Fraction(-1), Fraction(1, 10))]
    a, stopped, k = cat._algorithm3_exact(toy, theta=Fraction(1, 2))
    assert stopped and k == 1 and a == (0, Fraction(1, 10))
    assert not cat._algorithm3_exact(toy, theta=Fraction(0), max_iter=30)[1]
    rep, conv = cat._cycle(cat._normalised(*cat._XOR))
    assert rep is not None and not conv


def _fraction_run(Y, *, eta=Fraction(1), a0=None, margin=Fraction(0), max_epochs=200, order=None,
                  sign=1):
    """The exact run as first written, in Python's Fraction (the reference for the fmpq loop)."""
    Y = [tuple(Fraction(x) for x in y) for y in Y]
    a = tuple(Fraction(x) for x in a0) if a0 is not None else (Fraction(0),) * len(Y[0])
    order = list(range(len(Y))) if order is None else list(order)
    mistakes = []
    for _epoch in range(max_epochs):
        clean = True
        for k in order:
            if sum((x * y for x, y in zip(a, Y[k])), Fraction(0)) <= margin:
                a = tuple(x + sign * eta * y for x, y in zip(a, Y[k]))
                mistakes.append(k)
                clean = False
        if clean:
            return a, True, mistakes
    return a, False, mistakes


_fractions = st.fractions(min_value=-5, max_value=5, max_denominator=9)


@given(Y=st.lists(st.lists(_fractions | st.floats(-4, 4, allow_nan=False), min_size=2, max_size=2),
                  min_size=1, max_size=6),
       eta=st.fractions(min_value=Fraction(1, 10), max_value=2, max_denominator=10),
       a0=st.none() | st.lists(_fractions, min_size=2, max_size=2),
       margin=st.fractions(min_value=0, max_value=1, max_denominator=4),
       sign=st.sampled_from([1, -1]), reverse=st.booleans(), epochs=st.integers(1, 30))
def test_exact_run_in_flint_is_the_fraction_run(Y, eta, a0, margin, sign, reverse, epochs):
    order = list(range(len(Y)))[::-1] if reverse else None
    got = cat._exact_run(Y, eta=eta, a0=a0, margin=margin, max_epochs=epochs, order=order, sign=sign)
    want = _fraction_run(Y, eta=eta, a0=a0, margin=margin, max_epochs=epochs, order=order, sign=sign)
    assert got == want
    assert all(type(x) is Fraction for x in got[0])
