"""The Ho-Kashyap procedure: a separating vector on separable data, a proof otherwise.

For checking udelar2018 "Algoritmo de Ho-Kashyap para mínimos cuadrados" and the algorithm of
Duda-Hart-Stork §5.9 (Algorithm 11) against what they claim: with a margin vector b > 0,
minimise ||Y a - b||^2 over both a and b >= b0, alternating the least-squares solution
a = Y^+ b with a step on b that only ever increases it. On linearly separable data the error
e = Y a - b reaches 0 (so Y a = b > 0) in finitely many steps; otherwise e converges to a
nonzero vector with no positive component, and any e <= 0 with e != 0 proves non-separability
(Duda-Hart-Stork §5.9.1). This module runs the correct form, as Duda-Hart-Stork print it:

    a <- Y^+ b0;  repeat: e <- Y a - b;  e+ <- (e + |e|)/2;  b <- b + 2 eta(k) e+;  a <- Y^+ b
    until |e| <= b_min (componentwise) or k = max_iter.

(udelar2018 prints lines 5-6 as "b <- a + 2 eta e+" and "a <- Y^T b", which do not type-check
in general; the catalog records that as an erratum. This module runs the corrected lines.)

=================  ========================================================================
``ho_kashyap``     HoKashyapResult: a_, b_, e_, converged_, separable_, certificate_
=================  ========================================================================

Deciding. After each step the run stops as soon as one of the two alternatives of Gordan's
theorem is in hand: (i) Y a > 0 for every row, each a^T y_n above the rounding bound
4 (D + 2) eps |y_n|^T |a| of its computation — a separating vector (``separable_=True``;
with ``stop_at_separating=False`` the run continues to the printed test |e| <= b_min); or (ii)
c = e^- / sum(e^-) >= 0 (e^- = max(-e, 0)) with Y^T c = 0 to float64 rounding — a convex
combination of the normalised samples equal to 0, so no a has Y a > 0 (``separable_=False``,
``certificate_=c``). For (ii) the vector is refined on its support by non-negative least
squares and accepted only if in every coordinate |Y^T c|_j <= 4 (N + 2) eps (|Y|^T c)_j, the
rounding bound of those sums (the standard of :mod:`numerics.separability`). Otherwise, after
``max_iter`` steps, ``separable_=None``: Ho-Kashyap, like the perceptron, cannot tell slow
convergence from non-separability in a bounded number of steps.

Conventions
-----------
As :mod:`numerics.perceptron`: ``Y`` (N, D) normalised augmented samples (bias LAST), float64
outputs, complex input rejected, errors naming the argument. ``Y^+`` is the Moore-Penrose
pseudo-inverse, computed once from a thin SVD of Y diag(S), each column of Y scaled by the power
of two S_j that brings max |Y_nj| into [1/2, 1) (singular values below max(N, D) eps s_max are
treated as zero), so each step costs two products with (N, r) and (r, D) factors.

Scale. Since multiplying by a power of two is exact, Y diag(S) is the same array for Y and for
Y with any column multiplied by 2^k (e.g. normalised samples of data X 2^k): b, e, every
decision and the certificate are then the same bit for bit, and a_ is scaled by 2^-k in those
coordinates (short of overflow and underflow). Every bound the decisions use is relative to the
magnitudes of the very sums it bounds; none is absolute except the printed b_min on |e|, which
is scale-free (e = Y Y^+ b - b does not change when a column of Y is rescaled). ``eta``: a
positive float or a callable k -> float; the convergence theorem needs 0 < eta < 1.
``callback(k, a)`` is called after each step; returning True stops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.optimize import nnls

from ._validation import check_positive_int
from .errors import InvalidInput
from .perceptron import Callback, Eta, _check_callback, _finite_scalar, _rate, _samples, _weights

__all__ = ["HoKashyapResult", "ho_kashyap"]

_EPS = float(np.finfo(np.float64).eps)
# A candidate certificate is refined and checked once the positive part of e is this small
# relative to |e| (before that Y^T e^- = Y^T e^+ is visibly nonzero), and also at every step k
# that is a power of two: refining on the support of e^- can succeed long before e^+ is small
# (hulls that only touch, where e^+ -> 0 slowly), at a cost of log2(max_iter) refinements.
_CERTIFICATE_TRIGGER = 1e-6


@dataclass(frozen=True, eq=False)
class HoKashyapResult:
    """Outcome of :func:`ho_kashyap`.

    Attributes
    ----------
    a_ : (D,) final weights a = Y^+ b_.
    b_ : (N,) final margin vector (>= b0 componentwise: b never decreases).
    e_ : (N,) error Y a - b computed in the last step (before its update of b).
    converged_ : a solution was found: |e| <= b_min componentwise, or (with
        ``stop_at_separating``) Y a_ > 0.
    separable_ : True (Y a_ > 0 verified above rounding), False (certificate_ verified), or None (undecided
        at max_iter).
    certificate_ : (N,) when separable_ is False: c >= 0, sum c = 1, Y^T c = 0 to rounding
        (Gordan's alternative: 0 is a convex combination of the samples y_n); else None.
    certificate_residual_ : ||Y^T certificate_||_inf, or None.
    n_iter_ : steps k made.
    n_updates_ : steps in which e had a positive part (b changed).
    history_ : with ``record=True``, the pairs (a, b) after each step; otherwise None.
    """

    a_: np.ndarray
    b_: np.ndarray
    e_: np.ndarray
    converged_: bool
    separable_: bool | None
    certificate_: np.ndarray | None
    certificate_residual_: float | None
    n_iter_: int
    n_updates_: int
    history_: tuple[tuple[np.ndarray, np.ndarray], ...] | None


def _column_scales(Y: np.ndarray) -> np.ndarray:
    """S (D,) powers of two with max_n |Y_nj| S_j in [1/2, 1) (S_j = 1 for a zero column).

    Multiplying by a power of two is exact in float64 (short of overflow and underflow), so
    Y S is the same array, bit for bit, for Y and for Y diag(2^k_j): every step run on Y S,
    and every verdict, is invariant to rescaling the features (or any column) by powers of two.
    """
    _, exponent = np.frexp(np.abs(Y).max(axis=0) if Y.shape[0] else np.zeros(Y.shape[1]))
    return np.ldexp(1.0, -exponent)


def _pinv_factors(Ys: np.ndarray, S: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(P, Q, Z) with Y^+ b = P @ (Q @ b) - Z @ (Z^T @ (P @ (Q @ b))), Y = Ys / S.

    P = S V_r / s_r and Q = U_r^T from a thin SVD of the equilibrated Ys = Y diag(S) (rank r:
    singular values above max(N, D) eps s_max, judged on Ys so that the rank does not depend on
    the columns' scales). S (Ys)^+ b solves min ||Y a - b|| and equals Y^+ b when r = D; when
    r < D it can differ from the minimum-norm solution by a null vector of Y, which Z (an
    orthonormal basis of null(Y) = S null(Ys)) removes; Z is None when r = D.
    """
    U, s, Vt = np.linalg.svd(Ys, full_matrices=False)
    r = int(np.count_nonzero(s > max(Ys.shape) * _EPS * (s[0] if s.size else 0.0)))
    P = S[:, None] * (Vt[:r].T / s[:r])
    Z = None
    if r < Ys.shape[1]:
        _, _, Vfull = np.linalg.svd(Ys, full_matrices=True)
        Z, _ = np.linalg.qr(S[:, None] * Vfull[r:].T)
    return P, np.ascontiguousarray(U[:, :r].T), Z


def _solve(P: np.ndarray, Q: np.ndarray, Z: np.ndarray | None, b: np.ndarray) -> np.ndarray:
    """a = Y^+ b from the factors of :func:`_pinv_factors`."""
    a = P @ (Q @ b)
    return a if Z is None else a - Z @ (Z.T @ a)


def _separates(Y: np.ndarray, absY: np.ndarray, a: np.ndarray) -> bool:
    """Y a > 0 in every row with certainty: each computed a^T y_n exceeds the float64 rounding
    bound 4 (D + 2) eps |y_n|^T |a| of its own evaluation (the standard of
    :mod:`numerics.separability`), so no sign is an artefact of rounding."""
    bound = 4 * (Y.shape[1] + 2) * _EPS * (absY @ np.abs(a))
    return bool(np.all(Y @ a > bound))


def _refined(Ys: np.ndarray, support: np.ndarray, *, resolve: bool = True) -> list[np.ndarray]:
    """Candidates c >= 0, sum c = 1, zero off ``support``, from NNLS on [Ys^T; 1^T] c = (0, 1):
    the solution with weights below 4 eps max(c) dropped, the solution as solved, and (once)
    the NNLS solution on the support of the weights above sqrt(eps) max(c) -- NNLS leaves
    weights of order eps cond on rows that belong to no certificate, which Y^T c = 0 cannot
    absorb when such a row alone has a nonzero coordinate. Only candidates: each is accepted
    or not by the test in :func:`_certificate`."""
    A = np.vstack([Ys[support].T, np.ones(int(support.sum()))])
    rhs = np.zeros(A.shape[0])
    rhs[-1] = 1.0
    try:
        refined, _ = nnls(A, rhs)
    except RuntimeError:  # iteration limit: no refined candidate
        return []
    if not refined.sum() > 0:
        return []
    refined = refined / refined.sum()
    pruned = np.where(refined > 4 * _EPS * refined.max(), refined, 0.0)
    out = []
    for weights in (pruned / pruned.sum(), refined):
        candidate = np.zeros(support.size)
        candidate[support] = weights
        out.append(candidate)
    coarse = np.zeros(support.size, dtype=bool)
    coarse[support] = refined > np.sqrt(_EPS) * refined.max()
    if resolve and not np.array_equal(coarse, support):
        out += _refined(Ys, coarse, resolve=False)
    return out


def _certificate(Y: np.ndarray, S: np.ndarray, e: np.ndarray,
                 noise: np.ndarray) -> tuple[np.ndarray, float] | None:
    """A verified Gordan certificate from the negative part of e, or None.

    Candidates: NNLS refinements on the support of e^- without the entries within ``noise``
    (the rounding bound of each computed e_n = y_n^T a - b_n: its sign there is an artefact),
    then on the whole support of e^-, then e^- / sum(e^-) itself. The refinement solves
    [Ys^T; 1^T] c = (0, 1), c >= 0, on the equilibrated Ys = Y diag(S) (:func:`_column_scales`):
    the same solution set as with Y, but with rows of one scale, so that non-negative least
    squares weighs every coordinate alike (on Y itself a column of scale 2^-20 against the row
    of ones is solved to 2^20 times less relative accuracy) and computes the same candidates,
    bit for bit, for any power-of-two scaling of the columns. The acceptance test is relative
    in every coordinate, hence scale-invariant too.
    """
    minus = np.maximum(-e, 0.0)
    total = minus.sum()
    if total <= 0:
        return None
    Ys = Y * S
    support = minus > 0
    clear = minus > noise
    candidates = []
    if np.any(clear) and not np.array_equal(clear, support):
        candidates += _refined(Ys, clear)
    candidates += _refined(Ys, support)
    candidates.append(minus / total)
    for candidate in candidates:
        gap = np.abs(Y.T @ candidate)
        bound = 4 * (Y.shape[0] + 2) * _EPS * (np.abs(Y).T @ candidate)
        if np.all(gap <= bound):
            return candidate, float(gap.max())
    return None


def ho_kashyap(
    Y: Any,
    *,
    eta: Eta = 0.5,
    b0: Any = None,
    b_min: float = 1e-6,
    max_iter: int = 10_000,
    stop_at_separating: bool = True,
    record: bool = False,
    callback: Callback = None,
) -> HoKashyapResult:
    """Ho-Kashyap (Duda-Hart-Stork Algorithm 11, the correct form; see the module docstring).

    ``b0`` (N,) > 0 defaults to ones; ``b_min`` > 0 is the printed stopping threshold on |e|.
    Stops early with a verified separating vector (``stop_at_separating``) or a verified
    non-separability certificate; otherwise after ``max_iter`` steps with ``converged_=False``.
    """
    Y = _samples(Y)
    N, D = Y.shape
    rate = _rate(eta)
    b = _weights(b0, "b0", N, default=1.0)
    if not np.all(b > 0):
        raise InvalidInput(
            f"b0 must be > 0 in every component (the margins Y a = b > 0 sought), got "
            f"min(b0) = {b.min()!r}. Pass b0=None for ones, or a positive vector."
        )
    b_min = _finite_scalar(b_min, "b_min")
    if b_min <= 0:
        raise InvalidInput(f"b_min must be > 0 (the stopping threshold on |e|), got "
                           f"b_min={b_min!r}. Pass e.g. b_min=1e-6.")
    max_iter = check_positive_int(max_iter, "max_iter")
    _check_callback(callback)
    S = _column_scales(Y)
    P, Q, Z = _pinv_factors(Y * S, S)
    a = _solve(P, Q, Z, b)
    e = Y @ a - b
    history: list[tuple[np.ndarray, np.ndarray]] | None = [] if record else None
    k = updates = 0
    converged, separable, cert, residual = False, None, None, None
    absY = np.abs(Y)
    if _separates(Y, absY, a):
        separable = True
        converged = stop_at_separating
    while not converged and k < max_iter:
        k += 1
        e, a_e, b_e = Y @ a - b, a, b  # (a, b are rebound below, never modified in place)
        plus = 0.5 * (e + np.abs(e))
        if np.any(plus):
            updates += 1
        b = b + 2.0 * rate(k) * plus
        a = _solve(P, Q, Z, b)
        if history is not None:
            history.append((a.copy(), b.copy()))
        if separable is None and _separates(Y, absY, a):
            separable = True
        if np.all(np.abs(e) <= b_min) or (separable and stop_at_separating):
            converged = True
            break
        if separable is None and (plus.max() <= _CERTIFICATE_TRIGGER * np.abs(e).max()
                                  or k & (k - 1) == 0):
            # e_n = y_n^T a - b_n is computed with error below this bound (D products, a sum
            # of D terms, one subtraction), relative to the magnitudes it sums
            noise = 4 * (D + 2) * _EPS * (absY @ np.abs(a_e) + b_e)
            found = _certificate(Y, S, e, noise)
            if found is not None:
                (cert, residual), separable = found, False
                break
            if not np.any(plus):  # a fixed point: b, a and e will never change again
                break
        if callback is not None and callback(k, a.copy()):
            break
    return HoKashyapResult(
        a_=a, b_=b, e_=e, converged_=converged, separable_=separable, certificate_=cert,
        certificate_residual_=residual, n_iter_=k, n_updates_=updates,
        history_=tuple(history) if history is not None else None,
    )
