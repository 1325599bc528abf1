"""The working set's small hard-margin QP by an exact dual active set, warm-started.

The small QP of :mod:`numerics._svm_working_set` has m rows (a few hundred to a few
thousand) and d + 1 unknowns v = (w, t), of which at most d + 1 constraints are active.
An interior point pays m (d + 1)^2 flops in each of its 10-30 iterations and starts from
nothing every round; this solver pays O((d + 1)^2) per change of the active set and
continues from the previous round's support vectors, so a round that adds a few support
vectors costs a few updates. From nothing it needs about 4 (d + 1) pivots (measured: 39 at
d = 10, 185-213 at d = 50, 836 over three rounds at d = 200). DAQP (:mod:`numerics._svm_daqp`,
compiled) now solves the small QPs first; this solver is the second line of
:func:`numerics.svm._small_qp`, for the sets where DAQP gives up or its answer is refused:
degenerate margins (more than d + 1 samples on the margin, where DAQP cycles and this
method exchanges dependent rows), started from DAQP's support vectors or the previous
round's.

With the rows a_i = (y_i z_i, -y_i) and D = diag(1, .., 1, 0) the primal is
min (1/2) v^T D v s.t. A v >= 1, the dual min (1/2)||A^T alpha||_D^2 - 1^T alpha over
alpha >= 0 with y^T alpha = 0 (the last entry of A^T alpha). The method is Lawson and
Hanson's NNLS active set (1974, ch. 23) for that dual: a passive set P of samples held on
the margin, A_P v = 1, with v minimising v^T D v there and alpha_P its multipliers
(A_P^T alpha_P = D v); every step keeps alpha >= 0, and

- the sample of smallest margin a_j v < 1 - eps joins P (its multiplier then grows from 0:
  the dual decreases along it);
- where the new multipliers are not all positive, alpha moves toward them until the first
  one reaches 0, which leaves P (the dual still decreases);
- a row a_j that is a combination sum c_i a_i of the rows of P (more than d + 1 samples on
  the margin, the degenerate case) is exchanged: alpha_j grows while alpha_P falls by c,
  which keeps A^T alpha and lowers the dual by 1 - sum c_i > 0, until some alpha_i with
  c_i > 0 is 0 and leaves; with no c_i > 0 the dual is unbounded, so the rows admit no
  separator, and the caller's interior point and Clarabel take over (their statuses and
  the hull certificate decide infeasibility).

On P the equality QP is solved through the QR factors of A_P^T = Q_1 R_1 (Q square),
updated in O((d + 1)^2): a joining row by one Householder reflection of the trailing
columns of Q, a leaving one by :func:`scipy.linalg.qr_delete`; with c = R_1^{-T} 1 and q
the last row of Q_1 (where t sits), t = beta = q^T c / q^T q, g = c - beta q, v = Q_1 g +
beta e_t and alpha_P = R_1^{-1} g (from v = Q_1 c + Q_2 u minimising v^T D v; q is never 0
as every row has a t entry of +-1). Pricing needs the smallest margin a_i v off P; a
margin computed at an earlier v_0 bounds it, a_i v >= a_i v_0 - ||a_i|| ||v - v_0||, so
only the rows whose bound falls below 1 are recomputed (all of them once that is more than
an eighth). The answer is refactored from scratch at the end and
checked by the caller (every margin >= 1, alpha >= 0, complementarity), who falls back to
the interior point when it is not a KKT point to rounding: this solver is a fast path, not
a decider.
"""

from __future__ import annotations

import numpy as np
import scipy.linalg
import scipy.linalg.lapack

__all__ = ["active_set_qp"]

# |R_jj| below this fraction of ||a_j||: the row depends on the rows of P
_DEPENDENT = 1e-9


class _Failed(Exception):
    """The active set gave up (unbounded dual, cycling, a singular factor)."""


class _Factors:
    """A_P^T = Q R with Q square and R kept in the first p columns of a square buffer whose
    other columns are those of the identity (so one triangular solve of the whole buffer
    solves with R_1, Fortran order for LAPACK)."""

    def __init__(self, A: np.ndarray, P: list[int]) -> None:
        d1, p = A.shape[1], len(P)
        if p > d1:
            raise _Failed("more rows than unknowns")
        Q, R = scipy.linalg.qr(A[P].T, check_finite=False)
        diag = np.abs(np.diag(R[:p, :p]))
        if p and float(np.min(diag)) <= _DEPENDENT * float(np.max(np.linalg.norm(A[P], axis=1))):
            raise _Failed("dependent start")
        self.d1, self.p = d1, p
        self.Q = np.asfortranarray(Q)
        self.R = np.eye(d1, order="F")
        self.R[:, :p] = R

    def add(self, a: np.ndarray) -> bool:
        """Append the column a (False, nothing changed, when it depends on the others)."""
        p, Q = self.p, self.Q
        wq = Q.T @ a
        tail = wq[p:]
        norm = float(np.linalg.norm(tail))
        if norm <= _DEPENDENT * float(np.linalg.norm(a)):
            return False
        diag = -norm if tail[0] >= 0 else norm
        u = tail.copy()
        u[0] -= diag
        u /= np.linalg.norm(u)
        trailing = Q[:, p:]
        trailing -= np.outer(2.0 * (trailing @ u), u)
        self.R[:p, p] = wq[:p]
        self.R[p, p] = diag
        self.p = p + 1
        return True

    def delete(self, k: int) -> None:
        p = self.p
        Q, R = scipy.linalg.qr_delete(self.Q, self.R[:, :p], k, 1, which="col",
                                      check_finite=False)
        self.Q = np.asfortranarray(Q)
        self.R[:, : p - 1] = R
        self.R[:, p - 1] = 0.0
        self.R[p - 1, p - 1] = 1.0
        self.p = p - 1

    def _solve(self, b: np.ndarray, trans: int) -> np.ndarray:
        x, info = _trtrs(self.R, b, trans=trans)
        if info != 0:
            raise _Failed("singular factor")
        return x

    def eqp(self):
        """v and alpha_P of the equality QP on the p rows of the factors."""
        p, d1, Q = self.p, self.d1, self.Q
        rhs = np.zeros(d1)
        rhs[:p] = 1.0
        c = self._solve(rhs, 1)[:p]
        q = Q[d1 - 1, :p]
        beta = float(q @ c) / float(q @ q)
        g = c - beta * q
        v = Q[:, :p] @ g
        v[d1 - 1] += beta
        rhs[:p] = g
        return v, self._solve(rhs, 0)[:p]

    def coefficients(self, a: np.ndarray) -> np.ndarray:
        """c with A_P^T c = a, for a in the span of the rows of P."""
        rhs = np.zeros(self.d1)
        rhs[: self.p] = self.Q[:, : self.p].T @ a
        return self._solve(rhs, 0)[: self.p]


_trtrs = scipy.linalg.lapack.dtrtrs


def active_set_qp(A: np.ndarray, start: np.ndarray | None, eps: float,
                  max_iter: int) -> tuple[np.ndarray, np.ndarray, int] | None:
    """alpha (m,), v = (w, t) and the iterations of min (1/2) v^T D v s.t. A v >= 1 - eps on
    the rows ``A`` (a_i = (y_i z_i, -y_i), module docstring), started from the samples
    ``start`` (the previous round's support vectors) or, without, from the first sample of
    each class in A. None when it gives up."""
    try:
        return _run(A, start, eps, max_iter)
    except (_Failed, np.linalg.LinAlgError, ValueError):
        return None


def _start(A: np.ndarray, start: np.ndarray | None) -> list[int]:
    if start is not None and start.size:
        P = [int(i) for i in start]
        labels = A[P, -1]
        if np.any(labels > 0) and np.any(labels < 0) and len(P) <= A.shape[1]:
            return P
    # the first sample of each class (the caller orders the first set by margin)
    first_neg = int(np.argmax(A[:, -1] > 0))     # y = -1: t entry +1
    first_pos = int(np.argmax(A[:, -1] < 0))
    return [first_pos, first_neg]


def _initial(A: np.ndarray, start: np.ndarray | None):
    """Factors, P and the EQP solution of a start whose multipliers are all positive (a
    dual-feasible point): the warm start without the samples whose multiplier is not."""
    P = _start(A, start)
    while True:
        try:
            F = _Factors(A, P)
        except _Failed:
            if len(P) == 2:
                raise
            P = _start(A, None)
            continue
        v, alpha_P = F.eqp()
        if np.all(alpha_P > 0):
            return F, P, v, alpha_P
        if len(P) == 2:
            raise _Failed("no positive start")
        keep = [i for i, a in zip(P, alpha_P, strict=True) if a > 0]
        P = keep if len({float(A[i, -1]) for i in keep}) == 2 else _start(A, None)


def _run(A: np.ndarray, start: np.ndarray | None, eps: float, max_iter: int):
    m, d1 = A.shape
    F, P, v, alpha_P = _initial(A, start)
    in_P = np.zeros(m, dtype=bool)
    in_P[P] = True
    norms = np.linalg.norm(A, axis=1)
    top = float(norms.max())
    v_ref, m_ref = v.copy(), A @ v
    for it in range(1, max_iter + 1):
        # below rounding a sample is on the margin, not a violator
        floor = 1.0 - max(eps, 64 * np.finfo(float).eps * top * float(np.linalg.norm(v)))
        cand = np.flatnonzero(m_ref - norms * float(np.linalg.norm(v - v_ref)) < floor)
        if cand.size > m // 8:
            v_ref, m_ref = v.copy(), A @ v
            cand = np.flatnonzero(m_ref < floor)
            margins = m_ref[cand]
        else:
            margins = A[cand] @ v
        margins[in_P[cand]] = np.inf
        if cand.size == 0 or float(np.min(margins)) >= floor:
            F = _Factors(A, P)            # the answer from fresh factors
            v, alpha_P = F.eqp()
            alpha = np.zeros(m)
            alpha[P] = np.clip(alpha_P, 0.0, None)
            return alpha, v, it
        j = int(cand[int(np.argmin(margins))])
        a_j = A[j]
        joined = 0.0
        if not F.add(a_j):
            # exchange: alpha_j up, alpha_P down by c (A_P^T c = a_j)
            c = F.coefficients(a_j)
            if 1.0 - float(c.sum()) <= 0.0:
                raise _Failed("no descent along the exchange")
            pos = c > 0
            if not np.any(pos):
                raise _Failed("unbounded dual: the rows admit no separator")
            ratios = np.where(pos, alpha_P / np.where(pos, c, 1.0), np.inf)
            out = int(np.argmin(ratios))
            joined = float(ratios[out])
            alpha_P = np.delete(alpha_P - joined * c, out)
            F.delete(out)
            in_P[P[out]] = False
            del P[out]
            if not F.add(a_j):
                raise _Failed("the exchanged row depends on the others")
        P.append(j)
        in_P[j] = True
        alpha_P = np.append(alpha_P, joined)
        # the EQP on P; step back toward it while a multiplier would turn negative
        for _ in range(len(P) + 1):
            v_new, a_new = F.eqp()
            if np.all(a_new > 0):
                v, alpha_P = v_new, a_new
                break
            neg = a_new <= 0
            ratios = np.where(neg, alpha_P / np.where(neg, alpha_P - a_new, 1.0), np.inf)
            s = float(np.min(ratios))
            if s == 0.0 and neg[-1] and P[-1] == j and alpha_P[-1] == 0.0:
                raise _Failed("the sample that joined has no positive multiplier")
            alpha_P = alpha_P + s * (a_new - alpha_P)
            drop = np.flatnonzero(neg & (alpha_P <= 1e-14 * float(np.max(np.abs(alpha_P)))))
            if drop.size == 0:
                drop = np.array([int(np.argmin(ratios))])
            for k in drop[::-1].tolist():
                F.delete(k)
                in_P[P[k]] = False
                del P[k]
            alpha_P = np.delete(alpha_P, drop)
            if not P:
                raise _Failed("empty passive set")
        else:
            raise _Failed("the step-back loop did not settle")
    return None
