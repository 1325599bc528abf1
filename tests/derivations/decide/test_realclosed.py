"""Complete decisions over the reals (derivations._decide.realclosed) and the rows of issue 33
they settle: each claim below was undecided before; the false variants next to them guard
against a decision that proves too much."""

from __future__ import annotations

import sympy as sp
import pytest

import derivations as D
from derivations import Equal, Norm, Rel, Space, quad
from derivations._decide.realclosed import decide
from derivations._userclaims.checking import check_file

x = sp.Symbol("x", real=True)
n = sp.Symbol("n", integer=True)
VERIFIED = ("verified", "verified at sizes")


def _sigma(t):
    return 1 / (1 + sp.exp(-t))


# -- the decision itself ------------------------------------------------------------------------

@pytest.mark.parametrize("g, op, status, point", [
    (x ** 2 - x + sp.Rational(2499, 10000), ">=", "refuted", {x: sp.Rational(1, 2)}),
    ((x - sp.Rational(7, 13)) ** 2 - sp.Rational(1, 10 ** 6), ">=", "refuted", {x: sp.Rational(7, 13)}),
    (x ** 2 - x + sp.Rational(1, 4), ">=", "proved", None),
    (x ** 2 - x + sp.Rational(1, 4), ">", "refuted", {x: sp.Rational(1, 2)}),
    (x ** 2 - 2, ">", "refuted", None),  # negative at rational points between ±√2
    (n ** 2 - n, ">=", "proved", None),
    (n ** 2 - n - 1, ">=", "refuted", None),
    (sp.Rational(1, 4) - _sigma(x) * (1 - _sigma(x)), ">=", "proved", None),
    (sp.Rational(1, 5) - _sigma(x) * (1 - _sigma(x)), ">=", "refuted", None),  # x = log(5/4)
    (x * (sp.sqrt(2) + sp.sqrt(3)) - x * sp.sqrt(5 + 2 * sp.sqrt(6)), "==", "proved", None),
    (x * (sp.sqrt(2) + sp.sqrt(3)) - x * sp.sqrt(5 + 3 * sp.sqrt(6)), "==", "refuted", None),
    (1 / (x ** 2 + 1), ">", "proved", None),
    (1 / x ** 2, ">", "proved", None),  # undefined at 0: nothing is claimed there
])
def test_one_variable_and_surds(g, op, status, point):
    d = decide(g, op)
    assert d.status == status, d
    if point is not None:
        assert d.point == point
    if status == "refuted":  # the point is a counterexample in exact arithmetic
        v = sp.simplify(g.xreplace(d.point))
        assert (v < 0) if op == ">=" else (v <= 0) if op == ">" else (v != 0)


def test_symbols_with_one_printed_name_stay_distinct_for_z3():
    # every √ becomes a Dummy named "sqrt": z3 must not merge them (that proved a false surd)
    a, b = sp.symbols("a b", real=True)
    g = a * sp.sqrt(2) - b * sp.sqrt(3)
    assert decide(g, "==").status == "refuted"


def test_several_variables_by_z3_with_declared_constraints():
    a = sp.symbols("a1:4", real=True)
    b = sp.symbols("b1:4", real=True)
    cs = sum(t ** 2 for t in a) * sum(t ** 2 for t in b) - sum(s * t for s, t in zip(a, b)) ** 2
    assert decide(cs, ">=").status == "proved"
    wrong = decide(cs - 1, ">=")
    assert wrong.status == "refuted" and cs.xreplace(wrong.point) - 1 < 0
    u = sp.symbols("u1:3", real=True)
    unit = [(u[0] ** 2 + u[1] ** 2 - 1, "==")]
    assert decide(sp.sqrt(u[0] ** 2 + u[1] ** 2) - 1, "==", unit).status == "proved"
    assert decide(sp.sqrt(u[0] ** 2 + u[1] ** 2) - 1, "==").status == "refuted"


def test_what_is_not_decided_is_named():
    assert "log" in decide(sp.log(x) - x + 1, ">=").detail
    y = sp.Symbol("y", real=True)
    # √ of a quantity that may be negative: not a real expression everywhere
    d = decide(sp.sqrt(x - y), ">=")
    assert d.status == "undecided" and "radicand" in d.detail


# -- the rows of issue 33, from Python ---------------------------------------------------------

def _vectors(**kw):
    s = Space()
    d = s.dim("d", (1, 2, 3))
    return s, d


def _proved_sizes(res) -> set:
    comp = [m for m in res.methods if m.name == "components"][0]
    assert comp.outcome == "equal", comp
    return {tuple(int(v) for v in a.values()) for a in comp.proved}


def test_quadratics_false_on_a_small_interval_are_refuted_exactly():
    for g, at in ((x ** 2 - x + sp.Rational(2499, 10000), "1/2"),
                  ((x - sp.Rational(7, 13)) ** 2 - sp.Rational(1, 10 ** 6), "7/13")):
        s = Space()
        t = s.scalar("x")
        res = D.verify(Rel(g.xreplace({x: t}), ">=", 0), s)
        assert res.status == "refuted"
        assert res.counterexample["values"] == {"x": at}


def test_cauchy_schwarz_is_proved_at_each_size_and_its_false_twin_refuted():
    s, d = _vectors()
    a, b = s.vector("a", d), s.vector("b", d)
    res = D.verify(Rel(D.dot(a, b) ** 2, "<=", D.dot(a, a) * D.dot(b, b)), s)
    assert res.status in VERIFIED
    assert _proved_sizes(res) >= {(1,), (2,), (3,)}
    wrong = D.verify(Rel(D.dot(a, b) ** 2 + 1, "<=", D.dot(a, a) * D.dot(b, b)), s)
    assert wrong.status == "refuted"


def test_sigmoid_bound_through_the_substitution():
    s = Space()
    t = s.scalar("x")
    assert D.verify(Rel(_sigma(t) * (1 - _sigma(t)), "<=", sp.Rational(1, 4)), s).status == "verified"
    assert D.verify(Rel(_sigma(t) * (1 - _sigma(t)), "<=", sp.Rational(1, 5)), s).status == "refuted"


def test_integer_square_at_least_itself():
    s = Space()
    k = s.scalar("n", integer=True)
    assert D.verify(Rel(k ** 2, ">=", k), s).status == "verified"
    assert D.verify(Rel(k ** 2, ">", k), s).status == "refuted"  # n = 0, 1


def test_norm_of_a_declared_unit_vector():
    s, d = _vectors()
    u = s.vector("u", d, unit=True)
    res = D.verify(Equal(Norm(u), 1), s)
    assert res.status in VERIFIED and _proved_sizes(res) >= {(1,), (2,), (3,)}
    s2, d2 = _vectors()
    w = s2.vector("w", d2)  # not declared unit: false
    assert D.verify(Equal(Norm(w), 1), s2).status == "refuted"


def test_quadratic_form_of_a_declared_spd_matrix_without_certificate():
    s, d = _vectors()
    a, Q = s.vector("a", d), s.matrix("Q", d, d, "spd")
    res = D.verify(Rel(quad(a, Q), ">=", 0), s)
    assert res.status in VERIFIED and _proved_sizes(res) >= {(1,), (2,), (3,)}
    s2, d2 = _vectors()
    a2, S2 = s2.vector("a", d2), s2.matrix("S", d2, d2, "symmetric")  # not spd: false
    assert D.verify(Rel(quad(a2, S2), ">=", 0), s2).status == "refuted"


def test_nested_surds():
    s = Space()
    t = s.scalar("x")
    res = D.verify(Equal(t * (sp.sqrt(2) + sp.sqrt(3)), t * sp.sqrt(5 + 2 * sp.sqrt(6))), s)
    assert res.status == "verified"
    wrong = D.verify(Equal(t * (sp.sqrt(2) + sp.sqrt(3)), t * sp.sqrt(5 + 3 * sp.sqrt(6))), s)
    assert wrong.status == "refuted"


# -- the same rows from a claims file -----------------------------------------------------------

ROWS = """
format = 1
[symbols]
d = "dim(1, 2, 3)"
x = "scalar"
n = "scalar(integer)"
a = "vector(d)"
b = "vector(d)"
u = "vector(d, unit)"
Q = "matrix(d, d, spd)"

[[claim]]
name = "quad1"
relation = "x**2 - x + 0.2499 >= 0"
[[claim]]
name = "quad2"
relation = "(x - 7/13)**2 - 1/1000000 >= 0"
[[claim]]
name = "cs"
relation = "(a.T @ b)**2 <= (a.T @ a) * (b.T @ b)"
[[claim]]
name = "sig"
relation = "sigmoid(x) * (1 - sigmoid(x)) <= 1/4"
[[claim]]
name = "int"
relation = "n**2 >= n"
[[claim]]
name = "unit"
lhs = "norm(u)"
rhs = "1"
[[claim]]
name = "spd"
relation = "a.T @ Q @ a >= 0"
[[claim]]
name = "surd"
lhs = "x * (sqrt(2) + sqrt(3))"
rhs = "x * sqrt(5 + 2*sqrt(6))"
"""


def test_the_rows_from_a_claims_file():
    rep = check_file(ROWS, name="rows.toml")
    got = {r["name"]: r for r in rep.records}
    assert got["quad1"]["status"] == "refuted" and got["quad2"]["status"] == "refuted"
    assert got["quad1"]["counterexample"]["values"]["x"] == "1/2"
    assert got["quad2"]["counterexample"]["values"]["x"] == "7/13"
    for name in ("cs", "sig", "int", "unit", "spd", "surd"):
        assert got[name]["status"] in VERIFIED, (name, got[name])


def test_integer_reasoning_where_the_reals_would_refute():
    m = sp.Symbol("m", integer=True)
    assert decide(n ** 2 + n, ">=").status == "proved"  # false at n = −1/2 over the reals
    assert decide(x ** 2 + x, ">=").status == "refuted"
    assert decide(n ** 2 + m ** 2 - n - m, ">=").status == "proved"
    d = decide(n * m - 1, ">=")
    assert d.status == "refuted" and all(v.is_integer for v in d.point.values())


def test_a_z3_unknown_is_never_evidence(monkeypatch):
    import z3

    real = z3.SolverFor

    class Unknown:
        def __init__(self, logic):
            self.inner = real(logic)

        def __getattr__(self, name):
            return getattr(self.inner, name)

        def check(self):
            return z3.unknown

        def reason_unknown(self):
            return "timeout"

    monkeypatch.setattr(z3, "SolverFor", Unknown)
    a, b = sp.symbols("a b", real=True)
    d = decide(a ** 2 + b ** 2 - 2 * a * b, ">=")
    assert d.status == "undecided" and "unknown (timeout)" in d.detail


def test_constraints_with_no_point_prove_nothing():
    a, b = sp.symbols("a b", real=True)
    empty = [(a ** 2 + b ** 2, "<=") if False else (-(a ** 2) - b ** 2 - 1, ">=")]
    d = decide(a * b - 5, ">=", empty)  # false everywhere, and no point satisfies the constraint
    assert d.status == "undecided" and "empty set" in d.detail
    assert decide(x - 5, ">=", [(sp.Integer(-1), ">")]).status == "undecided"
    # a definition that contradicts a declaration (v := x − x declared nonzero)
    s = Space()
    t = s.vector("t", 1)
    v = s.vector("v", 1, nonzero=True)
    s.define(v, t - t)
    res = D.verify(Rel(D.dot(t, t), ">=", 1), s)
    assert res.status != "verified"
