"""Exponentials of polynomials at a components instance (derivations._exact.exponentials):
sigmoid and softmax identities proved over ℚ(entries)(e^{b₁}, …) in flint — and never a
false one, nor one whose exponentials the basis cannot represent faithfully."""

import random

import flint
import pytest
import sympy as sp

from derivations._claims.claims import Equal
from derivations._methods import components
from derivations._exact import exponentials as X
from derivations._exact import ring
from derivations._symbols.expr import Grad, dot
from derivations._exact.refused import Refused
from derivations._decide.kinds import decider

from .test_cases import _over_q, _space  # the same space: w, x in d = 1, 2; scalars a, b


def _sigma(z):
    return 1 / (1 + sp.exp(-z))


TRUE = [
    # (unevaluated: SymPy would merge e^a·e^{-a} into 1 and (e^a)² into e^{2a} itself)
    lambda w, x, a, b: Equal(sp.Mul(sp.exp(a), sp.exp(-a), evaluate=False), 1),
    lambda w, x, a, b: Equal(sp.exp(2 * a), sp.Pow(sp.exp(a), 2, evaluate=False)),
    lambda w, x, a, b: Equal(sp.exp(a + b), sp.exp(a) * sp.exp(b)),
    lambda w, x, a, b: Equal(sp.exp(a) / (sp.exp(a) + sp.exp(b)), 1 / (1 + sp.exp(b - a))),
    lambda w, x, a, b: Equal(_sigma(a) + _sigma(-a), 1),
    # the logistic gradient: σ' = σ(1 − σ), and the cross-entropy's gradient (a log inside it)
    lambda w, x, a, b: Equal(Grad(_sigma(dot(w, x)), w),
                             _sigma(dot(w, x)) * (1 - _sigma(dot(w, x))) * x),
    lambda w, x, a, b: Equal(Grad(-sp.log(_sigma(dot(w, x))), w), -(1 - _sigma(dot(w, x))) * x),
    # signs by form: an exponential is positive
    lambda w, x, a, b: Equal(sp.Abs(sp.exp(a)), sp.exp(a)),
    lambda w, x, a, b: Equal(sp.Max(_sigma(a), 0), _sigma(a)),
]
FALSE = [
    lambda w, x, a, b: Equal(sp.exp(a) * sp.exp(b), sp.exp(a - b)),
    lambda w, x, a, b: Equal(sp.exp(2 * a), 2 * sp.exp(a)),
    lambda w, x, a, b: Equal(Grad(_sigma(dot(w, x)), w),
                             _sigma(dot(w, x)) * (1 + _sigma(dot(w, x))) * x),
    lambda w, x, a, b: Equal(sp.Abs(sp.exp(a) - 1), sp.exp(a) - 1),  # false for a < 0
    lambda w, x, a, b: Equal(sp.Max(sp.exp(a), sp.exp(b)), sp.exp(a)),
    lambda w, x, a, b: Equal(sp.exp(a * b), sp.exp(a) * sp.exp(b)),
]


@pytest.mark.parametrize("make", TRUE)
def test_exponential_identities_are_proved_in_flint(make):
    s, d, *m = _space()
    claim = make(*m)
    assert all(_over_q(claim, s, d, 1))
    insts = s.components({d: sp.Integer(2)})
    assert all(decider(claim).identity_over_q(i) for i in insts)
    assert any(i.exps is not None and i.exps.basis for i in insts), "no exponential met"
    assert components.run(claim, s, random.Random(0)).outcome == "equal"


@pytest.mark.parametrize("make", FALSE)
def test_a_false_exponential_identity_is_never_proved(make):
    s, d, *m = _space()
    claim = make(*m)
    assert not any(_over_q(claim, s, d, 1) + _over_q(claim, s, d, 2))
    assert components.run(claim, s, random.Random(0)).outcome != "equal"


def _entries(n=2, positive=0):
    """n real entry symbols (generators x0, …), then ``positive`` declared positive (p…)."""
    return ([sp.Symbol(f"u{i}", real=True) for i in range(n)]
            + [sp.Symbol(f"v{i}", positive=True) for i in range(positive)])


def _ring(n=2, positive=0):
    ctx = flint.fmpq_mpoly_ctx.get(ring.variable_names(_entries(n, positive)), "lex")
    return ctx, ctx.gens()


def _poly(p):
    from derivations._exact.numbers import PolyFraction

    return PolyFraction(p, p.context().constant(1))


def test_the_basis_keeps_exponents_independent_and_integer():
    ctx, g = _ring()
    x0, x1, e0, e1 = g[0], g[1], g[2], g[3]
    gen = X.ExpGenerators(ctx, 2)
    assert str(gen.exp(_poly(2 * x0 * x1)).n) == "e0^2"  # e^{2q}: the generator is e^{q}
    assert str(gen.exp(_poly(x0 * x1)).n) == "e0"
    inv = gen.exp(_poly(-x0 * x1))
    assert inv.n.is_one() and str(inv.d) == "e0"
    assert str(gen.exp(_poly(x0)).n) == "e1"
    both = gen.exp(_poly(x0 - 3 * x0 * x1))  # in the span: e^{x0} e^{-3 x0 x1}
    assert str(both.n) == "e1" and str(both.d) == "e0^3"
    third = gen.exp(_poly(flint.fmpq(3, 2) * x1))  # e^{(3/2) x1} = (e^{x1/2})³
    assert str(third.n) == "e2^3" and gen.basis[-1] == {(0, 1) + (0,) * ring.RESERVED: flint.fmpq(1, 2)}
    for bad, why in [(x0 + 1, "constant term"), (flint.fmpq(1, 2) * x0, "non-integer"),
                     (e0 * x0, "inside an exponent")]:
        with pytest.raises(Refused, match=why):
            gen.exp(_poly(bad))
    with pytest.raises(Refused, match="not a polynomial"):
        from derivations._exact.numbers import PolyFraction
        gen.exp(PolyFraction(x0, x1))


def test_past_the_reserved_generators_an_exponential_is_refused():
    ctx, g = _ring(1)
    gen = X.ExpGenerators(ctx, 1)
    for k in range(1, ring.RESERVED + 1):
        gen.exp(_poly(g[0] ** k))
    with pytest.raises(Refused, match="independent exponentials"):
        gen.exp(_poly(g[0] ** (ring.RESERVED + 1)))


def test_a_components_instance_keeps_its_generators_across_fresh_copies():
    s, d, w, x, a, b = _space()
    inst = s.components({d: sp.Integer(1)})[0]
    assert decider(Equal(sp.exp(a + b), sp.exp(a) * sp.exp(b))).identity_over_q(inst)
    assert inst.exps is not None and inst.exps.basis
    assert inst.fresh().exps is inst.exps  # a case split's keys name one function in every case


POSITIVE = ["1 + e0", "e0 + e1", "1 + x0^2", "e0*x0^2 + 3", "e0^3/e1",
            "p2", "p2 + x1^2", "p2^3*x0^2 + e0*p2", "p2*e1"]
NOT_POSITIVE = ["x0^2 + e0*x1^2", "1 - e0", "x0 + 1", "e0 - e1", "0*x0", "x0^2",
                "p2 - 1", "p2*x0", "x0^2*p2", "p2 - e0"]


def test_a_symbol_declared_positive_is_a_p_generator():
    assert ring.variable_names(_entries(2, 1))[:4] == ("x0", "x1", "p2", "e0")


def _parse(text):
    ctx, g = _ring(2, 1)
    names = dict(zip(ring.variable_names(_entries(2, 1)), g))
    return eval(text.replace("^", "**").split("/")[0], {}, names)  # (a numerator is enough)


@pytest.mark.parametrize("text", POSITIVE)
def test_positive_by_form(text):
    assert ring.positive_by_form(_parse(text))


@pytest.mark.parametrize("text", NOT_POSITIVE)
def test_not_positive_by_form(text):
    assert not ring.positive_by_form(_parse(text))


def test_what_is_positive_by_form_is_positive_at_random_points():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    ctx, g = _ring(2, 1)  # x0, x1 real; p2 positive; the exponentials
    monomials = st.tuples(st.integers(1, 3), *[st.integers(0, 3) for _ in range(len(g))])

    @settings(max_examples=300, database=None)
    @given(st.lists(monomials, min_size=1, max_size=5), st.integers(0, 2**32))
    def check(terms, seed):
        p = ctx.constant(0)
        for c, *ks in terms:
            m = ctx.constant(c)
            for v, k in zip(g, ks):
                m *= v ** k
            p += m
        if not ring.positive_by_form(p):
            return
        rng = random.Random(seed)
        for _ in range(20):
            xs = [flint.fmpq(rng.randint(-50, 50), rng.randint(1, 9)) for _ in range(2)]
            es = [flint.fmpq(rng.randint(1, 50), rng.randint(1, 50)) for _ in range(1 + ring.RESERVED)]
            assert p(*(xs + es)) > 0, (p, xs, es[:3])

    check()


def _exp_formulas(a, b):
    from hypothesis import strategies as st

    atoms = st.sampled_from([a, b, a - b, a * b, sp.Integer(2), sp.Integer(-1), sp.Rational(1, 2)])

    def extend(ch):
        return st.one_of(
            st.builds(lambda x, y: x + y, ch, ch), st.builds(lambda x, y: x * y, ch, ch),
            st.builds(lambda x, y: x / (1 + sp.exp(y)), ch, ch), st.builds(sp.exp, ch),
            st.builds(lambda x: sp.exp(-x), ch), st.builds(sp.Abs, ch),
            st.builds(lambda x: sp.log(1 + sp.exp(x)), ch))

    return st.recursive(atoms, extend, max_leaves=6)


def _soundness(examples):
    """Random formulas with exponentials, each against itself expanded (SymPy merges and
    splits exponentials: the same function), times e^{2a}(e^{-a})² (= 1), plus terms that
    are not 0 (1; e^{a+b} − e^a e^{-b}), and against another: whenever the flint route proves
    lhs = rhs, the sides agree at 12 points to 40 digits (a false identity of such functions
    differs by far more)."""
    from hypothesis import given, settings

    s, d, w, x, a, b = _space()
    inst = s.components({d: sp.Integer(1)})[0]
    proved = []
    pts = [(sp.Rational(p), sp.Rational(q)) for p in (-2, sp.Rational(-1, 3), 1, sp.Rational(5, 2))
           for q in (-1, sp.Rational(1, 2), 3)]

    @settings(max_examples=examples, database=None, deadline=None)
    @given(_exp_formulas(a, b), _exp_formulas(a, b))
    def check(e1, e2):
        one = sp.Mul(sp.exp(2 * a), sp.Pow(sp.exp(-a), 2, evaluate=False), evaluate=False)  # = 1
        off = sp.exp(a + b) - sp.Mul(sp.exp(a), sp.exp(-b), evaluate=False)  # ≠ 0
        for rhs in (sp.expand(e1, power_exp=True), sp.powsimp(e1), e1 * one,
                    e1 + sp.exp(a) - sp.exp(a + b) / sp.exp(b) + 1, e1 + off, e2):
            claim = Equal(e1, rhs)
            try:
                ok = decider(claim).identity_over_q(inst.fresh())
            except ZeroDivisionError:
                continue
            if not ok:
                continue
            proved.append(claim)
            for va, vb in pts:
                diff = (e1 - rhs).subs({a: va, b: vb})
                v = sp.N(diff, 60)
                if v.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
                    continue
                assert abs(v) < sp.Float("1e-40"), (claim, va, vb, v)

    check()
    return proved


def test_what_the_exponential_route_proves_holds_at_points():
    assert _soundness(40), "nothing proved: the test checks nothing"


@pytest.mark.slow
def test_what_the_exponential_route_proves_holds_at_points_many():
    assert len(_soundness(400)) >= 300
