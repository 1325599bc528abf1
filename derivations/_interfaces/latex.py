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

import sympy as sp
from sympy.printing.latex import LatexPrinter

__all__ = ["LindiscLatexPrinter", "latex", "claim_latex"]

_GREEK = {"alpha", "beta", "gamma", "delta", "epsilon", "eta", "theta", "lambda", "mu", "nu",
          "sigma", "tau", "phi", "psi", "omega", "rho", "xi", "zeta", "kappa", "chi"}


#: Subscript words and what they print as (w_star -> w_{*}, x_perp -> x_{\\perp}).
_SUBSCRIPTS = {"star": "*", "perp": r"\perp", "opt": r"\mathrm{opt}"}
#: Names of functions a scalar symbol's base may carry (cos_theta -> \\cos\\theta).
_FUNCTIONS = {"cos", "sin", "tan", "log", "exp", "det", "tr"}
#: LaTeX's special characters in text mode, and their escapes.
_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "&": r"\&",
                 "#": r"\#", "^": r"\textasciicircum{}", "_": r"\_", "%": r"\%",
                 "~": r"\textasciitilde{}"}


def _sub(sub: str) -> str:
    if sub in _SUBSCRIPTS:
        return _SUBSCRIPTS[sub]
    return f"\\{sub}" if sub in _GREEK else sub


class LindiscLatexPrinter(LatexPrinter):
    """SymPy's LaTeX printer with the linear-discriminant notation of the documents."""

    _default_settings = {**LatexPrinter._default_settings, "bold_matrices": True}

    def _print_MatrixSymbol(self, expr):
        name = expr.name
        m = re.fullmatch(r"([A-Za-z]+)(?:_\{?([^}]*)\}?)?", name)
        if not m:
            return self._deal_with_super_sub(name)
        base, sub = m.group(1), m.group(2)
        body = f"\\boldsymbol{{\\{base}}}" if base in _GREEK else f"\\mathbf{{{base}}}"
        return body + (f"_{{{_sub(sub)}}}" if sub else "")

    def _print_Symbol(self, expr, style="plain"):
        m = re.fullmatch(r"([A-Za-z]+)_([A-Za-z]+)", expr.name)
        if m and m.group(1) in _FUNCTIONS:  # cos_theta is the number cos θ, not cos with index θ
            arg = f"\\{m.group(2)}" if m.group(2) in _GREEK else m.group(2)
            return f"\\{m.group(1)} {arg}"
        if m and m.group(2) in _SUBSCRIPTS:
            return f"{self._deal_with_super_sub(m.group(1))}_{{{_SUBSCRIPTS[m.group(2)]}}}"
        return super()._print_Symbol(expr, style=style)

    def _print_MatrixElement(self, expr):
        """``X_{i,j}`` (a vector's element as ``w_{i}``), with the documents' 1-based
        numbering for concrete indices (SymPy's are 0-based)."""
        parent = expr.parent
        idx = [i + 1 if getattr(i, "is_Integer", False) else i for i in (expr.i, expr.j)]
        if parent.shape[1] == 1:
            idx = idx[:1]
        elif parent.shape[0] == 1:
            idx = idx[1:]
        inner = self._print(parent)
        if not isinstance(parent, sp.MatrixSymbol):
            inner = rf"\left({inner}\right)"
        return f"{{{inner}}}_{{{', '.join(self._print(i) for i in idx)}}}"

    def _print_FunctionMatrix(self, expr):
        """The matrix with entries f(i, j): ``[f(i, j)]_{i,j}`` (no internal class name)."""
        i, j = expr.lamda.variables
        return (rf"\left[{self._print(expr.lamda.expr)}\right]_{{{self._print(i)}, "
                rf"{self._print(j)}}}")

    def _print_Transpose(self, expr):
        arg = expr.arg
        s = self._print(arg)
        if not isinstance(arg, sp.MatrixSymbol):
            s = rf"\left({s}\right)"
        return s + r"^{\top}"

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
    return claim.latex(LindiscLatexPrinter())
