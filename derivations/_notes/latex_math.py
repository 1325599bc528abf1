"""LaTeX mathematics as people write it, translated by a whitelist into the claims file's
expression language (:mod:`derivations._userclaims.parser`), which then builds the engine's
objects with its own bounds. Nothing is evaluated here: the output is text for the claims
parser, and every construct not listed below raises :class:`~.tokens.NotUnderstood` with
its position and fragment (the step is then *not checked*).

Understood (``w`` any declared name):

* names: ``w``, ``\\mathbf{w}``, ``\\boldsymbol{w}``, ``\\bm{w}``, ``\\vec w``, ``\\mathit``,
  ``\\mathsf``, ``\\mathrm{w}`` all name ``w``; Greek letters by their names (``\\lambda``
  is ``lambda``); ``\\mathcal{L}`` is ``L``; ``\\hat w`` / ``\\tilde w`` / ``\\bar w`` are
  ``w_hat`` / ``w_tilde`` / ``w_bar``; ``w^*`` / ``w^\\star`` are ``w_star``; subscripts
  join the name: ``x_\\perp`` / ``x_{\\perp}`` are ``x_perp``, ``S_W`` / ``S_{\\mathrm W}``
  are ``S_W``, ``w_{k,0}`` is ``w_k0``; adjacent letters are one name when that name is
  declared (``ab`` is otherwise ``a b``).
* indices: inside ``\\sum_{n=1}^{N}``, ``t_n`` / ``\\alpha_n`` of a declared vector is its
  n-th entry, ``\\mathbf{x}_n`` of ``X = samples(N, d)`` (or ``x = samples(N, d)``) its n-th
  sample; a literal index ``\\alpha_1`` when no ``alpha_1`` is declared.
* ``+ - / \\cdot \\times *`` and implicit multiplication; ``\\frac``, ``\\tfrac``,
  ``\\dfrac`` (also ``\\frac12``); ``^{k}`` literal powers, ``^\\top`` ``^T`` ``^{\\mathsf T}``
  ``^\\intercal`` transpose, ``^{-1}`` inverse, ``^\\dagger`` of a ``full_column_rank``
  matrix ((AᵀA)⁻¹Aᵀ, exactly the pseudo-inverse there); brackets ``( ) [ ] \\{ \\}`` and ``\\left``/
  ``\\right``.
* ``\\|x\\|``, ``\\lVert x\\rVert``, ``\\Vert x\\Vert``, ``\\|x\\|_2``, ``\\|x\\|^2``;
  ``|a|`` (``\\lvert a\\rvert``) the absolute value of a scalar, the determinant of a matrix.
* ``\\sqrt``, ``\\exp``, ``e^{...}`` (``e`` not declared), ``\\log``, ``\\ln``,
  ``\\sigma(a)`` (``sigma`` not declared), ``\\max``/``\\min`` of a list, ``\\det``,
  ``\\operatorname{tr}``, ``\\mathrm{Tr}``, ``\\operatorname{trace}``, ``\\mathbf{1}_N``,
  ``I_d``, ``I`` (``eye(d)`` when a dim ``d`` is declared).
* ``\\nabla_{\\mathbf w} f``, ``\\frac{\\partial f}{\\partial \\mathbf w}``,
  ``\\frac{\\partial}{\\partial \\mathbf w} f`` (the gradient of a scalar w.r.t. a declared
  vector or matrix, denominator layout); ``E(\\mathbf w)`` where ``E`` is a ``define`` of
  the notes: the definition in brackets, the argument list dropped.

Not understood, reported: ``^\\dagger`` of another matrix, primes, factorials, ``\\sqrt[n]``, ``\\cdots``,
integrals, limits, matrices written as ``pmatrix``/``bmatrix``, ``\\max_{...}`` over a set,
derivatives w.r.t. a scalar, sets, functions not defined in the notes.
"""

from __future__ import annotations

import keyword
from dataclasses import dataclass, field

from .tokens import NotUnderstood, Tok, group_end

__all__ = ["Env", "translate", "pyname", "GREEK", "MAX_OUTPUT"]

MAX_OUTPUT = 1900  # characters of the claims-language text (its parser allows 2000)
MAX_NEST = 32

GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta",
         "vartheta", "iota", "kappa", "lambda", "mu", "nu", "xi", "rho", "varrho", "sigma", "tau",
         "upsilon", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda",
         "Xi", "Pi", "Sigma", "Phi", "Psi", "Omega", "ell", "pi"}
_FONTS = {"mathbf", "boldsymbol", "bm", "vec", "mathit", "mathsf", "mathrm", "mathbfit",
          "pmb", "mathnormal", "mathcal", "mathscr", "mathbb", "bf", "rm", "it"}
_ACCENTS = {"hat": "hat", "widehat": "hat", "tilde": "tilde", "widetilde": "tilde", "bar": "bar",
            "overline": "bar", "dot": "dot"}
_TRANSPOSE = {"top", "intercal", "T", "mathsf{T}", "mathrm{T}", "mathsfT", "mathrmT", "tr"}
_FUNCS = {"exp": "exp", "log": "log", "ln": "log", "det": "det", "sqrt": "sqrt",
          "tr": "trace", "Tr": "trace", "trace": "trace", "sigmoid": "sigmoid", "max": "max",
          "min": "min", "diag": None}
_RELS = {"=", "<", ">", "le", "leq", "ge", "geq", "leqslant", "geqslant", "iff",
         "Leftrightarrow", "Longleftrightarrow"}
_PLAIN_FUNCS = {"norm", "trace", "det", "inv", "exp", "log", "sqrt", "sigmoid", "max", "min",
                "abs", "transpose", "dot", "hinge", "eye", "zeros", "ones", "grad", "diff"}


def pyname(name: str) -> str:
    """The claims-language name of a user's name (``lambda`` is a Python keyword: ``lambda_``)."""
    return name + "_" if keyword.iskeyword(name) or name in _PLAIN_FUNCS or name == "sum" else name


@dataclass
class Env:
    """What names mean: ``kinds`` (user name -> declared kind), ``sizes`` (name -> size texts),
    ``inline`` (a ``define`` of an undeclared name -> its claims-language text)."""

    kinds: dict = field(default_factory=dict)
    sizes: dict = field(default_factory=dict)
    inline: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)  # name -> declared options (full_column_rank ...)

    def known(self, name: str) -> bool:
        return name in self.kinds or name in self.inline

    def dims(self) -> list:
        return [n for n, k in self.kinds.items() if k == "dim"]


def _is(t: Tok | None, kind: str, text: str | None = None) -> bool:
    return t is not None and t.kind == kind and (text is None or t.text == text)


def _src(toks: list[Tok]) -> str:
    return " ".join(("\\" + t.text) if t.kind == "cmd" else t.text for t in toks)[:80]


def _paren(s: str) -> str:
    import re

    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*(\[[^\[\]]*\]|\([^()]*\))?|\d+", s):
        return s
    return f"({s})"


def _whole_grad(text: str):
    """(f, v) when ``text`` is exactly one ``grad(f, v)`` call, else None."""
    import re

    if not text.startswith("grad("):
        return None
    depth = 0
    for k, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and k >= 4:
            if k != len(text) - 1:
                return None
            break
    m = re.fullmatch(r"grad\((.*), ([A-Za-z_][A-Za-z0-9_]*)\)", text)
    return (m.group(1), m.group(2)) if m else None


class _P:
    """A recursive-descent reading of one expression's tokens."""

    def __init__(self, toks: list[Tok], env: Env, bound: dict, plain: bool, depth: int = 0):
        if depth > MAX_NEST:
            raise NotUnderstood(f"nested deeper than {MAX_NEST}", toks[0].pos if toks else 0)
        self.toks, self.env, self.bound, self.plain, self.depth = toks, env, bound, plain, depth
        self.i = 0

    # -- cursor -----------------------------------------------------------------------
    def peek(self, k: int = 0) -> Tok | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def next(self) -> Tok:
        t = self.peek()
        if t is None:
            raise NotUnderstood("the formula ends too early", self.toks[-1].pos if self.toks else 0)
        self.i += 1
        return t

    def fail(self, reason: str, t: Tok | None = None, upto: int | None = None):
        t = t or self.peek() or (self.toks[-1] if self.toks else Tok("char", "", 0))
        k = self.toks.index(t) if t in self.toks else self.i
        raise NotUnderstood(reason, t.pos, _src(self.toks[k:upto or k + 6]))

    def sub(self, toks: list[Tok], bound: dict | None = None) -> "_P":
        return _P(toks, self.env, self.bound if bound is None else bound, self.plain, self.depth + 1)

    def group(self) -> list[Tok]:
        """The tokens of the next argument: a brace group's inside, or one token (one digit:
        ``\\frac12`` is 1/2)."""
        t = self.peek()
        if t is not None and t.kind == "num" and len(t.text) > 1:
            self.toks = [*self.toks[:self.i], Tok("num", t.text[0], t.pos),
                         Tok("num", t.text[1:], t.pos + 1), *self.toks[self.i + 1:]]
        e = group_end(self.toks, self.i)
        g = self.toks[self.i:e]
        self.i = e
        return g[1:-1] if g and g[0].kind == "{" else g

    def matched(self, open_: Tok) -> list[Tok]:
        """The tokens up to the delimiter closing ``open_`` (already read), that delimiter read."""
        pairs = {"(": ")", "[": "]", "{": "}", "lbrace": "rbrace", "langle": "rangle"}
        o = open_.text
        c = pairs[o]
        depth, j = 0, self.i
        while j < len(self.toks):
            t = self.toks[j]
            if t.text == o and t.kind in ("char", "cmd", "{"):
                depth += 1
            elif t.text == c and t.kind in ("char", "cmd", "}"):
                if depth == 0:
                    inner = self.toks[self.i:j]
                    self.i = j + 1
                    return inner
                depth -= 1
            j += 1
        self.fail(f"an unclosed {o}", open_)

    def until(self, open_: Tok, closers: set) -> list[Tok]:
        """Tokens up to the next closer at bracket depth 0 (|...|, \\|...\\|)."""
        depth, j = 0, self.i
        while j < len(self.toks):
            t = self.toks[j]
            if t.kind in ("{",) or (t.kind == "char" and t.text in "(["):
                depth += 1
            elif t.kind in ("}",) or (t.kind == "char" and t.text in ")]"):
                depth -= 1
            elif depth == 0 and (t.kind, t.text) in closers:
                inner = self.toks[self.i:j]
                self.i = j + 1
                return inner
            j += 1
        self.fail("this bar is never closed", open_)

    # -- grammar ----------------------------------------------------------------------
    def whole(self) -> str:
        if not self.toks:
            raise NotUnderstood("an empty formula", 0)
        out = self.expr()
        if self.peek() is not None:
            self.fail(f"{_src([self.peek()])} is not understood here")
        return out

    def expr(self) -> str:
        parts = []
        t = self.peek()
        if _is(t, "char", "-") or _is(t, "char", "+"):
            self.next()
            parts.append("-" if t.text == "-" else "")
        parts.append(self.term())
        while True:
            t = self.peek()
            if _is(t, "char", "+") or _is(t, "char", "-"):
                self.next()
                parts.append(f" {t.text} ")
                parts.append(self.term())
            elif _is(t, "cmd", "pm") or _is(t, "cmd", "mp"):
                self.fail("± is two formulas; write each", t)
            else:
                return "".join(parts)

    def starts_factor(self, t: Tok | None) -> bool:
        if t is None:
            return False
        if t.kind in ("num", "letter", "{", "name"):
            return True
        if t.kind == "char":
            return t.text in "(|["
        if t.kind == "cmd":
            return (t.text in GREEK or t.text in _FONTS or t.text in _ACCENTS or t.text in _FUNCS
                    or t.text in ("frac", "tfrac", "dfrac", "cfrac", "sqrt", "|", "lVert", "Vert",
                                  "lvert", "vert", "sum", "nabla", "operatorname", "lbrace", "{",
                                  "sigma", "partial", "infty", "langle"))
        return False

    def term(self) -> str:
        out = [self.factor()]
        while True:
            t = self.peek()
            if t is None:
                break
            if (_is(t, "char", "*") and not _is(self.peek(1), "char", "*")) or _is(t, "cmd", "cdot") \
                    or _is(t, "cmd", "times") or _is(t, "char", "@"):
                self.next()
                out.append(" * " + self.factor())
            elif _is(t, "char", "/") or _is(t, "cmd", "div"):
                self.next()
                den = self.factor()
                out.append(" / " + _paren(den))
                if self.starts_factor(self.peek()) and not den.isdigit():
                    self.fail("a/b c is ambiguous (a/(b c) or (a/b) c): write \\frac", t)
            elif self.starts_factor(t):
                out.append(" * " + self.factor())
            else:
                break
        return "".join(out)

    def factor(self) -> str:
        signs = 0
        while _is(self.peek(), "char", "-") or _is(self.peek(), "char", "+"):
            signs += self.next().text == "-"  # a sign after an explicit product: a * -b
            if signs > MAX_NEST:
                self.fail(f"more than {MAX_NEST} signs in a row")
        if signs:
            inner = self.factor()
            return f"(-{_paren(inner)})" if signs % 2 else inner
        base, kind = self.primary()
        return self.postfix(base, kind)

    def postfix(self, base: str, kind: str) -> str:
        while True:
            t = self.peek()
            if _is(t, "char", "^"):
                self.next()
                base = self.power(base, t)
                kind = "expr"
            elif self.plain and _is(t, "char", "*") and _is(self.peek(1), "char", "*"):
                self.next(), self.next()
                e = self.exponent_text(self.atom_tokens(), t)
                base = f"{_paren(base)}**{e}"
            elif self.plain and _is(t, "char", ".") and _is(self.peek(1), "letter", "T"):
                self.next(), self.next()
                base = f"{_paren(base)}.T"
            elif self.plain and _is(t, "char", ".") and _is(self.peek(1), "name", "T"):
                self.next(), self.next()
                base = f"{_paren(base)}.T"
            elif _is(t, "char", "'") or _is(t, "cmd", "prime"):
                self.fail("a prime (derivative or new symbol) is not understood; name it", t)
            elif _is(t, "char", "!"):
                self.fail("a factorial is not understood", t)
            elif _is(t, "char", "_"):
                self.fail("a subscript on this is not understood", t)
            else:
                return base

    def atom_tokens(self) -> list[Tok]:
        t = self.peek()
        if t is None:
            self.fail("an exponent is missing")
        if t.kind == "{":
            return self.group()
        if t.kind == "char" and t.text == "(":
            self.next()
            return self.matched(t)
        toks = [self.next()]
        if t.kind == "char" and t.text == "-" and self.peek() is not None:
            toks.append(self.next())
        return toks

    def power(self, base: str, caret: Tok) -> str:
        toks = self.atom_tokens() if not (self.peek() and self.peek().kind == "{") else self.group()
        flat = "".join(x.text for x in toks)
        if flat == "T" and self.env.kinds.get("T") in ("scalar", "dim", "label"):
            self.fail("^T is ambiguous here (T is a declared number): write ^\\top or ^{(T)}", caret)
        if flat in _TRANSPOSE or flat in ("\\top",):
            if flat == "tr":
                self.fail("^{tr} is not understood; write ^\\top", caret)
            return f"{_paren(base)}.T"
        if flat in ("dagger", "+"):
            user = base[:-1] if base.endswith("_") else base
            if self.env.kinds.get(user) in ("matrix", "samples") and \
                    "full_column_rank" in self.env.options.get(user, ()):
                return f"(inv({base}.T * {base}) * {base}.T)"  # exactly A^+ at full column rank
            self.fail("the pseudo-inverse ^\\dagger is checked for a matrix declared "
                      "full_column_rank (it is then (A^T A)^{-1} A^T)", caret)
        if flat in ("*", "star", "ast"):
            self.fail("a starred symbol is named by its declaration (w^* is w_star)", caret)
        return f"{_paren(base)}**{self.exponent_text(toks, caret)}"

    def exponent_text(self, toks: list[Tok], at: Tok) -> str:
        """A literal exponent: ``2``, ``-1``, ``1/2``, ``\\frac{1}{2}`` (the claims parser
        takes these forms: ``-(1/2)`` for a negative fraction)."""
        import re

        s = self.sub(toks).whole() if toks else ""
        m = re.fullmatch(r"(-?)(\d+)(?:/(\d+))?", s.replace(" ", "").replace("(", "").replace(")", ""))
        if not m:
            raise NotUnderstood("an exponent that is not a literal number (write e^{...} or "
                                "\\exp for an exponential)", at.pos, _src(toks))
        sign, p, q = m.groups()
        return f"{sign}({p}/{q})" if q else f"{sign}{p}"

    # -- primaries --------------------------------------------------------------------
    def primary(self) -> tuple[str, str]:
        t = self.next()
        k, x = t.kind, t.text
        if k == "num":
            if "." in x:
                return x, "num"
            return x, "num"
        if k == "name":  # plain syntax (declarations): a whole identifier
            if x in _PLAIN_FUNCS and _is(self.peek(), "char", "("):
                o = self.next()
                args = self.split_commas(self.matched(o))
                return f"{x}(" + ", ".join(self.sub(a).whole() for a in args) + ")", "expr"
            return self.name(x, t), "name"
        if k == "letter":
            return self.letters(t)
        if k == "{":
            self.i -= 1
            return _paren(self.sub(self.group()).whole()), "expr"
        if k == "char" and x in "([":
            inner = self.matched(t)
            return "(" + self.sub(inner).whole() + ")", "expr"
        if k == "char" and x == "|":
            return self.bars(t, self.until(t, {("char", "|")}))
        if k == "cmd":
            return self.command(t)
        self.fail(f"{x!r} is not understood here", t)

    def split_commas(self, toks: list[Tok]) -> list[list[Tok]]:
        out, cur, depth = [], [], 0
        for t in toks:
            if t.kind == "{" or (t.kind == "char" and t.text in "(["):
                depth += 1
            elif t.kind == "}" or (t.kind == "char" and t.text in ")]"):
                depth -= 1
            if depth == 0 and t.kind == "char" and t.text == ",":
                out.append(cur)
                cur = []
            else:
                cur.append(t)
        out.append(cur)
        if any(not c for c in out):
            raise NotUnderstood("an empty argument", toks[0].pos if toks else 0, _src(toks))
        return out

    def command(self, t: Tok) -> tuple[str, str]:
        x = t.text
        if x in ("frac", "tfrac", "dfrac", "cfrac"):
            num, den = self.group(), self.group()
            if num and _is(num[0], "cmd", "partial"):
                return self.derivative(t, num[1:], den), "expr"
            a, b = self.sub(num).whole(), self.sub(den).whole()
            return f"{_paren(a)} / {_paren(b)}", "expr"
        if x == "sqrt":
            if _is(self.peek(), "char", "["):
                self.fail("an n-th root \\sqrt[n] is not understood", t)
            return f"sqrt({self.sub(self.group()).whole()})", "expr"
        if x in ("|", "Vert", "lVert"):
            closers = {("cmd", "|"), ("cmd", "Vert"), ("cmd", "rVert")}
            inner = self.until(t, closers)
            v = self.sub(inner).whole()
            if _is(self.peek(), "char", "_"):
                self.next()
                g = self.group()
                if "".join(y.text for y in g) != "2":
                    self.fail("only the Euclidean norm \\|x\\|_2 is understood", t)
            return f"norm({v})", "expr"
        if x in ("lvert", "vert"):
            return self.bars(t, self.until(t, {("cmd", "rvert"), ("cmd", "vert")}))
        if x in ("lbrace", "{"):
            closer = "rbrace" if x == "lbrace" else "}"
            inner = self.until(t, {("cmd", closer)})
            return "(" + self.sub(inner).whole() + ")", "expr"
        if x == "sum":
            return self.summation(t), "expr"
        if x == "nabla":
            if not _is(self.peek(), "char", "_"):
                self.fail("\\nabla needs the variable: \\nabla_{\\mathbf w} f", t)
            self.next()
            var = self.variable(self.group(), t)
            body = self.term()
            return f"grad({body}, {var})", "expr"
        if x == "operatorname" or (x in ("mathrm", "text") and self.func_name_ahead()):
            name = "".join(y.text for y in self.group())
            return self.function(name, t), "expr"
        if x in _FUNCS:
            return self.function(x, t), "expr"
        if x == "sigma" and "sigma" not in self.env.kinds:
            if not _is(self.peek(), "char", "("):
                self.fail("\\sigma without brackets: write \\sigma(a) for the sigmoid, or "
                          "declare sigma", t)
            return self.function("sigmoid", t), "expr"
        if x in _FONTS or x in _ACCENTS or x in GREEK:
            return self.named(t)
        if x == "infty":
            self.fail("infinity is not a value the engine checks", t)
        if x == "begin":
            self.fail("this environment (a matrix or cases?) is not understood", t)
        self.fail(f"\\{x} is not understood", t)

    def func_name_ahead(self) -> bool:
        if not _is(self.peek(), "{"):
            return False
        e = group_end(self.toks, self.i)
        name = "".join(y.text for y in self.toks[self.i + 1:e - 1])
        return name in _FUNCS and not self.env.known(name)

    def function(self, name: str, t: Tok) -> str:
        target = _FUNCS.get(name)
        if target is None:
            self.fail(f"the function {name} is not understood", t)
        if _is(self.peek(), "char", "_"):
            self.fail(f"\\{name} with a subscript (over a set) is not understood", t)
        if _is(self.peek(), "char", "^") and target in ("log", "exp"):
            self.fail(f"a power of \\{name} written before its argument is not understood", t)
        nxt = self.peek()
        if _is(nxt, "char", "(") or _is(nxt, "char", "["):
            self.next()
            args = self.split_commas(self.matched(nxt))
        elif nxt is not None and nxt.kind == "{":
            args = self.split_commas(self.group())
        else:  # \log x, \det A: the next factor
            start = self.i
            self.factor()
            args = [self.toks[start:self.i]]
        texts = [self.sub(a).whole() for a in args]
        if target in ("max", "min"):
            if len(texts) < 2:
                self.fail(f"\\{name} of one argument is not understood", t)
        elif len(texts) != 1:
            self.fail(f"\\{name} takes one argument", t)
        return f"{target}(" + ", ".join(texts) + ")"

    def bars(self, t: Tok, inner: list[Tok]) -> tuple[str, str]:
        """|a|: a determinant when ``a`` is a declared matrix, else the absolute value."""
        v = self.sub(inner).whole()
        if self.env.kinds.get(v) == "matrix":
            return f"det({v})", "expr"
        return f"abs({v})", "expr"

    def derivative(self, t: Tok, num: list[Tok], den: list[Tok]) -> str:
        if not den or not _is(den[0], "cmd", "partial"):
            self.fail("a derivative \\frac{\\partial f}{\\partial v} needs \\partial v below", t)
        if num and _is(num[0], "char", "^"):
            self.fail("second derivatives are not understood; write the gradient of u^T grad", t)
        var = self.variable(den[1:], t)
        body = self.sub(num).whole() if num else self.term()
        return f"grad({body}, {var})"

    def variable(self, toks: list[Tok], at: Tok) -> str:
        v = self.sub(toks).whole()
        if not self.env.kinds.get(v) in ("vector", "matrix", "labels", "scalar"):
            if self.env.kinds.get(v) == "label":
                raise NotUnderstood(f"{v} is a label (±1): there is no derivative with respect "
                                    f"to it", at.pos, _src(toks))
            raise NotUnderstood(f"differentiate with respect to a declared vector or matrix, "
                                f"not {v!r}", at.pos, _src(toks))
        return v

    def summation(self, t: Tok) -> str:
        if not _is(self.peek(), "char", "_"):
            self.fail("a sum needs its index: \\sum_{n=1}^{N}", t)
        self.next()
        low = self.group()
        idx = low[0] if low else None
        if idx is None or idx.kind not in ("letter", "name"):
            self.fail("a sum's index is one letter: \\sum_{n=1}^{N}", t)
        name = idx.text
        if self.env.known(name) or name in self.bound:
            self.fail(f"the sum index {name} is already a name", t)
        if len(low) > 1:
            if not (_is(low[1], "char", "=") and len(low) == 3 and low[2].kind == "num"
                    and low[2].text == "1"):
                self.fail("a sum runs from 1: \\sum_{n=1}^{N}", t)
        if _is(self.peek(), "char", "^"):
            self.next()
            top = self.sub(self.group()).whole()
        else:
            top = self.default_top(t)
        if len(self.bound) >= 3:
            self.fail("sums nested deeper than 3", t)
        inner = dict(self.bound)
        inner[name] = top
        body_p = _P(self.toks, self.env, inner, self.plain, self.depth + 1)
        body_p.i = self.i
        body = body_p.term()
        self.i = body_p.i
        inner = _whole_grad(body)
        if inner is not None:  # Σ_n ∇_w f_n = ∇_w Σ_n f_n: a finite sum, w not the index
            f, var = inner
            return f"grad(sum({f}, {name}, {top}), {var})"
        return f"sum({body}, {name}, {top})"

    def default_top(self, t: Tok) -> str:
        tops = {s[0] for n, s in self.env.sizes.items() if self.env.kinds.get(n) in ("samples", "labels")}
        if len(tops) == 1:
            return next(iter(tops))
        self.fail("write the sum's upper bound: \\sum_{n=1}^{N}", t)

    # -- names ------------------------------------------------------------------------
    def letters(self, t: Tok) -> tuple[str, str]:
        """A letter, or a run of adjacent letters that is one declared name."""
        run = [t]
        j = self.i
        while j < len(self.toks) and self.toks[j].kind == "letter" and \
                self.toks[j].pos == run[-1].pos + 1:
            run.append(self.toks[j])
            j += 1
        for n in range(len(run), 1, -1):
            cand = "".join(r.text for r in run[:n])
            if self.env.known(cand):
                self.i += n - 1
                return self.finish_name(cand, t)
        x = t.text
        if x == "e" and not self.env.known("e") and _is(self.peek(), "char", "^"):
            self.next()
            return f"exp({self.sub(self.group()).whole()})", "expr"
        if x == "I" and not self.env.known("I"):
            if _is(self.peek(), "char", "_"):
                self.next()
                return f"eye({self.sub(self.group()).whole()})", "expr"
            if "d" in self.env.kinds and self.env.kinds["d"] == "dim":
                return "eye(d)", "expr"
            self.fail("write the identity's size: I_d", t)
        return self.finish_name(x, t)

    def named(self, t: Tok) -> tuple[str, str]:
        x = t.text
        if x in GREEK:
            if x == "pi" and not self.env.known("pi"):
                return "pi", "num"
            return self.finish_name(x, t)
        if x in _ACCENTS:
            inner = self.group()
            base = self.sub(inner).bare_name(t)
            return self.finish_name(f"{base}_{_ACCENTS[x]}", t)
        g = self.group()
        flat = "".join(y.text for y in g)
        if flat in ("1",) and x in ("mathbf", "bm", "boldsymbol", "mathbb"):
            if _is(self.peek(), "char", "_"):
                self.next()
                return f"ones({self.sub(self.group()).whole()})", "expr"
            self.fail("write the size of the vector of ones: \\mathbf{1}_N", t)
        if flat == "0" and x in ("mathbf", "bm", "boldsymbol"):
            return "0", "num"
        return self.finish_name(self.sub(g).bare_name(t), t)

    def bare_name(self, at: Tok) -> str:
        """The name a font command's argument spells (``\\mathbf{w}`` -> w)."""
        parts = []
        for y in self.toks:
            if y.kind in ("letter", "num", "name"):
                parts.append(y.text)
            elif y.kind == "cmd" and y.text in GREEK:
                parts.append(y.text)
            elif y.kind == "cmd" and y.text in _FONTS:
                continue
            elif y.kind in ("{", "}"):
                continue
            else:
                raise NotUnderstood("not a name inside a font command", at.pos, _src(self.toks))
        if not parts:
            raise NotUnderstood("an empty name", at.pos)
        return "".join(parts)

    def subscript_text(self, g: list[Tok], at: Tok) -> str:
        parts = []
        for y in g:
            if y.kind in ("letter", "num", "name"):
                parts.append(y.text)
            elif y.kind == "cmd" and (y.text in GREEK or y.text in ("perp", "top", "star")):
                parts.append(y.text)
            elif y.kind == "cmd" and y.text in _FONTS:
                continue
            elif y.kind in ("{", "}") or (y.kind == "char" and y.text == ","):
                continue
            else:
                raise NotUnderstood("a subscript that is not a name or index", at.pos, _src(g))
        return "".join(parts)

    def finish_name(self, base: str, t: Tok) -> tuple[str, str]:
        """A name with its subscript and star: a declared name, an entry or sample at a sum
        index, or a ``define`` of the notes (its call arguments dropped)."""
        while True:
            if _is(self.peek(), "char", "_"):
                self.next()
                if self.peek() is not None and self.peek().kind == "cmd" and self.peek().text in _FONTS:
                    self.next()  # S_\mathrm{W}, S_\text{W}: the font's argument is the subscript
                g = self.group()
                s = self.subscript_text(g, t)
                if s in self.bound or (s.isdigit() and not self.env.known(f"{base}_{s}")):
                    return self.entry(base, s, t), "name"
                base = f"{base}_{s}"
                continue
            if _is(self.peek(), "char", "^") and self.i + 1 < len(self.toks):
                e = group_end(self.toks, self.i + 1)
                flat = "".join(y.text for y in self.toks[self.i + 1:e])
                if flat.strip("{}") in ("*", "star", "ast"):
                    self.i = e
                    base = f"{base}_star"
                    continue
            break
        return self.name(base, t), "name"

    def entry(self, base: str, idx: str, t: Tok) -> str:
        """``base_idx``: the entry of a declared vector whose length is the sum's range, or
        the sample of ``base`` (or ``BASE``) = samples(N, d) with N the sum's range."""
        top = self.bound.get(idx)
        for target in (base, base.upper()):
            kind = self.env.kinds.get(target)
            if kind not in ("vector", "labels", "samples") or (target != base and kind != "samples"):
                continue
            size = (self.env.sizes.get(target) or [None])[0]
            if top is None or size == top:
                return f"{pyname(target)}[{idx}]"
        if kind is None and base in self.env.inline:
            self.fail(f"{base}_{idx}: a define of the notes has no entries", t)
        raise NotUnderstood(f"{base}_{idx}: {base} is not a declared vector or samples (declare "
                            f"e.g. {base} = vector(N) or {base.upper()} = samples(N, d))", t.pos,
                            f"{base}_{idx}")

    def name(self, n: str, t: Tok) -> str:
        if n in self.bound:
            return n
        if n in self.env.inline:
            nxt = self.peek()
            if _is(nxt, "char", "("):  # E(w): the argument list only says what E depends on
                save = self.i
                self.next()
                inner = self.matched(nxt)
                if not all(y.kind in ("letter", "name", "{", "}") or (y.kind == "cmd" and (
                        y.text in _FONTS or y.text in GREEK)) or (y.kind == "char" and y.text in ",_")
                           or y.kind == "num" for y in inner):
                    self.i = save
            return "(" + self.env.inline[n] + ")"
        if n not in self.env.kinds:
            raise NotUnderstood(f"unknown name {n!r}: declare it (% lindisc: {n} = vector(d), "
                                f"scalar, ...) or define it", t.pos, n)
        nxt = self.peek()
        if _is(nxt, "char", "(") and self.env.kinds[n] in ("vector", "labels") and \
                self.i + 2 < len(self.toks) and _is(self.toks[self.i + 2], "char", ")") and \
                self.toks[self.i + 1].kind in ("letter", "name"):
            self.fail(f"{n}(...) reads as a function of its argument: define it (% lindisc: "
                      f"define {n}_of = ...) or write the product with \\cdot", t)
        return pyname(n)


def translate(toks: list[Tok], env: Env, *, plain: bool = False) -> str:
    """The claims-language text of one expression's tokens (``plain``: the identifiers of a
    directive, such as ``x_perp``, are whole names)."""
    try:
        out = _P(toks, env, {}, plain).whole()
    except RecursionError:
        raise NotUnderstood("a formula nested too deeply", toks[0].pos if toks else 0) from None
    if len(out) > MAX_OUTPUT:
        raise NotUnderstood(f"a formula of more than {MAX_OUTPUT} characters once translated "
                            "(define a part of it)", toks[0].pos if toks else 0, _src(toks[:8]))
    return out
