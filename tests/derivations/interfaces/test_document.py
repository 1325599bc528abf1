"""The LaTeX article of ``lindisc latex``: text and formula conversion (exact raw strings),
the document's structure, errors that name the entry, and a real pdflatex compile.

The records below are fixtures of the *renderer* (what ``lindisc show --format json`` gives);
they decide nothing. The compile tests skip when pdflatex is missing, except under
LINDISC_REQUIRE_TEX=1 (.ci/run installs TeX Live and sets it), where a missing pdflatex fails.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import sys

import pytest

from derivations._interfaces.document import LatexBuildError, article, compile_pdf, snippet
from derivations._interfaces.latex import UnicodeLatexError, tex_math, tex_text


@pytest.mark.parametrize("text, tex", [
    ("100% & #1_a", r"100\% \& \#1\_a"),
    ("Clasificación, ñ", r"Clasificaci{\'{o}}n, {\~{n}}"),
    ("a ≠ b ≤ c", r"a $\neq$ b $\leq$ c"),
    ("10⁻⁶", r"10${}^{-6}$"),
    ("wᵀx", r"w${}^{\top}$x"),
    ("αᵢ ≥ 0", r"$\alpha _{i}$ $\geq$ 0"),
    ("‖w‖ > 0", r"$\|$w$\|$ $>$ 0"),
    ("λ̄", r"$\bar{\lambda}$"),
    ("§4.1 — ½", r"\S{}4.1 --- $\frac{1}{2}$"),
])
def test_text_is_ascii_latex_exactly(text, tex):
    assert tex_text(text) == tex
    assert tex_text(text).isascii()


@pytest.mark.parametrize("math, tex", [
    (r"\mathbf{ỹ} + λ", r"\mathbf{\tilde{y}} + {\lambda}"),
    (r"\text{C\_2 above ỹ}", r"\text{C\_2 above {\~{y}}}"),
    (r"\text{on ½λa²: |1 − ηλ|}", r"\text{on $\frac{1}{2}$$\lambda$a${}^{2}$: |1 $-$ $\eta$$\lambda$|}"),
    ("x̃ ŵ", r"\tilde{x} \hat{w}"),
])
def test_formulas_are_ascii_latex_exactly(math, tex):
    assert tex_math(math) == tex


def test_a_character_without_latex_is_an_error_not_dropped():
    with pytest.raises(UnicodeLatexError, match=r"U\+2603"):
        tex_text("snow ☃")
    with pytest.raises(UnicodeLatexError, match=r"U\+2603"):
        tex_math("x + ☃")


def _record(eid="t.one", **over) -> dict:
    rec = {"id": eid, "title": "A result: wᵀx = xᵀw", "topic": eid.split(".")[0],
           "kind": "result", "status": "verified",
           "sources": [{"document": "ml10", "where": "§2, Eq. (3)"}],
           "methods": [{"name": "exact random", "outcome": "equal", "seconds": 0.1,
                        "scope": {"seed": 7}, "detail": ""}],
           "counterexample": None, "diagnosis": None, "caveat": None, "stated_latex": None,
           "latex": r"\mathbf{w}^{\top} \mathbf{x} = \mathbf{x}^{\top} \mathbf{w}",
           "scope": {"every_size": True, "proved_up_to": {"d": 3}, "sampled_up_to": {"d": 5},
                     "bound": 1e-30},
           "doc": "Symmetry of the inner product.",
           "claims": [{"label": "symmetry", "status": "verified",
                       "latex": r"\mathbf{w}^{\top} \mathbf{x} = \mathbf{x}^{\top} \mathbf{w}",
                       "methods": [], "counterexample": None}],
           "stated": None, "numeric": {"outcome": "equal", "detail": "1 agreement(s)"},
           "notation": []}
    rec.update(over)
    return rec


def _erratum() -> dict:
    return _record("t.two", kind="erratum", status="refuted", title="Printed with a flipped sign",
                   stated={"label": "as printed", "status": "refuted", "latex": "a = -a",
                           "counterexample": {"sizes": {}, "values": {"a": "1"},
                                              "fails": "lhs - rhs = 2, not 0"}},
                   diagnosis="the overall sign is flipped (proved)")


def test_a_typo_is_printed_once_as_printed_above_its_correction_and_indexed():
    """A typo (a slip the document's next line corrects) is refuted as printed like an erratum:
    printed once, in its topic, "As printed" over "Corrected", the counterexample and the
    diagnosis under them, and listed (a link) in the errata index — not repeated there."""
    typo = dict(_erratum(), id="t.typo", kind="typo", title="A slip the next line corrects")
    src = article([_record(), typo]).source
    assert src.count(r"\lindiscformula{a \lindiscnext{}= -a}") == 1
    body = src[src.index(r"\begin{lindisctypo}"):src.index(r"\end{lindisctypo}")]
    order = [body.index(s) for s in (r"{As printed}", "a \\lindiscnext{}= -a", r"{Corrected}",
                                      r"\mathbf{w}^{\top}", "Counterexample", "Diagnosis")]
    assert order == sorted(order)
    index = src[src.index(r"\section{Index of errata, typos and caveats}"):]
    assert r"Typo~\ref{entry:t.typo}" in index and r"\pageref{entry:t.typo}" in index
    assert "a = -a" not in index.replace(r"\lindiscnext{}", "")


def test_the_document_form_comes_first_then_the_claims_and_scope_only_when_stated():
    printed = _record("t.p", printed=r"\mathbf{w}^\top\mathbf{x} = \mathbf{x}^\top\mathbf{w}",
                      scope={}, methods=[])
    s = snippet(printed)
    assert s.index("As the document prints it") < s.index(r"\mathbf{w}^\top\mathbf{x}") \
        < s.index("Claims and derivation steps")
    assert "Scope" not in s and "Seeds" not in s  # nothing to state: no "Scope: none."
    fixed = snippet(_record("t.f", scope={"every_size": False, "proved_sizes": [{}]}))
    assert "Scope" not in fixed and r"\textit{Seeds:} 7" in fixed  # a fixed-size proof
    assert r"\textit{Scope:} every size" in snippet(_record())


def test_an_exercise_states_its_problem_before_its_solution():
    ex = _record("t.ex", kind="exercise", statement="Show that the two products agree.")
    s = snippet(ex)
    assert s.startswith(r"\begin{lindiscexercise}[")
    assert s.index(r"\textit{Problem.} Show that the two products agree.") < s.index("Solution")


def test_article_has_every_entry_its_scope_seeds_and_an_errata_section():
    doc = article([_record(), _erratum()])
    src = doc.source
    assert src.isascii()
    assert r"\documentclass" in src and src.rstrip().endswith(r"\end{document}")
    assert r"\label{entry:t.one}" in src and r"\label{entry:t.two}" in src
    assert "proved at $d \\le 3$" in src and "exact random points up to $d = 5$" in src
    assert r"\textit{Seeds:} 7" in src
    assert r"\section{Index of errata, typos and caveats}" in src
    assert r"\lindiscformula{a \lindiscnext{}= -a}" in src and "the overall sign is flipped" in src
    a, b = doc.spans["t.one"]
    assert "t.one" in "\n".join(doc.lines[a - 1:b])
    assert doc.entry_at(a) == "t.one"


def test_snippet_is_a_fragment_for_input():
    s = snippet(_record())
    assert s.startswith(r"\begin{lindiscresult}[") and r"\documentclass" not in s
    assert s.rstrip().endswith(r"\end{lindiscresult}") and r"\subsection" not in s


def test_an_entry_with_text_latex_cannot_write_is_named():
    bad = _record("t.bad", title="snowman ☃")
    with pytest.raises(LatexBuildError, match="entry t.bad"):
        article([_record(), bad])


def _pdflatex():
    if shutil.which("pdflatex"):
        return True
    if os.environ.get("LINDISC_REQUIRE_TEX") == "1":
        pytest.fail("LINDISC_REQUIRE_TEX=1 but pdflatex is not installed")
    pytest.skip("pdflatex not installed (apt-get install texlive-latex-base texlive-latex-recommended)")


def test_the_article_compiles_with_pdflatex(tmp_path):
    _pdflatex()
    warnings = compile_pdf(article([_record(), _erratum()]), tmp_path / "a.pdf")
    assert (tmp_path / "a.pdf").read_bytes().startswith(b"%PDF")
    assert warnings == []


def test_a_latex_error_names_the_entry_that_caused_it(tmp_path):
    _pdflatex()
    broken = copy.deepcopy(_record("t.broken"))
    broken["claims"][0]["latex"] = r"\frac{1}{2} \undefinedmacro"
    with pytest.raises(LatexBuildError, match=r"t\.broken.*Undefined control sequence"):
        compile_pdf(article([_record(), broken]), tmp_path / "b.pdf")
    assert not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize("deep, tex, out", [
    (False, r"a + b = c", r"a \lindiscnext{}+ b \lindiscnext{}= c"),
    (False, r"- a - b \leq -c", r"- a \lindiscnext{}- b \lindiscnext{}\leq -c"),
    (False, r"\left(a + b\right) c^{-1} + d", r"\left(a + b\right) c^{-1} \lindiscnext{}+ d"),
    (False, r"\left(a\right)^{2} \left(b\right)\left(c\right) x \left(d\right)",
     r"\left(a\right)^{2} \lindisctimes \left(b\right)\lindisctimes \left(c\right) x \left(d\right)"),
    (False, r"\frac{a + b}{c} = \begin{matrix}1 & -2\end{matrix}",
     r"\frac{a + b}{c} \lindiscnext{}= \begin{matrix}1 & -2\end{matrix}"),
    (False, r"\text{x = 1} \Leftrightarrow y \in S", r"\text{x = 1} \lindiscnext{}\Leftrightarrow y \lindiscnext{}\in S"),
    (False, r"\left\|w\right\| \leftarrow v", r"\left\|w\right\| \leftarrow v"),
    (True, r"\left(\frac{a}{b} + c\right)^{2} = d",
     r"\biggl(\frac{a}{b} \lindiscinner{1}+ c\biggr)^{2} \lindiscnext{}= d"),
    (True, r"\left(a - \left(b + c\right)\right) \left(d\right)",
     r"\Bigl(a \lindiscinner{1}- \bigl(b \lindiscinner{2}+ c\bigr)\Bigr) \lindisctimes \bigl(d\bigr)"),
    (True, r"\left.\frac{\partial}{\partial w} - a\right|_{w = 1} = 0",
     r"\biggl.\frac{\partial}{\partial w} \lindiscinner{1}- a\biggr|_{w = 1} \lindiscnext{}= 0"),
    (True, r"\left\{ x : -a \middle| b \right\}", r"\bigl\{ x : -a \bigm| b \bigr\}"),
    (True, r"{\left(a + b\right)}_{1} = c", r"{\left(a + b\right)}_{1} \lindiscnext{}= c"),
    (True, "y = e^{" + " + ".join(f"a_{i}" for i in range(12)) + "}",
     r"y \lindiscnext{}= \exp\bigl(" + r" \lindiscinner{1}+ ".join(f"a_{i}" for i in range(12)) + r"\bigr)"),
    (True, r"y = e^{-x}", r"y \lindiscnext{}= e^{-x}"),
])
def test_long_formulas_break_at_their_top_level_then_inside_brackets_exactly(deep, tex, out):
    r"""Without ``deep``, breaks only at the top level. With it (what ``\lindiscformula`` uses
    when a piece is still wider than the line), the brackets outside braces become fixed-size
    pairs (``\bigg`` around a fraction, ``\Big`` around nested brackets), so what they enclose
    breaks too — at ``\lindiscinner{k}``, k pairs deep, a break TeX takes only where one less
    deep does not do; a long exponent of e becomes ``\exp(...)``."""
    from derivations._interfaces.document import breakable

    assert breakable(tex, deep=deep) == out


def test_a_formula_offers_its_deep_form_only_when_it_differs():
    from derivations._interfaces.document import _m

    assert _m(r"a + b", "t.x") == r"\lindiscformula{a \lindiscnext{}+ b}"
    assert _m(r"\left[a + b\right]", "t.x") == (
        r"\lindiscformula[{\bigl[a \lindiscinner{1}+ b\bigr]}]{\left[a + b\right]}")


def test_a_formula_that_is_only_text_is_a_paragraph():
    from derivations._interfaces.document import _m

    assert _m(r"\text{runs agree}", "t.x") == r"\lindisctext{runs agree}"
    assert _m(r"\text{a} = \text{b}", "t.x") == r"\lindiscformula{\text{a} \lindiscnext{}= \text{b}}"


def _formula(eid: str, latex: str) -> dict:
    """A record whose one claim is ``latex`` (verified)."""
    return _record(eid, claims=[{"label": eid, "status": "verified", "latex": latex,
                                 "methods": [], "counterexample": None}])


def _terms(n: int) -> str:
    return " + ".join(rf"\frac{{\mathbf{{w}}^{{\top}} \mathbf{{x}}_{{{i}}}}}{{{i + 1}}}" for i in range(n))


def test_long_formulas_compile_without_an_overfull_box(tmp_path):
    _pdflatex()
    terms = _terms(80)
    long_sum = _formula("t.sum", f"s = {terms}")
    product = " ".join(rf"\left(a_{{{i}}} + b_{{{i}}}\right)^{{2}}" for i in range(40))
    long_product = _formula("t.prod", f"p = {product}")
    one_piece = _formula("t.piece", rf"\left({terms}\right)")
    text = _formula("t.text", r"\text{" + "a long run of words " * 30 + "}")
    assert compile_pdf(article([long_sum, long_product, one_piece, text]), tmp_path / "l.pdf",
                       overfull_pt=0.0) == []


def test_jupyter_latex_is_one_display_formula_with_escaped_text_exactly():
    from derivations._interfaces.document import jupyter_latex

    assert jupyter_latex("t.a_b (result): 100% #1 ||w||", [
        ("verified", "x_1", r"\mathbf{x}"), ("refuted", "as printed", "a = -a"),
        ("undecided", "open", "b"), (None, "built", "c"), ("error", "crashed", "")]) == (
        r"$$\begin{array}{l}\text{t.a\_b (result): 100\% \#1 $||$w$||$} \\ "
        r"\checkmark\ \text{x\_1 (verified):}\quad \mathbf{x} \\ "
        r"\times\ \text{as printed (refuted):}\quad a = -a \\ "
        r"\text{?}\ \text{open (undecided):}\quad b \\ "
        r"\text{built:}\quad c \\ "
        r"\text{?}\ \text{crashed (error):}\end{array}$$")


def _symmetry_entry():
    from derivations._claims.claims import Equal
    from derivations._claims.statement import Statement
    from derivations._symbols.space import Space
    from derivations.catalog.registry import Entry, Source

    def build():
        s = Space()
        d = s.dim("d")
        w, x = s.vector("w", d), s.vector("x", d)
        return Statement(s, claims={"symmetry_1 (100%)": Equal(w.T * x, x.T * w)},
                         stated=Equal(w.T * x, -(x.T * w)))

    return Entry("t.sym_1", "wᵀx = xᵀw", "erratum", (Source("ml10", "§1"),), build, "doc")


class _Formatter:
    """IPython's ``text/latex`` formatter, as far as ``import derivations`` uses it."""

    def __init__(self):
        self.by_name = {}

    def for_type_by_name(self, module, name, function):
        self.by_name[(module, name)] = function


def _shown(monkeypatch, obj) -> str:
    """``obj`` as a Jupyter kernel shows it: derivations registers its formatters with the
    kernel's shell (a stand-in here; IPython is not a dependency), which renders by type."""
    import types

    import derivations

    formatter = _Formatter()
    shell = types.SimpleNamespace(display_formatter=types.SimpleNamespace(
        formatters={"text/latex": formatter}))
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    derivations._register_jupyter_display()
    t = type(obj)
    return formatter.by_name[(t.__module__, t.__name__)](obj)


def test_nothing_is_registered_outside_an_ipython_kernel(monkeypatch):
    import types

    import derivations

    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: None))
    derivations._register_jupyter_display()  # no shell: nothing to tell, nothing fails


def test_a_catalog_entry_renders_in_jupyter_as_built_exactly(monkeypatch):
    assert _shown(monkeypatch, _symmetry_entry()) == (
        r"$$\begin{array}{l}\text{t.sym\_1 (erratum): wᵀx = xᵀw} \\ "
        r"\text{as printed:}\quad \mathbf{w}^{\top} \mathbf{x} = - \mathbf{x}^{\top} \mathbf{w} \\ "
        r"\text{symmetry\_1 (100\%):}\quad \mathbf{w}^{\top} \mathbf{x} = \mathbf{x}^{\top} \mathbf{w}"
        r"\end{array}$$")


def test_a_verdict_renders_in_jupyter_with_its_marks_exactly(monkeypatch):
    from derivations._verdicts.engine import ClaimResult, verify_entry

    r = verify_entry(_symmetry_entry(), diagnose_errata=False)
    assert _shown(monkeypatch, r) == (
        r"$$\begin{array}{l}\text{t.sym\_1 (erratum): refuted} \\ "
        r"\times\ \text{as printed (refuted):}\quad \mathbf{w}^{\top} \mathbf{x} = - \mathbf{x}^{\top} \mathbf{w} \\ "
        r"\checkmark\ \text{symmetry\_1 (100\%) (verified):}\quad \mathbf{w}^{\top} \mathbf{x} = \mathbf{x}^{\top} \mathbf{w}"
        r"\end{array}$$")
    assert _shown(monkeypatch, r.claims[0]) == (
        r"$$\begin{array}{l}\text{claim: verified} \\ "
        r"\checkmark\ \text{symmetry\_1 (100\%) (verified):}\quad \mathbf{w}^{\top} \mathbf{x} = \mathbf{x}^{\top} \mathbf{w}"
        r"\end{array}$$")
    assert _shown(monkeypatch, ClaimResult("step", "error", [])) == (
        r"$$\begin{array}{l}\text{claim: error} \\ \text{?}\ \text{step (error):}\end{array}$$")


@pytest.fixture(scope="module")
def catalog_pdf(tmp_path_factory):
    """The whole catalog's article, compiled once for the slow tests: (Document, its
    :class:`Compiled` result, the PDF's path). Verdicts come from the cache where it holds them,
    else are verified on both cores and stored, so .ci/run's `lindisc latex --pdf` step that
    follows reuses them; the figures placed at entries are drawn (matplotlib is a test extra)."""
    import time

    from derivations._interfaces import cached, cli
    from derivations._interfaces.document import draw_figures
    from derivations.catalog import REGISTRY

    _pdflatex()
    ns = cli._parser().parse_args(["latex"])
    cache, index, ids = cached._selected(ns, [])
    got, _ = cached._verified(ids, ns, "latex", cache=cache, index=index, start=time.monotonic(),
                              progress=False)
    records = [{**got[i]["record"], **got[i].get("extra", {})} for i in ids]
    assert [r["id"] for r in records] == list(REGISTRY)
    tmp = tmp_path_factory.mktemp("catalog")
    doc = article(records, placed=draw_figures(records, tmp / "catalog-figures", "catalog-figures"))
    start = time.monotonic()
    compiled = compile_pdf(doc, tmp / "catalog.pdf", overfull_pt=0.0)
    reader, _ = _pages(tmp / "catalog.pdf")
    print(f"\nwhole catalog: {len(reader.pages)} pages, {compiled.passes} pdflatex passes, "
          f"{time.monotonic() - start:.1f} s, "
          f"{compiled.log.count('Package hyperref Warning')} hyperref warnings")
    return doc, compiled, tmp / "catalog.pdf"


@pytest.mark.slow
def test_the_whole_catalog_compiles_with_no_error_and_no_overfull_box(catalog_pdf):
    """Every entry of the catalog: pdflatex reports no error — an undefined control sequence is
    one, with -file-line-error — no box wider than the line, in a formula or elsewhere, and
    no request to rerun left after its passes."""
    from derivations.catalog import REGISTRY

    doc, compiled, pdf = catalog_pdf
    assert doc.source.count(r"\label{entry:") == len(REGISTRY)
    assert list(compiled) == [], "\n".join(compiled)
    assert pdf.stat().st_size > 100_000


@pytest.mark.slow
def test_the_whole_catalog_reads_as_a_document(catalog_pdf):
    """What a reader checks by eye, mechanically: the contents' page numbers are the sections'
    pages, nothing is drawn below 0.8 of its size, ids and commands copy as typed, the
    bookmarks make no hyperref warning, and every figure placed at an entry is in the PDF."""
    from derivations._interfaces import figures

    doc, compiled, pdf = catalog_pdf
    assert _toc_mismatches(pdf) == []
    assert _scaled_below(pdf) == []
    reader, texts = _pages(pdf)
    text = "".join(texts)
    assert "geometry.w_normal" in text and "--seed N" in text
    assert "Package hyperref Warning" not in compiled.log
    placed = [f.name for f in figures.FIGURES if f.entries]
    for name in placed:
        assert f"catalog-figures/{name}.pdf" in doc.source and f"catalog-figures/{name}.pdf" in doc.files


#: What the PDF's text must not show: Markdown marks and raw LaTeX scripts (prose not typeset).
#: A Markdown backtick cannot reach the text (T1 sets it as a quote), so it is sought in the
#: source, where the prose renderer writes code as \texttt.
_RAW = ("**", "*Stated*", "^{", "_{")


#: A Markdown code span left in the LaTeX source (T1 would print its backticks as quotes;
#: LaTeX's own quotes, ``...'' and `...', never close with a backtick)
_CODE_SPAN = re.compile(r"(?<![`\\])`[^`'\\\n]+`(?!`)")  # (\` is a grave accent)


@pytest.mark.slow
def test_the_whole_catalog_shows_no_markdown_or_raw_latex(catalog_pdf):
    doc, _, pdf = catalog_pdf
    assert not _CODE_SPAN.search(doc.source), _CODE_SPAN.search(doc.source)
    _, texts = _pages(pdf)
    raw = [(reader_page, mark) for reader_page, t in enumerate(texts, 1) for mark in _RAW if mark in t]
    assert raw == [], f"{len(raw)} pages show a raw mark, first: {raw[:5]}"


def test_the_pdf_text_check_finds_raw_marks_and_passes_typeset_text(tmp_path):
    """The check of the test above, on a small article: typeset text passes it; a record whose
    prose carries raw scripts outside math fails it."""
    _pdflatex()
    doc = article([_record()])
    compile_pdf(doc, tmp_path / "ok.pdf")
    _, texts = _pages(tmp_path / "ok.pdf")
    assert [m for t in texts for m in _RAW if m in t] == [] and not _CODE_SPAN.search(doc.source)
    raw = _record("t.raw", doc="The `X` is **bold**: S_W^{-1}, x_{n}")
    doc = article([raw])
    compile_pdf(doc, tmp_path / "raw.pdf")
    _, texts = _pages(tmp_path / "raw.pdf")
    # (the Markdown is rendered — **bold** is bold — but pseudo-math outside $...$ stays raw)
    assert {m for t in texts for m in _RAW if m in t} == {"^{", "_{"}


def test_the_article_counts_and_colours_verified_at_sizes_apart():
    rec = _record(status="verified at sizes",
                  scope={"every_size": False, "proved_up_to": {"d": 3}, "sampled_up_to": {"d": 5}},
                  claims=[{"label": "c", "status": "verified at sizes", "latex": "x = x",
                           "methods": [], "counterexample": None}])
    src = article([_record("t.zero"), rec, _erratum()]).source
    assert "1 verified (every size" in src and "1 verified at sizes (proved at some sizes" in src
    assert r"\lindiscverdict{olive!80!black}{verified at sizes}" in src


# --- The compiled PDF, read back (pypdf): what a reader sees and copies. ---------------------

def _pages(pdf) -> tuple[object, list[str]]:
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    return reader, [p.extract_text() for p in reader.pages]


def _toc_mismatches(pdf) -> list[str]:
    """Each top-level bookmark (a section: hyperref's destination is the section's page) against
    the table of contents: its line there must end with that page's label (what the page
    prints), and the page must show the heading (a bookmark's apostrophe is straight, the
    text's typeset one curly). Returns what disagrees."""
    reader, texts = _pages(pdf)
    toc = next(i for i, t in enumerate(texts) if "Contents" in map(str.strip, t.splitlines()))
    lines = [ln.strip().replace("\u2019", "'") for t in texts[toc:toc + 8] for ln in t.splitlines()]
    bad = []
    sections = [o for o in reader.outline if not isinstance(o, list)]
    assert len(sections) >= 3, "the fixture has at least three sections"
    for item in sections:
        page = reader.get_destination_page_number(item)
        label = reader.page_labels[page]
        title = item.title.strip()
        if f"{title} {label}" not in lines:
            listed = [ln for ln in lines if ln.startswith(title)]
            bad.append(f"{title!r} is on page {label}; the contents say {listed}")
        if title.split(" ", 1)[-1] not in texts[page].replace("\u2019", "'"):
            bad.append(f"page {label} does not show the heading {title!r}")
    return bad


def _scaled_below(pdf, floor: float = 0.8) -> list[tuple[str, float]]:
    """Every place the PDF's content scales what it draws below ``floor`` (a ``cm`` operator,
    which \\resizebox and \\scalebox write), except an included image or figure (``Do``):
    (page label, scale)."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(pdf)
    found = []
    for i, page in enumerate(reader.pages):
        contents = page.get_contents()
        if contents is None:
            continue
        ops = ContentStream(contents, reader).operations
        for k, (args, op) in enumerate(ops):
            if op == b"cm":
                a, _, _, d = (float(x) for x in args[:4])
                shrunk = min(abs(a), abs(d))
                if shrunk < floor - 1e-6 and b"Do" not in [o for _, o in ops[k + 1:k + 4]]:
                    found.append((reader.page_labels[i], round(shrunk, 3)))
    return found


def _topics(n_topics=3, per_topic=20) -> list[dict]:
    """Enough entries that the topics run over several pages (and, as subsections, the contents
    would too): the fixture of the contents' page numbers."""
    doc = "The inner product is symmetric. " * 12
    return [_record(f"t{k}.e{i}", title=f"Entry {i} of topic {k}", doc=doc)
            for k in range(n_topics) for i in range(per_topic)]


def test_the_contents_page_numbers_are_the_sections_pages(tmp_path):
    """pdflatex runs until the log stops asking for a rerun, and the contents list topics only
    (entries are numbered statements), so every page number in them is where the section is.
    Two passes with the entries as subsections put every number a page off here."""
    _pdflatex()
    compiled = compile_pdf(article(_topics()), tmp_path / "toc.pdf")
    assert compiled == [] and 2 <= compiled.passes <= 4
    assert _toc_mismatches(tmp_path / "toc.pdf") == []
    _, texts = _pages(tmp_path / "toc.pdf")
    assert "Result 1.1: Entry 0 of topic 0" in "".join(texts)
    assert "Result 3.20: Entry 19 of topic 2" in "".join(texts)


def test_bookmarks_are_plain_text_and_identifiers_copy_intact(tmp_path):
    """T1 fonts with a Unicode map: an id's underscore and a command's two hyphens copy out of the
    PDF as typed (OT1 gave 'geometry.w normal' and an en-dash); a title with math makes no
    hyperref warning (bookmarks are the topic titles and the entries' numbers and ids)."""
    _pdflatex()
    rec = _record("geometry.w_normal", title=r"$\mathbf{w}^\top(\mathbf{x}_A - \mathbf{x}_B) = 0$")
    compiled = compile_pdf(article([rec, _erratum()]), tmp_path / "copy.pdf")
    _, texts = _pages(tmp_path / "copy.pdf")
    text = "".join(texts)
    assert "geometry.w_normal" in text
    assert "lindisc show geometry.w_normal --seed N" in text.replace("\n", " ")
    assert "Package hyperref Warning" not in compiled.log
    reader, _ = _pages(tmp_path / "copy.pdf")
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    entries = [o.title for o in reader.outline[2]]
    assert titles[:2] == ["Notation", "1 Hyperplane geometry"]
    assert entries == ["Result 1.1 geometry.w_normal"]
    assert all("\\" not in t and "$" not in t for t in titles + entries)


def test_no_formula_is_scaled_below_0_8(tmp_path):
    """A formula too wide for the line is broken — at its top-level signs, then inside its
    brackets — not shrunk: nothing in the PDF is drawn below 0.8 of its size (the old article
    shrank this one 2.5 times)."""
    _pdflatex()
    terms = _terms(40)
    inside = _formula("t.inside", rf"\left({terms}\right)^{{2}} = y")
    exponent = _formula("t.exp", rf"y = e^{{{terms}}}")
    compiled = compile_pdf(article([inside, exponent]), tmp_path / "s.pdf", overfull_pt=0.0)
    assert compiled == []
    assert _scaled_below(tmp_path / "s.pdf") == []


def _figure_at(monkeypatch, entry_id: str):
    from derivations._interfaces import figures

    spec = figures.FigureSpec("fisher", "fisher", "udelar2018 (Fisher)", entries=(entry_id,),
                              caption="Fisher's direction against the mean difference")
    monkeypatch.setattr(figures, "FIGURES", (spec,))
    return spec


def test_a_figure_the_documents_mention_is_embedded_with_its_caption_outside(tmp_path, monkeypatch):
    """``figures.placed_at`` names the entry: the figure is drawn as pdf beside the .tex, included
    in that entry, and its caption is text of the page under it (not burnt into the image)."""
    pytest.importorskip("matplotlib")
    _pdflatex()
    from derivations._interfaces.document import FigureFile, draw_figures

    _figure_at(monkeypatch, "t.one")
    recs = [_record(), _erratum()]
    placed = draw_figures(recs, tmp_path / "cat-figures", "cat-figures")
    assert placed == {"fisher": FigureFile("cat-figures/fisher.pdf", tmp_path / "cat-figures" / "fisher.pdf")}
    doc = article(recs, placed=placed)
    a, b = doc.spans["t.one"]
    assert r"\includegraphics[width=0.8\linewidth]{cat-figures/fisher.pdf}" in "\n".join(doc.lines[a - 1:b])
    assert compile_pdf(doc, tmp_path / "f.pdf") == []
    reader, texts = _pages(tmp_path / "f.pdf")
    page = next(i for i, t in enumerate(texts) if "Result 1.1" in t)
    assert "Figure 1. Fisher's direction against the mean difference" in texts[page].replace("\u2019", "'")
    assert reader.pages[page]["/Resources"]["/XObject"], "no image on the entry's page"


def test_without_matplotlib_the_article_names_the_install_instead_of_failing(tmp_path, monkeypatch):
    from derivations._interfaces import figures
    from derivations._interfaces.document import draw_figures
    from derivations._interfaces.options import UsageError

    _figure_at(monkeypatch, "t.one")

    def missing(*args, **kwargs):
        raise UsageError("'lindisc figures' needs matplotlib: pip install 'lindisc[figures]'")

    monkeypatch.setattr(figures, "write", missing)
    placed = draw_figures([_record()], tmp_path / "figs", "figs")
    src = article([_record()], placed=placed).source
    assert r"\texttt{pip install 'lindisc[figures]'}" in src and r"\includegraphics" not in src
    if shutil.which("pdflatex"):
        assert compile_pdf(article([_record()], placed=placed), tmp_path / "m.pdf") == []
