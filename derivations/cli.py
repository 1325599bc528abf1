"""The ``lindisc`` command line.

==========================================  ================================================
command                                     what it does
==========================================  ================================================
``lindisc verify [ID|TOPIC ...]``           verify catalog entries; table or ``--format json``
``lindisc list [TOPIC]``                    list entries (id, kind, title, sources)
``lindisc show ID``                         statement, derivation with a verdict per step,
                                            sources, counterexample and diagnosis
``lindisc latex [ID|TOPIC ...]``            LaTeX of the verified forms (and printed forms
                                            of errata)
``lindisc selftest [--format json]``        the mutation suite: does the engine refute
                                            every non-equivalent mutant of a true claim?
``lindisc distance --coef W --intercept B   your points against your hyperplane: g(x),
--points X``                                signed distance r = g(x)/‖w‖, projection x_⊥
==========================================  ================================================

Exit codes: 0 when every result, exercise and algorithm entry is verified and every
erratum refuted (its corrected form verified); 1 otherwise; 2 on a usage error.
"""

from __future__ import annotations

import argparse
import difflib
import json
import multiprocessing as mp
import multiprocessing.connection
import os
import sys
import time

from numerics.errors import InvalidInput

__all__ = ["main", "UsageError"]


class UsageError(InvalidInput):
    """Bad command-line input; the message names the fix. Exit code 2."""


def _registry():
    from .catalog import REGISTRY

    return REGISTRY


def select(names: list[str]) -> list[str]:
    """Entry ids for the given ids/topics (all if none), in catalog order."""
    reg = _registry()
    if not names:
        return list(reg)
    topics = {e.topic for e in reg.values()}
    chosen: list[str] = []
    for n in names:
        if n in reg:
            hits = [n]
        elif n in topics:
            hits = [i for i, e in reg.items() if e.topic == n]
        else:
            close = difflib.get_close_matches(n, list(reg) + sorted(topics), n=3, cutoff=0.5)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise UsageError(f"unknown entry id or topic {n!r}.{hint} "
                             f"Run 'lindisc list' to see the {len(reg)} entries.")
        chosen.extend(h for h in hits if h not in chosen)
    return chosen


# -- verification in worker processes ---------------------------------------------------

def _verify_one(args):
    from .engine import verify_entry
    from .report import result_json

    eid, seed, budget = args
    try:
        r = verify_entry(_registry()[eid], seed=seed, budget=budget)
    except Exception as exc:  # noqa: BLE001 - one broken entry must not stop the run
        from .engine import EntryResult

        r = EntryResult(_registry()[eid], "error", error=f"{type(exc).__name__}: {exc}")
    return eid, result_json(r), r.ok


def _verify_fallback(item, reason):
    from .engine import EntryResult
    from .report import result_json

    eid = item[0]
    return eid, result_json(EntryResult(_registry()[eid], "error", error=reason)), False


def _selftest_fallback(item, reason):
    from .selftest import empty_counts

    out = empty_counts()
    out["incomplete"].append({"id": item[0], "reason": reason})
    return item[0], out


def _selftest_one(args):
    from .selftest import selftest_entry

    eid, seed = args
    return eid, selftest_entry(_registry()[eid], seed=seed)


#: Hard wall-clock limit per entry, enforced by killing its worker process. The engine's
#: own budgets (SIGALRM) interrupt Python code; this also stops C-level work (a huge
#: big-integer product) that a signal cannot interrupt.
HARD_LIMIT = 300.0


def _worker(fn, item, conn):
    try:
        conn.send(("ok", fn(item)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, never lost
        conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def _pool_map(fn, items, jobs: int, progress: bool, label: str, *, fallback=None,
              hard_limit: float = HARD_LIMIT):
    """Run ``fn`` on each item in its own forked process, at most ``jobs`` at a time,
    yielding results as they finish. An item whose process outlives ``hard_limit`` seconds
    or dies is killed and replaced by ``fallback(item, reason)``. Each item runs in its
    process's main thread, so the engine's SIGALRM budgets apply inside it."""
    ctx = mp.get_context("fork")
    pending = list(items)
    running: dict = {}  # conn -> (process, item, deadline)
    n, done = len(pending), 0
    try:
        while pending or running:
            while pending and len(running) < max(1, jobs):
                item = pending.pop(0)
                recv, send = ctx.Pipe(duplex=False)
                proc = ctx.Process(target=_worker, args=(fn, item, send), daemon=True)
                proc.start()
                send.close()
                running[recv] = (proc, item, time.monotonic() + hard_limit)
            ready = mp.connection.wait(list(running), timeout=0.5)
            now = time.monotonic()
            finished = []
            for conn in ready:
                proc, item, _ = running[conn]
                try:
                    status, value = conn.recv()
                except EOFError:
                    status, value = "error", f"worker died (exit code {proc.exitcode})"
                finished.append((conn, item, status, value))
            for conn, (proc, item, deadline) in list(running.items()):
                if conn not in ready and now > deadline:
                    finished.append((conn, item, "error", f"killed after the hard limit of {hard_limit:g} s"))
            for conn, item, status, value in finished:
                proc = running.pop(conn)[0]
                conn.close()
                if proc.is_alive():
                    proc.kill()
                proc.join(1)
                if status != "ok":
                    if fallback is None:
                        raise RuntimeError(f"{label} {item!r}: {value}")
                    value = fallback(item, value)
                done += 1
                if progress:
                    bar = "#" * int(30 * done / n)
                    sys.stderr.write(f"\r{label} [{bar:<30}] {done}/{n} {str(value[0])[:40]:<40}")
                    sys.stderr.flush()
                yield value
    finally:
        for conn, (proc, _item, _d) in running.items():
            proc.kill()
        if progress:
            sys.stderr.write("\r" + " " * 90 + "\r")
            sys.stderr.flush()


def _default_jobs() -> int:
    return max(1, min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                      else (os.cpu_count() or 1), 8))


def cmd_verify(ns) -> int:
    from .report import SCHEMA, render_table, summary

    ids = select(ns.ids)
    t0 = time.perf_counter()
    progress = sys.stderr.isatty() and not ns.quiet
    got = {eid: (rec, ok) for eid, rec, ok in
           _pool_map(_verify_one, [(i, ns.seed, ns.budget) for i in ids], ns.jobs, progress, "verify",
                     fallback=_verify_fallback)}
    records = [got[i][0] for i in ids]
    oks = [got[i][1] for i in ids]
    summ = summary(records, time.perf_counter() - t0)
    if ns.format == "json":
        json.dump({"schema": SCHEMA, "results": records, "summary": summ}, sys.stdout, indent=1,
                  ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(render_table(records, oks, summ))
    return 0 if all(oks) else 1


def cmd_list(ns) -> int:
    reg = _registry()
    ids = select([ns.topic] if ns.topic else [])
    for i in ids:
        e = reg[i]
        srcs = "; ".join(f"{s.document} {s.where}" for s in e.sources)
        print(f"{e.id:<40} {e.kind:<9} {e.title}  [{srcs}]")
    print(f"{len(ids)} entries")
    return 0


def _show_text(d: dict) -> str:
    lines = [f"{d['id']} — {d['title']}", f"kind: {d['kind']}    status: {d['status']}",
             "sources: " + "; ".join(f"{s['document']} ({s['where']})" for s in d["sources"]), ""]
    if d.get("doc"):
        lines += [d["doc"], ""]
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
            lines.append("  diagnosis: " + d["diagnosis"])
        lines.append("")
    main = [c for c in d["claims"] if not c["label"].startswith("derivation:")]
    steps = [c for c in d["claims"] if c["label"].startswith("derivation:")]
    heading = "corrected / verified claims:" if d.get("stated") else "claims:"
    for title, group in ((heading, main), ("derivation, step by step:", steps)):
        if not group:
            continue
        lines.append(title)
        for c in group:
            meth = ", ".join(f"{m['name']} {m['outcome']}" for m in c["methods"])
            lines.append(f"  [{c['status']}] {c['label'].replace('derivation: ', '')}:  {c['latex']}")
            lines.append(f"      {meth}")
            if c["counterexample"]:
                lines.append(f"      counterexample: {c['counterexample']}")
        lines.append("")
    if d.get("numeric"):
        n = d["numeric"]
        lines.append(f"numeric agreement with numerics: {n['outcome']} ({n.get('detail', '')})")
    return "\n".join(lines).rstrip()


def cmd_show(ns) -> int:
    from .engine import verify_entry
    from .report import entry_detail

    reg = _registry()
    if ns.id not in reg:
        select([ns.id])  # raises with suggestions (a topic is not an id)
        raise UsageError(f"{ns.id!r} is a topic, not an entry id; run 'lindisc list {ns.id}'.")
    r = verify_entry(reg[ns.id], seed=ns.seed, budget=ns.budget)
    d = entry_detail(r)
    if ns.format == "json":
        json.dump(d, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print(_show_text(d))
    return 0 if r.ok else 1


def cmd_latex(ns) -> int:
    ids = select(ns.ids)
    progress = sys.stderr.isatty()
    got = {eid: rec for eid, rec, _ in
           _pool_map(_verify_one, [(i, ns.seed, ns.budget) for i in ids], ns.jobs, progress, "latex",
                     fallback=_verify_fallback)}
    for i in ids:
        rec = got[i]
        print(f"% {rec['id']} ({rec['status']}): {rec['title']}")
        if rec["stated_latex"]:
            print(f"% as printed (refuted): {rec['stated_latex']}")
        if rec["status"] == "verified" or rec["kind"] == "erratum":
            print(r"\begin{gather*}" + rec["latex"] + r"\end{gather*}")
        else:
            print(f"% not verified ({rec['status']}); no LaTeX emitted")
        print()
    return 0


def cmd_selftest(ns) -> int:
    from .selftest import merge

    ids = select(ns.ids)
    progress = sys.stderr.isatty() and ns.format != "json"
    parts = [p for _, p in _pool_map(_selftest_one, [(i, ns.seed) for i in ids], ns.jobs,
                                     progress, "selftest", fallback=_selftest_fallback)]
    rep = merge(parts)
    if ns.format == "json":
        json.dump(rep, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(f"claims mutated: {rep['claims']}  mutants: {rep['mutants']}  "
              f"equivalent: {rep['equivalent']}  killed: {rep['killed']}  "
              f"survivors: {len(rep['survivors'])}  false refutations: {rep['false_refutations']}  "
              f"(ill-typed mutants set aside: {rep['ill_typed']})")
        print(f"killed / non-equivalent = {rep['killed_ratio']:.2%} (target >= 98%)")
        for inc in rep["incomplete"]:
            print(f"  incomplete: {inc['id']}: {inc['reason']}")
        for s in rep["survivors"]:
            print(f"  survivor: {s['id']} [{s['claim']}] {s['mutation']}")
    ok = rep["killed_ratio"] >= 0.98 and rep["false_refutations"] == 0 and not rep["incomplete"]
    return 0 if ok else 1


def _floats(text: str, name: str) -> list[float]:
    try:
        return [float(v) for v in text.replace(" ", "").split(",") if v != ""]
    except ValueError:
        raise UsageError(f"{name} must be comma-separated numbers like '1,-2.5,3', got {text!r}") from None


def cmd_distance(ns) -> int:
    import numpy as np

    import numerics.geometry as ng
    from numerics.errors import LindiscError

    coef = _floats(ns.coef, "--coef")
    rows = [r for r in ns.points.split(";") if r.strip()]
    if not rows:
        raise UsageError("--points needs at least one point, e.g. --points '0,1;2,3'")
    pts = [_floats(r, "--points") for r in rows]
    if len({len(p) for p in pts}) > 1:
        raise UsageError(f"every point needs the same number of coordinates; got lengths "
                         f"{[len(p) for p in pts]} in --points {ns.points!r}")
    try:
        intercept = float(ns.intercept)
    except ValueError:
        raise UsageError(f"--intercept must be a number, got {ns.intercept!r}") from None
    try:
        X = np.array(pts, dtype=float)
        g = ng.decision_function(X, coef=coef, intercept=intercept)
        r = ng.signed_distance(X, coef=coef, intercept=intercept)
        xp = ng.project_onto_hyperplane(X, coef=coef, intercept=intercept)
        o = ng.origin_distance(coef=coef, intercept=intercept)
    except (LindiscError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    print(f"hyperplane w^T x + b = 0 with w = {coef}, b = {intercept:g}; "
          f"signed distance of the plane from the origin: {o:.6g}")
    print(f"{'point':<28} {'g(x)':>12} {'r = g/||w||':>12}  side  projection x_perp")
    for p, gi, ri, q in zip(pts, g, r, xp):
        side = "R+" if gi >= 0 else "R-"
        print(f"{str(p):<28} {gi:>12.6g} {ri:>12.6g}  {side:<4}  {np.round(q, 6).tolist()}")
    return 0


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="lindisc", description=(
        "Verify the theory of linear discriminant classifiers: every result, derivation step, "
        "erratum, exercise and algorithm claim of the catalog, by independent methods."))
    sub = p.add_subparsers(dest="cmd", required=True)

    def common(sp_, jobs=True):
        sp_.add_argument("--seed", type=int, default=0, help="seed for the random methods (default 0)")
        sp_.add_argument("--budget", type=float, default=20.0,
                         help="seconds each method may spend on one claim (default 20)")
        if jobs:
            sp_.add_argument("--jobs", type=int, default=_default_jobs(),
                             help="worker processes (default: the number of cores)")

    v = sub.add_parser("verify", help="verify catalog entries (all, or the given ids/topics)")
    v.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    v.add_argument("--format", choices=("table", "json"), default="table")
    v.add_argument("--quiet", action="store_true", help="no progress bar")
    common(v)
    v.set_defaults(fn=cmd_verify)

    li = sub.add_parser("list", help="list catalog entries")
    li.add_argument("topic", nargs="?")
    li.set_defaults(fn=cmd_list)

    sh = sub.add_parser("show", help="one entry in full, with a verdict per derivation step")
    sh.add_argument("id")
    sh.add_argument("--format", choices=("text", "json"), default="text")
    common(sh, jobs=False)
    sh.set_defaults(fn=cmd_show)

    la = sub.add_parser("latex", help="LaTeX of verified formulas")
    la.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    common(la)
    la.set_defaults(fn=cmd_latex)

    st = sub.add_parser("selftest", help="mutation suite over the verified claims")
    st.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    st.add_argument("--format", choices=("table", "json"), default="table")
    st.add_argument("--seed", type=int, default=0)
    st.add_argument("--jobs", type=int, default=_default_jobs())
    st.set_defaults(fn=cmd_selftest)

    di = sub.add_parser("distance", help="signed distances of your points to your hyperplane")
    di.add_argument("--coef", required=True, help="normal vector w, comma-separated: '1,2'")
    di.add_argument("--intercept", default="0", help="bias b (default 0)")
    di.add_argument("--points", required=True, help="points separated by ';': '0,0;1,2'")
    di.set_defaults(fn=cmd_distance)
    return p


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    try:
        ns = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
        return int(exc.code or 0)
    try:
        if getattr(ns, "jobs", 1) < 1:
            raise UsageError(f"--jobs must be >= 1, got --jobs={ns.jobs}")
        if getattr(ns, "budget", 1.0) <= 0:
            raise UsageError(f"--budget must be > 0 seconds, got --budget={ns.budget}")
        return ns.fn(ns)
    except UsageError as exc:
        print(f"lindisc: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
