"""Tables on a terminal: cells wrap within their columns to the terminal's width, or each
row becomes a short line and an indented paragraph; plain, never cut, when stdout is not a
terminal."""

from __future__ import annotations

import os
import re
import shutil
import sys

from .streams import _isatty, _shown


def _terminal_width() -> int | None:
    """The width to fit on when stdout is a terminal (``COLUMNS`` overrides it, as for any
    program); None when stdout is a pipe or a file: plain lines, nothing cut or wrapped."""
    if not _isatty(sys.stdout):
        return None
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def _layout(rows: list[list[str]], width: int | None, wrap: list[int], *,
            min_col: int = 12) -> list[str]:
    """Aligned columns, two spaces apart, the first row the underlined header. With a
    ``width``, the columns in ``wrap`` are narrowed, widest first (to ``min_col`` at the
    least), and their cells wrapped within them; the other columns are never cut. When even
    that does not fit, each row becomes a line of the other columns followed by its
    ``wrap`` cells as an indented paragraph (the first one unlabelled, as the row's text)."""
    import textwrap

    rows = [[_shown(c) for c in r] for r in rows]
    n = len(rows[0])
    cols = [max(len(r[j]) for r in rows) for j in range(n)]
    # Narrow first down to each column's longest word (no word is cut), then to min_col.
    words = {j: max(len(w) for r in rows for w in r[j].split() or [""]) for j in wrap}
    if width is not None:
        while sum(cols) + 2 * (n - 1) > width:
            shrinkable = ([j for j in wrap if cols[j] > max(min_col, words[j])]
                          or [j for j in wrap if cols[j] > min_col])
            if not shrinkable:
                return _stacked(rows, width, wrap)
            j = max(shrinkable, key=lambda j: cols[j])
            cols[j] -= 1
    lines = []
    for i, r in enumerate(rows):
        cells = [(textwrap.wrap(c, cols[j], break_on_hyphens=False) or [""])
                 if j in wrap and len(c) > cols[j] else [c] for j, c in enumerate(r)]
        for k in range(max(len(c) for c in cells)):
            lines.append("  ".join((c[k] if k < len(c) else "").ljust(cols[j])
                                   for j, c in enumerate(cells)).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in cols))
    return lines


def _stacked(rows: list[list[str]], width: int, wrap: list[int]) -> list[str]:
    import textwrap

    head = [j for j in range(len(rows[0])) if j not in wrap]
    cols = {j: max(len(r[j]) for r in rows) for j in head}
    lines = ["  ".join(rows[0][j].ljust(cols[j]) for j in head).rstrip(),
             "  ".join("-" * cols[j] for j in head)]
    for r in rows[1:]:
        lines.append("  ".join(r[j].ljust(cols[j]) for j in head).rstrip())
        text, rest = r[wrap[0]], [f"{rows[0][j]}: {r[j]}" for j in wrap[1:] if r[j]]
        for par in [text, "; ".join(rest)]:
            lines += textwrap.wrap(par, width, initial_indent="    ", subsequent_indent="      ",
                                   break_on_hyphens=False)
    return lines


def _fit_table(text: str, width: int | None) -> str:
    """``report.render_table``'s output, refitted to ``width``: its columns (read from the
    header's rule) wrapped within themselves, the notes below wrapped as paragraphs. With
    no width, only realigned (after the ASCII fallback changed the cells' lengths)."""
    import textwrap

    lines = text.split("\n")  # sliced as rendered; _layout pads the cells as shown
    if len(lines) < 2 or not re.fullmatch(r"-+(  -+)*", lines[1]):
        return text  # not the table shape this expects: leave it as rendered
    spans = [m.span() for m in re.finditer(r"-+", lines[1])]
    end = lines.index("") if "" in lines else len(lines)
    rows = [[ln[a:b if k < len(spans) - 1 else None].strip() for k, (a, b) in enumerate(spans)]
            for ln in [lines[0]] + lines[2:end]]
    # id, status and seconds stay whole; title, sources, scope and methods wrap.
    keep = {0, len(spans) - 1} | {k for k, h in enumerate(rows[0]) if h == "status"}
    out = _layout(rows, width, [k for k in range(len(spans)) if k not in keep])
    for ln in map(_shown, lines[end:]):
        out += (textwrap.wrap(ln, width, subsequent_indent="  ", break_on_hyphens=False) or [""]
                if width else [ln])
    return "\n".join(out)


def _render_table(records, oks, summ) -> str:
    from .report import render_table

    width = _terminal_width()
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100000"  # the renderer cuts titles to COLUMNS: never here
    try:
        text = render_table(records, oks, summ)
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return text if width is None and _shown(text) == text else _fit_table(text, width)
