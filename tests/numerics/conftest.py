"""Fixtures of the numerics tests."""

import pytest


@pytest.fixture
def dask_synchronous():
    """Dask computes in the test's own thread: deterministic, and a failure's traceback is
    the test's (the Dask test modules use it for every test)."""
    dask = pytest.importorskip("dask")
    with dask.config.set(scheduler="synchronous"):
        yield
