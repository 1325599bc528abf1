"""Extreme scales (issue 37): rescaled exactly by powers of two and undone, or refused with
the fix — never NaN, never a silently wrong model (numerics/_scaling.py)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from numerics.dual_perceptron import dual_perceptron
from numerics.errors import InvalidInput, NonFiniteInput
from numerics.least_squares import fit_least_squares, predict
from numerics.sigmoid import logistic_loss, sigmoid, softmax

X = np.array([[2, 2], [3, 1], [-2, -1], [-1, -3]], dtype=float)
T = np.array([1, 1, -1, -1])


@pytest.mark.parametrize("k", [-700, -664, -532, 0, 532, 664, 900])
def test_least_squares_is_scale_equivariant_at_every_scale(k):
    c = 2.0 ** k
    ref = fit_least_squares(X, T)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        m = fit_least_squares(X * c, T)
    assert np.array_equal(predict(m, X * c), T)
    np.testing.assert_allclose(m.coef_ * c, ref.coef_, rtol=1e-12)
    np.testing.assert_allclose(m.intercept_, ref.intercept_, rtol=1e-12)


def test_least_squares_at_1e_minus_200_classifies_the_samples():
    m = fit_least_squares(X * 1e-200, T)
    assert np.array_equal(predict(m, X * 1e-200), T)


def test_a_typical_design_is_not_touched():
    a, b = fit_least_squares(X, T), fit_least_squares(X * 3.0, T)
    np.testing.assert_allclose(b.coef_ * 3.0, a.coef_, rtol=1e-13)


def test_the_dual_perceptron_refuses_an_overflowing_gram_matrix_with_the_fix():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(NonFiniteInput, match=r"Divide X by a power of two"):
            dual_perceptron(X * 1e300, T)


def test_sigmoid_refuses_complex_input():
    with pytest.raises(InvalidInput):
        sigmoid(1 + 1j)


def test_softmax_at_infinite_and_empty_activations():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(softmax([np.inf, 0.0]), [1.0, 0.0])
        np.testing.assert_array_equal(softmax([[np.inf, 0.0, np.inf], [0.0, 0.0, 0.0]]),
                                      [[0.5, 0.0, 0.5], [1 / 3, 1 / 3, 1 / 3]])
        with pytest.raises(InvalidInput, match="empty"):
            softmax([])
        with pytest.raises(NonFiniteInput, match="all -inf"):
            softmax([-np.inf, -np.inf])


@pytest.mark.parametrize("w, X_, t, want", [
    ([1e308, 1e308], X, [1, 1, 0, 0], 0.0),                  # every sample right, by far
    ([-1e308, -1e308], X, [1, 1, 0, 0], np.inf),             # wrong by more than 1.8e308
    ([1e308, 1e308], [[2.0, -2.0]], [1], np.log(2.0)),       # a = 0 exactly: ln 2
])
def test_logistic_loss_at_huge_weights_is_never_nan(w, X_, t, want):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = logistic_loss(np.array(w), np.array(X_, dtype=float), np.array(t, dtype=float))
    assert got == pytest.approx(want) if np.isfinite(want) else got == want


@pytest.mark.parametrize("c", [1e-200, 1e200])
def test_the_svm_refuses_data_whose_multipliers_leave_the_float_range_with_the_fix(c):
    from numerics.svm import hard_margin_svm

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(InvalidInput, match=r"Fit X \* 2\.0\*\*-?\d+ instead") as e:
            hard_margin_svm(X * c, T)
    k = int(str(e.value).split("2.0**")[1].split()[0])
    fixed = hard_margin_svm(X * c * 2.0 ** k, T)
    ref = hard_margin_svm(X, T)
    np.testing.assert_allclose(fixed.coef_ * (2.0 ** k * c), ref.coef_, rtol=1e-9)  # w of X


@pytest.mark.parametrize("c", [1e-100, 1e100])
def test_the_svm_at_large_but_representable_scales_still_fits(c):
    from numerics.svm import hard_margin_svm

    ref = hard_margin_svm(X, T)
    np.testing.assert_allclose(hard_margin_svm(X * c, T).coef_ * c, ref.coef_, rtol=1e-9)


def _separable_rows(n: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    Xn = rng.standard_normal((n, 3))
    yn = np.where(Xn[:, 0] > 0, 1.0, -1.0)
    Xn[:, 0] += 0.5 * yn
    return Xn, yn


@pytest.mark.parametrize("n", [300, 3000])   # the whole QP, the working set
def test_the_svm_guard_is_not_fooled_by_a_huge_offset_of_a_constant_column(n):
    """The guard's cheap upper bound (twice the largest |x|) is 2e250 here, far out of range,
    but the spread (max - min of each column) is about 10: the exact ranges decide, and the
    data fits, equal to the data without the column (before, the fit returned w_4 = -4e234
    and t = -inf: the column's mean rounds off 1e250, and sum alpha_i y_i, 1e-17 by
    rounding, times 1e250 became its weight)."""
    from numerics.svm import hard_margin_svm

    Xn, yn = _separable_rows(n)
    shifted = np.column_stack([Xn, np.full(len(yn), 1e250)])
    got = hard_margin_svm(shifted, yn)
    ref = hard_margin_svm(Xn, yn)
    np.testing.assert_allclose(got.coef_[:3], ref.coef_, rtol=1e-9)
    assert got.coef_[3] == 0.0


@pytest.mark.parametrize("row", [1, 2999])
def test_the_svm_guard_sees_one_extreme_row_its_sampled_rows_miss(row):
    """The cheap lower bound reads about 1,024 of the rows; one row at 1e250 between them
    still makes the spread 1e250 (the upper bound sees it), so the data is refused."""
    from numerics.svm import hard_margin_svm

    Xn, yn = _separable_rows(3000)
    Xn[row] *= 1e250
    with pytest.raises(InvalidInput, match=r"Fit X \* 2\.0\*\*-?\d+ instead"):
        hard_margin_svm(Xn, yn)
