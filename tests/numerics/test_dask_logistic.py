"""numerics.logistic on Dask arrays against the same fits in memory (issue 11).

One pass for the classes and X^T X, then one per Newton step, each bringing back the
gradient and block Hessian; with the same data the weights must agree with the in-memory
fit to 1e-10 relative (the data of chunked_strategies, with a constructed class overlap so
that the maximum-likelihood weights exist), and the errors must be the same.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

dask = pytest.importorskip("dask")
da = pytest.importorskip("dask.array")

from numerics.errors import (
    LabelError,
    NonFiniteInput,
    PerfectSeparationError,
    SingularMatrixError,
)
from numerics.logistic import decision_function, fit_logistic_regression, fit_softmax_regression
from tests.numerics.chunked_strategies import as_dask, assert_close, assert_same_error, overlapping_datasets

_ALPHAS = st.sampled_from([0.0, 0.5])


pytestmark = pytest.mark.usefixtures("dask_synchronous")


def _same_fit(expected, actual, X):
    np.testing.assert_array_equal(actual.classes_, expected.classes_)
    assert_close(expected.coef_, actual.coef_, "coef_", scale=1.0)
    assert_close(expected.intercept_, actual.intercept_, "intercept_", scale=1.0)
    assert_close(decision_function(expected, X), decision_function(actual, X), "logits",
                 scale=1.0)


@given(overlapping_datasets(n_classes=st.just(2)), _ALPHAS)
def test_dask_logistic_fit_equals_in_memory_fit(data, alpha):
    _same_fit(fit_logistic_regression(data.X, data.y, alpha=alpha),
              fit_logistic_regression(*as_dask(data), alpha=alpha), data.X)


@given(overlapping_datasets(n_classes=st.integers(2, 4)), _ALPHAS)
def test_dask_softmax_fit_equals_in_memory_fit(data, alpha):
    _same_fit(fit_softmax_regression(data.X, data.y, alpha=alpha),
              fit_softmax_regression(*as_dask(data), alpha=alpha), data.X)


def test_threaded_scheduler_gives_the_same_fit():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((3000, 4))
    y = (X @ [1.0, -2.0, 0.5, 0.0] + rng.logistic(size=3000) > 0).astype(int)
    with dask.config.set(scheduler="threads"):
        actual = fit_logistic_regression(da.from_array(X, chunks=(250, 2)), y)
    _same_fit(fit_logistic_regression(X, y), actual, X)


def test_nan_in_a_late_chunk_raises_the_in_memory_error():
    rng = np.random.default_rng(1)
    X, y = rng.standard_normal((400, 3)), rng.integers(0, 3, 400)
    X[398, 2] = np.nan
    error = assert_same_error(lambda: fit_softmax_regression(X, y),
                              lambda: fit_softmax_regression(da.from_array(X, chunks=(60, 3)), y))
    assert isinstance(error, NonFiniteInput) and "(398, 2)" in str(error)


def test_separable_classes_raise_the_in_memory_error():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 300)
    X = np.column_stack([3.0 * y + rng.random(300), rng.standard_normal(300)])
    error = assert_same_error(lambda: fit_logistic_regression(X, y),
                              lambda: fit_logistic_regression(da.from_array(X, chunks=(40, 2)),
                                                               da.from_array(y, chunks=40)))
    assert isinstance(error, PerfectSeparationError)


def test_dependent_columns_raise_the_in_memory_error():
    rng = np.random.default_rng(3)
    X, y = rng.standard_normal((300, 3)), rng.integers(0, 2, 300)
    X[:, 1] = 1.0
    error = assert_same_error(lambda: fit_logistic_regression(X, y),
                              lambda: fit_logistic_regression(da.from_array(X, chunks=(64, 3)), y))
    assert isinstance(error, SingularMatrixError) and "constant" in str(error)


def test_three_classes_for_the_two_class_fit_raise_the_in_memory_error():
    rng = np.random.default_rng(4)
    X, y = rng.standard_normal((90, 2)), np.repeat([0, 1, 2], 30)
    error = assert_same_error(lambda: fit_logistic_regression(X, y),
                              lambda: fit_logistic_regression(da.from_array(X, chunks=(30, 2)),
                                                               da.from_array(y, chunks=30)))
    assert isinstance(error, LabelError)
