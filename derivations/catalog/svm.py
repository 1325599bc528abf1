"""The hard-margin SVM: primal, Lagrangian, dual, support vectors, the exercise.

Sources: hermosillo2017 "Clasificador por vectores de soporte", "Problema de optimización
con restricciones", "El problema de optimización en SVM's" (L_P and its expansion, ∂_t and
∂_w), "Modelo dual de optimización" (L_D, the dual problem), "Aspectos importantes",
"Ejercicio"; Bishop PRML §7.1, Eqs. (7.2)-(7.17).

The general derivation is written with N = 3 samples x_1, x_2, x_3 ∈ ℝᵈ of symbolic
dimension d (every Σ_{i=1}^N of the slides expanded at N = 3: each line is linear in the
summands, so nothing depends on the count but the number of terms); the exercise uses its
printed numbers, declared as symbols *defined* to their exact values so that nothing is
evaluated while an entry is built. hermosillo2017 writes the classifier h(x) = ⟨w, x⟩ − t
(threshold t; scikit-learn's b is −t). The exercise's dual is also solved by the engine with
the Lagrange method (svm.exercise_stationary: ``LagrangePoints`` on Σα_i y_i = 0, the KKT
system restricted to the active set and to the support set).
"""

from __future__ import annotations

import numpy as np
import sympy as sp

import numerics.geometry as ng
import numerics.svm as nsvm

from .._claims.claims import Equal, IsPSD, LagrangePoints, Rel, Stationary
from .._claims.statement import Agreement, Statement, chain
from .._symbols.expr import Grad, Norm, Scalar, dot
from .._symbols.space import Space
from .registry import entry

N = 3
_LP = "El problema de optimizacion en SVM's (Definimos el lagrangiano)"
_LD = "Modelo dual de optimización"
_GENERAL = ("an identity in free w, t and multipliers α_i, true away from the optimum; "
            "numerics.svm computes only the optimum (its KKT residuals, w = Σα_i y_i x_i and the "
            "zero duality gap are checked at generated data in tests/numerics/test_svm.py and "
            "against this catalog's exact exercise in svm.exercise_solution)")


def _samples(s: Space, d, *, nonneg: bool = False, labels: bool = True):
    xs = [s.vector(f"x_{i}", d) for i in range(1, N + 1)]
    ys = [s.scalar(f"y_{i}", label=labels, nonzero=True) for i in range(1, N + 1)]
    als = [s.scalar(f"alpha_{i}", nonnegative=nonneg) for i in range(1, N + 1)]
    return xs, ys, als


def _vsum(terms, d):
    out = sp.ZeroMatrix(d, 1)
    for t in terms:
        out = out + t
    return out


# -- the primal and the margin ------------------------------------------------------------

@entry("svm.margin", "The distance from x to ⟨w, x⟩ = t is |⟨w, x⟩ − t|/‖w‖; on the margin "
       "y(⟨w, x⟩ − t) = 1 it is 1/‖w‖, so maximising the margin is minimising ½‖w‖²",
       sources=[("hermosillo2017", "Problema de optimización con restricciones: 'Maximizar el "
                 "margen es equivalente a minimizar w o mejor aún ½‖w‖²' (the margin's value is "
                 "not printed)"),
                ("bishop-prml", "§7.1, Eqs. (7.2)-(7.3)")])
def margin() -> Statement:
    """hermosillo2017 prints neither 1/‖w‖ nor 2/‖w‖, only that maximising the margin is
    minimising ‖w‖ (or ½‖w‖²). Why: the foot of the perpendicular from x,
    x_⊥ = x − ((⟨w, x⟩ − t)/‖w‖²) w, lies on the plane ⟨w, x⟩ = t, and
    ‖x − x_⊥‖ = |⟨w, x⟩ − t|/‖w‖. Under the constraints y_i(⟨w, x_i⟩ − t) ≥ 1 the closest
    samples have y(⟨w, x⟩ − t) = 1 (encoded t = ⟨w, x⟩ − y), at distance exactly 1/‖w‖ (the
    margin; 2/‖w‖ is the width of the band between the classes): maximising 1/‖w‖ is
    minimising ‖w‖, and ½‖w‖² has the same minimiser and a smooth gradient."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    x = s.vector("x", d)
    t = s.scalar("t")
    xm = s.vector("x_m", d)
    y = s.scalar("y", label=True)
    tm = s.scalar("t_m")
    s.define(tm, dot(w, xm) - y, "x_m on the margin: y(<w, x_m> - t_m) = 1")
    foot = x - (dot(w, x) - t) / dot(w, w) * w
    foot_m = xm - (dot(w, xm) - tm) / dot(w, w) * w
    return Statement(s, claims={
        "the foot x_perp lies on the plane": Equal(dot(w, foot) - t, 0),
        "||x - x_perp|| = |<w, x> - t|/||w||": Equal(Norm(x - foot), sp.Abs(dot(w, x) - t) / Norm(w)),
        "on the margin the distance is 1/||w||": Equal(Norm(xm - foot_m), 1 / Norm(w)),
    }, numeric=[Agreement("|numerics.geometry.signed_distance| of x to <w, x> - t = 0",
                          sp.Abs(dot(w, x) - t) / Norm(w),
                          lambda ev: abs(float(ng.signed_distance(
                              np.ravel(ev(x))[None, :], coef=np.ravel(ev(w)),
                              intercept=-float(ev(t)))[0])))])


@entry("svm.canonical_scaling",
       "Rescaling (w, t) by the closest sample's margin m > 0 gives y(⟨w, x⟩ − t) ≥ 1 with "
       "equality there, and leaves every distance to the plane unchanged",
       uses=("svm.margin",),
       sources=[("hermosillo2017", "Problema de optimización con restricciones: 'w*, t* = argmin "
                 "½‖w‖² sujeto a y_i(⟨w, x_i⟩ − t) ≥ 1, 1 ≤ i ≤ N'"),
                ("bishop-prml", "§7.1, Eqs. (7.4)-(7.5)")])
def canonical_scaling() -> Statement:
    """Why the constraint's right-hand side is 1: a separating (w, t) whose closest sample x_c
    has y_c(⟨w, x_c⟩ − t) = m > 0 can be divided by m; the plane ⟨w, x⟩ = t is the same, the
    distance |⟨w, x⟩ − t|/‖w‖ of every point is unchanged (shown squared, a rational identity), and the closest sample now has
    margin exactly 1 (so every sample has ≥ 1). Among hyperplanes so normalised, the margin is
    1/‖w‖ (svm.margin)."""
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    x, xc = s.vector("x", d), s.vector("x_c", d)
    t, yc = s.scalar("t"), s.scalar("y_c", label=True)
    m = s.scalar("m", positive=True)
    s.define(t, dot(w, xc) - m * yc, "x_c has margin y_c(<w, x_c> - t) = m > 0")
    ws, ts = w / m, t / m
    return Statement(s, claims={
        "the closest sample has margin 1 after rescaling": Equal(yc * (dot(ws, xc) - ts), 1),
        "squared distances to the plane are unchanged": Equal(
            (dot(ws, x) - ts) ** 2 / dot(ws, ws), (dot(w, x) - t) ** 2 / dot(w, w)),
    }, numeric=[Agreement("|numerics.geometry.signed_distance| of x to the rescaled plane",
                          sp.Abs(dot(w, x) - t) / Norm(w),
                          lambda ev: abs(float(ng.signed_distance(
                              np.ravel(ev(x))[None, :], coef=np.ravel(ev(ws)),
                              intercept=-float(ev(ts)))[0])))])


def _lagrangian_parts(s: Space, d, *, t_matrix: bool = False, labels: bool = True):
    xs, ys, als = _samples(s, d, labels=labels)
    w = s.vector("w", d)
    if t_matrix:
        tm = s.matrix("t", 1, 1)
        t = Scalar(tm)
    else:
        tm = t = s.scalar("t")
    L = Norm(w) ** 2 / 2 - sum(a * (y * (dot(w, x) - t) - 1) for a, y, x in zip(als, ys, xs))
    return xs, ys, als, w, tm, t, L


@entry("svm.primal_lagrangian",
       "L_P(w, t, α) = ½‖w‖² − Σα_i(y_i(⟨w, x_i⟩ − t) − 1) and its two expansions",
       uses=("lagrange.lagrangian", "svm.canonical_scaling"),
       sources=[("hermosillo2017", f"{_LP}: the three lines of L_P(w, t, α_1, …, α_N)"),
                ("bishop-prml", "§7.1, Eq. (7.7)")])
def primal_lagrangian() -> Statement:
    """The slide's three lines: ½‖w‖² − Σα_i(y_i(⟨w, x_i⟩ − t) − 1)
    = ½‖w‖² − Σα_i y_i⟨w, x_i⟩ + Σα_i y_i t + Σα_i
    = ½⟨w, w⟩ − ⟨w, Σα_i y_i x_i⟩ + t(Σα_i y_i) + Σα_i."""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, _tm, t, L = _lagrangian_parts(s, d)
    line2 = (Norm(w) ** 2 / 2 - sum(a * y * dot(w, x) for a, y, x in zip(als, ys, xs))
             + sum(a * y * t for a, y in zip(als, ys)) + sum(als))
    line3 = (dot(w, w) / 2 - dot(w, _vsum([a * y * x for a, y, x in zip(als, ys, xs)], d))
             + t * sum(a * y for a, y in zip(als, ys)) + sum(als))
    return Statement(s, steps=chain(L, line2, line3, notes=(
        "distribute α_i over y_i(⟨w, x_i⟩ − t) − 1", "‖w‖² = ⟨w, w⟩; pull w and t out of the sums")),
        no_numeric=_GENERAL)


@entry("svm.primal_stationarity",
       "∂_t L_P = 0 ⟹ Σα_i y_i = 0 and ∂_w L_P = 0 ⟹ w = Σα_i y_i x_i",
       uses=("svm.primal_lagrangian",),
       sources=[("hermosillo2017", f"{_LP}: 'Para un t óptimo ∂_t L_P = 0 ⟹ Σα_i y_i = 0', "
                 "'Para pesos óptimos ∂_w L_P = 0 ⟹ w = Σα_i y_i x_i'"),
                ("bishop-prml", "§7.1, Eqs. (7.8)-(7.9)")])
def primal_stationarity() -> Statement:
    """∂_t L_P = Σα_i y_i (L_P has the term t·Σα_i y_i), so ∂_t L_P = 0 is Σα_i y_i = 0;
    ∂_w L_P = w − Σα_i y_i x_i, zero exactly at w = Σα_i y_i x_i. hermosillo2017 prints the
    α_i in w = Σα_i y_i x_i (its perceptron slide's w = Σ y_i x_i, without α, is about the
    perceptron's updates, not this derivation). Derivatives taken by the methods."""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, tm, t, L = _lagrangian_parts(s, d, t_matrix=True)
    wstar = _vsum([a * y * x for a, y, x in zip(als, ys, xs)], d)
    return Statement(s, claims={
        "dL_P/dt = sum alpha_i y_i": Equal(Grad(L, tm), sum(a * y for a, y in zip(als, ys))),
        "dL_P/dw = w - sum alpha_i y_i x_i": Equal(Grad(L, w), w - wstar),
        "w = sum alpha_i y_i x_i is stationary in w": Stationary(L, w, wstar),
    }, no_numeric=_GENERAL)


def _dual_setup(s: Space, d):
    """w := Σα_i y_i x_i and α_3 := −(α_1y_1 + α_2y_2)/y_3 (so Σα_i y_i = 0). The y_i are
    any nonzero reals here: the substitution never uses y_i² = 1, and a proof for every
    nonzero y covers the labels ±1 without enumerating the 2³ labellings."""
    xs, ys, als, w, _tm, t, L = _lagrangian_parts(s, d, labels=False)
    s.define(als[2], -(als[0] * ys[0] + als[1] * ys[1]) / ys[2], "Σ α_i y_i = 0 (∂_t L_P = 0)")
    wsum = _vsum([a * y * x for a, y, x in zip(als, ys, xs)], d)
    s.define(w, wsum, "w = Σ α_i y_i x_i (∂_w L_P = 0)")
    double = sum(als[i] * als[j] * ys[i] * ys[j] * dot(xs[i], xs[j])
                 for i in range(N) for j in range(N))
    return xs, ys, als, w, t, L, wsum, double


@entry("svm.dual_lagrangian",
       "L_D(α) = −½⟨Σα_i y_i x_i, Σα_i y_i x_i⟩ + Σα_i = −½ΣΣα_iα_j y_iy_j⟨x_i, x_j⟩ + Σα_i",
       uses=("svm.primal_lagrangian", "svm.primal_stationarity"),
       sources=[("hermosillo2017", f"{_LD}: 'Reinsertando estas expresiones en L_P obtenemos "
                 "L_D', its two lines"),
                ("bishop-prml", "§7.1, Eq. (7.10)")])
def dual_lagrangian() -> Statement:
    """Substituting w = Σα_i y_i x_i and Σα_i y_i = 0 into L_P: the t-term vanishes for
    every t, ½⟨w, w⟩ − ⟨w, w⟩ = −½⟨w, w⟩, and ⟨Σα_i y_i x_i, Σα_j y_j x_j⟩ expands into the
    double sum. (Σα_i y_i = 0 is built in as α_3 = −(α_1y_1 + α_2y_2)/y_3; the y_i are any
    nonzero reals, the labels ±1 included.)"""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, t, L, wsum, double = _dual_setup(s, d)
    return Statement(s, steps=chain(
        L, -dot(wsum, wsum) / 2 + sum(als), -double / 2 + sum(als),
        notes=("L_P at w = Σα_i y_i x_i, Σα_i y_i = 0", "bilinearity of ⟨·, ·⟩")),
        no_numeric=_GENERAL)


@entry("svm.duality_gap",
       "½‖w‖² − L_D(α) = Σα_i(y_i(⟨w, x_i⟩ − t) − 1) at w = Σα_i y_i x_i, Σα_i y_i = 0: zero gap "
       "⟺ complementary slackness",
       uses=("svm.dual_lagrangian",),
       sources=[("bishop-prml", "§7.1, Eqs. (7.14)-(7.16) (KKT conditions)"),
                ("hermosillo2017", f"{_LD}; Aspectos importantes 1: 'los puntos para los cuales "
                 "los multiplicadores de Lagrange son no nulos' (the slides state no KKT condition)")])
def duality_gap() -> Statement:
    """For any t, at w = Σα_i y_i x_i with Σα_i y_i = 0, the primal objective minus the dual
    one is Σα_i(y_i(⟨w, x_i⟩ − t) − 1). At a primal-feasible (w, t) and α ≥ 0 every term is
    ≥ 0, so a zero gap holds exactly when every term vanishes — complementary slackness
    α_i(y_i(⟨w, x_i⟩ − t) − 1) = 0 (Bishop (7.16)): a sample with α_i ≠ 0 lies on the
    margin. (hermosillo2017 names the support vectors by their nonzero multipliers but never
    states the KKT conditions.) The term for each i is ≥ 0 when α_i ≥ 0 and the slack is."""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, t, L, wsum, double = _dual_setup(s, d)
    a, sl = s.scalar("a", nonnegative=True), s.scalar("s", nonnegative=True)
    gap_terms = sum(a_ * (y * (dot(w, x) - t) - 1) for a_, y, x in zip(als, ys, xs))
    return Statement(s, claims={
        "1/2 ||w||^2 - L_D(alpha) = sum alpha_i (y_i(<w, x_i> - t) - 1)": Equal(
            Norm(w) ** 2 / 2 - (-double / 2 + sum(als)), gap_terms),
        "each term alpha_i * slack_i >= 0 when alpha_i >= 0, slack_i >= 0": Rel(a * sl, ">=", 0),
    }, no_numeric=_GENERAL)


@entry("svm.support_vectors",
       "w depends only on the samples with α_i ≠ 0 (the support vectors)",
       uses=("svm.primal_stationarity", "svm.dual_lagrangian", "svm.duality_gap"),
       sources=[("hermosillo2017", "Aspectos importantes 1: 'Maximizar el margen es equivalente a "
                 "encontrar los vectores de soporte; es decir, los puntos para los cuales los "
                 "multiplicadores de Lagrange son no nulos'"),
                ("bishop-prml", "§7.1, after Eq. (7.16)")])
def support_vectors() -> Statement:
    """With α_3 = 0, w = Σα_i y_i x_i = α_1y_1x_1 + α_2y_2x_2 and the dual objective and its
    constraint Σα_i y_i = 0 involve x_3 not at all: removing a sample with a zero multiplier
    changes neither w nor L_D. (That every sample with α_i ≠ 0 lies on the margin is
    svm.duality_gap; the converse fails — svm.exercise_solution has a sample on the margin
    with α_1 = 0.)"""
    s = Space()
    d = s.dim("d")
    xs, ys, als = _samples(s, d)
    s.define(als[2], sp.Integer(0), "α_3 = 0: x_3 is not a support vector")
    full = _vsum([a * y * x for a, y, x in zip(als, ys, xs)], d)
    double = sum(als[i] * als[j] * ys[i] * ys[j] * dot(xs[i], xs[j]) for i in range(N) for j in range(N))
    double2 = sum(als[i] * als[j] * ys[i] * ys[j] * dot(xs[i], xs[j]) for i in range(2) for j in range(2))
    return Statement(s, claims={
        "w = alpha_1 y_1 x_1 + alpha_2 y_2 x_2": Equal(full, als[0] * ys[0] * xs[0] + als[1] * ys[1] * xs[1]),
        "L_D over all samples = L_D over the support vectors": Equal(
            -double / 2 + sum(als), -double2 / 2 + als[0] + als[1]),
    }, no_numeric=_GENERAL)


@entry("svm.gram_matrix",
       "The dual depends on the data only through G = XXᵀ: ΣΣα_iα_j y_iy_j⟨x_i, x_j⟩ = (α∘y)ᵀG(α∘y)",
       uses=("svm.dual_lagrangian",),
       sources=[("hermosillo2017", "Aspectos importantes 2: 'El problema de optimización está "
                 "completamente definido por el producto punto de pares de instancias de "
                 "entrenamiento: las entradas de la matriz Gram'"),
                ("hermosillo2017", "Perceptron DUAL: 'la matriz n-por-n G = XXᵀ, llamada matriz "
                 "Gram, que contiene todos los productos punto'")])
def gram_matrix() -> Statement:
    """With X the N × d matrix of rows x_iᵀ, G = XXᵀ is N × N with G_ij = ⟨x_i, x_j⟩; the
    dual objective is Σα_i − ½(α∘y)ᵀG(α∘y) and its Hessian −YGY = −X'X'ᵀ (X' the rows
    y_i x_iᵀ) is negative semidefinite: the dual is a concave QP. Written at N = 3, d
    symbolic, with G entered as the matrix of inner products; the y_i any nonzero reals (the
    identities never use y_i² = 1; the labels ±1 are a special case)."""
    s = Space()
    d = s.dim("d")
    xs, ys, als = _samples(s, d, labels=False)
    G = s.matrix("G", N, N, "symmetric")
    s.define(G, sp.ImmutableMatrix(N, N, lambda i, j: dot(xs[i], xs[j])), "G_ij = <x_i, x_j>")
    ay = sp.ImmutableMatrix([a * y for a, y in zip(als, ys)])
    double = sum(als[i] * als[j] * ys[i] * ys[j] * dot(xs[i], xs[j]) for i in range(N) for j in range(N))
    Y = sp.diag(*ys)
    v = s.vector("v", N)
    return Statement(s, claims={
        "sum_ij alpha_i alpha_j y_i y_j <x_i, x_j> = (alpha y)^T G (alpha y)": Equal(
            double, (ay.T * G * ay)[0, 0]),
        "v^T Y G Y v = ||sum_i v_i y_i x_i||^2 >= 0 (the dual is concave)": Equal(
            (v.T * Y * G * Y * v)[0, 0],
            Norm(_vsum([v[i, 0] * ys[i] * xs[i] for i in range(N)], d)) ** 2),
    }, no_numeric=_GENERAL)


# -- the exercise ---------------------------------------------------------------------------

_EX = "Ejercicio"
_X = [(1, 2), (-1, 2), (-1, -2)]
_Y = [-1, -1, 1]
_XP = [(-1, -2), (1, -2), (-1, -2)]


def _exercise(s: Space):
    """The printed X, y and X' as defined 3 × 2, 3 × 1 and 3 × 2 matrices."""
    X = s.matrix("X", 3, 2)
    s.define(X, sp.ImmutableMatrix(_X), "X as printed")
    y = s.vector("y", 3)
    s.define(y, sp.ImmutableMatrix(_Y), "y as printed")
    Xp = s.matrix("X'", 3, 2)
    s.define(Xp, sp.ImmutableMatrix(_XP), "X' as printed ('the rows are y_i x_i')")
    return X, y, Xp


def _exercise_numeric(ev) -> np.ndarray:
    r = nsvm.hard_margin_svm(np.array(_X, float), np.array(_Y, float))
    return np.concatenate([r.alpha_, r.coef_, [r.threshold_, r.margin_, r.primal_objective_,
                                                r.dual_objective_]])


@entry("svm.exercise_gram", "Ejercicio 1: X' has rows y_i x_i; G = XXᵀ and the dual's X'X'ᵀ",
       kind="exercise",
       uses=("svm.gram_matrix",),
       sources=[("hermosillo2017", f"{_EX}: 'X = (1 2; −1 2; −1 −2), y = (−1, −1, +1), "
                 "X' = (−1 −2; 1 −2; −1 −2) ... the rows are y_i x_i', '1. Encuentre la matriz Gram'")])
def exercise_gram() -> Statement:
    """The printed X' is right: its rows are y_i x_i. The Gram matrix (entries typed by
    hand, checked by the engine) is G = XXᵀ = [[5, 3, −5], [3, 5, −3], [−5, −3, 5]]; the
    matrix of the dual's quadratic form is H = X'X'ᵀ = YGY = [[5, 3, 5], [3, 5, 3],
    [5, 3, 5]], positive semidefinite and singular (rows 1 and 3 of X' are equal)."""
    s = Space()
    X, y, Xp = _exercise(s)
    G = s.matrix("G", 3, 3)
    s.define(G, sp.ImmutableMatrix([[5, 3, -5], [3, 5, -3], [-5, -3, 5]]), "G typed by hand")
    H = s.matrix("H", 3, 3)
    s.define(H, sp.ImmutableMatrix([[5, 3, 5], [3, 5, 3], [5, 3, 5]]), "H typed by hand")
    Y = s.matrix("Y", 3, 3)
    s.define(Y, sp.diag(*_Y), "Y = diag(y)")
    return Statement(s, claims={
        "X' = diag(y) X (rows y_i x_i)": Equal(Xp, Y * X),
        "G = X X^T": Equal(X * X.T, G),
        "H = X' X'^T = Y G Y": Equal(Xp * Xp.T, H),
        "H = Y G Y": Equal(Y * G * Y, H),
        "H is PSD (H = X' X'^T)": IsPSD(H, Xp.T),
        "det H = 0": Equal(sp.Determinant(H), 0),
    }, numeric=[Agreement("G = X Xᵀ in float64 (numpy), the Gram matrix numerics.svm's dual uses",
                          sp.ImmutableMatrix([[5, 3, -5], [3, 5, -3], [-5, -3, 5]]),
                          lambda ev: (np.array(_X, float) @ np.array(_X, float).T).ravel())])


@entry("svm.exercise_dual", "Ejercicio 2: the dual problem written out",
       kind="exercise",
       uses=("svm.exercise_gram", "svm.dual_lagrangian"),
       sources=[("hermosillo2017", f"{_EX}: '2. Exprese el problema de optimización Dual'"),
                ("hermosillo2017", f"{_LD}: 'argmax −½ΣΣα_iα_j y_iy_j⟨x_i, x_j⟩ + Σα_i'")])
def exercise_dual() -> Statement:
    """max_α L_D(α) = α_1 + α_2 + α_3 − ½(5α_1² + 5α_2² + 5α_3² + 6α_1α_2 + 10α_1α_3 +
    6α_2α_3) subject to α_i ≥ 0 and Σα_i y_i = −α_1 − α_2 + α_3 = 0 — the slide's double
    sum at the printed data. The feasible set is {(a, b, a + b) : a, b ≥ 0}, on which
    L_D = 2(a + b) − 2a² − 8(a + b)²."""
    s = Space()
    X, y, Xp = _exercise(s)
    al = s.vector("alpha", 3)
    a, b = s.scalar("a", nonnegative=True), s.scalar("b", nonnegative=True)
    af = s.vector("alpha_f", 3)
    s.define(af, sp.ImmutableMatrix([a, b, a + b]), "a feasible α: α_3 = α_1 + α_2")
    A = [al[i, 0] for i in range(3)]

    def dual(v):
        xs = [X[i, :].T for i in range(3)]
        return (sum(v[i, 0] for i in range(3)) - sum(
            v[i, 0] * v[j, 0] * y[i, 0] * y[j, 0] * (xs[i].T * xs[j])[0, 0]
            for i in range(3) for j in range(3)) / 2)

    written = A[0] + A[1] + A[2] - (5 * A[0] ** 2 + 5 * A[1] ** 2 + 5 * A[2] ** 2 + 6 * A[0] * A[1]
                                    + 10 * A[0] * A[2] + 6 * A[1] * A[2]) / 2
    return Statement(s, claims={
        "L_D(alpha) written out": Equal(dual(al), written),
        "sum alpha_i y_i = -alpha_1 - alpha_2 + alpha_3": Equal(
            sum(al[i, 0] * y[i, 0] for i in range(3)), -A[0] - A[1] + A[2]),
        "(a, b, a + b) satisfies sum alpha_i y_i = 0": Equal(
            sum(af[i, 0] * y[i, 0] for i in range(3)), 0),
        "L_D(a, b, a + b) = 2(a + b) - 2a^2 - 8(a + b)^2": Equal(
            dual(af), 2 * (a + b) - 2 * a ** 2 - 8 * (a + b) ** 2),
    }, no_numeric="the dual objective at free α; numerics.svm computes its maximiser, checked "
                  "in svm.exercise_solution")


def _solution(s: Space, X, y):
    """The exercise's solution, typed by hand: α* = (0, 1/8, 1/8), w = (0, −1/2), t = 0."""
    al = s.vector("alpha*", 3)
    s.define(al, sp.ImmutableMatrix([0, sp.Rational(1, 8), sp.Rational(1, 8)]), "α* typed by hand")
    w = s.vector("w*", 2)
    s.define(w, sp.ImmutableMatrix([0, sp.Rational(-1, 2)]), "w* typed by hand")
    t = s.scalar("t*")
    s.define(t, sp.Integer(0), "t* typed by hand")
    return al, w, t


def _ld(v, X, y):
    xs = [X[i, :].T for i in range(3)]
    return (sum(v[i, 0] for i in range(3)) - sum(
        v[i, 0] * v[j, 0] * y[i, 0] * y[j, 0] * (xs[i].T * xs[j])[0, 0]
        for i in range(3) for j in range(3)) / 2)


@entry("svm.exercise_solution",
       "Ejercicio 3: α* = (0, 1/8, 1/8) (unique), w = (0, −1/2), t = 0, support vectors x_2, x_3, "
       "margin 2, primal = dual = 1/8; x_1 on the margin with α_1 = 0",
       kind="exercise",
       uses=("svm.exercise_dual", "svm.exercise_gram", "svm.duality_gap", "svm.margin"),
       sources=[("hermosillo2017", f"{_EX}: '3. Encuentre los vectores de soporte'"),
                ("hermosillo2017", f"{_LD}: the dual problem; Aspectos importantes 1 (support "
                 "vectors = nonzero multipliers)")])
def exercise_solution() -> Statement:
    """The exercise asks for the support vectors; the slides print no solution. Solved:

    * dual: on the feasible set (a, b, a + b), a, b ≥ 0 (svm.exercise_dual),
      L_D(α*) − L_D(α) = 8(a + b − 1/8)² + 2a² ≥ 0, zero only at a = 0, b = 1/8: α* is the
      unique maximiser, although H = X'X'ᵀ is singular (svm.exercise_gram);
    * primal: any (w, t) meeting the constraints of x_2 and x_3 with slacks s_2, s_3 ≥ 0 has
      w_2 = −(2 + s_2 + s_3)/4, so ½‖w‖² − 1/8 = ½w_1² + (4(s_2 + s_3) + (s_2 + s_3)²)/32 ≥ 0:
      the minimum 1/8 is attained only at w = (0, −1/2) — the same bound as the dual's,
      so the duality gap is 0;
    * KKT: w* = Σα*_i y_i x_i, Σα*_i y_i = 0, every y_i(⟨w*, x_i⟩ − t*) = 1 (all three
      constraints active), α*_i(y_i(⟨w*, x_i⟩ − t*) − 1) = 0;
    * support vectors (nonzero α): x_2 and x_3; margin 1/‖w*‖ = 2.

    Degenerate: x_1 lies on the margin with α*_1 = 0 (complementary slackness holds without
    strict complementarity), so "on the margin" and "nonzero multiplier" differ here; the
    dual Hessian is singular, yet α* is unique (the constraint Σα_i y_i = 0 separates x_1
    from x_3, whose rows of X' coincide). A previous review's α = (0, 1/8, 1/8),
    w = (0, −1/2), t = 0 is confirmed."""
    s = Space()
    X, y, Xp = _exercise(s)
    al, w, t = _solution(s, X, y)
    a, b = s.scalar("a", nonnegative=True), s.scalar("b", nonnegative=True)
    af = s.vector("alpha_f", 3)
    s.define(af, sp.ImmutableMatrix([a, b, a + b]), "any dual-feasible α")
    s2, s3 = s.scalar("s_2", nonnegative=True), s.scalar("s_3", nonnegative=True)
    w1 = s.scalar("w_1")
    wp = s.vector("w", 2)
    tp = s.scalar("t")
    s.define(wp, sp.ImmutableMatrix([w1, -(2 + s2 + s3) / 4]), "w_2 from the slacks of x_2, x_3")
    s.define(tp, -w1 - 2 * wp[1, 0] - 1 - s3, "t from the slack of x_3")
    xs = [X[i, :].T for i in range(3)]
    marg = [y[i, 0] * ((w.T * xs[i])[0, 0] - t) for i in range(3)]
    claims = {
        "w* = sum alpha*_i y_i x_i": Equal(w, sum((al[i, 0] * y[i, 0] * xs[i] for i in range(3)),
                                                  sp.ZeroMatrix(2, 1))),
        "sum alpha*_i y_i = 0": Equal(sum(al[i, 0] * y[i, 0] for i in range(3)), 0),
        "alpha*_1 >= 0": Rel(al[0, 0], ">=", 0),
        "alpha*_2 > 0 (x_2 a support vector)": Rel(al[1, 0], ">", 0),
        "alpha*_3 > 0 (x_3 a support vector)": Rel(al[2, 0], ">", 0),
        "alpha*_1 = 0 (x_1 not a support vector)": Equal(al[0, 0], 0),
        "L_D(alpha*) - L_D(alpha) = 8(a + b - 1/8)^2 + 2a^2 >= 0 (alpha* the unique maximiser)": Rel(
            _ld(al, X, y), ">=", _ld(af, X, y), 8 * (a + b - sp.Rational(1, 8)) ** 2 + 2 * a ** 2),
        "slack of x_2 is s_2": Equal(y[1, 0] * ((wp.T * xs[1])[0, 0] - tp) - 1, s2),
        "slack of x_3 is s_3": Equal(y[2, 0] * ((wp.T * xs[2])[0, 0] - tp) - 1, s3),
        "1/2 ||w||^2 >= 1/8 for every feasible (w, t)": Rel(
            Norm(wp) ** 2 / 2, ">=", sp.Rational(1, 8),
            w1 ** 2 / 2 + (4 * (s2 + s3) + (s2 + s3) ** 2) / 32),
        "primal value 1/2 ||w*||^2 = 1/8": Equal(Norm(w) ** 2 / 2, sp.Rational(1, 8)),
        "zero duality gap: 1/2 ||w*||^2 = L_D(alpha*)": Equal(Norm(w) ** 2 / 2, _ld(al, X, y)),
        "margin 1/||w*|| = 2": Equal(1 / Norm(w), 2),
    }
    for i in range(3):
        claims[f"y_{i + 1}(<w*, x_{i + 1}> - t*) = 1 (on the margin)"] = Equal(marg[i], 1)
        claims[f"alpha*_{i + 1} (y_{i + 1}(<w*, x_{i + 1}> - t*) - 1) = 0"] = Equal(al[i, 0] * (marg[i] - 1), 0)
    return Statement(s, claims=claims, numeric=[Agreement(
        "numerics.svm.hard_margin_svm on the exercise: alpha, w, t, margin, primal, dual",
        sp.ImmutableMatrix([al[0, 0], al[1, 0], al[2, 0], w[0, 0], w[1, 0], t, 1 / Norm(w),
                            Norm(w) ** 2 / 2, _ld(al, X, y)]),
        _exercise_numeric)])


_A = sp.symbols("alpha_1:4", real=True)


@entry("svm.exercise_stationary",
       "Ejercicio 3 solved by the engine: on Σα_i y_i = 0 the dual's only stationary point is "
       "α* = (0, 1/8, 1/8) with multiplier −t* = 0, its global max; the same on the support set",
       kind="exercise", uses=("svm.exercise_dual", "svm.exercise_solution", "svm.primal_stationarity",
                              "lagrange.lagrangian"),
       sources=[("hermosillo2017", f"{_EX}: '3. Encuentre los vectores de soporte'"),
                ("hermosillo2017", f"{_LD}: the dual problem 'Sujeto a ... Σα_i y_i = 0'"),
                ("hermosillo2017", "Método de optimización por multiplicadores de Lagrange (Pasos 1-3)"),
                ("bishop-prml", "§7.1, Eqs. (7.10)-(7.12); Appendix E")])
def exercise_stationary() -> Statement:
    """The exercise's dual solved by the engine with the Lagrange method (``LagrangePoints``,
    :mod:`derivations._decide.stationary`), independently of svm.exercise_solution's
    certificate. The multiplier of Σα_i y_i = 0 is −t: ∇L_D = λ∇(Σα_i y_i) reads
    1 − y_i⟨w, x_i⟩ = λy_i, i.e. y_i(⟨w, x_i⟩ + λ) = 1, the margin condition with t = −λ.

    * **Every constraint active** (the KKT system restricted to the active set: all three
      samples lie on the margin, so every α_i is free and only Σα_i y_i = 0 remains): the
      engine forms and solves the linear system ∇L_D = λ∇g, g = 0 exactly — one solution,
      α* = (0, 1/8, 1/8), λ = 0 = −t* — and, L_D being a quadratic on a plane whose reduced
      Hessian is negative definite, it is the global max of L_D on the plane Σα_i y_i = 0.
      As α* ≥ 0 it lies in the dual's feasible set (a subset of the plane), so it is the dual
      optimum too.
    * **On the support set** (α_1 = 0, the samples with nonzero multipliers x_2, x_3): the
      same system in (α_2, α_3) gives (1/8, 1/8), λ = 0, the global max.

    Degenerate, stated: H = X'X'ᵀ is singular (rows 1 and 3 of X' coincide), yet the
    stationary point is unique — the reduced Hessian on the plane is definite, because
    Σα_i y_i = 0 separates α_1 from α_3; and x_1 lies on the margin with α*_1 = 0 (no strict
    complementarity), which is why the active set {1, 2, 3} and the support set {2, 3} differ
    and both give the same α*."""
    s = Space()
    X, y, Xp = _exercise(s)
    al, w, t = _solution(s, X, y)
    star = tuple(al[i, 0] for i in range(3))
    v = sp.ImmutableMatrix(_A)
    plane = sp.Eq(sum(_A[i] * y[i, 0] for i in range(3)), 0, evaluate=False)
    v_s = sp.ImmutableMatrix([0, _A[1], _A[2]])
    plane_s = sp.Eq(_A[1] * y[1, 0] + _A[2] * y[2, 0], 0, evaluate=False)
    return Statement(s, claims={
        "every constraint active: the only stationary point of L_D on sum alpha_i y_i = 0 is "
        "alpha* with multiplier -t*, the global max there": LagrangePoints(
            _ld(v, X, y), [plane], _A, [star], multipliers=[(-t,)], maximum=star),
        "alpha* >= 0: the max on the plane lies in the dual's feasible set": Rel(
            sp.Min(*star), ">=", 0),
        "support set {x_2, x_3} (alpha_1 = 0): the only stationary point is (alpha*_2, alpha*_3) "
        "with multiplier -t*, the global max": LagrangePoints(
            _ld(v_s, X, y), [plane_s], _A[1:], [star[1:]], multipliers=[(-t,)], maximum=star[1:]),
    }, numeric=[Agreement("numerics.svm.hard_margin_svm's alpha on the exercise",
                          sp.ImmutableMatrix(list(star)), lambda ev: _exercise_numeric(ev)[:3])])


@entry("svm.dual_constraints",
       "The dual problem 'sujeto a α_i > 0' — the multipliers are only ≥ 0",
       kind="erratum",
       uses=("svm.exercise_solution",),
       sources=[("hermosillo2017", f"{_LD}: 'El problema de optimización dual ... Sujeto a las "
                 "restricciones: α_i > 0, 1 ≤ i ≤ N y Σα_i y_i = 0'"),
                ("bishop-prml", "§7.1, Eqs. (7.11)-(7.12): a_n ≥ 0")])
def dual_constraints() -> Statement:
    """hermosillo2017 prints the dual's constraints as α_i > 0 (and Σα_i y_i = 0, which is
    right). The multipliers of inequality constraints are ≥ 0, and at the optimum every
    sample off the support has α_i = 0 — the very next slide defines the support vectors as
    the samples whose multipliers are *nonzero*, which under α_i > 0 would be all of them.
    *Stated*: the exercise's dual optimum α* (svm.exercise_solution: unique) satisfies the
    printed α_1 > 0 — refuted, α*_1 = 0. *Corrected*: α*_1 ≥ 0; and on the printed open set
    the dual's supremum 1/8 is not attained: L_D(α) < 1/8 for every feasible α with
    α_1 = a > 0 (the gap is 8(a + b − 1/8)² + 2a² > 0), so the printed problem has no
    argmax. (Σα_i y_i = 0 is printed correctly.)"""
    s = Space()
    X, y, Xp = _exercise(s)
    al, w, t = _solution(s, X, y)
    a, b = s.scalar("a", positive=True), s.scalar("b", positive=True)
    af = s.vector("alpha_f", 3)
    s.define(af, sp.ImmutableMatrix([a, b, a + b]), "a feasible α with every α_i > 0")
    corrected = "alpha*_1 >= 0"
    return Statement(s, stated=Rel(al[0, 0], ">", 0), corrects=corrected, claims={
        corrected: Rel(al[0, 0], ">=", 0),
        "sum alpha*_i y_i = 0 (printed correctly)": Equal(sum(al[i, 0] * y[i, 0] for i in range(3)), 0),
        "with every alpha_i > 0, L_D(alpha) < 1/8 = L_D(alpha*): no argmax": Rel(
            _ld(af, X, y), "<", _ld(al, X, y), 8 * (a + b - sp.Rational(1, 8)) ** 2 + 2 * a ** 2),
    }, numeric=[Agreement("numerics.svm.hard_margin_svm's alpha on the exercise (alpha_1 = 0)",
                          sp.ImmutableMatrix([al[0, 0], al[1, 0], al[2, 0]]),
                          lambda ev: _exercise_numeric(ev)[:3])])
