"""Tests of numerics.geometry: bromberg2012 §1.1 Eqs. (1)-(3), udelar2018 "Frontera de
decisión", hermosillo2017 "Geometría básica en el plano 2D", dhs-perceptron normalisation."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, note
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from numerics.errors import InvalidInput, LabelError, NonFiniteInput, ShapeMismatch
from numerics.geometry import (
    Line2D,
    decision_function,
    line_through_points,
    normalize_samples,
    origin_distance,
    project_onto_hyperplane,
    signed_distance,
)
from tests.strategies.geometry import hyperplanes, point_clouds

EPS = np.finfo(float).eps
TINY = np.finfo(float).tiny


def rounding_tol(d: int, magnitude):
    """Float64 rounding bound of a length-d dot product plus a few terms of these sizes.

    ``eps |x|`` per operation, plus the underflow term ``tiny`` (standard model
    ``fl(a op b) = (a op b)(1 + delta) + eta``, Higham §2.2).
    """
    return 8 * (d + 2) * (EPS * np.asarray(magnitude) + TINY)


@st.composite
def clouds_and_hyperplanes(draw, max_dim: int = 5):
    d = draw(st.integers(1, max_dim))
    X = draw(point_clouds(d))
    w, b = draw(hyperplanes(d))
    note(f"X={X!r}\nw={w!r}\nb={b!r}")
    return X, w, b


def norms(A: np.ndarray) -> np.ndarray:
    """Row-wise Euclidean norms without the underflow of ``sqrt(sum(x**2))`` at tiny values."""
    return np.hypot.reduce(A, axis=-1)


def _scale(X: np.ndarray, w: np.ndarray, b: float) -> np.ndarray:
    """Per-row magnitude of the terms in r(x) = x.w/||w|| + b/||w||."""
    return norms(X) + abs(b) / norms(w)


# --------------------------------------------------------------------------- examples


def test_decision_function_is_w_dot_x_plus_b():
    X = np.array([[1.0, 2.0], [0.0, 0.0], [-3.0, 1.0]])
    np.testing.assert_array_equal(
        decision_function(X, coef=[2.0, -1.0], intercept=0.5), [0.5, 0.5, -6.5]
    )


def test_signed_distance_of_3_4_5_example():
    # g(x) = 3 x + 4 y - 5, ||w|| = 5: r = g / 5 (bromberg2012 Eq. (3)).
    X = np.array([[0.0, 0.0], [3.0, 4.0], [0.6, 0.8]])
    r = signed_distance(X, coef=[3.0, 4.0], intercept=-5.0)
    np.testing.assert_allclose(r, [-1.0, 4.0, 0.0], atol=4 * EPS)


def test_projection_of_example_point_is_its_foot_on_the_line():
    # line x + y = 2: foot of (2, 2) is (1, 1).
    P = project_onto_hyperplane([[2.0, 2.0]], coef=[1.0, 1.0], intercept=-2.0)
    np.testing.assert_allclose(P, [[1.0, 1.0]], rtol=4 * EPS)


def test_origin_distance_sign_convention_of_udelar2018():
    # plane x1 = 3 is at +3 along w = e1 ("Frontera de decisión": -w0/||w||).
    assert origin_distance(coef=[2.0, 0.0], intercept=-6.0) == 3.0
    assert origin_distance(coef=[-2.0, 0.0], intercept=6.0) == -3.0


def test_normalize_samples_negates_class_two_and_appends_bias():
    Y = normalize_samples([[1.0, 2.0], [3.0, 4.0]], [1, -1])
    np.testing.assert_array_equal(Y, [[1.0, 2.0, 1.0], [-3.0, -4.0, -1.0]])


def test_line_through_points_matches_hermosillo2017_formulas():
    line = line_through_points([1.0, 2.0], [4.0, 6.0])
    # A = y1 - y2, B = x2 - x1, C = -(A x1 + B y1)
    assert line.coefficients == (-4.0, 3.0, -(-4.0 * 1.0 + 3.0 * 2.0))
    assert isinstance(line, Line2D)


def test_hermosillo_threshold_form_is_intercept_minus_t():
    # h(x) = w.x - t (hermosillo2017 "Propiedades del Perceptron") is intercept = -t.
    X = np.array([[1.0, 1.0], [2.0, -1.0]])
    w, t = np.array([1.0, 2.0]), 0.5
    np.testing.assert_array_equal(decision_function(X, coef=w, intercept=-t), X @ w - t)


@pytest.mark.parametrize("scale", [1e-200, 1e-150, 1.0, 1e150, 1e200])
def test_signed_distance_does_not_underflow_or_overflow_for_extreme_weights(scale):
    # ||w|| is computed as m ||w/m||: sqrt(w^T w) would give 0 at 1e-200 and inf at 1e200.
    X = np.array([[3.0, 4.0], [0.0, 0.0]])
    r = signed_distance(X, coef=[3.0 * scale, 4.0 * scale], intercept=-5.0 * scale)
    np.testing.assert_allclose(r, [4.0, -1.0], rtol=8 * EPS)
    assert origin_distance(coef=[3.0 * scale, 4.0 * scale], intercept=-5.0 * scale) == \
        pytest.approx(1.0, rel=8 * EPS)


def test_a_distance_too_large_for_float64_is_an_error_not_inf():
    with pytest.raises(NonFiniteInput, match="overflows float64"):
        signed_distance([[0.0]], coef=[1e-200], intercept=1e200)


# --------------------------------------------------------------------------- properties


@given(clouds_and_hyperplanes())
def test_projection_has_zero_signed_distance(data):
    X, w, b = data
    P = project_onto_hyperplane(X, coef=w, intercept=b)
    r = signed_distance(X, coef=w, intercept=b)
    r_perp = signed_distance(P, coef=w, intercept=b)
    note(f"P={P!r}\nr_perp={r_perp!r}")
    tol = rounding_tol(X.shape[1], _scale(X, w, b) + np.abs(r))
    assert np.all(np.abs(r_perp) <= tol)


@given(clouds_and_hyperplanes())
def test_point_decomposes_as_projection_plus_r_times_unit_normal(data):
    # bromberg2012 Eq. (2): x = x_perp + r(x) w/||w||.
    X, w, b = data
    P = project_onto_hyperplane(X, coef=w, intercept=b)
    r = signed_distance(X, coef=w, intercept=b)
    rebuilt = P + np.outer(r, w / np.linalg.norm(w))
    tol = rounding_tol(X.shape[1], _scale(X, w, b) + np.abs(r))
    assert np.all(np.abs(rebuilt - X) <= tol[:, None])


@given(clouds_and_hyperplanes())
def test_signed_distance_is_g_over_norm_w(data):
    X, w, b = data
    g = decision_function(X, coef=w, intercept=b)
    r = signed_distance(X, coef=w, intercept=b)
    tol = rounding_tol(X.shape[1], _scale(X, w, b))
    assert np.all(np.abs(g / np.linalg.norm(w) - r) <= tol)


@given(clouds_and_hyperplanes(), st.floats(1e-3, 1e3))
def test_scaling_w_and_b_by_c_scales_g_by_c_and_leaves_r_unchanged(data, c):
    # (w, b) and (c w, c b), c > 0, are the same oriented hyperplane: r = g/||w|| is
    # invariant (it does not scale as 1/c), while g itself scales by c.
    X, w, b = data
    tol = rounding_tol(X.shape[1], _scale(X, w, b))
    r = signed_distance(X, coef=w, intercept=b)
    r_c = signed_distance(X, coef=c * w, intercept=c * b)
    assert np.all(np.abs(r_c - r) <= 2 * tol)
    g = decision_function(X, coef=w, intercept=b)
    g_c = decision_function(X, coef=c * w, intercept=c * b)
    g_scale = c * (np.abs(X) @ np.abs(w) + abs(b))
    assert np.all(np.abs(g_c - c * g) <= 2 * rounding_tol(X.shape[1], g_scale))


@given(clouds_and_hyperplanes(), st.data())
def test_abs_signed_distance_is_the_distance_to_the_nearest_plane_point(data, more):
    X, w, b = data
    Y = more.draw(hnp.arrays(np.float64, X.shape, elements=st.floats(-1e3, 1e3)))
    Z = project_onto_hyperplane(Y, coef=w, intercept=b)  # arbitrary points of the plane
    r = signed_distance(X, coef=w, intercept=b)
    P = project_onto_hyperplane(X, coef=w, intercept=b)
    scale = _scale(X, w, b) + np.abs(r) + norms(Y)
    tol = rounding_tol(X.shape[1], scale)
    assert np.all(np.abs(norms(X - P) - np.abs(r)) <= tol)
    assert np.all(norms(X - Z) >= np.abs(r) - tol)


@given(hyperplanes(3))
def test_origin_distance_is_minus_signed_distance_of_origin_and_locates_the_plane(plane):
    w, b = plane
    rho = origin_distance(coef=w, intercept=b)
    r0 = signed_distance(np.zeros((1, 3)), coef=w, intercept=b)[0]
    assert rho == -r0
    nearest = rho * w / np.linalg.norm(w)
    g = decision_function(nearest[None, :], coef=w, intercept=b)[0]
    assert abs(g) <= rounding_tol(3, abs(b))


@given(st.data())
def test_normalized_samples_are_positive_exactly_when_correctly_classified(data):
    # dhs-perceptron: a^t y_i > 0 for all normalised y_i <=> every sample on its side.
    d = data.draw(st.integers(1, 4))
    n = data.draw(st.integers(1, 8))
    ints = st.integers(-5, 5).map(float)
    X = data.draw(hnp.arrays(np.float64, (n, d), elements=ints))
    t = data.draw(hnp.arrays(np.float64, n, elements=st.sampled_from([-1.0, 1.0])))
    a = data.draw(hnp.arrays(np.float64, d + 1, elements=ints))
    Y = normalize_samples(X, t)
    np.testing.assert_array_equal(Y @ a, t * (X @ a[:-1] + a[-1]))


@given(st.data())
def test_line_through_points_contains_both_points_and_normal_points_left(data):
    ints = st.integers(-50, 50).map(float)
    p1 = data.draw(hnp.arrays(np.float64, 2, elements=ints))
    p2 = data.draw(hnp.arrays(np.float64, 2, elements=ints))
    if np.array_equal(p1, p2):
        p2 = p2 + np.array([1.0, 0.0])
    line = line_through_points(p1, p2)
    on_line = decision_function(np.vstack([p1, p2]), coef=line.coef_, intercept=line.intercept_)
    np.testing.assert_array_equal(on_line, [0.0, 0.0])  # exact in integers
    direction = p2 - p1
    assert line.coef_ @ direction == 0.0
    left = p1 + np.array([-direction[1], direction[0]])  # direction turned by +90 degrees
    assert decision_function(left[None, :], coef=line.coef_, intercept=line.intercept_)[0] > 0
    # hermosillo2017: the sign of <w, x - P> for any point P of the line
    x = data.draw(hnp.arrays(np.float64, 2, elements=ints))
    g = decision_function(x[None, :], coef=line.coef_, intercept=line.intercept_)[0]
    assert g == line.coef_ @ (x - p1)


# --------------------------------------------------------------------------- bad input

GOOD_X = np.array([[1.0, 2.0], [3.0, 4.0]])

BAD_INPUTS = [
    pytest.param(lambda: decision_function(GOOD_X, coef=[0.0, 0.0], intercept=1.0),
                 InvalidInput, "zero vector", id="decision-zero-normal"),
    pytest.param(lambda: decision_function(GOOD_X, coef=[1.0, 2.0, 3.0], intercept=1.0),
                 ShapeMismatch, "augmented weight vector", id="decision-augmented-coef"),
    pytest.param(lambda: decision_function(GOOD_X, coef=[1.0], intercept=1.0),
                 ShapeMismatch, "bias column", id="decision-X-has-bias-column"),
    pytest.param(lambda: decision_function([1.0, 2.0], coef=[1.0, 2.0], intercept=1.0),
                 InvalidInput, "reshape", id="decision-1d-X"),
    pytest.param(lambda: decision_function([[np.nan, 1.0]], coef=[1.0, 2.0], intercept=1.0),
                 NonFiniteInput, "finite", id="decision-nan-X"),
    pytest.param(lambda: decision_function(GOOD_X, coef=[1.0, 2.0], intercept=[1.0, 2.0]),
                 InvalidInput, "scalar", id="decision-vector-intercept"),
    pytest.param(lambda: decision_function(GOOD_X, coef=[1.0, 2.0], intercept=np.inf),
                 NonFiniteInput, "finite", id="decision-inf-intercept"),
    pytest.param(lambda: signed_distance(GOOD_X, coef=[0.0, 0.0], intercept=0.0),
                 InvalidInput, "zero vector", id="distance-zero-normal"),
    pytest.param(lambda: signed_distance(GOOD_X, coef=[[1.0, 2.0], [3.0, 4.0]], intercept=0.0),
                 InvalidInput, "1-D", id="distance-matrix-coef"),
    pytest.param(lambda: signed_distance(GOOD_X, coef=[1.0, np.nan], intercept=0.0),
                 NonFiniteInput, "coef", id="distance-nan-coef"),
    pytest.param(lambda: project_onto_hyperplane(GOOD_X, coef=[0.0, 0.0], intercept=1.0),
                 InvalidInput, "zero vector", id="project-zero-normal"),
    pytest.param(lambda: project_onto_hyperplane(GOOD_X, coef=[1.0, 2.0, 3.0, 4.0], intercept=1.0),
                 ShapeMismatch, "must agree", id="project-wrong-length"),
    pytest.param(lambda: project_onto_hyperplane(np.ones((2, 2, 2)), coef=[1.0, 1.0], intercept=1.0),
                 InvalidInput, "2-D", id="project-3d-X"),
    pytest.param(lambda: origin_distance(coef=[0.0, 0.0, 0.0], intercept=1.0),
                 InvalidInput, "zero vector", id="origin-zero-normal"),
    pytest.param(lambda: origin_distance(coef=[1.0, 2.0], intercept="b"),
                 InvalidInput, "numeric", id="origin-string-intercept"),
    pytest.param(lambda: normalize_samples(GOOD_X, [0, 1]),
                 LabelError, "t = 2 * t - 1", id="normalize-01-labels"),
    pytest.param(lambda: normalize_samples(GOOD_X, [1, -1, 1]),
                 ShapeMismatch, "same number of samples", id="normalize-length-mismatch"),
    pytest.param(lambda: normalize_samples([[np.inf, 0.0]], [1]),
                 NonFiniteInput, "finite", id="normalize-inf-X"),
    pytest.param(lambda: line_through_points([1.0, 2.0], [1.0, 2.0]),
                 InvalidInput, "distinct", id="line-same-point"),
    pytest.param(lambda: line_through_points([1.0, 2.0, 3.0], [0.0, 0.0, 0.0]),
                 ShapeMismatch, "2 coordinates", id="line-3d-points"),
    pytest.param(lambda: line_through_points([1.0, np.nan], [0.0, 0.0]),
                 NonFiniteInput, "p1", id="line-nan-point"),
]


@pytest.mark.parametrize(("call", "error", "fragment"), BAD_INPUTS)
def test_bad_input_raises_a_clear_error(call, error, fragment):
    with pytest.raises(error, match=re.escape(fragment)):
        call()


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        signed_distance(GOOD_X, coef=[0.0, 0.0], intercept=0.0)
