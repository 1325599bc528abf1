"""The catalog as LaTeX an author can use: one standalone article, or one fragment per entry.

``lindisc latex`` builds both from the verified records (the JSON of ``lindisc show``), never
from the builders: what the document says about an entry is what the engine decided.

The article (amsmath, amsthm, graphicx, xcolor, hyperref; T1 Latin Modern with a Unicode map,
so ids and commands copy out of the PDF as typed; ASCII source): a title page with the verdict
summary per kind; a table of contents of the topics only; the notation; one section per topic
with each entry a numbered statement ("Result 3.4", "Erratum 5.2", "Exercise 12.1": amsthm, one
counter per section), holding the id and verdict, the sources, the statement as the document
prints it (``printed``), an exercise's problem (``statement``), the document's text, each claim
and derivation step with its own mark, the scope where it says something and the seeds that
reproduce it, and the figures the documents mention there, captions under them (an entry
refuted as printed — erratum, typo, caveat — is printed once, "As printed" over "Corrected",
the exact counterexample and the diagnosis under them); an index of those entries, linked.

No formula is shrunk below 0.8 (nor, on the catalog, at all): one wider than the line is broken
before its top-level relations and signs, and if a piece is still too wide, inside its brackets
(``\\lindiscformula``, :func:`breakable`). pdflatex runs until the log stops asking for a
rerun (:data:`MAX_PASSES`), so the contents' page numbers are the sections' pages.

Each entry's lines are recorded (``Document.spans``) so that a LaTeX error in the compiled
log is reported with the id of the entry that caused it (:func:`compile_pdf`). All prose goes
through ``_t``, so how prose is rendered is decided in one place.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .latex import LindiscLatexPrinter, UnicodeLatexError, tex_math, tex_text

__all__ = ["Document", "article", "snippet", "compile_pdf", "Compiled", "LatexBuildError",
           "PREAMBLE", "MACROS", "jupyter_latex", "breakable", "draw_figures", "FigureFile"]

#: The macros every fragment uses; written beside ``--snippets`` as lindisc-preamble.tex
#: (with amsmath, amssymb, amsthm, graphicx and xcolor loaded). A formula is set by
#: ``\lindiscformula[deep]{shallow}``: centred when it fits the line; else ``shallow`` broken at
#: its top-level ``\lindiscnext`` / ``\lindisctimes`` marks, one piece a line; and when a piece
#: of that is still wider than the line, ``deep`` instead (the same formula with its top-level
#: ``\left...\right`` pairs opened into fixed sizes and marked inside too, :func:`breakable`).
#: A piece is shrunk only when it alone is wider than the line, and never below 0.8: one still
#: wider then is left overfull, which the log reports (``compile_pdf`` names the entry).
MACROS = r"""\ifdefined\lindiscbox\else\newsavebox\lindiscbox\newsavebox\lindisctrial\newif\iflindisctoowide\fi
\providecommand{\lindiscnext}{}
\providecommand{\lindiscinner}[1]{}
\providecommand{\lindisctimes}{}
\providecommand{\lindiscput}{\ifdim\wd\lindiscbox>\dimexpr\linewidth-2em\relax\global\lindisctoowidetrue\ifdim0.8\wd\lindiscbox>\dimexpr\linewidth-2em\relax\typeout{lindisc: a formula piece is wider than the line at 0.8 scale}\scalebox{0.8}{\box\lindiscbox}\else\resizebox{\dimexpr\linewidth-2em\relax}{!}{\box\lindiscbox}\fi\else\box\lindiscbox\fi}
\providecommand{\lindiscbroken}[1]{{\noindent\hangindent=2em\hangafter=1\rightskip=0pt plus 1fil\parfillskip=0pt plus 1fil\hbadness=10000\def\lindiscnext{$\egroup\lindiscput\allowbreak\setbox\lindiscbox\hbox\bgroup$\displaystyle{}}\def\lindiscinner##1{$\egroup\lindiscput\penalty\numexpr300*##1\relax\setbox\lindiscbox\hbox\bgroup$\displaystyle{}}\def\lindisctimes{$\egroup\lindiscput\discretionary{}{\hbox{$\displaystyle{}\times{}$}}{}\setbox\lindiscbox\hbox\bgroup$\displaystyle}\setbox\lindiscbox\hbox\bgroup$\displaystyle #1$\egroup\lindiscput\par}}
\providecommand{\lindiscformula}[2][]{\par\sbox\lindiscbox{\let\lindiscnext\relax\let\lindisctimes\relax$\displaystyle #2$}\ifdim\wd\lindiscbox>\linewidth\global\lindisctoowidefalse\setbox\lindisctrial\vbox{\hfuzz=\maxdimen\lindiscbroken{#2}}\iflindisctoowide\if\relax\detokenize{#1}\relax\lindiscbroken{#2}\else\lindiscbroken{#1}\fi\else\unvbox\lindisctrial\fi\else\noindent\hbox to\linewidth{\hfil\usebox\lindiscbox\hfil}\par\fi}
\providecommand{\lindisctext}[1]{\par\noindent{\raggedright #1\par}}
\providecommand{\lindiscverdict}[2]{\textcolor{#1}{\textbf{#2}}}
\providecommand{\lindiscbookmark}[2]{}
\providecommand{\lindiscrow}[2]{\par\noindent\rule{\linewidth}{#1}\par\nobreak\noindent\textbf{#2}}
\ifdefined\lindiscresult\else
\newtheoremstyle{lindisc}{1.2em}{0.6em}{\normalfont}{0pt}{\bfseries}{}{\newline}{\thmname{#1}\thmnumber{ #2}\thmnote{: #3}}
\theoremstyle{lindisc}
\newtheorem{lindiscresult}{Result}[section]
\newtheorem{lindiscalgorithm}[lindiscresult]{Algorithm}
\newtheorem{lindiscexercise}[lindiscresult]{Exercise}
\newtheorem{lindiscerratum}[lindiscresult]{Erratum}
\newtheorem{lindisctypo}[lindiscresult]{Typo}
\newtheorem{lindisccaveat}[lindiscresult]{Caveat}
\theoremstyle{plain}
\newcounter{lindiscfigure}
\fi
"""

#: The article's preamble: T1 fonts (Latin Modern) with a Unicode map, so ``geometry.w_normal``
#: and ``--seed`` copy out of the PDF as typed; bookmarks in plain text (a formula never reaches
#: them: topics are the sections, an entry's bookmark is its number and id).
PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
\usepackage[protrusion=false,expansion=false]{microtype}
\DisableLigatures[-]{family=tt*}
\input{glyphtounicode}
\pdfgentounicode=1
\usepackage{amsmath,amssymb,amsthm}
\usepackage{graphicx}
\usepackage[margin=2.2cm]{geometry}
\usepackage{xcolor}
\usepackage[hidelinks,unicode,bookmarksnumbered,bookmarksdepth=2]{hyperref}
\pdfstringdefDisableCommands{\def\lindiscnext{}\def\lindiscinner#1{}\def\lindisctimes{}\def\texttt#1{#1}\def\\{ }}
\newcommand{\lindiscbookmark}[2]{\pdfbookmark[2]{#1}{#2}}
\setcounter{tocdepth}{1}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.4em}
\sloppy
""" + MACROS

#: Verdict colours (the blueprint convention: green proved, red refuted, orange open).
_COLOUR = {"verified": "green!45!black", "verified at sizes": "olive!80!black", "refuted": "red!75!black", "undecided": "orange!85!black",
           "conflict": "magenta!80!black", "error": "magenta!80!black"}
_MARK = {"verified": r"$\checkmark$", "verified at sizes": r"$\checkmark$", "refuted": r"$\times$"}
_TOPIC_TITLES = {
    "geometry": "Hyperplane geometry", "multiclass": "Multi-class discriminants",
    "feature_maps": "Feature maps", "least_squares": "Least squares with 1-of-K targets",
    "fisher": "Fisher's linear discriminant", "perceptron": "The perceptron",
    "relaxation": "Relaxation criteria", "descent": "Gradient descent and Newton's method",
    "ho_kashyap": "The Ho--Kashyap procedure", "logistic": "Logistic and softmax regression",
    "lagrange": "Lagrange multipliers", "svm": "The support vector machine",
}


class LatexBuildError(Exception):
    """The document could not be written or compiled; the message names the entry."""


@dataclass
class Document:
    """LaTeX source as lines, with the line span of each entry (1-based, inclusive)."""

    lines: list[str] = field(default_factory=list)
    spans: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: files the source includes (its figures): path as the source names it -> file on disk
    files: dict[str, Path] = field(default_factory=dict)

    def add(self, text: str) -> None:
        self.lines.extend(text.split("\n"))

    def entry(self, eid: str, text: str) -> None:
        start = len(self.lines) + 1
        self.add(text)
        self.spans.setdefault(eid, (start, len(self.lines)))

    def entry_at(self, line: int) -> str | None:
        for eid, (a, b) in self.spans.items():
            if a <= line <= b:
                return eid
        return None

    @property
    def source(self) -> str:
        return "\n".join(self.lines) + "\n"


def _t(s: str, eid: str) -> str:
    """Text of entry ``eid`` as LaTeX: catalog prose as Markdown with ``$...$`` math, engine
    text (a claim label, SymPy values, a diagnosis) literally (:func:`.prose.is_markdown`)."""
    from .prose import ProseError, is_markdown, to_latex

    try:
        return to_latex(s) if is_markdown(s) else tex_text(s)
    except (ProseError, UnicodeLatexError) as exc:
        raise LatexBuildError(f"entry {eid}: {exc}") from None


def _m(s: str, eid: str) -> str:
    """A formula of entry ``eid`` as ``\\lindiscformula``: centred on one line when it fits;
    else broken before its top-level relations and + / - signs (:func:`breakable`), and when a
    piece is still wider than the line, broken inside its outer brackets too (the ``deep``
    form, given only when it differs). A formula that is only text (``\\text{...}``) is set as
    a paragraph, which wraps."""
    try:
        tex = tex_math(s)
    except UnicodeLatexError as exc:
        raise LatexBuildError(f"entry {eid}: {exc}; rename the symbol in ASCII or add the "
                              "character to derivations/_interfaces/latex.py") from None
    text = re.fullmatch(r"\\text\{(.*)\}", tex, re.S)
    if text and _balanced(text.group(1)):
        return rf"\lindisctext{{{text.group(1)}}}"
    shallow, deep = breakable(tex), breakable(tex, deep=True)
    return rf"\lindiscformula{f'[{{{deep}}}]' if deep != shallow else ''}{{{shallow}}}"


def _balanced(tex: str) -> bool:
    depth = 0
    for tok in _TOKEN.findall(tex):
        depth += {"{": 1, "}": -1}.get(tok, 0)
        if depth < 0:
            return False
    return depth == 0


#: A TeX token: a control word, a control symbol, or one character.
_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|.", re.S)
#: Where a long formula may break (before the token, at depth 0).
_RELATIONS = {"=", "<", ">", r"\leq", r"\geq", r"\le", r"\ge", r"\neq", r"\ne", r"\approx",
              r"\equiv", r"\Leftrightarrow", r"\Rightarrow", r"\Longrightarrow",
              r"\Longleftrightarrow", r"\iff", r"\implies", r"\propto", r"\succeq", r"\preceq",
              r"\sim", r"\simeq", r"\in", r"\subseteq"}
_BINARY = {"+", "-", r"\pm", r"\mp"}
_OPEN = {"{": 1, r"\left": 1, r"\begin": 1, "}": -1, r"\right": -1, r"\end": -1}


#: The fixed delimiter size a ``\left...\right`` pair opened by ``breakable(deep=True)``
#: takes: ``\bigg`` around a fraction, sum or product at its own level (display style), ``\Big``
#: around nested brackets, ``\big`` otherwise.
_TALL = {r"\frac", r"\dfrac", r"\sum", r"\prod", r"\int", r"\binom", r"\begin"}


def _pair_size(toks: list[str], i: int) -> str:
    """The fixed size for the ``\\left`` at ``toks[i]`` from what its pair encloses."""
    level, braces, nested = 0, 0, False
    for tok in toks[i:]:
        if tok == r"\left":
            level += 1
            nested = nested or level > 1
        elif tok == r"\right":
            level -= 1
            if level == 0:
                break
        elif tok == "{":
            braces += 1
        elif tok == "}":
            braces -= 1
        elif tok in _TALL and braces == 0:
            return r"\bigg"
    return r"\Big" if nested else r"\big"


#: An exponent of ``e`` longer than this many tokens is written ``\exp(...)`` in the deep form.
_LONG_EXPONENT = 40


def _exp_opened(toks: list[str]) -> list[str]:
    """``e^{X}`` outside braces, with a long ``X``, as ``\\exp\\left(X\\right)``: a power's
    exponent cannot be broken across lines, an argument can (the deep form only)."""
    out: list[str] = []
    depth, i = 0, 0
    while i < len(toks):
        tok = toks[i]
        if depth == 0 and tok == "e" and toks[i + 1:i + 3] == ["^", "{"]:
            level, j = 0, i + 2
            for j in range(i + 2, len(toks)):
                level += {"{": 1, "}": -1}.get(toks[j], 0)
                if level == 0:
                    break
            if level == 0 and j - i - 3 > _LONG_EXPONENT:
                out += [r"\exp", r"\left", "(", *toks[i + 3:j], r"\right", ")"]
                i = j + 1
                continue
        out.append(tok)
        depth += {"{": 1, "}": -1}.get(tok, 0)
        i += 1
    return out


def breakable(tex: str, deep: bool = False) -> str:
    """``tex`` with ``\\lindiscnext{}`` before each relation and each binary + or - at its
    top level (outside braces, ``\\left...\\right`` and environments), and
    ``\\lindisctimes`` between two parenthesised factors there: the places
    ``\\lindiscformula`` may break a formula wider than the line (a product broken there
    shows a ``\\times`` at the start of the next line, only there). A sign that opens the formula, or
    follows a relation, another sign, an opening bracket, ``^`` or ``_``, is unary: no break.
    With ``deep``, every ``\\left...\\right`` pair outside braces becomes a pair of fixed size
    (``\\bigl( ... \\bigr)``, :func:`_pair_size`), so what it encloses breaks too, at
    ``\\lindiscinner{k}`` (k pairs deep: a break TeX takes only where one less deep does not
    do): the form
    ``\\lindiscformula`` uses when a piece of the first is wider than the line.

    >>> breakable(r"a + \\left(b - c\\right) = -d")
    'a \\\\lindiscnext{}+ \\\\left(b - c\\\\right) \\\\lindiscnext{}= -d'
    >>> breakable(r"a + \\left(b - c\\right) = -d", deep=True)
    'a \\\\lindiscnext{}+ \\\\bigl(b \\\\lindiscinner{1}- c\\\\bigr) \\\\lindiscnext{}= -d'
    """
    toks = _TOKEN.findall(tex)
    if deep:
        toks = _exp_opened(toks)
    out: list[str] = []
    depth = 0
    prev = None  # the last token at depth 0 that is not a space
    closed = False  # whether the tokens since then close a \\left...\\right factor (and its power)
    after_right = False
    sizes: list[str] = []  # the sizes of the opened pairs enclosing this point (deep)
    opened = None  # the opened \\left or \\right whose delimiter comes next (deep)
    for i, tok in enumerate(toks):
        if opened is not None:  # the delimiter of an opened \\left, \\middle or \\right
            if not tok.isspace():
                out.append(tok)
                prev, closed, opened = ("(" if opened != "r" else tok), opened == "r", None
            continue
        if deep and depth == 0 and tok in (r"\left", r"\middle", r"\right"):
            if tok == r"\left":
                if closed:
                    out.append(r"\lindisctimes ")
                sizes.append(_pair_size(toks, i))
                size = sizes[-1]
            else:
                size = (sizes.pop() if tok == r"\right" else sizes[-1]) if sizes else r"\big"
            opened = tok[1]
            out.append(size + opened)
            continue
        if depth == 0 and prev is not None and (
                tok in _RELATIONS or (tok in _BINARY and prev not in _RELATIONS | _BINARY
                                      | {"^", "_", "(", "[", ",", ":", r"\mid"})):
            out.append(rf"\lindiscinner{{{len(sizes)}}}" if sizes else r"\lindiscnext{}")
        elif depth == 0 and tok == r"\left" and closed:
            out.append(r"\lindisctimes ")
        out.append(tok)
        before, depth = depth, depth + _OPEN.get(tok, 0)
        if tok == r"\right" and depth == 0:
            closed = after_right = True
        elif after_right:  # the delimiter of \\right
            after_right = False
        elif not (before or depth or tok.isspace() or tok in "^_" or prev in ("^", "_")):
            closed = False
        if depth == 0 and not tok.isspace():
            prev = tok
    return "".join(out)


def _printed(tex: str, eid: str) -> str:
    """The statement as the document prints it: a display, or a paragraph when it is mostly
    the document's words (:func:`.prose.printed_prose`: a display could not break them)."""
    from .prose import printed_prose

    md = printed_prose(tex)
    return _m(tex, eid) if md is None else rf"\lindisctext{{{_t(md, eid)}}}"


def _label(eid: str) -> str:
    return "entry:" + re.sub(r"[^A-Za-z0-9.:_-]", "-", eid)


def scope_phrases(rec: dict, size, le: str) -> str:
    """What a verdict covers, in words: ``size(name, op, value)`` writes one size (``op`` is
    ``"le"`` for sizes proved, ``"eq"`` for the largest sampled) and ``le`` is the sign before
    the Schwartz-Zippel bound (the article writes them in LaTeX, the blueprint in HTML)."""
    s = rec.get("scope") or {}
    parts = []
    if s.get("every_size"):
        parts.append("every size (a dimension-free proof or a size argument)")
    if s.get("proved_up_to"):
        parts.append("proved at " + ", ".join(size(k, "le", v) for k, v in s["proved_up_to"].items()))
    if s.get("sampled_up_to"):
        parts.append("exact random points up to " + ", ".join(
            size(k, "eq", v) for k, v in s["sampled_up_to"].items()))
    if s.get("bound") is not None:
        parts.append(f"P(a false rational claim passes) {le} {s['bound']:.1e}")
    if s.get("runs"):
        n = s["runs"]
        parts.append(f"{n} algorithm claim{'s' * (n != 1)} shown by runs on every seed")
    return "; ".join(parts) or "none"


_TEX_OP = {"le": r"\le", "eq": "="}


def _scope(rec: dict) -> str:
    """The verdict's scope in LaTeX, or ``""`` when it states nothing ("none")."""
    scope = scope_phrases(rec, lambda k, op, v: f"${k} {_TEX_OP[op]} {v}$", r"$\le$")
    return "" if scope == "none" else scope


def _seeds(rec: dict) -> str:
    seeds = sorted({m["scope"]["seed"] for c in [rec, *rec.get("claims", [])]
                    for m in c.get("methods", []) if "seed" in (m.get("scope") or {})})
    return ", ".join(map(str, seeds)) or "none"


def _sources(rec: dict) -> str:
    return "; ".join(f"\\textsf{{{_t(s['document'], rec['id'])}}}, {_t(s['where'], rec['id'])}"
                     for s in rec["sources"])


def _counterexample(cx: dict | None, eid: str) -> list[str]:
    """The counterexample typeset (:mod:`.counterexample_tex`): exact values in an
    ``align*``, the failing quantity as math; a paragraph of its own."""
    from .counterexample_tex import counterexample_latex

    try:
        lines = counterexample_latex(cx)
    except UnicodeLatexError as exc:
        raise LatexBuildError(f"entry {eid}: {exc} in its counterexample; add the character to "
                              "derivations/_interfaces/latex.py _TEXT_SYMBOLS") from None
    return lines + [""] if lines else lines


def _claims(rec: dict) -> list[str]:
    out = []
    for c in rec.get("claims", []):
        mark = _MARK.get(c["status"], "?")
        out.append(rf"{mark}~\textit{{{_t(c['label'], rec['id'])}}} "
                   rf"(\lindiscverdict{{{_COLOUR.get(c['status'], 'black')}}}{{{c['status']}}})")
        out.append(_m(c["latex"], rec["id"]))
    return out


#: The numbered statement (amsthm environment, one counter per section) of each kind.
_ENV = {"result": "lindiscresult", "algorithm": "lindiscalgorithm", "exercise": "lindiscexercise",
        "erratum": "lindiscerratum", "typo": "lindisctypo", "caveat": "lindisccaveat"}
_NAME = {"result": "Result", "algorithm": "Algorithm", "exercise": "Exercise",
         "erratum": "Erratum", "typo": "Typo", "caveat": "Caveat"}
#: The second row of the box of an entry refuted as printed: what the engine verified instead.
_CORRECTED = {"caveat": "With the condition it leaves out"}


def _verdict(rec: dict) -> str:
    status = rec["status"]
    return rf"\lindiscverdict{{{_COLOUR.get(status, 'black')}}}{{{status}}}"


def _figures(rec: dict, placed: dict | None) -> list[str]:
    """The figures the documents mention at this entry: each image (from ``placed``, figure
    name -> its path for ``\\includegraphics``, or a reason it is not drawn) with its caption
    printed under it, outside the image."""
    from .figures import placed_at

    eid = rec["id"]
    out = []
    for spec in placed_at(eid):
        where = (placed or {}).get(spec.name) or (
            r"drawn by \texttt{lindisc figures " + _t(spec.name, eid) + "}")
        out.append(r"\begin{center}\refstepcounter{lindiscfigure}")
        if isinstance(where, FigureFile):
            out.append(rf"\includegraphics[width=0.8\linewidth]{{{where.path}}}\\[0.4em]")
        else:
            out.append(rf"\fbox{{\parbox{{0.7\linewidth}}{{\centering\small Figure not drawn here: {where}.}}}}\\[0.4em]")
        caption = _t(spec.caption or spec.summary, eid)
        out.append(rf"\parbox{{0.9\linewidth}}{{\small\textbf{{Figure~\thelindiscfigure.}} {caption}}}")
        out.append(r"\end{center}")
    return out


def snippet(rec: dict, placed: dict | None = None) -> str:
    """One entry as a LaTeX fragment (needs the preamble's packages and :data:`MACROS`): a
    numbered statement ("Result 3.4: title") holding, in order, the id and verdict, the sources,
    the statement as the document prints it (``printed``), an exercise's problem
    (``statement``), the document's text, the caveat, the verified claims (for an entry refuted
    as printed: one box, "As printed" over "Corrected", with the counterexample and the
    diagnosis under it), the numeric check, the scope where it says something, the seeds, and
    the figures the documents mention there (``placed``: see :func:`_figures`)."""
    eid, status, kind = rec["id"], rec["status"], rec["kind"]
    env = _ENV.get(kind, "lindiscresult")
    lines = [rf"\begin{{{env}}}[{{{_t(rec['title'], eid)}}}]\label{{{_label(eid)}}}"
             rf"\lindiscbookmark{{{_NAME.get(kind, 'Result')} \thelindiscresult\space "
             rf"{_t(eid, eid)}}}{{bm:{_label(eid)}}}",
             rf"\texttt{{{_t(eid, eid)}}} \hfill {_verdict(rec)} ({kind})", "",
             rf"\textit{{Sources:}} {_sources(rec)}", ""]
    st = rec.get("stated")
    if rec.get("printed") and not st:
        lines += [r"\textit{As the document prints it:}", _printed(rec["printed"], eid), ""]
    if rec.get("statement"):
        lines += [r"\textit{Problem.} " + _t(rec["statement"], eid), ""]
    if rec.get("doc"):
        lines += [_t(p.strip(), eid) for p in re.split(r"\n\s*\n", rec["doc"])]
        lines.append("")
    if rec.get("caveat"):
        lines += [rf"\textit{{Caveat:}} {_t(rec['caveat'], eid)}", ""]
    claims = _claims(rec)
    if st:
        verdict = rf"\lindiscverdict{{{_COLOUR.get(st['status'], 'black')}}}{{{st['status']}}}"
        lines.append(rf"\lindiscrow{{0.8pt}}{{As printed}} ({verdict})")
        if rec.get("printed"):
            lines += [_printed(rec["printed"], eid), r"\textit{checked as}", _m(st["latex"], eid)]
        else:
            lines.append(_m(st["latex"], eid))
        lines += [rf"\lindiscrow{{0.3pt}}{{{_CORRECTED.get(kind, 'Corrected')}}}", ""]
        lines += claims or [r"\textit{(no corrected form stated)}"]
        lines += [r"\par\noindent\rule{\linewidth}{0.8pt}", ""]
        lines += _counterexample(st.get("counterexample") or rec.get("counterexample"), eid)
        if rec.get("diagnosis"):
            lines += [rf"\textit{{Diagnosis:}} {_t(rec['diagnosis'], eid)}", ""]
    elif claims:
        head = "Solution (verified claims)" if kind == "exercise" else "Claims and derivation steps"
        lines += [rf"\textit{{{head}:}}", "", *claims, ""]
    if status == "refuted" and not st:
        lines += _counterexample(rec.get("counterexample"), eid)
    numeric = rec.get("numeric") or {}
    if numeric.get("outcome"):
        lines.append(rf"\textit{{Numeric check:}} {_t(numeric['outcome'], eid)}"
                     + (f" --- {_t(numeric['detail'], eid)}" if numeric.get("detail") else ""))
        lines.append("")
    scope, seeds = _scope(rec), _seeds(rec)
    tail = [rf"\textit{{Scope:}} {scope}." if scope else ""]
    if seeds != "none":
        tail.append(rf"\textit{{Seeds:}} {seeds} (\texttt{{lindisc show {_t(eid, eid)} --seed N}} "
                    "reproduces them).")
    if any(tail):
        lines += [" ".join(t for t in tail if t), ""]
    lines += _figures(rec, placed)
    lines.append(rf"\end{{{env}}}")
    return "\n".join(lines)


_JUPYTER_MARK = {"verified": r"\checkmark", "verified at sizes": r"\checkmark", "refuted": r"\times"}


def jupyter_latex(head: str, rows: list[tuple[str | None, str, str]]) -> str:
    """Jupyter's ``text/latex`` (``_repr_latex_``) of an entry or a verdict: one display
    formula with ``head`` as text on its first line, then a line per row ``(status, label,
    formula)`` — a mark for the status (none when ``status`` is None: nothing verified),
    the label, the formula. Text goes through :meth:`LindiscLatexPrinter.text`, so ``_``,
    ``%`` and ``#`` of ids and labels are escaped; adjacent math pieces it writes (``$|$$|$``
    for ``||``) are joined, since MathJax would read ``$$`` as display math."""
    printer = LindiscLatexPrinter()

    def text(s: str) -> str:
        return re.sub(r"(?<!\\)\$\$", "", printer.text(s))

    lines = [text(head)]
    for status, label, tex in rows:
        mark = (_JUPYTER_MARK.get(status, r"\text{?}") + r"\ ") if status else ""
        line = mark + text(f"{label} ({status}):" if status else f"{label}:")
        lines.append(line + (rf"\quad {tex}" if tex else ""))
    return r"$$\begin{array}{l}" + r" \\ ".join(lines) + r"\end{array}$$"


_NOTATION = r"""\section*{Notation}
\addcontentsline{toc}{section}{Notation}
\begin{tabular}{ll}
$\mathbf{w}, \mathbf{x}, \mathbf{m}_k$ & column vectors (bold lower case) \\
$\mathbf{X}, \mathbf{S}_W, \mathbf{W}$ & matrices (bold upper case) \\
$\mathbf{w}^{\top}$ & transpose \\
$\tilde{\mathbf{x}}$, $\tilde{\mathbf{W}}$ & augmented by the bias coordinate (first or last: as the source document has it) \\
$\mathbf{y}_n = t_n \tilde{\mathbf{x}}_n$ & a sample normalised by its label $t_n \in \{-1, +1\}$ \\
$\frac{\partial}{\partial \mathbf{w}}(f)$ & gradient, with the shape of $\mathbf{w}$ \\
$X_{i,j}$, $w_i$ & entries, numbered from 1 as in the documents \\
$\checkmark$ / $\times$ & a claim verified (every size, or at the sizes its scope lists) / refuted by the engine
\end{tabular}

Each entry is a numbered statement: a \emph{Result}, an \emph{Algorithm}, an \emph{Exercise}
(its problem, then its verified solution), or a statement the document prints wrongly --- an
\emph{Erratum}, a \emph{Typo} (a slip the next line corrects) or a \emph{Caveat} (true only
under a condition it leaves out), shown once, as printed above its correction.
"""


@dataclass(frozen=True)
class FigureFile:
    """A figure drawn for the article: ``path`` as ``\\includegraphics`` reads it (relative to
    the .tex), ``file`` where it is on disk."""

    path: str
    file: Path


def draw_figures(records: list[dict], folder: Path, relative: str) -> dict[str, FigureFile | str]:
    """Draw, as pdf into ``folder`` (which the .tex reaches as ``relative``), every figure the
    documents mention at one of ``records``; returns figure name -> :class:`FigureFile`, or the
    reason it was not drawn, as LaTeX (matplotlib missing: the install that adds it)."""
    from . import figures
    from .options import UsageError

    placed: dict[str, FigureFile | str] = {}
    for rec in records:
        for spec in figures.placed_at(rec["id"]):
            if spec.name in placed:
                continue
            try:
                folder.mkdir(parents=True, exist_ok=True)
                file = figures.write(spec.name, folder / f"{spec.name}.pdf", "pdf")
            except UsageError:
                placed[spec.name] = (r"it needs matplotlib: \texttt{pip install 'lindisc[figures]'}, "
                                     r"then \texttt{lindisc latex} again")
                continue
            placed[spec.name] = FigureFile(f"{relative}/{spec.name}.pdf", file)
    return placed


def _title_page(records: list[dict], title: str) -> str:
    """The title page: the title and the verdict summary, one row per kind."""
    statuses = [s for s in _COLOUR if any(r["status"] == s for r in records)]
    kinds = [k for k in _NAME if any(r["kind"] == k for r in records)]
    kinds += sorted({r["kind"] for r in records} - set(kinds))
    rows = []
    for k in kinds:
        of = [r for r in records if r["kind"] == k]
        rows.append(f"{_NAME.get(k, tex_text(k))} & {len(of)} & " + " & ".join(
            str(sum(r["status"] == s for r in of) or "") for s in statuses) + r" \\")
    head = " & ".join(rf"\lindiscverdict{{{_COLOUR[s]}}}{{{s}}}" for s in statuses)
    counts = {s: sum(r["status"] == s for r in records) for s in _COLOUR}
    return rf"""\title{{{tex_text(title)}}}
\author{{lindisc}}
\date{{}}
\begin{{document}}
\pagenumbering{{roman}}
\maketitle
\thispagestyle{{empty}}
\begin{{center}}
\begin{{tabular}}{{lr{'r' * len(statuses)}}}
& entries & {head} \\ \hline
{chr(10).join(rows)}
\hline
all & {len(records)} & {' & '.join(str(counts[s]) for s in statuses)} \\
\end{{tabular}}
\end{{center}}

This document was generated by \texttt{{lindisc latex}} from the engine's verdicts on
{len(records)} entries: {counts['verified']} verified (every size, or the claim's only sizes),
{counts['verified at sizes']} verified at sizes (proved at some sizes, only sampled beyond),
{counts['refuted']} refuted as printed (an erratum, typo or caveat: the statement as the
document prints it is false; its correction is shown beside it),
{counts['undecided']} undecided, {counts['conflict']} in conflict, {counts['error']} errors.
Each formula is shown with the verdict and the scope of that verdict.
\clearpage
\tableofcontents
"""


def _errata_index(errata: list[dict]) -> str:
    """A short index of the entries refuted as printed: number, title and page, linked."""
    lines = [r"\section{Index of errata, typos and caveats}",
             "Each is printed once, in its topic, as printed above its correction."]
    for r in errata:
        label = _label(r["id"])
        lines.append(rf"\par\noindent\hangindent=2em {_NAME.get(r['kind'], 'Erratum')}~\ref{{{label}}}: "
                     rf"{_t(r['title'], r['id'])}\dotfill\pageref{{{label}}}")
    return "\n".join(lines) + "\n"


def article(records: list[dict], *, title: str = "Linear discriminants: verified derivations",
            placed: dict | None = None) -> Document:
    """The standalone article over ``records`` (full records, in catalog order): a title page
    with the verdict summary, a table of contents of the topics, the notation, a section per
    topic with each entry a numbered statement (:func:`snippet`), and an index of the errata.
    ``placed`` holds the figures drawn for it (:func:`draw_figures`); the files it names are
    kept in ``Document.files`` for :func:`compile_pdf`."""
    doc = Document()
    doc.add(PREAMBLE)
    doc.add(_title_page(records, title))
    doc.add(_NOTATION)
    doc.add(r"\clearpage" "\n" r"\pagenumbering{arabic}")
    for f in (placed or {}).values():
        if isinstance(f, FigureFile):
            doc.files[f.path] = f.file
    topics: dict[str, list[dict]] = {}
    for r in records:
        topics.setdefault(r["topic"], []).append(r)
    for topic, recs in topics.items():
        doc.add(rf"\section{{{tex_text(_TOPIC_TITLES.get(topic, topic))}}}")
        for r in recs:
            doc.entry(r["id"], snippet(r, placed))
    errata = [r for r in records if r.get("stated")]
    if errata:
        doc.add(_errata_index(errata))
    doc.add(r"\end{document}")
    return doc


#: A LaTeX error line with -file-line-error: ``./name.tex:123: message``.
_ERROR = re.compile(r"^.*?\.tex:(\d+): (.*)$", re.M)
_OVERFULL = re.compile(r"^Overfull \\hbox \(([\d.]+)pt too wide\) .*?lines? (\d+)", re.M)
#: What LaTeX and its packages print when the cross-references changed since the last pass.
_RERUN = re.compile(r"Rerun to get|Label\(s\) may have changed|Please \(?re\)?run|"
                    r"\(rerunfilecheck\)\s+Rerun")
#: pdflatex passes at most: the table of contents and the page references settle in 2 or 3.
MAX_PASSES = 4


class Compiled(list):
    """What :func:`compile_pdf` returns: the warnings (a list of str), and ``passes`` (how
    many pdflatex runs it took until the log stopped asking for a rerun) and ``log`` (the
    last run's log)."""

    passes: int = 0
    log: str = ""


def compile_pdf(doc: Document, pdf: Path, *, timeout: float = 600.0,
                overfull_pt: float = 1.0) -> Compiled:
    """Compile ``doc`` with pdflatex into ``pdf``, rerunning until the log no longer asks for a
    rerun (at most :data:`MAX_PASSES`; still unsettled then is a warning); returns the warnings
    (overfull boxes wider than ``overfull_pt``, with the entry that holds them). Raises
    :class:`LatexBuildError` naming the entry of each error, or when pdflatex is missing or
    hangs. The files of ``doc.files`` (its figures) are copied beside the source first."""
    exe = shutil.which("pdflatex")
    if exe is None:
        raise LatexBuildError("--pdf needs pdflatex, which is not on PATH; install TeX Live "
                              "(Debian/Ubuntu: apt-get install texlive-latex-base "
                              "texlive-latex-recommended lmodern) or leave out --pdf and compile "
                              "the .tex")
    with tempfile.TemporaryDirectory(prefix="lindisc-tex-") as tmp:
        tex = Path(tmp) / "lindisc.tex"
        tex.write_text(doc.source, encoding="ascii")
        for rel, file in doc.files.items():
            (Path(tmp) / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, Path(tmp) / rel)
        result = Compiled()
        log = ""
        while result.passes < MAX_PASSES:
            try:
                p = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error",
                                    "-file-line-error", "lindisc.tex"], cwd=tmp, timeout=timeout,
                                   stdin=subprocess.DEVNULL, capture_output=True)
            except subprocess.TimeoutExpired:
                raise LatexBuildError(f"pdflatex did not finish within {timeout:.0f} s") from None
            result.passes += 1
            logfile = Path(tmp) / "lindisc.log"
            log = logfile.read_text(errors="replace") if logfile.exists() else p.stdout.decode(errors="replace")
            errors = [(int(m.group(1)), m.group(2)) for m in _ERROR.finditer(log)]
            if p.returncode != 0 or errors:
                where = [f"line {n} ({doc.entry_at(n) or 'outside any entry'}): {msg}"
                         for n, msg in errors] or [log[-2000:]]
                raise LatexBuildError("pdflatex failed: " + "; ".join(where))
            if not _RERUN.search(log):
                break
        else:
            result.append(f"the cross-references still changed after {MAX_PASSES} pdflatex "
                          "passes: page numbers may be off")
        result.extend(f"overfull box {w}pt at line {n} ({doc.entry_at(int(n)) or 'outside any entry'})"
                      for w, n in _OVERFULL.findall(log) if float(w) > overfull_pt)
        result.log = log
        pdf.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(tmp) / "lindisc.pdf", pdf)
    return result
