"""Hypothesis strategies for the inputs of linear-discriminant algorithms, valid by construction.

For generating the data sets, designs, targets and weights on which :mod:`numerics.testing.checks`
drives a user's implementation, and for writing one's own property tests. Each strategy is
named for what its draws mean, and builds them so (no filtering): a separable data set has
its margin and radius by construction, a full-column-rank design its singular values.

=================================  ===========================================================
``separable_datasets``             (X, t, w, b): t_n (w^T x_n + b) >= margin, ||w|| = 1,
                                   ||x_n|| <= radius; :class:`SeparableData`
``integer_separable_datasets``     the same with small integers (exact arithmetic)
``non_separable_datasets``         (X, t, p): both classes' convex hulls contain p
``overlapping_datasets``           (X, t01): both classes hold the same 2 d points, so no
                                   hyperplane even weakly separates them (logistic MLE exists)
``full_column_rank_matrices``      X (N, d) with singular values in [1, 10^max_log10_condition]
``full_column_rank_designs``       :class:`Design`: [X, 1] of full column rank, every class present
``labelled_datasets``              :class:`LabelledData`: K classes with a prescribed S_W
``spd_matrices``                   symmetric positive definite, condition number bounded
``signed_labels`` / ``binary_labels``  (N,) in {-1, +1} / {0, 1}, both classes present
``one_hot_targets``                (N, K) 1-of-K rows, every class present
``logistic_weights``               w (d,) with every logit |x_n^T w| <= max_logit
``softmax_weights``                W (K, d) with every logit |w_k^T x_n| <= max_logit
``design_matrices``                X in a breaking shape: N = d, N < d, N = 1, duplicated
                                   samples, rank deficient, or N > d (:data:`SHAPES`)
``logit_levels``                   moderate, saturated or near-overflow (700-745) logits
``fisher_datasets``                :class:`TwoClassData`: S_W nonsingular, a class of one or
                                   two samples, duplicates, labels {0, 1} or {-1, +1}
``svm_datasets``                   :class:`SVMData`: shuffled separable data, or a known
                                   solution with two support vectors (:data:`SVM_KINDS`)
=================================  ===========================================================

Bulk noise comes from a NumPy generator seeded by a drawn integer, which ``note()`` prints
with a failing example; shapes, scales and labels are drawn by Hypothesis, so they shrink.

Example
-------
>>> from hypothesis import given, settings
>>> @settings(max_examples=5, database=None)
... @given(separable_datasets(margin=0.5, radius=4.0))
... def test_margin(data):
...     X, t, w, b = data
...     assert (t * (X @ w + b)).min() >= 0.5 - 1e-12
...     assert np.linalg.norm(X, axis=1).max() <= 4.0 + 1e-12
>>> test_margin()
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from hypothesis import note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

__all__ = [
    "CLASS_SIZES",
    "LABEL_CONVENTIONS",
    "LABEL_SETS",
    "LOGIT_REGIMES",
    "SHAPES",
    "SVM_KINDS",
    "Design",
    "LabelledData",
    "SVMData",
    "SeparableData",
    "TwoClassData",
    "binary_labels",
    "design_matrices",
    "fisher_datasets",
    "full_column_rank_designs",
    "full_column_rank_matrices",
    "integer_separable_datasets",
    "labelled_datasets",
    "logistic_weights",
    "logit_levels",
    "non_separable_datasets",
    "one_hot_targets",
    "overlapping_datasets",
    "separable_datasets",
    "signed_labels",
    "softmax_weights",
    "spd_matrices",
    "svm_datasets",
    "two_class_datasets",
]

LABEL_SETS = {
    "int": np.array([0, 1, 2, 3]),
    "sparse int": np.array([-7, 3, 12, 40]),
    "str": np.array(["ant", "bee", "cat", "dog"]),
    "float": np.array([-1.5, 0.25, 2.0, 9.5]),
}


def _rng(draw: st.DrawFn) -> np.random.Generator:
    seed = draw(st.integers(0, 2**32 - 1))
    note(f"numpy seed {seed}")
    return np.random.default_rng(seed)


def _floats(bound: float) -> st.SearchStrategy[float]:
    return st.floats(-bound, bound, allow_nan=False, allow_infinity=False)


# --- labels and targets ----------------------------------------------------------------------


@st.composite
def signed_labels(draw: st.DrawFn, n: int) -> np.ndarray:
    """(n,) float labels in {-1, +1}, n >= 2, with t[0] = +1 and t[1] = -1 (both present)."""
    t = draw(hnp.arrays(np.float64, n, elements=st.sampled_from([-1.0, 1.0])))
    t[0], t[1] = 1.0, -1.0
    return t


def binary_labels(n: int) -> st.SearchStrategy[np.ndarray]:
    """(n,) float labels in {0, 1}, n >= 2, both present: (signed_labels + 1) / 2."""
    return signed_labels(n).map(lambda t: (t + 1.0) / 2.0)


@st.composite
def one_hot_targets(draw: st.DrawFn, n: int, k: int) -> np.ndarray:
    """(n, k) 1-of-K targets (one 1 per row), n >= k, every class present (the first k
    rows cover them before the rows are permuted)."""
    codes = np.concatenate([np.arange(k), draw(hnp.arrays(np.intp, n - k,
                                                          elements=st.integers(0, k - 1)))])
    order = np.array(draw(st.permutations(range(n))), dtype=np.intp)
    return np.eye(k)[codes[order]]


# --- matrices --------------------------------------------------------------------------------


def _singular_values(rng: np.random.Generator, d: int, log_cond: float) -> np.ndarray:
    """d values in [1, 10^log_cond], the smallest 1 and the largest 10^log_cond exactly."""
    s = 10.0 ** np.sort(rng.uniform(0.0, log_cond, size=d))
    s[0], s[-1] = 1.0, 10.0**log_cond
    return s


@st.composite
def full_column_rank_matrices(
    draw: st.DrawFn, n: int, d: int, *, max_log10_condition: float = 2.0
) -> np.ndarray:
    """(n, d), n >= d, X = U diag(s) V^T with U, V orthonormal and s in [1, 10^c]:
    full column rank with condition number exactly 10^c (up to rounding), c drawn in
    [0, max_log10_condition]."""
    rng = _rng(draw)
    log_cond = draw(st.floats(0.0, max_log10_condition))
    U, _ = np.linalg.qr(rng.standard_normal((n, d)))
    V, _ = np.linalg.qr(rng.standard_normal((d, d)))
    return (U * _singular_values(rng, d, log_cond)) @ V.T


@st.composite
def spd_matrices(draw: st.DrawFn, d: int, *, max_log10_condition: float = 2.0) -> np.ndarray:
    """(d, d) symmetric positive definite Q diag(s) Q^T, eigenvalues s in [1, 10^c]
    (c drawn in [0, max_log10_condition]) times a scale 2^j, j in [-4, 4]; symmetric
    exactly (the upper triangle is mirrored)."""
    rng = _rng(draw)
    log_cond = draw(st.floats(0.0, max_log10_condition))
    Q, _ = np.linalg.qr(rng.standard_normal((d, d)))
    S = (Q * _singular_values(rng, d, log_cond)) @ Q.T * 2.0 ** draw(st.integers(-4, 4))
    return np.triu(S) + np.triu(S, 1).T


@dataclass(frozen=True, eq=False)
class Design:
    """A labelled design: X (N, d), y (N,) labels, codes (N,) class index into ``classes``
    (sorted labels), and ``rank``, the rank of X~ = [X, 1] as constructed."""

    X: np.ndarray
    y: np.ndarray
    codes: np.ndarray
    classes: np.ndarray
    rank: int

    @property
    def T(self) -> np.ndarray:
        """The 1-of-K target matrix, (N, K)."""
        return np.eye(self.classes.shape[0])[self.codes]


def _labels(draw: st.DrawFn, rng: np.random.Generator, n: int, k: int, labels: str | None):
    """Codes with every class present (the first k rows cover them), then shuffled."""
    kind = labels if labels is not None else draw(st.sampled_from(sorted(LABEL_SETS)))
    classes = LABEL_SETS[kind][:k]
    codes = np.concatenate([np.arange(k), rng.integers(0, k, size=n - k)])
    rng.shuffle(codes)
    return codes, classes, classes[codes]


@st.composite
def full_column_rank_designs(
    draw: st.DrawFn,
    *,
    max_features: int = 5,
    max_extra_samples: int = 30,
    max_log10_condition: float = 4.0,
    n_classes: int | None = None,
    labels: str | None = None,
) -> Design:
    """X = sqrt(N) U S V^T diag(c) + 1 mu^T with U orthonormal, centred columns.

    The singular values S lie in [1, 10^max_log10_condition]; c holds per-feature unit
    factors 2^j, j in [-4, 4] (exact), so features come in different units; mu is drawn
    in [-5, 5]^d. X~ = [X, 1] then has full column rank (its centred part has rank d and
    is orthogonal to 1). ``labels`` picks a key of :data:`LABEL_SETS` (drawn if None).
    """
    rng = _rng(draw)
    d = draw(st.integers(1, max_features))
    k = n_classes if n_classes is not None else draw(st.integers(2, 4))
    n = d + 1 + max(k, draw(st.integers(0, max_extra_samples)))
    log_cond = draw(st.floats(0.0, max_log10_condition))
    s = _singular_values(rng, d, log_cond)
    Z = rng.standard_normal((n, d))
    Z -= Z.mean(axis=0)
    U, _ = np.linalg.qr(Z)
    V, _ = np.linalg.qr(rng.standard_normal((d, d)))
    units = 2.0 ** np.array(draw(st.lists(st.integers(-4, 4), min_size=d, max_size=d)))
    mu = np.array(draw(st.lists(st.floats(-5, 5), min_size=d, max_size=d)))
    X = np.sqrt(n) * (U * s) @ V.T * units + mu
    codes, classes, y = _labels(draw, rng, n, k, labels)
    note(f"N={n} d={d} K={k} singular values {s} units {units} means {mu}")
    return Design(X=X, y=y, codes=codes, classes=classes, rank=d + 1)


# --- labelled data with a prescribed within-class scatter ------------------------------------

_FISHER_LABEL_SETS = {
    "int": [0, 1, 2, 3, 4, 5],
    "sparse int": [-7, -2, 3, 10, 11, 40],
    "str": ["ant", "bee", "cat", "dog", "eel", "fox"],
}


@dataclass(frozen=True, eq=False)
class LabelledData:
    """A labelled data set with its construction.

    X : (N, d); y : (N,) labels; classes : (K,) the sorted labels, class k of the
    construction is ``classes[k]``; means : (K, d) the class means as constructed;
    scatter_within : (d, d) the S_W = sum_k A_k^T A_k the construction prescribes;
    offset : the constant added to every entry.
    """

    X: np.ndarray
    y: np.ndarray
    classes: np.ndarray
    means: np.ndarray
    scatter_within: np.ndarray
    offset: float

    @property
    def counts(self) -> np.ndarray:
        return np.array([int(np.sum(self.y == c)) for c in self.classes])


def _orthonormal_centred(rng: np.random.Generator, n: int, d: int) -> np.ndarray:
    """(n, d) with orthonormal columns that sum to zero (needs n >= d + 1)."""
    Z = rng.standard_normal((n, d))
    Z -= Z.mean(axis=0)
    Q, _ = np.linalg.qr(Z)
    return Q - Q.mean(axis=0)


@st.composite
def labelled_datasets(
    draw,
    *,
    n_classes: st.SearchStrategy[int] = st.integers(2, 4),
    n_features: st.SearchStrategy[int] = st.integers(1, 4),
    offset: st.SearchStrategy[float] = st.sampled_from([0.0, 0.0, 3.0, 1e3]),
    separation: st.SearchStrategy[float] = st.floats(0.5, 4.0),
    label_kind: st.SearchStrategy[str] = st.sampled_from(sorted(_FISHER_LABEL_SETS)),
) -> LabelledData:
    """K Gaussian-looking classes in d dimensions with an exactly prescribed scatter.

    Class k has N_k = d + 2 + extra samples x = m_k + Q_k A_k with Q_k orthonormal and
    centred, so sum (x - m_k)(x - m_k)^T = A_k^T A_k. A_k = s_k (I + E_k / (2d)) with
    |E_k| <= 1 entrywise and s_k in [0.5, 2], so the singular values of A_k / s_k lie in
    [1/2, 3/2] and cond(S_W) <= 9. The means are m_k = separation * u_k with u_k random
    unit-scale vectors, and the first two differ by at least ``separation`` / 2 in one
    coordinate. Rows are shuffled.
    """
    K = draw(n_classes)
    d = draw(n_features)
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    sep = draw(separation)
    shift = draw(offset)
    labels = np.array(_FISHER_LABEL_SETS[draw(label_kind)][:K])
    note(f"K={K} d={d} seed={seed} separation={sep} offset={shift} labels={labels.tolist()}")

    means = sep * rng.standard_normal((K, d))
    j = int(rng.integers(d))
    means[1, j] = means[0, j] + np.copysign(max(abs(means[1, j] - means[0, j]), sep / 2),
                                            means[1, j] - means[0, j])
    blocks, targets, scatter = [], [], np.zeros((d, d))
    for k in range(K):
        n_k = d + 2 + draw(st.integers(0, 6))
        E = draw(hnp.arrays(np.float64, (d, d), elements=st.floats(-1, 1)))
        A = draw(st.floats(0.5, 2.0)) * (np.eye(d) + E / (2 * d))
        blocks.append(means[k] + _orthonormal_centred(rng, n_k, d) @ A)
        targets.append(np.full(n_k, k))
        scatter += A.T @ A
    order = rng.permutation(sum(b.shape[0] for b in blocks))
    X = np.vstack(blocks)[order] + shift
    y = labels[np.concatenate(targets)[order]]
    note(f"constructed S_W=\n{scatter}\nmeans=\n{means + shift}")
    return LabelledData(X=X, y=y, classes=labels, means=means + shift, scatter_within=scatter,
                        offset=shift)


def two_class_datasets(**kwargs) -> st.SearchStrategy[LabelledData]:
    """``labelled_datasets`` with exactly two classes."""
    return labelled_datasets(n_classes=st.just(2), **kwargs)


# --- separable and non-separable two-class data ----------------------------------------------


@dataclass(frozen=True, eq=False)
class SeparableData:
    """Two-class data with a separator of known margin. Unpacks (and indexes) as the
    tuple ``X, t, w, b``.

    X : (N, d); t : (N,) in {-1, +1}, both present; (w, b) with ||w|| = 1 and
    t_n (w^T x_n + b) >= margin for every n, with equality at a sample of each class (up to
    rounding of order eps * radius); every ||x_n|| <= radius. The data's own largest margin
    (the hard-margin SVM's) is at least ``margin``.
    """

    X: np.ndarray
    t: np.ndarray
    w: np.ndarray
    b: float
    margin: float
    radius: float

    def __iter__(self):
        return iter((self.X, self.t, self.w, self.b))

    def __getitem__(self, i):
        return (self.X, self.t, self.w, self.b)[i]

    def __len__(self) -> int:
        return 4


@st.composite
def separable_datasets(draw: st.DrawFn, *, margin: float, radius: float = 10.0,
                       max_dim: int = 5, max_samples: int = 30) -> SeparableData:
    """Separable data with margin ``margin`` inside the ball of radius ``radius``.

    A unit normal w and an offset |b| <= radius - margin are drawn; each sample is
    x_n = p_n + (s_n - b) w with p_n orthogonal to w, so w^T x_n + b = s_n, where
    s_n = t_n (margin + delta_n), delta_n in [0, radius - margin + t_n b] (delta = 0 for the
    first sample of each class), and ||p_n||^2 <= radius^2 - (s_n - b)^2, so ||x_n|| <= radius.
    """
    if not 0.0 < margin < radius:
        raise ValueError(f"separable_datasets needs 0 < margin < radius, got margin={margin!r}, "
                         f"radius={radius!r}.")
    rng = _rng(draw)
    d = draw(st.integers(1, max_dim))
    n = draw(st.integers(2, max_samples))
    w = draw(hnp.arrays(np.float64, d, elements=_floats(1.0)))
    i = draw(st.integers(0, d - 1))
    w[i] = np.copysign(max(abs(w[i]), 0.5), w[i])
    w = w / np.linalg.norm(w)
    b = draw(st.floats(-1.0, 1.0)) * (radius - margin)
    t = draw(signed_labels(n))
    depth = np.maximum(radius - margin + t * b, 0.0)
    fractions = np.array(draw(st.lists(st.floats(0.0, 1.0), min_size=n, max_size=n)))
    fractions[:2] = 0.0
    s = t * (margin + fractions * depth)
    along = s - b
    room = np.sqrt(np.maximum(radius**2 - along**2, 0.0))
    P = rng.standard_normal((n, d))
    P -= np.outer(P @ w, w)
    norms = np.linalg.norm(P, axis=1)
    lengths = room * rng.uniform(0.0, 1.0, size=n) ** (1.0 / max(d - 1, 1))
    P *= np.divide(lengths, norms, out=np.zeros(n), where=norms > 0)[:, None]
    X = P + np.outer(along, w)
    note(f"d={d} N={n} w={w!r} b={b!r} margin={margin!r} radius={radius!r}")
    return SeparableData(X=X, t=t, w=w, b=float(b), margin=margin, radius=radius)


@st.composite
def integer_separable_datasets(draw: st.DrawFn, *, max_dim: int = 3, max_samples: int = 12,
                               bound: int = 3) -> SeparableData:
    """Separable data of small integers: every product x^T w is exact in float64.

    Integer w in [-2, 2]^d (nonzero), b in [-3, 3], X in [-bound, bound]^(N x d); a sample
    with t_n (w^T x_n + b) < 1 is moved by the integer multiple t_n k w, k = ceil((1 - s) /
    ||w||^2), so t_n (w^T x_n + b) >= 1 (``margin`` is that functional margin over ||w||,
    a geometric margin; ``w`` is returned unnormalised, integer).
    """
    d = draw(st.integers(1, max_dim))
    n = draw(st.integers(2, max_samples))
    ints = st.integers(-bound, bound).map(float)
    w = draw(hnp.arrays(np.float64, d, elements=st.integers(-2, 2).map(float)))
    i = draw(st.integers(0, d - 1))
    if w[i] == 0:
        w[i] = 1.0
    b = float(draw(st.integers(-3, 3)))
    X = draw(hnp.arrays(np.float64, (n, d), elements=ints))
    t = draw(signed_labels(n))
    s = t * (X @ w + b)
    k = np.maximum(np.ceil((1.0 - s) / float(w @ w)), 0.0)
    X = X + (t * k)[:, None] * w
    return SeparableData(X=X, t=t, w=w, b=b, margin=1.0 / float(np.linalg.norm(w)),
                         radius=float(np.linalg.norm(X, axis=1).max()))


@st.composite
def non_separable_datasets(draw, *, max_dim: int = 4, max_extra: int = 6):
    """``(X, t, p)``: the convex hulls of both classes contain the point ``p``, exactly.

    ``p`` is the midpoint of two positives ``p +- u`` and of two negatives ``p +- v``; with
    small integers times a power of two, every coordinate and midpoint is exact in float64.
    Extra random points of either class are appended and rows are shuffled.
    """
    d = draw(st.integers(1, max_dim))
    ints = st.integers(-8, 8).map(float)
    p, u, v = (draw(hnp.arrays(np.float64, d, elements=ints)) for _ in range(3))
    n_pos = draw(st.integers(0, max_extra))
    n_neg = draw(st.integers(0, max_extra))
    extra_pos = draw(hnp.arrays(np.float64, (n_pos, d), elements=ints))
    extra_neg = draw(hnp.arrays(np.float64, (n_neg, d), elements=ints))
    X = np.vstack([p + u, p - u, extra_pos, p + v, p - v, extra_neg])
    t = np.concatenate([np.ones(2 + n_pos), -np.ones(2 + n_neg)])
    order = np.array(draw(st.permutations(range(X.shape[0]))))
    scale = 2.0 ** draw(st.integers(-20, 20))
    return X[order] * scale, t[order], p * scale


@st.composite
def overlapping_datasets(draw: st.DrawFn, *, max_dim: int = 4, max_extra: int = 10):
    """``(X, t)`` with t in {0, 1} where BOTH classes contain the 2 d points c +- r q_j
    (q_j the columns of a random rotation): a hyperplane with w^T x + b >= 0 on class 1 and
    <= 0 on class 0 would vanish at all of them, so w = 0 and b = 0. No hyperplane even
    weakly separates the classes, so the logistic maximum-likelihood weights exist and are
    finite (Albert and Anderson 1984). Extra samples of random class in the ball of radius
    3 r around c are appended; rows are shuffled."""
    rng = _rng(draw)
    d = draw(st.integers(1, max_dim))
    c = np.array(draw(st.lists(st.floats(-3, 3), min_size=d, max_size=d)))
    r = 2.0 ** draw(st.integers(-1, 2))
    Q, _ = np.linalg.qr(rng.standard_normal((d, d)))
    core = np.vstack([c + r * Q.T, c - r * Q.T])
    extra = draw(st.integers(0, max_extra))
    X = np.vstack([core, core, c + 3 * r * rng.uniform(-1, 1, size=(extra, d)) / math.sqrt(d)])
    t = np.concatenate([np.ones(2 * d), np.zeros(2 * d), rng.integers(0, 2, size=extra)])
    order = rng.permutation(X.shape[0])
    return X[order], t[order].astype(np.float64)


# --- weights ---------------------------------------------------------------------------------


@st.composite
def logistic_weights(draw: st.DrawFn, X: np.ndarray, *, max_logit: float = 8.0,
                     levels: st.SearchStrategy[float] | None = None) -> np.ndarray:
    """w (d,) with max_n |x_n^T w| = L, L drawn in [0, max_logit] (or from ``levels``, e.g.
    :func:`logit_levels` for saturated and near-overflow logits): every σ(x_n^T w) lies in
    [σ(-L), σ(L)] (σ(8) = 1 - 3.4e-4). X must have a nonzero row."""
    rng = _rng(draw)
    v = rng.standard_normal(X.shape[1])
    top = float(np.max(np.abs(X @ v)))
    level = draw(levels if levels is not None else st.floats(0.0, max_logit))
    return v * (level / top) if top > 0 else np.zeros_like(v)


@st.composite
def softmax_weights(draw: st.DrawFn, X: np.ndarray, k: int, *, max_logit: float = 8.0,
                    levels: st.SearchStrategy[float] | None = None) -> np.ndarray:
    """W (k, d) with max |w_j^T x_n| = L, L drawn in [0, max_logit] (or from ``levels``):
    every softmax probability is at least e^{-2L} / k."""
    rng = _rng(draw)
    V = rng.standard_normal((k, X.shape[1]))
    top = float(np.max(np.abs(X @ V.T)))
    level = draw(levels if levels is not None else st.floats(0.0, max_logit))
    return V * (level / top) if top > 0 else np.zeros_like(V)


# --- the shapes where implementations break --------------------------------------------------

#: The shapes of a design X (N, d) that :func:`design_matrices` draws, each about as often as
#: the others: a square X (a transposed X goes unnoticed by shape), more features than
#: samples, one sample, duplicated samples, a rank-deficient X (a repeated column), and
#: the ordinary tall case.
SHAPES = ("N > d", "N = d", "N < d", "N = 1", "duplicated samples", "rank deficient")


@st.composite
def design_matrices(draw: st.DrawFn, *, max_dim: int = 4, shapes: tuple[str, ...] = SHAPES,
                    min_dim: int = 1) -> np.ndarray:
    """X (N, d) in one of ``shapes`` (keys of :data:`SHAPES`, drawn uniformly), entries of
    unit scale times 2^j, j in [-3, 3]. "N = d" and "N < d" have d >= 2 (a 1 x 1 X is its own
    transpose); "rank deficient" repeats a column (d >= 2, N > d); "duplicated samples"
    repeats every row. For properties that hold for every X (a gradient's or Hessian's
    closed form, a directional derivative): no rank, size or conditioning is assumed."""
    shape = draw(st.sampled_from(shapes))
    low = max(min_dim, 2) if shape in ("N = d", "N < d", "rank deficient") else min_dim
    d = draw(st.integers(low, max(low, max_dim)))
    n = {"N > d": d + draw(st.integers(1, 8)), "N = d": d,
         "N < d": draw(st.integers(1, d - 1)) if d > 1 else 1, "N = 1": 1,
         "duplicated samples": d + draw(st.integers(0, 4)),
         "rank deficient": d + draw(st.integers(1, 6))}[shape]
    rng = _rng(draw)
    X = rng.standard_normal((n, d))
    if shape == "duplicated samples":
        X = np.vstack([X, X])
    if shape == "rank deficient":
        X[:, -1] = X[:, 0] * 2.0
    note(f"shape {shape}: N={X.shape[0]} d={d}")
    return X * 2.0 ** draw(st.integers(-3, 3))


#: The regimes of logits a = w^T x that :func:`logit_levels` draws: moderate, saturated
#: (σ(1 - σ) < 10^-3, down to 10^-17), and near the overflow of e^a (709.78): a correct σ or
#: softmax is finite there; e^a / (1 + e^a) is NaN.
LOGIT_REGIMES = ("moderate", "saturated", "near overflow")


def logit_levels(regimes: tuple[str, ...] = LOGIT_REGIMES) -> st.SearchStrategy[float]:
    """The largest |logit| of a draw: moderate in [0, 8], saturated in [8, 40], or near
    overflow in {700, 709.5, 710.5, 745} (e^709.79 overflows float64)."""
    parts = {"moderate": st.floats(0.0, 8.0), "saturated": st.floats(8.0, 40.0),
             "near overflow": st.sampled_from([700.0, 709.5, 710.5, 745.0])}
    return st.one_of(*(parts[r] for r in regimes))


@dataclass(frozen=True, eq=False)
class TwoClassData:
    """Two labelled classes: X (N, d), y (N,) with the labels ``labels`` (the first is class
    0), ``counts`` (N_0, N_1), and the within-class scatter S_W as constructed."""

    X: np.ndarray
    y: np.ndarray
    labels: tuple
    counts: tuple[int, int]
    scatter_within: np.ndarray


#: Class sizes :func:`fisher_datasets` draws: both with several samples, one class with a
#: single sample (its scatter is 0; ``np.cov`` of one sample is NaN), one class with two,
#: every sample duplicated.
CLASS_SIZES = ("several each", "one-sample class", "two-sample class", "duplicated samples")
#: Label conventions for two classes.
LABEL_CONVENTIONS = ((0, 1), (-1, 1))


@st.composite
def fisher_datasets(draw: st.DrawFn, *, max_dim: int = 4,
                    sizes: tuple[str, ...] = CLASS_SIZES,
                    conventions: tuple[tuple, ...] = LABEL_CONVENTIONS) -> TwoClassData:
    """Two classes whose within-class scatter S_W is nonsingular with cond(S_W) <= 9, by
    construction: the larger class is m + Q A with Q orthonormal and centred (N >= d + 1
    samples, scatter A^T A, A = s (I + E / (2d)), |E| <= 1); the other has ``sizes``: several
    samples built the same way, ONE sample (scatter 0), or two (m +- u, scatter 2 u u^T).
    Labels in one of ``conventions`` ({0, 1} or {-1, +1}); rows shuffled. S_W nonsingular is
    what Fisher's direction S_W^-1 (m_1 - m_0) needs; nothing else is assumed."""
    rng = _rng(draw)
    d = draw(st.integers(1, max_dim))
    size = draw(st.sampled_from(sizes))
    labels = draw(st.sampled_from(conventions))

    def block(n: int) -> tuple[np.ndarray, np.ndarray]:
        E = rng.uniform(-1, 1, size=(d, d))
        A = rng.uniform(0.5, 2.0) * (np.eye(d) + E / (2 * d))
        return _orthonormal_centred(rng, n, d) @ A, A.T @ A

    means = 3.0 * rng.standard_normal((2, d))
    means[1, 0] = means[0, 0] + 1.5
    big, S = block(d + 1 + draw(st.integers(0, 6)))
    blocks = [means[0] + big]
    if size in ("several each", "duplicated samples"):
        other, S1 = block(d + 1 + draw(st.integers(0, 6)))
        blocks.append(means[1] + other)
        S = S + S1
    elif size == "one-sample class":
        blocks.append(means[1][None, :])
    else:
        u = 0.5 * rng.standard_normal(d)
        blocks.append(np.vstack([means[1] + u, means[1] - u]))
        S = S + 2 * np.outer(u, u)
    if size == "duplicated samples":
        blocks = [np.vstack([b, b]) for b in blocks]
        S = 2 * S
    if draw(st.booleans()):
        blocks = blocks[::-1]
    codes = np.concatenate([np.full(b.shape[0], k) for k, b in enumerate(blocks)])
    order = rng.permutation(codes.shape[0])
    X = np.vstack(blocks)[order]
    y = np.array(labels)[codes[order]]
    note(f"class sizes {size}: counts {[b.shape[0] for b in blocks]}, labels {labels}")
    return TwoClassData(X=X, y=y, labels=labels,
                        counts=(blocks[0].shape[0], blocks[1].shape[0]), scatter_within=S)


@dataclass(frozen=True, eq=False)
class SVMData:
    """Separable two-class data for a hard-margin SVM: X (N, d), t (N,) in {-1, +1}, and,
    when the construction knows it (``known``), the solution: w, b with t_n (w^T x_n + b) >= 1
    and equality exactly at the support vectors ``support`` (a boolean mask)."""

    X: np.ndarray
    t: np.ndarray
    known: bool
    w: np.ndarray | None = None
    b: float | None = None
    support: np.ndarray | None = None


#: The data sets :func:`svm_datasets` draws: random separable data (rows shuffled, so the
#: first sample is a support vector or not), two support vectors by construction with the
#: other samples strictly outside the margin, one sample in one class, duplicated samples.
SVM_KINDS = ("random separable", "two support vectors", "one-sample class",
             "duplicated samples")


@st.composite
def svm_datasets(draw: st.DrawFn, *, max_dim: int = 3, max_samples: int = 12,
                 kinds: tuple[str, ...] = SVM_KINDS) -> SVMData:
    """Separable data of one of ``kinds``, scaled by 2^j, j in [-4, 4] (the multipliers
    scale by 2^-2j: an absolute threshold on alpha misreads them).

    "two support vectors": x_+ = p + m u and x_- = p - m u (u a unit vector); every other
    sample x has t (u^T (x - p)) >= m (1 + delta), delta >= 1/4, so the hyperplane
    u^T (x - p) = 0 has margin m, no separator has more (the two points are 2 m apart), and
    the SVM's solution is w = u / m, b = -u^T p / m, with alpha_n > 0 exactly at x_+ and x_-.
    "one-sample class": the same with x_- the only negative sample. Rows are shuffled."""
    kind = draw(st.sampled_from(kinds))
    scale = 2.0 ** draw(st.integers(-4, 4))
    if kind in ("random separable", "duplicated samples"):
        data = draw(separable_datasets(margin=0.5, radius=4.0, max_dim=max_dim,
                                       max_samples=max_samples))
        X, t = data.X, data.t
        if kind == "duplicated samples":
            X, t = np.vstack([X, X]), np.concatenate([t, t])
        order = np.array(draw(st.permutations(range(X.shape[0]))), dtype=np.intp)
        note(f"svm data: {kind}, N={X.shape[0]} d={X.shape[1]}, scale {scale}")
        return SVMData(X=X[order] * scale, t=t[order], known=False)
    rng = _rng(draw)
    d = draw(st.integers(1, max_dim))
    u = rng.standard_normal(d)
    u /= np.linalg.norm(u)
    p = rng.uniform(-2, 2, size=d)
    m = draw(st.floats(0.25, 2.0))
    n_extra = draw(st.integers(1, max_samples - 2))
    t_extra = np.ones(n_extra) if kind == "one-sample class" else rng.choice([-1.0, 1.0],
                                                                              size=n_extra)
    depth = m * (1.25 + 2 * rng.uniform(size=n_extra))
    side = rng.standard_normal((n_extra, d))
    side -= np.outer(side @ u, u)
    extra = p + np.outer(t_extra * depth, u) + side
    X = np.vstack([p + m * u, p - m * u, extra])
    t = np.concatenate([[1.0, -1.0], t_extra])
    support = np.zeros(X.shape[0], dtype=bool)
    support[:2] = True
    order = np.array(draw(st.permutations(range(X.shape[0]))), dtype=np.intp)
    note(f"svm data: {kind}, N={X.shape[0]} d={d}, margin {m * scale}, scale {scale}")
    return SVMData(X=X[order] * scale, t=t[order], known=True, w=u / (m * scale),
                   b=float(-u @ p / m), support=support[order])
