"""Least-squares classification with 1-of-K targets: a fast, honest closed form.

What it is for: fitting K linear discriminants y_k(x) = w_k^T x + b_k by minimising
the sum-of-squares error, i.e. bromberg2012 §3 Eq. (5)/(6) with the solution
W~ = (X~^T X~)^{-1} X~^T T; udelar2018 "Clasificación con mínimos cuadrados";
ml10 (classification through regression); Bishop PRML §4.1.3. The same solver fits
arbitrary real targets (:func:`fit_least_squares_targets`), e.g. Fisher's N/N1, -N/N2
coding (udelar2018 "Discriminante de Fisher: relación con mínimos cuadrados"; PRML §4.1.5).

What it is not for: probabilities. Least-squares outputs sum to one for every x
(PRML §4.1.3) but are not confined to [0, 1] (ml10: "y_i(x) non è un valore di
probabilità"), so no ``predict_proba`` is offered. No regularisation either.

Solver. The Gram matrix G = X~^T X~ is formed without materialising X~ = [X, 1]:
G = [[X^T X, X^T 1], [1^T X, N]] and X~^T T = [[X^T T], [1^T T]], streaming X once in
row blocks (BLAS syrk for X^T X, then T^T X while the block is in cache). G is
equilibrated (G_s = D G D, D = diag(G)^{-1/2}, which makes the method invariant to the
units of each feature), factored by Cholesky (LAPACK dpotrf), and its reciprocal
1-norm condition number is computed from the inverse of the factor (LAPACK dtrtri).
If the factorisation fails or that number falls below the threshold of
:func:`default_rcond_threshold`, the problem is solved instead by an orthogonal
method on the equilibrated augmented matrix: scipy.linalg.lstsq with the SVD-based
driver gelsd, which returns the minimum-norm solution and the numerical rank.

Data larger than memory. ``X`` and ``y`` (or ``T``) may be Dask arrays (``pip install
lindisc[dask]``): the same Gram matrix and right-hand side are then summed chunk by chunk
where the chunks live, in one pass (``numerics._reductions``), and only (d+1) x (d+1) and
(d+1) x K results come back; the solve is the one above. The orthogonal fallback becomes a
second pass that reduces [X D, D_b 1, T] to its R factor by a tree of block QRs (TSQR), from
which the same minimum-norm solution and rank follow. Same results as in memory up to
rounding, the same errors (NaN or inf found chunk-wise, with the index of the first one).

Conventions
-----------
- ``X`` is (N, d), samples in rows; ``T`` is (N, K), row n the target of sample n.
- Augmented vectors put the bias LAST, as bromberg2012 §3 does: x~ = (x, 1),
  w~_k = (w_k, b_k), so ``W_tilde`` is (d+1, K) with row d holding the biases.
  udelar2018 and ml10 put it first (x~ = (1, x)); ``bias="first"`` selects that layout
  where a function takes a W~, and ``np.roll(W_tilde, 1, axis=0)`` converts.
- ``coef_`` is (K, d), ``intercept_`` is (K,): y(x) = coef_ @ x + intercept_.
- Every floating-point output is float64 for every input dtype (int, bool, float32 are
  converted on entry; ``classes_`` keeps the labels' type). Complex input raises
  :class:`InvalidInput` rather than losing its imaginary part.
- Data are positional (``X``, ``y``, ``T``, ``W_tilde``, a fitted model); options
  (``method``, ``rcond_threshold``, ``bias``) are keyword-only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import scipy.linalg
from scipy.linalg import lapack

from . import _reductions
from ._scaling import SAFE_EXPONENT, rescaled_least_squares, scaled_back, scales_of
from ._validation import (
    as_matrix,
    as_matrix_deferred_finite,
    as_vector,
    check_finite,
    check_n_features,
    check_positive_int,
    check_same_length,
    encode_labels,
    reject_complex,
)
from .errors import InvalidInput, ShapeMismatch, SingularMatrixError

__all__ = [
    "LeastSquaresFit",
    "augment",
    "decision_function",
    "default_rcond_threshold",
    "fit_least_squares",
    "fit_least_squares_targets",
    "predict",
    "sum_of_squares_error",
    "trace_error",
]

Method = Literal["auto", "cholesky", "lstsq"]
Bias = Literal["last", "first"]
_METHODS = ("auto", "cholesky", "lstsq")
_EPS = float(np.finfo(np.float64).eps)


@dataclass(frozen=True, eq=False)
class LeastSquaresFit:
    """A fitted least-squares discriminant y(x) = W~^T x~ (bromberg2012 §3).

    Attributes
    ----------
    coef_ : (K, d) array
        Row k is w_k.
    intercept_ : (K,) array
        b_k.
    W_tilde_ : (d+1, K) array
        Column k is w~_k = (w_k, b_k): the bias is the LAST row (bromberg2012 layout).
    classes_ : (K,) array or None
        The sorted class labels (column k of T is class ``classes_[k]``), or ``None``
        when fitted to explicit real targets by :func:`fit_least_squares_targets`.
    method_ : {"cholesky", "lstsq"}
        Which solver produced the weights.
    rank_ : int
        Numerical rank of X~; d+1 unless the design is rank deficient, in which case
        the weights are the minimum-norm least-squares solution of the equilibrated
        problem (the fitted values X~ W~ are unique regardless).
    condition_ : float
        Condition number of the equilibrated Gram matrix G_s = D X~^T X~ D
        (D = diag(X~^T X~)^{-1/2}): in the 1-norm, from the Cholesky factor, on the
        Cholesky path; in the 2-norm, (s_max / s_min)^2 from the singular values of
        X~ D, on the lstsq path (``inf`` when rank deficient). The two norms agree
        within a factor d+1. Relative error in D^{-1} W~ is of order condition_ * eps.
    rcond_threshold_ : float
        The threshold on the reciprocal condition number that chose the solver.
    n_features_in_ : int
        d.
    """

    coef_: np.ndarray
    intercept_: np.ndarray
    W_tilde_: np.ndarray
    classes_: np.ndarray | None
    method_: str
    rank_: int
    condition_: float
    rcond_threshold_: float
    n_features_in_: int


def default_rcond_threshold(n_samples: int, n_features: int) -> float:
    """The rule for "X~^T X~ is numerically singular": rcond < (d+1) * max(N, d+1) * eps.

    Each entry of G = X~^T X~ is a sum of N products, computed with an error up to
    gamma_N ~ N * eps relative to |X~|^T |X~| (Higham, *Accuracy and Stability of
    Numerical Algorithms*, 2nd ed., §3.5). After equilibration every |X~|^T |X~| entry
    is at most 1, so the rounding error in G_s has 1-norm at most (d+1) * N * eps,
    while the relative distance from G_s to the nearest singular matrix is
    1 / cond(G_s) (Higham Thm 6.5). Below the threshold the rounding committed while
    forming G may already have made it singular, so the Cholesky solution carries no
    guaranteed digits and the orthogonal method, whose relative distance to singularity is
    about sqrt(rcond), is used. The bound is worst case, hence conservative: a false alarm
    costs time, never accuracy.

    Conventions
    -----------
    n_samples, n_features : positive integers N and d. Returns a float.
    """
    n = check_positive_int(n_samples, "n_samples")
    d = check_positive_int(n_features, "n_features")
    return (d + 1) * max(n, d + 1) * _EPS


@rescaled_least_squares  # columns at 1e-200 or 1e200: fitted exactly rescaled
def fit_least_squares(
    X: Any,
    y: Any,
    *,
    method: Method = "auto",
    rcond_threshold: float | None = None,
) -> LeastSquaresFit:
    """Fit K least-squares discriminants to class labels with 1-of-K targets.

    Minimises bromberg2012 Eq. (5), E(W~) = 1/2 sum_k sum_n (y_k(x_n) - t_nk)^2, whose
    stationarity condition X~^T X~ W~ = X~^T T gives W~ = (X~^T X~)^{-1} X~^T T
    (bromberg2012 §3; udelar2018 "Clasificación con mínimos cuadrados": A = (X~^T X~)^{-1}
    X~^T T; ml10; Bishop PRML Eq. (4.16)). A point is assigned to argmax_k y_k(x).

    Conventions
    -----------
    - ``X``: (N, d) features. ``y``: (N,) labels of any sortable hashable type; class k
      is ``classes_[k]`` (sorted), t_nk = 1 iff y_n == classes_[k] (1-of-K).
    - Returns W~ as (d+1, K) with the bias in the LAST row (x~ = (x, 1)).

    Parameters
    ----------
    method : {"auto", "cholesky", "lstsq"}
        "auto" (default) uses Cholesky on the Gram matrix when it is numerically
        nonsingular and otherwise the orthogonal method; "cholesky" raises
        :class:`SingularMatrixError` naming the cause instead of falling back;
        "lstsq" always uses the orthogonal method (SVD, gelsd).
    rcond_threshold : float in (0, 1], optional
        Below this reciprocal 1-norm condition number of the equilibrated Gram matrix
        the Cholesky path is refused; default :func:`default_rcond_threshold`.

    Dask. ``X`` and ``y`` may be Dask arrays (either or both; chunked along the rows, any
    chunk may lack some classes): the normal equations are summed chunk-wise in one pass
    and only the small solve runs here (see the module docstring).
    """
    _check_method(method)
    X, y = _reductions.as_host(X), _reductions.as_host(y)
    if _reductions.is_lazy(X, y):
        return _fit_lazy(X, y, None, method, rcond_threshold)
    Xv = _as_design(X)
    classes, T = encode_labels(y, "y", n=Xv.shape[0])
    return _fit(Xv, T, classes, method, rcond_threshold, rows_sum_to_one=True)


@rescaled_least_squares
def fit_least_squares_targets(
    X: Any,
    T: Any,
    *,
    method: Method = "auto",
    rcond_threshold: float | None = None,
) -> LeastSquaresFit:
    """Fit y(x) = W~^T x~ to arbitrary real targets by least squares; same solver.

    W~ = (X~^T X~)^{-1} X~^T T minimises 1/2 Tr{(X~ W~ - T)^T (X~ W~ - T)} (bromberg2012
    Eq. (6)). With a single column t_n = N/N1 for class 1 and -N/N2 for class 2 the
    weight vector satisfies (S_W + N1 N2 / N S_B) w = N (m1 - m2) and w0 = -w^T m, so
    w is parallel to Fisher's S_W^{-1} (m2 - m1) (udelar2018 "Discriminante de Fisher:
    relación con mínimos cuadrados"; Bishop PRML §4.1.5).

    Conventions
    -----------
    - ``X``: (N, d). ``T``: (N, K) real targets, or (N,) for a single output (then K = 1).
    - The result has ``classes_ = None``: use :func:`decision_function`, not :func:`predict`.
    - ``method`` and ``rcond_threshold`` as in :func:`fit_least_squares`.
    - ``X`` and ``T`` may be Dask arrays, as in :func:`fit_least_squares`.
    """
    _check_method(method)
    X, T = _reductions.as_host(X), _reductions.as_host(T)
    if _reductions.is_lazy(X, T):
        return _fit_lazy(X, None, T, method, rcond_threshold)
    Xv = _as_design(X)
    Tv = _as_targets(T)
    check_same_length(X=Xv, T=Tv)
    return _fit(Xv, Tv, None, method, rcond_threshold, rows_sum_to_one=False)


def decision_function(model: LeastSquaresFit, X: Any) -> np.ndarray:
    """The K discriminant values y_k(x) = w_k^T x + b_k for each row of X.

    Conventions
    -----------
    ``X`` is (N, d) with the d of the fit; returns (N, K). The values are least-squares
    estimates of E[t_k | x] but not probabilities: they sum to one (PRML §4.1.3, for
    1-of-K targets) yet may leave [0, 1] (ml10).
    """
    model = _check_model(model)
    Xv = check_n_features(as_matrix(X, "X"), model.n_features_in_)
    return Xv @ model.coef_.T + model.intercept_


def predict(model: LeastSquaresFit, X: Any) -> np.ndarray:
    """Class of each row of X: classes_[argmax_k y_k(x)] (bromberg2012 §2; ml10).

    Conventions
    -----------
    ``X`` is (N, d); returns (N,) labels of the type of ``classes_``. Ties go to the
    class listed first in ``classes_``.
    """
    model = _check_model(model)
    if model.classes_ is None:
        raise InvalidInput(
            "this model was fitted to real targets by fit_least_squares_targets, so it has "
            "no classes to predict; use decision_function(model, X) (for Fisher's "
            "N/N1, -N/N2 targets, its sign gives the class)."
        )
    return model.classes_[np.argmax(decision_function(model, X), axis=1)]


def augment(X: Any, *, bias: Bias = "last") -> np.ndarray:
    """The augmented design X~ whose row n is x~_n^T.

    Conventions
    -----------
    ``X`` is (N, d); returns (N, d+1): [X, 1] for ``bias="last"`` (bromberg2012 §3,
    x~ = (x, 1)) or [1, X] for ``bias="first"`` (udelar2018, ml10: x~ = (1, x)).
    """
    _check_bias(bias)
    Xv = as_matrix(X, "X")
    ones = np.ones((Xv.shape[0], 1))
    return np.hstack([Xv, ones] if bias == "last" else [ones, Xv])


def sum_of_squares_error(X: Any, T: Any, W_tilde: Any, *, bias: Bias = "last") -> float:
    """bromberg2012 Eq. (5): E = 1/2 sum_{k=1}^K sum_{n=1}^N (y_k(x_n) - t_nk)^2.

    Evaluated as the double sum it is, with y_k(x) = w_k^T x + b_k taken from the
    weight and bias parts of W~ (no augmented matrix). The document writes t_k for
    the target of x_n; t_nk is meant.

    Conventions
    -----------
    ``X`` (N, d); ``T`` (N, K) or (N,); ``W_tilde`` (d+1, K) or (d+1,), bias row
    placed as ``bias`` says.
    """
    Xv, Tv, Wv = _error_arguments(X, T, W_tilde, bias)
    d = Xv.shape[1]
    w, b = (Wv[:d], Wv[d]) if bias == "last" else (Wv[1:], Wv[0])
    return 0.5 * float(np.sum(np.square(Xv @ w + b - Tv)))


def trace_error(X: Any, T: Any, W_tilde: Any, *, bias: Bias = "last") -> float:
    """bromberg2012 Eq. (6): E = 1/2 Tr{(X~ W~ - T)^T (X~ W~ - T)}.

    Evaluated as printed: the augmented matrix X~ is formed and the trace of the
    K x K matrix R^T R is taken. Equal to Eq. (5) (ml10 derives the equality).

    Conventions
    -----------
    As :func:`sum_of_squares_error`.
    """
    Xv, Tv, Wv = _error_arguments(X, T, W_tilde, bias)
    R = augment(Xv, bias=bias) @ Wv - Tv
    return 0.5 * float(np.trace(R.T @ R))


# --- the solver ------------------------------------------------------------------------------


def _fit(
    X: np.ndarray,
    T: np.ndarray,
    classes: np.ndarray | None,
    method: str,
    rcond_threshold: float | None,
    *,
    rows_sum_to_one: bool,
) -> LeastSquaresFit:
    n, d = X.shape
    threshold = _resolve_threshold(rcond_threshold, n, d)
    G, B = _normal_equations(X, T, rows_sum_to_one=rows_sum_to_one)
    return _solve(G, B, n, classes, method, threshold, lambda D: _orthogonal_solve(X, T, D))


def _solve(
    G: np.ndarray,
    B: np.ndarray,
    n: int,
    classes: np.ndarray | None,
    method: str,
    threshold: float,
    orthogonal: Callable[[np.ndarray], tuple[np.ndarray, int, float]],
) -> LeastSquaresFit:
    """Solve G W~ = B (G = X~^T X~, B = X~^T T of N samples): Cholesky on the equilibrated
    G when it is well conditioned, else ``orthogonal(D)`` on the equilibrated design."""
    d = G.shape[0] - 1
    diag = np.diagonal(G).copy()
    diag[diag == 0.0] = 1.0  # an all-zero feature column stays zero; the diagnosis names it
    D = 1.0 / np.sqrt(diag)
    Gs = G * D[:, None] * D[None, :]

    if method != "lstsq":
        if n < d + 1:
            rcond, factor = 0.0, None
        else:
            rcond, factor = _cholesky_rcond(Gs)
        if factor is not None and rcond >= threshold:
            Y, _ = lapack.dpotrs(factor, B * D[:, None])
            return _result(D[:, None] * Y, classes, "cholesky", d + 1, 1.0 / rcond, threshold)
        if method == "cholesky":
            raise SingularMatrixError(_explain_singular(Gs, D, n, d, rcond, threshold, factor))

    W, rank, condition = orthogonal(D)
    return _result(W, classes, "lstsq", rank, condition, threshold)


def _normal_equations(
    X: np.ndarray, T: np.ndarray, *, rows_sum_to_one: bool
) -> tuple[np.ndarray, np.ndarray]:
    """G = X~^T X~ and B = X~^T T for x~ = (x, 1), without forming X~.

    ``X.T @ X`` is dispatched by NumPy to BLAS syrk (one triangle, then mirrored) and
    ``T.T @ X`` gives (X^T T)^T; X^T 1 comes for free as (X^T T) 1 when every row of T
    sums to one (1-of-K), otherwise a column of ones rides along with T. Non-finite
    entries of X cannot leave the diagonal of X^T X (sums of squares) finite, which
    replaces a separate finiteness pass over X.
    """
    n = X.shape[0]
    m = T.shape[1]
    if rows_sum_to_one:
        U = T
    else:
        U = np.empty((n, m + 1))
        U[:, :m] = T
        U[:, m] = 1.0
    XtX, UtX = _gram_blocks(X, U)
    TtX = UtX[:m]
    colsum = TtX.sum(axis=0) if rows_sum_to_one else UtX[m]
    with np.errstate(over="ignore", invalid="ignore"):  # overflow is checked and named next
        ones_T = np.ones(n) @ T  # 1^T T as a gemv: ~15x faster than T.sum(axis=0) for (N, 3)
    G, B = _assemble(XtX, colsum, n, TtX, ones_T)
    if not _finite(G, B):
        check_finite(X, "X")
        raise _overflow(np.max(np.abs(X)), np.max(np.abs(T)))
    return G, B


def _assemble(
    XtX: np.ndarray, colsum: np.ndarray, n: int, TtX: np.ndarray, ones_T: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """G = [[X^T X, X^T 1], [1^T X, N]] and B = [[X^T T], [1^T T]] from their blocks."""
    d, m = XtX.shape[0], TtX.shape[0]
    G = np.empty((d + 1, d + 1))
    G[:d, :d] = XtX
    G[:d, d] = colsum
    G[d, :d] = colsum
    G[d, d] = n
    B = np.empty((d + 1, m))
    B[:d] = TtX.T
    B[d] = ones_T
    return G, B


def _finite(G: np.ndarray, B: np.ndarray) -> bool:
    return bool(np.all(np.isfinite(G)) and np.all(np.isfinite(B)))


def _overflow(largest_x: float, largest_t: float) -> InvalidInput:
    return InvalidInput(
        f"X is finite but X^T X or X^T T overflows float64 (largest |X| entry is "
        f"{largest_x:.3g}, largest |T| entry {largest_t:.3g}); rescale "
        f"the features, e.g. standardise each column, before fitting."
    )


#: A diagonal entry of X^T X below this (a column whose largest |x| is under 2**-SAFE_EXPONENT)
#: sends a Dask fit to the exactly rescaled path: its squares may have underflowed.
_TINY_SQUARE = 2.0 ** (-2 * SAFE_EXPONENT)


def _fit_lazy(
    X: Any, y: Any, T: Any, method: str, rcond_threshold: float | None, *, rescale: bool = True
) -> LeastSquaresFit:
    """The fit when X, y or T is a Dask array: one chunk-wise pass for G and B (and, on
    the orthogonal path, a second one for the R factor of the augmented design)."""
    labels = T is None
    Xl = _reductions.lazy_design(X, "X", rows=_reductions.row_chunks(y if labels else T))
    n, d = Xl.shape
    if labels:
        rhs = _reductions.lazy_labels(y, Xl, "y")
        moments = _reductions.class_moments(Xl, rhs)
        classes = _reductions.checked_classes(moments.labels, "y")
        bad_x, gram, TtX = moments.bad, moments.gram, moments.sums
        colsum, ones_T = TtX.sum(axis=0), moments.counts.astype(np.float64)
    else:
        rhs = _reductions.lazy_targets(T, Xl, "T")
        moments = _reductions.target_moments(Xl, rhs)
        _reductions.raise_nonfinite(moments.bad_t, "T")
        classes = None
        bad_x, gram, TtX = moments.bad_x, moments.gram, moments.ttx
        colsum, ones_T = moments.colsum, moments.tsum
    threshold = _resolve_threshold(rcond_threshold, n, d)
    G, B = _assemble(gram, colsum, n, TtX, ones_T)
    if not _finite(G, B):
        _reductions.raise_nonfinite(bad_x, "X")
    if rescale and (not _finite(G, B) or np.any(np.diag(gram) < _TINY_SQUARE)):
        # columns at 1e-200 (squares underflow: a silently degenerate model) or 1e200: fit on
        # columns scaled exactly by powers of two, as the in-memory fit does
        s = scales_of(_reductions.column_max_abs(Xl))
        if s is not None:
            return scaled_back(_fit_lazy(Xl * s, y, T, method, rcond_threshold,
                                         rescale=False), s)
    if not _finite(G, B):
        raise _overflow(_reductions.max_abs(Xl), 1.0 if labels else _reductions.max_abs(rhs))

    def orthogonal(D: np.ndarray) -> tuple[np.ndarray, int, float]:
        return _solve_from_r(_reductions.augmented_r(Xl, rhs, D, classes=classes), D, n)

    return _solve(G, B, n, classes, method, threshold, orthogonal)


_BLOCK_BYTES = 1 << 20


def _gram_blocks(X: np.ndarray, U: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    # NaN/inf in X are detected afterwards from diag(X^T X): no RuntimeWarning meanwhile,
    # so the caller sees one clear NonFiniteInput / overflow message and nothing before it.
    with np.errstate(invalid="ignore", over="ignore"):
        return _gram_blocks_unchecked(X, U)


def _gram_blocks_unchecked(X: np.ndarray, U: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """X^T X and U^T X, accumulated over blocks of about 1 MiB of rows of X.

    Each block is read from memory once and stays in cache for its second product,
    so X is streamed once instead of twice: for d = 10 (memory bound) this cuts the
    time by about a quarter; for d = 100 (compute bound) it changes nothing. An
    F-ordered X (row blocks not contiguous) is multiplied whole.
    """
    n, d = X.shape
    rows = max(1024, _BLOCK_BYTES // (8 * d))
    if rows >= n or not X.flags.c_contiguous:
        return X.T @ X, U.T @ X
    XtX, UtX = np.zeros((d, d)), np.zeros((U.shape[1], d))
    XtX_block, UtX_block = np.empty_like(XtX), np.empty_like(UtX)
    for start in range(0, n, rows):
        block = X[start : start + rows]
        np.matmul(block.T, block, out=XtX_block)
        np.matmul(U[start : start + rows].T, block, out=UtX_block)
        XtX += XtX_block
        UtX += UtX_block
    return XtX, UtX


def _cholesky_rcond(Gs: np.ndarray) -> tuple[float, np.ndarray | None]:
    """Cholesky factor (upper) of Gs and its reciprocal 1-norm condition number.

    The condition number is computed exactly from the inverse Gs^{-1} = R^{-1} R^{-T}
    (LAPACK dtrtri, then a product: about (d+1)^3 flops, a fraction (d+1)/N of forming
    G) rather than estimated with dpocon: that estimator returns a lower bound which,
    on these small equilibrated Gram matrices, was found up to 15 times too small
    (17.4 instead of 58.2 for a 3 x 3 one), and callers set tolerances from
    ``condition_``. (dpotri would do the same but OpenBLAS's threaded dlauum inside
    it takes ~30 ms even for an 11 x 11 matrix.)
    """
    factor, info = lapack.dpotrf(Gs, lower=0, clean=1)
    if info != 0:
        return 0.0, None
    factor_inverse, info = lapack.dtrtri(factor, lower=0)
    if info != 0:
        return 0.0, None
    inverse = factor_inverse @ factor_inverse.T
    anorm = float(np.max(np.sum(np.abs(Gs), axis=0)))
    inverse_norm = float(np.max(np.sum(np.abs(inverse), axis=0)))
    if not np.isfinite(inverse_norm) or inverse_norm == 0.0:
        return 0.0, None
    return 1.0 / (anorm * inverse_norm), factor


def _orthogonal_solve(
    X: np.ndarray, T: np.ndarray, D: np.ndarray
) -> tuple[np.ndarray, int, float]:
    """Minimum-norm least squares on the equilibrated augmented matrix [X, 1] D (gelsd)."""
    n, d = X.shape
    Xs = np.empty((n, d + 1))
    np.multiply(X, D[:d], out=Xs[:, :d])
    Xs[:, d] = D[d]
    cutoff = max(n, d + 1) * _EPS
    Y, _, rank, sv = scipy.linalg.lstsq(
        Xs, T, cond=cutoff, lapack_driver="gelsd", check_finite=False, overwrite_a=True
    )
    full = sv.shape[0] == d + 1 and sv[-1] > cutoff * sv[0]
    condition = float((sv[0] / sv[-1]) ** 2) if full else float("inf")
    return D[:, None] * Y, int(rank), condition


def _solve_from_r(R: np.ndarray, D: np.ndarray, n: int) -> tuple[np.ndarray, int, float]:
    """What :func:`_orthogonal_solve` returns, from the R factor of [X~ D, T].

    With [X~ D, T] = Q [R_11, R_12] (Q with orthonormal columns) the minimum-norm
    least-squares solution is R_11^+ R_12, and R_11 has the singular values of X~ D; the
    rank cut-off is gelsd's, singular values <= max(N, d+1) eps s_max count as zero.
    """
    size = D.shape[0]
    U, sv, Vt = np.linalg.svd(R[:, :size], full_matrices=False)
    cutoff = max(n, size) * _EPS
    rank = int(np.count_nonzero(sv > cutoff * sv[0])) if sv.shape[0] and sv[0] > 0 else 0
    Y = Vt[:rank].T @ ((U[:, :rank].T @ R[:, size:]) / sv[:rank, None])
    full = sv.shape[0] == size and sv[-1] > cutoff * sv[0]
    condition = float((sv[0] / sv[-1]) ** 2) if full else float("inf")
    return D[:, None] * Y, rank, condition


def _result(
    W: np.ndarray,
    classes: np.ndarray | None,
    method: str,
    rank: int,
    condition: float,
    threshold: float,
) -> LeastSquaresFit:
    d = W.shape[0] - 1
    W = np.ascontiguousarray(W)
    coef = np.ascontiguousarray(W[:d].T)
    intercept = W[d].copy()
    for a in (W, coef, intercept):
        a.setflags(write=False)
    return LeastSquaresFit(
        coef_=coef,
        intercept_=intercept,
        W_tilde_=W,
        classes_=classes,
        method_=method,
        rank_=rank,
        condition_=condition,
        rcond_threshold_=threshold,
        n_features_in_=d,
    )


# --- explaining a singular problem ----------------------------------------------------------


def _explain_singular(
    Gs: np.ndarray,
    D: np.ndarray,
    n: int,
    d: int,
    rcond: float,
    threshold: float,
    factor: np.ndarray | None,
) -> str:
    if n < d + 1:
        state = "singular"
    elif factor is None:
        state = "not numerically positive definite (Cholesky failed)"
    else:
        state = (
            f"numerically singular (reciprocal condition number {rcond:.2e} "
            f"< threshold {threshold:.2e})"
        )
    cause, fix = _singular_cause(Gs, D, n, d, threshold)
    return (
        f"method='cholesky' cannot solve this problem: X~^T X~, the Gram matrix of the "
        f"augmented design X~ = [X, 1], is {state}. Cause: {cause}. Fix: {fix}, or pass "
        f"method='auto' to fall back to the minimum-norm least-squares solution (lstsq)."
    )


def _singular_cause(
    Gs: np.ndarray, D: np.ndarray, n: int, d: int, threshold: float
) -> tuple[str, str]:
    if n < d + 1:
        cause = (
            f"fewer samples than unknowns: N={n} samples for d+1={d + 1} unknowns per output "
            f"(d={d} weights and a bias), so X~^T X~ has rank at most {n}"
        )
        fewer = f" or at most {n - 1} features" if n > 1 else ""
        return cause, f"use at least {d + 1} samples{fewer}"
    zero = [j for j in range(d) if Gs[j, j] == 0.0]
    if zero:
        return (
            f"feature column(s) {zero} of X are identically zero",
            "drop those columns",
        )
    # cos(angle) between unit-scaled columns; a pair with 1 - |cos| = delta alone gives
    # rcond ~ delta / 2, so pairs within 2 * threshold explain the singularity.
    tol = 2.0 * max(threshold, default_rcond_threshold(n, d))
    constant = [j for j in range(d) if 1.0 - abs(Gs[j, d]) <= tol]
    if constant:
        cause = (
            f"feature column(s) {constant} of X are constant, hence collinear with the "
            f"bias column of ones"
        )
        return cause, "drop those columns (the bias already models a constant)"
    iu, ju = np.triu_indices(d, k=1)
    close = np.flatnonzero(1.0 - np.abs(Gs[iu, ju]) <= tol)
    if close.size:
        pairs = [(int(iu[p]), int(ju[p])) for p in close[:5]]
        return (
            f"feature columns {pairs} of X are (nearly) proportional, e.g. duplicated",
            "drop one column of each pair",
        )
    _, vecs = np.linalg.eigh(Gs)
    coef = D * vecs[:, 0]
    coef = coef / coef[np.argmax(np.abs(coef))]
    names = [f"x[{j}]" for j in range(d)] + ["1"]
    order = [j for j in np.argsort(-np.abs(coef)) if abs(coef[j]) >= 1e-6][:6]
    combo = " + ".join(f"({coef[j]:.4g})*{names[j]}" for j in order)
    cause = (
        f"the columns of X~ are (nearly) linearly dependent: {combo} is (nearly) 0 "
        f"for every sample (x[j] is column j of X, 1 the bias column)"
    )
    return cause, "remove one of the columns involved"


# --- validation helpers -----------------------------------------------------------------------


def _check_method(method: Any) -> None:
    if method not in _METHODS:
        raise InvalidInput(
            f"method must be one of {_METHODS!r}, got method={method!r}. Use 'auto' unless "
            f"you need to force a solver."
        )


def _check_bias(bias: Any) -> None:
    if bias not in ("last", "first"):
        raise InvalidInput(
            f"bias must be 'last' (x~ = (x, 1), bromberg2012) or 'first' (x~ = (1, x), "
            f"udelar2018, ml10), got bias={bias!r}."
        )


def _resolve_threshold(rcond_threshold: Any, n: int, d: int) -> float:
    if rcond_threshold is None:
        return default_rcond_threshold(n, d)
    reject_complex(rcond_threshold, "rcond_threshold")
    if isinstance(rcond_threshold, bool) or not isinstance(
        rcond_threshold, (int, float, np.integer, np.floating)
    ):
        raise InvalidInput(
            f"rcond_threshold must be a float in (0, 1] or None, got "
            f"rcond_threshold={rcond_threshold!r}."
        )
    value = float(rcond_threshold)
    if not 0.0 < value <= 1.0:
        raise InvalidInput(
            f"rcond_threshold must be in (0, 1] (a reciprocal condition number), got "
            f"rcond_threshold={rcond_threshold!r}. Use None for the default rule "
            f"(d+1) * max(N, d+1) * eps = {default_rcond_threshold(n, d):.2e}."
        )
    return value


def _as_design(X: Any) -> np.ndarray:
    Xv = as_matrix_deferred_finite(X, "X")
    if not (Xv.flags.c_contiguous or Xv.flags.f_contiguous):
        Xv = np.ascontiguousarray(Xv)
    return Xv


def _as_targets(T: Any) -> np.ndarray:
    if np.ndim(T) == 1:
        return as_vector(T, "T").reshape(-1, 1)
    return as_matrix(T, "T")


def _check_model(model: Any) -> LeastSquaresFit:
    if not isinstance(model, LeastSquaresFit):
        raise InvalidInput(
            f"model must be the LeastSquaresFit returned by fit_least_squares or "
            f"fit_least_squares_targets, got {type(model).__name__}. Note the argument "
            f"order: decision_function(model, X)."
        )
    return model


def _error_arguments(
    X: Any, T: Any, W_tilde: Any, bias: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    _check_bias(bias)
    Xv = as_matrix(X, "X")
    Tv = _as_targets(T)
    check_same_length(X=Xv, T=Tv)
    Wv = as_vector(W_tilde, "W_tilde").reshape(-1, 1) if np.ndim(W_tilde) == 1 else as_matrix(
        W_tilde, "W_tilde"
    )
    d, k = Xv.shape[1], Tv.shape[1]
    if Wv.shape != (d + 1, k):
        raise ShapeMismatch(
            f"W_tilde must have shape (d+1, K) = ({d + 1}, {k}) for X with d={d} features and "
            f"T with K={k} columns, got {Wv.shape}. Its rows are the augmented weights with "
            f"the bias {bias}; pass W_tilde.T if you have one row per class."
        )
    return Xv, Tv, Wv
