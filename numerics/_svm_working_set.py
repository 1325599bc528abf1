"""The hard-margin SVM by a working set: exact small QPs, one matrix-vector product per round.

At the optimum of min (1/2)||w||^2 s.t. y_n(<w, x_n> - t) >= 1 only the samples on the
margin matter: in general position at most d + 1 of them carry a multiplier. So the QP is
solved on a small working set W of candidate support vectors, by the caller's exact solver
(in :mod:`numerics.svm`: DAQP's compiled dual active set, with lindisc's own active set,
the interior point, its polish and Clarabel behind it), and its
solution (w_W, t_W)
is checked against all N constraints by one pass computing X w_W (a cutting-plane method;
Kelley 1960, the "chunking" of Vapnik 1982 in its hard-margin form):

- if every sample outside W has y_n(<w_W, x_n> - t_W) >= 1 - tau, then (w_W, t_W) is feasible
  for the whole problem and optimal for a relaxation of it, hence optimal for it; the
  multipliers of the small QP, with alpha_n = 0 for every other n, satisfy every KKT
  condition of the full problem (a zero multiplier needs only primal feasibility);
- otherwise the samples of each class with the smallest margins join W, at least one
  violator among them (the set grows every round, so the rounds end), and the small QP is
  solved again;
- if the small QP is infeasible, so is the full problem: a subset that no hyperplane
  separates has a common point of its two class hulls, which lies in the full hulls too.

The seed: the samples of each class with the smallest margins under the bisector of the
class means (means from a first pass that also validates X and y: any NaN or infinity
makes a column sum non-finite, and keeps every 8th row when N > 400 k); or, with that
sample, the solution of the same iteration on the sample (the "previous fit": its support
vectors join the seed, and its w, t rank the samples), which leaves few rounds over all N.

Every pass over the data is a kernel on row blocks: in memory X is one block (one gemv);
over the chunks of a Dask array it is a map-reduce (:func:`numerics._reductions._reduce`,
one ``dask.compute`` per pass, the same driver as the other fits). A block returns its
minimum margin, how many margins are below 1 - tau and the k smallest margins of each
class *with their rows*, so the working set never needs a second read of X.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ._reductions import _block, _find_bad, _merge_bad, _reduce, is_lazy

__all__ = ["ClassSums", "Scan", "WorkingSetSolution", "class_sums", "sample_step", "scan",
           "solve"]


@dataclass
class ClassSums:
    """Rows, counts of the labels +1 and -1, sums of the rows of each, non-finite entries
    of X (located only when a block's column sums are not finite), and whether some label
    is neither +1 nor -1."""

    n: int
    n_pos: int
    n_neg: int
    sum_pos: np.ndarray
    sum_neg: np.ndarray
    bad: Any
    other_labels: bool
    sample_index: np.ndarray
    sample_rows: np.ndarray
    sample_labels: np.ndarray


def _sums_block(x: Any, y: Any, offset: int, step: int) -> ClassSums:
    x = _block(x)
    y = np.asarray(y)
    local = np.arange((-offset) % step, x.shape[0], step) if step else np.zeros(0, dtype=int)
    n_pos, n_neg = int(np.count_nonzero(y == 1)), int(np.count_nonzero(y == -1))
    other = n_pos + n_neg != x.shape[0]
    with np.errstate(invalid="ignore", over="ignore"):
        # 1^T x and y^T x (labels are +-1, or ``other`` raises before the sums are used):
        # one gemm of [1; y] with x, a single pass over x, from d = 8 on (1e5 x 50: 2.5 ms
        # against 3.8 ms for two gemv; at d = 2, 0.23 ms against 0.19 ms); x.sum(axis=0)
        # is 15 times slower than a gemv at d = 2
        signs = y if not other else np.zeros(x.shape[0])
        if x.shape[1] >= 8:
            both = np.empty((2, x.shape[0]))
            both[0] = 1.0
            both[1] = signs
            total, signed = both @ x
        else:
            total, signed = np.ones(x.shape[0]) @ x, signs @ x
        sum_pos, sum_neg = (total + signed) / 2, (total - signed) / 2
    finite = np.all(np.isfinite(total)) and np.all(np.isfinite(signed))
    bad = None if finite else _find_bad(x, offset)
    return ClassSums(n=x.shape[0], n_pos=n_pos, n_neg=n_neg, sum_pos=sum_pos,
                     sum_neg=sum_neg, bad=bad, other_labels=other,
                     sample_index=local + offset, sample_rows=x[local],
                     sample_labels=np.zeros(local.size) if other else
                     y[local].astype(np.float64))


def _combine_sums(parts: list[ClassSums]) -> ClassSums:
    with np.errstate(invalid="ignore", over="ignore"):
        return ClassSums(
            n=sum(p.n for p in parts), n_pos=sum(p.n_pos for p in parts),
            n_neg=sum(p.n_neg for p in parts),
            sum_pos=sum(p.sum_pos for p in parts[1:]) + parts[0].sum_pos,
            sum_neg=sum(p.sum_neg for p in parts[1:]) + parts[0].sum_neg,
            bad=_merge_bad([p.bad for p in parts]),
            other_labels=any(p.other_labels for p in parts),
            sample_index=np.concatenate([p.sample_index for p in parts]),
            sample_rows=np.concatenate([p.sample_rows for p in parts]),
            sample_labels=np.concatenate([p.sample_labels for p in parts]))


def class_sums(X: Any, y: Any, step: int = 0) -> ClassSums:
    """Counts and row sums of the classes +1 and -1 in one pass over X, and every
    ``step``-th row (none when ``step`` is 0) with its index and label."""
    if not is_lazy(X):
        return _sums_block(X, y, 0, int(step))
    return _reduce(_sums_block, _combine_sums, X, (y,), (int(step),))


@dataclass
class Scan:
    """Margins y_n(<w, x_n> - t) over all N: their minimum, how many are below the
    threshold, and per class the (at most) k smallest: global indices, margins, labels and
    rows, ordered by margin."""

    min_margin: float
    n_below: int
    index: np.ndarray
    margin: np.ndarray
    label: np.ndarray
    rows: np.ndarray


def _worst(index, margin, label, rows, k: int) -> tuple:
    """The k smallest margins of each class among the given candidates."""
    keep = []
    for sign in (1.0, -1.0):
        cls = np.flatnonzero(label == sign)
        if cls.size > k:
            cls = cls[np.argpartition(margin[cls], k - 1)[:k]]
        keep.append(cls)
    keep = np.concatenate(keep)
    keep = keep[np.argsort(margin[keep], kind="stable")]
    return index[keep], margin[keep], label[keep], rows[keep]


def _scan_block(x: Any, y: Any, offset: int, w: np.ndarray, t: float, threshold: float,
                k: int, select_always: bool = True) -> Scan:
    x = _block(x)
    y = np.asarray(y, dtype=np.float64)
    m = x @ w
    m -= t
    m *= y
    n_below = int(np.count_nonzero(m < threshold))
    if n_below or select_always:
        cand = _smallest(m, y, k)
        index, margin, label, rows = _worst(cand, m[cand], y[cand], x[cand], k)
    else:
        # no margin below the threshold over all of X: the round's answer stands and
        # nobody joins, so the selection (twice the gemv at d = 2) is skipped
        index, margin, label = np.zeros(0, dtype=np.intp), np.zeros(0), np.zeros(0)
        rows = np.zeros((0, x.shape[1]))
    return Scan(min_margin=float(m.min()) if m.size else np.inf, n_below=n_below,
                index=index + offset, margin=margin, label=label, rows=rows)


_STRIDE = 32


def _smallest(m: np.ndarray, y: np.ndarray, k: int) -> np.ndarray:
    """Indices that include the k smallest margins of each class.

    A full selection over N costs ten times the gemv that made the margins when d is
    small, so the rows are first cut at q, a low quantile of every s-th margin (s = 32, or
    fewer so that at least 128 are drawn; about 4k rows fall below q): a class with at
    least k rows at or below q has its k smallest there, exactly; a class with fewer is
    selected over all its rows. (Cutting only from N > 512 k on left 1e5 x 10, k = 512,
    selecting over all N: 4.4 of its 15 ms.)"""
    if m.size <= 2 * k:
        return np.arange(m.size)
    near = np.arange(m.size)
    if m.size >= 16 * k and m.size >= 128:
        stride = min(_STRIDE, m.size // 128)
        sub = m[::stride]
        j = min(sub.size - 1, max(4 * k // stride, 32))
        q = np.partition(sub, j)[j]
        near = np.flatnonzero(m <= q)
    parts = []
    for sign in (1.0, -1.0):
        cls = near[y[near] == sign]
        if cls.size < k and near.size < m.size:
            cls = np.flatnonzero(y == sign)
        if cls.size > k:
            cls = cls[np.argpartition(m[cls], k - 1)[:k]]
        parts.append(cls)
    return np.concatenate(parts)


def _combine_scans(parts: list[Scan], k: int) -> Scan:
    index, margin, label, rows = _worst(
        np.concatenate([p.index for p in parts]), np.concatenate([p.margin for p in parts]),
        np.concatenate([p.label for p in parts]), np.concatenate([p.rows for p in parts]), k)
    mins = [p.min_margin for p in parts]
    return Scan(min_margin=float(np.min(mins)) if not np.any(np.isnan(mins)) else np.nan,
                n_below=sum(p.n_below for p in parts), index=index, margin=margin,
                label=label, rows=rows)


class _Combine:
    """``combine(parts)`` with k bound (a picklable callable for Dask's scheduler)."""

    __name__ = "combine_scans"

    def __init__(self, k: int) -> None:
        self.k = k

    def __call__(self, parts: list[Scan]) -> Scan:
        return _combine_scans(parts, self.k)


def scan(X: Any, y: Any, w: np.ndarray, t: float, threshold: float, k: int) -> Scan:
    """One pass computing the margins y_n(<w, x_n> - t) over all N (see :class:`Scan`). In
    memory X is one block (one gemv, and the selection over all N margins at once, made
    only when some margin is below ``threshold``: the final round's scan selects nothing)."""
    args = (np.ascontiguousarray(w), float(t), float(threshold), int(k))
    if not is_lazy(X):
        # one block is all of X: with no margin below a finite threshold nobody joins the
        # set (a seed's scan, threshold -inf, always selects)
        return _scan_block(X, y, 0, *args, select_always=threshold == -np.inf)
    # a chunk with no violator still offers its near-margin samples (others may have some)
    return _reduce(_scan_block, _Combine(k), X, (y,), args)


@dataclass
class WorkingSetSolution:
    """The optimum found on the working set: the rows of the set, their global indices,
    labels and multipliers (alpha_n = 0 for every other sample), w, t, the minimum margin
    over all N at (w, t), and how many rounds (small QPs, each followed by a scan) it took."""

    index: np.ndarray
    rows: np.ndarray
    labels: np.ndarray
    alpha: np.ndarray
    coef: np.ndarray
    threshold: float
    min_margin: float
    rounds: int
    solver_iterations: int


_SAMPLE_ENTRIES = 1 << 25


def sample_step(n: int, d: int) -> int:
    """The stride of the sample the first pass keeps, 0 for none: every 8th row (or fewer,
    at most 2^25 entries) when there
    are more than 400 max(2(d + 1), 128) (a few hundred times the samples per class a round
    adds). Below
    that the sample's own rounds cost more than the passes over X they save (measured:
    1e4 x 2, 2 ms without, 22 ms with; 1e6 x 10, 0.55 s without, 0.34 s with; again with
    DAQP's small QPs, one BLAS thread: 1e6 x 10, 98 ms without, 78 ms with, and 1e5 x {2,
    10, 50} within 10% either way)."""
    if n <= 400 * max(2 * (d + 1), 128):
        return 0
    # the sample is gathered in memory (from every chunk of a Dask array): at most ~2^25
    # entries (256 MiB), whatever N
    return max(8, -(-n * d // _SAMPLE_ENTRIES))


def _per_round(d: int) -> int:
    """k: 2(d + 1), or up to 512 while k (d + 1)^2 <= 1e6, and 128 up to d + 1 = 8 (tuned
    for the interior point, whose iterations cost m (d + 1)^2 flops with m ~ 2k rows: 1e4 x
    10 took 1 round with k = 512, 2 with 128; 1e4 x 50, 2 with k = 384, 4 with 128).
    Measured again with DAQP solving the small QPs (one process, one BLAS thread, k = 32 ..
    512 against this rule at 1e4 and 1e5 x {2, 10, 50} and 1e6 x 10): no k was more than
    1.2x faster than this rule in any cell, and none in every cell. But DAQP prices every
    row of the set at each of its ~2.5 (d + 1) iterations a round, so from d ~ 140 on k
    stops at max(d + 1, 40000 / (d + 1)): at d = 200, k = 201 instead of 402 (paired, one
    process, alternating: 1.21-1.22x faster at 1e4 x 200, 1.0-1.08x at 1e5 x 200; at d = 100 halving
    k was 0.91x, so it keeps 202)."""
    if d + 1 <= 8:
        return 128
    k = max(2 * (d + 1), min(512, 1_000_000 // (d + 1) ** 2))
    return min(k, max(d + 1, 40_000 // (d + 1)))


def solve(X: Any, y: Any, sums: ClassSums, small_qp: Callable, *, tau: float,
          max_set: int, max_rounds: int) -> WorkingSetSolution | None:
    """The working-set iteration (module docstring). ``small_qp(rows, labels, start)``
    returns (alpha, w, t, iterations) of the exact QP on those samples, in the caller's
    units, where ``start`` (None or positions in ``rows``) are the previous round's support
    vectors, which the set keeps at the same positions (new samples are appended), or
    raises (NotSeparableError with a certificate of the subset). Returns None when the
    working set would exceed ``max_set`` samples or the rounds ``max_rounds``: the caller
    then solves the whole QP.

    The start: when ``sums`` carries a sample (every 8th row or sparser), the same iteration on the
    sample (recursively, in memory) gives w, t and support vectors close to the final ones,
    so the rounds over all N are few; else the bisector of the class means. Each round the
    k samples of each class with the smallest margins that are not in the set join it (not
    only the violators: the samples just outside the margin are the next rounds'
    violators, and taking them now saves rounds). No member leaves: dropping the members
    with alpha = 0 off the margin kept the set smaller but tripled the rounds (measured at
    N = 1e5, d = 50: 11 rounds instead of 3), each new set undoing part of the last."""
    d = X.shape[1]
    k = min(_per_round(d), max_set // 4)
    sample = sums.sample_index.size
    sub = None
    if sample and np.any(sums.sample_labels > 0) and np.any(sums.sample_labels < 0):
        inner = class_sums(sums.sample_rows, sums.sample_labels,
                           sample_step(sample, d))
        sub = solve(sums.sample_rows, sums.sample_labels, inner, small_qp, tau=tau,
                    max_set=max_set, max_rounds=max_rounds)
    iterations = 0
    if sub is not None:
        w0, t0 = sub.coef, sub.threshold
        iterations += sub.solver_iterations
        first = scan(X, y, w0, t0, -np.inf, k)
        support = sub.alpha > 0
        index = np.concatenate([sums.sample_index[sub.index[support]], first.index])
        index, unique = np.unique(index, return_index=True)
        rows = np.concatenate([sub.rows[support], first.rows])[unique]
        labels = np.concatenate([sub.labels[support], first.label])[unique]
        start = np.flatnonzero(unique < np.count_nonzero(support))
    else:
        mean_pos, mean_neg = sums.sum_pos / sums.n_pos, sums.sum_neg / sums.n_neg
        w0 = mean_pos - mean_neg
        # a difference within the means' rounding is no direction (a constant column at
        # 1e250 leaves 1e234 here, and w0^T(mean_pos + mean_neg) overflows): 0 there
        w0[np.abs(w0) <= 64 * np.finfo(float).eps * np.maximum(np.abs(mean_pos),
                                                               np.abs(mean_neg))] = 0.0
        t0 = float(w0 @ (mean_pos + mean_neg)) / 2.0
        first = scan(X, y, w0, t0, -np.inf, k)
        index, rows, labels = first.index, first.rows, first.label
        start = None
    # membership over all N (one byte a sample; np.isin on the indices cost 0.12 ms a round
    # at 1e4 x 2, a tenth of the fit)
    member = np.zeros(X.shape[0], dtype=bool)
    member[index] = True
    for rounds in range(1, max_rounds + 1):
        alpha, w, t, its = small_qp(rows, labels, start)
        iterations += its
        start = np.flatnonzero(alpha > 0)     # the next round continues from these
        take = k
        while True:
            result = scan(X, y, w, t, 1.0 - tau, take)
            new = ~member[result.index]
            below = result.margin < 1.0 - tau
            if np.any(new & below) or result.n_below <= np.count_nonzero(below):
                break
            # every violator seen is a member (held inexactly by the small QP) and more
            # violators hide behind them: look further
            if take >= max_set:
                return None
            take = min(2 * take + result.n_below, max_set)
        if not np.any(new & below):
            return WorkingSetSolution(index=index, rows=rows, labels=labels, alpha=alpha,
                                      coef=w, threshold=t, min_margin=result.min_margin,
                                      rounds=rounds, solver_iterations=iterations)
        member[result.index[new]] = True
        index = np.concatenate([index, result.index[new]])
        rows = np.concatenate([rows, result.rows[new]])
        labels = np.concatenate([labels, result.label[new]])
        if index.size > max_set:
            return None
    return None
