"""The mutation suite keeps the engine honest: >= 98% of non-equivalent mutants refuted,
and no true claim refuted. A failure lists the survivors: holes in the engine."""

import pytest

from derivations.catalog import REGISTRY
from derivations._interfaces.cli import (SELFTEST_HARD_LIMIT, _default_jobs, _pool_map, _selftest_fallback,
                             _selftest_one, selftest_items)
from derivations._verdicts.selftest import merge


@pytest.mark.slow
def test_mutation_suite_over_the_whole_catalog():
    parts = [p for _, p in _pool_map(_selftest_one, selftest_items(list(REGISTRY), 0), _default_jobs(),
                                     False, "selftest", fallback=_selftest_fallback,
                                     hard_limit=SELFTEST_HARD_LIMIT)]
    rep = merge(parts)
    print(f"\nmutation suite: {rep['mutants']} mutants, {rep['equivalent']} equivalent, "
          f"{rep['killed']} killed ({rep['killed_ratio']:.2%}), {len(rep['survivors'])} survivors, "
          f"{rep['ill_typed']} set aside, {rep['false_refutations']} false refutations")
    for name, c in rep["methods"].items():
        print(f"  {name}: attacked {c['attacked']}, proved {c['proved']}, killed {c['killed']}, "
              f"wrongly proved {c['wrongly_proved']}, timeouts {c['timeouts']}, {c['seconds']:.0f} s")
    print("  cpu seconds per phase: " + ", ".join(f"{k} {v:.0f}" for k, v in rep["phase_seconds"].items()))
    assert not rep["soundness_bugs"], rep["soundness_bugs"][:10]
    assert all(c["wrongly_proved"] == 0 for c in rep["methods"].values())
    assert all(c["attacked"] > 100 for c in rep["methods"].values())
    assert not rep["incomplete"], rep["incomplete"]
    assert rep["false_refutations"] == 0
    assert rep["mutants"] - rep["equivalent"] > 100
    assert rep["killed_ratio"] >= 0.98, rep["survivors"][:20]
