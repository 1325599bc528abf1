"""The ``lindisc:`` comments of a notes file — what the reader needs and the PDF never shows.

LaTeX ``% lindisc: ...``; Markdown and notebooks ``<!-- lindisc: ... -->``. One comment may
hold several statements separated by ``;``:

==========================================  ================================================
``w = vector(d, nonzero)``                  a declaration: the claims file's ``[symbols]``
                                            types and options (dim, scalar, label, vector,
                                            labels, matrix, samples)
``define x = x_perp + r w / norm(w)``       a definition: of a declared symbol, a hypothesis
                                            every method substitutes (the claims file's
                                            ``[definitions]``); of an undeclared name (``E``,
                                            ``L``), an abbreviation written out where used.
                                            The right side is LaTeX or the claims syntax.
``assume S_W is spd`` / ``assume eta > 0``  a condition for every chain (``where``)
``skip``                                    the next display is not a claim
``expect refuted`` (``verified``, ...)      before a display: its chain has a wrong step on
                                            purpose; inside a display, on a line: that step
``name the margin``                         names the next display's chain in the report
==========================================  ================================================

Declarations, definitions and conditions hold for the whole file, wherever they are written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .tokens import NotUnderstood

__all__ = ["Directive", "parse_directives", "MAX_DIRECTIVES"]

MAX_DIRECTIVES = 300
MAX_DIRECTIVE_CHARS = 2000
_KINDS = ("dim", "scalar", "label", "vector", "labels", "matrix", "samples")
_DECL = re.compile(r"([A-Za-z\\][A-Za-z0-9_]*)\s*=\s*(" + "|".join(_KINDS) + r")\b\s*(\(.*\))?\s*\Z",
                   re.DOTALL)
_EXPECT = ("refuted", "verified", "undecided")


@dataclass(frozen=True)
class Directive:
    """``kind``: declare, define, assume, skip, expect, name; ``name``/``value`` its parts;
    ``pos`` the offset of the statement in the source; ``value_pos`` of its value."""

    kind: str
    name: str
    value: str
    pos: int
    value_pos: int


def _split(text: str, start: int):
    depth, cur = 0, start
    for k, ch in enumerate(text):
        depth += {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}.get(ch, 0)
        if ch == ";" and depth == 0:
            yield text[cur - start:k], cur
            cur = start + k + 1
    yield text[cur - start:], cur


def parse_directives(body: str, pos: int) -> list[Directive]:
    """The statements of one ``lindisc:`` comment whose text after ``lindisc:`` is ``body``,
    starting at offset ``pos``; a statement not understood raises
    :class:`~.tokens.NotUnderstood` (the file is then malformed: exit 2)."""
    if len(body) > MAX_DIRECTIVE_CHARS:
        raise NotUnderstood(f"a lindisc comment of more than {MAX_DIRECTIVE_CHARS} characters", pos)
    out = []
    for part, at in _split(body, pos):
        lead = len(part) - len(part.lstrip())
        s = part.strip()
        at += lead
        if not s:
            continue
        word = s.split(None, 1)[0]
        rest = s[len(word):].lstrip()
        rest_at = at + len(s) - len(rest)
        if word == "skip" and not rest:
            out.append(Directive("skip", "", "", at, at))
        elif word == "expect":
            if rest not in _EXPECT:
                raise NotUnderstood(f"expect {rest!r}: write expect refuted, expect verified or "
                                    "expect undecided", at, s)
            out.append(Directive("expect", "", rest, at, rest_at))
        elif word == "name" and rest:
            out.append(Directive("name", "", rest, at, rest_at))
        elif word == "assume" and rest:
            out.append(Directive("assume", "", rest, at, rest_at))
        elif word == "define":
            m = re.match(r"([A-Za-z\\][A-Za-z0-9_{}\\]*)\s*(?::=|=)\s*", rest)
            if not m or not rest[m.end():].strip():
                raise NotUnderstood("define NAME = EXPRESSION (e.g. define x = x_perp + r w / "
                                    "norm(w))", at, s)
            name = re.sub(r"[{}]|\\(?:mathbf|boldsymbol|bm|mathcal|mathrm)", "", m.group(1)).lstrip("\\")
            out.append(Directive("define", name, rest[m.end():], at, rest_at + m.end()))
        else:
            m = _DECL.match(s)
            if not m:
                raise NotUnderstood("not a lindisc statement; write a declaration (w = vector(d)), "
                                    "define, assume, skip, expect refuted or name", at, s[:60])
            out.append(Directive("declare", m.group(1).lstrip("\\"), m.group(2) + (m.group(3) or ""),
                                 at, at))
        if len(out) > MAX_DIRECTIVES:
            raise NotUnderstood(f"more than {MAX_DIRECTIVES} lindisc statements", at)
    return out
