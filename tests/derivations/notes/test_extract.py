"""Finding displays and lindisc comments in .tex, .md and .ipynb files, with positions."""

import json

import pytest

from derivations._notes.extract import read_notes
from derivations._userclaims.errors import ClaimsError


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_tex_environments_and_comments(tmp_path):
    p = write(tmp_path, "n.tex", "\\newcommand{\\w}{\\mathbf{w}}\n% lindisc: w = vector(d)\n"
              "% an ordinary comment \\begin{align} ignored\n"
              "\\begin{align*}a &= b\\end{align*}\n\\[ c = d \\]\n$$e = f$$\n"
              "\\begin{equation}g = h % lindisc: expect refuted\n\\end{equation}\n"
              "\\begin{verbatim}\\[ x = y \\]\\end{verbatim}\n")
    doc = read_notes(p, label="n.tex")
    assert [d.env for d in doc.displays] == ["align*", "\\[", "$$", "equation"]
    assert [d.body.strip() for d in doc.displays[:3]] == ["a &= b", "c = d", "e = f"]
    assert "lindisc" not in doc.displays[3].body  # comments blanked, offsets kept
    assert [c.body.strip() for c in doc.comments] == ["w = vector(d)", "expect refuted"]
    src = doc.sources[0]
    assert src.loc(doc.displays[1].start) == type(src.loc(0))("n.tex", 5, 1)
    assert "w" in doc.macros.table


def test_markdown_math_fences_and_code(tmp_path):
    p = write(tmp_path, "n.md", "<!-- lindisc: a = scalar -->\n`$$ 1 = 2 $$` inline code\n"
              "```python\n$$ 3 = 4 $$\n```\n```math\na = a\n```\n$$\nb = b\n$$\n")
    doc = read_notes(p)
    assert [d.body.strip() for d in doc.displays] == ["a = a", "b = b"]
    assert len(doc.comments) == 1


def test_notebook_markdown_cells_only(tmp_path):
    nb = {"nbformat": 4, "cells": [
        {"cell_type": "code", "source": ["$$ 1 = 2 $$"]},
        {"cell_type": "markdown", "source": ["text\n", "$$ a = b $$"]}]}
    p = write(tmp_path, "n.ipynb", json.dumps(nb))
    doc = read_notes(p, label="n.ipynb")
    assert len(doc.displays) == 1
    loc = doc.displays[0].source.loc(doc.displays[0].start)
    assert (loc.file, loc.line, loc.column) == ("n.ipynb:cell2", 2, 1)


@pytest.mark.parametrize("name,text,line,col,what", [
    ("u.tex", "a\n  \\begin{align} x = y\n", 2, 3, "never closed"),
    ("u.md", "$$ x = y\n", 1, 1, "never closed"),
    ("j.ipynb", "{\"cells\": [1,", 1, 14, "not a notebook"),
    ("k.ipynb", "{\"cells\": 3}", 1, 1, "no list of cells"),
])
def test_malformed_files_are_located(tmp_path, name, text, line, col, what):
    p = write(tmp_path, name, text)
    with pytest.raises(ClaimsError, match=what) as e:
        read_notes(p)
    assert (e.value.line, e.value.column) == (line, col)


def test_not_utf8_and_size_bound(tmp_path, monkeypatch):
    p = tmp_path / "b.tex"
    p.write_bytes(b"ok\n\xff\xfe")
    with pytest.raises(ClaimsError, match="not UTF-8") as e:
        read_notes(str(p))
    assert e.value.line == 2
    import derivations._notes.extract as ex

    monkeypatch.setattr(ex, "MAX_BYTES", 4)
    with pytest.raises(ClaimsError, match="larger than"):
        read_notes(write(tmp_path, "c.tex", "0123456789"))
