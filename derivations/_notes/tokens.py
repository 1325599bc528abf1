"""LaTeX math as tokens, each with its offset in the user's file; user macros expanded;
annotations (``\\text``, ``\\tag``, ``\\label``, spacing, ``\\nonumber``) removed.

A token is ``Tok(kind, text, pos)``: ``kind`` is ``cmd`` (``text`` the name without the
backslash: ``frac``, ``|``, ``\\\\`` for a line break), ``{``, ``}``, ``num`` (digits, one
decimal point), ``letter`` (one letter) or ``char`` (any other one character). ``pos`` is the
offset in the source text where the token (or the macro call it came from) starts.
Bounded: at most :data:`MAX_TOKENS` tokens per display and :data:`MAX_EXPANSIONS` macro
expansions, so a recursive ``\\def`` is an error, never a hang.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Tok", "NotUnderstood", "tokenize", "Macros", "strip_annotations", "group_end",
           "MAX_TOKENS", "MAX_EXPANSIONS"]

MAX_TOKENS = 4000
MAX_EXPANSIONS = 500
MAX_MACROS = 200


@dataclass(frozen=True)
class Tok:
    kind: str
    text: str
    pos: int


class NotUnderstood(Exception):
    """A construct the notes reader does not translate: reported as *not checked* at ``pos``
    with the fragment, never guessed."""

    def __init__(self, reason: str, pos: int, fragment: str = ""):
        super().__init__(reason)
        self.reason, self.pos, self.fragment = reason, pos, fragment


_TOKEN = re.compile(r"\\([A-Za-z]+\*?|.)|(\d+(?:\.\d+)?)|([A-Za-z])|(\s+)|(.)", re.DOTALL)


_PLAIN = re.compile(r"\\([A-Za-z]+\*?|.)|(\d+(?:\.\d+)?)|([A-Za-z][A-Za-z0-9_]*)|(\s+)|(.)", re.DOTALL)


def _raw(text: str, start: int, plain: bool = False) -> list[Tok]:
    out = []
    for m in (_PLAIN if plain else _TOKEN).finditer(text):
        pos = start + m.start()
        if m.group(1) is not None:
            out.append(Tok("cmd", m.group(1), pos))
        elif m.group(2) is not None:
            out.append(Tok("num", m.group(2), pos))
        elif m.group(3) is not None:
            out.append(Tok("name" if plain else "letter", m.group(3), pos))
        elif m.group(4) is not None:
            continue
        else:
            ch = m.group(5)
            out.append(Tok(ch if ch in "{}" else "char", ch, pos))
        if len(out) > MAX_TOKENS:
            raise NotUnderstood(f"a display of more than {MAX_TOKENS} tokens", start)
    return out


def group_end(toks: list[Tok], i: int) -> int:
    """Index just past the brace group starting at ``toks[i]`` (a ``{``), or past the single
    token there (a macro argument such as ``\\frac12``)."""
    if i >= len(toks):
        raise NotUnderstood("an argument is missing", toks[-1].pos if toks else 0)
    if toks[i].kind != "{":
        return i + 1
    depth = 0
    for j in range(i, len(toks)):
        depth += {"{": 1, "}": -1}.get(toks[j].kind, 0)
        if depth == 0:
            return j + 1
    raise NotUnderstood("an unclosed {", toks[i].pos, "{")


@dataclass
class Macros:
    """User macros from the preamble: ``name -> (number of arguments, body text)``;
    ``operators`` from ``\\DeclareMathOperator`` (``\\Tr`` -> ``Tr``)."""

    table: dict

    @classmethod
    def empty(cls) -> "Macros":
        return cls({})


_DEF = re.compile(r"\\(?:newcommand|renewcommand|providecommand)\*?\s*\{?\s*\\([A-Za-z]+)\s*\}?"
                  r"\s*(?:\[(\d)\])?\s*\{|\\def\s*\\([A-Za-z]+)\s*((?:#\d)*)\s*\{"
                  r"|\\DeclareMathOperator\*?\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*\{")


def find_macros(text: str) -> Macros:
    """``\\newcommand``/``\\renewcommand``/``\\def``/``\\DeclareMathOperator`` definitions
    in ``text`` (arguments ``#1``..``#9`` substituted as given)."""
    table: dict = {}
    for m in _DEF.finditer(text):
        start = m.end() - 1
        depth, j = 0, start
        while j < len(text):
            c = text[j]
            if c == "\\":
                j += 2
                continue
            depth += {"{": 1, "}": -1}.get(c, 0)
            if depth == 0:
                break
            j += 1
        body = text[start + 1:j]
        if m.group(1):
            table[m.group(1)] = (int(m.group(2) or 0), body)
        elif m.group(3):
            table[m.group(3)] = (len(m.group(4)) // 2, body)
        else:
            table[m.group(5)] = (0, "\\operatorname{" + body + "}")
        if len(table) > MAX_MACROS:
            break
    return Macros(table)


def tokenize(text: str, start: int, macros: Macros | None = None, *, plain: bool = False) -> list[Tok]:
    """The tokens of ``text`` (which starts at offset ``start`` of the file), macros
    expanded (every expanded token at the position of its call); ``plain``: identifiers
    such as ``x_perp`` are one ``name`` token (the right-hand sides of directives)."""
    toks = _raw(text, start, plain)
    if not macros or not macros.table:
        return toks
    out: list[Tok] = []
    count = 0
    stack = list(reversed(toks))
    while stack:
        t = stack.pop()
        if t.kind == "cmd" and t.text in macros.table:
            count += 1
            if count > MAX_EXPANSIONS:
                raise NotUnderstood(f"more than {MAX_EXPANSIONS} macro expansions (a recursive "
                                    "\\newcommand?)", t.pos, "\\" + t.text)
            nargs, body = macros.table[t.text]
            args = []
            rest = list(reversed(stack))
            k = 0
            for _ in range(nargs):
                e = group_end(rest, k)
                grp = rest[k:e]
                args.append(grp[1:-1] if grp and grp[0].kind == "{" else grp)
                k = e
            stack = list(reversed(rest[k:]))
            new: list[Tok] = []
            for b in _raw(body, 0):
                if b.kind == "char" and b.text == "#":
                    new.append(b)
                    continue
                new.append(Tok(b.kind, b.text, t.pos))
            expanded: list[Tok] = []
            i = 0
            while i < len(new):
                if new[i].kind == "char" and new[i].text == "#" and i + 1 < len(new) \
                        and new[i + 1].kind == "num":
                    n = int(new[i + 1].text[0])
                    if not 1 <= n <= nargs:
                        raise NotUnderstood(f"macro \\{t.text} uses #{n}", t.pos, "\\" + t.text)
                    expanded += [Tok("{", "{", t.pos), *args[n - 1], Tok("}", "}", t.pos)]
                    if len(new[i + 1].text) > 1:  # #12 is #1 then 2
                        expanded.append(Tok("num", new[i + 1].text[1:], t.pos))
                    i += 2
                    continue
                expanded.append(new[i])
                i += 1
            stack.extend(reversed(expanded))
            if len(stack) + len(out) > MAX_TOKENS:
                raise NotUnderstood(f"macros expand to more than {MAX_TOKENS} tokens", t.pos,
                                    "\\" + t.text)
            continue
        out.append(t)
    return out


#: commands dropped with their one brace argument (annotations, not mathematics)
_DROP_ARG = {"text", "textrm", "textit", "textbf", "mbox", "hbox", "intertext", "shortintertext",
             "tag", "tag*", "label", "eqref", "ref", "hspace", "hspace*", "vspace", "vspace*",
             "phantom", "hphantom", "vphantom"}
#: environments inside a display that only align lines: dropped with their name
_LAYOUT = {"aligned", "split", "gathered", "alignedat", "multlined"}
#: commands dropped alone
_DROP = {",", ";", ":", "!", " ", "quad", "qquad", "nonumber", "notag", "displaystyle",
         "textstyle", "scriptstyle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl",
         "Bigr", "biggl", "biggr", "Biggl", "Biggr", "left", "right", "middle", "nolimits",
         "limits", "allowbreak", "nobreak", "enspace", "thinspace", "medspace", "thickspace",
         "negthinspace", "mathstrut", "strut"}


def strip_annotations(toks: list[Tok]) -> tuple[list[Tok], list[tuple[str, int]], list[tuple[str, int]]]:
    """The tokens without annotations; the ``\\label`` names (with positions) and the
    ``\\text``/``\\intertext`` pieces (for the report)."""
    out, labels, texts = [], [], []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "cmd" and t.text in ("begin", "end"):
            e = group_end(toks, i + 1)
            name = "".join(x.text for x in toks[i + 2:e - 1])
            if name in _LAYOUT:
                i = e
                if name == "alignedat" and t.text == "begin":
                    i = group_end(toks, i)  # its column count
                continue
        if t.kind == "cmd" and t.text in ("text", "textrm", "mathrm") and out and (
                (out[-1].kind == "char" and out[-1].text in "_^")
                or (out[-1].kind == "{" and len(out) > 1 and out[-2].text in "_^")):
            out.append(Tok("cmd", "mathrm", t.pos))  # S_\text{W}: a name, not an annotation
            i += 1
            continue
        if t.kind == "cmd" and t.text in _DROP_ARG:
            j = i + 1
            if t.text.rstrip("*") == "tag" and j < len(toks) and toks[j].kind == "char" \
                    and toks[j].text == "*":
                j += 1
            e = group_end(toks, j)
            inner = "".join(x.text if x.kind != "cmd" else "\\" + x.text for x in toks[j + 1:e - 1])
            if t.text == "label":
                labels.append((inner, t.pos))
            elif t.text in ("intertext", "shortintertext"):
                texts.append((inner, t.pos))
                out.append(Tok("cmd", "\\", t.pos))  # an intertext ends the line before it
            i = e
            continue
        if t.kind == "cmd" and t.text in _DROP:
            if t.text in ("left", "right", "middle") and i + 1 < len(toks) and \
                    toks[i + 1].kind == "char" and toks[i + 1].text == ".":
                i += 2  # \left. and \right. delimit nothing
                continue
            i += 1
            continue
        if t.kind == "cmd" and t.text == "\\":
            out.append(t)
            j = i + 1
            if j < len(toks) and toks[j].kind == "char" and toks[j].text == "[":  # \\[2pt]
                while j < len(toks) and not (toks[j].kind == "char" and toks[j].text == "]"):
                    j += 1
                i = j + 1
                continue
            i += 1
            continue
        out.append(t)
        i += 1
    return out, labels, texts
