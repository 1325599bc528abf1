"""examples/claims/: one claims file per catalog topic, each restating catalog claims (true
and false) with a derivation that has a wrong step; checked against its expected report."""

import json
from pathlib import Path

import pytest

from derivations._userclaims.building import build_item
from derivations._userclaims.loader import load_claims

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "claims"
TOPICS = sorted(p.stem for p in EXAMPLES.glob("*.toml"))


def test_one_file_per_topic():
    assert {"geometry", "least_squares", "fisher", "logistic", "svm", "perceptron"} <= set(TOPICS)


@pytest.mark.parametrize("topic", TOPICS)
def test_each_file_loads_builds_and_says_what_it_expects(topic):
    cf = load_claims(EXAMPLES / f"{topic}.toml")
    assert cf.items and all("expect" in i.data for i in cf.items), "every item states its expected verdict"
    claims = [i for i in cf.items if i.kind == "claim"]
    restated = [i for i in claims if "entry" in i.data]
    assert len(restated) >= 10, f"{topic}: restates {len(restated)} catalog claims"
    assert any(i.data["expect"] == "refuted" for i in claims), "false claims too"
    ders = [i for i in cf.items if i.kind == "derivation"]
    assert any(d.data["expect"] == "refuted" for d in ders), "a derivation with a wrong step"
    for item in cf.items:
        if item.kind != "answer":
            assert build_item(cf, item)
    assert (EXAMPLES / f"{topic}.expected.json").exists()


@pytest.mark.slow
@pytest.mark.parametrize("topic", TOPICS)
def test_each_file_gets_the_catalogs_verdicts(topic):
    from derivations._userclaims.checking import check_file
    from derivations.catalog import REGISTRY

    cf = load_claims(EXAMPLES / f"{topic}.toml")
    for item in cf.items:
        eid = item.data.get("entry")
        if eid is None:
            continue
        assert eid in REGISTRY, eid
        if item.kind == "claim" and item.data["expect"] == "refuted":  # a printed form refuted
            assert REGISTRY[eid].kind in ("erratum", "typo", "caveat"), (eid, item.name)
    r = check_file(EXAMPLES / f"{topic}.toml")
    wrong = [(x["name"], x["status"], x.get("expect")) for x in r.records if not x.get("as_expected")]
    assert not wrong
    expected = json.loads((EXAMPLES / f"{topic}.expected.json").read_text())
    assert r.brief() == expected["items"]
    assert r.exit_code == expected["exit_code"] == 1
