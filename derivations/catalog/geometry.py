"""Hyperplane geometry: the binary linear discriminant g(x) = wᵀx + b and its plane.

Sources: bromberg2012 §1.1 (Eq. (1)–(3), Lema 1), udelar2018 "Frontera de decisión",
hermosillo2017 "Geometría básica en el plano 2D" and "Propiedades del Perceptron",
dhs-perceptron "The two-category linearly separable case"; Bishop PRML §4.1.1.
"""

from __future__ import annotations

import sympy as sp

import numerics.geometry as ng

from ..claims import Equal, SameSign
from ..expr import Norm, dot
from ..methods.numeric import Agreement
from ..space import Space
from ..statement import Statement, chain
from .registry import entry


def _plane(s: Space):
    """w (nonzero), b and d for the hyperplane wᵀx + b = 0."""
    d = s.dim("d")
    return d, s.vector("w", d, nonzero=True), s.scalar("b")


def _vec(v) -> "callable":
    return lambda ev: ev(v).ravel()


# --- the plane and its normal ------------------------------------------------------------

@entry("geometry.w_normal", "w is normal to the hyperplane",
       sources=[("bromberg2012", "§1.1, Eq. (1) and the paragraph after Figura 1"),
                ("udelar2018", "Frontera de decisión"), ("bishop-prml", "§4.1.1")])
def w_normal() -> Statement:
    """For x_A, x_B on wᵀx + b = 0: subtracting wᵀx_A + b = 0 and wᵀx_B + b = 0 gives
    wᵀ(x_A − x_B) = 0, so w is orthogonal to every vector lying in the plane."""
    s = Space()
    d, w, b = _plane(s)
    xa, xb = s.vector("x_A", d), s.vector("x_B", d)
    s.define(b, -dot(w, xa), "x_A lies on the plane")
    z = s.vector("z", d)
    s.define(xb, z - (dot(w, z) + b) / dot(w, w) * w, "x_B: z projected onto the plane")
    return Statement(s, claims={
        "x_B on the plane": Equal(dot(w, xb) + b, 0),
        "w^T (x_A - x_B) = 0": Equal(dot(w, xa - xb), 0),
    }, steps=chain(dot(w, xa - xb), (dot(w, xa) + b) - (dot(w, xb) + b), sp.Integer(0),
                   notes=("subtract the two plane equations", "both are 0")))


@entry("geometry.signed_distance", "x = x_⊥ + r w/‖w‖ gives y(x) = r‖w‖, r = y(x)/‖w‖",
       sources=[("bromberg2012", "Eq. (2) and the derivation after Eq. (3)"),
                ("udelar2018", "Frontera de decisión"), ("bishop-prml", "§4.1.1, Eq. (4.6)-(4.7)")])
def signed_distance() -> Statement:
    """With x_⊥ the orthogonal projection of x on the plane and x = x_⊥ + r w/‖w‖ (Eq. (2)):
    y(x) = wᵀ(x_⊥ + r w/‖w‖) + b = y(x_⊥) + r wᵀw/‖w‖ = r‖w‖, hence r = y(x)/‖w‖."""
    s = Space()
    d, w, b = _plane(s)
    xp, x, r = s.vector("x_perp", d), s.vector("x", d), s.scalar("r")
    s.define(b, -dot(w, xp), "x_perp lies on the plane")
    s.define(x, xp + r * w / Norm(w), "Eq. (2)")
    y = lambda v: dot(w, v) + b  # noqa: E731 - the document's y(x)
    return Statement(
        s,
        claims={"y(x) = r ||w||": Equal(y(x), r * Norm(w)),
                "r = y(x)/||w||": Equal(r, y(x) / Norm(w)),
                "y(x_perp) = 0": Equal(y(xp), 0)},
        steps=chain(y(x), dot(w, xp + w / Norm(w) * r) + b, y(xp) + dot(w, w) / Norm(w) * r,
                    r * Norm(w), notes=("Eq. (2)", "linearity", "y(x_perp) = 0, wᵀw = ‖w‖²")),
        numeric=[Agreement("signed_distance", r, lambda ev: ng.signed_distance(
            ev(x).T, coef=ev(w).ravel(), intercept=float(ev(b))))],
    )


@entry("geometry.lemma1_sign", "Lema 1: x ∈ R⁺ ⇔ y(x) ≥ 0, since sign y(x) = sign r(x)",
       sources=[("bromberg2012", "Lema 1 and Eq. (3)")])
def lemma1_sign() -> Statement:
    """y(x) = r(x)‖w‖ with ‖w‖ > 0 for w ≠ 0, so y(x) and r(x) have the same sign:
    the side of the plane w points to (r ≥ 0) is exactly where y(x) ≥ 0."""
    s = Space()
    d, w, b = _plane(s)
    x = s.vector("x", d)
    y = dot(w, x) + b
    return Statement(s, claims={"sign y(x) = sign r(x)": SameSign(y, y / Norm(w), Norm(w))})


@entry("geometry.origin_distance", "Distance of the plane to the origin: wᵀx/‖w‖ = −w₀/‖w‖",
       sources=[("udelar2018", "Frontera de decisión"), ("bishop-prml", "§4.1.1, Eq. (4.5)")])
def origin_distance() -> Statement:
    """For every x on the plane, its component along the unit normal is wᵀx/‖w‖ = −w₀/‖w‖:
    the signed distance of the plane from the origin (the origin's own signed distance
    to the plane is r(0) = w₀/‖w‖, of opposite sign)."""
    s = Space()
    d, w, w0 = s.dim("d"), s.vector("w", s.dim("d"), nonzero=True), s.scalar("w_0")
    x, z = s.vector("x", d), s.vector("z", d)
    s.define(x, z - (dot(w, z) + w0) / dot(w, w) * w, "x: a point of the plane")
    return Statement(s, claims={
        "w^T x/||w|| = -w0/||w||": Equal(dot(w, x) / Norm(w), -w0 / Norm(w)),
        "r(0) = w0/||w||": Equal((dot(w, sp.ZeroMatrix(d, 1)) + w0) / Norm(w), w0 / Norm(w)),
    }, numeric=[Agreement("origin_distance", -w0 / Norm(w), lambda ev: ng.origin_distance(
        coef=ev(w).ravel(), intercept=float(ev(w0))))])
