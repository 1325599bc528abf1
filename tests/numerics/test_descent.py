"""Tests of numerics.descent (udelar2018 "Métodos de optimización"; Duda-Hart-Stork §5.4.2) on
quadratics J(a) = 1/2 a^T A a - c^T a whose Hessian A = Q diag(lam) Q^T is built with known
eigenvalues, so the step-size threshold 2 / lambda_max and the minimiser are known by
construction, not estimated."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from numerics.descent import gradient_descent, newton_method
from numerics.errors import InvalidInput, NonFiniteInput, ShapeMismatch, SingularMatrixError
from numerics.perceptron import perceptron_gradient
from tests.numerics.test_perceptron import separable_with_margin

EPS = float(np.finfo(np.float64).eps)


@st.composite
def quadratics(draw, *, max_dim: int = 5):
    """``(A, c, a_star, lam, a0, Q)``: A = Q diag(lam) Q^T symmetric positive definite with
    eigenvalues lam in [1, 10], lam[0] = 10 = lambda_max (Q orthogonal, from a QR
    factorisation: Q is orthogonal for any input matrix); c = A a_star, so a_star is the
    minimiser (up to the rounding of c); a0 - a_star has a component of size >= 1 along the
    top eigenvector Q[:, 0]."""
    D = draw(st.integers(1, max_dim))
    M = draw(hnp.arrays(np.float64, (D, D), elements=st.floats(-1, 1)))
    Q = np.linalg.qr(M)[0]
    lam = np.concatenate([[10.0], draw(hnp.arrays(np.float64, D - 1, elements=st.floats(1, 10)))])
    A = (Q * lam) @ Q.T
    A = 0.5 * (A + A.T)
    a_star = draw(hnp.arrays(np.float64, D, elements=st.floats(-10, 10)))
    offset = draw(hnp.arrays(np.float64, D, elements=st.floats(-5, 5)))
    along = offset @ Q[:, 0]
    offset += (1.0 if along >= 0 else -1.0) * Q[:, 0]  # now |offset . Q[:, 0]| >= 1
    return A, A @ a_star, a_star, lam, a_star + offset, Q


@given(q=quadratics())
def test_newton_lands_on_the_minimiser_of_a_quadratic_in_one_step(q):
    A, c, a_star, lam, a0, Q = q
    res = newton_method(lambda a: A @ a - c, lambda a: A, a0, record=True, tol=1e-9)
    a1 = res.history_[0]
    # one step solves A a1 = c: the residual is at rounding level for cond(A) <= 10
    scale = np.abs(A).max() * (np.abs(a0).max() + np.abs(a_star).max()) + np.abs(c).max()
    assert np.abs(A @ a1 - c).max() <= 200 * A.shape[0] * EPS * scale
    assert res.converged_ and res.n_iter_ <= 2  # the second step is the rounding-size one


@given(q=quadratics())
def test_newton_with_the_printed_factor_two_reflects_forever(q):
    A, c, a_star, lam, a0, Q = q
    res = newton_method(lambda a: A @ a - c, lambda a: A, a0, step=2.0, max_iter=6, record=True)
    assert not res.converged_ and res.n_iter_ == 6
    dist0 = np.linalg.norm(a0 - a_star)
    for k, a in enumerate(res.history_, start=1):
        assert np.allclose(a - a_star, (-1) ** k * (a0 - a_star), atol=1e-9 * (1 + dist0))


@given(q=quadratics(), fraction=st.floats(0.2, 0.95))
def test_gradient_descent_converges_below_two_over_lambda_max(q, fraction):
    A, c, a_star, lam, a0, Q = q
    eta = fraction * 2 / lam.max()
    rate = np.max(np.abs(1 - eta * lam))  # contraction factor of a - a_star per step
    res = gradient_descent(lambda a: A @ a - c, a0, eta=eta, max_iter=20_000, tol=1e-10)
    note(f"eta {eta}, contraction {rate}, steps {res.n_iter_}")
    assert res.converged_ and not res.diverged_
    # the last step eta ||A (a - a*)|| < tol bounds the error: ||a - a*|| <= tol / (eta lam_min)
    assert np.linalg.norm(res.a_ - a_star) <= 1e-10 / (eta * lam.min()) + 1e-12 * (
        1 + np.linalg.norm(a_star))


@given(q=quadratics(), fraction=st.floats(1.05, 1.5))
def test_gradient_descent_diverges_above_two_over_lambda_max(q, fraction):
    A, c, a_star, lam, a0, Q = q
    eta = fraction * 2 / lam.max()
    res = gradient_descent(lambda a: A @ a - c, a0, eta=eta, max_iter=60, record=True)
    assert not res.converged_
    # the component along the top eigenvector is multiplied by 1 - eta lam_max < -1 each step
    along = [(a - a_star) @ Q[:, 0] for a in res.history_]
    start = (a0 - a_star) @ Q[:, 0]
    factor = 1 - eta * lam.max()
    assert factor < -1
    for k, value in enumerate(along, start=1):
        assert abs(value) >= abs(start) * abs(factor) ** k * (1 - 1e-6)
    # hence the distance to the minimiser ends above where it started (|factor|^60 > 300 and
    # the starting component is >= 1 while ||a0 - a*|| <= 5 sqrt(5) + 1)
    assert np.linalg.norm(res.history_[-1] - a_star) > np.linalg.norm(a0 - a_star)


def test_gradient_descent_stops_cleanly_on_overflow():
    with np.errstate(over="ignore"):  # the user's gradient overflows: that is the point
        res = gradient_descent(lambda a: 3 * a, np.array([1e300]), eta=1.0, max_iter=100)
    assert res.diverged_ and not res.converged_ and np.all(np.isfinite(res.a_))
    assert res.n_iter_ < 100


def test_variable_rate_is_read_at_k_as_printed():
    seen = []

    def eta(k):
        seen.append(k)
        return 0.5

    res = gradient_descent(lambda a: 2 * a, np.array([1.0]), eta=eta, max_iter=3, tol=0.0)
    assert seen == [0, 1, 2] and res.n_iter_ == 3 and res.a_[0] == 0.0


@given(data=separable_with_margin(max_samples=10, max_dim=3))
def test_descent_on_the_perceptron_criterion_is_the_batch_perceptron(data):
    from numerics.perceptron import batch_perceptron

    Y = data[0]
    res = gradient_descent(lambda a: perceptron_gradient(a, Y), np.zeros(Y.shape[1]), eta=1.0,
                           max_iter=40, tol=0.5)
    batch = batch_perceptron(Y, max_iter=res.n_iter_)
    assert np.array_equal(res.a_, batch.a_)


# --- bad input ---------------------------------------------------------------------------


def quad(a):
    return 2 * a


@pytest.mark.parametrize("call, error, words", [
    (lambda: gradient_descent(quad, [1.0], eta=0.0), InvalidInput, "eta must be > 0"),
    (lambda: gradient_descent(quad, [1.0], eta=-2.0), InvalidInput, "eta must be > 0"),
    (lambda: gradient_descent(quad, [1.0], eta=lambda k: 0.0), InvalidInput, "eta(0) returned"),
    (lambda: gradient_descent(quad, [np.nan], eta=1.0), NonFiniteInput, "a0"),
    (lambda: gradient_descent(quad, [1j], eta=1.0), InvalidInput, "a0 must be real"),
    (lambda: gradient_descent(quad, [[1.0, 2.0], [3.0, 4.0]], eta=1.0), InvalidInput,
     "a0 must be a 1-D"),
    (lambda: gradient_descent(lambda a: np.ones(3), [1.0], eta=1.0), ShapeMismatch, "shape (1,)"),
    (lambda: gradient_descent(lambda a: a * np.nan, [1.0], eta=1.0), NonFiniteInput, "grad(a0)"),
    (lambda: gradient_descent(lambda a: a * 1j, [1.0], eta=1.0), InvalidInput, "complex"),
    (lambda: gradient_descent("grad", [1.0], eta=1.0), InvalidInput, "grad must be a callable"),
    (lambda: gradient_descent(quad, [1.0], eta=1.0, tol=-1.0), InvalidInput, "tol must be >= 0"),
    (lambda: newton_method(quad, lambda a: np.zeros((1, 1)), [1.0]), SingularMatrixError,
     "singular"),
    (lambda: newton_method(quad, lambda a: np.eye(2), [1.0]), ShapeMismatch, "hess(a) must return"),
    (lambda: newton_method(quad, lambda a: np.eye(1), [1.0], step=0.0), InvalidInput,
     "step must be > 0"),
    (lambda: newton_method(quad, None, [1.0]), InvalidInput, "hess must be a callable"),
])
def test_bad_input_raises_naming_the_argument(call, error, words):
    import re

    with pytest.raises(error, match=re.escape(words)):
        call()


def test_callbacks_stop_both_methods():
    seen = []
    res = gradient_descent(lambda a: 2 * a, np.array([1.0]), eta=0.1, tol=0.0, max_iter=50,
                           callback=lambda k, a: seen.append(k) or k == 3)
    assert seen == [1, 2, 3] and res.n_iter_ == 3 and not res.converged_
    res = newton_method(lambda a: 4 * a**3, lambda a: np.diag(12 * a**2), np.array([1.0]),
                        tol=0.0, max_iter=50, callback=lambda k, a: k == 2)
    assert res.n_iter_ == 2 and not res.converged_
    assert res.a_[0] == pytest.approx((2 / 3) ** 2, rel=1e-15)  # a <- a - a/3 on J = a^4
