"""Exercise answers: the equivalences and the feedback."""

import pytest
import sympy as sp

from derivations._userclaims.answers import QUANTITIES, check_answer, compare, parse_answer
from derivations._userclaims.errors import ClaimsError

M = sp.ImmutableMatrix
ok = lambda *a: (True, "verified")  # noqa: E731 - the entry's verdict, stubbed in fast tests


def test_exact():
    assert compare("exact", M([0, sp.Rational(1, 8)]), M([0, sp.Rational(1, 8)]))[0] is True
    assert compare("exact", M([0, sp.Rational(1, 8)]), M([0, sp.Rational(1, 7)]))[0] is False
    assert compare("exact", 2 / sp.sqrt(5), 2 * sp.sqrt(5) / 5)[0] is True
    assert compare("exact", M([1, 2]), M([1, 2, 3]))[0] is False


def test_direction_up_to_positive_scale():
    assert compare("direction", M([2, 4]), M([1, 2]))[0] is True
    good, why = compare("direction", M([-2, -4]), M([1, 2]))
    assert good is False and "opposite" in why
    assert compare("direction", M([1, 3]), M([1, 2]))[0] is False
    assert compare("direction", M([0, 0]), M([1, 2]))[0] is False


def test_support_set():
    assert compare("support", M([3, 2]), M([0, 1, 1]))[0] is True
    good, why = compare("support", M([1, 2, 3]), M([0, 1, 1]))
    assert good is False and "x_1 is not a support vector" in why


def test_parse_answer_names_and_locations():
    name, value, where = parse_answer("alpha* = [0, 1/8, 1/8]")
    assert name == "alpha*" and value == M([0, sp.Rational(1, 8), sp.Rational(1, 8)])
    assert where.column == 9
    with pytest.raises(ClaimsError):
        parse_answer("alpha = os.system('x')")


def test_answers_against_the_svm_exercise():
    r = check_answer("svm.exercise_solution", "alpha = [0, 1/8, 1/8]", entry_ok=ok)
    assert r["status"] == "correct"
    r = check_answer("svm.exercise_solution", "w = [0, 1/2]", entry_ok=ok, budget=5)
    assert r["status"] == "incorrect" and "sign" in r["mistake"]
    r = check_answer("svm.exercise_solution", "[2, 3]", quantity="support vectors", entry_ok=ok)
    assert r["status"] == "correct"
    r = check_answer("svm.exercise_solution", "w_direction = [0, -7]", entry_ok=ok)
    assert r["status"] == "correct"
    r = check_answer("svm.exercise_solution", "alpha = [0, 1/8, 1/8]",
                     entry_ok=lambda *a: (False, "refuted"))
    assert r["status"] == "unverified"


def test_unknown_exercises_and_values_name_the_choices():
    with pytest.raises(ClaimsError, match="answerable"):
        check_answer("svm.exercise_solutoin", "alpha = 1", entry_ok=ok)
    with pytest.raises(ClaimsError, match="alpha"):
        check_answer("svm.exercise_solution", "beta = 1", entry_ok=ok)
    with pytest.raises(ClaimsError, match="say which value"):
        check_answer("svm.exercise_solution", "[0, 1]", entry_ok=ok)


@pytest.mark.slow
def test_every_answerable_quantity_exists_in_its_entry():
    from derivations.catalog import REGISTRY

    for eid, qs in QUANTITIES.items():
        assert REGISTRY[eid].kind == "exercise"
        defined = {str(s) for s, _v, _w in REGISTRY[eid].build().space.definitions}
        for q in qs.values():
            assert set(q.source) <= defined, (eid, q)


@pytest.mark.slow
def test_cli_answer_verifies_the_exercise(capsys):
    from derivations._interfaces.cli import main

    assert main(["answer", "svm.exercise_gram", "G = [[5, 3, -5], [3, 5, -3], [-5, -3, 5]]"]) == 0
    assert "correct" in capsys.readouterr().out
    assert main(["answer", "svm.exercise_gram", "G = [[-5, -3, 5], [-3, -5, 3], [5, 3, -5]]"]) == 1
    assert "sign is flipped" in capsys.readouterr().out
    assert main(["answer", "svm.exercise_gram", "G = [[5, 3], [3, 5"]) == 2
    assert "ANSWER:1:" in capsys.readouterr().err
