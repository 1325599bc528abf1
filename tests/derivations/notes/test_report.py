"""The report: JSON shape, the table, and `lindisc check NOTES` through the CLI."""

import json
import subprocess
import sys
from pathlib import Path

from derivations._notes.checking import check_notes
from derivations._notes.report import SCHEMA, render

ROOT = Path(__file__).resolve().parents[3]


def test_json_and_table(tmp_path):
    p = tmp_path / "n.md"
    p.write_text("<!-- lindisc: a = scalar -->\n$$\n(a+1)^2 = a^2 + 2a + 1 = a^2 + 1\n$$\n")
    rep = check_notes(str(p), label="n.md")
    j = rep.to_json()
    assert j["schema"] == SCHEMA and j["kind"] == "notes" and j["format"] == "md"
    (c,) = j["chains"]
    assert c["first_wrong_step"] == 2 and c["first_wrong_where"] == "n.md:3:24"
    assert c["steps"][1]["counterexample"]["values"]
    text = render(rep)
    assert "n.md:3:24: step 2 of" in text and "is false" in text
    json.dumps(j, default=str)


def test_cli_dispatches_on_the_suffix(tmp_path):
    p = tmp_path / "n.tex"
    p.write_text("% lindisc: a = scalar\n\\[ a + a = 2a \\]\n\\[ a = 2a \\]\n")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "LINDISC_CACHE_DIR": str(tmp_path / "c")}
    r = subprocess.run([str(Path(sys.executable).with_name("lindisc")), "check", str(p), "--format", "json"],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 1, r.stderr
    out = json.loads(r.stdout)
    assert [c["status"] for c in out["chains"]] == ["verified", "refuted"]
    bad = tmp_path / "b.tex"
    bad.write_text("% lindisc: a = scalr\n")
    r = subprocess.run([str(Path(sys.executable).with_name("lindisc")), "check", str(bad)],
                       capture_output=True, text=True, env=env, timeout=300)
    assert r.returncode == 2 and "b.tex:1:12" in r.stderr
