"""The Ho-Kashyap catalog entries against ``numerics.ho_kashyap`` (and the LP test).

- On separable data (integer points labelled by a hyperplane with a margin) Duda-Hart-Stork's
  Algorithm 11 returns a with Ya > 0 and b > 0 (ho_kashyap.udelar_algorithm, corrected);
- on data whose convex hulls meet (tests.strategies.geometry.intersecting_hull_datasets) it
  reports non-separability with a certificate, as numerics.separability's LP does;
- at every returned a = Y⁺b the error is orthogonal to the columns of Y
  (ho_kashyap.nonseparability_certificate, ho_kashyap.udelar_line6);
- udelar2018's printed algorithm, run exactly by the catalog, never returns a solution on the
  seeds it is run with (the stated form of ho_kashyap.udelar_algorithm).
"""

from __future__ import annotations

import numpy as np
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import numerics.ho_kashyap as nh
import numerics.separability as ns
from derivations.catalog import ho_kashyap as cat
from tests.strategies.geometry import intersecting_hull_datasets


@st.composite
def integer_separable(draw, *, max_dim: int = 3, max_samples: int = 15):
    """Rows t_n (x_n, 1) of integer points labelled by the sign of wᵀx + ½ (both classes)."""
    d = draw(st.integers(1, max_dim))
    n = draw(st.integers(2, max_samples))
    w = draw(hnp.arrays(np.int64, d, elements=st.integers(-3, 3)))
    w[0] = draw(st.sampled_from([-2, -1, 1, 2]))
    X = draw(hnp.arrays(np.int64, (n, d), elements=st.integers(-6, 6)))
    t = np.where(X @ w + 0.5 > 0, 1.0, -1.0)
    return t[:, None] * np.hstack([X, np.ones((n, 1))]).astype(float)


def _orthogonal(Y, r) -> float:
    """‖Yᵀ(Ya − b)‖ relative to ‖Y‖ ‖b‖, at the returned a and b."""
    e = Y @ r.a_ - r.b_
    return float(np.linalg.norm(Y.T @ e) / (np.linalg.norm(Y) * max(1.0, np.linalg.norm(r.b_))))


@settings(max_examples=25, deadline=None)
@given(integer_separable())
def test_separable_data_give_a_separating_vector(Y):
    r = nh.ho_kashyap(Y, eta=0.5, max_iter=20000)
    note(f"converged {r.converged_}, separable {r.separable_}, min Ya {(Y @ r.a_).min()}")
    assert r.separable_ is True and np.all(Y @ r.a_ > 0) and np.all(r.b_ > 0)


@settings(max_examples=25, deadline=None)
@given(intersecting_hull_datasets(max_dim=3, max_extra=4))
def test_intersecting_hulls_give_a_certificate_as_the_lp_does(data):
    X, t, _p = data  # at the strategy's own scale, 2^-20 .. 2^20: the verdict does not depend on it
    Y = t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
    assume(np.linalg.matrix_rank(Y) == Y.shape[1])  # Algorithm 11's a = Y⁺b needs it
    r = nh.ho_kashyap(Y, eta=0.5, max_iter=20000)
    lp = ns.linear_separability(X, t)
    note(f"LP {lp.separable_}; Ho-Kashyap {r.separable_} after {r.n_iter_}")
    assert lp.separable_ is False
    assert r.separable_ is False and r.certificate_ is not None and np.all(r.certificate_ >= 0)
    assert np.linalg.norm(Y.T @ r.certificate_) <= 1e-8 * max(1.0, np.abs(Y).max())


@settings(max_examples=25, deadline=None)
@given(integer_separable())
def test_the_error_is_orthogonal_to_the_columns_of_Y_at_a_equal_Y_plus_b(Y):
    if np.linalg.matrix_rank(Y) < Y.shape[1]:
        return  # Y⁺ = (YᵀY)⁻¹Yᵀ needs full column rank
    r = nh.ho_kashyap(Y, eta=0.5, max_iter=20000)
    note(f"relative |Y^T e| = {_orthogonal(Y, r)}")
    assert _orthogonal(Y, r) <= 1e-10 * np.linalg.cond(Y)


def test_the_printed_algorithm_fails_on_every_seed_the_catalog_runs():
    """The runs behind the refuted statement of ho_kashyap.udelar_algorithm, each decided in
    exact rationals."""
    for seed in range(6):
        r = cat._printed_run(seed)
        assert not r.holds and r.exact, r.detail
