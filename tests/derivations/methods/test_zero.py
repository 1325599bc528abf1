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


def test_rational_functions_are_decided_exactly_in_polynomial_arithmetic():
    from derivations._methods.zero import rational_zero

    a, b = sp.symbols("a b", real=True)
    q = a**2 + b**2 + 1
    grad = sp.diff(a**2 * b / q, a)  # a quotient-rule derivative, written out by hand below
    by_hand = (2 * a * b * q - a**2 * b * 2 * a) / q**2
    assert rational_zero(grad - by_hand) is True
    assert rational_zero(grad - by_hand + sp.Rational(1, 10**12) * a) is False  # never "tiny"
    assert rational_zero((a**2 - b**2) / (a - b) - a - b) is True
    assert rational_zero(a / (a * b) - 1 / b + a) is False
    # Anything else is left to the other routes (None), and they agree where both apply.
    assert rational_zero(sp.exp(a) - sp.exp(a) * (1 + b) + b * sp.exp(a)) is None
    assert rational_zero(sp.sqrt(a) * b - 1) is None
    assert rational_zero(1 / ((a + b) ** 2 - a**2 - 2 * a * b - b**2)) is None  # 1/0 everywhere
    assert rational_zero(sp.Float(0.5) * a - a / 2) is None
    for e in (grad - by_hand, (a + b) ** 3 / (a - b) - (a + b) ** 3 / (a - b), a / (a + 1) - 1):
        assert is_identically_zero(e) == sp.expand(sp.fraction(sp.together(e))[0]).is_zero


def test_a_rational_point_of_the_declared_domain_refutes_cheaply():
    from derivations._methods.zero import _point_value, nonzero_at_a_point

    n = sp.Symbol("n", integer=True, positive=True)
    for k in range(20):
        for attempt in range(2):
            assert _point_value(n, k, attempt).is_integer and _point_value(n, k, attempt) > 0
            assert _point_value(C, k, attempt) > 0
            assert _point_value(ZETA, k, attempt) != 0
    # nonzero at a rational point: not identically zero, decided before the expensive routes
    assert nonzero_at_a_point(sp.exp(R) - 1 - R)
    assert nonzero_at_a_point(sp.Max(0, -Z) - sp.Piecewise((1 - Z, Z <= 0), (0, True)) + sp.exp(a1))
    # identities on the declared domain are never refuted: log(c²) = 2 log(c) for c > 0
    assert not nonzero_at_a_point(sp.log(C ** 2) - 2 * sp.log(C))
    assert is_identically_zero(sp.log(C ** 2) - 2 * sp.log(C))
    assert not nonzero_at_a_point(sp.exp(2 * R) - sp.exp(R) ** 2)
    # a point where the value is not a real number, or undefined, proves nothing
    assert not nonzero_at_a_point(sp.log(R) - sp.log(R))
    assert not nonzero_at_a_point(sp.Integer(0))
    # an evaluation that fails (a derivative at a number) proves nothing, and never crashes
    assert not nonzero_at_a_point(sp.Derivative(sp.Function("f")(R), R) + 1)


def test_the_memo_answers_a_repeated_question_as_the_first_time():
    e = sp.Max(0, -Z) - sp.Piecewise((-Z, Z <= 0), (0, True))
    assert is_identically_zero(e) is True and is_identically_zero(e) is True
    f = sp.Max(0, -Z) - sp.Piecewise((-Z, Z < 0), (a1, True))
    assert is_identically_zero(f) is False and is_identically_zero(f) is False
