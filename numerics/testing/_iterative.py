"""The batteries of the iterative algorithms: batch perceptron, relaxation with margin
(single-sample and batch), Ho-Kashyap, and one gradient-descent or Newton step.

Each algorithm is pinned iterate by iterate against a reference run of the printed rule
(Duda-Hart-Stork Algorithms 3, 8, 9, 11; udelar2018 "Métodos de optimización"), with a
tolerance that follows the rounding of both runs through the iterations, plus the invariant
or outcome the documents prove (separation, b > 0 non-decreasing, a non-separability
certificate, the minimiser of a quadratic in one Newton step). Registered in
:mod:`numerics.testing.checks`; not for import on its own.

Conventions: ``Y`` (N, D) normalised augmented samples, y_n = t_n (x_n, 1) (bias LAST), as in
:mod:`numerics.perceptron`; every run starts from a = 0 (Ho-Kashyap: from a = Y^+ b0).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from . import strategies as gen
from ._core import Case, Property, gamma


def _normalised(X: np.ndarray, t: np.ndarray) -> np.ndarray:
    return t[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])


def _vector(prop: Property, case: Case, out, size: int, what: str) -> np.ndarray:
    return prop.array(case, out, (size,), what)


def _call(prop: Property, fn: Callable, case: Case, **kwargs):
    """``fn(Y, **kwargs)`` on a copy of the case's Y."""
    return prop.call(lambda: fn(np.array(case["Y"], copy=True), **kwargs), case)


# === batch perceptron (Duda-Hart-Stork Algorithm 3) =======================================


def batch_perceptron_reference(Y: np.ndarray, eta: float, max_iter: int) -> tuple[np.ndarray, int]:
    """a <- a + eta Σ_{a^T y <= 0} y from a = 0 until no a^T y_n <= 0 or max_iter updates."""
    a = np.zeros(Y.shape[1])
    for k in range(max_iter):
        wrong = Y @ a <= 0
        if not wrong.any():
            return a, k
        a = a + eta * Y[wrong].sum(axis=0)
    return a, max_iter


@st.composite
def _integer_cases(draw, *, runs: st.SearchStrategy[int]) -> Case:
    data = draw(gen.integer_separable_datasets())
    return Case(Y=_normalised(data.X, data.t), eta=draw(st.sampled_from([1.0, 0.5, 2.0])),
                max_iter=draw(runs))


def _integer_examples(max_iter: int) -> list[Case]:
    """x = 1, 2 (class +1), -1 (class -1): the first iteration adds every sample; x = 0 (+1)
    and 3 (-1): a separator must be negative-sloped with a positive bias."""
    Y1 = _normalised(np.array([[1.0], [2.0], [-1.0]]), np.array([1.0, 1.0, -1.0]))
    Y2 = _normalised(np.array([[0.0], [3.0], [1.0]]), np.array([1.0, -1.0, 1.0]))
    return [Case(Y=Y1, eta=1.0, max_iter=max_iter), Case(Y=Y2, eta=0.5, max_iter=max_iter)]


def _bp_matches(prop: Property, fit: Callable, case: Case) -> None:
    Y, eta, k = case["Y"], case["eta"], case["max_iter"]
    a = _vector(prop, case, _call(prop, fit, case, eta=eta, max_iter=k), Y.shape[1], "a")
    expected, used = batch_perceptron_reference(Y, eta, k)
    if not np.array_equal(a, expected):
        prop.fail(case, expected=f"a = {expected!r} after {used} iterations", actual=a,
                  allowed="exact equality (integer samples, eta a power of two: every sum is "
                          "exact in float64)")


def _bp_separates(prop: Property, fit: Callable, case: Case) -> None:
    Y, eta = case["Y"], case["eta"]
    _, used = batch_perceptron_reference(Y, eta, 10**5)
    a = _vector(prop, case, _call(prop, fit, case, eta=eta, max_iter=10**5), Y.shape[1], "a")
    s = Y @ a
    if not np.all(s > 0):
        prop.fail(case, expected=f"a^T y_n > 0 for every n (the reference separates after "
                                 f"{used} iterations)",
                  actual=f"a = {a!r}: {int(np.sum(s <= 0))} samples with a^T y_n <= 0",
                  allowed="exact (integer data)")


def batch_perceptron_properties() -> list[Property]:
    fam = "batch_perceptron"
    on = ("normalised augmented samples y_n = t_n (x_n, 1) of small-integer separable data, "
          "eta in {1/2, 1, 2}: every sum is exact, and so is the comparison")
    return [
        Property(fam, "matches Algorithm 3 iteration by iteration",
                 "from a = 0: a <- a + eta Σ_{y in Y_k} y, Y_k = {y_n : a^T y_n <= 0}, until "
                 "Y_k is empty or max_iter iterations (Duda-Hart-Stork Algorithm 3; catalog "
                 "perceptron.batch_update, perceptron.algorithm3)",
                 lambda: _integer_cases(runs=st.integers(1, 5)), _bp_matches, on,
                 lambda: _integer_examples(3)),
        Property(fam, "separates separable data",
                 "a^T y_n > 0 for every n once no sample is misclassified (the batch "
                 "perceptron converges on separable data: Duda-Hart-Stork §5.5.2)",
                 lambda: _integer_cases(runs=st.just(10**5)), _bp_separates, on,
                 lambda: _integer_examples(10**5)),
    ]


# === relaxation with margin (Duda-Hart-Stork Algorithms 8 and 9) ==========================


def _relax_update_bound(a: np.ndarray, y: np.ndarray, b: float, eta: float,
                        sq: float) -> float:
    """Rounding of one update a + eta (b - a^T y) / ||y||^2 y, in the 2-norm."""
    D = y.shape[0]
    step = eta * (abs(b) + np.abs(y) @ np.abs(a)) / sq * np.abs(y)
    return 8 * gamma(2 * D + 8) * float(np.linalg.norm(np.abs(a) + step))


def single_sample_relaxation_reference(Y: np.ndarray, b: float, eta: float, max_epochs: int):
    """(a, the 2-norm rounding bound of the run, the smallest |a^T y - b| it decided on
    relative to that bound's reach): cyclic order, update when a^T y_k <= b."""
    a = np.zeros(Y.shape[1])
    sq = np.einsum("ij,ij->i", Y, Y)
    err, closest = 0.0, np.inf
    for _ in range(max_epochs):
        clean = True
        for n in range(Y.shape[0]):
            s = float(Y[n] @ a)
            closest = min(closest, abs(s - b) / (np.sqrt(sq[n]) * (2 * err) + 4 * gamma(
                Y.shape[1]) * (np.abs(Y[n]) @ np.abs(a) + abs(b)) + 1e-300))
            if s <= b:
                clean = False
                err += _relax_update_bound(a, Y[n], b, eta, sq[n])
                a = a + eta * (b - s) / sq[n] * Y[n]
        if clean:
            break
    return a, err, closest


def batch_relaxation_reference(Y: np.ndarray, b: float, eta: float, max_iter: int):
    a = np.zeros(Y.shape[1])
    sq = np.einsum("ij,ij->i", Y, Y)
    err, closest = 0.0, np.inf
    N, D = Y.shape
    for _ in range(max_iter):
        s = Y @ a
        reach = np.sqrt(sq) * (2 * err) + 4 * gamma(D) * (np.abs(Y) @ np.abs(a) + abs(b))
        closest = min(closest, float(np.min(np.abs(s - b) / (reach + 1e-300))))
        wrong = s <= b
        if not wrong.any():
            break
        step = ((b - s[wrong]) / sq[wrong]) @ Y[wrong]
        terms = (abs(b) + np.abs(Y[wrong]) @ np.abs(a)) / sq[wrong]
        # the bound grows by the rounding of the sum of the corrections, and by the
        # propagated error: each correction moves with a by at most eta |y| |y| / ||y||^2
        err = err * (1 + eta * float(np.sum(wrong))) + 8 * gamma(N + 2 * D + 8) * float(
            np.linalg.norm(np.abs(a) + eta * terms @ np.abs(Y[wrong])))
        a = a + eta * step
    return a, err, closest


@st.composite
def _relaxation_cases(draw, *, runs: st.SearchStrategy[int]) -> Case:
    data = draw(gen.separable_datasets(margin=0.5, radius=4.0, max_dim=3, max_samples=10))
    Y = _normalised(data.X, data.t)
    eta = draw(st.one_of(st.floats(0.25, 0.9), st.floats(1.1, 1.9)))
    # a* = (w, b) / margin' reaches the margin b_r on every y_n: t (w^T x + b) >= 0.5
    b_r = draw(st.sampled_from([0.5, 1.0, 2.0]))
    star = np.append(data.w, data.b) * (b_r / 0.5)
    return Case(Y=Y, b=b_r, eta=eta, max_epochs=draw(runs), solution=star)


def _relaxation_examples(runs: int) -> list[Case]:
    """x = 1, 2 (+1), -1 (-1) with margin 1 and eta = 1.5: the first epoch updates at x_1
    and x_3; x = 0.5 (+1), -0.5 (-1), 3 (+1) with eta = 0.5."""
    Y1 = _normalised(np.array([[1.0], [2.0], [-1.0]]), np.array([1.0, 1.0, -1.0]))
    Y2 = _normalised(np.array([[0.5], [-0.5], [3.0]]), np.array([1.0, -1.0, 1.0]))
    return [Case(Y=Y1, b=1.0, eta=1.5, max_epochs=runs, solution=np.array([2.0, 0.0])),
            Case(Y=Y2, b=1.0, eta=0.5, max_epochs=runs, solution=np.array([4.0, 0.0]))]


def _relaxation_matches(reference: Callable, keyword: str) -> Callable:
    def assertion(prop: Property, fit: Callable, case: Case) -> None:
        Y, b, eta, k = case["Y"], case["b"], case["eta"], case["max_epochs"]
        expected, err, closest = reference(Y, b, eta, k)
        assume(closest > 1.0)  # no decision a^T y <= b within the runs' rounding of a tie
        a = _vector(prop, case, _call(prop, fit, case, b=b, eta=eta, **{keyword: k}),
                    Y.shape[1], "a")
        gap = float(np.linalg.norm(a - expected))
        bound = 2 * err + 4 * gamma(Y.shape[1]) * float(np.linalg.norm(expected))
        if gap > bound:
            prop.fail(case, expected=f"a = {expected!r} after {k} {keyword[4:]}", actual=a,
                      allowed=f"||a - expected|| <= 2 (the rounding of both runs, summed "
                              f"update by update) = {bound:.3e}; got {gap:.3e}")
    return assertion


def _relaxation_fejer(keyword: str) -> Callable:
    def assertion(prop: Property, fit: Callable, case: Case) -> None:
        Y, b, eta, k, star = case["Y"], case["b"], case["eta"], case["max_epochs"], \
            case["solution"]
        a = _vector(prop, case, _call(prop, fit, case, b=b, eta=eta, **{keyword: k}),
                    Y.shape[1], "a")
        start = float(np.linalg.norm(star))
        got = float(np.linalg.norm(a - star))
        bound = start * (1 + 64 * gamma(Y.shape[0] * Y.shape[1] * k + 8))
        if got > bound:
            prop.fail(case, expected=f"||a - a*|| <= ||0 - a*|| = {start!r} for a* = {star!r} "
                                     f"(a^T y_n >= b for every n)",
                      actual=f"||a - a*|| = {got!r} (a = {a!r})",
                      allowed=f"<= {bound:.6e} (the start's distance plus rounding)")
    return assertion


def relaxation_properties() -> list[Property]:
    fam = "relaxation"
    on = ("normalised augmented samples of separable data (margin 1/2, radius 4), margin b in "
          "{1/2, 1, 2}, eta in [0.25, 0.9] or [1.1, 1.9] (away from eta = 1, whose updates land "
          "exactly on a^T y = b, a tie float rounding decides); draws whose run decides a tie "
          "within rounding are rejected")
    return [
        Property(fam, "matches Algorithm 9 update by update",
                 "from a = 0 in the order y_1, ..., y_N, y_1, ...: whenever a^T y_k <= b, "
                 "a <- a + eta (b - a^T y_k) / ||y_k||^2 y_k; until an epoch without update or "
                 "max_epochs epochs (Duda-Hart-Stork Algorithm 9; catalog "
                 "relaxation.single_sample_step)",
                 lambda: _relaxation_cases(runs=st.integers(1, 3)),
                 _relaxation_matches(single_sample_relaxation_reference, "max_epochs"), on,
                 lambda: _relaxation_examples(2)),
        Property(fam, "never moves away from a solution",
                 "||a(k+1) - a*|| <= ||a(k) - a*|| for every a* with a*^T y_n >= b, 0 < eta < 2 "
                 "(Duda-Hart-Stork §5.6.2; catalog relaxation.single_sample_algorithm)",
                 lambda: _relaxation_cases(runs=st.integers(1, 20)),
                 _relaxation_fejer("max_epochs"), on, lambda: _relaxation_examples(5)),
    ]


def _batch_cases(runs):
    return _relaxation_cases(runs=runs).map(
        lambda c: Case(Y=c["Y"], b=c["b"], eta=c["eta"] / 2, max_epochs=c["max_epochs"],
                       solution=c["solution"]))


def batch_relaxation_properties() -> list[Property]:
    fam = "batch_relaxation"
    on = ("normalised augmented samples of separable data (margin 1/2, radius 4), margin b in "
          "{1/2, 1, 2}, eta in [0.125, 0.95]; draws whose run decides a tie within rounding "
          "are rejected")
    return [
        Property(fam, "matches Algorithm 8 iteration by iteration",
                 "from a = 0: a <- a + eta Σ_{a^T y <= b} (b - a^T y) / ||y||^2 y, until no "
                 "a^T y_n <= b or max_iter iterations (Duda-Hart-Stork Algorithm 8; catalog "
                 "relaxation.jr_gradient)",
                 lambda: _batch_cases(st.integers(1, 4)),
                 _relaxation_matches(batch_relaxation_reference, "max_iter"), on,
                 lambda: [Case(c, eta=c["eta"] / 2) for c in _relaxation_examples(3)]),
    ]


# === Ho-Kashyap (Duda-Hart-Stork Algorithm 11) ============================================


def ho_kashyap_states(Y: np.ndarray, b0: np.ndarray, eta: float):
    """Yields (a, b, dp, db) for k = 0, 1, 2, ...: a <- Y^+ b0; then e <- Y a - b,
    b <- b + 2 eta e+, a <- Y^+ b; dp and db bound the 2-norm errors of Y a and b. The
    projection Y Y^+ b of a backward-stable least-squares solve errs by 16 gamma_{N D}
    kappa(Y) ||b||; e's error adds both, and b's grows by 2 eta times e's at each step."""
    N, D = Y.shape
    proj = 16 * gamma(N * D + 8) * float(np.linalg.cond(Y))
    pinv = np.linalg.pinv(Y)   # from an SVD, once: a = Y^+ b errs as a stable solve does
    b = np.array(b0, dtype=np.float64)
    a = pinv @ b
    db, dp = 0.0, proj * float(np.linalg.norm(b))
    while True:
        yield a, b, dp, db
        e = Y @ a - b
        de = dp + db + gamma(D + 2) * float(np.linalg.norm(np.abs(Y) @ np.abs(a) + np.abs(b)))
        b = b + eta * (e + np.abs(e))
        db = db + 2 * eta * de + gamma(3) * float(np.linalg.norm(b))
        a = pinv @ b
        dp = db + proj * float(np.linalg.norm(b))


def ho_kashyap_reference(Y: np.ndarray, b0: np.ndarray, eta: float, max_iter: int):
    """The state (a, b, dp, db) after max_iter steps (see :func:`ho_kashyap_states`)."""
    for k, state in enumerate(ho_kashyap_states(Y, b0, eta)):
        if k == max_iter:
            return state
    raise AssertionError("unreachable")


@st.composite
def _ho_kashyap_cases(draw, *, runs: st.SearchStrategy[int], separable: bool | None = None
                      ) -> Case:
    kind = draw(st.booleans()) if separable is None else separable
    if kind:
        data = draw(gen.separable_datasets(margin=0.5, radius=4.0, max_dim=3, max_samples=10))
        X, t = data.X, data.t
    else:
        X, t, _ = draw(gen.non_separable_datasets(max_dim=3, max_extra=4))
    Y = _normalised(X, t)
    if Y.shape[0] <= Y.shape[1]:   # N <= D: e = 0 from the start, nothing to check
        Y = np.vstack([Y, Y])
    assume(np.linalg.cond(Y) < 1e6)
    b0 = np.random.default_rng(draw(st.integers(0, 2**32 - 1))).choice([0.5, 1.0, 2.0],
                                                                        size=Y.shape[0])
    return Case(Y=Y, b0=b0, eta=draw(st.sampled_from([0.1, 0.5, 0.9])),
                max_iter=draw(runs))


def _ho_kashyap_examples(runs: int) -> list[Case]:
    """Separable: x = 1, 2 (+1), -1, -3 (-1), b0 = 1 (e has positive entries at step 1);
    non-separable: x = -1, 1 (+1) and 0 (-1) in d = 1 (0 is the midpoint of the positives)."""
    Y1 = _normalised(np.array([[1.0], [2.0], [-1.0], [-3.0]]), np.array([1.0, 1, -1, -1]))
    Y2 = _normalised(np.array([[-1.0], [1.0], [0.0], [2.0]]), np.array([1.0, 1, -1, -1]))
    return [Case(Y=Y1, b0=np.ones(4), eta=0.5, max_iter=runs),
            Case(Y=Y2, b0=np.ones(4), eta=0.5, max_iter=runs)]


def _hk_output(prop: Property, fit: Callable, case: Case, max_iter: int):
    Y = case["Y"]
    out = prop.call(lambda: fit(np.array(Y, copy=True), b0=np.array(case["b0"], copy=True),
                                eta=case["eta"], max_iter=max_iter), case)
    if not (isinstance(out, tuple | list) and len(out) == 2):
        prop.fail(case, expected="a pair (a, b)", actual=f"{type(out).__name__}: {out!r}")
    return (_vector(prop, case, out[0], Y.shape[1], "a"),
            _vector(prop, case, out[1], Y.shape[0], "b"))


def _hk_step(prop: Property, fit: Callable, case: Case) -> None:
    Y, k = case["Y"], case["max_iter"]
    a, b = _hk_output(prop, fit, case, k)
    a_ref, b_ref, dp, db = ho_kashyap_reference(Y, case["b0"], case["eta"], k)
    for got, expected, bound, what in ((b, b_ref, 2 * db, "b"),
                                       (Y @ a, Y @ a_ref,
                                        2 * dp + gamma(Y.shape[1]) * float(
                                            np.linalg.norm(np.abs(Y) @ np.abs(a))),
                                        "Y a (a = Y^+ b, up to Y's null space)")):
        gap = float(np.linalg.norm(got - expected))
        if gap > bound:
            prop.fail(case, expected=f"{what} = {expected!r} after {k} steps", actual=got,
                      allowed=f"2-norm difference <= {bound:.3e} (both runs' rounding, "
                              f"propagated step by step with kappa(Y)); got {gap:.3e}")


def _hk_b_grows(prop: Property, fit: Callable, case: Case) -> None:
    _, b = _hk_output(prop, fit, case, case["max_iter"])
    b0 = case["b0"]
    if not np.all(b >= b0):
        n = int(np.argmin(b - b0))
        prop.fail(case, expected="b >= b0 > 0 componentwise (b <- b + 2 eta e+ only adds "
                                 "e+ = (e + |e|)/2 >= 0)",
                  actual=b, allowed=f"exact (a sum of non-negative terms); b_{n} = {b[n]!r} < "
                                    f"b0_{n} = {b0[n]!r}")


def _hk_certificate(prop: Property, fit: Callable, case: Case) -> None:
    Y, b0, eta = case["Y"], case["b0"], case["eta"]
    # the first step at which the reference's e is <= 0 but for 1e-3 of its size (beyond the
    # rounding of both runs); draws that need more than 200 steps are rejected
    for k, (a_r, b_r, dp, db) in enumerate(ho_kashyap_states(Y, b0, eta)):
        e_r = Y @ a_r - b_r
        if e_r.max() <= 1e-3 * np.abs(e_r).max() - 4 * (dp + db):
            break
        if k == 200:
            assume(False)
    a, b = _hk_output(prop, fit, case, k)
    e = Y @ a - b
    reach = 2 * (dp + db) + gamma(Y.shape[1] + 2) * float(
        np.linalg.norm(np.abs(Y) @ np.abs(a) + np.abs(b)))
    size = float(np.abs(e).max())
    if not (e.max() <= 1e-3 * size + reach and size > reach):
        prop.fail(case, expected=f"after {k} steps e = Y a - b <= 0 with e != 0 (the "
                                 f"reference's e = {e_r!r}): c = e- / Σ e- >= 0 has Y^T c = 0, "
                                 "so no a has Y a > 0",
                  actual=f"e = {e!r}",
                  allowed=f"max(e) <= 1e-3 max|e| + {reach:.3e} and max|e| > {reach:.3e}")
    residual = float(np.abs(Y.T @ e).max())
    allowed = 4 * reach * float(np.abs(Y).max()) * Y.shape[0]
    if residual > allowed:
        prop.fail(case, expected="Y^T e = 0 (a is the least-squares solution Y^+ b)",
                  actual=f"max |Y^T e| = {residual:.3e}", allowed=f"<= {allowed:.3e}")


def ho_kashyap_properties() -> list[Property]:
    fam = "ho_kashyap"
    on = ("normalised augmented samples of separable data (margin 1/2, radius 4) or of "
          "non-separable data (both classes' hulls share a point), N > D (rows repeated when "
          "not), cond(Y) < 10^6, b0 in {1/2, 1, 2}^N, eta in {0.1, 0.5, 0.9}")
    return [
        Property(fam, "takes the Ho-Kashyap step",
                 "from a = Y^+ b0, max_iter times: e = Y a - b, b <- b + 2 eta e+ (e+ = "
                 "(e + |e|)/2), a <- Y^+ b (Duda-Hart-Stork Algorithm 11; catalog "
                 "ho_kashyap.udelar_line5, ho_kashyap.udelar_line6)",
                 lambda: _ho_kashyap_cases(runs=st.integers(1, 4)), _hk_step, on,
                 lambda: _ho_kashyap_examples(2)),
        Property(fam, "keeps b positive and non-decreasing",
                 "b(k+1) = b(k) + 2 eta e+(k) >= b(k) >= b0 > 0 (Duda-Hart-Stork §5.9.1)",
                 lambda: _ho_kashyap_cases(runs=st.integers(1, 30)), _hk_b_grows, on,
                 lambda: _ho_kashyap_examples(5)),
        Property(fam, "certifies non-separability",
                 "on non-separable data e = Y a - b reaches e <= 0, e != 0, and Y^T e = 0: "
                 "a convex combination of the samples is 0 (Duda-Hart-Stork §5.9.1; catalog "
                 "ho_kashyap.nonseparability_certificate); checked at the step the reference "
                 "run reaches it "
                 "(draws where it takes more than 200 steps are rejected)",
                 lambda: _ho_kashyap_cases(runs=st.just(0), separable=False), _hk_certificate,
                 on.replace("separable data (margin 1/2, radius 4) or of non-", "non-"),
                 lambda: _ho_kashyap_examples(0)[1:]),
    ]


# === one gradient-descent or Newton step ==================================================


@st.composite
def _quadratic_cases(draw, *, max_log10_condition: float) -> Case:
    D = draw(st.integers(1, 4))
    Q = draw(gen.spd_matrices(D, max_log10_condition=max_log10_condition))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    c, a = rng.standard_normal(D), rng.standard_normal(D) * 2.0 ** draw(st.integers(-2, 4))
    lam = np.linalg.eigvalsh(Q)
    return Case(Q=Q, c=c, a=a, eta=draw(st.floats(0.05, 1.9)) / float(lam[-1]))


def _quadratic_examples() -> list[Case]:
    """D = 1; D = 2 with a non-diagonal Q (a diagonal approximation of H shows) and
    cond(Q) = 10^6."""
    Q2 = np.array([[2.0, 1.0], [1.0, 2.0]])
    U = np.array([[0.6, -0.8], [0.8, 0.6]])
    Q3 = (U * np.array([1.0, 1e6])) @ U.T
    Q3 = (Q3 + Q3.T) / 2
    return [Case(Q=np.array([[4.0]]), c=np.array([1.0]), a=np.array([3.0]), eta=0.125),
            Case(Q=Q2, c=np.array([1.0, -1.0]), a=np.array([1.0, 2.0]), eta=0.25),
            Case(Q=Q3, c=np.array([1.0, 1.0]), a=np.array([0.5, -1.0]), eta=1e-6)]


def _grad(case: Case) -> Callable:
    Q, c = case["Q"], case["c"]
    return lambda a: Q @ np.asarray(a, dtype=np.float64) - c


def _gd_is_step(prop: Property, step: Callable, case: Case) -> None:
    a, eta = case["a"], case["eta"]
    grad = _grad(case)
    new = _vector(prop, case, prop.call(step, case, grad, a.copy(), eta), a.shape[0],
                  "the new a")
    g = grad(a)
    Q, c = case["Q"], case["c"]
    g_err = gamma(a.shape[0] + 1) * (np.abs(Q) @ np.abs(a) + np.abs(c))
    bound = 4 * gamma(3) * (np.abs(a) + eta * np.abs(g)) + 2 * eta * g_err
    excess = np.abs(new - (a - eta * g)) - bound
    if excess.max() > 0:
        i = int(np.argmax(excess))
        prop.fail(case, expected=a - eta * g, actual=new,
                  allowed=f"|a - eta ∇J(a) - new| <= 4 gamma_3 (|a| + eta |∇J|) + the "
                          f"gradient's rounding; exceeded at {i} by {excess[i]:.3e}")


def _newton_is_step(prop: Property, step: Callable, case: Case) -> None:
    Q, c, a = case["Q"], case["c"], case["a"]
    grad = _grad(case)
    new = _vector(prop, case, prop.call(step, case, grad, lambda _a: Q.copy(), a.copy()),
                  a.shape[0], "the new a")
    star = np.linalg.solve(Q, c)
    kappa = float(np.linalg.cond(Q))
    D = a.shape[0]
    # The step d = -H^{-1} ∇J(a) by any solver (LU, Cholesky, an explicit inverse) errs by
    # 16 gamma_D kappa (|d| + |H^{-1}| |∇J rounding|); the new a is the minimiser Q^{-1} c.
    g_err = gamma(D + 1) * float(np.linalg.norm(np.abs(Q) @ np.abs(a) + np.abs(c)))
    d = star - a
    bound = 16 * gamma(D + 4) * kappa * (float(np.linalg.norm(d)) + float(np.linalg.norm(a))) \
        + 2 * g_err / float(np.linalg.eigvalsh(Q)[0])
    gap = float(np.linalg.norm(new - star))
    if gap > bound:
        prop.fail(case, expected=f"a - H^-1 ∇J(a) = Q^-1 c = {star!r} (the minimiser)",
                  actual=new, allowed=f"||new - Q^-1 c|| <= 16 gamma_D kappa(Q) (||d|| + ||a||)"
                                      f" + the gradient's rounding / lambda_min = {bound:.3e} "
                                      f"(kappa = {kappa:.3e}); got {gap:.3e}")


def descent_properties() -> dict[str, list[Property]]:
    on = ("quadratics J(a) = a^T Q a / 2 - c^T a, Q symmetric positive definite, D = 1..4, "
          "cond(Q) <= 10^{}")
    return {
        "gradient_descent_step": [Property(
            "gradient_descent_step", "is a - eta grad J(a)",
            "a(k+1) = a(k) - eta ∇J(a(k)) (Duda-Hart-Stork Algorithm 1, udelar2018 "
            "'Métodos de optimización'; catalog descent.update_rule)",
            lambda: _quadratic_cases(max_log10_condition=3.0), _gd_is_step,
            on.format(3), _quadratic_examples)],
        "newton_step": [Property(
            "newton_step", "lands on the minimiser of a quadratic",
            "a(k+1) = a(k) - H^{-1} ∇J(a(k)) = Q^{-1} c in one step (Duda-Hart-Stork Eq. "
            "(5.15), Algorithm 2; catalog descent.newton_one_step; udelar2018's factor 2 is "
            "the erratum descent.newton_step)",
            lambda: _quadratic_cases(max_log10_condition=6.0), _newton_is_step,
            on.format(6), _quadratic_examples)],
    }
