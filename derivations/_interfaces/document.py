"""The catalog as LaTeX an author can use: one standalone article, or one fragment per entry.

``lindisc latex`` builds both from the verified records (the JSON of ``lindisc show``), never
from the builders: what the document says about an entry is what the engine decided.

The article (amsmath, graphicx, xcolor, hyperref; ASCII source, so any TeX Live compiles it):
a notation table; one section per topic with every entry — title, the document's text,
sources, each claim and derivation step with its own mark, the verdict with its scope (sizes
proved, sizes sampled, the Schwartz–Zippel bound, the seeds that reproduce it); an errata
section with the statement as printed beside the corrected one, the exact counterexample and
the diagnosis; the exercises with their verified solutions. No formula overflows the page: one
wider than the line is broken before its top-level relations and signs, and only a piece
that alone is wider than the line is shrunk (``\\lindiscformula``, :func:`breakable`).

Each entry's lines are recorded (``Document.spans``) so that a LaTeX error in the compiled
log is reported with the id of the entry that caused it (:func:`compile_pdf`).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .latex import LindiscLatexPrinter, UnicodeLatexError, tex_math, tex_text

__all__ = ["Document", "article", "snippet", "compile_pdf", "LatexBuildError", "PREAMBLE",
           "jupyter_latex", "breakable"]

#: The macros every fragment uses; written beside ``--snippets`` as lindisc-preamble.tex.
MACROS = r"""\ifdefined\lindiscbox\else\newsavebox\lindiscbox\fi
\providecommand{\lindiscnext}{}
\providecommand{\lindiscput}{\ifdim\wd\lindiscbox>\dimexpr\linewidth-2em\relax\resizebox{\dimexpr\linewidth-2em\relax}{!}{\box\lindiscbox}\else\box\lindiscbox\fi}
\providecommand{\lindisctimes}{}
\providecommand{\lindiscbroken}[1]{{\hangindent=2em\hangafter=1\rightskip=0pt plus 1fil\parfillskip=0pt plus 1fil\hbadness=10000\def\lindiscnext{$\egroup\lindiscput\allowbreak\setbox\lindiscbox\hbox\bgroup$\displaystyle}\def\lindisctimes{$\egroup\lindiscput\discretionary{}{\hbox{$\displaystyle{}\times{}$}}{}\setbox\lindiscbox\hbox\bgroup$\displaystyle}\setbox\lindiscbox\hbox\bgroup$\displaystyle #1$\egroup\lindiscput\par}}
\providecommand{\lindiscformula}[1]{\par\noindent\sbox\lindiscbox{\let\lindiscnext\relax\let\lindisctimes\relax$\displaystyle #1$}\ifdim\wd\lindiscbox>\linewidth\lindiscbroken{#1}\else\hbox to\linewidth{\hfil\usebox\lindiscbox\hfil}\par\fi}
\providecommand{\lindisctext}[1]{\par\noindent{\raggedright #1\par}}
\providecommand{\lindiscvalue}[1]{\resizebox{\ifdim\width>0.9\linewidth 0.9\linewidth\else\width\fi}{!}{\texttt{#1}}}
\providecommand{\lindiscverdict}[2]{\textcolor{#1}{\textbf{#2}}}
"""

PREAMBLE = r"""\documentclass[11pt]{article}
\usepackage{amsmath,amssymb}
\usepackage{graphicx}
\usepackage[margin=2.2cm]{geometry}
\usepackage{xcolor}
\usepackage[hidelinks]{hyperref}
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
    else broken before its top-level relations and + / - signs (:func:`breakable`), each
    piece shrunk only if it alone is wider than the line. A formula that is only text
    (``\\text{...}``) is set as a paragraph, which wraps."""
    try:
        tex = tex_math(s)
    except UnicodeLatexError as exc:
        raise LatexBuildError(f"entry {eid}: {exc}; rename the symbol in ASCII or add the "
                              "character to derivations/_interfaces/latex.py") from None
    text = re.fullmatch(r"\\text\{(.*)\}", tex, re.S)
    if text and _balanced(text.group(1)):
        return rf"\lindisctext{{{text.group(1)}}}"
    return rf"\lindiscformula{{{breakable(tex)}}}"


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


def breakable(tex: str) -> str:
    """``tex`` with ``\\lindiscnext{}`` before each relation and each binary + or - at its
    top level (outside braces, ``\\left...\\right`` and environments), and
    ``\\lindisctimes`` between two parenthesised factors there: the places
    ``\\lindiscformula`` may break a formula wider than the line (a product broken there
    shows a ``\\times`` at the start of the next line, only there). A sign that opens the formula, or
    follows a relation, another sign, ``^`` or ``_``, is unary: no break.

    >>> breakable(r"a + \\left(b - c\\right) = -d")
    'a \\\\lindiscnext{}+ \\\\left(b - c\\\\right) \\\\lindiscnext{}= -d'
    """
    out: list[str] = []
    depth = 0
    prev = None  # the last token at depth 0 that is not a space
    closed = False  # whether the tokens since then close a \\left...\\right factor (and its power)
    after_right = False
    for tok in _TOKEN.findall(tex):
        if depth == 0 and prev is not None and (
                tok in _RELATIONS or (tok in _BINARY and prev not in _RELATIONS | _BINARY
                                      | {"^", "_", "(", "[", ","})):
            out.append(r"\lindiscnext{}")
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
    return scope_phrases(rec, lambda k, op, v: f"${k} {_TEX_OP[op]} {v}$", r"$\le$")


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


def snippet(rec: dict) -> str:
    """One entry as a LaTeX fragment (needs the preamble's packages and macros)."""
    eid, status = rec["id"], rec["status"]
    kind = rec["kind"]
    lines = [rf"\subsection{{{_t(rec['title'], eid)}}}\label{{{_label(eid)}}}",
             rf"\texttt{{{_t(eid, eid)}}} \hfill \lindiscverdict{{{_COLOUR.get(status, 'black')}}}"
             rf"{{{status}}} ({kind})", "",
             rf"\textit{{Sources:}} {_sources(rec)}", ""]
    if rec.get("doc"):
        lines += [_t(p.strip(), eid) for p in re.split(r"\n\s*\n", rec["doc"])]
        lines.append("")
    if rec.get("caveat"):
        lines += [rf"\textit{{Caveat:}} {_t(rec['caveat'], eid)}", ""]
    if rec.get("stated"):
        st = rec["stated"]
        lines += [rf"\textit{{As printed}} (\lindiscverdict{{{_COLOUR.get(st['status'], 'black')}}}"
                  rf"{{{st['status']}}}):", _m(st["latex"], eid)]
        lines += _counterexample(st.get("counterexample") or rec.get("counterexample"), eid)
        if rec.get("diagnosis"):
            lines += [rf"\textit{{Diagnosis:}} {_t(rec['diagnosis'], eid)}", ""]
    claims = _claims(rec)
    if claims:
        lines += [r"\textit{Claims and derivation steps:}", *claims, ""]
    if status == "refuted" and not rec.get("stated"):
        lines += _counterexample(rec.get("counterexample"), eid)
    numeric = rec.get("numeric") or {}
    if numeric.get("outcome"):
        lines.append(rf"\textit{{Numeric check:}} {_t(numeric['outcome'], eid)}"
                     + (f" --- {_t(numeric['detail'], eid)}" if numeric.get("detail") else ""))
        lines.append("")
    lines += [rf"\textit{{Scope:}} {_scope(rec)}. \textit{{Seeds:}} {_seeds(rec)} "
              rf"(\texttt{{lindisc show {_t(eid, eid)} --seed N}} reproduces them).", ""]
    return "\n".join(lines)


def _erratum(rec: dict) -> str:
    eid = rec["id"]
    st = rec.get("stated") or {}
    lines = [rf"\subsection*{{{_t(rec['title'], eid)}}}",
             rf"\texttt{{{_t(eid, eid)}}} (details in \S\ref{{{_label(eid)}}}); "
             rf"\textit{{Sources:}} {_sources(rec)}", "",
             r"\textit{As printed (refuted):}", _m(st.get("latex", ""), eid),
             r"\textit{Corrected (verified):}"]
    lines += [_m(c["latex"], eid) for c in rec.get("claims", [])]
    lines += _counterexample(st.get("counterexample") or rec.get("counterexample"), eid)
    if rec.get("diagnosis"):
        lines += [rf"\textit{{Diagnosis:}} {_t(rec['diagnosis'], eid)}", ""]
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
"""


def article(records: list[dict], *, title: str = "Linear discriminants: verified derivations") -> Document:
    """The standalone article over ``records`` (full records, in catalog order)."""
    doc = Document()
    doc.add(PREAMBLE)
    counts = {s: sum(r["status"] == s for r in records) for s in _COLOUR}
    doc.add(rf"""\title{{{tex_text(title)}}}
\author{{lindisc}}
\date{{}}
\begin{{document}}
\maketitle
This document was generated by \texttt{{lindisc latex}} from the engine's verdicts on
{len(records)} entries: {counts['verified']} verified (every size, or the claim's only sizes),
{counts['verified at sizes']} verified at sizes (proved at some sizes, only sampled beyond),
{counts['refuted']} refuted as printed,
{counts['undecided']} undecided, {counts['conflict']} in conflict, {counts['error']} errors.
Each formula is shown with the verdict and the scope of that verdict.
\tableofcontents
""")
    doc.add(_NOTATION)
    topics: dict[str, list[dict]] = {}
    for r in records:
        topics.setdefault(r["topic"], []).append(r)
    for topic, recs in topics.items():
        doc.add(rf"\section{{{tex_text(_TOPIC_TITLES.get(topic, topic))}}}")
        for r in recs:
            doc.entry(r["id"], snippet(r))
    errata = [r for r in records if r["kind"] in ("erratum", "typo")]
    if errata:
        doc.add(r"\section{Errata and typos: as printed and corrected}")
        for r in errata:
            doc.entry(r["id"], _erratum(r))
    exercises = [r for r in records if r["kind"] == "exercise"]
    if exercises:
        doc.add(r"\section{Exercises and their verified solutions}")
        for r in exercises:
            doc.add(rf"\subsection*{{{tex_text(r['title'])}}}")
            doc.entry(r["id"], "\n".join([rf"See \S\ref{{{_label(r['id'])}}}; status: "
                                          rf"\lindiscverdict{{{_COLOUR.get(r['status'], 'black')}}}"
                                          rf"{{{r['status']}}}.", *_claims(r), ""]))
    doc.add(r"\end{document}")
    return doc


#: A LaTeX error line with -file-line-error: ``./name.tex:123: message``.
_ERROR = re.compile(r"^.*?\.tex:(\d+): (.*)$", re.M)
_OVERFULL = re.compile(r"^Overfull \\hbox \(([\d.]+)pt too wide\) .*?lines? (\d+)", re.M)


def compile_pdf(doc: Document, pdf: Path, *, timeout: float = 600.0,
                overfull_pt: float = 1.0) -> list[str]:
    """Compile ``doc`` with pdflatex into ``pdf``; returns the warnings (overfull boxes wider
    than ``overfull_pt``, with the entry that holds them). Raises :class:`LatexBuildError`
    naming the entry of each error, or when pdflatex is missing or hangs."""
    exe = shutil.which("pdflatex")
    if exe is None:
        raise LatexBuildError("--pdf needs pdflatex, which is not on PATH; install TeX Live "
                              "(Debian/Ubuntu: apt-get install texlive-latex-base "
                              "texlive-latex-recommended) or leave out --pdf and compile the .tex")
    with tempfile.TemporaryDirectory(prefix="lindisc-tex-") as tmp:
        tex = Path(tmp) / "lindisc.tex"
        tex.write_text(doc.source, encoding="ascii")
        log = ""
        for _ in range(2):  # the second pass resolves the table of contents and references
            try:
                p = subprocess.run([exe, "-interaction=nonstopmode", "-halt-on-error",
                                    "-file-line-error", "lindisc.tex"], cwd=tmp, timeout=timeout,
                                   stdin=subprocess.DEVNULL, capture_output=True)
            except subprocess.TimeoutExpired:
                raise LatexBuildError(f"pdflatex did not finish within {timeout:.0f} s") from None
            logfile = Path(tmp) / "lindisc.log"
            log = logfile.read_text(errors="replace") if logfile.exists() else p.stdout.decode(errors="replace")
            errors = [(int(m.group(1)), m.group(2)) for m in _ERROR.finditer(log)]
            if p.returncode != 0 or errors:
                where = [f"line {n} ({doc.entry_at(n) or 'outside any entry'}): {msg}"
                         for n, msg in errors] or [log[-2000:]]
                raise LatexBuildError("pdflatex failed: " + "; ".join(where))
        warnings = [f"overfull box {w}pt at line {n} ({doc.entry_at(int(n)) or 'outside any entry'})"
                    for w, n in _OVERFULL.findall(log) if float(w) > overfull_pt]
        pdf.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(tmp) / "lindisc.pdf", pdf)
    return warnings
