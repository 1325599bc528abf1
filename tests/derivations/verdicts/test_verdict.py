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
