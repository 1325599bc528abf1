"""The README's newcomer session works verbatim: each ```python block, run as written,
prints exactly the ``` block that follows it; each `$ lindisc ...` block's command exits as
the README implies and prints its lines (the seconds column and the summary's seconds aside,
which vary from run to run)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
_FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def _blocks():
    return [(m.group(1), m.group(2)) for m in _FENCE.finditer(README.read_text(encoding="utf-8"))]


def _python_examples():
    blocks = _blocks()
    return [(code, blocks[i + 1][1]) for i, (lang, code) in enumerate(blocks)
            if lang == "python" and i + 1 < len(blocks) and blocks[i + 1][0] == ""]


@pytest.mark.parametrize("code, expected", _python_examples())
def test_python_example_prints_what_the_readme_shows(code, expected):
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout == expected


def _cli_examples():
    return [b for lang, b in _blocks() if lang == "" and b.startswith("$ lindisc ")]


def _stable(line: str) -> str:
    """The line without what varies between runs: the seconds column and the summary's
    seconds (and so the width of the table's last column)."""
    line = re.sub(r"seconds=[0-9.]+", "seconds=*", line.rstrip())
    line = re.sub(r"\s+([0-9]+\.[0-9]{2}|s|-+)$", "", line)
    return re.sub(r"(?<=\S) {2,}", "  ", line)


@pytest.mark.parametrize("block", _cli_examples(), ids=lambda b: b.splitlines()[0][2:])
def test_cli_example_prints_what_the_readme_shows(block, tmp_path):
    first, *expected = block.rstrip("\n").splitlines()
    args = first[len("$ lindisc "):].split()
    out = subprocess.run([sys.executable, "-m", "derivations._interfaces.cli", *args],
                         capture_output=True, text=True, timeout=600,
                         env={"COLUMNS": "400", "LINDISC_CACHE_DIR": str(tmp_path), "HOME": str(tmp_path),
                              "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    got = [_stable(x) for x in out.stdout.rstrip("\n").splitlines()]
    assert got == [_stable(x) for x in expected]
