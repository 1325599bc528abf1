"""Values over ℚ in flint: the same exact numbers as SymPy's instantiation, and a refusal
(None, never a guess) wherever the value is not an exactly computed rational."""

import math
import random

import flint
import pytest
import sympy as sp
from hypothesis import assume, given, settings, strategies as st

from derivations._exact.at_instance import rational
from derivations import REGISTRY
from derivations._claims.claims import Equal, Stationary
from derivations._methods import exact_random
from derivations._symbols.expr import Grad, Norm, Scalar, dot
from derivations._symbols.nodes import Blocks, DataSum, Inv, ones
from derivations._decide.exactness import exact_is_zero
from derivations._exact.numbers import ExpFraction, Grid, LogSum, Scaled, Surd
from derivations._exact.rational import value
from derivations._symbols.space import Space
from derivations._verdicts.engine import verify_claim
from derivations._decide.kinds import decider
from derivations._decide.kinds.equal import EqualDecider
from derivations._decide.kinds.iff import IffDecider
from derivations._decide.kinds.rel import RelDecider
from derivations._decide.kinds.same_sign import SameSignDecider

R = sp.Rational


def _sympy(m):
    """A flint value as a SymPy number or matrix."""
    if isinstance(m, Surd):
        return _sympy(m.a) + _sympy(m.b) * sp.sqrt(_sympy(m.r))
    if isinstance(m, ExpFraction):
        def total(p):
            return sp.Add(*[_sympy(c) * sp.exp(_sympy(q)) for q, c in p.items()])
        return total(m.n) / sp.Mul(*[total(p) ** k for p, k in m.d.values()])
    if isinstance(m, LogSum):
        def atom(key):
            return {"p": lambda: sp.log(key[1]), "q": lambda: sp.log(key[1]),
                    "pi": lambda: sp.log(sp.pi),
                    "sum": lambda: sp.log(sp.Add(*[_sympy(c) * sp.exp(_sympy(q))
                                                   for q, c in key[1]]))}[key[0]]()
        return _sympy(m.r) + sp.Add(*[_sympy(c) * atom(k) for k, c in m.c.items()])
    if isinstance(m, Scaled):
        return sp.Mul(*[(sp.pi if b == "pi" else sp.Integer(b)) ** _sympy(e) for b, e in m.m],
                      _sympy(m.x))
    if isinstance(m, Grid):
        return sp.ImmutableMatrix(m.r, m.c, [_sympy(x) for x in m.e])
    if isinstance(m, flint.fmpq_mat):
        return sp.ImmutableMatrix(m.nrows(), m.ncols(),
                                  [R(int(x.p), int(x.q)) for x in m.entries()])
    return R(int(m.p), int(m.q))


def _space():
    s = Space()
    d, n = s.dim("d"), s.dim("N")
    mats = dict(A=s.matrix("A", d, d), B=s.matrix("B", d, d), X=s.matrix("X", n, d),
                S=s.matrix("S", d, d, "spd"), v=s.vector("v", d), u=s.vector("u", d),
                c=s.scalar("c"), t=s.scalar("t", positive=True))
    return s, d, n, mats


def _instance(s, sizes, seed):
    inst, _ = s.random_instance(sizes, random.Random(seed), "readable")
    return inst


def _cases(d, n, m):
    A, B, X, S, v, u, c, t = (m[k] for k in "A B X S v u c t".split())
    i = sp.Symbol("i", integer=True)
    k = sp.Symbol("k", integer=True)
    return [
        A * B - 3 * B.T * A,
        (A + c * B).T * (A - B) + sp.Identity(d) / 2,
        sp.Inverse(S) * v,
        Inv(S.T * S) * S.T,
        sp.MatPow(S, -2) + sp.MatPow(A, 3),
        sp.Trace(A * B * A) - c * sp.Determinant(A + B),
        Scalar(v.T * S * u) / t + c**3 - t**-2,
        Norm(v)**2 - dot(v, v),
        DataSum(X[i, 0] * X[i, k - 1], (i, 0, n - 1)),
        sp.Sum(X[i, 0], (i, 0, n - 1)) * c,
        Blocks([[ones(n, 1), X]]).T * Blocks([[ones(n, 1), X]]),
        sp.Abs(c) + sp.Max(c, t, -c) - sp.Min(c, -t),
        sp.Piecewise((c, c > t), (t - c, sp.And(c <= t, t > 0)), (0, True)),
        sp.FunctionMatrix(d, d, sp.Lambda((i, k), (i + 1) * A[i, k] - k)),
    ]


@pytest.mark.parametrize("case", range(14))
@pytest.mark.parametrize("sizes", [dict(d=1, N=2), dict(d=2, N=3), dict(d=3, N=3)])
def test_rational_value_equals_sympys_instantiation(case, sizes):
    s, d, n, m = _space()
    at = {d: sp.Integer(sizes["d"]), n: sp.Integer(sizes["N"])}
    expr = _cases(d, n, m)[case]
    if case == 8:  # k is a free index: give it a value through the mapping
        expr = expr.xreplace({sp.Symbol("k", integer=True): 1})
    for seed in range(3):
        inst = _instance(s, at, seed)
        got = value(s.expand(expr), inst.mapping)
        assert got is not None, (expr, sizes)
        want = inst(expr)
        if isinstance(want, sp.MatrixBase) and not isinstance(got, flint.fmpq_mat):
            want = want[0, 0]
        assert _sympy(got) == want, (expr, sizes, got, want)


def test_refused_where_the_value_is_not_an_exact_rational():
    s, d, n, m = _space()
    A, S, v, c, t = m["A"], m["S"], m["v"], m["c"], m["t"]
    inst = _instance(s, {d: sp.Integer(2), n: sp.Integer(2)}, 0)
    for e in (sp.log(-t), sp.log(t - t), t ** Norm(v), sp.Heaviside(c), sp.Symbol("free") + c,
              # radicals: independent radicands, a root of a surd; a surd plus an exponential;
              # π plus a rational;
              # an exponential of an exponential, of a surd; a log of a log, of a surd;
              # a product of logs
              sp.sqrt(2) * c + sp.sqrt(3), sp.sqrt(sp.sqrt(2) + t), Norm(v) + sp.exp(c),
              sp.pi * c + 1,
              sp.exp(sp.exp(c)), sp.exp(Norm(v)), sp.log(sp.log(t + 1)), sp.log(Norm(v)),
              sp.log(t) * sp.log(t + 1)):
        assert value(e, inst.mapping) is None, e
    # singular inverse, division by an exact 0, a Sum over a reversed range (Karr's convention)
    assert value(sp.Inverse(A - A), inst.mapping) is None
    assert value(1 / (c - c), inst.mapping) is None
    i = sp.Symbol("i", integer=True)
    assert value(sp.Sum(i, (i, 3, 1)), inst.mapping) is None
    # an exact root is computed, an irrational one kept as a surd
    sq = {c: R(9, 4)}
    assert value(sp.sqrt(c) + Norm(sp.ImmutableMatrix([3, 4])), sq) == flint.fmpq(13, 2)
    assert _sympy(value(sp.sqrt(c), {c: R(2)})) == sp.sqrt(2)
    assert value(S, {}) is None  # no value for a matrix symbol


def test_a_shared_node_is_computed_once_per_instance():
    s, d, n, m = _space()
    S, v = m["S"], m["v"]
    inst = _instance(s, {d: sp.Integer(3), n: sp.Integer(3)}, 1)
    shared = sp.Inverse(S) * v
    first = rational(inst, [shared, dot(v, shared)])
    assert first is not None
    memo = inst._rational.memo
    assert shared in memo and len([k for k in memo if k == shared]) == 1


def test_a_power_with_a_symbol_in_the_exponent_takes_the_exponents_value():
    """y^t (1 − y)^(1 − t) at a point with the label t: the exponent's value, an exact
    power (as SymPy's instantiation); an exponent with no rational value (a norm) or with
    derivatives (the variable of a gradient) is refused."""
    s = Space()
    y = s.scalar("y", positive=True)
    t, u = sp.Symbol("t", integer=True), sp.Symbol("u", positive=True)
    e = y ** t * (1 - y) ** (1 - t) + y ** (u / 2)
    for at in ({y: R(1, 3), t: 0, u: 4}, {y: R(1, 3), t: 1, u: 1}, {y: R(2, 7), t: -2, u: 3}):
        got = value(e, {k: sp.sympify(v) for k, v in at.items()})
        assert got is not None and _sympy(got) == e.xreplace(at), at
    d = s.dim("d")
    w = s.vector("w", d)
    inst, _ = s.random_instance({d: sp.Integer(2)}, random.Random(0), "readable", {"w"})
    assert rational(inst, [Grad(Scalar(w.T * w) ** 2, w)]) is not None  # a rational exponent
    assert rational(inst, [Grad(sp.Integer(2) ** Scalar(w.T * w), w)]) is None

def test_a_matrix_whose_entries_a_sum_takes_is_computed_once(monkeypatch):
    """Σ_i Σ_k ((S + A)⁻¹[i, k])²: the inverse does not depend on i or k, so it is computed
    once for the whole sum, not once per (i, k); the value is the sum's all the same. (SymPy
    writes an entry of a product as a sum itself: an inverse's entry stays an entry.)"""
    from derivations._exact import rational

    s, d, n, m = _space()
    S, A = m["S"], m["A"]
    i, k = sp.symbols("i k", integer=True)
    M = sp.Inverse(S + A)
    total = sp.Sum(M[i, k] ** 2, (i, 0, d - 1), (k, 0, d - 1))
    inst = _instance(s, {d: sp.Integer(3), n: sp.Integer(1)}, 2)
    inverses = []
    real = rational._HANDLERS[sp.Inverse]
    monkeypatch.setitem(rational._HANDLERS, sp.Inverse,
                        lambda ev, e: inverses.append(e) or real(ev, e))
    got = value(s.expand(total), inst.mapping)
    assert len(inverses) == 1
    assert _sympy(got) == sum(x ** 2 for x in inst(M))


def test_exact_random_decides_rational_points_without_sympy(monkeypatch):
    s, d, n, m = _space()
    A, B = m["A"], m["B"]
    claim = Equal((A * B).T, B.T * A.T)

    def no_sympy(*a, **k):
        raise AssertionError("SymPy's violation called at a rational point")

    monkeypatch.setattr(EqualDecider, "violation", no_sympy)
    o = exact_random.run(claim, s, random.Random(0))
    assert o.outcome == "equal" and o.points >= 10


def test_a_refutation_is_still_worded_by_sympy():
    s, d, n, m = _space()
    A, B = m["A"], m["B"]
    o = exact_random.run(Equal(A * B, B * A), s, random.Random(0))
    assert o.outcome == "different" and "lhs - rhs" in o.witness["fails"]


def test_same_sign_and_iff_are_decided_over_q_and_refuted_by_sympy(monkeypatch):
    """SameSign and Iff at rational points: in flint, with SymPy's violation never called
    while they hold; a false one is still refuted, worded by SymPy, and a point where flint
    refuses (an exponential's sign against π) goes to SymPy as before."""
    from derivations._claims.claims import Iff, SameSign

    s, d, n, m = _space()
    v, u, S, c, t = m["v"], m["u"], m["S"], m["c"], m["t"]
    true = [SameSign(dot(v, u) * t, dot(v, u), t), SameSign(Scalar(v.T * S * v) + 1, t, 1),
            Iff(dot(v, u) > 0, -dot(v, u) * t < 0),
            Iff(sp.And(c > 0, t > 1), sp.Not(sp.Or(c <= 0, t <= 1)))]
    false = [SameSign(dot(v, u), -dot(v, u), 1), Iff(dot(v, u) >= 0, dot(v, u) > 0),
             Iff(c > 0, c * t > 1)]
    calls: list = []
    for cls in (SameSignDecider, IffDecider):
        real = cls.violation

        def counted(self, inst, values, real=real):
            calls.append(self)
            return real(self, inst, values)
        monkeypatch.setattr(cls, "violation", counted)
    for claim in true:
        o = exact_random.run(claim, s, random.Random(0))
        assert o.outcome == "equal" and o.points >= 10, (claim, o.detail)
    assert calls == []
    for claim in false:
        o = exact_random.run(claim, s, random.Random(0))
        assert o.outcome == "different" and o.witness["fails"], claim
    assert len(calls) == len(false)
    inst = _instance(s, {d: sp.Integer(2), n: sp.Integer(1)}, 0)
    assert decider(SameSign(sp.exp(c) - sp.pi, t, 1)).holds_over_q(inst) is None
    assert decider(Iff(sp.exp(c) > sp.pi, t > 0)).holds_over_q(inst) is None

def test_disagreeing_exact_evaluations_are_an_error_never_a_verdict(monkeypatch):
    s, d, n, m = _space()
    A, B = m["A"], m["B"]
    monkeypatch.setattr(EqualDecider, "rational_residual", lambda self, inst: [flint.fmpq(1)])
    r = verify_claim("planted", Equal((A * B).T, B.T * A.T), s, random.Random(0))
    by = {o.name: o for o in r.methods}
    assert by["exact random"].outcome == "error" and "disagree" in by["exact random"].detail
    assert r.status not in ("verified", "verified at sizes")


def _catalog_points(ids, gradients: list | None = None):
    compared = refused = 0
    for eid in ids:
        st = REGISTRY[eid].build()
        claims = [c for _, c in st.all_claims()] + [st.stated]
        for claim in claims:
            if not isinstance(claim, (Equal, Stationary)):
                continue
            space = st.space
            keep = exact_random.differentiated(claim, space)
            rng = random.Random(eid)
            for sizes in space.size_assignments()[:3]:
                try:
                    inst, values = space.random_instance(sizes, rng, "readable", keep)
                except Exception:  # noqa: BLE001 - a draw the space refuses
                    continue
                got = decider(claim).rational_residual(inst)
                if got is None:
                    refused += 1
                    continue
                try:
                    residual = (decider(claim).residual(inst) if isinstance(claim, Equal)
                                else decider(claim)._residual(inst))
                    want = [e.xreplace(values) for e in residual]
                except Exception:  # noqa: BLE001 - SymPy cannot instantiate it: flint must not either
                    pytest.fail(f"{eid}: flint computed a value SymPy cannot ({claim})")
                mine = [_sympy(x) for x in got]
                assert len(mine) == len(want) and all(  # (with a surd SymPy's may be unexpanded)
                    _same_number(a, b) for a, b in zip(mine, want)), (eid, claim, sizes)
                compared += 1
                if keep and gradients is not None:
                    gradients.append(eid)
    return compared, refused


def _same_number(a, b) -> bool:
    """a = b, proved by SymPy's exactness where it can; where it cannot (a log of an
    exponential fraction it does not simplify), to 60 digits — a test's cross-check of two
    independent computations, never a verdict."""
    if a == b:
        return True
    zero = exact_is_zero(a - b)
    if zero is not None:
        return zero
    return abs(sp.N(a - b, 60)) < sp.Float("1e-50")


def test_catalog_sample_same_values_as_sympy():
    compared, _ = _catalog_points(["geometry.w_normal", "least_squares.normal_equations",
                                   "fisher.projected_scatter", "svm.gram_matrix"])
    assert compared >= 10


def test_catalog_gradients_same_values_as_sympy():
    gradients: list = []
    compared, _ = _catalog_points(["least_squares.gradient", "fisher.stationarity",
                                   "descent.newton_one_step"], gradients)
    assert len(gradients) >= 5


@pytest.mark.slow
def test_every_catalog_equality_and_stationary_point_same_values_as_sympy():
    gradients: list = []
    compared, refused = _catalog_points(sorted(REGISTRY), gradients)
    print(f"{compared} points compared ({len(gradients)} with a gradient), {refused} refused")
    assert compared >= 500 and len(gradients) >= 50


def _grad_space():
    s = Space()
    d = s.dim("d")
    w, x = s.vector("w", d), s.vector("x", d)
    S = s.matrix("S", d, d, "spd")
    t = s.scalar("t", positive=True)
    return s, d, w, x, S, t


@pytest.mark.parametrize("f", [
    lambda w, x, S, t: Scalar(w.T * S * w) / 2 - dot(x, w) * t,
    lambda w, x, S, t: Scalar(w.T * S * w) / (dot(w, w) + 1),
    lambda w, x, S, t: Norm(w)**4 - 3 * sp.Determinant(S + w * w.T),
    lambda w, x, S, t: Scalar(x.T * sp.Inverse(S + w * w.T) * x),
    # a constant with no rational value (ln t, e^t) has derivative 0
    lambda w, x, S, t: sp.log(2 * sp.pi * t) + dot(w, x)**2 - sp.exp(t),
    # off its boundary a piecewise function's derivative is its active piece's
    lambda w, x, S, t: sp.Max(dot(w, x), 0)**2 / 2 + sp.Abs(dot(w, w) - t) - sp.Min(t, dot(x, w)),
    lambda w, x, S, t: sp.Piecewise((dot(w, w), dot(w, x) > t), (t * dot(w, x), True)),
    # a log's derivative a′/a needs no value of the log: ln of a product, of an exponential,
    # of a power, with a factor free of w (ln 2πt) — a Gaussian negative log-likelihood
    lambda w, x, S, t: -sp.log((2 * sp.pi * t) ** sp.Rational(-3, 2)
                               * sp.exp(-(dot(w, x) - t) ** 2 / (2 * t))),
    lambda w, x, S, t: 3 * sp.log(dot(w, w) + 1) - sp.log(t * (dot(w, x)**2 + t)) / 2 + dot(w, x),
    # exponentials, exactly: a logistic log-likelihood, a softmax-like ratio, a norm's surd
    lambda w, x, S, t: (sp.log(1 + sp.exp(-dot(w, x))) + t * sp.log(1 + sp.exp(dot(w, w)))
                        + sp.exp(dot(w, x) - 1) / (sp.exp(dot(w, x)) + sp.exp(t) + 2)),
    lambda w, x, S, t: Norm(x) * dot(w, w) + dot(w, x) / Norm(x * 2),
    # d bᵖ at b = 0 for a positive integer p (w = x at n = 1 below: the residual is 0)
    lambda w, x, S, t: (dot(w, w) - dot(w, w))**2 + (dot(w, x) - dot(w, x))**3 * t,
])
def test_forward_gradient_over_q_equals_sympys(f):
    from derivations._symbols.expr import Grad

    s, d, w, x, S, t = _grad_space()
    claim = Equal(Grad(f(w, x, S, t), w), sp.ZeroMatrix(d, 1))
    for n in (1, 3):
        inst, values = s.random_instance({d: sp.Integer(n)}, random.Random(n), "readable", {"w"})
        got = rational(inst, [Grad(f(w, x, S, t), w)])
        assert got is not None
        want = [e.xreplace(values) for e in decider(claim).residual(inst)]
        mine = list(_sympy(got[0]))
        assert len(mine) == len(want) and all(
            a == b or exact_is_zero(a - b) is True for a, b in zip(mine, want)), (mine, want)


def test_a_gradient_needing_a_value_with_no_rational_form_is_refused():
    from derivations._symbols.expr import Grad

    s, d, w, x, S, t = _grad_space()
    inst, _ = s.random_instance({d: sp.Integer(2)}, random.Random(0), "readable", {"w"})
    for f in (sp.log(t) * dot(w, w), sp.sqrt(dot(w, w) + 1), sp.exp(sp.pi * dot(w, x)),
              # a log's unknown value times a derivative, a log of a log, of a negative number
              sp.log(dot(w, w) + 1) * dot(w, x), sp.log(sp.log(dot(w, w) + 2)),
              sp.log(-t * dot(w, w) - 1) * t,
              sp.zoo * t + dot(w, w)):  # (a non-finite constant is never "derivative 0")
        assert rational(inst, [Grad(f, w)]) is None, f
    # outside a gradient a log's value is exact (ln eᵘ = u; a rational over its primes)
    assert rational(inst, [sp.log(sp.exp(dot(w, x)))]) == rational(inst, [dot(w, x)])
    # on a boundary (a tie) |·|, max and a piecewise condition have no derivative: refused
    from derivations._exact.rational import evaluator, gradient_of

    at = {d: sp.Integer(2), w: sp.ImmutableMatrix([1, 0]), x: sp.ImmutableMatrix([0, 1]),
          t: sp.Integer(1)}
    wv = flint.fmpq_mat(2, 1, [1, 0])
    for f in (sp.Abs(dot(w, x)), sp.Max(dot(w, x), 0), sp.Min(dot(w, w), t),
              sp.Piecewise((dot(w, w), dot(w, x) > 0), (0, True)),
              sp.log(dot(w, x))):  # (and ln at 0)
        assert gradient_of(f, w, wv, at, evaluator(at, {w: wv})) is None, f
    off = {**at, x: sp.ImmutableMatrix([2, 1])}
    assert gradient_of(sp.Abs(dot(w, x)), w, wv, off, evaluator(off, {w: wv})) == [2, 1]
    # and a gradient of a gradient is left to SymPy
    assert rational(inst, [Grad(Scalar(Grad(dot(w, w), w).T * x), w)]) is None


def test_an_inequality_is_decided_over_q_and_refuted_by_sympy(monkeypatch):
    from derivations._claims.claims import Rel

    s, d, n, m = _space()
    v, u, S = m["v"], m["u"], m["S"]
    inst = _instance(s, {d: sp.Integer(2), n: sp.Integer(2)}, 3)
    assert decider(Rel(Scalar(v.T * S * v), ">=", 0)).holds_over_q(inst) is True
    assert decider(Rel(dot(v, v), "<", -1)).holds_over_q(inst) is False
    # a strict inequality is false where the gap is exactly 0, a weak one true
    assert decider(Rel(dot(v, v), ">", dot(v, v))).holds_over_q(inst) is False
    assert decider(Rel(dot(v, v), ">=", dot(v, v))).holds_over_q(inst) is True
    real = exact_random.run(Rel(dot(v, v) + dot(u, u), ">=", 2 * dot(u, v)), s, random.Random(0))
    assert real.outcome == "equal"
    monkeypatch.setattr(RelDecider, "violation", lambda self, inst, values: (_ for _ in ()).throw(
        AssertionError("SymPy's violation called at a rational point")))
    again = exact_random.run(Rel(dot(v, v) + dot(u, u), ">=", 2 * dot(u, v)), s, random.Random(0))
    assert again.outcome == "equal" and again.points == real.points


@pytest.mark.parametrize("f", [
    lambda c, t, v: (dot(v, v) + c) / Norm(v),
    lambda c, t, v: Norm(v) * Norm(v * 3) - 3 * dot(v, v) + 1 / (Norm(v) + t),
    lambda c, t, v: sp.sqrt(t) ** 3 - 2 / sp.sqrt(t) + c / (sp.sqrt(t) - 3),
    lambda c, t, v: Norm(v) ** -3 * dot(v, v) - c * Norm(v * 2) ** 3,
    lambda c, t, v: sp.Abs(c - Norm(v)) + sp.Max(Norm(v), 2 * c, t) - sp.Min(Norm(v) / 2, c),
])
def test_a_surd_equals_sympys_value_and_sign(f):
    """a + b√r exactly: values equal SymPy's, signs decided exactly (compared to SymPy's)."""
    s, d, n, m = _space()
    for seed in range(6):
        inst = _instance(s, {d: sp.Integer(2), n: sp.Integer(1)}, seed)
        e = f(m["c"], m["t"], m["v"])
        got = value(e, inst.mapping)
        assert got is not None
        want = inst(e)
        assert sp.simplify(_sympy(got) - want) == 0
        for other in (0, 1, flint.fmpq(-1, 3)):
            w = _sympy(flint.fmpq(other))
            assert (got > other) == bool(want > w) and (got == other) == (want == w)


def test_surd_arithmetic_is_exact():
    Q = flint.fmpq
    x = Surd(Q(1), Q(2), Q(3))  # 1 + 2√3
    assert x * x == Surd(Q(13), Q(4), Q(3)) and (x - x) == 0 and x / x == 1
    assert x ** -2 * x ** 2 == 1 and 1 / x * x == 1
    assert Surd(Q(0), Q(1), Q(2)) + Surd(Q(0), Q(1), Q(8)) == Surd(Q(0), Q(3), Q(2))  # √8 = 2√2
    # 7 − 4√3 > 0 (49 > 48), 7 − 5√2 < 0 (49 < 50): opposite signs, compared exactly
    assert Surd(Q(7), Q(-4), Q(3)) > 0 and Surd(Q(7), Q(-5), Q(2)) < 0
    with pytest.raises(TypeError):
        Surd(Q(0), Q(1), Q(2)) + Surd(Q(0), Q(1), Q(3))
    with pytest.raises(TypeError):
        x + ExpFraction.exp(Q(1))
    assert _sympy(flint.fmpq_mat(2, 1, [1, 2]) * x) == sp.Matrix([1, 2]) * (1 + 2 * sp.sqrt(3))


def test_exponential_fractions_are_exact():
    """Σ c e^q / Σ c e^q: zero only with no term (Lindemann–Weierstrass), signs from balls."""
    Q = flint.fmpq
    E = ExpFraction.exp
    sigma = lambda q: 1 / (1 + E(-q))  # noqa: E731
    assert sigma(Q(2)) + sigma(Q(-2)) == 1  # σ(a) + σ(−a) = 1
    assert sigma(Q(1, 3)) * (1 - sigma(Q(1, 3))) == E(Q(-1, 3)) / (1 + E(Q(-1, 3))) ** 2
    assert E(Q(1, 2)) * E(Q(-1, 3)) == E(Q(1, 6)) and E(Q(0)) == 1
    assert (E(Q(1)) - E(Q(1))) == 0 and E(Q(1)) != E(Q(1, 10**30) + 1)
    # e^(−600) − e^(−603) > 0: tiny, and the ball's relative error decides it
    assert E(Q(-600)) - E(Q(-603)) > 0 and E(Q(2)) - Q(7389, 1000) > 0 > E(Q(2)) - Q(7390, 1000)
    m = flint.fmpq_mat(2, 2, [1, 2, 3, 4])
    g = m * sigma(Q(1))
    assert isinstance(g, Grid) and g.transpose() * m == (m.transpose() * m) * sigma(Q(1))
    # inverse and determinant by Gauss–Jordan, every pivot tested exactly
    assert g.inv() * g == flint.fmpq_mat(2, 2, [1, 0, 0, 1])
    assert g.det() == -2 * sigma(Q(1)) ** 2
    with pytest.raises(ZeroDivisionError):
        (flint.fmpq_mat(2, 2, [1, 2, 2, 4]) * sigma(Q(1))).inv()


def test_logarithms_are_exact_sums_of_atoms():
    """ln over the primes (1, ln 2, ln 3, … independent over ℚ: decided), ln of an exponential
    sum one atom (a difference with it: different when a ball excludes 0, else undecided:
    TypeError, never False)."""
    from derivations._exact.numbers import log_of

    Q = flint.fmpq
    E = ExpFraction.exp
    assert log_of(Q(12)) - log_of(Q(3)) == 2 * log_of(Q(2)) and log_of(Q(3)) != log_of(Q(2))
    assert log_of(Q(1, 8)) + 3 * log_of(Q(2)) == 0 and log_of(Q(2)) != 1
    sigma = 1 / (1 + E(Q(-2)))
    assert log_of(sigma) - log_of(1 - sigma) == 2  # the logit of σ(2)
    assert log_of(E(Q(2)) / (1 + E(Q(2)))) == log_of(sigma)  # the same atom either way
    assert log_of(sigma) < 0 < log_of(1 + E(Q(1)))
    # with another atom: different when a rigorous ball excludes 0; a true identity that is
    # not formal in the atoms — ln(1 + e) + ln(1 − e + e²) = ln(1 + e³) — stays undecided
    assert log_of(sigma) != log_of(Q(2)) and log_of(1 + E(Q(1))) != 1
    cubes = log_of(1 + E(Q(1))) + log_of(1 - E(Q(1)) + E(Q(2))) - log_of(1 + E(Q(3)))
    with pytest.raises(TypeError):
        cubes == 0  # noqa: B015 - undecided, never False
    s, d, n, m = _space()
    t, c = m["t"], m["c"]
    inst = _instance(s, {d: sp.Integer(2), n: sp.Integer(2)}, 0)
    for e in (sp.log(2 * sp.pi * t**2) * 3 - sp.log(t), sp.log(1 + sp.exp(-c)) - c,
              sp.log(t / (1 + t)) + sp.log(sp.exp(c) + 1)):
        got = value(e, inst.mapping)
        assert got is not None, e
        assert exact_is_zero(_sympy(got) - e.xreplace(inst.mapping)) is True, e



def test_powers_of_pi_and_roots_are_exact_monomials():
    """m·x, m a monomial in π and roots of primes (> 0): a Gaussian density's 1/√(2πσ²)
    times its exponential. Same monomials add, products multiply them, and the value is 0
    only when x is; a sum of different monomials is undecided (TypeError, never False)."""
    Q = flint.fmpq
    E = ExpFraction.exp
    pi = Scaled.pi()
    assert pi.power(Q(1, 2)) * pi.power(Q(1, 2)) == pi and pi.power(Q(1, 3)) ** 3 == pi
    assert pi / pi == 1 and (pi - pi) == 0 and pi * 0 == 0 and pi > 0 > -pi
    root2 = Surd(Q(0), Q(1), Q(2))
    assert root2 * E(Q(1)) * root2 == 2 * E(Q(1))  # √2·e·√2 = 2e: the monomial cancels
    assert Surd(Q(0), Q(1), Q(8)) * E(Q(1)) == 2 * root2 * E(Q(1))  # √8 = 2√2
    assert (root2 * E(Q(1)) * Surd(Q(0), Q(1), Q(3))).m == ((2, Q(1, 2)), (3, Q(1, 2)))
    gauss = lambda mu, x: root2 * E(-(x - mu) ** 2 / 2) / (2 * pi.power(Q(1, 2)))  # noqa: E731
    x = Q(1, 3)
    assert gauss(1, x) / (gauss(1, x) + gauss(-1, x)) == 1 / (1 + E(-2 * x))  # σ(2x)
    assert (Q(2) * pi * Q(9, 4)).power(Q(1, 2)) == Q(3, 2) * root2 * pi.power(Q(1, 2))
    for undecided in (lambda: pi == 3, lambda: pi + root2 * E(Q(1)) == 0,
                      lambda: pi.power(Q(1, 2)) - Q(7, 4) > 0,
                      lambda: (-pi).power(Q(1, 2)), lambda: (pi * E(Q(1))).power(Q(1, 2)),
                      lambda: Surd(Q(1), Q(1), Q(2)) * pi):  # 1 + √2: not a monomial
        with pytest.raises(TypeError):
            undecided()
    from derivations._exact.numbers import as_float, log_of

    assert abs(as_float(gauss(1, x)) - 0.7978845608 * math.exp(-2 / 9) / 2) < 1e-9
    ln = log_of(Q(2) * pi * Q(9, 4))  # ln 2 + ln π + 2 ln 3 − 2 ln 2
    assert ln - log_of(Q(9, 2)) == LogSum.atom(("pi",))
    assert ln != 1  # ln(9π/2) ≈ 2.65: a ball excludes 1


@settings(deadline=None)  # the profile's examples
@given(st.data())
def test_monomial_values_equal_sympys(data):
    """Products and quotients of π^(k/2), roots of rationals and exponentials, and sums of
    such terms: where flint gives a value, it is SymPy's (exactly, or to 60 digits where
    SymPy cannot simplify); where flint refuses, nothing is claimed, and the example does
    not count."""
    t = sp.Symbol("t", positive=True)
    at = {t: sp.Rational(data.draw(st.integers(1, 9)), data.draw(st.integers(1, 5)))}
    factors = st.sampled_from([sp.pi, sp.sqrt(sp.pi), 1 / sp.sqrt(2 * sp.pi * t ** 2), sp.sqrt(2),
                               sp.sqrt(t), sp.exp(-t ** 2 / 2), sp.exp(t), t, sp.Rational(3, 2)])
    term = st.lists(factors, min_size=1, max_size=4).map(lambda fs: sp.Mul(*fs))
    terms = data.draw(st.lists(term, min_size=1, max_size=3))
    e = sp.Add(*terms) / data.draw(term)
    got = value(e, at)
    assume(got is not None)  # (the examples counted are those flint computes: half of them)
    assert _same_number(_sympy(got), e.xreplace(at)), (e, got)

def test_memo_keys_never_hash_an_fmpq():
    """python-flint hashes an fmpq through Python's Fraction (2 µs, ~20 additions): the
    exponential fractions' factor keys and the evaluator's bound-variable keys hold fmpz."""
    import flint

    from derivations._exact import numbers

    Q = flint.fmpq
    key = numbers._key({Q(0): Q(1), Q(-1, 3): Q(2, 5)})
    assert key and all(isinstance(x, flint.fmpz) for x in key)
    assert key == numbers._key({Q(-1, 3): Q(2, 5), Q(0): Q(1)})  # order-free
    assert key != numbers._key({Q(0): Q(1), Q(-1, 3): Q(2, 7)})


def test_an_equality_condition_between_functions_is_about_the_point_not_the_functions():
    """Piecewise((0, a ≠ b), (1, True)) is 1 where a = b: 0 is false there. Read as 'a and b
    are different functions' the condition was always true and the components route proved
    the false identity (and the engine called it verified: random points never meet a = b)."""
    import random

    from derivations._claims.claims import Equal
    from derivations._verdicts.engine import verify_claim

    s = Space()
    d = s.dim("d", sizes=(1, 2))
    a, b = s.scalar("a"), s.scalar("b")
    for claim in (Equal(sp.Piecewise((0, sp.Ne(a, b)), (1, True)), 0),
                  Equal(sp.Piecewise((0, sp.Eq(a, b)), (1, True)), 1)):
        assert not any(decider(claim).identity_over_q(i) for i in s.components({d: sp.Integer(1)}))
        status = verify_claim("tie", claim, s, random.Random(0)).status
        assert status not in ("verified", "verified at sizes")
    # at exact points the condition is the numbers' equality, as before
    from derivations._exact.rational import values_of

    assert values_of([sp.Piecewise((0, sp.Ne(a, b)), (1, True))],
                     {a: sp.Rational(1, 2), b: sp.Rational(2, 4)}) == [1]


def test_the_sign_of_a_root_of_a_function_that_may_be_negative_is_not_taken():
    """|√a| = √a holds for a ≥ 0 only (at a = −1: 1 against i). The components route read
    √a's sign as a root's, positive, and proved it: a conflict with the exact point that
    refutes it. A radicand that is a sum of squares (a norm) keeps its sign."""
    import random

    from derivations._claims.claims import Equal
    from derivations._verdicts.engine import verify_claim

    s = Space()
    d = s.dim("d", sizes=(1, 2))
    a, w = s.scalar("a"), s.vector("w", d)
    claim = Equal(sp.Abs(sp.sqrt(a)), sp.sqrt(a))
    assert not any(decider(claim).identity_over_q(i) for i in s.components({d: sp.Integer(1)}))
    assert verify_claim("root", claim, s, random.Random(0)).status == "refuted"
    norm = Equal(sp.Abs(Norm(w)), Norm(w))
    assert all(decider(norm).identity_over_q(i) for i in s.components({d: sp.Integer(2)}))


@pytest.mark.parametrize("make", [
    lambda: sp.ImmutableMatrix([[1, 2], [3, 4]]),  # ZZ, sparse
    lambda: sp.ImmutableMatrix([[1, sp.Rational(1, 2)], [0, -3]]),  # QQ
    lambda: sp.ImmutableMatrix._fromrep(  # dense: flint's own fmpq_mat inside (DFM)
        sp.ImmutableMatrix([[sp.Rational(2, 3), 5]])._rep.to_dense()),
    lambda: __import__("derivations._symbols.space", fromlist=["x"]).rational_matrix(
        2, 3, [sp.Rational(k, 7) for k in range(-3, 3)]),
    lambda: sp.ImmutableMatrix([[sp.sqrt(2), 1]]),  # not rational: refused, as ever
])
def test_a_rational_matrix_reaches_flint_through_its_domain_matrix(make):
    """_matrix reads a rational matrix's ZZ/QQ DomainMatrix into fmpq_mat in flint: the same
    entries as reading them one by one, in a matrix of its own (changing it leaves SymPy's)."""
    from derivations._exact import rational as R

    m = make()
    try:
        by_entries = flint.fmpq_mat(*m.shape, [R._rational(x) for x in m])
    except R.Refused:
        with pytest.raises(R.Refused):
            R._matrix(m)
        return
    got = R._matrix(m)
    assert isinstance(got, flint.fmpq_mat) and got == by_entries
    got[0, 0] = 99
    assert R._matrix(m) == by_entries and m[0, 0] != 99
