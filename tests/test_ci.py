""".ci/run runs the thorough (slow) tests in two steps: the files named in ``catalog_slow`` on
the CLI's own worker pool, then every other slow test under ``tests`` with those files
ignored. A slow test is run by exactly one of them, wherever it lives."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_named_slow_files_exist_and_the_second_step_ignores_exactly_them():
    named = re.findall(r'catalog_slow="([^"]+)"', CI)[0].split()
    assert named and all((ROOT / f).is_file() for f in named), named
    assert "for f in $catalog_slow; do ignore=\"$ignore --ignore=$f\"; done" in CI
    steps = [line for line in CI.splitlines() if line.startswith("step ") and "-m slow" in line]
    assert len(steps) == 2, steps
    assert steps[0].rstrip().endswith("$catalog_slow")
    assert steps[1].rstrip().endswith("tests $ignore")
