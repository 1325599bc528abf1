"""The sign case split (derivations._symbols.cases): |·|, max, min, conditions and √(p²) of
rational functions proved over ℚ(entry symbols) by proving every case of their signs — and
never an identity that fails in some case."""

import random

import pytest
import sympy as sp

from derivations._claims.claims import Equal
from derivations._methods import components
from derivations._symbols import cases
from derivations._symbols.expr import dot
from derivations._symbols.space import Space


def _space():
    s = Space()
    d = s.dim("d", sizes=(1, 2))
    return s, d, s.vector("w", d), s.vector("x", d), s.scalar("a"), s.scalar("b")


def _over_q(claim, s, d, n):
    return [claim.identity_over_q(inst) for inst in s.components({d: sp.Integer(n)})]


TRUE = [
    lambda w, x, a, b: Equal(sp.Abs(a - b) * sp.Abs(a + b), sp.Abs(a ** 2 - b ** 2)),
    lambda w, x, a, b: Equal(sp.Max(a, b) + sp.Min(a, b), a + b),
    lambda w, x, a, b: Equal(sp.Max(a, b) - sp.Min(a, b), sp.Abs(a - b)),
    lambda w, x, a, b: Equal(sp.sqrt((a * b - 1) ** 2), sp.Abs(a * b - 1)),
    lambda w, x, a, b: Equal(sp.Abs(a) * sp.Abs(b), sp.Abs(a * b)),
    lambda w, x, a, b: Equal(sp.Piecewise((a, a > b), (b, True)), sp.Max(a, b)),
    lambda w, x, a, b: Equal(sp.Max(0, dot(w, x)) - sp.Max(0, -dot(w, x)), dot(w, x)),
    lambda w, x, a, b: Equal(sp.sqrt(a ** 2 * b ** 2), sp.Abs(a) * sp.Abs(b)),
    lambda w, x, a, b: Equal(sp.Piecewise((a - b, sp.Ne(a, b)), (0, True)), a - b),  # 0 = 0 at a = b
]
FALSE = [
    lambda w, x, a, b: Equal(sp.Abs(a - b), a - b),
    lambda w, x, a, b: Equal(sp.Max(a, b), a),
    lambda w, x, a, b: Equal(sp.sqrt(a ** 2), a),
    lambda w, x, a, b: Equal(sp.Piecewise((a, a >= b), (b, True)), sp.Min(a, b)),
    lambda w, x, a, b: Equal(sp.Max(0, dot(w, x)), dot(w, x)),
    lambda w, x, a, b: Equal(sp.Abs(a) + sp.Abs(b), sp.Abs(a + b)),  # true only for ab ≥ 0
    # false only where a = 0: the case that assumes a factor is 0 is checked too
    lambda w, x, a, b: Equal(sp.Piecewise((1, a > 0), (0, True)) + sp.Piecewise((1, a < 0), (0, True)), 1),
    lambda w, x, a, b: Equal(sp.Max(a, b) - sp.Min(a, b), sp.Abs(a - b) + sp.Piecewise((0, sp.Ne(a, b)), (1, True))),
]


@pytest.mark.parametrize("make", TRUE)
def test_sign_dependent_identities_are_proved_case_by_case(make):
    s, d, *m = _space()
    claim = make(*m)
    asked = cases.asked_outside
    assert all(_over_q(claim, s, d, 1)) and all(_over_q(claim, s, d, 2))
    assert cases.asked_outside > asked, "no sign was asked: the test does not reach the split"
    assert components.run(claim, s, random.Random(0)).outcome == "equal"


@pytest.mark.parametrize("make", FALSE)
def test_an_identity_false_in_some_case_is_never_proved(make):
    s, d, *m = _space()
    claim = make(*m)
    assert not all(_over_q(claim, s, d, 1) + _over_q(claim, s, d, 2))
    assert components.run(claim, s, random.Random(0)).outcome != "equal"


def test_cases_are_split_depth_first_and_bounded(monkeypatch):
    s, d, w, x, a, b = _space()
    claim = Equal(sp.Max(a, b) + sp.Min(a, b), a + b)
    runs = []
    real = cases.by_cases
    monkeypatch.setattr(cases, "by_cases", lambda holds, limit=cases.MAX_CASES: real(
        lambda: runs.append(1) or holds(), limit))
    assert all(_over_q(claim, s, d, 1))
    assert 1 < len(runs) <= cases.MAX_CASES
    monkeypatch.setattr(cases, "by_cases", lambda holds, limit=cases.MAX_CASES: real(holds, 1))
    assert not any(_over_q(claim, s, d, 1)), "past its limit a split proves nothing"


def test_outside_a_split_a_sign_is_unknown_and_inside_one_it_is_assumed():
    import flint

    ctx = flint.fmpq_mpoly_ctx.get(("x0", "x1"), "lex")
    x0, x1 = ctx.gens()
    one = ctx.constant(1)
    with pytest.raises(TypeError):
        cases.sign_of_function(x0 - x1, one)
    seen = []

    def values():
        s = cases.sign_of_function(2 * x0 - 2 * x1, one)  # the factor x0 − x1, times 2
        t = cases.sign_of_function(x1 - x0, one)  # the same factor, negated
        cases.sign_of_function((x0 - x1) ** 2 * x1, one)  # and one more factor
        seen.append((s, t))
        return [flint.fmpq(s + t)]

    assert cases.by_cases(values)
    assert sorted(set(seen)) == [(-1, 1), (0, 0), (1, -1)]
    assert cases._ASSUMED is None
    assert not cases.by_cases(lambda: [flint.fmpq(cases.sign_of_function(x0, one) - 1)])
    # a denominator assumed 0: n/d is undefined in that case, so the split proves nothing
    assert not cases.by_cases(lambda: [flint.fmpq(0 * cases.sign_of_function(one, x0 + 1))])


def _expressions(a, b):
    from hypothesis import strategies as st

    atoms = st.sampled_from([a, b, a - b, a + b, a * b - 1, a ** 2 - b, sp.Integer(2), sp.Integer(-1)])

    def extend(children):
        return st.one_of(
            st.builds(lambda x, y: x + y, children, children),
            st.builds(lambda x, y: x * y, children, children),
            st.builds(sp.Abs, children),
            st.builds(lambda x, y: sp.Max(x, y), children, children),
            st.builds(lambda x, y: sp.Min(x, y), children, children),
            st.builds(lambda x, y: sp.Piecewise((x, x > y), (y, True)), children, children))

    return st.recursive(atoms, extend, max_leaves=6)


def _rewritten(e):
    """The same function written otherwise: max and min through |·|, |·| through max."""
    if not e.args:
        return e
    args = [_rewritten(x) for x in e.args]
    if isinstance(e, sp.Max) and len(args) == 2:
        x, y = args
        return (x + y + sp.Abs(x - y)) / 2
    if isinstance(e, sp.Min) and len(args) == 2:
        x, y = args
        return (x + y - sp.Abs(x - y)) / 2
    if isinstance(e, sp.Abs):
        return sp.Max(args[0], -args[0])
    if isinstance(e, sp.Piecewise):
        return e
    return e.func(*args)


def test_what_the_split_proves_holds_at_exact_points():
    """Random sign-dependent sides, each against itself rewritten (max and min through |·|,
    |·| through max: the same function) and against that plus a small perturbation (not the
    same): whenever the split proves lhs = rhs at the components instance, the two sides
    agree exactly at rational points of every sign pattern."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    s, d, w, x, a, b = _space()
    inst = s.components({d: sp.Integer(1)})[0]
    pts = [(sp.Rational(p, q), sp.Rational(r, t)) for p, q, r, t in
           [(3, 2, -1, 3), (-2, 1, 5, 4), (1, 1, 1, 1), (0, 1, -3, 2), (-1, 2, -1, 2), (2, 1, 1, 2),
            (-5, 3, 0, 1), (1, 3, 7, 2), (-4, 1, -9, 2), (1, 2, 1, 4), (1, 1, 0, 1), (2, 1, 3, 1)]]
    proved, asked = [], []

    @settings(max_examples=200, deadline=None, database=None)
    @given(_expressions(a, b), st.sampled_from([0, 1, 2]))
    def check(e, perturb):
        rhs = _rewritten(e) + [0, sp.Max(0, a - 1) - sp.Max(0, a) + 1, sp.Abs(a * b) - a * b][perturb]
        claim = Equal(e, rhs)
        before = cases.asked_outside
        if not claim.identity_over_q(inst.fresh()):
            return
        proved.append(claim)
        asked.append(cases.asked_outside > before)
        for va, vb in pts:
            lhs_v, rhs_v = (sp.simplify(side.subs({a: va, b: vb})) for side in (e, rhs))
            assert lhs_v == rhs_v, (claim, va, vb)

    check()
    assert sum(asked) >= 20, f"{sum(asked)} proofs by cases: too few to say anything"


def test_a_tie_inside_a_gradient_is_refused_in_its_case_too():
    """∇ max(w₁, w₂) does not exist where w₁ = w₂: the case that assumes the tie refuses
    (as at an exact point), so the split never proves a formula for the gradient there."""
    from derivations._symbols.expr import Grad

    s = Space()
    d = s.dim("d", sizes=(2,), fixed=True)
    w = s.vector("w", d)
    w1, w2 = w[0, 0], w[1, 0]
    one_sided = sp.ImmutableMatrix([sp.Piecewise((1, w1 >= w2), (0, True)),
                                    sp.Piecewise((0, w1 >= w2), (1, True))])
    claim = Equal(Grad(sp.Max(w1, w2), w), one_sided)
    inst = s.components({d: sp.Integer(2)})[0]
    seen = []
    real = cases.by_cases
    assert not real(lambda: seen.append(dict(cases._ASSUMED)) or claim.rational_residual(inst.fresh()))
    assert any(0 in [v[0] for v in a.values()] for a in seen), "the tie case was not reached"
    off_tie = Equal(Grad(sp.Max(w1, w2) + sp.Min(w1, w2), w), sp.ImmutableMatrix([1, 1]))
    # max + min is smooth, but a tie inside a gradient is refused all the same (SymPy decides)
    assert not off_tie.identity_over_q(inst)
