"""The LaTeX article of ``lindisc latex``: text and formula conversion (exact raw strings),
the document's structure, errors that name the entry, and a real pdflatex compile.

The records below are fixtures of the *renderer* (what ``lindisc show --format json`` gives);
they decide nothing. The compile tests skip when pdflatex is missing, except under
LINDISC_REQUIRE_TEX=1 (.ci/run installs TeX Live and sets it), where a missing pdflatex fails.
"""

from __future__ import annotations

import copy
import os
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


@pytest.mark.parametrize("tex, out", [
    (r"a + b = c", r"a \lindiscnext{}+ b \lindiscnext{}= c"),
    (r"- a - b \leq -c", r"- a \lindiscnext{}- b \lindiscnext{}\leq -c"),
    (r"\left(a + b\right) c^{-1} + d", r"\left(a + b\right) c^{-1} \lindiscnext{}+ d"),
    (r"\left(a\right)^{2} \left(b\right)\left(c\right) x \left(d\right)",
     r"\left(a\right)^{2} \lindisctimes \left(b\right)\lindisctimes \left(c\right) x \left(d\right)"),
    (r"\frac{a + b}{c} = \begin{matrix}1 & -2\end{matrix}",
     r"\frac{a + b}{c} \lindiscnext{}= \begin{matrix}1 & -2\end{matrix}"),
    (r"\text{x = 1} \Leftrightarrow y \in S", r"\text{x = 1} \lindiscnext{}\Leftrightarrow y \lindiscnext{}\in S"),
    (r"\left\|w\right\| \leftarrow v", r"\left\|w\right\| \leftarrow v"),
])
def test_long_formulas_break_only_at_their_top_level_exactly(tex, out):
    from derivations._interfaces.document import breakable

    assert breakable(tex) == out


def test_a_formula_that_is_only_text_is_a_paragraph():
    from derivations._interfaces.document import _m

    assert _m(r"\text{runs agree}", "t.x") == r"\lindisctext{runs agree}"
    assert _m(r"\text{a} = \text{b}", "t.x") == r"\lindiscformula{\text{a} \lindiscnext{}= \text{b}}"


def test_long_formulas_compile_without_an_overfull_box(tmp_path):
    _pdflatex()
    terms = " + ".join(rf"\frac{{\mathbf{{w}}^{{\top}} \mathbf{{x}}_{{{i}}}}}{{{i + 1}}}" for i in range(80))
    long_sum = _record("t.sum", claims=[{"label": "a long sum", "status": "verified",
                                          "latex": f"s = {terms}", "methods": [],
                                          "counterexample": None}])
    product = " ".join(rf"\left(a_{{{i}}} + b_{{{i}}}\right)^{{2}}" for i in range(40))
    long_product = _record("t.prod", claims=[{"label": "a long product", "status": "verified",
                                               "latex": f"p = {product}", "methods": [],
                                               "counterexample": None}])
    one_piece = _record("t.piece", claims=[{"label": "unbreakable", "status": "verified",
                                            "latex": rf"\left({terms}\right)", "methods": [],
                                            "counterexample": None}])
    text = _record("t.text", claims=[{"label": "text", "status": "verified", "methods": [],
                                      "latex": r"\text{" + "a long run of words " * 30 + "}",
                                      "counterexample": None}])
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


@pytest.mark.slow
def test_the_whole_catalog_compiles_with_no_error_and_no_overfull_box(tmp_path):
    """Every entry of the catalog (verdicts from the cache where it holds them, else verified
    on both cores and stored, so .ci/run's `lindisc latex --pdf` step that follows reuses
    them): pdflatex reports no error — an undefined control sequence is one, with
    -file-line-error — and no box wider than the line, in a formula or elsewhere."""
    import time

    from derivations._interfaces import cached, cli
    from derivations.catalog import REGISTRY

    _pdflatex()
    ns = cli._parser().parse_args(["latex"])
    cache, index, ids = cached._selected(ns, [])
    got, _ = cached._verified(ids, ns, "latex", cache=cache, index=index, start=time.monotonic(),
                           progress=False)
    records = [{**got[i]["record"], **got[i].get("extra", {})} for i in ids]
    assert [r["id"] for r in records] == list(REGISTRY)
    doc = article(records)
    assert doc.source.count(r"\label{entry:") == len(REGISTRY)
    warnings = compile_pdf(doc, tmp_path / "catalog.pdf", overfull_pt=0.0)
    assert warnings == [], "\n".join(warnings)
    assert (tmp_path / "catalog.pdf").stat().st_size > 100_000


def test_the_article_counts_and_colours_verified_at_sizes_apart():
    rec = _record(status="verified at sizes",
                  scope={"every_size": False, "proved_up_to": {"d": 3}, "sampled_up_to": {"d": 5}},
                  claims=[{"label": "c", "status": "verified at sizes", "latex": "x = x",
                           "methods": [], "counterexample": None}])
    src = article([_record("t.zero"), rec, _erratum()]).source
    assert "1 verified (every size" in src and "1 verified at sizes (proved at some sizes" in src
    assert r"\lindiscverdict{olive!80!black}{verified at sizes}" in src
