"""SphereMax.violation (derivations._claims.claims) at exact random points: the unit norm,
the gap against the point's own direction, and the nearby points p ± ε(u − (uᵀp)p), with f
instantiated once and evaluated at each vector."""

import random

import pytest
import sympy as sp

from derivations._claims.claims import SphereMax
from derivations._symbols.expr import Norm, dot
from derivations._symbols.space import Space
from derivations._decide.kinds import decider


def _fixed():
    s = Space()
    d = s.dim("d", sizes=(2,), fixed=True)
    return s, d, s.vector("u", d)


def _points(s, d, keep):
    rng = random.Random(0)
    for _ in range(200):
        inst, values = s.random_instance({d: sp.Integer(2)}, rng)
        u = [inst.mapping[s.decls["u"].symbol][k, 0] for k in range(2)]
        if keep(u):
            yield inst, values


def test_a_point_that_loses_only_to_nearby_points_is_refuted_by_them():
    """f(u) = u₁ claimed maximal at (0, 1): a u with u₁ < 0 does not beat it, but its tangent
    part (u₁, 0) gives a nearby point that does."""
    s, d, u = _fixed()
    claim = SphereMax(u[0, 0], u, sp.ImmutableMatrix([0, 1]))
    inst, values = next(_points(s, d, lambda v: v[0] < 0))
    why = decider(claim).violation(inst, values)
    assert why is not None and "u' = point" in why, why


def test_a_point_beaten_by_the_draw_itself_is_refuted_by_the_gap():
    s, d, u = _fixed()
    claim = SphereMax(u[0, 0], u, sp.ImmutableMatrix([0, 1]))
    inst, values = next(_points(s, d, lambda v: v[0] > 0))
    why = decider(claim).violation(inst, values)
    assert why is not None and why.startswith("f(point) - f(u/||u||) = "), why


def test_the_maximiser_passes_every_check_and_a_point_off_the_sphere_fails_the_first():
    s, d, u = _fixed()
    right = SphereMax(u[0, 0] + u[1, 0], u, sp.ImmutableMatrix([1, 1]) / sp.sqrt(2))
    off = SphereMax(u[0, 0] + u[1, 0], u, sp.ImmutableMatrix([1, 1]))
    for inst, values in list(_points(s, d, lambda v: any(x != 0 for x in v)))[:5]:
        assert decider(right).violation(inst, values) is None
        assert "norm" in decider(off).violation(inst, values)


def test_steepest_ascent_at_symbolic_sizes_holds_at_points():
    """G/‖G‖ maximises uᵀG: every check passes at points of several sizes (f instantiated
    with the placeholders at each size)."""
    s = Space()
    d = s.dim("d", sizes=(1, 2, 3))
    u, G = s.vector("u", d, nonzero=True), s.vector("G", d, nonzero=True)
    claim = SphereMax(dot(u, G), u, G / Norm(G))
    rng = random.Random(1)
    for n in (1, 2, 3, 5):
        inst, values = s.random_instance({d: sp.Integer(n)}, rng)
        assert decider(claim).violation(inst, values) is None, n


def test_a_point_of_another_shape_is_not_a_formula_at_any_draw():
    """Gᵀ/‖G‖ (a row) for a column u: f at it is undefined — SymPy's ShapeError, as when f was
    instantiated at the point itself (the engine reports the method's error, and the mutation
    suite sets such a mutant aside) — never read entry by entry as the column it transposes."""
    s = Space()
    d = s.dim("d", sizes=(2, 3))
    u, G = s.vector("u", d, nonzero=True), s.vector("G", d, nonzero=True)
    claim = SphereMax(dot(u, G), u, G.T / Norm(G))
    inst, values = s.random_instance({d: sp.Integer(2)}, random.Random(0))
    with pytest.raises(sp.ShapeError):
        decider(claim).violation(inst, values)
    from derivations._methods import exact_random

    with pytest.raises(sp.ShapeError):
        exact_random.run(claim, s, random.Random(0))
