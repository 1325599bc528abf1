"""LaTeX of catalog claims: compiles as written (escaped text), the documents' notation, and
no internal names (SymPy class names, 0-based concrete indices, words as subscripts)."""

from __future__ import annotations

import re

import pytest
import sympy as sp
from sympy.printing.latex import LatexPrinter

from sympy.matrices.expressions.matmul import MatMul

from derivations._claims.claims import Stationary
from derivations._interfaces.latex import LindiscLatexPrinter, _matmul_minus, claim_latex, latex
from derivations._symbols.expr import Grad, Scalar
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
    """The printer with SymPy's own products and parentheses (no memoised sign test); sums
    print in the documents' term order through the printer's own ``_print_Add``."""

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
    no ``-expr`` built); the text is that of SymPy's own products, and the short-cut sign
    test is SymPy's."""
    assert LindiscLatexPrinter().doprint(expr) == _StockProducts().doprint(expr)
    for node in sp.preorder_traversal(expr):
        if type(node) is MatMul:
            assert _matmul_minus(node) == node.could_extract_minus_sign()


# The documents' notation (issue 36), one rule per group of round-trip cases. Each comment
# is what the printer printed before the rule (every case fails on it).
_x, _b, _t = sp.MatrixSymbol("x", 3, 1), sp.Symbol("b"), sp.Symbol("t")
_i, _k, _n = sp.symbols("i k n", integer=True)
_N, _K = sp.symbols("N K", integer=True, positive=True)
_T, _X = sp.MatrixSymbol("T", _N, _K), sp.MatrixSymbol("X", 3, 3)
_m1, _m2 = sp.MatrixSymbol("m_1", 3, 1), sp.MatrixSymbol("m_2", 3, 1)


@pytest.mark.parametrize("expr, tex", [
    # scalars are never bold: an element of a matrix or vector (was {\mathbf{X}}_{1, 3})
    (_X[0, 2], r"X_{1, 3}"),
    (_w[1, 0], r"w_{2}"),  # was {\mathbf{w}}_{2}
    (sp.MatrixSymbol("x_1", 3, 1)[0, 0], r"x_{1, 1}"),  # was {\mathbf{x}_{1}}_{1}
    (sp.MatrixSymbol("alpha*", 3, 1)[0, 0], r"{\alpha^{*}_{1}}"),  # was {{\boldsymbol{\alpha}^{*}}}_{1}
    (sp.MatrixSymbol("W_x", 3, 3)[0, 1], r"\left(\mathbf{W}_{x}\right)_{1, 2}"),  # {\mathbf{W}_{x}}_{1, 2}
    # a 1x1 matrix symbol is a scalar declared as a matrix (was \mathbf{w}_{0}, \boldsymbol{\lambda})
    (sp.MatrixSymbol("w_0", 1, 1), r"w_{0}"),
    (sp.MatrixSymbol("lambda", 1, 1), r"\lambda"),
])
def test_bold_only_for_vectors_and_matrices(expr, tex):
    assert latex(expr) == tex


@pytest.mark.parametrize("expr, tex", [
    (sp.MatrixSymbol("W~", 3, 3), r"\tilde{\mathbf{W}}"),  # was W~ (not parsed)
    (sp.MatrixSymbol("W_tilde", 3, 3).T, r"\tilde{\mathbf{W}}^{\top}"),  # was \mathbf{W}_{tilde}^{\top}
    (sp.MatrixSymbol("\u00e2", 3, 1), r"\hat{\mathbf{a}}"),  # was the raw character â
    (sp.MatrixSymbol("Lambda", 3, 3), r"\boldsymbol{\Lambda}"),  # was \mathbf{Lambda}
    (sp.MatrixSymbol("mu_1", 3, 1), r"\boldsymbol{\mu}_{1}"),
    (sp.MatrixSymbol("Y^+", 3, 3) * _x, r"{\mathbf{Y}^{+}} \mathbf{x}"),  # was Y^{+} \mathbf{x}
    (sp.MatrixSymbol("y'", 3, 1).T, r"\mathbf{y}'^{\top}"),  # was y'^{\top}
    (sp.MatrixSymbol("x_data", 3, 1), r"\mathbf{x}_{\mathrm{data}}"),  # was \mathbf{x}_{data}
    (sp.Symbol("b_step"), r"b_{\mathrm{step}}"),  # was b_{step}
])
def test_names_as_the_documents_write_them(expr, tex):
    assert latex(expr) == tex


@pytest.mark.parametrize("expr, tex", [
    # was \sum_{k=0}^{K - 1} {\mathbf{T}}_{i, k}^{2}
    (sp.Sum(_T[_i, _k] ** 2, (_k, 0, _K - 1)), r"\sum_{k=1}^{K} T_{i, k}^{2}"),
    # was \sum_{\substack{0 \leq n \leq N - 1\\0 \leq k \leq K - 1}} {\mathbf{T}}_{n, k}
    (sp.Sum(_T[_n, _k], (_n, 0, _N - 1), (_k, 0, _K - 1)), r"\sum_{n=1}^{N} \sum_{k=1}^{K} T_{n, k}"),
    # the index used as a number keeps its value: was \sum_{k=0}^{K - 1} k {\mathbf{T}}_{1, k}
    (sp.Sum(_k * _T[0, _k], (_k, 0, _K - 1)), r"\sum_{k=1}^{K} \left(k - 1\right) T_{1, k}"),
    # a free index keeps its meaning: x_{n - 1} is the entry before x_{n}, never shifted
    (_T[_n - 1, _k] - _T[_n, _k], r"T_{n - 1, k} - T_{n, k}"),
    # a column vector's entries: one index (was \left[{\mathbf{T}}_{i, 0}\right]_{i, j})
    (sp.FunctionMatrix(_N, 1, sp.Lambda((_i, _n), _T[_i, 0])), r"\left[T_{i, 1}\right]_{i}"),
])
def test_sums_and_entries_from_one(expr, tex):
    assert latex(expr) == tex


@pytest.mark.parametrize("expr, tex", [
    (Scalar(_w.T * _x) + _b, r"\mathbf{w}^{\top} \mathbf{x} + b"),  # was b + \mathbf{w}^{\top} \mathbf{x}
    (_t * Scalar(_w.T * _x) - _b, r"t \mathbf{w}^{\top} \mathbf{x} - b"),  # was - b + t ...
    (1 - Scalar(_w.T * _w), r"1 - \mathbf{w}^{\top} \mathbf{w}"),
    (_m2 - _m1, r"\mathbf{m}_{2} - \mathbf{m}_{1}"),  # was - \mathbf{m}_{1} + \mathbf{m}_{2}
    # a scalar and a number after the vector term, the negative last
    (Scalar(_w.T * _x) + sp.Symbol("w_0") - sp.Symbol("t_1"),
     r"\mathbf{w}^{\top} \mathbf{x} + w_{0} - t_{1}"),  # was - t_{1} + w_{0} + \mathbf{w}^{\top} \mathbf{x}
    # a Scalar binds as the sum it wraps: was t \mathbf{w}_{0} + \mathbf{w}^{\top} \mathbf{x}
    (_t * Scalar(_w.T * _x + sp.MatrixSymbol("w_0", 1, 1)),
     r"t \left(\mathbf{w}^{\top} \mathbf{x} + w_{0}\right)"),
    # never "+ -" (a product whose first factor is negative): was - t_{1} \mathbf{y}_{1} + - t_{2} \mathbf{y}_{2}
    (-sp.Symbol("t_1") * _v - sp.Symbol("t_2") * _w, r"- t_{1} \mathbf{v} - t_{2} \mathbf{w}"),
    # a sum with no vector term keeps SymPy's order: 1 + e^{-a}
    (1 + sp.exp(-sp.Symbol("a")), r"1 + e^{- a}"),
])
def test_textbook_term_order(expr, tex):
    assert latex(expr) == tex


def test_derivative_argument_parenthesised():
    """was \\left.\\frac{\\partial}{\\partial \\mathbf{w}}J + \\mathbf{w}^{\\top} \\mathbf{x}\\right|..."""
    J = sp.Symbol("J")
    tex = claim_latex(Stationary(J + Scalar(_w.T * _x), _w, _v))
    assert tex == (r"\left.\frac{\partial}{\partial \mathbf{w}}\left(\mathbf{w}^{\top} \mathbf{x} + J"
                   r"\right)\right|_{\mathbf{w} = \mathbf{v}} = 0")
    assert latex(Grad(J + Scalar(_w.T * _x), _w)).startswith(r"\frac{\partial}{\partial \mathbf{w}}\left(")


@pytest.mark.parametrize("expr, tex", [
    # kept as written where the tree holds it (SymPy's ``*`` rewrites (c w)^T as c w^T)
    (MatMul(sp.Transpose(sp.Symbol("c") * _w), _x), r"\left(c \mathbf{w}\right)^{\top} \mathbf{x}"),
    # was \left|{\left|{\mathbf{M}}\right|}\right| (a triple bar)
    (sp.Abs(sp.Determinant(_A)), r"\left|\det \mathbf{A}\right|"),
    (sp.Determinant(_A * _B), r"\det\left(\mathbf{A} \mathbf{B}\right)"),
    # was \left[\begin{matrix}1 & \frac{1}{2}\\\sqrt{2} & 4\end{matrix}\right]
    (sp.Matrix([[1, sp.Rational(1, 2)], [sp.sqrt(2), 4]]),
     r"\begin{bmatrix}1 & \frac{1}{2}\\\sqrt{2} & 4\end{bmatrix}"),
])
def test_transposes_determinants_and_matrices(expr, tex):
    assert latex(expr) == tex


def test_large_matrix_by_its_corners():
    """Entry by entry only up to 4x4; a 6x6 shows its corners (was all 36 entries)."""
    tex = latex(sp.Matrix(6, 6, lambda i, j: sp.Rational(i + 1, j + 2)))
    assert tex.count("&") == 3 * 4 and r"\ddots" in tex and r"\frac{6}{7}" in tex
    assert latex(sp.eye(4)).count("&") == 12
