"""numerics.least_squares on Dask arrays against the same fit in memory (issue 11).

The Dask path sums X~^T X~ and X~^T T chunk by chunk; with the same data it must give the
in-memory weights to 1e-10 relative (see chunked_strategies for why that is meaningful on
these data) and raise the same errors, found chunk-wise.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")

from numerics.errors import (
    InvalidInput,
    LabelError,
    NonFiniteInput,
    ShapeMismatch,
    SingularMatrixError,
)
from numerics.least_squares import fit_least_squares, fit_least_squares_targets
from tests.numerics.chunked_strategies import assert_close, assert_same_error, chunked_datasets


pytestmark = pytest.mark.usefixtures("dask_synchronous")


def _lazy(X, chunks):
    return da.from_array(np.asarray(X), chunks=(chunks,) + (-1,) * (np.ndim(X) - 1))


def _same_fit(expected, actual):
    assert actual.method_ == expected.method_
    assert actual.rank_ == expected.rank_
    np.testing.assert_array_equal(actual.classes_, expected.classes_)
    assert_close(expected.W_tilde_, actual.W_tilde_, "W~")
    if np.isfinite(expected.condition_):
        assert_close(expected.condition_, actual.condition_, "condition_")


@given(chunked_datasets())
def test_every_drawn_chunking_splits_a_class_and_leaves_classes_out(data):
    """What the comparisons below rely on: a chunk boundary inside a run of one class, and
    a chunk in which every class but one is absent."""
    bounds = np.cumsum(data.chunks)[:-1]
    assert any(data.y[b - 1] == data.y[b] for b in bounds)
    starts = np.concatenate([[0], bounds])
    assert any(len(set(data.y[s : s + c].tolist())) < len(data.classes)
               for s, c in zip(starts, data.chunks))


def test_an_empty_chunk_changes_nothing():
    rng = np.random.default_rng(7)
    X, y = rng.standard_normal((100, 3)), rng.integers(0, 3, 100)
    chunks = (30, 0, 70)
    _same_fit(fit_least_squares(X, y), fit_least_squares(_lazy(X, chunks), _lazy(y, chunks)))


@given(chunked_datasets(), st.sampled_from(["auto", "cholesky", "lstsq"]),
       st.sampled_from(["X and y", "X", "y"]))
def test_dask_fit_equals_in_memory_fit(data, method, lazy_part):
    X = _lazy(data.X, data.chunks) if lazy_part != "y" else data.X
    y = _lazy(data.y, data.chunks) if lazy_part != "X" else data.y
    _same_fit(fit_least_squares(data.X, data.y, method=method),
              fit_least_squares(X, y, method=method))


@given(chunked_datasets(), st.sampled_from(["auto", "lstsq"]), st.booleans())
def test_dask_fit_to_targets_equals_in_memory_fit(data, method, one_column):
    """Fisher's N/N1, -N/N2 coding against the first class, plus a noise column."""
    first = data.y == data.y[0]
    n, n1 = first.shape[0], int(first.sum())
    fisher = np.where(first, n / n1, -n / (n - n1))
    noise = np.random.default_rng(n).standard_normal(n)
    T = fisher if one_column else np.column_stack([fisher, noise])
    _same_fit(fit_least_squares_targets(data.X, T, method=method),
              fit_least_squares_targets(_lazy(data.X, data.chunks), _lazy(T, data.chunks),
                                        method=method))


def test_chunks_across_columns_and_threads_give_the_same_fit():
    rng = np.random.default_rng(0)
    X, y = rng.standard_normal((1000, 6)), rng.integers(0, 3, 1000)
    expected = fit_least_squares(X, y)
    with dask.config.set(scheduler="threads"):
        actual = fit_least_squares(da.from_array(X, chunks=(150, 4)), da.from_array(y, chunks=70))
    _same_fit(expected, actual)


def test_one_class_absent_from_most_chunks():
    """Sorted labels, chunks of 7 rows: almost every chunk holds a single class."""
    rng = np.random.default_rng(1)
    y = np.repeat(["a", "b", "c"], [40, 3, 57])
    X = rng.standard_normal((100, 2)) + (y == "b")[:, None]
    _same_fit(fit_least_squares(X, y), fit_least_squares(_lazy(X, 7), _lazy(y, 7)))


# --- rank deficiency ---------------------------------------------------------------------


def _duplicated_column():
    rng = np.random.default_rng(2)
    X = rng.standard_normal((300, 4))
    X[:, 3] = X[:, 1]
    return X, rng.integers(0, 3, 300)


def test_rank_deficient_design_gives_the_same_minimum_norm_fit():
    X, y = _duplicated_column()
    expected = fit_least_squares(X, y)
    assert expected.method_ == "lstsq" and expected.rank_ == 4
    _same_fit(expected, fit_least_squares(_lazy(X, 64), _lazy(y, 64)))


def test_rank_deficient_design_raises_the_same_error_with_cholesky():
    X, y = _duplicated_column()
    error = assert_same_error(lambda: fit_least_squares(X, y, method="cholesky"),
                              lambda: fit_least_squares(_lazy(X, 64), y, method="cholesky"),
                              from_text="Cause:")
    assert isinstance(error, SingularMatrixError)
    assert "proportional" in str(error)


# --- bad input, found chunk-wise -------------------------------------------------------------


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("fit", ["labels", "targets"])
def test_non_finite_entry_in_a_late_chunk_raises_the_in_memory_error(bad, fit):
    rng = np.random.default_rng(3)
    X, y = rng.standard_normal((500, 3)), rng.integers(0, 2, 500)
    X[487, 2], X[499, 0] = bad, bad
    if fit == "labels":
        error = assert_same_error(lambda: fit_least_squares(X, y),
                                  lambda: fit_least_squares(_lazy(X, 100), _lazy(y, 100)))
    else:
        T = y[:, None] * 1.0
        error = assert_same_error(lambda: fit_least_squares_targets(X, T),
                                  lambda: fit_least_squares_targets(_lazy(X, 100), _lazy(T, 100)))
    assert isinstance(error, NonFiniteInput)
    assert "2 entries" in str(error) and "(487, 2)" in str(error)


def test_non_finite_target_raises_the_in_memory_error():
    rng = np.random.default_rng(4)
    X, T = rng.standard_normal((200, 2)), rng.standard_normal((200, 2))
    T[150, 1] = np.nan
    error = assert_same_error(lambda: fit_least_squares_targets(X, T),
                              lambda: fit_least_squares_targets(_lazy(X, 50), _lazy(T, 50)))
    assert "T must contain only finite numbers" in str(error)


@pytest.mark.parametrize("scale", [1e-200, 1e200, 1e-160])
@pytest.mark.parametrize("targets", [False, True], ids=["labels", "targets"])
def test_extreme_columns_are_fitted_rescaled_as_in_memory(scale, targets):
    """Columns at 1e-200 (X^T X underflows to 0: the old Dask fit returned a degenerate
    model, 50% accuracy, no error) or 1e200 (X^T X overflows: refused before) are fitted on
    columns scaled exactly by powers of two, as in memory (issue 37), to the same weights."""
    rng = np.random.default_rng(5)
    X = rng.standard_normal((200, 2)) * scale
    X[:, 1] /= scale  # one extreme column beside an ordinary one
    y = (rng.standard_normal(200) + X[:, 1] > 0).astype(int)
    if targets:
        T = np.eye(2)[y]
        expected = fit_least_squares_targets(X, T)
        actual = fit_least_squares_targets(_lazy(X, 50), _lazy(T, 50))
    else:
        expected, actual = fit_least_squares(X, y), fit_least_squares(_lazy(X, 50), _lazy(y, 50))
    assert actual.rank_ == expected.rank_ == 3
    # row j of W~ scales as 1/scale for the extreme column: compare rows on their own scale
    # (by a power of two, exactly), as a 2-norm over all of W~ would overflow
    _, e = np.frexp(np.max(np.abs(expected.W_tilde_), axis=1, keepdims=True))
    assert_close(np.ldexp(expected.W_tilde_, -e), np.ldexp(actual.W_tilde_, -e), "W~ by rows")
    assert np.isfinite(actual.coef_).all() and abs(actual.coef_[0, 0]) > 0


@pytest.mark.parametrize(
    ("X", "y", "error_type"),
    [
        (np.zeros((6, 2)), np.zeros(6, dtype=int), LabelError),  # one class
        (np.zeros((6, 2)), np.array([0, 1, np.nan, 1, 0, 1]), NonFiniteInput),  # NaN label
        (np.zeros((6, 2)), np.arange(5) % 2, ShapeMismatch),  # lengths differ
        (np.zeros(6), np.arange(6) % 2, InvalidInput),  # 1-D X
        (np.zeros((6, 2)), np.zeros((6, 2)), InvalidInput),  # 2-D labels
    ],
    ids=["one class", "NaN label", "lengths differ", "1-D X", "2-D labels"],
)
def test_bad_input_raises_the_in_memory_error(X, y, error_type):
    error = assert_same_error(lambda: fit_least_squares(X, y),
                              lambda: fit_least_squares(_lazy(X, 4), _lazy(y, 4)))
    assert isinstance(error, error_type)


def test_unknown_chunk_sizes_name_the_fix():
    X = da.from_array(np.random.default_rng(6).standard_normal((20, 2)), chunks=(5, 2))
    X = X[X[:, 0] > -10]
    with pytest.raises(InvalidInput, match="compute_chunk_sizes"):
        fit_least_squares(X, np.arange(20) % 2)
