"""Finding the mathematics in a user's file: displays and ``lindisc:`` comments, with the
file, line and column of each.

* ``.tex``: ``align``, ``align*``, ``equation``, ``gather``, ``multline``, ``eqnarray``,
  ``flalign`` (starred or not), ``\\[ \\]`` and ``$$ $$``; ``%`` comments (a ``% lindisc:``
  one is a directive; the others are ignored); ``verbatim`` ignored; the preamble's
  ``\\newcommand``/``\\def``/``\\DeclareMathOperator`` macros. ``\\input{f}`` and
  ``\\include{f}`` are followed (``f`` or ``f.tex``, relative to the including file, inside
  its folder; at most :data:`MAX_INCLUDE_DEPTH` deep, :data:`MAX_INCLUDES` files,
  :data:`MAX_BYTES` in all): an included file's displays and comments count where the
  command stands, and positions name the included file.
* ``.md``: the same displays, and fenced ```` ```math ```` blocks; ``<!-- lindisc: -->``
  comments; code fences and inline code ignored.
* ``.ipynb``: each markdown cell read as Markdown (positions ``notes.ipynb:cell3:2:5``,
  line and column inside the cell); code cells ignored.

Bounded: a file of at most :data:`MAX_BYTES` (notebooks :data:`MAX_NOTEBOOK_BYTES`),
:data:`MAX_DISPLAYS` displays, :data:`MAX_DISPLAY_CHARS` characters per display. A file that
cannot be read as what its suffix says (not UTF-8, bad JSON, an unclosed environment) is a
:class:`~derivations._userclaims.errors.ClaimsError` at its line and column (exit 2).
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .._userclaims.errors import ClaimsError, Location
from .tokens import Macros, find_macros

__all__ = ["Source", "Display", "Comment", "Document", "read_notes", "SUFFIXES", "MAX_BYTES",
           "MAX_DISPLAYS", "MAX_DISPLAY_CHARS"]

SUFFIXES = (".tex", ".md", ".markdown", ".ipynb")
MAX_BYTES = 1024 * 1024
MAX_NOTEBOOK_BYTES = 8 * 1024 * 1024
MAX_DISPLAYS = 500
MAX_DISPLAY_CHARS = 8000
MAX_CELLS = 2000
MAX_INCLUDE_DEPTH = 8
MAX_INCLUDES = 200

_INPUT = re.compile(r"\\(input|include)\s*\{([^{}\n]*)\}")

_ENVS = r"(?:align|equation|gather|multline|eqnarray|flalign)\*?"
_OPEN = re.compile(r"\\begin\{(" + _ENVS + r")\}|\\\[|\$\$")


@dataclass
class Source:
    """One text with a name for positions: the file, or one cell of a notebook."""

    label: str
    text: str
    starts: list = field(default_factory=list)
    #: where this text stands in the document: () for the file itself; for a file read by
    #: ``\\input`` the including file's anchor plus the command's offset there (so sorting
    #: ``anchor + (offset,)`` puts every position in reading order)
    anchor: tuple = ()

    def __post_init__(self):
        self.starts = [0] + [m.end() for m in re.finditer("\n", self.text)]

    def loc(self, offset: int) -> Location:
        i = bisect.bisect_right(self.starts, offset) - 1
        return Location(self.label, i + 1, offset - self.starts[i] + 1)


@dataclass
class Display:
    source: Source
    env: str
    start: int
    body_start: int
    body_end: int
    clean: str = ""  # the source text with comments and code blanked (same offsets)

    @property
    def body(self) -> str:
        return (self.clean or self.source.text)[self.body_start:self.body_end]


@dataclass
class Comment:
    """The text after ``lindisc:`` of one comment, and where it starts."""

    source: Source
    body: str
    pos: int


@dataclass
class Document:
    path: str
    kind: str
    sources: list
    displays: list
    comments: list
    macros: Macros


def _read(path: str, limit: int) -> str:
    p = Path(path)
    try:
        if p.stat().st_size > limit:
            raise ClaimsError(f"file larger than {limit // 1024} KiB", Location(path))
        raw = p.read_bytes()
    except OSError as exc:
        raise ClaimsError(f"cannot read the file: {exc.strerror or exc}", Location(path)) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ClaimsError(f"not UTF-8 text (byte {exc.start})", Location(path, line, 1)) from None


def _blank(text: str, a: int, b: int) -> str:
    """``text`` with [a, b) replaced by spaces, newlines kept (offsets stay the same)."""
    return text[:a] + re.sub(r"[^\n]", " ", text[a:b]) + text[b:]


def _tex_comments(src: Source) -> tuple[str, list[Comment]]:
    text, comments = src.text, []
    clean = text
    for m in re.finditer(r"\\begin\{(verbatim\*?|lstlisting|minted|comment)\}.*?\\end\{\1\}", text, re.S):
        clean = _blank(clean, m.start(), m.end())
    for m in re.finditer(r"(?<!\\)%[^\n]*", clean):
        d = re.match(r"%+\s*lindisc:", m.group(0))
        if d:
            comments.append(Comment(src, m.group(0)[d.end():], m.start() + d.end()))
        clean = _blank(clean, m.start(), m.end())
    return clean, comments


def _md_comments(src: Source) -> tuple[str, list[Comment], list[Display]]:
    text, comments, fences = src.text, [], []
    clean = text
    for m in re.finditer(r"^[ \t]*(```+|~~~+)[ \t]*([A-Za-z]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", text, re.S | re.M):
        if m.group(2) == "math":
            fences.append(Display(src, "math", m.start(), m.start(3), m.end(3), text))
        clean = _blank(clean, m.start(), m.end())
    for m in re.finditer(r"(?<!`)`[^`\n]+`(?!`)", clean):
        clean = _blank(clean, m.start(), m.end())
    for m in re.finditer(r"<!--(.*?)-->", clean, re.S):
        d = re.match(r"\s*lindisc:", m.group(1))
        if d:
            comments.append(Comment(src, m.group(1)[d.end():], m.start(1) + d.end()))
        clean = _blank(clean, m.start(), m.end())
    return clean, comments, fences


def _displays(src: Source, clean: str) -> list[Display]:
    out, i = [], 0
    while True:
        m = _OPEN.search(clean, i)
        if not m:
            return out
        if m.group(1):
            env = m.group(1)
            close = clean.find("\\end{" + env + "}", m.end())
            end_len = len(env) + 6
        elif m.group(0) == "\\[":
            env, close, end_len = "\\[", clean.find("\\]", m.end()), 2
        else:
            env, close, end_len = "$$", clean.find("$$", m.end()), 2
        if close < 0:
            raise ClaimsError(f"{m.group(0)} is never closed" + (f" (\\end{{{env}}})" if m.group(1) else ""),
                              src.loc(m.start()))
        if close - m.end() > MAX_DISPLAY_CHARS:
            raise ClaimsError(f"a display of more than {MAX_DISPLAY_CHARS} characters", src.loc(m.start()))
        out.append(Display(src, env, m.start(), m.end(), close, clean))
        i = close + end_len


def read_notes(path: str, *, label: str | None = None) -> Document:
    """The displays and ``lindisc:`` comments of a ``.tex``, ``.md`` or ``.ipynb`` file."""
    name = label or str(path)
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise ClaimsError(f"a notes file ends in {', '.join(SUFFIXES)}", Location(name))
    if suffix == ".ipynb":
        sources = _notebook(_read(path, MAX_NOTEBOOK_BYTES), name)
        kind = "ipynb"
    else:
        sources = [Source(name, _read(path, MAX_BYTES))]
        kind = "tex" if suffix == ".tex" else "md"
    displays, comments, macro_text = [], [], []
    if kind == "tex":
        sources = _with_inputs(sources[0], Path(path))
    for src in sources:
        if kind == "tex":
            clean, com = _tex_comments(src)
            ds = _displays(src, clean)
        else:
            clean, com, fences = _md_comments(src)
            ds = sorted(_displays(src, clean) + fences, key=lambda d: d.start)
        comments += com
        displays += ds
        # macros: from the text outside displays (the preamble, or a notebook's $\newcommand$)
        macro_text.append(clean)
        if len(displays) > MAX_DISPLAYS:
            raise ClaimsError(f"more than {MAX_DISPLAYS} displays in one file", src.loc(ds[-1].start))
    displays.sort(key=lambda d: d.source.anchor + (d.start,))  # reading order across \input
    return Document(name, kind, sources, displays, comments, find_macros("\n".join(macro_text)))


def _with_inputs(main: Source, path: Path) -> list[Source]:
    """``main`` and every file its ``\\input``/``\\include`` commands read, recursively."""
    root = path.resolve().parent
    out, total = [], [0]

    def visit(src: Source, file: Path, chain: tuple):
        out.append(src)
        total[0] += len(src.text.encode("utf-8"))
        clean, _ = _tex_comments(src)
        for m in _INPUT.finditer(clean):
            where, arg = src.loc(m.start()), m.group(2).strip()
            target = _included(arg, file, root, where)
            if target in chain:
                names = " → ".join(p.name for p in (*chain, target)[chain.index(target):])
                raise ClaimsError(f"\\{m.group(1)}{{{arg}}} reads a file that includes "
                                  f"itself ({names})", where)
            if len(chain) >= MAX_INCLUDE_DEPTH:
                raise ClaimsError(f"\\{m.group(1)} nested more than {MAX_INCLUDE_DEPTH} "
                                  f"deep", where)
            if len(out) >= MAX_INCLUDES:
                raise ClaimsError(f"more than {MAX_INCLUDES} files read by \\input", where)
            label = str(Path(main.label).parent / target.relative_to(root))
            text = _read(str(target), MAX_BYTES)
            if total[0] + len(text.encode("utf-8")) > MAX_BYTES:
                raise ClaimsError(f"the file and the files it includes exceed "
                                  f"{MAX_BYTES // 1024} KiB in all", where)
            visit(Source(label, text, anchor=src.anchor + (m.start(),)), target,
                  (*chain, target))

    visit(main, path.resolve(), (path.resolve(),))
    return out


def _included(arg: str, file: Path, root: Path, where: Location) -> Path:
    """The file ``\\input{arg}`` in ``file`` reads: relative to ``file``'s folder, ``.tex``
    added when ``arg`` has no suffix (as TeX does), never outside the notes' folder."""
    if not arg or Path(arg).is_absolute() or "\\" in arg:
        raise ClaimsError(f"\\input{{{arg}}}: give a path relative to the file (absolute "
                          f"paths and macros in the name are not followed)", where)
    target = (file.parent / arg)
    if not target.suffix:
        target = target.with_suffix(".tex")
    target = target.resolve()
    if root != target and root not in target.parents:
        raise ClaimsError(f"\\input{{{arg}}} points outside the folder of the file being "
                          f"checked ({root}); check that file on its own", where)
    if not target.is_file():
        raise ClaimsError(f"\\input{{{arg}}}: no such file {target.name!r} next to "
                          f"{file.name!r}", where)
    return target


def _notebook(text: str, name: str) -> list[Source]:
    try:
        nb = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ClaimsError(f"not a notebook (JSON): {exc.msg}", Location(name, exc.lineno, exc.colno)) from None
    except RecursionError:
        raise ClaimsError("not a notebook: JSON nested too deeply", Location(name)) from None
    cells = nb.get("cells") if isinstance(nb, dict) else None
    if not isinstance(cells, list):
        raise ClaimsError("not a notebook: no list of cells (nbformat 4)", Location(name))
    if len(cells) > MAX_CELLS:
        raise ClaimsError(f"more than {MAX_CELLS} cells", Location(name))
    out = []
    for k, c in enumerate(cells):
        if not isinstance(c, dict) or c.get("cell_type") != "markdown":
            continue
        s = c.get("source", "")
        if isinstance(s, list) and all(isinstance(x, str) for x in s):
            s = "".join(s)
        if not isinstance(s, str):
            raise ClaimsError(f"cell {k + 1}: its source is not text", Location(f"{name}:cell{k + 1}"))
        out.append(Source(f"{name}:cell{k + 1}", s, anchor=(k,)))
    return out
