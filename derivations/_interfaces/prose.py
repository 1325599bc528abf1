r"""The catalog's prose — titles, docstrings, caveats, sources' ``where``, exercise statements,
figure captions — rendered from ONE source format to LaTeX, HTML and plain text.

The source format is Markdown (CommonMark, parsed by markdown-it-py; raw HTML is not
interpreted but shown as text) with ``$...$`` inline and ``$$...$$`` display math
(mdit-py-plugins' dollarmath). Math is LaTeX that both KaTeX and pdflatex with
amsmath/amssymb compile, with no custom macros (the house conventions: issue 36's PROSE.md
in the project notes; ``docs``: derivations/DESIGN.md, "Prose").

- :func:`to_latex` — LaTeX text for the article: every text character escaped
  (:func:`~derivations._interfaces.latex.tex_text`, which also writes Unicode letters and
  symbols), code as ``\texttt`` escaped so that T1 fonts copy it intact, links as ``\href``,
  math passed through after :func:`math_source` has checked it.
- :func:`to_html` — HTML for the blueprint: math as ``<span class="math">`` /
  ``<div class="math display">`` holding the TeX as text, which the blueprint's KaTeX renders
  (as :func:`derivations._interfaces.html._math` does for claims).
- :func:`to_text` — plain Unicode for terminal tables and ``lindisc show``:
  ``$\mathbf{w}^\top\mathbf{x}$`` is ``wᵀx``.

Prose is written by the catalog's authors, but it reaches pdflatex, so it is treated as
untrusted: outside math nothing is passed raw, and math that could read or write files,
define macros or change category codes (``\input``, ``\write``, ``\def``, ``\catcode``,
``^^`` escapes, an unbalanced brace that would close an enclosing group, an environment
other than the math ones) is refused with :class:`ProseError`, which quotes the formula.

>>> to_text(r"the score $\mathbf{w}^\top\mathbf{x} + w_0$")
'the score wᵀx + w₀'
>>> to_latex(r"*all* of $\mathbf{x}_n$ and `numerics.svm.fit`")
'\\emph{all} of $\\mathbf{x}_n$ and \\texttt{numerics.svm.fit}'
"""

from __future__ import annotations

import html as _html
import inspect
import re
import textwrap
import unicodedata
from functools import lru_cache

__all__ = ["to_latex", "to_html", "to_text", "math_source", "math_pieces", "is_markdown",
           "printed_prose",
           "ProseError"]


class ProseError(ValueError):
    """Prose that cannot be rendered safely (a formula with a forbidden command, unbalanced
    braces, or a character with no LaTeX); the message quotes it and names the fix."""


@lru_cache(maxsize=1)
def _parser():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    md = MarkdownIt("commonmark", {"html": False})  # raw HTML is text, never markup
    # $$...$$ may also sit inside a paragraph (display math there); no "(label)" syntax
    md.use(dollarmath_plugin, allow_labels=False, double_inline=True)
    for name in ("math_inline", "math_inline_double", "math_block", "math_block_label"):
        md.add_render_rule(name, _math_html)
    return md


def _clean(md: str) -> str:
    """A docstring's text as Markdown: common indentation of the lines after the first
    removed (``inspect.cleandoc``), so an indented continuation is not a code block."""
    return inspect.cleandoc(md or "")


def is_markdown(text: str) -> bool:
    """Whether ``text`` is to be read as this format. Engine text — a claim label, a
    counterexample's SymPy values, a diagnosis — is not: its ``x_i``, ``^`` and products
    (``2*x``, ``x**2``) would read as emphasis. Text with no ``$`` and no backtick that has
    such a mark is engine text (or prose not yet in this format) and is shown literally."""
    if re.search(r"[$`]", text):
        return True
    return not re.search(r"[_^]|[\w)\]~]\*+[\w(\[)~]", text)


# --- math: checked once, used by the three outputs ---------------------------------------------

#: Control words refused in math: file and terminal I/O, macro definitions, category codes,
#: expansion tricks, job control. (KaTeX does not know most of them either.)
_FORBIDDEN = frozenset("""
input include includeonly InputIfFileExists IfFileExists endinput openin openout closein
closeout read readline write immediate message errmessage typeout typein special shipout
def edef gdef xdef let futurelet global long outer protected newcommand renewcommand
providecommand DeclareRobustCommand DeclareMathOperator newenvironment renewenvironment
newcount newtoks newif newlength newdimen newskip newbox setlength setcounter addtocounter
catcode lccode uccode mathcode sfcode delcode csname endcsname expandafter noexpand string
scantokens detokenize unexpanded lowercase uppercase afterassignment aftergroup everypar
everymath everydisplay everyhbox everyvbox everyjob everyeof everycr errhelp output toks
directlua latelua luaexec luadirect primitive dump end stop bye enddocument batchmode
nonstopmode scrollmode errorstopmode pausing jobname usepackage RequirePackage documentclass
makeatletter makeatother ExplSyntaxOn ExplSyntaxOff includegraphics includepdf listfiles
nofiles addtocontents addcontentsline label ShellEscape write18 verbatiminput lstinputlisting
filecontents loop
""".split())
#: Prefixes of engine primitives refused in math (\pdffiledump, \luaescapestring, ...).
_FORBIDDEN_PREFIXES = ("pdf", "lua", "XeTeX", "input", "include", "open", "write", "read")
#: Environments allowed in math (both KaTeX and amsmath have them).
_ENVIRONMENTS = frozenset("""matrix pmatrix bmatrix Bmatrix vmatrix Vmatrix smallmatrix cases
aligned gathered split array""".split())
_TOKEN = re.compile(r"\\[A-Za-z]+\*?|\\.|.", re.S)


def math_source(tex: str) -> str:
    r"""The TeX of one formula of prose, checked and ready for pdflatex and KaTeX: Unicode
    written as LaTeX (:func:`~derivations._interfaces.latex.tex_math`), whitespace runs as
    one space (a blank line would end the paragraph mid-formula), ``%`` and ``#`` escaped.
    Raises :class:`ProseError` for a forbidden command, ``\begin``/``\end`` of a
    non-math environment, ``^^`` escapes or unbalanced braces."""
    from .latex import UnicodeLatexError, tex_math  # SymPy's printer module: only when needed

    src = " ".join(tex.split())
    if "^^" in src:
        raise ProseError(f"the formula ${tex}$ uses TeX's ^^ character escape; write the "
                         "character itself")
    try:
        src = tex_math(src)
    except UnicodeLatexError as exc:
        raise ProseError(f"the formula ${tex}$: {exc}; write it as a LaTeX command") from None
    out, depth = [], 0
    toks = _TOKEN.findall(src)
    for i, tok in enumerate(toks):
        name = tok[1:].rstrip("*")
        if tok.startswith("\\") and (name in _FORBIDDEN and name != "end"
                                     or name.startswith(_FORBIDDEN_PREFIXES)):
            raise ProseError(f"the formula ${tex}$ uses \\{name}, which prose may not use (no "
                             "file access, definitions or category codes in the catalog's text)")
        if tok in ("\\begin", "\\end"):
            env = re.match(r"\s*\{([A-Za-z*]+)\}", "".join(toks[i + 1:i + 40]))
            if not env or env.group(1).rstrip("*") not in _ENVIRONMENTS:
                raise ProseError(f"the formula ${tex}$ has {tok} without a math environment "
                                 f"(one of {', '.join(sorted(_ENVIRONMENTS))})")
        depth += {"{": 1, "}": -1}.get(tok, 0)
        if depth < 0:
            break
        out.append({"%": r"\%", "#": r"\#"}.get(tok, tok))
    if depth:
        raise ProseError(f"the formula ${tex}$ has unbalanced braces {{ }}")
    return "".join(out)


def math_pieces(md: str) -> list[tuple[str, bool]]:
    """Every formula of ``md`` as ``(TeX as written, display?)``, in order (for checks such
    as compiling each one with KaTeX)."""
    out = []

    def walk(tokens):
        for t in tokens:
            if t.type.startswith("math_"):
                out.append((t.content, t.type != "math_inline"))
            if t.children:
                walk(t.children)

    walk(_parser().parse(_clean(md)))
    return out


# --- LaTeX ----------------------------------------------------------------------------------------

#: Characters of code in \texttt: escaped so pdflatex prints (and a T1 font copies) each one
#: as itself: no -- ligature, no ~ accent. (< > | are the typewriter font's own glyphs in both
#: OT1 and T1; \textless and the like would fetch a bitmap TS1 font.)
_CODE_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
                 "#": r"\#", "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%",
                 "~": r"\textasciitilde{}", "-": "-{}"}


def _code(s: str) -> str:
    text = "".join(_CODE_ESCAPES.get(ch, ch) for ch in s)
    if not text.isascii():  # a non-ASCII character in code: tex_text's LaTeX for it
        text = "".join(ch if ch.isascii() else _text(ch) for ch in text)
    return r"\texttt{" + text + "}"


def _text(s: str) -> str:
    from .latex import UnicodeLatexError, tex_text

    try:
        return tex_text(s)
    except UnicodeLatexError as exc:
        raise ProseError(f"{exc}; write it as LaTeX math ($...$) or add it to "
                         "derivations/_interfaces/latex.py _TEXT_SYMBOLS") from None


def _url(url: str) -> str:
    """A link target for hyperref's ``\\href``: characters that TeX reads specially are
    percent-encoded (the same URL) or escaped as ``\\href`` accepts them."""
    out = []
    for ch in url:
        if ch in "\\{}~^ \t\n" or not ch.isascii():
            out.append("".join(f"%{b:02X}" for b in ch.encode("utf-8")))
        elif ch in "%#&_$":
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def _latex(node) -> str:
    """One node of markdown-it's syntax tree (and its children) as LaTeX."""
    ty = node.type
    kids = lambda sep="": sep.join(_latex(c) for c in node.children)  # noqa: E731
    if ty == "text":
        return _text(node.content)
    if ty in ("root", "inline", "paragraph", "image"):
        return kids("\n\n" if ty == "root" else "")
    if ty == "softbreak":
        return "\n"
    if ty == "hardbreak":
        return "\\newline\n"
    if ty == "em":
        return r"\emph{" + kids() + "}"
    if ty == "strong":
        return r"\textbf{" + kids() + "}"
    if ty == "code_inline":
        return _code(node.content)
    if ty == "link":
        return r"\href{" + _url(node.attrs.get("href", "")) + "}{" + kids() + "}"
    if ty == "math_inline":
        return "$" + math_source(node.content) + "$"
    if ty in ("math_inline_double", "math_block", "math_block_label"):
        return r"\[" + math_source(node.content) + r"\]"
    if ty in ("bullet_list", "ordered_list"):
        env = "itemize" if ty == "bullet_list" else "enumerate"
        return f"\\begin{{{env}}}\n" + kids("\n") + f"\n\\end{{{env}}}"
    if ty == "list_item":
        return r"\item " + kids("\n\n")
    if ty == "heading":
        return r"\textbf{" + kids() + "}"
    if ty == "blockquote":
        return "\\begin{quote}\n" + kids("\n\n") + "\n\\end{quote}"
    if ty in ("code_block", "fence"):
        return "\\par\\noindent " + "\\\\\n".join(
            _code(line) for line in node.content.rstrip("\n").split("\n"))
    if ty == "hr":
        return r"\par\noindent\hrulefill"
    return _text(node.content)  # html_inline/html_block cannot occur (html off): text


def to_latex(md: str) -> str:
    """``md`` (Markdown with ``$...$`` math) as LaTeX text mode: paragraphs separated by a
    blank line (one paragraph is just its text, so a title can go in ``\\section{...}``).
    Raises :class:`ProseError` for a formula it must not pass to LaTeX."""
    from markdown_it.tree import SyntaxTreeNode

    return _latex(SyntaxTreeNode(_parser().parse(_clean(md))))


# --- HTML -----------------------------------------------------------------------------------------

def _math_html(self, tokens, idx, options, env) -> str:
    t = tokens[idx]
    display = t.type != "math_inline"
    tag = "div" if display else "span"
    return (f'<{tag} class="math{" display" if display else ""}">'
            f"{_html.escape(math_source(t.content), quote=True)}</{tag}>")


def to_html(md: str, *, inline: bool = False) -> str:
    """``md`` as HTML: paragraphs, emphasis, code, lists, links (markdown-it's; raw HTML is
    escaped), each formula as an element of class ``math`` with its TeX as text for KaTeX.
    ``inline``: a single paragraph without its ``<p>`` (a title in a heading)."""
    out = _parser().render(_clean(md)).strip()
    if inline:
        m = re.fullmatch(r"<p>(.*)</p>", out, re.S)
        if m and "<p>" not in m.group(1):
            out = m.group(1)
    return out


# --- plain text -----------------------------------------------------------------------------------

_SUP = dict(zip("0123456789+-=()niTabcdefghjklmoprstuvwxyzABDEGHIJKLMNOPRUVW",
                "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵀᵃᵇᶜᵈᵉᶠᵍʰʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵁⱽᵂ"))
_SUP.update({"⊤": "ᵀ", "β": "ᵝ", "γ": "ᵞ", "δ": "ᵟ", "θ": "ᶿ", "φ": "ᵠ", "χ": "ᵡ", "*": "*",
             "′": "′"})
_SUB = dict(zip("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"))
_SUB.update({"β": "ᵦ", "γ": "ᵧ", "ρ": "ᵨ", "φ": "ᵩ", "χ": "ᵪ"})
#: Commands whose argument is printed as it is (the terminal has no bold or roman).
_PLAIN = {"mathbf", "boldsymbol", "bm", "mathrm", "mathit", "mathsf", "mathtt", "mathnormal",
          "operatorname", "text", "textrm", "textbf", "textit", "texttt", "mbox", "hbox",
          "displaystyle", "textstyle", "scriptstyle", "underline", "emph"}
_ACCENT = {"tilde": "\u0303", "widetilde": "\u0303", "hat": "\u0302", "widehat": "\u0302",
           "bar": "\u0304", "overline": "\u0305", "vec": "\u20d7", "dot": "\u0307",
           "ddot": "\u0308", "check": "\u030c", "breve": "\u0306"}
_SPACE = {r"\,": " ", r"\;": " ", r"\:": " ", r"\!": "", r"\ ": " ", r"\quad": " ",
          r"\qquad": "  ", r"\{": "{", r"\}": "}", r"\|": "‖", r"\%": "%", r"\#": "#",
          r"\$": "$", r"\&": "&", r"\_": "_", r"\\": "; "}
_DROP = {r"\left", r"\right", r"\big", r"\Big", r"\bigg", r"\Bigg", r"\bigl", r"\bigr",
         r"\Bigl", r"\Bigr", r"\biggl", r"\biggr", r"\limits", r"\nolimits", r"\middle"}
_FONT_LETTERS = {"mathbb", "mathcal", "mathfrak", "mathscr"}
_TEXT_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[{}^_&]|\s+|[^\\{}^_&\s]")


#: Control words whose pylatexenc text is a word where the terminal wants a symbol.
_SYMBOLS = {r"\iff": "⇔", r"\implies": "⇒", r"\impliedby": "⇐", r"\coloneqq": "≔",
            r"\dots": "…", r"\cdots": "⋯", r"\top": "⊤", r"\ne": "≠", r"\neq": "≠"}


@lru_cache(maxsize=1024)
def _symbol(cmd: str) -> str:
    """A control word's Unicode (pylatexenc's table): ``\\leq`` is ≤, ``\\det`` is det."""
    from pylatexenc.latex2text import LatexNodes2Text

    if cmd in _SYMBOLS:
        return _SYMBOLS[cmd]
    text = LatexNodes2Text(math_mode="text").latex_to_text(cmd).strip()
    return text or cmd.lstrip("\\")


class _MathText:
    """A small reader of math TeX that writes Unicode: scripts as Unicode super- and
    subscripts where every character has one, fonts dropped, accents combined."""

    def __init__(self, tex: str):
        self.toks = _TEXT_TOKEN.findall(tex)
        self.i = 0

    def atom(self) -> str:
        """The next argument: a braced group, a control word with its arguments, or a char."""
        while self.i < len(self.toks) and self.toks[self.i].isspace():
            self.i += 1
        if self.i >= len(self.toks):
            return ""
        tok = self.toks[self.i]
        self.i += 1
        if tok == "{":
            return self.seq(until="}")
        if tok == "}":
            return ""
        if tok.startswith("\\"):
            out = self.command(tok)
            nxt = self.peek()
            if len(out) > 1 and out.isalpha() and nxt and (nxt[0].isalnum() or nxt[0] == "\\"):
                out += " "  # \det\mathbf{M}: det M
            return out
        return tok

    def command(self, cmd: str) -> str:
        name = cmd[1:]
        if cmd in _SPACE:
            return _SPACE[cmd]
        if cmd in _DROP:
            if self.peek() == ".":  # \left. is no delimiter
                self.i += 1
            return ""
        if name in _PLAIN:
            if name == "operatorname" and self.peek() == "*":  # \operatorname*{arg max}
                self.i += 1
            return self.atom()
        if name in _FONT_LETTERS:
            return _symbol(f"\\{name}{{{self.atom()}}}")
        if name in _ACCENT:
            arg = self.atom()
            return arg + _ACCENT[name] if len(arg) == 1 else f"{arg}{_ACCENT[name]}"
        if name in ("binom", "dbinom", "tbinom"):
            a, b = self.atom(), self.atom()
            return f"C({a}, {b})"
        if name in ("frac", "dfrac", "tfrac"):
            a, b = self.atom(), self.atom()
            if b.startswith("∂") and (a == "∂" or a.startswith("∂")):  # ∂E/∂w, ∂/∂w: Leibniz
                return f"{a.replace(' ', '')}/{b.replace(' ', '')}"
            return f"{_paren(a)}/{_paren(b)}"
        if name == "sqrt":
            return "√" + _paren(self.atom())
        if name in ("begin", "end"):
            self.atom()
            return ""
        if name in ("lVert", "rVert", "Vert"):
            return "‖"
        if name in ("lvert", "rvert", "vert"):
            return "|"
        return _symbol(cmd)

    def peek(self) -> str:
        return self.toks[self.i] if self.i < len(self.toks) else ""

    def seq(self, until: str | None = None) -> str:
        out: list[str] = []
        while self.i < len(self.toks):
            tok = self.toks[self.i]
            if until is not None and tok == until:
                self.i += 1
                break
            if tok in ("^", "_"):
                self.i += 1
                out.append(_script(self.atom(), _SUP if tok == "^" else _SUB, tok))
            elif tok == "&":
                self.i += 1
                out.append(" ")
            elif tok.isspace():
                self.i += 1
                out.append(" ")
            else:
                out.append(self.atom())
        return "".join(out)


def _paren(s: str) -> str:
    """``s`` as an operand of ``/`` or a script: parenthesised unless it is one piece
    (``xₙ``, ``‖w‖``, ``σ(a)``: no space or operator outside brackets)."""
    depth, flat = 0, []
    for ch in s:
        depth += (ch in "([{⟨") - (ch in ")]}⟩")
        flat.append(ch if depth == 0 else "")
    return s if len(s) <= 1 or not re.search(r"[\s+\-−=/,<>≤≥·×]", "".join(flat)) else f"({s})"


def _script(s: str, table: dict[str, str], mark: str) -> str:
    s = s.strip()
    if s and all(ch in table for ch in s.replace(" ", "")):
        return "".join(table[ch] for ch in s.replace(" ", ""))
    return mark + (_paren(s) if len(s) > 1 else s)


def _math_text(tex: str) -> str:
    """A formula as Unicode text: a minus sign for ``-``, no space inside brackets."""
    text = re.sub(r" {2,}", " ", _MathText(tex).seq()).strip().replace("-", "−")
    return re.sub(r"([(\[⟨])\s+|\s+([)\]⟩])", r"\1\2", text)


def _plain(node, indent: str = "", width: int | None = None) -> str:
    """One node of the syntax tree as plain text (``indent``: of a list item's lines;
    ``width``: paragraphs filled to it, else their line breaks kept)."""
    ty = node.type
    kids = lambda sep="", ind=indent: sep.join(_plain(c, ind, width) for c in node.children)  # noqa: E731
    if ty in ("text", "code_inline"):
        return node.content
    if ty in ("softbreak", "hardbreak"):
        return " " if width and ty == "softbreak" else "\n" + indent
    if ty.startswith("math_"):
        text = _math_text(node.content)
        return text if ty == "math_inline" else f"\n\n{indent}    {text}\n\n{indent}"
    if ty in ("code_block", "fence"):
        return node.content.rstrip("\n").replace("\n", "\n" + indent)
    if ty == "link":
        text, url = kids(), node.attrs.get("href", "")
        return text if text == url else f"{text} <{url}>"
    if ty in ("bullet_list", "ordered_list"):
        start = int(node.attrs.get("start", 1) or 1)
        items = []
        for k, item in enumerate(node.children):
            mark = "- " if ty == "bullet_list" else f"{start + k}{item.markup or '.'} "
            body = "\n".join(_plain(c, indent + " " * len(mark), width) for c in item.children)
            items.append(indent + mark + body.lstrip())
        return "\n".join(items)
    if ty == "paragraph" and width:
        text = kids()
        if "\n" in text:  # display math inside: as it is
            return text
        return textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent,
                             break_long_words=False, break_on_hyphens=False)[len(indent):]
    return kids("\n\n" + indent if ty in ("root", "blockquote") else "")


def to_text(md: str, *, width: int | None = None) -> str:
    """``md`` as plain Unicode for a terminal: no markup, math written with Unicode
    letters, scripts and symbols (``$\\mathbf{w}^\\top\\mathbf{x}$`` is ``wᵀx``; a script
    with no Unicode form keeps ``_`` or ``^``, as in ``S_W``); list items as ``- ``.
    ``width``: each paragraph filled to that many columns (else its line breaks are kept).
    Text not in this format (engine text, :func:`is_markdown`) is returned as it is."""
    from markdown_it.tree import SyntaxTreeNode

    if not is_markdown(md):
        return _clean(md)

    text = _plain(SyntaxTreeNode(_parser().parse(_clean(md))), "", width)
    return unicodedata.normalize("NFC", re.sub(r"\n{3,}", "\n\n", text).strip())


#: A top-level ``\text{...}`` of at least this many words makes a printed statement prose.
PRINTED_WORDS = 4


def printed_prose(tex: str) -> str | None:
    """A printed statement that is mostly the document's words, as Markdown: each top-level
    ``\\text{...}`` run becomes text (its LaTeX accents as Unicode), the math between runs
    ``$...$`` — so it wraps as a paragraph instead of a display no line can hold. None when
    no run has :data:`PRINTED_WORDS` words (a formula: shown as a display)."""
    from pylatexenc.latex2text import LatexNodes2Text

    if "\\begin{" in tex:  # a \text inside cases/aligned belongs to it: the display stays
        return None
    parts, i, depth, last, wordy = [], 0, 0, 0, False
    while i < len(tex):
        if tex.startswith("\\text{", i) and depth == 0:
            j, d = i + 6, 1
            while j < len(tex) and d:
                if tex[j] == "\\":
                    j += 2
                    continue
                d += (tex[j] == "{") - (tex[j] == "}")
                j += 1
            if d:
                return None
            words = LatexNodes2Text().latex_to_text(tex[i + 6:j - 1])
            if tex[last:i].strip():
                parts.append(("math", tex[last:i]))
            parts.append(("text", words))
            wordy = wordy or len(words.split()) >= PRINTED_WORDS
            last = i = j
            continue
        if tex[i] == "\\":
            i += 2
            continue
        depth += (tex[i] == "{") - (tex[i] == "}")
        i += 1
    if tex[last:].strip():
        parts.append(("math", tex[last:]))
    if not wordy:
        return None
    esc = re.compile(r"([\\`*_\[\]<>#$|])")
    space = re.compile(r"^(?:\\[ ,;:!]|\\q?quad\b|~|\s)+|(?:\\[ ,;:!]|\\q?quad\b|~|\s)+$")
    parts = [(kind, space.sub("", p) if kind == "math" else p.strip()) for kind, p in parts]
    return " ".join(f"${p}$" if kind == "math" else esc.sub(r"\\\1", p)
                    for kind, p in parts if p)
