"""Tests of numerics.feature_maps: bromberg2012 §4 Example 1 (quadratic map and its conic),
udelar2018 "Discriminante polinomial", and the classification of plane conics."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from numerics.errors import InvalidInput, NonFiniteInput, ShapeMismatch
from numerics.feature_maps import (
    CONIC_TYPES,
    Conic,
    classify_conic,
    conic_coefficients,
    polynomial_features_1d,
    product_features,
    quadratic_features,
)
from numerics.separability import linear_separability
from tests.strategies.geometry import integer_quadratic_hyperplanes

EPS = np.finfo(float).eps
TINY = np.finfo(float).tiny  # underflow term of the rounding model (Higham §2.2)
SQRT2 = np.sqrt(2.0)

plane_points = hnp.arrays(np.float64, (1, 2), elements=st.floats(-1e3, 1e3))
small_ints = st.integers(-6, 6).map(float)


# --------------------------------------------------------------------------- feature maps


def test_quadratic_features_of_an_example_point():
    np.testing.assert_array_equal(quadratic_features([[3.0, -2.0]]), [[9.0, -6.0 * SQRT2, 4.0]])


def test_polynomial_features_1d_are_one_x_x_squared():
    np.testing.assert_array_equal(polynomial_features_1d([2.0, -3.0]),
                                  [[1.0, 2.0, 4.0], [1.0, -3.0, 9.0]])


def test_product_features_weight_the_product_by_alpha():
    np.testing.assert_array_equal(product_features([[2.0, 3.0]], alpha=0.5), [[2.0, 3.0, 3.0]])


@given(plane_points, plane_points)
def test_quadratic_feature_inner_product_is_the_squared_inner_product(x, z):
    # phi(x).phi(z) = x1^2 z1^2 + 2 x1 x2 z1 z2 + x2^2 z2^2 = (x.z)^2 (Bishop PRML Eq. (6.12)).
    lhs = (quadratic_features(x) @ quadratic_features(z).T)[0, 0]
    rhs = float(x[0] @ z[0]) ** 2
    scale = float(np.abs(x[0]) @ np.abs(z[0])) ** 2  # every term is bounded by this
    note(f"lhs={lhs!r} rhs={rhs!r}")
    assert abs(lhs - rhs) <= 16 * (EPS * scale + TINY)


@given(hnp.arrays(np.float64, 3, elements=st.floats(-1e2, 1e2)), st.floats(-1e2, 1e2),
       plane_points)
def test_hyperplane_on_quadratic_features_is_the_conic_polynomial(w, b, x):
    # bromberg2012 Example 1: w.phi(x) + b = A x1^2 + B x1 x2 + C x2^2 + D x1 + E x2 + F.
    w = w.copy()
    w[0] = w[0] if w.any() else 1.0
    A, B, C, D, E, F = conic_coefficients(coef=w, intercept=b).coefficients
    x1, x2 = x[0]
    lhs = float(quadratic_features(x)[0] @ w + b)
    rhs = A * x1 * x1 + B * x1 * x2 + C * x2 * x2 + D * x1 + E * x2 + F
    scale = np.abs(w).sum() * 2 * (x1 * x1 + x2 * x2) + abs(b)
    assert abs(lhs - rhs) <= 16 * (EPS * scale + TINY)


@given(hnp.arrays(np.float64, (3, 2), elements=st.floats(-1e3, 1e3)), st.floats(-1e3, 1e3))
def test_product_features_columns_are_x1_x2_and_alpha_x1_x2(X, alpha):
    Phi = product_features(X, alpha=alpha)
    np.testing.assert_array_equal(Phi[:, :2], X)
    np.testing.assert_array_equal(Phi[:, 2], alpha * X[:, 0] * X[:, 1])


@given(hnp.arrays(np.float64, 5, elements=st.floats(-1e3, 1e3)),
       hnp.arrays(np.float64, 3, elements=small_ints))
def test_a_hyperplane_on_one_x_x2_is_a_quadratic_in_x(x, a):
    # udelar2018 "Discriminante polinomial": a^T [1, x, x^2] = a0 + a1 x + a2 x^2.
    Phi = polynomial_features_1d(x)
    np.testing.assert_array_equal(Phi, np.column_stack([np.ones_like(x), x, x * x]))
    scale = np.abs(a[0]) + np.abs(a[1] * x) + np.abs(a[2]) * x * x
    assert np.all(np.abs(Phi @ a - (a[0] + a[1] * x + a[2] * (x * x))) <= 4 * (EPS * scale + TINY))


def test_rings_not_separable_in_x_are_separable_in_phi_by_a_circle():
    # bromberg2012 Fig. 6: an inner disc against an outer ring.
    angles = np.linspace(0, 2 * np.pi, 12, endpoint=False)
    ring = np.column_stack([np.cos(angles), np.sin(angles)])
    X = np.vstack([0.5 * ring, 2.0 * ring])
    t = np.concatenate([np.ones(12), -np.ones(12)])
    assert not linear_separability(X, t).separable_
    res = linear_separability(quadratic_features(X), t)
    assert res.separable_
    # The circle w = (1, 0, 1), b = -1 (x1^2 + x2^2 = 1) separates them too, and it is a circle.
    w, b = np.array([-1.0, 0.0, -1.0]), 1.0
    assert np.all(t * (quadratic_features(X) @ w + b) > 0)
    assert classify_conic(*conic_coefficients(coef=w, intercept=b).coefficients) == "circle"


# --------------------------------------------------------------------------- conics

CONICS = [
    ((1, 0, 1, 0, 0, -1), "circle"),            # x^2 + y^2 = 1
    ((4, 0, 4, -8, 0, 0), "circle"),            # (x - 1)^2 + y^2 = 1, times 4
    ((1, 0, 4, 0, 0, -4), "ellipse"),           # x^2/4 + y^2 = 1, times 4
    ((5, -6, 5, 0, 0, -8), "ellipse"),          # rotated ellipse
    ((-1, 0, 0, 0, 1, 0), "parabola"),         # y = x^2
    ((1, 2, 1, 1, -1, 0), "parabola"),          # (x + y)^2 + x - y = 0
    ((1, 0, -1, 0, 0, -1), "hyperbola"),        # x^2 - y^2 = 1
    ((0, 1, 0, 0, 0, -1), "hyperbola"),         # x y = 1
    ((1, 0, -1, 0, 0, 0), "line pair"),         # (x - y)(x + y) = 0
    ((0, 1, 0, 0, 0, 0), "line pair"),          # x y = 0
    ((1, 0, 1, 0, 0, 0), "point"),              # x^2 + y^2 = 0
    ((1, 0, 1, -2, 0, 1), "point"),             # (x - 1)^2 + y^2 = 0
    ((1, 0, 1, 0, 0, 1), "empty"),              # x^2 + y^2 = -1
    ((1, 0, 0, 0, 0, -1), "parallel lines"),    # x^2 = 1
    ((1, 2, 1, 0, 0, -1), "parallel lines"),    # (x + y)^2 = 1
    ((1, 0, 0, 0, 0, 0), "double line"),        # x^2 = 0
    ((1, -2, 1, 2, -2, 1), "double line"),      # (x - y + 1)^2 = 0
    ((1, 0, 0, 0, 0, 1), "empty"),              # x^2 = -1
    ((0, 0, 0, 1, 1, 0), "line"),               # x + y = 0
    ((0, 0, 0, 0, 0, 1), "empty"),              # 1 = 0
    ((0, 0, 0, 0, 0, 0), "plane"),              # 0 = 0
]


@pytest.mark.parametrize(("coefficients", "expected"), CONICS, ids=[e for _, e in CONICS])
def test_classify_conic_on_textbook_examples(coefficients, expected):
    assert classify_conic(*map(float, coefficients)) == expected


def test_every_conic_type_is_covered_by_the_examples():
    assert {e for _, e in CONICS} == set(CONIC_TYPES)


def test_conic_coefficients_of_bromberg2012_example_1():
    conic = conic_coefficients(coef=[1.0, 2.0, 3.0], intercept=-4.0)
    assert isinstance(conic, Conic)
    assert conic.coefficients == (1.0, 2.0 * SQRT2, 3.0, 0.0, 0.0, -4.0)
    assert (conic.A_, conic.B_, conic.F_) == (1.0, 2.0 * SQRT2, -4.0)


def _translate(c, h1, h2):
    """Coefficients of the same conic after substituting x -> x + h1, y -> y + h2."""
    A, B, C, D, E, F = c
    return (A, B, C, 2 * A * h1 + B * h2 + D, B * h1 + 2 * C * h2 + E,
            A * h1 * h1 + B * h1 * h2 + C * h2 * h2 + D * h1 + E * h2 + F)


def _rotate90(c):
    """Coefficients after substituting (x, y) -> (-y, x)."""
    A, B, C, D, E, F = c
    return (C, -B, A, E, -D, F)


@given(st.sampled_from([c for c, _ in CONICS]), st.integers(-5, 5), st.integers(-5, 5),
       st.sampled_from([-3, -1, 2, 7]), st.integers(0, 3))
def test_conic_type_is_invariant_under_translation_rotation_and_scaling(c, h1, h2, k, quarter):
    # Exact in integers: the type is a Euclidean invariant, and scaling by k != 0 (even
    # negative) does not change the locus.
    expected = classify_conic(*map(float, c))
    moved = _translate(c, h1, h2)
    for _ in range(quarter):
        moved = _rotate90(moved)
    moved = tuple(float(k * v) for v in moved)
    note(f"moved={moved!r}")
    assert classify_conic(*moved) == expected


def _expected_quadratic_map_conic(w: np.ndarray, b: float) -> str:
    """Independent oracle in exact integer arithmetic for w1 x^2 + sqrt2 w2 x y + w3 y^2 + b.

    Q = [[w1, w2/sqrt2], [w2/sqrt2, w3]]: det Q has the sign of 2 w1 w3 - w2^2 and tr Q is
    w1 + w3; with D = E = 0 the conic is lam1 u^2 + lam2 v^2 + b = 0 in Q's eigenbasis.
    """
    w1, w2, w3 = (int(v) for v in w)
    b = int(b)
    det2 = 2 * w1 * w3 - w2 * w2
    trace = w1 + w3
    if det2 > 0:  # eigenvalues of one sign, that of the trace
        if b == 0:
            return "point"
        if b * trace > 0:
            return "empty"
        return "circle" if w1 == w3 and w2 == 0 else "ellipse"
    if det2 < 0:
        return "hyperbola" if b != 0 else "line pair"
    if b == 0:  # one zero eigenvalue, the other equal to the trace
        return "double line"
    return "parallel lines" if b * trace < 0 else "empty"


@given(integer_quadratic_hyperplanes())
def test_conic_of_the_quadratic_map_matches_an_exact_integer_oracle(wb):
    w, b = wb
    conic = conic_coefficients(coef=w, intercept=b)
    note(f"conic={conic!r}")
    assert classify_conic(*conic.coefficients) == _expected_quadratic_map_conic(w, b)


@given(integer_quadratic_hyperplanes())
def test_quadratic_map_never_yields_a_parabola(wb):
    # D = E = 0 gives det M = F det Q: B^2 = 4AC forces a degenerate conic.
    w, b = wb
    assert classify_conic(*conic_coefficients(coef=w, intercept=b).coefficients) != "parabola"


@given(integer_quadratic_hyperplanes(), hnp.arrays(np.float64, (16, 2), elements=small_ints))
def test_an_empty_conic_leaves_the_whole_plane_on_one_side(wb, X):
    # "empty": w.phi(x) + b never vanishes, so it has one strict sign everywhere.
    w, b = wb
    if classify_conic(*conic_coefficients(coef=w, intercept=b).coefficients) == "empty":
        g = quadratic_features(X) @ w + b
        assert np.all(g > 0) or np.all(g < 0)


def test_degenerate_b2_equals_4ac_cases_of_the_quadratic_map():
    # w2^2 = 2 w1 w3 makes B^2 = 4AC: parallel lines, a double line or nothing, never a parabola.
    w = np.array([1.0, SQRT2, 1.0])  # (x + y)^2 + b
    def kind(b: float) -> str:
        return classify_conic(*conic_coefficients(coef=w, intercept=b).coefficients)

    assert kind(-1.0) == "parallel lines"
    assert kind(0.0) == "double line"
    assert kind(1.0) == "empty"


def test_rtol_zero_makes_the_zero_tests_exact():
    # B = sqrt(2) * sqrt(2) rounds to 2 + 4e-16: exactly, a (thin) hyperbola.
    conic = conic_coefficients(coef=[1.0, SQRT2, 1.0], intercept=-1.0)
    assert conic.B_ > 2.0
    assert classify_conic(*conic.coefficients, rtol=0.0) == "hyperbola"
    assert classify_conic(*conic.coefficients) == "parallel lines"


# --------------------------------------------------------------------------- bad input

BAD_INPUTS = [
    pytest.param(lambda: quadratic_features([[1.0, 2.0, 3.0]]),
                 InvalidInput, "must have 2 columns", id="quadratic-3d"),
    pytest.param(lambda: quadratic_features([1.0, 2.0]),
                 InvalidInput, "reshape", id="quadratic-1d"),
    pytest.param(lambda: quadratic_features([[np.nan, 2.0]]),
                 NonFiniteInput, "finite", id="quadratic-nan"),
    pytest.param(lambda: polynomial_features_1d([[1.0, 2.0], [3.0, 4.0]]),
                 InvalidInput, "1-D", id="poly1d-matrix"),
    pytest.param(lambda: polynomial_features_1d([1.0, np.inf]),
                 NonFiniteInput, "finite", id="poly1d-inf"),
    pytest.param(lambda: polynomial_features_1d(["a", "b"]),
                 InvalidInput, "numeric", id="poly1d-strings"),
    pytest.param(lambda: product_features([[1.0, 2.0]], alpha=np.nan),
                 NonFiniteInput, "alpha", id="product-nan-alpha"),
    pytest.param(lambda: product_features([[1.0, 2.0]], alpha=[1.0, 2.0]),
                 InvalidInput, "scalar", id="product-vector-alpha"),
    pytest.param(lambda: product_features([[1.0]], alpha=1.0),
                 InvalidInput, "must have 2 columns", id="product-1-column"),
    pytest.param(lambda: conic_coefficients(coef=[0.0, 0.0, 0.0], intercept=1.0),
                 InvalidInput, "zero vector", id="conic-zero-w"),
    pytest.param(lambda: conic_coefficients(coef=[1.0, 2.0], intercept=1.0),
                 ShapeMismatch, "length 3", id="conic-wrong-length"),
    pytest.param(lambda: conic_coefficients(coef=[1.0, 2.0, 3.0], intercept=np.nan),
                 NonFiniteInput, "intercept", id="conic-nan-b"),
    pytest.param(lambda: classify_conic(1.0, 0.0, 1.0, 0.0, 0.0, np.inf),
                 NonFiniteInput, "F", id="classify-inf-F"),
    pytest.param(lambda: classify_conic(1.0, [0.0, 1.0], 1.0, 0.0, 0.0, 1.0),
                 InvalidInput, "B must be a scalar", id="classify-vector-B"),
    pytest.param(lambda: classify_conic(1.0, 0.0, 1.0, 0.0, 0.0, 1.0, rtol=-1.0),
                 InvalidInput, "rtol must be >= 0", id="classify-negative-rtol"),
]


@pytest.mark.parametrize(("call", "error", "fragment"), BAD_INPUTS)
def test_bad_input_raises_a_clear_error(call, error, fragment):
    with pytest.raises(error, match=re.escape(fragment)):
        call()
