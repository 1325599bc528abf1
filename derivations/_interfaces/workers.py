"""Verification in worker processes: a pool that forks after the engine is imported, gives
each entry a hard time limit and a memory ceiling, retires a worker grown too large, and
shows a progress bar on a terminal."""

from __future__ import annotations

import importlib
import json
import math
import multiprocessing as mp
import signal
import sys
import time

from . import lifecycle
from .entries import _registry
from .streams import _isatty


#: What the workers import lazily, imported once in the parent before it forks them (a fork
#: inherits it, and the workers share its pages; each importing it would pay ~1.3 s). The
#: engine's modules, SymPy's that its routes import on first use, and the numerics the checks
#: run.
_PRELOAD = (
    "derivations._verdicts.engine", "derivations._interfaces.report", "derivations._verdicts.diagnosis",
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
    from .report import entry_detail, result_json

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
