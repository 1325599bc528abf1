"""Valid claims that were rejected, and claims that leave the reals (issue 37)."""

from __future__ import annotations

import pytest

from derivations._userclaims.checking import check_file
from derivations._userclaims.errors import ClaimsError


def check(body: str, symbols: str = 'a = "scalar"\n'):
    return check_file("format = 1\n[symbols]\n" + symbols + body, name="t.toml", budget=5)


def claim(lhs: str, rhs: str, syntax: str = "") -> str:
    extra = f'syntax = "{syntax}"\n' if syntax else ""
    return f"[[claim]]\nname = \"c\"\n{extra}lhs = '{lhs}'\nrhs = '{rhs}'\n"


@pytest.mark.parametrize("side", ["a", "(a)", "a + 0", "x_{1}"])
def test_a_latex_side_that_is_a_bare_symbol_is_a_claim(side):
    pytest.importorskip("lark")
    rep = check(claim(side, "2 " + side + " - " + side, "latex"),
                'a = "scalar"\nx_1 = "scalar"\n')
    assert rep.records[0]["status"] in ("verified", "trivial"), rep.records[0]


def test_a_false_latex_claim_with_a_bare_symbol_side_is_refuted():
    pytest.importorskip("lark")
    rep = check(claim("a", "2 a", "latex"))
    assert rep.records[0]["status"] == "refuted"


MATRIX = 'd = "dim(1, 3)"\nQ = "matrix(d, d)"\n'


@pytest.mark.parametrize("lhs, rhs", [("inv(Q) @ Q", "eye(d)"), ("Q @ inv(Q)", "eye(d)"),
                                      ("trace(inv(Q) @ Q)", "d"), ("Q**-1 @ Q", "eye(d)")])
def test_a_declared_symbol_that_cancels_keeps_its_declaration(lhs, rhs):
    rep = check(claim(lhs, rhs), MATRIX)
    assert rep.records[0]["status"] in ("verified", "trivial"), rep.records[0]


def test_a_false_claim_whose_symbol_cancels_is_still_refuted():
    rep = check(claim("inv(Q) @ Q", "2*eye(d)"), MATRIX)
    assert rep.records[0]["status"] == "refuted"


def test_a_declared_python_keyword_is_usable():
    rep = check(claim("(lambda + a)**2", "lambda**2 + 2*lambda*a + a**2"),
                'a = "scalar"\nlambda = "scalar"\n')
    assert rep.records[0]["status"] == "verified"
    rep = check(claim("lambda", "2*lambda"), 'lambda = "scalar"\n')
    assert rep.records[0]["status"] == "refuted"


@pytest.mark.parametrize("lhs, rhs, syntax", [("sqrt(-1)", "0", ""), ("log(0) + a", "a", ""),
                                              (r"\log_{0} a", "1", "latex"),
                                              (r"\log_{1} a", "1", "latex")])
def test_a_claim_that_leaves_the_reals_is_an_error_saying_so(lhs, rhs, syntax):
    if syntax:
        pytest.importorskip("lark")
    with pytest.raises(ClaimsError, match="real numbers|log\\(0\\)"):
        check(claim(lhs, rhs, syntax))
