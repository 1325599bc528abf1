"""The hard-margin linear SVM (``numerics.svm``) against scikit-learn's liblinear and libsvm.

The grid (issue 40): N in {1e3, 1e4, 1e5, 1e6} x d in {2, 10, 50, 200}, separable data
with a chosen margin: x ~ N(0, I), labels sign(u^T x) for a random unit u, and every
sample moved by MARGIN along u to its own side, so u^T x = 0 separates with margin >=
MARGIN and N is exact. Rows per case:

- floor: one pass computing X w (a gemv over all N rows): what any solver that looks at
  every sample once must pay;
- ours: ``hard_margin_svm`` with ``method="auto"`` — the working set for N > 500 (small
  exact QPs, one pass over X per round), the whole-N primal QP below; ratio against the
  floor. The note: rounds (passes after the first two), the KKT residual (largest of the
  five, relative, over all N) and the support vectors;
- ours whole QP: ``method="primal"``, Clarabel's interior point on all N constraints
  (the solver before issue 40), where N d <= 5e5; ratio against ours;
- scikit-learn LinearSVC: ``LinearSVC(loss="hinge", C=1e4, tol=1e-8)`` (liblinear's dual
  coordinate descent; its default max_iter=1000 epochs, a ConvergenceWarning when they
  run out); ratio against ours (above 1: ours is faster);
- DAQP on the final set: the compiled small-QP solver alone, cold (no start), on the
  working set of ours' last round (its rows as the fit hands them to DAQP: centred,
  scaled, times the labels); ratio against the floor. What the rounds cannot beat
  unless the set that holds the answer is found with fewer, cheaper solves: the part of
  ours that Python does not touch;
- DAQP on the support vectors alone: the same, cold, on only the d + 1 rows that carry a
  multiplier (an oracle's set: no method knows it before solving); ratio against the
  floor;
- ours least squares: ``fit_least_squares`` on the same X and y (a Gram matrix and a
  solve, the package's closed-form fit, with the same input checks); ratio against the
  floor: what a fit through lindisc's API costs beyond one gemv when there is no QP;
- scikit-learn SVC: ``SVC(kernel="linear", C=1e4)`` (libsvm's SMO), skipped where its time
  extrapolated from the previous N of the same d (as N^p, p measured, at least 2)
  exceeds a minute; ratio against ours.

A peer's note gives its violation of the margin constraints, max(0, 1 - min y_n(w^T x_n +
b)), and how far its geometric margin min_n y_n(w^T x_n + b)/||w|| is below ours,
(ours - its)/ours: 0 is the hard-margin optimum. Cases with N d >= 1e7 are timed once
after the warm-up call (a LinearSVC fit there takes tens of seconds). SVC is timed in its
own rounds with ours (so the other rows' repeats do not wait for it), once after its
warm-up where it is expected to take more than 2 s.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from _harness import Contender, measure, repeats, size, skipped

from numerics.least_squares import fit_least_squares
from numerics.svm import hard_margin_svm

FULL = [(n, d) for n in (1_000, 10_000, 100_000, 1_000_000) for d in (2, 10, 50, 200)]
QUICK = [(1_000, 2), (10_000, 10)]
MARGIN = 0.1
C = 1e4
SVC_LIMIT_SECONDS = 60.0
SVC_ONCE_SECONDS = 2.0
WHOLE_QP_MAX_ELEMENTS = 500_000
ONCE_ELEMENTS = 10_000_000


def _data(n: int, d: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(n * 31 + d)
    X, u = rng.standard_normal((n, d)), rng.standard_normal(d)
    u /= np.linalg.norm(u)
    y = np.where(X @ u > 0, 1.0, -1.0)
    X += np.outer(y * MARGIN, u)
    return X, y


def _peer_note(X, y, w, b, ours_margin) -> str:
    m = y * (X @ w + b)
    margin = float(np.min(m)) / float(np.linalg.norm(w))
    return (f"violation {max(0.0, 1.0 - float(np.min(m))):.1e}, margin "
            f"{(ours_margin - margin) / ours_margin:+.1e} below ours")


class _SvcClock:
    """SVC's last time per d, to extrapolate to the next N."""

    def __init__(self) -> None:
        self.last: dict[int, list[tuple[int, float]]] = {}

    def predict(self, n: int, d: int) -> float | None:
        seen = self.last.get(d, [])
        if not seen:
            return None
        (n1, t1) = seen[-1]
        p = 2.0
        if len(seen) >= 2:
            (n0, t0) = seen[-2]
            # at least quadratic: p = 1.1 measured from 1e4 to 1e5 at d = 10 predicted 17 s
            # at 1e6, where SVC took 104 s
            p = max(2.0, math.log(t1 / t0) / math.log(n1 / n0)) if t0 > 0 else 2.0
        return t1 * (n / n1) ** p

    def add(self, n: int, d: int, seconds: float) -> None:
        self.last.setdefault(d, []).append((n, seconds))


def _final_working_set(X, y):
    """((A, iteration limit) of DAQP's last call, the fit) from one fit with DAQP's
    calls recorded; A is None when DAQP did not answer the last small QP."""
    from numerics import _svm_daqp

    calls = []
    solve = _svm_daqp.daqp_qp

    def record(A, start, max_iter):
        out = solve(A, start, max_iter)
        calls.append((A.copy(), max_iter, out is not None))
        return out

    _svm_daqp.daqp_qp = record
    try:
        fit = hard_margin_svm(X, y)
    finally:
        _svm_daqp.daqp_qp = solve
    if not calls or not calls[-1][2]:
        return None, fit
    return calls[-1][:2], fit


def _case(n: int, d: int, rounds: int, clock: _SvcClock) -> list[dict]:
    name = f"hard-margin SVM N={size(n)} d={d}"
    try:
        from sklearn.exceptions import ConvergenceWarning
        from sklearn.svm import SVC, LinearSVC
    except ImportError:
        return [skipped(name, "scikit-learn is not installed (pip install lindisc[bench])")]
    X, y = _data(n, d)
    w_probe = np.ones(d) / d
    final, ours = _final_working_set(X, y)
    last: dict[str, object] = {}

    def fit_linear():
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", ConvergenceWarning)
            last["linear"] = LinearSVC(loss="hinge", C=C, tol=1e-8).fit(X, y)
        last["linear_converged"] = not any(issubclass(c.category, ConvergenceWarning)
                                           for c in caught)

    def fit_svc():
        last["svc"] = SVC(kernel="linear", C=C).fit(X, y)

    contenders = [
        Contender("floor X @ w", lambda: X @ w_probe, None, f"N={n}, d={d}, margin {MARGIN}"),
        Contender("ours hard_margin_svm", lambda: hard_margin_svm(X, y), "floor X @ w",
                  f"{ours.method_}, {ours.rounds_} round(s), KKT {ours.kkt_.max():.0e}, "
                  f"{ours.support_.size} support vectors"),
    ]
    if final is not None and ours.method_ == "working_set":
        from numerics._svm_daqp import daqp_qp

        A, limit = final
        support = np.flatnonzero(daqp_qp(A, None, limit)[0] > 0)
        on_support = np.ascontiguousarray(A[support])
        contenders += [
            Contender("DAQP on the final set", lambda: daqp_qp(A, None, limit), "floor X @ w",
                      f"{A.shape[0]} rows, {daqp_qp(A, None, limit)[2]} iterations cold"),
            Contender("DAQP on the support vectors alone", lambda: daqp_qp(on_support, None, limit),
                      "floor X @ w", f"{support.size} rows, "
                      f"{daqp_qp(on_support, None, limit)[2]} iterations cold"),
        ]
    contenders.append(Contender("ours least squares", lambda: fit_least_squares(X, y),
                                "floor X @ w", "fit_least_squares, same X and y"))
    if n * d <= WHOLE_QP_MAX_ELEMENTS:
        whole = hard_margin_svm(X, y, method="primal")
        gap = float(np.max(np.abs(whole.coef_ - ours.coef_)) / np.max(np.abs(ours.coef_)))
        contenders.append(Contender(
            "ours whole QP", lambda: hard_margin_svm(X, y, method="primal"),
            "ours hard_margin_svm", f"Clarabel on all N, KKT {whole.kkt_.max():.0e}, "
            f"|w - w_ours| = {gap:.0e} |w|"))
    contenders.append(Contender("scikit-learn LinearSVC", fit_linear, "ours hard_margin_svm"))
    extra = []
    predicted = clock.predict(n, d)
    if predicted is not None and predicted > SVC_LIMIT_SECONDS:
        extra.append(skipped(
            f"{name} scikit-learn SVC", f"skipped: about {predicted:.0f} s extrapolated from "
            f"smaller N (limit {SVC_LIMIT_SECONDS:.0f} s)"))
    rows = measure(name, contenders, 1 if n * d >= ONCE_ELEMENTS else rounds)
    if not extra:   # SVC alone (its warm-up and rounds), once when it takes seconds
        slow = predicted is not None and predicted > SVC_ONCE_SECONDS
        rows += [r for r in measure(name, [
            Contender("ours hard_margin_svm", contenders[1].fn, None),
            Contender("scikit-learn SVC", fit_svc, "ours hard_margin_svm")],
            1 if slow else rounds) if r["impl"] == "scikit-learn SVC"]
    for row in rows:   # the peers' notes, from their last (timed) fit
        if row["impl"] == "scikit-learn LinearSVC":
            model = last["linear"]
            row["note"] = _peer_note(X, y, model.coef_[0], model.intercept_[0], ours.margin_) \
                + ("" if last["linear_converged"] else "; max_iter=1000 epochs ran out")
        elif row["impl"] == "scikit-learn SVC":
            model = last["svc"]
            row["note"] = _peer_note(X, y, model.coef_[0], model.intercept_[0], ours.margin_)
            clock.add(n, d, min(row["times"]))
    return rows + extra


def run(quick: bool) -> list[dict]:
    rows: list[dict] = []
    clock = _SvcClock()
    for n, d in QUICK if quick else FULL:
        rows += _case(n, d, repeats(quick), clock)
    return rows
