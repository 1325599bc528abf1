"""Scalar formulas written in LaTeX (``syntax = "latex"``), read by SymPy's LaTeX parser (its
lark grammar: ``pip install 'lindisc[latex]'``) and then rebuilt through a whitelist.

SymPy's parser builds SymPy objects from text without running Python, but it evaluates
numbers while it builds (``2^{2^{2^{2^{2}}}}`` is computed digit by digit) and it accepts
integrals, limits, derivatives and undefined functions. So the text is bounded first
(length, nesting, exponents: no exponent inside an exponent, no number above
:data:`~.parser.MAX_EXPONENT` in one), the parse runs under a time limit, and the result is
rebuilt node by node from a whitelist: numbers, declared *scalar* names, ``+ - * /``, powers
with literal exponents, ``e^{x}`` / ``\\exp``, ``\\ln`` / ``\\log``, ``\\sqrt``, ``|x|``,
``\\max`` / ``\\min``; a relation ``= \\leq \\geq < >`` at the top. Matrices are written in the
Python-like syntax (:mod:`.parser`).
"""

from __future__ import annotations

import re

import sympy as sp

from .errors import ClaimsError, Location
from .parser import MAX_BITS, MAX_DEPTH, MAX_EXPONENT, MAX_NODES, Names, Relation, _bits, real_exp
from .reality import check_latex_text

__all__ = ["parse_latex_expression", "MAX_LATEX"]

MAX_LATEX = 500
_SECONDS = 5.0
_RELATIONS = {sp.Equality: "==", sp.LessThan: "<=", sp.GreaterThan: ">=",
              sp.StrictLessThan: "<", sp.StrictGreaterThan: ">"}


def _exponent_groups(text: str):
    """(start, exponent text) for every ``^``: ``^{...}`` (balanced) or ``^x``."""
    for m in re.finditer(r"\^", text):
        i = m.end()
        while i < len(text) and text[i] == " ":
            i += 1
        if i < len(text) and text[i] == "{":
            depth, j = 0, i
            while j < len(text):
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                if depth == 0:
                    break
                j += 1
            yield m.start(), text[i + 1:j]
        else:
            yield m.start(), text[i:i + 1]


def _prescan(text: str, where: Location) -> None:
    if len(text) > MAX_LATEX:
        raise ClaimsError(f"LaTeX formula of {len(text)} characters; at most {MAX_LATEX}", where)
    level = 0
    for k, ch in enumerate(text):
        level += {"{": 1, "(": 1, "[": 1, "}": -1, ")": -1, "]": -1}.get(ch, 0)
        if level > MAX_DEPTH:
            raise ClaimsError(f"brackets nested deeper than {MAX_DEPTH}", where.at(1, k + 1))
    for start, exp in _exponent_groups(text):
        if "^" in exp or "\\frac" in exp:
            raise ClaimsError("an exponent inside an exponent; write a literal exponent such as "
                              "x^{2} or x^{1/2}, or e^{...} / \\exp(...)", where.at(1, start + 1))
        for num in re.findall(r"\d+", exp):
            if int(num) > MAX_EXPONENT:
                raise ClaimsError(f"exponent number {num} larger than {MAX_EXPONENT}",
                                  where.at(1, start + 1))


def parse_latex_expression(text: str, names: Names, where: Location | None = None, *,
                           relation: bool = False):
    """Parse a scalar LaTeX formula into a SymPy expression over the declared scalars of
    ``names`` (a :class:`~.parser.Relation` when ``relation`` and the text holds one)."""
    where = where or Location()
    if not isinstance(text, str) or not text.strip():
        raise ClaimsError("an empty LaTeX formula", where)
    _prescan(text, where)
    check_latex_text(text, where)  # \log_{0}: the parser would make it 0 silently
    try:
        from sympy.parsing.latex import parse_latex
        import lark  # noqa: F401 - SymPy's lark backend needs it
    except ImportError:
        raise ClaimsError("LaTeX formulas need the lark parser: pip install 'lindisc[latex]' "
                          "(or write the formula in the Python-like syntax)", where) from None
    if tuple(int(v) for v in re.findall(r"\d+", sp.__version__)[:2]) < (1, 13):
        raise ClaimsError(f"LaTeX formulas need SymPy >= 1.13 (its lark grammar); this is "
                          f"{sp.__version__}", where)
    from .._budget import Timeout, time_limit

    try:
        with time_limit(_SECONDS) as lim:
            raw = parse_latex(text, backend="lark")
    except Timeout as t:
        if not lim.owns(t):
            raise
        raise ClaimsError(f"SymPy's LaTeX parser took over {_SECONDS:g} s", where) from None
    except Exception as exc:  # noqa: BLE001 - the parser's own errors are the user's input errors
        msg = re.sub(r"\s+", " ", str(exc))[:160]
        raise ClaimsError(f"not LaTeX that SymPy's parser reads: {type(exc).__name__}: {msg}",
                          where) from None
    if not isinstance(raw, sp.Basic):
        raise ClaimsError("not a formula SymPy's LaTeX parser can build (e.g. f(x), \\cdot "
                          "after a function); rewrite it, or use the Python-like syntax", where)
    if type(raw) in _RELATIONS:
        if not relation:
            raise ClaimsError("a relation is not allowed here; give an expression", where)
        lhs, rhs = (_Rebuild(names, where).go(a) for a in raw.args)
        return Relation(lhs, _RELATIONS[type(raw)], rhs)
    # (SymPy's Symbol is a Boolean too: a bare-symbol side such as 'a' or 'x_{1}' is a formula)
    if isinstance(raw, sp.logic.boolalg.Boolean) and not isinstance(raw, sp.Symbol):
        raise ClaimsError("only one relation = \\leq \\geq < > at the top", where)
    return _Rebuild(names, where).go(raw)


class _Rebuild:
    """Each node of SymPy's result rebuilt from the whitelist, names mapped to declarations."""

    def __init__(self, names: Names, where: Location):
        self.names, self.where, self.count = names, where, 0

    def fail(self, msg: str):
        raise ClaimsError(msg, self.where)

    def go(self, e):
        self.count += 1
        if self.count > MAX_NODES:
            self.fail(f"more than {MAX_NODES} terms and operations")
        out = self._go(e)
        if _bits(out) > MAX_BITS:
            self.fail(f"a number of more than {MAX_BITS} bits")
        return out

    def _go(self, e):
        if isinstance(e, (sp.Integer, sp.Rational)):
            return e
        if isinstance(e, sp.Float):
            self.fail(f"decimal {e} in LaTeX: write a fraction (\\frac{{1}}{{2}}) so it is exact")
        if e is sp.pi or e is sp.E:
            return e
        if isinstance(e, sp.Symbol):
            return self.symbol(e)
        if isinstance(e, sp.Add):
            return sp.Add(*[self.go(a) for a in e.args])
        if isinstance(e, sp.Mul):
            return sp.Mul(*[self.go(a) for a in e.args])
        if isinstance(e, sp.Pow):
            base, k = e.args
            if isinstance(base, sp.Symbol) and str(base) == "e" and "e" not in self.names.symbols:
                return real_exp(self.go(k), self.names, self.fail)
            if not isinstance(k, sp.Rational) or max(abs(k.p), k.q) > MAX_EXPONENT:
                self.fail(f"exponent {k}: a literal integer or fraction with numbers at most "
                          f"{MAX_EXPONENT} (e^{{...}} for exponentials)")
            return self.go(base) ** k
        for fn in (sp.exp, sp.log, sp.Abs):
            if isinstance(e, fn):
                if len(e.args) != 1:
                    self.fail(f"{fn.__name__} takes one argument")
                if fn is sp.exp:
                    return real_exp(self.go(e.args[0]), self.names, self.fail)
                return fn(self.go(e.args[0]))
        if isinstance(e, (sp.Max, sp.Min)):
            return type(e)(*[self.go(a) for a in e.args])
        self.fail(f"{type(e).__name__} is not allowed in a LaTeX formula (allowed: numbers, "
                  "declared scalars, + - * / ^, \\frac, \\sqrt, e^{...}, \\exp, \\ln, \\log, |x|, "
                  "\\max, \\min)")

    def symbol(self, s: sp.Symbol):
        name = str(s)
        plain = re.sub(r"[{}\\]", "", name)  # a_{1} -> a_1, \lambda_{0} -> lambda_0
        for cand in (name, plain):
            obj = self.names.symbols.get(cand)
            if obj is not None:
                if not isinstance(obj, sp.Symbol) or cand in self.names.dims:
                    self.fail(f"{cand} is a {'dim' if cand in self.names.dims else 'matrix'}; "
                              "LaTeX formulas are scalar (write matrices in the Python-like syntax)")
                return obj
        if plain == "e":
            return sp.E
        self.fail(f"unknown name {plain!r} in LaTeX: declare it in [symbols] as a scalar")
