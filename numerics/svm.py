"""The hard-margin linear support vector machine, solved as a convex QP by Clarabel.

For fitting the maximum-margin separator of hermosillo2017 ("Problema de optimización con
restricciones", "Modelo dual de optimización") and Bishop PRML §7.1 on linearly separable
data, and for checking the catalog's claims about it numerically. Not for soft margins,
kernels or large sparse data: scikit-learn's ``SVC``/``LinearSVC`` do those.

Primal (d + 1 unknowns, N constraints)::

    min_{w, t} (1/2) ||w||^2   subject to   y_i (<w, x_i> - t) >= 1,  1 <= i <= N

Dual (N unknowns)::

    max_alpha  sum_i alpha_i - (1/2) sum_ij alpha_i alpha_j y_i y_j <x_i, x_j>
    subject to alpha_i >= 0,  sum_i alpha_i y_i = 0,     w = sum_i alpha_i y_i x_i

=========================  ==================================================================
``hard_margin_svm``        fit; ``method="auto"`` (the smaller QP), ``"dual"`` or ``"primal"``:
                           the other side comes from the solver's multipliers and is checked
``SVMResult``              alpha, w, t, support vectors, margin, objectives, KKT residuals
=========================  ==================================================================

Solver. Clarabel (Goulart & Chen, "Clarabel: An interior-point solver for conic programs
with quadratic objectives", 2024; Oxford Control Group, Rust core, Apache-2.0, on PyPI
with wheels) is a primal-dual interior-point method: one solve returns both sides of the
QP, i.e. alpha *and* (w, t), and it returns a certificate when the problem is infeasible
or unbounded. Its iterations stay few (tens) and its sparse LDL factorisation handles the
structure below, so the cost is O(N d^2) per iteration. OSQP (ADMM) was the alternative:
it is cheaper per iteration but converges to low accuracy (1e-3 .. 1e-6 by default), and
a hard-margin SVM needs its active set resolved; SciPy's SLSQP on the dense dual took
35 s at N = 1000 (issue 14) and is not an option. qpsolvers would only add a layer.

The dual is never formed with its dense N x N matrix H_ij = y_i y_j <x_i, x_j> (25 M
entries at N = 5000): with u = X'^T alpha (the rows of X' are y_i x_i) it is the sparse
QP ``min (1/2)||u||^2 - 1^T alpha s.t. u - X'^T alpha = 0, y^T alpha = 0, alpha >= 0`` in
N + d unknowns. The multiplier of ``y^T alpha = 0`` is -t and the multipliers of
``alpha >= 0`` are the primal slacks y_i(<w, x_i> - t) - 1. ``method="primal"`` solves the
primal QP instead; the multipliers of its N constraints are alpha. Measured (benchmarks/
bench_svm.py) the primal is about twice as fast when d << N, so ``method="auto"`` takes the
primal when d + 1 < N: the interior point returns the dual solution alpha with it, and
every KKT condition linking the two sides is measured in the result.

Both run on centred, rescaled data z = (x - mean)/s (s the largest |x - mean| entry): w
and t map back exactly (w = w_z / s, t = t_z + <w, mean>), alpha = alpha_z / s^2.

Non-separable data has no feasible primal point. The solver then returns its
infeasibility certificate (the dual is unbounded); :func:`hard_margin_svm` confirms with
:func:`numerics.separability.linear_separability`, whose proof is a common point of the
two convex hulls, and raises :class:`~numerics.errors.NotSeparableError` naming the fix
(a soft margin).

Conventions
-----------
``X`` is (N, d), samples in rows, no bias column; ``y`` holds labels in {-1, +1}, both
classes present. The classifier is h(x) = <w, x> - t (hermosillo2017's threshold t);
``intercept_ = -t`` is scikit-learn's b in w^T x + b.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.sparse as sps

from ._scaling import svm_scale_guard
from ._validation import as_matrix, as_signed_labels, check_positive, check_positive_int
from .errors import ConvergenceError, InvalidInput, LabelError, NotSeparableError

__all__ = ["KKTResiduals", "SVMResult", "hard_margin_svm"]

_METHODS = ("auto", "dual", "primal")


@dataclass(frozen=True, eq=False)
class KKTResiduals:
    """How far the returned point is from satisfying the KKT conditions, in the caller's units.

    Attributes
    ----------
    primal_feasibility_ : max_i max(0, 1 - y_i(<w, x_i> - t)).
    dual_feasibility_ : max_i max(0, -alpha_i).
    stationarity_t_ : |sum_i alpha_i y_i| (dL_P/dt = 0), relative to sum_i alpha_i.
    stationarity_w_ : ||w - sum_i alpha_i y_i x_i||_inf (dL_P/dw = 0), relative to ||w||_inf.
    complementarity_ : max_i alpha_i |y_i(<w, x_i> - t) - 1|, relative to sum_i alpha_i.
    """

    primal_feasibility_: float
    dual_feasibility_: float
    stationarity_t_: float
    stationarity_w_: float
    complementarity_: float

    def max(self) -> float:
        """The largest residual."""
        return max(self.primal_feasibility_, self.dual_feasibility_, self.stationarity_t_,
                   self.stationarity_w_, self.complementarity_)


@dataclass(frozen=True, eq=False)
class SVMResult:
    """A hard-margin linear SVM: h(x) = <coef_, x> - threshold_.

    Attributes
    ----------
    alpha_ : (N,) the dual solution (the Lagrange multipliers of the N margin constraints).
    coef_ : (d,) w = sum_i alpha_i y_i x_i.
    threshold_ : t.   intercept_ : -t (scikit-learn's b).
    support_ : indices i with alpha_i > support_tol * max_j alpha_j, increasing.
    support_vectors_ : X[support_].
    margin_ : 1/||w||, the distance from the separator to the closest samples.
    primal_objective_ : (1/2)||w||^2.   dual_objective_ : sum alpha - (1/2)||w||^2.
    duality_gap_ : primal_objective_ - dual_objective_ (0 at the optimum).
    kkt_ : :class:`KKTResiduals`.
    method_ : which QP was solved ("dual" or "primal").   n_iter_ : solver iterations.
    """

    alpha_: np.ndarray
    coef_: np.ndarray
    threshold_: float
    intercept_: float
    support_: np.ndarray
    support_vectors_: np.ndarray
    margin_: float
    primal_objective_: float
    dual_objective_: float
    duality_gap_: float
    kkt_: KKTResiduals
    method_: str
    n_iter_: int

    def decision_function(self, X: Any) -> np.ndarray:
        """h(x) = <w, x> - t for each row of ``X``."""
        X = as_matrix(X, "X")
        if X.shape[1] != self.coef_.shape[0]:
            raise InvalidInput(f"X has {X.shape[1]} features but the SVM was fitted on "
                               f"{self.coef_.shape[0]}; pass data with the same columns.")
        return X @ self.coef_ - self.threshold_


def _settings(tol: float, max_iter: int):
    import clarabel

    s = clarabel.DefaultSettings()
    s.verbose = False
    s.max_iter = max_iter
    s.tol_gap_abs = s.tol_gap_rel = s.tol_feas = tol
    s.tol_ktratio = max(tol, 1e-10)
    return s


def _solve(P, q, A, b, cones, tol, max_iter):
    import clarabel

    solver = clarabel.DefaultSolver(sps.csc_matrix(P), q, sps.csc_matrix(A), b, cones,
                                    _settings(tol, max_iter))
    return solver.solve()


def _dual_qp(Z: np.ndarray, y: np.ndarray, tol: float, max_iter: int):
    """The dual in N + d unknowns (alpha, u); returns (status, alpha, t, iterations)."""
    import clarabel

    n, d = Z.shape
    Zp = y[:, None] * Z                               # rows y_i z_i: X' of hermosillo2017
    P = sps.block_diag([sps.csc_matrix((n, n)), sps.identity(d)], format="csc")
    q = np.concatenate([-np.ones(n), np.zeros(d)])
    A = sps.vstack([
        sps.hstack([sps.csc_matrix(-Zp.T), sps.identity(d)]),                 # u = X'^T alpha
        sps.hstack([sps.csc_matrix(y[None, :]), sps.csc_matrix((1, d))]),      # y^T alpha = 0
        sps.hstack([-sps.identity(n), sps.csc_matrix((n, d))]),                # alpha >= 0
    ], format="csc")
    b = np.zeros(d + 1 + n)
    sol = _solve(P, q, A, b, [clarabel.ZeroConeT(d + 1), clarabel.NonnegativeConeT(n)],
                 tol, max_iter)
    x, z = np.asarray(sol.x), np.asarray(sol.z)
    return str(sol.status), x[:n], -z[d], sol.iterations


def _primal_qp(Z: np.ndarray, y: np.ndarray, tol: float, max_iter: int):
    """The primal in d + 1 unknowns (w, t); returns (status, alpha, t, iterations)."""
    import clarabel

    n, d = Z.shape
    P = sps.block_diag([sps.identity(d), sps.csc_matrix((1, 1))], format="csc")
    q = np.zeros(d + 1)
    A = -y[:, None] * np.hstack([Z, -np.ones((n, 1))])  # -y_i(<w, z_i> - t) + s_i = -1
    sol = _solve(P, q, A, -np.ones(n), [clarabel.NonnegativeConeT(n)], tol, max_iter)
    x, z = np.asarray(sol.x), np.asarray(sol.z)
    return str(sol.status), z, x[d], sol.iterations


_INFEASIBLE = ("PrimalInfeasible", "DualInfeasible", "AlmostPrimalInfeasible",
               "AlmostDualInfeasible")


def _not_separable(X: np.ndarray, y: np.ndarray, status: str) -> None:
    """Raise NotSeparableError when the hull LP proves it; return if the data are separable."""
    from .separability import SeparabilityUndecidedError, linear_separability

    try:
        sep = linear_separability(X, y)
    except SeparabilityUndecidedError as exc:
        raise NotSeparableError(
            f"the QP solver reported {status} and the classes are within tolerance of touching "
            f"({exc}). A hard margin does not exist or is numerically 0; use a soft-margin SVM "
            "(sklearn.svm.SVC(kernel='linear', C=1.0)) or a feature map.") from None
    if not sep.separable_:
        raise NotSeparableError(
            f"the classes are not linearly separable, so no hard-margin SVM exists (QP solver: "
            f"{status}; the convex hulls of the two classes share the point "
            f"{np.array2string(sep.common_point_, precision=4)}). Use a soft-margin SVM, e.g. "
            "sklearn.svm.SVC(kernel='linear', C=1.0), or map the data to features in which "
            "they are separable.")


@svm_scale_guard  # X at 1e-200 or 1e200: α* beyond floats, refused with the exact rescaling
def hard_margin_svm(X: Any, y: Any, *, method: str = "auto", tol: float = 1e-9,
                    support_tol: float = 1e-6, max_iter: int = 200) -> SVMResult:
    """Fit the hard-margin linear SVM min (1/2)||w||^2 s.t. y_i(<w, x_i> - t) >= 1.

    ``method="auto"`` (default) solves the smaller side: the primal when d + 1 < N, else the
    dual. ``"dual"`` solves the dual QP (alpha first; w = sum alpha_i y_i x_i, t from the
    multiplier of sum alpha_i y_i = 0), ``"primal"`` the primal QP (w, t first; alpha its
    multipliers) — see the module docstring. Either way the returned w is sum alpha_i y_i x_i
    and t the mean of <w, x_i> - y_i over the support vectors (y_i(<w, x_i> - t) = 1 there),
    and every KKT condition is measured in ``kkt_``. ``tol`` is Clarabel's feasibility and
    gap tolerance on the standardised data; ``support_tol`` the relative size of a multiplier
    that makes a sample a support vector.

    Raises :class:`NotSeparableError` (with a common point of the two hulls) when no
    separating hyperplane exists, :class:`LabelError` for labels outside {-1, +1} or one
    class only, :class:`ConvergenceError` if the solver stops without a solution.
    """
    X = as_matrix(X, "X")
    labels = as_signed_labels(y, "y", n=X.shape[0])
    if method not in _METHODS:
        raise InvalidInput(f"method must be one of {_METHODS}, got method={method!r}.")
    tol = check_positive(tol, "tol")
    support_tol = check_positive(support_tol, "support_tol")
    max_iter = check_positive_int(max_iter, "max_iter")
    if np.all(labels > 0) or np.all(labels < 0):
        raise LabelError(
            f"a hard-margin SVM separates two classes, but y has only {int(labels[0]):+d} labels "
            f"({X.shape[0]} samples). Pass samples of both classes.")
    mean = X.mean(axis=0)
    scale = float(np.max(np.abs(X - mean)))
    if scale == 0.0:
        raise NotSeparableError(
            "every sample is the same point, in both classes: not linearly separable. Use a "
            "soft-margin SVM, e.g. sklearn.svm.SVC(kernel='linear', C=1.0).")
    Z = (X - mean) / scale
    if method == "auto":
        method = "primal" if X.shape[1] + 1 < X.shape[0] else "dual"
    solve = _dual_qp if method == "dual" else _primal_qp
    status, alpha_z, t_z, n_iter = solve(Z, labels, tol, int(max_iter))
    if status != "Solved":
        _not_separable(X, labels, status)
        if status in _INFEASIBLE:
            raise NotSeparableError(
                f"the QP solver reported {status} (no point satisfies every margin constraint "
                "to its tolerance) although an LP found a separator: the margin is too small "
                "for the hard-margin QP. Rescale the data or use a soft-margin SVM, e.g. "
                "sklearn.svm.SVC(kernel='linear', C=1e6).")
        raise ConvergenceError(
            f"the QP solver stopped with status {status} after {n_iter} iterations on "
            f"separable data. Raise max_iter (now {max_iter}) or loosen tol (now {tol:g}).")
    alpha_z = _polish(Z, labels, np.clip(alpha_z, 0.0, None), float(t_z))
    return _result(X, labels, alpha_z / scale**2, method, n_iter, support_tol)


def _polish(Z: np.ndarray, y: np.ndarray, alpha: np.ndarray, t: float) -> np.ndarray:
    """Resolve the active set the interior point only approaches (after OSQP's polishing).

    An interior-point iterate has every alpha_i > 0 and every slack y_i(<w, z_i> - t) - 1 > 0,
    both tending to 0 on the active constraints; where a sample lies on the margin with
    alpha_i = 0 (no strict complementarity: the exercise of hermosillo2017), alpha_i shrinks
    only like the square root of the tolerance. On the guessed active set S = {i : alpha_i >=
    slack_i} the KKT conditions are linear: sum_{j in S} alpha_j y_i y_j <z_i, z_j> - y_i t = 1
    (i in S), sum_{j in S} alpha_j y_j = 0. Their least-squares solution replaces alpha when it
    is a KKT point, i.e. alpha_S >= 0 and every margin >= 1 up to rounding, and its KKT residual
    is smaller; otherwise the solver's alpha is kept. ``t`` is the solver's threshold (the
    multiplier of sum alpha_i y_i = 0, or the primal's t), in the coordinates of ``Z``."""
    w = (alpha * y) @ Z
    slack = y * (Z @ w - t) - 1.0
    S = np.flatnonzero(alpha >= slack)
    Zs = y[S, None] * Z[S]
    K = np.block([[Zs @ Zs.T, -y[S, None]], [y[None, S], np.zeros((1, 1))]])
    rhs = np.concatenate([np.ones(S.size), [0.0]])
    sol = np.linalg.lstsq(K, rhs, rcond=None)[0]
    a_s, t_s = sol[:-1], sol[-1]
    eps = 64 * np.finfo(float).eps * max(1.0, float(np.max(np.abs(a_s))))
    if np.any(a_s < -eps):
        return alpha
    polished = np.zeros_like(alpha)
    polished[S] = np.clip(a_s, 0.0, None)
    w_p = (polished * y) @ Z
    rounding = 64 * np.finfo(float).eps * Z.shape[1] * float(np.max(np.abs(Z) @ np.abs(w_p) + abs(t_s)))
    if np.min(y * (Z @ w_p - t_s)) < 1.0 - rounding:
        return alpha

    def residual(a, tt):
        ww = (a * y) @ Z
        m = y * (Z @ ww - tt)
        return max(float(np.max(np.clip(1.0 - m, 0.0, None))), float(np.max(a * np.abs(m - 1.0))),
                   abs(float(a @ y)))

    return polished if residual(polished, t_s) <= residual(alpha, t) else alpha


def _result(X, y, alpha, method, n_iter, support_tol) -> SVMResult:
    w = (alpha * y) @ X
    support = np.flatnonzero(alpha > support_tol * alpha.max())
    mean = X.mean(axis=0)
    # t through the centred data: y_i(<w, x_i - mean> - t_c) = 1 on the support vectors
    t = float(np.mean((X[support] - mean) @ w - y[support]) + mean @ w)
    margins = y * (X @ w - t)
    ww = float(w @ w)
    total = float(alpha.sum())
    kkt = KKTResiduals(
        primal_feasibility_=float(np.max(np.clip(1.0 - margins, 0.0, None))),
        dual_feasibility_=float(np.max(np.clip(-alpha, 0.0, None))),
        stationarity_t_=abs(float(alpha @ y)) / total,
        stationarity_w_=float(np.max(np.abs(w - (alpha * y) @ X))) / float(np.max(np.abs(w))),
        complementarity_=float(np.max(alpha * np.abs(margins - 1.0))) / total,
    )
    primal, dual = 0.5 * ww, total - 0.5 * ww
    return SVMResult(
        alpha_=alpha, coef_=w, threshold_=t, intercept_=-t, support_=support,
        support_vectors_=X[support], margin_=1.0 / np.sqrt(ww), primal_objective_=primal,
        dual_objective_=dual, duality_gap_=primal - dual, kkt_=kkt, method_=method,
        n_iter_=int(n_iter))
