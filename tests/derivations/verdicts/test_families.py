"""The size families (derivations/_verdicts/families.py): claims false from a known size must be
refuted exactly there or be undecided with the reason (above the cap) — never verified."""

import random

import pytest

from derivations._verdicts import families as F


def _check_all(result):
    for m in result["members"]:
        assert m.outcome != "wrongly verified", m.label
        assert m.outcome != "refuted a true member", m.label
        if m.fails_from is not None:
            assert m.outcome in ("refuted at predicted size", "undecided"), (m.label, m.status, m.at, m.reason)
            if m.outcome == "undecided":
                assert m.reason.startswith("needs ") and "sampled to 20" in m.reason


def test_a_few_members_per_family_each_refuted_at_its_predicted_size_or_undecided():
    seed = random.SystemRandom().randrange(10**6)
    print(f"families seed {seed}")
    res = F.run_families(seed, quick=True)
    _check_all(res)
    assert all(c["members"] == 3 and c["true members"] == 1 for c in res["families"].values())


def test_the_largest_members_are_refuted_at_their_size_or_undecided_with_the_reason():
    """Old engine: CH of degree 7 verified (sampled to d = 5), Newton k = 6..8 verified."""
    rng = random.Random(3)
    for build, k, want in ((F.cayley_hamilton, 7, "refuted at predicted size"),
                           (F.cayley_hamilton, 8, "refuted at predicted size"),
                           (F.newton, 8, "refuted at predicted size"),
                           (F.rational, 21, "undecided"), (F.rational, 8, "refuted at predicted size")):
        m = F.check(build(k, rng), 0)
        assert m.outcome == want, (m.label, m.status, m.at, m.reason)
    table = F.format_table(F.run_families(1, quick=True, families=("gram",)))
    assert "size families (seed 1, quick)" in table and "wrongly verified" in table


@pytest.mark.slow
def test_every_member_of_every_family():
    for seed in (0, random.SystemRandom().randrange(10**6)):
        print(f"families seed {seed}")
        res = F.run_families(seed)
        _check_all(res)
        assert sum(c["wrongly verified"] for c in res["families"].values()) == 0
