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


# -- lindisc answer and check messages --------------------------------------------------------

from derivations._interfaces.cli import main  # noqa: E402

EX = "svm.exercise_solution"


def _answer(capsys, text):
    code = main(["answer", EX, text])
    out, err = capsys.readouterr()
    return code, out + err


def test_an_answer_with_a_name_says_answers_have_no_symbols(capsys):
    code, text = _answer(capsys, "alpha = [x]")
    assert code == 2 and "not a value" in text and "[symbols]" not in text


def test_a_support_vector_that_does_not_exist_is_named_as_such(capsys):
    code, text = _answer(capsys, "support_vectors = [0, 2]")
    assert code == 1 and "there is no sample x_0" in text and "not a support vector" not in text


def test_a_transposed_answer_is_shown_as_a_row_and_told_to_drop_the_T(capsys):
    code, text = _answer(capsys, "alpha = [0, 1/8, 1/8].T")
    assert code == 1 and "[[0, 1/8, 1/8]]" in text and "drop the .T" in text


def test_an_error_verdict_carries_its_reason_in_the_table(tmp_path, capsys, monkeypatch):
    from derivations._verdicts import engine

    def crash(method, claim, space, rng, budget):
        return engine.Outcome(method.NAME, engine.ERROR, detail="RuntimeError: the reason")

    monkeypatch.setattr(engine, "_timed", crash)
    p = tmp_path / "c.toml"
    p.write_text("format = 1\n[symbols]\na = \"scalar\"\n"
                 "[[claim]]\nname = \"c\"\nlhs = '(a + 1)**2'\nrhs = 'a**2 + 2*a + 1'\n")
    assert main(["check", str(p)]) == 1
    out = capsys.readouterr().out
    assert "c: error: RuntimeError: the reason" in out


@pytest.mark.parametrize("lhs, shown", [("w[3]", "needs d >= 3"), ("A[1, 3]", "beyond the 2 columns")])
def test_an_index_that_does_not_exist_at_some_size_is_refused_with_the_fix(lhs, shown):
    with pytest.raises(ClaimsError, match=shown):
        check(claim(lhs, "0"), 'd = "dim(1, 2)"\nw = "vector(d)"\nA = "matrix(d, 2)"\n')


def test_a_5000_digit_seed_is_a_short_usage_error(capsys):
    assert main(["verify", "geometry.lemma1_sign", "--seed", "9" * 5000]) == 2
    err = capsys.readouterr().err
    assert len(err) < 300 and "at most 40 digits" in err and "_seed" not in err
