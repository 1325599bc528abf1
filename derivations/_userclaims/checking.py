"""Checking a claims file: every claim and derivation step through the public
:func:`derivations.verify` (the catalog's methods and scope), every answer against its
exercise (:mod:`.answers`); a report as JSON-ready records and as a table.

Statuses are the engine's (verified, refuted, undecided, conflict, error) plus ``trivial``:
the two sides became one expression while they were written down (SymPy's automatic
arithmetic: ordering terms, collecting like terms), so no method had anything to check —
the claim holds, and the report says why. Answers are ``correct`` or ``incorrect``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .._claims.tautology import by_construction
from .._interfaces.report import latex_of
from .._verdicts.engine import verify_claim_checked as verify
from .building import Built, build_item
from .loader import FORMAT, ClaimsFile, load_claims

__all__ = ["check_file", "check_claims", "CheckReport", "HOLDS", "SCHEMA"]

#: Statuses that count as "holds" for the exit code.
HOLDS = ("verified", "verified at sizes", "trivial", "correct")
#: Version of the JSON report of ``lindisc check``.
SCHEMA = 1


@dataclass
class CheckReport:
    file: str
    title: str
    records: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r["status"] in HOLDS for r in self.records)

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def summary(self) -> dict:
        out: dict = {}
        for r in self.records:
            out[r["status"]] = out.get(r["status"], 0) + 1
        out["as_expected"] = sum(1 for r in self.records if r.get("as_expected") is True)
        out["not_as_expected"] = sum(1 for r in self.records if r.get("as_expected") is False)
        return out

    def brief(self) -> list[dict]:
        """What the expected reports of examples/claims/ record: per item its kind, name,
        status and (derivations) first wrong step and each step's status."""
        out = []
        for r in self.records:
            b = {"kind": r["kind"], "name": r["name"], "status": r["status"]}
            if r["kind"] == "derivation":
                b["first_wrong_step"] = r["first_wrong_step"]
                b["steps"] = [s["status"] for s in r["steps"]]
            if r.get("mistake"):
                b["mistake"] = r["mistake"]
            out.append(b)
        return out

    def to_json(self) -> dict:
        return {"schema": SCHEMA, "format": FORMAT, "file": self.file, "title": self.title,
                "ok": self.ok, "items": self.records, "summary": self.summary()}


def _verdict(b: Built, seed: int, budget: float) -> dict:
    rec = {"label": b.label, "text": " ".join(b.texts), "line": b.where.line if b.where else None}
    why = by_construction(b.claim)
    if why is not None:
        rec.update(status="trivial", methods=[], counterexample=None, scope={},
                   detail=("holds as written: " + why + " — SymPy's automatic arithmetic made the "
                           "two sides one expression; no method was needed"))
        return rec
    r = verify(b.claim, b.space, label=b.label, seed=seed, budget=budget)
    rec.update(status=r.status, methods=[o.to_json() for o in r.methods],
               counterexample=r.counterexample, scope=r.scope(), latex=latex_of(r.claim))
    return rec


def _expect(rec: dict, expect) -> dict:
    if expect:
        rec["expect"] = expect
        got = ("verified" if rec["status"] in HOLDS else
               "refuted" if rec["status"] == "incorrect" else rec["status"])
        rec["as_expected"] = got == {"correct": "verified", "incorrect": "refuted"}.get(expect, expect)
    return rec


def check_claims(cf: ClaimsFile, *, seed: int = 0, budget: float = 20.0,
                 entry_ok=None) -> CheckReport:
    """Verify every item of a loaded claims file (``entry_ok``: see
    :func:`.answers.check_answer`)."""
    from .answers import check_answer_item

    rep = CheckReport(cf.path, cf.title)
    # every item is built first: a malformed one stops the run before anything is verified
    built_items = {id(item): build_item(cf, item) for item in cf.items if item.kind != "answer"}
    for item in cf.items:
        expect = item.data.get("expect")
        if item.kind == "answer":
            rec = check_answer_item(item, seed=seed, budget=budget, entry_ok=entry_ok)
            rep.records.append(_expect({"kind": "answer", "name": item.name, **rec}, expect))
            continue
        built = built_items[id(item)]
        if item.kind == "claim":
            rec = {"kind": "claim", "name": item.name, **_verdict(built[0], seed, budget)}
            rep.records.append(_expect(rec, expect))
            continue
        steps = []
        first = None
        for b in built:
            rec = {"kind": "step", "step": b.step, **_verdict(b, seed, budget)}
            steps.append(rec)
            if first is None and rec["status"] not in HOLDS:
                first = rec
        status = first["status"] if first else "verified"
        rec = {"kind": "derivation", "name": item.name, "status": status,
               "first_wrong_step": first["step"] if first else None,
               "detail": (f"step {first['step']} does not hold ({first['status']}): {first['text']}"
                          if first else f"all {len(steps)} steps hold"),
               "counterexample": first.get("counterexample") if first else None,
               "steps": steps, "line": item.where.line}
        rep.records.append(_expect(rec, expect))
    return rep


def check_file(source, *, seed: int = 0, budget: float = 20.0, name: str | None = None,
               entry_ok=None) -> CheckReport:
    """Load and check a claims file (a path, or its text with ``name``); malformed input
    raises :class:`~.errors.ClaimsError` with file, line and column."""
    return check_claims(load_claims(source, name=name), seed=seed, budget=budget, entry_ok=entry_ok)
