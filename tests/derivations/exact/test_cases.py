"""The sign case split (derivations._exact.cases): |·|, max, min, conditions and √(p²) of
rational functions proved over ℚ(entry symbols) by proving every case of their signs — and
never an identity that fails in some case."""

import random

import pytest
import sympy as sp

from derivations._claims.claims import Equal, Iff
from derivations._methods import components
from derivations._exact import cases, signs
from derivations._symbols.expr import dot
from derivations._symbols.space import Space
from derivations._decide.kinds import decider


def _space():
    s = Space()
    d = s.dim("d", sizes=(1, 2))
    return s, d, s.vector("w", d), s.vector("x", d), s.scalar("a"), s.scalar("b")


def _over_q(claim, s, d, n):
    return [decider(claim).identity_over_q(inst) for inst in s.components({d: sp.Integer(n)})]


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
    # the case b = 0 leaves a/b undefined: nothing to prove there (the other cases prove it)
    lambda w, x, a, b: Equal(sp.Abs(a / b) * sp.Abs(b), sp.Abs(a)),
    lambda w, x, a, b: Equal(sp.Max(a / b, 0) * b ** 2, sp.Max(a * b, 0)),
    # the case a = 0 makes |a| exactly 0 and a/|a| a division by it: undefined there
    lambda w, x, a, b: Equal(a / sp.Abs(a) * sp.Max(a, -a), a),
    lambda w, x, a, b: Equal(dot(w, x) / sp.Abs(dot(w, x)) * sp.Max(dot(w, x), -dot(w, x)), dot(w, x)),
]
FALSE = [
    lambda w, x, a, b: Equal(sp.Abs(a / b) * b, sp.Abs(a)),  # false where b < 0
    lambda w, x, a, b: Equal(sp.Abs(a - b), a - b),
    lambda w, x, a, b: Equal(sp.Max(a, b), a),
    lambda w, x, a, b: Equal(sp.sqrt(a ** 2), a),
    lambda w, x, a, b: Equal(sp.Piecewise((a, a >= b), (b, True)), sp.Min(a, b)),
    lambda w, x, a, b: Equal(sp.Max(0, dot(w, x)), dot(w, x)),
    lambda w, x, a, b: Equal(sp.Abs(a) + sp.Abs(b), sp.Abs(a + b)),  # true only for ab ≥ 0
    # false only where a = 0: the case that assumes a factor is 0 is checked too
    lambda w, x, a, b: Equal(sp.Piecewise((1, a > 0), (0, True)) + sp.Piecewise((1, a < 0), (0, True)), 1),
    lambda w, x, a, b: Equal(sp.Max(a, b) - sp.Min(a, b), sp.Abs(a - b) + sp.Piecewise((0, sp.Ne(a, b)), (1, True))),
    # a quotient by 0 in every case, those that assume no factor 0 included: undefined
    # everywhere, never proved vacuously
    lambda w, x, a, b: Equal(1 / (sp.Max(a, b) + sp.Min(a, b) - a - b), 5),
]


#: Equivalences of conditions: each side's truth in every case of the signs. (A case may
#: assume signs no point has, where the two truths can differ: it is dropped when its factors
#: of one variable and degree 1 show it empty, else the split proves nothing and the cells
#: of Iff.identity decide.)
TRUE += [
    lambda w, x, a, b: Iff(a * b > 0, sp.Or(sp.And(a > 0, b > 0), sp.And(a < 0, b < 0))),
    lambda w, x, a, b: Iff(sp.Abs(a) > 0, sp.Ne(a, 0)),
    # a case with a < 0, a + 1 = 0 and a − 1 > 0 has no point: dropped when it fails
    lambda w, x, a, b: Iff(sp.Abs(a) > 1, sp.Or(a > 1, a < -1)),
    lambda w, x, a, b: Iff(sp.Max(a, b) > a, b > a),
    lambda w, x, a, b: Iff(dot(w, x) * a > 0, sp.Or(sp.And(dot(w, x) > 0, a > 0), sp.And(dot(w, x) < 0, a < 0))),
]
FALSE += [
    lambda w, x, a, b: Iff(a * b >= 0, sp.And(a >= 0, b >= 0)),  # false where a, b < 0
    lambda w, x, a, b: Iff(a > 0, a >= 0),  # false only where a = 0
    lambda w, x, a, b: Iff(a * b > 0, sp.Or(sp.And(a >= 0, b > 0), sp.And(a < 0, b < 0))),  # a = 0
]


@pytest.mark.parametrize("make", TRUE)
def test_sign_dependent_identities_are_proved_case_by_case(make):
    s, d, *m = _space()
    claim = make(*m)
    asked = signs.asked_outside
    assert all(_over_q(claim, s, d, 1)) and all(_over_q(claim, s, d, 2))
    assert signs.asked_outside > asked, "no sign was asked: the test does not reach the split"
    assert components.run(claim, s, random.Random(0)).outcome == "equal"


@pytest.mark.parametrize("make", FALSE)
def test_an_identity_false_in_some_case_is_never_proved(make):
    s, d, *m = _space()
    claim = make(*m)
    assert not all(_over_q(claim, s, d, 1) + _over_q(claim, s, d, 2))
    assert components.run(claim, s, random.Random(0)).outcome != "equal"


def test_a_scalar_declared_positive_is_never_assumed_negative_or_zero():
    s, d, w, x, a, b = _space()
    eta = s.scalar("eta", positive=True)
    for claim in (Equal(sp.Abs(eta) * a, eta * a), Equal(sp.Max(eta, -eta, 0) * a, eta * a),
                  Iff(eta * a > 0, a > 0)):
        assert all(_over_q(claim, s, d, 1)), claim
    for claim in (Equal(sp.Abs(a) * eta, a * eta), Iff(eta * a > 0, eta > 0),
                  Equal(sp.Max(eta - 1, 0), eta - 1)):
        assert not all(_over_q(claim, s, d, 1)), claim


def test_a_case_is_empty_only_when_no_value_has_its_signs():
    """The factors of one variable and degree 1 in a case bound each variable; _empty is
    True exactly when some variable's bounds leave nothing, checked against every candidate
    a nonempty set of such bounds must contain (each r, the midpoints, r ± 1)."""
    import flint
    from hypothesis import given, settings
    from hypothesis import strategies as st

    names = ("x0", "x1", "p2", "e0")
    ctx = flint.fmpq_mpoly_ctx.get(names, "lex")
    rs = st.fractions(min_value=-3, max_value=3, max_denominator=4)

    @settings(max_examples=400, database=None)
    @given(st.lists(st.tuples(st.integers(0, 3), rs, st.sampled_from([-1, 0, 1])), max_size=5))
    def check(constraints):
        assumed, by_var = {}, {i: [] for i in range(len(names))}
        for i, r, sign in constraints:
            r = flint.fmpq(r.numerator, r.denominator)
            f = ctx.gens()[i] - r  # monic, as a factor is
            if str(f) not in assumed:
                assumed[str(f)] = (sign, f)
                by_var[i].append((r, sign))
        empty = cases._empty(assumed)

        def sign_of(v):
            return (v > 0) - (v < 0)

        for i, bounds in by_var.items():
            cuts = sorted({r for r, _ in bounds} | {flint.fmpq(0)})
            candidates = (cuts + [c + 1 for c in cuts] + [c - 1 for c in cuts]
                          + [(p + q) / 2 for p, q in zip(cuts, cuts[1:])])
            feasible = any((v > 0 or names[i][0] not in "ep")
                           and all(sign_of(v - r) == sign for r, sign in bounds)
                           for v in candidates)
            if not feasible:
                assert empty, (assumed, i)
                return
        assert not empty, assumed

    check()


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
        signs.sign_of_function(x0 - x1, one)
    seen = []

    def values():
        s = signs.sign_of_function(2 * x0 - 2 * x1, one)  # the factor x0 − x1, times 2
        t = signs.sign_of_function(x1 - x0, one)  # the same factor, negated
        signs.sign_of_function((x0 - x1) ** 2 * x1, one)  # and one more factor
        seen.append((s, t))
        return [flint.fmpq(s + t)]

    assert cases.by_cases(values)
    assert sorted(set(seen)) == [(-1, 1), (0, 0), (1, -1)]
    assert signs._ASSUMED is None
    assert not cases.by_cases(lambda: [flint.fmpq(signs.sign_of_function(x0, one) - 1)])
    # a denominator assumed 0: n/d is undefined in that case, which has nothing to prove;
    # the other cases still must hold
    assert cases.by_cases(lambda: [flint.fmpq(0 * signs.sign_of_function(one, x0 + 1))])
    assert not cases.by_cases(lambda: [flint.fmpq(signs.sign_of_function(one, x0 + 1) - 1)])


def _expressions(a, b):
    """Random scalar formulas in a, b with |·|, max, min, √, quotients and piecewise pieces
    under conditions >, ≥, = and ≠ (a formula SymPy cannot build is replaced by its first
    argument)."""
    from hypothesis import strategies as st

    atoms = st.sampled_from([a, b, a - b, a + b, a * b - 1, a ** 2 - b, sp.Integer(2),
                             sp.Integer(-1), sp.Rational(1, 2)])

    def guarded(make):
        def build(x, *rest):
            try:
                return make(x, *rest)
            except (TypeError, ValueError):  # a comparison of a non-real value
                return x
        return build

    def piece(rel):
        return guarded(lambda x, y, z: sp.Piecewise((x, rel(y, z)), (z, True)))

    def extend(ch):
        return st.one_of(
            st.builds(lambda x, y: x + y, ch, ch), st.builds(lambda x, y: x * y, ch, ch),
            st.builds(guarded(lambda x, y: x / y), ch, ch), st.builds(sp.Abs, ch),
            st.builds(sp.sqrt, ch), st.builds(guarded(sp.Max), ch, ch),
            st.builds(guarded(sp.Min), ch, ch),
            *[st.builds(piece(rel), ch, ch, ch) for rel in (sp.Gt, sp.Ge, sp.Eq, sp.Ne)])

    return st.recursive(atoms, extend, max_leaves=7)


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


#: Points of every sign pattern of the atoms, ties (a = b, ab = 1, a² = b, a + b = 0)
#: included: where a false proof shows.
_POINTS = [(sp.Rational(p), sp.Rational(q)) for p in (-3, -1, 0, sp.Rational(1, 2), 1, 2)
           for q in (-2, -1, 0, sp.Rational(1, 3), 1, 2)]


def _fuzz_space(positive: bool):
    """(a, b, the components instance at d = 1, the points): b real, or declared positive
    (its generator p…, never assumed ≤ 0; the points then those with b > 0)."""
    s, d, w, x, a, b = _space()
    if positive:
        b = s.scalar("c", positive=True)
    points = [(va, vb) for va, vb in _POINTS if vb > 0 or not positive]
    return a, b, s.components({d: sp.Integer(1)})[0], points


def _soundness(examples: int | None, positive: bool = False):
    """Random formulas, each against itself expanded, rewritten (the same function) and
    rewritten plus |a| − a (not the same), and against another: whenever the flint route
    proves lhs = rhs at the components instance (by cases or not), the two sides agree
    exactly at every point of _POINTS where both are defined."""
    from hypothesis import given, settings

    a, b, inst, points = _fuzz_space(positive)
    proved, by_cases = [], []

    def value(e, va, vb):
        return sp.nsimplify(sp.simplify(e.subs({a: va, b: vb})))

    def agree(e1, rhs):
        def at(va, vb):
            lv, rv = value(e1, va, vb), value(rhs, va, vb)
            if any(v.has(sp.nan, sp.zoo, sp.oo, -sp.oo) for v in (lv, rv)):
                return None
            return sp.simplify(lv - rv) == 0
        return at

    @settings(**({} if examples is None else {"max_examples": examples}), database=None)
    @given(_expressions(a, b), _expressions(a, b))
    def check(e1, e2):
        for rhs in (sp.expand(e1), _rewritten(e1), _rewritten(e1) + sp.Abs(a) - a, e2):
            _check_if_proved(Equal(e1, rhs), inst, points, proved, by_cases, agree(e1, rhs))

    check()
    return proved, by_cases


def _check_if_proved(claim, inst, points, proved: list, by_cases: list, same_at) -> None:
    """When the flint route proves ``claim`` at ``inst`` (by cases or not), record it and
    check ``same_at(a, b)`` — True, or None where a side is undefined — at every point."""
    before = signs.asked_outside
    try:
        ok = decider(claim).identity_over_q(inst.fresh())
    except ZeroDivisionError:  # a quotient by the constant 0, built by the strategy
        return
    if not ok:
        return
    proved.append(claim)
    by_cases.append(signs.asked_outside > before)
    for va, vb in points:
        try:
            same = same_at(va, vb)
        except (TypeError, ValueError, ZeroDivisionError):
            continue  # undefined there (a comparison of a non-real value)
        assert same is not False, (claim, va, vb)


_RELATIONS = (sp.Gt, sp.Ge, sp.Lt, sp.Le, sp.Eq, sp.Ne)


def _iff_soundness(examples: int | None, positive: bool = False):
    """Random conditions rel(e₁, e₂), each against itself rewritten (the same truth), with
    |a| − a added to one side, with another relation and with its sides swapped (not the
    same): whenever the flint route proves the two equivalent at the components instance,
    their truths agree at every point of _POINTS where both sides of both are real."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    a, b, inst, points = _fuzz_space(positive)
    proved, by_cases = [], []

    def truth(c, va, vb):
        sides = [sp.nsimplify(sp.simplify(e.subs({a: va, b: vb}))) for e in c.args]
        if any(v.has(sp.nan, sp.zoo, sp.oo, -sp.oo) or not v.is_real for v in sides):
            return None
        return bool(type(c)(*sides))

    def agree(c1, c2):
        def at(va, vb):
            t1, t2 = truth(c1, va, vb), truth(c2, va, vb)
            return None if t1 is None or t2 is None else t1 == t2
        return at

    def condition(rel, e1, e2):
        try:
            c = rel(e1, e2)
        except (TypeError, ValueError):  # a comparison of a non-real value
            return None
        return c if isinstance(c, sp.core.relational.Relational) else None

    @settings(**({} if examples is None else {"max_examples": examples}), database=None)
    @given(_expressions(a, b), _expressions(a, b), st.sampled_from(_RELATIONS),
           st.sampled_from(_RELATIONS))
    def check(e1, e2, rel, other):
        c1 = condition(rel, e1, e2)
        if c1 is None:
            return
        for c2 in (condition(rel, _rewritten(e1), _rewritten(e2)),
                   condition(rel, e1 + sp.Abs(a) - a, e2), condition(other, e1, e2),
                   condition(rel, e2, e1)):
            if c2 is not None:
                _check_if_proved(Iff(c1, c2), inst, points, proved, by_cases, agree(c1, c2))

    check()
    return proved, by_cases


def test_what_the_flint_route_proves_holds_at_exact_points():
    proved, by_cases = _soundness(None)
    assert proved and any(by_cases), "nothing proved by cases: the test checks nothing"


def test_an_equivalence_the_split_proves_holds_at_exact_points():
    proved, by_cases = _iff_soundness(None)
    assert proved and any(by_cases), "nothing proved by cases: the test checks nothing"


@pytest.mark.slow
def test_an_equivalence_the_split_proves_holds_at_exact_points_many():
    proved, by_cases = _iff_soundness(400)
    assert len(proved) >= 100 and sum(by_cases) >= 50


@pytest.mark.slow
@pytest.mark.parametrize("fuzz", [_soundness, _iff_soundness])
def test_with_b_declared_positive_what_is_proved_holds_where_b_is_positive(fuzz):
    proved, by_cases = fuzz(300, positive=True)
    assert len(proved) >= 100 and sum(by_cases) >= 50


@pytest.mark.slow
def test_what_the_flint_route_proves_holds_at_exact_points_many():
    """400 examples: at the session that wrote it, the route before its fixes gave two false
    proofs (an = condition read as the functions' identity) in 400; after them, none in
    400 with 815 proofs."""
    proved, by_cases = _soundness(400)
    assert len(proved) >= 300 and sum(by_cases) >= 50


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
    assert not real(lambda: seen.append(dict(signs._ASSUMED)) or decider(claim).rational_residual(inst.fresh()))
    assert any(0 in [v[0] for v in a.values()] for a in seen), "the tie case was not reached"
    off_tie = Equal(Grad(sp.Max(w1, w2) + sp.Min(w1, w2), w), sp.ImmutableMatrix([1, 1]))
    # max + min is smooth, but a tie inside a gradient is refused all the same (SymPy decides)
    assert not decider(off_tie).identity_over_q(inst)
