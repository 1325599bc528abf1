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
        sub = {"perp": r"\perp"}.get(sub, sub)
        return body + (f"_{{{sub}}}" if sub else "")

    def _print_Transpose(self, expr):
        arg = expr.arg
        s = self._print(arg)
        if not isinstance(arg, sp.MatrixSymbol):
            s = rf"\left({s}\right)"
        return s + r"^{\top}"


def latex(expr: sp.Basic, **settings) -> str:
    """LaTeX of a catalog expression in the documents' notation (bold vectors and matrices,
    ``^{\\top}``); ``settings`` are SymPy ``LatexPrinter`` settings."""
    return LindiscLatexPrinter(settings).doprint(expr)


def claim_latex(claim) -> str:
    """LaTeX of a whole claim (``lhs = rhs``, ``lhs \\geq rhs``, ...)."""
    return claim.latex(LindiscLatexPrinter())
