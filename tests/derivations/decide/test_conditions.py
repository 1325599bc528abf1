"""A defined symbol's declaration is a condition every drawn point meets
(:mod:`derivations._decide.conditions`), and the draws of every method respect it (issue 33)."""

import random

import pytest
import sympy as sp

from derivations import Equal, Rel, Scalar, Space, verify
from derivations._decide.conditions import checked_conditions, implied, unmet


def test_a_condition_implied_by_the_definitions_form_is_not_checked():
    s = Space()
    d = s.dim("d")
    a, m = s.scalar("a"), s.vector("m", d)
    p, q = s.scalar("p", positive=True), s.scalar("q", nonzero=True)
    S, T = s.matrix("S", d, d, "psd"), s.matrix("T", d, d, "spd")
    s.define(p, sp.exp(a))
    s.define(q, a)
    s.define(S, m * m.T)
    s.define(T, m * m.T)  # singular: psd, never spd
    assert [str(sym) for sym, _d in checked_conditions(s)] == ["q", "T"]
    assert implied(sp.exp(a), s.decls["p"], s) and not implied(a, s.decls["q"], s)


@pytest.mark.parametrize("structure, value, meets", [
    ("spd", [[2, 1], [1, 2]], True), ("spd", [[1, 2], [2, 1]], False),
    ("spd", [[1, 1], [1, 1]], False), ("psd", [[1, 1], [1, 1]], True),
    ("psd", [[1, 0], [0, -1]], False), ("symmetric", [[1, 2], [3, 1]], False),
    ("diagonal", [[1, 0], [0, 5]], True), ("positive_diagonal", [[1, 0], [0, 0]], False),
    ("full_column_rank", [[1, 2], [2, 4]], False), ("one_hot_rows", [[0, 1], [1, 0]], True),
])
def test_each_matrix_structure_is_checked_exactly(structure, value, meets):
    s = Space()
    A, M = s.matrix("A", 2, 2), s.matrix("M", 2, 2, structure)
    s.define(M, A)
    inst = s.components({})[0]
    values = dict(zip([e for row in inst.mapping[A].tolist() for e in row],
                      [sp.Integer(x) for row in value for x in row]))
    assert (unmet(s, inst, values) is None) is meets


@pytest.mark.parametrize("kw, value, meets", [
    ({"positive": True}, 0, False), ({"positive": True}, sp.Rational(1, 3), True),
    ({"nonzero": True}, 0, False), ({"label": True}, -1, True), ({"label": True}, 2, False),
    ({"probability": True}, 1, False), ({"integer": True}, sp.Rational(1, 2), False),
    ({"nonnegative": True}, 0, True),
])
def test_each_scalar_declaration_is_checked_exactly(kw, value, meets):
    s = Space()
    x, c = s.scalar("x"), s.scalar("c", **kw)
    s.define(c, x)
    inst = s.components({})[0]
    assert (unmet(s, inst, {x: sp.Integer(value) if isinstance(value, int) else value}) is None) is meets


def test_an_irrational_value_is_decided_exactly():
    s = Space()
    x, c = s.scalar("x"), s.scalar("c", positive=True)
    s.define(c, sp.sqrt(2) - x)
    inst = s.components({})[0]
    assert unmet(s, inst, {x: sp.Rational(141, 100)}) is None
    assert "c (defined) does not meet its declaration (positive)" in unmet(s, inst, {x: sp.Rational(142, 100)})


def _nonzero_v(kind: str):
    s = Space()
    d = s.dim("d")
    x, y, t = s.vector("x", d), s.vector("y", d), s.scalar("t")
    v, S = s.vector("v", d, nonzero=True), s.matrix("S", d, d, "spd")
    s.define(v, t * x if kind == "t x" else x - y)
    q = Scalar(v.T * S * v)
    return s, Rel(q, ">", 0, certificate=q)


@pytest.mark.parametrize("seed", [0, 1, 3])
@pytest.mark.parametrize("kind", ["t x", "x - y"])
def test_a_defined_vectors_declaration_is_one_constraint_for_proofs_and_draws(kind, seed):
    """On ec53406: vᵀSv > 0 "verified, every size" from v's declaration while exact random
    drew t = 0 (a conflict at seeds 0, 1, 3 of v := t·x) — two rules at once. Now the
    declaration constrains x, y (x ≠ y, t ≠ 0) for the proof and every draw alike: the claim
    is true under it, so verified at every seed and never a conflict."""
    s, claim = _nonzero_v(kind)
    r = verify(claim, s, seed=seed)
    assert r.status == "verified", (r.status, [(o.name, o.outcome, o.detail) for o in r.methods])
    assert r.scope()["every_size"]


@pytest.mark.parametrize("seed", [0, 1])
def test_a_constraint_no_draw_meets_is_never_verified(seed):
    """v := 0·x declared nonzero: the proof's assumption is empty, so only exact random's
    points could support it, and there are none — never verified."""
    s = Space()
    d = s.dim("d")
    x, v, S = s.vector("x", d), s.vector("v", d, nonzero=True), s.matrix("S", d, d, "spd")
    s.define(v, 0 * x)
    q = Scalar(v.T * S * v)
    r = verify(Rel(q, ">", 0, certificate=q), s, seed=seed)
    assert r.status not in ("verified", "verified at sizes", "conflict")


def test_a_counterexample_meets_every_declaration_and_shows_defined_values():
    """Today p > 0 is refuted at x < 0 — a point where p := x breaks p's own declaration."""
    s = Space()
    x, p = s.scalar("x"), s.scalar("p", positive=True)
    s.define(p, x)
    assert verify(Rel(p, ">", 0), s).status not in ("refuted", "conflict")
    r = verify(Rel(p, "<", 1), s)
    assert r.status == "refuted"
    v = r.counterexample["values"]
    assert sp.Rational(v["p"]) == sp.Rational(v["x"]) > 1


def test_a_label_or_unit_vector_defined_from_free_values_is_never_refuted_off_its_declaration():
    s = Space()
    d = s.dim("d", (1, 2))
    x, a = s.scalar("x"), s.vector("a", d)
    t, u = s.scalar("t", label=True), s.vector("u", d, unit=True)
    s.define(t, x)
    s.define(u, a)
    for claim in (Equal(t ** 2, 1), Equal(Scalar(u.T * u), 1)):
        r = verify(claim, s)
        assert r.status not in ("refuted", "conflict"), r.counterexample


def test_draws_that_meet_every_condition_are_drawn_as_before():
    """A space without conditions draws exactly as before (the catalog's points unchanged)."""
    s = Space()
    x = s.scalar("x")
    inst, values = s.random_instance({}, random.Random(0))
    assert unmet(s, inst, values) is None and checked_conditions(s) == []


def test_symmetric_and_psd_by_form():
    from derivations._decide.conditions import psd_by_form, symmetric_by_form

    s = Space()
    d = s.dim("d")
    A, X, S = s.matrix("A", d, d), s.matrix("X", d, d), s.matrix("S", d, d, "spd")
    m = s.vector("m", d)
    assert symmetric_by_form(A * S * A.T + 2 * sp.Identity(d), s)
    assert symmetric_by_form((X.T * X).inverse(), s)
    assert not symmetric_by_form(A * S, s) and not symmetric_by_form(A + S, s)
    assert psd_by_form(A * S * A.T + m * m.T, s) and not psd_by_form(-(m * m.T), s)
    assert symmetric_by_form(sp.ImmutableMatrix([[1, 2], [2, 3]]), s)
    assert not symmetric_by_form(sp.ImmutableMatrix([[1, 2], [3, 3]]), s)
