"""Hypothesis domains for comparing the Dask and in-memory paths of numerics: labelled data
sets together with a row chunking that splits classes.

Every class is laid out in one or two runs of consecutive rows, the runs in a drawn order,
and the first chunk ends strictly inside the first run: so a chunk boundary always falls
inside a class, and at least one chunk lacks every class but one. The rest of the chunk
sizes are drawn freely (size-1 chunks included). Valid inputs are constructed, never
filtered; the bulk noise comes from a NumPy generator seeded by a drawn integer, which
``note()`` prints with a failing example.

Conditioning. Features are class means plus standard normal noise, with at least d + 3
samples per class, so X~^T X~ and S_W are Wishart-like with condition numbers of order
10-100 (the equilibrated Gram matrix of least squares grows with offset^2, hence the small
offsets there). The paths differ only in the order of their sums, a relative perturbation
of about N eps ~ 1e-13 of the reductions, so results that are conditioned like this agree
to far better than the 1e-10 the tests demand; a failure at that level is a bug, not
rounding.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import note
from hypothesis import strategies as st

__all__ = [
    "ChunkedData",
    "assert_close",
    "assert_same_error",
    "chunked_datasets",
    "overlapping_datasets",
]

RELATIVE_TOLERANCE = 1e-10

_LABEL_SETS = {
    "int": [0, 1, 2, 3],
    "sparse int": [-7, 3, 10, 40],
    "str": ["ant", "bee", "cat", "dog"],
    "float": [-0.5, 0.25, 2.0, 7.5],
}


@dataclass(frozen=True, eq=False)
class ChunkedData:
    """X (N, d), labels y (N,), the row chunks (summing to N) and the class order."""

    X: np.ndarray
    y: np.ndarray
    chunks: tuple[int, ...]
    classes: list


_N_CLASSES = st.integers(2, 4)
_OFFSETS = st.sampled_from([0.0, 3.0])


@st.composite
def chunked_datasets(
    draw: st.DrawFn,
    *,
    n_classes: st.SearchStrategy[int] = _N_CLASSES,
    offsets: st.SearchStrategy[float] = _OFFSETS,
    overlap: bool = False,
) -> ChunkedData:
    """Labelled Gaussian classes, rows in class runs, chunked so that classes are split.

    ``overlap=True`` adds a shared simplex: d + 1 affinely independent points, each once
    with every label. No hyperplane can then put those samples strictly (or on one side
    each) in their own class, so the logistic and softmax likelihoods are coercive and
    their maximum is finite and unique — constructed, rather than hoping random classes
    overlap.
    """
    k = draw(n_classes)
    d = draw(st.integers(1, 4))
    kind = draw(st.sampled_from(sorted(_LABEL_SETS)))
    labels = _LABEL_SETS[kind][:k]
    counts = [draw(st.integers(d + 3, d + 40)) for _ in range(k)]
    offset = draw(offsets)
    separation = draw(st.floats(0.5, 3.0))
    seed = draw(st.integers(0, 2**32 - 1))
    note(f"K={k} d={d} labels={kind} counts={counts} offset={offset} "
         f"separation={separation} seed={seed}")
    rng = np.random.default_rng(seed)
    means = offset + separation * rng.standard_normal((k, d))

    segments = []
    for c in range(k):
        cut = draw(st.just(0) | st.integers(2, counts[c] - 2))  # runs of >= 2 rows
        segments += [(c, cut), (c, counts[c] - cut)] if cut else [(c, counts[c])]
    order = draw(st.permutations(range(len(segments))))
    rows_x, rows_y = [], []
    for s in order:
        c, length = segments[s]
        rows_x.append(means[c] + rng.standard_normal((length, d)))
        rows_y += [labels[c]] * length
    if overlap:
        simplex = means.mean(axis=0) + np.vstack([np.zeros(d), np.eye(d)])
        for label in labels:
            rows_x.append(simplex)
            rows_y += [label] * (d + 1)
    X, y = np.vstack(rows_x), np.array(rows_y)

    first_run = segments[order[0]][1]
    first = draw(st.integers(1, first_run - 1))
    sizes = [first]
    while sum(sizes) < X.shape[0]:
        sizes.append(min(draw(st.integers(1, 60)), X.shape[0] - sum(sizes)))
    note(f"chunks={sizes}")
    return ChunkedData(X=X, y=y, chunks=tuple(sizes), classes=labels)


def overlapping_datasets(**kwargs) -> st.SearchStrategy[ChunkedData]:
    """``chunked_datasets(overlap=True)``: classes whose logistic likelihood has a finite,
    unique maximum."""
    return chunked_datasets(overlap=True, **kwargs)


def assert_close(expected, actual, what: str, *, scale: float | None = None) -> None:
    """||actual - expected|| <= 1e-10 max(||expected||, scale) over the finite entries, and
    the same infinities; both printed on failure."""
    expected, actual = np.asarray(expected, dtype=float), np.asarray(actual, dtype=float)
    assert expected.shape == actual.shape, f"{what}: shapes {expected.shape} != {actual.shape}"
    infinite = np.isinf(expected)
    assert np.array_equal(expected[infinite], actual[infinite]) and np.all(
        np.isfinite(actual[~infinite])
    ), f"{what}: infinities differ\nin memory: {expected!r}\nDask:      {actual!r}"
    expected, actual = expected[~infinite], actual[~infinite]
    reference = max(float(np.linalg.norm(expected)), scale or 0.0, np.finfo(float).tiny)
    error = float(np.linalg.norm(actual - expected)) / reference
    assert error <= RELATIVE_TOLERANCE, (
        f"{what}: relative difference {error:.3g} > {RELATIVE_TOLERANCE}\n"
        f"in memory: {expected!r}\nDask:      {actual!r}"
    )


def assert_same_error(in_memory, lazy, *, from_text: str = "") -> Exception:
    """Both calls raise the same class with the same message — from ``from_text`` on, for
    messages that begin with a rounding-level quantity such as a condition number."""
    with pytest.raises(Exception) as expected:
        in_memory()
    with pytest.raises(expected.type) as actual:
        lazy()
    text, reference = str(actual.value), str(expected.value)
    assert text[text.index(from_text):] == reference[reference.index(from_text):]
    return actual.value


def as_dask(data):
    """(X, y) of a chunked dataset as Dask arrays, chunked as the dataset says."""
    import dask.array as da

    return (da.from_array(data.X, chunks=(data.chunks, -1)),
            da.from_array(data.y, chunks=(data.chunks,)))
