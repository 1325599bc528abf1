"""`lindisc check FILE`: verify your own claims, derivations and exercise answers.

The claims file (TOML, format 1) is described in :mod:`derivations._userclaims` and
examples/claims/README.md. Every claim and derivation step gets the catalog's methods and
scope (:func:`derivations.verify`); a derivation's report names its first wrong step.
Exit codes: 0 every claim, step and answer holds; 1 some does not (refuted, undecided,
error, an incorrect answer); 2 malformed input, with file:line:column in the message.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from ..cached import _selected, _verified
from ..options import UsageError, _budget, _seed
from ..tables import _layout, _terminal_width

HELP = "verify your own claims and derivations from a claims file (TOML)"
EXAMPLE = "lindisc check examples/claims/geometry.toml"


def add_arguments(parser) -> None:
    """Options of `lindisc check`."""
    parser.add_argument("file", metavar="FILE", help="a claims file (TOML, format = 1; - for "
                        "standard input), or notes: .tex, .md, .ipynb (derivations/_notes)")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.add_argument("--strict", action="store_true",
                        help="notes: a step not checked fails the run (exit 1)")
    parser.add_argument("--annotate", metavar="OUT.tex",
                        help="notes (.tex): write a copy with a mark per checked step")
    verification_options(parser, "the exercises of [[answer]] items")
    from ..lifecycle import timeout_option

    timeout_option(parser)


def verification_options(parser, exercises: str) -> None:
    """--seed, --budget and --no-cache, shared with `lindisc answer`."""
    parser.add_argument("--seed", type=_seed, default=0,
                        help="seed for the random methods, a whole number >= 0 (default 0)")
    parser.add_argument("--budget", type=_budget, default=20.0, metavar="SECONDS",
                        help="seconds each method may spend on one claim (default 20)")
    parser.add_argument("--no-cache", action="store_true",
                        help=f"verify {exercises} again, not from the verdict cache")
    parser.set_defaults(jobs=1)  # an exercise is verified in one worker


def entry_ok(ns):
    """``(eid, seed, budget) -> (ok, status)`` for an exercise entry: its verdict from the
    verdict cache, or verified now (and stored), as ``lindisc verify`` does."""
    def ok(eid, seed, budget):
        cache, index, ids = _selected(ns, [eid])
        got, _ = _verified(ids, ns, "answer", cache=cache, index=index, start=time.monotonic(),
                           progress=False)
        return got[eid]["ok"], got[eid]["record"]["status"]

    return ok


def _row(rec: dict, name: str) -> list[str]:
    from ..report import _methods_cell, scope_cell

    status = rec["status"]
    if rec.get("as_expected") is False:
        status += f" ! (expected {rec['expect']})"
    scope = scope_cell(rec) if rec["status"] in ("verified", "verified at sizes", "refuted") else ""
    return [name, status, scope, _methods_cell(rec.get("methods", [])), rec.get("text", "")]


def error_reason(rec: dict) -> str:
    """Why an item's verdict is ``error``: its own detail, else its methods' (distinct)."""
    if rec.get("detail"):
        return str(rec["detail"])
    reasons = [m.get("detail", "") for m in rec.get("methods", [])
               if m.get("outcome") == "error" and m.get("detail")]
    for s in rec.get("steps", []):
        if s.get("status") == "error":
            reasons.append(f"step {s.get('step')}: {error_reason(s)}")
    return "; ".join(dict.fromkeys(reasons)) or "no reason recorded"


def render(report) -> str:
    """The table of a :class:`~derivations._userclaims.checking.CheckReport`, then what
    does not hold: counterexamples, first wrong steps, feedback on answers."""
    rows = [["item", "status", "scope", "methods", "claim"]]
    notes = []
    for rec in report.records:
        if rec["kind"] == "derivation":
            rows.append([rec["name"], rec["status"] + (f" at step {rec['first_wrong_step']}"
                                                       if rec["first_wrong_step"] else ""),
                         "", "", rec["detail"]])
            rows += [_row(s, f"  step {s['step']}") for s in rec["steps"]]
        elif rec["kind"] == "answer":
            rows.append([rec.get("name") or rec["exercise"], rec["status"], rec["equivalence"], "",
                         f"{rec['quantity']} = {rec['answer']}"])
        else:
            rows.append(_row(rec, rec["name"]))
        cx = rec.get("counterexample")
        if cx and rec["status"] == "refuted" or (cx and rec["kind"] == "derivation"):
            vals = ", ".join(f"{k} = {v}" for k, v in cx.get("values", {}).items())
            where = f"step {rec['first_wrong_step']} of " if rec["kind"] == "derivation" else ""
            notes.append(f"{where}{rec['name']}: counterexample at sizes {cx.get('sizes', {})}: "
                         f"{vals} -> {cx.get('fails', '')}")
        elif rec["kind"] == "answer" and rec["status"] != "correct":
            notes.append(f"{rec.get('name') or rec['exercise']}: {rec.get('detail', '')}"
                         + (f"; typical mistake: {rec['mistake']}" if rec.get("mistake") else ""))
        elif rec["status"] == "trivial":
            notes.append(f"{rec['name']}: {rec['detail']}")
        elif rec["status"] == "error":  # the reason, not only in --format json
            notes.append(f"{rec['name']}: error: {error_reason(rec)}")
    lines = _layout(rows, _terminal_width(), [4])
    summ = report.summary()
    lines += ["", ", ".join(f"{k}={v}" for k, v in summ.items() if v or k in ("verified",)),
              *notes]
    return "\n".join(lines).rstrip()


def run(ns) -> int:
    from ..._notes import is_notes_file
    from ..._userclaims.checking import check_file
    from ..._userclaims.errors import ClaimsError
    from ..safe_io import shown_path

    if is_notes_file(ns.file):
        from ..._notes.checking import check_notes
        from ..._notes.report import render as render_notes

        try:
            notes = check_notes(ns.file, seed=ns.seed, budget=ns.budget)
        except ClaimsError as exc:
            raise UsageError(str(exc)) from None
        notes.strict = ns.strict
        if ns.annotate:
            from ..._notes.annotate import annotate

            try:
                annotate(notes, ns.file, ns.annotate)
            except ClaimsError as exc:
                raise UsageError(str(exc)) from None
        return _emit(notes, ns.format, render_notes)
    try:
        report = check_file(Path(ns.file), name=shown_path(ns.file), seed=ns.seed,
                            budget=ns.budget, entry_ok=entry_ok(ns))
    except ClaimsError as exc:
        raise UsageError(str(exc)) from None
    return _emit(report, ns.format, render)


def _emit(report, fmt: str, render_table) -> int:
    """Print a claims file's or a notes file's report (JSON, or its table); its exit code."""
    if fmt == "json":
        json.dump(report.to_json(), sys.stdout, indent=1, ensure_ascii=False, default=str)
        sys.stdout.write("\n")
    else:
        print(render_table(report))
    return report.exit_code
