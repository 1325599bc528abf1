"""Stationary at exact random points: the gradient is evaluated at the *claimed* point (forward
mode), never at the random value of the variable."""

import random

import sympy as sp

from derivations import Grad, Space, Stationary, quad
from derivations._methods import exact_random
from derivations._symbols.nodes import Inv
from derivations._decide.kinds import decider


def _space():
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d)
    A = s.matrix("A", d, d, "spd")
    b = s.vector("b", d)
    f = quad(w, A) / 2 - (b.T * w)[0, 0]  # ½ wᵀAw − bᵀw, minimised at A⁻¹b
    return s, w, A, b, f


def test_the_minimiser_is_stationary_and_a_wrong_point_is_refuted_at_an_exact_point():
    s, w, A, b, f = _space()
    right = exact_random.run(Stationary(f, w, Inv(A) * b), s, random.Random(0))
    assert right.outcome == "equal", right.detail
    wrong = exact_random.run(Stationary(f, w, 2 * Inv(A) * b), s, random.Random(0))
    assert wrong.outcome == "different" and wrong.certain, wrong.detail


def test_the_gradient_is_taken_at_the_claimed_point_not_at_the_random_one():
    s, w, A, b, f = _space()
    d = s.dims["d"][0]
    inst, values = s.random_instance({d: sp.Integer(2)}, random.Random(1), "readable", {"w"})
    assert inst.point == values and values  # w kept: its random value is the instance's point
    claim = Stationary(f, w, Inv(A) * b)
    assert all(sp.simplify(r) == 0 for r in decider(claim).identity(inst))
    # the gradient at the random w is A w − b, not 0 (so a residual taken there would refute)
    g = inst(Grad(f, w))
    assert any(sp.simplify(x) != 0 for x in g)
