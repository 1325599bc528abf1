"""``lindisc verify --profile`` (the ten slowest entries, seconds per method) and the progress
bar (rich, on a terminal only, and only once a run has taken more than two seconds)."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import subprocess
import sys
import time

import pytest

from derivations._interfaces.cli import main
from derivations._interfaces.commands.verify import _profile
from derivations._interfaces.workers import _Progress

from ._terminal import drain

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _record(i: int, seconds: float, methods: dict[str, float]) -> dict:
    return {"id": f"topic.entry{i:02d}", "seconds": seconds,
            "methods": [{"name": n, "outcome": "equal", "seconds": s, "scope": {}}
                        for n, s in methods.items()]}


def _rows(lines: list[str]) -> list[list[str]]:
    """The profile's table rows, split into cells."""
    at = next(k for k, ln in enumerate(lines) if re.fullmatch(r"-+(  -+)+", ln))
    end = next(k for k, ln in enumerate(lines) if ln.startswith("all "))
    return [ln.split() for ln in [lines[at - 1]] + lines[at + 1:end]]


def test_the_profile_lists_the_ten_slowest_entries_with_seconds_per_method():
    records = [_record(i, 1.0 + i, {"exact random": 0.5 * i, "components": 0.25, "symbolic": 0.1})
               for i in range(12)]
    records.append(_record(12, 3.0, {"runs": 2.0}))  # a method only one entry has
    lines = _profile(records, cached=set(), wall=9.5, jobs=2)
    head, *rows = _rows(lines)
    assert head == ["id", "total", "rand", "comp", "sym", "runs", "other"]
    assert [r[0] for r in rows] == [f"topic.entry{i:02d}" for i in range(11, 1, -1)]
    for r in rows:
        i = int(r[0][-2:])
        total, rand, comp, sym, runs, other = r[1:]
        assert (float(total), float(rand), float(comp), float(sym)) == (1.0 + i, 0.5 * i, 0.25, 0.1)
        assert runs == "-"  # not run on this entry
        assert float(other) == pytest.approx(1.0 + i - 0.5 * i - 0.35, abs=0.006)
    work = sum(r["seconds"] for r in records)
    totals = lines[-1]
    assert totals.startswith(f"all 13 entries: {work:.1f} s of work = rand 33.0 + comp 3.0")
    assert "runs 2.0" in totals and "9.5 s wall clock with --jobs 2, 0 from the cache" in totals


def test_the_profile_marks_entries_that_came_from_the_cache():
    records = [_record(i, 1.0 + i, {"components": 0.5}) for i in range(3)]
    lines = _profile(records, cached={"topic.entry02"}, wall=0.1, jobs=2)
    _, first, *_ = _rows(lines)
    assert first[:2] == ["topic.entry02", "*"]
    assert lines[-1].startswith("* from the cache")


def test_verify_profile_follows_the_table_and_leaves_json_alone(capsys):
    ids = ["multiclass.one_vs_one_ambiguity", "geometry.lemma1_sign"]
    assert main(["verify", *ids, "--profile", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    table, profile = out.split("\nprofile: ")
    assert "summary:" in table and "cached=0" in table
    lines = ("profile: " + profile).splitlines()
    rows = _rows(lines)[1:]
    assert sorted(r[0] for r in rows) == sorted(ids)
    seconds = [float(r[1]) for r in rows]
    assert seconds == sorted(seconds, reverse=True)
    args = ["--profile", "--jobs", "1", "--format", "json", "--no-cache"]
    assert main(["verify", *ids, *args]) == 0
    captured = capsys.readouterr()
    assert {r["id"] for r in json.loads(captured.out)["results"]} == set(ids)  # stdout: JSON only
    assert captured.err.startswith("\nprofile: the 2 slowest of 2 entries")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bar_appears_only_after_two_seconds_and_leaves_no_trace():
    clock, term = _Clock(), _Terminal()
    bar = _Progress("verify", 5, stream=term, clock=clock)
    bar.advance("geometry.w_normal")
    clock.now += 1.9
    bar.tick()
    assert term.getvalue() == ""  # a quick run prints nothing
    clock.now += 0.2
    bar.advance("geometry.signed_distance")
    shown = term.getvalue()
    assert "verify" in shown and "2/5" in shown and "geometry.signed_distance" in shown
    assert "2 s" in shown  # seconds since the run started, not since the bar appeared
    bar.close()
    assert term.getvalue().endswith("\x1b[2K")  # transient: the line is erased


def test_the_bar_never_appears_off_a_terminal_or_when_everything_is_done():
    clock, piped = _Clock(), io.StringIO()
    bar = _Progress("verify", 3, stream=piped, clock=clock)
    clock.now += 60
    bar.advance("a")
    bar.close()
    assert piped.getvalue() == ""
    term = _Terminal()
    bar = _Progress("verify", 3, done=3, stream=term, clock=clock)  # all from the cache
    clock.now += 60
    bar.tick()
    assert term.getvalue() == ""


def _lindisc(*args: str, stderr_on_terminal: bool) -> tuple[int, str, str]:
    script = "import sys; from derivations._interfaces.cli import main; sys.exit(main())"
    cmd = [sys.executable, "-c", script, *args]
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    if not stderr_on_terminal:
        p = subprocess.run(cmd, check=False, capture_output=True, text=True, env=env,
                           stdin=subprocess.DEVNULL, timeout=300)
        return p.returncode, p.stdout, p.stderr
    master, slave = pty.openpty()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL,
                         env=env)
    os.close(slave)
    chunks: list[bytes] = []
    drain(master, chunks, time.monotonic() + 300)
    out = p.communicate(timeout=60)[0].decode()
    os.close(master)
    return p.returncode, out, b"".join(chunks).decode(errors="replace")


@pytest.mark.slow
def test_a_run_longer_than_two_seconds_shows_a_bar_on_a_terminal_and_nothing_in_a_pipe():
    # The heaviest entries, one worker: well over two seconds (about 14 s of work in 2026).
    args = ("verify", "least_squares.gaussian_likelihood", "fisher.multiclass_projection",
            "logistic.matrix_form_shapes", "logistic.softmax_hessian_sign", "--jobs", "1")
    code, out, err = _lindisc(*args, stderr_on_terminal=True)
    assert code == 0 and "summary:" in out
    assert re.search(r"verify .*[0-4]/4", err), err  # the bar, drawn on stderr
    code, out, err = _lindisc(*args, "--no-cache", stderr_on_terminal=False)
    assert code == 0 and "summary:" in out and err == ""
