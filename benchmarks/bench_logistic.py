"""Logistic and softmax regression by IRLS against scikit-learn's Newton-Cholesky and the floor.

Skipped, with the reason, while ``numerics.logistic`` does not import. Rows per case
(N samples, d features, K classes, overlapping Gaussian classes, so the maximum-likelihood
weights exist):

- floor: bare Newton steps on the augmented X~ = [X, 1] built beforehand, as many as ours
  took (``n_iter_``, in the note), each doing only the BLAS work of one step: at w = 0 the
  Gram matrix X~^T X~ (syrk) gives the Hessian; every later step computes the logits
  (gemv/gemm), the gradient and the Hessian blocks X~^T diag(r) X~, each a syrk on
  sqrt(|r|) X~ (the off-diagonal blocks -X~^T diag(p_j p_k) X~ are symmetric too: a syrk
  costs a third of the gemm X~^T (r X~) at d = 10); then a Cholesky solve — no line
  search, no convergence test, no checks, and unblocked (so ours, which forms the weighted
  blocks per cache-sized row block, can beat it);
- ours: ``fit_logistic_regression`` (K = 2) and ``fit_softmax_regression`` (K > 2), maximum
  likelihood (alpha = 0), default tolerance; ratio against the floor;
- sklearn ``LogisticRegression(penalty=None, solver="newton-cholesky")`` (spelled
  ``C=np.inf`` from scikit-learn 1.8 on, where ``penalty`` is deprecated), twice: with
  ``tol=1e-10``, where its logits agree with ours to rounding (ours stops when a Newton
  step moves no term w_j x_j of a logit by more than 1e-8 at a typical x_j, and applies
  that step), and with its default ``tol=1e-4``, where it stops earlier and further from
  the optimum (the note says how far); ratios against ours. The note is the largest
  difference of its logits from ours on 1000 samples.
- sklearn ``LogisticRegression(penalty=None, solver="lbfgs")`` at its default tolerance
  (``max_iter=1000`` so that it stops by its own test, not the iteration limit); ratio
  against ours, the note as above.

The grid (issue 13): N in {1e4, 1e5, 1e6}, d in {10, 100}, two classes and K = 3, all
ratios in one run. ``--quick`` runs N = 1e4, d = 10 only (a few seconds). Cases at N = 1e4
take three times the rounds (15, a second or two): their fits last tens of milliseconds,
and on a shared machine five rounds leave the median at the mercy of one burst of load.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import scipy.linalg
import sklearn
from _harness import Contender, gaussian_classes, measure, one_hot, repeats, size, skipped
from scipy.special import softmax
from sklearn.linear_model import LogisticRegression

GRID = [(n, d) for n in (10_000, 100_000, 1_000_000) for d in (10, 100)]
TWO_CLASS_FULL = GRID
TWO_CLASS_QUICK = [(10_000, 10)]
SOFTMAX_FULL = [(n, d, 3) for n, d in GRID]
SOFTMAX_QUICK = [(10_000, 10, 3)]


TIGHT_TOL = 1e-10


def _peer(tol: float | None) -> LogisticRegression:
    """Unpenalised Newton-Cholesky, at ``tol`` (None: scikit-learn's default)."""
    options = {} if tol is None else {"tol": tol}
    major, minor = (int(part) for part in sklearn.__version__.split(".")[:2])
    if (major, minor) >= (1, 8):
        return LogisticRegression(C=np.inf, solver="newton-cholesky", **options)
    return LogisticRegression(penalty=None, solver="newton-cholesky", **options)


def _lbfgs() -> LogisticRegression:
    """Unpenalised L-BFGS at scikit-learn's default tolerance."""
    major, minor = (int(part) for part in sklearn.__version__.split(".")[:2])
    if (major, minor) >= (1, 8):
        return LogisticRegression(C=np.inf, solver="lbfgs", max_iter=1000)
    return LogisticRegression(penalty=None, solver="lbfgs", max_iter=1000)


def _solve(hess: np.ndarray, grad: np.ndarray) -> np.ndarray:
    """The Newton step -H^{-1} g for V of shape (p, m), H in blocks of p x p."""
    step = scipy.linalg.cho_solve(scipy.linalg.cho_factor(hess), grad.T.reshape(-1))
    return -step.reshape(grad.shape[1], grad.shape[0]).T


def _newton_floor(Xt: np.ndarray, T: np.ndarray, steps: int) -> np.ndarray:
    """``steps`` bare Newton steps for the weights of classes 1..K-1 relative to class 0.

    The first step, at V = 0 where every p_nk = 1/K, needs only the Gram matrix X~^T X~
    (the Hessian is a Kronecker product with it); each later one a weighted pass.
    """
    p, K = Xt.shape[1], T.shape[1]
    m = K - 1
    hess = np.kron(np.eye(m) / K - 1.0 / K**2, Xt.T @ Xt)
    V = _solve(hess, Xt.T @ (1.0 / K - T[:, 1:]))
    for _ in range(steps - 1):
        logits = np.zeros((Xt.shape[0], K))
        logits[:, 1:] = Xt @ V
        P = softmax(logits, axis=1)[:, 1:]
        grad = Xt.T @ (P - T[:, 1:])
        for k in range(m):
            root = np.sqrt(P[:, k] * (1.0 - P[:, k]))[:, None] * Xt
            hess[k * p:(k + 1) * p, k * p:(k + 1) * p] = root.T @ root
            for j in range(k + 1, m):
                root = np.sqrt(P[:, k] * P[:, j])[:, None] * Xt
                block = -(root.T @ root)
                hess[k * p:(k + 1) * p, j * p:(j + 1) * p] = block
                hess[j * p:(j + 1) * p, k * p:(k + 1) * p] = block
        V = V + _solve(hess, grad)
    return V


def _case(fit: Callable, logits: Callable, n: int, d: int, n_classes: int,
          rounds: int) -> list[dict]:
    X, y = gaussian_classes(n, d, n_classes, seed=n + d + n_classes)
    Xt, T = np.hstack([X, np.ones((n, 1))]), one_hot(y, n_classes)
    ours = fit(X, y)
    probe = X[:1000]
    ours_logits = logits(ours, probe)
    name = f"ours {fit.__name__}"
    contenders = [
        Contender("floor", lambda: _newton_floor(Xt, T, ours.n_iter_), None,
                  f"{ours.n_iter_} Newton steps"),
        Contender(name, lambda: fit(X, y), "floor"),
    ]
    for label, tol in ((f"tol={TIGHT_TOL:g}", TIGHT_TOL), ("default tol", None)):
        peer = _peer(tol).fit(X, y)
        difference = np.max(np.abs(peer.decision_function(probe) - ours_logits))
        contenders.append(Contender(
            f"sklearn LogisticRegression {label}", lambda tol=tol: _peer(tol).fit(X, y), name,
            f"{int(np.max(peer.n_iter_))} steps; max abs diff of logits {difference:.0e}"))
    lbfgs = _lbfgs().fit(X, y)
    difference = np.max(np.abs(lbfgs.decision_function(probe) - ours_logits))
    contenders.append(Contender(
        "sklearn LogisticRegression lbfgs", lambda: _lbfgs().fit(X, y), name,
        f"{int(np.max(lbfgs.n_iter_))} iterations; max abs diff of logits {difference:.0e}"))
    kind = "two-class" if n_classes == 2 else f"softmax K={n_classes}"
    return measure(f"logistic {kind} N={size(n)} d={d}", contenders, rounds)


def run(quick: bool) -> list[dict]:
    try:
        from numerics.logistic import (
            decision_function,
            fit_logistic_regression,
            fit_softmax_regression,
        )
    except ImportError as exc:
        return [skipped("logistic", f"skipped: numerics.logistic does not import ({exc})")]
    rows: list[dict] = []
    for n, d in TWO_CLASS_QUICK if quick else TWO_CLASS_FULL:
        rows += _case(fit_logistic_regression, decision_function, n, d, 2, _rounds(n, quick))
    for n, d, n_classes in SOFTMAX_QUICK if quick else SOFTMAX_FULL:
        rows += _case(fit_softmax_regression, decision_function, n, d, n_classes,
                      _rounds(n, quick))
    return rows


def _rounds(n: int, quick: bool) -> int:
    """Timed rounds: the suite's, three times as many for the short cases (N <= 1e4)."""
    return repeats(quick) * (3 if n <= 10_000 else 1)
