"""A counterexample typeset: its exact values as math (fractions, roots, matrices) and the
failing quantity as math, for the article (LaTeX) and the blueprint (HTML with KaTeX math).

A refutation's record (``counterexample`` in ``lindisc verify --format json``) holds each
value as SymPy's text (``"-sqrt(37)/37"``, ``"[5/2, 8/3]"`` for a column vector,
``"[[1, 0], [0, 1]]"`` for a matrix) and the decider's sentence (``"gap = -28/5 violates
>="``). Both are read back here by a whitelist parser (:func:`parse_value`: numbers, + - * /
and powers, ``sqrt``/``exp``/``log``, ``pi``/``E``, lists; no ``eval``: a record may come
from a cache file) and printed with the catalog's printer; entries are numbered from 1, as
the notation section says. Text that is not one of the known forms is kept as prose, never
dropped.

>>> cx = {"sizes": {"d": 2}, "values": {"t": "-13/6"}, "fails": "gap = 0 violates >"}
>>> print("\\n".join(counterexample_latex(cx)))
\\textit{Counterexample} at $d = 2$:
\\begin{align*}
t &= - \\frac{13}{6}
\\end{align*}
$\\text{lhs} - \\text{rhs} = 0$, but the claim needs $\\text{lhs} - \\text{rhs} > 0$.
"""

from __future__ import annotations

import ast
import html
import re
from functools import lru_cache

import sympy as sp

from .latex import latex, tex_text

__all__ = ["counterexample_latex", "counterexample_html", "parse_value", "fails_pieces",
           "MAX_SHOWN"]

#: The largest matrix of a counterexample shown entry by entry (rows and columns); a larger
#: one shows its corners (the record keeps every entry: ``lindisc show ID --format json``).
MAX_SHOWN = 8
#: What a value's text may call, and the SymPy objects its names stand for.
_CALLS = {"sqrt": sp.sqrt, "exp": sp.exp, "log": sp.log, "Abs": sp.Abs, "sin": sp.sin,
          "cos": sp.cos, "Rational": sp.Rational}
_NAMES = {"pi": sp.pi, "E": sp.E, "oo": sp.oo, "True": sp.true, "False": sp.false,
          "nan": sp.nan, "zoo": sp.zoo, "I": sp.I}
_BINOPS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b,
           ast.Mult: lambda a, b: a * b, ast.Div: lambda a, b: a / b,
           ast.Pow: lambda a, b: a ** b}
#: The longest value text read back (longer ones are shown as text).
_MAX_TEXT = 4000


class _NotAValue(ValueError):
    """A value's text outside the whitelist."""


def _build(node):
    if isinstance(node, ast.Constant) and type(node.value) is bool:
        return sp.true if node.value else sp.false
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return sp.Integer(node.value) if isinstance(node.value, int) else sp.Float(repr(node.value))
    if isinstance(node, ast.Name) and node.id in _NAMES:
        return _NAMES[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _build(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        left, right = _build(node.left), _build(node.right)
        if isinstance(left, list) or isinstance(right, list):
            raise _NotAValue("arithmetic on a list")
        if isinstance(node.op, ast.Pow) and getattr(right, "is_Integer", False) and abs(int(right)) > 64:
            raise _NotAValue("power too large")
        return _BINOPS[type(node.op)](left, right)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _CALLS
            and not node.keywords and 1 <= len(node.args) <= 2):
        args = [_build(a) for a in node.args]
        if any(isinstance(a, list) for a in args):
            raise _NotAValue("a function of a list")
        return _CALLS[node.func.id](*args)
    if isinstance(node, ast.List):
        return [_build(e) for e in node.elts]
    raise _NotAValue(type(node).__name__)


@lru_cache(maxsize=2048)
def parse_value(text: str):
    """A record's value text as SymPy: a scalar, or an ``ImmutableMatrix`` (``"[a, b]"`` is a
    column vector, ``"[[a, b]]"`` a 1x2 row, as ``_methods.witness.format_value`` writes them);
    None when the text is not an exact value of that form (it is then shown as text)."""
    text = text.strip()
    if not text or len(text) > _MAX_TEXT:
        return None
    try:
        tree = ast.parse(text, mode="eval").body
        v = _build(tree)
    except (SyntaxError, _NotAValue, TypeError, ValueError, ZeroDivisionError, RecursionError):
        return None
    if isinstance(v, list):
        if v and all(isinstance(r, list) for r in v):
            if len({len(r) for r in v}) != 1 or not v[0] or any(isinstance(x, list) for r in v for x in r):
                return None
            return sp.ImmutableMatrix(v)
        if not v or any(isinstance(x, list) for x in v):
            return None
        return sp.ImmutableMatrix(len(v), 1, v)
    return v


def _is_vector(text: str, v) -> bool:
    """A value written as a flat list (``"[4]"``): a column vector, even of length 1."""
    return isinstance(v, sp.MatrixBase) and v.shape[1] == 1 and not text.lstrip().startswith("[[")


def _value_tex(v) -> str:
    """A parsed value in LaTeX: a column vector as a transposed row, a matrix in ``bmatrix``
    (corners only beyond :data:`MAX_SHOWN`), a 1x1 matrix (a scalar declared as a matrix)
    and a scalar as the printer writes the number."""
    if isinstance(v, sp.MatrixBase) and v.shape == (1, 1):
        v = v[0, 0]
    if not isinstance(v, sp.MatrixBase):
        return latex(v)
    rows, cols = v.shape
    if cols == 1 and rows > 1:
        return _bmatrix(v.T) + r"^{\top}"
    return _bmatrix(v)


def _bmatrix(m) -> str:
    rows, cols = m.shape
    keep_r = list(range(rows)) if rows <= MAX_SHOWN else [0, 1, None, rows - 1]
    keep_c = list(range(cols)) if cols <= MAX_SHOWN else [0, 1, None, cols - 1]
    lines = []
    for r in keep_r:
        cells = [(r"\ddots" if c is None else r"\vdots") if r is None
                 else (r"\cdots" if c is None else latex(m[r, c])) for c in keep_c]
        lines.append(" & ".join(cells))
    return r"\begin{bmatrix}" + r" \\ ".join(lines) + r"\end{bmatrix}"


def _name_tex(name: str, v, vector: bool) -> str:
    """A declared symbol's name as the printer writes it: bold for a vector (even of length
    1) or a matrix, italic for a scalar (a 1x1 matrix is one, as in the formulas)."""
    try:
        if vector:
            return latex(sp.MatrixSymbol(name, sp.Symbol("n"), 1))
        if isinstance(v, sp.MatrixBase):
            return latex(sp.MatrixSymbol(name, *v.shape))
        return latex(sp.Symbol(name))
    except (TypeError, ValueError):
        return latex(sp.Symbol(re.sub(r"\W", "", name) or "v"))


def _rows(cx: dict) -> list[tuple[str, str] | tuple[None, str]]:
    """(name, value) in LaTeX for each value of the record; (None, text) for a value that is
    not an exact value the parser reads (shown as text after its name)."""
    out = []
    for k, raw in (cx.get("values") or {}).items():
        text = raw if isinstance(raw, str) else str(raw)
        v = parse_value(text)
        if v is None:
            out.append((None, f"{k} = {raw}"))
        else:
            vector = _is_vector(text, v)
            out.append((_name_tex(str(k), v, vector),
                        _bmatrix(v) if vector and v.shape[0] == 1 else _value_tex(v)))
    return out


_NEEDS = {">=": r"\geq 0", "<=": r"\geq 0", ">": "> 0", "<": "> 0"}


def _num(text: str) -> tuple[str, str]:
    """A number of a decider's sentence as math, or as text when it is not one."""
    v = parse_value(text)
    return ("math", _value_tex(v)) if v is not None else ("text", text)


#: The other sentences of the deciders (``derivations/_decide/kinds``): a pattern whose
#: groups ``v`` and ``w`` are exact values, and the pieces it reads as (``{v}``: the value's
#: LaTeX, ``{rows}``: the group's text).
_SENTENCES = [
    (r"gradient entry = (?P<v>.+) at the claimed point, not 0",
     [("text", "an entry of the gradient at the claimed point is "), ("math", "{v}"),
      ("text", ", but stationarity needs "), ("math", "0")]),
    (r"sign\(a\) = (?P<v>\S+) but sign\(b\) = (?P<w>\S+)",
     [("text", "the left side's sign is "), ("math", "{v}"), ("text", ", the right side's "),
      ("math", "{w}"), ("text", "; the claim needs them equal")]),
    (r"principal minor on rows \[(?P<rows>[\d, ]+)\] is (?P<v>.+) < 0",
     [("text", "the principal minor on rows {rows} is "), ("math", "{v} < 0"),
      ("text", ", but positive semidefiniteness needs every one "), ("math", r"\geq 0")]),
    (r"claimed maximiser has norm (?P<v>.+), not 1",
     [("text", "the claimed maximiser has norm "), ("math", "{v}"),
      ("text", ", but the claim needs "), ("math", "1")]),
    (r"f\(point\) - f\(u/\|\|u\|\|\) = (?P<v>.+) < 0: a better point exists",
     [("math", r"f(\text{point}) - f\left(\mathbf{u} / \lVert\mathbf{u}\rVert\right) = {v} < 0"),
      ("text", ": a better point exists")]),
]


def _fill(text: str, subs: dict) -> str:
    """``text`` with each ``{name}`` of :data:`_SENTENCES` replaced, in one pass."""
    return re.sub(r"\{(v|w|rows)\}", lambda m: subs[m.group(1)], text)


def fails_pieces(fails: str) -> list[tuple[str, str]]:
    """The decider's sentence as ("math", LaTeX) and ("text", prose) pieces: the failing
    quantity as math and what the claim needs (lhs - rhs = 0 where the claim needs
    lhs - rhs > 0; an entry of lhs - rhs numbered from 1, row by row, as the decider numbers
    it). A sentence of another
    form is one text piece."""
    s = fails.strip()
    if m := re.fullmatch(r"lhs - rhs = (.+?)(?: \(entry (\d+) of (\d+), row by row\))?, not 0", s):
        kind, val = _num(m.group(1))
        if kind == "text":
            return [("text", s)]
        i = int(m.group(2) or 0)  # numbered from 1 by the decider; 0: a scalar residual
        head = r"\text{lhs} - \text{rhs}" if i == 0 else rf"\left(\text{{lhs}} - \text{{rhs}}\right)_{{{i}}}"
        out = [("math", f"{head} = {val}")]
        if i:
            out.append(("text", f" (entry {i} of {m.group(3)}, counting row by row)"))
        return out + [("text", ", but the claim needs "), ("math", "0")]
    if m := re.fullmatch(r"gap = (.+) violates (>=|<=|>|<)", s):
        kind, val = _num(m.group(1))
        if kind == "text":
            return [("text", s)]
        gap = (r"\text{lhs} - \text{rhs}" if m.group(2) in (">=", ">")
               else r"\text{rhs} - \text{lhs}")
        return [("math", f"{gap} = {val}"), ("text", ", but the claim needs "),
                ("math", f"{gap} {_NEEDS[m.group(2)]}")]
    if m := re.fullmatch(r"the left condition is (True|False) but the right one is (True|False)", s):
        word = {"True": "holds", "False": "fails"}
        return [("text", f"the left condition {word[m.group(1)]} but the right one "
                         f"{word[m.group(2)]}; the claim needs both or neither")]
    for pattern, pieces in _SENTENCES:
        if m := re.fullmatch(pattern, s):
            values = {k: _num(v) for k, v in m.groupdict().items() if k in ("v", "w")}
            if any(kind == "text" for kind, _t in values.values()):
                break
            subs = {**m.groupdict(), **{k: t for k, (_kind, t) in values.items()}}
            return [(kind, _fill(text, subs)) for kind, text in pieces]
    return [("text", s)]


def _head(cx: dict) -> tuple[list[tuple[str, str]], str | None]:
    sizes = [("math", f"{latex(sp.Symbol(str(k)))} = {int(v)}") for k, v in (cx.get("sizes") or {}).items()]
    seed = str(cx["seed"]) if "seed" in cx else None
    return sizes, seed


def _sentence(s: str) -> str:
    """``s`` as a sentence: a capital first letter (not a math or markup opening) and a
    final full stop."""
    if s[:1].isalpha():
        s = s[:1].upper() + s[1:]
    return s if s.endswith(".") else s + "."


def counterexample_latex(cx: dict | None) -> list[str]:
    """The article's lines for a counterexample record: a heading with the sizes, an
    ``align*`` of the exact values and the failing quantity as a sentence with its math."""
    if not cx:
        return []
    sizes, seed = _head(cx)
    head = r"\textit{Counterexample}"
    if sizes:
        head += " at " + ", ".join(f"${t}$" for _k, t in sizes)
    if seed is not None:
        head += f" (run seed {tex_text(seed)})"
    out = [head + ":"]
    rows = _rows(cx)
    maths = [rf"{n} &= {v}" for n, v in rows if n is not None]
    if maths:
        out += [r"\begin{align*}", " \\\\\n".join(maths), r"\end{align*}"]
    out += [tex_text(t) + r"\\" for n, t in rows if n is None]
    if cx.get("fails"):
        sentence = "".join(f"${t}$" if k == "math" else tex_text(t)
                           for k, t in fails_pieces(str(cx["fails"])))
        out.append(_sentence(sentence))
    return out


def _e(s) -> str:
    return html.escape(str(s), quote=True)


def _math_html(tex: str, display: bool = False) -> str:
    tag = "div" if display else "span"
    return f'<{tag} class="math{" display" if display else ""}">{_e(tex)}</{tag}>'


def counterexample_html(cx: dict | None) -> str:
    """The blueprint's block for a counterexample record: a table of the exact values (math
    for KaTeX, the names as the formulas print them) and the failing quantity as math."""
    if not cx:
        return ""
    sizes, seed = _head(cx)
    head = "Counterexample"
    if sizes:
        head += " at " + ", ".join(_math_html(t) for _k, t in sizes)
    if seed is not None:
        head += f" (run seed {_e(seed)})"
    out = [f'<div class="counterexample"><p class="label">{head}:</p>']
    rows = "".join(f"<tr><th>{_math_html(n)}</th><td>{_math_html('= ' + v)}</td></tr>" if n is not None
                   else f'<tr><td colspan="2">{_e(v)}</td></tr>' for n, v in _rows(cx))
    if rows:
        out.append(f"<table>{rows}</table>")
    if cx.get("fails"):
        pieces = fails_pieces(str(cx["fails"]))
        sentence = "".join(_math_html(t) if k == "math" else _e(t) for k, t in pieces)
        out.append(f'<p class="fails">{_sentence(sentence)}</p>')
    out.append("</div>")
    return "\n".join(out)
