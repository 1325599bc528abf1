"""The pre-commit hook's entry point and the pytest plugin (`pytest --lindisc DIR`)."""

import os
import subprocess
import sys
from pathlib import Path

from derivations._notes.hooks import main, wants

ROOT = Path(__file__).resolve().parents[3]
GOOD = "% lindisc: a = scalar\n\\[ a + a = 2a \\]\n"
BAD = "% lindisc: a = scalar\n\\[ a + a = 3a \\]\n"


def test_only_files_that_opt_in(tmp_path):
    (tmp_path / "n.tex").write_text(GOOD)
    (tmp_path / "plain.md").write_text("$$ x = y $$\n")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "c.toml").write_text("format = 1\n[symbols]\na = 'scalar'\n[[claim]]\nlhs = 'a'\nrhs = 'a'\n")
    assert [p.name for p in sorted(tmp_path.iterdir()) if wants(p)] == ["c.toml", "n.tex"]


def test_the_hook_exits_with_the_worst_code(tmp_path, capsys):
    (tmp_path / "good.tex").write_text(GOOD)
    (tmp_path / "bad.tex").write_text(BAD)
    (tmp_path / "broken.tex").write_text("% lindisc: a = scalr\n")
    assert main([str(tmp_path / "good.tex")]) == 0
    assert main([str(tmp_path / "good.tex"), str(tmp_path / "bad.tex")]) == 1
    assert "is false" in capsys.readouterr().out
    assert main([str(tmp_path / "bad.tex"), str(tmp_path / "broken.tex")]) == 2


def test_the_precommit_definition_names_the_hook():
    text = (ROOT / ".pre-commit-hooks.yaml").read_text()
    assert "id: lindisc-check" in text and "python -m derivations._notes.hooks" in text


def test_pytest_lindisc_one_item_per_file_failure_shows_the_counterexample(tmp_path):
    (tmp_path / "good.tex").write_text(GOOD)
    (tmp_path / "bad.tex").write_text(BAD)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LINDISC_CACHE_DIR": str(tmp_path / "c")}
    r = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:lindisc", "-p",
                        "derivations._notes.pytest_plugin", "--lindisc", "-q", "-n", "0",
                        "-p", "no:cacheprovider", "--rootdir", str(tmp_path), str(tmp_path)],
                       capture_output=True, text=True, env=env, timeout=600, cwd=tmp_path)
    assert r.returncode == 1, r.stdout[-3000:] + r.stderr[-2000:]
    assert "1 failed, 1 passed" in r.stdout
    assert "bad.tex:2:10: step 1 of" in r.stdout and "a = 6/5" in r.stdout
