r"""The catalog's prose (Markdown with ``$...$`` math) as LaTeX, HTML and plain text
(derivations/_interfaces/prose.py), hostile input, and where the three outputs are used: the
article's text (``document._t``), the blueprint's (``html._prose``), the terminal table and
``lindisc show``.

The compile test skips when pdflatex is missing, except under LINDISC_REQUIRE_TEX=1.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest

from derivations._interfaces.prose import (ProseError, math_pieces, math_source, to_html, to_latex,
                                           to_text)
from tests.derivations.interfaces.test_document import _pdflatex

# --- LaTeX ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("md, tex", [
    ("*the* **sign**", r"\emph{the} \textbf{sign}"),
    ("`numerics.svm.fit` and `--seed`", r"\texttt{numerics.svm.fit} and \texttt{-{}-{}seed}"),
    ("`a_b {c} ~x^2 <y> \\z %#&$`",
     r"\texttt{a\_b \{c\} \textasciitilde{}x\textasciicircum{}2 <y> \textbackslash{}z \%\#\&\$}"),
    (r"the score $\mathbf{w}^\top\mathbf{x} + w_0$", r"the score $\mathbf{w}^\top\mathbf{x} + w_0$"),
    ("$$E = -\\sum_{n=1}^{N} t_n$$", r"\[E = -\sum_{n=1}^{N} t_n\]"),
    ("100% & #1_a {b} ~ \\ ^", r"100\% \& \#1\_a \{b\} \textasciitilde{} \textbackslash{} \textasciicircum{}"),
    ("Clasificación, a ≤ b", r"Clasificaci{\'{o}}n, a $\leq$ b"),
    ("- one\n- two $x_1$", "\\begin{itemize}\n\\item one\n\\item two $x_1$\n\\end{itemize}"),
    ("1. one\n2. two", "\\begin{enumerate}\n\\item one\n\\item two\n\\end{enumerate}"),
    ("first\n\nsecond", "first\n\nsecond"),
    ("[Bishop](https://example.org/a_b#c%20d)", r"\href{https://example.org/a\_b\#c\%20d}{Bishop}"),
])
def test_latex_of_each_construct(md, tex):
    assert to_latex(md) == tex


def test_a_docstrings_indented_lines_are_text_not_a_code_block():
    doc = "First line.\n\n    Second paragraph, indented as in a docstring,\n    with $x_n$."
    assert to_latex(doc) == "First line.\n\nSecond paragraph, indented as in a docstring,\nwith $x_n$."


def test_an_unbalanced_dollar_is_a_dollar_sign():
    assert to_latex("costs $5 and more") == r"costs \$5 and more"
    assert to_text("costs $5 and more") == "costs $5 and more"


def test_raw_html_is_text_in_every_output():
    md = "<b>bold</b> <script>alert(1)</script>"
    assert "<" not in to_latex(md).replace("$<$", "")
    assert "<b>" not in to_html(md) and "<script>" not in to_html(md)
    assert "&lt;script&gt;" in to_html(md)
    assert to_text(md) == md


def test_a_backslash_command_outside_math_is_printed_not_run():
    assert to_latex(r"\input{/etc/passwd}") == r"\textbackslash{}input\{/etc/passwd\}"


@pytest.mark.parametrize("math, what", [
    (r"$\input{/etc/passwd}$", r"\\input"),
    (r"$\include{x}$", r"\\include"),
    (r"$\immediate\write18{rm -rf /}$", r"\\immediate"),
    (r"$\def\x{1}$", r"\\def"),
    (r"$\catcode`\a=0$", r"\\catcode"),
    (r"$\csname input\endcsname{x}$", r"\\csname"),
    (r"$x^^5cinput{x}$", r"\^\^"),
    (r"$}\input{x}{$", "unbalanced|input"),
    (r"$x}{$", "unbalanced"),
    (r"$\begin{document}$", "math environment"),
    (r"$\end$", "math environment"),
    ("$$\\openout1=x$$", r"\\openout"),
    (r"$\pdffiledump length 100 {/etc/passwd}$", r"\\pdffiledump"),
])
def test_math_that_could_reach_files_or_redefine_latex_is_refused(math, what):
    with pytest.raises(ProseError, match=what):
        to_latex(math)
    with pytest.raises(ProseError, match=what):
        to_html(math)


def test_math_escapes_percent_and_hash_and_joins_lines():
    assert math_source("50\\% of a%b\n\n#c") == r"50\% of a\%b \#c"
    assert to_latex(r"$\begin{pmatrix} 1 \\ 2 \end{pmatrix}$") == r"$\begin{pmatrix} 1 \\ 2 \end{pmatrix}$"


def test_unicode_in_math_is_written_as_latex_and_unknown_characters_are_errors():
    assert to_latex("$λ ≥ 0$") == r"${\lambda} {\geq} 0$"
    with pytest.raises(ProseError, match=r"U\+2603"):
        to_latex("$x + ☃$")
    with pytest.raises(ProseError, match=r"U\+2603"):
        to_latex("snow ☃")


def test_math_pieces_lists_every_formula():
    assert math_pieces("a $x$ b $$y$$\n\n$$z$$") == [("x", False), ("y", True), ("z", True)]


# --- HTML ----------------------------------------------------------------------------------------


def test_html_leaves_math_for_katex_and_escapes_it():
    out = to_html(r"*if* $a < b$ then `f_x`" + "\n\n$$\\mathbf{w}$$")
    assert out == ('<p><em>if</em> <span class="math">a &lt; b</span> then <code>f_x</code></p>\n'
                   '<div class="math display">\\mathbf{w}</div>')
    assert to_html("A *title* $x$", inline=True) == 'A <em>title</em> <span class="math">x</span>'


def test_html_drops_script_links():
    assert "href" not in to_html("[x](javascript:alert(1))")


# --- plain text ----------------------------------------------------------------------------------


@pytest.mark.parametrize("md, text", [
    (r"$\mathbf{w}^\top\mathbf{x}$", "wᵀx"),
    (r"$\mathbf{w}^\top\mathbf{x} + w_0 \geq 0$", "wᵀx + w₀ ≥ 0"),
    (r"$\langle \mathbf{w}, \mathbf{x} - \mathbf{P} \rangle$", "⟨w, x − P⟩"),
    (r"$\sum_{n=1}^{N} t_n \mathbf{x}_n$", "∑ₙ₌₁ᴺ tₙ xₙ"),
    (r"$\mathbf{S}_W^{-1}(\mathbf{m}_2 - \mathbf{m}_1)$", "S_W⁻¹(m₂ − m₁)"),
    (r"$\tilde{\mathbf{W}}$, $\lVert\mathbf{w}\rVert$, $\boldsymbol{\mu}_k$", "W̃, ‖w‖, μₖ"),
    (r"$\mathcal{C}_k \subset \mathbb{R}^d$", "𝒞ₖ ⊂ ℝᵈ"),
    (r"$\frac{1}{2}\lVert\mathbf{w}\rVert^2$, $\det\mathbf{M}$", "1/2‖w‖², det M"),
    (r"$\left( a \right)$ $\sigma(a)$ $\nabla_{\mathbf{w}} E$", "(a) σ(a) ∇_w E"),
    ("*the* **sign** of `numerics.fit`", "the sign of numerics.fit"),
    ("- one\n- two", "- one\n- two"),
    ("[doc](https://example.org)", "doc <https://example.org>"),
    (r"$\frac{\mathbf{w}^\top\mathbf{w}}{\lVert\mathbf{w}\rVert}$, $\frac{a + b}{\sigma(a)}$, $x \iff y$",
     "wᵀw/‖w‖, (a + b)/σ(a), x ⇔ y"),
])
def test_text_of_each_construct(md, text):
    assert to_text(md) == text


def test_text_leaves_engine_text_as_it_is():
    assert to_text("w* = argmax_w J(w), 2*x*y") == "w* = argmax_w J(w), 2*x*y"


def test_text_fills_paragraphs_to_a_width_and_keeps_lists():
    md = "one two three four five six\nseven\n\n- item $x_1$"
    assert to_text(md) == "one two three four five six\nseven\n\n- item x₁"
    assert to_text(md, width=12) == "one two\nthree four\nfive six\nseven\n\n- item x₁"


# --- where the outputs are used ------------------------------------------------------------------


def _record(**over) -> dict:
    rec = {"id": "t.one", "title": r"The *score* $\mathbf{w}^\top\mathbf{x}$", "topic": "t",
           "kind": "result", "status": "verified",
           "sources": [{"document": "ml10", "where": "Eq. (3), $\\mathbf{x}_n$"}],
           "methods": [], "counterexample": None, "diagnosis": None, "caveat": None,
           "stated_latex": None, "latex": "x = x", "scope": {"every_size": True},
           "seconds": 0.1, "doc": "See `numerics.fit`: *each* $t_n$.", "claims": [],
           "stated": None, "numeric": None, "notation": [], "complete": True}
    rec.update(over)
    return rec


def test_the_article_renders_titles_docs_and_sources_as_markdown():
    from derivations._interfaces.document import snippet

    tex = snippet(_record())
    assert r"\begin{lindiscresult}[{The \emph{score} $\mathbf{w}^\top\mathbf{x}$}]" in tex
    assert r"See \texttt{numerics.fit}: \emph{each} $t_n$." in tex
    assert r"Eq. (3), $\mathbf{x}_n$" in tex


@pytest.mark.parametrize("engine_text", [
    "20*sqrt(2)*exp(-7200/5929)/(231*sqrt(pi))",          # a counterexample value (SymPy)
    "the term (c - 1)**2*Trace(T.T*T)/2 is dropped (proved)",  # a diagnosis
    "(R R^T)_ii = (y_k(x_i) - 1)^2 + sum_{j != k} y_j(x_i)^2",  # a claim label
    "E(W~*) + (c - 1)^2/2 Tr(T^T T) = E(c W~*)",
])
def test_the_article_sets_engine_text_literally_not_as_markdown(engine_text):
    from derivations._interfaces.document import _t
    from derivations._interfaces.latex import tex_text

    assert _t(engine_text, "t.one") == tex_text(engine_text)
    assert to_latex(engine_text) != tex_text(engine_text)  # Markdown would have mangled it


def test_the_article_names_the_entry_of_forbidden_prose():
    from derivations._interfaces.document import LatexBuildError, snippet

    with pytest.raises(LatexBuildError, match=r"entry t\.one: .*\\input"):
        snippet(_record(doc=r"$\input{x}$"))


def test_the_blueprint_renders_docs_as_markdown_and_engine_text_literally():
    from derivations._interfaces.html import _prose

    assert _prose("*each* $t_n$") == '<p><em>each</em> <span class="math">t_n</span></p>'
    assert _prose("y_i(x)*2 and *y_j*\n\nnext") == "<p>y_i(x)*2 and *y_j*</p>\n<p>next</p>"


@pytest.mark.parametrize("text, markdown", [
    ("The *score* of a sample", True), ("$x_1$ and 2*x", True), ("`a_b`", True),
    ("w^T x_A = 0", False), ("2*sqrt(2)", False), ("(*the* ML estimator)", True),
])
def test_engine_text_is_told_from_markdown(text, markdown):
    from derivations._interfaces.prose import is_markdown

    assert is_markdown(text) is markdown


def test_the_terminal_table_and_show_print_titles_as_plain_text():
    from derivations._interfaces.commands.show import _show_text
    from derivations._interfaces.report import render_table

    rec = _record()
    table = render_table([rec], [True], {})
    assert "The score wᵀx" in table and "$" not in table.split("\n")[2]
    shown = _show_text({**rec, "printed": r"\mathbf{w}^\top\mathbf{x}", "statement": "Show $x_1$."})
    assert shown.startswith("t.one — The score wᵀx")
    assert "ml10 (Eq. (3), xₙ)" in shown and "See numerics.fit: each tₙ." in shown
    assert "exercise: Show x₁." in shown and "as the document prints it:  wᵀx" in shown


# --- pdflatex ------------------------------------------------------------------------------------

_SHOWCASE = r"""The *score* $\mathbf{w}^\top\mathbf{x} + w_0$ of **every** sample, by `numerics.svm.fit --seed 3`;
Clasificación with 100% & #1_a {b} ~ \input{x} <b>html</b>, costs $5.

- a list $\sum_{n=1}^{N} t_n \mathbf{x}_n$ and [a link](https://example.org/a_b#c%20d~e)
- $\begin{pmatrix} 1 \\ 2 \end{pmatrix}$ and λ ≥ 0

$$\lVert\mathbf{w}\rVert^2 = \mathbf{w}^\top\mathbf{w} \quad 50\%$$

> quoted `code_x 'a' "b" <c|d>`
"""


def test_the_latex_of_prose_compiles(tmp_path):
    _pdflatex()  # or skip (fail under LINDISC_REQUIRE_TEX=1)
    exe = shutil.which("pdflatex")
    from derivations._interfaces.document import PREAMBLE

    body = to_latex(_SHOWCASE)
    (tmp_path / "p.tex").write_text(PREAMBLE + "\\begin{document}\n\\section{" + to_latex(
        r"A title with $\mathbf{x}_\perp$ and `a_b`") + "}\n" + body + "\n\\end{document}\n",
        encoding="ascii")
    p = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", "p.tex"],
                       cwd=tmp_path, capture_output=True, timeout=120, stdin=subprocess.DEVNULL)
    assert p.returncode == 0, p.stdout.decode(errors="replace")[-3000:]


def test_text_writes_derivatives_in_leibniz_form():
    # was: (∂)/(∂ w)(x) and (∂ E)/(∂ w₀)
    assert to_text(r"$\frac{\partial}{\partial \mathbf{w}}\left(x\right) = \frac{\partial E}"
                   r"{\partial w_0}$, $\frac{a + b}{c}$") == "∂/∂w(x) = ∂E/∂w₀, (a + b)/c"


def test_a_printed_statement_of_words_becomes_a_paragraph():
    """A printed form that is mostly the document's words (a long \\text{...}) is set as a
    paragraph with its math inline — a display cannot break it (the blueprint scrolled
    sideways at 632 px in 501, feature_maps.no_parabola); a formula stays a display."""
    from derivations._interfaces.prose import printed_prose

    md = printed_prose(r"A x_1^2 + F = 0 \text{ [...] correspondiente a un c\'{\i}rculo de} r")
    assert md == r"$A x_1^2 + F = 0$ \[...\] correspondiente a un círculo de $r$"
    assert to_text(md) == "A x₁² + F = 0 [...] correspondiente a un círculo de r"
    assert printed_prose(r"\mathbf{w}^\top\mathbf{x} = 0 \text{ for all } n") is None
    assert printed_prose(r"\frac{1}{2}\text{ a }") is None
    assert printed_prose(r"x \text{ unbalanced {words here and more}") is None
    # (fisher's targets: a \text inside cases is the environment's; cut there, KaTeX failed)
    assert printed_prose(r"t_n = \begin{cases} N/N_1 & \text{if it is in class one} \\ "
                         r"0 & \text{otherwise} \end{cases}") is None


def test_text_writes_binomials_inequality_and_starred_operators():
    # was: binomK2, a ne b, *arg maxₓ f
    assert (to_text(r"$\binom{K}{2}$, $a \ne b$, $\operatorname*{arg\,max}_x f$")
            == "C(K, 2), a ≠ b, arg maxₓ f")
