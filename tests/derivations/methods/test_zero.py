"""The zero test behind the components method's proofs: a piecewise expression is 0 when every
region of its case analysis is, a region's value reduced modulo the region's equalities."""

import sympy as sp

from derivations._methods.zero import is_identically_zero

a1, a2, y1, y2 = sp.symbols("a1 a2 y1 y2", real=True)
Z = a1 * y1 + a2 * y2


def test_a_region_on_a_nonlinear_boundary_is_reduced_modulo_its_equality():
    # On the region a·y = 0 the difference is a_1 y_1 + a_2 y_2, which is 0 there.
    assert is_identically_zero(sp.Max(0, -Z) - sp.Piecewise((-Z, Z <= 0), (0, True)))


def test_a_difference_left_on_the_boundary_region_is_not_called_zero():
    # Wrong on the boundary only: at a·y = 0 the branches give 0 and a_1, not equal.
    assert not is_identically_zero(sp.Max(0, -Z) - sp.Piecewise((-Z, Z < 0), (a1, True)))
    # Wrong everywhere on one side.
    assert not is_identically_zero(sp.Max(0, -Z) - sp.Piecewise((1 - Z, Z <= 0), (0, True)))


ZETA = sp.Symbol("zeta", real=True, nonzero=True)
C = sp.Symbol("c", positive=True)
R = sp.Symbol("r", real=True)


def test_the_declared_domain_closes_regions_nonzero_and_positive():
    # zeta declared nonzero: the region zeta = 0, where H(0, 1) = 1 and the Piecewise is 0, is empty.
    assert is_identically_zero(sp.Heaviside(-ZETA, 1) - sp.Piecewise((1, ZETA < 0), (0, True)))
    # r is not declared nonzero: at r = 0 the two differ, so it is not zero.
    assert not is_identically_zero(sp.Heaviside(-R, 1) - sp.Piecewise((1, R < 0), (0, True)))
    # c > 0 declared: -c r >= 0 exactly when -r >= 0.
    assert is_identically_zero(sp.Heaviside(-C * R, 1) - sp.Heaviside(-R, 1))
    assert not is_identically_zero(sp.Heaviside(-C * R, 1) - sp.Heaviside(R, 1))
    assert not is_identically_zero(sp.Heaviside(-C * R, 0) - sp.Heaviside(-R, 1))
