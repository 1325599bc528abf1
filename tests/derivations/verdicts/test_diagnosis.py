"""The mistake library: each operator produces its mutant; diagnosis names the mistake."""

import random

import pytest
import sympy as sp

from derivations._claims.claims import Equal, Rel
from derivations._verdicts.diagnosis import diagnose
from derivations._symbols.expr import Grad, quad
from derivations._claims.mistakes import mutate_claim, mutate_expr
from derivations._symbols.space import Space
from derivations._decide.kinds import decider


def _space():
    s = Space()
    d = s.dim("d")
    R = s.matrix("R", d, d)
    m1, m2 = s.vector("m_1", d), s.vector("m_2", d)
    return s, d, R, m1, m2


def test_operators_cover_the_library():
    s, d, R, m1, m2 = _space()
    ops = {op for op, _, _ in mutate_expr(R.T * R * (m2 - m1) / 2, s)}
    assert {"sign_of_term", "factor_two", "drop_term", "transpose", "swap_factors",
            "swap_symbols"} <= ops
    t = s.scalar("t")
    assert "absolute" in {op for op, _, _ in mutate_expr(t + 1, s)}
    assert "absolute" not in ops, "|.| of a matrix is not a formula"


@pytest.mark.parametrize("stated, needle", [
    (lambda R, m1, m2: R * R.T * (m2 - m1), "swapped"),
    (lambda R, m1, m2: R.T * R * (m1 - m2), "sign"),
    (lambda R, m1, m2: 2 * R.T * R * (m2 - m1), "factor 2"),
    (lambda R, m1, m2: R.T * R * m2, "dropped"),
    (lambda R, m1, m2: R * R * (m2 - m1), "transpose"),
])
def test_diagnosis_names_the_mistake(stated, needle):
    s, d, R, m1, m2 = _space()
    v = s.vector("v", d)
    truth = Equal(v, R.T * R * (m2 - m1))
    dx = diagnose(Equal(v, stated(R, m1, m2)), truth, s, random.Random(0), budget=20)
    assert needle in dx, dx


def _fisher_gradient():
    """(space, w, S_B, S_W, J(w) = wᵀS_Bw / wᵀS_Ww, its true gradient)."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    SB, SW = s.matrix("S_B", d, d, "symmetric"), s.matrix("S_W", d, d, "spd")
    J = quad(w, SB) / quad(w, SW)
    return s, w, SB, SW, J, 2 * (quad(w, SW) * SB * w - quad(w, SB) * SW * w) / quad(w, SW) ** 2


def test_diagnosis_of_ml10_fisher_gradient_is_the_sign():
    s, w, SB, SW, J, true = _fisher_gradient()
    printed = 2 * (quad(w, SB) * SW * w - quad(w, SW) * SB * w) / quad(w, SW) ** 2
    dx = diagnose(Equal(Grad(J, w), printed), Equal(Grad(J, w), true), s, random.Random(0), 20)
    assert "overall sign is flipped (proved)" in dx


def test_a_diagnosis_is_markdown_with_its_terms_as_math():
    """The diagnosis is for readers: each term of a formula as ``$...$`` LaTeX (bold vectors
    and matrices), no SymPy syntax (``**``, ``.T``, ``*`` between factors)."""
    s, d, R, m1, m2 = _space()
    v = s.vector("v", d)
    truth = Equal(v, R.T * R * (m2 - m1))
    dropped = diagnose(Equal(v, R.T * R * m2), truth, s, random.Random(0), budget=20)
    assert dropped == r"the term $- \mathbf{m}_{1}$ is dropped (proved)"
    swapped = diagnose(Equal(v, R * R.T * (m2 - m1)), truth, s, random.Random(0), budget=20)
    assert swapped == r"the factors $\mathbf{R}^{T}$ and $\mathbf{R}$ are swapped (proved)"
    x = s.scalar("x")
    flipped = diagnose(Rel(x ** 2, "<=", 0), Rel(x ** 2, ">=", 0), s, random.Random(0), budget=20)
    assert r"the inequality $\geq$ is reversed" in flipped


def test_inequality_direction_is_a_mutation():
    s, d, R, m1, m2 = _space()
    x = s.scalar("x")
    muts = [m for op, _, m in mutate_claim(Rel(x**2, ">=", 0), s) if op == "inequality"]
    assert muts and muts[0].op == "<="


def test_no_match_is_said_plainly():
    s, d, R, m1, m2 = _space()
    v = s.vector("v", d)
    dx = diagnose(Equal(v, R * m1 + sp.Integer(3) * m2), Equal(v, R.T * R * (m2 - m1)), s,
                  random.Random(0), 10)
    assert dx.startswith("no single typical mistake")


def test_a_diagnosis_cut_short_by_its_budget_says_it_is_incomplete():
    """The engine marks such a result incomplete (never cached) from this flag, not its text."""
    import random


    from derivations._claims.claims import Equal
    from derivations._symbols.space import Space
    from derivations._verdicts.diagnosis import diagnose

    s = Space()
    d = s.dim("d")
    A, B = s.matrix("A", d, d), s.matrix("B", d, d)
    full = diagnose(Equal((A * B).T, A.T * B.T), Equal((A * B).T, B.T * A.T), s, random.Random(0), 20.0)
    assert full.complete and full
    cut = diagnose(Equal((A * B).T, A.T * B.T + A), Equal((A * B).T, B.T * A.T), s, random.Random(0), 1e-9)
    assert cut.complete is False and "not all were tried" in cut


def _instantiated(inst, expr):
    try:
        return inst(expr)
    except Exception as exc:  # noqa: BLE001 - the failure must be the same one
        return type(exc)


def test_shared_instantiation_is_the_instances_own():
    """The diagnosis instantiates mutants through one mapping extended with every node met
    before (diagnosis._Shared): the value (or the failure) of every mutant side must be
    what the instance itself gives, at every size and discrete value."""
    from derivations._verdicts.diagnosis import _Shared

    s, w, SB, SW, J, true = _fisher_gradient()
    claims = [Equal(Grad(J, w), true), Equal(w, SW.inverse() * (SB * w + w))]
    shared = _Shared()
    checked = 0
    for claim in claims:
        for _op, _desc, mutant in mutate_claim(claim, s, sides_only=True):
            for sizes in s.size_assignments():
                inst = s.instance_with_random_discrete(sizes, random.Random(0))
                for side in mutant.sides():
                    fresh = _instantiated(type(inst)(inst.sizes, inst.mapping, inst.entries,
                                                     inst.discrete, inst.definitions), side)
                    assert _instantiated(shared.instance(inst), side) == fresh
                    checked += 1
    assert checked > 100


def test_shared_substitution_is_xreplace():
    """The random stage substitutes a point into every residual entry with one memo per
    point (diagnosis._substitute): each value must be xreplace's."""
    from derivations._verdicts.diagnosis import _Shared, _substitute

    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    SB, SW = s.matrix("S_B", d, d, "symmetric"), s.matrix("S_W", d, d, "spd")
    J = quad(w, SB) / quad(w, SW)
    claim = Equal(SW.inverse() * Grad(J, w), 2 * SB * w / quad(w, SW))
    shared = _Shared()
    for sizes in s.size_assignments():
        rng = random.Random(1)
        inst = s.instance_with_random_discrete(sizes, rng)
        values = s.random_values(inst, rng)
        memo: dict = {}
        for e in decider(claim).residual(shared.instance(inst)):
            assert _substitute(e, values, memo)[0] == e.xreplace(values)
        assert memo


def test_shared_expansion_is_expand_definitions():
    """Definitions are substituted into the mutants with one memo per definition
    (diagnosis._Shared.expand): each must be expand_definitions' expression."""
    import derivations
    from derivations._symbols.space import expand_definitions
    from derivations._verdicts.diagnosis import _Shared

    st = derivations.REGISTRY["fisher.udelar_within_line"].build()
    defs = st.space._defs()
    assert defs
    shared = _Shared()
    n = 0
    for _op, _desc, mutant in mutate_claim(st.claims[st.corrects], st.space, sides_only=True):
        for side in mutant.sides():
            assert (_instantiated(lambda e: shared.expand(e, defs), side)
                    == _instantiated(lambda e: expand_definitions(e, defs), side))
            n += 1
    assert n > 50 and shared.substituted


def test_same_expression_over_q_without_sympy_where_flint_decides(monkeypatch):
    """Rational sides are compared and proved in flint (no SymPy instantiation); a side flint
    refuses (a step function) still goes through SymPy and gets the same answer."""
    from derivations._verdicts import diagnosis

    s = Space()
    d = s.dim("d", sizes=(1, 2))
    A, B = s.matrix("A", d, d, "spd"), s.matrix("B", d, d, "spd")
    w = s.vector("w", d)
    calls = []
    real = diagnosis._proved_by_sympy
    monkeypatch.setattr(diagnosis, "_proved_by_sympy",
                        lambda *a: calls.append(a) or real(*a))
    same = diagnosis.same_expression
    assert same((A * B).I, B.I * A.I, s, random.Random(0)) == "proved" and not calls
    assert same((A * B).I, A.I * B.I, s, random.Random(0)) is None and not calls
    c = s.scalar("c")
    # |·| needs a sign: decided in flint case by case (derivations._exact.cases)
    assert same(sp.Abs(c) * w, sp.Abs(-c) * w, s, random.Random(0)) == "proved" and not calls
    # a Heaviside step flint has no rule for: SymPy's route, the same answer
    assert same(sp.Heaviside(c) * w, sp.Heaviside(c) * w, s, random.Random(0)) == "proved"
    assert calls


def test_each_pair_of_sides_is_compared_once_and_an_unchanged_side_not_at_all(monkeypatch):
    """A mutant changes one side: the other is the printed side itself ("proved" without
    evaluation), and the mutants of the other side all meet one pair, compared once per
    diagnosis. The diagnosis is the one comparing every pair of every mutant gives."""
    from derivations._verdicts import diagnosis

    s, d, R, m1, m2 = _space()
    v = s.vector("v", d)
    # the left sides: the same vector written two ways, a pair every mutant of the right meets
    stated = Equal(R * m1 + R * m2 + v, 2 * R.T * R * (m2 - m1))
    truth = Equal(R * (m1 + m2) + v, R.T * R * (m2 - m1))
    calls = []
    real = diagnosis.same_expression
    monkeypatch.setattr(diagnosis, "same_expression",
                        lambda a, b, *r, **k: calls.append((a, b)) or real(a, b, *r, **k))
    dx = diagnose(stated, truth, s, random.Random(0), budget=20)
    assert "factor 2" in dx and calls
    assert all(a != b for a, b in calls), "an unchanged side was compared with itself"
    assert len(calls) == len(set(calls)), "a pair of sides was compared twice"

    every = []  # without the shortcut and the memo: every pair of every mutant compared
    monkeypatch.setattr(diagnosis, "_same_pair",
                        lambda a, b, space, rng, shared: every.append(1) or real(a, b, space, rng, shared=shared))
    assert diagnose(stated, truth, s, random.Random(0), budget=20) == dx
    assert len(every) > len(calls)


def test_an_unchanged_side_the_print_got_wrong_rules_out_the_other_sides_mutants(monkeypatch):
    """The sides a mutant leaves as the correction has them are compared first: where the
    print got such a side wrong, no mutant of another side can match, and its mutated side
    is never compared (|ln(P₂/P₁)| against ln(P₂/P₁) agreed at the points where P₂ > P₁,
    and SymPy then spent 6 s failing to prove it). The diagnosis is the one the sides' own
    order gives."""
    from derivations._verdicts import diagnosis

    s, d, R, m1, m2 = _space()
    v = s.vector("v", d)
    truth = Equal(v + R * m1, R.T * R * (m2 - m1))
    stated = Equal(v + R * m1, R.T * R * (m2 - m1) + m1)  # the print added a term on the right
    calls = []
    real = diagnosis.same_expression
    monkeypatch.setattr(diagnosis, "same_expression",
                        lambda a, b, *r, **k: calls.append((a, b)) or real(a, b, *r, **k))
    dx = diagnose(stated, truth, s, random.Random(0), budget=20)
    assert calls and all(b == stated.rhs for _, b in calls), "a mutated left side was compared"
    monkeypatch.setattr(diagnosis, "same_expression", real)
    in_order = diagnosis._matches  # the sides in their own order: the same diagnosis
    monkeypatch.setattr(diagnosis, "_matches", lambda *a, **k: in_order(*a[:5]))
    assert diagnose(stated, truth, s, random.Random(0), budget=20) == dx
