"""LaTeX of catalog claims: compiles as written (escaped text), the documents' notation, and
no internal names (SymPy class names, 0-based concrete indices, words as subscripts)."""

from __future__ import annotations

import re

import pytest
import sympy as sp
from sympy.printing.latex import LatexPrinter

from derivations._interfaces.latex import LindiscLatexPrinter, claim_latex, latex
from derivations.catalog import REGISTRY
from tests.derivations.catalog._built import built


def test_text_escapes_every_special_character():
    t = LindiscLatexPrinter().text("75% of C_1 {x} & $5 # ~ a^b \\ end")
    assert t == (r"\text{75\% of C\_1 \{x\} \& \$5 \# \textasciitilde{} a\textasciicircum{}b "
                 r"\textbackslash{} end}")


@pytest.mark.parametrize("expr, tex", [
    (sp.Symbol("cos_theta"), r"\cos \theta"),
    (sp.Symbol("w_star"), "w_{*}"),
    (sp.MatrixSymbol("w_star", 3, 1), r"\mathbf{w}_{*}"),
    (sp.MatrixSymbol("x_perp", 3, 1), r"\mathbf{x}_{\perp}"),
    (sp.MatrixSymbol("w", 3, 1)[1, 0], r"{\mathbf{w}}_{2}"),
    (sp.MatrixSymbol("X", 3, 3)[0, 2], r"{\mathbf{X}}_{1, 3}"),
    (sp.MatrixSymbol("alpha*", 3, 1)[0, 0], r"{{\boldsymbol{\alpha}^{*}}}_{1}"),
    (sp.MatrixSymbol("w*", 2, 1).T, r"{\mathbf{w}^{*}}^{\top}"),
    (sp.Symbol("w*"), "{w^{*}}"),
])
def test_documents_notation(expr, tex):
    assert latex(expr) == tex


_LEAKS = re.compile(r"FunctionMatrix|Dummy|MatrixElement|_\{(star|perp|theta)\}|cos_|"
                    r"(?<!\\)%|\\operatorname\{(?!sign|tr|rank|diag)")


def _all_claims():
    for e in REGISTRY.values():
        st = built(e.id)
        yield from ((e.id, lbl, c) for lbl, c in st.all_claims())
        if st.stated is not None:
            yield e.id, "as printed", st.stated


@pytest.mark.slow
def test_no_internal_names_or_unescaped_percent_in_any_catalog_claim():
    bad = []
    for eid, lbl, c in _all_claims():
        tex = claim_latex(c)
        m = _LEAKS.search(tex)
        if m:
            bad.append(f"{eid} / {lbl}: {m.group(0)!r} in {tex[:120]}")
    assert not bad, "\n".join(bad)


class _StockProducts(LindiscLatexPrinter):
    """The printer with SymPy's own products, sums and parentheses (no memoised sign test)."""

    _print_Add = LatexPrinter._print_Add
    _print_MatMul = LatexPrinter._print_MatMul
    parenthesize = LatexPrinter.parenthesize


_A, _B, _C = (sp.MatrixSymbol(n, 3, 3) for n in "ABC")
_v, _w = sp.MatrixSymbol("v", 3, 1), sp.MatrixSymbol("w", 3, 1)
_t = sp.Symbol("t")


@pytest.mark.parametrize("expr", [
    -2 * _A * _B, sp.MatMul(-1, _A, _B, evaluate=False), -_A * _B + _C * _A, _A * _B - _C * _A,
    -(_A + _B) * _C, sp.MatMul(-1, _A + _B, _C, evaluate=False) - _A, _v.T * (-_A) * _w,
    sp.Trace(-3 * _A * _B) - sp.Trace(_C), (_v.T * _w)[0, 0] - 2 * (_w.T * _A * _v)[0, 0],
    -_t * _A * (_B - _C) * _A.T, sp.MatMul(sp.zoo, _A, evaluate=False) + _B,
    sp.MatMul(sp.Rational(-1, 2), _A.I, _B, evaluate=False), (-_A * _B) ** 2 - _C,
])
def test_memoised_products_print_as_sympy_does(expr):
    """The printer's MatMul sign test is memoised and short-cut (no leading negative number:
    no ``-expr`` built); the text is SymPy's own."""
    assert LindiscLatexPrinter().doprint(expr) == _StockProducts().doprint(expr)
