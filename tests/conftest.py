"""Shared pytest configuration: Hypothesis profiles chosen by HYPOTHESIS_PROFILE.

- ``dev`` (default): quick, for the edit-test loop.
- ``ci``: what .ci/run's README step uses: the examples of ``dev``, derandomized so CI is
  reproducible (and the README's test command takes in CI what it takes on a user's machine).
- ``long``: .ci/run's thorough run, 10x the examples of ``ci``, derandomized.
- ``thorough``: many more examples, for a night run.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci", max_examples=30, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long", max_examples=300, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# Every test gets an empty verdict cache of its own (derivations/_verdicts/cache.py): a warm
# cache left by an earlier test, or the user's own, would skip the very work a test watches
# (workers starting, a budget expiring, a monkeypatched engine being called).
_CACHE_ENV = "LINDISC_CACHE_DIR"


def pytest_runtest_setup(item):
    import tempfile

    item._lindisc_cache = (os.environ.get(_CACHE_ENV), tempfile.mkdtemp(prefix="lindisc-cache-"))
    os.environ[_CACHE_ENV] = item._lindisc_cache[1]


def pytest_runtest_teardown(item):
    import shutil

    saved, folder = getattr(item, "_lindisc_cache", (None, None))
    if folder is None:
        return
    if saved is None:
        os.environ.pop(_CACHE_ENV, None)
    else:
        os.environ[_CACHE_ENV] = saved
    shutil.rmtree(folder, ignore_errors=True)
