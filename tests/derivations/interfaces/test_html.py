"""The browsable blueprint of ``lindisc latex --html`` without a browser: the pages, their
links, the formulas handed to KaTeX, the status colours, the dependency graph's layout, the
KaTeX assets shipped with the pages, and the catalog's ``uses`` data.

The records are fixtures of the *renderer* (the JSON of ``lindisc show``); they decide
nothing. test_html_browser.py opens real pages in headless Chromium.
"""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from derivations._interfaces.document import LatexBuildError
from derivations._interfaces.html import (ASSETS, GRAPH_WIDTH, KATEX_VERSION, category,
                                          graph_svg, layout, pieces, write_blueprint)
from derivations.catalog import REGISTRY

from .test_document import _erratum, _record


def _caveat() -> dict:
    return _record("u.three", kind="caveat", status="refuted", title="Needs a condition",
                   caveat="unstated condition: d > 1", uses=["t.one", "t.two"],
                   stated={"label": "as printed", "status": "refuted", "latex": r"x^{2} > 0",
                           "counterexample": {"sizes": {"d": 1}, "values": {"x": "0"},
                                              "fails": "0 > 0 is false"}},
                   diagnosis="true only with what the document leaves out")


def _records() -> list[dict]:
    one, two = _record(uses=[]), _erratum()
    two["uses"] = ["t.one"]
    other = _record("u.four", status="undecided", title="Open: ½ < 1 & 100%", uses=["u.three"])
    return [one, two, _caveat(), other]


class _Page(HTMLParser):
    """What the tests read of a page: ids, links, formulas (class math), classes by id."""

    def __init__(self):
        super().__init__()
        self.ids, self.links, self.formulas, self.nodes = set(), [], [], []
        self.classes: dict[str, str] = {}
        self._math = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
            self.classes[a["id"]] = a.get("class", "")
        if a.get("href"):
            self.links.append(a["href"])
        if tag == "g" and "node" in a.get("class", "").split():
            self.nodes.append(a["data-id"])
        if "math" in a.get("class", "").split():
            self._math = []

    def handle_data(self, data):
        if self._math is not None:
            self._math.append(data)

    def handle_endtag(self, tag):
        if self._math is not None and tag in ("div", "span"):
            self.formulas.append("".join(self._math))
            self._math = None


def _read(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("blueprint")
    lines = write_blueprint(_records(), out)
    assert lines == [f"wrote 4 pages (2 topics, 4 entries) and KaTeX {KATEX_VERSION} to {out}; "
                     f"open {out / 'index.html'}"]
    return out


def test_an_index_a_graph_and_a_page_per_topic(site):
    assert sorted(p.name for p in site.glob("*.html")) == ["graph.html", "index.html", "t.html",
                                                           "u.html"]
    t, u = _read(site / "t.html"), _read(site / "u.html")
    assert {"t.one", "t.two"} <= t.ids and {"u.three", "u.four"} <= u.ids
    index = (site / "index.html").read_text(encoding="utf-8")
    for eid in ("t.one", "t.two", "u.three", "u.four"):
        assert f'href="{eid.split(".")[0]}.html#{eid}"' in index


def test_every_internal_link_resolves(site):
    for page in site.glob("*.html"):
        for href in _read(page).links:
            if href.startswith(("http:", "https:")):
                pytest.fail(f"{page.name} links outside the blueprint: {href}")
            target, _, frag = href.partition("#")
            path = (page.parent / target) if target else page
            assert path.is_file(), f"{page.name}: {href} does not exist"
            if frag:
                assert frag in _read(path).ids, f"{page.name}: {href} has no such anchor"


def test_statements_are_coloured_by_status_and_kind(site):
    assert [category(r) for r in _records()] == ["verified", "erratum", "caveat", "other"]
    refuted_result = _record(status="refuted")
    assert category(refuted_result) == "other"  # a verdict its kind does not expect
    assert category(_record(kind="erratum")) == "other"  # an erratum verified: not as expected
    # refuted as printed, but its corrected form failed: the run's ok flag says so
    assert category({**_record(kind="erratum", status="refuted"), "ok": False}) == "other"
    assert category({**_record(kind="erratum", status="refuted"), "ok": True}) == "erratum"
    t, u = _read(site / "t.html"), _read(site / "u.html")
    assert t.classes["t.one"] == "entry cat-verified" and t.classes["t.two"] == "entry cat-erratum"
    assert u.classes["u.three"] == "entry cat-caveat" and u.classes["u.four"] == "entry cat-other"
    css = (site / "blueprint.css").read_text()
    assert ".cat-verified { --stroke: #2e7d32;" in css and ".cat-erratum { --stroke: #c62828;" in css


def test_an_erratum_shows_the_printed_form_its_counterexample_and_diagnosis(site):
    page = (site / "t.html").read_text(encoding="utf-8")
    two = page[page.index('<section class="entry cat-erratum" id="t.two"'):]
    two = two[:two.index("</section>")]
    assert '<div class="math display" data-pieces=' in two and ">a = -a</div>" in two
    # the counterexample typeset (issue 36): math for KaTeX, not Python's text in <code>
    assert '<tr><th><span class="math">a</span></th><td><span class="math">= 1</span></td></tr>' in two
    assert ('<p class="fails"><span class="math">\\text{lhs} - \\text{rhs} = 2</span>, but the claim '
            'needs <span class="math">0</span>.</p>') in two
    assert "<b>Diagnosis:</b> the overall sign is flipped (proved)" in two
    assert "<b>Seeds:</b> 7" in two and "proved at d \u2264 3" in page
    # printed beside corrected, once; the counterexample and the diagnosis under both
    assert two.count('<div class="versus">') == 1 and two.count("As printed") == 1
    printed = two.index('class="as-printed"')
    corrected = two.index('class="corrected"')
    assert printed < corrected < two.index("Counterexample") < two.index("Diagnosis")
    assert "Claims and derivation steps" not in two  # the corrected claims are the right column
    caveat = (site / "u.html").read_text(encoding="utf-8")
    assert "<b>Caveat:</b> unstated condition: d &gt; 1" in caveat
    assert 'Counterexample at <span class="math">d = 1</span>:' in caveat


def test_the_printed_form_comes_first_and_an_exercise_states_its_problem(tmp_path):
    rec = _record("t.ex", kind="exercise", printed=r"\mathbf{w}^\top\mathbf{x}_n",
                  statement="Show that *both* sides agree for every $\\mathbf{w}$.")
    write_blueprint([rec], tmp_path)
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    entry = page[page.index('<section class="entry cat-verified" id="t.ex"'):]
    printed = entry.index("As the document prints it:")
    assert entry.index("</h2>") < printed < entry.index("Exercise:") < entry.index("<h3>Solution")
    assert r"\mathbf{w}^\top\mathbf{x}_n</div>" in entry[printed:]
    statement = entry[entry.index('<div class="statement">'):]
    assert "<em>both</em>" in statement[:statement.index("</div>")]  # through the prose renderer
    # an erratum's printed form goes in its "As printed" column, above what was checked
    err = dict(_erratum(), printed=r"\tilde{a} = -a")
    write_blueprint([err], tmp_path / "e")
    page = (tmp_path / "e" / "t.html").read_text(encoding="utf-8")
    left = page[page.index('class="as-printed"'):page.index('class="corrected"')]
    assert left.index(r"\tilde{a} = -a") < left.index("checked as:") < left.index(">a = -a<")
    assert "As the document prints it" not in page


def test_scope_is_printed_only_where_it_says_something(tmp_path):
    write_blueprint([_record("t.none", scope={}), _record("t.some")], tmp_path)
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    none = page[page.index('<section class="entry cat-verified" id="t.none"'):
                page.index('<section class="entry cat-verified" id="t.some"')]
    assert "<b>Scope:</b>" not in none and "Scope: none" not in page
    assert "<b>Seeds:</b> 7" in none
    assert "<b>Scope:</b> every size" in page[page.index('<section class="entry cat-verified" id="t.some"'):]


def test_a_long_display_carries_where_it_may_break():
    parts = pieces(r"a + \left(b - c\right) \left(d\right) = -d")
    assert [p[:2] for p in parts] == [["", "a"], ["", r"+ \left(b - c\right)"],
                                      ["x", r"\left(d\right)"], ["", "= -d"]]
    # too wide alone: cut inside its group, each line closing its own delimiters
    assert [p[1] for p in parts[1][2]] == [r"+ \left( b \right.", r"\left. {}- c \right)"]
    nested = pieces(r"\frac{\partial}{\partial w}\left(- \sum_{n} \left(a_n + b_n\right)\right) = 0")
    assert [p[1] for p in nested[0][2]] == [
        r"\frac{\partial}{\partial w}\left( - \sum_{n} \left( a_n \right. \right.",
        r"\left. {}\left. {}+ b_n \right) \right)"]
    for p in nested[0][2]:
        assert p[1].count(r"\left") == p[1].count(r"\right")
    assert pieces(r"a = b \\ c = d") == [["", r"a = b \\ c = d", []]]  # its own lines
    assert pieces(r"\sum_{n=1}^{N} x_n")[0][2] == []
    html = _blueprint_of([_record(claims=[{"label": "c", "status": "verified",
                                            "latex": "a = b + c", "methods": [],
                                            "counterexample": None}])])
    assert """<div class="math display" data-pieces='[[&quot;&quot;, &quot;a&quot;, []], """ in html


def test_a_display_of_text_only_wraps_like_a_paragraph(tmp_path):
    claim = {"label": "c", "status": "verified", "methods": [], "counterexample": None,
             "latex": r"\text{least squares recovers P(C\_1$|$x) = x within 0.05}"}
    write_blueprint([_record(claims=[claim])], tmp_path)
    page = _read(tmp_path / "t.html")
    assert page.formulas[:3] == [r"\text{least}", r"\text{squares}", r"\text{recovers}"]
    assert r"\text{P(C\_1$|$x)}" in page.formulas
    assert '<div class="math-text">' in (tmp_path / "t.html").read_text(encoding="utf-8")


def test_a_figure_placed_at_an_entry_is_embedded_with_its_caption(tmp_path, monkeypatch):
    import dataclasses

    from derivations._interfaces import figures
    from derivations._interfaces import html as bp

    spec = dataclasses.replace(figures.FIGURES[-1], entries=("t.one",),
                               caption="The points and the line $\\mathbf{w}^\\top\\mathbf{x} = 0$.")
    monkeypatch.setattr(figures, "FIGURES", figures.FIGURES[:-1] + (spec,))
    write_blueprint([_record(), _record("t.two")], tmp_path)
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    one = page[page.index('<section class="entry cat-verified" id="t.one"'):
               page.index('<section class="entry cat-verified" id="t.two"')]
    svg = tmp_path / "figures" / f"{spec.name}.svg"
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    fig = one[one.index('<figure class="figure">'):one.index("</figure>")]
    assert f'<img src="figures/{spec.name}.svg"' in fig and 'width="' in fig
    caption = fig[fig.index("<figcaption>"):]
    assert "The points and the line" in caption and "svg" not in caption
    assert "<figure" not in page[page.index('<section class="entry cat-verified" id="t.two"'):]
    monkeypatch.setattr(bp, "_has_matplotlib", lambda: False)
    write_blueprint([_record()], tmp_path / "bare")
    bare = (tmp_path / "bare" / "t.html").read_text(encoding="utf-8")
    assert "<figure" not in bare and "pip install 'lindisc[figures]'" in bare
    assert not (tmp_path / "bare" / "figures").exists()


def test_each_topic_graph_fits_the_column():
    """Every topic's graph of the catalog, as write_blueprint draws it, is at most
    GRAPH_WIDTH wide (Fisher's was 1,487 px and perceptron's 1,122 px before)."""
    recs = {e.id: {"id": e.id, "kind": e.kind, "status": "verified", "title": e.title,
                   "uses": list(e.uses)} for e in REGISTRY.values()}
    topic_of = {i: i.split(".")[0] for i in recs}
    widths = {}
    for t in dict.fromkeys(topic_of.values()):
        ids = [i for i in recs if topic_of[i] == t]
        ext = list(dict.fromkeys(u for i in ids for u in recs[i]["uses"] if topic_of[u] != t))
        svg = graph_svg(ext + ids, recs, topic_of, uid=t,
                        label=lambda i: i.split(".", 1)[1] if topic_of[i] == t else i)
        widths[t] = float(re.search(r'<svg[^>]*width="([\d.]+)"', svg).group(1))
    assert max(widths.values()) <= GRAPH_WIDTH, widths
    assert widths["fisher"] > 0.8 * GRAPH_WIDTH  # it uses the room it has


def test_formulas_are_handed_to_katex_as_ascii_tex_and_text_is_escaped(site):
    u = _read(site / "u.html")
    part = _Page()  # the counterexample's own math (issue 36), then the entries' formulas
    part.feed("".join(re.findall(r'<div class="counterexample">.*?</div>',
                                 (site / "u.html").read_text(encoding="utf-8"), re.S)))
    cx = part.formulas
    formulas = list(u.formulas)
    for f in cx:
        formulas.remove(f)
    assert cx and formulas == [r"x^{2} > 0", r"\mathbf{w}^{\top} \mathbf{x} = \mathbf{x}^{\top} \mathbf{w}",
                        r"\mathbf{w}^{\top} \mathbf{x} = \mathbf{x}^{\top} \mathbf{w}"]
    html = (site / "u.html").read_text(encoding="utf-8")
    assert '<div class="math display" data-pieces=' in html and ">x^{2} &gt; 0</div>" in html
    assert "Open: ½ &lt; 1 &amp; 100%" in html
    rec = _record("t.greek", claims=[{"label": "λ", "status": "verified", "latex": r"\mathbf{ỹ} = λ",
                                      "methods": [], "counterexample": None}])
    assert r"\mathbf{\tilde{y}} = {\lambda}" in _blueprint_of([rec])


def _blueprint_of(records, tmp=None) -> str:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        write_blueprint(records, d)
        return "\n".join(p.read_text(encoding="utf-8") for p in sorted(Path(d).glob("*.html")))


def test_a_formula_that_cannot_be_written_names_its_entry(tmp_path):
    bad = _record("t.bad")
    bad["claims"] = copy.deepcopy(bad["claims"])
    bad["claims"][0]["latex"] = "x + ☃"
    with pytest.raises(LatexBuildError, match=r"entry t\.bad: .*U\+2603"):
        write_blueprint([_record(), bad], tmp_path)


def test_uses_and_used_by_link_both_ways(site):
    t = (site / "t.html").read_text(encoding="utf-8")
    assert '<b>Used by:</b> <a href="t.html#t.two">t.two</a>, <a href="u.html#u.three">u.three</a>' in t
    u = (site / "u.html").read_text(encoding="utf-8")
    assert ('<b>Uses:</b> <a href="t.html#t.one">t.one</a>, <a href="t.html#t.two">t.two</a>'
            in u)


def test_a_use_outside_the_selection_is_named_not_linked(tmp_path):
    rec = _record("t.alone", uses=["t.elsewhere"])
    write_blueprint([rec], tmp_path)
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    assert '<span class="absent" title="not in this build">t.elsewhere</span>' in page
    assert _read(tmp_path / "t.html").nodes == ["t.alone"]


def test_each_topic_graph_has_its_entries_and_the_entries_they_use(site):
    t, u = _read(site / "t.html"), _read(site / "u.html")
    assert t.nodes == ["t.one", "t.two"]
    assert u.nodes == ["t.one", "t.two", "u.three", "u.four"]  # other topics' entries first
    svg = (site / "u.html").read_text(encoding="utf-8")
    assert svg.count('class="edge"') == 4  # t.one -> t.two too: both are drawn
    assert 'class="node cat-verified external" data-id="t.one"' in svg
    graph = _read(site / "graph.html")  # topic by topic: u's graph repeats what it uses of t
    assert graph.nodes == ["t.one", "t.two", "t.one", "t.two", "u.three", "u.four"]
    assert {"graph-t", "graph-u"} <= graph.ids
    assert (site / "graph.html").read_text(encoding="utf-8").count('class="edge"') == 5


def test_layout_puts_used_entries_above_and_keeps_rows_apart():
    uses = {"b": ("a",), "c": ("a", "b"), "d": ("c",), "e": ()}
    widths = {n: 40.0 for n in "abcde"}
    g = layout(list("abcde"), uses, widths)
    ys = {n: g.nodes[n][1] for n in "abcd"}
    assert ys["a"] < ys["b"] < ys["c"] < ys["d"]
    assert g.nodes["e"][1] > ys["d"]  # a node without edges: in the rows at the bottom
    assert len(g.edges[("a", "c")]) == 3  # one dummy point where it crosses b's layer
    assert g.edges[("a", "b")][0] == (g.nodes["a"][0], g.nodes["a"][1] + 13)
    for (u, n), pts in g.edges.items():
        assert pts[0][1] < pts[-1][1]
    boxes = sorted(g.nodes.values())
    for (x1, y1, w1), (x2, y2, w2) in zip(boxes, boxes[1:]):
        assert y1 != y2 or x2 - x1 >= (w1 + w2) / 2, "two boxes of one row overlap"
    assert min(x - w / 2 for x, _, w in g.nodes.values()) == pytest.approx(10)


def test_layout_bounds_the_width_of_a_row():
    order = [f"n{i}" for i in range(12)] + ["top"]
    uses = {f"n{i}": ("top",) for i in range(12)}
    g = layout(order, uses, {n: 100.0 for n in order}, max_width=500)
    rows: dict[float, list] = {}
    for n, (x, y, w) in g.nodes.items():
        rows.setdefault(y, []).append((x - w / 2, x + w / 2))
    assert max(len(r) for r in rows.values()) <= 4 and len(rows) >= 4
    assert all(sum(b - a + 14 for a, b in r) <= 500 for r in rows.values())  # boxes and gaps


def test_the_catalog_uses_graph_draws_without_overlaps():
    recs = {e.id: {"id": e.id, "kind": e.kind, "status": "verified", "title": e.title,
                   "uses": list(e.uses)} for e in REGISTRY.values()}
    ids = list(recs)
    svg = graph_svg(ids, recs, {i: i.split(".")[0] for i in ids}, max_width=1500.0)
    assert svg.count('class="node') == len(ids)
    assert svg.count('class="edge"') == sum(len(r["uses"]) for r in recs.values())
    boxes = [tuple(float(v) for v in m) for m in re.findall(
        r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg)]
    by_row: dict[float, list] = {}
    for x, y, w in boxes:
        by_row.setdefault(y, []).append((x, x + w))
    for row in by_row.values():
        row.sort()
        assert all(a[1] <= b[0] for a, b in zip(row, row[1:]))


def test_the_catalog_declares_what_it_uses():
    uses = {e.id: e.uses for e in REGISTRY.values()}
    assert uses["least_squares.normal_equations"] == ("least_squares.gradient",)
    assert "perceptron.novikoff_projection" in uses["perceptron.novikoff_bound"]
    assert uses["perceptron.solution_region"] == ("geometry.normalisation",)
    assert sum(bool(u) for u in uses.values()) >= 90
    for topic in ("geometry", "multiclass", "feature_maps", "least_squares", "fisher",
                  "perceptron", "relaxation", "descent", "ho_kashyap", "logistic"):
        assert any(u for i, u in uses.items() if i.startswith(topic + ".")), topic


def test_katex_is_shipped_with_the_pages_and_nothing_is_fetched(site):
    version = (ASSETS / "VERSION").read_text()
    assert f"KaTeX {KATEX_VERSION}" in version
    assert f'version:"{KATEX_VERSION}"' in (ASSETS / "katex.min.js").read_text()
    assert "MIT License" in (site / "katex" / "LICENSE").read_text()
    css = (site / "katex" / "katex.min.css").read_text()
    fonts = re.findall(r"url\(([^)]+)\)", css)
    assert len(fonts) == 20 and all(f.endswith(".woff2") for f in fonts)
    for f in fonts:
        assert (site / "katex" / f).is_file(), f
    for page in site.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        for ref in re.findall(r'(?:src|href)="([^"#]+)', text):
            assert not re.match(r"[a-z]+:", ref), f"{page.name} refers outside: {ref}"
            assert (site / ref).is_file(), f"{page.name}: {ref} missing"


def test_the_cli_writes_the_blueprint(tmp_path, capsys):
    from derivations._interfaces.cli import main

    out = tmp_path / "bp"
    assert main(["latex", "geometry.lemma1_sign", "geometry.signed_distance", "--jobs", "1",
                 "--html", str(out), "--no-cache"]) == 0
    page = _read(out / "geometry.html")
    assert {"geometry.lemma1_sign", "geometry.signed_distance"} <= page.ids
    assert page.nodes == ["geometry.lemma1_sign", "geometry.signed_distance"]  # as selected
    assert ('data-from="geometry.signed_distance" data-to="geometry.lemma1_sign"'
            in (out / "geometry.html").read_text(encoding="utf-8"))
    assert "wrote 3 pages" in capsys.readouterr().err


def test_show_names_what_an_entry_uses(capsys):
    import json

    from derivations._interfaces.cli import main

    assert main(["show", "geometry.lemma1_sign", "--format", "json", "--no-cache"]) == 0
    assert json.loads(capsys.readouterr().out)["uses"] == ["geometry.signed_distance"]
    assert main(["show", "geometry.lemma1_sign", "--no-cache"]) == 0
    assert "\nuses: geometry.signed_distance\n" in capsys.readouterr().out


def test_verified_at_sizes_has_its_own_colour_and_claim_class(tmp_path):
    """An entry proved at some sizes only is not coloured as verified: its own category, its
    own legend entry, and a CSS class without spaces on its claims."""
    rec = _record(status="verified at sizes",
                  scope={"every_size": False, "proved_up_to": {"d": 3}, "sampled_up_to": {"d": 5}},
                  claims=[{"label": "c", "status": "verified at sizes", "latex": "x = x",
                           "methods": [], "counterexample": None}])
    assert category(rec) == "at-sizes" and category(_record()) == "verified"
    write_blueprint([rec], tmp_path)
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    assert 'class="entry cat-at-sizes"' in page
    assert 'class="claim st-verified-at-sizes"' in page and "verified at sizes" in page
    css = (tmp_path / "blueprint.css").read_text()
    assert ".cat-at-sizes { --stroke:" in css
    assert "st-verified-at-sizes" in (ASSETS / "blueprint.css").read_text()


def test_claim_labels_notation_and_numeric_detail_are_prose(tmp_path):
    """A claim label, a notation line and the numeric detail are Markdown with $...$ math (the
    catalog's labels since issue 36): the blueprint renders them, it does not escape them."""
    rec = _record("t.md", claims=[{"label": r"$\mathbf{x}_B$ on the plane", "status": "verified",
                                   "latex": "x = x", "methods": [], "counterexample": None}],
                  notation=[{"label": r"$\tilde{\mathbf{x}}$ augmented", "latex": "a = a",
                             "why": r"by definition of $\tilde{\mathbf{x}}$"}],
                  numeric={"outcome": "not applicable", "detail": r"no $\mathbf{S}_W^{-1}$ here"})
    write_blueprint([rec], tmp_path)
    page = (tmp_path / "t.html").read_text(encoding="utf-8")
    assert '<span class="math">\\mathbf{x}_B</span> on the plane' in page  # was: $\mathbf{x}_B$ ...
    assert '<span class="math">\\tilde{\\mathbf{x}}</span> augmented' in page
    assert 'no <span class="math">\\mathbf{S}_W^{-1}</span> here' in page
    assert "$\\mathbf" not in page


def test_claim_labels_notation_and_numeric_reasons_render_their_markdown_math():
    # issue 36: the catalog's claim labels and no_numeric reasons are Markdown with $...$
    # math; the blueprint hands the math to KaTeX instead of printing the dollars
    rec = copy.deepcopy(_record("t.md"))
    rec["claims"][0]["label"] = r"$\mathbf{w}^\top\mathbf{x} = 0$ on the plane"
    rec["numeric"] = {"outcome": "not applicable", "detail": r"`numerics` has no $\lambda$"}
    rec["notation"] = [{"label": r"$\mathbf{m} = \bar{\mathbf{x}}$", "latex": "m = x",
                        "why": r"the mean, $\mathbf{m}$"}]
    text = _blueprint_of([rec])
    for tex in (r"\mathbf{w}^\top\mathbf{x} = 0", r"\lambda", r"\mathbf{m} = \bar{\mathbf{x}}",
                r"\mathbf{m}"):
        assert f'<span class="math">{tex}</span>' in text
    assert "$" not in re.sub(r"<script.*?</script>", "", text, flags=re.S)
    assert "<code>numerics</code>" in text
    # engine text (no $ or backtick, but a _ or ^) stays literal, escaped
    rec["claims"][0]["label"] = "x_1 <= y^2"
    assert "x_1 &lt;= y^2" in _blueprint_of([rec])
