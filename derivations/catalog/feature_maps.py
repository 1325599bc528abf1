"""Generalized linear discriminants f(wᵀx + w₀), feature maps φ(x), and separability.

Sources: bromberg2012 §4 Example 1 (φ = (x₁², √2 x₁x₂, x₂²) and its conics), §6
exercises 1 and 3; udelar2018 "Funciones discriminantes" (modelos lineales
generalizados) and "Discriminante polinomial"; Bishop PRML §4.1.7, §6.2 (kernels).
"""

from __future__ import annotations

import numpy as np
import sympy as sp

import numerics.feature_maps as nf
import numerics.geometry as ng
import numerics.separability as nsep

from .._claims.claims import Behaviour, Equal, Rel, RunResult
from .._symbols.expr import dot
from .._symbols.space import Space
from .._claims.statement import Agreement, Statement, chain
from .registry import entry


def _phi(x) -> sp.ImmutableMatrix:
    """bromberg2012 Example 1: φ(x) = (x₁², √2 x₁x₂, x₂²)."""
    return sp.ImmutableMatrix([x[0, 0] ** 2, sp.sqrt(2) * x[0, 0] * x[1, 0], x[1, 0] ** 2])


@entry("feature_maps.quadratic_kernel", "φ(x)·φ(z) = (x·z)² for φ = (x₁², √2x₁x₂, x₂²)",
       sources=[("bishop-prml", "§6.2, Eq. (6.12)"),
                ("bromberg2012", "§4, Example 1: the map φ, cited for this identity, which it does not state")],
       kind="caveat",
       caveat="misattributed: bromberg2012 §4 Example 1 prints only the map 'φ = (x_1², √2x_1x_2, "
              "x_2²)', the plane 'w_1x_1² + w_2√2x_1x_2 + w_3x_2² + b = 0' and the conic it gives in "
              "x-space; it says nothing about φ(x)·φ(z) or (x·z)². The kernel identity is Bishop "
              "PRML §6.2, Eq. (6.12)")
def quadratic_kernel() -> Statement:
    """φ(x)ᵀφ(z) = x₁²z₁² + 2x₁x₂z₁z₂ + x₂²z₂² = (x₁z₁ + x₂z₂)²: the inner product in the
    3-D feature space is the squared inner product in the plane (the √2 makes it so).

    True, but not in bromberg2012: its Example 1 uses this φ only to show that a plane in
    φ-space is a conic in x-space (feature_maps.conic_coefficients). The identity is Bishop's
    (6.12), where the same φ illustrates the kernel k(x, z) = (xᵀz)²."""
    s = Space()
    x, z = s.vector("x", 2), s.vector("z", 2)
    lhs = (_phi(x).T * _phi(z))[0, 0]
    return Statement(s, claims={"phi(x).phi(z) = (x.z)^2": Equal(lhs, dot(x, z) ** 2)},
                     steps=chain(lhs, (x[0, 0] * z[0, 0] + x[1, 0] * z[1, 0]) ** 2, dot(x, z) ** 2),
                     numeric=[Agreement("quadratic_features", lhs, lambda ev: float(
                         nf.quadratic_features(ev(x).T)[0] @ nf.quadratic_features(ev(z).T)[0]))])


@entry("feature_maps.conic_coefficients", "wᵀφ(x) + b = 0 is the conic A=w₁, B=√2w₂, C=w₃, D=E=0, F=b",
       sources=[("bromberg2012", "§4, Example 1")])
def conic_coefficients() -> Statement:
    """w₁x₁² + w₂√2 x₁x₂ + w₃x₂² + b = Ax₁² + Bx₁x₂ + Cx₂² + Dx₁ + Ex₂ + F with
    A = w₁, B = √2 w₂, C = w₃, D = E = 0, F = b."""
    s = Space()
    x, w, b = s.vector("x", 2), s.vector("w", 3), s.scalar("b")
    x1, x2 = x[0, 0], x[1, 0]
    A, B, C, F = w[0, 0], sp.sqrt(2) * w[1, 0], w[2, 0], b
    return Statement(s, claims={
        "w^T phi(x) + b = A x1^2 + B x1 x2 + C x2^2 + F":
            Equal(dot(w, _phi(x)) + b, A * x1 ** 2 + B * x1 * x2 + C * x2 ** 2 + 0 * x1 + 0 * x2 + F),
    }, numeric=[Agreement("conic_coefficients", sp.ImmutableMatrix([A, B, C, 0, 0, F]),
                          lambda ev: list(nf.conic_coefficients(coef=ev(w).ravel(), intercept=float(ev(b)))))])


def _conic_det(A, B, C, D, E, F):
    """det M of the conic matrix, kept unevaluated so the claim prints as the document's object."""
    return sp.Determinant(sp.ImmutableMatrix([[A, B / 2, D / 2], [B / 2, C, E / 2], [D / 2, E / 2, F]]))


@entry("feature_maps.no_parabola", "The conics of φ = (x₁², √2x₁x₂, x₂²) include parabolas",
       kind="erratum", sources=[("bromberg2012", "§4, Example 1: 'círculo, elipse, parábola o hipérbola'")])
def no_parabola() -> Statement:
    """bromberg2012 lists the parabola among the curves wᵀφ(x) + b = 0 can give. With D = E = 0
    the parabolic case B² = 4AC (here w₃ = w₂²/(2w₁)) makes the conic matrix singular:
    det M = F(AC − B²/4) = 0, so the curve is degenerate — a pair of parallel lines, one line,
    or empty — never a parabola. Circles, ellipses and hyperbolas do occur (see the run)."""
    s = Space()
    w, b = s.vector("w", 3), s.scalar("b")
    w1 = s.scalar("w_1", nonzero=True)
    A, B, C, F = w1, sp.sqrt(2) * w[1, 0], w[1, 0] ** 2 / (2 * w1), b
    det = _conic_det(A, B, C, sp.Integer(0), sp.Integer(0), F)

    def which_conics(seed: int) -> RunResult:
        rng = np.random.default_rng(seed)
        seen = set()
        for _ in range(200):
            ww, bb = rng.normal(size=3), rng.normal()
            seen.add(nf.classify_conic(*nf.conic_coefficients(coef=ww, intercept=bb)))
        for ww, bb in (([1.0, 0.0, 1.0], -1.0), ([1.0, 2 ** 0.5, 1.0], -1.0), ([1.0, 2 ** 0.5, 1.0], 1.0)):
            seen.add(nf.classify_conic(*nf.conic_coefficients(coef=ww, intercept=bb)))
        ok = "parabola" not in seen and {"ellipse", "hyperbola", "circle"} <= seen
        return RunResult(ok, f"conic types seen: {sorted(seen)}")

    return Statement(
        s,
        stated=Rel(det ** 2, ">", 0),
        claims={"det M = 0 when B^2 = 4AC (degenerate, not a parabola)": Equal(det, 0),
                "which conics occur": Behaviour(which_conics, "classify_conic over random w, b",
                                                seeds=(0, 1, 2))},
        corrects="det M = 0 when B^2 = 4AC (degenerate, not a parabola)",
    )


def _sigmoid(a):
    return 1 / (1 + sp.exp(-a))


@entry("feature_maps.generalized_boundary", "For monotone f, the boundary f(wᵀx + w₀) = c is a hyperplane",
       sources=[("udelar2018", "Funciones discriminantes: modelos lineales generalizados"),
                ("bishop-prml", "§4.1, Eq. (4.3)")])
def generalized_boundary() -> Statement:
    """With f strictly monotone (the logistic σ as the instance), f(a) = c ⇔ a = f⁻¹(c), so
    {x : f(wᵀx + w₀) = c} = {x : wᵀx + (w₀ − f⁻¹(c)) = 0}: a hyperplane with normal w.
    (For a non-injective f the level set is a union of parallel hyperplanes.)"""
    s = Space()
    d = s.dim("d")
    w, x, w0 = s.vector("w", d, nonzero=True), s.vector("x", d), s.scalar("w_0")
    c = s.scalar("c", probability=True)
    logit = sp.log(c / (1 - c))
    s.define(w0, logit - dot(w, x), "x on the hyperplane wᵀx + w₀ = σ⁻¹(c)")
    return Statement(s, claims={
        "sigma(logit(c)) = c": Equal(_sigmoid(logit), c),
        "f(w^T x + w0) = c on the hyperplane": Equal(_sigmoid(dot(w, x) + w0), c),
    }, no_numeric=(
        "the claims are about the activation σ and its inverse at a given wᵀx + w₀; no numerics "
        "function evaluates σ (or another f) at given weights, and the linear part wᵀx + w₀ is "
        "numerics.geometry.decision_function, compared with the entry's expression in "
        "multiclass.interpolation"))


@entry("feature_maps.exercise3_linear_separator", "Ejercicio 3: f(wᵀφ(x) + b) separates linearly in φ-space",
       kind="exercise", sources=[("bromberg2012", "§6, Ejercicio 3"), ("bromberg2012", "Eq. (7)")])
def exercise3_linear_separator() -> Statement:
    """Points on the separator of y(x) = f(wᵀφ(x) + b) with the step activation satisfy
    wᵀφ(x) + b = 0 (the activation's threshold): a hyperplane in φ-space. Solution: for any
    φ-point p on that hyperplane and any offset s along w, the activation is s‖w‖² — its sign,
    hence y, depends only on the side of the hyperplane (Lema 1 in φ-space)."""
    s = Space()
    m = s.dim("M")
    w, p, b = s.vector("w", m, nonzero=True), s.vector("p", m), s.scalar("b")
    off = s.scalar("s")
    s.define(b, -dot(w, p), "p on the separator in φ-space")
    a = dot(w, p + off * w) + b
    return Statement(s, claims={
        "activation on the separator is 0": Equal(dot(w, p) + b, 0),
        "activation at p + s w is s ||w||^2": Equal(a, off * dot(w, w)),
    }, steps=chain(a, dot(w, p) + b + off * dot(w, w), off * dot(w, w)),
        numeric=[Agreement("activation at p and at p + s w = numerics.geometry.decision_function "
                           "of the hyperplane wᵀφ + b in φ-space", sp.Matrix([dot(w, p) + b, off * dot(w, w)]),
                           lambda ev: _activation(ev, w, b, p, off))])


def _activation(ev, w, b, p, off) -> np.ndarray:
    """numerics' wᵀφ + b at the φ-points p and p + s w (formed in floats)."""
    wv, pv = np.ravel(ev(w)), np.ravel(ev(p))
    points = np.vstack([pv, pv + float(ev(off)) * wv])
    return ng.decision_function(points, coef=wv, intercept=float(ev(b)))


@entry("feature_maps.exercise1_convex_hulls", "Ejercicio 1: intersecting convex hulls ⇒ not linearly separable",
       kind="exercise", sources=[("bromberg2012", "§6, Ejercicio 1")])
def exercise1_convex_hulls() -> Statement:
    """If x = Σαₙxₙ (αₙ ≥ 0, Σαₙ = 1) then ŵᵀx + b = Σαₙ(ŵᵀxₙ + b), a convex combination of
    the values at the points. Separability makes every ŵᵀxₙ + b > 0 and every ŵᵀyₘ + b < 0,
    so a common point of the hulls would have ŵᵀx + b both > 0 and < 0: impossible. The run
    checks numerics.separability's LP on generated data: separable sets get a verified
    separator, sets with intersecting hulls get a verified common point."""
    s = Space()
    d = s.dim("d")
    w, b = s.vector("w", d), s.scalar("b")
    xs = [s.vector(f"x_{n}", d) for n in (1, 2, 3)]
    al = [s.scalar(f"alpha_{n}", positive=True) for n in (1, 2, 3)]
    g = [s.scalar(f"g_{n}", positive=True) for n in (1, 2, 3)]
    convex = [al[0], al[1], 1 - al[0] - al[1]]  # Σ αₙ = 1 (the bias step needs it)
    hull = sum((a * x for a, x in zip(convex, xs)), sp.ZeroMatrix(d, 1))
    sep = al[0] * g[0] + al[1] * g[1] + al[2] * g[2]

    def lp_run(seed: int) -> RunResult:
        rng = np.random.default_rng(seed)
        D = int(rng.integers(2, 5))
        u = rng.normal(size=D)
        u /= np.linalg.norm(u)
        P = rng.normal(size=(20, D))
        P = P - np.outer(P @ u, u) + np.outer(np.abs(rng.normal(size=20)) + 0.5, u)
        Q = rng.normal(size=(20, D))
        Q = Q - np.outer(Q @ u, u) - np.outer(np.abs(rng.normal(size=20)) + 0.5, u)
        X, t = np.vstack([P, Q]), np.r_[np.ones(20), -np.ones(20)]
        r1 = nsep.linear_separability(X, t)
        margins = t * (X @ r1.coef_ + r1.intercept_) if r1.separable_ else None
        Y = rng.normal(size=(20, D))
        Y[0] = P.mean(axis=0)  # a point inside the positive hull
        r2 = nsep.linear_separability(np.vstack([P, Y]), t)
        common = r2.common_point_ if not r2.separable_ else None
        ok = (r1.separable_ and bool(np.all(margins > 0)) and not r2.separable_
              and np.allclose(r2.alpha_ @ P, common, atol=1e-7)
              and np.allclose(r2.beta_ @ Y, common, atol=1e-7))
        return RunResult(bool(ok), f"D={D}: separable set certified by (w, b), "
                                   f"hull-intersecting set certified by a common point")

    return Statement(s, claims={
        "w^T (Σ α_n x_n) + b = Σ α_n (w^T x_n + b)":
            Equal(dot(w, hull) + b, sum(a * (dot(w, x) + b) for a, x in zip(convex, xs))),
        "Σ α_n g_n > 0 when every g_n > 0": Rel(sep, ">", 0, certificate=sep),
        "LP separability test and its certificates": Behaviour(
            lp_run, "numerics.separability.linear_separability on generated data", seeds=tuple(range(8))),
    })
