"""Sums over the samples, block by block: the one place where the fits of :mod:`numerics`
read their data when it is a Dask array (and where the logistic fit reads it always).

What it is for. Least squares, Fisher and logistic IRLS need only reductions over the
samples — X^T X, class counts and sums, X^T T, the scatter about the class means, and per
Newton step X~^T R X~ and X~^T (P - T) — so data larger than memory, or spread over a
cluster, needs no new algorithm: each block kernel below turns a block of rows into a
small partial result, partial results are added in a tree, and only d x d and d x K
arrays come back. Two drivers run the same kernels: over row blocks of a NumPy array in
this process, or over the chunks of a Dask array as one ``dask.compute`` (so one pass over
the data, on whatever scheduler is active: threads, processes or a ``dask.distributed``
cluster). Non-finite entries are detected from a by-product the kernel computes anyway
(the diagonal of X_b^T X_b, a sum of squares that any NaN or inf poisons) and located
only in a block that has one, so validation costs no pass of its own.

What it is not for: solving. The small systems stay in the fit modules, in NumPy/SciPy.
Dask is imported only when a Dask array arrives (``is_lazy`` reads the type's module).

Conventions: X is (N, d), rows are samples; labels are (N,), of any sortable type;
``classes`` is the sorted array of distinct labels; augmented vectors put the bias last,
x~ = (x, 1); a block's ``offset`` is the global index of its first row.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from ._validation import (
    as_matrix_deferred_finite,
    check_label_shape,
    check_same_length,
    encode_labels,
    nonfinite_error,
)
from .errors import InvalidInput

__all__ = [
    "ClassMoments",
    "NewtonMoments",
    "TargetMoments",
    "as_host",
    "augmented_r",
    "centred_scatter",
    "checked_classes",
    "class_moments",
    "is_lazy",
    "lazy_design",
    "lazy_labels",
    "lazy_targets",
    "max_abs",
    "newton_moments",
    "projection_squares",
    "raise_nonfinite",
    "row_chunks",
    "target_moments",
]

# Rows per in-process block: about 2 MiB of float64, so a block's temporaries stay in cache.
_BLOCK_ELEMENTS = 1 << 18
# Partial results combined per task of the Dask tree (its depth is log_8 of the chunk count).
_FAN_IN = 8
# Rows per sub-block of the Newton kernel: its n x d temporaries stay in cache.
_SUB_ROWS = 8192
# Above this many classes in a block, class sums use a sparse indicator (memory O(rows)).
_DENSE_ONE_HOT_MAX_CLASSES = 8


# --- recognising and preparing Dask inputs -----------------------------------------------


def is_lazy(*arrays: Any) -> bool:
    """True when an argument is a Dask collection; Dask itself is not imported to tell."""
    return any(_from_dask(a) for a in arrays)


def _from_dask(a: Any) -> bool:
    module = type(a).__module__
    return module == "dask" or module.startswith(("dask.", "dask_expr"))


def as_host(a: Any) -> Any:
    """An array-API array (``__array_namespace__``) as a NumPy view when that is free.

    ``np.from_dlpack`` shares the memory of a CPU array without a copy; anything else (a
    NumPy array, a list, a Dask array, a device array DLPack cannot hand over) is returned
    unchanged for the usual validation.
    """
    if isinstance(a, np.ndarray) or _from_dask(a) or not hasattr(a, "__array_namespace__"):
        return a
    try:
        return np.from_dlpack(a)
    except (TypeError, ValueError, BufferError, RuntimeError, AttributeError):
        return a


def _stand_in(shape: tuple[int, ...]) -> np.ndarray:
    """A zero-strided float64 array of ``shape`` (no memory): lets the in-memory validators
    check the shape of a Dask array and word their messages exactly as for NumPy input."""
    return np.broadcast_to(np.float64(0.0), shape)


def _dask_array_or_none(a: Any, name: str, *, numeric: bool = True) -> Any:
    if not _from_dask(a):
        return None
    if not (hasattr(a, "chunks") and hasattr(a, "rechunk") and hasattr(a, "to_delayed")):
        raise InvalidInput(
            f"{name} is a {type(a).__name__} from Dask, not a Dask array; pass "
            f"{name}.to_dask_array(lengths=True) (a DataFrame or Series with known lengths)."
        )
    if any(math.isnan(c) for axis in a.chunks for c in axis):
        raise InvalidInput(
            f"{name} is a Dask array with unknown chunk sizes (shape {a.shape}), e.g. after "
            f"boolean indexing; call {name} = {name}.compute_chunk_sizes() first."
        )
    if numeric and np.dtype(a.dtype).kind not in "biuf":
        raise InvalidInput(
            f"{name} must be numeric (convertible to float64); got a Dask array of dtype "
            f"{a.dtype}."
        )
    return a


def row_chunks(a: Any) -> tuple[int, ...] | None:
    """The row chunks of a Dask array, or None for anything else."""
    return tuple(a.chunks[0]) if _from_dask(a) and hasattr(a, "chunks") else None


def lazy_design(X: Any, name: str = "X", *, rows: tuple[int, ...] | None = None) -> Any:
    """X as a float64 Dask array with one chunk across the columns.

    Shape errors are those of the in-memory validators (checked on a stand-in of X's
    shape); finiteness is left to the reductions. An in-memory X (when only the labels or
    targets are a Dask array) is wrapped with the row chunks ``rows`` of those.
    """
    import dask.array as da

    arr = _dask_array_or_none(X, name)
    if arr is None:
        host = as_matrix_deferred_finite(X, name)
        same = rows is not None and sum(rows) == host.shape[0]
        return da.from_array(host, chunks=(rows if same else "auto", -1))
    as_matrix_deferred_finite(_stand_in(arr.shape), name)
    if arr.numblocks[1] > 1:
        arr = arr.rechunk({1: -1})
    return arr if arr.dtype == np.float64 else arr.astype(np.float64)


def _aligned_rows(a: Any, X: Any) -> Any:
    import dask.array as da

    if not _from_dask(a):
        return da.from_array(a, chunks=(X.chunks[0],) + (-1,) * (a.ndim - 1))
    if a.ndim > 1 and a.numblocks[1] > 1:
        a = a.rechunk({1: -1})
    return a if a.chunks[0] == X.chunks[0] else a.rechunk({0: X.chunks[0]})


def lazy_labels(y: Any, X: Any, name: str = "y") -> Any:
    """Class labels as a 1-D Dask array chunked like the rows of the Dask array ``X``;
    shape errors as :func:`encode_labels` words them."""
    if _dask_array_or_none(y, name, numeric=False) is None:
        y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        y = y[:, 0]
    check_label_shape(y.shape, y.dtype, name, n=X.shape[0])
    return _aligned_rows(y, X)


def lazy_targets(T: Any, X: Any, name: str = "T") -> Any:
    """Real targets as an (N, K) float64 Dask array chunked like the rows of ``X``;
    a 1-D T is one column. Shape errors as for in-memory targets."""
    if _dask_array_or_none(T, name) is None:
        T = np.asarray(T, dtype=np.float64)
    if T.ndim == 1:
        T = T[:, None]
    else:
        as_matrix_deferred_finite(_stand_in(T.shape), name)
    check_same_length(X=_stand_in(X.shape), **{name: _stand_in(T.shape)})
    T = _aligned_rows(T, X)
    return T if T.dtype == np.float64 else T.astype(np.float64)


# --- the drivers ---------------------------------------------------------------------------


def _reduce(kernel: Callable, combine: Callable, X: Any, others: tuple, args: tuple) -> Any:
    """combine([kernel(X_b, *others_b, offset_b, *args) for each row block b]).

    For NumPy input the blocks are slices of about 2 MiB, run here. For Dask input they
    are the chunks of X (others chunked alike): one task per chunk, running where the chunk
    lives, then the partial results merged in a tree of fan-in 8, all in one graph layer
    computed by one ``dask.compute``. (One layer of plain tasks costs the distributed
    scheduler ~0.1 ms per task; a ``dask.delayed`` call per chunk made a layer each and
    cost ~100 times more.) Arrays gathered from workers can arrive unaligned, which makes
    a later BLAS call on them several times slower, so each is copied to an aligned C array.
    """
    if not is_lazy(X):
        n, d = X.shape
        rows = max(64, _BLOCK_ELEMENTS // max(d, 1))
        parts = [
            kernel(X[s : s + rows], *(o[s : s + rows] for o in others), s, *args)
            for s in range(0, n, rows)
        ] or [kernel(X, *others, 0, *args)]
        return combine(parts)

    import dask
    from dask.base import tokenize
    from dask.delayed import Delayed
    from dask.highlevelgraph import HighLevelGraph

    token = tokenize(kernel.__name__, X, *others, *args)
    name = f"lindisc-{kernel.__name__.strip('_')}-{token}"
    offsets = np.concatenate([[0], np.cumsum(X.chunks[0])[:-1]]).astype(int).tolist()
    keys = [_row_keys(a) for a in (X, *others)]
    layer: dict = {}
    level = []
    for b, offset in enumerate(offsets):
        layer[(name, 0, b)] = (kernel, *(k[b] for k in keys), offset, *args)
        level.append((name, 0, b))
    depth = 0
    while len(level) > 1:
        depth += 1
        merged = [(name, depth, i) for i in range(math.ceil(len(level) / _FAN_IN))]
        for i, key in enumerate(merged):
            layer[key] = (combine, level[i * _FAN_IN : (i + 1) * _FAN_IN])
        level = merged
    graph = HighLevelGraph.from_collections(name, layer, dependencies=[X, *others])
    (result,) = dask.compute(Delayed(level[0], graph, layer=name))
    return _aligned(result)


def _row_keys(a: Any) -> list:
    """The key of each row chunk of a Dask array with one chunk across the other axes."""
    keys = a.__dask_keys__()
    return [k[0] if isinstance(k, list) else k for k in keys]


def _aligned(result: Any) -> Any:
    if isinstance(result, np.ndarray):
        return np.require(result, requirements="CA")
    if hasattr(result, "__dataclass_fields__"):
        for f in fields(result):
            value = getattr(result, f.name)
            if isinstance(value, np.ndarray):
                setattr(result, f.name, np.require(value, requirements="CA"))
    return result


def _block(x: Any) -> np.ndarray:
    """A block as an aligned C-contiguous float64 array (copied only when it is not)."""
    return np.require(x, dtype=np.float64, requirements="CA")


# --- non-finite entries ----------------------------------------------------------------------


@dataclass
class _Bad:
    """Non-finite entries: how many, and the first in row-major order with its value."""

    count: int
    first: tuple[int, int]
    value: Any


def _find_bad(x: np.ndarray, offset: int) -> _Bad | None:
    mask = ~np.isfinite(x)
    count = int(np.count_nonzero(mask))
    if not count:
        return None
    i, j = (int(v) for v in np.argwhere(mask)[0])
    return _Bad(count, (offset + i, j), x[i, j])


def _merge_bad(bads: list[_Bad | None]) -> _Bad | None:
    present = [b for b in bads if b is not None]
    if not present:
        return None
    return _Bad(sum(b.count for b in present), present[0].first, present[0].value)


def raise_nonfinite(bad: _Bad | None, name: str) -> None:
    """Raise the :func:`check_finite` error for entries located chunk-wise, if any."""
    if bad is not None:
        raise nonfinite_error(name, bad.count, bad.first, bad.value)


def max_abs(X: Any) -> float:
    """max |X_ij| (one more pass; only for the message of an overflow error)."""
    import dask.array as da

    return float(da.abs(X).max().compute())


def column_max_abs(X: Any) -> np.ndarray:
    """max_i |X_ij| per column (one more pass; only when X^T X under- or overflows)."""
    import dask.array as da

    return np.asarray(da.abs(X).max(axis=0).compute(), dtype=np.float64)


def checked_classes(labels: np.ndarray, name: str = "y") -> np.ndarray:
    """The sorted distinct labels gathered from the blocks, with :func:`encode_labels`'s
    errors (NaN or infinite labels, fewer than 2 classes)."""
    encode_labels(labels, name)
    return labels


# --- class counts, class sums and X^T X (least squares with labels, Fisher, IRLS start) --


@dataclass
class ClassMoments:
    """Per class: counts N_k and sums sum_{n in C_k} x_n; X^T X; non-finite entries of X;
    and the rows n = 0, step, 2 step, ... below ``step * sample_rows`` with their labels."""

    n: int
    labels: np.ndarray
    counts: np.ndarray
    sums: np.ndarray
    gram: np.ndarray
    bad: _Bad | None
    sample_x: np.ndarray
    sample_y: np.ndarray


def _indicator_sums(index: np.ndarray, n_classes: int, x: np.ndarray) -> np.ndarray:
    """(K, d) sums of the rows of x per class, as T^T x with the 1-of-K matrix T."""
    if n_classes <= _DENSE_ONE_HOT_MAX_CLASSES:
        return (index[:, None] == np.arange(n_classes)).astype(np.float64).T @ x
    from scipy.sparse import csr_array

    n = x.shape[0]
    indicator = csr_array((np.ones(n), (index, np.arange(n))), shape=(n_classes, n))
    return np.asarray(indicator @ x)


def _labels_and_index(y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The sorted distinct labels of a block and each row's position among them; integer
    labels of a modest range by counting (O(n)), others by sorting."""
    if y.dtype.kind in "iu" and y.shape[0]:
        low, high = int(y.min()), int(y.max())
        if high - low < 2 * y.shape[0] + 1024:
            shifted = y.astype(np.intp) - low
            present = np.flatnonzero(np.bincount(shifted))
            lookup = np.zeros(high - low + 1, dtype=np.intp)
            lookup[present] = np.arange(present.shape[0])
            return (present + low).astype(y.dtype), lookup[shifted]
    labels, index = np.unique(y, return_inverse=True)
    return labels, index.reshape(-1)


def _class_moments_block(
    x: Any, y: Any, offset: int, step: int, sample_rows: int
) -> ClassMoments:
    x = _block(x)
    y = np.asarray(y)
    n = x.shape[0]
    labels, index = _labels_and_index(y)
    with np.errstate(invalid="ignore", over="ignore"):
        sums = _indicator_sums(index, labels.shape[0], x)
        gram = x.T @ x
    bad = None if np.all(np.isfinite(gram.diagonal())) else _find_bad(x, offset)
    local = np.arange((-offset) % step, n, step) if sample_rows else np.zeros(0, dtype=int)
    local = local[(offset + local) // step < sample_rows]
    return ClassMoments(
        n=n, labels=labels, counts=np.bincount(index, minlength=labels.shape[0]), sums=sums,
        gram=gram, bad=bad, sample_x=x[local], sample_y=y[local],
    )


def _combine_class_moments(parts: list[ClassMoments]) -> ClassMoments:
    labels = np.unique(np.concatenate([p.labels for p in parts]))
    d = parts[0].gram.shape[0]
    counts = np.zeros(labels.shape[0], dtype=np.int64)
    sums = np.zeros((labels.shape[0], d))
    gram = np.zeros((d, d))
    with np.errstate(invalid="ignore", over="ignore"):
        for p in parts:
            where = np.searchsorted(labels, p.labels)
            counts[where] += p.counts
            sums[where] += p.sums
            gram += p.gram
    return ClassMoments(
        n=sum(p.n for p in parts), labels=labels, counts=counts, sums=sums, gram=gram,
        bad=_merge_bad([p.bad for p in parts]),
        sample_x=np.concatenate([p.sample_x for p in parts]),
        sample_y=np.concatenate([p.sample_y for p in parts]),
    )


def class_moments(X: Any, y: Any, *, sample_rows: int = 0) -> ClassMoments:
    """Class counts and sums, X^T X and a strided sample of rows, in one pass over X.

    Every block finds its own labels (a block where a class is absent simply has no entry
    for it); the partial results are merged by label. The sample is the rows
    ``X[::step][:sample_rows]`` with ``step = max(1, N // sample_rows)``, as an in-memory
    caller would take them.
    """
    step = max(1, X.shape[0] // sample_rows) if sample_rows else 1
    return _reduce(_class_moments_block, _combine_class_moments, X, (y,), (step, sample_rows))


# --- X^T X, X^T T, X^T 1, T^T 1 (least squares with real targets) ------------------------


@dataclass
class TargetMoments:
    """X^T X, T^T X, X^T 1 and T^T 1; non-finite entries of X and of T."""

    n: int
    gram: np.ndarray
    ttx: np.ndarray
    colsum: np.ndarray
    tsum: np.ndarray
    bad_x: _Bad | None
    bad_t: _Bad | None


def _target_moments_block(x: Any, t: Any, offset: int) -> TargetMoments:
    x, t = _block(x), _block(t)
    ones = np.ones(x.shape[0])
    with np.errstate(invalid="ignore", over="ignore"):
        gram, ttx, colsum, tsum = x.T @ x, t.T @ x, ones @ x, ones @ t
    return TargetMoments(
        n=x.shape[0], gram=gram, ttx=ttx, colsum=colsum, tsum=tsum,
        bad_x=None if np.all(np.isfinite(gram.diagonal())) else _find_bad(x, offset),
        bad_t=None if np.all(np.isfinite(t)) else _find_bad(t, offset),
    )


def _combine_target_moments(parts: list[TargetMoments]) -> TargetMoments:
    with np.errstate(invalid="ignore", over="ignore"):
        return TargetMoments(
            n=sum(p.n for p in parts),
            gram=sum(p.gram for p in parts[1:]) + parts[0].gram,
            ttx=sum(p.ttx for p in parts[1:]) + parts[0].ttx,
            colsum=sum(p.colsum for p in parts[1:]) + parts[0].colsum,
            tsum=sum(p.tsum for p in parts[1:]) + parts[0].tsum,
            bad_x=_merge_bad([p.bad_x for p in parts]),
            bad_t=_merge_bad([p.bad_t for p in parts]),
        )


def target_moments(X: Any, T: Any) -> TargetMoments:
    """X^T X, T^T X, X^T 1 and T^T 1 in one pass over X and T."""
    return _reduce(_target_moments_block, _combine_target_moments, X, (T,), ())


# --- second passes with known class means (Fisher) -----------------------------------------


def _sum(parts: list[np.ndarray]) -> np.ndarray:
    return sum(parts[1:], parts[0].copy())


def _centred_scatter_block(
    x: Any, y: Any, offset: int, classes: np.ndarray, means: np.ndarray
) -> np.ndarray:
    centred = _block(x) - means[np.searchsorted(classes, np.asarray(y))]
    return centred.T @ centred


def centred_scatter(X: Any, y: Any, classes: np.ndarray, means: np.ndarray) -> np.ndarray:
    """S_W = sum_n (x_n - m_{k(n)})(x_n - m_{k(n)})^T, each block centred by its rows'
    class means (a second pass; its rounding error does not grow with the means)."""
    within = _reduce(_centred_scatter_block, _sum, X, (y,), (classes, means))
    return np.triu(within) + np.triu(within, 1).T


def _projection_block(
    x: Any, y: Any, offset: int, classes: np.ndarray, w: np.ndarray, means: np.ndarray
) -> np.ndarray:
    index = np.searchsorted(classes, np.asarray(y))
    deviations = _block(x) @ w - means[index]
    return np.bincount(index, weights=deviations * deviations, minlength=classes.shape[0])


def projection_squares(
    X: Any, y: Any, classes: np.ndarray, w: np.ndarray, means: np.ndarray
) -> np.ndarray:
    """Per class k: sum_{n in C_k} (w^T x_n - means[k])^2."""
    return _reduce(_projection_block, _sum, X, (y,), (classes, w, means))


# --- the R factor of [X D, D_b 1, T] (least squares' orthogonal fallback) ----------------


def _augmented_r_block(
    x: Any, t: Any, offset: int, D: np.ndarray, classes: np.ndarray | None
) -> np.ndarray:
    x = _block(x)
    n, d = x.shape
    if classes is None:
        rhs = _block(t).reshape(n, -1)
    else:
        index = np.searchsorted(classes, np.asarray(t))
        rhs = (index[:, None] == np.arange(classes.shape[0])).astype(np.float64)
    A = np.empty((n, d + 1 + rhs.shape[1]))
    np.multiply(x, D[:d], out=A[:, :d])
    A[:, d] = D[d]
    A[:, d + 1 :] = rhs
    return np.linalg.qr(A, mode="r")


def _combine_r(parts: list[np.ndarray]) -> np.ndarray:
    return np.linalg.qr(np.vstack(parts), mode="r")


def augmented_r(
    X: Any, rhs: Any, D: np.ndarray, *, classes: np.ndarray | None = None
) -> np.ndarray:
    """R of the QR factorisation of A = [X D_x, D_b 1, T] by a tree of block QRs (TSQR).

    ``rhs`` is T, or labels turned into 1-of-K columns over ``classes``. Only R is kept:
    with A = Q R and R = [[R_11, R_12], [0, R_22]], the least-squares solution of
    [X D_x, D_b 1] Y = T is R_11^+ R_12, and R_11 has the singular values of the scaled
    design (Demmel, Grigori, Hoemmen, Langou, "Communication-optimal parallel and
    sequential QR and LU factorizations", SIAM J. Sci. Comput. 34 (2012)).
    """
    return _reduce(_augmented_r_block, _combine_r, X, (rhs,), (D, classes))


# --- one Newton step of logistic / softmax regression ------------------------------------


@dataclass
class NewtonMoments:
    """At the weights V: the negative log-likelihood, its gradient X~^T (P - T) over the
    non-reference classes, the block Hessian, and how many samples the weights do not put
    strictly in their own class (0 proves the classes linearly separable)."""

    loss: float
    grad: np.ndarray
    hess: np.ndarray
    n_wrong: int


def _newton_block(
    x: Any, y: Any, offset: int, classes: np.ndarray, V: np.ndarray
) -> NewtonMoments:
    """Softmax with class 0 as reference: z_n = (0, V^T x~_n), p_n = softmax(z_n).

    V is (d+1, K-1), bias last; the Hessian is indexed class-major, (class k, feature j)
    -> k (d+1) + j. The block is processed in sub-blocks of a few thousand rows so that
    the temporaries stay in cache, all of them in one workspace allocated per block (see
    ``_Workspace``). Per-sample quantities are kept class-major, one contiguous vector of N
    per class, so every step is a whole-vector ufunc (a reduction over K classes along the
    rows would cost ~20 times as much). Every quantity is formed without cancellation (1 -
    p_k as a sum of the other probabilities), so the gradient p_k - t_k of the true class
    and the Hessian weights p_k (1 - p_k) keep their relative accuracy when p_k is near 1.
    """
    x = _block(x)
    true = _class_index(np.asarray(y), classes)
    n, d = x.shape
    m, size = V.shape[1], d + 1
    terms = _two_class_terms if m == 1 else _softmax_terms
    work = _Workspace(min(n, _SUB_ROWS), d, m + 1)
    total = NewtonMoments(loss=0.0, grad=np.zeros((size, m)),
                          hess=np.zeros((m * size, m * size)), n_wrong=0)
    for s in range(0, n, _SUB_ROWS):
        part = terms(x[s : s + _SUB_ROWS], true[s : s + _SUB_ROWS], V, work)
        total.loss += part.loss
        total.grad += part.grad
        total.hess += part.hess
        total.n_wrong += part.n_wrong
    return total


def _class_index(y: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """Each label's position in the sorted ``classes`` (every label is one of them): for a
    few numeric classes as the count of classes[1:] <= y (K - 1 vector comparisons, a
    quarter of the cost of a binary search), else by binary search."""
    if (classes.shape[0] <= _DENSE_ONE_HOT_MAX_CLASSES and y.dtype.kind in "biuf"
            and classes.dtype.kind in "biuf"):
        index = np.zeros(y.shape[0], dtype=np.intp)
        for label in classes[1:]:
            index += y >= label
        return index
    return np.searchsorted(classes, y)


class _Workspace:
    """The temporaries of one block's Newton pass, sized to a sub-block, allocated once.

    A ``dask.distributed`` worker runs with MALLOC_TRIM_THRESHOLD_=65536, so memory freed
    after each sub-block goes back to the system and is page-faulted in again for the next:
    with temporaries allocated per sub-block the two-class kernel took 2.3 times as long in
    a worker as in a plain process (105 ms instead of 45 ms per 250,000 x 20 chunk).
    ``per_class`` holds, for K > 2, the logits, exponentials, sums of the other
    exponentials, class indicators and a scratch array, each (K, rows): class-major.
    """

    def __init__(self, rows: int, d: int, n_classes: int) -> None:
        self.scaled = np.empty((rows, d))
        self.vectors = np.empty((7, rows))
        self.masks = np.empty((1, rows), dtype=bool)
        self.per_class = np.empty((5, n_classes, rows)) if n_classes > 2 else None
        self.greater = np.empty((n_classes, rows), dtype=bool) if n_classes > 2 else None


def _weighted_gram(x: np.ndarray, root: np.ndarray, scaled: np.ndarray) -> np.ndarray:
    """X~^T diag(root^2) X~ for x~ = (x, 1), by syrk on the rows scaled by root >= 0
    (written into ``scaled``)."""
    d = x.shape[1]
    np.multiply(x, root[:, None], out=scaled)
    gram = np.empty((d + 1, d + 1))
    gram[:d, :d] = scaled.T @ scaled
    gram[:d, d] = gram[d, :d] = scaled.T @ root
    gram[d, d] = root @ root
    return gram


def _two_class_terms(
    x: np.ndarray, true: np.ndarray, V: np.ndarray, work: _Workspace
) -> NewtonMoments:
    """K = 2: a = w^T x + b and s = a for class 0, -a for class 1 (s < 0 iff the sample is
    strictly on its own side). With h = exp(-|a|/2), e = h^2 = exp(-|s|) <= 1 and r = 1/(1 +
    e): -log p(true class) = log(1 + e^s) = max(s, 0) + log1p(e); σ(s) = r for s >= 0 and
    e r for s < 0, so the residual p - t = sign σ(s) (sign = 1 - 2t); the Hessian weight
    p (1 - p) = e r^2 = (h r)^2. One exp and one log1p per sample, nothing that overflows,
    and no 1 - p: every quantity keeps its relative accuracy when p is near 0 or 1."""
    n, d = x.shape
    a, sign, s, h, e, r, out = work.vectors[:, :n]
    right = work.masks[0, :n]
    np.matmul(x, V[:d, 0], out=a)
    a += V[d, 0]
    np.multiply(true, -2.0, out=sign)
    sign += 1.0
    np.multiply(a, sign, out=s)
    np.abs(a, out=h)
    h *= -0.5
    np.exp(h, out=h)
    np.multiply(h, h, out=e)
    np.add(e, 1.0, out=r)
    np.divide(1.0, r, out=r)
    np.less(s, 0.0, out=right)  # NaN is not right: it never passes for separation
    n_wrong = n - int(np.count_nonzero(right))
    np.maximum(s, 0.0, out=out)
    loss = float(out.sum())
    np.log1p(e, out=out)
    loss += float(out.sum())
    np.logical_not(right, out=right)  # s >= 0: σ(s) = r, else e r
    np.maximum(e, right, out=out)
    out *= r
    out *= sign  # the residual p - t
    h *= r  # sqrt(p (1 - p))
    return NewtonMoments(loss=loss, grad=np.append(x.T @ out, out.sum())[:, None],
                         hess=_weighted_gram(x, h, work.scaled[:n]), n_wrong=n_wrong)


def _softmax_terms(
    x: np.ndarray, true: np.ndarray, V: np.ndarray, work: _Workspace
) -> NewtonMoments:
    """K > 2: the block Hessian H_jk = sum_n p_nj (δ_jk - p_nk) x~_n x~_n^T over classes
    1..K-1, diagonal blocks with the weights p_j (1 - p_j) >= 0, the others with -p_j p_k,
    each by syrk on the rows scaled by the root of its weight. Per class k (class-major):
    E_k = exp(z_k - max_j z_j), O_k = sum_{j != k} E_j (prefix plus suffix sums, no
    subtraction), p_k = E_k / S and 1 - p_k = O_k / S with S = E_0 + O_0."""
    n, d = x.shape
    m, size = V.shape[1], d + 1
    Z, E, O, T, W = work.per_class[:, :, :n]
    top, total, z_true, weight = work.vectors[:4, :n]
    greater = work.greater[:, :n]
    Z[0] = 0.0
    np.matmul(V[:d].T, x.T, out=Z[1:])
    Z[1:] += V[d][:, None]
    np.maximum(Z[1], 0.0, out=top)
    for k in range(2, m + 1):
        np.maximum(top, Z[k], out=top)
    np.subtract(Z, top, out=E)
    np.exp(E, out=E)
    O[0] = 0.0
    for k in range(1, m + 1):  # prefix sums: O[k] = sum_{j < k} E[j]
        np.add(O[k - 1], E[k - 1], out=O[k])
    weight[:] = 0.0
    for k in range(m, 0, -1):  # weight = sum_{j >= k} E[j], added to O[k - 1]
        weight += E[k]
        O[k - 1] += weight
    np.add(O[0], E[0], out=total)
    for k in range(m + 1):
        np.equal(true, k, out=T[k])
    np.multiply(Z, T, out=W)
    np.sum(W, axis=0, out=z_true)  # the true class's logit, exactly (the others times 0)
    np.log(total, out=weight)
    weight += top
    weight -= z_true
    loss = float(weight.sum())
    # right: the true class's logit is the only one >= it (NaN: none is, so not right)
    np.greater_equal(Z, z_true, out=greater)
    n_wrong = n - int(np.count_nonzero(greater.sum(axis=0, dtype=np.intp) == 1))
    np.divide(E, total, out=E)  # P
    np.divide(O, total, out=O)  # Q = 1 - P, to full relative accuracy
    P, Q = E, O
    residual = W[1:]  # p_k - t_k: p_k, or -(1 - p_k) for the true class, exactly
    np.subtract(1.0, T[1:], out=residual)
    residual *= P[1:]
    np.multiply(Q[1:], T[1:], out=Z[1:])
    residual -= Z[1:]
    grad = np.vstack([(residual @ x).T, residual.sum(axis=1)])
    hess = np.empty((m * size, m * size))
    scaled = work.scaled[:n]
    for j in range(m):
        block_rows = slice(j * size, (j + 1) * size)
        np.multiply(P[j + 1], Q[j + 1], out=weight)
        hess[block_rows, block_rows] = _weighted_gram(x, np.sqrt(weight, out=weight), scaled)
        for k in range(j + 1, m):
            # -X~^T diag(p_j p_k) X~ is symmetric too: a syrk on sqrt(p_j p_k) x~, which
            # costs a third of the gemm X~^T (p_j p_k x~)
            np.multiply(P[j + 1], P[k + 1], out=weight)
            block = _weighted_gram(x, np.sqrt(weight, out=weight), scaled)
            np.negative(block, out=block)
            hess[block_rows, k * size : (k + 1) * size] = block
            hess[k * size : (k + 1) * size, block_rows] = block
    return NewtonMoments(loss=loss, grad=grad, hess=hess, n_wrong=n_wrong)


def _combine_newton(parts: list[NewtonMoments]) -> NewtonMoments:
    return NewtonMoments(
        loss=math.fsum(p.loss for p in parts),
        grad=_sum([p.grad for p in parts]),
        hess=_sum([p.hess for p in parts]),
        n_wrong=sum(p.n_wrong for p in parts),
    )


def newton_moments(X: Any, y: Any, classes: np.ndarray, V: np.ndarray) -> NewtonMoments:
    """Negative log-likelihood, gradient, Hessian and misclassification count at V, in
    one pass over X (see ``_newton_block`` for the model and the layout)."""
    return _reduce(_newton_block, _combine_newton, X, (y,), (classes, V))
