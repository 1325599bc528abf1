"""The size argument (derivations._methods.sizes) and the claims it exists for: true at small sizes,
false beyond. Each must end refuted with an exact counterexample at the smallest failing size,
and a true identity in the fragment must be proved for every size."""

import random

import sympy as sp

from derivations._claims.claims import Equal
from derivations._verdicts.engine import verify_claim
from derivations._methods import exact_random
from derivations._methods.sizes import claim_requirement, sizes_meeting
from derivations._symbols.space import Space


def _cayley_hamilton_3():
    """The cubic Cayley–Hamilton identity, true for every 3×3 matrix, false for d ≥ 4."""
    s = Space()
    d = s.dim("d")
    A = s.matrix("A", d, d)
    t1, t2, t3 = sp.Trace(A), sp.Trace(A * A), sp.Trace(A * A * A)
    lhs = (A**3 - t1 * A**2 + sp.Rational(1, 2) * (t1**2 - t2) * A
           - sp.Rational(1, 6) * (t1**3 - 3 * t1 * t2 + 2 * t3) * sp.Identity(d))
    return s, d, Equal(lhs, sp.ZeroMatrix(d, d))


def _gram_determinant():
    """det(XᵀX) = 0 for X N×4: true for N ≤ 3 (rank ≤ N), false for N ≥ 4."""
    s = Space()
    N = s.dim("N")
    X = s.matrix("X", N, 4)
    return s, N, Equal(sp.Determinant(X.T * X), 0)


def test_cayley_hamilton_needs_size_four():
    s, d, claim = _cayley_hamilton_3()
    req = claim_requirement(claim, s)
    assert req is not None and req.k[d] == 4 and req.loops[d] == 1
    assert sizes_meeting(req, s, cap=8) == [{d: 4}, {d: 5}]


def test_trace_cyclicity_needs_size_three_and_is_proved_for_every_size():
    s = Space()
    d = s.dim("d")
    A, B, C = (s.matrix(n, d, d) for n in "ABC")
    claim = Equal(sp.Trace(A * B * C), sp.Trace(C * A * B))
    req = claim_requirement(claim, s)
    assert req is not None and req.k[d] == 3
    r = verify_claim("tr(ABC) = tr(CAB)", claim, s, random.Random(0))
    assert r.status == "verified", r.methods


def test_sizes_outside_the_fragment_are_not_claimed():
    """An inverse of a d×d matrix: its adjugate's degree grows with d, no size argument."""
    s = Space()
    d = s.dim("d")
    A, B = s.matrix("A", d, d, "spd"), s.matrix("B", d, d, "spd")
    assert claim_requirement(Equal((A * B).I, B.I * A.I), s) is None


def test_cayley_hamilton_is_refuted_at_d_4_with_an_exact_counterexample():
    s, d, claim = _cayley_hamilton_3()
    r = verify_claim("cubic Cayley–Hamilton at every d", claim, s, random.Random(0))
    assert r.status == "refuted", r.methods
    assert r.counterexample["sizes"] == {"d": 4}
    A = sp.Matrix(sp.sympify(r.counterexample["values"]["A"]))
    assert A.shape == (4, 4) and all(v.is_Rational for v in A)
    t1, t2, t3 = A.trace(), (A * A).trace(), (A**3).trace()
    lhs = A**3 - t1 * A**2 + (t1**2 - t2) / 2 * A - (t1**3 - 3 * t1 * t2 + 2 * t3) / 6 * sp.eye(4)
    assert lhs != sp.zeros(4, 4)  # checked by hand, independently of the engine


def test_gram_determinant_is_refuted_at_n_4():
    s, N, claim = _gram_determinant()
    r = verify_claim("det(X^T X) = 0 for X N×4", claim, s, random.Random(0))
    assert r.status == "refuted", r.methods
    assert r.counterexample["sizes"] == {"N": 4}
    X = sp.Matrix(sp.sympify(r.counterexample["values"]["X"]))
    assert (X.T * X).det() != 0


def test_every_growing_dimension_is_sampled_past_the_components_sizes():
    s, d, claim = _cayley_hamilton_3()
    growth, tops, why = exact_random.size_plan(claim, s)
    assert max(int(a[d]) for a in growth + tops) >= 5 and "size argument" in why


def test_a_fixed_dimension_is_never_grown():
    s = Space()
    K = s.dim("K", sizes=(2,), fixed=True)
    d = s.dim("d")
    w = s.vector("w", d)
    M = s.matrix("M", K, d)
    growth, tops, _ = exact_random.size_plan(Equal(M * w, M * w + sp.ZeroMatrix(K, 1)), s)
    assert all(int(a[K]) == 2 for a in growth + tops)


def test_components_stop_at_the_size_arguments_grid():
    """Proved at the grid the size argument names, the claim holds for every size: the
    components method instantiates no larger declared size (exact random samples those)."""
    from derivations._methods import components

    s = Space()
    d = s.dim("d", sizes=(1, 2, 3, 4))
    A, B, C = (s.matrix(n, d, d) for n in "ABC")
    claim = Equal(sp.Trace(A * B * C), sp.Trace(C * A * B))
    grid = sizes_meeting(claim_requirement(claim, s), s, cap=4)
    asked = []
    real = s.components
    s.components = lambda sizes: asked.append(dict(sizes)) or real(sizes)
    o = components.run(claim, s, random.Random(0))
    assert o.outcome == "equal" and o.all_sizes
    assert asked == grid == o.proved and max(int(a[d]) for a in grid) < 4
    # outside the fragment (no size argument) every declared size is proved, as before
    P, Q = s.matrix("P", d, d, "spd"), s.matrix("Q", d, d, "spd")
    asked.clear()
    o = components.run(Equal((P * Q).I, Q.I * P.I), s, random.Random(0))
    assert [int(a[d]) for a in asked] == [1, 2, 3, 4] and not o.all_sizes


def test_a_claim_proved_for_every_size_does_not_bound_the_sizes_proved():
    from derivations._methods.outcome import Outcome
    from derivations._verdicts.engine import ClaimResult, scope_of

    d = sp.Symbol("d")

    def proved(top, every):
        o = Outcome("components", "equal", proved=[{d: sp.Integer(k)} for k in range(1, top + 1)])
        o.all_sizes = "size argument" if every else None
        return ClaimResult("c", "verified", [o])

    grid_only, to_three = proved(1, True), proved(3, False)
    assert scope_of([grid_only, to_three])["proved_up_to"] == {"d": 3}
    assert scope_of([grid_only, proved(2, True)])["proved_up_to"] == {"d": 1}
    assert scope_of([to_three, proved(2, False)])["proved_up_to"] == {"d": 2}


def test_a_requirement_is_computed_once_per_claim_and_space_and_again_when_the_space_grows(monkeypatch):
    from derivations._methods import sizes

    calls = []
    real = sizes._claim_requirement
    monkeypatch.setattr(sizes, "_claim_requirement", lambda c, s: calls.append(c) or real(c, s))
    s = Space()
    d = s.dim("d")
    A, B = s.matrix("A", d, d), s.matrix("B", d, d)
    claim = Equal(sp.Trace(A * B), sp.Trace(B * A))
    first = [claim_requirement(claim, s) for _ in range(3)]
    assert len(calls) == 1 and first[0] == first[2] and first[0].k[d] == 2
    assert claim_requirement(claim, _cayley_hamilton_3()[0]) is None  # another space: its own answer
    assert len(calls) == 2
    C = s.matrix("C", d, d)
    s.define(B, A * C)  # tr(A A C) = tr(A C A): one more factor, a larger size decides
    grown = claim_requirement(claim, s)
    assert len(calls) == 3 and grown == real(claim, s) and grown.k[d] == 3


# --- counting a claim as one rational function of each size (issue 33) -----------------------

def _partial_fractions_vanishing_at(k: int, d):
    """R(d) = Π_{j≤k} (d − j) / Π_{j≤k+1} (d + j), written as partial fractions: each term has
    degree 0 in its numerator, the sum over a common denominator has degree k."""
    t = sp.Symbol("t")
    R = sp.apart(sp.Mul(*[t - j for j in range(1, k + 1)]) / sp.Mul(*[t + j for j in range(1, k + 2)]), t)
    assert isinstance(R, sp.Add) and len(R.args) == k + 1
    return R.subs(t, d)


def test_a_sum_of_fractions_counts_the_degree_of_its_common_numerator():
    """tr(A)·R(d) = 0, R vanishing at d = 1..4 only: the requirement reaches d = 5 (the old
    count took each term's 0 and called the claim proved for every size at d = 1)."""
    from derivations._methods.sizes import combine_sum

    s = Space()
    d = s.dim("d")
    A = s.matrix("A", d, d)
    R = _partial_fractions_vanishing_at(4, d)
    req = claim_requirement(Equal(sp.Trace(A) * R, 0), s)
    assert req.k[d] == 1 and req.loops[d] == 4 and req.sizes_needed(d) == [1, 2, 3, 4, 5]
    # the rule itself: a/b + c/e has numerator max(a + e, c + b), denominator lcm(b, e)
    one, none = {d: (0, 1, 0)}, {d: (0, 0, 0)}
    b, e = {"d+1": (1, one)}, {"d+2": (1, one)}
    num, den = combine_sum([(none, b), (none, e), ({d: (2, 0, 0)}, {})], none)
    assert num[d] == (2, 2, 0) and den == {**b, **e}
    num, den = combine_sum([(none, b), ({d: (0, 1, 0)}, b)], none)  # 1/b + d/b = (1 + d)/b
    assert num[d] == (0, 1, 0) and den == b


def test_d_written_as_the_trace_of_the_identity_or_a_sums_range_counts_as_d():
    s = Space()
    d = s.dim("d")
    u = s.vector("u", d)
    n = sp.Symbol("n", integer=True, positive=True)
    from derivations._symbols.nodes import DataSum

    as_trace = _partial_fractions_vanishing_at(3, d).subs(d, sp.Trace(sp.Identity(d)))
    assert claim_requirement(Equal(as_trace * u, sp.ZeroMatrix(d, 1)), s).sizes_needed(d) == [1, 2, 3, 4]
    as_sum = (d - 1) * (DataSum(sp.Integer(1), (n, 1, d)) - 2)  # (d − 1)(d − 2): degree 2
    assert claim_requirement(Equal(as_sum * u, sp.ZeroMatrix(d, 1)), s).sizes_needed(d) == [1, 2, 3]


def test_partial_fractions_vanishing_at_1_to_4_are_refuted_at_d_5_with_u_trace_and_tr_identity():
    for form in ("tr(A)", "u", "tr(I)"):
        s = Space()
        d = s.dim("d")
        R = _partial_fractions_vanishing_at(4, d)
        if form == "tr(A)":
            claim = Equal(sp.Trace(s.matrix("A", d, d)) * R, 0)
        elif form == "u":
            claim = Equal(R * s.vector("u", d), sp.ZeroMatrix(d, 1))
        else:
            claim = Equal(sp.Trace(s.matrix("A", d, d)) * R.subs(d, sp.Trace(sp.Identity(d))), 0)
        r = verify_claim(f"R(d) with {form}", claim, s, random.Random(0))
        assert r.status == "refuted" and r.counterexample["sizes"] == {"d": 5}, (form, r.methods)


def _newton(k: int):
    """k!·e_k(x_1..x_N) written in power sums: 0 for N < k, not from N = k."""
    from derivations._symbols.nodes import DataSum
    from derivations._verdicts.families import _elementary_in_power_sums

    s = Space()
    N = s.dim("N")
    x = s.vector("x", N)
    n = sp.Symbol("n", integer=True, positive=True)
    p = [None] + [DataSum(x[n - 1, 0] ** j, (n, 1, N)) for j in range(1, k + 1)]
    return s, N, Equal(_elementary_in_power_sums(k, p), 0)


def test_sums_over_positions_need_sizes_one_to_m_plus_one():
    """m sums over N's positions in a monomial (p_1^k: k of them): N ∈ {1, …, m + 1}."""
    for k in (3, 6):
        s, N, claim = _newton(k)
        req = claim_requirement(claim, s)
        assert req.sums[N] == k and req.sizes_needed(N) == list(range(1, k + 2))


def test_a_sum_whose_index_weights_its_terms_or_mixes_with_whole_vectors_is_outside():
    from derivations._symbols.nodes import DataSum

    s = Space()
    N = s.dim("N")
    x, y = s.vector("x", N), s.vector("y", N)
    n = sp.Symbol("n", integer=True, positive=True)
    assert claim_requirement(Equal(DataSum(n * x[n - 1, 0], (n, 1, N)), 0), s) is None
    mixed = DataSum(x[n - 1, 0] ** 3, (n, 1, N)) * Scalar_(x, y)
    assert claim_requirement(Equal(mixed, 0), s) is None


def Scalar_(x, y):
    from derivations._symbols.expr import Scalar

    return Scalar(x.T * y)


def test_newton_6_and_7_are_refuted_at_n_equal_k():
    """Once verified "proved N ≤ 3, sampled N ≤ 5": sampled only to OUTSIDE_TOP."""
    for k in (6, 7):
        s, N, claim = _newton(k)
        r = verify_claim(f"{k}! e_{k} = 0", claim, s, random.Random(1))
        assert r.status == "refuted" and r.counterexample["sizes"] == {"N": k}, r.methods


def _cayley_hamilton(k: int):
    s = Space()
    d = s.dim("d")
    A = s.matrix("A", d, d)
    t = [None] + [sp.Trace(A ** i) for i in range(1, k + 1)]
    e = [sp.Integer(1)]
    for j in range(1, k + 1):
        e.append(sp.expand(sum((-1) ** (i - 1) * e[j - i] * t[i] for i in range(1, j + 1)) / j))
    lhs = sp.MatAdd(*[(-1) ** j * e[j] * (A ** (k - j) if k - j else sp.Identity(d)) for j in range(k + 1)])
    return s, d, Equal(lhs, sp.ZeroMatrix(d, d))


def test_cayley_hamilton_of_degree_7_and_8_are_refuted_at_d_8_and_9():
    """Degree 7 needs d ∈ {8, 9}: it was sampled only to d = 5 and verified."""
    for k in (7, 8):
        s, d, claim = _cayley_hamilton(k)
        growth, tops, why = exact_random.size_plan(claim, s)
        assert max(int(a[d]) for a in growth + tops) == k + 2 and "needs" not in why
        r = verify_claim(f"CH {k}", claim, s, random.Random(0))
        assert r.status == "refuted" and r.counterexample["sizes"] == {"d": k + 1}, r.methods


def test_a_requirement_above_the_cap_is_sampled_to_the_cap_and_said():
    """tr(A)·Π_{j≤21}(d − j) needs d ∈ {1..22}: sampled to the cap (20), never below it, the
    scope says "needs d ≥ 22; sampled to 20", and the verdict is undecided, not verified."""
    s = Space()
    d = s.dim("d")
    claim = Equal(sp.Trace(s.matrix("A", d, d)) * sp.Mul(*[d - j for j in range(1, 22)]), 0)
    growth, tops, why = exact_random.size_plan(claim, s)
    assert max(int(a[d]) for a in growth + tops) == exact_random.CAP == 20
    assert "needs d ≥ 22; sampled to 20" in why
    assert exact_random.needs_beyond_cap(claim, s) == {d: 22}
    r = verify_claim("d up to 21", claim, s, random.Random(0))
    assert r.status == "undecided", r.methods
    er = next(o for o in r.methods if o.name == "exact random")
    assert er.outcome == "equal" and er.needs == "needs d ≥ 22; sampled to 20"
    assert er.scope_json()["needs"] == er.needs
    assert max(int(a[d]) for a in er.sampled) == 20


def test_needs_makes_the_verdict_undecided_unless_a_dimension_free_proof_covers_it():
    from derivations._methods.outcome import Outcome
    from derivations._verdicts.verdict import claim_verdict

    er = Outcome("exact random", "equal", needs="needs d ≥ 22; sampled to 20")
    comp = Outcome("components", "equal", proved=[{"d": 1}])
    assert claim_verdict([er, comp]) == "undecided"
    sym = Outcome("symbolic", "equal", all_sizes="dimension-free")
    assert claim_verdict([er, comp, sym]) == "verified"
    er.needs = None
    assert claim_verdict([er, comp]) == "verified"


def test_the_sizes_proved_are_the_set_never_per_dimension_maxima():
    """Woodbury-like: components proved (d, k) ∈ {(1,1), (1,2), (2,1), (1,3), (3,1), (2,2), (3,2),
    (2,3)} and timed out at (3, 3): the scope must not say "proved d ≤ 3, k ≤ 3"."""
    from derivations._methods.outcome import Outcome
    from derivations._verdicts.engine import ClaimResult, proved_sizes, scope_of

    d, k = sp.symbols("d k")
    grid = [(a, b) for a in (1, 2, 3) for b in (1, 2, 3) if (a, b) != (3, 3)]
    o = Outcome("components", "equal", proved=[{d: sp.Integer(a), k: sp.Integer(b)} for a, b in grid])
    er = Outcome("exact random", "equal")
    sc = scope_of([ClaimResult("woodbury", "verified", [o, er])])
    assert "proved_up_to" not in sc
    assert {(p["d"], p["k"]) for p in sc["proved_sizes"]} == set(grid)
    from derivations._interfaces.report import scope_cell

    cell = scope_cell({"status": "verified", "scope": {**sc, "every_size": False}})
    assert "d=3,k=2" in cell and "d=3,k=3" not in cell and "≤" not in cell
    assert not any(o.covers({"d": 3, "k": 3}) for o in [o])
    # a whole grid still reads as a box; a claim in d alone joins every k
    o2 = Outcome("components", "equal", proved=[{d: sp.Integer(a)} for a in (1, 2)])
    o.proved = [{d: sp.Integer(a), k: sp.Integer(b)} for a in (1, 2, 3) for b in (1, 2)]
    sc = scope_of([ClaimResult("a", "verified", [o, er]), ClaimResult("b", "verified", [o2, er])])
    assert sc["proved_up_to"] == {"d": 2, "k": 2}
    assert len(proved_sizes([o, o2])) == 4


def test_from_a_claims_file_newton_and_r_of_tr_identity_are_refuted_where_they_fail():
    """The issue's rows as a user writes them (power sums as definitions, d as trace(eye(d)))."""
    from derivations._userclaims.checking import check_file

    text = """format = 1
title = "sizes"
topic = "t"

[symbols]
N = "dim(1, 2, 3)"
x = "vector(N)"
d = "dim(1, 2, 3)"
A = "matrix(d, d)"
p1 = "scalar"
p2 = "scalar"
p3 = "scalar"
p4 = "scalar"
p5 = "scalar"
p6 = "scalar"

[[claim]]
name = "6! e_6 in power sums"
definitions = { p1 = "sum(x[n], n, N)", p2 = "sum(x[n]**2, n, N)", p3 = "sum(x[n]**3, n, N)", p4 = "sum(x[n]**4, n, N)", p5 = "sum(x[n]**5, n, N)", p6 = "sum(x[n]**6, n, N)" }
lhs = "p1**6 - 15*p1**4*p2 + 40*p1**3*p3 + 45*p1**2*p2**2 - 90*p1**2*p4 - 120*p1*p2*p3 + 144*p1*p5 - 15*p2**3 + 90*p2*p4 + 40*p3**2 - 120*p6"
rhs = "0"

[[claim]]
name = "tr(A) R(tr(I))"
lhs = "trace(A) * (126/(trace(eye(d)) + 5) - 280/(trace(eye(d)) + 4) + 210/(trace(eye(d)) + 3) - 60/(trace(eye(d)) + 2) + 5/(trace(eye(d)) + 1))"
rhs = "0"
"""
    rep = check_file(text, name="sizes.toml")
    got = {r["name"]: (r["status"], (r.get("counterexample") or {}).get("sizes")) for r in rep.records}
    assert got == {"6! e_6 in power sums": ("refuted", {"N": 6}), "tr(A) R(tr(I))": ("refuted", {"d": 5})}


def test_power_sums_of_projected_samples_count_n_by_position_and_d_as_a_space():
    """Σ_n (x_nᵀu)^j over the rows x_n of an N×d data matrix: N counted by position (6 sums:
    N ∈ {1..7}), d as an O(d) space (12 slots: d = 6). 6!·e_6 of the projections is refuted
    at N = 6 (it was outside the fragment, sampled to N = 5 and verified)."""
    from derivations._symbols.expr import Scalar
    from derivations._symbols.nodes import DataSum
    from derivations._verdicts.families import _elementary_in_power_sums

    s = Space()
    N, d = s.dim("N"), s.dim("d")
    X, u = s.matrix("X", N, d), s.vector("u", d)
    n = sp.Symbol("n", integer=True, positive=True)
    p = [None] + [DataSum(Scalar(X[n - 1, :] * u) ** j, (n, 1, N)) for j in range(1, 7)]
    claim = Equal(_elementary_in_power_sums(6, p), 0)
    req = claim_requirement(claim, s)
    assert req.sizes_needed(N) == list(range(1, 8)) and req.sizes_needed(d) == [6]
    r = verify_claim("6! e_6 of projections", claim, s, random.Random(0))
    assert r.status == "refuted" and r.counterexample["sizes"]["N"] == 6, r.methods
    # a slice that is not one whole sample is outside
    assert claim_requirement(Equal(DataSum(Scalar(X[n - 1, :1] * u[:1, :]), (n, 1, N)), 0), s) is None
