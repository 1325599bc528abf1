"""LaTeX of catalog claims through a printer subclass (no string surgery).

Only what the field's notation needs is overridden: bold lower-case vectors, bold
upper-case matrices, ``^{\\top}`` for the transpose. Options live in one settings dict.

>>> import sympy as sp
>>> w = sp.MatrixSymbol("w", 3, 1)
>>> latex(w.T * w)
'\\\\mathbf{w}^{\\\\top} \\\\mathbf{w}'
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import sympy as sp
from sympy.matrices.expressions.matmul import MatMul
from sympy.printing.latex import LatexPrinter
from sympy.printing.precedence import PRECEDENCE, precedence_traditional

from .._symbols.expr import Scalar
from .claim_latex import render

__all__ = ["LindiscLatexPrinter", "latex", "claim_latex", "tex_text", "tex_math",
           "UnicodeLatexError"]

_GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "eta", "theta", "lambda", "mu", "nu",
          "sigma", "tau", "phi", "psi", "omega", "rho", "xi", "zeta", "kappa", "chi", "varsigma",
          "varphi", "vartheta", "varepsilon", "pi", "iota", "upsilon"}
#: Capital Greek letters LaTeX has a command for (\\Lambda); the others are Latin capitals.
_GREEK_CAPITAL = {"Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi",
                  "Psi", "Omega"}


#: Subscript words and what they print as (w_star -> w_{*}, x_perp -> x_{\\perp}).
_SUBSCRIPTS = {"star": "*", "perp": r"\perp", "opt": r"\mathrm{opt}"}
#: Names of functions a scalar symbol's base may carry (cos_theta -> \\cos\\theta).
_FUNCTIONS = {"cos", "sin", "tan", "log", "exp", "det", "tr"}
#: LaTeX's special characters in text mode, and their escapes.
_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
                 "#": r"\#", "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%",
                 "~": r"\textasciitilde{}", "<": r"$<$", ">": r"$>$", "|": r"$|$"}
#: The largest explicit matrix shown entry by entry (rows and columns); a larger one shows
#: its corners with dots (a 5x5 display of fractions is unreadable at any size).
MAX_ENTRYWISE = 4
#: A declared name: base letters, an accent word or mark, primes, a star, one subscript and
#: one superscript (``W~``, ``W_tilde``, ``a'``, ``alpha*``, ``x_perp``, ``S_{W}``, ``Y^+``).
_NAME = re.compile(r"(?P<base>[A-Za-z]+?)(?P<accent>~|_?tilde|_?hat|_?bar)?(?P<prime>'*)"
                   r"(?P<star>\*)?(?:_(?P<sub>\{[^{}]*\}|[^_^{}]+))?(?:\^(?P<sup>\{[^{}]*\}|[^_^{}]+))?")
#: Combining accents a name may carry (``â``) and the math accent they print as.
_NAME_ACCENTS = {"\u0302": "hat", "\u0303": "tilde", "\u0304": "bar"}


def _sub(sub: str) -> str:
    """A subscript of a name: a word (``data``, ``step``) upright, a Greek letter as its
    command, ``star``/``perp`` as their signs, indices (``1``, ``k``, ``nk``) as written."""
    if sub in _SUBSCRIPTS:
        return _SUBSCRIPTS[sub]
    if sub in _GREEK:
        return f"\\{sub}"
    return rf"\mathrm{{{sub}}}" if sub.isalpha() and len(sub) >= 3 else sub


@lru_cache(maxsize=4096)
def _name_parts(name: str) -> tuple[str, str | None, str, bool, str | None, str | None] | None:
    """(base, accent, primes, star, subscript, superscript) of a declared name in LaTeX, or
    None for a name of another form. The base is a Latin letter string or a Greek command."""
    nfd = unicodedata.normalize("NFD", name)
    accent = None
    if len(nfd) >= 2 and nfd[1] in _NAME_ACCENTS:  # â: the letter a with a hat
        accent, nfd = _NAME_ACCENTS[nfd[1]], nfd[0] + nfd[2:]
    m = _NAME.fullmatch(nfd)
    if not m:
        return None
    base = m.group("base")
    if base in _GREEK or base in _GREEK_CAPITAL:
        base = "\\" + base
    word = m.group("accent")
    if word:
        accent = "tilde" if word == "~" else word.lstrip("_")
    sub, sup = m.group("sub"), m.group("sup")
    if sub is not None:
        sub = sub[1:-1] if sub.startswith("{") else sub
        sub = _sub(sub)
    if sup is not None:
        sup = sup[1:-1] if sup.startswith("{") else sup
        sup = r"\top" if sup == "T" else sup
    return base, accent, m.group("prime"), bool(m.group("star")), sub, sup


def _name_tex(name: str, bold: bool, extra_sub: str | None = None) -> str | None:
    """A declared name in LaTeX: bold (``\\mathbf``, ``\\boldsymbol`` for Greek) for a vector or
    matrix, italic for a scalar; ``extra_sub`` (an element's indices) joins the subscript.
    A star or a superscript is braced so that a transpose or a power can follow."""
    parts = _name_parts(name)
    if parts is None:
        return None
    base, accent, primes, star, sub, sup = parts
    if bold:
        body = rf"\boldsymbol{{{base}}}" if base.startswith("\\") else rf"\mathbf{{{base}}}"
    else:
        body = base
    if accent:
        body = rf"\{accent}{{{body}}}"
    body += primes
    subs = ", ".join(s for s in (sub, extra_sub) if s)
    if star or sup:
        ups = ", ".join(s for s in ("*" if star else None, sup) if s)
        if subs and extra_sub and not star:  # (Y^{+})_{i, j}: the entry of the whole Y^+
            return rf"\left({body}_{{{sub}}}^{{{ups}}}\right)_{{{extra_sub}}}" if sub else \
                rf"\left({body}^{{{ups}}}\right)_{{{extra_sub}}}"
        if star and not sup and not extra_sub:
            return f"{{{body}^{{*}}}}" + (f"_{{{subs}}}" if subs else "")
        return f"{{{body}^{{{ups}}}" + (f"_{{{subs}}}" if subs else "") + "}"
    return body + (f"_{{{subs}}}" if subs else "")


def _is_scalar_matrix(m) -> bool:
    """A 1x1 matrix symbol: a scalar declared as a matrix so that a gradient can be taken
    with respect to it (``w_0``, ``lambda``); printed as the scalar it stands for."""
    return isinstance(m, sp.MatrixSymbol) and m.shape == (1, 1)


class _FromOne(sp.Symbol):
    """A summation or entry index printed as running from 1: the expression holds it as
    ``index - 1`` where SymPy's 0-based entries need it (:func:`_counted`), and an entry's
    ``index - 1`` prints as the index. A class of its own, so a catalog's own ``n - 1`` (the
    entry before the n-th) is never taken for one."""


def _counted(var: sp.Symbol) -> tuple[sp.Symbol, sp.Expr]:
    """The index that prints from 1 in place of the 0-based ``var``, and what ``var`` becomes."""
    new = _FromOne(var.name, **var.assumptions0)
    return new, new - 1


def _index(i):
    """An index as the documents number it, from 1: a concrete SymPy index i prints as i + 1;
    a :class:`_FromOne` index's ``k - 1`` as ``k``; any other symbolic index as written."""
    if getattr(i, "is_Integer", False):
        return i + 1
    if (isinstance(i, sp.Add) and len(i.args) == 2 and sp.S.NegativeOne in i.args
            and any(isinstance(a, _FromOne) for a in i.args)):
        return i + 1
    return i


@lru_cache(maxsize=8192)
def _rank(term) -> int:
    """Where a term goes in a printed sum, in the textbook's order: terms with a vector or
    matrix factor (``w^T x``) 0, other terms with symbols (``b``) 1, numbers 2."""
    if term.is_number:
        return 2
    for node in sp.preorder_traversal(term):
        if isinstance(node, sp.MatrixSymbol) and not _is_scalar_matrix(node):
            return 0
    return 1


@lru_cache(maxsize=8192)
def _matmul_minus(expr) -> bool:
    """``expr.could_extract_minus_sign()`` of a ``MatMul``, computed once per expression: SymPy
    decides it by building ``-expr`` with ``doit()`` (costly on a large product), and its printer
    asks again for every factor and every enclosing product. A pure function of the expression
    (compared structurally), so the printed text is unchanged. SymPy's test (``Mul``'s) is
    ``False`` when ``expr == -expr``, else whether the leading factor is a negative number; so
    with no negative number in front it is ``False`` without building ``-expr``."""
    c = expr.args[0]
    if not (c.is_Number and c.is_extended_negative):
        return False
    return expr.could_extract_minus_sign()


def _precedence(item) -> int:
    """``precedence_traditional(item)``, with a ``MatMul``'s sign test memoised. For exactly a
    ``MatMul`` SymPy resolves it as ``precedence_Mul`` (through its MRO: MatMul, MatrixExpr, Mul).
    A ``Scalar`` prints as the 1x1 expression it wraps, so it binds as that expression does
    (``t (w^T x + w_0)``, never ``t w^T x + w_0``)."""
    while isinstance(item, Scalar):
        item = item.args[0]
    if type(item) is MatMul:
        from sympy.core.function import Function

        if any(hasattr(arg, "precedence") and isinstance(arg, Function)
               and arg.precedence < PRECEDENCE["Mul"] for arg in item.args):
            return PRECEDENCE["Mul"]
        return PRECEDENCE["Add"] if _matmul_minus(item) else PRECEDENCE["Mul"]
    return precedence_traditional(item)


class LindiscLatexPrinter(LatexPrinter):
    """SymPy's LaTeX printer with the linear-discriminant notation of the documents: bold
    for vectors and matrices only, elements and sums numbered from 1, the textbook's term
    order, ``\\det``, small matrices entry by entry in ``bmatrix``."""

    _default_settings = {**LatexPrinter._default_settings, "bold_matrices": True,
                         "mat_str": "bmatrix", "mat_delim": ""}

    def _print_MatrixSymbol(self, expr):
        got = _name_tex(expr.name, bold=not _is_scalar_matrix(expr))
        return got if got is not None else self._deal_with_super_sub(expr.name)

    def _print_Symbol(self, expr, style="plain"):
        if re.fullmatch(r"[A-Za-z]+\*", expr.name):  # w* is w^{*}, the optimum
            return f"{{{self._print_Symbol(sp.Symbol(expr.name[:-1]), style=style)}^{{*}}}}"
        m = re.fullmatch(r"([A-Za-z]+)_([A-Za-z]+)", expr.name)
        if m and m.group(1) in _FUNCTIONS:  # cos_theta is the number cos θ, not cos with index θ
            arg = f"\\{m.group(2)}" if m.group(2) in _GREEK else m.group(2)
            return f"\\{m.group(1)} {arg}"
        if m and (m.group(2) in _SUBSCRIPTS or len(m.group(2)) >= 3 and m.group(2) not in _GREEK):
            return f"{self._deal_with_super_sub(m.group(1))}_{{{_sub(m.group(2))}}}"
        return super()._print_Symbol(expr, style=style)

    def _print_MatrixElement(self, expr):
        """An element is a scalar: ``X_{i, j}``, a vector's ``x_{i}``, ``t_{n, k}`` of the
        vector ``t_n``, italic (a subscripted matrix's ``(\\mathbf{W}_{x})_{k, j}``), with concrete indices numbered from 1 (SymPy's are 0-based)."""
        parent = expr.parent
        idx = [_index(i) for i in (expr.i, expr.j)]
        if parent.shape[1] == 1:
            idx = idx[:1]
        elif parent.shape[0] == 1:
            idx = idx[1:]
        sub = ", ".join(self._print(i) for i in idx)
        parts = _name_parts(parent.name) if isinstance(parent, sp.MatrixSymbol) else None
        if parts is not None and (1 in parent.shape or parts[4] is None):
            return _name_tex(parent.name, bold=False, extra_sub=sub)
        return rf"\left({self._print(parent)}\right)_{{{sub}}}"

    def _print_FunctionMatrix(self, expr):
        """The matrix with entries f(i, j): ``[f(i, j)]_{i, j}``, its indices from 1 (a column
        vector's ``[f(i)]_{i}``); no internal class name."""
        i, j = expr.lamda.variables
        body = expr.lamda.expr
        rows, cols = expr.shape
        subs, names = {}, []
        for var, n in ((i, rows), (j, cols)):
            if n == 1:
                subs[var] = sp.S.Zero
            else:
                new, subs[var] = _counted(var)
                names.append(self._print(new))
        return rf"\left[{self._print(body.xreplace(subs))}\right]_{{{', '.join(names)}}}"

    def _print_Sum(self, expr):
        """``\\sum_{n=1}^{N}``: a sum whose index runs from 0 prints shifted to run from 1 (the
        index in the summand read as index - 1, so an element ``x_{n}`` keeps its name); one
        ``\\sum`` per index."""
        function = expr.function
        heads = []
        for limit_var, lo, hi in expr.limits:
            var = limit_var
            if lo == 0:
                var, shifted = _counted(var)
                function = function.xreplace({limit_var: shifted})
                lo, hi = lo + 1, hi + 1
            heads.append(rf"\sum_{{{self._print(var)}={self._print(lo)}}}^{{{self._print(hi)}}}")
        body = self._print(function)
        if isinstance(function, sp.Add):
            body = rf"\left({body}\right)"
        return " ".join(heads) + " " + body

    def _print_ITE(self, expr):
        """if-then-else as a condition: ``(b \\text{ if } c \\text{ else } e)``, not the
        internal name ITE."""
        c, b, e = (self._print(a) for a in expr.args)
        return rf"\left({b} \text{{ if }} {c} \text{{ else }} {e}\right)"

    def _print_Transpose(self, expr):
        arg = expr.arg
        s = self._print(arg)
        if not isinstance(arg, sp.MatrixSymbol):
            s = rf"\left({s}\right)"
        return s + r"^{\top}"

    def _print_Determinant(self, expr):
        """``\\det \\mathbf{M}``, ``\\det\\left(...\\right)`` (never bars: |det M| would read as
        a triple bar)."""
        m = expr.arg
        if isinstance(m, sp.MatrixSymbol) or isinstance(m, sp.MatrixBase):
            return rf"\det {self._print(m)}"
        return rf"\det\left({self._print(m)}\right)"

    def _print_Abs(self, expr, exp=None):
        tex = rf"\left|{self._print(expr.args[0])}\right|"
        return tex if exp is None else f"{tex}^{{{exp}}}"

    def _print_MatrixBase(self, expr):
        """An explicit matrix in ``bmatrix``, entry by entry when at most
        :data:`MAX_ENTRYWISE` rows and columns; a larger one by its corners and dots."""
        rows, cols = expr.shape
        if rows <= MAX_ENTRYWISE and cols <= MAX_ENTRYWISE:
            return super()._print_MatrixBase(expr)
        keep_r = [0, 1, None, rows - 1] if rows > MAX_ENTRYWISE else list(range(rows))
        keep_c = [0, 1, None, cols - 1] if cols > MAX_ENTRYWISE else list(range(cols))
        lines = []
        for r in keep_r:
            cells = []
            for c in keep_c:
                if r is None:
                    cells.append(r"\ddots" if c is None else r"\vdots")
                else:
                    cells.append(r"\cdots" if c is None else self._print(expr[r, c]))
            lines.append(" & ".join(cells))
        return r"\begin{bmatrix}" + r"\\".join(lines) + r"\end{bmatrix}"

    def _needs_mul_brackets(self, expr, first=False, last=False) -> bool:
        """SymPy's test, for a ``Scalar`` on the expression it wraps (see :func:`_precedence`)."""
        while isinstance(expr, Scalar):
            expr = expr.args[0]
        return super()._needs_mul_brackets(expr, first=first, last=last)

    def parenthesize(self, item, level, is_neg=False, strict=False) -> str:
        """SymPy's ``parenthesize`` with the memoised precedence (same text)."""
        prec_val = _precedence(item)
        if is_neg and strict:
            return self._add_parens(self._print(item))
        if (prec_val < level) or ((not strict) and prec_val <= level):
            return self._add_parens(self._print(item))
        return self._print(item)

    def _print_Add(self, expr, order=None):
        """A sum (a ``MatAdd`` prints through here too) in the textbook's order: terms with
        a vector or matrix factor first, then the other symbols, numbers last (``w^T x + b``,
        ``1 - w^T w``: :func:`_rank`; a sum with no vector term keeps ``1 + e^{-a}``), positive terms before negative ones of the same rank
        (``w^T x_n + w_0 - t_n``), SymPy's order otherwise; a positive term leads when there
        is one. A term printed with a leading minus is subtracted (never ``+ -``)."""
        terms = self._as_ordered_terms(expr, order=order)
        printed = []
        for term in terms:
            if (_matmul_minus(term) if type(term) is MatMul
                    else term.could_extract_minus_sign()):
                neg, tex = True, self._print(-term)
            else:
                neg, tex = False, self._print(term)
            if tex.startswith("- "):  # (-t) y: a product whose first factor is negative
                neg, tex = not neg, tex[2:]
            if self._needs_add_brackets(term):
                tex = r"\left(%s\right)" % tex
            printed.append((_rank(term), neg, tex))
        if all(p[0] for p in printed):  # no vector term: SymPy's order (1 + e^{-a}) kept
            printed = [(1, neg, tex) for _r, neg, tex in printed]
        printed.sort(key=lambda p: p[:2])
        if printed[0][1]:
            lead = next((k for k, p in enumerate(printed) if not p[1]), None)
            if lead is not None:
                printed.insert(0, printed.pop(lead))
        out = ("- " if printed[0][1] else "") + printed[0][2]
        for _r, neg, tex in printed[1:]:
            out += (" - " if neg else " + ") + tex
        return out

    def _print_MatMul(self, expr):
        """SymPy's ``_print_MatMul`` (same text) with the product's precedence and sign test
        computed once, not once per factor."""
        level = _precedence(expr)

        def parens(x):
            if isinstance(x, sp.Mul) and not isinstance(x, MatMul):
                return self._print(x)
            return self.parenthesize(x, level, False)

        args = list(expr.args)
        if (_matmul_minus(expr) if type(expr) is MatMul else expr.could_extract_minus_sign()):
            if args[0] == -1:
                args = args[1:]
            else:
                args[0] = -args[0]
            return '- ' + ' '.join(map(parens, args))
        return ' '.join(map(parens, args))

    def text(self, s: str) -> str:
        """``s`` as LaTeX text: every special character escaped (``%`` would start a comment
        and silently drop the rest of the line)."""
        return r"\text{" + "".join(_TEXT_ESCAPES.get(ch, ch) for ch in s) + "}"


def latex(expr: sp.Basic, **settings) -> str:
    """LaTeX of a catalog expression in the documents' notation (bold vectors and matrices,
    ``^{\\top}``); ``settings`` are SymPy ``LatexPrinter`` settings."""
    return LindiscLatexPrinter(settings).doprint(expr)


def claim_latex(claim) -> str:
    """LaTeX of a whole claim (``lhs = rhs``, ``lhs \\geq rhs``, ...)."""
    return render(claim, LindiscLatexPrinter())


class UnicodeLatexError(ValueError):
    """A character of catalog text that :func:`tex_text` has no LaTeX for."""


#: Symbols of catalog text in LaTeX (math-mode ones are wrapped in $...$).
_TEXT_SYMBOLS = {
    "§": r"\S{}", "¿": r"?`", "–": "--", "—": "---", "…": r"\ldots{}", "½": r"$\frac{1}{2}$",
    "±": r"\pm", "·": r"\cdot", "×": r"\times", "‖": r"\|", "′": "'", "ℳ": r"\mathcal{M}",
    "𝒜": r"\mathcal{A}", "𝟙": r"\mathbf{1}", "←": r"\leftarrow", "→": r"\rightarrow",
    "↔": r"\leftrightarrow", "↦": r"\mapsto", "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow",
    "⟹": r"\Longrightarrow", "⟺": r"\Longleftrightarrow", "∀": r"\forall", "∂": r"\partial",
    "∃": r"\exists", "∅": r"\emptyset", "∇": r"\nabla", "∈": r"\in", "∉": r"\notin",
    "−": "-", "∘": r"\circ", "√": r"\surd", "∝": r"\propto", "∞": r"\infty",
    "≈": r"\approx", "≠": r"\neq", "≤": r"\leq", "≥": r"\geq", "⊥": r"\perp", "⟂": r"\perp",
    "⟨": r"\langle", "⟩": r"\rangle", "∑": r"\sum", "∏": r"\prod", "∫": r"\int",
    "⊆": r"\subseteq", "⊂": r"\subset", "∪": r"\cup", "∩": r"\cap", "≡": r"\equiv",
    "≺": r"\prec", "≻": r"\succ", "≼": r"\preceq", "≽": r"\succeq", "⪰": r"\succeq",
    "⪯": r"\preceq", "∗": "*", "⋅": r"\cdot", "∣": r"\mid", "∥": r"\parallel",
    "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "∼": r"\sim", "≪": r"\ll", "≫": r"\gg",
    "⌈": r"\lceil", "⌉": r"\rceil", "⌊": r"\lfloor", "⌋": r"\rfloor", "°": r"^{\circ}",
    "✓": r"\checkmark", "✗": r"\times", "†": r"\dagger", "‡": r"\ddagger", "⊤": r"\top",
    "⊗": r"\otimes", "⊙": r"\odot", "⊕": r"\oplus", "∖": r"\setminus", "∧": r"\wedge",
    "∨": r"\vee", "¬": r"\neg", "ℓ": r"\ell", "⋯": r"\cdots", "⋮": r"\vdots", "⋱": r"\ddots",
    "∓": r"\mp", "⟶": r"\longrightarrow", "↑": r"\uparrow", "↓": r"\downarrow",
    "∆": r"\Delta", "∙": r"\bullet", "•": r"\bullet", "≃": r"\simeq", "≅": r"\cong",
    "∋": r"\ni", "⊇": r"\supseteq", "⊃": r"\supset", "⋆": r"\star", "★": r"\star",
    "≔": r":=", "∎": r"\blacksquare", "ℤ": r"\mathbb{Z}", "ℚ": r"\mathbb{Q}",
    "ℂ": r"\mathbb{C}", "ℰ": r"\mathcal{E}", "ℒ": r"\mathcal{L}", "𝒩": r"\mathcal{N}",
    "𝒞": r"\mathcal{C}", "𝒴": r"\mathcal{Y}", "𝒳": r"\mathcal{X}", "∠": r"\angle",
    "“": "``", "”": "''", "‘": "`", "’": "'", "„": ",,",
}
_TEXT_MODE = {"§", "¿", "–", "—", "…", "½", "′", "“", "”", "‘", "’", "„"}
#: Combining accents (after their letter) and the text-mode accent command they become.
_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=",
            "\u0308": '"', "\u0307": "."}
_MATH_ACCENTS = {"\u0300": "grave", "\u0301": "acute", "\u0302": "hat", "\u0303": "tilde",
                 "\u0304": "bar", "\u0308": "ddot", "\u0307": "dot"}
_SUPER = {"MODIFIER LETTER CAPITAL T": r"\top"}


def _script(ch: str) -> str | None:
    """``^{...}`` / ``_{...}`` for a superscript or subscript character, else None."""
    name = unicodedata.name(ch, "")
    if name in _SUPER:
        return "^{" + _SUPER[name] + "}"
    m = re.fullmatch(r"(SUPERSCRIPT|SUBSCRIPT|MODIFIER LETTER SMALL|MODIFIER LETTER CAPITAL|"
                     r"LATIN SUBSCRIPT SMALL LETTER|SUPERSCRIPT LATIN SMALL LETTER) (.+)", name)
    if not m:
        return None
    kind, what = m.groups()
    up = not kind.startswith(("SUBSCRIPT", "LATIN SUBSCRIPT"))
    words = {"ZERO": "0", "ONE": "1", "TWO": "2", "THREE": "3", "FOUR": "4", "FIVE": "5",
             "SIX": "6", "SEVEN": "7", "EIGHT": "8", "NINE": "9", "PLUS SIGN": "+",
             "MINUS": "-", "LEFT PARENTHESIS": "(", "RIGHT PARENTHESIS": ")", "EQUALS SIGN": "="}
    if what in words:
        body = words[what]
    elif re.fullmatch(r"(LATIN SMALL LETTER |LETTER )?[A-Z]", what):
        body = what[-1].lower() if "CAPITAL" not in kind else what[-1]
    elif what.startswith("GREEK"):
        body = "\\" + what.split()[-1].lower().replace("lamda", "lambda")
    else:
        return None
    return ("^{" if up else "_{") + body + "}"


def _greek(ch: str) -> str | None:
    name = unicodedata.name(ch, "")
    m = re.fullmatch(r"GREEK (SMALL|CAPITAL) LETTER (FINAL )?([A-Z]+)", name)
    if not m:
        return None
    letter = m.group(3).lower().replace("lamda", "lambda")
    if m.group(2):
        letter = "var" + letter
    if m.group(1) == "CAPITAL":
        if letter in ("alpha", "beta", "epsilon", "zeta", "eta", "iota", "kappa", "mu", "nu",
                      "omicron", "rho", "tau", "chi"):
            return "\\mathrm{" + unicodedata.lookup(f"LATIN CAPITAL LETTER {m.group(3)[0]}") + "}"
        letter = letter.capitalize()
    return "\\" + letter


def tex_text(s: str) -> str:
    """Catalog text (titles, docstrings, sources, diagnoses) as LaTeX text mode, in ASCII:
    LaTeX's special characters escaped, accented letters as accent commands, Greek letters,
    super- and subscripts and mathematical symbols in math mode (adjacent ones in one
    ``$...$``). A character with no known LaTeX raises :class:`UnicodeLatexError` naming it
    (never dropped or replaced silently)."""
    out: list[tuple[bool, str]] = []  # (math mode?, LaTeX)
    chars: list[str] = []
    for ch in unicodedata.normalize("NFC", s):  # ≠ stays ≠; é becomes e + its accent
        parts = unicodedata.normalize("NFD", ch)
        if ord(ch) >= 128 and ch not in _TEXT_SYMBOLS and parts[0].isascii() and parts[0].isalpha():
            chars.extend(parts)
        else:
            chars.append(ch)
    for ch in chars:
        if ch in _TEXT_ESCAPES:
            out.append((False, _TEXT_ESCAPES[ch]))
        elif ord(ch) < 128:
            out.append((False, ch))
        elif ch in _ACCENTS and out and out[-1][0] and ch in _MATH_ACCENTS:  # λ̄: \bar{\lambda}
            out[-1] = (True, "\\" + _MATH_ACCENTS[ch] + "{" + out[-1][1].strip() + "}")
        elif ch in _ACCENTS:
            if not out or out[-1][0] or not out[-1][1].isalpha() or len(out[-1][1]) != 1:
                raise UnicodeLatexError(f"combining accent U+{ord(ch):04X} not after a letter")
            base = out.pop()[1]
            base = {"i": r"\i", "j": r"\j"}.get(base, base)
            out.append((False, "{\\" + _ACCENTS[ch] + "{" + base + "}}"))
        elif ch in _TEXT_MODE:
            out.append((False, _TEXT_SYMBOLS[ch]))
        elif ch in _TEXT_SYMBOLS:
            out.append((True, _TEXT_SYMBOLS[ch] + " "))
        elif (g := _greek(ch)) is not None:
            out.append((True, g + " "))
        elif (sc := _script(ch)) is not None:
            prev = re.fullmatch(r"(.*)([\^_])\{([^{}]*)\}", out[-1][1]) if out and out[-1][0] else None
            if prev and prev.group(2) == sc[0]:  # 10⁻⁶: one superscript ^{-6}, not ^{-}^{6}
                out[-1] = (True, f"{prev.group(1)}{sc[0]}{{{prev.group(3)}{sc[2:-1]}}}")
            else:
                out.append((True, ("" if out and out[-1][0] else "{}") + sc))
        elif ch == "\u00a0":
            out.append((False, "~"))
        else:
            raise UnicodeLatexError(f"no LaTeX for the character {ch!r} "
                                    f"(U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')})")
    text: list[str] = []
    for i, (math, piece) in enumerate(out):
        if math and (i == 0 or not out[i - 1][0]):
            text.append("$")
        text.append(piece)
        if math and (i + 1 == len(out) or not out[i + 1][0]):
            text[-1] = text[-1].rstrip() + "$"
    return "".join(text)


def tex_math(s: str) -> str:
    """Printed math (a symbol named ``ỹ`` or ``λ``) in ASCII LaTeX: accented letters as
    ``\\tilde{y}``, Greek letters and symbols as commands, super- and subscripts as
    ``^{..}``/``_{..}``. Raises :class:`UnicodeLatexError` for a character it cannot write."""
    s = unicodedata.normalize("NFC", s)
    text_depth = [False] * len(s)  # inside \\text{...}: math must be wrapped in $...$
    for m in re.finditer(r"\\text\{", s):
        depth, i = 1, m.end()
        while i < len(s) and depth:
            depth += {"{": 1, "}": -1}.get(s[i], 0) if s[i - 1] != "\\" else 0
            text_depth[i] = depth > 0
            i += 1
    out: list[str] = []
    for ch, in_text in zip(s, text_depth):
        if ord(ch) < 128:
            out.append(ch)
            continue
        if in_text:  # text inside \\text{...}: text-mode LaTeX, math wrapped by tex_text
            if ch in _ACCENTS and out and len(out[-1]) == 1 and out[-1].isalpha():
                out.append(tex_text(out.pop() + ch))
            else:
                out.append(tex_text(ch))
        elif ch in _MATH_ACCENTS and out:  # a combining accent on the previous letter
            out.append("\\" + _MATH_ACCENTS[ch] + "{" + out.pop() + "}")
        else:
            out.append(_math_piece(ch))
    return "".join(out)


def _math_piece(ch: str) -> str:
    """The LaTeX (math mode) of one non-ASCII character of a formula."""
    parts = unicodedata.normalize("NFD", ch)
    if ch in _TEXT_SYMBOLS:
        return "{" + _TEXT_SYMBOLS[ch] + "}"
    if (g := _greek(ch)) is not None:
        return "{" + g + "}"
    if (sc := _script(ch)) is not None:
        return "{}" + sc
    if parts[0].isascii() and parts[0].isalpha() and all(c in _MATH_ACCENTS for c in parts[1:]):
        body = parts[0]
        for c in parts[1:]:
            body = "\\" + _MATH_ACCENTS[c] + "{" + body + "}"
        return body
    raise UnicodeLatexError(f"no LaTeX for the character {ch!r} in a formula "
                            f"(U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed')})")
