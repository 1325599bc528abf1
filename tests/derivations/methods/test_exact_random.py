"""Exact random: a point where a formula as written is undefined is a singular draw, never
evidence — also where SymPy's arithmetic cancels the vanishing factor after instantiation."""

import random

import sympy as sp

from derivations import Equal, Space
from derivations._methods import exact_random
from derivations._symbols.expr import Scalar


def _space_with_removable_singularity():
    """x_B = x_A + c/(aᵀu) u: at d = 1 the instantiated u₀/(a₀u₀) is cancelled to 1/a₀, so
    u = 0 — where the definition is undefined — would be evaluated as if it were defined."""
    s = Space()
    d = s.dim("d", (1,), fixed=True)
    a, u, x_a = s.vector("a", d), s.vector("u", d), s.vector("x_A", d)
    c = s.scalar("c")
    x_b = s.vector("x_B", d)
    s.define(x_b, x_a + (c / Scalar(a.T * u)) * u)
    return s, a, u, x_a, x_b, c


def test_a_zero_denominator_as_written_makes_the_draw_singular():
    s, a, u, x_a, x_b, c = _space_with_removable_singularity()
    claim = Equal(Scalar(a.T * x_b), Scalar(a.T * x_a) + c)  # true wherever x_B is defined
    dens = exact_random._denominators(claim, s)
    assert any(den.has(u) for den in dens)
    inst = s.components({s.dims["d"][0]: 1})[0]
    zero = {e: sp.Integer(0) for e in inst(u)}
    values = {**{e: sp.Integer(2) for e in inst(a)}, **zero}
    try:
        exact_random._check_defined(dens, inst, values)
    except ZeroDivisionError as exc:
        assert "is 0 at this point" in str(exc)
    else:
        raise AssertionError("u = 0 divides by aᵀu = 0 and must be a singular draw")
    exact_random._check_defined(dens, inst, {**values, **{e: sp.Integer(1) for e in inst(u)}})


def test_a_true_claim_with_a_removable_singularity_is_never_refuted():
    s, a, u, x_a, x_b, c = _space_with_removable_singularity()
    claim = Equal(Scalar(a.T * x_b), Scalar(a.T * x_a) + c)
    for seed in range(20):
        out = exact_random.run(claim, s, random.Random(seed))
        assert out.outcome != "different", (seed, out.detail, out.witness)
