"""The working set's small QP by DAQP (``numerics._svm_daqp``), against the whole-N
interior point of ``method="primal"``.

``svm._qp`` (the dense interior point, its polish and Clarabel) is made to fail in these
tests, and on data in general position lindisc's own active set too, so each answer there
is DAQP's own, accepted by ``svm._small_qp``'s KKT check; on a degenerate margin (more
than d + 1 samples on it, where DAQP cycles) the own active set may finish. The
comparison is the one of ``test_svm_working_set.py``: the same w and t, the same set of
samples on the margin (degenerate margins included: more than d + 1 samples on it), every
support vector on it, and KKT residuals <= 1e-9 relative over all N.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings

from numerics import _svm_daqp, svm
from numerics.svm import hard_margin_svm

from .test_svm_active_set import _rows
from .test_svm_working_set import _assert_same_solution, _not_separable, _separable, separable_data


def _no_fallback(*args, **kwargs):
    raise AssertionError("the small QP fell back to the interior point and Clarabel")


def _fit_by_daqp(X, y, alone: bool = True):
    from numerics import _svm_active_set

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(svm, "_qp", _no_fallback)
        if alone:
            mp.setattr(_svm_active_set, "active_set_qp", _no_fallback)
        return hard_margin_svm(X, y, method="working_set")


@settings(max_examples=40, deadline=None)
@given(data=separable_data(degenerate=False))
def test_same_solution_as_the_whole_qp(data):
    X, y, *_ = data
    _assert_same_solution(_fit_by_daqp(X, y), hard_margin_svm(X, y, method="primal"), X, y)


@settings(max_examples=40, deadline=None)
@given(data=separable_data(degenerate=True))
def test_same_margin_set_with_more_than_d_plus_1_on_the_margin(data):
    X, y, u, b, gamma = data
    ours = _fit_by_daqp(X, y, alone=False)
    _assert_same_solution(ours, hard_margin_svm(X, y, method="primal"), X, y)
    np.testing.assert_allclose(ours.coef_, u / gamma, rtol=0, atol=1e-7 / gamma)


@pytest.mark.parametrize("n, d", [(5000, 3), (4000, 30), (3000, 60), (3000, 120)])
def test_larger_sets_and_rounds_warm_started(n, d):
    X, y, *_ = _separable(np.random.default_rng(n + d), n, d, 0.1, 1.0, n_on=d + 3)
    ours = _fit_by_daqp(X, y, alone=False)
    _assert_same_solution(ours, hard_margin_svm(X, y, method="primal"), X, y, drawn=False)


def test_a_warm_start_at_the_optimum_changes_nothing():
    """Started from the optimal support vectors DAQP takes fewer iterations than cold (each
    iteration is a change of the active set) and returns the same multipliers."""
    X, y, *_ = _separable(np.random.default_rng(5), 400, 4, 0.2, 1.0)
    A = _rows(X, y)
    alpha, v, its = _svm_daqp.daqp_qp(A, None, 10_000)
    support = np.flatnonzero(alpha > 0)
    assert its > support.size
    warm_alpha, warm_v, warm_its = _svm_daqp.daqp_qp(A, support, 10_000)
    assert warm_its < its
    np.testing.assert_allclose(warm_alpha, alpha, rtol=1e-10, atol=1e-12 * alpha.max())
    np.testing.assert_allclose(warm_v, v, rtol=1e-10, atol=1e-12)
    # every margin >= 1 to DAQP's primal tolerance, and complementary to alpha
    margins = A @ v
    assert margins.min() >= 1 - 1e-11
    assert np.max(alpha * np.abs(margins - 1)) <= 1e-10 * alpha.sum()


def test_rows_no_hyperplane_separates_give_up_for_the_certificate():
    """Inseparable rows have no feasible v: DAQP reports infeasibility, the wrapper returns
    None, and the fit raises NotSeparableError with a common point of the hulls (the
    interior point and Clarabel decide, as before: test_svm_working_set.py)."""
    X, y = _not_separable(300, 3, 2)
    assert _svm_daqp.daqp_qp(_rows(X, y), None, 10_000) is None


def test_an_iteration_limit_gives_up():
    X, y, *_ = _separable(np.random.default_rng(7), 600, 20, 0.1, 1.0)
    assert _svm_daqp.daqp_qp(_rows(X, y), None, 3) is None
