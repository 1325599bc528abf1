"""The descent catalog entries against ``numerics.descent``.

On quadratics J(a) = ½aᵀQa − bᵀa with Q symmetric positive definite (built as LLᵀ + δI from
a Hypothesis draw), the properties the entries verify symbolically, run in float64:

- one gradient step is a − η(Qa − b) and changes J by −η gᵀg + ½η² gᵀQg (descent.update_rule);
- the error contracts by I − ηQ: convergence for η < 2/λ_max, divergence above
  (descent.learning_rate), whatever the convexity (descent.divergence_only_nonconvex);
- the step η* = ‖g‖²/(gᵀQg) minimises J along −g (descent.optimal_step);
- Newton's step reaches the minimiser at once; udelar2018's printed step with the factor 2
  (numerics' ``step=2``) reflects a(0) through it, so two steps return to a(0)
  (descent.newton_one_step, descent.newton_step).
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import numerics.descent as nd


@st.composite
def quadratics(draw, *, max_dim: int = 5):
    """``(Q, b, a0)``: Q = LLᵀ + δI (δ ≥ 0.1, entries of L in [−2, 2]), b and a0 in [−5, 5]^d."""
    d = draw(st.integers(1, max_dim))
    elems = st.floats(-2, 2, allow_nan=False)
    L = draw(hnp.arrays(np.float64, (d, d), elements=elems))
    delta = draw(st.floats(0.1, 2.0))
    Q = L @ L.T + delta * np.eye(d)
    vec = hnp.arrays(np.float64, d, elements=st.floats(-5, 5, allow_nan=False))
    return Q, draw(vec), draw(vec)


def _J(Q, b, a):
    return 0.5 * a @ Q @ a - b @ a


@given(quadratics(), st.floats(0.01, 1.0))
def test_one_step_is_a_minus_eta_gradient_and_changes_J_as_the_expansion_says(q, eta):
    Q, b, a = q
    g = Q @ a - b
    r = nd.gradient_descent(lambda x: Q @ x - b, a, eta=eta, max_iter=1, tol=0.0)
    scale = max(1.0, np.abs(a).max(), eta * np.abs(g).max())
    assert np.allclose(r.a_, a - eta * g, rtol=0, atol=1e-13 * scale)
    change = _J(Q, b, r.a_) - _J(Q, b, a)
    want = -eta * g @ g + 0.5 * eta ** 2 * g @ Q @ g
    note(f"change {change}, expansion {want}")
    assert abs(change - want) <= 1e-9 * max(1.0, abs(_J(Q, b, a)), g @ g, np.abs(Q).max() * scale ** 2)


@given(quadratics(max_dim=4), st.sampled_from([0.5, 1.0, 1.5, 1.9]))
def test_converges_below_two_over_lambda_max(q, h):
    """η = h/λ_max, h < 2: the error after k steps is at most max(|1 − h|, 1 − hλ_min/λ_max)^k
    times the first; checked after the k that bound needs to reach 1e-8 (capped by design:
    Q's conditioning is bounded by its construction, δ ≥ 0.1)."""
    Q, b, a0 = q
    lam = np.linalg.eigvalsh(Q)
    star = np.linalg.solve(Q, b)
    rate = max(abs(1 - h), 1 - h * lam[0] / lam[-1])
    k = int(np.ceil(np.log(1e-8) / np.log(rate))) if rate > 0 else 1
    r = nd.gradient_descent(lambda x: Q @ x - b, a0, eta=h / lam[-1], max_iter=k, tol=0.0)
    err0, err = np.linalg.norm(a0 - star), np.linalg.norm(r.a_ - star)
    note(f"eigenvalues {lam}, rate {rate}, k = {k}: error {err0} -> {err}")
    assert err <= 1e-8 * err0 + 1e-9 * max(1.0, np.linalg.norm(star))


@given(quadratics(max_dim=4), st.sampled_from([2.2, 3.0]))
def test_diverges_above_two_over_lambda_max_although_J_is_convex(q, h):
    """Convex J, η = h/λ_max with h > 2: the error along the top eigenvector is multiplied by
    |1 − h| > 1 per step (a0 is moved off a* along it so that component is not zero)."""
    Q, b, a0 = q
    lam, V = np.linalg.eigh(Q)
    star = np.linalg.solve(Q, b)
    a0 = star + V[:, -1] + 0.5 * (a0 - star) / max(1.0, np.linalg.norm(a0 - star))
    r = nd.gradient_descent(lambda x: Q @ x - b, a0, eta=h / lam[-1], max_iter=300, tol=0.0)
    grown = abs(V[:, -1] @ (r.a_ - star))
    note(f"h = {h}: top component {grown} after {r.n_iter_} steps, diverged_ = {r.diverged_}")
    assert not r.converged_ and (r.diverged_ or grown > 1e6)


@given(quadratics(), st.floats(-3.0, 3.0))
def test_the_optimal_step_minimises_J_along_the_negative_gradient(q, eta):
    Q, b, a = q
    g = Q @ a - b
    if g @ g == 0:
        return
    star = g @ g / (g @ Q @ g)
    best = nd.gradient_descent(lambda x: Q @ x - b, a, eta=star, max_iter=1, tol=0.0).a_
    other = a - eta * g
    note(f"eta* = {star}: J = {_J(Q, b, best)}; eta = {eta}: J = {_J(Q, b, other)}")
    assert _J(Q, b, best) <= _J(Q, b, other) + 1e-9 * max(1.0, abs(_J(Q, b, other)), abs(_J(Q, b, a)))


@given(quadratics())
def test_newton_reaches_the_minimiser_in_one_step_and_the_printed_step_reflects(q):
    Q, b, a0 = q
    star = np.linalg.solve(Q, b)
    grad, hess = (lambda x: Q @ x - b), (lambda x: Q)
    one = nd.newton_method(grad, hess, a0, max_iter=1, tol=0.0)
    cond = np.linalg.cond(Q)
    tol = 1e-10 * cond * max(1.0, np.linalg.norm(star), np.linalg.norm(a0))
    assert np.linalg.norm(one.a_ - star) <= tol
    printed = nd.newton_method(grad, hess, a0, step=2.0, max_iter=1, tol=0.0)
    assert np.linalg.norm(printed.a_ - (2 * star - a0)) <= 2 * tol
    back = nd.newton_method(grad, hess, a0, step=2.0, max_iter=2, tol=0.0)
    note(f"cond {cond}: after two printed steps {back.a_} vs a0 {a0}")
    assert np.linalg.norm(back.a_ - a0) <= 4 * tol
