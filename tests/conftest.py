"""Shared pytest configuration: Hypothesis profiles chosen by HYPOTHESIS_PROFILE.

- ``dev`` (default): quick, for the edit-test loop.
- ``ci``: what .ci/run uses; derandomized so CI is reproducible.
- ``long``: .ci/run's thorough run, 5x the examples of ``ci``, derandomized.
- ``thorough``: many more examples, for a night run.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "long", max_examples=300, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
