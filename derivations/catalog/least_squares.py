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


class Ones(sp.OneMatrix):
    """The all-ones matrix 1_{m×n}; explicit as soon as its sizes are concrete.

    SymPy's ``OneMatrix`` stays a ``MatrixExpr`` after instantiation, and every product
    with it is then expanded entry by entry through ``Sum`` (tens of milliseconds per
    entry); this subclass turns into an explicit matrix when instantiation substitutes
    the sizes, so products with it are ordinary matrix products.
    """

    def __new__(cls, m, n=1, **kwargs):
        m, n = sp.sympify(m), sp.sympify(n)
        if m.is_Integer and n.is_Integer:
            return sp.ImmutableMatrix.ones(int(m), int(n))
        return super().__new__(cls, m, n, **kwargs)

    def _latex(self, printer):
        m, n = self.shape
        if n == 1:
            return rf"\mathbf{{1}}_{{{printer._print(m)}}}"
        if m == 1:
            return rf"\mathbf{{1}}_{{{printer._print(n)}}}^{{\top}}"
        return rf"\mathbf{{1}}_{{{printer._print(m)} \times {printer._print(n)}}}"


    def _eval_transpose(self):
        return Ones(self.shape[1], self.shape[0])


def _ones(rows, cols=1):
    return Ones(rows, cols)


def _concrete(block):
    """``block`` as an explicit matrix if it has concrete sizes and no symbol left, else None."""
    if isinstance(block, sp.MatrixBase):
        return block
    if block.atoms(sp.MatrixSymbol) or not all(sp.sympify(n).is_Integer for n in block.shape):
        return None
    e = block.doit()
    return e if isinstance(e, sp.MatrixBase) else sp.ImmutableMatrix(e.as_explicit())


class Blocks(sp.BlockMatrix):
    """A block matrix (X̃ = [1 X], W̃ = [w₀ᵀ; W]) that becomes explicit once its blocks are,
    for the same reason as :class:`Ones`: products stay ordinary matrix products."""

    def __new__(cls, *args, **kwargs):
        obj = sp.BlockMatrix.__new__(cls, *args, **kwargs)
        blocks = obj.blocks
        concrete = [_concrete(b) for b in blocks]
        if all(c is not None for c in concrete):
            grid = sp.ImmutableMatrix(blocks.shape[0], blocks.shape[1], concrete)
            return sp.ImmutableMatrix(sp.BlockMatrix(grid).as_explicit())
        return obj

    def _eval_transpose(self):
        return Blocks(sp.BlockMatrix._eval_transpose(self).blocks)


def _bias_first(X, N):
    """X̃ = [1 X]: udelar2018 and ml10 put the constant component first."""
    return Blocks([[_ones(N), X]])


def _bias_last(X, N):
    """X̃ = [X 1]: bromberg2012 puts the constant component last."""
    return Blocks([[X, _ones(N)]])


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
    (udelar2018: t_{n,k} = 1{C_n = ω_k}; bromberg2012: C_3 with K = 6 gives
    t = (0, 0, 1, 0, 0, 0)). Stacked as the rows of T: every row sums to one (T 1_K = 1_N),
    every row has unit norm (Σ_k t_{nk}² = 1), and the column sums Tᵀ1_N are the class
    counts N_k, which TᵀT carries on its diagonal (TᵀT 1_K = Tᵀ1_N)."""
    s = Space()
    N, K = s.dim("N", sizes=(2, 3)), s.dim("K", sizes=(2, 3))
    T = s.matrix("T", N, K, "one_hot_rows")
    return Statement(s, claims={
        "T 1_K = 1_N": Equal(T * _ones(K), _ones(N)),
        "sum_k t_nk^2 = 1": Equal(sp.FunctionMatrix(N, 1, sp.Lambda(
            (_i, _j), sp.Sum(T[_i, _k] ** 2, (_k, 0, K - 1)))), _ones(N)),
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
    Wt = Blocks([[W], [b.T]])
    xt = Blocks([[x], [_ones(1)]])
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
    A = Blocks([[w0.T], [W]])
    xt = Blocks([[_ones(1)], [x]])
    return Statement(s, claims={
        "g_k(x) = w_k^T x + w_k0 = a_k^T x~": Equal(Scalar((W * v.T).T * x) + Scalar(v * w0),
                                                    Scalar((A * v.T).T * xt)),
        "g(x) = (a_1^T; ...; a_c^T) x~ = A^T x~": Equal(W.T * x + w0, A.T * xt),
    })


@entry("least_squares.design_matrix_entries", "(X̄W)_{ij} = w_{j,0} + Σ_k x_i^{(k)} w_{j,k} = y_j(x_i)",
       sources=[("ml10", "(X̄W)_{i,j} and the matrix of residuals"),
                ("bromberg2012", "§3, the rows of X̃ and T")])
def design_matrix_entries() -> Statement:
    """With X̄ = [1 X] (row i = (1, x_i^{(1)}, …, x_i^{(D)})) and column j of W holding
    (w_{j,0}, …, w_{j,D}), the (i, j) entry of X̄W is w_{j,0} + Σ_{k=1}^D x_i^{(k)} w_{j,k},
    which is y_j(x_i) = w_jᵀx_i + w_{j,0}: row i of X̄W is y(x_i)ᵀ. Hence
    (X̄W − T)_{i,j} = y_j(x_i) − t_{i,j} (for any T; ml10's T is 1-of-K)."""
    s = Space()
    N, d, K = s.dim("N", sizes=(2, 3)), s.dim("d", sizes=(1, 2)), s.dim("K", sizes=(2,))
    X, Wx, w0 = s.matrix("X", N, d), s.matrix("W_x", d, K), s.vector("w_0", K)
    T = s.matrix("T", N, K)
    Xb, W = _bias_first(X, N), Blocks([[w0.T], [Wx]])
    y = sp.Lambda((_i, _j), w0[_j, 0] + sp.Sum(X[_i, _k] * Wx[_k, _j], (_k, 0, d - 1)))
    return Statement(s, claims={
        "(X W)_ij = w_j0 + sum_k x_i^(k) w_jk = y_j(x_i)": Equal(Xb * W, sp.FunctionMatrix(N, K, y)),
        "(X W - T)_ij = y_j(x_i) - t_ij": Equal(Xb * W - T, sp.FunctionMatrix(
            N, K, sp.Lambda((_i, _j), y(_i, _j) - T[_i, _j]))),
    })


# --- the error: residual matrix, its diagonal, the trace ------------------------------------

def _square_residual(s: Space):
    """ml10's residual matrix R = X̄W − T with N = K, so that both RᵀR (K×K) and RRᵀ (N×N)
    have an (i, i) entry for every sample i; u = e_iᵀ (one-hot, enumerated) selects sample i."""
    N, d = s.dim("N", sizes=(2, 3)), s.dim("d", sizes=(1,))
    X, W = s.matrix("X", N, d), s.matrix("W", d + 1, N)
    T = s.matrix("T", N, N, "one_hot_rows")
    u = s.matrix("u", 1, N, "one_hot_rows")
    Xb = _bias_first(X, N)
    return N, Xb, W, T, u, Xb * W - T


@entry("least_squares.residual_diagonal", "ml10: ((X̄W − T)ᵀ(X̄W − T))_{i,i} = Σ_j (y_j(x_i) − t_{i,j})²",
       sources=[("ml10", "the diagonal of (X̄W − T)ᵀ(X̄W − T)")], kind="erratum")
def residual_diagonal() -> Statement:
    """ml10 prints ((X̄W − T)ᵀ(X̄W − T))_{i,i} = Σ_{j=1}^K (y_j(x_i) − t_{i,j})², with i a
    sample. But RᵀR is K×K: its (j, j) entry is Σ_i (y_j(x_i) − t_{i,j})², a sum over the
    samples for one class. The per-sample sum over the classes, ‖r_i‖² for the row r_iᵀ = uR
    of sample i, is the diagonal of the N×N matrix RRᵀ. (For N ≠ K the printed entry does
    not even exist for every sample i; it is encoded at N = K, where both products are
    square and of the same size, and a counterexample there refutes the printed general
    claim.)"""
    s = Space()
    N, Xb, W, T, u, R = _square_residual(s)
    per_sample = Norm(R.T * u.T) ** 2
    return Statement(
        s, stated=Equal(Scalar(u * R.T * R * u.T), per_sample),
        claims={"(R R^T)_ii = sum_j (y_j(x_i) - t_ij)^2": Equal(Scalar(u * R * R.T * u.T), per_sample)},
        corrects="(R R^T)_ii = sum_j (y_j(x_i) - t_ij)^2")


@entry("least_squares.residual_diagonal_class_k",
       "ml10: for x_i ∈ C_k, the (i, i) entry of RᵀR is (y_k(x_i) − 1)² + Σ_{j≠k} y_j(x_i)²",
       sources=[("ml10", "the diagonal entry when x_i lies in class C_k")], kind="erratum")
def residual_diagonal_class_k() -> Statement:
    """ml10 continues: if x_i is in C_k, ((X̄W − T)ᵀ(X̄W − T))_{i,i} = (y_k(x_i) − 1)² +
    Σ_{j≠k} y_j(x_i)². The right-hand side is right — with t_i = e_k, Σ_j (y_j(x_i) − t_{i,j})²
    splits into the j = k term and the others — but it is again the (i, i) entry of RRᵀ,
    not of RᵀR (see least_squares.residual_diagonal). The one-hot row t_iᵀ = uT marks k:
    y_k(x_i) = y(x_i)ᵀt_i, and Σ_{j≠k} y_j(x_i)² = ‖y(x_i)‖² − y_k(x_i)²."""
    s = Space()
    N, Xb, W, T, u, R = _square_residual(s)
    y_i = W.T * Xb.T * u.T                            # y(x_i) = Wᵀx̄_i
    y_k = Scalar(u * T * y_i)                         # y_k(x_i), k the class of x_i
    rhs = (y_k - 1) ** 2 + (Norm(y_i) ** 2 - y_k ** 2)
    return Statement(
        s, stated=Equal(Scalar(u * R.T * R * u.T), rhs),
        claims={"(R R^T)_ii = (y_k(x_i) - 1)^2 + sum_{j != k} y_j(x_i)^2":
                    Equal(Scalar(u * R * R.T * u.T), rhs),
                "sum_j (y_j(x_i) - t_ij)^2 = (y_k(x_i) - 1)^2 + sum_{j != k} y_j(x_i)^2":
                    Equal(Norm(R.T * u.T) ** 2, rhs)},
        corrects="(R R^T)_ii = (y_k(x_i) - 1)^2 + sum_{j != k} y_j(x_i)^2")


@entry("least_squares.trace_is_sum_of_squares",
       "Σ of the diagonal of RᵀR = Σ_i Σ_j (y_j(x_i) − t_{i,j})² = tr(RᵀR); E(W) = ½ tr(RᵀR)",
       sources=[("ml10", "the trace of (X̄W − T)ᵀ(X̄W − T) and E(W)"),
                ("udelar2018", "Clasificación con mínimos cuadrados, E(A) = ½ Trace{…}")])
def trace_is_sum_of_squares() -> Statement:
    """The trace statement of ml10 is right even though its diagonal entries are mislabelled:
    tr(RᵀR) = tr(RRᵀ) = Σ_i Σ_j R_{ij}², the sum of the squared differences between the
    predictions y_j(x_i) and the targets t_{i,j}. What the diagonals hold: (RᵀR)_{jj} =
    Σ_i (y_j(x_i) − t_{i,j})² (one class, all samples; v = e_jᵀ) and (RRᵀ)_{ii} =
    Σ_j (y_j(x_i) − t_{i,j})² (one sample, all classes; u = e_iᵀ)."""
    s = Space()
    N, d, K = s.dim("N", sizes=(2, 3)), s.dim("d", sizes=(1,)), s.dim("K", sizes=(2,))
    X, W, T = s.matrix("X", N, d), s.matrix("W", d + 1, K), s.matrix("T", N, K)
    Xb = _bias_first(X, N)
    R = Xb * W - T
    u, v = s.matrix("u", 1, N, "one_hot_rows"), s.matrix("v", 1, K, "one_hot_rows")
    total = _double_sum(R, N, K)
    return Statement(s, claims={
        "tr(R^T R) = sum_i sum_j (y_j(x_i) - t_ij)^2": Equal(sp.Trace(R.T * R), total),
        "tr(R^T R) = tr(R R^T)": Equal(sp.Trace(R.T * R), sp.Trace(R * R.T)),
        "(R^T R)_jj = sum_i (y_j(x_i) - t_ij)^2": Equal(Scalar(v * R.T * R * v.T), Norm(R * v.T) ** 2),
        "(R R^T)_ii = sum_j (y_j(x_i) - t_ij)^2": Equal(Scalar(u * R * R.T * u.T), Norm(R.T * u.T) ** 2),
        "E(W) = 1/2 tr(R^T R) = 1/2 sum_i sum_j (...)^2": Equal(_trace_error(R), HALF * total),
    })


@entry("least_squares.eq5_equals_eq6", "Ejercicio 2: Eq. (5) ½ΣₖΣₙ(y_k(x_n) − t_{nk})² equals Eq. (6) ½Tr{…}",
       sources=[("bromberg2012", "Ejercicio 2, Eqs. (5) and (6)"), ("bishop-prml", "§4.1.3, Eq. (4.15)")],
       kind="exercise")
def eq5_equals_eq6() -> Statement:
    """bromberg2012 asks to show that Eq. (5), E = ½ Σ_{k=1}^K Σ_{n=1}^N (y_k(x_n) − t_{nk})²
    with y_k(x) = w_kᵀx + b_k, equals Eq. (6), E = ½ Tr{(X̃W̃ − T)ᵀ(X̃W̃ − T)}, with X̃ = [X 1]
    (rows x̃_nᵀ = (x_nᵀ, 1)) and W̃ = [W; bᵀ] (columns w̃_k = (w_k, b_k)). Eq. (5) prints the
    target as t_k; the sample index n is implied (t_{nk} = T_{nk}, the n-th row of T being
    t_nᵀ). Solution: y_k(x_n) = w̃_kᵀx̃_n = (X̃W̃)_{nk}, so each term is the squared (n, k)
    entry of R = X̃W̃ − T; summing over n gives the k-th diagonal entry of RᵀR, and summing
    the diagonal over k gives the trace."""
    s = Space()
    N, d, K = s.dim("N", sizes=(2, 3)), s.dim("d", sizes=(1, 2)), s.dim("K", sizes=(2,))
    X, W, b, T = s.matrix("X", N, d), s.matrix("W", d, K), s.vector("b", K), s.matrix("T", N, K, "one_hot_rows")
    Xt, Wt = _bias_last(X, N), Blocks([[W], [b.T]])
    R = Xt * Wt - T
    y_kn = sp.Sum(W[_i, _k] * X[_n, _i], (_i, 0, d - 1)) + b[_k, 0]     # y_k(x_n) = w_kᵀx_n + b_k
    eq5 = HALF * sp.Sum((y_kn - T[_n, _k]) ** 2, (_n, 0, N - 1), (_k, 0, K - 1))
    eq6 = _trace_error(R)
    per_class = HALF * sp.Sum((R.T * R)[_k, _k], (_k, 0, K - 1))
    return Statement(
        s, claims={"Eq. (5) = Eq. (6)": Equal(eq5, eq6)},
        steps=chain(eq5, HALF * _double_sum(R, N, K), per_class, eq6,
                    notes=("y_k(x_n) - t_nk = (X~W~ - T)_nk", "sum over n: (R^T R)_kk",
                           "sum of the diagonal: the trace")))


@entry("least_squares.error_as_norms", "E(A) = ½ Σₙ ‖t_n − Aᵀx̃_n‖² = ½ Trace{(X̃A − T)ᵀ(X̃A − T)}",
       sources=[("udelar2018", "Clasificación con mínimos cuadrados, Objetivo and E(A)")])
def error_as_norms() -> Statement:
    """udelar2018 states the objective per sample, E(A) = ½ Σ_n ‖t_n − Aᵀx̃_n‖², and then
    as a trace with X̃ = (x̃_1ᵀ; …; x̃_Nᵀ), T = (t_1ᵀ; …; t_Nᵀ). Here N = 3 samples are
    declared one by one (x̃_n = (1, x_nᵀ)ᵀ, t_nᵀ a 1-of-K row, every labelling enumerated)."""
    s = Space()
    d, K = s.dim("d", sizes=(1, 2)), s.dim("K", sizes=(2, 3))
    A = s.matrix("A", d + 1, K)
    xs = [s.vector(f"x_{n}", d) for n in (1, 2, 3)]
    ts = [s.matrix(f"t_{n}", 1, K, "one_hot_rows") for n in (1, 2, 3)]
    xts = [Blocks([[_ones(1)], [x]]) for x in xs]
    Xt = Blocks([[xt.T] for xt in xts])
    T = Blocks([[t] for t in ts])
    per_sample = HALF * sp.Add(*[Norm(t.T - A.T * xt) ** 2 for t, xt in zip(ts, xts)])
    return Statement(s, claims={
        "1/2 sum_n ||t_n - A^T x_n||^2 = 1/2 Trace{(XA - T)^T (XA - T)}":
            Equal(per_sample, _trace_error(Xt * A - T)),
    })
