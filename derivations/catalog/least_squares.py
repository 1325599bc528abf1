"""Least-squares classification: 1-of-K targets, the sum-of-squares error, its minimiser.

Sources: bromberg2012 §3 (Eq. (5), Eq. (6), the closed-form solution, Ejercicio 2),
udelar2018 "Clasificación con mínimos cuadrados" (and "... resultados", "... limitantes"),
ml10 (the regression approach to classification); Bishop PRML §4.1.3 beyond them.

Conventions: N samples, d features, K classes. ``X`` is the (N, d) data matrix (row n is
x_nᵀ), ``T`` the (N, K) target matrix in 1-of-K coding (row n is t_nᵀ). The augmented
vector puts the constant 1 *first* in udelar2018 and ml10 (x̃ = (1, xᵀ)ᵀ, X̃ = [1 X],
W̃ = [w₀ᵀ; W]) and *last* in bromberg2012 (x̃ = (xᵀ, 1)ᵀ, X̃ = [X 1], W̃ = [W; bᵀ]); each
entry uses the layout of the document it reproduces. Where only the algebra of X̃ matters
(gradient, normal equations) X̃ is a general (N, D) design matrix. "Sample i" in a
one-sample claim is selected by a one-hot row u = e_iᵀ, which the components method
enumerates over every i.
"""

from __future__ import annotations

import sympy as sp

from ..claims import Equal, Rel, Stationary
from ..expr import Grad, Norm, Scalar
from ..space import Space
from ..statement import Statement, chain
from .registry import entry

_i, _j, _k, _n = sp.symbols("i j k n", integer=True, nonnegative=True)
HALF = sp.Rational(1, 2)


def _ones(rows, cols=1):
    return sp.OneMatrix(rows, cols)


def _bias_first(X, N):
    """X̃ = [1 X]: udelar2018 and ml10 put the constant component first."""
    return sp.BlockMatrix([[_ones(N), X]])


def _bias_last(X, N):
    """X̃ = [X 1]: bromberg2012 puts the constant component last."""
    return sp.BlockMatrix([[X, _ones(N)]])


def _trace_error(R):
    """½ Tr{Rᵀ R} (bromberg2012 Eq. (6), ml10 E(W), udelar2018 E(A))."""
    return HALF * sp.Trace(R.T * R)


def _double_sum(R, N, K):
    """Σ_{n=1}^N Σ_{k=1}^K (R_{nk})² — the double sum written out entry by entry."""
    return sp.Sum(R[_n, _k] ** 2, (_n, 0, N - 1), (_k, 0, K - 1))


# --- notation: 1-of-K targets and augmented vectors -----------------------------------------

@entry("least_squares.one_of_k", "1-of-K coding: t_n has a single 1, at its class",
       sources=[("bromberg2012", "§3, codificación 1-de-K"),
                ("udelar2018", "Determinando los parámetros de los discriminantes"),
                ("ml10", "regression approach, one-hot-encoding"),
                ("bishop-prml", "§4.1.3")])
def one_of_k() -> Statement:
    """A sample of class C_k gets the target t with t_k = 1 and t_j = 0 for j ≠ k
    (udelar2018: t_{n,k} = 1{C_n = ω_k}). Stacked as rows of T, each row sums to one
    (T 1_K = 1_N), each row has unit norm (t_nᵀ t_n = 1), and TᵀT is diagonal with the class
    counts N_k on its diagonal (TᵀT 1_K = Tᵀ1_N, the column sums)."""
    s = Space()
    N, K = s.dim("N", sizes=(2, 3)), s.dim("K", sizes=(2, 3))
    T = s.matrix("T", N, K, "one_hot_rows")
    u = s.matrix("u", 1, N, "one_hot_rows")
    t = (u * T).T
    return Statement(s, claims={
        "T 1_K = 1_N": Equal(T * _ones(K), _ones(N)),
        "t_n^T t_n = 1": Equal(Scalar(t.T * t), 1),
        "T^T T 1_K = T^T 1_N (class counts)": Equal(T.T * T * _ones(K), T.T * _ones(N)),
    })


@entry("least_squares.augmented_bias_last", "y(x) = Wᵀx + b = W̃ᵀx̃ with x̃ = (x, 1), W̃ = [W; bᵀ]",
       sources=[("bromberg2012", "§3, y_k(x) = w_kᵀx + b_k = w̃ᵀx̃ and y(x) = W̃ᵀx̃")])
def augmented_bias_last() -> Statement:
    """bromberg2012 extends each w_k to w̃_k = (w_k, b_k) and x to x̃ = (x, 1), so
    y_k(x) = w_kᵀx + b_k = w̃_kᵀx̃ (printed w̃ᵀx̃, the index k implied), and stacks the w̃_k
    as the columns of W̃: y(x) = W̃ᵀx̃. The k-th output is selected by a one-hot v = e_kᵀ."""
    s = Space()
    d, K = s.dim("d"), s.dim("K", sizes=(2, 3))
    W, b, x = s.matrix("W", d, K), s.vector("b", K), s.vector("x", d)
    v = s.matrix("v", 1, K, "one_hot_rows")
    Wt = sp.BlockMatrix([[W], [b.T]])
    xt = sp.BlockMatrix([[x], [_ones(1)]])
    wk, bk = W * v.T, Scalar(v * b)
    return Statement(s, claims={
        "y_k(x) = w_k^T x + b_k = w~_k^T x~": Equal(Scalar(wk.T * x) + bk, Scalar((Wt * v.T).T * xt)),
        "y(x) = W^T x + b = W~^T x~": Equal(W.T * x + b, Wt.T * xt),
    })


@entry("least_squares.augmented_bias_first", "g(x) = Wᵀx + w₀ = Aᵀx̃ with x̃ = (1, x), A = [w₀ᵀ; W]",
       sources=[("udelar2018", "Clasificación con mínimos cuadrados, coord. homogéneas"),
                ("ml10", "y(x) = Wᵀx̄, W ∈ R^{(D+1)×K}")])
def augmented_bias_first() -> Statement:
    """udelar2018: g_k(x) = w_kᵀx + w_{k,0} = (w_{k,0}, w_kᵀ)·(1, xᵀ) = a_kᵀx̃ and
    g(x) = (a_1ᵀ; …; a_cᵀ) x̃ = Aᵀx̃, A having the a_k as columns. ml10 writes the same
    y(x) = Wᵀx̄ with x̄ = (1, x_1, …, x_D) and column i of W = (w_{i,0}, …, w_{i,D}); its
    first definition y_i(x) = w_iᵀ + w_{i,0} has lost the x (a typo, not a claim: the
    expression is not even well-formed), and the intended y_i(x) = w_iᵀx + w_{i,0} is
    what is encoded here."""
    s = Space()
    d, K = s.dim("d"), s.dim("K", sizes=(2, 3))
    W, w0, x = s.matrix("W", d, K), s.vector("w_0", K), s.vector("x", d)
    v = s.matrix("v", 1, K, "one_hot_rows")
    A = sp.BlockMatrix([[w0.T], [W]])
    xt = sp.BlockMatrix([[_ones(1)], [x]])
    return Statement(s, claims={
        "g_k(x) = w_k^T x + w_k0 = a_k^T x~": Equal(Scalar((W * v.T).T * x) + Scalar(v * w0),
                                                    Scalar((A * v.T).T * xt)),
        "g(x) = (a_1^T; ...; a_c^T) x~ = A^T x~": Equal(W.T * x + w0, A.T * xt),
    })


@entry("least_squares.design_matrix_entries", "(X̃W)_{ij} = w_{j,0} + Σ_k x_i^{(k)} w_{j,k} = y_j(x_i)",
       sources=[("ml10", "(X̄W)_{i,j} and the matrix of residuals"),
                ("bromberg2012", "§3, the rows of X̃ and T")])
def design_matrix_entries() -> Statement:
    """With X̄ = [1 X] (row i = (1, x_i^{(1)}, …, x_i^{(D)})) and column j of W holding
    (w_{j,0}, …, w_{j,D}), the (i, j) entry of X̄W is w_{j,0} + Σ_{k=1}^D x_i^{(k)} w_{j,k}
    = y_j(x_i): row i of X̄W is y(x_i)ᵀ = (Wᵀx̄_i)ᵀ. Hence (X̄W − T)_{i,j} = y_j(x_i) − t_{i,j}."""
    s = Space()
    N, d, K = s.dim("N", sizes=(2, 3)), s.dim("d", sizes=(1, 2)), s.dim("K", sizes=(2,))
    X, Wx, w0 = s.matrix("X", N, d), s.matrix("W_x", d, K), s.vector("w_0", K)
    T = s.matrix("T", N, K, "one_hot_rows")
    u = s.matrix("u", 1, N, "one_hot_rows")
    Xb, W = _bias_first(X, N), sp.BlockMatrix([[w0.T], [Wx]])
    entries = sp.FunctionMatrix(N, K, sp.Lambda((_i, _j), w0[_j, 0] + sp.Sum(X[_i, _k] * Wx[_k, _j],
                                                                             (_k, 0, d - 1))))
    residuals = sp.FunctionMatrix(N, K, sp.Lambda((_i, _j), w0[_j, 0] + sp.Sum(
        X[_i, _k] * Wx[_k, _j], (_k, 0, d - 1)) - T[_i, _j]))
    xbar_i = (u * Xb).T
    return Statement(s, claims={
        "(X W)_ij = w_j0 + sum_k x_i^(k) w_jk": Equal(Xb * W, entries),
        "row i of X W = y(x_i)^T = (W^T xbar_i)^T": Equal(u * Xb * W, (W.T * xbar_i).T),
        "(X W - T)_ij = y_j(x_i) - t_ij": Equal(Xb * W - T, residuals),
    })
