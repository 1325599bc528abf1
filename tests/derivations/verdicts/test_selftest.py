"""The mutation suite keeps the engine honest: >= 98% of non-equivalent mutants refuted,
and no true claim refuted. A failure lists the survivors: holes in the engine."""

import os

import pytest

from derivations.catalog import REGISTRY
from derivations._interfaces.options import _default_jobs
from derivations._interfaces.workers import (SELFTEST_HARD_LIMIT, _pool_map, _selftest_fallback, _selftest_one, selftest_items)
from derivations._verdicts.selftest import merge

#: CI attacks a seeded sample of each claim's mistake-library mutants (size and constant
#: mutants always); unset or 0: every mutant (``lindisc selftest`` with no --per-claim).
PER_CLAIM = int(os.environ.get("LINDISC_SELFTEST_PER_CLAIM", "0")) or None


@pytest.mark.slow
def test_mutation_suite_over_the_whole_catalog():
    parts = [p for _, p in _pool_map(_selftest_one, selftest_items(list(REGISTRY), 0, PER_CLAIM), _default_jobs(),
                                     False, "selftest", fallback=_selftest_fallback,
                                     hard_limit=SELFTEST_HARD_LIMIT)]
    rep = merge(parts)
    print(f"\nmutation suite: {rep['mutants']} mutants, {rep['equivalent']} equivalent, "
          f"{rep['killed']} killed ({rep['killed_ratio']:.2%}), {len(rep['survivors'])} survivors, "
          f"{rep['ill_typed']} set aside, {rep['false_refutations']} false refutations"
          + (f"; sampled {PER_CLAIM} library mutants per claim, {rep['not_sampled']} not attacked"
             if PER_CLAIM else ""))
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


@pytest.mark.slow
def test_a_sampled_run_attacks_at_most_n_library_mutants_per_claim_and_every_size_mutant():
    from derivations._verdicts.selftest import selftest_entry

    entry = REGISTRY["geometry.w_normal"]
    full = selftest_entry(entry, seed=0, only=0)
    part = selftest_entry(entry, seed=0, only=0, per_claim=2)
    again = selftest_entry(entry, seed=0, only=0, per_claim=2)
    other = selftest_entry(entry, seed=1, only=0, per_claim=2)
    assert full["not_sampled"] == 0 and part["not_sampled"] > 0
    for r in (full, part, other):  # every attacked mutant is counted exactly once
        assert r["mutants"] == r["equivalent"] + r["killed"] + len(r["survivors"]), r
    # what is attacked plus what is left out is what the full run attacks (same ill-typed count)
    assert part["mutants"] + part["not_sampled"] == full["mutants"]
    assert part["ill_typed"] == full["ill_typed"]
    def untimed(r):
        return {k: v for k, v in r.items() if k not in ("phase_seconds", "methods")} | {
            "methods": {m: {k: v for k, v in c.items() if k != "seconds"} for m, c in r["methods"].items()}}

    assert untimed(part) == untimed(again)     # the sample is a function of the seed
    assert other["not_sampled"] == part["not_sampled"]
    assert part["mutants"] <= 2 + 3            # 2 library mutants + size and constant mutants
