"""--annotate: a copy of the .tex with a mark per checked step, which pdflatex compiles."""

import shutil
import subprocess

import pytest

from derivations._notes.annotate import annotate
from derivations._notes.checking import check_notes
from derivations._userclaims.errors import ClaimsError

TEX = ("\\documentclass{article}\\usepackage{amsmath}\n% lindisc: a = scalar; b = scalar\n"
       "\\begin{document}\n\\begin{align}\n(a+b)^2 &= a^2 + 2ab + b^2 \\\\\n &= a^2 + b^2 % wrong\n"
       "\\end{align}\n\\[ a \\approx b \\]\n$$ a + b = b + a $$\n\\end{document}\n")


def test_one_mark_per_step_and_the_rest_unchanged(tmp_path):
    src = tmp_path / "n.tex"
    src.write_text(TEX)
    rep = check_notes(str(src), budget=10)
    out = tmp_path / "out.tex"
    assert annotate(rep, str(src), str(out)) == 4
    text = out.read_text()
    assert "[lindisc 1: verified]}\\\\" in text and "[lindisc 2: REFUTED]" in text
    assert "[lindisc 1: not checked]" in text and "[lindisc 1: holds]" in text
    import re

    assert re.sub(r"\\qquad\\mbox\{\\scriptsize\[lindisc [^]]*\]\}", "", text) == TEX


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_the_annotated_copy_compiles(tmp_path):
    src = tmp_path / "n.tex"
    src.write_text(TEX)
    annotate(check_notes(str(src), budget=10), str(src), str(tmp_path / "out.tex"))
    r = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "out.tex"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout[-2000:]


def test_a_marked_erratum_says_so_and_equivalences_get_one_mark(tmp_path):
    src = tmp_path / "n.tex"
    src.write_text("% lindisc: a = scalar\n\\[ a + a = 3a % lindisc: expect refuted\n\\]\n"
                   "\\[ a \\ge 0 \\iff -a \\le 0 \\]\n")
    rep = check_notes(str(src), budget=10)
    assert annotate(rep, str(src), str(tmp_path / "o.tex")) == 2
    text = (tmp_path / "o.tex").read_text()
    assert "REFUTED (as marked)" in text and "[lindisc 1: verified]" in text


def test_never_overwrites_the_notes(tmp_path):
    src = tmp_path / "n.tex"
    src.write_text(TEX)
    with pytest.raises(ClaimsError, match="overwrite"):
        annotate(check_notes(str(src), budget=10), str(src), str(tmp_path / "." / "n.tex"))
    assert src.read_text() == TEX


def test_only_tex(tmp_path):
    src = tmp_path / "n.md"
    src.write_text("<!-- lindisc: a = scalar -->\n$$ a = a $$\n")
    with pytest.raises(ClaimsError, match=r"\.tex"):
        annotate(check_notes(str(src)), str(src), str(tmp_path / "o.tex"))
