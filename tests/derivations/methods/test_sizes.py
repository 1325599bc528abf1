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
