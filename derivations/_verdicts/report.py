"""The versioned JSON report and the human table, both from verification results.

The JSON shape is fixed by DESIGN.md ("The JSON report"); tools and CI depend on it, so
changing it means bumping :data:`SCHEMA`. ``lindisc show --format json`` adds the
per-claim detail (:func:`entry_detail`) that the summary report leaves out.
"""

from __future__ import annotations

import shutil

from .verdict import STATUSES

__all__ = ["SCHEMA", "result_json", "entry_detail", "summary", "render_table"]

SCHEMA = 4  # 3: per-entry "caveat" and summary "caveats" (the caveat kind); 4: summary "typos"

_SHORT = {"equal": "=", "different": "≠", "inconclusive": "?", "timeout": "T",
          "not applicable": "-", "error": "E"}
_ABBR = {"symbolic": "sym", "components": "comp", "exact random": "rand", "numeric": "num",
         "runs": "runs", "construction": "built"}


def result_json(r) -> dict:
    """One entry's record, exactly the keys of DESIGN.md."""
    e = r.entry
    stated_latex, latex = r.latex()
    return {
        "id": e.id, "title": e.title, "topic": e.topic, "kind": e.kind,
        "sources": [{"document": s.document, "where": s.where} for s in e.sources],
        "status": r.status,
        "methods": [o.to_json() for o in r.methods],
        "counterexample": r.counterexample,
        "diagnosis": r.diagnosis,
        "caveat": e.caveat or None,
        "stated_latex": stated_latex,
        "latex": latex,
        "scope": r.scope(),
        "seconds": round(r.seconds, 3),
        **({"error": r.error} if r.error else {}),
    }


def entry_detail(r) -> dict:
    """The full record for ``lindisc show``: every claim and step with its own verdict."""
    out = result_json(r)
    out["doc"] = r.entry.doc
    out["claims"] = [c.to_json() for c in r.claims]
    out["stated"] = r.stated.to_json() if r.stated else None
    out["numeric"] = r.numeric.to_json() if r.numeric else None
    out["notation"] = r.notation
    out["complete"] = r.complete
    return out


def summary(records: list[dict], seconds: float, cached: int = 0) -> dict:
    """Counts by status and kind, wall seconds, and how many verdicts came from the cache."""
    s = {k: 0 for k in STATUSES}
    for rec in records:
        s[rec["status"]] = s.get(rec["status"], 0) + 1
    s["verified_every_size"] = sum(1 for rec in records if rec["status"] == "verified"
                                   and rec.get("scope", {}).get("every_size"))
    s["errata"] = sum(1 for rec in records if rec["kind"] == "erratum")
    s["caveats"] = sum(1 for rec in records if rec["kind"] == "caveat")
    s["typos"] = sum(1 for rec in records if rec["kind"] == "typo")
    s["seconds"] = round(seconds, 2)
    s["cached"] = cached
    return s


def _sizes(d: dict, op: str) -> str:
    return ",".join(f"{k}{op}{v}" for k, v in d.items())


def scope_cell(rec: dict) -> str:
    """What the verdict covers, in a few characters: 'every size'; 'd≤3, to d=8, P≤1e-30'
    (proved at the listed sizes, exact random points up to the second, with its bound); or
    the size of the counterexample of a refutation."""
    if rec["status"] == "refuted":
        cx = rec.get("counterexample") or {}
        if "sizes" in cx:
            return "cx at " + (_sizes(cx["sizes"], "=") or "fixed sizes")
        return f"cx: run seed {cx['seed']}" if "seed" in cx else "cx"
    if rec["status"] != "verified":
        return ""
    sc = rec.get("scope", {})
    if sc.get("every_size"):
        return "every size"
    parts = []
    if sc.get("proved_up_to"):
        parts.append(_sizes(sc["proved_up_to"], "≤"))
    if sc.get("sampled_up_to"):
        parts.append("to " + _sizes(sc["sampled_up_to"], "="))
    if sc.get("bound") is not None:
        parts.append(f"P≤{sc['bound']:.0e}")
    if sc.get("runs"):
        parts.append(f"{sc['runs']} run claim(s)")
    return ", ".join(parts) or "fixed sizes"


def _methods_cell(methods: list[dict]) -> str:
    return " ".join(f"{_ABBR.get(m['name'], m['name'])}{_SHORT.get(m['outcome'], '?')}" for m in methods)


def render_table(records: list[dict], oks: list[bool], summ: dict) -> str:
    """The human table; ``oks[i]`` says whether record i has the verdict its kind expects."""
    width = shutil.get_terminal_size((140, 20)).columns
    rows = [("id", "title", "sources", "status", "scope", "methods", "s")]
    for rec, ok in zip(records, oks):
        srcs = ",".join(dict.fromkeys(s["document"] for s in rec["sources"]))
        status = rec["status"] + (f" ({rec['kind']})" if rec["kind"] in ("erratum", "typo", "caveat") else "")
        if not ok:
            status += " !"
        rows.append((rec["id"], rec["title"], srcs, status, scope_cell(rec),
                     _methods_cell(rec["methods"]), f"{rec['seconds']:.2f}"))
    fixed = [max(len(r[i]) for r in rows) for i in range(7)]
    budget_title = max(20, width - sum(fixed) + fixed[1] - 12)
    fixed[1] = min(fixed[1], budget_title)

    def cut(s, n):
        return s if len(s) <= n else s[: n - 1] + "…"

    lines = []
    for i, r in enumerate(rows):
        cells = [cut(c, fixed[j]).ljust(fixed[j]) for j, c in enumerate(r)]
        lines.append("  ".join(cells).rstrip())
        if i == 0:
            lines.append("  ".join("-" * f for f in fixed))
    lines.append("")
    lines.append("methods: sym=symbolic comp=components rand=exact random num=numeric; "
                 "'=' equal, '≠' different, '?' inconclusive, 'T' timeout, '-' not applicable; "
                 "'!' marks a verdict other than expected for the entry's kind")
    lines.append("scope: 'every size' = a dimension-free proof or a size argument; 'd≤3, to d=8, "
                 "P≤1e-30' = proved at d ≤ 3, exact random points up to d = 8, P(a false rational "
                 "claim passes them) ≤ 1e-30; 'cx at d=4' = the counterexample's size")
    lines.append("summary: " + ", ".join(f"{k}={v}" for k, v in summ.items()))
    return "\n".join(lines)

