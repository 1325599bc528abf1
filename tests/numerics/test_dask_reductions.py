"""numerics._reductions: the block kernels every fit shares, and what surrounds the Dask
path — Dask stays unimported for in-memory data, array-API input is taken without a copy.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
from scipy.special import logsumexp

from numerics import _reductions, fisher, least_squares, logistic


def _loss(X, y, V):
    Z = np.column_stack([np.zeros(X.shape[0]), X @ V[:-1] + V[-1]])
    return float(np.sum(logsumexp(Z, axis=1) - Z[np.arange(X.shape[0]), y]))


@pytest.mark.parametrize("k", [2, 4])
def test_newton_kernel_gradient_and_hessian_match_central_differences(k):
    """The five-point stencil of scikit-learn's test_linear_loss, on the loss and then on
    the kernel's own gradient (class-major Hessian layout)."""
    rng = np.random.default_rng(k)
    X, y = rng.standard_normal((200, 3)), rng.integers(0, k, 200)
    V = 0.4 * rng.standard_normal((4, k - 1))
    classes = np.arange(k)
    moments = _reductions.newton_moments(X, y, classes, V)
    assert moments.loss == pytest.approx(_loss(X, y, V), rel=1e-13)

    def five_point(f, i, j, h=1e-4):
        E = np.zeros_like(V)
        E[i, j] = h
        return (8 * (f(V + E) - f(V - E)) - (f(V + 2 * E) - f(V - 2 * E))) / (12 * h)

    grad = np.array([[five_point(lambda W: _loss(X, y, W), i, j) for j in range(k - 1)]
                     for i in range(4)])
    np.testing.assert_allclose(moments.grad, grad, rtol=1e-8, atol=1e-8)
    for j in range(k - 1):
        for i in range(4):
            column = five_point(
                lambda W: _reductions.newton_moments(X, y, classes, W).grad.T.ravel(), i, j)
            np.testing.assert_allclose(moments.hess[:, j * 4 + i], column, rtol=1e-7, atol=1e-7)
    np.testing.assert_array_equal(moments.hess, moments.hess.T)


def test_newton_kernel_keeps_accuracy_when_probabilities_saturate():
    """p = 1 - 1e-20: 1 - p and p (1 - p) come from the other probabilities, not 1 - p."""
    X, y = np.array([[1.0]]), np.array([1])
    V = np.array([[46.0], [0.0]])  # logit 46: 1 - p = e^-46 (about 1e-20)
    moments = _reductions.newton_moments(X, y, np.arange(2), V)
    expected = np.exp(-46.0) / (1 + np.exp(-46.0))
    assert moments.grad[0, 0] == pytest.approx(-expected, rel=1e-14)
    assert moments.hess[0, 0] == pytest.approx(expected * (1 - expected), rel=1e-14)


def test_class_moments_merge_blocks_with_different_labels():
    X = np.arange(12.0).reshape(6, 2)
    y = np.array(["b", "b", "a", "c", "c", "c"])
    parts = [_reductions._class_moments_block(X[s], y[s], s.start, 1, 0)
             for s in (slice(0, 2), slice(2, 3), slice(3, 6))]
    merged = _reductions._combine_class_moments(parts)
    np.testing.assert_array_equal(merged.labels, ["a", "b", "c"])
    np.testing.assert_array_equal(merged.counts, [1, 2, 3])
    np.testing.assert_array_equal(merged.sums, [X[2], X[0] + X[1], X[3:].sum(axis=0)])
    np.testing.assert_array_equal(merged.gram, X.T @ X)


def test_in_memory_fits_never_import_dask():
    code = (
        "import sys, numpy as np\n"
        "from numerics import least_squares, fisher, logistic\n"
        "X = np.random.default_rng(0).standard_normal((200, 3)); y = np.arange(200) % 2\n"
        "least_squares.fit_least_squares(X, y); fisher.fisher_classifier(X, y)\n"
        "logistic.fit_logistic_regression(X, y)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "[]", result.stdout


class _ArrayAPIArray:
    """The least an array-API array offers: a namespace and DLPack, no ``__array__``."""

    def __init__(self, data):
        self._data = data

    def __array_namespace__(self, api_version=None):
        return np

    def __dlpack__(self, **kwargs):
        return self._data.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()


def test_array_api_input_is_viewed_without_a_copy():
    X = np.random.default_rng(1).standard_normal((50, 2))
    assert np.shares_memory(_reductions.as_host(_ArrayAPIArray(X)), X)


def test_array_api_input_gives_the_in_memory_fits():
    rng = np.random.default_rng(2)
    X, y = rng.standard_normal((300, 3)), rng.integers(0, 2, 300)
    wrapped = _ArrayAPIArray(X), _ArrayAPIArray(y)
    np.testing.assert_array_equal(least_squares.fit_least_squares(*wrapped).W_tilde_,
                                  least_squares.fit_least_squares(X, y).W_tilde_)
    np.testing.assert_array_equal(fisher.fisher_direction(*wrapped).coef_,
                                  fisher.fisher_direction(X, y).coef_)
    np.testing.assert_array_equal(logistic.fit_logistic_regression(*wrapped).coef_,
                                  logistic.fit_logistic_regression(X, y).coef_)


def test_fits_run_on_a_distributed_scheduler():
    """The one-layer graph of the Dask path on dask.distributed (in-process workers here;
    examples/dask_local_cluster.py, run by a slow test, uses worker processes)."""
    da = pytest.importorskip("dask.array")
    distributed = pytest.importorskip("distributed")
    rng = np.random.default_rng(3)
    X, y = rng.standard_normal((2000, 3)), rng.integers(0, 3, 2000)
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1,
                            dashboard_address=None):
        Xd, yd = da.from_array(X, chunks=(300, 3)), da.from_array(y, chunks=300)
        squares = least_squares.fit_least_squares(Xd, yd)
        softmax = logistic.fit_softmax_regression(Xd, yd)
    np.testing.assert_allclose(squares.W_tilde_, least_squares.fit_least_squares(X, y).W_tilde_,
                               rtol=1e-10, atol=1e-14)
    np.testing.assert_allclose(softmax.coef_, logistic.fit_softmax_regression(X, y).coef_,
                               rtol=1e-10, atol=1e-14)
