"""``lindisc verify`` over the whole catalog, run twice in a row as a user would.

Each run is a fresh process (``lindisc verify --format json --quiet``, default ``--jobs``:
one worker per core), timed from spawn to exit, so it includes interpreter start-up and
imports. The second run's ratio is against the first. There is no verdict cache yet, so
both runs do all the work: they are labelled "first run" and "second run", not "cold" and
"warm". The note gives the exit code, the JSON summary's counts and the process's peak
resident memory (the largest of the process and its workers, from ``wait4``), which is
why ``peak_mib`` here means resident memory rather than NumPy allocations.

One repeat per run: a run takes over a minute. Quick mode skips it (the quick suite must
finish in under two minutes).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _harness import skipped

NAME = "lindisc verify (whole catalog)"
SUMMARY_KEYS = ("verified", "refuted", "undecided", "conflict", "error")


def _lindisc() -> list[str]:
    """The installed ``lindisc`` next to this interpreter, else the one on PATH."""
    beside = Path(sys.executable).with_name("lindisc")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("lindisc")
    if found is None:
        raise FileNotFoundError("no `lindisc` command: install the project (pip install -e .)")
    return [found]


def _once(command: list[str]) -> tuple[float, float, str]:
    """Seconds, peak resident MiB and a one-line outcome of one ``lindisc verify`` run."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=out, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        report, errors = out.read(), err.read().decode(errors="replace").strip()
    peak = usage.ru_maxrss / 1024  # KiB on Linux
    try:
        summary = json.loads(report)["summary"]
    except (ValueError, KeyError, TypeError):
        last = errors.splitlines()[-1] if errors else "no output"
        return seconds, peak, f"FAILED (exit {code}): {last}"
    counts = ", ".join(f"{key} {summary.get(key, '?')}" for key in SUMMARY_KEYS)
    return seconds, peak, f"exit {code}; {counts}; peak = largest process RSS"


def run(quick: bool) -> list[dict]:
    if quick:
        return [skipped(NAME, "skipped in --quick: one run takes over a minute")]
    command = _lindisc() + ["verify", "--format", "json", "--quiet"]
    rows = []
    for impl, peer in (("first run", None), ("second run", "first run")):
        seconds, peak, note = _once(command)
        rows.append({"name": NAME, "impl": impl, "times": [seconds], "peer": peer,
                     "peak_mib": peak, "note": note})
    return rows
