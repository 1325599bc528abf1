"""The versioned JSON report and the human table, both from verification results.

The JSON shape is fixed by DESIGN.md ("The JSON report"); tools and CI depend on it, so
changing it means bumping :data:`SCHEMA`. ``lindisc show --format json`` adds the
per-claim detail (:func:`entry_detail`) that the summary report leaves out.

A verdict holds its claims and outcomes (:mod:`derivations._verdicts.engine`); their LaTeX is
rendered here, when a report is made, each claim under :data:`LATEX_BUDGET` (LaTeX is a
courtesy: a printer that fails or runs long gives an empty formula, never a verdict).
"""

from __future__ import annotations

import shutil

from .._budget import Timeout, time_limit
from .._verdicts.verdict import AT_SIZES, STATUSES, holds

__all__ = ["SCHEMA", "result_json", "entry_detail", "claim_json", "entry_latex", "latex_of",
           "summary", "render_table", "LATEX_BUDGET"]

#: Seconds the printer may spend on one claim's LaTeX.
LATEX_BUDGET = 5.0


def latex_of(claim) -> str:
    """``claim``'s LaTeX, or "" when there is no claim, the printer fails or it runs past
    :data:`LATEX_BUDGET`."""
    if claim is None:
        return ""
    # SymPy's printer, imported only to print: a warm `lindisc verify` answers from the cache
    # in 0.2 s and imports no SymPy (tests/derivations/verdicts/test_cache.py); SymPy alone
    # costs 0.2-0.7 s to import here (python -X importtime, varying with the machine's load).
    from .latex import claim_latex

    try:
        with time_limit(LATEX_BUDGET) as lim:
            return claim_latex(claim)
    except Timeout as t:
        if not lim.owns(t):
            raise
        return ""
    except Exception:  # noqa: BLE001 - LaTeX is a courtesy; never fails a report
        return ""


def entry_latex(r) -> tuple[str | None, str]:
    """(stated_latex, latex) of an entry's verdict: the document's form (errata) and the
    verified form (its claims, without the derivation steps when it has others)."""
    main = [c for c in r.claims if not c.label.startswith("derivation:")]
    verified = " \\\\ ".join(latex_of(c.claim) for c in (main or r.claims))
    return (latex_of(r.stated.claim) if r.stated else None), verified


def claim_json(c) -> dict:
    """One claim's verdict: label, status, LaTeX, each method's outcome, the counterexample."""
    return {"label": c.label, "status": c.status, "latex": latex_of(c.claim),
            "methods": [o.to_json() for o in c.methods],
            "counterexample": c.counterexample}

SCHEMA = 5  # 5: the typo kind (summary "typos"); 4: status "verified at sizes" (and its summary
#            count); 3: per-entry "caveat"

_SHORT = {"equal": "=", "different": "≠", "inconclusive": "?", "timeout": "T",
          "not applicable": "-", "error": "E"}
_ABBR = {"symbolic": "sym", "components": "comp", "exact random": "rand", "numeric": "num",
         "runs": "runs", "construction": "built"}


def result_json(r) -> dict:
    """One entry's record, exactly the keys of DESIGN.md."""
    e = r.entry
    stated_latex, latex = entry_latex(r)
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
    out["printed"] = r.entry.printed or None
    out["statement"] = r.entry.statement or None
    out["claims"] = [claim_json(c) for c in r.claims]
    out["stated"] = claim_json(r.stated) if r.stated else None
    out["numeric"] = r.numeric.to_json() if r.numeric else None
    out["notation"] = [{"label": n["label"], "latex": latex_of(n["claim"]), "why": n["why"]}
                       for n in r.notation]
    out["complete"] = r.complete
    return out


def summary(records: list[dict], seconds: float, cached: int = 0) -> dict:
    """Counts by status and kind, wall seconds, and how many verdicts came from the cache."""
    s = {k: 0 for k in STATUSES}
    for rec in records:
        s[rec["status"]] = s.get(rec["status"], 0) + 1
    # "verified" counts entries proved for every size (or whose sizes are all fixed),
    # "verified at sizes" those proved at some sizes and sampled beyond; of the "verified",
    # "verified_every_size" is how many a dimension-free proof or a size argument covers.
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
    if not holds(rec["status"]):
        return ""
    sc = rec.get("scope", {})
    if sc.get("every_size"):
        return "every size"
    parts = []
    if sc.get("proved_up_to"):
        parts.append(_sizes(sc["proved_up_to"], "≤"))
    elif sc.get("proved_sizes"):  # not a whole grid: the set itself
        parts.append("at " + "; ".join(_sizes(a, "=") for a in sc["proved_sizes"]))
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
    from .prose import to_text  # titles are Markdown with $...$ math: plain Unicode here

    width = shutil.get_terminal_size((140, 20)).columns
    rows = [("id", "title", "sources", "status", "scope", "methods", "s")]
    for rec, ok in zip(records, oks):
        srcs = ",".join(dict.fromkeys(s["document"] for s in rec["sources"]))
        status = rec["status"] + (f" ({rec['kind']})" if rec["kind"] in ("erratum", "typo", "caveat") else "")
        if not ok:
            status += " !"
        rows.append((rec["id"], to_text(rec["title"]), srcs, status, scope_cell(rec),
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
    lines.append("status: 'verified' = proved for every size (a dimension-free proof or a size "
                 f"argument) or at the claim's only sizes; '{AT_SIZES}' = proved at the sizes in "
                 "the scope, only sampled beyond them")
    lines.append("scope: 'every size' = a dimension-free proof or a size argument; 'd≤3, to d=8, "
                 "P≤1e-30' = proved at d ≤ 3, exact random points up to d = 8, P(a false rational "
                 "claim passes them) ≤ 1e-30 (stated only when the draws make it true and small); "
                 "'cx at d=4' = the counterexample's size")
    lines.append("summary: " + ", ".join(f"{k}={v}" for k, v in summ.items()))
    return "\n".join(lines)

