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
#: the slides' formulas as printed (hermosillo2017), the printed forms of several entries
_LP_PRINTED = (r"\begin{aligned}\mathcal{L}_P(\mathbf{w}, t, \alpha_1, \dots, \alpha_N) &= \frac{1}{2} "
               r"\|\mathbf{w}\|^2 - \sum_{i=1}^N \alpha_i (y_i (\langle \mathbf{w}, \mathbf{x}_i \rangle - t) - 1) "
               r"\\ &= \frac{1}{2} \|\mathbf{w}\|^2 - \sum_{i=1}^N \alpha_i y_i \langle \mathbf{w}, "
               r"\mathbf{x}_i \rangle + \sum_{i=1}^N \alpha_i y_i t + \sum_{i=1}^N \alpha_i \\ &= \frac{1}{2} "
               r"\langle \mathbf{w}, \mathbf{w} \rangle - \langle \mathbf{w}, \sum_{i=1}^N \alpha_i y_i "
               r"\mathbf{x}_i \rangle + t \left(\sum_{i=1}^N \alpha_i y_i \right) + \sum_{i=1}^N \alpha_i"
               r"\end{aligned}")
_LD_PRINTED = (r"\begin{aligned}\mathcal{L}_D(\alpha_1, \dots, \alpha_N) &= -\frac{1}{2} \left\langle "
               r"\sum_{i=1}^N \alpha_i y_i \mathbf{x}_i, \sum_{i=1}^N \alpha_i y_i \mathbf{x}_i \right\rangle "
               r"+ \sum_{i=1}^N \alpha_i \\ &= -\frac{1}{2} \sum_{i=1}^N \sum_{j=1}^N \alpha_i \alpha_j "
               r"y_i y_j \langle \mathbf{x}_i, \mathbf{x}_j \rangle + \sum_{i=1}^N \alpha_i\end{aligned}")
_SV_PRINTED = (r"\text{Maximizar el margen es equivalente a encontrar los vectores de soporte; es decir, "
               r"los puntos para los cuales los multiplicadores de Lagrange son no nulos}")
_GENERAL = (r"an identity in free $\mathbf{w}$, $t$ and multipliers $\alpha_i$, true away from the "
            r"optimum; `numerics.svm` computes only the optimum (its KKT residuals, "
            r"$\mathbf{w} = \sum_i \alpha_i y_i\mathbf{x}_i$ and the zero duality gap are checked at "
            r"generated data in `tests/numerics/test_svm.py` and against this catalog's exact "
            r"exercise in `svm.exercise_solution`)")


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

@entry("svm.margin",
       r"The distance from $\mathbf{x}$ to $\langle \mathbf{w}, \mathbf{x} \rangle = t$ is "
       r"$|\langle \mathbf{w}, \mathbf{x} \rangle - t| / \lVert\mathbf{w}\rVert$; on the margin "
       r"$y(\langle \mathbf{w}, \mathbf{x} \rangle - t) = 1$ it is $1/\lVert\mathbf{w}\rVert$, so "
       r"maximising the margin is minimising $\frac{1}{2}\lVert\mathbf{w}\rVert^2$",
       sources=[("hermosillo2017", r"Problema de optimización con restricciones: 'Maximizar el "
                 r"margen es equivalente a minimizar $\mathbf{w}$ o mejor aún "
                 r"$\frac{1}{2}\lVert\mathbf{w}\rVert^2$' (the margin's value is not printed)"),
                ("bishop-prml", "§7.1, Eqs. (7.2)-(7.3)")],
       printed=r"\text{Maximizar el margen es equivalente a minimizar } \mathbf{w} \text{ o mejor a\'un } "
               r"\frac{1}{2} \|\mathbf{w}\|^2")
def margin() -> Statement:
    r"""hermosillo2017 prints neither $1/\lVert\mathbf{w}\rVert$ nor $2/\lVert\mathbf{w}\rVert$,
    only that maximising the margin is minimising $\lVert\mathbf{w}\rVert$ (or
    $\frac{1}{2}\lVert\mathbf{w}\rVert^2$). Why: the foot of the perpendicular from
    $\mathbf{x}$,
    $\mathbf{x}_\perp = \mathbf{x} - \frac{\langle \mathbf{w}, \mathbf{x} \rangle - t}{\lVert\mathbf{w}\rVert^2}\,\mathbf{w}$,
    lies on the plane $\langle \mathbf{w}, \mathbf{x} \rangle = t$, and
    $\lVert\mathbf{x} - \mathbf{x}_\perp\rVert = |\langle \mathbf{w}, \mathbf{x} \rangle - t| / \lVert\mathbf{w}\rVert$.
    Under the constraints $y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle - t) \ge 1$ the closest
    samples have $y(\langle \mathbf{w}, \mathbf{x} \rangle - t) = 1$ (encoded
    $t = \langle \mathbf{w}, \mathbf{x} \rangle - y$), at distance exactly
    $1/\lVert\mathbf{w}\rVert$ (the margin; $2/\lVert\mathbf{w}\rVert$ is the width of the band
    between the classes): maximising $1/\lVert\mathbf{w}\rVert$ is minimising
    $\lVert\mathbf{w}\rVert$, and $\frac{1}{2}\lVert\mathbf{w}\rVert^2$ has the same minimiser
    and a smooth gradient."""
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
        r"the foot $\mathbf{x}_\perp$ lies on the plane": Equal(dot(w, foot) - t, 0),
        r"$\lVert\mathbf{x} - \mathbf{x}_\perp\rVert = \lvert\langle\mathbf{w}, \mathbf{x}\rangle - t\rvert/\lVert\mathbf{w}\rVert$": Equal(Norm(x - foot), sp.Abs(dot(w, x) - t) / Norm(w)),
        r"on the margin the distance is $1/\lVert\mathbf{w}\rVert$": Equal(Norm(xm - foot_m), 1 / Norm(w)),
    }, numeric=[Agreement("|numerics.geometry.signed_distance| of x to <w, x> - t = 0",
                          sp.Abs(dot(w, x) - t) / Norm(w),
                          lambda ev: abs(float(ng.signed_distance(
                              np.ravel(ev(x))[None, :], coef=np.ravel(ev(w)),
                              intercept=-float(ev(t)))[0])))])


@entry("svm.canonical_scaling",
       r"Rescaling $(\mathbf{w}, t)$ by the closest sample's margin $m > 0$ gives "
       r"$y(\langle \mathbf{w}, \mathbf{x} \rangle - t) \ge 1$ with equality there, and leaves every "
       r"distance to the plane unchanged",
       uses=("svm.margin",),
       sources=[("hermosillo2017", r"Problema de optimización con restricciones: "
                 r"'$\mathbf{w}^*, t^* = \operatorname{argmin}_{\mathbf{w}, t} \frac{1}{2}\lVert\mathbf{w}\rVert^2$ "
                 r"sujeto a $y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle - t) \ge 1$, $1 \le i \le N$'"),
                ("bishop-prml", "§7.1, Eqs. (7.4)-(7.5)")],
       printed=r"\mathbf{w}^*, t^* = \operatorname{argmin}_{\mathbf{w}, t} \frac{1}{2} \|\mathbf{w}\|^2 "
               r"\text{ sujeto a } y_i (\langle \mathbf{w}, \mathbf{x}_i \rangle - t) \geq 1, \quad 1 \leq i \leq N")
def canonical_scaling() -> Statement:
    r"""Why the constraint's right-hand side is $1$: a separating $(\mathbf{w}, t)$ whose closest
    sample $\mathbf{x}_c$ has $y_c(\langle \mathbf{w}, \mathbf{x}_c \rangle - t) = m > 0$ can be
    divided by $m$; the plane $\langle \mathbf{w}, \mathbf{x} \rangle = t$ is the same, the
    distance $|\langle \mathbf{w}, \mathbf{x} \rangle - t| / \lVert\mathbf{w}\rVert$ of every
    point is unchanged (shown squared, a rational identity), and the closest sample now has
    margin exactly $1$ (so every sample has $\ge 1$). Among hyperplanes so normalised, the
    margin is $1/\lVert\mathbf{w}\rVert$ (`svm.margin`)."""
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
       r"$\mathcal{L}_P(\mathbf{w}, t, \boldsymbol{\alpha}) = \frac{1}{2}\lVert\mathbf{w}\rVert^2 - "
       r"\sum_{i=1}^{N} \alpha_i(y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle - t) - 1)$ and its two expansions",
       uses=("lagrange.lagrangian", "svm.canonical_scaling"),
       sources=[("hermosillo2017", _LP + r": the three lines of "
                 r"$\mathcal{L}_P(\mathbf{w}, t, \alpha_1, \dots, \alpha_N)$"),
                ("bishop-prml", "§7.1, Eq. (7.7)")],
       printed=_LP_PRINTED)
def primal_lagrangian() -> Statement:
    r"""The slide's three lines:
    $$\begin{aligned} \mathcal{L}_P &= \tfrac{1}{2}\lVert\mathbf{w}\rVert^2 - \sum_{i=1}^{N} \alpha_i\bigl(y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle - t) - 1\bigr) \\ &= \tfrac{1}{2}\lVert\mathbf{w}\rVert^2 - \sum_{i=1}^{N} \alpha_i y_i \langle \mathbf{w}, \mathbf{x}_i \rangle + \sum_{i=1}^{N} \alpha_i y_i t + \sum_{i=1}^{N} \alpha_i \\ &= \tfrac{1}{2}\langle \mathbf{w}, \mathbf{w} \rangle - \Bigl\langle \mathbf{w}, \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i \Bigr\rangle + t\Bigl(\sum_{i=1}^{N} \alpha_i y_i\Bigr) + \sum_{i=1}^{N} \alpha_i. \end{aligned}$$"""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, _tm, t, L = _lagrangian_parts(s, d)
    line2 = (Norm(w) ** 2 / 2 - sum(a * y * dot(w, x) for a, y, x in zip(als, ys, xs))
             + sum(a * y * t for a, y in zip(als, ys)) + sum(als))
    line3 = (dot(w, w) / 2 - dot(w, _vsum([a * y * x for a, y, x in zip(als, ys, xs)], d))
             + t * sum(a * y for a, y in zip(als, ys)) + sum(als))
    return Statement(s, steps=chain(L, line2, line3, notes=(
        r"distribute $\alpha_i$ over $y_i(\langle\mathbf{w}, \mathbf{x}_i\rangle - t) - 1$",
        r"$\lVert\mathbf{w}\rVert^2 = \langle\mathbf{w}, \mathbf{w}\rangle$; pull $\mathbf{w}$ and $t$ out of the sums")),
        no_numeric=_GENERAL)


@entry("svm.primal_stationarity",
       r"$\partial_t \mathcal{L}_P = 0 \Rightarrow \sum_{i=1}^{N} \alpha_i y_i = 0$ and "
       r"$\partial_{\mathbf{w}} \mathcal{L}_P = 0 \Rightarrow \mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$",
       uses=("svm.primal_lagrangian",),
       sources=[("hermosillo2017", _LP + r": 'Para un $t$ óptimo $\partial_t \mathcal{L}_P = 0 "
                 r"\Rightarrow \sum_{i=1}^{N} \alpha_i y_i = 0$', 'Para pesos óptimos "
                 r"$\partial_{\mathbf{w}} \mathcal{L}_P = 0 \Rightarrow \mathbf{w} = \sum_{i=1}^{N} "
                 r"\alpha_i y_i \mathbf{x}_i$'"),
                ("bishop-prml", "§7.1, Eqs. (7.8)-(7.9)")],
       printed=r"\partial_t \mathcal{L}_P = 0 \Rightarrow \sum_{i=1}^N \alpha_i y_i = 0, \quad "
               r"\partial_{\mathbf{w}} \mathcal{L}_P = 0 \Rightarrow \mathbf{w} = \sum_{i=1}^N \alpha_i y_i \mathbf{x}_i")
def primal_stationarity() -> Statement:
    r"""$\partial_t \mathcal{L}_P = \sum_{i=1}^{N} \alpha_i y_i$ ($\mathcal{L}_P$ has the term
    $t \sum_{i=1}^{N} \alpha_i y_i$), so $\partial_t \mathcal{L}_P = 0$ is
    $\sum_{i=1}^{N} \alpha_i y_i = 0$;
    $\partial_{\mathbf{w}} \mathcal{L}_P = \mathbf{w} - \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$,
    zero exactly at $\mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$. hermosillo2017
    prints the $\alpha_i$ in $\mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$ (its
    perceptron slide's $\mathbf{w} = \sum_{i=1}^{N} y_i \mathbf{x}_i$, without $\alpha$, is
    about the perceptron's updates, not this derivation). Derivatives taken by the methods."""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, tm, t, L = _lagrangian_parts(s, d, t_matrix=True)
    wstar = _vsum([a * y * x for a, y, x in zip(als, ys, xs)], d)
    return Statement(s, claims={
        r"$\partial\mathcal{L}_P/\partial t = \sum_i \alpha_i y_i$": Equal(Grad(L, tm), sum(a * y for a, y in zip(als, ys))),
        r"$\nabla_{\mathbf{w}}\mathcal{L}_P = \mathbf{w} - \sum_i \alpha_i y_i\mathbf{x}_i$": Equal(Grad(L, w), w - wstar),
        r"$\mathbf{w} = \sum_i \alpha_i y_i\mathbf{x}_i$ is stationary in $\mathbf{w}$": Stationary(L, w, wstar),
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
       r"The dual Lagrangian: substituting $\mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$ "
       r"into $\mathcal{L}_P$ gives $\mathcal{L}_D(\boldsymbol{\alpha}) = \sum_{i=1}^{N} \alpha_i "
       r"- \frac{1}{2}\sum_{i,j} \alpha_i\alpha_j y_i y_j \langle \mathbf{x}_i, \mathbf{x}_j \rangle$",
       uses=("svm.primal_lagrangian", "svm.primal_stationarity"),
       sources=[("hermosillo2017", _LD + r": 'Reinsertando estas expresiones en $\mathcal{L}_P$ "
                 r"obtenemos $\mathcal{L}_D$', its two lines"),
                ("bishop-prml", "§7.1, Eq. (7.10)")],
       printed=_LD_PRINTED)
def dual_lagrangian() -> Statement:
    r"""Substituting $\mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$ and
    $\sum_{i=1}^{N} \alpha_i y_i = 0$ into $\mathcal{L}_P$: the $t$-term vanishes for every $t$,
    $\frac{1}{2}\langle \mathbf{w}, \mathbf{w} \rangle - \langle \mathbf{w}, \mathbf{w} \rangle = -\frac{1}{2}\langle \mathbf{w}, \mathbf{w} \rangle$,
    and
    $\bigl\langle \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i, \sum_{j=1}^{N} \alpha_j y_j \mathbf{x}_j \bigr\rangle$
    expands into the double sum. ($\sum_{i=1}^{N} \alpha_i y_i = 0$ is built in as
    $\alpha_3 = -(\alpha_1 y_1 + \alpha_2 y_2)/y_3$; the $y_i$ are any nonzero reals, the labels
    $\pm 1$ included.)"""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, t, L, wsum, double = _dual_setup(s, d)
    return Statement(s, steps=chain(
        L, -dot(wsum, wsum) / 2 + sum(als), -double / 2 + sum(als),
        notes=(r"$\mathcal{L}_P$ at $\mathbf{w} = \sum_i \alpha_i y_i\mathbf{x}_i$, $\sum_i \alpha_i y_i = 0$", r"bilinearity of $\langle\cdot, \cdot\rangle$")),
        no_numeric=_GENERAL)


@entry("svm.duality_gap",
       r"$\frac{1}{2}\lVert\mathbf{w}\rVert^2 - \mathcal{L}_D(\boldsymbol{\alpha}) = \sum_{i=1}^{N} "
       r"\alpha_i(y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle - t) - 1)$ at "
       r"$\mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$, $\sum_{i=1}^{N} \alpha_i y_i = 0$: "
       r"zero gap $\Leftrightarrow$ complementary slackness",
       uses=("svm.dual_lagrangian",),
       sources=[("bishop-prml", "§7.1, Eqs. (7.14)-(7.16) (KKT conditions)"),
                ("hermosillo2017", _LD + "; Aspectos importantes 1: 'los puntos para los cuales "
                 "los multiplicadores de Lagrange son no nulos' (the slides state no KKT condition)")],
       printed=_SV_PRINTED)
def duality_gap() -> Statement:
    r"""For any $t$, at $\mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i$ with
    $\sum_{i=1}^{N} \alpha_i y_i = 0$, the primal objective minus the dual one is
    $\sum_{i=1}^{N} \alpha_i(y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle - t) - 1)$. At a
    primal-feasible $(\mathbf{w}, t)$ and $\boldsymbol{\alpha} \ge \mathbf{0}$ every term is
    $\ge 0$, so a zero gap holds exactly when every term vanishes — complementary slackness
    $\alpha_i(y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle - t) - 1) = 0$ (Bishop (7.16)): a
    sample with $\alpha_i \ne 0$ lies on the margin. (hermosillo2017 names the support vectors
    by their nonzero multipliers but never states the KKT conditions.) The term for each $i$ is
    $\ge 0$ when $\alpha_i \ge 0$ and the slack is."""
    s = Space()
    d = s.dim("d")
    xs, ys, als, w, t, L, wsum, double = _dual_setup(s, d)
    a, sl = s.scalar("a", nonnegative=True), s.scalar("s", nonnegative=True)
    gap_terms = sum(a_ * (y * (dot(w, x) - t) - 1) for a_, y, x in zip(als, ys, xs))
    return Statement(s, claims={
        r"$\frac{1}{2}\lVert\mathbf{w}\rVert^2 - \mathcal{L}_D(\boldsymbol{\alpha}) = \sum_i \alpha_i(y_i(\langle\mathbf{w}, \mathbf{x}_i\rangle - t) - 1)$": Equal(
            Norm(w) ** 2 / 2 - (-double / 2 + sum(als)), gap_terms),
        r"each term $\alpha_i s_i \ge 0$ when $\alpha_i \ge 0$ and the slack $s_i \ge 0$": Rel(a * sl, ">=", 0),
    }, no_numeric=_GENERAL)


@entry("svm.support_vectors",
       r"$\mathbf{w}$ depends only on the samples with $\alpha_i \ne 0$ (the support vectors)",
       uses=("svm.primal_stationarity", "svm.dual_lagrangian", "svm.duality_gap"),
       sources=[("hermosillo2017", "Aspectos importantes 1: 'Maximizar el margen es equivalente a "
                 "encontrar los vectores de soporte; es decir, los puntos para los cuales los "
                 "multiplicadores de Lagrange son no nulos'"),
                ("bishop-prml", "§7.1, after Eq. (7.16)")],
       printed=_SV_PRINTED)
def support_vectors() -> Statement:
    r"""With $\alpha_3 = 0$,
    $\mathbf{w} = \sum_{i=1}^{N} \alpha_i y_i \mathbf{x}_i = \alpha_1 y_1 \mathbf{x}_1 + \alpha_2 y_2 \mathbf{x}_2$
    and the dual objective and its constraint $\sum_{i=1}^{N} \alpha_i y_i = 0$ involve
    $\mathbf{x}_3$ not at all: removing a sample with a zero multiplier changes neither
    $\mathbf{w}$ nor $\mathcal{L}_D$. (That every sample with $\alpha_i \ne 0$ lies on the margin
    is `svm.duality_gap`; the converse fails — `svm.exercise_solution` has a sample on the
    margin with $\alpha_1 = 0$.)"""
    s = Space()
    d = s.dim("d")
    xs, ys, als = _samples(s, d)
    s.define(als[2], sp.Integer(0), "α_3 = 0: x_3 is not a support vector")
    full = _vsum([a * y * x for a, y, x in zip(als, ys, xs)], d)
    double = sum(als[i] * als[j] * ys[i] * ys[j] * dot(xs[i], xs[j]) for i in range(N) for j in range(N))
    double2 = sum(als[i] * als[j] * ys[i] * ys[j] * dot(xs[i], xs[j]) for i in range(2) for j in range(2))
    return Statement(s, claims={
        r"$\mathbf{w} = \alpha_1 y_1\mathbf{x}_1 + \alpha_2 y_2\mathbf{x}_2$": Equal(full, als[0] * ys[0] * xs[0] + als[1] * ys[1] * xs[1]),
        r"$\mathcal{L}_D$ over all samples equals $\mathcal{L}_D$ over the support vectors": Equal(
            -double / 2 + sum(als), -double2 / 2 + als[0] + als[1]),
    }, no_numeric=_GENERAL)


@entry("svm.gram_matrix",
       r"The dual depends on the data only through $\mathbf{G} = \mathbf{X}\mathbf{X}^\top$: "
       r"$\sum_{i=1}^{N}\sum_{j=1}^{N} \alpha_i\alpha_j y_i y_j \langle \mathbf{x}_i, \mathbf{x}_j \rangle = "
       r"(\boldsymbol{\alpha} \circ \mathbf{y})^\top \mathbf{G} (\boldsymbol{\alpha} \circ \mathbf{y})$",
       uses=("svm.dual_lagrangian",),
       sources=[("hermosillo2017", "Aspectos importantes 2: 'El problema de optimización está "
                 "completamente definido por el producto punto de pares de instancias de "
                 "entrenamiento: las entradas de la matriz Gram'"),
                ("hermosillo2017", r"Perceptron DUAL: 'la matriz n-por-n "
                 r"$\mathbf{G} = \mathbf{X}\mathbf{X}^T$, llamada matriz Gram, que contiene todos los "
                 r"productos punto'")],
       printed=r"\mathbf{G} = \mathbf{X}\mathbf{X}^T \text{, llamada matriz Gram, que contiene todos "
               r"los productos punto}")
def gram_matrix() -> Statement:
    r"""With $\mathbf{X}$ the $N \times d$ matrix of rows $\mathbf{x}_i^\top$,
    $\mathbf{G} = \mathbf{X}\mathbf{X}^\top$ is $N \times N$ with
    $G_{ij} = \langle \mathbf{x}_i, \mathbf{x}_j \rangle$; the dual objective is
    $\sum_{i=1}^{N} \alpha_i - \frac{1}{2}(\boldsymbol{\alpha} \circ \mathbf{y})^\top \mathbf{G} (\boldsymbol{\alpha} \circ \mathbf{y})$
    and its Hessian $-\mathbf{Y}\mathbf{G}\mathbf{Y} = -\mathbf{X}'\mathbf{X}'^\top$
    ($\mathbf{X}'$ the rows $y_i \mathbf{x}_i^\top$, $\mathbf{Y} = \operatorname{diag}(\mathbf{y})$)
    is negative semidefinite: the dual is a concave QP. Written at $N = 3$, $d$ symbolic, with
    $\mathbf{G}$ entered as the matrix of inner products; the $y_i$ any nonzero reals (the
    identities never use $y_i^2 = 1$; the labels $\pm 1$ are a special case)."""
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
        r"$\sum_{i,j} \alpha_i\alpha_j y_i y_j\langle\mathbf{x}_i, \mathbf{x}_j\rangle = (\boldsymbol{\alpha}\odot\mathbf{y})^\top\mathbf{G}(\boldsymbol{\alpha}\odot\mathbf{y})$": Equal(
            double, (ay.T * G * ay)[0, 0]),
        r"$\mathbf{v}^\top\mathbf{Y}\mathbf{G}\mathbf{Y}\mathbf{v} = \lVert\sum_i v_i y_i\mathbf{x}_i\rVert^2 \ge 0$ (the dual is concave)": Equal(
            (v.T * Y * G * Y * v)[0, 0],
            Norm(_vsum([v[i, 0] * ys[i] * xs[i] for i in range(N)], d)) ** 2),
    }, no_numeric=_GENERAL)


# -- the exercise ---------------------------------------------------------------------------

_EX = "Ejercicio"
#: the exercise's data as printed
_EX_PRINTED = (r"\mathbf{X} = \begin{pmatrix} 1 & 2 \\ -1 & 2 \\ -1 & -2 \end{pmatrix} \quad \mathbf{y} = "
               r"\begin{pmatrix} -1 \\ -1 \\ +1 \end{pmatrix} \quad \mathbf{X}' = \begin{pmatrix} -1 & -2 "
               r"\\ 1 & -2 \\ -1 & -2 \end{pmatrix}")
#: the exercise's statement (hermosillo2017 prints the data in English, the questions in Spanish)
_EX_DATA = ("Let the data points and labels be as follows (see Figure):\n\n$$" + _EX_PRINTED + "$$\n\n"
            r"The matrix $\mathbf{X}'$ on the right incorporates the class labels; i.e., the rows are "
            r"$y_i \mathbf{x}_i$." "\n\n")
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


@entry("svm.exercise_gram",
       r"Ejercicio 1: $\mathbf{X}'$ has rows $y_i \mathbf{x}_i$; $\mathbf{G} = \mathbf{X}\mathbf{X}^\top$ "
       r"and the dual's $\mathbf{X}'\mathbf{X}'^\top$",
       kind="exercise",
       uses=("svm.gram_matrix",),
       sources=[("hermosillo2017", _EX + r": '$\mathbf{X} = \begin{pmatrix} 1 & 2 \\ -1 & 2 \\ -1 & -2 "
                 r"\end{pmatrix}$, $\mathbf{y} = (-1, -1, +1)^\top$, $\mathbf{X}' = \begin{pmatrix} -1 & -2 "
                 r"\\ 1 & -2 \\ -1 & -2 \end{pmatrix}$ ... the rows are $y_i \mathbf{x}_i$', "
                 r"'1. Encuentre la matriz Gram'")],
       printed=_EX_PRINTED,
       statement=_EX_DATA + "1. Find the Gram matrix.")
def exercise_gram() -> Statement:
    r"""The printed $\mathbf{X}'$ is right: its rows are $y_i \mathbf{x}_i$. The Gram matrix
    (entries typed by hand, checked by the engine) is
    $$\mathbf{G} = \mathbf{X}\mathbf{X}^\top = \begin{pmatrix} 5 & 3 & -5 \\ 3 & 5 & -3 \\ -5 & -3 & 5 \end{pmatrix};$$
    the matrix of the dual's quadratic form is
    $$\mathbf{H} = \mathbf{X}'\mathbf{X}'^\top = \mathbf{Y}\mathbf{G}\mathbf{Y} = \begin{pmatrix} 5 & 3 & 5 \\ 3 & 5 & 3 \\ 5 & 3 & 5 \end{pmatrix},$$
    positive semidefinite and singular (rows 1 and 3 of $\mathbf{X}'$ are equal;
    $\mathbf{Y} = \operatorname{diag}(\mathbf{y})$)."""
    s = Space()
    X, y, Xp = _exercise(s)
    G = s.matrix("G", 3, 3)
    s.define(G, sp.ImmutableMatrix([[5, 3, -5], [3, 5, -3], [-5, -3, 5]]), "G typed by hand")
    H = s.matrix("H", 3, 3)
    s.define(H, sp.ImmutableMatrix([[5, 3, 5], [3, 5, 3], [5, 3, 5]]), "H typed by hand")
    Y = s.matrix("Y", 3, 3)
    s.define(Y, sp.diag(*_Y), "Y = diag(y)")
    return Statement(s, claims={
        r"$\mathbf{X}' = \operatorname{diag}(\mathbf{y})\,\mathbf{X}$ (rows $y_i\mathbf{x}_i^\top$)": Equal(Xp, Y * X),
        r"$\mathbf{G} = \mathbf{X}\mathbf{X}^\top$": Equal(X * X.T, G),
        r"$\mathbf{H} = \mathbf{X}'\mathbf{X}'^\top = \mathbf{Y}\mathbf{G}\mathbf{Y}$": Equal(Xp * Xp.T, H),
        r"$\mathbf{H} = \mathbf{Y}\mathbf{G}\mathbf{Y}$": Equal(Y * G * Y, H),
        r"$\mathbf{H}$ is positive semidefinite ($\mathbf{H} = \mathbf{X}'\mathbf{X}'^\top$)": IsPSD(H, Xp.T),
        r"$\det\mathbf{H} = 0$": Equal(sp.Determinant(H), 0),
    }, numeric=[Agreement("G = X Xᵀ in float64 (numpy), the Gram matrix numerics.svm's dual uses",
                          sp.ImmutableMatrix([[5, 3, -5], [3, 5, -3], [-5, -3, 5]]),
                          lambda ev: (np.array(_X, float) @ np.array(_X, float).T).ravel())])


@entry("svm.exercise_dual", "Ejercicio 2: the dual problem written out",
       kind="exercise",
       uses=("svm.exercise_gram", "svm.dual_lagrangian"),
       sources=[("hermosillo2017", _EX + ": '2. Exprese el problema de optimización Dual'"),
                ("hermosillo2017", _LD + r": '$\operatorname{argmax} -\frac{1}{2}\sum_{i=1}^{N}\sum_{j=1}^{N} "
                 r"\alpha_i\alpha_j y_i y_j \langle \mathbf{x}_i, \mathbf{x}_j \rangle + \sum_{i=1}^{N} \alpha_i$'")],
       printed=r"\alpha_1^*, \dots, \alpha_N^* = \operatorname{argmax}_{\alpha_1, \dots, \alpha_N} "
               r"-\frac{1}{2} \sum_{i=1}^N \sum_{j=1}^N \alpha_i \alpha_j y_i y_j \langle \mathbf{x}_i, "
               r"\mathbf{x}_j \rangle + \sum_{i=1}^N \alpha_i",
       statement=_EX_DATA + "2. Express the dual optimisation problem.")
def exercise_dual() -> Statement:
    r"""$$\max_{\boldsymbol{\alpha}} \mathcal{L}_D(\boldsymbol{\alpha}) = \alpha_1 + \alpha_2 + \alpha_3 - \tfrac{1}{2}\bigl(5\alpha_1^2 + 5\alpha_2^2 + 5\alpha_3^2 + 6\alpha_1\alpha_2 + 10\alpha_1\alpha_3 + 6\alpha_2\alpha_3\bigr)$$
    subject to $\alpha_i \ge 0$ and
    $\sum_{i=1}^{3} \alpha_i y_i = -\alpha_1 - \alpha_2 + \alpha_3 = 0$ — the slide's double sum
    at the printed data. The feasible set is $\{(a, b, a + b) : a, b \ge 0\}$, on which
    $\mathcal{L}_D = 2(a + b) - 2a^2 - 8(a + b)^2$."""
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
        r"$\mathcal{L}_D(\boldsymbol{\alpha})$ written out": Equal(dual(al), written),
        r"$\sum_i \alpha_i y_i = -\alpha_1 - \alpha_2 + \alpha_3$": Equal(
            sum(al[i, 0] * y[i, 0] for i in range(3)), -A[0] - A[1] + A[2]),
        r"$(a, b, a + b)$ satisfies $\sum_i \alpha_i y_i = 0$": Equal(
            sum(af[i, 0] * y[i, 0] for i in range(3)), 0),
        r"$\mathcal{L}_D(a, b, a + b) = 2(a + b) - 2a^2 - 8(a + b)^2$": Equal(
            dual(af), 2 * (a + b) - 2 * a ** 2 - 8 * (a + b) ** 2),
    }, no_numeric=r"the dual objective at free $\boldsymbol{\alpha}$; `numerics.svm` computes its "
                  r"maximiser, checked in `svm.exercise_solution`")


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
       r"Ejercicio 3: $\boldsymbol{\alpha}^* = (0, 1/8, 1/8)$ (unique), $\mathbf{w} = (0, -1/2)$, "
       r"$t = 0$, support vectors $\mathbf{x}_2$, $\mathbf{x}_3$, margin $2$, primal = dual = $1/8$; "
       r"$\mathbf{x}_1$ on the margin with $\alpha_1 = 0$",
       kind="exercise",
       uses=("svm.exercise_dual", "svm.exercise_gram", "svm.duality_gap", "svm.margin"),
       sources=[("hermosillo2017", _EX + ": '3. Encuentre los vectores de soporte'"),
                ("hermosillo2017", _LD + ": the dual problem; Aspectos importantes 1 (support "
                 "vectors = nonzero multipliers)")],
       printed=_EX_PRINTED,
       statement=_EX_DATA + "3. Find the support vectors.")
def exercise_solution() -> Statement:
    r"""The exercise asks for the support vectors; the slides print no solution. Solved:

    - dual: on the feasible set $(a, b, a + b)$, $a, b \ge 0$ (`svm.exercise_dual`),
      $\mathcal{L}_D(\boldsymbol{\alpha}^*) - \mathcal{L}_D(\boldsymbol{\alpha}) = 8(a + b - 1/8)^2 + 2a^2 \ge 0$,
      zero only at $a = 0$, $b = 1/8$: $\boldsymbol{\alpha}^*$ is the unique maximiser, although
      $\mathbf{H} = \mathbf{X}'\mathbf{X}'^\top$ is singular (`svm.exercise_gram`);
    - primal: any $(\mathbf{w}, t)$ meeting the constraints of $\mathbf{x}_2$ and $\mathbf{x}_3$
      with slacks $s_2, s_3 \ge 0$ has $w_2 = -(2 + s_2 + s_3)/4$, so
      $\frac{1}{2}\lVert\mathbf{w}\rVert^2 - \frac{1}{8} = \frac{1}{2}w_1^2 + \bigl(4(s_2 + s_3) + (s_2 + s_3)^2\bigr)/32 \ge 0$:
      the minimum $1/8$ is attained only at $\mathbf{w} = (0, -1/2)$ — the same bound as the
      dual's, so the duality gap is $0$;
    - KKT: $\mathbf{w}^* = \sum_{i=1}^{3} \alpha_i^* y_i \mathbf{x}_i$,
      $\sum_{i=1}^{3} \alpha_i^* y_i = 0$, every
      $y_i(\langle \mathbf{w}^*, \mathbf{x}_i \rangle - t^*) = 1$ (all three constraints
      active), $\alpha_i^*(y_i(\langle \mathbf{w}^*, \mathbf{x}_i \rangle - t^*) - 1) = 0$;
    - support vectors (nonzero $\alpha$): $\mathbf{x}_2$ and $\mathbf{x}_3$; margin
      $1/\lVert\mathbf{w}^*\rVert = 2$.

    Degenerate: $\mathbf{x}_1$ lies on the margin with $\alpha_1^* = 0$ (complementary slackness
    holds without strict complementarity), so "on the margin" and "nonzero multiplier" differ
    here; the dual Hessian is singular, yet $\boldsymbol{\alpha}^*$ is unique (the constraint
    $\sum_{i=1}^{3} \alpha_i y_i = 0$ separates $\mathbf{x}_1$ from $\mathbf{x}_3$, whose rows of
    $\mathbf{X}'$ coincide)."""
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
        r"$\mathbf{w}^* = \sum_i \alpha_i^* y_i\mathbf{x}_i$": Equal(w, sum((al[i, 0] * y[i, 0] * xs[i] for i in range(3)),
                                                  sp.ZeroMatrix(2, 1))),
        r"$\sum_i \alpha_i^* y_i = 0$": Equal(sum(al[i, 0] * y[i, 0] for i in range(3)), 0),
        r"$\alpha_1^* \ge 0$": Rel(al[0, 0], ">=", 0),
        r"$\alpha_2^* > 0$ ($\mathbf{x}_2$ a support vector)": Rel(al[1, 0], ">", 0),
        r"$\alpha_3^* > 0$ ($\mathbf{x}_3$ a support vector)": Rel(al[2, 0], ">", 0),
        r"$\alpha_1^* = 0$ ($\mathbf{x}_1$ not a support vector)": Equal(al[0, 0], 0),
        r"$\mathcal{L}_D(\boldsymbol{\alpha}^*) - \mathcal{L}_D(\boldsymbol{\alpha}) = 8(a + b - 1/8)^2 + 2a^2 \ge 0$ ($\boldsymbol{\alpha}^*$ the unique maximiser)": Rel(
            _ld(al, X, y), ">=", _ld(af, X, y), 8 * (a + b - sp.Rational(1, 8)) ** 2 + 2 * a ** 2),
        r"slack of $\mathbf{x}_2$ is $s_2$": Equal(y[1, 0] * ((wp.T * xs[1])[0, 0] - tp) - 1, s2),
        r"slack of $\mathbf{x}_3$ is $s_3$": Equal(y[2, 0] * ((wp.T * xs[2])[0, 0] - tp) - 1, s3),
        r"$\frac{1}{2}\lVert\mathbf{w}\rVert^2 \ge 1/8$ for every feasible $(\mathbf{w}, t)$": Rel(
            Norm(wp) ** 2 / 2, ">=", sp.Rational(1, 8),
            w1 ** 2 / 2 + (4 * (s2 + s3) + (s2 + s3) ** 2) / 32),
        r"primal value $\frac{1}{2}\lVert\mathbf{w}^*\rVert^2 = 1/8$": Equal(Norm(w) ** 2 / 2, sp.Rational(1, 8)),
        r"zero duality gap: $\frac{1}{2}\lVert\mathbf{w}^*\rVert^2 = \mathcal{L}_D(\boldsymbol{\alpha}^*)$": Equal(Norm(w) ** 2 / 2, _ld(al, X, y)),
        r"margin $1/\lVert\mathbf{w}^*\rVert = 2$": Equal(1 / Norm(w), 2),
    }
    for i in range(3):
        claims[f"$y_{i + 1}(\\langle\\mathbf{{w}}^*, \\mathbf{{x}}_{i + 1}\\rangle - t^*) = 1$ (on the margin)"] = Equal(marg[i], 1)
        claims[f"$\\alpha_{i + 1}^*(y_{i + 1}(\\langle\\mathbf{{w}}^*, \\mathbf{{x}}_{i + 1}\\rangle - t^*) - 1) = 0$"] = Equal(al[i, 0] * (marg[i] - 1), 0)
    return Statement(s, claims=claims, numeric=[Agreement(
        "numerics.svm.hard_margin_svm on the exercise: alpha, w, t, margin, primal, dual",
        sp.ImmutableMatrix([al[0, 0], al[1, 0], al[2, 0], w[0, 0], w[1, 0], t, 1 / Norm(w),
                            Norm(w) ** 2 / 2, _ld(al, X, y)]),
        _exercise_numeric)])


_A = sp.symbols("alpha_1:4", real=True)


@entry("svm.exercise_stationary",
       r"Ejercicio 3 solved by the engine: on $\sum_{i=1}^{N} \alpha_i y_i = 0$ the dual's only "
       r"stationary point is $\boldsymbol{\alpha}^* = (0, 1/8, 1/8)$ with multiplier $-t^* = 0$, its "
       r"global max; the same on the support set",
       kind="exercise", uses=("svm.exercise_dual", "svm.exercise_solution", "svm.primal_stationarity",
                              "lagrange.lagrangian"),
       sources=[("hermosillo2017", _EX + ": '3. Encuentre los vectores de soporte'"),
                ("hermosillo2017", _LD + r": the dual problem 'Sujeto a ... "
                 r"$\sum_{i=1}^{N} \alpha_i y_i = 0$'"),
                ("hermosillo2017", "Método de optimización por multiplicadores de Lagrange (Pasos 1-3)"),
                ("bishop-prml", "§7.1, Eqs. (7.10)-(7.12); Appendix E")],
       printed=_EX_PRINTED,
       statement=_EX_DATA + "3. Find the support vectors.")
def exercise_stationary() -> Statement:
    r"""The exercise's dual solved by the engine's exact Lagrange method, independently of the
    certificate of `svm.exercise_solution`. The multiplier of
    $\sum_{i=1}^{3} \alpha_i y_i = 0$ is $-t$:
    $\nabla \mathcal{L}_D = \lambda \nabla\bigl(\sum_{i=1}^{3} \alpha_i y_i\bigr)$ reads
    $1 - y_i \langle \mathbf{w}, \mathbf{x}_i \rangle = \lambda y_i$, i.e.
    $y_i(\langle \mathbf{w}, \mathbf{x}_i \rangle + \lambda) = 1$, the margin condition with
    $t = -\lambda$.

    - **Every constraint active** (the KKT system restricted to the active set: all three
      samples lie on the margin, so every $\alpha_i$ is free and only
      $\sum_{i=1}^{3} \alpha_i y_i = 0$ remains): the engine forms and solves the linear system
      $\nabla \mathcal{L}_D = \lambda \nabla g$, $g = 0$ exactly — one solution,
      $\boldsymbol{\alpha}^* = (0, 1/8, 1/8)$, $\lambda = 0 = -t^*$ — and, $\mathcal{L}_D$ being
      a quadratic on a plane whose reduced Hessian is negative definite, it is the global max
      of $\mathcal{L}_D$ on the plane $\sum_{i=1}^{3} \alpha_i y_i = 0$. As
      $\boldsymbol{\alpha}^* \ge \mathbf{0}$ it lies in the dual's feasible set (a subset of the
      plane), so it is the dual optimum too.
    - **On the support set** ($\alpha_1 = 0$, the samples with nonzero multipliers
      $\mathbf{x}_2$, $\mathbf{x}_3$): the same system in $(\alpha_2, \alpha_3)$ gives
      $(1/8, 1/8)$, $\lambda = 0$, the global max.

    Degenerate, stated: $\mathbf{H} = \mathbf{X}'\mathbf{X}'^\top$ is singular (rows 1 and 3 of
    $\mathbf{X}'$ coincide), yet the stationary point is unique — the reduced Hessian on the
    plane is definite, because $\sum_{i=1}^{3} \alpha_i y_i = 0$ separates $\alpha_1$ from
    $\alpha_3$; and $\mathbf{x}_1$ lies on the margin with $\alpha_1^* = 0$ (no strict
    complementarity), which is why the active set $\{1, 2, 3\}$ and the support set $\{2, 3\}$
    differ and both give the same $\boldsymbol{\alpha}^*$."""
    s = Space()
    X, y, Xp = _exercise(s)
    al, w, t = _solution(s, X, y)
    star = tuple(al[i, 0] for i in range(3))
    v = sp.ImmutableMatrix(_A)
    plane = sp.Eq(sum(_A[i] * y[i, 0] for i in range(3)), 0, evaluate=False)
    v_s = sp.ImmutableMatrix([0, _A[1], _A[2]])
    plane_s = sp.Eq(_A[1] * y[1, 0] + _A[2] * y[2, 0], 0, evaluate=False)
    return Statement(s, claims={
        r"every constraint active: the only stationary point of $\mathcal{L}_D$ on "
        r"$\sum_i \alpha_i y_i = 0$ is $\boldsymbol{\alpha}^*$ with multiplier $-t^*$, the global max there": LagrangePoints(
            _ld(v, X, y), [plane], _A, [star], multipliers=[(-t,)], maximum=star),
        r"$\boldsymbol{\alpha}^* \ge \mathbf{0}$: the max on the plane lies in the dual's feasible set": Rel(
            sp.Min(*star), ">=", 0),
        r"support set $\{\mathbf{x}_2, \mathbf{x}_3\}$ ($\alpha_1 = 0$): the only stationary point is "
        r"$(\alpha_2^*, \alpha_3^*)$ with multiplier $-t^*$, the global max": LagrangePoints(
            _ld(v_s, X, y), [plane_s], _A[1:], [star[1:]], multipliers=[(-t,)], maximum=star[1:]),
    }, numeric=[Agreement("numerics.svm.hard_margin_svm's alpha on the exercise",
                          sp.ImmutableMatrix(list(star)), lambda ev: _exercise_numeric(ev)[:3])])


@entry("svm.dual_constraints",
       r'The dual problem "sujeto a $\alpha_i > 0$" — the multipliers are only $\ge 0$',
       kind="erratum",
       uses=("svm.exercise_solution",),
       sources=[("hermosillo2017", _LD + r": 'El problema de optimización dual ... Sujeto a las "
                 r"restricciones: $\alpha_i > 0$, $1 \le i \le N$ y $\sum_{i=1}^{N} \alpha_i y_i = 0$'"),
                ("bishop-prml", r"§7.1, Eqs. (7.11)-(7.12): $a_n \ge 0$")],
       printed=r"\alpha_i > 0, \quad 1 \leq i \leq N \quad \text{y} \quad \sum_{i=1}^N \alpha_i y_i = 0")
def dual_constraints() -> Statement:
    r"""hermosillo2017 prints the dual's constraints as $\alpha_i > 0$ (and
    $\sum_{i=1}^{N} \alpha_i y_i = 0$, which is right). The multipliers of inequality
    constraints are $\ge 0$, and at the optimum every sample off the support has
    $\alpha_i = 0$ — the very next slide defines the support vectors as the samples whose
    multipliers are *nonzero*, which under $\alpha_i > 0$ would be all of them. *Stated*: the
    exercise's dual optimum $\boldsymbol{\alpha}^*$ (`svm.exercise_solution`: unique) satisfies
    the printed $\alpha_1 > 0$ — refuted, $\alpha_1^* = 0$. *Corrected*: $\alpha_1^* \ge 0$; and
    on the printed open set the dual's supremum $1/8$ is not attained:
    $\mathcal{L}_D(\boldsymbol{\alpha}) < 1/8$ for every feasible $\boldsymbol{\alpha}$ with
    $\alpha_1 = a > 0$ (the gap is $8(a + b - 1/8)^2 + 2a^2 > 0$), so the printed problem has no
    argmax. ($\sum_{i=1}^{N} \alpha_i y_i = 0$ is printed correctly.)"""
    s = Space()
    X, y, Xp = _exercise(s)
    al, w, t = _solution(s, X, y)
    a, b = s.scalar("a", positive=True), s.scalar("b", positive=True)
    af = s.vector("alpha_f", 3)
    s.define(af, sp.ImmutableMatrix([a, b, a + b]), "a feasible α with every α_i > 0")
    corrected = r"$\alpha_1^* \ge 0$"
    return Statement(s, stated=Rel(al[0, 0], ">", 0), corrects=corrected, claims={
        corrected: Rel(al[0, 0], ">=", 0),
        r"$\sum_i \alpha_i^* y_i = 0$ (printed correctly)": Equal(sum(al[i, 0] * y[i, 0] for i in range(3)), 0),
        r"with every $\alpha_i > 0$, $\mathcal{L}_D(\boldsymbol{\alpha}) < 1/8 = \mathcal{L}_D(\boldsymbol{\alpha}^*)$: no argmax": Rel(
            _ld(af, X, y), "<", _ld(al, X, y), 8 * (a + b - sp.Rational(1, 8)) ** 2 + 2 * a ** 2),
    }, numeric=[Agreement("numerics.svm.hard_margin_svm's alpha on the exercise (alpha_1 = 0)",
                          sp.ImmutableMatrix([al[0, 0], al[1, 0], al[2, 0]]),
                          lambda ev: _exercise_numeric(ev)[:3])])
