"""LaTeX of catalog claims: compiles as written (escaped text), the documents' notation, and
no internal names (SymPy class names, 0-based concrete indices, words as subscripts)."""

from __future__ import annotations

import re

import pytest
import sympy as sp

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
