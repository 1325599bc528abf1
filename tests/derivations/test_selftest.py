"""The mutation suite keeps the engine honest: >= 98% of non-equivalent mutants refuted,
and no true claim refuted. A failure lists the survivors: holes in the engine."""

import pytest

from derivations.catalog import REGISTRY
from derivations.cli import _default_jobs, _pool_map, _selftest_one
from derivations.selftest import merge


@pytest.mark.slow
def test_mutation_suite_over_the_whole_catalog():
    parts = [p for _, p in _pool_map(_selftest_one, [(i, 0) for i in REGISTRY], _default_jobs(),
                                     False, "selftest")]
    rep = merge(parts)
    print(f"\nmutation suite: {rep['mutants']} mutants, {rep['equivalent']} equivalent, "
          f"{rep['killed']} killed ({rep['killed_ratio']:.2%}), {len(rep['survivors'])} survivors, "
          f"{rep['ill_typed']} set aside, {rep['false_refutations']} false refutations")
    assert rep["false_refutations"] == 0
    assert rep["mutants"] - rep["equivalent"] > 100
    assert rep["killed_ratio"] >= 0.98, rep["survivors"][:20]
