"""The ``lindisc`` command line.

==========================================  ================================================
command                                     what it does
==========================================  ================================================
``lindisc verify [ID|TOPIC ...]``           verify catalog entries; table or ``--format json``;
                                            ``--profile``: the ten slowest entries, seconds
                                            per method; ``--no-cache``, ``--clear-cache``
``lindisc list [TOPIC]``                    list entries (id, kind, title, sources)
``lindisc show ID``                         statement, derivation with a verdict per step,
                                            sources, counterexample and diagnosis
``lindisc latex [ID|TOPIC ...]``            LaTeX of the verified forms (and printed forms
                                            of errata)
``lindisc selftest [--format json]``        the mutation suite: does the engine refute
                                            every non-equivalent mutant of a true claim?
                                            ``--families full|quick|none``: claims false
                                            from a known size, refuted there or undecided
``lindisc cache [info|clear]``              the verdict cache (``_verdicts/cache.py``): where
                                            it is, what it holds; ``clear`` empties it
``lindisc distance --coef W --intercept B   your points against your hyperplane: g(x),
--points X``                                signed distance r = g(x)/‖w‖, projection x_⊥
==========================================  ================================================

Exit codes: 0 when every result, exercise and algorithm entry is verified (or verified at
sizes: proved at some sizes, sampled beyond — the table says which) and every erratum
refuted (its corrected form verified); 1 otherwise; 2 on a usage error (a one-line
message that names the fix; also output to a full disk); 124 when ``--timeout`` stopped
``check`` or ``verify``; 130 on Ctrl-C ("interrupted", no traceback), 143 on SIGTERM and
129 on SIGHUP (the workers killed: :mod:`.lifecycle`); 141 when the reader of stdout went
away (``lindisc list | head``), silently.

Tables follow the terminal's width when stdout is a terminal (cells wrap within their
columns, or each row becomes a short line and an indented paragraph) and are plain, never
cut, when it is not. On a terminal that cannot show the output's symbols (``LC_ALL=C``,
``PYTHONIOENCODING=ascii``) they are spelled in ASCII: ≤ → <=, ‖w‖ → ||w||, θ → theta.
A run longer than two seconds shows a progress bar on stderr when stderr is a terminal.

``verify``, ``show`` and ``latex`` answer from the verdict cache what nothing has changed
since (``cached=N`` in the summary); the rest is verified in the worker pool and stored.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import json
import math
import multiprocessing as mp
import multiprocessing.connection
import os
import random
import re
import shutil
import signal
import sys
import time
from pathlib import Path


def _interrupted_while_starting(signum, frame):  # noqa: ARG001 - a signal handler's signature
    os.write(2, b"lindisc: interrupted\n")
    os._exit(130)


# Ctrl-C before main() runs (the imports below take a while on a busy machine) is the same one
# line and exit 130 as later, not an import traceback. Only when this process *is* lindisc:
# importing the module elsewhere (tests, a notebook) leaves the host's handler alone.
if __name__ == "__main__" or os.path.basename(sys.argv[0] if sys.argv else "") == "lindisc":
    signal.signal(signal.SIGINT, _interrupted_while_starting)

from numerics.errors import InvalidInput  # noqa: E402 - after the startup Ctrl-C handler

from . import lifecycle, safe_io  # noqa: E402

__all__ = ["main", "UsageError"]


class UsageError(InvalidInput):
    """Bad command-line input; the message names the fix. Exit code 2."""


def _registry():
    from ..catalog import REGISTRY

    return REGISTRY


def select(names: list[str], ids: list[str] | None = None) -> list[str]:
    """Entry ids for the given ids/topics (all if none), in catalog order; ``ids`` is the
    catalog's (the registry's by default)."""
    reg = list(_registry()) if ids is None else ids
    if not names:
        return list(reg)
    topic = {i: i.split(".", 1)[0] for i in reg}  # as Entry.topic
    topics = set(topic.values())
    chosen: list[str] = []
    for n in names:
        if n in topic:
            hits = [n]
        elif n in topics:
            hits = [i for i in reg if topic[i] == n]
        else:
            close = difflib.get_close_matches(n, list(reg) + sorted(topics), n=3, cutoff=0.5)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise UsageError(f"unknown entry id or topic {n!r}.{hint} "
                             f"Run 'lindisc list' to see the {len(reg)} entries.")
        chosen.extend(h for h in hits if h not in chosen)
    return chosen


# -- verification in worker processes ---------------------------------------------------

#: What the workers import lazily, imported once in the parent before it forks them (a fork
#: inherits it, and the workers share its pages; each importing it would pay ~1.3 s). The
#: engine's modules, SymPy's that its routes import on first use, and the numerics the checks
#: run.
_PRELOAD = (
    "derivations._verdicts.engine", "derivations._verdicts.report", "derivations._verdicts.diagnosis",
    "derivations._methods.components", "derivations._methods.exact_random",
    "derivations._methods.numeric", "derivations._methods.runs", "derivations._methods.symbolic",
    "derivations._decide.feasibility", "derivations._decide.inequality", "derivations._decide.linear",
    "derivations._decide.piecewise", "derivations._decide.stationary", "derivations._symbols.forward",
    "sympy.combinatorics", "sympy.tensor.tensor", "sympy.sets.setexpr",
    "numerics.descent", "numerics.dual_perceptron", "numerics.ho_kashyap", "numerics.perceptron",
    "numerics.relaxation", "numerics.svm",
)


def _preload(many: bool = False) -> None:
    """Import :data:`_PRELOAD` (and the catalog) in the parent, before the workers fork.

    ``many``: more than one entry to verify — then the perceptron's compiled loop is loaded
    here too (Numba's import and its on-disk cache, 0.34 s; a compilation, 0.7 s, on a
    fresh install), not once in each of the half-dozen workers whose runs call it."""
    import gc
    import importlib

    import sympy

    _registry()
    for name in _PRELOAD:
        importlib.import_module(name)
    sympy.lambdify([], 0, modules="numpy")  # its printers and code generation import lazily
    if many:
        import numpy as np

        from numerics.perceptron import single_sample_perceptron

        single_sample_perceptron(np.ones((1, 1)))  # (the default engine: Numba where installed)
    # Everything imported so far lives as long as the workers: out of the garbage collector's
    # sight (gc.freeze), so a worker's full collections neither walk the parent's ~170,000
    # objects (70 ms each) nor write to their pages (copy-on-write faults: 37 ms of system
    # time each).
    gc.collect()
    gc.freeze()


def _verify_one(args):
    """Verify one entry in a worker: (id, payload) with the entry's JSON record, the rest of
    what ``show`` prints (``extra``), whether the verdict is the expected one, and whether
    the run completed (only a completed run may be cached)."""
    from .._verdicts.engine import verify_entry

    eid, seed, budget = args
    try:
        r = verify_entry(_registry()[eid], seed=seed, budget=budget)
    except Exception as exc:  # noqa: BLE001 - one broken entry must not stop the run
        from .._verdicts.engine import EntryResult

        r = EntryResult(_registry()[eid], "error", error=f"{type(exc).__name__}: {exc}")
        return eid, _payload(r, complete=False)
    return eid, _payload(r, complete=True)


def _payload(r, *, complete: bool) -> dict:
    from .._verdicts.report import entry_detail, result_json

    record = result_json(r)
    extra = {k: v for k, v in entry_detail(r).items() if k not in record}
    # Through JSON, as the cache stores it: a cached run prints exactly what a fresh one does.
    return json.loads(json.dumps({"record": record, "extra": extra, "ok": r.ok,
                                  "complete": complete}))


def _verify_fallback(item, reason):
    from .._verdicts.engine import EntryResult

    r = EntryResult(_registry()[item[0]], "error", error=reason)
    return item[0], _payload(r, complete=False)


def _selftest_fallback(item, reason):
    from .._verdicts.selftest import empty_counts

    out = empty_counts()
    out["incomplete"].append({"id": item[0], "claim": item[2] if len(item) > 2 else None,
                              "reason": reason})
    return item[0], out


def _selftest_one(args):
    from .._verdicts.selftest import selftest_entry

    eid, seed, k, per_claim = args
    return eid, selftest_entry(_registry()[eid], seed=seed, only=k, per_claim=per_claim)


def selftest_items(ids, seed: int, per_claim: int | None = None) -> list[tuple]:
    """One pool item per (entry, claim): the heaviest entries spread over the workers."""
    from .._verdicts.selftest import claim_count

    reg = _registry()
    return [(i, seed, k, per_claim) for i in ids for k in range(claim_count(reg[i]))]


#: Hard wall-clock limit per entry, enforced by killing its worker process. The engine's
#: own budgets (SIGALRM) interrupt Python code; this also stops C-level work (a huge
#: big-integer product) that a signal cannot interrupt.
HARD_LIMIT = 300.0
#: The same for one claim of the mutation suite (each of its ~40 mutants meets three methods).
SELFTEST_HARD_LIMIT = 900.0


#: Address-space limit per worker: a runaway expression swell raises MemoryError in the
#: worker (reported as that entry's error) instead of waking the kernel's OOM killer.
WORKER_MEMORY = 6 * 2**30


def _limit_memory() -> None:
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = WORKER_MEMORY if hard == resource.RLIM_INFINITY else min(WORKER_MEMORY, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    except (ImportError, ValueError, OSError):  # not on this platform: the hard limit remains
        pass


#: The workers' garbage-collection thresholds (Python's default: 700, 10, 10). SymPy
#: allocates millions of short-lived containers, so a youngest-generation collection every
#: 700 net allocations ran constantly: over the catalog in one process, 31.3 s of CPU with
#: the default and 29.7 s with these (four runs each), for 1.5% more peak memory.
WORKER_GC = (50_000, 20, 20)


def _serve(fn, conn):
    """A worker's loop: receive an item, send back ``fn(item)``, until the parent sends None
    or goes away. Each item runs in the worker's main thread (the engine's SIGALRM budgets
    apply). With each result goes the worker's peak memory, for the parent to retire a
    worker that has grown (:data:`RETIRE_RSS`)."""
    # Ctrl-C is the parent's to handle (it kills the workers): a worker ignores SIGINT, so a
    # terminal's Ctrl-C, sent to the whole process group, prints no traceback per worker.
    # The parent blocks SIGINT around the fork, so none arrives before this line.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lifecycle.as_worker()  # SIGTERM/SIGHUP kill it; so does its parent's death
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _limit_memory()
    import gc

    gc.set_threshold(*WORKER_GC)
    try:
        while True:
            try:
                item = conn.recv()
            except (EOFError, OSError):  # the parent is gone
                return
            if item is None:
                return
            try:
                reply = ("ok", fn(item))
            except BaseException as exc:  # noqa: BLE001 - reported to the parent, never lost
                reply = ("error", f"{type(exc).__name__}: {exc}")
            try:
                conn.send(reply + (_peak_rss(),))
            except OSError:  # the parent is gone (interrupted): nobody to tell
                return
    finally:
        conn.close()


def _peak_rss() -> int:
    """This process's peak resident memory in bytes (0 where unknown)."""
    try:
        import resource

        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    except (ImportError, OSError):
        return 0


class _Progress:
    """A progress bar (rich) on stderr when stderr is a terminal, shown only once the work
    has taken more than :attr:`DELAY` seconds since ``start``: a quick run, or any run into
    a pipe or a file, prints nothing. It is redrawn from the caller's loop (no refresh
    thread: the worker processes are forked while it runs)."""

    DELAY = 2.0

    def __init__(self, label: str, total: int, *, done: int = 0, start: float | None = None,
                 stream=None, clock=time.monotonic):
        self.label, self.total, self.done = label, total, done
        self.stream = sys.stderr if stream is None else stream
        self.enabled = _isatty(self.stream)
        self.clock = clock
        self.start = clock() if start is None else start
        self.last = ""
        self._bar = None

    def _show(self) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                             TextColumn("{task.fields[elapsed]}"), TextColumn("{task.fields[last]}"),
                             console=Console(file=self.stream), transient=True,
                             auto_refresh=False, redirect_stdout=False, redirect_stderr=False)
        self._task = self._bar.add_task(self.label, total=self.total, completed=self.done,
                                        last=self.last, elapsed="")
        self._bar.start()

    def tick(self) -> None:
        """Redraw (after :attr:`DELAY`, the first time: show)."""
        if not self.enabled:
            return
        if self._bar is None:
            if self.clock() - self.start <= self.DELAY or self.done >= self.total:
                return
            self._show()
        self._bar.update(self._task, completed=self.done, last=self.last,
                         elapsed=f"{self.clock() - self.start:.0f} s")
        self._bar.refresh()

    def advance(self, name: str) -> None:
        self.done += 1
        self.last = name[:40]
        self.tick()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


#: A worker whose peak memory passed this is retired after its item, and a fresh one forked
#: for the next: the memos of one process (SymPy's cache, the engine's) are bounded, but a
#: long mutation-suite run must not keep whatever one heavy item left behind.
RETIRE_RSS = 2 * 2**30


class _Worker:
    """A forked worker process (:func:`_serve`) and the item it is working on."""

    def __init__(self, ctx, fn):
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_serve, args=(fn, child), daemon=True)
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *lifecycle.TERMINATING})
        try:
            self.proc.start()
        finally:  # a Ctrl-C that came meanwhile is raised here, in the parent
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        child.close()
        self.item = None
        self.deadline = math.inf

    def give(self, item, hard_limit: float) -> None:
        self.conn.send(item)
        self.item, self.deadline = item, time.monotonic() + hard_limit

    def stop(self) -> None:
        """Kill the process (a hung item, a death, the end of the run, an interruption)."""
        try:
            self.conn.close()
        finally:
            if self.proc.is_alive():
                self.proc.kill()
            self.proc.join(1)


def _pool_map(fn, items, jobs: int, progress, label: str, *, fallback=None,
              hard_limit: float = HARD_LIMIT, order=None):
    """Run ``fn`` on each item in worker processes forked from this one, at most ``jobs`` at
    a time, yielding results as they finish. A worker serves item after item (a fork per item
    cost ~20 ms of system time each in copied pages); an item whose worker outlives
    ``hard_limit`` seconds on it or dies is killed and replaced by ``fallback(item, reason)``,
    and the next item goes to a fresh worker. ``progress`` is a :class:`_Progress`, or a
    bool (True: a bar for these items on a terminal). ``order``, a sort key, says which
    items start first (the longest first balances the workers)."""
    ctx = mp.get_context("fork")
    pending = sorted(items, key=order) if order else list(items)
    if progress is True:
        progress = _Progress(label, len(pending))
    idle: list[_Worker] = []
    busy: dict = {}  # conn -> _Worker
    try:
        while pending or busy:
            while pending and len(busy) < max(1, jobs):
                w = idle.pop() if idle else _Worker(ctx, fn)
                w.give(pending.pop(0), hard_limit)
                busy[w.conn] = w
            ready = mp.connection.wait(list(busy), timeout=0.5)
            now = time.monotonic()
            finished = []
            for conn in ready:
                w = busy.pop(conn)
                try:
                    status, value, rss = conn.recv()
                except (EOFError, OSError):
                    w.proc.join(1)
                    status, value, rss = "error", f"worker died (exit code {w.proc.exitcode})", 0
                finished.append((w, status, value, rss))
            for conn, w in list(busy.items()):
                if now > w.deadline:
                    del busy[conn]
                    finished.append((w, "error", f"killed after the hard limit of {hard_limit:g} s", 0))
            for w, status, value, rss in finished:
                item = w.item
                if status == "ok" and rss <= RETIRE_RSS:
                    w.item, w.deadline = None, math.inf
                    idle.append(w)
                else:
                    w.stop()
                if status != "ok":
                    if fallback is None:
                        raise RuntimeError(f"{label} {item!r}: {value}")
                    value = fallback(item, value)
                if progress:
                    progress.advance(str(value[0]))
                yield value
            if progress:
                progress.tick()
    finally:
        for w in list(busy.values()) + idle:
            w.stop()
        if progress:
            progress.close()


def _default_jobs() -> int:
    return max(1, min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                      else (os.cpu_count() or 1), 8))


# -- tables: the terminal's width on a terminal, plain lines otherwise -----------------------

def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # replaced by an object without one, or closed
        return False


def _terminal_width() -> int | None:
    """The width to fit on when stdout is a terminal (``COLUMNS`` overrides it, as for any
    program); None when stdout is a pipe or a file: plain lines, nothing cut or wrapped."""
    if not _isatty(sys.stdout):
        return None
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def _layout(rows: list[list[str]], width: int | None, wrap: list[int], *,
            min_col: int = 12) -> list[str]:
    """Aligned columns, two spaces apart, the first row the underlined header. With a
    ``width``, the columns in ``wrap`` are narrowed, widest first (to ``min_col`` at the
    least), and their cells wrapped within them; the other columns are never cut. When even
    that does not fit, each row becomes a line of the other columns followed by its
    ``wrap`` cells as an indented paragraph (the first one unlabelled, as the row's text)."""
    import textwrap

    rows = [[_shown(c) for c in r] for r in rows]
    n = len(rows[0])
    cols = [max(len(r[j]) for r in rows) for j in range(n)]
    # Narrow first down to each column's longest word (no word is cut), then to min_col.
    words = {j: max(len(w) for r in rows for w in r[j].split() or [""]) for j in wrap}
    if width is not None:
        while sum(cols) + 2 * (n - 1) > width:
            shrinkable = ([j for j in wrap if cols[j] > max(min_col, words[j])]
                          or [j for j in wrap if cols[j] > min_col])
            if not shrinkable:
                return _stacked(rows, width, wrap)
            j = max(shrinkable, key=lambda j: cols[j])
            cols[j] -= 1
    lines = []
    for i, r in enumerate(rows):
        cells = [(textwrap.wrap(c, cols[j], break_on_hyphens=False) or [""])
                 if j in wrap and len(c) > cols[j] else [c] for j, c in enumerate(r)]
        for k in range(max(len(c) for c in cells)):
            lines.append("  ".join((c[k] if k < len(c) else "").ljust(cols[j])
                                   for j, c in enumerate(cells)).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in cols))
    return lines


def _stacked(rows: list[list[str]], width: int, wrap: list[int]) -> list[str]:
    import textwrap

    head = [j for j in range(len(rows[0])) if j not in wrap]
    cols = {j: max(len(r[j]) for r in rows) for j in head}
    lines = ["  ".join(rows[0][j].ljust(cols[j]) for j in head).rstrip(),
             "  ".join("-" * cols[j] for j in head)]
    for r in rows[1:]:
        lines.append("  ".join(r[j].ljust(cols[j]) for j in head).rstrip())
        text, rest = r[wrap[0]], [f"{rows[0][j]}: {r[j]}" for j in wrap[1:] if r[j]]
        for par in [text, "; ".join(rest)]:
            lines += textwrap.wrap(par, width, initial_indent="    ", subsequent_indent="      ",
                                   break_on_hyphens=False)
    return lines


def _fit_table(text: str, width: int | None) -> str:
    """``report.render_table``'s output, refitted to ``width``: its columns (read from the
    header's rule) wrapped within themselves, the notes below wrapped as paragraphs. With
    no width, only realigned (after the ASCII fallback changed the cells' lengths)."""
    import textwrap

    lines = text.split("\n")  # sliced as rendered; _layout pads the cells as shown
    if len(lines) < 2 or not re.fullmatch(r"-+(  -+)*", lines[1]):
        return text  # not the table shape this expects: leave it as rendered
    spans = [m.span() for m in re.finditer(r"-+", lines[1])]
    end = lines.index("") if "" in lines else len(lines)
    rows = [[ln[a:b if k < len(spans) - 1 else None].strip() for k, (a, b) in enumerate(spans)]
            for ln in [lines[0]] + lines[2:end]]
    # id, status and seconds stay whole; title, sources, scope and methods wrap.
    keep = {0, len(spans) - 1} | {k for k, h in enumerate(rows[0]) if h == "status"}
    out = _layout(rows, width, [k for k in range(len(spans)) if k not in keep])
    for ln in map(_shown, lines[end:]):
        out += (textwrap.wrap(ln, width, subsequent_indent="  ", break_on_hyphens=False) or [""]
                if width else [ln])
    return "\n".join(out)


def _render_table(records, oks, summ) -> str:
    from .._verdicts.report import render_table

    width = _terminal_width()
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100000"  # the renderer cuts titles to COLUMNS: never here
    try:
        text = render_table(records, oks, summ)
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return text if width is None and _shown(text) == text else _fit_table(text, width)


def _open_cache(ns):
    """The verdict cache for this command, or None under ``--no-cache``."""
    if getattr(ns, "no_cache", False):
        return None
    from .._verdicts.cache import ENV, VerdictCache, warn

    try:
        cache = VerdictCache()
    except Exception as exc:  # noqa: BLE001 - no cache directory on this system: no cache
        warn(f"no cache directory ({type(exc).__name__}: {exc}); nothing is cached")
        return None
    if cache.root.exists() and not cache.root.is_dir():
        warn(f"{cache.root} is not a directory; nothing is cached (set {ENV} to a directory, "
             f"or pass --no-cache)")
        return None
    return cache


def _index(cache):
    """The catalog's ids and topic modules: from the cache's manifest when no source file
    changed since it was stored (then nothing imports SymPy unless an entry must be
    verified), else from the registry (and the manifest stored)."""
    from .._verdicts.cache import Index

    index = cache.manifest() if cache is not None else None
    if index is None:
        index = Index.of_registry()
        if cache is not None:
            cache.save_manifest(index)
    return index


def _keys(ids: list[str], ns, index) -> dict[str, str]:
    """Each entry's cache key; none (every entry a miss, one warning) if the sources cannot
    be read — a cache problem never fails a run."""
    from .._verdicts.cache import entry_key, warn

    try:
        return {i: entry_key(index, i, seed=ns.seed, budget=ns.budget) for i in ids}
    except Exception as exc:  # noqa: BLE001 - unreadable sources, an odd install: no cache
        warn(f"cannot compute the keys ({type(exc).__name__}: {exc}); nothing is cached")
        return {}


def _store(cache, keys: dict[str, str], payloads: dict[str, dict]) -> None:
    """Store the cacheable verdicts of this run — none if a source file changed while it ran
    (the code that computed them may not be the code their keys describe)."""
    from .._verdicts.cache import cacheable, sources_unchanged

    if not payloads or not sources_unchanged():
        return
    for eid, p in payloads.items():
        if eid in keys and cacheable({**p["record"], **p["extra"]}, complete=p["complete"]):
            cache.put(eid, keys[eid], record=p["record"], extra=p["extra"], ok=p["ok"])


def _selected(ns, names: list[str]):
    """(cache or None, the catalog's index, the ids of ``names``)."""
    cache = _open_cache(ns)
    try:
        index = _index(cache)
    except Exception:  # noqa: BLE001 - a cache problem never fails a run: the registry's
        from .._verdicts.cache import Index

        index = Index.of_registry()
    return cache, index, select(names, list(index.modules))


def _verified(ids: list[str], ns, label: str, *, cache, index, start: float, progress: bool):
    """Each entry's payload (see :func:`_verify_one`): from the verdict cache where it holds
    the entry's key, else verified in the worker pool (the slowest entries of earlier runs
    first) and stored. Returns (payload by id, the ids that came from the cache)."""
    keys = _keys(ids, ns, index) if cache is not None else {}
    got = {}
    for i in ids:
        p = cache.get(i, keys[i]) if i in keys else None
        if p is not None:
            got[i] = {**p, "complete": True}
    cached = set(got)
    if len(cached) < len(ids):
        _preload(many=len(ids) - len(cached) > 1)  # once here, before the workers fork
    hints = cache.timings() if cache is not None else {}
    bar = _Progress(label, len(ids), done=len(cached), start=start) if progress else False
    todo = [(i, ns.seed, ns.budget) for i in ids if i not in got]
    fresh: dict[str, dict] = {}
    try:
        for eid, payload in _pool_map(_verify_one, todo, ns.jobs, bar, label,
                                      fallback=_verify_fallback,
                                      order=lambda item: -hints.get(item[0], math.inf)):
            got[eid] = fresh[eid] = payload
    finally:  # also after Ctrl-C: what completed is kept
        if cache is not None and fresh:
            _store(cache, keys, fresh)
            cache.save_timings({i: p["record"]["seconds"] for i, p in fresh.items()
                                if p["complete"]})
    return got, cached


def _clear_cache() -> str:
    from .._verdicts.cache import VerdictCache

    c = VerdictCache()
    try:
        n = c.clear()
    except OSError as exc:
        raise UsageError(f"cannot clear the verdict cache in {c.root} ({exc.strerror or exc}); "
                         f"remove that directory by hand") from None
    return f"removed {n} cached verdict{'s' * (n != 1)} from {c.root}"


def cmd_verify(ns) -> int:
    from .._verdicts.report import SCHEMA, summary

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
    from .._verdicts.report import _ABBR

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


def cmd_list(ns) -> int:
    reg = _registry()
    ids = select([ns.topic] if ns.topic else [])
    rows = [["id", "kind", "title", "sources"]]
    for i in ids:
        e = reg[i]
        srcs = "; ".join(f"{s.document} {s.where}" for s in e.sources)
        rows.append([e.id, e.kind, e.title, srcs])
    for line in _layout(rows, _terminal_width(), [2, 3]):
        print(line)
    print(f"{len(ids)} entries")
    return 0


def _show_text(d: dict) -> str:
    from .._verdicts.report import scope_cell

    lines = [f"{d['id']} — {d['title']}", f"kind: {d['kind']}    status: {d['status']}",
             "sources: " + "; ".join(f"{s['document']} ({s['where']})" for s in d["sources"])]
    lines += ["uses: " + ", ".join(d["uses"])] if d.get("uses") else []
    lines.append("")
    if d.get("caveat"):
        lines += ["caveat: " + d["caveat"], ""]
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
    heading = (("claims with the condition the document leaves out:" if d["kind"] == "caveat"
                else "corrected / verified claims:") if d.get("stated") else "claims:")
    for title, group in ((heading, main), ("derivation, step by step:", steps)):
        if not group:
            continue
        lines.append(title)
        for c in group:
            lines.append(f"  [{c['status']}] {c['label'].replace('derivation: ', '')}:  {c['latex']}")
            for m in c["methods"]:  # each method's answer and what it covers
                lines.append(f"      {m['name']}: {m['outcome']}" + (f" — {m['detail']}" if m.get("detail") else ""))
            if c["counterexample"]:
                lines.append(f"      counterexample: {c['counterexample']}")
        lines.append("")
    if d.get("notation"):
        lines.append("notation (holds by definition; shown, never counted as verified):")
        lines += [f"  {n['label']}:  {n['latex']}  ({n['why']})" for n in d["notation"]]
        lines.append("")
    if d.get("scope"):
        lines.append("scope: " + (scope_cell(d) or "none"))
    seeds = {m.get("scope", {}).get("seed") for m in d.get("methods", [])} - {None}
    if seeds:
        lines.append(f"seed: {min(seeds)} (the same draws again: lindisc show {d['id']} --seed {min(seeds)})")
    if d.get("numeric"):
        n = d["numeric"]
        lines.append(f"numeric agreement with numerics: {n['outcome']} ({n.get('detail', '')})")
    return "\n".join(lines).rstrip()


def cmd_show(ns) -> int:
    cache, index, ids = _selected(ns, [ns.id])
    if ids != [ns.id]:
        raise UsageError(f"{ns.id!r} is a topic, not an entry id; run 'lindisc list {ns.id}'.")
    key = _keys([ns.id], ns, index).get(ns.id) if cache is not None else None
    payload = cache.get(ns.id, key) if key is not None else None
    if payload is None:
        from .._verdicts.engine import verify_entry

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


def cmd_latex(ns) -> int:
    from .document import MACROS, LatexBuildError, article, compile_pdf, snippet

    start = time.monotonic()
    cache, index, ids = _selected(ns, ns.ids)
    got, _ = _verified(ids, ns, "latex", cache=cache, index=index, start=start,
                       progress=_isatty(sys.stderr))
    records = [{**got[i]["record"], **got[i].get("extra", {}), "ok": got[i]["ok"]} for i in ids]
    try:
        doc = article(records)
        if ns.snippets is not None:
            ns.snippets.mkdir(parents=True, exist_ok=True)
            (ns.snippets / "lindisc-preamble.tex").write_text(
                "% \\usepackage{amsmath,amssymb,graphicx,xcolor} and these macros\n" + MACROS,
                encoding="ascii")
            for r in records:
                (ns.snippets / f"{r['id']}.tex").write_text(snippet(r) + "\n", encoding="ascii")
            print(f"lindisc: wrote {len(records)} snippets and lindisc-preamble.tex to {ns.snippets}",
                  file=sys.stderr)
        if ns.html is not None:
            from .html import write_blueprint

            for line in write_blueprint(records, ns.html):
                print(f"lindisc: {line}", file=sys.stderr)
        tex = ns.output
        if tex is None and ns.pdf:
            tex = Path("lindisc-catalog.tex")
        if tex is not None:
            tex.parent.mkdir(parents=True, exist_ok=True)
            tex.write_text(doc.source, encoding="ascii")
            print(f"lindisc: wrote {tex} ({len(records)} entries)", file=sys.stderr)
        if ns.pdf:
            pdf = tex.with_suffix(".pdf")
            for w in compile_pdf(doc, pdf):
                print(f"lindisc: warning: {w}", file=sys.stderr)
            print(f"lindisc: wrote {pdf}", file=sys.stderr)
        if tex is None and ns.snippets is None and ns.html is None:
            sys.stdout.write(doc.source)
    except LatexBuildError as exc:
        print(f"lindisc latex: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"lindisc latex: error: cannot write {exc.filename or ns.output}: {exc.strerror}; "
              f"choose a writable path", file=sys.stderr)
        return 1
    return 0


def cmd_selftest(ns) -> int:
    from .._verdicts.selftest import merge

    ids = select(ns.ids)
    progress = sys.stderr.isatty() and ns.format != "json"
    parts = [p for _, p in _pool_map(_selftest_one, selftest_items(ids, ns.seed, ns.per_claim), ns.jobs,
                                     progress, "selftest", fallback=_selftest_fallback,
                                     hard_limit=SELFTEST_HARD_LIMIT)]
    rep = merge(parts)
    fam = _families(ns, progress)
    if fam is not None:
        rep["families"] = fam
    if ns.format == "json":
        json.dump(rep, sys.stdout, indent=1)
        sys.stdout.write("\n")
    else:
        print(f"claims mutated: {rep['claims']}  mutants: {rep['mutants']}  "
              f"equivalent: {rep['equivalent']}  killed: {rep['killed']}  "
              f"survivors: {len(rep['survivors'])}  false refutations: {rep['false_refutations']}  "
              f"(ill-typed mutants set aside: {rep['ill_typed']})")
        if rep["not_sampled"]:
            print(f"sampled: {ns.per_claim} library mutants per claim (seed {ns.seed}); "
                  f"{rep['not_sampled']} not attacked this run (size and constant mutants: all)")
        print(f"killed / non-equivalent = {rep['killed_ratio']:.2%} (target >= 98%)")
        print("each method alone on every mutant (wrongly proved must be 0):")
        print(f"  {'method':<14}{'attacked':>10}{'proved':>9}{'killed':>9}{'wrongly proved':>16}")
        for name, c in rep["methods"].items():
            print(f"  {name:<14}{c['attacked']:>10}{c['proved']:>9}{c['killed']:>9}"
                  f"{c['wrongly_proved']:>16}")
        for b in rep["soundness_bugs"]:
            print(f"  SOUNDNESS BUG: {b['proved_by']} proved {b['id']} [{b['claim']}] {b['mutation']}; "
                  f"{b['refuted_by']} refutes it: {b['refutation']}")
        for inc in rep["incomplete"]:
            print(f"  incomplete: {inc['id']}: {inc['reason']}")
        for s in rep["survivors"]:
            print(f"  survivor: {s['id']} [{s['claim']}] {s['mutation']}")
        if fam is not None:
            print(fam["table"])
    ok = (rep["killed_ratio"] >= 0.98 and rep["false_refutations"] == 0 and not rep["incomplete"]
          and not rep["soundness_bugs"])
    if fam is not None:
        ok = ok and fam["ok"]
    return 0 if ok else 1


def _families(ns, progress: bool) -> dict | None:
    """The size families (``_verdicts/families.py``): new k and written forms from a seed drawn
    per run unless ``--families-seed`` fixes it; the seed is printed with the table."""
    if ns.families == "none":
        return None
    from .._verdicts.families import format_table, run_families

    seed = ns.families_seed if ns.families_seed is not None else random.SystemRandom().randrange(10**6)
    res = run_families(seed, quick=ns.families == "quick")
    bad = [m for m in res["members"]
           if m.outcome in ("wrongly verified", "other", "refuted a true member")]
    return {"seed": seed, "mode": ns.families, "counts": res["families"],
            "ok": not any(c["wrongly verified"] or c["refuted a true member"]
                          for c in res["families"].values()),
            "unexpected": [{"member": m.label, "status": m.status, "at": m.at,
                            "predicted": m.fails_from, "outcome": m.outcome} for m in bad],
            "table": format_table(res)}


def cmd_cache(ns) -> int:
    from .._verdicts.cache import ENV, VerdictCache

    if ns.action == "clear":
        print(_clear_cache())
        return 0
    c = VerdictCache()
    n, size = c.stats()
    print(f"{c.root}: {n} cached verdict{'s' * (n != 1)}, {size / 1e6:.1f} MB "
          f"('lindisc cache clear' empties it; {ENV} moves it)")
    return 0


#: A number exactly as a user writes one: no inner spaces, no underscores, no nan/inf.
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def _number(field: str, *, name: str, whole: str, loc: str, fix: str) -> float:
    """One finite float from ``field`` (spaces around it allowed), or a one-line UsageError
    that shows the whole option value, which field is wrong, why, and ``fix``."""
    f = field.strip()
    where = f"{name} {whole!r}:{loc}"
    if f == "":
        raise UsageError(f"{where} is empty; {fix}")
    if not _NUMBER.fullmatch(f):
        if re.fullmatch(r"[+-]?(nan|inf|infinity)", f, re.IGNORECASE):
            why = "is not a finite number"
        elif re.search(r"\d\s+[\d.+-]", f):
            why = "has a space inside a number (separate numbers with commas: '1,2', not '1 2')"
        else:
            why = "is not a number"
        raise UsageError(f"{where} {field!r} {why}; {fix}")
    v = float(f)
    if not math.isfinite(v):
        raise UsageError(f"{where} {field!r} overflows a float (|x| > 1.8e308); write a "
                         f"finite number (rescale every input by one factor)")
    return v


def _floats(text: str, name: str, *, whole: str | None = None, loc: str = "",
            fix: str | None = None) -> list[float]:
    """Comma-separated finite numbers, parsed exactly: each field is one number (spaces
    around it allowed); an empty field or two numbers run together is an error."""
    fix = fix or f"write comma-separated numbers like {name} '1,-2.5,3'"
    fields = text.split(",")
    return [_number(f, name=name, whole=text if whole is None else whole, fix=fix,
                    loc=f"{loc} field {k}" if len(fields) > 1 else loc)
            for k, f in enumerate(fields, 1)]


def _points(text: str) -> list[list[float]]:
    """``--points '0,0;1,2'``: points separated by ';', coordinates by ','."""
    fix = "write points separated by ';', each as comma-separated numbers: --points '0,0;1,2'"
    rows = text.split(";")
    if not any(r.strip() for r in rows):
        raise UsageError(f"--points needs at least one point, got {text!r}; write points "
                         f"like --points '0,1;2,3'")
    return [_floats(r, "--points", whole=text, fix=fix,
                    loc=f" point {k}" + ("," if "," in r else ""))
            for k, r in enumerate(rows, 1)]


def cmd_distance(ns) -> int:
    import warnings

    import numpy as np

    import numerics.geometry as ng
    from numerics.errors import LindiscError

    coef = _floats(ns.coef, "--coef")
    pts = _points(ns.points)
    if len({len(p) for p in pts}) > 1:
        raise UsageError(f"every point needs the same number of coordinates; got lengths "
                         f"{[len(p) for p in pts]} in --points {ns.points!r}")
    (intercept,) = _floats(ns.intercept, "--intercept", fix="write one number like --intercept=-5")
    try:
        # Overflow is checked below on the results; numpy's warnings would only repeat it.
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            X = np.array(pts, dtype=float)
            g = ng.decision_function(X, coef=coef, intercept=intercept)
            r = ng.signed_distance(X, coef=coef, intercept=intercept)
            xp = ng.project_onto_hyperplane(X, coef=coef, intercept=intercept)
            o = ng.origin_distance(coef=coef, intercept=intercept)
    except (LindiscError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    bad = [k for k in range(len(pts)) if not (np.isfinite(g[k]) and np.isfinite(r[k])
                                               and np.all(np.isfinite(xp[k])))]
    if bad or not np.isfinite(o):
        raise UsageError(f"the result overflows a float (|value| > 1.8e308) for point "
                         f"{bad[0] + 1 if bad else 1} of --points {ns.points!r}; rescale w, b "
                         f"and the points by a common factor (the signed distance scales with "
                         f"the points, the side does not)")
    print(f"hyperplane w^T x + b = 0 with w = {coef}, b = {intercept:g}; "
          f"signed distance of the plane from the origin: {o + 0.0:.6g}")
    print(f"{'point':<28} {'g(x)':>12} {'r = g/||w||':>12}  side  projection x_perp")
    for p, gi, ri, q in zip(pts, g, r, xp):
        side = "R+" if gi >= 0 else "R-"
        print(f"{p!s:<28} {gi:>12.6g} {ri:>12.6g}  {side:<4}  {(np.round(q, 6) + 0.0).tolist()}")
    return 0


# -- option values: argparse ``type=`` functions, so a bad value is argparse's own one-line
# usage error (exit 2), never a traceback ---------------------------------------------------

#: The smallest useful ``--budget``: below it no method has time to decide anything, and
#: every claim would come back undecided (a timeout is never a verdict).
MIN_BUDGET = 0.5
#: The largest ``--budget`` (a day); the timer cannot hold much more.
MAX_BUDGET = 86400.0


def _budget(text: str) -> float:
    fix = "use --budget 5 for 5 seconds"
    f = text.strip()
    if not _NUMBER.fullmatch(f):
        kind = "finite " if re.fullmatch(r"[+-]?(nan|inf|infinity)", f, re.IGNORECASE) else ""
        raise argparse.ArgumentTypeError(f"--budget must be a {kind}number of seconds, got "
                                         f"{text!r}; {fix}")
    v = float(f)
    if v <= 0:
        raise argparse.ArgumentTypeError(f"--budget must be > 0 seconds, got {text!r}; {fix}")
    if v < MIN_BUDGET:
        raise argparse.ArgumentTypeError(
            f"--budget must be at least {MIN_BUDGET:g} seconds (less leaves no method time to "
            f"decide anything), got {text!r}; {fix}")
    if v > MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"--budget must be at most {MAX_BUDGET:g} seconds (a "
                                         f"day), got {text!r}; {fix}")
    return v


def _int_option(text: str, name: str, low: int, fix: str) -> int:
    f = text.strip()
    if len(f) > 40:  # (int() refuses over 4,300 digits; echoing them helps nobody)
        raise argparse.ArgumentTypeError(f"{name} must be a whole number of at most 40 digits, "
                                         f"got {len(f)} characters; {fix}")
    if not re.fullmatch(r"[+-]?\d+", f):
        raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {text!r}; {fix}")
    v = int(f)
    if v < low:
        raise argparse.ArgumentTypeError(f"{name} must be >= {low}, got {text!r}; {fix}")
    return v


def _jobs(text: str) -> int:
    return _int_option(text, "--jobs", 1, "use --jobs 1 for a single worker process")


def _seed(text: str) -> int:
    return _int_option(text, "--seed", 0, "use --seed 0 (the default) or any whole number >= 0")


def _per_claim(text: str) -> int:
    return _int_option(text, "--per-claim", 1, "use --per-claim 10, or leave it out to attack "
                                                 "every mutant")


def _version() -> str:
    # (imported outside the try: a SIGTERM during the import must surface as itself, not as
    # an UnboundLocalError from the except clause naming PackageNotFoundError)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lindisc")
    except PackageNotFoundError:
        import derivations

        return getattr(derivations, "__version__", "unknown")


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors that name the fix."""

    def error(self, message: str):  # argparse's hook for every usage error
        # "argument --jobs: --jobs must be >= 1 ..." says the option's name twice.
        m = re.fullmatch(r"argument ([^:]+): (.*)", message, re.DOTALL)
        if m and m.group(2).startswith(m.group(1).split("/")[0]):
            message = m.group(2)
        # "--coef -1,2": argparse takes a value that starts with '-' for an option.
        m = re.fullmatch(r"argument (--[\w-]+): expected one argument", message)
        if m:
            message += (f" (for a value that starts with '-', write {m.group(1)}=VALUE, "
                        f"e.g. {m.group(1)}=-1,2)")
        elif not re.search(r"; (use|write) ", message):  # argparse's own: point at the help
            message += f" (see '{self.prog} --help')"
        self.exit(2, f"{self.prog}: error: " + re.sub(r"\s*\n\s*", " ", message) + "\n")


_COMMANDS = {
    "verify": "verify catalog entries (all, or the given ids/topics): a table, or --format json",
    "list": "list the catalog's entries: id, kind, title, sources",
    "show": "one entry in full: statement, a verdict per derivation step, counterexample, "
            "diagnosis",
    "latex": "a standalone LaTeX article of the entries with their verdicts (--pdf, --snippets, "
             "--html)",
    "selftest": "the mutation suite: is every wrong variant of a verified claim refuted?",
    "check": "verify your own claims and derivations from a claims file (TOML)",
    "answer": "compare an answer with the verified solution of a catalog exercise",
    "figures": "draw the documents' illustrations from the verified numerics (matplotlib)",
    "distance": "signed distances of your points to your hyperplane w^T x + b = 0",
    "cache": "the cache of verdicts: where it is and what it holds, or 'clear' to empty it",
}

_EPILOG = """\
examples:
  lindisc verify geometry                    verify one topic (the whole catalog without it)
  lindisc show geometry.threshold_cosine     an erratum: its counterexample and diagnosis
  lindisc distance --coef 3,4 --intercept=-5 --points '0,0;3,4'

exit codes: 0 every verdict as expected; 1 some verdict is not; 2 usage error (or output
to a full disk); 124 stopped by --timeout; 130 interrupted; 143/129 SIGTERM/SIGHUP.
'lindisc COMMAND --help' shows a command's options.
"""


#: (command, module, example): see the loop in _parser
_MODULE_COMMANDS = (
    ("check", "derivations._interfaces.check", "lindisc check examples/claims/geometry.toml"),
    ("answer", "derivations._interfaces.answer", "lindisc answer svm.exercise_solution ..."),
    ("figures", "derivations._interfaces.figures", "lindisc figures -o figures --format png"),
)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="lindisc", formatter_class=argparse.RawDescriptionHelpFormatter,
                epilog=_EPILOG, description=(
        "Verify the theory of linear discriminant classifiers: every result, derivation\n"
        "step, erratum, exercise and algorithm claim of the catalog, by independent methods."))
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = p.add_subparsers(dest="cmd", required=True, title="commands", metavar="COMMAND")

    def command(name, example):
        return sub.add_parser(name, help=_COMMANDS[name], description=_COMMANDS[name],
                              epilog=f"example:\n  {example}",
                              formatter_class=argparse.RawDescriptionHelpFormatter)

    def common(sp_, jobs=True, budget=True, cache=True):
        sp_.add_argument("--seed", type=_seed, default=0,
                         help="seed for the random methods, a whole number >= 0 (default 0)")
        if cache:
            sp_.add_argument("--no-cache", action="store_true",
                             help="verify everything again: neither read nor store cached "
                                  "verdicts")
        if budget:
            sp_.add_argument("--budget", type=_budget, default=20.0, metavar="SECONDS",
                             help=f"seconds each method may spend on one claim, at least "
                                  f"{MIN_BUDGET:g} (default 20)")
        if jobs:
            sp_.add_argument("--jobs", type=_jobs, default=_default_jobs(),
                             help="worker processes, at least 1 (default: the number of cores)")

    v = command("verify", "lindisc verify geometry fisher.projected_means --format json")
    v.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    v.add_argument("--format", choices=("table", "json"), default="table")
    v.add_argument("--quiet", action="store_true", help="no progress bar")
    v.add_argument("--profile", action="store_true",
                   help="after the table, the ten slowest entries and the seconds per method")
    v.add_argument("--clear-cache", action="store_true",
                   help="empty the verdict cache first (as 'lindisc cache clear')")
    common(v)
    lifecycle.timeout_option(v)
    v.set_defaults(fn=cmd_verify)

    li = command("list", "lindisc list geometry")
    li.add_argument("topic", nargs="?")
    li.set_defaults(fn=cmd_list)

    sh = command("show", "lindisc show geometry.threshold_cosine")
    sh.add_argument("id")
    sh.add_argument("--format", choices=("text", "json"), default="text")
    common(sh, jobs=False)
    sh.set_defaults(fn=cmd_show)

    la = command("latex", "lindisc latex geometry > geometry.tex\n  lindisc latex -o catalog.tex --pdf")
    la.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    la.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                    help="write the standalone article to FILE (default: stdout)")
    la.add_argument("--pdf", action="store_true",
                    help="also compile it with pdflatex (next to FILE, or lindisc-catalog.pdf); "
                         "a LaTeX error names the entry")
    la.add_argument("--snippets", type=Path, default=None, metavar="DIR",
                    help="write one ID.tex fragment per entry, and lindisc-preamble.tex, to DIR")
    la.add_argument("--html", type=Path, default=None, metavar="DIR",
                    help="write a browsable blueprint to DIR: a page per topic, statements "
                         "coloured by verdict, the dependency graph (KaTeX shipped with it)")
    common(la)
    la.set_defaults(fn=cmd_latex)

    st = command("selftest", "lindisc selftest geometry")
    st.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    st.add_argument("--format", choices=("table", "json"), default="table")
    st.add_argument("--per-claim", type=_per_claim, default=None, metavar="N",
                    help="attack a seeded sample of at most N mistake-library mutants per claim "
                         "(size and constant mutants: always all); default: every mutant")
    st.add_argument("--families", choices=("quick", "full", "none"), default="quick",
                    help="the size families (Newton, Cayley-Hamilton, Gram, rational in d; "
                         "false from a known size): 3 drawn k per family (quick, the default), "
                         "every k (full), or none")
    st.add_argument("--families-seed", type=_seed, default=None, metavar="N",
                    help="seed for the families' k and written forms (default: a new one, printed)")
    common(st, budget=False, cache=False)
    st.set_defaults(fn=cmd_selftest)

    # Commands whose options and work live in a module of their own: add_arguments(parser)
    # (import-light: the parser is built on every call) and run(ns) -> exit code.
    for name, module, example in _MODULE_COMMANDS:
        mod = importlib.import_module(module)
        sp_ = command(name, example)
        mod.add_arguments(sp_)
        sp_.set_defaults(fn=mod.run)

    ca = command("cache", "lindisc cache clear")
    ca.add_argument("action", nargs="?", choices=("info", "clear"), default="info",
                    help="info (default): where the cache is and what it holds; clear: empty it")
    ca.set_defaults(fn=cmd_cache)

    di = command("distance", "lindisc distance --coef 3,4 --intercept=-5 --points '0,0;3,4'")
    di.add_argument("--coef", required=True, help="normal vector w, comma-separated: '1,2'")
    di.add_argument("--intercept", default="0",
                    help="bias b (default 0); a negative one as --intercept=-5")
    di.add_argument("--points", required=True, help="points separated by ';': '0,0;1,2'")
    di.set_defaults(fn=cmd_distance)
    return p


# -- the process around the command: streams, Ctrl-C, a closed pipe -------------------------

_ASCII = {"≤": "<=", "≥": ">=", "≠": "!=", "≈": "~=", "—": "--", "–": "-", "−": "-", "‖": "||",
          "…": "...", "⊥": "perp", "∈": "in", "∉": "not in", "⇔": "<=>", "⇒": "=>", "→": "->",
          "←": "<-", "×": "x", "·": "*", "∂": "d", "∇": "grad", "∞": "inf", "±": "+-",
          "√": "sqrt", "∑": "sum", "∏": "prod", "′": "'", "“": '"', "”": '"', "‘": "'",
          "’": "'", "⟨": "<", "⟩": ">", "½": "1/2", "°": " deg", "§": "sec."}


def _ascii_fallback(exc: UnicodeEncodeError) -> tuple[str, int]:
    """Codec error handler for a terminal that cannot show the output's symbols: an ASCII
    spelling (≤ → <=, ‖w‖ → ||w||, θ → theta, x² → x^2, A⁻¹ → A^(-1), x₁ → x_1) instead of
    a crash."""
    import unicodedata

    out: list[tuple[str, str]] = []  # (kind, text): runs of super/subscripts are grouped
    for ch in exc.object[exc.start:exc.end]:
        name = unicodedata.name(ch, "")
        plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        if ch in _ASCII:
            out.append(("", _ASCII[ch]))
        elif name.startswith(("SUPERSCRIPT", "MODIFIER LETTER")) and plain:
            out.append(("^", plain))
        elif "SUBSCRIPT" in name and plain:
            out.append(("_", plain))
        elif name.startswith("GREEK") and " LETTER " in name:
            letter = name.split(" LETTER ")[1].split()[0].lower()
            out.append(("", letter.capitalize() if "CAPITAL" in name else letter))
        else:
            out.append(("", plain or "?"))
    text, k = [], 0
    while k < len(out):
        kind, t = out[k]
        k += 1
        while kind and k < len(out) and out[k][0] == kind:
            t += out[k][1]
            k += 1
        text.append(kind + (f"({t})" if kind and len(t) > 1 else t))
    return "".join(text), exc.end


#: Symbols the output uses; a stream that cannot encode them gets the ASCII fallback.
_SYMBOLS = "≤≠‖—…θᵀ²₁⇔"


def _needs_ascii(stream) -> bool:
    enc = getattr(stream, "encoding", None) or "ascii"
    try:
        _SYMBOLS.encode(enc)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _c_locale_terminal(stream) -> bool:
    """Python turns UTF-8 mode on by itself under the C/POSIX locale, but a terminal there
    shows ASCII only: true for such a terminal unless UTF-8 was asked for (PYTHONUTF8=1,
    -X utf8, PYTHONIOENCODING)."""
    if not (sys.flags.utf8_mode and _isatty(stream)):
        return False
    if os.environ.get("PYTHONUTF8") or os.environ.get("PYTHONIOENCODING") or (
            "utf8" in sys._xoptions):
        return False
    loc = os.environ.get("LC_ALL") or os.environ.get("LC_CTYPE") or os.environ.get("LANG") or "C"
    return loc in ("C", "POSIX")


def _setup_streams() -> None:
    """Keep stdout/stderr usable on a terminal that is not UTF-8 (LC_ALL=C, PYTHONIOENCODING=
    ascii, a latin-1 console): the symbols it cannot show get an ASCII spelling."""
    import codecs

    try:
        codecs.lookup_error("lindisc-ascii")
    except LookupError:
        codecs.register_error("lindisc-ascii", _ascii_fallback)
    for stream in (sys.stdout, sys.stderr):
        if not hasattr(stream, "reconfigure"):
            continue
        if _c_locale_terminal(stream):
            stream.reconfigure(encoding="ascii", errors="lindisc-ascii")
        elif _needs_ascii(stream):
            stream.reconfigure(errors="lindisc-ascii")


def _shown(text: str) -> str:
    """``text`` as stdout will show it: table cells are padded after the ASCII fallback, so
    columns stay aligned when ‖ becomes ||."""
    if getattr(sys.stdout, "errors", None) != "lindisc-ascii":
        return text
    enc = sys.stdout.encoding
    return text.encode(enc, "lindisc-ascii").decode(enc)


def _stdout_to_devnull() -> None:
    """After a closed pipe, the interpreter's final flush of stdout must not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout is not a file (a test's capture)
        pass


#: Entries in each of SymPy's per-function caches in a lindisc run (SymPy's default: 1,000).
#: The workers verify entry after entry in one process: over the catalog in one process,
#: 28.7–28.9 s of CPU with the default and 27.1–27.2 s with 10,000 (three and two runs),
#: for 30 MB more peak memory.
SYMPY_CACHE_SIZE = 10_000


def _size_sympy_cache() -> None:
    """SymPy reads ``SYMPY_CACHE_SIZE`` once, when imported: set it before that, never over
    the user's own setting (and not at all where SymPy is imported already: a test, a
    notebook calling :func:`main`)."""
    if "sympy" not in sys.modules:
        os.environ.setdefault("SYMPY_CACHE_SIZE", str(SYMPY_CACHE_SIZE))


def main(argv: list[str] | None = None) -> int:
    """The ``lindisc`` entry point; returns the exit code (see the module docstring)."""
    _size_sympy_cache()
    own = signal.getsignal(signal.SIGINT) is _interrupted_while_starting
    if own:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # from here: KeyboardInterrupt
        lifecycle.handle_termination()  # SIGTERM, SIGHUP: the same (workers killed)
    _setup_streams()
    restore = safe_io.guard_stdout()  # escapes in user text never reach the terminal
    try:
        return _main(argv)
    finally:
        restore()
        if own:  # a Ctrl-C while the interpreter exits: the same one line and 130, not a bare
            signal.signal(signal.SIGINT, _interrupted_while_starting)  # death by SIGINT (-2)
            lifecycle.release_termination()


def _main(argv: list[str] | None) -> int:
    import warnings

    try:
        try:
            ns = _parser().parse_args(argv)
        except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
            sys.stdout.flush()
            return int(exc.code or 0)
        timer = lifecycle.start_timeout(getattr(ns, "timeout", None))
        with warnings.catch_warnings():
            if not sys.warnoptions:  # the user did not ask for warnings with -W
                # numpy's floating-point warnings on values the engine and the commands check
                # themselves (an overflow becomes a verdict or a usage error, not a warning).
                warnings.filterwarnings("ignore", category=RuntimeWarning,
                                        message=r".*(overflow|underflow|invalid value|"
                                                r"divide by zero) encountered")
            try:
                code = ns.fn(ns)
            finally:
                lifecycle.stop_timeout(timer)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        return code
    except UsageError as exc:
        print("lindisc: error: " + safe_io.sanitize(re.sub(r"\s*\n\s*", " ", str(exc))),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP, --timeout
        code, message = lifecycle.exit_code(exc)
        # On a terminal the line holds the echoed ^C: start a fresh one.
        print(("\n" if _isatty(sys.stderr) and code == 130 else "") + message, file=sys.stderr)
        return code
    except BrokenPipeError:  # 'lindisc list | head': the reader has what it wanted
        _stdout_to_devnull()
        return 141  # 128 + SIGPIPE, as a program killed by the signal would report
    except OSError as exc:  # stdout on a full disk (> /dev/full), a failing device
        _stdout_to_devnull()
        print(safe_io.output_error(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
