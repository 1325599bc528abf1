"""The verdict rules of DESIGN.md, one row per case."""

import pytest

from derivations._methods.outcome import Outcome
from derivations._verdicts.verdict import claim_verdict, combine


def O(name, outcome, certain=False, proved=(), witness_sizes=None):  # noqa: N802 - table shorthand
    """The symbolic method's ``equal`` is dimension-free; components' covers ``proved``."""
    return Outcome(name, outcome, certain=certain, proved=[dict(p) for p in proved],
                   all_sizes="dimension-free" if (name, outcome) == ("symbolic", "equal") else None,
                   witness=None if witness_sizes is None else {"sizes": witness_sizes})


@pytest.mark.parametrize("outcomes, expected", [
    ([O("symbolic", "equal"), O("components", "equal"), O("exact random", "equal")], "verified"),
    ([O("symbolic", "inconclusive"), O("components", "equal"), O("exact random", "equal")], "verified"),
    ([O("symbolic", "equal"), O("components", "inconclusive"), O("exact random", "equal")], "verified"),
    # a proof without exact-random agreement is not enough
    ([O("symbolic", "equal"), O("components", "timeout"), O("exact random", "inconclusive")], "undecided"),
    # agreement at random points without a proof is evidence, not a verdict
    ([O("symbolic", "inconclusive"), O("components", "timeout"), O("exact random", "equal")], "undecided"),
    ([O("symbolic", "inconclusive"), O("components", "different", True),
      O("exact random", "different", True)], "refuted"),
    # SymPy says equal, an exact counterexample says otherwise: loud disagreement
    ([O("symbolic", "equal"), O("components", "inconclusive"),
      O("exact random", "different", True, witness_sizes={"d": 4})], "conflict"),
    # components proved d <= 3, a counterexample at d = 4: a refutation, not a conflict
    ([O("symbolic", "inconclusive"), O("components", "equal", proved=[{"d": 1}, {"d": 2}, {"d": 3}]),
      O("exact random", "different", True, witness_sizes={"d": 4})], "refuted"),
    # ... but a counterexample at a size a proof covers is a conflict
    ([O("symbolic", "inconclusive"), O("components", "equal", proved=[{"d": 1}, {"d": 2}, {"d": 3}]),
      O("exact random", "different", True, witness_sizes={"d": 2})], "conflict"),
    ([O("symbolic", "equal"), O("components", "equal"), O("numeric", "different")], "conflict"),
    ([O("symbolic", "error"), O("components", "inconclusive"), O("exact random", "equal")], "error"),
    ([O("runs", "equal")], "verified"),
    ([O("runs", "different", True)], "refuted"),
])
def test_claim_verdict(outcomes, expected):
    assert claim_verdict(outcomes) == expected


@pytest.mark.parametrize("statuses, expected", [
    (["verified", "verified"], "verified"),
    (["verified", "undecided"], "undecided"),
    (["refuted", "undecided"], "refuted"),
    (["refuted", "error"], "error"),
    (["error", "conflict"], "conflict"),
])
def test_entry_status_is_the_worst_claim(statuses, expected):
    assert combine(statuses) == expected


# -- the word matches the evidence: "verified at sizes" -------------------------------------

_COMP = [{"d": 1}, {"d": 2}, {"d": 3}]


@pytest.mark.parametrize("outcomes, free, expected", [
    # a proof at d <= 3 only, exact random beyond: not "verified" when d is free
    ([O("symbolic", "inconclusive"), O("components", "equal", proved=_COMP),
      O("exact random", "equal")], True, "verified at sizes"),
    # ... but "verified" when the claim's sizes are all fixed (nothing beyond them)
    ([O("symbolic", "inconclusive"), O("components", "equal", proved=_COMP),
      O("exact random", "equal")], False, "verified"),
    # a dimension-free proof covers every size
    ([O("symbolic", "equal"), O("components", "equal", proved=_COMP),
      O("exact random", "equal")], True, "verified"),
    # a size argument (components' all_sizes) covers every size
    ([O("symbolic", "inconclusive"),
      Outcome("components", "equal", proved=_COMP, all_sizes="size argument (d ≥ 3)"),
      O("exact random", "equal")], True, "verified"),
    # an algorithm claim is shown by its runs, not by sizes
    ([O("runs", "equal")], True, "verified"),
])
def test_verified_only_for_every_size_or_fixed_sizes(outcomes, free, expected):
    assert claim_verdict(outcomes, free_sizes=free) == expected


@pytest.mark.parametrize("statuses, expected", [
    (["verified", "verified at sizes"], "verified at sizes"),
    (["verified at sizes", "undecided"], "undecided"),
    (["verified at sizes", "refuted"], "refuted"),
    (["verified at sizes"], "verified at sizes"),
])
def test_verified_at_sizes_is_below_verified(statuses, expected):
    assert combine(statuses) == expected


def test_an_entry_proved_at_small_sizes_only_is_verified_at_sizes():
    """The whole path (engine → claim status → entry status → scope): the signed distance is
    proved at d ≤ 3 and sampled to d = 5 with no size argument: ``verified at sizes``; the
    logistic gradient at its own fixed sizes (N = d = 2) is ``verified``."""
    from derivations import verify_entry

    r = verify_entry("geometry.signed_distance")
    assert r.status == "verified at sizes" and r.ok
    assert r.scope()["every_size"] is False and r.scope()["proved_up_to"] == {"d": 3}
    assert "verified at sizes" in {c.status for c in r.claims}
    fixed = verify_entry("logistic.gradient")
    assert fixed.status == "verified" and fixed.scope()["every_size"] is False
