"""numerics.fisher on Dask arrays against the same functions in memory (issue 11).

Class counts, class sums and X^T X come from one chunk-wise pass (chunks may lack classes),
the centred S_W from a second when the in-memory rule asks for it; the results must agree
with the in-memory ones to 1e-10 relative on the data of chunked_strategies, the choice of
algorithm_ must be the same, and so must the errors.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")

from numerics import fisher
from numerics.errors import InvalidInput, NonFiniteInput, SingularMatrixError
from tests.numerics.chunked_strategies import as_dask, assert_close, assert_same_error, chunked_datasets

# Offsets of 1e3 against unit spread make the Gram form of S_W cancel: the centred pass runs.
_OFFSETS = st.sampled_from([0.0, 3.0, 1e3])


pytestmark = pytest.mark.usefixtures("dask_synchronous")


@given(chunked_datasets(offsets=_OFFSETS))
def test_dask_scatter_matrices_equal_in_memory_ones(data):
    expected = fisher.scatter_matrices(data.X, data.y)
    actual = fisher.scatter_matrices(*as_dask(data))
    assert actual.algorithm_ == expected.algorithm_
    np.testing.assert_array_equal(actual.classes_, expected.classes_)
    np.testing.assert_array_equal(actual.counts_, expected.counts_)
    for name in ("means_", "mean_", "scatter_within_", "scatter_between_"):
        assert_close(getattr(expected, name), getattr(actual, name), name)
    if expected.scatter_between_two_class_ is not None:
        assert_close(expected.scatter_between_two_class_, actual.scatter_between_two_class_,
                     "two-class S_B")
    assert_close(expected.scatter_within_error_, actual.scatter_within_error_, "S_W error")


@given(chunked_datasets(n_classes=st.just(2), offsets=_OFFSETS))
def test_dask_two_class_direction_and_classifier_equal_in_memory_ones(data):
    X, y = as_dask(data)
    expected, actual = fisher.fisher_direction(data.X, data.y), fisher.fisher_direction(X, y)
    assert_close(expected.coef_, actual.coef_, "w")
    assert_close(expected.criterion_, actual.criterion_, "J(w)")
    expected, actual = fisher.fisher_classifier(data.X, data.y), fisher.fisher_classifier(X, y)
    assert_close(expected.coef_, actual.coef_, "w")
    means = expected.threshold_.means_
    assert_close(means, actual.threshold_.means_, "projected means")
    assert_close(expected.threshold_.variances_, actual.threshold_.variances_, "variances")
    assert_close(expected.intercept_, actual.intercept_, "threshold",
                 scale=float(np.max(np.abs(means))))


@given(chunked_datasets(n_classes=st.integers(2, 4), offsets=_OFFSETS), st.booleans())
def test_dask_projection_equals_in_memory_projection(data, regularized):
    regularization = 1e-3 if regularized else None
    expected = fisher.fisher_projection(data.X, data.y, regularization=regularization)
    actual = fisher.fisher_projection(*as_dask(data), regularization=regularization)
    values = expected.eigenvalues_
    assert_close(values, actual.eigenvalues_, "eigenvalues")
    assert_close(expected.trace_criterion_, actual.trace_criterion_, "trace criterion")
    # Each Dask direction solves the in-memory eigenproblem S_B w = λ S_W w ...
    S_B = expected.scatter_between_
    S_W = (expected.scatter_within_ if regularization is None else
           (1 - regularization) * expected.scatter_within_
           + regularization * np.trace(expected.scatter_within_) / S_B.shape[0]
           * np.eye(S_B.shape[0]))
    for j, w in enumerate(actual.scalings_.T):
        assert_close(S_B @ w, values[j] * (S_W @ w), f"S_B w = λ S_W w, direction {j}",
                     scale=float(np.linalg.norm(S_B, 2) * np.linalg.norm(w)))
    # ... and equals the in-memory direction where the eigenvalue is well separated.
    gaps = np.abs(np.subtract.outer(values, np.append(values, 0.0)))
    gaps[np.arange(len(values)), np.arange(len(values))] = np.inf
    for j in np.flatnonzero(gaps.min(axis=1) > 1e-2 * values[0]):
        note(f"comparing direction {j}, relative gap {gaps[j].min() / values[0]:.3g}")
        assert_close(expected.scalings_[:, j], actual.scalings_[:, j], f"direction {j}")


def test_threaded_scheduler_and_chunks_across_columns_give_the_same_scatter():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, 2000)
    X = rng.standard_normal((2000, 5)) + 1e3 + y[:, None]
    expected = fisher.scatter_matrices(X, y)
    with dask.config.set(scheduler="threads"):
        actual = fisher.scatter_matrices(da.from_array(X, chunks=(300, 2)), y)
    assert actual.algorithm_ == expected.algorithm_ == "centred"
    assert_close(expected.scatter_within_, actual.scatter_within_, "S_W")


# --- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize("function", ["scatter_matrices", "fisher_direction",
                                      "fisher_classifier", "fisher_projection"])
def test_nan_in_a_late_chunk_raises_the_in_memory_error(function):
    rng = np.random.default_rng(1)
    X, y = rng.standard_normal((400, 3)), rng.integers(0, 2, 400)
    X[391, 1] = np.nan
    fit = getattr(fisher, function)
    lazy_X, lazy_y = da.from_array(X, chunks=(50, 3)), da.from_array(y, chunks=50)
    error = assert_same_error(lambda: fit(X, y), lambda: fit(lazy_X, lazy_y))
    assert isinstance(error, NonFiniteInput) and "(391, 1)" in str(error)


def test_constant_feature_raises_the_in_memory_singular_error():
    rng = np.random.default_rng(2)
    X, y = rng.standard_normal((300, 3)), rng.integers(0, 2, 300)
    X[:, 2] = 7.0
    error = assert_same_error(lambda: fisher.fisher_direction(X, y),
                              lambda: fisher.fisher_direction(da.from_array(X, chunks=(64, 3)), y))
    assert isinstance(error, SingularMatrixError) and "feature(s) [2]" in str(error)


def test_too_few_samples_raise_the_in_memory_singular_error():
    rng = np.random.default_rng(3)
    X, y = rng.standard_normal((5, 4)), np.array([0, 1, 0, 1, 1])
    error = assert_same_error(lambda: fisher.fisher_projection(X, y),
                              lambda: fisher.fisher_projection(da.from_array(X, chunks=(2, 4)), y),
                              from_text="Near-null")
    assert isinstance(error, SingularMatrixError) and "rank at most" in str(error)


def test_overflow_raises_the_in_memory_error():
    rng = np.random.default_rng(4)
    X, y = rng.standard_normal((100, 2)) * 1e300, rng.integers(0, 2, 100)
    error = assert_same_error(lambda: fisher.scatter_matrices(X, y),
                              lambda: fisher.scatter_matrices(da.from_array(X, chunks=(30, 2)), y))
    assert type(error) is InvalidInput and "overflowed" in str(error)
