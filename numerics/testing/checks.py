"""Check batteries: drive a user's implementation with generated inputs and assert the
properties lindisc verifies (the catalog's entries, ``derivations/catalog/*.py``).

For someone who wrote their own perceptron, relaxation, Ho-Kashyap, least-squares classifier,
Fisher direction, logistic or softmax gradient, Hessian or IRLS step, descent step or
hard-margin SVM dual solver and wants to know it computes what the documents derive. Not an
API conformance test (scikit-learn's ``check_estimator`` does that) and not a benchmark.

==============================  ==============================================================
battery                         the callable it drives (shapes: ``X`` (N, d), samples in rows;
                                ``Y`` (N, D) normalised augmented samples t_n (x_n, 1))
==============================  ==============================================================
``check_perceptron``            ``fit(X, t) -> (w, b)``, t in {-1, +1}: the single-sample rule
                                with eta = 1 from w = 0, b = 0, cyclic order x_1, ..., x_N, a
                                mistake when t_n (w^T x_n + b) <= 0, until an epoch is clean
``check_batch_perceptron``      ``fit(Y, *, eta, max_iter) -> a``: from a = 0, a <- a + eta
                                Σ_{a^T y <= 0} y until none or max_iter iterations
``check_relaxation``            ``fit(Y, *, b, eta, max_epochs) -> a``: single-sample relaxation
                                with margin b from a = 0, cyclic (Duda-Hart-Stork Alg. 9)
``check_batch_relaxation``      ``fit(Y, *, b, eta, max_iter) -> a`` (Algorithm 8)
``check_ho_kashyap``            ``fit(Y, *, b0, eta, max_iter) -> (a, b)``: a = Y^+ b0, then
                                max_iter steps e = Y a - b, b += 2 eta e+, a = Y^+ b
``check_least_squares``         ``fit(X, T) -> (W, b)``, T (N, K) 1-of-K: W (d, K), b (K,)
                                minimising ||X W + 1 b^T - T||_F^2
``check_fisher``                ``fit(X, y) -> w``, y two labels ({0, 1} or {-1, +1}): Fisher's
                                direction (d,), any scale and sign
``check_logistic_gradient``     ``grad(w, X, t) -> (d,)``, t in {0, 1}: the gradient of the
                                cross-entropy E(w) = -Σ [t ln σ(w^T x) + (1 - t) ln σ(-w^T x)]
``check_logistic_hessian``      ``hess(w, X) -> (d, d)``: the Hessian of that E
``check_irls_step``             ``step(w, X, t) -> (d,)``: one IRLS (Newton) update of w
``check_softmax_gradient``      ``grad(W, X, T) -> (K, d)``, W (K, d) with row k = w_k,
                                T (N, K) 1-of-K: the gradient of -Σ t_nk ln softmax_k(W x_n)
``check_softmax_hessian``       ``hess(W, X) -> (K d, K d)``: its Hessian, class-major
                                ((class k, feature i) -> k d + i)
``check_softmax_irls_step``     ``step(W, X, T) -> (K, d)``: one Newton update of W (H is
                                singular: any solution of H d = -g)
``check_gradient_descent_step`` ``step(grad, a, eta) -> a``: a - eta grad(a)
``check_newton_step``           ``step(grad, hess, a) -> a``: a - hess(a)^-1 grad(a)
``check_svm_dual``              ``fit(X, t) -> alpha (N,)`` or ``(alpha, w, b)``, t in
                                {-1, +1}: the hard-margin SVM dual's multipliers (and the
                                decision w^T x + b); ``solver_tol=`` the solver's accuracy
==============================  ==============================================================

No bias is added to ``X`` by the gradient, Hessian and IRLS batteries (append a column of
ones to X for one); the perceptron, least-squares and SVM batteries pass plain X and expect
the bias separately. Inputs are fresh copies: a callable may modify them. The kit cannot
interrupt a callable that never returns: a perceptron must stop after a clean epoch (the
separable data guarantee one), and a buggy one should cap its epochs.

Each property states the inputs it claims to hold on (``Property.holds_on``, printed with a
failure), draws the shapes where implementations break on purpose and often (N = d, N < d,
N = 1, a one-sample class, duplicated samples, rank-deficient designs, logits saturated or
past e^709), and runs first the minimal form of each as an explicit example
(``Property.examples``), so a mistake that shows only there is caught on every run, not by
the luck of the draw. Each battery runs every property of its family and raises
:class:`ConformanceError` listing the failed ones; each failure (:class:`PropertyFailed`)
prints the property, the inputs it claims, the expected and actual values, the allowed error
(which condition, by how much, against which tolerance) and the input, shrunk. Tolerances are
rounding-error bounds built from the input (Higham's gamma_n, the condition numbers of the
matrices involved, rounding propagated through iterations, Taylor remainders of the finite
differences), not fixed constants; ``check_svm_dual`` takes ``solver_tol``, the stated
accuracy of the user's QP solver, from which its KKT, b and margin tolerances follow.

Example
-------
>>> import numpy as np
>>> def my_gradient(w, X, t):
...     y = 1 / (1 + np.exp(-(X @ w)))
...     return X.T @ (y - t)
>>> check_logistic_gradient(my_gradient, max_examples=10)
>>> def my_wrong_gradient(w, X, t):
...     return X.T @ (1 / (1 + np.exp(-(X @ w))) - t) / len(t)   # the mean, not the sum
>>> try:
...     check_logistic_gradient(my_wrong_gradient, max_examples=10)
... except ConformanceError as err:
...     print(sorted(err.failed))
['equals sum of (sigma(w^T x_n) - t_n) x_n', 'is the derivative of the cross-entropy']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

import numpy as np
from hypothesis import assume
from hypothesis import settings as Settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from .. import sigmoid as ref
from ..logistic import fit_logistic_regression
from ..perceptron import single_sample_perceptron
from ..svm import hard_margin_svm
from . import _iterative
from . import strategies as gen
from ._core import Case, ConformanceError, Property, PropertyFailed, gamma, run_battery

__all__ = [
    "FAMILIES",
    "ConformanceError",
    "PropertyFailed",
    "check_fisher",
    "check_irls_step",
    "check_least_squares",
    "check_logistic_gradient",
    "check_logistic_hessian",
    "check_perceptron",
    "check_softmax_gradient",
    "check_softmax_hessian",
    "check_svm_dual",
    "properties",
]

# |σ''(a)| <= 1/(6 sqrt 3) and |σ'''(a)| <= 1/8 for every real a.
_SIGMA2_MAX = 1.0 / (6.0 * math.sqrt(3.0))
_SIGMA3_MAX = 0.125


def _copy(case: Case, *names: str) -> tuple:
    return tuple(np.array(case[n], copy=True) for n in names)


def _bias(X: np.ndarray) -> np.ndarray:
    return np.hstack([X, np.ones((X.shape[0], 1))])


def _underflow(X: np.ndarray, terms: int, power: int) -> float:
    """The absolute error gradual underflow adds: at most 2^-1074 per operation (Higham,
    Accuracy and Stability, §2.1, the model with an additive term), times the magnitudes the
    later products multiply it by (|x|^power), over ``terms`` operations. Negligible (~1e-320)
    but for values that underflow, such as probabilities e^-700 and their products."""
    tiny = float(np.finfo(np.float64).smallest_subnormal)
    return 16.0 * (terms + 8) * (1.0 + float(np.abs(X).max(initial=0.0))) ** power * tiny


def _step_for(eps_f: float, m3: float) -> float:
    """The h minimising the central difference's error bound h^2 m3 / 6 + eps_f / h."""
    return 1.0 if m3 <= 0 or eps_f <= 0 else (3.0 * eps_f / m3) ** (1.0 / 3.0)


def _abs_bound(prop: Property, case: Case, actual: np.ndarray, expected: np.ndarray,
               bound: np.ndarray, what: str) -> None:
    """Fails ``prop`` where |actual - expected| > bound (elementwise)."""
    excess = np.abs(actual - expected) > bound
    if np.any(excess):
        i = np.unravel_index(int(np.argmax(np.abs(actual - expected) - bound)), bound.shape)
        prop.fail(case, expected=expected, actual=actual,
                  allowed=f"|actual - expected| <= {what}, elementwise; exceeded at index "
                          f"{tuple(int(k) for k in i)} by {float(np.abs(actual - expected)[i]):.3e}"
                          f" against {float(bound[i]):.3e}")


# === perceptron ===========================================================================


def _pair(prop: Property, case: Case, out, d: int) -> tuple[np.ndarray, float]:
    if not (isinstance(out, tuple | list) and len(out) == 2):
        prop.fail(case, expected="a pair (w, b)", actual=f"{type(out).__name__}: {out!r}")
    w = prop.array(case, out[0], (d,), "w")
    b = prop.array(case, out[1], (), "b")
    return w, float(b)


def _perceptron_separates(prop: Property, fit: Callable, case: Case) -> None:
    X, t = case["X"], case["t"]
    w, b = _pair(prop, case, prop.call(fit, case, *_copy(case, "X", "t")), X.shape[1])
    s = t * (X @ w + b)
    if not np.all(s > 0):
        n = int(np.argmin(s))
        prop.fail(case, expected="t_n (w^T x_n + b) > 0 for every n",
                  actual=f"w={w!r}, b={b!r}: {int(np.sum(s <= 0))} samples with t_n (w^T x_n + b)"
                         f" <= 0, the smallest {s[n]!r} at n={n}")


def _perceptron_cyclic(prop: Property, fit: Callable, case: Case) -> None:
    X, t = case["X"], case["t"]
    w, b = _pair(prop, case, prop.call(fit, case, *_copy(case, "X", "t")), X.shape[1])
    # Separable data: the run stops within Novikoff's R^2/gamma^2 corrections, so within as
    # many epochs plus one; 10^6 epochs is a cap the integer data never reach.
    reference = single_sample_perceptron(t[:, None] * _bias(X), max_epochs=10**6,
                                         engine="numpy")
    if not np.array_equal(np.append(w, b), reference.a_):
        prop.fail(case, expected=f"(w, b) = {reference.a_!r} after {reference.n_updates_} "
                                 f"updates in {reference.n_iter_} epochs",
                  actual=np.append(w, b), allowed="exact equality (integer data: every sum "
                  "and product is exact in float64)")


def _perceptron_examples() -> list[Case]:
    """x = 1, 2 (+1), -1 (-1): the off-by-one order ends with b = 1, not 0; x = 0 (+1), 3
    (-1), 1 (+1): only a separator with a bias works; one sample per class."""
    return [Case(X=np.array([[1.0], [2.0], [-1.0]]), t=np.array([1.0, 1.0, -1.0])),
            Case(X=np.array([[0.0], [3.0], [1.0]]), t=np.array([1.0, -1.0, 1.0])),
            Case(X=np.array([[2.0, 1.0], [-1.0, 3.0]]), t=np.array([-1.0, 1.0]))]


def _perceptron_properties() -> list[Property]:
    fam = "perceptron"
    return [
        Property(fam, "separates separable data",
                 "t_n (w^T x_n + b) > 0 for every n once the run stops, on data separable with "
                 "margin 1/2 in the ball of radius 4 (Novikoff: at most R^2/gamma^2 updates; "
                 "catalog perceptron.novikoff_bound, perceptron.convergence_run)",
                 lambda: gen.separable_datasets(margin=0.5, radius=4.0, max_dim=3,
                                                max_samples=12)
                 .map(lambda s: Case(X=s.X, t=s.t)),
                 _perceptron_separates,
                 "separable data, margin 1/2 in the ball of radius 4, d = 1..3, N = 2..12, t in "
                 "{-1, +1} with both present", _perceptron_examples),
        Property(fam, "matches the cyclic single-sample rule exactly",
                 "from (w, b) = 0 visit x_1, ..., x_N, x_1, ... and add t_n (x_n, 1) whenever "
                 "t_n (w^T x_n + b) <= 0, until an epoch without update (Duda-Hart-Stork "
                 "Algorithm 4, eta = 1, b = 0; catalog perceptron.single_sample)",
                 lambda: gen.integer_separable_datasets()
                 .map(lambda s: Case(X=s.X, t=s.t)),
                 _perceptron_cyclic,
                 "separable small-integer data (every product exact in float64), d = 1..3, "
                 "N = 2..12", _perceptron_examples),
    ]


# === least squares ========================================================================


def _ls_fit(prop: Property, fit: Callable, case: Case, X: np.ndarray, T: np.ndarray):
    d, k = X.shape[1], T.shape[1]
    out = prop.call(fit, case, X.copy(), T.copy())
    if not (isinstance(out, tuple | list) and len(out) == 2):
        prop.fail(case, expected="a pair (W, b)", actual=f"{type(out).__name__}: {out!r}")
    W = prop.array(case, out[0], (d, k), "W")
    b = prop.array(case, out[1], (k,), "b")
    return np.vstack([W, b[None, :]])


def _ls_scale(Xt: np.ndarray) -> tuple[float, float]:
    """(kappa(X~), gamma_N): the condition number of X~ and the sum bound of its length."""
    return float(np.linalg.cond(Xt)), gamma(Xt.shape[0] + Xt.shape[1])


def _ls_normal_equations(prop: Property, fit: Callable, case: Case) -> None:
    X, T = case["X"], case["T"]
    Wt = _ls_fit(prop, fit, case, X, T)
    Xt = _bias(X)
    kappa, g = _ls_scale(Xt)
    residual = Xt.T @ (Xt @ Wt - T)
    nx = np.linalg.norm(Xt)
    bound = 16 * g * kappa * nx * (nx * np.linalg.norm(Wt) + np.linalg.norm(T))
    if np.linalg.norm(residual) > bound:
        prop.fail(case, expected="X~^T (X~ W~ - T) = 0", actual=residual,
                  allowed=f"||X~^T (X~ W~ - T)||_F <= 16 gamma_N kappa(X~) ||X~|| (||X~|| ||W~|| "
                          f"+ ||T||) = {bound:.3e} (any backward-stable solver, or one forming "
                          f"(X~^T X~)^-1); got {np.linalg.norm(residual):.3e}")


def _ls_sum_to_one(prop: Property, fit: Callable, case: Case) -> None:
    X, T = case["X"], case["T"]
    Wt = _ls_fit(prop, fit, case, X, T)
    kappa, g = _ls_scale(_bias(X))
    Q = _bias(np.vstack([X, 2 * X - X.mean(axis=0)]))
    total = (Q @ Wt).sum(axis=1)
    bound = 16 * g * kappa**2 * np.linalg.norm(Q, axis=1) * np.linalg.norm(Wt) * T.shape[1]
    _abs_bound(prop, case, total, np.ones_like(total), bound,
               "16 gamma_N kappa(X~)^2 ||x~|| ||W~|| K (the forward error of W~)")


def _ls_affine(prop: Property, fit: Callable, case: Case) -> None:
    X, T, A, c = case["X"], case["T"], case["A"], case["c"]
    Wt = _ls_fit(prop, fit, case, X, T)
    Z = X @ A.T + c
    Wz = _ls_fit(prop, fit, case, Z, T)
    k1, g = _ls_scale(_bias(X))
    k2, _ = _ls_scale(_bias(Z))
    values, moved = _bias(X) @ Wt, _bias(Z) @ Wz
    bound = np.full(values.shape, 16 * g * (k1**2 + k2**2) * np.linalg.norm(T))
    _abs_bound(prop, case, moved, values, bound,
               "16 gamma_N (kappa(X~)^2 + kappa(Z~)^2) ||T||_F")


@st.composite
def _ls_cases(draw, *, affine: bool = False) -> Case:
    """A design of full column rank [X, 1] -- tall, its centred part with singular values
    spread over up to 10^3 and features in units 2^-4..2^4 (ill-conditioned, yet within what
    normal equations with an explicit inverse solve), or square (N = d + 1: the fit
    interpolates; cond([X, 1]) <= 10^1.5) -- and 1-of-K targets with every class present."""
    if draw(st.booleans()):
        design = draw(gen.full_column_rank_designs(max_features=3, max_extra_samples=12,
                                                   max_log10_condition=3.0))
        X, T = design.X, design.T
    else:
        d = draw(st.integers(1, 3))
        k = draw(st.integers(2, d + 1))
        rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
        X = rng.standard_normal((d + 1, d)) * 2.0 ** draw(st.integers(-3, 3))
        assume(np.linalg.cond(_bias(X)) < 10**1.5)
        codes = np.concatenate([np.arange(k), rng.integers(0, k, size=d + 1 - k)])
        T = np.eye(k)[rng.permutation(codes)]
    case = Case(X=X, T=T)
    if affine:
        d = X.shape[1]
        case["A"] = draw(gen.full_column_rank_matrices(d, d, max_log10_condition=1.0))
        case["c"] = np.array(draw(st.lists(st.floats(-10, 10), min_size=d, max_size=d)))
    return case


def _ls_examples(*, affine: bool = False) -> list[Case]:
    """N = d + 1 = 2 (square [X, 1]) and N = 3, d = 2, each with two classes; a tall d = 1."""
    out = [Case(X=np.array([[0.0], [1.0]]), T=np.eye(2)),
           Case(X=np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0]]), T=np.eye(2)[[0, 1, 1]]),
           Case(X=np.array([[0.0], [1.0], [3.0], [4.0]]), T=np.eye(2)[[0, 0, 1, 1]])]
    if affine:
        for case in out:
            d = case["X"].shape[1]
            case["A"] = np.eye(d) + np.triu(np.ones((d, d)), 1)
            case["c"] = np.arange(1.0, d + 1)
    return out


_LS_HOLDS_ON = ("X~ = [X, 1] of full column rank: tall with the centred X's singular values "
                "within a factor 10^3 and features in units 2^-4..2^4, or square (N = d + 1) "
                "with cond(X~) <= 10^1.5; 1-of-K targets, every class present")


def _least_squares_properties() -> list[Property]:
    fam = "least_squares"
    return [
        Property(fam, "satisfies the normal equations",
                 "X~^T X~ W~ = X~^T T with X~ = [X, 1], W~ = [W; b^T] (bromberg2012 §3, "
                 "PRML Eq. (4.16); catalog least_squares.normal_equations)",
                 _ls_cases, _ls_normal_equations, _LS_HOLDS_ON, _ls_examples),
        Property(fam, "outputs sum to one",
                 "sum_k y_k(x) = 1 at every x for 1-of-K targets (PRML §4.1.3; catalog "
                 "least_squares.outputs_sum_to_one)",
                 _ls_cases, _ls_sum_to_one, _LS_HOLDS_ON, _ls_examples),
        Property(fam, "decision values invariant to an affine map of the inputs",
                 "fitting on z = A x + c (A invertible) gives the same y(z_n) as fitting on x "
                 "gives y(x_n): the model with a bias spans every affine function",
                 lambda: _ls_cases(affine=True),
                 _ls_affine, _LS_HOLDS_ON + "; A with cond(A) <= 10",
                 partial(_ls_examples, affine=True)),
    ]


# === Fisher ===============================================================================


def _fisher_reference(X: np.ndarray, y: np.ndarray):
    parts = [X[y == k] for k in np.unique(y)]
    means = [p.mean(axis=0) for p in parts]
    Sw = sum((p - m).T @ (p - m) for p, m in zip(parts, means, strict=True))
    diff = means[1] - means[0]
    return np.linalg.solve(Sw, diff), Sw, diff


def _fisher_tolerance(X: np.ndarray, Sw: np.ndarray) -> float:
    """A bound on the sine of the angle a correct computation can be off by: the scatter
    computed from uncentred sums loses N max|x|^2 / lambda_min(S_W) relative accuracy, and
    the solve kappa(S_W)."""
    lam = np.linalg.eigvalsh(Sw)
    n = X.shape[0]
    return 64 * gamma(n + X.shape[1]) * lam[-1] / lam[0] * (1 + n * np.max(X * X) / lam[0])


def _fisher_direction(prop: Property, fit: Callable, case: Case) -> tuple:
    X, y = case["X"], case["y"]
    w = prop.array(case, prop.call(fit, case, *_copy(case, "X", "y")), (X.shape[1],), "w")
    if not np.any(w):
        prop.fail(case, expected="a nonzero direction", actual=w)
    r, Sw, diff = _fisher_reference(X, y)
    return w, r, Sw, diff


def _fisher_parallel(prop: Property, fit: Callable, case: Case) -> None:
    w, r, Sw, _ = _fisher_direction(prop, fit, case)
    u, v = w / np.linalg.norm(w), r / np.linalg.norm(r)
    sine = float(np.linalg.norm(u - (u @ v) * v))
    bound = _fisher_tolerance(case["X"], Sw)
    if sine > bound:
        prop.fail(case, expected=f"a multiple of S_W^-1 (m_1 - m_0) = {r!r}", actual=w,
                  allowed=f"sin(angle) <= {bound:.3e}; got {sine:.3e}")


def _fisher_criterion(prop: Property, fit: Callable, case: Case) -> None:
    w, r, Sw, diff = _fisher_direction(prop, fit, case)

    def J(v):
        return float((v @ diff) ** 2 / (v @ Sw @ v))

    best, got = J(r), J(w)
    bound = 2 * _fisher_tolerance(case["X"], Sw)
    if got < best * (1 - bound):
        prop.fail(case, expected=f"J(w) = max_v J(v) = {best!r}", actual=f"J(w) = {got!r}",
                  allowed=f"J(w) >= max J (1 - {bound:.3e})")


def _fisher_examples() -> list[Case]:
    """A one-sample class (its scatter is 0; np.cov of it is NaN) in d = 2, labels {0, 1};
    the same data labelled {-1, +1}; a one-sample class in d = 1."""
    big = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    X = np.vstack([big, [[3.0, 1.0]]])
    return [Case(X=X, y=np.array([0, 0, 0, 1])), Case(X=X, y=np.array([-1, -1, -1, 1])),
            Case(X=np.array([[2.0], [0.0], [1.0], [-1.0]]), y=np.array([1, 0, 0, 0]))]


def _fisher_properties() -> list[Property]:
    fam = "fisher"
    cases = lambda: gen.fisher_datasets().map(lambda data: Case(X=data.X, y=data.y))  # noqa: E731
    on = ("two classes with S_W nonsingular (well conditioned by construction): several "
          "samples each, "
          "a class of one or two samples, duplicated samples; labels {0, 1} or {-1, +1}")
    return [
        Property(fam, "parallel to S_W^-1 (m_1 - m_0)",
                 "w ∝ S_W^{-1}(m_1 - m_0), S_W = Σ_k Σ_{n in C_k} (x_n - m_k)(x_n - m_k)^T "
                 "(PRML Eq. (4.30); catalog fisher.lagrange_solution, fisher.ml10_solution)",
                 cases, _fisher_parallel, on, _fisher_examples),
        Property(fam, "maximises the Fisher criterion",
                 "J(w) = (w^T S_B w)/(w^T S_W w) is maximal at w (PRML Eq. (4.26); catalog "
                 "fisher.maximiser)",
                 cases, _fisher_criterion, on, _fisher_examples),
    ]


# === two-class logistic ===================================================================


@st.composite
def _logistic_cases(draw, *, labels: bool = True) -> Case:
    X = draw(gen.design_matrices())
    n, d = X.shape
    case = Case(w=draw(gen.logistic_weights(X, levels=gen.logit_levels())), X=X)
    if labels:
        case["t"] = draw(hnp.arrays(np.float64, n, elements=st.sampled_from([0.0, 1.0])))
    case["v"] = np.array(draw(st.lists(st.floats(-1, 1), min_size=d, max_size=d))) + 0.0
    case["v"][draw(st.integers(0, d - 1))] = 1.0
    return case


# The minimal forms of the shapes where a logistic gradient or Hessian breaks: a square,
# non-symmetric X (a transposed X has the right shape), N < d, one sample, a logit past the
# overflow of e^a (709.78), saturated logits (σ(1 - σ) < 1e-3).
_LOGISTIC_EDGES = (
    ("N = d", [[1.0, 2.0], [0.0, 1.0]], [0.5, -0.25], [1.0, 0.0]),
    ("N < d", [[1.0, 2.0]], [0.5, -0.25], [1.0]),
    ("N = 1, d = 1", [[2.0]], [0.5], [0.0]),
    ("logits +-710", [[1.0], [-1.0]], [710.0], [0.0, 1.0]),
    ("saturated logits +-30", [[1.0, 0.5], [-1.0, 0.25], [0.5, 1.0]], [30.0, 0.0],
     [0.0, 1.0, 1.0]),
)


def _logistic_examples(*, labels: bool = True) -> list[Case]:
    out = []
    for _, X, w, t in _LOGISTIC_EDGES:
        case = Case(w=np.array(w), X=np.array(X))
        if labels:
            case["t"] = np.array(t)
        case["v"] = np.ones(len(w))
        out.append(case)
    return out


_LOGISTIC_HOLDS_ON = ("every X (N, d) — N = d, N < d, N = 1, duplicated samples, rank "
                      "deficient — every w, logits moderate, saturated or beyond +-709, t in "
                      "{0, 1}")


def _logistic_gradient_bound(w, X, t) -> np.ndarray:
    """Rounding bound of X^T (σ(X w) - t), elementwise: the sum (gamma_{N+8}, 8 ulps for σ)
    and the error of the logits X w (σ' <= 1/4)."""
    n, d = X.shape
    y = ref.sigmoid(X @ w)
    A = np.abs(X)
    return (8 * gamma(n + 8) * A.T @ (y + np.abs(t)) + gamma(d) * A.T @ (A @ np.abs(w)) / 4
            + _underflow(X, n + d, 1))


def _grad_equals(prop: Property, grad: Callable, case: Case) -> None:
    w, X, t = case["w"], case["X"], case["t"]
    g = prop.array(case, prop.call(grad, case, *_copy(case, "w", "X", "t")), (X.shape[1],),
                   "the gradient")
    _abs_bound(prop, case, g, ref.logistic_gradient(w, X, t),
               2 * _logistic_gradient_bound(w, X, t), "2 (8 gamma_{N+8} |X|^T (y + t) + "
               "gamma_d |X|^T |X| |w| / 4)")


def _loss_eval_bound(logits: np.ndarray, width: float) -> float:
    """Rounding bound of a cross-entropy sum whose terms are at most |a| + ln K in size."""
    n = logits.shape[0]
    return 8 * gamma(n + 8 + logits.shape[-1]) * float(np.sum(2 * np.abs(logits) + width))


def _directional_derivative(prop: Property, case: Case, G: np.ndarray, loss: Callable,
                            P: np.ndarray, V: np.ndarray, m3: float, eps_f: float,
                            grad_bound: np.ndarray) -> None:
    """Fails ``prop`` unless <G, V> is the central difference of ``loss`` at P along V, within
    2 (h^2 m3 / 6 + eps_f / h) (Taylor remainder with |d^3 loss/dh^3| <= m3, and the rounding
    eps_f of each loss value) plus the rounding of G itself (``grad_bound``) and of <G, V>."""
    h = _step_for(eps_f, m3)
    fd = (loss(P + h * V) - loss(P - h * V)) / (2 * h)
    got = float(np.sum(G * V))
    bound = (2 * (h * h * m3 / 6 + eps_f / h) + 2 * float(np.sum(grad_bound * np.abs(V)))
             + gamma(V.size) * float(np.sum(np.abs(G * V))))
    if abs(got - fd) > bound:
        prop.fail(case, expected=f"the directional derivative (E(P + h V) - E(P - h V))/(2h) "
                                 f"= {fd!r} (h = {h:.3e})", actual=f"<grad, V> = {got!r}",
                  allowed=f"|difference| <= {bound:.3e} (Taylor remainder h^2 max|E'''|/6 + "
                          f"rounding of E / h + rounding of <grad, V>)")


def _hessian_vector(prop: Property, case: Case, H: np.ndarray, grad: Callable, P: np.ndarray,
                    V: np.ndarray, m3: np.ndarray, eps_g: np.ndarray,
                    hess_bound: np.ndarray) -> None:
    """Fails ``prop`` unless H vec(V) is the central difference of ``grad`` at P along V,
    elementwise within 2 (h^2 m3 / 6 + eps_g / h) plus the rounding of H and of H vec(V)."""
    h = _step_for(float(eps_g.max()), float(m3.max()))
    fd = (grad(P + h * V) - grad(P - h * V)) / (2 * h)
    v = np.abs(V).ravel()
    bound = (2 * (h * h * m3 / 6 + eps_g / h)
             + (2 * hess_bound @ v + gamma(V.size) * np.abs(H) @ v).reshape(P.shape))
    _abs_bound(prop, case, (H @ V.ravel()).reshape(P.shape), fd, bound,
               "2 (h^2 max|∇E'''|/6 + rounding of ∇E / h) + rounding of H vec(V)")


def _grad_derivative(prop: Property, grad: Callable, case: Case) -> None:
    w, X, t, v = case["w"], case["X"], case["t"], case["v"]
    g = prop.array(case, prop.call(grad, case, *_copy(case, "w", "X", "t")), (X.shape[1],),
                   "the gradient")
    _directional_derivative(
        prop, case, g, lambda p: ref.logistic_loss(p, X, t), w, v,
        m3=_SIGMA2_MAX * float(np.sum(np.abs(X @ v) ** 3)),
        eps_f=_loss_eval_bound(np.abs(X) @ (np.abs(w) + np.abs(v)), 1.0),
        grad_bound=_logistic_gradient_bound(w, X, t))


def _logistic_gradient_properties() -> list[Property]:
    fam = "logistic_gradient"
    return [
        Property(fam, "equals sum of (sigma(w^T x_n) - t_n) x_n",
                 "∇E(w) = Σ_n (σ(w^T x_n) - t_n) x_n = X^T (y - t) (PRML Eq. (4.91); catalog "
                 "logistic.gradient)",
                 _logistic_cases, _grad_equals, _LOGISTIC_HOLDS_ON, _logistic_examples),
        Property(fam, "is the derivative of the cross-entropy",
                 "∇E(w) . v = d/dh E(w + h v) at h = 0, E(w) = -Σ_n [t_n ln σ(w^T x_n) + "
                 "(1 - t_n) ln σ(-w^T x_n)] (PRML Eq. (4.90))",
                 _logistic_cases, _grad_derivative, _LOGISTIC_HOLDS_ON, _logistic_examples),
    ]


def _logistic_hessian_bound(w, X) -> np.ndarray:
    n, d = X.shape
    a = X @ w
    r = ref.sigmoid(a) * ref.sigmoid(-a)
    A = np.abs(X)
    return (8 * gamma(n + 8) * (A * r[:, None]).T @ A
            + gamma(d) * (A * (0.1 * (A @ np.abs(w)))[:, None]).T @ A
            + _underflow(X, n + d, 2))


def _hessian_of(prop: Property, hess: Callable, case: Case, *args, size: int) -> np.ndarray:
    return prop.array(case, prop.call(hess, case, *(np.array(a, copy=True) for a in args)),
                      (size, size), "the Hessian")


def _hess_equals(prop: Property, hess: Callable, case: Case) -> None:
    w, X = case["w"], case["X"]
    H = _hessian_of(prop, hess, case, w, X, size=X.shape[1])
    _abs_bound(prop, case, H, ref.logistic_hessian(w, X), 2 * _logistic_hessian_bound(w, X),
               "2 (8 gamma_{N+8} |X|^T R |X| + the logits' rounding)")


def _psd(prop: Property, case: Case, H: np.ndarray, bound: np.ndarray) -> None:
    asym = np.abs(H - H.T)
    if np.any(asym > 2 * bound):
        _abs_bound(prop, case, H, H.T, 2 * bound, "the rounding bound of H (H = H^T)")
    floor = -2 * float(np.linalg.norm(bound))
    low = float(np.linalg.eigvalsh((H + H.T) / 2)[0])
    if low < floor:
        prop.fail(case, expected="eigenvalues >= 0 (positive semidefinite)",
                  actual=f"smallest eigenvalue {low!r}",
                  allowed=f">= -2 ||rounding bound||_F = {floor:.3e} (Weyl)")


def _hess_psd(prop: Property, hess: Callable, case: Case) -> None:
    w, X = case["w"], case["X"]
    H = _hessian_of(prop, hess, case, w, X, size=X.shape[1])
    _psd(prop, case, H, _logistic_hessian_bound(w, X))


def _hess_derivative(prop: Property, hess: Callable, case: Case) -> None:
    w, X, v = case["w"], case["X"], case["v"]
    H = _hessian_of(prop, hess, case, w, X, size=X.shape[1])
    A = np.abs(X)
    t0 = np.zeros(X.shape[0])
    eps_g = 2 * _logistic_gradient_bound(np.abs(w) + np.abs(v), X, t0) + 8 * gamma(
        X.shape[0] + 8) * A.T @ np.ones(X.shape[0])
    _hessian_vector(prop, case, H, lambda p: ref.logistic_gradient(p, X, t0), w, v,
                    m3=_SIGMA3_MAX * (A.T @ np.abs(X @ v) ** 3), eps_g=eps_g,
                    hess_bound=_logistic_hessian_bound(w, X))


def _logistic_hessian_properties() -> list[Property]:
    fam = "logistic_hessian"
    cases = lambda: _logistic_cases(labels=False)  # noqa: E731
    edges = partial(_logistic_examples, labels=False)
    on = _LOGISTIC_HOLDS_ON.replace(", t in {0, 1}", "")
    return [
        Property(fam, "equals X^T R X",
                 "H(w) = Σ_n y_n (1 - y_n) x_n x_n^T = X^T R X, y_n = σ(w^T x_n) (PRML Eqs. "
                 "(4.97)-(4.98); catalog logistic.hessian)",
                 cases, _hess_equals, on, edges),
        Property(fam, "is symmetric positive semidefinite",
                 "H = H^T and v^T H v = Σ_n y_n (1 - y_n) (v^T x_n)^2 >= 0 (PRML §4.3.3; "
                 "catalog logistic.hessian_definite)",
                 cases, _hess_psd, on, edges),
        Property(fam, "is the derivative of the gradient",
                 "H(w) v = d/dh ∇E(w + h v) at h = 0",
                 cases, _hess_derivative, on, edges),
    ]


# === IRLS =================================================================================


@st.composite
def _irls_cases(draw) -> Case:
    """Overlapping classes (the maximum-likelihood weights exist), a bias column, moderate
    logits (|a| <= 4) on that core, and -- on half the draws -- far samples whose logits are
    saturated, |a| in [8, 40] (σ(1 - σ) down to 4e-18: a clipped R shows there)."""
    X, t = draw(gen.overlapping_datasets())
    Xt = _bias(X)
    n_far = draw(st.sampled_from([0, 1, 3]))
    w = draw(gen.logistic_weights(Xt, levels=st.floats(1.0 if n_far else 0.0, 4.0)))
    u = w[:-1]
    if n_far and u @ u > 1e-2 * (w @ w):
        rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
        rows = rng.integers(0, X.shape[0], size=n_far)
        target = rng.choice([-1.0, 1.0], size=n_far) * draw(st.floats(8.0, 40.0))
        far = X[rows] + np.outer(target - Xt[rows] @ w, u / (u @ u))
        X = np.vstack([X, far])
        t = np.concatenate([t, rng.integers(0, 2, size=n_far).astype(np.float64)])
        Xt = _bias(X)
    return Case(w=w, X=Xt, t=t)


def _irls_examples() -> list[Case]:
    """Overlapping classes at x = -1, 1 and a far sample at x = 12 with logit 12 (σ(1 - σ) =
    6e-6), or at x = 40 (logit 40)."""
    core = np.array([-1.0, 1.0, -1.0, 1.0])
    t_core = np.array([1.0, 1.0, 0.0, 0.0])
    out = []
    for far, label in ((12.0, 1.0), (40.0, 0.0)):
        X = _bias(np.append(core, far)[:, None])
        out.append(Case(w=np.array([1.0, 0.0]), X=X, t=np.append(t_core, label)))
    return out


_IRLS_HOLDS_ON = ("X with a bias column on which no hyperplane weakly separates the classes "
                  "(so H is positive definite and w* exists), logits |a| <= 40 (moderate on "
                  "the overlapping core, saturated at far samples)")


def _newton(w, X, t):
    H = ref.logistic_hessian(w, X)
    return -np.linalg.solve(H, ref.logistic_gradient(w, X, t)), H


def _irls_bound(w, X, t, H) -> np.ndarray:
    """Rounding bound of one IRLS step, in either form (w - H^{-1} ∇E, or the weighted least
    squares (X^T R X)^{-1} X^T R z): the right-hand side X^T R z = X^T R X w - X^T (y - t)
    sums terms of size |X|^T (r |X w| + |y - t|), which H^{-1} (norm 1/lambda_min(H))
    carries to the solution, amplified by kappa(H)."""
    a = X @ w
    y = ref.sigmoid(a)
    r = y * ref.sigmoid(-a)
    lam = np.linalg.eigvalsh(H)
    terms = np.abs(X).T @ (r * np.abs(a) + np.abs(y - t))
    scale = np.abs(w) + float(np.linalg.norm(terms)) / lam[0]
    return 16 * gamma(X.shape[0] + X.shape[1] + 8) * (lam[-1] / lam[0]) * scale


def _irls_newton(prop: Property, step: Callable, case: Case) -> None:
    w, X, t = case["w"], case["X"], case["t"]
    new = prop.array(case, prop.call(step, case, *_copy(case, "w", "X", "t")), (X.shape[1],),
                     "the updated w")
    delta, H = _newton(w, X, t)
    _abs_bound(prop, case, new, w + delta, 2 * _irls_bound(w, X, t, H),
               "32 gamma_{N+d+8} kappa(H) (|w| + ||X^T (R |X w| + |y - t|)|| / lambda_min(H))")


def _irls_fixed(prop: Property, step: Callable, case: Case) -> None:
    X, t = case["X"], case["t"]
    fit = fit_logistic_regression(X[:, :-1], t, tol=1e-10)
    star = np.append(fit.coef_, fit.intercept_)
    new = prop.array(case, prop.call(step, case, star.copy(), X.copy(), t.copy()),
                     (X.shape[1],), "the updated w")
    delta, H = _newton(star, X, t)
    bound = np.abs(delta) + 2 * _irls_bound(star, X, t, H)
    _abs_bound(prop, case, new, star, bound,
               "the reference's own remaining Newton step + the rounding bound of a step")


def _irls_properties() -> list[Property]:
    fam = "irls_step"
    return [
        Property(fam, "is the Newton step",
                 "w_new = w - H^{-1} ∇E(w) = (Φ^T R Φ)^{-1} Φ^T R z, z = Φ w - R^{-1}(y - t) "
                 "(PRML Eqs. (4.92), (4.99)-(4.100); catalog logistic.newton_irls)",
                 _irls_cases, _irls_newton, _IRLS_HOLDS_ON, _irls_examples),
        Property(fam, "leaves the maximum-likelihood weights fixed",
                 "at w* = argmin E, ∇E(w*) = 0, so one IRLS step returns w* (on data where no "
                 "hyperplane weakly separates the classes, so w* exists)",
                 _irls_cases, _irls_fixed, _IRLS_HOLDS_ON, _irls_examples),
    ]


# === softmax ==============================================================================


@st.composite
def _softmax_cases(draw, *, targets: bool = True) -> Case:
    k = draw(st.integers(2, 4))
    X = draw(gen.design_matrices(max_dim=3))
    n, d = X.shape
    case = Case(W=draw(gen.softmax_weights(X, k, levels=gen.logit_levels())), X=X)
    if targets:
        case["T"] = np.eye(k)[draw(hnp.arrays(np.intp, n, elements=st.integers(0, k - 1)))]
    case["V"] = np.array(draw(st.lists(st.floats(-1, 1), min_size=k * d, max_size=k * d))
                         ).reshape(k, d) + 0.0
    case["V"][0, 0] = 1.0
    return case


def _softmax_examples(*, targets: bool = True) -> list[Case]:
    """N = d (non-symmetric X), N < d, one sample with a logit 710 (e^710 overflows), K = 3
    with logits -745 and 0: the minimal forms of the shapes where softmax code breaks."""
    raw = [
        ([[1.0, 2.0], [0.0, 1.0]], [[0.5, -0.25], [0.0, 0.25]], [0, 1]),
        ([[1.0, 2.0]], [[0.5, -0.25], [0.0, 0.25]], [1]),
        ([[1.0]], [[710.0], [0.0]], [1]),
        ([[1.0], [-1.0]], [[745.0], [0.0], [-3.0]], [2, 0]),
    ]
    out = []
    for X, W, codes in raw:
        W = np.array(W)
        case = Case(W=W, X=np.array(X))
        if targets:
            case["T"] = np.eye(W.shape[0])[codes]
        case["V"] = np.ones_like(W)
        out.append(case)
    return out


_SOFTMAX_HOLDS_ON = ("every X (N, d) — N = d, N < d, N = 1, duplicated samples, rank "
                     "deficient — K = 2..4, every W, logits moderate, saturated or beyond "
                     "+-709")


def _softmax_scale(W, X) -> tuple[np.ndarray, float]:
    """(Y, the logits' relative rounding factor)."""
    Z = X @ W.T
    return ref.softmax(Z, axis=1), 4 * gamma(X.shape[1] + W.shape[0] + 4) * (
        1 + float((np.abs(X) @ np.abs(W).T).max()))


def _softmax_gradient_bound(W, X, T) -> np.ndarray:
    Y, logit_error = _softmax_scale(W, X)
    return (8 * gamma(X.shape[0] + W.shape[0] + 8) * (Y + np.abs(T)).T @ np.abs(X)
            + logit_error * Y.T @ np.abs(X) + _underflow(X, X.shape[0] + W.size, 1))


def _sgrad_equals(prop: Property, grad: Callable, case: Case) -> None:
    W, X, T = case["W"], case["X"], case["T"]
    G = prop.array(case, prop.call(grad, case, *_copy(case, "W", "X", "T")), W.shape,
                   "the gradient")
    _abs_bound(prop, case, G, ref.softmax_gradient(W, X, T),
               2 * _softmax_gradient_bound(W, X, T), "2 (8 gamma (Y + T)^T |X| + the logits' "
               "rounding)")


def _spread_cubed(X, V) -> np.ndarray:
    """L_n^3, L_n = max_k v_k^T x_n - min_k v_k^T x_n: bounds the third cumulant of the
    logits along V, hence |d^3/dh^3 ln Σ_k e^{(w_k + h v_k)^T x_n}| <= L_n^3 and
    |d^3 y_nk/dh^3| <= 5 L_n^3."""
    P = X @ V.T
    return (P.max(axis=1) - P.min(axis=1)) ** 3


def _sgrad_derivative(prop: Property, grad: Callable, case: Case) -> None:
    W, X, T, V = case["W"], case["X"], case["T"], case["V"]
    G = prop.array(case, prop.call(grad, case, *_copy(case, "W", "X", "T")), W.shape,
                   "the gradient")
    _directional_derivative(
        prop, case, G, lambda P: ref.softmax_loss(P, X, T), W, V,
        m3=float(np.sum(_spread_cubed(X, V))),
        eps_f=_loss_eval_bound(np.abs(X) @ (np.abs(W) + np.abs(V)).T, math.log(W.shape[0]) + 1),
        grad_bound=_softmax_gradient_bound(W, X, T))


def _softmax_hessian_bound(W, X) -> np.ndarray:
    Y, logit_error = _softmax_scale(W, X)
    k, d = W.shape
    A = np.abs(X)
    B = np.empty((k * d, k * d))
    for i in range(k):
        for j in range(k):
            r = Y[:, i] * ((i == j) + Y[:, j])
            B[i * d:(i + 1) * d, j * d:(j + 1) * d] = (A * r[:, None]).T @ A
    return (8 * gamma(X.shape[0] + k + 8) + 2 * logit_error) * B + _underflow(
        X, X.shape[0] + k * k, 2)


def _shess_equals(prop: Property, hess: Callable, case: Case) -> None:
    W, X = case["W"], case["X"]
    H = _hessian_of(prop, hess, case, W, X, size=W.size)
    _abs_bound(prop, case, H, ref.softmax_hessian(W, X), 2 * _softmax_hessian_bound(W, X),
               "2 (8 gamma |X|^T diag(y_k (δ_kj + y_j)) |X| + the logits' rounding)")


def _shess_psd(prop: Property, hess: Callable, case: Case) -> None:
    W, X = case["W"], case["X"]
    H = _hessian_of(prop, hess, case, W, X, size=W.size)
    _psd(prop, case, H, _softmax_hessian_bound(W, X))


def _shess_derivative(prop: Property, hess: Callable, case: Case) -> None:
    W, X, V = case["W"], case["X"], case["V"]
    H = _hessian_of(prop, hess, case, W, X, size=W.size)
    T0 = np.zeros((X.shape[0], W.shape[0]))
    T0[:, 0] = 1.0
    _hessian_vector(prop, case, H, lambda P: ref.softmax_gradient(P, X, T0), W, V,
                    m3=5 * np.outer(np.ones(W.shape[0]), np.abs(X).T @ _spread_cubed(X, V)),
                    eps_g=2 * _softmax_gradient_bound(np.abs(W) + np.abs(V), X, T0),
                    hess_bound=_softmax_hessian_bound(W, X))


def _softmax_gradient_properties() -> list[Property]:
    fam = "softmax_gradient"
    return [
        Property(fam, "equals (Y - T)^T X",
                 "∇_{w_j} E = Σ_n (y_nj - t_nj) x_n (PRML Eq. (4.109); catalog "
                 "logistic.softmax_gradient)",
                 _softmax_cases, _sgrad_equals, _SOFTMAX_HOLDS_ON + ", T 1-of-K",
                 _softmax_examples),
        Property(fam, "is the derivative of the cross-entropy",
                 "<∇E(W), V> = d/dh E(W + h V) at h = 0, E = -Σ_n Σ_k t_nk ln softmax_k(W x_n) "
                 "(PRML Eq. (4.108))",
                 _softmax_cases, _sgrad_derivative, _SOFTMAX_HOLDS_ON + ", T 1-of-K",
                 _softmax_examples),
    ]


def _softmax_hessian_properties() -> list[Property]:
    fam = "softmax_hessian"
    cases = lambda: _softmax_cases(targets=False)  # noqa: E731
    edges = partial(_softmax_examples, targets=False)
    on = _SOFTMAX_HOLDS_ON
    return [
        Property(fam, "equals the block formula",
                 "block (k, j) = Σ_n y_nk (δ_kj - y_nj) x_n x_n^T, class-major (PRML Eq. "
                 "(4.110) with the plus sign; catalog logistic.softmax_hessian_sign)",
                 cases, _shess_equals, on, edges),
        Property(fam, "is symmetric positive semidefinite",
                 "H = H^T and vec(V)^T H vec(V) >= 0 (catalog logistic.softmax_hessian_psd)",
                 cases, _shess_psd, on, edges),
        Property(fam, "is the derivative of the gradient",
                 "H vec(V) = d/dh ∇E(W + h V) at h = 0, class-major",
                 cases, _shess_derivative, on, edges),
    ]


# === softmax IRLS =========================================================================


@st.composite
def _softmax_irls_cases(draw) -> Case:
    k = draw(st.integers(2, 4))
    d = draw(st.integers(1, 3))
    n = d + draw(st.integers(0, 10))
    X = draw(gen.full_column_rank_matrices(n, d)) * np.sqrt(n)
    return Case(W=draw(gen.softmax_weights(X, k, max_logit=4.0)), X=X,
                T=np.eye(k)[draw(hnp.arrays(np.intp, n, elements=st.integers(0, k - 1)))])


def _softmax_irls_examples() -> list[Case]:
    """N = d = 1 with K = 2 and K = 3; N = d = 2 with K = 3 (a block-diagonal Hessian, a
    wrong sign or an inverse of the singular H shows on each)."""
    return [Case(W=np.zeros((2, 1)), X=np.array([[1.0]]), T=np.array([[1.0, 0.0]])),
            Case(W=np.array([[0.5], [0.0], [-0.5]]), X=np.array([[1.0]]),
                 T=np.array([[0.0, 1.0, 0.0]])),
            Case(W=np.array([[0.5, -0.25], [0.0, 0.25], [0.25, 0.0]]),
                 X=np.array([[1.0, 2.0], [0.0, 1.0]]), T=np.eye(3)[[0, 2]])]


def _softmax_newton(W, X, T):
    """(the minimum-norm Newton step, H, its smallest nonzero eigenvalue): H is singular
    (adding one vector to every w_k changes no probability), so the step solves H d = -g
    in the least-squares sense; g lies in H's range (Σ_k ∇_{w_k} E = 0)."""
    H = ref.softmax_hessian(W, X)
    g = ref.softmax_gradient(W, X, T).ravel()
    lam = np.linalg.eigvalsh(H)
    positive = lam[lam > lam[-1] * 1e-12]
    step = -np.linalg.lstsq(H, g, rcond=1e-12)[0]
    return step.reshape(W.shape), H, g, float(positive[0]), float(lam[-1])


def _softmax_irls_output(prop: Property, step: Callable, case: Case) -> np.ndarray:
    W = case["W"]
    return prop.array(case, prop.call(step, case, *_copy(case, "W", "X", "T")), W.shape,
                      "the updated W")


def _sirls_newton_equation(prop: Property, step: Callable, case: Case) -> None:
    W, X, T = case["W"], case["X"], case["T"]
    new = _softmax_irls_output(prop, step, case)
    _, H, g, _, _ = _softmax_newton(W, X, T)
    delta = (new - W).ravel()
    residual = H @ delta + g
    B = _softmax_hessian_bound(W, X)
    gb = _softmax_gradient_bound(W, X, T).ravel()
    bound = (2 * B @ np.abs(delta) + 2 * gb
             + 16 * gamma(H.shape[0] + X.shape[0] + 8) * (np.abs(H) @ np.abs(delta) + np.abs(g)
                                                          + np.abs(new.ravel()) @ np.abs(H)))
    _abs_bound(prop, case, residual, np.zeros_like(residual), bound,
               "2 |rounding of H| |d| + 2 rounding of g + 16 gamma (|H| |d| + |g| + |H| |W_new|)"
               " (the residual of a backward-stable solve of H d = -g, d = W_new - W)")


def _sirls_probabilities(prop: Property, step: Callable, case: Case) -> None:
    W, X, T = case["W"], case["X"], case["T"]
    new = _softmax_irls_output(prop, step, case)
    delta, _, g, lam_min, lam_max = _softmax_newton(W, X, T)
    got = ref.softmax(X @ new.T, axis=1)
    expected = ref.softmax(X @ (W + delta).T, axis=1)
    # d is determined up to the null space (which moves no probability); its part in the
    # range has a forward error of 16 gamma kappa (|W_new| + |g| / lambda_min) (kappa on the
    # range of H); the logits X d move by |X| times that, the probabilities by at most twice.
    kappa = lam_max / lam_min
    err = 16 * gamma(W.size + X.shape[0] + 8) * kappa * (
        float(np.linalg.norm(W + delta)) + float(np.linalg.norm(g)) / lam_min)
    bound = np.full(got.shape, 4 * err * float(np.abs(X).sum(axis=1).max()) + 8 * gamma(
        W.shape[0] + X.shape[1]))
    _abs_bound(prop, case, got, expected, bound,
               "4 |X| 16 gamma kappa_range(H) (||W_new|| + ||g|| / lambda_min(H on its range))")


def _softmax_irls_properties() -> list[Property]:
    fam = "softmax_irls_step"
    on = ("X (N, d) of full column rank (cond <= 100), N >= d, K = 2..4, logits |w_k^T x_n| "
          "<= 4: H has exactly the null space {vec(1 v^T)} of the softmax's invariance")
    return [
        Property(fam, "solves the Newton equation",
                 "H(W) vec(W_new - W) = -vec(∇E(W)), class-major, H the softmax Hessian "
                 "(singular: any solution is a Newton step; PRML Eq. (4.92) with (4.109)-"
                 "(4.110); catalog logistic.softmax_hessian_sign)",
                 _softmax_irls_cases, _sirls_newton_equation, on, _softmax_irls_examples),
        Property(fam, "gives the Newton step's probabilities",
                 "softmax(W_new x_n) equals softmax((W + d) x_n) for the minimum-norm Newton "
                 "step d: every solution of H d = -g moves the probabilities alike",
                 _softmax_irls_cases, _sirls_probabilities, on, _softmax_irls_examples),
    ]


# === hard-margin SVM dual =================================================================


class _SVMSolution:
    """alpha, w, b (the user's, or derived from alpha), the support set S = {n : alpha_n >
    solver_tol max(alpha)}, the functional margins s_n = t_n (w^T x_n + b) and their
    rounding bounds r_n."""

    def __init__(self, prop: Property, fit: Callable, case: Case, solver_tol: float) -> None:
        X, t = case["X"], case["t"]
        n, d = X.shape
        out = prop.call(fit, case, *_copy(case, "X", "t"))
        self.returned_wb = isinstance(out, tuple | list) and len(out) == 3
        alpha = out[0] if self.returned_wb else out
        self.alpha = alpha = prop.array(case, alpha, t.shape, "alpha")
        top = float(alpha.max())
        if top <= 0:
            prop.fail(case, expected="some alpha_n > 0 (the separator w = Σ α_n t_n x_n is not "
                      "0)", actual=alpha)
        self.top = top
        self.support = alpha > solver_tol * top
        weights = np.clip(alpha, 0.0, None)
        if self.returned_wb:
            self.w = prop.array(case, out[1], (d,), "w")
            self.b = float(prop.array(case, out[2], (), "b"))
        else:
            self.w = (alpha * t) @ X
            # b = t_n - w^T x_n at each support vector, averaged with weights alpha_n
            self.b = float(weights @ (t - X @ self.w) / weights.sum())
        if not np.any(self.w):
            prop.fail(case, expected="w != 0 (separable data: ||w|| = 1/margin)",
                      actual=f"w = {self.w!r}")
        self.s = t * (X @ self.w + self.b)
        scale = float(np.abs(alpha) @ np.abs(X).sum(axis=1))
        self.rounding = 8 * gamma(n + d + 4) * (np.abs(X).sum(axis=1) * scale
                                                + abs(self.b) + 1.0)


def _svm_feasible(prop: Property, fit: Callable, case: Case, solver_tol: float) -> None:
    sol = _SVMSolution(prop, fit, case, solver_tol)
    alpha, t = sol.alpha, case["t"]
    if alpha.min() < -solver_tol * sol.top:
        n = int(np.argmin(alpha))
        prop.fail(case, expected="alpha_n >= 0 for every n", actual=alpha,
                  allowed=f"alpha_n >= -solver_tol max(alpha) = {-solver_tol * sol.top:.3e}; "
                          f"violated at n={n} by {-solver_tol * sol.top - alpha[n]:.3e}")
    balance = float(alpha @ t)
    allowed = (solver_tol + gamma(t.size)) * float(np.abs(alpha).sum())
    if abs(balance) > allowed:
        prop.fail(case, expected="Σ α_n t_n = 0", actual=balance,
                  allowed=f"|Σ α_n t_n| <= (solver_tol + gamma_N) Σ |α_n| = {allowed:.3e}; "
                          f"exceeded by {abs(balance) - allowed:.3e}")


def _svm_w(prop: Property, fit: Callable, case: Case, solver_tol: float) -> None:
    sol = _SVMSolution(prop, fit, case, solver_tol)
    if not sol.returned_wb:
        return  # w is derived from alpha by the kit: nothing of the user's to check
    X, t, alpha = case["X"], case["t"], sol.alpha
    expected = (alpha * t)[sol.support] @ X[sol.support]
    rest = np.abs(alpha)[~sol.support] @ np.abs(X[~sol.support])
    bound = rest + 4 * gamma(t.size + 2) * (np.abs(alpha) @ np.abs(X))
    _abs_bound(prop, case, sol.w, expected, bound,
               "Σ_{n not in S} |α_n| |x_n| + 4 gamma_N Σ |α_n| |x_n| (S = {α_n > solver_tol "
               "max α}: the multipliers a solver leaves on non-support vectors)")


def _svm_b(prop: Property, fit: Callable, case: Case, solver_tol: float) -> None:
    sol = _SVMSolution(prop, fit, case, solver_tol)
    X, t = case["X"], case["t"]
    implied = t - X @ sol.w                      # b_n = t_n - w^T x_n, one per sample
    off = np.where(sol.support, np.abs(implied - sol.b) - solver_tol - sol.rounding, -np.inf)
    if off.max() > 0:
        n = int(np.argmax(off))
        prop.fail(case, expected=f"b = t_n - w^T x_n at every support vector (alpha_n > "
                                 f"solver_tol max alpha): {np.round(implied[sol.support], 12)}",
                  actual=f"b = {sol.b!r}",
                  allowed=f"|b - (t_n - w^T x_n)| <= solver_tol + rounding; at support vector "
                          f"n={n}: {abs(implied[n] - sol.b):.3e} > {solver_tol:g} + "
                          f"{sol.rounding[n]:.1e}")


def _svm_kkt(prop: Property, fit: Callable, case: Case, solver_tol: float) -> None:
    sol = _SVMSolution(prop, fit, case, solver_tol)
    low = sol.s - (1 - solver_tol - sol.rounding)
    if low.min() < 0:
        n = int(np.argmin(low))
        prop.fail(case, expected="t_n (w^T x_n + b) >= 1 for every n (primal feasibility)",
                  actual=sol.s, allowed=f">= 1 - solver_tol - rounding; violated at n={n}: "
                  f"{sol.s[n]!r} < {1 - solver_tol - sol.rounding[n]!r} (solver_tol="
                  f"{solver_tol:g})")
    slack = np.where(sol.support, np.abs(sol.s - 1) - solver_tol - sol.rounding, -np.inf)
    if slack.max() > 0:
        n = int(np.argmax(slack))
        prop.fail(case, expected="α_n (t_n (w^T x_n + b) - 1) = 0 for every n: t_n (w^T x_n + "
                                 "b) = 1 wherever α_n > 0 (complementary slackness)",
                  actual=f"α_{n} = {sol.alpha[n]!r} with t_n (w^T x_n + b) = {sol.s[n]!r}",
                  allowed=f"|t_n (w^T x_n + b) - 1| <= solver_tol + rounding where α_n > "
                          f"solver_tol max α; at n={n}: {abs(sol.s[n] - 1):.3e} > "
                          f"{solver_tol:g} + {sol.rounding[n]:.1e}")


def _svm_margin(prop: Property, fit: Callable, case: Case, solver_tol: float) -> None:
    sol = _SVMSolution(prop, fit, case, solver_tol)
    X, t, alpha, eps = case["X"], case["t"], sol.alpha, solver_tol
    if case.get("margin") is not None:
        best, ref_err = float(case["margin"]), 8 * gamma(X.shape[1] + 4)
    else:
        best, ref_err = hard_margin_svm(X, t).margin_, 1e-7
    got = 1.0 / float(np.linalg.norm(sol.w))
    # With s_n >= 1 - eps everywhere, |s_n - 1| <= eps on S and weak duality:
    # (1 - eps)^2 ||w*||^2 <= ||w||^2 <= (||w*||^2 + 2 delta)(1 + eps)/(1 - eps), where delta
    # collects what the multipliers off S and the imbalance Σ α t contribute.
    rest = ~sol.support
    delta = ((float(np.abs(alpha[rest]) @ np.abs(sol.s[rest]))
              + abs(sol.b * float(alpha @ t))) / (1 + eps) + float(np.abs(alpha[rest]).sum()))
    slack = ref_err + 4 * float(sol.rounding.max())
    high = best / (1 - eps) * (1 + slack)
    low = best * math.sqrt((1 - eps) / ((1 + eps) * (1 + 2 * delta * best**2))) * (1 - slack)
    if not low <= got <= high:
        source = "by construction" if case.get("margin") else "an independent QP"
        prop.fail(case, expected=f"margin 1/||w|| = {best!r} (the largest: {source})",
                  actual=f"1/||w|| = {got!r}",
                  allowed=f"in [{low!r}, {high!r}] (what solver_tol={eps:g} allows, from weak "
                          f"duality); off by a factor {got / best:.6g}")


def _svm_cases() -> st.SearchStrategy[Case]:
    return gen.svm_datasets().map(
        lambda s: Case(X=s.X, t=s.t, margin=1.0 / np.linalg.norm(s.w) if s.known else None))


def _svm_examples() -> list[Case]:
    """Two support vectors at x = +-1 and non-support vectors first (b from the first sample
    is off by 2); the same scaled by 64 (alpha = 1/8192: an absolute threshold misses them);
    d = 2 with a one-sample class."""
    X = np.array([[3.0], [1.0], [-1.0], [-4.0]])
    t = np.array([1.0, 1.0, -1.0, -1.0])
    X2 = np.array([[2.0, 0.0], [3.0, 1.0], [0.0, 0.0], [2.0, -1.5]])
    t2 = np.array([1.0, 1.0, -1.0, 1.0])
    return [Case(X=X, t=t, margin=1.0), Case(X=64 * X, t=t, margin=64.0),
            Case(X=X2, t=t2, margin=1.0)]


def _svm_properties(solver_tol: float) -> list[Property]:
    fam = "svm_dual"
    on = (f"separable data (shuffled random separable data, a known solution with two support "
          f"vectors, a one-sample class, duplicated samples), scaled by 2^-4..2^4; an "
          f"approximate solver within solver_tol={solver_tol:g} of every KKT condition in "
          f"functional-margin units (libsvm's stopping criterion; scikit-learn's SVC tol)")

    def prop(name, statement, assertion):
        return Property(fam, name, statement, _svm_cases,
                        partial(assertion, solver_tol=solver_tol), on, _svm_examples)

    return [
        prop("multipliers are dual feasible",
             "α_n >= 0 and Σ_n α_n t_n = 0 (catalog svm.dual_constraints)", _svm_feasible),
        prop("w is the sum over the support vectors",
             "w = Σ_{n in S} α_n t_n x_n, S the support vectors (catalog "
             "svm.primal_stationarity; checked when fit returns (alpha, w, b))", _svm_w),
        prop("b agrees with every support vector",
             "t_n (w^T x_n + b) = 1, i.e. b = t_n - w^T x_n, at EVERY support vector (catalog "
             "svm.support_vectors)", _svm_b),
        prop("satisfies the KKT conditions",
             "t_n (w^T x_n + b) >= 1 for every n and α_n (t_n (w^T x_n + b) - 1) = 0 for every "
             "n (catalog svm.primal_stationarity, svm.support_vectors)", _svm_kkt),
        prop("attains the largest margin",
             "1/||w|| equals the hard-margin SVM's margin max_{w,b} min_n t_n (w^T x_n + b)"
             "/||w|| (catalog svm.margin, svm.duality_gap)", _svm_margin),
    ]


# === registry and batteries ===============================================================

PROPS: dict[str, list[Property]] = {
    "perceptron": _perceptron_properties(),
    "least_squares": _least_squares_properties(),
    "fisher": _fisher_properties(),
    "logistic_gradient": _logistic_gradient_properties(),
    "logistic_hessian": _logistic_hessian_properties(),
    "irls_step": _irls_properties(),
    "softmax_gradient": _softmax_gradient_properties(),
    "softmax_hessian": _softmax_hessian_properties(),
    "softmax_irls_step": _softmax_irls_properties(),
    "batch_perceptron": _iterative.batch_perceptron_properties(),
    "relaxation": _iterative.relaxation_properties(),
    "batch_relaxation": _iterative.batch_relaxation_properties(),
    "ho_kashyap": _iterative.ho_kashyap_properties(),
    **_iterative.descent_properties(),
}

#: The default accuracy asked of an SVM dual solver, in functional-margin units.
SVM_TOL = 1e-6
FAMILIES = (*PROPS, "svm_dual")


def properties(family: str, *, solver_tol: float = SVM_TOL) -> list[Property]:
    """The properties of ``family`` (one of :data:`FAMILIES`), in the order they run;
    ``solver_tol`` is the stated accuracy of the user's solver (``svm_dual`` only)."""
    if family == "svm_dual":
        if not 0.0 <= solver_tol < 0.5:
            raise ValueError(f"solver_tol must be in [0, 0.5) (a KKT accuracy in functional-"
                             f"margin units, e.g. scikit-learn SVC's tol=1e-3), got "
                             f"solver_tol={solver_tol!r}.")
        return _svm_properties(solver_tol)
    if family not in PROPS:
        raise ValueError(f"family must be one of {FAMILIES}, got family={family!r}.")
    return PROPS[family]


def _battery(family: str):
    def check(fn: Callable, *, settings: Settings | None = None,
              max_examples: int | None = None) -> None:
        run_battery(family, properties(family), fn, settings=settings,
                    max_examples=max_examples)

    check.__name__ = check.__qualname__ = f"check_{family}"
    check.__doc__ = (f"Every ``{family}`` property for ``fn`` (see the module table for its "
                     f"signature); raises :class:`ConformanceError` naming each that fails.\n\n"
                     f"``settings``: Hypothesis settings (default: the active profile's); "
                     f"``max_examples`` overrides theirs.")
    return check


check_perceptron = _battery("perceptron")
check_least_squares = _battery("least_squares")
check_fisher = _battery("fisher")
check_logistic_gradient = _battery("logistic_gradient")
check_logistic_hessian = _battery("logistic_hessian")
check_irls_step = _battery("irls_step")
check_softmax_gradient = _battery("softmax_gradient")
check_softmax_hessian = _battery("softmax_hessian")
check_softmax_irls_step = _battery("softmax_irls_step")
check_batch_perceptron = _battery("batch_perceptron")
check_relaxation = _battery("relaxation")
check_batch_relaxation = _battery("batch_relaxation")
check_ho_kashyap = _battery("ho_kashyap")
check_gradient_descent_step = _battery("gradient_descent_step")
check_newton_step = _battery("newton_step")


def check_svm_dual(fit: Callable, *, solver_tol: float = SVM_TOL,
                   settings: Settings | None = None, max_examples: int | None = None) -> None:
    """Every ``svm_dual`` property for ``fit(X, t) -> alpha`` (or ``-> (alpha, w, b)``, the
    decision w^T x + b); ``solver_tol`` is the stated accuracy of the user's QP solver: the
    largest violation of a KKT condition t_n (w^T x_n + b) >= 1, = 1 where α_n > 0, in
    functional-margin units (libsvm's stopping tolerance: ``solver_tol=svc.tol`` for
    scikit-learn's SVC); the margin's and b's tolerances follow from it. Raises
    :class:`ConformanceError` naming each property that fails."""
    run_battery("svm_dual", properties("svm_dual", solver_tol=solver_tol), fit,
                settings=settings, max_examples=max_examples)
