"""Hypothesis domains for hyperplane geometry, K-class discriminants, separability and conics.

Every strategy constructs valid inputs (no filtering). Strategies named ``integer_*`` or
``exact_*`` draw small integers (optionally scaled by a power of two) so that the
arithmetic under test is exact in float64 and properties can be asserted with ``==``.
"""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

# Moved to the public kit (numerics.testing.strategies); re-exported for the tests.
from numerics.testing.strategies import non_separable_datasets as intersecting_hull_datasets
from numerics.testing.strategies import separable_datasets

__all__ = [
    "classifiers_with_two_points_in_one_region",
    "hyperplanes",
    "integer_discriminants",
    "integer_quadratic_hyperplanes",
    "intersecting_hull_datasets",
    "point_clouds",
    "separable_datasets",
]


def _floats(bound: float) -> st.SearchStrategy[float]:
    return st.floats(-bound, bound, allow_nan=False, allow_infinity=False)


@st.composite
def point_clouds(draw, d: int, *, max_samples: int = 8, bound: float = 1e3) -> np.ndarray:
    """An (n, d) array of finite points with coordinates in [-bound, bound], 1 <= n <= max_samples."""
    n = draw(st.integers(1, max_samples))
    return draw(hnp.arrays(np.float64, (n, d), elements=_floats(bound)))


@st.composite
def hyperplanes(draw, d: int) -> tuple[np.ndarray, float]:
    """``(w, b)`` with ``w`` nonzero: a unit-ish direction times a scale in [1e-3, 1e3].

    One coordinate is forced to magnitude >= 1/2 before scaling, so ``w`` is never zero.
    """
    w = draw(hnp.arrays(np.float64, d, elements=_floats(1.0)))
    i = draw(st.integers(0, d - 1))
    w[i] = np.copysign(max(abs(w[i]), 0.5), w[i])
    scale = 10.0 ** draw(st.floats(-3, 3))
    b = draw(_floats(1e3))
    return w * scale, b


@st.composite
def integer_discriminants(draw, *, max_classes: int = 5, max_dim: int = 3, max_samples: int = 10):
    """``(coef (K, d), intercept (K,), X (n, d))``, all small integers: every score is exact.

    Ties between discriminants are frequent, which exercises the documented tie rule.
    """
    K = draw(st.integers(2, max_classes))
    d = draw(st.integers(1, max_dim))
    n = draw(st.integers(1, max_samples))
    ints = st.integers(-4, 4).map(float)
    coef = draw(hnp.arrays(np.float64, (K, d), elements=ints))
    intercept = draw(hnp.arrays(np.float64, K, elements=ints))
    X = draw(hnp.arrays(np.float64, (n, d), elements=ints))
    return coef, intercept, X


@st.composite
def classifiers_with_two_points_in_one_region(draw, *, max_classes: int = 5, max_dim: int = 4):
    """``(coef, intercept, x_a, x_b, k)`` where ``argmax_j y_j`` is ``k`` at both points by >= 1.

    Random discriminants and points are drawn; then ``b_k`` is raised just enough that
    ``y_k - y_j >= 1`` at both points for every ``j != k`` (construction, not filtering).
    """
    K = draw(st.integers(2, max_classes))
    d = draw(st.integers(1, max_dim))
    coef = draw(hnp.arrays(np.float64, (K, d), elements=_floats(10.0)))
    intercept = draw(hnp.arrays(np.float64, K, elements=_floats(10.0)))
    x_a = draw(hnp.arrays(np.float64, d, elements=_floats(10.0)))
    x_b = draw(hnp.arrays(np.float64, d, elements=_floats(10.0)))
    k = draw(st.integers(0, K - 1))
    others = [j for j in range(K) if j != k]
    needed = max(
        (coef[j] - coef[k]) @ x + intercept[j] + 1.0 for j in others for x in (x_a, x_b)
    )
    intercept[k] = max(intercept[k], needed)
    return coef, intercept, x_a, x_b, k


@st.composite
def integer_quadratic_hyperplanes(draw):
    """``(w, b)`` integer weights for the quadratic map, hitting every conic type often.

    One draw in three makes ``w2^2 = 2 w1 w3`` (``B^2 = 4AC``: the degenerate cases), and
    ``b`` is zero one draw in four (the point / line pair / double line cases).
    """
    if draw(st.integers(0, 2)) == 0:
        a = draw(st.integers(-3, 3))
        c = draw(st.integers(-3, 3))
        if a == 0 and c == 0:
            c = 1
        sign = draw(st.sampled_from([-1, 1]))
        w = np.array([sign * a * a, sign * 2 * a * c, sign * 2 * c * c], dtype=float)
    else:
        w = draw(hnp.arrays(np.float64, 3, elements=st.integers(-5, 5).map(float)))
        i = draw(st.integers(0, 2))
        if w[i] == 0:
            w[i] = 1.0
    b = 0.0 if draw(st.integers(0, 3)) == 0 else float(draw(st.integers(-9, 9)))
    return w, b
