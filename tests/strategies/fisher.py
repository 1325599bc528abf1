"""Hypothesis domains for Fisher's discriminant: labelled data sets whose within-class
scatter S_W is known by construction, and 1-D projections of two classes.

Every strategy constructs valid inputs (no filtering). The class shapes and the class
order are drawn by Hypothesis; the bulk noise comes from a NumPy generator seeded by a
drawn integer, which ``note()`` prints with a failing example.
"""

from __future__ import annotations

import numpy as np
from hypothesis import note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# Moved to the public kit (numerics.testing.strategies); re-exported for the tests.
from numerics.testing.strategies import LabelledData, labelled_datasets, two_class_datasets

__all__ = [
    "LabelledData",
    "labelled_datasets",
    "two_class_datasets",
    "two_class_projections",
]

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
