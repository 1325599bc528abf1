"""The JSON report's summary and the human table for each status (derivations/_interfaces/report.py)."""

from derivations._interfaces.report import SCHEMA, render_table, scope_cell, summary


def _rec(eid, status, scope, kind="result"):
    return {"id": eid, "title": eid, "kind": kind, "status": status, "scope": scope,
            "sources": [{"document": "ml10", "where": "§1"}], "methods": [], "seconds": 0.1}


RECORDS = [
    _rec("a", "verified", {"every_size": True}),
    _rec("b", "verified at sizes", {"every_size": False, "proved_up_to": {"d": 3},
                                    "sampled_up_to": {"d": 5}}),
    _rec("c", "verified", {"every_size": False, "proved_up_to": {"N": 2}}),  # fixed sizes
    _rec("e", "refuted", {}, kind="erratum"),
]


def test_summary_counts_verified_and_verified_at_sizes_apart():
    s = summary(RECORDS, 1.0)
    assert SCHEMA == 5
    assert s["verified"] == 2 and s["verified at sizes"] == 1 and s["refuted"] == 1
    assert s["verified_every_size"] == 1  # of the "verified": a proof for every size


def test_the_table_shows_the_status_its_scope_and_explains_the_word():
    assert scope_cell(RECORDS[1]) == "d≤3, to d=5"
    table = render_table(RECORDS, [True] * 4, summary(RECORDS, 1.0))
    row = next(line for line in table.splitlines() if line.startswith("b "))
    assert "verified at sizes" in row and "d≤3, to d=5" in row
    assert "'verified at sizes' = proved at the sizes in the scope, only sampled beyond" in table
    assert "verified at sizes=1" in table
