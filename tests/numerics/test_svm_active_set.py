"""The working set's small QP by lindisc's own warm-started dual active set
(``numerics._svm_active_set``), the second line after DAQP, against the whole-N interior
point of ``method="primal"``.

DAQP (``numerics._svm_daqp``) and ``svm._qp`` (the interior point, its polish and Clarabel)
are made to fail in these tests, so each answer is the active set's own: from the previous
round's support vectors (``start``), as when DAQP gives up, or from DAQP's support vectors
(its answer off a margin by 1e-9: the ``guess`` case, DAQP's multipliers kept but not
accepted).
The comparison is the one of ``test_svm_working_set.py``: the same w and t, the same set of
samples on the margin (degenerate margins included: more than d + 1 samples on it), every
support vector on it, and KKT residuals <= 1e-9 relative over all N.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from numerics import _svm_active_set, svm
from numerics.svm import hard_margin_svm

from .test_svm_working_set import _assert_same_solution, _not_separable, _separable, separable_data


def _no_fallback(*args, **kwargs):
    raise AssertionError("the small QP fell back to the interior point and Clarabel")


def _fit_by_the_active_set(X, y, crossover: bool, degenerate: bool = False):
    """``crossover``: DAQP answers but its answer is refused, so its support vectors start
    the active set; else DAQP gives up and the active set starts from ``start``. On a
    degenerate margin the rest of DAQP's support may still be an exact answer (another
    sample on the margin takes the dropped one's place), so there the active set need not
    answer."""
    from numerics import _svm_daqp

    real, real_active_set = _svm_daqp.daqp_qp, _svm_active_set.active_set_qp
    calls: list[int] = []

    def daqp_refused(A, start, max_iter):
        out = real(A, start, max_iter)
        if out is None or not crossover:
            return None
        alpha, v, its = out
        # one support vector dropped: re-solved on the rest of the support, the answer
        # violates that sample's margin and is refused; the active set starts from the rest
        alpha = alpha.copy()
        alpha[np.flatnonzero(alpha > 0)[0]] = 0.0
        return alpha, v, its

    def counted(*args):
        calls.append(1)
        return real_active_set(*args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(svm, "_qp", _no_fallback)
        mp.setattr(_svm_daqp, "daqp_qp", daqp_refused)
        mp.setattr(_svm_active_set, "active_set_qp", counted)
        fit = hard_margin_svm(X, y, method="working_set")
    assert calls or (crossover and degenerate)   # the active set answered a small QP
    return fit


@pytest.mark.parametrize("crossover", [False, True])
@settings(max_examples=30, deadline=None)
@given(data=separable_data(degenerate=False))
def test_same_solution_as_the_whole_qp(data, crossover):
    X, y, *_ = data
    _assert_same_solution(_fit_by_the_active_set(X, y, crossover),
                          hard_margin_svm(X, y, method="primal"), X, y)


@pytest.mark.parametrize("crossover", [False, True])
@settings(max_examples=30, deadline=None)
@given(data=separable_data(degenerate=True))
def test_same_margin_set_with_more_than_d_plus_1_on_the_margin(data, crossover):
    X, y, u, b, gamma = data
    ours = _fit_by_the_active_set(X, y, crossover, degenerate=True)
    _assert_same_solution(ours, hard_margin_svm(X, y, method="primal"), X, y)
    np.testing.assert_allclose(ours.coef_, u / gamma, rtol=0, atol=1e-7 / gamma)


@pytest.mark.parametrize("crossover", [False, True])
@pytest.mark.parametrize("n, d", [(5000, 3), (4000, 30), (3000, 60)])
def test_larger_sets_and_rounds_warm_started(n, d, crossover):
    X, y, *_ = _separable(np.random.default_rng(n + d), n, d, 0.1, 1.0, n_on=d + 3)
    ours = _fit_by_the_active_set(X, y, crossover, degenerate=True)
    _assert_same_solution(ours, hard_margin_svm(X, y, method="primal"), X, y, drawn=False)


def _rows(X, y):
    Z = X - X.mean(axis=0)
    Z /= np.abs(Z).max()
    return np.column_stack([y[:, None] * Z, -y])


def test_a_warm_start_at_the_optimum_takes_one_pricing_pass():
    X, y, *_ = _separable(np.random.default_rng(5), 400, 4, 0.2, 1.0)
    A = _rows(X, y)
    alpha, v, its = _svm_active_set.active_set_qp(A, None, 1e-11, 10_000)
    assert its > 1
    support = np.flatnonzero(alpha > 0)
    warm_alpha, warm_v, warm_its = _svm_active_set.active_set_qp(A, support, 1e-11, 10_000)
    assert warm_its == 1
    np.testing.assert_allclose(warm_alpha, alpha, rtol=1e-10, atol=1e-12 * alpha.max())
    np.testing.assert_allclose(warm_v, v, rtol=1e-10, atol=1e-12)


def test_rows_no_hyperplane_separates_give_up_for_the_certificate():
    """Inseparable rows make the dual unbounded: the active set returns None, and the fit
    raises NotSeparableError with a common point of the hulls (the interior point and
    Clarabel decide, as before)."""
    X, y = _not_separable(300, 3, 2)
    assert _svm_active_set.active_set_qp(_rows(X, y), None, 1e-11, 10_000) is None
