"""The Schwartz–Zippel bound of exact random is true: stated only over the sets the parameters
are actually drawn from (derivations/_methods/degree.py ``claim_bound``).

The property test plants a failure of known probability q per point under the engine's own
drawing distribution (an integer value, a labelling, the roots of a polynomial in a rational)
and checks that no stated bound is contradicted: a verdict ``verified`` with bound P must have
P ≥ (1 − q)^r, the probability that r independent uniform points all miss the failure — so
a failure the draws can never see (q = 0) gets no bound at all.
"""

import random
from fractions import Fraction

import sympy as sp
from hypothesis import given, settings, strategies as st

from derivations import Equal, Space, verify
from derivations._methods import exact_random
from derivations._methods.degree import USEFUL_BOUND, claim_bound
from derivations._symbols.space import INTEGER_LOW, INTEGER_TOP


def _integer_claim(failing: set[int]):
    """g(n)·(1 + x²) = 0 for an integer n: false exactly where g(n) ≠ 0, i.e. at the drawn
    values in ``failing`` (and at every integer outside the drawn range)."""
    s = Space()
    s.dim("d", sizes=(1, 2))
    n, x = s.scalar("n", integer=True), s.scalar("x")
    roots = [j for j in range(INTEGER_LOW, INTEGER_TOP + 1) if j not in failing]
    g = sp.Mul(*[(n - j) for j in roots]) if roots else sp.Integer(1)
    return s, Equal(g * (1 + x**2), 0)


def test_an_integer_claim_false_only_outside_the_drawn_range_gets_no_bound():
    """The issue's case: false only at n = 7 (the draws come from [−5, 6]). The old code
    stated P ≤ 6e-33 as if n were drawn from 2^41 values; now the bound over the 12 values
    actually drawn is ≥ 1, so none is stated and the detail says why."""
    s, claim = _integer_claim(set())
    for seed in range(3):
        rand = exact_random.run(claim, s, random.Random(seed))
        assert rand.outcome == "equal"  # the draws never see n = 7
        assert rand.bound is None and "n from 12 values" in rand.detail
    assert verify(claim, s).status == "undecided"  # and no proof: never verified


def test_a_bound_over_integers_is_the_generalised_one():
    """deg_n / 12 + deg_x / 2^40 per point: degree 1 in n gives (1/12 + 2/2^40)^3 < 1e-3."""
    s = Space()
    n, x = s.scalar("n", integer=True), s.scalar("x")
    bound, why = claim_bound(Equal(n * x**2, x**2 * n), s, {}, 3)
    assert why == "" and abs(bound - (1 / 12 + 2 / 2**40) ** 3) < 1e-12
    bound, why = claim_bound(Equal(n**2 * x, x * n**2), s, {}, 3)  # (2/12)^3 > 1e-3
    assert bound is None and "12 values" in why


def _labels_claim(m: int, target: tuple[int, ...]):
    """(1 + x²)·Π_i (1 + s_i t_i)/2 = 0 for labels t of fixed length m: false exactly at the
    labelling t = s."""
    s = Space()
    N = s.dim("N", sizes=(m,), fixed=True)
    t, x = s.vector("t", N, labels=True), s.scalar("x")
    prod = sp.Mul(*[(1 + si * t[i, 0]) / 2 for i, si in enumerate(target)])
    return s, Equal((1 + x**2) * prod, 0)


def _uniform_label_probability(m: int, target: tuple[int, ...]) -> Fraction:
    """P(t = target) under exact random's uniform draw of labels (each ±1 with probability
    1/2; a one-class vector gets one random entry flipped)."""
    p = Fraction(1, 2**m)
    if len(set(target)) == 1:
        return Fraction(0)
    q = p
    for cls in (1, -1):
        diff = [i for i in range(m) if target[i] != cls]
        if len(diff) == 1:
            q += p * Fraction(1, m)
    return q


def test_labels_drawn_at_random_at_the_top_size_leave_no_bound():
    """The issue's case: a claim false at one labelling of 7 (probability 1/128 + 1/896 per
    uniform point) passed exact random with P ≤ 1e-36 at most seeds; now no bound is stated."""
    target = (1, 1, 1, 1, 1, 1, -1)
    s, claim = _labels_claim(7, target)
    outcomes = [exact_random.run(claim, s, random.Random(seed)) for seed in range(6)]
    passed = [o for o in outcomes if o.outcome == "equal"]
    assert passed  # the failure is rare under the draws: it passes at some seeds
    for o in passed:
        assert o.bound is None and "t drawn at random" in o.detail


def test_few_labellings_at_the_top_size_are_enumerated():
    """Two labels of length 2 have 2 legal labellings (both classes present): the uniform
    points run through each, so a claim false at one of them is refuted at every seed, and a
    true claim keeps a bound (the labels are not random there)."""
    s, claim = _labels_claim(2, (1, -1))
    assert all(verify(claim, s, seed=k).status == "refuted" for k in range(4))
    s2 = Space()
    N = s2.dim("N", sizes=(2,), fixed=True)
    t, x = s2.vector("t", N, labels=True), s2.scalar("x")
    r = verify(Equal(x * t.T * t, 2 * x * sp.Identity(1)), s2, seed=0)
    assert r.status == "verified" and r.scope().get("bound", 1) < USEFUL_BOUND


# -- the property test ---------------------------------------------------------------------------

@st.composite
def planted(draw):
    """(space, claim, q): a false claim whose failure has probability q per uniform point."""
    kind = draw(st.sampled_from(["integer", "labels", "rational"]))
    if kind == "integer":
        drawn = range(INTEGER_LOW, INTEGER_TOP + 1)
        failing = set(draw(st.lists(st.sampled_from(list(drawn)), max_size=3)))
        s, claim = _integer_claim(failing)
        return s, claim, Fraction(len(failing), len(drawn))
    if kind == "labels":
        m = draw(st.integers(2, 7))
        target = draw(st.lists(st.sampled_from([1, -1]), min_size=m, max_size=m))
        if len(set(target)) == 1:  # a one-class labelling is not a legal input: the claim
            target[-1] = -target[-1]  # would be true; plant the failure at a legal one
        target = tuple(target)
        s, claim = _labels_claim(m, target)
        return s, claim, _uniform_label_probability(m, target)
    # a rational: false except at a few roots, which uniform draws from 2^41 values miss
    s = Space()
    s.dim("d", sizes=(1, 2))
    x, y = s.scalar("x"), s.scalar("y")
    roots = draw(st.lists(st.fractions(-4, 4, max_denominator=7), min_size=1, max_size=4))
    poly = sp.Mul(*[(x - sp.Rational(r.numerator, r.denominator)) for r in roots])
    return s, Equal(poly * (1 + y**2), 0), Fraction(1) - Fraction(len(set(roots)), 2**41)


@settings(max_examples=15, deadline=None)
@given(planted(), st.integers(0, 2**16))
def test_no_stated_bound_is_contradicted_by_a_planted_failure(case, seed):
    """Exact random's own statement (the bound in its outcome) and the verdict's scope."""
    s, claim, q = case
    o = exact_random.run(claim, s, random.Random(seed))
    uniform = exact_random.BOUND_POINTS * len(exact_random.size_plan(claim, s)[1])
    if o.outcome == "equal" and o.bound is not None:
        assert o.bound >= float((1 - q) ** uniform), (o.bound, q, o.detail)
        assert o.bound < USEFUL_BOUND
    r = verify(claim, s, seed=seed)
    bound = r.scope().get("bound")
    if r.status != "refuted" and bound is not None:
        assert bound >= float((1 - q) ** uniform), (r.status, bound, q)


def test_the_planted_probabilities_are_the_engines():
    """The q the property test assumes for labels is what the sampler draws (uniform mode)."""
    m, target = 4, (1, 1, 1, -1)
    s, _ = _labels_claim(m, target)
    rng = random.Random(3)
    sizes = s.size_assignments()[0]
    n = 6000
    hits = sum(tuple(s.random_instance(sizes, rng, "uniform")[0].discrete["t"]) == target
               for _ in range(n))
    q = float(_uniform_label_probability(m, target))
    assert abs(hits / n - q) < 4 * (q * (1 - q) / n) ** 0.5
