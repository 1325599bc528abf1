"""Hypothesis domains for Fisher's discriminant: labelled data sets whose within-class
scatter S_W is known by construction, and 1-D projections of two classes.

Every strategy constructs valid inputs (no filtering). The class shapes and the class
order are drawn by Hypothesis; the bulk noise comes from a NumPy generator seeded by a
drawn integer, which ``note()`` prints with a failing example.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

__all__ = [
    "LabelledData",
    "labelled_datasets",
    "two_class_datasets",
    "two_class_projections",
]

_LABEL_SETS = {
    "int": [0, 1, 2, 3, 4, 5],
    "sparse int": [-7, -2, 3, 10, 11, 40],
    "str": ["ant", "bee", "cat", "dog", "eel", "fox"],
}

_N_CLASSES = st.integers(2, 4)
_N_FEATURES = st.integers(1, 4)
_OFFSETS = st.sampled_from([0.0, 0.0, 3.0, 1e3])
_SEPARATIONS = st.floats(0.5, 4.0)
_LABEL_KINDS = st.sampled_from(sorted(_LABEL_SETS))


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
    n_classes: st.SearchStrategy[int] = _N_CLASSES,
    n_features: st.SearchStrategy[int] = _N_FEATURES,
    offset: st.SearchStrategy[float] = _OFFSETS,
    separation: st.SearchStrategy[float] = _SEPARATIONS,
    label_kind: st.SearchStrategy[str] = _LABEL_KINDS,
) -> LabelledData:
    """K Gaussian-looking classes in d dimensions with an exactly prescribed scatter.

    Class k has N_k = d + 2 + extra samples x = m_k + Q_k A_k with Q_k orthonormal and
    centred, so sum (x - m_k)(x - m_k)^T = A_k^T A_k. A_k = s_k (I + E_k / (2d)) with
    |E_k| <= 1 entrywise and s_k in [0.5, 2], so the singular values of A_k / s_k lie in [1/2, 3/2] and cond(S_W) <= 9.
    The means are m_k = separation * u_k with u_k random unit-scale vectors, and the
    first two differ by at least ``separation`` / 2 in one coordinate. Rows are shuffled.
    """
    K = draw(n_classes)
    d = draw(n_features)
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    sep = draw(separation)
    shift = draw(offset)
    labels = np.array(_LABEL_SETS[draw(label_kind)][:K])
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


@st.composite
def two_class_projections(
    draw, *, equal_counts: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Projections (p_1, p_2) of two classes with mean(p_2) > mean(p_1).

    Means m_1 = 0 < m_2 = gap in [0.1, 5], standard deviations in [0.2, 3], 2..40 values
    each, then all shifted and scaled by a common factor in [1e-3, 1e3].
    """
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n1 = draw(st.integers(2, 40))
    n2 = n1 if equal_counts else draw(st.integers(2, 40))
    gap = draw(st.floats(0.1, 5.0))
    sd1, sd2 = draw(st.floats(0.2, 3.0)), draw(st.floats(0.2, 3.0))
    centre = draw(st.floats(-100, 100))
    unit = 10.0 ** draw(st.floats(-3, 3))
    p1 = rng.standard_normal(n1)
    p2 = rng.standard_normal(n2)
    p1 = (p1 - p1.mean()) / p1.std(ddof=1) * sd1
    p2 = (p2 - p2.mean()) / p2.std(ddof=1) * sd2 + gap
    note(f"seed={seed} n=({n1}, {n2}) gap={gap} sd=({sd1}, {sd2}) centre={centre} unit={unit}")
    return (p1 + centre) * unit, (p2 + centre) * unit


# --- added for the catalog agreement tests (tests/derivations/catalog/test_fisher.py) -----


@st.composite
def equal_variance_projections(draw) -> tuple[np.ndarray, np.ndarray]:
    """Projections (p_1, p_2), mean(p_2) > mean(p_1), with exactly equal unbiased variances
    (the case where ml10's threshold formula has the closed form ỹ = (m_1 + m_2)/2 -
    σ² log(n_2/n_1)/(m_2 - m_1)). 2..40 values each, gap in [0.1, 5], σ in [0.2, 3]."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n1, n2 = draw(st.integers(2, 40)), draw(st.integers(2, 40))
    gap, sd = draw(st.floats(0.1, 5.0)), draw(st.floats(0.2, 3.0))
    centre = draw(st.floats(-100, 100))
    p1, p2 = rng.standard_normal(n1), rng.standard_normal(n2)
    p1 = (p1 - p1.mean()) / p1.std(ddof=1) * sd
    p2 = (p2 - p2.mean()) / p2.std(ddof=1) * sd + gap
    note(f"seed={seed} n=({n1}, {n2}) gap={gap} sd={sd} centre={centre}")
    return p1 + centre, p2 + centre


@st.composite
def nonzero_directions(draw, d: int) -> np.ndarray:
    """A direction w in R^d with entries in [-1, 1] and norm at least 1/2 (no filtering:
    a unit coordinate vector is added along the largest entry)."""
    w = draw(hnp.arrays(np.float64, (d,), elements=st.floats(-1, 1)))
    j = int(np.argmax(np.abs(w)))
    w[j] += np.copysign(0.5, w[j]) if w[j] != 0 else 0.5
    return w


@st.composite
def invertible_affine_maps(draw, d: int) -> tuple[np.ndarray, np.ndarray]:
    """(A, c): x -> A x + c with A = s (I + E/(2d)), |E| <= 1 entrywise, s in ±[0.5, 2]
    (so cond(A) <= 3), and c with entries in [-100, 100]."""
    E = draw(hnp.arrays(np.float64, (d, d), elements=st.floats(-1, 1)))
    s = draw(st.floats(0.5, 2.0)) * draw(st.sampled_from([1.0, -1.0]))
    c = draw(hnp.arrays(np.float64, (d,), elements=st.floats(-100, 100)))
    return s * (np.eye(d) + E / (2 * d)), c
