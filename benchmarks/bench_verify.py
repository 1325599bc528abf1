"""``lindisc verify`` over the whole catalog, cold then warm as a user would, in repeated pairs.

Each run is a fresh process (``lindisc verify --format json --quiet``, default ``--jobs``:
one worker per core), timed from spawn to exit, so it includes interpreter start-up and
imports (the small wrapper that measures it is not counted). The second run's ratio is
against the first.

Cold and warm. When ``lindisc verify`` has a verdict cache (its ``--help`` offers
``--no-cache``), both runs use a new, empty cache directory (``$LINDISC_CACHE_DIR``), so
the user's own cache is neither read nor touched: the first run is cold, the second reads
what the first stored; the note says how many verdicts came from the cache (``--profile``),
since a source file edited during the first run keeps it from storing anything. Without a
cache both runs do all the work, and they are labelled "first run" and "second run".

Repeats: :data:`REPEATS` cold–warm pairs (:data:`QUICK_REPEATS` in quick mode), each pair
in its own new cache directory, alternating cold and warm, so the rows give the median,
min and max of each (a cold run takes about ten seconds on a 2-core machine; the machine's
speed drifts within minutes, which the spread shows).

The note also gives the exit code and the JSON summary's counts (the first run whose
outcome differs from the others', if any — a failed or different run is never hidden behind
a median); ``peak_mib`` here is the largest resident set of the process and its workers,
over the repeats, not NumPy allocations.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

NAME = "lindisc verify (whole catalog)"
#: Cold–warm pairs in a full run, and in --quick (which must finish in under two minutes).
REPEATS = 5
QUICK_REPEATS = 1
SUMMARY_KEYS = ("verified", "verified at sizes", "refuted", "undecided", "conflict", "error")
CACHE_ENV = "LINDISC_CACHE_DIR"
FROM_CACHE = re.compile(r"(\d+) from the cache")


def _lindisc() -> list[str]:
    """The installed ``lindisc`` next to this interpreter, else the one on PATH."""
    beside = Path(sys.executable).with_name("lindisc")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("lindisc")
    if found is None:
        raise FileNotFoundError("no `lindisc` command: install the project (pip install -e .)")
    return [found]


# Runs the command and writes "<seconds> <peak RSS KiB of it and its workers>" to argv[1].
# A wrapper, because a child forked from this process inherits its high-water RSS (the kept
# heap of the benchmarks before it): only a grandchild forked from a small process reports
# its own peak.
_WRAPPER = """
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.call(sys.argv[2:], stdout=sys.stdout, stderr=sys.stderr)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
with open(sys.argv[1], "w") as out:
    out.write(f"{seconds} {peak}")
sys.exit(code)
"""


def _once(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """Seconds, peak resident MiB and a one-line outcome of one ``lindisc verify`` run."""
    with tempfile.TemporaryDirectory() as tmp:
        measured = Path(tmp) / "measured"
        with open(Path(tmp) / "out", "w+b") as out, open(Path(tmp) / "err", "w+b") as err:
            code = subprocess.call([sys.executable, "-c", _WRAPPER, str(measured), *command],
                                   stdout=out, stderr=err, env=env)
            out.seek(0)
            err.seek(0)
            report, errors = out.read(), err.read().decode(errors="replace").strip()
        seconds, peak_kib = (float(v) for v in measured.read_text().split())
    peak = peak_kib / 1024  # ru_maxrss is in KiB on Linux
    try:
        summary = json.loads(report)["summary"]
    except (ValueError, KeyError, TypeError):
        last = errors.splitlines()[-1] if errors else "no output"
        return seconds, peak, f"FAILED (exit {code}): {last}"
    note = f"exit {code}; " + ", ".join(f"{key} {summary.get(key, '?')}" for key in SUMMARY_KEYS)
    hits = FROM_CACHE.search(errors)
    if hits:
        note += f"; {hits.group(1)} from the cache"
    return seconds, peak, note


def run(quick: bool) -> list[dict]:
    lindisc = _lindisc()
    options = subprocess.run([*lindisc, "verify", "--help"], capture_output=True, text=True,
                             check=True).stdout
    command = [*lindisc, "verify", "--format", "json", "--quiet"]
    if "--profile" in options:
        command.append("--profile")  # its last line, on stderr, counts the cached verdicts
    cached = "--no-cache" in options
    labels = ("cold (empty cache)", "warm (cache of the cold run)") if cached else \
        ("first run", "second run")
    runs: list[list[tuple[float, float, str]]] = [[], []]  # per label: (seconds, peak, note)
    for _ in range(QUICK_REPEATS if quick else REPEATS):
        with tempfile.TemporaryDirectory() as cache:  # each pair starts from an empty cache
            env = {**os.environ, CACHE_ENV: cache}
            for got in runs:
                got.append(_once(command, env))
    rows = []
    for impl, peer, got in ((labels[0], None, runs[0]), (labels[1], labels[0], runs[1])):
        notes = [note for _, _, note in got]
        odd = [n for n in notes if n != notes[0]]
        note = notes[0] if not odd else f"runs differ: {notes[0]} | {odd[0]}"
        if not cached:
            note += "; this lindisc has no verdict cache: both runs are cold"
        rows.append({"name": NAME, "impl": impl, "times": [t for t, _, _ in got], "peer": peer,
                     "peak_mib": max(p for _, p, _ in got), "note": note})
    return rows
