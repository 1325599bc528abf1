"""`lindisc show ID`: one entry in full: statement, a verdict per derivation step, sources,
counterexample and diagnosis."""

from __future__ import annotations

import json
import sys

from ..cached import _keys, _selected, _store
from ..entries import _registry
from ..options import UsageError, common
from ..workers import _payload

HELP = ("one entry in full: statement, a verdict per derivation step, counterexample, "
            "diagnosis")
EXAMPLE = "lindisc show geometry.threshold_cosine"


def _show_text(d: dict) -> str:
    from ..prose import to_text  # the catalog's prose is Markdown with $...$ math
    from ..report import scope_cell

    lines = [f"{d['id']} — {to_text(d['title'])}", f"kind: {d['kind']}    status: {d['status']}",
             "sources: " + "; ".join(f"{s['document']} ({to_text(s['where'])})"
                                     for s in d["sources"])]
    lines += ["uses: " + ", ".join(d["uses"])] if d.get("uses") else []
    lines.append("")
    if d.get("caveat"):
        lines += ["caveat: " + to_text(d["caveat"], width=100), ""]
    if d.get("doc"):
        lines += [to_text(d["doc"], width=100), ""]
    if d.get("statement"):
        lines += ["exercise: " + to_text(d["statement"], width=100), ""]
    if d.get("printed"):
        lines += ["as the document prints it:  " + to_text(f"$${d['printed']}$$").strip(), ""]
    if d.get("error"):
        lines += ["error: " + d["error"], ""]
    if d.get("stated"):
        st = d["stated"]
        lines += ["as printed:  " + st["latex"], f"  verdict: {st['status']}"]
        if st["counterexample"]:
            cx = st["counterexample"]
            lines.append(f"  counterexample (sizes {cx.get('sizes', {})}):")
            for k, v in cx.get("values", {}).items():
                lines.append(f"    {k} = {v}")
            lines.append(f"    -> {cx.get('fails', '')}")
        if d.get("diagnosis"):
            lines.append("  diagnosis: " + to_text(d["diagnosis"]))
        lines.append("")
    main = [c for c in d["claims"] if not c["label"].startswith("derivation:")]
    steps = [c for c in d["claims"] if c["label"].startswith("derivation:")]
    heading = (("claims with the condition the document leaves out:" if d["kind"] == "caveat"
                else "corrected / verified claims:") if d.get("stated") else "claims:")
    for title, group in ((heading, main), ("derivation, step by step:", steps)):
        if not group:
            continue
        lines.append(title)
        for c in group:
            label = to_text(c['label'].replace('derivation: ', ''))  # Markdown with $...$ math
            lines.append(f"  [{c['status']}] {label}:  {c['latex']}")
            for m in c["methods"]:  # each method's answer and what it covers
                lines.append(f"      {m['name']}: {m['outcome']}" + (f" — {m['detail']}" if m.get("detail") else ""))
            if c["counterexample"]:
                lines.append(f"      counterexample: {c['counterexample']}")
        lines.append("")
    if d.get("notation"):
        lines.append("notation (holds by definition; shown, never counted as verified):")
        lines += [f"  {to_text(n['label'])}:  {n['latex']}  ({to_text(n['why'])})" for n in d["notation"]]
        lines.append("")
    if d.get("scope"):
        lines.append("scope: " + (scope_cell(d) or "none"))
    seeds = {m.get("scope", {}).get("seed") for m in d.get("methods", [])} - {None}
    if seeds:
        lines.append(f"seed: {min(seeds)} (the same draws again: lindisc show {d['id']} --seed {min(seeds)})")
    if d.get("numeric"):
        n = d["numeric"]
        lines.append(f"numeric agreement with numerics: {n['outcome']} ({to_text(n.get('detail', ''))})")
    return "\n".join(lines).rstrip()


def add_arguments(parser) -> None:
    """Options of `lindisc show`."""
    parser.add_argument("id")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    common(parser, jobs=False)


def run(ns) -> int:
    cache, index, ids = _selected(ns, [ns.id])
    if ids != [ns.id]:
        raise UsageError(f"{ns.id!r} is a topic, not an entry id; run 'lindisc list {ns.id}'.")
    key = _keys([ns.id], ns, index).get(ns.id) if cache is not None else None
    payload = cache.get(ns.id, key) if key is not None else None
    if payload is None:
        from ..._verdicts.engine import verify_entry

        entry = _registry()[ns.id]
        payload = _payload(verify_entry(entry, seed=ns.seed, budget=ns.budget), complete=True)
        if cache is not None and key is not None:
            _store(cache, {ns.id: key}, {ns.id: payload})
    d = {**payload["record"], **payload["extra"], "uses": list(_registry()[ns.id].uses)}
    if ns.format == "json":
        json.dump(d, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(_show_text(d))
    return 0 if payload["ok"] else 1
