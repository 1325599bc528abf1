"""The README's newcomer session works verbatim: each ```python block, run as written,
prints exactly the ``` block that follows it; each `$ lindisc ...` block's command exits as
the README implies and prints its lines (the seconds column and the summary's seconds aside,
which vary from run to run)."""

from __future__ import annotations

import re
import shutil
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


# -- issue 37: every snippet and every concrete command of the README, verbatim --------------

REPO = README.parent


def _toml_snippets():
    return [b for lang, b in _blocks() if lang == "toml"]


@pytest.mark.parametrize("snippet", _toml_snippets())
def test_each_toml_snippet_saved_as_a_file_is_a_valid_claims_file(snippet, tmp_path):
    f = tmp_path / "snippet.toml"
    f.write_text(snippet, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "derivations._interfaces.cli", "check", str(f)],
                         capture_output=True, text=True, timeout=600,
                         env={"LINDISC_CACHE_DIR": str(tmp_path), "HOME": str(tmp_path),
                              "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})
    assert out.returncode in (0, 1), out.stderr  # 1: the snippet's derivation has a wrong step
    assert "Traceback" not in out.stderr


def _inline_python():
    text = README.read_text(encoding="utf-8")
    return sorted(set(re.findall(r"`(derivations\.\w+\([^`]*\))`", text)))


@pytest.mark.parametrize("call", _inline_python())
def test_each_inline_python_call_runs(call):
    out = subprocess.run([sys.executable, "-c", f"import derivations; print({call})"],
                         capture_output=True, text=True, timeout=600, cwd=REPO)
    assert out.returncode == 0, out.stderr


#: Inline commands too heavy for a test run, each with the reason.
_HEAVY = {"lindisc selftest": "the whole mutation suite (tests/derivations/verdicts/test_selftest.py "
                              "runs it in the slow suite)"}


def _inline_commands():
    """Every `lindisc ...` in backticks that is a concrete command (no placeholder in capitals,
    no [optional] part, no '...')."""
    text = README.read_text(encoding="utf-8")
    cmds = sorted(set(re.findall(r"`(lindisc [^`]*)`", text)))
    return [c for c in cmds if not re.search(r"(^|\s)[A-Z][A-Z_]*(\s|$)|\[|\.\.\.|\\\|", c)]


def test_the_inline_commands_are_found():
    cmds = _inline_commands()
    assert "lindisc check examples/claims/geometry.toml" in cmds and len(cmds) >= 6


@pytest.mark.slow
@pytest.mark.parametrize("cmd", _inline_commands())
def test_each_inline_command_runs_verbatim(cmd, tmp_path):
    if cmd in _HEAVY:
        pytest.skip(_HEAVY[cmd])
    if "--pdf" in cmd and not shutil.which("pdflatex"):
        pytest.skip("no pdflatex")
    (tmp_path / "examples").symlink_to(REPO / "examples")
    out = subprocess.run([sys.executable, "-m", "derivations._interfaces.cli", *cmd.split()[1:]],
                         capture_output=True, text=True, timeout=1800, cwd=tmp_path,
                         env={"LINDISC_CACHE_DIR": str(tmp_path / "cache"), "HOME": str(tmp_path),
                              "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})
    # 0, or 1 where the README says the input has something that does not hold
    assert out.returncode in (0, 1), (cmd, out.stderr[-2000:])
    assert "Traceback" not in out.stderr


def test_latex_help_mentions_every_output_option():
    out = subprocess.run([sys.executable, "-m", "derivations._interfaces.cli", "latex", "--help"],
                         capture_output=True, text=True, timeout=120, cwd=REPO)
    assert "--html" in out.stdout.split("options:")[0] and "--snippets" in out.stdout
