"""`lindisc latex [ID|TOPIC ...]`: a standalone LaTeX article of the entries with their
verdicts (``--pdf``, ``--snippets``, ``--html``: the blueprint)."""

from __future__ import annotations

from pathlib import Path
import sys
import time

from ..cached import _selected, _verified
from ..streams import _isatty
from ..options import common

HELP = "a standalone LaTeX article of the entries with their verdicts (--pdf, --snippets, --html)"
EXAMPLE = "lindisc latex geometry > geometry.tex\n  lindisc latex -o catalog.tex --pdf"


def add_arguments(parser) -> None:
    """Options of `lindisc latex`."""
    parser.add_argument("ids", nargs="*", metavar="ID|TOPIC")
    parser.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                        help="write the standalone article to FILE (default: stdout)")
    parser.add_argument("--pdf", action="store_true",
                        help="also compile it with pdflatex (next to FILE, or lindisc-catalog.pdf); "
                             "a LaTeX error names the entry")
    parser.add_argument("--snippets", type=Path, default=None, metavar="DIR",
                        help="write one ID.tex fragment per entry, and lindisc-preamble.tex, to DIR")
    parser.add_argument("--html", type=Path, default=None, metavar="DIR",
                        help="write a browsable blueprint to DIR: a page per topic, statements "
                             "coloured by verdict, the dependency graph (KaTeX shipped with it)")
    common(parser)


def run(ns) -> int:
    from ..document import MACROS, LatexBuildError, article, compile_pdf, draw_figures, snippet

    start = time.monotonic()
    cache, index, ids = _selected(ns, ns.ids)
    got, _ = _verified(ids, ns, "latex", cache=cache, index=index, start=start,
                       progress=_isatty(sys.stderr))
    records = [{**got[i]["record"], **got[i].get("extra", {}), "ok": got[i]["ok"]} for i in ids]
    tex = ns.output
    if tex is None and ns.pdf:
        tex = Path("lindisc-catalog.tex")
    try:
        # the figures the documents mention at these entries, drawn beside the .tex (the
        # article includes them by a path relative to it) and beside the snippets
        placed = draw_figures(records, tex.parent / f"{tex.stem}-figures", f"{tex.stem}-figures") \
            if tex is not None else None
        doc = article(records, placed=placed)
        if ns.snippets is not None:
            ns.snippets.mkdir(parents=True, exist_ok=True)
            (ns.snippets / "lindisc-preamble.tex").write_text(
                "% \\usepackage{amsmath,amssymb,amsthm,graphicx,xcolor} and these macros\n" + MACROS,
                encoding="ascii")
            figs = draw_figures(records, ns.snippets / "figures", "figures")
            for r in records:
                (ns.snippets / f"{r['id']}.tex").write_text(snippet(r, figs) + "\n", encoding="ascii")
            print(f"lindisc: wrote {len(records)} snippets and lindisc-preamble.tex to {ns.snippets}",
                  file=sys.stderr)
        if ns.html is not None:
            from ..html import write_blueprint

            for line in write_blueprint(records, ns.html):
                print(f"lindisc: {line}", file=sys.stderr)
        if tex is not None:
            tex.parent.mkdir(parents=True, exist_ok=True)
            tex.write_text(doc.source, encoding="ascii")
            print(f"lindisc: wrote {tex} ({len(records)} entries)", file=sys.stderr)
        if ns.pdf:
            pdf = tex.with_suffix(".pdf")
            compiled = compile_pdf(doc, pdf)
            for w in compiled:
                print(f"lindisc: warning: {w}", file=sys.stderr)
            print(f"lindisc: wrote {pdf} ({compiled.passes} pdflatex passes)", file=sys.stderr)
        if tex is None and ns.snippets is None and ns.html is None:
            sys.stdout.write(doc.source)
    except LatexBuildError as exc:
        print(f"lindisc latex: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"lindisc latex: error: cannot write {exc.filename or ns.output}: {exc.strerror}; "
              f"choose a writable path", file=sys.stderr)
        return 1
    return 0
