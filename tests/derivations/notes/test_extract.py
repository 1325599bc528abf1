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


def test_input_and_include_are_followed_in_reading_order(tmp_path):
    """\\input{f} and \\include{f} read f or f.tex next to the including file: its displays count
    where the command stands (reading order), positions name the included file, and its
    lindisc comments are read (issue 35: \\input was not followed)."""
    (tmp_path / "ch").mkdir()
    write(tmp_path, "ch/one.tex", "\\[ b = b \\]\n\\input{deeper}\n")
    write(tmp_path, "ch/deeper.tex", "% lindisc: c = scalar\n\\[ c = c \\]\n")
    write(tmp_path, "two.tex", "\\[ d = d \\]\n")
    p = write(tmp_path, "main.tex", "\\[ a = a \\]\n\\input{ch/one}\n% \\input{commented}\n"
              "\\include{two.tex}\n\\[ e = e \\]\n")
    doc = read_notes(p, label="main.tex")
    assert [d.body.strip() for d in doc.displays] == ["a = a", "b = b", "c = c", "d = d", "e = e"]
    assert [d.source.label for d in doc.displays] == [
        "main.tex", "ch/one.tex", "ch/deeper.tex", "two.tex", "main.tex"]
    c = doc.displays[2]
    assert c.source.loc(c.start) == type(c.source.loc(0))("ch/deeper.tex", 2, 1)
    assert [x.body.strip() for x in doc.comments] == ["c = scalar"]


@pytest.mark.parametrize(("included", "what"), [
    ("\\input{main}\n", "includes itself (main.tex → a.tex → main.tex)"),
    ("\\input{missing}\n", "no such file 'missing.tex'"),
    ("\\input{../outside}\n", "points outside the folder"),
    ("\\input{/etc/hostname}\n", "give a path relative to the file"),
    ("\\input{\\jobname}\n", "give a path relative to the file"),
])
def test_bad_inputs_are_located_errors(tmp_path, included, what):
    write(tmp_path.parent, "outside.tex", "\\[ x = x \\]\n")
    write(tmp_path, "a.tex", included)
    p = write(tmp_path, "main.tex", "text\n\\input{a}\n")
    with pytest.raises(ClaimsError) as exc:
        read_notes(p, label="main.tex")
    assert what in str(exc.value) and "a.tex:1:1" in str(exc.value)


def test_inputs_are_bounded_in_depth_and_bytes(tmp_path, monkeypatch):
    import derivations._notes.extract as ex

    for k in range(12):
        write(tmp_path, f"f{k}.tex", f"\\input{{f{k + 1}}}\n")
    write(tmp_path, "f12.tex", "\\[ a = a \\]\n")
    with pytest.raises(ClaimsError, match="nested more than 8 deep"):
        read_notes(str(tmp_path / "f0.tex"))
    monkeypatch.setattr(ex, "MAX_BYTES", 40)
    write(tmp_path, "big.tex", "x" * 30 + "\n")
    p = write(tmp_path, "m.tex", "\\input{big}\n\\input{big}\n")
    with pytest.raises(ClaimsError, match="exceed"):
        read_notes(p)
