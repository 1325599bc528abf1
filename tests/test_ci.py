""".ci/run runs the thorough tests in two steps chosen by path; a slow test anywhere else would
never run in CI. Every file with a ``slow`` mark must be under a path one of those steps names."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _slow_paths() -> list[str]:
    text = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    paths = re.findall(r'catalog_slow="([^"]+)"', text)[0].split()
    for line in text.splitlines():
        if "-m slow" in line and "$catalog_slow" not in line:
            paths += [w for w in line.split() if w.startswith("tests/")]
    return paths


def test_every_slow_test_file_runs_in_one_of_the_ci_steps():
    paths = _slow_paths()
    assert len(paths) >= 4, paths
    slow = [p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").rglob("test_*.py")
            if re.search(r"mark\.slow\b", p.read_text(encoding="utf-8"))]
    missed = [f for f in slow if not any(f == p or f.startswith(p.rstrip("/") + "/") for p in paths)]
    assert slow and not missed, f"slow tests .ci/run never runs: {missed}; add their path to .ci/run"
