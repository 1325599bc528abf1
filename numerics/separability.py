"""Decide linear separability of two labelled point sets by linear programming, with proof.

Two finite sets are strictly linearly separable iff some ``(w, b)`` has
``t_n (w^T x_n + b) > 0`` for every sample, iff (scaling ``(w, b)``) the linear system
``t_n (w^T x_n + b) >= 1`` is feasible. By Farkas' lemma exactly one of two things holds:

- the system is feasible, and a separating ``(w, b)`` is the proof;
- the convex hulls of the two classes intersect: there are convex weights ``alpha`` over the
  positives and ``beta`` over the negatives with ``sum_n alpha_n x_n = sum_m beta_m y_m``,
  and that common point is the proof (bromberg2012 §6, exercise 1; Bishop PRML
  Exercise 4.1). Dividing a Farkas multiplier ``lambda >= 0`` with ``sum_n lambda_n t_n
  [x_n; 1] = 0`` by its mass on each class gives exactly such ``alpha`` and ``beta``.

:func:`linear_separability` solves whichever LP succeeds (SciPy's HiGHS), checks the
returned proof numerically in the caller's coordinates, and only then reports. It is not a
classifier: it learns no margin-optimal separator (the perceptron and Ho-Kashyap modules
learn separators; this module is their ground truth).

Conventions
-----------
``X`` (n_samples, n_features) and the labels ``t`` in {-1, +1} are positional. Every
floating-point output is float64 for every input dtype (int, bool, float32 are converted on
entry); row indices are integers. Complex input raises :class:`InvalidInput`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import linprog, nnls

from ._validation import as_matrix, as_signed_labels
from .errors import LabelError, LindiscError

__all__ = ["SeparabilityResult", "SeparabilityUndecidedError", "linear_separability"]

_FEASIBILITY_TOL = 1e-9
"""Primal and dual feasibility tolerance handed to HiGHS (on standardised data)."""

_HIGHS_OPTIONS = {
    "primal_feasibility_tolerance": _FEASIBILITY_TOL,
    "dual_feasibility_tolerance": _FEASIBILITY_TOL,
    "presolve": True,
    "time_limit": 60.0,
}


class SeparabilityUndecidedError(LindiscError, ArithmeticError):
    """Neither a separating hyperplane nor a convex-hull intersection could be verified.

    Happens only when the two hulls are within the LP tolerance of touching (relative to the
    spread of the data), where strict separability is numerically ill-posed.
    """


@dataclass(frozen=True, eq=False)
class SeparabilityResult:
    """Outcome of :func:`linear_separability` with its verified proof.

    Attributes
    ----------
    separable_ : bool, the two classes are strictly linearly separable.
    coef_, intercept_ : (n_features,) and float, when separable: ``t_n (coef_^T x_n +
        intercept_) >= 1 - tol`` for every sample. None otherwise.
    min_margin_ : float, ``min_n t_n (coef_^T x_n + intercept_)`` when separable, else None.
    alpha_ : (n_positive,), when not separable: convex weights (``>= 0``, sum 1) over the
        rows of ``X[positive_index_]``. None otherwise.
    beta_ : (n_negative,), likewise over ``X[negative_index_]``.
    common_point_ : (n_features,), ``X[positive_index_].T @ alpha_`` when not separable:
        a point of both convex hulls. None otherwise.
    residual_ : float, ``||X[pos].T alpha - X[neg].T beta||_inf`` when not separable, else None.
    positive_index_, negative_index_ : integer row indices of the classes ``t = +1`` and
        ``t = -1``, in order.
    """

    separable_: bool
    coef_: np.ndarray | None
    intercept_: float | None
    min_margin_: float | None
    alpha_: np.ndarray | None
    beta_: np.ndarray | None
    common_point_: np.ndarray | None
    residual_: float | None
    positive_index_: np.ndarray
    negative_index_: np.ndarray


def _standardise(X: np.ndarray, *, per_feature: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Affine map ``z = (x - mu) / s``; separability and the hull weights are invariant under it.

    ``per_feature=True`` scales each feature by its own spread (the best conditioning for
    features of very different units); ``per_feature=False`` uses one scale, the largest
    spread, so that a feature whose spread is negligible stays negligible instead of being
    blown up to unit size (and its weight to overflow).
    """
    mu = X.mean(axis=0)
    spread = np.max(np.abs(X - mu), axis=0)
    s = spread if per_feature else np.full_like(spread, spread.max())
    s = np.where(s > 0, s, 1.0)
    return (X - mu) / s, mu, s


def _separator(X: np.ndarray, t: np.ndarray, *, per_feature: bool) -> tuple[np.ndarray, float] | None:
    """Solve ``min ||w||_1 s.t. t_n (w^T z_n + b) >= 1`` in standardised coordinates.

    Returns ``(w, b)`` mapped back to the caller's coordinates, or None if HiGHS reports the
    LP infeasible (or fails).
    """
    Z, mu, s = _standardise(X, per_feature=per_feature)
    n, d = Z.shape
    A_ub = -t[:, None] * np.hstack([Z, -Z, np.ones((n, 1))])
    cost = np.concatenate([np.ones(2 * d), [0.0]])
    bounds = [(0, None)] * (2 * d) + [(None, None)]
    res = linprog(cost, A_ub=A_ub, b_ub=-np.ones(n), bounds=bounds, method="highs",
                  options=_HIGHS_OPTIONS)
    if res.status != 0:
        return None
    with np.errstate(over="ignore", invalid="ignore"):  # non-finite results are checked next
        w = (res.x[:d] - res.x[d:2 * d]) / s
        b = float(res.x[-1] - w @ mu)
    if not (np.all(np.isfinite(w)) and np.isfinite(b)):
        return None
    return w, b


def _margin_rounding(X: np.ndarray, w: np.ndarray, b: float) -> float:
    """Bound on the float64 error of any computed margin ``t_n (w^T x_n + b)``."""
    eps = np.finfo(float).eps
    return 4 * (X.shape[1] + 2) * eps * float(np.max(np.abs(X) @ np.abs(w) + abs(b)))


def _verified_separator(
    X: np.ndarray, t: np.ndarray, found: tuple[np.ndarray, float] | None
) -> tuple[np.ndarray, float, float] | None:
    """Accept an LP separator only if every margin's sign survives rounding; rescale to 1.

    Returns ``(w, b, min margin)`` with ``(w, b)`` divided by the smallest margin ``m``, so
    every margin is ``>= 1`` up to rounding, or None when ``m`` is not above the rounding
    bound (or the rescaled margins fail ``>= 1 - tol``).
    """
    if found is None:
        return None
    w, b = found
    smallest = float(np.min(t * (X @ w + b)))
    if not smallest > _margin_rounding(X, w, b):
        return None
    w, b = w / smallest, b / smallest
    smallest = float(np.min(t * (X @ w + b)))
    if smallest < 1 - (10 * _FEASIBILITY_TOL + _margin_rounding(X, w, b)):
        return None
    return w, b, smallest


def _polish(A: np.ndarray, rhs: np.ndarray, lam: np.ndarray) -> np.ndarray:
    """Re-solve ``A lam = rhs, lam >= 0`` on the LP solution's support to rounding level.

    HiGHS meets the equalities only to its feasibility tolerance; non-negative least squares
    (:func:`scipy.optimize.nnls`) restricted to the support of ``lam`` reaches the rounding
    level whenever an exact non-negative solution exists there. The LP solution is kept if
    the refinement does not reduce the residual.
    """
    support = lam > 0
    try:
        refined, _ = nnls(A[:, support], rhs)
    except RuntimeError:  # iteration limit: keep the LP solution
        return lam
    candidate = np.zeros_like(lam)
    candidate[support] = refined
    if np.linalg.norm(A @ candidate - rhs) < np.linalg.norm(A @ lam - rhs):
        return candidate
    return lam


def _hull_intersection(
    X: np.ndarray, pos: np.ndarray, neg: np.ndarray, *, per_feature: bool
) -> tuple[np.ndarray, np.ndarray] | None:
    """Find convex weights ``alpha``, ``beta`` with ``X[pos].T alpha = X[neg].T beta`` (LP)."""
    Z, _, _ = _standardise(X, per_feature=per_feature)
    n_pos, n_neg = pos.shape[0], neg.shape[0]
    A_eq = np.vstack([
        np.hstack([Z[pos].T, -Z[neg].T]),
        np.concatenate([np.ones(n_pos), np.zeros(n_neg)]),
        np.concatenate([np.zeros(n_pos), np.ones(n_neg)]),
    ])
    rhs = np.concatenate([np.zeros(Z.shape[1]), [1.0, 1.0]])
    res = linprog(np.zeros(n_pos + n_neg), A_eq=A_eq, b_eq=rhs, bounds=(0, None),
                  method="highs", options=_HIGHS_OPTIONS)
    if res.status != 0:
        return None
    lam = _polish(A_eq, rhs, np.clip(res.x, 0.0, None))
    alpha, beta = lam[:n_pos], lam[n_pos:]
    return alpha / alpha.sum(), beta / beta.sum()


def linear_separability(X: Any, t: Any) -> SeparabilityResult:
    """Decide whether ``{x_n : t_n = +1}`` and ``{x_n : t_n = -1}`` are strictly linearly separable.

    Separable: the LP ``min ||w||_1 subject to t_n (w^T x_n + b) >= 1`` (HiGHS) gives
    ``(w, b)``. It is accepted only if its smallest computed margin ``m`` exceeds the float64
    rounding bound ``4 (d + 2) eps max_n (|x_n|^T |w| + |b|)`` of the margins, so that every
    sign is certain; ``(w, b)`` is then divided by ``m`` and every margin re-checked to be
    ``>= 1 - tol`` with ``tol`` = ten times the HiGHS feasibility tolerance (1e-9) plus that
    rounding bound.

    Not separable: the LP ``find alpha, beta >= 0, sum alpha = sum beta = 1,
    sum alpha_n x_n = sum beta_m y_m`` -- the Farkas alternative, i.e. a common point of the
    two convex hulls (bromberg2012 §6, exercise 1) -- is solved, refined on its support by
    non-negative least squares, and accepted only if in every coordinate ``j``
    ``|sum alpha x_j - sum beta y_j| <= 4 (n + 2) eps (sum alpha |x_j| + sum beta |y_j|)``,
    the rounding bound of those sums: the hulls meet up to float64 rounding.

    Both LPs run on centred, scaled data ``z = (x - mean)/spread`` (which changes neither the
    answer nor the hull weights), first with one spread per feature and, if neither proof
    verifies, again with one common spread; proofs are always checked in the caller's
    coordinates.

    Conventions
    -----------
    X : (n_samples, n_features), no bias column; t : (n_samples,) labels in {-1, +1}, both
    present. Returns :class:`SeparabilityResult`. Raises :class:`SeparabilityUndecidedError`
    if neither proof verifies (hulls within tolerance of touching).
    """
    X = as_matrix(X, "X")
    labels = as_signed_labels(t, "t", n=X.shape[0])
    pos = np.flatnonzero(labels > 0)
    neg = np.flatnonzero(labels < 0)
    if pos.size == 0 or neg.size == 0:
        missing = "+1" if pos.size == 0 else "-1"
        raise LabelError(
            f"linear separability compares two classes, but t has no {missing} labels (all "
            f"{X.shape[0]} samples are in one class). Any hyperplane with every sample on one "
            f"side 'separates' it trivially; pass samples of both classes."
        )
    closest = np.inf
    for per_feature in (True, False):
        separator = _verified_separator(X, labels, _separator(X, labels, per_feature=per_feature))
        if separator is not None:
            w, b, smallest = separator
            return SeparabilityResult(
                separable_=True, coef_=w, intercept_=b, min_margin_=smallest,
                alpha_=None, beta_=None, common_point_=None, residual_=None,
                positive_index_=pos, negative_index_=neg,
            )
        weights = _hull_intersection(X, pos, neg, per_feature=per_feature)
        if weights is not None:
            alpha, beta = weights
            p, q = X[pos].T @ alpha, X[neg].T @ beta
            gap = np.abs(p - q)
            bound = 4 * (X.shape[0] + 2) * np.finfo(float).eps * (
                np.abs(X[pos]).T @ alpha + np.abs(X[neg]).T @ beta)
            if np.all(gap <= bound):
                return SeparabilityResult(
                    separable_=False, coef_=None, intercept_=None, min_margin_=None,
                    alpha_=alpha, beta_=beta, common_point_=p, residual_=float(gap.max()),
                    positive_index_=pos, negative_index_=neg,
                )
            closest = min(closest, float(gap.max()))
    raise SeparabilityUndecidedError(
        "could not verify either a separating hyperplane (no LP solution whose margins all "
        "exceed float64 rounding) or a common point of the two convex hulls (closest convex "
        f"combinations found: {closest:.3g} apart in some coordinate). The hulls are within "
        f"the LP feasibility tolerance ({_FEASIBILITY_TOL:g} of the data spread) of touching, "
        "where strict separability is numerically ill-posed. Rescale or perturb the data, or "
        "treat the classes as not robustly separable."
    )
