"""The Fisher catalog entries, lambdified, against ``numerics.fisher`` (and the peers).

Each agreement test takes a SymPy form that a catalog entry verifies, instantiates it at
the sizes of a generated data set (concrete-size MatrixSymbols, so NumPy does the matrix
algebra), lambdifies it, and compares it with ``numerics``:

- J(w) = wᵀS_B w / wᵀS_W w (fisher.scale_invariance) against ``fisher_criterion``;
- the gradient of J (fisher.criterion_gradient, corrected) against a five-point stencil of
  ``fisher_criterion``, and ml10's printed form as exactly its negative;
- J(w_*) = (m_2 - m_1)ᵀS_W^{-1}(m_2 - m_1) (fisher.maximiser) against ``criterion_``;
- the least-squares factor α < 0 (fisher.ls_direction_sign) against least squares fitted
  to the targets N/N_1, -N/N_2;
- the multi-class S_B for c = 2 (fisher.multiclass_between_two_class) against
  ``scatter_matrices``;
- the equal-variance threshold ỹ (fisher.threshold_equal_variance) and the log posterior
  ratio with its 1/σ_i (fisher.threshold_dropped_sigma, corrected) against
  ``gaussian_threshold`` and ``gaussian_log_odds``;

and the properties of issue 4: J(w_fisher) >= J(w); invariance to scaling and translating
the data; least squares parallel to Fisher; the multi-class trace criterion at the solution
equal to the sum of the top eigenvalues (and an upper bound at any W); scikit-learn's
LinearDiscriminantAnalysis as a peer.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, note
from hypothesis import strategies as st

import numerics.fisher as nf
import numerics.least_squares as nls
from derivations.catalog import REGISTRY
from derivations.catalog import fisher as cat
from derivations._claims.statement import Statement
from tests.derivations.catalog._lambdified import lambdified
from tests.strategies.fisher import (
    equal_variance_projections,
    invertible_affine_maps,
    labelled_datasets,
    nonzero_directions,
    two_class_datasets,
    two_class_projections,
)

#: Quantities computed through a solve with S_W (cond(S_W) <= 9 by construction, but data
#: offset by up to 1e3 lose digits in the scatter) or a generalized eigenproblem.
RTOL = 1e-7
#: Central differences of J (step h ~ 1e-4 relative; error O(h^4) for the five-point rule).
GRAD_RTOL = 1e-5


# --- lambdifying catalog expressions ---------------------------------------------------------

def _statement(entry_id: str) -> Statement:
    return REGISTRY[entry_id].build()


_J_STAR = (r"$J(\mathbf{w}_*) = (\mathbf{m}_2 - \mathbf{m}_1)^\top\mathbf{S}_W^{-1}"
           r"(\mathbf{m}_2 - \mathbf{m}_1)$")
#: The catalog expressions the tests lambdify: key -> (entry id, how to pick it, expand?).
_EXPRESSIONS = {
    "J": ("fisher.scale_invariance", lambda s: s.claims[r"$J(a\mathbf{w}) = J(\mathbf{w})$"].rhs, False),
    "gradient": ("fisher.criterion_gradient", lambda s: s.claims["corrected"].rhs, False),
    "gradient as printed": ("fisher.criterion_gradient", lambda s: s.stated.rhs, False),
    "J(w_*)": ("fisher.maximiser", lambda s: s.claims[_J_STAR].rhs, False),
    "alpha": ("fisher.ls_direction_sign", lambda s: s.claims[r"$\alpha < 0$"].lhs, True),
    "S_B(c = 2)": ("fisher.multiclass_between_two_class",
                   lambda s: next(iter(s.claims.values())).rhs, True),
    "ytilde": ("fisher.threshold_equal_variance", lambda s: _definition(s, "ytilde"), False),
    "log ratio": ("fisher.threshold_dropped_sigma", lambda s: s.claims["corrected"].rhs, False),
    "log ratio as printed": ("fisher.threshold_dropped_sigma", lambda s: s.stated.rhs, False),
}


@functools.cache
def _expression(key: str, d: int):
    """The lambdified catalog expression ``key`` at dimension ``d`` (built once per size)."""
    entry_id, pick, expand = _EXPRESSIONS[key]
    st_ = _statement(entry_id)
    return lambdified(st_, pick(st_), d, expand=expand)


def _definition(st_: Statement, name: str) -> sp.Basic:
    for sym, value, _ in st_.space.definitions:
        if getattr(sym, "name", None) == name:
            return value
    raise KeyError(name)


def _two_class_stats(data):
    sc = nf.scatter_matrices(data.X, data.y)
    m1, m2 = sc.means_
    return sc, m1, m2


def _cos(a: np.ndarray, b: np.ndarray) -> float:
    a, b = np.ravel(a), np.ravel(b)
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


# --- two classes: the criterion, its gradient, its maximiser ---------------------------------

@given(two_class_datasets(), st.data())
def test_lambdified_criterion_equals_fisher_criterion(data, draw):
    d = data.X.shape[1]
    f = _expression("J", d)
    sc, _, _ = _two_class_stats(data)
    w = draw.draw(nonzero_directions(d))
    got = f(w=w, S_B=sc.scatter_between_two_class_, S_W=sc.scatter_within_)
    want = nf.fisher_criterion(w, sc.scatter_between_two_class_, sc.scatter_within_)
    assert got == pytest.approx(want, rel=1e-12), f"symbolic {got} vs numerics {want}"


def _stencil(fun, w: np.ndarray, h: float) -> np.ndarray:
    """Five-point central differences of a scalar function, coordinate by coordinate."""
    g = np.empty_like(w)
    for i in range(w.size):
        e = np.zeros_like(w)
        e[i] = h
        g[i] = (-fun(w + 2 * e) + 8 * fun(w + e) - 8 * fun(w - e) + fun(w - 2 * e)) / (12 * h)
    return g


@pytest.mark.slow
@given(two_class_datasets(offset=st.just(0.0)), st.data())
def test_corrected_gradient_matches_finite_differences_and_ml10_is_its_negative(data, draw):
    d = data.X.shape[1]
    true_grad, printed = _expression("gradient", d), _expression("gradient as printed", d)
    sc, _, _ = _two_class_stats(data)
    S_B, S_W = sc.scatter_between_two_class_, sc.scatter_within_
    w = draw.draw(nonzero_directions(d))
    g = true_grad(w=w, S_B=S_B, S_W=S_W).ravel()
    numeric = _stencil(lambda v: nf.fisher_criterion(v, S_B, S_W), w, 1e-4 * np.linalg.norm(w))
    note(f"analytic: {g}\nnumeric: {numeric}")
    # J is homogeneous of degree 0, so |grad J| is of order J/|w|: the natural scale.
    scale = max(np.abs(g).max(), nf.fisher_criterion(w, S_B, S_W) / np.linalg.norm(w), 1e-300)
    assert np.allclose(g, numeric, rtol=0, atol=GRAD_RTOL * scale)
    assert np.allclose(printed(w=w, S_B=S_B, S_W=S_W).ravel(), -g, rtol=1e-10, atol=1e-12 * scale)


@given(two_class_datasets(), st.data())
def test_fisher_direction_maximises_J_over_random_directions(data, draw):
    model = nf.fisher_direction(data.X, data.y)
    d = data.X.shape[1]
    w = draw.draw(nonzero_directions(d))
    J = nf.fisher_criterion(w, model.scatter_between_, model.scatter_within_)
    assert model.criterion_ >= J * (1 - 1e-9)


@given(two_class_datasets())
def test_maximum_of_J_equals_the_closed_form(data):
    """fisher.maximiser: J(w_*) = (m_2 - m_1)ᵀ S_W^{-1} (m_2 - m_1), lambdified."""
    f = _expression("J(w_*)", data.X.shape[1])
    model = nf.fisher_direction(data.X, data.y)
    m1, m2 = model.means_
    # rhs = (m_2 - m_1)^T w_* with w_* = S_W^{-1}(m_2 - m_1), the entry's construction.
    w_star = np.linalg.solve(model.scatter_within_, m2 - m1)
    assert set(f.names) <= {"m_1", "m_2", "w_*"}
    values = {"m_1": m1, "m_2": m2, "w_*": w_star}
    assert float(f(**{n: values[n] for n in f.names})) == pytest.approx(model.criterion_, rel=RTOL)


@given(two_class_datasets())
def test_direction_is_positive_multiple_of_S_W_inverse_mean_difference(data):
    """fisher.projected_mean_order: class 2 projects higher, so coef_ ∥ +S_W^{-1}(m_2 - m_1)."""
    model = nf.fisher_direction(data.X, data.y)
    m1, m2 = model.means_
    assert _cos(model.coef_, np.linalg.solve(model.scatter_within_, m2 - m1)) > 1 - 1e-9
    assert model.coef_ @ (m2 - m1) > 0


@given(two_class_datasets(), st.floats(0.01, 100.0),
       st.floats(-1e3, 1e3))
def test_direction_invariant_to_scaling_and_translating_the_data(data, a, c):
    w = nf.fisher_direction(data.X, data.y).coef_
    w2 = nf.fisher_direction(a * data.X + c, data.y).coef_
    assert _cos(w, w2) > 1 - 1e-8


@given(two_class_datasets(offset=st.just(0.0)), st.data())
def test_projections_invariant_to_invertible_affine_maps_up_to_scale_and_shift(data, draw):
    """J is invariant under x -> A x + c (w -> A^{-T} w), so the Fisher projections of the
    mapped data are an affine image of the original ones, with positive slope."""
    d = data.X.shape[1]
    A, c = draw.draw(invertible_affine_maps(d))
    Y = data.X @ A.T + c
    p = data.X @ nf.fisher_direction(data.X, data.y).coef_
    q = Y @ nf.fisher_direction(Y, data.y).coef_
    slope, shift = np.polyfit(p, q, 1)
    assert slope > 0
    assert np.allclose(q, slope * p + shift, rtol=0, atol=1e-6 * (np.abs(q).max() + 1))


# --- the relation with least squares ----------------------------------------------------------

@given(two_class_datasets(offset=st.sampled_from([0.0, 3.0])))
def test_least_squares_with_fisher_targets_is_negative_multiple_alpha(data):
    """fisher.ls_direction_sign: w_LS = α S_W^{-1}(m_2 - m_1), α = -N/(1 + N_1N_2/N qᵀS_W q)."""
    alpha = _expression("alpha", data.X.shape[1])
    sc = nf.scatter_matrices(data.X, data.y)
    n1, n2 = sc.counts_
    N = n1 + n2
    targets = np.where(data.y == sc.classes_[0], N / n1, -N / n2)
    w_ls = nls.fit_least_squares_targets(data.X, targets).coef_.ravel()
    z = np.linalg.solve(sc.scatter_within_, sc.means_[1] - sc.means_[0])
    values = {"N_1": n1, "N_2": n2, "S_W": sc.scatter_within_, "z": z, "m_1": sc.means_[0]}
    a = float(alpha(**{n: values[n] for n in alpha.names}))
    note(f"alpha = {a}, w_LS = {w_ls}, z = {z}")
    assert a < 0
    assert np.allclose(w_ls, a * z, rtol=RTOL, atol=RTOL * np.abs(a * z).max())
    assert _cos(w_ls, nf.fisher_direction(data.X, data.y).coef_) < -1 + 1e-8
    assert w_ls @ sc.means_[0] > w_ls @ sc.means_[1]


# --- c classes ----------------------------------------------------------------------------------

@given(two_class_datasets())
def test_multiclass_between_scatter_reduces_for_two_classes(data):
    f = _expression("S_B(c = 2)", data.X.shape[1])
    sc = nf.scatter_matrices(data.X, data.y)
    n1, n2 = sc.counts_
    got = f(N_1=n1, N_2=n2, m_1=sc.means_[0], m_2=sc.means_[1])
    assert np.allclose(got, sc.scatter_between_, rtol=RTOL, atol=RTOL * np.abs(got).max())
    assert np.allclose(sc.scatter_between_two_class_ * n1 * n2 / (n1 + n2), sc.scatter_between_,
                       rtol=RTOL, atol=RTOL * np.abs(got).max())


def _trace_criterion(W: np.ndarray, S_B: np.ndarray, S_W: np.ndarray) -> float:
    """Trace{(WᵀS_W W)^{-1} WᵀS_B W}, evaluated on an orthonormal basis of the columns of W
    (the criterion depends only on that subspace: fisher.multiclass_trace_invariance)."""
    Q, _ = np.linalg.qr(W)
    return float(np.trace(np.linalg.solve(Q.T @ S_W @ Q, Q.T @ S_B @ Q)))


@given(labelled_datasets(n_classes=st.integers(2, 4), n_features=st.integers(2, 4)), st.data())
def test_trace_criterion_at_solution_is_sum_of_top_eigenvalues_and_an_upper_bound(data, draw):
    """fisher.multiclass_trace_at_solution and fisher.multiclass_trace_maximum."""
    from scipy.linalg import eigh

    model = nf.fisher_projection(data.X, data.y)
    S_B, S_W = model.scatter_between_, model.scatter_within_
    k = model.scalings_.shape[1]
    top = eigh(S_B, S_W, eigvals_only=True)[::-1][:k].sum()
    tol = 1e-7 * max(abs(top), 1.0)
    assert model.trace_criterion_ == pytest.approx(model.eigenvalues_.sum(), rel=RTOL, abs=tol)
    assert model.trace_criterion_ == pytest.approx(top, rel=RTOL, abs=tol)
    assert np.allclose(S_B @ model.scalings_, S_W @ model.scalings_ * model.eigenvalues_,
                       rtol=0, atol=1e-7 * max(np.abs(S_B).max(), np.abs(S_W).max()))
    W = np.array(draw.draw(st.lists(nonzero_directions(S_W.shape[0]), min_size=k,
                                    max_size=k))).T
    s = np.linalg.svd(W, compute_uv=False)
    if s[-1] > 1e-6 * s[0]:  # a k-dimensional subspace (drawn directions may coincide)
        assert _trace_criterion(W, S_B, S_W) <= top + tol


@pytest.mark.parametrize("seed", range(10, 20))
def test_rank_behaviour_on_more_seeds(seed):
    r = cat._rank_run(seed)
    assert r.holds, r.detail


@pytest.mark.parametrize("seed", range(10, 20))
def test_side_behaviour_on_more_seeds(seed):
    r = cat._side_run(seed)
    assert r.holds, r.detail


# --- the threshold ----------------------------------------------------------------------------

@given(equal_variance_projections())
def test_equal_variance_threshold_closed_form_equals_gaussian_threshold(proj):
    f = _expression("ytilde", 1)
    p1, p2 = proj
    model = nf.gaussian_threshold(p1, p2)
    values = {"m_1": p1.mean(), "m_2": p2.mean(), "sigma": np.sqrt(p1.var(ddof=1)),
              "n_1": p1.size, "n_2": p2.size}
    got = float(f(**{n: values[n] for n in f.names}))
    scale = max(abs(got), p2.mean() - p1.mean())
    assert got == pytest.approx(model.threshold_, rel=0, abs=1e-9 * scale)
    assert float(nf.gaussian_log_odds(model, got)) == pytest.approx(0.0, abs=1e-7)


@given(two_class_projections(), st.floats(-3, 3))
def test_log_posterior_ratio_with_the_sigma_factor_equals_gaussian_log_odds(proj, u):
    """fisher.threshold_dropped_sigma: the corrected ratio is numerics' log-odds; ml10's form
    (without σ_1/σ_2) differs from it by log(σ_1/σ_2)."""
    corrected, printed = _expression("log ratio", 1), _expression("log ratio as printed", 1)
    p1, p2 = proj
    model = nf.gaussian_threshold(p1, p2)
    s1, s2 = np.sqrt(model.variances_)
    y = model.means_[0] + u * max(s1, s2)
    values = {"y": y, "m_1": model.means_[0], "m_2": model.means_[1], "sigma_1": s1,
              "sigma_2": s2, "n_1": p1.size, "n_2": p2.size}
    want = float(nf.gaussian_log_odds(model, y))
    got = float(corrected(**{n: values[n] for n in corrected.names}))
    assert got == pytest.approx(want, rel=1e-9, abs=1e-9)
    as_printed = float(printed(**{n: values[n] for n in printed.names}))
    assert as_printed - got == pytest.approx(np.log(s2 / s1), rel=1e-9, abs=1e-9)


# --- peer: scikit-learn ------------------------------------------------------------------------

@pytest.mark.parametrize("solver", ["svd", "eigen"])
@given(data=two_class_datasets(offset=st.sampled_from([0.0, 3.0])))
def test_two_class_direction_agrees_with_sklearn_lda(solver, data):
    lda_mod = pytest.importorskip("sklearn.discriminant_analysis")
    lda = lda_mod.LinearDiscriminantAnalysis(solver=solver).fit(data.X, data.y)
    w = nf.fisher_direction(data.X, data.y).coef_
    assert _cos(lda.coef_, w) > 1 - 1e-7, "same direction, same orientation (towards class 2)"


@given(data=labelled_datasets(n_classes=st.integers(3, 4), n_features=st.integers(3, 4),
                              offset=st.just(0.0)))
def test_multiclass_subspace_agrees_with_sklearn_lda(data):
    lda_mod = pytest.importorskip("sklearn.discriminant_analysis")
    model = nf.fisher_projection(data.X, data.y)
    k = model.scalings_.shape[1]
    lda = lda_mod.LinearDiscriminantAnalysis(solver="eigen").fit(data.X, data.y)
    ours, _ = np.linalg.qr(model.scalings_)
    theirs, _ = np.linalg.qr(lda.scalings_[:, :k])
    assert np.allclose(ours @ ours.T, theirs @ theirs.T, atol=1e-6)
