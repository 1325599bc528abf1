"""The logistic catalog entries, lambdified, against ``numerics.sigmoid`` and ``numerics.logistic``.

Each agreement test takes a form an entry verifies, instantiates it at concrete sizes
(``derivations.numeric_function``: the gradients ``Grad`` are taken entry by entry there,
exactly, then compiled), and compares it at random points with ``numerics`` and with an
independent difference quotient of ``numerics.sigmoid``'s losses:

- ∇E (logistic.gradient) against ``logistic_gradient`` and a five-point stencil of
  ``logistic_loss``; H (logistic.hessian) against ``logistic_hessian`` and the slope of the
  gradient along random directions;
- udelar2018's printed X = [x₁ | … | x_N] in ∇E = Xᵀ(y − t) (logistic.matrix_form_shapes):
  wrong at N = d = 2, the rows convention right;
- the K-class Hessian block with the printed minus sign (logistic.softmax_hessian_sign):
  exactly the negative of ``softmax_hessian``'s block, the corrected one equal to it;
- the K-class gradient (logistic.softmax_gradient) against ``softmax_gradient``;

and every entry of the topic with the kind the issue expects (every entry's verdict is checked
by test_catalog.py's catalog-wide slow test).
"""

from __future__ import annotations

import functools

import numpy as np
from hypothesis import given, note, settings
from hypothesis import strategies as st

import numerics.sigmoid as nsig
from derivations import numeric_function
from derivations.catalog import REGISTRY

seeds = st.integers(0, 2**32 - 1)
#: Closed forms of the same quantity evaluated in a different order.
RTOL = 1e-10
#: Difference quotients (five-point stencil, least-squares slope at h = 1e-5).
DIFF_RTOL = 1e-6

ERRATA = {"logistic.sigmoid_range", "logistic.discriminative",
          "logistic.matrix_form_shapes", "logistic.softmax_hessian_sign", "logistic.hessian_definite"}
TYPOS = {"logistic.gradient_underbrace"}
CAVEATS: set[str] = set()


@functools.lru_cache(maxsize=None)
def _compiled(entry_id: str, which: str, **sizes):
    """One form of an entry compiled once (lambdifying takes seconds): ``which`` is
    'stated.rhs', 'claim:<label>.lhs' / '.rhs' or 'numeric:<index>'."""
    st_ = REGISTRY[entry_id].build()
    if which == "stated.rhs":
        expr = st_.stated.rhs
    elif which.startswith("numeric:"):
        expr = st_.numeric[int(which.split(":")[1])].expr
    else:
        label, side = which[len("claim:"):].rsplit(".", 1)
        expr = getattr(st_.claims[label], side)
    return numeric_function(st_.space, expr, **sizes)


def _call(entry_id: str, which: str, sizes: dict, **values) -> np.ndarray:
    return np.asarray(_compiled(entry_id, which, **sizes)(**values), dtype=float)


def _entries() -> list[str]:
    return sorted(i for i in REGISTRY if i.startswith("logistic."))


def _two_class_point(seed: int, n: int, d: int):
    rng = np.random.default_rng(seed)
    X, w = rng.normal(size=(n, d)), rng.normal(size=d)
    s = rng.choice([-1.0, 1.0], size=n)
    return X, w, s, (s + 1) / 2


def _stencil(f, x: np.ndarray, h: float = 1e-3) -> np.ndarray:
    g = np.empty_like(x)
    for i in range(x.shape[0]):
        e = np.zeros_like(x)
        e[i] = h
        g[i] = (f(x - 2 * e) - 8 * f(x - e) + 8 * f(x + e) - f(x + 2 * e)) / (12 * h)
    return g


def test_every_issue_claim_has_an_entry_of_the_expected_kind():
    ids = set(_entries())
    assert ERRATA | TYPOS | CAVEATS <= ids
    for i in ids:
        kind = REGISTRY[i].kind
        expected = ("erratum" if i in ERRATA else "typo" if i in TYPOS else "caveat" if i in CAVEATS
                    else "result")
        assert kind == expected, (i, kind)
        assert any(s.document == "udelar2018" for s in REGISTRY[i].sources) or i == "logistic.softmax_shift"


@settings(max_examples=10)
@given(seeds)
def test_gradient_is_numerics_and_the_stencil_of_the_loss(seed):
    label, sizes = r"claim:$\nabla E = \sum_{n=1}^{N} (\sigma(\mathbf{w}^\top\mathbf{x}_n) - t_n)\,\mathbf{x}_n$", {"N": 2, "d": 2}
    X, w, s, t = _two_class_point(seed, 2, 2)
    values = {"X": X, "w": w[:, None], "s": s[:, None]}
    g = np.ravel(_call("logistic.gradient", label + ".lhs", sizes, **values))  # Grad(E, w)
    note(f"X={X}, w={w}, t={t}, grad={g}")
    printed = _call("logistic.gradient", label + ".rhs", sizes, **values)   # Σ (σ(wᵀx_n) − t_n) x_n
    np.testing.assert_allclose(np.ravel(printed), g, rtol=RTOL, atol=1e-14)
    np.testing.assert_allclose(nsig.logistic_gradient(w, X, t), g, rtol=RTOL, atol=1e-14)
    np.testing.assert_allclose(_stencil(lambda v: nsig.logistic_loss(v, X, t), w), g,
                               rtol=DIFF_RTOL, atol=1e-9)


@settings(max_examples=10)
@given(seeds)
def test_hessian_is_numerics_and_the_slope_of_the_gradient(seed):
    X, w, s, t = _two_class_point(seed, 2, 2)
    H = _call("logistic.hessian", "numeric:0", {"N": 2, "d": 2}, X=X, w=w[:, None], s=s[:, None],
              u=np.zeros((2, 1)))
    np.testing.assert_allclose(nsig.logistic_hessian(w, X), H, rtol=RTOL, atol=1e-14)
    u = np.random.default_rng(seed).normal(size=2)
    h = 1e-5 * np.arange(-4, 5)
    G = np.stack([nsig.logistic_gradient(w + hi * u, X, t) for hi in h])
    slope = (h @ (G - G.mean(axis=0))) / (h @ h)
    np.testing.assert_allclose(H @ u, slope, rtol=DIFF_RTOL, atol=1e-9)
    assert np.linalg.eigvalsh(H).min() >= -1e-14


@settings(max_examples=10)
@given(seeds)
def test_printed_columns_convention_gives_the_wrong_gradient_and_rows_the_right_one(seed):
    D, v, s, t = _two_class_point(seed, 2, 2)
    D[0, 1] = D[1, 0] + 1.0             # D not symmetric: the two conventions differ
    values = {"X": D, "w": v[:, None], "s": s[:, None]}
    sizes = {"N": 2}
    printed = _call("logistic.matrix_form_shapes", "stated.rhs", sizes, **values)  # X_cᵀ(y − t), X_c = [x₁|x₂]
    rows = _call("logistic.matrix_form_shapes", r"claim:$\mathbf{X}$ with rows $\mathbf{x}_n^\top$: $\nabla E = \mathbf{X}^\top(\mathbf{y} - \mathbf{t})$.rhs", sizes, **values)
    true = nsig.logistic_gradient(v, D, t)
    note(f"printed {np.ravel(printed)}, true {true}")
    assert not np.allclose(np.ravel(printed), true, rtol=1e-6)
    np.testing.assert_allclose(np.ravel(rows), true, rtol=RTOL, atol=1e-14)


@settings(max_examples=10)
@given(seeds)
def test_printed_softmax_hessian_block_is_the_negative_of_numerics(seed):
    rng = np.random.default_rng(seed)
    X, W = rng.normal(size=(1, 1)), rng.normal(size=(3, 1))
    values = {"X": X, "w_1": W[0:1], "w_2": W[1:2], "w_3": W[2:3], "T": np.eye(3)[:1], "u": np.ones((1, 1))}
    sizes = {"N": 1, "d": 1}
    block = nsig.softmax_hessian(W, X)[0:1, 0:1]
    corrected = _call("logistic.softmax_hessian_sign", "numeric:0", sizes, **values)   # block (1, 1)
    np.testing.assert_allclose(corrected, block, rtol=RTOL)
    assert block[0, 0] > 0
    printed = _call("logistic.softmax_hessian_sign", "stated.rhs", sizes, **values)
    np.testing.assert_allclose(np.ravel(printed), -np.ravel(block), rtol=RTOL)


@settings(max_examples=10)
@given(seeds)
def test_softmax_gradient_is_numerics(seed):
    rng = np.random.default_rng(seed)
    X, W = rng.normal(size=(2, 1)), rng.normal(size=(3, 1))
    T = np.eye(3)[rng.integers(0, 3, 2)]
    values = {"X": X, "T": T, "w_1": W[0:1], "w_2": W[1:2], "w_3": W[2:3]}
    expected = nsig.softmax_gradient(W, X, T)
    for j in range(3):
        value = _call("logistic.softmax_gradient", f"numeric:{j}", {"N": 2, "d": 1}, **values)
        np.testing.assert_allclose(np.ravel(value), expected[j], rtol=RTOL, atol=1e-14)
