"""The hard-margin linear support vector machine: a convex QP, whole (Clarabel) or by a working set.

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
``hard_margin_svm``        fit; ``method="auto"`` (the working set for N > 500 or Dask
                           input, else the smaller QP), ``"working_set"``, ``"dual"`` or
                           ``"primal"``: the other side comes from the solver's multipliers
                           and is checked
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

Working set (issue 40; :mod:`numerics._svm_working_set`). At the optimum at most d + 1
samples in general position carry a multiplier, yet Clarabel on all N constraints costs
O(N d^2) per iteration (10 s at N = 70,000, d = 50, where liblinear took 0.9 s). For N >
500 the QP is solved on a small set of candidate support vectors and checked against all
N constraints by one pass computing X w per round; the set grows by the samples of
smallest margin until none violates it, and then the small QP's multipliers, with
alpha_i = 0 elsewhere, satisfy every KKT condition of the whole problem. The small QPs
(a few hundred to a few thousand rows, :func:`_small_qp`) go to DAQP, a compiled dual
active set (:mod:`numerics._svm_daqp`), started from the previous round's support
vectors; its multipliers are re-solved on their support and accepted only as a KKT point
of the small QP to rounding. Where DAQP gives up or is refused (it cycles on degenerate
margins), lindisc's own active set (:mod:`numerics._svm_active_set`: QR factors updated per
pivot, dependent rows exchanged) finishes from DAQP's support vectors or the previous
round's; where that fails too, the dense interior point (normal equations in d + 1
unknowns, :func:`_dense_primal_ipm`) and the polish below, and Clarabel behind them, so
its statuses and certificates decide infeasibility as before. A subset that no hyperplane separates proves the whole
set inseparable, with a common point of its hulls (which lie in the whole hulls).

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
import scipy.linalg
import scipy.linalg.lapack
import scipy.sparse as sps

from . import _reductions
from ._scaling import svm_scale_guard
from ._validation import (
    as_matrix,
    as_matrix_deferred_finite,
    as_signed_labels,
    check_positive,
    check_positive_int,
)
from .errors import ConvergenceError, InvalidInput, LabelError, NotSeparableError

__all__ = ["KKTResiduals", "SVMResult", "hard_margin_svm"]

_METHODS = ("auto", "dual", "primal", "working_set")
# method="auto" takes the working set above this many samples (benchmarks/bench_svm.py)
_WORKING_SET_MIN_SAMPLES = 500
# a working set that outgrows its bound falls back to the whole QP up to this N d only
_WHOLE_QP_MAX_ENTRIES = 5_000_000


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
    coef_ : (d,) w = sum_i alpha_i y_i x_i, or where that sum cancels the solution of the
        support vectors' margin equations (they agree to ``kkt_.stationarity_w_``).
    threshold_ : t.   intercept_ : -t (scikit-learn's b).
    support_ : indices i with alpha_i > support_tol * max_j alpha_j, increasing.
    support_vectors_ : X[support_].
    margin_ : 1/||w||, the distance from the separator to the closest samples.
    primal_objective_ : (1/2)||w||^2.   dual_objective_ : sum alpha - (1/2)||w||^2.
    duality_gap_ : primal_objective_ - dual_objective_ (0 at the optimum).
    kkt_ : :class:`KKTResiduals`.
    method_ : which QP was solved ("dual", "primal" or "working_set").
    n_iter_ : solver iterations (summed over the rounds of the working set: interior-point
        iterations and active-set pivots).
    rounds_ : small QPs the working set solved, each followed by one pass over X (1 else).
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
    rounds_: int = 1

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


# the dense interior point is a fast path with Clarabel behind it: where it converges it
# took <= 79 iterations (median 14; 73 small QPs of 40 random sets, margins 1e-4..1 of the
# spread, with DAQP and the active set disabled), and the sets it does not solve ran to any
# cap — 200 iterations of a 700 x 301 set cost 6 s (1e-4 of the spread, 233 samples on the
# margin) before Clarabel answered in 1 s
_DENSE_IPM_MAX_ITER = 100
# ... and gives up when its distance from the stop test has not halved in this many
# iterations (that set's mean complementarity sat at 3e-5..7e-5 from iteration 30 to 100)
_DENSE_IPM_STALL = 30

# rows of the interior point's normal equations with a smaller weight alpha/s, relative to
# the largest, are left out of the syrk
_NEGLIGIBLE_WEIGHT = 1e-12


def _dense_primal_ipm(Z: np.ndarray, y: np.ndarray, tol: float, max_iter: int,
                      gap: float | None = None, start: tuple | None = None):
    """The primal in d + 1 unknowns by a dense primal-dual interior point (Mehrotra's
    predictor-corrector) for the working set's small QPs; returns (status, alpha, t,
    iterations) as :func:`_primal_qp`, status "Solved" or "NotSolved".

    With v = (w, t), the rows a_i = y_i (z_i, -1), slacks s and multipliers alpha: the
    Newton step solves (P + A^T diag(alpha/s) A) dv = r in d + 1 unknowns, P = diag(1, .., 1,
    0), formed by one syrk of m (d + 1)^2 flops — with m a few hundred rows, BLAS does in
    milliseconds what a sparse LDL of the (m + d + 1)-square KKT matrix does in a tenth of a
    second. It detects nothing: when the iterates do not converge (infeasible or very
    ill-posed subsets) the caller hands the QP to Clarabel, whose status and certificates
    decide. The result is only a guess of the active set for :func:`_polish`: it stops
    when the mean complementarity s^T alpha / m is below ``gap`` (default tol / 100) and
    returns its iterate as a fifth item, from which ``start`` resumes it."""
    m, d = Z.shape
    A = np.empty((m, d + 1))
    np.multiply(Z, y[:, None], out=A[:, :d])
    A[:, d] = -y
    gap = 1e-2 * tol if gap is None else gap
    v, s, lam = (np.zeros(d + 1), np.ones(m), np.ones(m)) if start is None else start
    diag = np.ones(d + 1)
    diag[d] = 0.0
    scaled = np.empty_like(A)
    potrf, potrs = scipy.linalg.lapack.dpotrf, scipy.linalg.lapack.dpotrs
    best_merit, best_it = np.inf, 0
    for it in range(1, max_iter + 1):
        Av = A @ v
        r_p = Av - s - 1.0                     # A v - s = 1
        r_d = diag * v - A.T @ lam             # P v - A^T alpha = 0
        mu = float(s @ lam) / m
        # the normal equations lose the dual residual's last digits as alpha/s spreads over
        # 1e+-20; the polish recomputes alpha exactly, so stationarity needs only sqrt(tol)
        # how far from the stop test below, as one number (1 there)
        merit = max(float(np.max(np.abs(r_p))) / tol, mu / gap, float(np.max(np.abs(r_d)))
                    / (np.sqrt(tol) * max(1.0, float(np.max(np.abs(v))))))
        if merit <= 1.0:
            return "Solved", lam, v[d], it, (v, s, lam)
        if merit < 0.5 * best_merit:
            best_merit, best_it = merit, it
        elif it - best_it >= _DENSE_IPM_STALL:
            return "NotSolved", lam, v[d], it, None
        dscale = lam / s
        # rows whose weight alpha/s is below 1e-12 of the largest add next to nothing to
        # M; late iterations have about d + 1 rows left (an inexact Newton step: the
        # residuals above stay exact; 1e-6 stalled at m = 1600, d = 200)
        rows = np.flatnonzero(dscale > _NEGLIGIBLE_WEIGHT * float(np.max(dscale)))
        part = scaled[: rows.size]
        np.multiply(A[rows], np.sqrt(dscale[rows])[:, None], out=part)
        M = part.T @ part
        M.flat[:: d + 2] += diag + 1e-14 * float(np.max(M.diagonal()))
        factor, info = potrf(M, lower=False, clean=False, overwrite_a=True)
        if info != 0:
            return "NotSolved", lam, v[d], it, None

        def direction(r_c):
            rhs = -r_d - A.T @ ((r_c + lam * r_p) / s)
            dv = potrs(factor, rhs, lower=False)[0]
            ds = A @ dv + r_p
            dl = -(r_c + lam * ds) / s
            return dv, ds, dl

        dv, ds, dl = direction(s * lam)
        a_p, a_d = _max_step(s, ds), _max_step(lam, dl)
        mu_aff = float((s + a_p * ds) @ (lam + a_d * dl)) / m
        sigma = (mu_aff / mu) ** 3
        dv, ds, dl = direction(s * lam + ds * dl - sigma * mu)
        a = 0.99 * min(_max_step(s, ds), _max_step(lam, dl))
        v += a * dv
        s += a * ds
        lam += a * dl
        if not (np.all(np.isfinite(v)) and np.max(lam) < 1e12 and np.min(s) > 0 and np.min(lam) > 0):
            return "NotSolved", lam, v[d], it, None
    return "NotSolved", lam, v[d], max_iter, None


def _max_step(x: np.ndarray, dx: np.ndarray) -> float:
    """The largest a <= 1 with x + a dx >= 0 (x > 0)."""
    with np.errstate(divide="ignore", over="ignore"):
        ratio = np.where(dx < 0, x / -np.minimum(dx, -1e-300), np.inf)
    return min(1.0, float(ratio.min()))


_INFEASIBLE = ("PrimalInfeasible", "DualInfeasible", "AlmostPrimalInfeasible",
               "AlmostDualInfeasible")


def _not_separable(X: np.ndarray, y: np.ndarray, status: str, where: str = "") -> None:
    """Raise NotSeparableError when the hull LP proves it; return if the data are separable.
    ``where`` says which samples X holds when they are a subset of the caller's."""
    from .separability import SeparabilityUndecidedError, linear_separability

    try:
        sep = linear_separability(X, y)
    except SeparabilityUndecidedError as exc:
        raise NotSeparableError(
            f"the QP solver reported {status}{where} and the classes are within tolerance of "
            f"touching ({exc}). A hard margin does not exist or is numerically 0; use a "
            "soft-margin SVM (sklearn.svm.SVC(kernel='linear', C=1.0)) or a feature map.") from None
    if not sep.separable_:
        raise NotSeparableError(
            f"the classes are not linearly separable, so no hard-margin SVM exists (QP solver: "
            f"{status}{where}; the convex hulls of the two classes share the point "
            f"{np.array2string(sep.common_point_, precision=4)}). Use a soft-margin SVM, e.g. "
            "sklearn.svm.SVC(kernel='linear', C=1.0), or map the data to features in which "
            "they are separable.")


def _same_point() -> NotSeparableError:
    return NotSeparableError(
        "every sample is the same point, in both classes: not linearly separable. Use a "
        "soft-margin SVM, e.g. sklearn.svm.SVC(kernel='linear', C=1.0).")


def _unsolved(X, labels, status, n_iter, max_iter, tol, where: str = "",
              separable: bool = False) -> None:
    """Raise the error for a QP that Clarabel did not solve: NotSeparableError with the
    hull certificate, or the margin too small for the QP, or ConvergenceError. With
    ``separable`` (the caller holds a separator) the hull LP is not run: at N = 1013,
    d = 700 it took 30 s a call and could only confirm what the caller knew."""
    if not separable:
        _not_separable(X, labels, status, where)
    if status in _INFEASIBLE:
        raise NotSeparableError(
            f"the QP solver reported {status}{where} (no point satisfies every margin "
            "constraint to its tolerance) although an LP found a separator: the margin is too "
            "small for the hard-margin QP. Rescale the data or use a soft-margin SVM, e.g. "
            "sklearn.svm.SVC(kernel='linear', C=1e6).")
    if status == "AlmostSolved":
        # (polished, such an answer held the margins only to 0.7 on classes 1e-6 of the
        # spread apart, where the working set's active sets reach 1.5e-10)
        raise ConvergenceError(
            f"the QP solver reached only its reduced accuracy (status AlmostSolved){where} "
            f"after {n_iter} iterations on separable data: the classes are too close for "
            "its interior point. Use method='working_set' (exact active sets; it takes any "
            "N), or a soft-margin SVM, e.g. sklearn.svm.LinearSVC(loss='hinge', C=1e4).")
    raise ConvergenceError(
        f"the QP solver stopped with status {status}{where} after {n_iter} iterations on "
        f"separable data. Raise max_iter (now {max_iter}) or loosen tol (now {tol:g}).")


def _qp(X: np.ndarray, labels: np.ndarray, method: str, tol: float, max_iter: int,
        where: str = "", dense: bool = False, separable: bool = False):
    """The exact QP on in-memory (X, labels), both classes present: (alpha, method, iterations)
    on the centred, rescaled data (module docstring), alpha in the caller's units.
    ``separable``: the caller holds a separator of these rows (see :func:`_unsolved`)."""
    mean = _centre(X)
    scale = float(np.max(np.abs(X - mean)))
    if scale == 0.0:
        raise _same_point()
    Z = (X - mean) / scale
    if method == "auto":
        method = "primal" if X.shape[1] + 1 < X.shape[0] else "dual"
    solve = _dual_qp if method == "dual" else _primal_qp
    status = "NotSolved"
    if dense:     # the working set's small QPs: Clarabel only when this does not converge
        # first to a mean complementarity of 1e-8, where the active set usually shows
        # (alpha and slack 1e8 apart); only if the polish refuses that guess, on to tol/100
        status, alpha_z, t_z, n_iter, state = _dense_primal_ipm(
            Z, labels, tol, min(int(max_iter), _DENSE_IPM_MAX_ITER), gap=max(1e-8, 1e-2 * tol))
        if status == "Solved":
            polished = _polish(Z, labels, np.clip(alpha_z, 0.0, None), float(t_z), 1e-10)
            if polished is not None:
                return polished / scale**2, "primal", n_iter
            status, alpha_z, t_z, more, _ = _dense_primal_ipm(
                Z, labels, tol, min(int(max_iter), _DENSE_IPM_MAX_ITER), start=state)
            n_iter += more
    if status != "Solved":
        status, alpha_z, t_z, n_iter = solve(Z, labels, tol, int(max_iter))
    if status != "Solved":
        _unsolved(X, labels, status, n_iter, max_iter, tol, where, separable)
    clipped = np.clip(alpha_z, 0.0, None)
    polished = _polish(Z, labels, clipped, float(t_z))
    return (clipped if polished is None else polished) / scale**2, method, n_iter


def _centre(X: np.ndarray) -> np.ndarray:
    """The column means, except that a constant column is centred on its value: its mean
    can round off it (3,000 copies of 1e250 average to 1e250 (1 + 2^-52)), and the residue,
    1e234 there, would set the scale of every other column. Centred, a constant column is
    0 and its weight w_j = sum alpha_i y_i (x_ij - c_j) is exactly 0 (uncentred, it was
    (sum alpha_i y_i) 1e250, rounding times 1e250, and t overflowed)."""
    mean = X.mean(axis=0)
    constant = X.min(axis=0) == X.max(axis=0)
    if np.any(constant):
        mean[constant] = X[0, constant]
    return mean


def _one_class(sign: float, n: int) -> LabelError:
    return LabelError(
        f"a hard-margin SVM separates two classes, but y has only {int(sign):+d} labels "
        f"({n} samples). Pass samples of both classes.")


@svm_scale_guard  # X at 1e-200 or 1e200: α* beyond floats, refused with the exact rescaling
def hard_margin_svm(X: Any, y: Any, *, method: str = "auto", tol: float = 1e-9,
                    support_tol: float = 1e-6, max_iter: int = 200) -> SVMResult:
    """Fit the hard-margin linear SVM min (1/2)||w||^2 s.t. y_i(<w, x_i> - t) >= 1.

    ``method="auto"`` (default) takes the working set (below) when N > 500 or X is a Dask
    array, else the smaller side: the primal when d + 1 < N, else the dual. ``"dual"``
    solves the dual QP (alpha first; w = sum alpha_i y_i x_i, t from the multiplier of
    sum alpha_i y_i = 0), ``"primal"`` the primal QP (w, t first; alpha its multipliers) —
    see the module docstring. ``"working_set"`` solves the primal on a small set of
    candidate support vectors and adds the samples that violate its margin, one pass over X
    per round, until none does (:mod:`numerics._svm_working_set`); every other alpha_i is 0.
    Either way the returned w is sum alpha_i y_i x_i and t the mean of <w, x_i> - y_i over
    the support vectors (y_i(<w, x_i> - t) = 1 there) — except where that sum cancels
    (multipliers ~1e12 on classes 1e-6 of the spread apart) and the support vectors' margin
    equations fix (w, t): then their QR solution, if it meets the KKT conditions more
    exactly (``_primal_solution``) — and every KKT condition is measured over all N in
    ``kkt_`` (``stationarity_w_`` is w against sum alpha_i y_i x_i). ``tol`` is Clarabel's
    feasibility and gap tolerance on the standardised data, the largest margin violation
    1 - y_i(<w, x_i> - t) the working set accepts, and the residual above which the fit
    warns; ``support_tol`` the relative size of a multiplier that makes a sample a support
    vector.

    ``X`` and ``y`` may be Dask arrays (``pip install lindisc[dask]``) with the working set:
    each round is one map-reduce over the chunks of X.

    Raises :class:`NotSeparableError` (with a common point of the two hulls) when no
    separating hyperplane exists, :class:`LabelError` for labels outside {-1, +1} or one
    class only, :class:`ConvergenceError` if the solver stops without a solution. Warns
    :class:`~numerics.errors.AccuracyWarning` when a KKT residual of the returned solution
    exceeds ``tol`` (classes a millionth of the data's spread apart: the multipliers are
    beyond what float64 resolves to ``tol``); the result is then the most exact found.
    """
    if method not in _METHODS:
        raise InvalidInput(f"method must be one of {_METHODS}, got method={method!r}.")
    tol = check_positive(tol, "tol")
    support_tol = check_positive(support_tol, "support_tol")
    max_iter = check_positive_int(max_iter, "max_iter")
    X, y = _reductions.as_host(X), _reductions.as_host(y)
    if _reductions.is_lazy(X, y):
        if method in ("primal", "dual"):
            raise InvalidInput(
                f"method={method!r} solves the QP over all N samples in memory; for Dask "
                "arrays use method='working_set' (or 'auto'), or pass X.compute(), y.compute().")
        return _working_set(*_lazy_inputs(X, y), tol, support_tol, max_iter, lazy=True,
                            y_given=y)
    if method == "working_set" or (method == "auto" and _n_rows(X) > _WORKING_SET_MIN_SAMPLES):
        X = as_matrix_deferred_finite(X, "X")
        return _working_set(X, _fast_labels(y, X.shape[0]), tol, support_tol, max_iter,
                            lazy=False, y_given=y)
    X = as_matrix(X, "X")
    labels = as_signed_labels(y, "y", n=X.shape[0])
    if np.all(labels > 0) or np.all(labels < 0):
        raise _one_class(labels[0], X.shape[0])
    alpha, method, n_iter = _qp(X, labels, method, tol, max_iter)
    return _result(X, labels, alpha, method, n_iter, support_tol, tol, max_iter)


def _n_rows(X: Any) -> int:
    """Rows of X as given (0 when it has none: the validation then words the error)."""
    shape = getattr(X, "shape", None)
    if shape is not None:
        return int(shape[0]) if len(shape) else 0
    try:
        return len(X)
    except TypeError:
        return 0


def _fast_labels(y: Any, n: int) -> np.ndarray:
    """Numeric 1-D labels as float64 without the sort of :func:`as_signed_labels`; their
    values are checked by the first pass (``ClassSums.other_labels``)."""
    arr = np.asarray(y)
    if arr.ndim == 1 and arr.shape[0] == n and arr.dtype.kind in "biuf":
        return arr.astype(np.float64, copy=False)
    return as_signed_labels(arr, "y", n=n)


def _lazy_inputs(X: Any, y: Any):
    Xl = _reductions.lazy_design(X, "X", rows=_reductions.row_chunks(y))
    yl = _reductions.lazy_labels(y, Xl, "y")
    return Xl, yl


def _working_set(X, labels, tol, support_tol, max_iter, *, lazy: bool, y_given) -> SVMResult:
    from . import _svm_working_set as ws

    n, d = X.shape
    sums = ws.class_sums(X, labels, ws.sample_step(n, d))
    if sums.bad is not None:
        _reductions.raise_nonfinite(sums.bad, "X")
    if not (np.all(np.isfinite(sums.sum_pos)) and np.all(np.isfinite(sums.sum_neg))):
        raise InvalidInput("the column sums of X overflow float64 (entries near 1e308); "
                           "rescale X.")
    if sums.other_labels:
        as_signed_labels(np.asarray(y_given.compute() if lazy else y_given), "y", n=n)
    if sums.n_pos == 0 or sums.n_neg == 0:
        raise _one_class(1.0 if sums.n_pos else -1.0, n)

    def small_qp(rows, ys, start=None):
        if np.all(ys > 0) or np.all(ys < 0):   # a seed of one class: its QP is unbounded
            raise _one_class(ys[0], n)
        where = f" on a working set of {rows.shape[0]} of the {n} samples"
        centre = _centre(rows)
        alpha, its = _small_qp(rows, ys, start, tol, max_iter, where, centre)
        w, t = _primal_solution(rows, ys, alpha, support_tol, centre)
        return alpha, w, t, its

    max_set = max(4000, 40 * (d + 1))
    sol = ws.solve(X, labels, sums, small_qp, tau=tol, max_set=max_set, max_rounds=100)
    if sol is None:
        if lazy or n * d > _WHOLE_QP_MAX_ENTRIES:
            raise ConvergenceError(
                f"the working set outgrew its bound of {max_set} samples before every margin "
                "constraint held (many samples near the margin). The whole QP over all "
                f"{n} samples remains: hard_margin_svm(X, y, method='primal') with X and y in "
                "memory (Clarabel; slow at this size), or a soft-margin SVM, e.g. "
                "sklearn.svm.LinearSVC(loss='hinge', C=1e4).")
        return hard_margin_svm(X, labels, method="primal", tol=tol, support_tol=support_tol,
                               max_iter=max_iter)
    alpha = np.zeros(n)
    alpha[sol.index] = sol.alpha
    order = np.argsort(sol.index)
    members = sol.index[order]
    a, rows, ys = sol.alpha[order], sol.rows[order], sol.labels[order]
    w, t, min_margin = _repaired(
        rows, ys, a, sol.coef, sol.threshold, sol.min_margin,
        lambda w_c, t_c: ws.scan(X, labels, w_c, t_c, 1.0 - tol, 1).min_margin,
        support_tol, tol, max_iter)
    return _finish(alpha, w, t, a, ys, rows, ys * (rows @ w - t), min_margin,
                   support_tol, "working_set", sol.solver_iterations, sol.rounds, tol,
                   index=members)


def _small_qp(X: np.ndarray, labels: np.ndarray, start: np.ndarray | None, tol: float,
              max_iter: int, where: str, centre: np.ndarray | None = None):
    """The working set's small QP, exactly: (alpha in the caller's units, iterations).

    On the centred, rescaled rows: DAQP's dual active set (:mod:`numerics._svm_daqp`,
    compiled), started from ``start`` (the previous round's support vectors); where its
    answer is not a KKT point of the small QP to rounding (DAQP cycles on a degenerate
    margin, more than d + 1 samples on it, or stops 1e-9 short of a margin), lindisc's own
    active set (:mod:`numerics._svm_active_set`, which exchanges dependent rows) from DAQP's
    support vectors or ``start``; and where that fails too, :func:`_qp`'s chain (the dense
    interior point, its polish, Clarabel and its certificates) decides."""
    from ._svm_active_set import active_set_qp
    from ._svm_daqp import daqp_qp

    m, d = X.shape
    Z = X - (_centre(X) if centre is None else centre)
    scale = float(np.max(np.abs(Z)))
    if scale == 0.0:
        raise _same_point()
    Z /= scale
    A = np.empty((m, d + 1))
    np.multiply(Z, labels[:, None], out=A[:, :d])
    A[:, d] = -labels
    iterations = 0
    best = (np.inf, None)              # (KKT residual, alpha) of the best answer so far
    out = daqp_qp(A, start, 10 * m + 100 * (d + 1))
    if out is not None:
        out = (_exact_on_support(A, out[0]), out[1], out[2])
    for attempt in range(2):
        if out is not None:
            alpha, v, its = out
            iterations += its
            residual = _kkt_residual(A, alpha, float(v[d]))
            if residual <= _KKT_ACCEPT:
                return alpha / scale**2, iterations
            best = min(best, (residual, alpha), key=lambda b: b[0])
            start = np.flatnonzero(alpha > 0)
        if attempt == 0:
            out = active_set_qp(A, start, 1e-2 * tol, 4 * m + 10 * (d + 1))
    try:
        alpha, _, more = _qp(X, labels, "primal", tol, max_iter, where, dense=True,
                             separable=best[0] < 1.0)
    except (NotSeparableError, ConvergenceError):
        # an answer with every margin > 0 (residual < 1) separates the set: the chain's
        # numerical trouble is not a verdict on it
        if best[0] < 1.0:
            return best[1] / scale**2, iterations
        raise
    # on an ill-conditioned set (a margin 1e-4 of the data's spread: alpha ~ 1e8) no answer
    # may reach 1e-10; the most exact one then stands (the fit reports its residuals in kkt_)
    if best[1] is not None and _kkt_residual(A, alpha * scale**2, 0.0) > best[0]:
        alpha = best[1] / scale**2
    return alpha, iterations + more


# a small QP's answer is taken at this KKT residual (_kkt_residual: the margin violation,
# and complementarity and sum alpha_i y_i relative to sum alpha)
_KKT_ACCEPT = 1e-10


def _exact_on_support(A: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    """The multipliers of the equality QP on the support S = {alpha_i > 0}, solved afresh:
    with B = A_S = [B_w, B_t] the bordered system [B_w B_w^T, B_t; B_t^T, 0] (alpha_S, t) =
    (1, 0) (B v = 1 with w = B_w^T alpha_S, B_t^T alpha_S = 0). DAQP's own multipliers are
    its proximal iterate's: 2.6e-12 where hermosillo2017's exercise has alpha_1 = 0 exactly,
    0 to rounding here. ``alpha`` unchanged when S has more than d + 1 rows (a degenerate
    margin: the system is singular), when it is singular, or when a multiplier comes out
    negative beyond rounding (S was not the optimal support; the caller's check decides)."""
    S = np.flatnonzero(alpha > 0)
    p, d1 = S.size, A.shape[1]
    if p == 0 or p > d1:
        return alpha
    B = A[S]
    M = np.zeros((p + 1, p + 1))
    M[:p, :p] = B[:, :-1] @ B[:, :-1].T
    M[:p, p] = B[:, -1]
    M[p, :p] = B[:, -1]
    rhs = np.zeros(p + 1)
    rhs[:p] = 1.0
    try:
        sol = np.linalg.solve(M, rhs)
    except np.linalg.LinAlgError:
        return alpha
    a_s = sol[:p]
    if not np.all(np.isfinite(a_s)) or np.any(a_s < -64 * np.finfo(float).eps * np.max(np.abs(a_s))):
        return alpha
    exact = np.zeros_like(alpha)
    exact[S] = np.clip(a_s, 0.0, None)
    return exact


def _kkt_residual(A: np.ndarray, alpha: np.ndarray, t_solver: float) -> float:
    """How far alpha is from a KKT point of min (1/2)||w||^2 s.t. A v >= 1, measured as the
    fit's ``kkt_`` measures it: w = sum alpha_i y_i z_i, t from the support vectors (the
    mean of z_i^T w - y_i over alpha_i > 0, as the fit's threshold; ``t_solver`` where
    alpha = 0); then the largest of the margin violation 1 - min a_i^T v, and of
    max alpha_i |a_i^T v - 1| and |sum alpha_i y_i| relative to sum alpha. Infinite for a
    negative or non-finite alpha. (DAQP's own t is its proximal iterate's, up to 3e-10 off
    when its multipliers are already exact: hence t from the support.) Above 1e-12, w and t
    may come instead from the support vectors' margin equations, as the fit will take them
    where the sum cancels (:func:`_primal_solution`, with its default support_tol)."""
    d = A.shape[1] - 1
    if not (np.all(alpha >= 0) and np.all(np.isfinite(alpha))):
        return np.inf
    u = alpha @ A                         # (w, -sum alpha_i y_i)
    yw = A[:, :d] @ u[:d]                 # y_i z_i^T w
    support = alpha > 0
    t = float(np.mean(-A[support, d] * (yw[support] - 1.0))) if np.any(support) else float(t_solver)
    residual = _largest_residual(yw + A[:, d] * t, alpha, float(u[d]))
    if residual > _CANCELLATION_CHECK and np.any(support):
        for S in _supports(alpha, 1e-6, d):
            v = _margin_equations(A[S]) if S.size else None
            if v is not None:
                residual = min(residual, _residual_with(A, alpha, v))
    return residual


# below this residual (on well-scaled data ~1e-14) w = sum alpha_i y_i x_i is kept as it is
_CANCELLATION_CHECK = 1e-12


def _primal_solution(X, y, alpha, support_tol, centre) -> tuple[np.ndarray, float]:
    """(w, t) from the multipliers on the rows ``X``: w = sum alpha_i y_i x_i and t from the
    support vectors; or, where that sum has lost digits, the solution of the support
    vectors' margin equations.

    The sum cancels: on classes 1e-6 of the data's spread apart the multipliers are ~1e12
    (in the standardised units) and w ~ 1e6, so w carries an absolute error ~ eps * 1e12 and
    a margin y_i(<w, x_i> - t) one of ~1e-4, whatever solver found alpha (measured: 1.7e-5
    from the working set, 9.7e-6 from Clarabel, on 552 samples, d = 20, 22 on the margin).
    The primal solution itself solves y_i(<w, x_i> - t) = 1 on the support S: the unique
    solution when those |S| >= d + 1 equations have full rank, the one of least ||w||
    when |S| < d + 1 (:func:`_margin_equations`, by QR: margins to ~eps |x||w|); it is
    kept when its KKT residual on these rows (:func:`_residual_with`) is smaller (9.7e-6
    -> 5e-11 from Clarabel's alpha there). Skipped when the sum's residual is already
    below 1e-12 (well-scaled data, the norm)."""
    Z = X - centre
    w = (alpha * y) @ Z              # = sum alpha_i y_i x_i, as sum alpha_i y_i = 0
    support = np.flatnonzero(alpha > support_tol * alpha.max())
    t_z = float(np.mean(Z[support] @ w - y[support]))        # t - <centre, w>
    t = t_z + float(centre @ w)
    if _largest_residual(y * (Z @ w - t_z), alpha, float(alpha @ y)) <= _CANCELLATION_CHECK:
        return w, t                  # (the first check, without building A: 0.1 ms at d = 2)
    scale = float(np.max(np.abs(Z)))
    if scale == 0.0:
        return w, t
    A = _margin_rows(Z, y, scale)
    # (w, t) in the standardised coordinates z = (x - centre)/scale: w_z = scale w,
    # t_z = t - <centre, w>, and alpha_z = scale^2 alpha
    v, alpha_z = np.append(w * scale, t_z), alpha * scale**2
    best = (_residual_with(A, alpha_z, v), v)
    if best[0] > _CANCELLATION_CHECK:
        for S in _supports(alpha, support_tol, X.shape[1]):
            found = _margin_equations(A[S]) if S.size else None
            if found is not None:
                best = min(best, (_residual_with(A, alpha_z, found), found),
                           key=lambda b: b[0])
        # and the samples with alpha > 0 on the margin of the best so far: an interior
        # point's 3.5e-5 of the largest alpha on a sample 7e-6 beyond the margin (d = 2, a
        # degenerate margin) put it among the support vectors, and their least-squares
        # (w, t) held the others' margins only to 1.5e-8
        on = np.flatnonzero((alpha > 0) & (A @ best[1] <= 1.0 + _OFF_MARGIN))
        found = _margin_equations(A[on]) if on.size else None
        if found is not None:
            best = min(best, (_residual_with(A, alpha_z, found), found), key=lambda b: b[0])
    if best[1] is v:
        return w, t
    w = best[1][:-1] / scale
    return w, float(best[1][-1]) + float(centre @ w)


def _margin_rows(Z: np.ndarray, y: np.ndarray, scale: float) -> np.ndarray:
    """The rows a_i = (y_i z_i / scale, -y_i) of the margin constraints A v >= 1, v = (w_z,
    t), on centred rows Z."""
    A = np.empty((Z.shape[0], Z.shape[1] + 1))
    np.multiply(Z, y[:, None] / scale, out=A[:, :-1])
    A[:, -1] = -y
    return A


def _repaired(rows, ys, a, w, t, min_margin, smallest, support_tol, tol, max_iter):
    """(w, t, min_margin): the fit's, or where its margins fall short of ``tol`` the
    candidate of :func:`_join_violators` with the smallest :func:`_score`, if that is
    smaller than the fit's. ``smallest(w, t)`` is the smallest margin over all N (one more
    pass when ``rows`` are a working set)."""
    if 1.0 - min_margin <= tol:
        return w, t, min_margin
    centre = _centre(rows)
    score = _score(a, w, t, ys, rows, centre, ys * (rows @ w - t), min_margin)
    for w_c, t_c in _join_violators(rows, ys, a, w, t, support_tol, tol, max_iter):
        low = smallest(w_c, t_c)
        mine = _score(a, w_c, t_c, ys, rows, centre, ys * (rows @ w_c - t_c), low)
        if mine < score:
            w, t, min_margin, score = w_c, t_c, low, mine
    return w, t, min_margin


def _join_violators(X, y, alpha, w, t, support_tol, tol, max_iter
                    ) -> list[tuple[np.ndarray, float]]:
    """Candidates (w, t) from the support vectors and the samples of ``X`` whose margins
    (w, t) violate: those samples' margin equations, and the exact QP on them; none when
    nothing violates.

    For a fit that has returned (w, t) short of tol on its margins, where the support
    vectors' margin equations were the wrong ones: an interior point's multiplier on a
    sample of a degenerate margin can come out ~1e-11 of the largest (rho = 8e-7, d = 17),
    so the equations leave that sample out and their least-norm w misses its margin (by
    6.5e-5 there); or Clarabel's 3.4e-5 of the largest on a sample 7e-6 beyond the margin
    (d = 1) puts it in, and the least-squares (w, t) violate two margins by 1.4e-6. The
    QP on those few samples (:func:`_small_qp`: DAQP first) finds which of them are on the
    margin (the first case: the equations 9.5e-11 .. 3.7e-10, the QP on that degenerate
    set 5.6e-5; the second: the QP, 1.7e-16). Only once the rounds are over: inside them
    the equations sent another set through other rounds and left it less exact (5.7e-13
    -> 5.5e-12). :func:`_repaired` keeps the candidate with the smallest KKT residual
    (:func:`_score`) if it is smaller than the fit's."""
    centre = _centre(X)
    Z = X - centre
    scale = float(np.max(np.abs(Z)))
    if scale == 0.0 or not np.any(alpha > 0):
        return []
    margins = y * (Z @ w - (t - float(centre @ w)))
    # beyond 1000 times the margins' rounding, eps rho^-1 with rho = 1/||w|| in the units
    # of (x - c)/scale
    slack = max(_KKT_ACCEPT, 1e3 * np.finfo(float).eps * scale * float(np.linalg.norm(w)))
    below = np.flatnonzero(margins < 1.0 - slack)
    if below.size == 0 or below.size > 4 * (X.shape[1] + 1):
        return []
    S = np.union1d(np.flatnonzero(alpha > support_tol * alpha.max()), below)
    out = []
    found = _margin_equations(_margin_rows(Z[S], y[S], scale))
    if found is not None:
        w_new = found[:-1] / scale
        out.append((w_new, float(found[-1]) + float(centre @ w_new)))
    if np.any(y[S] > 0) and np.any(y[S] < 0):
        try:
            centre_s = _centre(X[S])
            alpha_s, _ = _small_qp(X[S], y[S], None, tol, max_iter, "", centre_s)
            out.append(_primal_solution(X[S], y[S], alpha_s, support_tol, centre_s))
        except (NotSeparableError, ConvergenceError):
            pass
    return out


def _supports(alpha: np.ndarray, support_tol: float, d: int) -> list[np.ndarray]:
    """Candidate supports whose margin equations may give (w, t): the support vectors
    {alpha_i > support_tol max alpha}; where more, every alpha_i > 0 (an active set's
    vertex can put 1e-15 of the largest multiplier on a sample it needs for rank d + 1:
    2.4e-8 -> 3.4e-12 on such a set); and where the support vectors are more than d + 1,
    the d + 1 largest (Clarabel's polish kept 2e-6 of the largest on a sample 7e-6 off
    the margin, d = 1: 3.4e-6 -> 0)."""
    strict, positive = np.flatnonzero(alpha > support_tol * alpha.max()), np.flatnonzero(alpha > 0)
    out = [strict]
    if positive.size > strict.size:
        out.append(positive)
    if strict.size > d + 1:
        out.append(np.sort(np.argsort(alpha)[-(d + 1):]))
    return out


def _margin_equations(B: np.ndarray) -> np.ndarray | None:
    """v = (w, t) with B v = 1 for the rows b_i = (y_i z_i, -y_i), by QR with one step of
    refinement (d' the columns not all 0 in B: a column constant on the data is 0 once
    centred, and its weight is 0; a repeated row counts once): where the rows have rank
    d' + 1, the least-squares solution, which they fix; otherwise the solution of least
    ||w|| on a largest independent subset of the y_i z_i (pivoted QR; on a margin the
    other equations are consistent with it, and the caller's residual judges whether they
    are). None when no such solution is finite."""
    cols = np.flatnonzero(np.any(B[:, :-1] != 0.0, axis=0))
    A = np.unique(np.concatenate([B[:, cols], B[:, -1:]], axis=1), axis=0)
    u = None
    if A.shape[0] >= A.shape[1]:
        Q, R = np.linalg.qr(A)
        diag = np.abs(np.diag(R))
        if diag.min() > A.shape[1] * np.finfo(float).eps * diag.max():
            solve = lambda b: scipy.linalg.solve_triangular(R, Q.T @ b)   # noqa: E731
            u = solve(np.ones(A.shape[0]))
            u += solve(1.0 - A @ u)
    if u is None:
        _, R, order = scipy.linalg.qr(A[:, :-1].T, mode="economic", pivoting=True)
        diag = np.abs(np.diag(R))
        rank = int(np.count_nonzero(diag > max(A.shape) * np.finfo(float).eps * diag[0])) \
            if diag.size and diag[0] > 0 else 0
        u = _least_norm(A[np.sort(order[:rank])]) if rank else None
    if u is None or not np.all(np.isfinite(u)):
        return None
    v = np.zeros(B.shape[1])
    v[cols], v[-1] = u[:-1], u[-1]
    return v


def _least_norm(A: np.ndarray) -> np.ndarray | None:
    """(w, t) minimising ||w|| subject to A (w, t) = 1 for p < d + 1 rows a_i = (y_i z_i,
    -y_i) with the y_i z_i independent: the equality QP on a support of p samples. With
    Q R = [y_i z_i]^T (d x p), w = Q c and the constraints read R^T c = 1 + y t, so c =
    g + t h for g = R^-T 1, h = R^-T y, and ||w|| = ||c|| is least at t = -<g, h>/<h, h>.
    Triangular solves with R (condition that of the rows, not its square, as the bordered
    system of the multipliers has). One step of refinement. None when R is singular or
    y = 0 on these rows is impossible (h = 0)."""
    Bw, yt = A[:, :-1], -A[:, -1]
    Q, R = np.linalg.qr(Bw.T)
    diag = np.abs(np.diag(R))
    if diag.size == 0 or diag.min() <= Bw.shape[1] * np.finfo(float).eps * diag.max():
        return None
    h = scipy.linalg.solve_triangular(R, yt, trans="T")
    hh = float(h @ h)
    if hh == 0.0:
        return None

    def step(r):
        g = scipy.linalg.solve_triangular(R, r, trans="T")
        t = -float(g @ h) / hh
        return g + t * h, t

    c, t = step(np.ones(A.shape[0]))
    u = np.append(Q @ c, t)
    dc, dt = step(1.0 - A @ u)
    u = np.append(Q @ (c + dc), t + dt)
    return u if np.all(np.isfinite(u)) else None


def _residual_with(A: np.ndarray, alpha: np.ndarray, v: np.ndarray) -> float:
    """The largest KKT residual of (alpha, v) on the rows A (a_i = (y_i z_i, -y_i)), as
    ``kkt_`` measures it: the margin violation 1 - min a_i^T v, complementarity and
    sum alpha_i y_i relative to sum alpha, and w - sum alpha_i y_i z_i relative to max |w|."""
    u = alpha @ A                          # (sum alpha_i y_i z_i, -sum alpha_i y_i)
    top = max(float(np.max(np.abs(v[:-1]))), np.finfo(float).tiny)
    # a candidate with w ~ 0 (equations of one class's samples) is infinitely far: inf,
    # without NumPy's overflow warning reaching the user (the kit's zoo met one)
    with np.errstate(over="ignore"):
        drift = np.float64(np.max(np.abs(v[:-1] - u[:-1]))) / np.float64(top)
    return max(_largest_residual(A @ v, alpha, float(u[-1])), float(drift))


def _largest_residual(margins: np.ndarray, alpha: np.ndarray, alpha_y: float) -> float:
    """The margin violation 1 - min margin, and max alpha_i |margin_i - 1| and
    |sum alpha_i y_i| (``alpha_y``) relative to sum alpha: the KKT residuals every judge
    here shares (``kkt_`` measures each of them)."""
    total = max(float(alpha.sum()), np.finfo(float).tiny)
    return max(1.0 - float(np.min(margins)),
               float(np.max(alpha * np.abs(margins - 1.0))) / total, abs(alpha_y) / total)


def _polish(Z: np.ndarray, y: np.ndarray, alpha: np.ndarray, t: float,
            accept: float | None = None) -> np.ndarray | None:
    """Resolve the active set the interior point only approaches (after OSQP's polishing).

    An interior-point iterate has every alpha_i > 0 and every slack y_i(<w, z_i> - t) - 1 > 0,
    both tending to 0 on the active constraints; where a sample lies on the margin with
    alpha_i = 0 (no strict complementarity: the exercise of hermosillo2017), alpha_i shrinks
    only like the square root of the tolerance. On the guessed active set S = {i : alpha_i >=
    slack_i} the KKT conditions are linear: sum_{j in S} alpha_j y_i y_j <z_i, z_j> - y_i t = 1
    (i in S), sum_{j in S} alpha_j y_j = 0. Their least-squares solution replaces alpha when it
    is a KKT point, i.e. alpha_S >= 0 and every margin >= 1 up to rounding, and its KKT residual
    is smaller (and, with ``accept``, below accept * max(1, sum alpha)); otherwise None (the
    caller keeps the solver's alpha). ``t`` is the solver's threshold (the multiplier of
    sum alpha_i y_i = 0, or the primal's t), in the coordinates of ``Z``."""
    w = (alpha * y) @ Z
    slack = y * (Z @ w - t) - 1.0
    S = np.flatnonzero(alpha >= slack)
    Zs = y[S, None] * Z[S]
    K = np.block([[Zs @ Zs.T, -y[S, None]], [y[None, S], np.zeros((1, 1))]])
    rhs = np.concatenate([np.ones(S.size), [0.0]])
    # the least-squares solution (as lstsq: singular values below eps * size * largest
    # dropped) from one SVD, reused by the refinement
    U, sv, Vt = np.linalg.svd(K)
    keep = sv > np.finfo(float).eps * K.shape[0] * sv[0]

    def lstsq(b):
        return Vt[keep].T @ ((U[:, keep].T @ b) / sv[keep])

    sol = lstsq(rhs)
    for _ in range(2):
        # iterative refinement on the quantities checked below: K's condition (1e5 .. 1e6
        # with multipliers ~1e4) leaves margins 1e-11 off, ten times the rounding bound
        w_s = (sol[:-1] * y[S]) @ Z[S]
        residual_s = np.append(y[S] * (Z[S] @ w_s - sol[-1]) - 1.0, sol[:-1] @ y[S])
        sol = sol - lstsq(residual_s)
    a_s, t_s = sol[:-1], sol[-1]
    eps = 64 * np.finfo(float).eps * max(1.0, float(np.max(np.abs(a_s))))
    if np.any(a_s < -eps):
        return None
    polished = np.zeros_like(alpha)
    polished[S] = np.clip(a_s, 0.0, None)
    w_p = (polished * y) @ Z
    rounding = 64 * np.finfo(float).eps * Z.shape[1] * float(np.max(np.abs(Z) @ np.abs(w_p) + abs(t_s)))
    if np.min(y * (Z @ w_p - t_s)) < 1.0 - rounding:
        return None

    def residual(a, tt):
        ww = (a * y) @ Z
        m = y * (Z @ ww - tt)
        return max(float(np.max(np.clip(1.0 - m, 0.0, None))), float(np.max(a * np.abs(m - 1.0))),
                   abs(float(a @ y)))

    mine = residual(polished, t_s)
    if mine > residual(alpha, t) or (accept is not None
                                     and mine > accept * max(1.0, float(polished.sum()))):
        return None
    return polished


def _result(X, y, alpha, method, n_iter, support_tol, tol, max_iter) -> SVMResult:
    w, t = _primal_solution(X, y, alpha, support_tol, _centre(X))
    w, t, _ = _repaired(X, y, alpha, w, t, float(np.min(y * (X @ w - t))),
                        lambda w_c, t_c: float(np.min(y * (X @ w_c - t_c))), support_tol,
                        tol, max_iter)
    margins = y * (X @ w - t)
    return _finish(alpha, w, t, alpha, y, X, margins, float(np.min(margins)), support_tol,
                   method, n_iter, 1, tol)


def _finish(alpha, w, t, a, ys, rows, margins, min_margin, support_tol, method, n_iter,
            rounds, tol, index=None) -> SVMResult:
    """The result and its KKT residuals from the samples that may carry a multiplier:
    ``a``, ``ys``, ``rows``, ``margins`` (all N, or the working set with alpha = 0 outside
    it, ``index`` its rows' positions in ``alpha``) and the smallest margin over all N; an
    :class:`AccuracyWarning` when a residual exceeds ``tol``.

    Where a residual exceeds ``tol``, or a support vector lies off the margin, the
    multipliers may be replaced by ones that fit the returned w more exactly
    (:func:`_consistent_multipliers`), and are where that lowers the largest residual they
    can change; w and t are never changed here."""
    ww = float(w @ w)
    centre = _centre(rows)
    kkt = _residuals(a, w, ys, rows, centre, margins, min_margin)
    # a support vector (alpha_i > support_tol max alpha) off the margin is no KKT point's
    # either, though complementarity, relative to sum alpha, stays small: Clarabel left
    # 1e-5 of max alpha on a sample 2.6e-5 beyond the margin (d = 1, N = 9, a degenerate
    # margin), with every residual <= 1.4e-10
    strays = np.any((a > support_tol * a.max()) & (margins > 1.0 + _OFF_MARGIN))
    if kkt.max() > tol or strays:
        given = a
        for candidate in _consistent_multipliers(a, w, ys, rows, centre, margins):
            residuals = _residuals(candidate, w, ys, rows, centre, margins, min_margin)
            # primal feasibility is (w, t)'s alone: the candidates are judged on the rest
            if _of_alpha(residuals) < _of_alpha(kkt):
                a, kkt = candidate, residuals
        if a is not given:
            alpha = alpha.copy()
            alpha[slice(None) if index is None else index] = a
    if kkt.max() > tol:
        _warn_inaccurate(kkt, tol, 1.0 / np.sqrt(ww), float(np.max(np.abs(rows - centre))),
                         method)
    is_support = a > support_tol * a.max()
    support = np.flatnonzero(is_support) if index is None else index[is_support]
    primal, dual = 0.5 * ww, float(a.sum()) - 0.5 * ww
    return SVMResult(
        alpha_=alpha, coef_=w, threshold_=t, intercept_=-t, support_=support,
        support_vectors_=rows[is_support], margin_=1.0 / np.sqrt(ww),
        primal_objective_=primal, dual_objective_=dual, duality_gap_=primal - dual, kkt_=kkt,
        method_=method, n_iter_=int(n_iter), rounds_=int(rounds))


def _consistent_multipliers(a, w, ys, rows, centre, margins) -> list[np.ndarray]:
    """Multipliers closer to a KKT point for the given (w, t), to be taken where they are.

    Where the classes are rho of the spread apart, alpha ~ rho^-2 and w ~ rho^-1, so w =
    sum alpha_i y_i (x_i - c) holds only as well as alpha is known, and on a degenerate
    margin (samples on it affinely dependent: the support's columns have condition ~1e17)
    alpha is not unique at all: a solver's alpha fits the w of the margin equations to
    ~1e-8 .. 1e-5 at rho = 8e-6 .. 2e-7, every solver alike, against a rounding floor
    eps/rho (3e-11 .. 1e-9). The candidates:

    - alpha_i = 0 off the margin (an interior point's multipliers are > 0 on every sample;
      where its polish refuses an ill-conditioned set, ~1e-12 of the largest alpha stays on
      each, and a thousand of them add up in the sum);
    - on the samples on the margin (within 1e-6, 1e-9 or 1e-12 of it: three candidates),
      alpha >= 0 fitting (w, 0) = sum alpha_i (y_i (x_i - c), y_i) by non-negative least
      squares (Lawson-Hanson, SciPy's nnls; in the coordinates (x - c)/spread):
      stationarity to 1-3 x eps/rho on those sets. Only where p samples
      on the margin make p (d + 1)^2 <= 3e8 (nnls took 172 ms at d + 1 = 401, p = 1,604;
      8.4 ms at 51 x 2,000); a larger margin is left as it is."""
    from scipy.optimize import nnls

    out = []
    off = (a > 0) & (margins > 1.0 + _OFF_MARGIN)
    if np.any(off) and np.any((a > 0) & ~off):      # (all off: no multiplier would remain)
        out.append(np.where(off, 0.0, a))
    d = rows.shape[1]
    scale = float(np.max(np.abs(rows - centre)))
    for band in _ON_MARGIN_BANDS:
        on = np.flatnonzero((a > 0) & (margins <= 1.0 + band))
        if on.size == 0 or on.size * (d + 1) ** 2 > _NNLS_MAX_WORK or scale == 0.0:
            continue
        M = np.empty((d + 1, on.size))
        M[:d] = ((rows[on] - centre) / scale * ys[on, None]).T
        M[d] = ys[on]
        try:
            a_z, _ = nnls(M, np.append(w * scale, 0.0), maxiter=50 * on.size)
        except RuntimeError:       # its iteration limit
            continue
        if np.all(np.isfinite(a_z)) and np.any(a_z > 0):
            fitted = np.zeros_like(a)
            fitted[on] = a_z / scale**2
            out.append(fitted)
    return out


# a sample whose margin exceeds 1 by more than this is off the margin, where KKT wants
# alpha_i = 0 (far above the margins' rounding, ~eps/rho: 2e-8 at rho = 1e-8; a wrong call
# only makes the residuals larger, and _finish then keeps the multipliers as they were)
_OFF_MARGIN = 1e-6
# the samples nnls may put multipliers on: margins within these of 1, each band a
# candidate (a sample 1.8e-8 beyond the margin took the weight of one on it in the 1e-6
# band: complementarity 1e-8; the 1e-9 band leaves it out)
_ON_MARGIN_BANDS = (_OFF_MARGIN, 1e-9, 1e-12)
# the largest p (d + 1)^2 (p samples on the margin) whose multipliers nnls refits
_NNLS_MAX_WORK = 3e8


def _score(a, w, t, ys, rows, centre, margins, min_margin) -> float:
    """The largest KKT residual (w, t) would be reported with by :func:`_finish`: primal
    feasibility, and the rest with the multipliers ``a`` or the most exact of their refits
    to this w. How the candidates of :func:`_join_violators` are judged: a (w, t) whose
    margins rose but whose w no multipliers fit (a feasible point that is not the
    optimum) scores no better."""
    kkt = _residuals(a, w, ys, rows, centre, margins, min_margin)
    rest = _of_alpha(kkt)
    for candidate in _consistent_multipliers(a, w, ys, rows, centre, margins):
        rest = min(rest, _of_alpha(_residuals(candidate, w, ys, rows, centre, margins,
                                              min_margin)))
    return max(kkt.primal_feasibility_, rest)


def _of_alpha(kkt: KKTResiduals) -> float:
    """The largest of the residuals the multipliers change (all but primal feasibility)."""
    return max(kkt.dual_feasibility_, kkt.stationarity_t_, kkt.stationarity_w_,
               kkt.complementarity_)


def _residuals(a, w, ys, rows, centre, margins, min_margin) -> KKTResiduals:
    total = float(a.sum())
    return KKTResiduals(
        primal_feasibility_=max(0.0, 1.0 - min_margin),
        dual_feasibility_=float(np.max(np.clip(-a, 0.0, None))),
        stationarity_t_=abs(float(a @ ys)) / total,
        # w - sum a_i y_i x_i through centred rows: a constant column at 1e250 would add
        # (sum a_i y_i) 1e250, the rounding of stationarity_t_ times 1e250, to this one
        stationarity_w_=float(np.max(np.abs(w - (a * ys) @ (rows - centre))))
        / float(np.max(np.abs(w))),
        complementarity_=float(np.max(a * np.abs(margins - 1.0))) / total,
    )


def _warn_inaccurate(kkt: KKTResiduals, tol: float, margin: float, spread: float,
                     method: str) -> None:
    """Say that the fit meets its KKT conditions only to ``kkt.max() > tol``, and why. On
    z = (x - mean)/spread the margin is rho = margin/spread, and a margin y_i(<w, z_i> - t)
    is a sum of terms ~1/rho, so rounding leaves residuals ~eps/rho (measured: 7e-9 at
    rho = 8.6e-9, 1e-10 at 1.4e-6): within 1000 times that, the data are the cause (and
    rescaling does not change rho); beyond, the solver stopped short, and the other method
    (another solver) is the way out. (Not "pass a larger tol": with tol = 1e-4 Clarabel
    calls a set with rho ~ 1e-6 infeasible.)"""
    import warnings

    from .errors import AccuracyWarning

    name, worst = max(vars(kkt).items(), key=lambda item: item[1])
    rho = margin / spread if spread > 0 else np.inf
    floor = np.finfo(float).eps / rho
    head = (f"hard_margin_svm: the KKT residual kkt_.{name} is {worst:.1e}, above tol={tol:g}. "
            f"The margin is {rho:.1e} of the samples' spread (the largest |x_ij - mean_j| the "
            f"QP held), so rounding alone leaves residuals of about eps/{rho:.1e} = "
            f"{floor:.0e}")
    if worst <= 1e3 * floor:
        text = (": the classes are too close for a hard margin to this accuracy (rescaling X "
                "does not change the ratio). coef_ and threshold_ are the most exact found. If "
                "this accuracy is enough, filter the warning (warnings.filterwarnings('ignore', "
                "category=numerics.errors.AccuracyWarning)); otherwise use a soft-margin SVM, "
                "e.g. sklearn.svm.LinearSVC(loss='hinge', C=1e4).")
    else:
        other = "primal" if method == "working_set" else "working_set"
        text = (f", far below this: the {method} solver stopped short of tol on these data. "
                "coef_ and threshold_ are the most exact it found. Try "
                f"method='{other}' (another solver: "
                + ("Clarabel's interior point" if other == "primal" else "DAQP's active set")
                + "), and please report the data if neither reaches tol.")
    warnings.warn(head + text, AccuracyWarning, stacklevel=_caller_level())


def _caller_level() -> int:
    """The ``stacklevel`` that points a warning at the first frame outside ``numerics``
    (the fit's depth differs by path: the working set, its whole-QP fallback, the
    estimator)."""
    import os
    import sys

    here = os.path.dirname(os.path.abspath(__file__))
    frame, level = sys._getframe(1), 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(here + os.sep):
        frame, level = frame.f_back, level + 1
    return level
