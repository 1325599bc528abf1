"""The working set's small hard-margin QP by DAQP, a compiled dual active-set solver.

The small QP of :mod:`numerics._svm_working_set` has m rows (a few hundred to a few
thousand) and d + 1 unknowns v = (w, t), of which at most d + 1 constraints are active at
the optimum (more only when more samples lie exactly on the margin). With the rows
a_i = (y_i z_i, -y_i) and D = diag(1, .., 1, 0) it is

    min (1/2) v^T D v   subject to   A v >= 1.

DAQP (Arnström, Bemporad and Axehill, "A dual active-set solver for embedded quadratic
programming using recursive LDL^T updates", IEEE TAC 67(8), 2022; C, MIT, wheels on PyPI)
is the dual active-set method of Goldfarb and Idnani: it adds the most violated
constraint, drops a constraint whose multiplier would turn negative, and updates an LDL^T
factor per change, so the answer is the exact solution of the equality QP on the final
active set (no interior-point iterate to polish). D is singular in t; DAQP regularises
such a Hessian by proximal-point outer iterations (its ``eps_prox < 0`` default), each a
warm start of the last. The previous round's support vectors start the active set
(``dual_start``), so a round that adds a few support vectors costs a few changes.

Measured on the working sets of ``benchmarks/bench_svm.py`` (one BLAS thread, one process,
the same sets): d = 2, 256 rows: 0.02 ms against 0.78 ms for lindisc's own active set in
Python; d = 10, 1024 rows: 0.2 ms against 2.3 ms (interior point and its crossover to that
active set); d = 50,
768 rows: 2.5 ms against 5.2 ms, 0.85 ms warm-started; d = 200, 804 rows: 12.8 ms against
20 ms.

This is a fast path, not a decider: the caller (:func:`numerics.svm._small_qp`) re-solves
the multipliers on their support (DAQP's are its proximal iterate's, 1e-12 off an exact
0) and accepts them only as a KKT point of the small QP to rounding; otherwise lindisc's
own active set (:mod:`numerics._svm_active_set`, which handles degenerate margins, where
DAQP cycles), then the dense interior point, its polish and Clarabel, whose statuses and
certificates decide infeasibility.
"""

from __future__ import annotations

import numpy as np

__all__ = ["daqp_qp"]

# DAQP's infinity (DAQP_INF): no upper bound on A v
_INF = 1e30
# constraint violation DAQP tolerates at termination (its default, 1e-6, is a controller's
# accuracy; the caller wants every margin >= 1 to rounding); on rows of norm <= sqrt(2)
_PRIMAL_TOL = 1e-12

def _hessian(d1: int) -> np.ndarray:
    H = np.eye(d1)
    H[d1 - 1, d1 - 1] = 0.0
    return H


def daqp_qp(A: np.ndarray, start: np.ndarray | None,
            max_iter: int) -> tuple[np.ndarray, np.ndarray, int] | None:
    """alpha (m,), v = (w, t) and DAQP's iterations for min (1/2) v^T D v s.t. A v >= 1 on
    the rows ``A`` (a_i = (y_i z_i, -y_i)), the active set started at the rows ``start``
    (positions in A: the previous round's support vectors) or empty. None when DAQP does
    not report an optimum (infeasible rows, cycling, its iteration limit)."""
    import daqp

    m, d1 = A.shape
    A = np.ascontiguousarray(A, dtype=np.float64)
    dual_start = None
    if start is not None and start.size:
        # lower bounds active: negative multipliers (DAQP's sign for blower <= A v)
        dual_start = np.zeros(m)
        dual_start[start] = -1.0
    x, _, exitflag, info = daqp.solve(
        _hessian(d1), np.zeros(d1), A, np.full(m, _INF), np.ones(m),
        np.zeros(m, dtype=np.int32), primal_tol=_PRIMAL_TOL, iter_limit=int(max_iter),
        dual_start=dual_start)
    if exitflag != 1:
        return None
    lam = np.asarray(info["lam"], dtype=np.float64)
    # the multipliers of the active lower bounds are <= 0; a positive one would be an
    # upper bound, which A v <= 1e30 never is
    if lam.shape != (m,) or not np.all(np.isfinite(lam)) or np.any(lam > 0.0):
        return None
    return -lam, np.asarray(x, dtype=np.float64), int(info["iterations"])
