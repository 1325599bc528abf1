"""The relaxation catalog entries against ``numerics.relaxation``.

The catalog's criteria (udelar2018's J_q over ℳ(a), Duda-Hart-Stork's J_r over Y(a), as
the helpers of ``derivations.catalog.relaxation`` build them) are evaluated *exactly* on
integer samples and dyadic weights — SymPy gives the value, the gradient comes from the
engine's ``Grad`` on explicit entries — and compared with the float64 numerics on the same
data, for any number of samples (the entries prove one sample at D ≤ 2). Then the properties
the entries state: the single-sample step multiplies the signed distance by 1 − η, the
relaxation with 0 < η < 2 separates data with a margin, udelar2018's J_r over ℳ(a) differs
from the margin criterion exactly when a sample lies in the band 0 < t aᵀy < b, and J_p, J_q
are homogeneous of degrees 1 and 2 while ℳ(a) is scale invariant.
"""

from __future__ import annotations

import numpy as np
import sympy as sp
from hypothesis import example, given, note, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import numerics.perceptron as npc
import numerics.relaxation as nr
from derivations._symbols.expr import Grad
from derivations.catalog import relaxation as cat

#: Criteria and gradients: the catalog value is exact, numerics rounds each of O(N·D) terms.
RTOL = 1e-12


@st.composite
def labelled_samples(draw, *, max_samples: int = 5, max_dim: int = 3):
    """``(a, Y, t)``: integer samples (rows of Y, none zero), labels ±1 and a dyadic a."""
    d = draw(st.integers(1, max_dim))
    n = draw(st.integers(1, max_samples))
    Y = draw(hnp.arrays(np.int64, (n, d), elements=st.integers(-6, 6)))
    Y[np.all(Y == 0, axis=1), 0] = 1
    t = draw(hnp.arrays(np.int64, n, elements=st.sampled_from([-1, 1])))
    a = draw(hnp.arrays(np.int64, d, elements=st.integers(-16, 16))) / 4
    return a, Y, t


def _sym(Y, t, a):
    """Explicit SymPy samples, labels, and the weight vector as entry symbols with its values."""
    ys = [sp.ImmutableMatrix([int(v) for v in row]) for row in Y]
    ts = [sp.Integer(int(v)) for v in t]
    syms = sp.ImmutableMatrix([sp.Symbol(f"a{i}", real=True) for i in range(len(a))])
    values = {s: sp.Rational(int(v * 4), 4) for s, v in zip(syms, a)}
    return ys, ts, syms, values


def _value(e, values) -> np.ndarray:
    e = sp.sympify(e).xreplace(values)
    if isinstance(e, sp.MatrixBase):
        return np.array([float(x) for x in e], dtype=float)
    return np.array([float(e)])


def _normalised(Y, t) -> np.ndarray:
    return (t[:, None] * Y).astype(float)


@given(labelled_samples())
def test_jq_and_its_gradient_as_printed_equal_numerics(sample):
    a, Y, t = sample
    ys, ts, A, values = _sym(Y, t, a)
    J = cat._J_q(A, ys, ts)
    want_J, want_g = _value(J, values), _value(Grad(J, A), values)
    got_J = nr.relaxation_criterion_q(a, _normalised(Y, t))
    got_g = nr.relaxation_gradient_q(a, _normalised(Y, t))
    note(f"catalog J_q = {want_J}, grad = {want_g}; numerics {got_J}, {got_g}")
    assert np.allclose(want_J, got_J, rtol=RTOL, atol=0)
    assert np.allclose(want_g, got_g, rtol=RTOL, atol=RTOL * np.abs(want_g).max(initial=1.0))


@given(labelled_samples(), st.integers(1, 8))
def test_jr_over_the_margin_set_and_its_gradient_equal_numerics(sample, b4):
    a, Y, t = sample
    b = b4 / 4
    ys, ts, A, values = _sym(Y, t, a)
    J = cat._J_r(A, ys, ts, sp.Rational(b4, 4), printed=False)
    want_J, want_g = _value(J, values), _value(Grad(J, A), values)
    got_J = nr.relaxation_criterion_r(a, _normalised(Y, t), b=b)
    got_g = nr.relaxation_gradient_r(a, _normalised(Y, t), b=b)
    note(f"catalog J_r = {want_J}, grad = {want_g}; numerics {got_J}, {got_g}")
    assert np.allclose(want_J, got_J, rtol=1e-12, atol=1e-15)
    assert np.allclose(want_g, got_g, rtol=1e-12, atol=1e-12 * np.abs(want_g).max(initial=1.0))


@given(labelled_samples(), st.integers(1, 8))
def test_printed_jr_differs_from_numerics_exactly_when_a_sample_is_inside_the_band(sample, b4):
    """udelar2018's J_r sums over ℳ(a) (relaxation.jr_index_set): it agrees with the margin
    criterion unless some sample has 0 < t aᵀy < b, where the printed one charges nothing."""
    a, Y, t = sample
    b = sp.Rational(b4, 4)
    ys, ts, A, values = _sym(Y, t, a)
    printed = sp.nsimplify(cat._J_r(A, ys, ts, b, printed=True).xreplace(values))
    margin = sp.nsimplify(cat._J_r(A, ys, ts, b, printed=False).xreplace(values))
    scores = [int(tn) * sum(sp.Rational(int(v * 4), 4) * int(y) for v, y in zip(a, row))
              for row, tn in zip(Y, t)]
    in_band = any(0 < s < b for s in scores)
    note(f"scores {scores}, b = {b}: printed {printed}, margin {margin}")
    assert (printed != margin) == in_band
    assert printed <= margin


@given(labelled_samples(max_samples=1), st.integers(1, 8), st.integers(1, 7))
def test_one_update_multiplies_the_signed_distance_by_one_minus_eta(sample, b4, eta4):
    a, Y, t = sample
    b, eta = b4 / 4, eta4 / 4
    y = _normalised(Y, t)[0]
    if y @ a > b:  # Algorithm 9 updates only a sample with t aᵀy <= b
        a = a - ((y @ a - b + 1.0) / (y @ y)) * y
    r = nr.single_sample_relaxation(y[None, :], b=b, eta=eta, a0=a, max_epochs=1)
    before, after = y @ a - b, y @ r.a_ - b
    note(f"before {before}, after {after}, eta {eta}")
    assert abs(after - (1 - eta) * before) <= 1e-9 * max(1.0, abs(before))


@st.composite
def integer_separable(draw, *, max_dim: int = 3, max_samples: int = 15):
    """Normalised rows t_n (x_n, 1) of integer points labelled by the sign of wᵀx + ½ (w a
    nonzero integer vector): (w, ½) scores every row at least ½, a margin by construction."""
    d = draw(st.integers(1, max_dim))
    n = draw(st.integers(2, max_samples))
    w = draw(hnp.arrays(np.int64, d, elements=st.integers(-3, 3)))
    w[draw(st.integers(0, d - 1))] = draw(st.sampled_from([-2, -1, 1, 2]))
    X = draw(hnp.arrays(np.int64, (n, d), elements=st.integers(-6, 6)))
    t = np.where(X @ w + 0.5 > 0, 1.0, -1.0)
    return t[:, None] * np.hstack([X, np.ones((n, 1))]).astype(float)


@settings(max_examples=30, deadline=None)
@given(integer_separable(), st.sampled_from([1.2, 1.5, 1.8]))
@example(np.array([*[[4., 4., 4., 1.]] * 4, [-4., -5., -4., -1.], [4., 4., 4., 1.],
                   [4., 4., 0., 1.], *[[4., 4., 4., 1.]] * 4]), 1.2)  # drifted 20,000 epochs
def test_single_sample_relaxation_with_eta_in_0_2_reaches_the_margin(Y, eta):
    """relaxation.single_sample_algorithm: on data separable with a margin, 0 < η < 2 (here
    over-relaxation) ends with every t aᵀy_n > b — or, where the iterates approach the
    hyperplane aᵀy = b (the limit the relaxation theorem allows), stops as stalled with every
    score within rounding of b or above it: Hypothesis found 13 samples (ten copies of
    (2, 2, -1)) where η = 1.2 spun 20,000 epochs on corrections that rounded to nothing, and
    11 samples (the @example) where the iterates drifted in their last bits along aᵀy = b for
    20,000 epochs without repeating exactly (three corrections an epoch, each within rounding)."""
    b = 0.25
    r = nr.single_sample_relaxation(Y, b=b, eta=eta, max_epochs=20000)
    scores = Y @ r.a_
    note(f"converged {r.converged_} stalled {r.stalled_} after {r.n_iter_} epochs; "
         f"min score {scores.min()!r}")
    if r.stalled_:
        assert not r.converged_
        # each score is a dot product of D terms: its rounding error is below D eps |y|.|a|
        slack = 4 * Y.shape[1] * np.finfo(float).eps * (np.abs(Y) @ np.abs(r.a_) + b)
        assert np.all(scores >= b - slack)
    else:
        assert r.converged_ and scores.min() > b


def test_a_stalled_relaxation_stops_at_once_instead_of_spinning():
    """The case Hypothesis found: ten copies of (2, 2, −1) among 13 rows, η = 1.2, b = ¼."""
    Y = np.array([[-5, 2, -1], *[[2, 2, -1]] * 2, [-2, 0, 1], *[[2, 2, -1]] * 8, [-6, 2, -1]],
                 dtype=float)
    r = nr.single_sample_relaxation(Y, b=0.25, eta=1.2, max_epochs=20000)
    assert r.stalled_ and not r.converged_ and r.n_iter_ < 20000
    assert (Y @ r.a_).min() >= 0.25 - 1e-12


@given(labelled_samples(), st.sampled_from([0.25, 0.5, 2.0, 3.0]))
def test_scaling_a_scales_jp_and_jq_and_keeps_the_misclassified_set(sample, c):
    """relaxation.scale_invariance: ℳ(ca) = ℳ(a) (the reading of udelar2018's 'el criterio no
    cambia si se escala a' that perceptron.eta_one_suffices verifies), while J_p scales with
    degree 1 and J_q with degree 2. Dyadic data and c: exact in float64."""
    a, Y, t = sample
    Yn = _normalised(Y, t)
    assert np.array_equal(npc.misclassified(c * a, Yn), npc.misclassified(a, Yn))
    assert npc.perceptron_criterion(c * a, Yn) == c * npc.perceptron_criterion(a, Yn)
    assert nr.relaxation_criterion_q(c * a, Yn) == c ** 2 * nr.relaxation_criterion_q(a, Yn)



def test_a_relaxation_cycling_over_two_epochs_stops_as_stalled():
    """Hypothesis's second find: with η = 1.5 the iterates reach the hyperplane aᵀy₂ = b within
    rounding (score b − 1 ulp) and then cycle over two epochs in the last bits; the run ran
    all 20,000 epochs before the stall looked back further than one epoch."""
    Y = np.array([[1, -1, 1], [5, -3, -1], [3, 3, 1], [-3, 3, 1]], dtype=float)
    r = nr.single_sample_relaxation(Y, b=0.25, eta=1.5, max_epochs=20000)
    assert r.stalled_ and not r.converged_ and r.n_iter_ < 500
    # it stops once every correction of an epoch is within its score's rounding bound
    # (numerics.relaxation.ROUNDING): each score is b or within that bound below it
    bound = nr.ROUNDING * Y.shape[1] * (np.abs(Y) @ np.abs(r.a_) + 0.25)
    assert np.all(Y @ r.a_ >= 0.25 - bound)
