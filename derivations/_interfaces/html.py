"""``lindisc latex --html DIR``: the catalog as a browsable blueprint.

After the Lean blueprint (leanblueprint): ``index.html`` (every topic with its counts, every
entry coloured by its status), one static page per topic, and ``graph.html``, the dependency
graphs of every topic on one page. A topic's graph shows its entries and the entries of
other topics they use.

An entry shows, in this order: its title; the statement as the document prints it (the
record's ``printed``), an exercise's problem (``statement``); its sources and explanation;
then an erratum, typo or caveat as printed beside its corrected claims, the exact
counterexample and the diagnosis under both, or else its claims (an exercise's solution);
the figures the documents show there (:func:`.figures.placed_at`, drawn as SVG into
``DIR/figures`` with the caption under the image, or the install line without matplotlib);
what it uses and what uses it; its scope (only when it says something) and seeds. Prose
goes through :func:`_prose` (Markdown with ``$...$`` math).

Like the LaTeX article (:mod:`.document`), the pages are built from the verified records (the
JSON of ``lindisc show``), never from the builders. Formulas are rendered in the browser by
KaTeX, shipped with the pages (``katex/``, copied from the package's ``blueprint_assets``):
nothing is fetched when they are viewed. A display wider than the column is broken, not
scrolled: each carries where the article would break it (:func:`pieces`), and blueprint.js
sets it as an ``aligned`` display of as few lines as fit. The graphs are SVG drawn by a
small layered layout (:func:`layout`: longest-path layers of bounded width, dummy points on
long edges, barycentre ordering, isotonic placement within the width), no wider than the
column (:data:`GRAPH_WIDTH`), so no graphviz is needed.
"""

from __future__ import annotations

import html
import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from . import figures
from .document import (_OPEN, _TOKEN, _TOPIC_TITLES, LatexBuildError, _seeds, breakable,
                       scope_phrases)
from .latex import UnicodeLatexError, tex_math

__all__ = ["write_blueprint", "category", "layout", "graph_svg", "ASSETS", "KATEX_VERSION",
           "CATEGORIES"]

KATEX_VERSION = "0.16.47"
#: The package data copied next to the pages (KaTeX, its fonts and licence; the page style).
ASSETS = Path(__file__).with_name("blueprint_assets")
#: Status categories of the blueprint: (legend, stroke colour, fill colour).
CATEGORIES = {
    "verified": ("verified (every size, or the claim's only sizes)", "#2e7d32", "#e8f5e9"),
    "at-sizes": ("verified at sizes (proved at some sizes, only sampled beyond)", "#827717",
                 "#f9fbe7"),
    "erratum": ("refuted as printed: erratum", "#c62828", "#ffebee"),
    "typo": ("refuted as printed: typo (a slip the next line corrects)", "#ad1457", "#fce4ec"),
    "caveat": ("refuted as printed: caveat (an unstated condition)", "#e65100", "#fff3e0"),
    "other": ("undecided, in conflict, or an error", "#6a1b9a", "#f3e5f5"),
}
_MARK = {"verified": "\u2713", "verified at sizes": "\u2713", "refuted": "\u2717"}  # ✓ ✗


def _word(cat: str) -> str:
    """A category as counts and headings write it (``at-sizes`` → ``verified at sizes``)."""
    return "verified at sizes" if cat == "at-sizes" else cat


def _st(status: str) -> str:
    """A status as a CSS class name (``verified at sizes`` → ``st-verified-at-sizes``)."""
    return "st-" + re.sub(r"[^A-Za-z0-9_-]", "-", status)


def category(rec: dict) -> str:
    """The blueprint colour of a record: verified; verified at sizes; an erratum or a caveat refuted as printed
    (what their kinds expect); or other (undecided, conflict, error, or a verdict its kind
    does not expect, such as a refuted result, or an erratum whose corrected form failed:
    ``ok`` False, when the record carries it)."""
    if rec.get("ok") is False:
        return "other"
    if rec["status"] == "verified" and rec["kind"] != "erratum":
        return "verified"
    if rec["status"] == "verified at sizes" and rec["kind"] != "erratum":
        return "at-sizes"
    if rec["status"] == "refuted" and rec["kind"] in ("erratum", "typo", "caveat"):
        return rec["kind"]
    return "other"


def _e(s) -> str:
    return html.escape(str(s), quote=True)


def _page(topic: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", topic) + ".html"


def _href(eid: str, topic_of: dict[str, str]) -> str:
    return f"{_page(topic_of[eid])}#{_e(eid)}"


def _math(tex: str, eid: str, *, display: bool = True) -> str:
    """A formula of entry ``eid`` for KaTeX (rendered by blueprint.js; the source is the
    element's text, so a page without JavaScript still shows the TeX).

    A display carries, in ``data-pieces``, where it may break (:func:`pieces`): blueprint.js
    sets it on one line when it fits the column, else as an ``aligned`` display broken there.
    A display that is only text (``\\text{...}``) is set word by word, so it wraps like a
    paragraph."""
    try:
        src = tex_math(tex)
    except UnicodeLatexError as exc:
        raise LatexBuildError(f"entry {eid}: {exc}; rename the symbol in ASCII or add the "
                              "character to derivations/_interfaces/latex.py") from None
    if not display:
        return f'<span class="math">{_e(src)}</span>'
    words = _text_words(src)
    if words:
        return ('<div class="math-text">'
                + " ".join(f'<span class="math">\\text{{{_e(w)}}}</span>' for w in words)
                + "</div>")
    parts = pieces(src)
    data = (f" data-pieces='{_e(json.dumps(parts, ensure_ascii=True))}'"
            if len(parts) > 1 else "")
    return f'<div class="math display"{data}>{_e(src)}</div>'


def pieces(tex: str) -> list[list]:
    """``tex`` cut where the article may break it (:func:`.document.breakable`: before each
    top-level relation and binary sign, between two parenthesised factors): a list of
    ``[kind, piece, finer]``, kind ``"x"`` for a factor that shows a ``\\times`` when it
    starts a line, else ``""``; ``finer`` the piece cut inside its longest ``\\left...\\right``
    group that can be cut (:func:`_opened`; ``[]`` if none), for a piece too wide alone.
    One piece when there is no such place, or when the formula already has its own
    top-level line breaks (``\\\\``)."""
    depth = 0
    for tok in _TOKEN.findall(tex):
        if depth == 0 and tok == "\\\\":
            return [["", tex, []]]
        depth += _OPEN.get(tok, 0)
    out: list[list] = []
    for part in breakable(tex).split(r"\lindiscnext{}"):
        for j, factor in enumerate(part.split(r"\lindisctimes ")):
            if factor.strip():
                out.append(["x" if j else "", factor.strip(), _opened(factor.strip())])
    return out or [["", tex, []]]


def _opened(piece: str) -> list[list]:
    """``piece`` cut inside its longest top-level ``\\left(...\\right)`` group that
    :func:`pieces` cuts (or, if its inside is one piece, inside that piece's own group): ``a\\left(b + c\\right)d`` gives ``a\\left(b\\right.`` and
    ``\\left.{}+ c\\right)d`` (each line of a broken display closes its own delimiters);
    ``[]`` when there is no such group."""
    toks = _TOKEN.findall(piece)
    groups, depth, start = [], 0, None
    for i, tok in enumerate(toks):
        if depth == 0 and tok == r"\left":
            start = i
        depth += _OPEN.get(tok, 0)
        if depth == 0 and tok == r"\right" and start is not None:
            groups.append((start, i))
            start = None
    best = None
    for a, b in sorted(groups, key=lambda g: g[0] - g[1]):  # the longest first
        da, db = _delimiter(toks, a), _delimiter(toks, b)
        if da is None or db is None:
            continue
        inner = pieces("".join(toks[da + 1:b]))
        if len(inner) == 1:  # cut deeper: inside the group's own longest group
            inner = inner[0][2]
        if len(inner) > 1:
            best = (a, da, b, db, inner)
            break
    if best is None:
        return []
    a, da, b, db, inner = best
    return _wrapped(inner, "".join(toks[:da + 1]), "".join(toks[b:db + 1]) + "".join(toks[db + 1:]))


def _delimiter(toks: list[str], i: int) -> int | None:
    """The index of the delimiter after ``\\left``/``\\right`` at ``i``."""
    for j in range(i + 1, len(toks)):
        if not toks[j].isspace():
            return j
    return None


def _wrapped(items: list[list], opening: str, closing: str) -> list[list]:
    """``items`` (pieces of a group's inside) each made a formula of its own: the first
    opens with ``opening`` (what comes before, ``\\left(``), the last closes with
    ``closing`` (``\\right)`` and what follows), the others with ``\\left.``/``\\right.``;
    their finer pieces likewise."""
    out = []
    for i, (kind, tex, finer) in enumerate(items):
        first, last = i == 0, i == len(items) - 1
        left = opening if first else r"\left."
        right = closing if last else r"\right."
        finer = _wrapped(finer, left, right) if finer else []
        if finer:
            finer[0][0] = kind  # a factor's first line shows its \times
        out.append([kind, f"{left} {'' if first else '{}'}{tex} {right}", finer])
    return out


def _text_words(tex: str) -> list[str] | None:
    """The words of a formula that is only ``\\text{...}`` (split at the spaces outside
    braces and ``$...$``), or None for any other formula."""
    m = re.fullmatch(r"\\text\{(.*)\}", tex.strip(), re.S)
    if not m:
        return None
    words, cur, depth, inline = [], [], 0, False
    for tok in _TOKEN.findall(m.group(1)):
        if tok == "$":
            inline = not inline
        depth += {"{": 1, "}": -1}.get(tok, 0)
        if depth < 0:
            return None  # \text{a} + \text{b}: not one text
        if tok.isspace() and not depth and not inline:
            if cur:
                words.append("".join(cur))
            cur = []
        else:
            cur.append(tok)
    if depth or inline:
        return None
    if cur:
        words.append("".join(cur))
    return words or None


def _prose(text: str) -> str:
    """Catalog prose (Markdown with ``$...$`` math) as HTML, formulas left for KaTeX
    (:mod:`.prose`); text not in that format (:func:`.prose.is_markdown`) as escaped
    paragraphs."""
    from .prose import ProseError, is_markdown, to_html

    if not is_markdown(text):
        paras = re.split(r"\n\s*\n", text.strip())
        return "\n".join(f"<p>{_e(' '.join(p.split()))}</p>" for p in paras)
    try:
        return to_html(text)
    except ProseError as exc:
        raise LatexBuildError(str(exc)) from None


def _badge(rec: dict) -> str:
    cat = category(rec)
    return (f'<span class="badge cat-{cat}" title="{_e(CATEGORIES[cat][0])}">'
            f'{_e(rec["status"])}</span>')


def _sources(rec: dict) -> str:
    from ..catalog.registry import DOCUMENTS

    return "; ".join(f'<span class="docname" title="{_e(DOCUMENTS.get(s["document"], ""))}">'
                     f'{_e(s["document"])}</span>, {_inline(s["where"])}' for s in rec["sources"])


def _scope(rec: dict) -> str:
    return scope_phrases(rec, lambda k, op, v: f"{_e(k)} {_OP[op]} {_e(v)}", "\u2264")


_OP = {"le": "\u2264", "eq": "="}


def _counterexample(cx: dict | None) -> str:
    """The counterexample typeset (:mod:`.counterexample_tex`): a table of exact values and
    the failing quantity, math for KaTeX."""
    from .counterexample_tex import counterexample_html

    return counterexample_html(cx)


def _methods(methods: list[dict]) -> str:
    if not methods:
        return ""
    items = "".join(f"<li><b>{_e(m['name'])}</b>: {_e(m['outcome'])}"
                    + (f" \u2014 {_inline(m['detail'])}" if m.get("detail") else "") + "</li>"
                    for m in methods)
    return f'<details class="methods"><summary>methods</summary><ul>{items}</ul></details>'


def _claim_items(rec: dict) -> str:
    out = []
    for c in rec.get("claims", []):
        st = c["status"]
        out.append(f'<li class="claim {_st(st)}"><span class="mark">{_MARK.get(st, "?")}</span> '
                   f'<span class="claim-label">{_inline(c["label"])}</span> '
                   f'<span class="claim-status">({_e(st)})</span>'
                   f'{_math(c["latex"], rec["id"])}{_counterexample(c.get("counterexample"))}'
                   f'{_methods(c.get("methods", []))}</li>')
    return "\n".join(out)


def _claims(rec: dict) -> str:
    items = _claim_items(rec)
    if not items:
        return ""
    head = "Solution" if rec["kind"] == "exercise" else "Claims and derivation steps"
    return f'<div class="claims"><h3>{head}</h3><ol>{items}</ol></div>'


def _links(ids, topic_of: dict[str, str]) -> str:
    return ", ".join(f'<a href="{_href(i, topic_of)}">{_e(i)}</a>' if i in topic_of
                     else f'<span class="absent" title="not in this build">{_e(i)}</span>'
                     for i in ids)


def _printed(tex: str, eid: str) -> str:
    """The statement as the document prints it: a display, or a paragraph when it is mostly
    the document's words (:func:`.prose.printed_prose`), which wraps as a display cannot."""
    from .prose import printed_prose

    md = printed_prose(tex)
    return _math(tex, eid) if md is None else _prose(md)


def _inline(text: str) -> str:
    """Prose that sits in a line (a title, a source's place, what follows a label):
    :func:`_prose` without the paragraph around it when it is one paragraph."""
    out = _prose(text).strip()
    m = re.fullmatch(r"<p>(.*)</p>", out, re.S)
    return m.group(1) if m and "<p>" not in m.group(1) else out


def _versus(rec: dict, eid: str) -> str:
    """An erratum, typo or caveat: the statement as printed beside the corrected one (two
    columns, one under the other on a narrow screen), the counterexample and the diagnosis
    under both."""
    st = rec.get("stated") or {}
    status = st.get("status")
    head = ("As printed" + (f' (<span class="{_st(status)}">{_e(status)}</span>)' if status else "")
            + ":")
    left = [f'<p class="label">{head}</p>']
    if rec.get("printed"):
        left.append(_printed(rec["printed"], eid))
    checked = st.get("latex") or rec.get("stated_latex")
    if checked:
        if rec.get("printed"):
            left.append('<p class="checked-as">checked as:</p>')
        left.append(_math(checked, eid))
    right = ['<p class="label">Corrected:</p>']
    claims = _claim_items(rec)
    if claims:
        right.append(f'<ol class="claims">{claims}</ol>')
    elif rec.get("latex"):
        right.append(_math(rec["latex"], eid))
    out = ['<div class="versus">', f'<div class="as-printed">{"".join(left)}</div>',
           f'<div class="corrected">{"".join(right)}</div>', "</div>"]
    under = _counterexample(st.get("counterexample") or rec.get("counterexample"))
    if rec.get("diagnosis"):
        under += f'<p class="diagnosis"><b>Diagnosis:</b> {_e(rec["diagnosis"])}</p>'
    if under:
        out.append(f'<div class="under">{under}</div>')
    return "\n".join(out)


def _figures(eid: str, drawn: dict) -> str:
    """The figures the documents mention at ``eid``: each image (``drawn``, from
    :func:`_draw_figures`) with its caption under it, outside the image."""
    out = []
    for spec in figures.placed_at(eid):
        caption = _prose(spec.caption or spec.summary)
        if drawn.get(spec.name) is None:
            out.append(f'<p class="figure-missing">Figure <code>{_e(spec.name)}</code> '
                       f'({_e(spec.summary)}) is drawn when matplotlib is installed: '
                       "<code>pip install 'lindisc[figures]'</code>.</p>")
            continue
        src, size = drawn[spec.name]
        dims = f' width="{size[0]}" height="{size[1]}"' if size else ""
        out.append(f'<figure class="figure">'
                   f'<img src="{_e(src)}" alt="{_e(spec.summary)}"{dims}>'
                   f"<figcaption>{caption}</figcaption></figure>")
    return "\n".join(out)


def _entry(rec: dict, topic_of: dict[str, str], used_by: dict[str, list[str]],
           drawn: dict | None = None) -> str:
    eid, cat = rec["id"], category(rec)
    out = [f'<section class="entry cat-{cat}" id="{_e(eid)}">',
           f'<h2><a class="anchor" href="#{_e(eid)}">#</a> {_inline(rec["title"])}</h2>',
           f'<p class="meta"><code>{_e(eid)}</code> {_badge(rec)} '
           f'<span class="kind">{_e(rec["kind"])}</span></p>']
    versus = bool(rec.get("stated") or rec.get("stated_latex"))
    if rec.get("printed") and not versus:
        out.append(f'<div class="printed-form"><p class="label">As the document prints it:</p>'
                   f'{_printed(rec["printed"], eid)}</div>')
    if rec.get("statement"):
        out.append(f'<div class="statement"><p class="label">Exercise:</p>'
                   f'{_prose(rec["statement"])}</div>')
    out.append(f'<p class="sources"><b>Sources:</b> {_sources(rec)}</p>')
    if rec.get("doc"):
        out.append(f'<div class="doc">{_prose(rec["doc"])}</div>')
    if rec.get("caveat"):
        out.append(f'<div class="caveat"><b>Caveat:</b> {_inline(rec["caveat"])}</div>')
    if rec.get("error"):
        out.append(f'<p class="error"><b>Error:</b> {_e(rec["error"])}</p>')
    if versus:
        out.append(_versus(rec, eid))
    else:
        claims = _claims(rec)
        if claims:
            out.append(claims)
        elif rec.get("latex"):
            out.append(f'<div class="claims"><h3>Statement</h3>{_math(rec["latex"], eid)}</div>')
        if rec["status"] == "refuted":
            out.append(_counterexample(rec.get("counterexample")))
    out.append(_figures(eid, drawn or {}))
    if rec.get("notation"):
        items = "".join(f'<li>{_inline(n["label"])} <span class="why">({_inline(n["why"])})</span>'
                        f'{_math(n["latex"], eid)}</li>' for n in rec["notation"] if n.get("latex"))
        if items:
            out.append('<div class="notation"><h3>Notation (holds by definition; never counted '
                       f'as verified)</h3><ul>{items}</ul></div>')
    deps = []
    if rec.get("uses"):
        deps.append(f"<b>Uses:</b> {_links(rec['uses'], topic_of)}")
    if used_by.get(eid):
        deps.append(f"<b>Used by:</b> {_links(used_by[eid], topic_of)}")
    if deps:
        out.append(f'<p class="deps">{". ".join(deps)}.</p>')
    numeric = rec.get("numeric") or {}
    if numeric.get("outcome"):
        out.append(f'<p class="numeric"><b>Numeric check:</b> {_e(numeric["outcome"])}'
                   + (f" \u2014 {_inline(numeric['detail'])}" if numeric.get("detail") else "") + "</p>")
    scope = _scope(rec)
    out.append('<p class="scope">' + (f"<b>Scope:</b> {scope}. " if scope != "none" else "")
               + f"<b>Seeds:</b> {_e(_seeds(rec))} "
               f'(<code>lindisc show {_e(eid)} --seed N</code> reproduces them).</p>')
    out.append("</section>")
    return "\n".join(x for x in out if x)


# --- the dependency graph ---------------------------------------------------------------------

NODE_H = 26
ROW_GAP = 46
COL_GAP = 14
EDGE_GAP = 6  # beside the point where an edge crosses a layer
CHAR_W = 7.3  # px per character of the 12px monospace label
MARGIN = 10
CAPTION_H = 24  # the caption above the nodes without edges
#: The widest graph (px): the column of a page (main's 1100 px less its padding and the
#: graph's frame), so a graph fits a 1280 px window at its labels' size
GRAPH_WIDTH = 1040.0


@dataclass
class Placed:
    """Where :func:`layout` put things: node boxes (centre x, centre y, width), the points
    each edge passes through (from the used entry down to the one using it), the size, and
    where the nodes without edges begin."""

    nodes: dict[str, tuple[float, float, float]]
    edges: dict[tuple[str, str], list[tuple[float, float]]]
    width: float
    height: float
    #: y of the line above the rows of nodes without edges (None: no such line)
    split: float | None = None


def _isotonic(desired: list[float], widths: list[float], bound: float) -> list[float]:
    """Centres as near ``desired`` (least squares) as the order and the gaps allow, every box
    within [0, ``bound``] (or starting at 0 if the row is wider): with offsets o_i (half
    widths and gaps summed), y_i = x_i - o_i must not decrease; pool adjacent violators,
    then clip to the bounds (which solves the problem with bounds: y_1 >= w_1/2 and
    y_n <= bound - w_n/2 - o_n bound every y_i, as y does not decrease)."""
    off, acc = [], 0.0
    for i, w in enumerate(widths):
        if i:
            acc += (widths[i - 1] + w) / 2 + (COL_GAP if widths[i - 1] and w else EDGE_GAP)
        off.append(acc)
    blocks: list[list[float]] = []  # [mean, count]
    for d, o in zip(desired, off):
        blocks.append([d - o, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            m2, n2 = blocks.pop()
            m1, n1 = blocks.pop()
            blocks.append([(m1 * n1 + m2 * n2) / (n1 + n2), n1 + n2])
    lo = widths[0] / 2 if widths else 0.0
    hi = max(lo, bound - widths[-1] / 2 - off[-1]) if widths else 0.0
    ys = [min(max(m, lo), hi) for m, n in blocks for _ in range(int(n))]
    return [y + o for y, o in zip(ys, off)]


def layout(order: list[str], uses: dict[str, tuple[str, ...]], widths: dict[str, float], *,
           max_width: float = 1100.0) -> Placed:
    """A layered drawing of the graph ``uses`` (node -> the nodes it uses) over ``order``.

    Used entries above the entries that use them: each node's layer is one below its lowest
    dependency, moved further down while its layer is full (its boxes and the gaps between
    them would exceed ``max_width``; edges passing through widen it a little); nodes with no
    edge at all go in rows at the bottom. Edges over several layers pass through dummy
    points, one per layer crossed; the order within each layer is improved by barycentre
    sweeps, and the x positions by placing each node at the mean of its neighbours as far
    as the order and the gaps allow."""
    deps = {n: [u for u in uses.get(n, ()) if u in widths] for n in order}
    linked = {n for n in order if deps[n]} | {u for n in order for u in deps[n]}
    layer: dict[str, int] = {}
    fill: dict[int, float] = {}
    todo = [n for n in order if n in linked]
    while todo:
        ready = [n for n in todo if all(u in layer for u in deps[n])]
        if not ready:
            raise ValueError("the 'uses' graph has a cycle through " + ", ".join(todo))
        for n in ready:
            k = max((layer[u] + 1 for u in deps[n]), default=0)
            while fill.get(k, 0) and fill[k] + widths[n] + COL_GAP > max_width:
                k += 1
            layer[n] = k
            fill[k] = fill.get(k, 0) + widths[n] + COL_GAP
        todo = [n for n in todo if n not in layer]
    rows: list[list[str]] = [[] for _ in range(max(layer.values(), default=-1) + 1)]
    for n in order:
        if n in layer:
            rows[layer[n]].append(n)
    # dummy points for the edges that cross layers
    chains: dict[tuple[str, str], list[str]] = {}
    up: dict[str, list[str]] = {n: [] for n in layer}   # the item's neighbours one layer up
    down: dict[str, list[str]] = {n: [] for n in layer}
    for n in order:
        for u in deps.get(n, ()):
            prev, chain = u, []
            for k in range(layer[u] + 1, layer[n]):
                d = f"\0{u}\0{n}\0{k}"
                rows[k].append(d)
                up[d], down[d] = [], []
                chain.append(d)
                up[d].append(prev)
                down[prev].append(d)
                prev = d
            up[n].append(prev)
            down[prev].append(n)
            chains[(u, n)] = chain
    w = {**widths, **{d: 0.0 for r in rows for d in r if d not in widths}}
    bound = max([max_width] + [_span(r, w, dummies=True) for r in rows])
    # order: barycentre sweeps, down then up
    pos = {x: i for r in rows for i, x in enumerate(r)}
    sweeps = [(k, up) for k in range(1, len(rows))] + [(k, down) for k in range(len(rows) - 2, -1, -1)]
    for _ in range(6):
        for k, nb in sweeps:
            rows[k].sort(key=lambda x: (sum(pos[y] for y in nb[x]) / len(nb[x])
                                        if nb[x] else pos[x]))
            pos.update({x: i for i, x in enumerate(rows[k])})
    # x: left-packed, then each row pulled toward its neighbours' centres
    xs: dict[str, float] = {}
    for r in rows:
        xs.update(zip(r, _isotonic([0.0] * len(r), [w[x] for x in r], bound)))
    for it in range(8):
        seq = range(len(rows)) if it % 2 == 0 else range(len(rows) - 1, -1, -1)
        for k in seq:
            r = rows[k]
            want = []
            for x in r:
                nb = up[x] + down[x]
                want.append(sum(xs[y] for y in nb) / len(nb) if nb else xs[x])
            xs.update(zip(r, _isotonic(want, [w[x] for x in r], bound)))
    # nodes without edges: rows of their own below a separator; every row centred
    lrows: list[list[str]] = []
    for n in (n for n in order if n not in linked):
        if lrows and _span(lrows[-1] + [n], widths) <= max_width:
            lrows[-1].append(n)
        else:
            lrows.append([n])
    lo = min((xs[x] - w[x] / 2 for r in rows for x in r), default=0.0)
    hi = max((xs[x] + w[x] / 2 for r in rows for x in r), default=0.0)
    width = max([hi - lo] + [_span(r, widths) for r in lrows])
    shift = MARGIN + (width - (hi - lo)) / 2 - lo
    nodes: dict[str, tuple[float, float, float]] = {}
    y = MARGIN + NODE_H / 2
    for r in rows:
        for x in r:
            nodes[x] = (xs[x] + shift, y, w[x])
        y += NODE_H + ROW_GAP
    split = None
    if rows and lrows:
        split = y - NODE_H / 2 - ROW_GAP / 2
        y = split + CAPTION_H + NODE_H / 2
    for r in lrows:
        x = MARGIN + (width - _span(r, widths)) / 2
        for n in r:
            nodes[n] = (x + widths[n] / 2, y, widths[n])
            x += widths[n] + COL_GAP
        y += NODE_H + COL_GAP
    bottom = max((cy for _, cy, _ in nodes.values()), default=0.0) + NODE_H / 2 + MARGIN
    edges = {}
    for (u, n), chain in chains.items():
        pts = [(nodes[u][0], nodes[u][1] + NODE_H / 2)]
        pts += [(nodes[d][0], nodes[d][1]) for d in chain]
        pts.append((nodes[n][0], nodes[n][1] - NODE_H / 2))
        edges[(u, n)] = pts
    real = {n: v for n, v in nodes.items() if not n.startswith("\0")}
    return Placed(real, edges, width + 2 * MARGIN, bottom, split)


def _span(row: list[str], widths: dict[str, float], dummies: bool = False) -> float:
    """The width of a row's boxes and the gaps between them (``dummies``: a row that has
    edges' points, 0 wide, with the smaller gap beside them)."""
    if not dummies:
        return sum(widths[n] for n in row) + COL_GAP * (len(row) - 1)
    return sum(widths[n] for n in row) + sum(
        COL_GAP if widths[a] and widths[b] else EDGE_GAP for a, b in zip(row, row[1:]))


def _path(pts: list[tuple[float, float]]) -> str:
    d = [f"M{pts[0][0]:.1f},{pts[0][1]:.1f}"]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        ym = (y0 + y1) / 2
        d.append(f"C{x0:.1f},{ym:.1f} {x1:.1f},{ym:.1f} {x1:.1f},{y1:.1f}")
    return " ".join(d)


def graph_svg(ids: list[str], recs: dict[str, dict], topic_of: dict[str, str], *,
              label=None, external: frozenset[str] = frozenset(), uid: str = "g",
              max_width: float = GRAPH_WIDTH) -> str:
    """The dependency graph of ``ids`` as inline SVG at most ``max_width`` px wide when its
    widest node allows (laid out with narrower layers, so more of them, until it fits): a
    node per entry (a link to it, coloured by :func:`category`; ``external`` ones dashed),
    an arrow from each used entry to the entry using it."""
    label = label or (lambda i: i)
    widths = {i: len(label(i)) * CHAR_W + 16 for i in ids}
    uses = {i: tuple(recs[i].get("uses") or ()) for i in ids}
    room = max_width - 2 * MARGIN
    g = layout(ids, uses, widths, max_width=room)
    for _ in range(8):  # edges through a layer widen it beyond what its boxes fill
        if g.width <= max_width or room <= max(widths.values(), default=0.0):
            break
        room = max(room - (g.width - max_width) - COL_GAP, max(widths.values()))
        g = layout(ids, uses, widths, max_width=room)
    out = [f'<svg class="depgraph" xmlns="http://www.w3.org/2000/svg" '
           f'width="{g.width:.0f}" height="{g.height:.0f}" '
           f'viewBox="0 0 {g.width:.0f} {g.height:.0f}" role="img" '
           f'aria-label="dependency graph of {len(ids)} entries">',
           f'<defs><marker id="arrow-{_e(uid)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
           'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
           'fill="#555"/></marker></defs>']
    if g.split is not None:
        out.append(f'<line class="split" x1="{MARGIN}" y1="{g.split:.1f}" '
                   f'x2="{g.width - MARGIN:.0f}" y2="{g.split:.1f}"/>'
                   f'<text class="caption" x="{MARGIN}" y="{g.split + 15:.1f}">'
                   'no dependency edge:</text>')
    for (u, n), pts in g.edges.items():
        out.append(f'<path class="edge" data-from="{_e(u)}" data-to="{_e(n)}" '
                   f'd="{_path(pts)}" marker-end="url(#arrow-{_e(uid)})"/>')
    for i in ids:
        cx, cy, cw = g.nodes[i]
        rec, cat = recs[i], category(recs[i])
        cls = f"node cat-{cat}" + (" external" if i in external else "")
        tip = f"{i} ({rec['kind']}, {rec['status']}): {rec['title']}"
        out.append(f'<a href="{_href(i, topic_of)}"><g class="{cls}" data-id="{_e(i)}">'
                   f'<title>{_e(tip)}</title>'
                   f'<rect x="{cx - cw / 2:.1f}" y="{cy - NODE_H / 2:.1f}" width="{cw:.1f}" '
                   f'height="{NODE_H}" rx="5"/>'
                   f'<text x="{cx:.1f}" y="{cy + 4:.1f}">{_e(label(i))}</text></g></a>')
    out.append("</svg>")
    return "\n".join(out)


# --- pages ------------------------------------------------------------------------------------

def _html(title: str, body: str, nav: str) -> str:
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_e(title)}</title>
<link rel="stylesheet" href="katex/katex.min.css">
<link rel="stylesheet" href="blueprint.css">
<script defer src="katex/katex.min.js"></script>
<script defer src="blueprint.js"></script>
</head>
<body>
<nav>{nav}</nav>
<main>
{body}
</main>
<footer>Generated by <code>lindisc latex --html</code> from the engine's verdicts.
Formulas by KaTeX {KATEX_VERSION} (MIT licence, <a href="katex/LICENSE">katex/LICENSE</a>),
shipped with these pages.</footer>
</body>
</html>
"""


def _legend() -> str:
    return ('<p class="legend">' + " ".join(
        f'<span class="swatch cat-{c}"></span>{_e(text)}' for c, (text, _, _) in CATEGORIES.items())
        + "</p>")


def _counts(recs: list[dict]) -> dict[str, int]:
    return {c: sum(category(r) == c for r in recs) for c in CATEGORIES}


def _css() -> str:
    colours = "\n".join(
        f".cat-{c} {{ --stroke: {s}; --fill: {f}; }}" for c, (_, s, f) in CATEGORIES.items())
    return colours + "\n" + (ASSETS / "blueprint.css").read_text(encoding="utf-8")


def _has_matplotlib() -> bool:
    import importlib.util

    return importlib.util.find_spec("matplotlib") is not None


def _draw_figures(ids: list[str], out: Path) -> dict:
    """Draw, once each, the figures placed at ``ids`` (:func:`.figures.placed_at`) as SVG
    into ``out/figures``: name -> (the file relative to the pages, its size in px or None),
    or None without matplotlib. The size goes on the ``<img>``, so the page does not move
    when the image loads (a link lands where it should)."""
    drawn: dict = {}
    for eid in ids:
        for spec in figures.placed_at(eid):
            if spec.name in drawn:
                continue
            if not _has_matplotlib():
                drawn[spec.name] = None
                continue
            (out / "figures").mkdir(parents=True, exist_ok=True)
            src = f"figures/{spec.name}.svg"
            figures.write(spec.name, out / src, "svg")
            m = re.search(r'<svg[^>]*\bwidth="([\d.]+)pt"[^>]*\bheight="([\d.]+)pt"',
                          (out / src).read_text(encoding="utf-8"))
            # matplotlib writes pt: 96 px to 72 pt
            drawn[spec.name] = (src, m and tuple(round(float(v) * 4 / 3) for v in m.groups()))
    return drawn


def write_blueprint(records: list[dict], out_dir) -> list[str]:
    """Write the blueprint of ``records`` (full records, in catalog order) to ``out_dir``:
    index.html, graph.html, one page per topic, blueprint.css/.js and KaTeX in katex/.
    Returns the lines to print. Raises :class:`LatexBuildError` naming an entry whose
    formula cannot be written."""
    out = Path(out_dir)
    recs = {r["id"]: dict(r) for r in records}
    for r in recs.values():
        if "uses" not in r:
            from ..catalog import REGISTRY

            r["uses"] = list(REGISTRY[r["id"]].uses) if r["id"] in REGISTRY else []
    order = list(recs)
    topic_of = {i: recs[i]["topic"] for i in order}
    used_by: dict[str, list[str]] = {}
    for i in order:
        for u in recs[i]["uses"]:
            used_by.setdefault(u, []).append(i)
    topics: dict[str, list[str]] = {}
    for i in order:
        topics.setdefault(topic_of[i], []).append(i)
    pages: dict[str, str] = {}
    nav = ('<a href="index.html"><b>lindisc blueprint</b></a> \u00b7 <a href="graph.html">graph</a>'
           + "".join(f' \u00b7 <a href="{_page(t)}">{_e(t)}</a>' for t in topics))
    title_of = {t: _TOPIC_TITLES.get(t, t) for t in topics}
    def topic_graph(t: str) -> str:
        ids = topics[t]
        ext = list(dict.fromkeys(u for i in ids for u in recs[i]["uses"]
                                 if u in recs and topic_of[u] != t))
        return graph_svg(ext + ids, recs, topic_of, external=frozenset(ext), uid=t,
                         label=lambda i: i.split(".", 1)[1] if topic_of[i] == t else i)

    out.mkdir(parents=True, exist_ok=True)
    drawn = _draw_figures(order, out)
    for t, ids in topics.items():
        svg = topic_graph(t)
        c = _counts([recs[i] for i in ids])
        body = [f"<h1>{_e(title_of[t])}</h1>",
                f'<p class="summary">{len(ids)} entries: ' + ", ".join(
                    f'<span class="count cat-{k}">{v} {_word(k)}</span>' for k, v in c.items() if v)
                + ".</p>", _legend(),
                '<h2 class="graph-title">Dependency graph</h2>'
                '<p class="hint">An arrow goes from an entry to the entries that use its result; '
                'dashed boxes are entries of other topics.</p>',
                f'<div class="graph">{svg}</div>']
        body += [_entry(recs[i], topic_of, used_by, drawn) for i in ids]
        pages[_page(t)] = _html(f"{title_of[t]} \u2014 lindisc blueprint", "\n".join(body), nav)
    rows = []
    for t, ids in topics.items():
        c = _counts([recs[i] for i in ids])
        rows.append(f'<tr><td><a href="{_page(t)}">{_e(title_of[t])}</a></td>'
                    f'<td>{len(ids)}</td>' + "".join(
                        f'<td class="cat-{k}">{v}</td>' for k, v in c.items()) + "</tr>")
    head = "".join(f'<th class="cat-{k}">{_e(_word(k))}</th>' for k in CATEGORIES)
    toc = []
    for t, ids in topics.items():
        items = "".join(f'<li class="cat-{category(recs[i])}"><a href="{_href(i, topic_of)}">'
                        f'<code>{_e(i)}</code></a> {_inline(recs[i]["title"])} {_badge(recs[i])}</li>'
                        for i in ids)
        toc.append(f'<h3><a href="{_page(t)}">{_e(title_of[t])}</a></h3><ul class="toc">{items}</ul>')
    c = _counts(list(recs.values()))
    index = [
        "<h1>Linear discriminants: verified derivations</h1>",
        f"<p>The engine's verdicts on {len(recs)} entries of the catalog: "
        + ", ".join(f"{v} {_word(k)}" for k, v in c.items()) + ". Each statement is coloured by its "
        "status; an erratum shows the statement as the document prints it, its exact "
        "counterexample and the diagnosis, beside the corrected statement.</p>",
        _legend(),
        f'<p><a href="graph.html">The dependency graph of all {len(recs)} entries</a>, topic by '
        'topic.</p>',
        f'<table class="topics"><tr><th>topic</th><th>entries</th>{head}</tr>{"".join(rows)}</table>',
        *toc]
    pages["index.html"] = _html("lindisc blueprint", "\n".join(index), nav)
    graphs = [f'<h2 id="graph-{_e(t)}"><a href="{_page(t)}">{_e(title_of[t])}</a></h2>'
              f'<div class="graph">{topic_graph(t)}</div>' for t in topics]
    pages["graph.html"] = _html("Dependency graph \u2014 lindisc blueprint", "\n".join([
        f"<h1>Dependency graph of {len(recs)} entries</h1>", _legend(),
        '<p class="hint">Topic by topic: an arrow goes from an entry to the entries that use '
        "its result; dashed boxes are the entries of other topics a topic uses (each also in its "
        "own topic's graph).</p>", *graphs]), nav)
    katex = out / "katex"
    (katex / "fonts").mkdir(parents=True, exist_ok=True)
    for name in ("katex.min.js", "katex.min.css", "LICENSE", "VERSION"):
        shutil.copyfile(ASSETS / name, katex / name)
    for font in sorted((ASSETS / "fonts").glob("*.woff2")):
        shutil.copyfile(font, katex / "fonts" / font.name)
    shutil.copyfile(ASSETS / "blueprint.js", out / "blueprint.js")
    (out / "blueprint.css").write_text(_css(), encoding="utf-8")
    for name, text in pages.items():
        (out / name).write_text(text, encoding="utf-8")
    return [f"wrote {len(pages)} pages ({len(topics)} topics, {len(recs)} entries) and KaTeX "
            f"{KATEX_VERSION} to {out}; open {out / 'index.html'}"]
