"""Counterexamples typeset (issue 36): exact values as math, entries numbered from 1, the
failing quantity as math — never Python's text. The comments show what the article and the
blueprint printed before (each case fails on it)."""

from __future__ import annotations

import re

import pytest
import sympy as sp

from derivations._interfaces import document, html
from derivations._interfaces.counterexample_tex import (counterexample_html, counterexample_latex,
                                                        fails_pieces, parse_value)

#: geometry.threshold_cosine's refutation, as `lindisc verify --format json` records it.
_CX = {"sizes": {"d": 2},
       "values": {"w": "[5/2, 8/3]", "P": "[-3, 2]", "t": "-13/6", "cos_theta": "-sqrt(37)/37",
                  "W": "[[-4, -4], [-2, -1/2]]", "x": "[4]", "w_0": "[[29/6]]"},
       "fails": "lhs - rhs = -13/3, not 0"}
#: Python's text in a formula: powers, nested lists, function calls, 0-based entries.
_PYTHON = re.compile(r"\*\*|\[\[|sqrt\(|\(entry 0|violates|lindiscvalue")


def test_article_typesets_exact_values():
    # was: \item w = \lindiscvalue{[5/2, 8/3]} ... \item cos\_theta = \lindiscvalue{-sqrt(37)/37}
    # ... \item lhs - rhs = -13/3 (entry 0), not 0
    tex = "\n".join(counterexample_latex(_CX))
    assert r"\begin{align*}" in tex
    assert r"\mathbf{w} &= \begin{bmatrix}\frac{5}{2} & \frac{8}{3}\end{bmatrix}^{\top}" in tex
    assert r"\cos \theta &= - \frac{\sqrt{37}}{37}" in tex
    assert r"t &= - \frac{13}{6}" in tex
    assert r"\mathbf{W} &= \begin{bmatrix}-4 & -4 \\ -2 & - \frac{1}{2}\end{bmatrix}" in tex
    assert r"\mathbf{x} &= \begin{bmatrix}4\end{bmatrix}" in tex  # a vector of length 1: bold
    assert r"w_{0} &= \frac{29}{6}" in tex  # a scalar declared as a 1x1 matrix
    assert r"$\text{lhs} - \text{rhs} = - \frac{13}{3}$, but the claim needs $0$." in tex
    assert not _PYTHON.search(tex), tex


def test_blueprint_typesets_exact_values_for_katex():
    # was: <tr><th>cos_theta</th><td><code>-sqrt(37)/37</code></td></tr>
    out = counterexample_html(_CX)
    assert "<code>" not in out
    assert ('<tr><th><span class="math">\\cos \\theta</span></th><td><span class="math">= - '
            '\\frac{\\sqrt{37}}{37}</span></td></tr>') in out
    assert '<span class="math">d = 2</span>' in out
    assert not _PYTHON.search(out), out


@pytest.mark.parametrize("fails, pieces", [
    # was: gap = 0 violates >
    ("gap = 0 violates >", [("math", r"\text{lhs} - \text{rhs} = 0"), ("text", ", but the claim needs "),
                            ("math", r"\text{lhs} - \text{rhs} > 0")]),
    ("gap = -1/2 violates <=", [("math", r"\text{rhs} - \text{lhs} = - \frac{1}{2}"),
                                ("text", ", but the claim needs "),
                                ("math", r"\text{rhs} - \text{lhs} \geq 0")]),
    # was: lhs - rhs = 3 (entry 2), not 0 — entries numbered from 0
    ("lhs - rhs = 3 (entry 3 of 4, row by row), not 0",
     [("math", r"\left(\text{lhs} - \text{rhs}\right)_{3} = 3"),
      ("text", " (entry 3 of 4, counting row by row)"),
                                        ("text", ", but the claim needs "), ("math", "0")]),
    ("gradient entry = -1690/27 at the claimed point, not 0",
     [("text", "an entry of the gradient at the claimed point is "), ("math", r"- \frac{1690}{27}"),
      ("text", ", but stationarity needs "), ("math", "0")]),
    ("sign(a) = -1 but sign(b) = 1", [("text", "the left side's sign is "), ("math", "-1"),
                                      ("text", ", the right side's "), ("math", "1"),
                                      ("text", "; the claim needs them equal")]),
    ("the left condition is True but the right one is False",
     [("text", "the left condition holds but the right one fails; the claim needs both or neither")]),
    # a sentence of another form stays prose, whole
    ("N = 32: descent ends with 5 samples outside", [("text", "N = 32: descent ends with 5 samples outside")]),
])
def test_failing_quantity_as_math(fails, pieces):
    assert fails_pieces(fails) == pieces


@pytest.mark.parametrize("text, value", [
    ("-sqrt(37)/37", -sp.sqrt(37) / 37),
    ("3**2/2", sp.Rational(9, 2)),
    ("exp(1/3)/(1 + exp(1/3))", sp.exp(sp.Rational(1, 3)) / (1 + sp.exp(sp.Rational(1, 3)))),
    ("[1, 2]", sp.ImmutableMatrix([1, 2])),
    ("[[1, 2]]", sp.ImmutableMatrix([[1, 2]])),
    ("True", sp.true),
])
def test_parse_value_reads_the_records_exact_values(text, value):
    assert parse_value(text) == value


@pytest.mark.parametrize("text", [
    "__import__('os').system('echo no')", "x.y", "lambda: 0", "[[1, 2], [3]]", "[1, [2]]",
    "2**100000", "[1, 2] + 1", "open('f')", "", "a" * 5000,
])
def test_parse_value_refuses_anything_else(text):
    """No eval: a record may come from a cache file. Text outside the whitelist is None (and
    shown as text, escaped)."""
    assert parse_value(text) is None


def test_a_value_not_read_is_shown_as_escaped_text():
    cx = {"values": {"x": "<b>1 & 2</b>"}, "fails": "50% off"}
    assert r"\&" in "\n".join(counterexample_latex(cx)) and r"50\%" in "\n".join(counterexample_latex(cx))
    out = counterexample_html(cx)
    assert "<b>" not in out and "&lt;b&gt;" in out


def test_large_matrix_value_shows_its_corners():
    big = "[" + ", ".join("[" + ", ".join(str(i * 10 + j) for j in range(10)) + "]" for i in range(10)) + "]"
    tex = "\n".join(counterexample_latex({"values": {"M": big}}))
    assert r"\ddots" in tex and "99" in tex and tex.count("&") == 4 * 3 + 1


def test_article_and_blueprint_print_it():
    """The article's and the blueprint's counterexample blocks are this module's."""
    assert document._counterexample(_CX, "geometry.threshold_cosine")[:-1] == counterexample_latex(_CX)
    assert document._counterexample(None, "x") == []
    assert html._counterexample(_CX) == counterexample_html(_CX)


@pytest.mark.parametrize("fails, pieces", [
    ("principal minor on rows [1, 3] is -2/3 < 0",
     [("text", "the principal minor on rows 1, 3 is "), ("math", r"- \frac{2}{3} < 0"),
      ("text", ", but positive semidefiniteness needs every one "), ("math", r"\geq 0")]),
    ("claimed maximiser has norm sqrt(2), not 1",
     [("text", "the claimed maximiser has norm "), ("math", r"\sqrt{2}"),
      ("text", ", but the claim needs "), ("math", "1")]),
    # a value the parser does not read: the whole sentence stays prose
    ("gradient entry = x.y at the claimed point, not 0",
     [("text", "gradient entry = x.y at the claimed point, not 0")]),
])
def test_the_other_deciders_sentences(fails, pieces):
    assert fails_pieces(fails) == pieces
