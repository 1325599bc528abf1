"""The claims file's psd, iff, same_sign, stationary and eigenpair claims (the catalog's
vocabulary): each verified when true, refuted when false, malformed ones located."""

import pytest

from derivations._userclaims.checking import check_file
from derivations._userclaims.errors import ClaimsError

HEAD = ('format = 1\n[symbols]\nd = "dim(1, 2)"\nw = "vector(d, nonzero)"\nx = "vector(d)"\n'
        'b = "scalar"\nr = "scalar"\nX = "matrix(3, d)"\nS = "matrix(d, d, symmetric)"\n')


def status(body):
    rep = check_file(HEAD + "[[claim]]\n" + body, name="v.toml", budget=10)
    return rep.records[0]["status"]


@pytest.mark.parametrize("body,want", [
    ('psd = "X.T @ X"\nfactor = "X"\n', "verified"),
    ('psd = "S"\n', "refuted"),
    ('iff = ["w.T @ x + b >= 0", "-(w.T @ x) <= b"]\n', "verified at sizes"),
    ('iff = ["b >= 0", "b > 0"]\n', "refuted"),
    ('same_sign = ["r * norm(w)", "r"]\nfactor = "norm(w)"\n', "verified"),
    ('same_sign = ["-r", "r"]\nfactor = "-1"\n', "refuted"),
    ('stationary = { f = "w.T @ w - 2 * x.T @ w", var = "w", point = "x" }\n', "verified"),
    ('stationary = { f = "w.T @ w - 2 * x.T @ w", var = "w", point = "2 * x" }\n', "refuted"),
    ('eigenpair = { matrix = "[[2, 1], [0, 3]]", vector = "[0, 1]", value = "3" }\n', "refuted"),
])
def test_each_form(body, want):
    assert status(body) == want


@pytest.mark.parametrize("body,what", [
    ('psd = "b"\n', "square matrix"),
    ('iff = ["b >= 0"]\n', "two strings"),
    ('same_sign = ["b", "r"]\n', "needs factor"),
    ('stationary = { f = "b", var = "b", point = "b" }\n', "declared vector"),
    ('eigenpair = { matrix = "S" }\n', "must be a table"),
    ('psd = "S"\nlhs = "b"\nrhs = "b"\n', "exactly one"),
    ('lhs = "b"\nrhs = "b"\nfactor = "b"\n', "factor goes with"),
])
def test_malformed_forms_are_located(body, what):
    with pytest.raises(ClaimsError, match=what) as e:
        check_file(HEAD + "[[claim]]\n" + body, name="v.toml")
    assert e.value.line >= 10


def test_a_name_sympy_cancels_while_building_does_not_break_the_claim():
    # inv(B.T @ B) @ B.T @ B becomes I as it is built: B is in the text, not in the claim
    rep = check_file('format = 1\n[symbols]\nd = "dim(1, 2)"\nB = "matrix(3, d, full_column_rank)"\n'
                     '[[claim]]\nlhs = "inv(B.T @ B) @ B.T @ B"\nrhs = "eye(d)"\n', name="c.toml")
    assert rep.records[0]["status"] == "trivial"
