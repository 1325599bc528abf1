"""The report of ``lindisc check NOTES``: every chain and step located in the user's file
(``notes.tex:42:5``), the first wrong step of each chain, its exact counterexample in the
user's own names, the scope of what holds, and what was not checked (position and fragment).

JSON (``--format json``, :data:`SCHEMA`)::

    {"schema": 1, "kind": "notes", "file": ..., "format": "tex" | "md" | "ipynb", "ok": bool,
     "chains": [{"name", "where", "line", "env", "status", "first_wrong_step",
                 "first_wrong_where", "expect", "as_expected",
                 "steps": [{"step", "where", "line", "column", "relation", "lhs", "rhs",
                            "label", "claim", "status", "scope", "methods",
                            "counterexample", "reason", "fragment", "at", "expect",
                            "as_expected"}]}],
     "skipped": [...], "summary": {status: count, ...}, "seconds": ...}

A chain's status is its first step that does not hold (refuted, undecided, conflict,
error); else ``verified`` / ``verified at sizes`` when every step holds, ``partly checked``
when some steps were not checked and the others hold, ``not checked`` when none was.

Exit code: 0 when every checked step holds, or fails exactly where a ``lindisc: expect``
said it would (a worked erratum); 1 otherwise. *Not checked* steps do not fail the run
(they are listed); ``--strict`` makes them fail it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["NotesReport", "step_record", "render", "SCHEMA"]

SCHEMA = 1
_HOLDS = ("verified", "verified at sizes", "trivial")


def _fragment(src, seg) -> str:
    if not seg.toks:
        return ""
    a = seg.toks[0].pos
    last = seg.toks[-1]
    b = last.pos + len(last.text) + (1 if last.kind == "cmd" else 0)
    while b < len(src.text) and (src.text[b].isalpha()):  # a macro call \w ends its word
        b += 1
    return re.sub(r"\s+", " ", src.text[a:max(b, a)]).strip()[:160]


def step_record(j: int, loc, src, prev, seg, label) -> dict:
    rel = seg.rel.text if seg.rel.kind != "cmd" else "\\" + seg.rel.text
    rec = {"step": j, "where": f"{loc.file}:{loc.line}:{loc.column}", "line": loc.line,
           "column": loc.column, "relation": rel, "lhs": _fragment(src, prev),
           "rhs": _fragment(src, seg)}
    if label:
        rec["label"] = label
    return rec


@dataclass
class NotesReport:
    file: str
    kind: str
    chains: list = field(default_factory=list)
    skipped: list = field(default_factory=list)
    no_relation: int = 0
    seconds: float = 0.0
    strict: bool = False
    verified_steps: int = 0
    #: (source label, offset, step, status): where ``--annotate`` puts a mark per step
    marks: list = field(default_factory=list)

    def add_chain(self, rec: dict) -> None:
        exp = rec.get("expect")
        if exp:
            got = "verified" if rec["status"] in _HOLDS else rec["status"]
            rec["as_expected"] = got == exp
        self.chains.append(rec)

    def steps(self):
        for c in self.chains:
            yield from c["steps"]

    def _step_ok(self, s: dict, chain: dict) -> bool:
        if "as_expected" in s:
            return s["as_expected"]
        if s["status"] == "not checked":
            return not self.strict
        if s["status"] in _HOLDS:
            return True
        # a wrong step in a chain marked "expect refuted" as a whole: the erratum is the point
        return chain.get("expect") == s["status"] and chain.get("first_wrong_step") == s["step"]

    @property
    def ok(self) -> bool:
        for c in self.chains:
            if c.get("as_expected") is False:
                return False
            if c["status"] == "not checked" and not c["steps"] and self.strict:
                return False
            if not all(self._step_ok(s, c) for s in c["steps"]):
                return False
        return True

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def summary(self) -> dict:
        out: dict = {"chains": len(self.chains), "steps": 0}
        for s in self.steps():
            out["steps"] += 1
            out[s["status"]] = out.get(s["status"], 0) + 1
        out["skipped_displays"] = len(self.skipped)
        out["displays_without_relation"] = self.no_relation
        out["not_as_expected"] = sum(1 for c in self.chains if c.get("as_expected") is False) + \
            sum(1 for s in self.steps() if s.get("as_expected") is False)
        return out

    def brief(self) -> list[dict]:
        """What the expected reports of examples/notes/ record: per chain its name, where,
        status, first wrong step and each step's place and status (not the named mistake: its
        search is bounded in time, so a loaded machine may find it or not)."""
        return [{"name": c["name"], "where": c["where"], "status": c["status"],
                 "first_wrong_step": c["first_wrong_step"],
                 "steps": [[s["where"], s["status"]] for s in c["steps"]]} for c in self.chains]

    def to_json(self) -> dict:
        return {"schema": SCHEMA, "kind": "notes", "file": self.file, "format": self.kind,
                "ok": self.ok, "chains": self.chains, "skipped": self.skipped,
                "summary": self.summary(), "seconds": self.seconds}


def _cx(cx: dict) -> str:
    vals = ", ".join(f"{k} = {v}" for k, v in cx.get("values", {}).items())
    sizes = ", ".join(f"{k} = {v}" for k, v in cx.get("sizes", {}).items())
    return f"at {sizes or 'any size'}: {vals} -> {cx.get('fails', '')}"


def _scope(s: dict) -> str:
    from .._interfaces.report import scope_cell

    try:
        cell = scope_cell(s) if s["status"] in ("verified", "verified at sizes", "refuted") else ""
        return "no sizes" if cell.strip() == "at" else cell
    except Exception:  # noqa: BLE001 - the scope cell is a courtesy of the table
        return ""


def _short(text: str, n: int = 44) -> str:
    return text if len(text) <= n else "…" + text[-(n - 1):]


def render(rep: NotesReport) -> str:
    """The located, human report: per chain a line, per step its place, relation, status
    and scope; then the counterexamples and what was not checked."""
    out = [f"{rep.file}: {len(rep.chains)} chains, {sum(1 for _ in rep.steps())} steps"]
    notes = []
    for c in rep.chains:
        mark = ""
        if c.get("as_expected") is not None:
            mark = " (as expected)" if c["as_expected"] else f" ! (expected {c['expect']})"
        head = f"{c['where']}: {c['name']}: {c['status']}"
        if c["first_wrong_step"]:
            head += f" at step {c['first_wrong_step']} ({c['first_wrong_where']})"
        out.append(head + mark)
        if c.get("reason"):
            out.append(f"  not checked: {c['reason']} at {c.get('at', c['where'])}: {c.get('fragment', '')}")
        for s in c["steps"]:
            label = f" [{s['label']}]" if s.get("label") else ""
            sc = _scope(s)
            exp = ""
            if "as_expected" in s:
                exp = " (as expected)" if s["as_expected"] else f" ! (expected {s['expect']})"
            out.append(f"  {s['where']}  step {s['step']}{label}: {s['status']}{exp}"
                       + (f"  [{sc}]" if sc else "")
                       + f"   {_short(s['lhs'])}  {s['relation']}  {_short(s['rhs'])}")
            if s.get("counterexample") and s["status"] == "refuted":
                notes.append(f"{s['where']}: step {s['step']} of {c['name']} is false: "
                             + _cx(s["counterexample"])
                             + (f"; the step holds with this undone: {s['mistake']}"
                                if s.get("mistake") else ""))
            if s["status"] == "not checked":
                notes.append(f"{s.get('at', s['where'])}: not checked: {s.get('reason', '')}"
                             + (f" — {s['fragment']!r}" if s.get("fragment") else ""))
    summ = rep.summary()
    out += ["", ", ".join(f"{k}={v}" for k, v in summ.items() if v), *notes]
    return "\n".join(out)
