"""Catalog invariants: ids, sources, kinds — and every entry's verdict as its kind expects."""

import re

import pytest

from derivations.catalog import DOCUMENTS, KINDS, REGISTRY
from tests.derivations.catalog._built import built


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


@pytest.mark.slow
def test_every_entry_checks_numerics_or_says_why_not():
    """An entry is tied to ``numerics`` by an agreement at float points, or by algorithm runs,
    or it says in ``no_numeric`` why not (no counterpart exists, or the quantity is checked
    in the named entry, which must exist)."""
    from derivations._claims.claims import Behaviour

    missing = []
    for e in REGISTRY.values():
        st = built(e.id)
        runs = any(isinstance(c, Behaviour) for _, c in st.all_claims()) or isinstance(st.stated, Behaviour)
        if st.numeric or runs:
            continue
        why = st.no_numeric or ""
        if len(why) < 20:
            missing.append(e.id)
            continue
        for ref in re.findall(r"\b([a-z_]+\.[a-z0-9_]+)\b", why):
            if ref.split(".")[0] in {x.split(".")[0] for x in REGISTRY} and ref not in REGISTRY:
                missing.append(f"{e.id} (names unknown entry {ref})")
    assert not missing, f"no numeric agreement, no runs and no reason: {missing}"


@pytest.mark.slow
def test_no_claim_is_true_by_construction():
    """A claim whose sides SymPy evaluated into one expression while the catalog built it
    checks nothing (e.g. normal equations that became XᵀT = XᵀT). Notation that is meant to
    hold by construction goes in Statement.notation, where it is never counted."""
    from derivations._claims.tautology import by_construction

    found = []
    for eid, e in REGISTRY.items():
        st = built(e.id)
        items = st.all_claims() + ([("as printed", st.stated)] if st.stated is not None else [])
        found += [f"{eid} | {lbl} | {why}" for lbl, c in items if (why := by_construction(c))]
    assert not found, "\n".join(found)


#: Formula errata whose print is more than one typical mistake away from the truth, so the
#: mistake library cannot name what went wrong (the diagnosis says "no single typical
#: mistake"): what the print got wrong instead. An entry leaves this list when the library
#: learns to name its mistake.
UNNAMED_MISTAKES = {
    "least_squares.augmented_bias_first": "ml10's y_i(x) = w_iᵀ + w_{i,0} lost the x (no operator "
                                          "drops a factor of a product)",
    "least_squares.eq5_equals_eq6": "bromberg2012's Eq. (5) writes t_k for t_{nk}, the sample index "
                                    "lost (no operator drops an index)",
    "logistic.sigmoid_range": "udelar2018 prints the range of σ as [0, 1), closing the open end at 0 "
                              "(no operator turns an open interval into a half-open one)",
    "logistic.discriminative": "a word ('generativo'), encoded as two class-conditional densities "
                               "with the same posterior; not a formula the library mutates",
    "logistic.gradient_underbrace": "the underbrace labels σ(wᵀx_n) − t_n as y_n: a wrong label, "
                                    "not a mutation of the gradient's formula",
    "relaxation.jr_index_set": "udelar2018 sums J_r over ℳ(a) = {t aᵀy ≤ 0}, not {t aᵀy ≤ b}: the b "
                               "is lost inside the index set's condition (no operator mutates a "
                               "Piecewise condition)",
    "logistic.hessian_definite": "udelar2018 concludes 'H es definida positiva' (det H > 0) from "
                                 "positive weights, which give only semidefinite: a strict "
                                 "inequality for a non-strict one (no operator makes one strict)",
    "lagrange.ml10_max_over_lambda": "ml10 takes the max over (w, λ) of the Lagrangian, whose "
                                     "optimum is a saddle (max over w, min over λ): a quantifier, "
                                     "not a mutation of the formula",
    "svm.dual_constraints": "hermosillo2017 prints the strict α_i > 0 for α_i ≥ 0 (no operator makes "
                            "an inequality strict: its mutants would be refuted only on the "
                            "boundary, a set random points rarely hit)",
}


def _problems(entry_id: str, payload: dict) -> list[str]:
    """What is wrong with one entry's verification (empty when its verdict is as expected),
    from the payload ``lindisc verify`` computes or reads from its cache (record + detail).

    An erratum's diagnosis must name a typical mistake, except when the printed claim is not a
    formula — a behaviour (its failing run is the diagnosis) or an existence claim (the
    library mutates formulas, and an ∃ that no point satisfies is not a mutated formula) —
    or when the entry is listed in UNNAMED_MISTAKES."""
    from derivations._claims.claims import Exists

    rec, extra = payload["record"], payload.get("extra", {})
    stated = extra.get("stated")
    out = []
    if not payload["ok"]:
        detail = [(c["label"], c["status"], [(o["name"], o["outcome"], o.get("detail"))
                                             for o in c["methods"]])
                  for c in extra.get("claims", []) + ([stated] if stated else [])]
        out.append(f"{entry_id}: {rec['kind']} is {rec['status']}: {rec.get('error') or detail}")
    if rec["kind"] in ("erratum", "typo") and stated is not None:
        diagnosis = rec["diagnosis"]
        if not rec["counterexample"]:
            out.append(f"{entry_id}: an {rec['kind']} needs an exact counterexample (or a failing run)")
        if not diagnosis:
            out.append(f"{entry_id}: an erratum needs a diagnosis")
        elif diagnosis.startswith("diagnosis failed"):
            out.append(f"{entry_id}: the diagnosis failed: {diagnosis}")
        elif entry_id in UNNAMED_MISTAKES:
            if not diagnosis.startswith("no single"):
                out.append(f"{entry_id}: the mistake library now names the mistake ({diagnosis}); "
                           "remove the entry from UNNAMED_MISTAKES")
        elif ("runs" not in {o["name"] for o in stated["methods"]}
              and not isinstance(REGISTRY[entry_id].build().stated, Exists)
              and diagnosis.startswith("no single")):
            out.append(f"{entry_id}: the mistake library must name a formula erratum's mistake: "
                       f"{diagnosis}")
    return out


@pytest.mark.slow
def test_every_entry_has_the_verdict_its_kind_expects(request, monkeypatch):
    """Results, exercises and algorithms verified; errata refuted with a counterexample and a
    diagnosis. Runs exactly as ``lindisc verify`` does (its worker pool on both cores, a hard
    limit per entry) and with the user's verdict cache rather than the empty one every other
    test gets: a cached verdict is keyed by the engine's and the entry's sources, so it is the
    verdict this code computes; and the thorough run's next step (``lindisc latex --pdf`` of
    the whole catalog) then reads these verdicts instead of computing them a second time."""
    import argparse
    import time

    from derivations._interfaces.cached import _selected, _verified
    from derivations._interfaces.options import _default_jobs
    from derivations._verdicts.engine import DEFAULT_BUDGET

    saved = request.node._lindisc_cache[0]  # the value before tests/conftest.py's empty cache
    if saved is None:
        monkeypatch.delenv("LINDISC_CACHE_DIR", raising=False)
    else:
        monkeypatch.setenv("LINDISC_CACHE_DIR", saved)
    ns = argparse.Namespace(seed=0, budget=DEFAULT_BUDGET, jobs=_default_jobs(), no_cache=False)
    cache, index, ids = _selected(ns, [])
    got, cached = _verified(ids, ns, "catalog", cache=cache, index=index,
                            start=time.monotonic(), progress=False)
    print(f"\ncatalog verdicts: {len(ids)} entries, {len(cached)} from the cache")
    problems = [p for i in ids for p in _problems(i, got[i])]
    assert set(ids) == set(REGISTRY)
    assert not problems, "\n".join(problems)


def test_caveat_kind_needs_its_caveat_and_expects_the_printed_form_refuted():
    from derivations.catalog.registry import Entry, entry
    from numerics.errors import InvalidInput

    with pytest.raises(InvalidInput, match="needs caveat="):
        entry("t.x", "t", sources=[("ml10", "here")], kind="caveat")
    with pytest.raises(InvalidInput, match="only a caveat entry"):
        entry("t.x", "t", sources=[("ml10", "here")], caveat="unstated condition: N > d")
    e = Entry("t.x", "t", "caveat", (), lambda: None, "doc", "unstated condition: N > d")
    assert e.verdict_ok("refuted", ["verified"])          # printed form refuted, conditioned verified
    assert not e.verdict_ok("refuted", ["refuted"])       # the conditioned claim must hold
    assert e.verdict_ok("verified", ["verified"])         # misattributed: true, reported
    err = Entry("t.y", "t", "erratum", (), lambda: None, "doc")
    assert not err.verdict_ok("verified", ["verified"]) and err.verdict_ok("refuted", ["verified"])


def test_typo_kind_is_checked_like_an_erratum_and_counted_apart():
    """A typo (a slip the next line corrects): its printed form must be refuted and its
    corrected form verified, like an erratum; the report's summary counts it under 'typos',
    never under 'errata' (DESIGN.md, "Reading policy")."""
    from derivations._interfaces.report import summary
    from derivations.catalog.registry import PRINTED_FALSE, Entry, entry
    from numerics.errors import InvalidInput

    assert "typo" in KINDS and "typo" in PRINTED_FALSE
    typo = Entry("t.z", "t", "typo", (), lambda: None, "doc")
    assert typo.verdict_ok("refuted", ["verified"])
    assert not typo.verdict_ok("verified", ["verified"])      # a typo that holds is no typo
    assert not typo.verdict_ok("refuted", ["refuted"])        # its corrected form must hold
    with pytest.raises(InvalidInput, match="only a caveat entry"):
        entry("t.z", "t", sources=[("ml10", "here")], kind="typo", caveat="x")
    recs = [{"status": "refuted", "kind": k} for k in ("typo", "typo", "erratum", "caveat")]
    s = summary(recs, 0.0)
    assert (s["typos"], s["errata"], s["caveats"], s["refuted"]) == (2, 1, 1, 4)
    typos = [e.id for e in REGISTRY.values() if e.kind == "typo"]
    assert typos, "the catalog records the documents' typos as their own kind"
    for i in typos:
        assert REGISTRY[i].build().stated is not None, f"{i}: a typo prints a form to refute"
