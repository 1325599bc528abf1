"""Fisher's linear discriminant: scatter matrices, the two-class direction and its
Gaussian threshold, and the multi-class projection.

For fitting Fisher's discriminant as the lecture documents derive it — udelar2018
"Discriminante lineal de Fisher", "Discriminante de Fisher: relación con mínimos
cuadrados", "Discriminante de Fisher: caso c > 2"; ml10 "Fisher linear discriminant"
(criterion, solution, threshold); Bishop PRML §4.1.4-§4.1.6; Duda-Hart-Stork §3.8 — and
for checking the catalog's claims about it numerically. Not for Gaussian (generative)
discriminant analysis with a shared covariance, which ml10 calls GDA.

======================  ==========================================================
``scatter_matrices``    class means, counts, S_W, S_B (multi-class and 2-class forms)
``fisher_criterion``    J(w) = (w^T S_B w) / (w^T S_W w)
``fisher_direction``    w ∝ S_W^{-1}(m_2 - m_1), by a Cholesky solve
``gaussian_threshold``  Bayes threshold between two 1-D Gaussians fitted to projections
``gaussian_log_odds``   log P(C_2 | y) - log P(C_1 | y) under that Gaussian model
``fisher_classifier``   direction + threshold; ``predict``, ``decision_function``
``fisher_projection``   top d' <= c - 1 solutions of S_B w = λ S_W w; ``transform``
======================  ==========================================================

Data larger than memory: every fitting function accepts Dask arrays for ``X`` and ``y``
(``pip install lindisc[dask]``). The class counts, class sums and X^T X are then summed
chunk by chunk in one pass (a chunk may lack some classes), the centred S_W when needed in
a second, the projections' variances of ``fisher_classifier`` in one more; only (d, d) and
(K, d) arrays come back, and the solves are the in-memory ones. The choice between the
``"gram"`` and ``"centred"`` S_W is made by the same rule on the same sample of rows.

Conventions shared by every function: ``X`` is (n_samples, n_features) = (N, d) with
samples in rows; ``y`` holds one label per sample, of any sortable hashable type;
``classes_`` are the distinct labels sorted, and "class 1", "class 2" (the documents'
ω_1, ω_2 or C_1, C_2) are ``classes_[0]``, ``classes_[1]``; class-indexed arrays
(``means_``, ``counts_``) follow that order. Every floating-point output is float64 for
every input dtype (int, bool, float32 are converted on entry); counts stay integers and
``classes_`` keeps the labels' type. Complex input raises :class:`InvalidInput`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import _reductions
from ._validation import (
    as_matrix,
    as_scalar,
    as_vector,
    check_n_features,
    check_positive_int,
    encode_labels,
)
from .errors import InvalidInput, LabelError, ShapeMismatch, SingularMatrixError

__all__ = [
    "FisherClassifier",
    "FisherDirection",
    "FisherProjection",
    "GaussianThreshold",
    "ScatterMatrices",
    "decision_function",
    "fisher_classifier",
    "fisher_criterion",
    "fisher_direction",
    "fisher_projection",
    "gaussian_log_odds",
    "gaussian_threshold",
    "predict",
    "scatter_matrices",
    "transform",
]

_EPS = float(np.finfo(np.float64).eps)
# The uncentred Gram path (S_W = X^T X - sum_k N_k m_k m_k^T) is used only while it loses
# less than a factor 8 (< 1 decimal digit) of accuracy against the centred computation.
_GRAM_MAX_AMPLIFICATION = 8.0
# Above this many classes the class sums use a sparse one-hot product (memory O(N)).
_DENSE_ONE_HOT_MAX_CLASSES = 8
# Elements per chunk of the centred pass: 320 KiB of float64, so a chunk stays in cache.
_CHUNK_ELEMENTS = 40960
# Rows, spread over the data, from which the Gram path's amplification is predicted.
_SAMPLE_ROWS = 256
# Rows per block of the fused Gram pass: about 1 MiB of float64, read once from memory
# for both products T_b^T X_b and X_b^T X_b.
_BLOCK_ELEMENTS = 1 << 17
# Refuse a solve whose predicted relative error (condition number x rounding error) is
# at least 1/10: the result would not have one correct digit.
_MIN_CORRECT_DIGITS_FACTOR = 10.0


def _readonly(*arrays: np.ndarray) -> None:
    for a in arrays:
        a.setflags(write=False)


# ---------------------------------------------------------------------------------------
# Result types.  eq=False: the fields are arrays, whose elementwise == has no truth value.
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ScatterMatrices:
    """Class statistics of a labelled data set (udelar2018, "caso c > 2"; ml10).

    Attributes
    ----------
    classes_ : (K,) the sorted distinct labels.
    counts_ : (K,) int, N_k.
    means_ : (K, d), row k is m_k = (1/N_k) sum_{x in C_k} x.
    mean_ : (d,), m = (1/N) sum_n x_n = (1/N) sum_k N_k m_k.
    scatter_within_ : (d, d), S_W = sum_k sum_{x in C_k} (x - m_k)(x - m_k)^T.
    scatter_between_ : (d, d), the multi-class S_B = sum_k N_k (m_k - m)(m_k - m)^T.
    scatter_between_two_class_ : (d, d) or None; for K = 2 the two-class
        S_B = (m_2 - m_1)(m_2 - m_1)^T of udelar2018 and ml10, which is N/(N_1 N_2) times
        the multi-class one; None when K != 2.
    algorithm_ : ``"gram"`` or ``"centred"``, how S_W was formed (see ``scatter_matrices``).
    scatter_within_error_ : estimated bound on the rounding error of S_W relative to its
        diagonal, max_ij |ΔS_ij| / sqrt(S_ii S_jj); ``inf`` when a feature is constant
        within every class (S_jj = 0 to working precision).
    """

    classes_: np.ndarray
    counts_: np.ndarray
    means_: np.ndarray
    mean_: np.ndarray
    scatter_within_: np.ndarray
    scatter_between_: np.ndarray
    scatter_between_two_class_: np.ndarray | None
    algorithm_: str
    scatter_within_error_: float


@dataclass(frozen=True, eq=False)
class FisherDirection:
    """Fisher's two-class direction (udelar2018 "Discriminante lineal de Fisher"; ml10).

    Attributes
    ----------
    classes_ : (2,) sorted labels; class 1 = ``classes_[0]``, class 2 = ``classes_[1]``.
    coef_ : (d,) w ∝ S_W^{-1}(m_2 - m_1), unit Euclidean norm, oriented from class 1 to
        class 2: w^T (m_2 - m_1) > 0, so class 2 projects higher.
    means_ : (2, d) m_1, m_2.   counts_ : (2,) N_1, N_2.
    scatter_within_ : (d, d) S_W of the data (not regularized).
    scatter_between_ : (d, d) the two-class S_B = (m_2 - m_1)(m_2 - m_1)^T.
    criterion_ : J(coef_) = (w^T S_B w)/(w^T S_W w) with the two-class S_B and the S_W of
        the problem solved (regularized when ``regularization_`` is set); its maximum.
    regularization_ : the shrinkage weight used, or None.
    condition_number_ : 1-norm condition estimate of the diagonally scaled (regularized) S_W.
    """

    classes_: np.ndarray
    coef_: np.ndarray
    means_: np.ndarray
    counts_: np.ndarray
    scatter_within_: np.ndarray
    scatter_between_: np.ndarray
    criterion_: float
    regularization_: float | None
    condition_number_: float


@dataclass(frozen=True, eq=False)
class GaussianThreshold:
    """Two 1-D Gaussians fitted to projections and the Bayes threshold between them (ml10).

    Attributes
    ----------
    threshold_ : ỹ; y > ỹ is assigned to class 2, y <= ỹ to class 1 (±inf when one class
        has the larger posterior everywhere: -inf means "always class 2").
    means_ : (2,) m_i = (1/n_i) sum y.
    variances_ : (2,) unbiased σ_i^2 = (1/(n_i - 1)) sum (y - m_i)^2.
    priors_ : (2,) n_i / (n_1 + n_2).   counts_ : (2,) n_1, n_2.
    """

    threshold_: float
    means_: np.ndarray
    variances_: np.ndarray
    priors_: np.ndarray
    counts_: np.ndarray


@dataclass(frozen=True, eq=False)
class FisherClassifier:
    """Fisher direction plus Gaussian threshold: predict class 2 iff coef_ @ x + intercept_ > 0.

    Attributes
    ----------
    classes_ : (2,) sorted labels.   coef_ : (d,) = ``direction_.coef_``.
    intercept_ : -ỹ, so that the decision function is w^T x - ỹ.
    direction_ : the ``FisherDirection``.   threshold_ : the ``GaussianThreshold``.
    """

    classes_: np.ndarray
    coef_: np.ndarray
    intercept_: float
    direction_: FisherDirection
    threshold_: GaussianThreshold


@dataclass(frozen=True, eq=False)
class FisherProjection:
    """Fisher's multi-class projection W (udelar2018 "Discriminante de Fisher: caso c > 2").

    Attributes
    ----------
    classes_ : (K,) sorted labels.   means_ : (K, d).   counts_ : (K,).
    scalings_ : (d, d') W, columns the generalized eigenvectors of S_B w = λ S_W w for the
        d' largest λ, normalized so W^T S_W W = I; column j is oriented so that
        w_j^T (m_K - m_1) >= 0 (for K = 2 it is parallel to ``fisher_direction``'s coef_).
    eigenvalues_ : (d',) λ_1 >= ... >= λ_d'.
    trace_criterion_ : Trace((W^T S_W W)^{-1} W^T S_B W), evaluated from its definition;
        equals sum(eigenvalues_) at the optimum.
    explained_ratio_ : (d',) λ_j / Trace(S_W^{-1} S_B), the share of the total criterion.
    scatter_within_ : (d, d) S_W of the data.   scatter_between_ : (d, d) multi-class S_B.
    regularization_ : the shrinkage weight used, or None.
    condition_number_ : 1-norm condition estimate of the diagonally scaled (regularized) S_W.
    """

    classes_: np.ndarray
    means_: np.ndarray
    counts_: np.ndarray
    scalings_: np.ndarray
    eigenvalues_: np.ndarray
    trace_criterion_: float
    explained_ratio_: np.ndarray
    scatter_within_: np.ndarray
    scatter_between_: np.ndarray
    regularization_: float | None
    condition_number_: float


# ---------------------------------------------------------------------------------------
# Scatter matrices
# ---------------------------------------------------------------------------------------


def _class_index(y: Any, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """Return (classes, index, counts, one_hot or None) with classes[index] == y.

    Non-negative integer labels take an O(N) bincount path; anything else (and every
    invalid input, for its message) goes through ``encode_labels``.
    """
    arr = np.asarray(y)
    if arr.ndim == 1 and arr.shape[0] == n and n > 0 and arr.dtype.kind in "iu":
        low, high = int(arr.min()), int(arr.max())
        if low >= 0 and high < 2 * n + 1024:
            full_counts = np.bincount(arr)
            present = np.flatnonzero(full_counts)
            if present.shape[0] >= 2:
                if present.shape[0] == high + 1:
                    index = arr.astype(np.intp, copy=False)
                else:
                    lookup = np.zeros(high + 1, dtype=np.intp)
                    lookup[present] = np.arange(present.shape[0])
                    index = lookup[arr]
                return present.astype(arr.dtype), index, full_counts[present], None
    classes, one_hot = encode_labels(y, "y", n=n)
    index = np.argmax(one_hot, axis=1)
    counts = np.bincount(index, minlength=classes.shape[0])
    return classes, index, counts, one_hot


def _one_hot(index: np.ndarray, n_classes: int) -> np.ndarray:
    one_hot = np.zeros((index.shape[0], n_classes))
    one_hot[np.arange(index.shape[0]), index] = 1.0
    return one_hot


def _class_sums(X: np.ndarray, index: np.ndarray, n_classes: int,
                one_hot: np.ndarray | None) -> np.ndarray:
    """(K, d) per-class sums as one BLAS product T^T X with the 1-of-K matrix T."""
    if n_classes <= _DENSE_ONE_HOT_MAX_CLASSES:
        return (_one_hot(index, n_classes) if one_hot is None else one_hot).T @ X
    from scipy.sparse import csr_array

    n = X.shape[0]
    indicator = csr_array((np.ones(n), (index, np.arange(n))), shape=(n_classes, n))
    return np.asarray(indicator @ X)


def _sums_and_gram(X: np.ndarray, index: np.ndarray, n_classes: int,
                   one_hot: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Class sums T^T X and Gram matrix X^T X in one pass over X, block by block.

    Each block of about 1 MiB is read from memory once and used by both BLAS products
    (gemm and syrk) while it is in cache.
    """
    n, d = X.shape
    if n_classes > _DENSE_ONE_HOT_MAX_CLASSES:
        return _class_sums(X, index, n_classes, None), X.T @ X
    rows = max(64, _BLOCK_ELEMENTS // d)
    if rows >= n:
        return _class_sums(X, index, n_classes, one_hot), X.T @ X
    identity = np.eye(n_classes)
    sums, gram = np.zeros((n_classes, d)), np.zeros((d, d))
    for start in range(0, n, rows):
        block = X[start:start + rows]
        T = identity[index[start:start + rows]] if one_hot is None else one_hot[start:start + rows]
        sums += T.T @ block
        gram += block.T @ block
    return sums, gram


def _centred_scatter(X: np.ndarray, index: np.ndarray, means: np.ndarray) -> np.ndarray:
    """S_W = sum_n (x_n - m_{k(n)})(x_n - m_{k(n)})^T by chunked centring and BLAS syrk."""
    from scipy.linalg.blas import dsyrk

    n, d = X.shape
    rows = min(n, max(256, _CHUNK_ELEMENTS // d))
    buffer = np.empty((rows, d))
    upper = np.zeros((d, d), order="F")
    for start in range(0, n, rows):
        stop = min(start + rows, n)
        chunk = buffer[: stop - start]
        np.take(means, index[start:stop], axis=0, out=chunk)
        np.subtract(X[start:stop], chunk, out=chunk)
        # chunk.T is Fortran-ordered (d, rows): syrk reads it without a copy.
        upper = dsyrk(1.0, chunk.T, beta=1.0, c=upper, trans=0, lower=0, overwrite_c=1)
    return np.triu(upper) + np.triu(upper, 1).T


def _predicted_amplification(X: np.ndarray, index: np.ndarray, n_classes: int) -> float:
    """max_j (sum x_j^2) / (sum (x_j - m_k(j))^2) on a strided sample of rows, with the
    sample's own class means: a cheap forecast of the Gram path's cancellation factor."""
    n = X.shape[0]
    rows = min(n, _SAMPLE_ROWS)
    step = max(1, n // rows)
    return _sample_amplification(X[::step][:rows], index[::step][:rows], n_classes)


def _sample_amplification(sample: np.ndarray, sample_index: np.ndarray, n_classes: int) -> float:
    """The forecast of ``_predicted_amplification`` from its sample rows and their classes."""
    counts = np.bincount(sample_index, minlength=n_classes)
    sums = _one_hot(sample_index, n_classes).T @ sample
    centred = sample - (sums / np.maximum(counts, 1)[:, None])[sample_index]
    raw = np.einsum("ij,ij->j", sample, sample)
    within = np.einsum("ij,ij->j", centred, centred)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(within > 0, raw / np.where(within > 0, within, 1.0), np.inf)
    return float(ratio.max())


def _diagonal_errors(scatter_within: np.ndarray, means: np.ndarray, counts: np.ndarray,
                     algorithm: str) -> np.ndarray:
    """Absolute rounding-error estimate of each S_jj for the path that formed it.

    With u = (sqrt(N) + d) eps (a length-N dot product's typical accumulated rounding,
    Higham & Mary 2019, plus d for the factorization) and G_jj = S_jj + sum_k N_k m_kj^2
    (= sum_n x_nj^2): the Gram path errs by about u G_jj (cancellation); the centred path
    by u S_jj + u^2 G_jj (the rounding of m_k enters only squared).
    """
    n, d = int(counts.sum()), scatter_within.shape[0]
    u = (math.sqrt(n) + d) * _EPS
    s = scatter_within.diagonal()
    moment = np.abs(s) + counts @ (means * means)
    if algorithm == "gram":
        return u * moment
    return u * np.abs(s) + u * u * moment


def _relative_error(errors: np.ndarray, diagonal: np.ndarray) -> float:
    if np.any(diagonal <= 0):
        return math.inf
    return float(np.max(errors / diagonal))


def _check_sums(X: np.ndarray, sums: np.ndarray) -> None:
    if not np.all(np.isfinite(sums)):
        # Any NaN or inf in X makes its class sum non-finite; as_matrix names the entry.
        as_matrix(X, "X")
        raise _overflowed_sums()


def _overflowed_sums() -> InvalidInput:
    return InvalidInput(
        "the class sums of X overflowed float64 although X is finite: its values are too "
        "large. Rescale X, e.g. X / np.abs(X).max()."
    )


def _scatter(X: np.ndarray, y: Any) -> tuple[ScatterMatrices, np.ndarray]:
    # Non-finite input is detected from the class sums (_check_sums) rather than by a
    # separate pass, so NumPy must not warn while those sums are being formed: the caller
    # gets one clear NonFiniteInput / InvalidInput instead of a RuntimeWarning first.
    with np.errstate(invalid="ignore", over="ignore"):
        return _scatter_unchecked(X, y)


def _scatter_unchecked(X: np.ndarray, y: Any) -> tuple[ScatterMatrices, np.ndarray]:
    n = X.shape[0]
    classes, index, counts, one_hot = _class_index(y, n)
    n_classes = classes.shape[0]
    within = None
    if _predicted_amplification(X, index, n_classes) <= _GRAM_MAX_AMPLIFICATION:
        sums, gram = _sums_and_gram(X, index, n_classes, one_hot)
        _check_sums(X, sums)
        within = _gram_within(gram, sums, counts)
    else:
        sums = _class_sums(X, index, n_classes, one_hot)
        _check_sums(X, sums)
    means = sums / counts[:, None]
    algorithm = "centred" if within is None else "gram"
    if within is None:
        within = _centred_scatter(X, index, means)
    return _scatter_result(classes, counts, means, within, algorithm, n), index


def _gram_within(gram: np.ndarray, sums: np.ndarray, counts: np.ndarray) -> np.ndarray | None:
    """S_W = X^T X - sum_k N_k m_k m_k^T, or None when that loses a factor over 8 (then
    S_W must be formed centred)."""
    weighted = sums / np.sqrt(counts)[:, None]
    within = gram - weighted.T @ weighted
    diagonal = within.diagonal()
    with np.errstate(divide="ignore", invalid="ignore"):
        amplification = np.where(diagonal > 0, gram.diagonal() / diagonal, np.inf)
    if np.all(np.isfinite(gram)) and amplification.max() <= _GRAM_MAX_AMPLIFICATION:
        return within
    return None


def _scatter_lazy(X: Any, y: Any) -> ScatterMatrices:
    """``_scatter`` for Dask arrays: the class counts, sums, X^T X and the sample rows of
    ``_predicted_amplification`` in one chunk-wise pass; the centred S_W, when the same
    rule asks for it, in a second."""
    with np.errstate(invalid="ignore", over="ignore"):
        moments = _reductions.class_moments(X, y, sample_rows=min(X.shape[0], _SAMPLE_ROWS))
        classes = _reductions.checked_classes(moments.labels, "y")
        counts, sums = moments.counts, moments.sums
        if not np.all(np.isfinite(sums)):
            _reductions.raise_nonfinite(moments.bad, "X")
            raise _overflowed_sums()
        within = None
        sample_index = np.searchsorted(classes, moments.sample_y)
        if (_sample_amplification(moments.sample_x, sample_index, classes.shape[0])
                <= _GRAM_MAX_AMPLIFICATION):
            within = _gram_within(moments.gram, sums, counts)
        means = sums / counts[:, None]
        algorithm = "centred" if within is None else "gram"
        if within is None:
            within = _reductions.centred_scatter(X, y, classes, means)
        return _scatter_result(classes, counts, means, within, algorithm, X.shape[0])


def _scatter_result(classes: np.ndarray, counts: np.ndarray, means: np.ndarray,
                    within: np.ndarray, algorithm: str, n: int) -> ScatterMatrices:
    n_classes = classes.shape[0]
    if not np.all(np.isfinite(within)):
        raise InvalidInput(
            "the scatter matrix of X overflowed float64: its values are too large. Rescale X, "
            "e.g. X / np.abs(X).max()."
        )

    mean = (counts @ means) / n
    deviations = (means - mean) * np.sqrt(counts)[:, None]
    between = deviations.T @ deviations
    two_class = None
    if n_classes == 2:
        delta = means[1] - means[0]
        two_class = np.outer(delta, delta)
    error = _relative_error(_diagonal_errors(within, means, counts, algorithm), within.diagonal())
    _readonly(classes, counts, means, mean, within, between,
              *([two_class] if two_class is not None else []))
    return ScatterMatrices(
        classes_=classes, counts_=counts, means_=means, mean_=mean, scatter_within_=within,
        scatter_between_=between, scatter_between_two_class_=two_class, algorithm_=algorithm,
        scatter_within_error_=error,
    )


def scatter_matrices(X: Any, y: Any) -> ScatterMatrices:
    """Class means and the within- and between-class scatter matrices.

    m_k = (1/N_k) sum_{x in C_k} x,  m = (1/N) sum_n x_n,
    S_W = sum_k sum_{x in C_k} (x - m_k)(x - m_k)^T,
    S_B = sum_k N_k (m_k - m)(m_k - m)^T                  (udelar2018, "caso c > 2"),
    and for K = 2 also S_B = (m_2 - m_1)(m_2 - m_1)^T    (udelar2018, ml10; Bishop (4.27));
    the two agree up to the factor N_1 N_2 / N (Bishop (4.46)).

    How S_W is formed (``algorithm_``). If a strided sample of 256 rows predicts that the
    data are roughly centred, one pass over X, in blocks of about 1 MiB, forms both the
    class sums T^T X (gemm with the 1-of-K matrix T) and the Gram matrix X^T X (syrk) while
    each block is in cache, and S_W = X^T X - sum_k N_k m_k m_k^T (``"gram"``). This "total
    minus between" form cancels catastrophically when the means are large against the
    spread — its error is u sum_n x_nj^2 rather than u S_jj — so it is kept only when the
    amplification max_j (sum_n x_nj^2) / S_jj is at most 8 (under one decimal digit lost),
    checked on the full data. Otherwise (``"centred"``) the class sums come first, then
    the rows are centred by their class mean in cache-sized chunks and accumulated by
    syrk, whose error does not grow with the offset of the data: two passes over X. NaN
    and inf are detected from the class sums (which they poison), not by a separate pass.
    For K > 8 the class sums use a sparse one-hot product.

    Conventions
    -----------
    X : (N, d) finite floats.  y : (N,) labels, at least 2 distinct.  See ``ScatterMatrices``
    for the result; matrices are (d, d), exactly symmetric, read-only. X and y may be Dask
    arrays (see the module docstring).
    """
    return _prepare(X, y)[0]


def _as_data_matrix(X: Any) -> np.ndarray:
    """``as_matrix(X, "X")``, without its separate finiteness pass for float64 matrices.

    The class sums that ``_scatter`` forms first are non-finite whenever X holds a NaN or
    an inf, so it screens for them at no extra pass over X and then calls ``as_matrix``
    for the message naming the entry.
    """
    if isinstance(X, np.ndarray) and X.dtype == np.float64 and X.ndim == 2 and X.size > 0:
        return X
    return as_matrix(X, "X")


# ---------------------------------------------------------------------------------------
# The criterion and the factorization of S_W
# ---------------------------------------------------------------------------------------


def _criterion(w: np.ndarray, S_B: np.ndarray, S_W: np.ndarray) -> float:
    numerator, denominator = float(w @ S_B @ w), float(w @ S_W @ w)
    if denominator <= 0:
        if numerator > 0:
            return math.inf
        raise SingularMatrixError(
            f"w^T S_W w = {denominator!r} and w^T S_B w = {numerator!r}: J(w) is undefined for "
            f"this w (S_W is not positive definite along it)."
        )
    return numerator / denominator


def fisher_criterion(w: Any, scatter_between: Any, scatter_within: Any) -> float:
    """Fisher's criterion J(w) = (w^T S_B w) / (w^T S_W w).

    udelar2018 "Discriminante lineal de Fisher" (2do intento); ml10 "Fisher criterion";
    Bishop (4.26). Invariant to w -> c w for c != 0.

    Conventions
    -----------
    w : (d,) nonzero.  scatter_between, scatter_within : (d, d).  Returns ``inf`` when
    w^T S_W w = 0 < w^T S_B w (a direction with no within-class spread).
    """
    w = as_vector(w, "w", nonzero=True)
    d = w.shape[0]
    S_B = as_matrix(scatter_between, "scatter_between")
    S_W = as_matrix(scatter_within, "scatter_within")
    for name, M in (("scatter_between", S_B), ("scatter_within", S_W)):
        if M.shape != (d, d):
            raise ShapeMismatch(f"{name} must be ({d}, {d}) to match w of length {d}, "
                                f"got shape {M.shape}.")
    return _criterion(w, S_B, S_W)


def _check_regularization(regularization: Any) -> float | None:
    if regularization is None:
        return None
    value = as_scalar(regularization, "regularization")
    if not 0 < value <= 1:
        raise InvalidInput(
            f"regularization must be None or a shrinkage weight in (0, 1] (S_W -> (1 - eps) S_W "
            f"+ eps trace(S_W)/d I), got regularization={regularization!r}. Small values such as "
            f"1e-3 keep the solution close to Fisher's."
        )
    return value


def _format_combination(v: np.ndarray) -> str:
    """The (at most 4) largest terms of sum_j v_j x[j], signed so that the first is positive."""
    order = np.argsort(-np.abs(v))[: min(4, v.shape[0])]
    shown = sorted(order[np.abs(v[order]) >= 0.05 * np.abs(v[order[0]])])
    v = v if v[shown[0]] > 0 else -v
    text = " ".join(f"{'-' if v[j] < 0 else '+'} {abs(v[j]):.3g}*x[{j}]" for j in shown)
    return text[2:]


_FIX = ("Fix: remove the redundant feature(s), or pass regularization=eps with 0 < eps <= 1 "
        "(shrinkage S_W -> (1 - eps) S_W + eps trace(S_W)/d I), e.g. regularization=1e-3.")


def _factor_within(scatter: ScatterMatrices, regularization: float | None
                   ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """Cholesky factor of the diagonally scaled S_W (regularized if asked).

    Returns (L, scale, S_used, condition) with L lower triangular and S_used =
    diag(scale)^{-1} L L^T diag(scale)^{-1}. Scaling to unit diagonal first makes the conditioning test and the
    solve insensitive to the units of each feature (van der Sluis); the solve is refused
    when condition x rounding error >= 1/10.
    """
    from scipy.linalg import eigh
    from scipy.linalg.lapack import dpocon, dpotrf

    S_W = scatter.scatter_within_
    d = S_W.shape[0]
    n, n_classes = int(scatter.counts_.sum()), scatter.classes_.shape[0]
    errors = _diagonal_errors(S_W, scatter.means_, scatter.counts_, scatter.algorithm_)
    if regularization is None:
        S_used = S_W
        constant = np.flatnonzero(S_W.diagonal() <= _MIN_CORRECT_DIGITS_FACTOR * errors)
        if constant.shape[0]:
            raise SingularMatrixError(
                f"The within-class scatter matrix S_W is singular: feature(s) "
                f"{constant.tolist()} are constant within every class (zero within-class "
                f"scatter to working precision), so S_W^{{-1}} does not exist. If such a "
                f"feature differs between classes it separates them on its own. {_FIX}"
            )
    else:
        S_used = (1.0 - regularization) * S_W + regularization * (np.trace(S_W) / d) * np.eye(d)
    diagonal = S_used.diagonal()
    if not np.all(diagonal > 0):
        raise SingularMatrixError(
            f"S_W + shrinkage is singular: trace(S_W) = {np.trace(S_W)!r}, every feature is "
            f"constant within every class, and shrinkage towards trace(S_W)/d I cannot help. "
            f"Fisher's criterion is undefined for these data."
        )
    scale = 1.0 / np.sqrt(diagonal)
    scaled = S_used * scale[:, None] * scale[None, :]
    error = (1.0 - (regularization or 0.0)) * _relative_error(errors, diagonal)
    limit = 1.0 / (_MIN_CORRECT_DIGITS_FACTOR * error) if error > 0 else math.inf
    factor, info = dpotrf(scaled, lower=1, clean=1)
    rcond = 0.0
    if info == 0:
        rcond, _ = dpocon(factor, float(np.abs(scaled).sum(axis=0).max()), uplo="L")
    condition = math.inf if rcond <= 0 else 1.0 / rcond
    if condition < limit:
        return factor, scale, S_used, condition

    values, vectors = eigh(scaled, check_finite=False)
    combination = _format_combination(vectors[:, 0])
    rank_hint = ""
    if d > n - n_classes:
        rank_hint = (f" With N = {n} samples in K = {n_classes} classes S_W has rank at most "
                     f"N - K = {n - n_classes} < d = {d}: there are more features than "
                     f"within-class degrees of freedom; collect more samples or reduce d.")
    what = ("S_W" if regularization is None
            else f"the shrunk S_W (regularization={regularization!r})")
    fix = _FIX if regularization is None else "Fix: increase regularization."
    raise SingularMatrixError(
        f"The within-class scatter matrix {what} ({d}x{d}) is singular or too ill-conditioned "
        f"to solve with: the condition number of the diagonally scaled matrix is about "
        f"{condition:.3g} (smallest eigenvalue {values[0]:.3g}), beyond the limit {limit:.3g} "
        f"= 1/(10 x its rounding error {error:.2g}), so a solve with it would not have one "
        f"correct digit. Near-null direction (coefficients on features scaled to unit "
        f"within-class scatter): {combination} is (almost) constant within every class."
        f"{rank_hint} {fix}"
    )


def _prepare(X: Any, y: Any) -> tuple[ScatterMatrices, np.ndarray | None, Any, Any]:
    """(scatter, index, X, y): index[n] is the class of sample n in memory; for Dask input
    index is None and X, y are the validated Dask arrays."""
    X, y = _reductions.as_host(X), _reductions.as_host(y)
    if _reductions.is_lazy(X, y):
        X = _reductions.lazy_design(X, "X", rows=_reductions.row_chunks(y))
        y = _reductions.lazy_labels(y, X, "y")
        return _scatter_lazy(X, y), None, X, y
    X = _as_data_matrix(X)
    scatter, index = _scatter(X, y)
    return scatter, index, X, y


# ---------------------------------------------------------------------------------------
# Two classes
# ---------------------------------------------------------------------------------------


def _two_class_direction(scatter: ScatterMatrices, regularization: float | None) -> FisherDirection:
    from scipy.linalg.lapack import dpotrs

    if scatter.classes_.shape[0] != 2:
        raise LabelError(
            f"fisher_direction needs exactly 2 classes, got {scatter.classes_.shape[0]}: "
            f"{scatter.classes_.tolist()!r}. For c > 2 classes use fisher_projection "
            f"(udelar2018 'caso c > 2')."
        )
    delta = scatter.means_[1] - scatter.means_[0]
    if not np.any(delta):
        raise InvalidInput(
            "the two class means are equal (m_2 - m_1 = 0), so S_B = 0 and J(w) = 0 for every "
            "w: no direction separates the means. Fisher's discriminant needs distinct means."
        )
    factor, scale, S_used, condition = _factor_within(scatter, regularization)
    w = scale * dpotrs(factor, scale * delta, lower=1)[0]
    w /= np.linalg.norm(w)
    S_B = scatter.scatter_between_two_class_
    criterion = _criterion(w, S_B, S_used)
    _readonly(w)
    return FisherDirection(
        classes_=scatter.classes_, coef_=w, means_=scatter.means_, counts_=scatter.counts_,
        scatter_within_=scatter.scatter_within_, scatter_between_=S_B, criterion_=criterion,
        regularization_=regularization, condition_number_=condition,
    )


def fisher_direction(X: Any, y: Any, *, regularization: float | None = None) -> FisherDirection:
    """Fisher's two-class direction w ∝ S_W^{-1}(m_2 - m_1).

    Maximizes J(w) = (w^T S_B w)/(w^T S_W w) with S_B = (m_2 - m_1)(m_2 - m_1)^T:
    dJ/dw = 0 gives (w^T S_B w) S_W w = (w^T S_W w) S_B w ∝ m_2 - m_1 (udelar2018
    "Discriminante lineal de Fisher"; ml10 "Fisher criterion"; Bishop (4.30)). w is found
    by a Cholesky solve with the diagonally scaled S_W, never an explicit inverse.

    A singular or ill-conditioned S_W (a feature constant within every class, duplicated or
    linearly dependent features, d > N - 2) raises ``SingularMatrixError`` naming the
    offending features. ``regularization=eps`` (opt-in) replaces S_W by the shrinkage
    (1 - eps) S_W + eps (trace(S_W)/d) I, which is positive definite for eps in (0, 1].

    Conventions
    -----------
    X : (N, d).  y : (N,) with exactly two distinct labels; class 1 = ``classes_[0]``,
    class 2 = ``classes_[1]`` (sorted). coef_ has unit norm and w^T (m_2 - m_1) > 0:
    it points from class 1 towards class 2, so class 2 projects higher — udelar2018's
    "y >= w_0 -> ω_1" and ml10's "C_1 iff y > ỹ" put the classes the other way round for
    this same w; the threshold rule here is ``gaussian_threshold``'s.
    """
    regularization = _check_regularization(regularization)
    scatter = _prepare(X, y)[0]
    return _two_class_direction(scatter, regularization)


def gaussian_threshold(projections_1: Any, projections_2: Any) -> GaussianThreshold:
    """Bayes threshold between two 1-D Gaussians fitted to the projections of two classes.

    ml10 (threshold): m_i = (1/n_i) sum y, σ_i^2 = (1/(n_i - 1)) sum (y - m_i)^2, priors
    P(C_i) = n_i / (n_1 + n_2), and ỹ is where the posteriors are equal:

        log n_1 - log σ_1 - (y - m_1)^2 / (2 σ_1^2) = log n_2 - log σ_2 - (y - m_2)^2 / (2 σ_2^2).

    The Gaussian density carries the factor 1/σ_i; ml10 writes P(C_i | y) ∝ n_i
    exp(-(y - m_i)^2 / (2 σ_i^2)), which drops it and is right only when σ_1 = σ_2.

    With u = y - m_1 and Δ = m_2 - m_1 > 0 the equation is a u^2 + b u + c = 0 with
    a = 1/(2σ_1^2) - 1/(2σ_2^2), b = Δ/σ_2^2 > 0, c = log(n_2 σ_1 / (n_1 σ_2)) - Δ^2/(2σ_2^2).
    The threshold is the root where the log-odds g(y) = log P(C_2|y) - log P(C_1|y) rises
    through 0, u = -2c / (b + sqrt(b^2 - 4ac)) — the cancellation-free form of the quadratic
    formula, which for σ_1 = σ_2 (a = 0) is the linear solution
    ỹ = (m_1 + m_2)/2 - σ^2 log(n_2/n_1) / Δ. It lies between the means whenever each mean
    is classified to its own class (g(m_1) < 0 < g(m_2)); with unequal variances the other
    root (far in the tail of the narrower class) is the second boundary of the quadratic
    Bayes rule, which a linear threshold ignores. If the posteriors never cross,
    ỹ = -inf (class 2 everywhere) or +inf (class 1 everywhere).

    Conventions
    -----------
    projections_1, projections_2 : 1-D, at least 2 values each, not all equal, with
    mean(projections_2) > mean(projections_1) — as for w = ``fisher_direction(...).coef_``.
    y > ỹ is assigned to class 2, y <= ỹ to class 1 (ml10: ỹ is the least y with
    P(C_2|y)/P(C_1|y) > 1 on the side of the means).
    """
    samples = []
    for i, p in enumerate((projections_1, projections_2), start=1):
        v = as_vector(p, f"projections_{i}")
        if v.shape[0] < 2:
            raise InvalidInput(
                f"projections_{i} needs at least 2 values for the unbiased variance "
                f"1/(n_{i} - 1) sum (y - m_{i})^2, got {v.shape[0]}."
            )
        samples.append(v)
    return _threshold(
        np.array([v.mean() for v in samples]), np.array([v.var(ddof=1) for v in samples]),
        np.array([v.shape[0] for v in samples]), ("projections_1", "projections_2"),
        "Swap the arguments or negate the direction (fisher_direction orients "
        "w^T (m_2 - m_1) > 0).",
    )


def _threshold(means: np.ndarray, variances: np.ndarray, counts: np.ndarray,
               names: tuple[str, str], fix: str) -> GaussianThreshold:
    """``gaussian_threshold`` from the projections' means, unbiased variances and counts."""
    for i in (0, 1):
        if not variances[i] > 0:
            raise InvalidInput(
                f"{names[i]} all project to the same value (variance 0): the Gaussian model "
                f"of class {i + 1} is degenerate. The direction separates the classes "
                f"exactly; choose a threshold by hand, or regularize the direction."
            )
    if not means[1] > means[0]:
        raise InvalidInput(
            f"the threshold expects class 2 to project higher than class 1, but {names[1]} "
            f"has mean {means[1]!r} and {names[0]} has mean {means[0]!r}. {fix}"
        )
    priors = counts / counts.sum()
    sigma = np.sqrt(variances)
    unit = sigma.max()
    s1, s2 = sigma / unit
    delta = (means[1] - means[0]) / unit
    a = (s2 - s1) * (s2 + s1) / (2.0 * s1 * s1 * s2 * s2)
    b = delta / (s2 * s2)
    c = (math.log(counts[1] / counts[0]) + math.log(sigma[0] / sigma[1])
         - delta * delta / (2 * s2 * s2))
    discriminant = b * b - 4.0 * a * c
    if discriminant < 0:
        threshold = -math.inf if a > 0 else math.inf
    else:
        threshold = float(means[0] + unit * (-2.0 * c / (b + math.sqrt(discriminant))))
    _readonly(means, variances, priors, counts)
    return GaussianThreshold(threshold_=threshold, means_=means, variances_=variances,
                             priors_=priors, counts_=counts)


def gaussian_log_odds(model: GaussianThreshold, y: Any) -> np.ndarray:
    """g(y) = log P(C_2 | y) - log P(C_1 | y) under the fitted Gaussians (ml10, with 1/σ_i).

    g(y) = log(π_2/σ_2) - (y - m_2)^2/(2σ_2^2) - log(π_1/σ_1) + (y - m_1)^2/(2σ_1^2);
    g(threshold_) = 0.

    Conventions
    -----------
    model : a ``GaussianThreshold``.  y : scalar or 1-D; returns an array of y's shape.
    """
    values = as_vector(y, "y") if np.ndim(y) else np.array([as_scalar(y, "y")])
    m, var, pi = model.means_, model.variances_, model.priors_
    log_post = [math.log(pi[i]) - 0.5 * math.log(var[i]) - (values - m[i]) ** 2 / (2 * var[i])
                for i in (0, 1)]
    return (log_post[1] - log_post[0]).reshape(np.shape(y))


def fisher_classifier(X: Any, y: Any, *, regularization: float | None = None) -> FisherClassifier:
    """Fisher's direction with the Gaussian threshold of its projections (ml10; udelar2018).

    w = ``fisher_direction`` (unit norm, w^T(m_2 - m_1) > 0); ỹ = ``gaussian_threshold`` of
    {w^T x : x in C_1} and {w^T x : x in C_2}; decide class 2 iff w^T x - ỹ > 0.

    Conventions
    -----------
    X : (N, d).  y : (N,), two distinct labels, at least 2 samples each. Use ``predict`` and
    ``decision_function`` on the result.
    """
    regularization = _check_regularization(regularization)
    scatter, index, X, y = _prepare(X, y)
    direction = _two_class_direction(scatter, regularization)
    counts = scatter.counts_
    names = tuple(f"class {label!r}" for label in direction.classes_.tolist())
    for i in (0, 1):
        if counts[i] < 2:
            raise InvalidInput(
                f"{names[i]} has {counts[i]} sample; the Gaussian threshold needs at least 2 "
                f"per class for the unbiased variance 1/(n_i - 1) sum (y - m_i)^2."
            )
    # projected means w^T m_i, then the two-pass unbiased variances per class
    means = scatter.means_ @ direction.coef_
    if index is None:
        squares = _reductions.projection_squares(X, y, scatter.classes_, direction.coef_, means)
    else:
        deviations = X @ direction.coef_
        deviations -= means[index]
        deviations *= deviations
        squares = np.bincount(index, weights=deviations, minlength=2)
    variances = squares / (counts - 1)
    threshold = _threshold(means, variances, counts.copy(), names,
                           "The class means coincide along w to working precision.")
    return FisherClassifier(classes_=direction.classes_, coef_=direction.coef_,
                            intercept_=-threshold.threshold_, direction_=direction,
                            threshold_=threshold)


def _features(model_coef: np.ndarray, X: Any) -> np.ndarray:
    return check_n_features(as_matrix(X, "X"), model_coef.shape[0])


def decision_function(model: FisherClassifier, X: Any) -> np.ndarray:
    """w^T x - ỹ for each row x of X: > 0 means class 2 (``classes_[1]``).

    Conventions
    -----------
    X : (M, d) with the training d. Returns (M,).
    """
    X = _features(model.coef_, X)
    return X @ model.coef_ + model.intercept_


def predict(model: FisherClassifier, X: Any) -> np.ndarray:
    """``classes_[1]`` where w^T x > ỹ, else ``classes_[0]`` (ties go to class 1, as in ml10).

    Conventions
    -----------
    X : (M, d) with the training d. Returns (M,) labels of ``classes_``'s dtype.
    """
    return model.classes_[(decision_function(model, X) > 0).astype(np.intp)]


# ---------------------------------------------------------------------------------------
# c > 2 classes
# ---------------------------------------------------------------------------------------


def fisher_projection(X: Any, y: Any, *, n_components: int | None = None,
                      regularization: float | None = None) -> FisherProjection:
    """Fisher's multi-class projection: maximize Trace((W^T S_W W)^{-1} W^T S_B W).

    udelar2018 "Discriminante de Fisher: caso c > 2": with the Cholesky factor
    S_W = S_W^{1/2} (S_W^{1/2})^T and V = (S_W^{1/2})^T W the criterion becomes
    Trace((V^T V)^{-1} V^T M V), M = S_W^{-1/2} S_B S_W^{-T/2}, maximized by the d' dominant
    eigenvectors of M; equivalently S_B W = S_W W diag(λ_1..λ_d') (Bishop §4.1.6). Solved by
    ``scipy.linalg.eigh(S_B, S_W, subset_by_index=...)`` (LAPACK sygvx, which performs that
    Cholesky reduction) on the diagonally scaled matrices. rank(S_B) <= K - 1, so at most
    K - 1 eigenvalues are nonzero and d' <= min(K - 1, d).

    ``regularization`` and the singular-S_W error are as in ``fisher_direction``.

    Conventions
    -----------
    X : (N, d).  y : (N,) with K >= 2 labels.  n_components : d', default min(K - 1, d).
    scalings_ is (d, d') with W^T S_W W = I and columns oriented by w_j^T(m_K - m_1) >= 0;
    ``transform`` returns X W (no centring), as y = W^T x in udelar2018.
    """
    from scipy.linalg import eigh, solve
    from scipy.linalg.lapack import dpotrs

    regularization = _check_regularization(regularization)
    scatter = _prepare(X, y)[0]
    d, n_classes = scatter.means_.shape[1], scatter.classes_.shape[0]
    most = min(n_classes - 1, d)
    if n_components is None:
        n_components = most
    n_components = check_positive_int(n_components, "n_components")
    if n_components > most:
        raise InvalidInput(
            f"n_components={n_components} is too large: rank(S_B) <= K - 1 = {n_classes - 1} "
            f"for K = {n_classes} classes (and the projection has at most d = {d} dimensions), "
            f"so at most {most} directions carry between-class scatter. Use "
            f"n_components <= {most}."
        )
    S_B = scatter.scatter_between_
    if not np.any(S_B):
        raise InvalidInput(
            "all class means are equal, so S_B = 0 and the trace criterion is 0 for every W: "
            "no projection separates the means. Fisher's discriminant needs distinct means."
        )
    factor, scale, S_used, condition = _factor_within(scatter, regularization)
    scaled_B = S_B * scale[:, None] * scale[None, :]
    scaled_W = S_used * scale[:, None] * scale[None, :]
    try:
        values, vectors = eigh(scaled_B, scaled_W, subset_by_index=[d - n_components, d - 1],
                               check_finite=False)
    except np.linalg.LinAlgError as exc:
        raise SingularMatrixError(
            f"scipy.linalg.eigh(S_B, S_W) failed ({exc}); S_W is numerically singular. {_FIX}"
        ) from None
    values, vectors = values[::-1].copy(), vectors[:, ::-1]
    W = scale[:, None] * vectors
    signs = np.sign((scatter.means_[-1] - scatter.means_[0]) @ W)
    signs[signs == 0] = 1.0
    W = np.ascontiguousarray(W * signs)
    projected_W, projected_B = W.T @ S_used @ W, W.T @ S_B @ W
    trace_criterion = float(np.trace(solve(projected_W, projected_B, assume_a="pos")))
    # Trace(S_W^{-1} S_B) = Trace(C_W^{-1} C_B) for the scaled pair; C_W^{-1} is symmetric.
    total = float(np.sum(dpotrs(factor, np.eye(d), lower=1)[0] * scaled_B))
    explained = values / total if total > 0 else np.full_like(values, np.nan)
    _readonly(W, values, explained)
    return FisherProjection(
        classes_=scatter.classes_, means_=scatter.means_, counts_=scatter.counts_, scalings_=W,
        eigenvalues_=values, trace_criterion_=trace_criterion, explained_ratio_=explained,
        scatter_within_=scatter.scatter_within_, scatter_between_=S_B,
        regularization_=regularization, condition_number_=condition,
    )


def transform(model: FisherProjection, X: Any) -> np.ndarray:
    """Project onto the Fisher directions: Y = X W, row n is y_n = W^T x_n (udelar2018).

    Conventions
    -----------
    X : (M, d) with the training d. Returns (M, d'). Not centred (scikit-learn's
    LinearDiscriminantAnalysis.transform subtracts the overall mean first).
    """
    X = _features(model.scalings_[:, 0], X)
    return X @ model.scalings_
