"""`lindisc latex` (derivations/_interfaces/commands/latex.py): where the figures go and how the
PDF is reported. The article itself is tested in tests/derivations/interfaces/test_document.py."""

from __future__ import annotations

import shutil

import pytest

from derivations._interfaces.cli import main


@pytest.fixture
def figure_at_w_normal(monkeypatch):
    """A figure placed at geometry.w_normal (the figures' own list names the entries where the
    documents mention them; this one is the test's)."""
    from derivations._interfaces import figures

    spec = figures.FigureSpec("fisher", "fisher", "udelar2018 (Fisher)",
                              entries=("geometry.w_normal",), caption="Two directions")
    monkeypatch.setattr(figures, "FIGURES", (spec,))


def test_the_figures_are_drawn_beside_the_tex_and_included_from_there(tmp_path, capsys,
                                                                     figure_at_w_normal):
    pytest.importorskip("matplotlib")
    tex = tmp_path / "out" / "notes.tex"
    assert main(["latex", "geometry.w_normal", "--jobs", "1", "-o", str(tex)]) == 0
    assert (tmp_path / "out" / "notes-figures" / "fisher.pdf").read_bytes().startswith(b"%PDF")
    assert r"\includegraphics[width=0.8\linewidth]{notes-figures/fisher.pdf}" in tex.read_text()


def test_the_pdf_with_its_figure_compiles_and_says_how_many_passes(tmp_path, capsys,
                                                                   figure_at_w_normal):
    pytest.importorskip("matplotlib")
    if not shutil.which("pdflatex"):
        pytest.skip("pdflatex not installed")
    tex = tmp_path / "notes.tex"
    assert main(["latex", "geometry.w_normal", "--jobs", "1", "-o", str(tex), "--pdf"]) == 0
    err = capsys.readouterr().err
    assert f"wrote {tmp_path / 'notes.pdf'} (2 pdflatex passes)" in err, err
    assert "warning" not in err


def test_the_snippets_input_cleanly_into_a_document_of_their_own(tmp_path, capsys):
    """`--snippets DIR`: lindisc-preamble.tex after the packages it names, then each fragment
    \\input — a numbered statement each — compiles with no error."""
    import subprocess

    if not shutil.which("pdflatex"):
        pytest.skip("pdflatex not installed")
    ids = ["geometry.w_normal", "geometry.threshold_cosine"]
    assert main(["latex", *ids, "--jobs", "1", "--snippets", str(tmp_path)]) == 0
    packages = (tmp_path / "lindisc-preamble.tex").read_text().splitlines()[0].lstrip("% ").split(" and")[0]
    assert packages == r"\usepackage{amsmath,amssymb,amsthm,graphicx,xcolor}"
    (tmp_path / "notes.tex").write_text("\n".join([
        r"\documentclass{article}", packages, r"\input{lindisc-preamble}", r"\begin{document}",
        r"\section{Mine}", *(rf"\input{{{i}}}" for i in ids), r"\end{document}", ""]))
    p = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "notes.tex"],
                       cwd=tmp_path, capture_output=True, stdin=subprocess.DEVNULL, timeout=120)
    log = (tmp_path / "notes.log").read_text(errors="replace")
    assert p.returncode == 0, log[-2000:]
    from pypdf import PdfReader

    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "notes.pdf").pages)
    assert "Result 1.1: " in text and "Erratum 1.2: " in text
