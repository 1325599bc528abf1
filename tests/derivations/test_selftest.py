"""The mutation suite keeps the engine honest: >= 98% of non-equivalent mutants refuted,
and no true claim refuted. A failure lists the survivors: holes in the engine."""

import pytest

from derivations.catalog import REGISTRY
from derivations.selftest import merge, selftest_entry


@pytest.mark.slow
def test_mutation_suite_over_the_whole_catalog():
    rep = merge([selftest_entry(e) for e in REGISTRY.values()])
    assert rep["false_refutations"] == 0
    assert rep["mutants"] - rep["equivalent"] > 100
    assert rep["killed_ratio"] >= 0.98, rep["survivors"][:20]
