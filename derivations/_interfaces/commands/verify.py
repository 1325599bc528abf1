"""`lindisc verify [ID|TOPIC ...]`: verify catalog entries; a table or ``--format json``;
``--profile``: the ten slowest entries, seconds per method."""

from __future__ import annotations

import json
import sys
import time

from ..cached import _clear_cache, _selected, _verified
from ..options import common
from ..streams import _isatty
from ..tables import _render_table
from ..lifecycle import timeout_option

HELP = "verify catalog entries (all, or the given ids/topics): a table, or --format json"
EXAMPLE = "lindisc verify geometry fisher.projected_means --format json"


def add_arguments(parser) -> None:
    """Options of `lindisc verify`."""
    parser.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    parser.add_argument("--format", choices=("table", "json"), default="table")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--profile", action="store_true",
                        help="after the table, the ten slowest entries and the seconds per method")
    parser.add_argument("--clear-cache", action="store_true",
                        help="empty the verdict cache first (as 'lindisc cache clear')")
    common(parser)
    timeout_option(parser)


def run(ns) -> int:
    from ..report import SCHEMA, summary

    t0, start = time.perf_counter(), time.monotonic()
    if ns.clear_cache:
        print("lindisc: " + _clear_cache(), file=sys.stderr)
    cache, index, ids = _selected(ns, ns.ids)
    got, cached = _verified(ids, ns, "verify", cache=cache, index=index, start=start,
                            progress=_isatty(sys.stderr) and not ns.quiet)
    records = [got[i]["record"] for i in ids]
    oks = [got[i]["ok"] for i in ids]
    summ = summary(records, time.perf_counter() - t0, len(cached))
    if ns.format == "json":
        json.dump({"schema": SCHEMA, "results": records, "summary": summ}, sys.stdout, indent=1,
                  ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(_render_table(records, oks, summ))
    if ns.profile:  # after the table; beside JSON on stderr, so stdout stays one JSON object
        out = sys.stdout if ns.format == "table" else sys.stderr
        print("\n" + "\n".join(_profile(records, cached, summ["seconds"], ns.jobs)), file=out)
    return 0 if all(oks) else 1


#: Entries listed by ``verify --profile``.
PROFILE_TOP = 10


def _profile(records: list[dict], cached: set, wall: float, jobs: int,
             top: int = PROFILE_TOP) -> list[str]:
    """The ``top`` slowest entries with their seconds per method, and the totals per method.

    A method's seconds are summed over the entry's claims (the engine times each method on
    each claim); ``other`` is the rest of the entry's time: building its statement, the
    diagnosis of an erratum, LaTeX — the engine does not time those apart."""
    from ..report import _ABBR

    names: list[str] = []
    for rec in records:
        names += [m["name"] for m in rec["methods"] if m["name"] not in names]

    def split(rec) -> dict[str, float]:
        d = {n: 0.0 for n in names if any(m["name"] == n for m in rec["methods"])}
        for m in rec["methods"]:
            d[m["name"]] += m["seconds"]
        d["other"] = max(0.0, rec["seconds"] - sum(d.values()))
        return d

    cols = names + ["other"]
    head = ["id", "total"] + [_ABBR.get(n, n) for n in names] + ["other"]
    rows = []
    for rec in sorted(records, key=lambda r: -r["seconds"])[:top]:
        d = split(rec)
        rows.append([rec["id"] + (" *" if rec["id"] in cached else ""), f"{rec['seconds']:.2f}"]
                    + [f"{d[n]:.2f}" if n in d else "-" for n in cols])
    widths = [max(len(r[k]) for r in [head] + rows) for k in range(len(head))]

    def line(cells):
        return "  ".join(c.ljust(widths[0]) if k == 0 else c.rjust(widths[k])
                         for k, c in enumerate(cells)).rstrip()

    totals = {n: 0.0 for n in cols}
    for rec in records:
        for n, v in split(rec).items():
            totals[n] += v
    work = sum(r["seconds"] for r in records)
    title = (f"profile: the {len(rows)} slowest of {len(records)} entries, seconds of work per "
             f"method (summed over the entry's claims; other = building the statement, "
             f"diagnosing an erratum, LaTeX)")
    out = [title, line(head), "  ".join("-" * w for w in widths)]
    out += [line(r) for r in rows]
    out.append(f"all {len(records)} entries: {work:.1f} s of work = "
               + " + ".join(f"{_ABBR.get(n, n)} {totals[n]:.1f}" for n in cols)
               + f"; {wall:.1f} s wall clock with --jobs {jobs}, {len(cached)} from the cache")
    if cached & {r[0].removesuffix(" *") for r in rows}:
        out.append("* from the cache: the seconds of the run that stored the verdict")
    return out
