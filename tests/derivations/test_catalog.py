"""Catalog invariants: ids, sources, kinds — and every entry's verdict as its kind expects."""

import re

import pytest

from derivations.catalog import DOCUMENTS, KINDS, REGISTRY
from derivations.engine import verify_entry


def test_ids_are_dotted_and_topics_are_modules():
    for i, e in REGISTRY.items():
        assert re.fullmatch(r"[a-z_]+\.[a-z0-9_]+", i), i
        assert e.topic == i.split(".")[0]


def test_every_entry_cites_a_known_document_and_states_its_mathematics():
    for e in REGISTRY.values():
        assert e.kind in KINDS
        assert e.sources and all(s.document in DOCUMENTS and s.where for s in e.sources), e.id
        assert len(e.doc) > 20, f"{e.id}: the docstring must state the mathematics"


def test_all_five_documents_are_cited():
    cited = {s.document for e in REGISTRY.values() for s in e.sources}
    assert {"bromberg2012", "dhs-perceptron", "udelar2018", "hermosillo2017", "ml10"} <= cited


@pytest.mark.parametrize("entry_id", sorted(REGISTRY))
def test_entry_has_the_verdict_its_kind_expects(entry_id):
    r = verify_entry(REGISTRY[entry_id])
    detail = [(c.label, c.status, [(o.name, o.outcome, o.detail) for o in c.methods])
              for c in r.claims + ([r.stated] if r.stated else [])]
    assert r.ok, (r.status, r.error, detail)
    if r.entry.kind == "erratum":
        assert r.counterexample, "an erratum is refuted by an exact counterexample (or a failing run)"
        assert r.diagnosis, "an erratum gets a diagnosis"
        if "runs" not in {o.name for o in r.stated.methods}:
            # a formula erratum: the mistake library must name the mistake
            assert not r.diagnosis.startswith(("no single", "diagnosis failed")), r.diagnosis
