"""Derivation chains in a display, and each step checked with the relation written.

A display's lines (split at ``\\\\``; ``&`` dropped; annotations and trailing punctuation
removed) form chains: a line that starts with a relation (``&= ...``, ``&\\le ...``)
continues the chain before it, a line that starts with ``+``/``-``/``\\cdot`` continues its
last expression (a formula broken over lines), any other line starts a new chain. A chain
``e0 R1 e1 R2 e2 ...`` has the steps ``e0 R1 e1``, ``e1 R2 e2``, ...: each checked alone, as
the claims file's derivation steps are, through :func:`derivations.verify` (the catalog's
methods and scope) on the file's declarations, definitions and assumptions.

``R`` is ``=``, ``<``, ``>``, ``\\le``/``\\leq``/``\\leqslant``, ``\\ge``/``\\geq``/``\\geqslant``;
``\\iff``/``\\Leftrightarrow`` between two relations (``a = b \\iff c = d``) is checked as an
equivalence (the engine's ``Iff``); ``M \\succeq 0`` says M is positive semidefinite
(``IsPSD``). Other relations (``\\approx``, ``\\propto``, ``:=``,
``\\Rightarrow``, ``\\neq`` ...) make their step *not checked*, as does a side the reader
does not understand (:mod:`.latex_math`): the report gives the position and the fragment.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy as sp

from .._userclaims.errors import ClaimsError, Location
from .latex_math import Env, translate
from .tokens import NotUnderstood, Tok, strip_annotations, tokenize

__all__ = ["Segment", "Chain", "split_chains", "Checker", "RELATIONS", "UNCHECKED_RELATIONS"]

#: relation token -> the claims language's operator
RELATIONS = {"=": "=", "<": "<", ">": ">", "le": "<=", "leq": "<=", "leqslant": "<=",
             "ge": ">=", "geq": ">=", "geqslant": ">=", "iff": "iff", "Leftrightarrow": "iff",
             "Longleftrightarrow": "iff"}
#: relations read as a chain's link and reported as not checked
UNCHECKED_RELATIONS = {"neq", "ne", "approx", "propto", "equiv", "sim", "simeq", "cong",
                       "Rightarrow", "implies", "Longrightarrow", "to", "mapsto", "succeq", "succ",
                       "preceq", "prec", "subset", "subseteq", "in", "ll", "gg", "coloneqq",
                       "triangleq", "doteq", "Leftarrow", "impliedby", "leftarrow", "gets"}
_OPENERS = {"{": "{", "(": "(", "[": "["}


@dataclass
class Segment:
    """One side of a chain's steps: its tokens and the relation before it (None first)."""

    toks: list
    rel: Tok | None
    line: int


@dataclass
class Chain:
    segments: list
    labels: dict = field(default_factory=dict)   # segment index -> \label name
    lines: list = field(default_factory=list)    # the source lines the chain spans


def _rel(t: Tok, nxt: Tok | None) -> str | None:
    if t.kind == "char" and t.text in "=<>":
        return t.text
    if t.kind == "cmd" and (t.text in RELATIONS or t.text in UNCHECKED_RELATIONS):
        return t.text
    if t.kind == "char" and t.text == ":" and nxt is not None and nxt.kind == "char" and nxt.text == "=":
        return ":="
    return None


def _strip_punct(line: list[Tok]) -> list[Tok]:
    while line and line[-1].kind == "char" and line[-1].text in ",.;":
        line = line[:-1]
    return line


def split_chains(body: str, start: int, macros, line_of) -> tuple[list[Chain], list[tuple[str, int]]]:
    """The chains of one display body (starting at offset ``start``; ``line_of(offset)`` its
    line number) and its ``\\label`` names."""
    toks = tokenize(body, start, macros)
    toks, labels, _texts = strip_annotations(toks)
    lines: list[list[Tok]] = [[]]
    for t in toks:
        if t.kind == "cmd" and t.text in ("\\", "cr", "newline"):
            lines.append([])
        elif t.kind == "char" and t.text == "&":
            continue
        else:
            lines[-1].append(t)
    chains: list[Chain] = []
    cur: list[Tok] | None = None
    for line in lines:
        line = _strip_punct(line)
        if not line:
            continue
        first = line[0]
        continues = _rel(first, line[1] if len(line) > 1 else None) is not None
        if cur is not None and (continues or (first.kind == "char" and first.text in "+-")
                                or (first.kind == "cmd" and first.text in ("cdot", "times"))):
            cur += line
        else:
            cur = list(line)
            chains.append(Chain([], lines=[]))
            chains[-1].segments = cur  # filled below
    out = []
    for ch in chains:
        out.append(_segments(ch.segments, line_of))
    for name, pos in labels:  # a label names the step whose line holds it
        ln = line_of(pos)
        for ch in out:
            for k, s in enumerate(ch.segments):
                if s.line == ln and k > 0:
                    ch.labels[k] = name
                    break
            else:
                if ch.segments and ch.segments[0].line == ln:
                    ch.labels[0] = name
    return out, labels


def _segments(toks: list[Tok], line_of) -> Chain:
    segs: list[Segment] = []
    cur: list[Tok] = []
    rel: Tok | None = None
    depth = 0
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "{" or (t.kind == "char" and t.text in "(["):
            depth += 1
        elif t.kind == "}" or (t.kind == "char" and t.text in ")]"):
            depth -= 1
        r = _rel(t, toks[i + 1] if i + 1 < len(toks) else None) if depth == 0 else None
        if r is not None:
            segs.append(Segment(cur, rel, line_of(cur[0].pos if cur else t.pos)))
            rel = t if r != ":=" else Tok("cmd", "coloneqq", t.pos)
            cur = []
            i += 2 if r == ":=" else 1
            continue
        cur.append(t)
        i += 1
    segs.append(Segment(cur, rel, line_of(cur[0].pos if cur else (rel.pos if rel else 0))))
    return Chain(segs, lines=sorted({s.line for s in segs}))


def evaluation_bar(toks: list[Tok]):
    """``... |_{w = p}`` at the end of a side (``\\right|``, ``\\big|`` left a ``|``): the
    tokens before the bar, of ``w`` and of ``p``; None without one."""
    if not toks or toks[-1].kind != "}":
        return None
    depth = 0
    for k in range(len(toks) - 1, -1, -1):
        depth += {"}": 1, "{": -1}.get(toks[k].kind, 0)
        if depth == 0:
            break
    else:
        return None
    if k < 2 or not (toks[k - 1].kind == "char" and toks[k - 1].text == "_"
                     and toks[k - 2].kind == "char" and toks[k - 2].text == "|"):
        return None
    inner = toks[k + 1:-1]
    eq = [i for i, t in enumerate(inner) if t.kind == "char" and t.text == "="]
    if len(eq) != 1:
        return None
    return toks[:k - 2], inner[:eq[0]], inner[eq[0] + 1:]


class Checker:
    """Turns chains into engine claims on the notes' declarations and checks them."""

    def __init__(self, cf, env: Env, assumes: list, *, seed: int = 0, budget: float = 20.0):
        self.cf, self.env, self.assumes = cf, env, assumes
        self.seed, self.budget = seed, budget
        self._probe = None

    def side(self, seg: Segment) -> str:
        if not seg.toks:
            raise NotUnderstood("an empty side", seg.rel.pos if seg.rel else 0)
        return translate(seg.toks, self.env)

    def shape(self, text: str):
        """The shape of a translated side (None for a scalar), for ``= 0`` against a vector."""
        from .._userclaims.parser import parse_expression

        if self._probe is None:
            self._probe = self.cf.declarations.space()[1]
        try:
            v = parse_expression(text, self._probe)
        except ClaimsError:
            return None
        if isinstance(v, (sp.MatrixBase, sp.MatrixExpr)) and tuple(v.shape) != (1, 1):
            return v.shape
        return None

    def build(self, lhs: str, op: str, rhs: str, where: Location, name: str):
        """One step's :class:`~derivations._userclaims.building.Built` through the claims
        file's builder (its parser, bounds, definitions and ``where`` conditions)."""
        from .._userclaims.building import build_item
        from .._userclaims.loader import Item

        for a, b in ((lhs, rhs), (rhs, lhs)):
            if b.strip() == "0":
                shp = self.shape(a)
                if shp is not None:
                    z = f"zeros({shp[0]}, {shp[1]})"
                    lhs, rhs = (lhs, z) if rhs.strip() == "0" else (z, rhs)
                    break
        data = {"name": name, "steps": [lhs, f"{op} {rhs}"], "where": list(self.assumes)}
        item = Item("derivation", 0, data, where, {("steps", 0): where, ("steps", 1): where})
        return build_item(self.cf, item)[0]

    def build_iff(self, p: tuple, q: tuple, where: Location, name: str):
        """``p ⟺ q`` for two relations ``(lhs, op, rhs)`` in the claims language."""
        from .._claims.claims import Iff
        from .._symbols.nodes import lazy
        from .._userclaims.building import Built, _space
        from .._userclaims.loader import Item
        from .._userclaims.parser import parse_expression

        import re

        item = Item("claim", 0, {"name": name, "where": list(self.assumes)}, where, {})
        used = {w for part in (p, q) for side in (part[0], part[2])
                for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", side)}
        for n, v, _w in self.cf.definitions:  # what the definitions of used names use
            if n in used:
                used |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", v))
        space, names = _space(self.cf, item, used)
        rels = []
        for lhs, op, rhs in (p, q):
            a, b = parse_expression(lhs, names, where), parse_expression(rhs, names, where)
            if isinstance(a, (sp.MatrixBase, sp.MatrixExpr)) or isinstance(b, (sp.MatrixBase, sp.MatrixExpr)):
                raise ClaimsError("an equivalence compares scalar relations", where)
            cls = {"=": sp.Eq, "<=": sp.Le, ">=": sp.Ge, "<": sp.Lt, ">": sp.Gt}[op]
            rels.append(cls(lazy(a), lazy(b), evaluate=False))
        return Built(name, Iff(rels[0], rels[1]), space, 1, (), where)

    def build_psd(self, text: str, where: Location, name: str):
        """``M \\succeq 0``: the symmetric matrix M is positive semidefinite (``IsPSD``)."""
        import re

        from .._claims.claims import IsPSD
        from .._symbols.nodes import lazy
        from .._userclaims.building import Built, _space
        from .._userclaims.loader import Item
        from .._userclaims.parser import parse_expression

        used = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
        for n, v, _w in self.cf.definitions:
            if n in used:
                used |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", v))
        item = Item("claim", 0, {"name": name, "where": list(self.assumes)}, where, {})
        space, names = _space(self.cf, item, used)
        m = parse_expression(text, names, where)
        if not isinstance(m, (sp.MatrixBase, sp.MatrixExpr)) or m.shape[0] != m.shape[1]:
            raise ClaimsError("\\succeq 0 says a square matrix is positive semidefinite", where)
        # a Gram form B^T B (or B B^T) carries its own witness: M = F^T F with F = B (B^T);
        # anything else is checked without one (undecided unless refuted)
        factor = None
        if isinstance(m, sp.MatMul) and len(m.args) == 2:
            a, b = m.args
            if isinstance(a, sp.Transpose) and a.arg == b:
                factor = b
            elif isinstance(b, sp.Transpose) and b.arg == a:
                factor = b
        return Built(name, IsPSD(lazy(m), factor), space, 1, (), where)

    def build_stationary(self, grad_text: str, var_text: str, point_text: str, where: Location,
                         name: str):
        """``\\nabla_{\\mathbf w} f \\big|_{\\mathbf w = p} = 0``: f is stationary in w at p
        (the engine's ``Stationary``: the gradient as a function of w, then evaluated)."""
        import re

        from .._claims.claims import Stationary
        from .._symbols.nodes import lazy
        from .._userclaims.building import Built, _space
        from .._userclaims.loader import Item
        from .._userclaims.parser import parse_expression

        m = re.fullmatch(r"grad\((.*), ([A-Za-z_][A-Za-z0-9_]*)\)", grad_text.strip())
        if not m or m.group(2) != var_text.strip():
            raise NotUnderstood("an evaluation bar |_{w = p} after the gradient in that same w",
                                -1, grad_text[:40])
        f_text, var = m.group(1), m.group(2)
        used = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", f_text + " " + point_text + " " + var))
        for n, v, _w in self.cf.definitions:
            if n in used:
                used |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", v))
        item = Item("claim", 0, {"name": name, "where": list(self.assumes)}, where, {})
        space, names = _space(self.cf, item, used)
        sym = names.symbols.get(var)
        f, pt = parse_expression(f_text, names, where), parse_expression(point_text, names, where)
        if not isinstance(sym, sp.MatrixSymbol) or not isinstance(pt, (sp.MatrixBase, sp.MatrixExpr)) \
                or tuple(pt.shape) != tuple(sym.shape):
            raise ClaimsError(f"the point has the shape of {var}", where)
        return Built(name, Stationary(lazy(f), sym, lazy(pt)), space, 1, (), where)

    def verdict(self, built) -> dict:
        from .._userclaims.checking import _verdict

        return _verdict(built, self.seed, self.budget)


def mistake(built, budget: float, seed: int = 0) -> str | None:
    """The typical mistake (the diagnosis library's mutations: sign, factor 2, transpose,
    dropped term, ...) whose undoing makes a refuted equality step hold, if one does:
    each mutant of the step's right side is compared with its left side at exact random
    points and proved (:func:`derivations._verdicts.diagnosis.same_expression`), within
    ``budget`` seconds. None when no single mutation explains the step."""
    import random

    from .._claims.claims import Equal
    from .._claims.mistakes import mutate_claim
    from .._budget import Timeout, time_limit
    from .._verdicts.diagnosis import same_expression

    claim = built.claim
    if type(claim) is not Equal:
        return None
    rng = random.Random(seed)
    try:
        with time_limit(budget) as lim:
            for _op, desc, m in mutate_claim(claim, built.space, sides_only=True):
                if type(m) is not Equal or m.lhs is not claim.lhs:
                    continue  # only the step's new side is mutated
                try:
                    if same_expression(m.lhs, m.rhs, built.space, rng) == "proved":
                        return desc
                except Timeout:
                    raise
                except Exception:  # noqa: BLE001 - a mutant SymPy cannot evaluate explains nothing
                    continue
    except Timeout as t:
        if not lim.owns(t):
            raise
    return None
