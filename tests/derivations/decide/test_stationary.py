"""The exact Lagrange solver: every answer known independently, both routes complete or
undecided (derivations._decide.stationary)."""

import math

import pytest
import sympy as sp

from derivations._decide.stationary import (NotDecided, count_real, extremes, lagrange_problem,
                                            member, solve_real)

x, y, z = sp.symbols("x y z", real=True)


def _solve(f, cs, xs):
    p = lagrange_problem(f, cs, xs)
    return p, solve_real(p.equations(), p.unknowns), count_real(p.equations(), p.unknowns)


def _as_set(points):
    return {tuple(sp.nsimplify(v) for v in p) for p in points}


def test_circle_example_both_routes():
    """max 2x + y on x² + y² = 1: by Cauchy–Schwarz the max is √5 at (2, 1)/√5, the min −√5."""
    p, sol, cnt = _solve(2 * x + y, [sp.Eq(x ** 2 + y ** 2, 1)], (x, y))
    r5 = sp.sqrt(5)
    assert _as_set(sol.points) == {(2 / r5, 1 / r5, r5 / 2), (-2 / r5, -1 / r5, -r5 / 2)}
    assert (cnt.real, cnt.complex, cnt.multiplicity) == (2, 2, 2)
    ext = extremes(p, [q[:2] for q in sol.points])
    assert [sp.simplify(2 * a + b) for a, b in ext.maximisers] == [r5]
    assert [sp.simplify(2 * a + b) for a, b in ext.minimisers] == [-r5]
    assert "closed and bounded" in ext.reason


def test_irrational_roots_of_an_ellipse():
    """max x + y on x² + 2y² = 1 is √(3/2) (Cauchy–Schwarz with weights 1, 1/2) at
    (2, 1)/√6: every coordinate irrational."""
    p, sol, cnt = _solve(x + y, [sp.Eq(x ** 2 + 2 * y ** 2, 1)], (x, y))
    assert cnt.real == len(sol.points) == 2
    ext = extremes(p, [q[:2] for q in sol.points])
    (a, b), = ext.maximisers
    assert sp.simplify(a - 2 / sp.sqrt(6)) == 0 and sp.simplify(b - 1 / sp.sqrt(6)) == 0
    assert sp.simplify(a + b - sp.sqrt(sp.Rational(3, 2))) == 0


def test_cubic_roots_as_crootof():
    """x³ − 3x + 1 = 0, y = x²: the roots are 2cos(2πk/9), k = 1, 2, 4 (a casus irreducibilis,
    no real radicals), so the solver must carry CRootOf values."""
    sol = solve_real([x ** 3 - 3 * x + 1, y - x ** 2], (x, y))
    cnt = count_real([x ** 3 - 3 * x + 1, y - x ** 2], (x, y))
    assert cnt.real == len(sol.points) == 3
    got = sorted(float(a) for a, _b in sol.points)
    want = sorted(2 * math.cos(2 * math.pi * k / 9) for k in (1, 2, 4))
    assert got == pytest.approx(want, abs=1e-12)
    assert all(sp.minimal_polynomial(b - a ** 2, sp.Symbol("t")) == sp.Symbol("t") for a, b in sol.points)


def test_six_points_and_ties():
    """x³ + y³ on the unit circle: 6 Lagrange points; max 1 at (1, 0) and (0, 1) (a tie),
    min −1 at the opposite points; (1, 1)/√2 is a stationary point with f = 1/√2, neither."""
    p, sol, cnt = _solve(x ** 3 + y ** 3, [sp.Eq(x ** 2 + y ** 2, 1)], (x, y))
    assert cnt.real == len(sol.points) == 6
    ext = extremes(p, [q[:2] for q in sol.points])
    assert set(ext.maximisers) == {(1, 0), (0, 1)}
    assert set(ext.minimisers) == {(-1, 0), (0, -1)}


def test_degenerate_cusp_has_no_lagrange_point():
    """min x on y² = x³: the minimum is at the cusp (0, 0) (x³ = y² ≥ 0), where ∇g = 0, and
    the Lagrange system has no solution at all — the method's classic failure. The solver
    says so, and lists the cusp as the point where the constraint gradient vanishes."""
    p, sol, cnt = _solve(x, [sp.Eq(y ** 2 - x ** 3, 0)], (x, y))
    assert sol.points == () and cnt.real == 0 and cnt.complex == 0
    assert solve_real(p.singular_equations(), (x, y)).points == ((0, 0),)
    assert count_real(p.singular_equations(), (x, y)).real == 1
    with pytest.raises(NotDecided, match="not shown compact"):
        extremes(p, [], [(0, 0)])  # not compact and not a quadratic: not classified


def test_multiplicity_counted_once():
    """x² = 0, y = x: one real solution of multiplicity 2."""
    cnt = count_real([x ** 2, y - x], (x, y))
    assert (cnt.real, cnt.complex, cnt.multiplicity) == (1, 1, 2)
    assert solve_real([x ** 2, y - x], (x, y)).points == ((0, 0),)


def test_no_real_solution():
    """x + y on x² + y² = −1: the Lagrange system has two complex solutions, no real one."""
    _p, sol, cnt = _solve(x + y, [(x ** 2 + y ** 2, -1)], (x, y))  # Eq would evaluate to False
    assert sol.points == ()
    assert (cnt.real, cnt.complex) == (0, 2)


def test_inconsistent_system_is_certified():
    sol = solve_real([x ** 2 + 1, x ** 2 + 2], (x,))
    assert sol.points == () and "no complex solution" in sol.reason
    assert member(1, [x ** 2 + 1, x ** 2 + 2], (x,)) is not None


def test_positive_dimensional_reported_not_guessed():
    """x + y on x + y = 1: f is constant on the constraint, every point is stationary."""
    p = lagrange_problem(x + y, [sp.Eq(x + y, 1)], (x, y))
    with pytest.raises(NotDecided, match="not zero-dimensional"):
        solve_real(p.equations(), p.unknowns)
    with pytest.raises(NotDecided, match="not zero-dimensional"):
        count_real(p.equations(), p.unknowns)


def test_singular_constraint_everywhere_is_not_decided():
    """(x² + y² − 1)² = 0: ∇g vanishes on the whole circle; the singular set is a curve."""
    p = lagrange_problem(x, [sp.Eq((x ** 2 + y ** 2 - 1) ** 2, 0)], (x, y))
    with pytest.raises(NotDecided, match="not zero-dimensional"):
        count_real(p.singular_equations(), (x, y))


def test_membership_certificates():
    F = [2 - 2 * z * x, 1 - 2 * z * y, x ** 2 + y ** 2 - 1]
    cof = member(4 * z ** 2 - 5, F, (x, y, z))
    assert cof is not None
    assert sp.expand(sum(c.as_expr() * f for c, f in zip(cof, F)) - (4 * z ** 2 - 5)) == 0
    assert member(x, F, (x, y, z)) is None  # x vanishes at no solution: not in the ideal


def test_quadratic_on_affine_sets():
    """min x² + y² on x + y = 1 is (1/2, 1/2), no max; x² − y² on z = 0 has neither."""
    p, sol, _c = _solve(x ** 2 + y ** 2, [sp.Eq(x + y, 1)], (x, y))
    ext = extremes(p, [q[:2] for q in sol.points])
    assert ext.maximisers is None and ext.minimisers == ((sp.Rational(1, 2), sp.Rational(1, 2)),)
    p, sol, _c = _solve(x ** 2 - y ** 2, [sp.Eq(z, 0)], (x, y, z))
    ext = extremes(p, [q[:3] for q in sol.points])
    assert ext.maximisers is None and ext.minimisers is None and "indefinite" in ext.reason


def test_svm_exercise_dual_on_the_hyperplane():
    """hermosillo2017's exercise: max Σα − ½αᵀHα on Σα_i y_i = 0 has the unique stationary
    point α = (0, 1/8, 1/8) with λ = 0, a global max (H is singular; its reduced form is not)."""
    a = sp.symbols("a1:4", real=True)
    H = sp.Matrix([[5, 3, 5], [3, 5, 3], [5, 3, 5]])
    v = sp.Matrix(a)
    p, sol, cnt = _solve(sum(a) - (v.T * H * v)[0] / 2, [sp.Eq(-a[0] - a[1] + a[2], 0)], a)
    assert sol.points == ((0, sp.Rational(1, 8), sp.Rational(1, 8), 0),) and cnt.real == 1
    ext = extremes(p, [q[:3] for q in sol.points])
    assert ext.maximisers == ((0, sp.Rational(1, 8), sp.Rational(1, 8)),) and ext.minimisers is None


def test_a_constraint_evaluated_while_built_is_refused():
    with pytest.raises(NotDecided, match="evaluated"):
        lagrange_problem(x, [sp.Eq(x ** 2 + y ** 2, -1)], (x, y))


def test_non_rational_coefficients_are_refused():
    with pytest.raises(NotDecided, match="rational coefficients"):
        solve_real([x - sp.sqrt(2)], (x,))
