r"""The catalog's prose follows the house format (issue 36): Markdown with ``$...$`` math that
renders as LaTeX, HTML and text, no pseudo-math or internal names in running text, and every
formula — and every entry's ``printed`` statement — compiles with KaTeX (one node process for
all) and with pdflatex (one document for all).

Every entry of every topic is checked: a new entry's prose follows the format from the start.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from functools import lru_cache
from pathlib import Path

import pytest

from derivations._interfaces.prose import ProseError, math_source, to_html, to_latex, to_text
from derivations.catalog import REGISTRY
from tests.derivations.interfaces.test_document import _pdflatex

KATEX = Path(__file__).parents[3] / "derivations" / "_interfaces" / "blueprint_assets" / "katex.min.js"

ENTRIES = list(REGISTRY.values())


def _prose(e) -> list[tuple[str, str]]:
    """Every piece of an entry's Markdown prose, as (field, text)."""
    out = [("title", e.title), ("doc", e.doc)]
    out += [("caveat", e.caveat)] if e.caveat else []
    out += [(f"where ({s.document})", s.where) for s in e.sources]
    out += [("statement", e.statement)] if e.statement else []
    return out


def _tokens(md: str):
    """markdown-it's inline tokens of ``md`` (text, code, math, ...), flattened."""
    from derivations._interfaces.prose import _clean, _parser

    def walk(tokens):
        for t in tokens:
            yield t
            yield from walk(t.children or [])

    return list(walk(_parser().parse(_clean(md))))


#: Non-ASCII characters allowed in running text: accented Latin letters (a quoted phrase of a
#: document) and typographic punctuation. Everything mathematical goes inside $...$.
_PUNCTUATION = set("–—“”‘’«»§¿¡…\u00a0")
#: Pseudo-math and internal names in running text (outside math and code).
_PSEUDO = [
    (re.compile(r"[\^ˆ]"), "a superscript ^ outside math"),
    (re.compile(r"[A-Za-z0-9)\]}]_[A-Za-z0-9{]|_\{"), "a subscript _ outside math (x_A, S_W)"),
    (re.compile(r":(mod|func|class|meth|attr|data|obj):"), "a reST role"),
    (re.compile(r"(?<![\w.`])_[A-Za-z]|\._[A-Za-z]"), "a private name (leading underscore)"),
    (re.compile(r"\|\||<=|>=|!=|\*\*|~"), "ASCII pseudo-math (||, <=, >=, !=, **, ~)"),
    (re.compile(r"\bsqrt\(|\b[A-Za-z]T[A-Za-z]\b|\b[a-z]\^T"), "pseudo-math (sqrt(, wTx)"),
]


def _foreign(ch: str) -> bool:
    if ch.isascii() or ch in _PUNCTUATION:
        return False
    return not unicodedata.name(ch, "").startswith("LATIN")


def _text_problems(field: str, md: str) -> list[str]:
    """What is wrong with one piece of Markdown prose: a renderer that fails, pseudo-math or
    Unicode math outside ``$...$``, a private name in code, Unicode inside math."""
    out = []
    for render in (to_latex, to_html, to_text):
        try:
            render(md)
        except ProseError as exc:
            out.append(f"{field}: {render.__name__}: {exc}")
    for t in _tokens(md):
        if t.type == "text":
            for rx, what in _PSEUDO:
                if (m := rx.search(t.content)):
                    out.append(f"{field}: {what}: …{t.content[max(0, m.start() - 25):m.end() + 25]}…")
            bad = sorted({ch for ch in t.content if _foreign(ch)})
            if bad:
                out.append(f"{field}: Unicode math outside $...$ ({''.join(bad)}): "
                           f"{t.content[:80]!r}")
        elif t.type == "code_inline":
            if re.search(r"(^|\.)_[A-Za-z]", t.content):
                out.append(f"{field}: a private or internal name in code: `{t.content}`")
        elif t.type.startswith("math"):
            bad = sorted({ch for ch in re.sub(r"\\text\{[^{}]*\}", "", t.content)
                          if _foreign(ch)})
            if bad:
                out.append(f"{field}: Unicode in math ({''.join(bad)}): write LaTeX commands: "
                           f"${t.content}$")
    return out


def _problems(e) -> list[str]:
    out = []
    for field, md in _prose(e):
        out += _text_problems(field, md)
        if field == "title":
            from derivations._interfaces.prose import _parser

            blocks = [t.type for t in _parser().parse(md)]
            if blocks != ["paragraph_open", "inline", "paragraph_close"] or any(
                    t.type in ("em_open", "strong_open") for t in _tokens(md)):
                out.append(f"title: Markdown layout in a title (a list, heading or emphasis): {md!r}")
    from derivations._interfaces.document import _t

    for field, md in _prose(e):  # the article reads every paragraph of it as Markdown
        for para in re.split(r"\n\s*\n", md):
            try:
                if _t(para.strip(), e.id) != to_latex(para.strip()):
                    out.append(f"{field}: the article would set this paragraph literally "
                               f"(no $ or backtick, but _ ^ or a glued *): {para[:60]!r}")
            except Exception:  # noqa: BLE001 - reported above
                pass
    if not e.printed:
        out.append("printed: missing (the main statement as the document prints it)")
    elif "$" in e.printed or not re.sub(r"\\text\{[^{}]*\}", "", e.printed).isascii():
        # (a document's words inside \text{...} keep their accents: UTF-8 text, T1 fonts)
        out.append(f"printed: LaTeX math without $, ASCII outside \\text{{}}: {e.printed!r}")
    if e.kind == "exercise" and not e.statement:
        out.append("statement: an exercise needs its problem statement")
    return out


@pytest.mark.parametrize("e", ENTRIES, ids=[e.id for e in ENTRIES])
def test_prose_renders_and_has_no_pseudo_math_or_internal_names(e):
    problems = _problems(e)
    assert not problems, f"{e.id}:\n  " + "\n  ".join(problems)


def _formulas(entries) -> list[tuple[str, str, bool]]:
    """(entry id, TeX as given to KaTeX and pdflatex, display?) of every formula and printed."""
    from derivations._interfaces.prose import math_pieces

    out = []
    for e in entries:
        for _, md in _prose(e):
            for tex, display in math_pieces(md):
                try:
                    out.append((e.id, math_source(tex), display))
                except ProseError:
                    pass  # reported by the test above
        if e.printed:
            out.append((e.id, math_source(e.printed), True))
    return out


@lru_cache(maxsize=1)
def _node() -> str | None:
    return shutil.which("node")


_KATEX_RUN = r"""
const katex = require(process.argv[1]);
const items = JSON.parse(require("fs").readFileSync(0, "utf8"));
const errors = [];
for (const [id, tex, display] of items) {
  try { katex.renderToString(tex, {displayMode: display, throwOnError: true, strict: "error"}); }
  catch (e) { errors.push(id + ": $" + tex + "$: " + e.message); }
}
process.stdout.write(JSON.stringify(errors));
"""


def _katex_errors(items: list[tuple[str, str, bool]]) -> list[str]:
    """KaTeX's error for each (entry id, TeX, display?) it cannot render, strictly (no
    LaTeX-incompatible input): one node process for all of them."""
    p = subprocess.run([_node(), "-e", _KATEX_RUN, str(KATEX)], input=json.dumps(items),
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_every_formula_and_printed_statement_compiles_with_katex():
    if _node() is None:
        pytest.skip("node is not installed")
    items = _formulas(ENTRIES)
    assert len(items) >= len(ENTRIES)  # at least every printed statement
    errors = _katex_errors(items)
    assert not errors, "\n".join(errors)


def test_the_katex_check_reports_what_katex_cannot_render():
    if _node() is None:
        pytest.skip("node is not installed")
    errors = _katex_errors([("t.ok", r"\mathbf{w}^\top\mathbf{x}", False),
                            ("t.macro", r"\wx + 1", False), ("t.brace", r"\frac{a}", True)])
    assert [e.split(":")[0] for e in errors] == ["t.macro", "t.brace"]


def test_the_prose_and_printed_statements_compile_with_pdflatex(tmp_path):
    _pdflatex()  # or skip (fail under LINDISC_REQUIRE_TEX=1)
    exe = shutil.which("pdflatex")
    from derivations._interfaces.document import PREAMBLE

    lines, owner = [PREAMBLE, r"\begin{document}"], {}
    for e in ENTRIES:
        try:
            parts = [rf"\subsection{{{to_latex(e.title)}}}", *(to_latex(md) for _, md in _prose(e)[1:])]
            parts += [rf"\[{math_source(e.printed)}\]"] if e.printed else []
        except ProseError:
            continue  # reported by the first test
        start = sum(x.count("\n") + 1 for x in lines)
        lines += parts
        for n in range(start, sum(x.count("\n") + 1 for x in lines) + 1):
            owner[n] = e.id
    lines.append(r"\end{document}")
    (tmp_path / "p.tex").write_text("\n".join(lines) + "\n", encoding="ascii")
    p = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error", "-file-line-error",
                        "-draftmode", "p.tex"], cwd=tmp_path, capture_output=True, timeout=300,
                       stdin=subprocess.DEVNULL)
    log = (tmp_path / "p.log").read_text(errors="replace") if (tmp_path / "p.log").exists() else ""
    errors = [f"{owner.get(int(n), '?')}: {msg}" for n, msg in re.findall(r"p\.tex:(\d+): (.*)", log)]
    assert p.returncode == 0 and not errors, "\n".join(errors) or log[-3000:]




def _labels_and_reasons(e) -> list[tuple[str, str]]:
    """An entry's printed engine-side text as (field, Markdown): its claims' labels, its
    derivation steps' and notation's labels, the notation's reasons, and its ``no_numeric``."""
    from tests.derivations.catalog._built import built

    st = built(e.id)
    out = [("claim", k) for k in st.claims] + [("step", lbl) for lbl, _ in st.steps]
    out += [("notation", k) for k in st.notation] + [("notation why", w) for _, w in st.notation.values()]
    out += [("no_numeric", st.no_numeric)] if st.no_numeric else []
    return out


def _label_problems(e) -> list[str]:
    from derivations._interfaces.document import _t

    out = []
    for field, md in _labels_and_reasons(e):
        out += _text_problems(f"{field} {md!r}", md)
        try:
            if _t(md, e.id) != to_latex(md):
                out.append(f"{field} {md!r}: the article would set it literally (no $ or backtick)")
        except Exception:  # noqa: BLE001 - reported above
            pass
    return out


@pytest.mark.parametrize("e", ENTRIES, ids=[e.id for e in ENTRIES])
def test_claim_labels_and_reasons_are_prose(e):
    """The engine-side text the article and the blueprint print for an entry — its claims'
    labels, its derivation steps' notes, its notation's labels and reasons, its ``no_numeric``
    reason — is prose too: Markdown that renders, no pseudo-math (``W~^T x~``, ``grad J_q``,
    ``||w||``) or Unicode math outside ``$...$``, and not set literally by the article."""
    problems = _label_problems(e)
    assert not problems, f"{e.id}:\n  " + "\n  ".join(problems)


def test_every_label_formula_compiles_with_katex():
    """Every formula of the labels and reasons above, with the vendored KaTeX (one node
    process for all)."""
    from derivations._interfaces.prose import math_pieces

    if _node() is None:
        pytest.skip("node is not installed: the KaTeX check needs it")
    items = [(e.id, math_source(tex), display) for e in ENTRIES
             for _, md in _labels_and_reasons(e) for tex, display in math_pieces(md)]
    assert len(items) > 300  # the labels are mostly formulas
    errors = _katex_errors(items)
    assert not errors, "\n".join(errors)


def test_printed_statements_of_words_render_as_prose():
    """A printed statement that is mostly words is set as a paragraph (prose.printed_prose):
    every such paragraph renders its math as math — no LaTeX command left as text."""
    from derivations._interfaces.prose import printed_prose

    wordy = [(e.id, printed_prose(e.printed)) for e in ENTRIES if e.printed]
    wordy = [(eid, md) for eid, md in wordy if md is not None]
    assert wordy, "no printed statement of words: the test checks nothing"
    bad = [eid for eid, md in wordy
           if "textbackslash" in to_latex(md) or "\\" in to_text(md) or md.count("$") % 2]
    assert bad == []
