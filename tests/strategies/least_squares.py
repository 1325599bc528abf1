"""Hypothesis domains for least-squares classification, valid by construction.

- :func:`full_column_rank_designs`: (X, y) whose augmented design X~ = [X, 1] has full
  column rank with a condition number bounded by construction, every class present.
- :func:`integer_full_rank_designs` and :func:`rank_deficient_designs`: small-integer
  designs, so a dependency inserted among the columns (a constant column, a scaled
  duplicate, an integer combination) holds EXACTLY in floating point and the rank is known.
- :func:`invertible_affine_maps`: x -> A x + c with cond(A) bounded.

Shapes, counts, conditioning and label types are drawn by Hypothesis; bulk noise comes
from a NumPy generator seeded by a drawn integer, which ``note()`` prints on failure.
"""

from __future__ import annotations

import numpy as np
from hypothesis import note
from hypothesis import strategies as st

# Moved to the public kit (numerics.testing.strategies); re-exported for the tests.
from numerics.testing.strategies import LABEL_SETS, Design, full_column_rank_designs
from numerics.testing.strategies import _labels, _rng

__all__ = [
    "LABEL_SETS",
    "RANK_DEFICIENCIES",
    "Design",
    "full_column_rank_designs",
    "integer_full_rank_designs",
    "invertible_affine_maps",
    "rank_deficient_designs",
]

RANK_DEFICIENCIES = ("constant", "zero", "duplicate", "combination", "too_few_samples")


@st.composite
def integer_full_rank_designs(
    draw: st.DrawFn, *, min_features: int = 1, max_features: int = 5, max_extra_samples: int = 25
) -> Design:
    """Integer X whose first d+1 rows are e_1, ..., e_d, 0: those rows of X~ form
    [[I, 1], [0, 1]] (determinant 1), so X~ has full column rank; the rest are in [-8, 8]."""
    rng = _rng(draw)
    d = draw(st.integers(min_features, max_features))
    k = draw(st.integers(2, 4))
    n = d + 1 + max(k, draw(st.integers(0, max_extra_samples)))
    X = np.vstack([np.eye(d), np.zeros((1, d)), rng.integers(-8, 9, size=(n - d - 1, d))])
    order = rng.permutation(n)
    codes, classes, y = _labels(draw, rng, n, k, None)
    return Design(X=X[order].astype(float), y=y, codes=codes, classes=classes, rank=d + 1)


@st.composite
def rank_deficient_designs(draw: st.DrawFn, kind: str) -> Design:
    """A design whose X~ = [X, 1] is exactly rank deficient, in one of the ways of
    :data:`RANK_DEFICIENCIES`:

    - "constant": a column equal to a nonzero integer (collinear with the bias);
    - "zero": an all-zero column;
    - "duplicate": a column equal to 2^j times another;
    - "combination": an integer combination of >= 2 columns plus an integer offset;
    - "too_few_samples": N <= d samples (X~ has rank N < d+1).
    """
    if kind == "too_few_samples":
        rng = _rng(draw)
        d = draw(st.integers(2, 6))
        n = draw(st.integers(2, d))
        k = draw(st.integers(2, min(n, 4)))
        # rows [e_j, 1] for j < n-1 and [0, 1]: independent, so rank N
        X = np.vstack([np.eye(n - 1, d), np.zeros((1, d))])
        codes, classes, y = _labels(draw, rng, n, k, None)
        return Design(X=X, y=y, codes=codes, classes=classes, rank=n)
    base = draw(integer_full_rank_designs(min_features=2 if kind == "combination" else 1))
    X = base.X
    d = X.shape[1]
    if kind == "constant":
        column = np.full(X.shape[0], float(draw(st.sampled_from([-3, -1, 1, 2, 5]))))
    elif kind == "zero":
        column = np.zeros(X.shape[0])
    elif kind == "duplicate":
        column = 2.0 ** draw(st.integers(-3, 3)) * X[:, draw(st.integers(0, d - 1))]
    elif kind == "combination":
        a = np.array(draw(st.lists(st.integers(-3, 3), min_size=d, max_size=d)), dtype=float)
        first, second = draw(st.lists(st.integers(0, d - 1), min_size=2, max_size=2, unique=True))
        a[first], a[second] = draw(st.sampled_from([-2, -1, 1, 2])), draw(st.sampled_from([-1, 1, 3]))
        column = X @ a + draw(st.integers(-4, 4))
        note(f"inserted column = X @ {a} + offset")
    else:
        raise ValueError(f"unknown rank deficiency kind={kind!r}; one of {RANK_DEFICIENCIES}")
    at = draw(st.integers(0, d))
    X = np.insert(X, at, column, axis=1)
    note(f"{kind} column inserted at position {at}")
    return Design(X=X, y=base.y, codes=base.codes, classes=base.classes, rank=d + 1)


@st.composite
def invertible_affine_maps(draw: st.DrawFn, d: int, *, max_log10_condition: float = 1.0):
    """(A, c): A = Q1 diag(s) Q2 with s in [1, 10^max_log10_condition] (so cond(A) is
    bounded by construction), c in [-10, 10]^d."""
    rng = _rng(draw)
    s = 10.0 ** rng.uniform(0.0, draw(st.floats(0.0, max_log10_condition)), size=d)
    Q1, _ = np.linalg.qr(rng.standard_normal((d, d)))
    Q2, _ = np.linalg.qr(rng.standard_normal((d, d)))
    c = np.array(draw(st.lists(st.floats(-10, 10), min_size=d, max_size=d)))
    A = (Q1 * s) @ Q2
    note(f"A={A!r} c={c!r}")
    return A, c


# --- added for the catalog agreement tests (tests/derivations/catalog/test_least_squares.py) ---


@st.composite
def symbolic_sizes(draw: st.DrawFn, *, max_samples: int = 6, max_features: int = 3, max_classes: int = 4):
    """(N, d, K) at which a dimension-free catalog expression is instantiated and lambdified."""
    d = draw(st.integers(1, max_features))
    return draw(st.integers(d + 1, max_samples + d)), d, draw(st.integers(1, max_classes))


@st.composite
def real_targets(draw: st.DrawFn, n: int, *, columns: int | None = None, scale: float = 10.0):
    """An (n, columns) array of reals in [-scale, scale] (columns drawn in 1..4 if not given),
    for claims that hold for any real targets, weights or data."""
    k = columns if columns is not None else draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    return rng.uniform(-scale, scale, size=(n, k))


@st.composite
def query_points(draw: st.DrawFn, d: int, *, count: int = 3, radius: float = 20.0):
    """A few points x in [-radius, radius]^d at which a fitted discriminant is evaluated, on or
    off the training set."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    return rng.uniform(-radius, radius, size=(count, d))
