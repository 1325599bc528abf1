"""The components method (derivations._methods.components): identities at concrete sizes with
every entry a symbol — proved over ℚ(entry symbols) in flint where it can, by SymPy otherwise,
and the two never disagree."""

import random

import pytest
import sympy as sp

from derivations import REGISTRY
from derivations._claims.claims import Equal, Stationary
from derivations._decide.kinds import Undecidable
from derivations._methods import components
from derivations._methods.components import _sizes_to_prove
from derivations._methods.zero import is_identically_zero
from derivations._symbols.expr import Grad, Norm, Scalar, dot
from derivations._symbols.space import Space
from derivations._decide.kinds import decider


def _space():
    s = Space()
    d = s.dim("d", sizes=(1, 2, 3))
    return s, d, dict(A=s.matrix("A", d, d, "spd"), B=s.matrix("B", d, d, "spd"),
                      M=s.matrix("M", d, d), w=s.vector("w", d), x=s.vector("x", d),
                      c=s.scalar("c"))


def _flint(claim, s, d, n):
    return [decider(claim).identity_over_q(inst) for inst in s.components({d: sp.Integer(n)})]


@pytest.mark.parametrize("make, sizes", [
    (lambda A, B, M, w, x, c: Equal((A * B).I, B.I * A.I), (1, 2, 3)),
    (lambda A, B, M, w, x, c: Equal(sp.Determinant(A * M), sp.Determinant(A) * sp.Determinant(M)),
     (1, 2, 3)),
    (lambda A, B, M, w, x, c: Equal(Grad(Scalar(w.T * A * w) / 2 - dot(w, x) * c, w),
                                    A * w - c * x), (1, 2, 3)),
    # a norm is a formal root over ℚ(x): (wᵀx + c)/‖w‖ · ‖w‖ = wᵀx + c, ‖2w‖ = 2‖w‖ (at d = 1,
    # ‖w‖ = |w₁| is the root of a square, refused: SymPy proves that size)
    (lambda A, B, M, w, x, c: Equal((dot(w, x) + c) / Norm(w) * Norm(w) + Norm(w * 2),
                                    dot(w, x) + c + 2 * Norm(w)), (2, 3)),
    (lambda A, B, M, w, x, c: Stationary(Scalar(w.T * A * w) / 2 - dot(w, x), w, A.I * x),
     (1, 2, 3)),
])
def test_true_identities_are_proved_over_q_of_the_entry_symbols(make, sizes):
    s, d, m = _space()
    claim = make(*m.values())
    for n in sizes:
        assert all(_flint(claim, s, d, n)), n
    o = components.run(claim, s, random.Random(0))
    assert o.outcome == "equal", o.detail


@pytest.mark.parametrize("make", [
    lambda A, B, M, w, x, c: Equal((A * B).I, A.I * B.I),  # false for d ≥ 2
    lambda A, B, M, w, x, c: Equal(Norm(w) ** 2, dot(w, w) + 1),
    # refused, not decided: a square root of a square (|c|), a sign (|·|)
    lambda A, B, M, w, x, c: Equal(sp.sqrt(c ** 2), c),
    lambda A, B, M, w, x, c: Equal(sp.Abs(c), c),
])
def test_false_or_sign_dependent_identities_are_never_proved_over_q(make):
    s, d, m = _space()
    claim = make(*m.values())
    assert not all(_flint(claim, s, d, 2))


def test_an_inequality_with_a_certificate_is_proved_over_q_when_gap_minus_certificate_is_0():
    """Rel's identity is gap − certificate ≡ 0 (the certificate's sign is the manifest
    check's): over ℚ(entry symbols) in flint like an equality; a wrong certificate is not,
    and a Rel without one has no such route (its gap goes to the inequality prover)."""
    from derivations._claims.claims import Rel

    s, d, m = _space()
    w, x, c = m["w"], m["x"], m["c"]
    good = Rel(dot(w, w) + 2 * dot(w, x) + dot(x, x), ">=", 0, certificate=dot(w + x, w + x))
    wrong = Rel(dot(w, w) + dot(x, x), ">=", 0, certificate=dot(w + x, w + x))
    bare = Rel(dot(w, w), ">=", 0)
    for n in (1, 2, 3):
        assert all(_flint(good, s, d, n)) and not any(_flint(wrong, s, d, n)), n
        inst = s.components({d: sp.Integer(n)})[0]
        assert decider(good).rational_residual(inst) == [0] and decider(bare).rational_residual(inst) is None
    assert components.run(good, s, random.Random(0)).outcome == "equal"
    assert components.run(wrong, s, random.Random(0)).outcome != "equal"


@pytest.mark.slow
def test_every_catalog_identity_proved_over_q_is_one_sympy_agrees_with():
    """At every size the components method proves, a claim flint proves identically 0 is
    0 by SymPy's own route too; where SymPy does not simplify it, no exact point refutes it."""
    proved = 0
    for eid in sorted(REGISTRY):
        st = REGISTRY[eid].build()
        claims = [c for _, c in st.all_claims()] + ([st.stated] if st.stated is not None else [])
        for claim in claims:
            if not hasattr(decider(claim), "rational_residual"):
                continue
            for sizes in _sizes_to_prove(claim, st.space)[:2]:
                for inst in st.space.components(sizes)[:2]:
                    if not decider(claim).identity_over_q(inst):
                        continue
                    proved += 1
                    ids = decider(claim).identity(inst)
                    if ids is not None and all(is_identically_zero(e) for e in ids):
                        continue
                    for seed in range(3):
                        values = st.space.random_values(inst, random.Random(seed))
                        try:
                            assert not decider(claim).violation(inst, values), (eid, claim, sizes)
                        except Undecidable:
                            pass
    print(f"{proved} catalog instances proved over Q(entry symbols)")
    assert proved >= 400
