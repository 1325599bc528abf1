"""Hyperplane geometry: the binary linear discriminant g(x) = wᵀx + b and its plane.

Sources: bromberg2012 §1.1 (Eq. (1)–(3), Lema 1), udelar2018 "Frontera de decisión",
hermosillo2017 "Geometría básica en el plano 2D" and "Propiedades del Perceptron",
dhs-perceptron "The two-category linearly separable case"; Bishop PRML §4.1.1.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

import numerics.geometry as ng

from .._claims.claims import Equal, Rel, SameSign
from .._symbols.nodes import Blocks, ones
from .._symbols.expr import Norm, dot
from .._symbols.space import Space
from .._claims.statement import Agreement, Statement, chain
from .registry import entry


def _plane(s: Space):
    """w (nonzero), b and d for the hyperplane wᵀx + b = 0."""
    d = s.dim("d")
    return d, s.vector("w", d, nonzero=True), s.scalar("b")


def _vec(v) -> "callable":
    return lambda ev: ev(v).ravel()


def _row(ev, *vectors) -> np.ndarray:
    """The entry's column vectors, evaluated at the current point, as the rows of X."""
    return np.vstack([np.asarray(ev(v), dtype=float).ravel() for v in vectors])


def _coef_intercept(ev, w, b) -> dict:
    """``coef``/``intercept`` keyword arguments of numerics.geometry for wᵀx + b."""
    return {"coef": np.asarray(ev(w), dtype=float).ravel(), "intercept": float(ev(b))}


def _projection(ev, z, w, b) -> np.ndarray:
    """numerics' foot of the perpendicular from z to wᵀx + b = 0, as a (d,) array."""
    return ng.project_onto_hyperplane(_row(ev, z), **_coef_intercept(ev, w, b))[0]


# --- the plane and its normal ------------------------------------------------------------

@entry("geometry.w_normal", r"$\mathbf{w}$ is normal to the hyperplane",
       sources=[("bromberg2012", "§1.1, after Eq. (1), before the Figura 1 caption: 'restando "
                                r"ambas ecuaciones tenemos $\mathbf{w}^\top (\mathbf{x}_A - "
                                r"\mathbf{x}_B) = 0$'"),
                ("udelar2018", "Frontera de decisión"),
                ("bishop-prml", "§4.1.1")],
       printed=r"\mathbf{w}^\top \mathbf{x}_A + b = 0,\ \mathbf{w}^\top \mathbf{x}_B + b = 0 "
               r"\;\Rightarrow\; \mathbf{w}^\top (\mathbf{x}_A - \mathbf{x}_B) = 0")
def w_normal() -> Statement:
    r"""For $\mathbf{x}_A$, $\mathbf{x}_B$ on the plane $\mathbf{w}^\top\mathbf{x} + b = 0$:
    subtracting $\mathbf{w}^\top\mathbf{x}_A + b = 0$ and $\mathbf{w}^\top\mathbf{x}_B + b = 0$
    gives $\mathbf{w}^\top(\mathbf{x}_A - \mathbf{x}_B) = 0$, so $\mathbf{w}$ is orthogonal to
    every vector lying in the plane."""
    s = Space()
    d, w, b = _plane(s)
    xa, xb = s.vector("x_A", d), s.vector("x_B", d)
    s.define(b, -dot(w, xa), "x_A lies on the plane")
    z = s.vector("z", d)
    s.define(xb, z - (dot(w, z) + b) / dot(w, w) * w, "x_B: z projected onto the plane")
    return Statement(s, claims={
        r"$\mathbf{x}_B$ on the plane": Equal(dot(w, xb) + b, 0),
        r"$\mathbf{w}^\top(\mathbf{x}_A - \mathbf{x}_B) = 0$": Equal(dot(w, xa - xb), 0),
    }, steps=chain(dot(w, xa - xb), (dot(w, xa) + b) - (dot(w, xb) + b), sp.Integer(0),
                   notes=("subtract the two plane equations", "both are 0")),
        numeric=[
            Agreement("x_B = numerics.geometry.project_onto_hyperplane(z)", xb,
                      lambda ev: _projection(ev, z, w, b)),
            Agreement("w^T (x_A - x_B) = g(x_A) - g(x_B) with g = numerics.geometry.decision_function "
                      "and x_B = numerics' projection of z", dot(w, xa - xb),
                      lambda ev: _value_difference(ev, xa, _projection(ev, z, w, b), w, b)),
        ])


def _value_difference(ev, xa, x_b: np.ndarray, w, b) -> float:
    """g(x_A) − g(x_B) by numerics.geometry.decision_function, x_B given as floats."""
    g = ng.decision_function(np.vstack([_row(ev, xa), x_b]), **_coef_intercept(ev, w, b))
    return g[0] - g[1]


@entry("geometry.signed_distance", r"$\mathbf{x} = \mathbf{x}_\perp + "
                                   r"r\,\mathbf{w}/\lVert\mathbf{w}\rVert$ gives $y(\mathbf{x}) "
                                   r"= r\lVert\mathbf{w}\rVert$, so $r = "
                                   r"y(\mathbf{x})/\lVert\mathbf{w}\rVert$",
       uses=("geometry.w_normal",),
       sources=[("bromberg2012", "Eq. (2) and the derivation after Eq. (3)"),
                ("udelar2018", "Frontera de decisión"),
                ("bishop-prml", "§4.1.1, Eq. (4.6)-(4.7)")],
       printed=r"y(\mathbf{x}) = \mathbf{w}^\top \left(\mathbf{x}_\perp + "
               r"\frac{\mathbf{w}}{\lVert\mathbf{w}\rVert} r(\mathbf{x})\right) + b = "
               r"y(\mathbf{x}_\perp) + \frac{\mathbf{w}^\top \mathbf{w}}{\lVert\mathbf{w}\rVert} "
               r"r(\mathbf{x}) = r(\mathbf{x}) \lVert\mathbf{w}\rVert")
def signed_distance() -> Statement:
    r"""With $\mathbf{x}_\perp$ the orthogonal projection of $\mathbf{x}$ on the plane and
    $\mathbf{x} = \mathbf{x}_\perp + r\,\mathbf{w}/\lVert\mathbf{w}\rVert$ (Eq. (2)):
    $y(\mathbf{x}) = \mathbf{w}^\top(\mathbf{x}_\perp + r\,\mathbf{w}/\lVert\mathbf{w}\rVert) +
    b = y(\mathbf{x}_\perp) + r\,\mathbf{w}^\top\mathbf{w}/\lVert\mathbf{w}\rVert =
    r\lVert\mathbf{w}\rVert$, hence $r = y(\mathbf{x})/\lVert\mathbf{w}\rVert$."""
    s = Space()
    d, w, b = _plane(s)
    xp, x, r = s.vector("x_perp", d), s.vector("x", d), s.scalar("r")
    s.define(b, -dot(w, xp), "x_perp lies on the plane")
    s.define(x, xp + r * w / Norm(w), "Eq. (2)")
    y = lambda v: dot(w, v) + b  # noqa: E731 - the document's y(x)
    return Statement(
        s,
        claims={r"$y(\mathbf{x}) = r\lVert\mathbf{w}\rVert$": Equal(y(x), r * Norm(w)),
                r"$r = y(\mathbf{x})/\lVert\mathbf{w}\rVert$": Equal(r, y(x) / Norm(w)),
                r"$y(\mathbf{x}_\perp) = 0$": Equal(y(xp), 0)},
        steps=chain(y(x), dot(w, xp + w / Norm(w) * r) + b, y(xp) + dot(w, w) / Norm(w) * r,
                    r * Norm(w), notes=("Eq. (2)", "linearity", r"$y(\mathbf{x}_\perp) = 0$, "
                                                                r"$\mathbf{w}^\top\mathbf{w} = "
                                                                r"\lVert\mathbf{w}\rVert^2$")),
        numeric=[Agreement("signed_distance", r, lambda ev: ng.signed_distance(
            ev(x).T, coef=ev(w).ravel(), intercept=float(ev(b))))],
    )


@entry("geometry.lemma1_sign", r"Lemma 1: $\mathbf{x} \in \mathcal{R}^+ \iff y(\mathbf{x}) \geq "
                               r"0$, since $y(\mathbf{x})$ and $r(\mathbf{x})$ have the same sign",
       uses=("geometry.signed_distance",),
       sources=[("bromberg2012", "Lema 1 and Eq. (3)")],
       printed=r"\mathbf{x} \in \mathcal{R}^+ \iff y(\mathbf{x}) \geq 0, \qquad \mathbf{x} \in "
               r"\mathcal{R}^- \iff y(\mathbf{x}) < 0")
def lemma1_sign() -> Statement:
    r"""$y(\mathbf{x}) = r(\mathbf{x})\lVert\mathbf{w}\rVert$ with $\lVert\mathbf{w}\rVert > 0$
    for $\mathbf{w} \neq \mathbf{0}$, so $y(\mathbf{x})$ and $r(\mathbf{x})$ have the same sign:
    the side of the plane $\mathbf{w}$ points to ($r \geq 0$) is exactly where $y(\mathbf{x})
    \geq 0$."""
    s = Space()
    d, w, b = _plane(s)
    x = s.vector("x", d)
    y = dot(w, x) + b
    return Statement(s, claims={r"$\operatorname{sign} y(\mathbf{x}) = \operatorname{sign} "
                                r"r(\mathbf{x})$": SameSign(y, y / Norm(w), Norm(w))},
                     numeric=[Agreement(
                         "(y(x), r(x)) = numerics.geometry (decision_function, signed_distance)",
                         sp.Matrix([y, y / Norm(w)]),
                         lambda ev: [ng.decision_function(_row(ev, x), **_coef_intercept(ev, w, b))[0],
                                     ng.signed_distance(_row(ev, x), **_coef_intercept(ev, w, b))[0]])])


@entry("geometry.origin_distance", "Distance of the plane from the origin: "
                                   r"$\mathbf{w}^\top\mathbf{x}/\lVert\mathbf{w}\rVert = "
                                   r"-w_0/\lVert\mathbf{w}\rVert$",
       uses=("geometry.signed_distance",),
       sources=[("udelar2018", "Frontera de decisión"),
                ("bishop-prml", "§4.1.1, Eq. (4.5)")],
       printed=r"\frac{\mathbf{w}^\top \mathbf{x}}{\lVert\mathbf{w}\rVert} = "
               r"-\frac{w_0}{\lVert\mathbf{w}\rVert}")
def origin_distance() -> Statement:
    r"""For every $\mathbf{x}$ on the plane, its component along the unit normal is
    $\mathbf{w}^\top\mathbf{x}/\lVert\mathbf{w}\rVert = -w_0/\lVert\mathbf{w}\rVert$: the signed
    distance of the plane from the origin (the origin's own signed distance to the plane is
    $r(\mathbf{0}) = w_0/\lVert\mathbf{w}\rVert$, of opposite sign).

    $r(\mathbf{0})$ is Eq. (2) at $\mathbf{x} = \mathbf{0}$: the origin is $\mathbf{x}_0 +
    r_0\,\mathbf{w}/\lVert\mathbf{w}\rVert$ with $\mathbf{x}_0$ the foot of the perpendicular, on
    the plane. Both hypotheses are built in: $\mathbf{x}_0
    := -r_0\,\mathbf{w}/\lVert\mathbf{w}\rVert$ (the origin decomposed) and $w_0
    := -\mathbf{w}^\top\mathbf{x}_0$ ($\mathbf{x}_0$ on the plane; every $w_0$ arises, $r_0$
    being free), so $r_0 = w_0/\lVert\mathbf{w}\rVert$ is derived, not assumed."""
    s = Space()
    d, w = s.dim("d"), s.vector("w", s.dim("d"), nonzero=True)
    r0, x0 = s.scalar("r_0"), s.vector("x_0", d)
    w0 = s.scalar("w_0")
    s.define(x0, -r0 * w / Norm(w), "Eq. (2) at the origin: 0 = x_0 + r_0 w/||w||")
    s.define(w0, -dot(w, x0), "x_0, the foot of the perpendicular from the origin, lies on the plane")
    x, z = s.vector("x", d), s.vector("z", d)
    s.define(x, z - (dot(w, z) + w0) / dot(w, w) * w, "x: a point of the plane")
    return Statement(s, claims={
        r"$\mathbf{w}^\top\mathbf{x}/\lVert\mathbf{w}\rVert = -w_0/\lVert\mathbf{w}\rVert$": Equal(dot(w, x) / Norm(w), -w0 / Norm(w)),
        r"$r(\mathbf{0}) = w_0/\lVert\mathbf{w}\rVert$": Equal(r0, w0 / Norm(w)),
    }, numeric=[Agreement("origin_distance", -w0 / Norm(w), lambda ev: ng.origin_distance(
        coef=ev(w).ravel(), intercept=float(ev(w0))))])


# --- the 2-D line of hermosillo2017 ------------------------------------------------------

def _point(s: Space, name: str):
    return s.scalar(f"{name}_x"), s.scalar(f"{name}_y")


@entry("geometry.line_through_two_points", r"2-D line through $\mathbf{x}_1$, $\mathbf{x}_2$ "
                                           r"with normal $\mathbf{w} = (y_1 - y_2, x_2 - x_1)$",
       sources=[("hermosillo2017", "Geometría básica en el plano 2D")],
       printed=r"\mathbf{w} \cdot (\mathbf{P} - \mathbf{x}_1) = 0 \rightarrow (y_1 - y_2)(x_P - "
               r"x_1) + (x_2 - x_1)(y_P - y_1) = 0, \quad A x_P + B y_P + C = 0")
def line_through_two_points() -> Statement:
    r"""$\mathbf{w} = (y_1 - y_2, x_2 - x_1)$ is orthogonal to $\mathbf{x}_2 - \mathbf{x}_1$, and
    every $\mathbf{P} = \mathbf{x}_1 + \lambda(\mathbf{x}_2 - \mathbf{x}_1)$ satisfies
    $\mathbf{w} \cdot (\mathbf{P} - \mathbf{x}_1) = (y_1 - y_2)(x_P - x_1) + (x_2 - x_1)(y_P -
    y_1) = 0$, i.e. $A x_P + B y_P + C = 0$ with $A = y_1 - y_2$, $B = x_2 - x_1$, $C = -(A x_1 +
    B y_1)$."""
    s = Space()
    x1, y1 = _point(s, "p1")
    x2, y2 = _point(s, "p2")
    lam, xp, yp = s.scalar("lambda"), s.scalar("P_x"), s.scalar("P_y")
    s.define(xp, x1 + lam * (x2 - x1), "P on the line")
    s.define(yp, y1 + lam * (y2 - y1), "P on the line")
    A, B = y1 - y2, x2 - x1
    C = -(A * x1 + B * y1)
    w, P = s.vector("w", 2), s.vector("P", 2)
    p1, p2 = s.vector("x_1", 2), s.vector("x_2", 2)
    s.define(w, sp.ImmutableMatrix([A, B]), "w = (y_1 - y_2, x_2 - x_1)")
    s.define(P, sp.ImmutableMatrix([xp, yp]), "P = (x_P, y_P)")
    s.define(p1, sp.ImmutableMatrix([x1, y1]), "x_1 = (x_1, y_1)")
    s.define(p2, sp.ImmutableMatrix([x2, y2]), "x_2 = (x_2, y_2)")
    return Statement(s, claims={
        r"$\mathbf{w} \perp \mathbf{x}_2 - \mathbf{x}_1$": Equal(dot(w, p2 - p1), 0),
        r"$A x_P + B y_P + C = 0$": Equal(A * xp + B * yp + C, 0),
    }, steps=chain(dot(w, P - p1), (y1 - y2) * (xp - x1) + (x2 - x1) * (yp - y1),
                   A * xp + B * yp + C, sp.Integer(0),
                   notes=(r"$\mathbf{w} \cdot (\mathbf{P} - \mathbf{x}_1)$ in coordinates", r"collect: $A x_P + B y_P + C$", "P on the line")),
        numeric=[Agreement("line normal and intercept", sp.ImmutableMatrix([A, B, C]),
                           lambda ev: (lambda L: [*L.coef_, L.intercept_])(ng.line_through_points(
                               [float(ev(x1)), float(ev(y1))], [float(ev(x2)), float(ev(y2))])))])


def _line_through(ev, P, w) -> dict:
    """The hermosillo2017 line through P with normal w, built by numerics from two of its
    points: P and P - w_perp, w_perp = (-w_2, w_1), for which line_through_points' normal
    (y_1 - y_2, x_2 - x_1) is w itself; returned as coef/intercept keyword arguments."""
    p, v = np.asarray(ev(P), dtype=float).ravel(), np.asarray(ev(w), dtype=float).ravel()
    line = ng.line_through_points(p, p - np.array([-v[1], v[0]]))
    return {"coef": line.coef_, "intercept": line.intercept_}


@entry("geometry.dot_product_side", r"$\langle \mathbf{w}, \mathbf{x} - \mathbf{P} \rangle = r$: "
                                    r"positive on the side $\mathbf{w}$ points to, negative on "
                                    "the other",
       uses=("geometry.signed_distance",),
       sources=[("hermosillo2017", "Producto punto sobre vector perpendicular a una recta")],
       printed=r"\langle \mathbf{w}, \mathbf{x}_1 - \mathbf{P} \rangle = r_1 > 0, \qquad \langle "
               r"\mathbf{w}, \mathbf{x}_2 - \mathbf{P} \rangle = r_2 < 0")
def dot_product_side() -> Statement:
    r"""With $\mathbf{P}$ on the line and $\mathbf{w}$ its normal, a point $\mathbf{x} =
    \mathbf{P} + s\,\mathbf{w} + \mu\,\mathbf{w}_\perp$ ($\mathbf{w}_\perp$ along the line) has
    $\langle \mathbf{w}, \mathbf{x} - \mathbf{P} \rangle = s\lVert\mathbf{w}\rVert^2$: $r_1 > 0$
    for $s > 0$ (the side $\mathbf{w}$ points to), $r_2 < 0$ for $s < 0$, and $r$ is
    $\lVert\mathbf{w}\rVert$ times the signed distance of $\mathbf{x}$ to the line."""
    s = Space()
    w = s.vector("w", 2, nonzero=True)
    P = s.vector("P", 2)
    s1, s2, mu = s.scalar("s_1", positive=True), s.scalar("s_2", positive=True), s.scalar("mu")
    wperp = sp.ImmutableMatrix([-w[1, 0], w[0, 0]])
    xa = P + s1 * w + mu * wperp
    xb = P - s2 * w + mu * wperp
    return Statement(s, claims={
        r"$r_1 = \langle \mathbf{w}, \mathbf{x}_1 - \mathbf{P} \rangle > 0$": Rel(dot(w, xa - P), ">", 0, certificate=s1 * Norm(w) ** 2),
        r"$r_2 = \langle \mathbf{w}, \mathbf{x}_2 - \mathbf{P} \rangle < 0$": Rel(dot(w, xb - P), "<", 0, certificate=s2 * Norm(w) ** 2),
        r"$r = \lVert\mathbf{w}\rVert$ times the signed distance": Equal(dot(w, xa - P), Norm(w) * (s1 * Norm(w))),
    }, numeric=[
        Agreement("(r_1, r_2) = decision_function of the line through P and P - w_perp "
                  "(numerics.geometry.line_through_points, normal w)",
                  sp.Matrix([dot(w, xa - P), dot(w, xb - P)]),
                  lambda ev: ng.decision_function(_row(ev, xa, xb), **_line_through(ev, P, w))),
        Agreement("r_1 = ||w|| · numerics.geometry.signed_distance(x_1)", Norm(w) * (s1 * Norm(w)),
                  lambda ev: np.linalg.norm(ev(w)) * ng.signed_distance(
                      _row(ev, xa), **_line_through(ev, P, w))[0]),
    ])


@entry("geometry.threshold_cosine", r"$h(\mathbf{P}) = \mathbf{w} \cdot \mathbf{P} - t = 0 "
                                    r"\Rightarrow \lVert\mathbf{w}\rVert \lVert\mathbf{P}\rVert "
                                    r"\cos\theta = |t|$",
       kind="erratum",
       sources=[("hermosillo2017", "Propiedades del Perceptron")],
       printed=r"h(\mathbf{P}) = \mathbf{w} \cdot \mathbf{P} - t = 0, \qquad "
               r"\lVert\mathbf{w}\rVert \lVert\mathbf{P}\rVert \cos\theta = |t|")
def threshold_cosine() -> Statement:
    r"""For $\mathbf{P}$ on the boundary $h(\mathbf{P}) = \mathbf{w} \cdot \mathbf{P} - t = 0$,
    with $\theta$ the angle between $\mathbf{w}$ and $\mathbf{P}$, $\lVert\mathbf{w}\rVert
    \lVert\mathbf{P}\rVert \cos\theta = \mathbf{w} \cdot \mathbf{P} = t$ — the signed threshold,
    not $|t|$: when $t < 0$ the angle is obtuse and $\cos\theta < 0$. The distance of the
    boundary from the origin is $|\lVert\mathbf{P}\rVert
    \cos\theta| = |t|/\lVert\mathbf{w}\rVert$."""
    s = Space()
    d = s.dim("d", sizes=(2, 3))
    w, P = s.vector("w", d, nonzero=True), s.vector("P", d, nonzero=True)
    t, cos = s.scalar("t"), s.scalar("cos_theta")
    s.define(t, dot(w, P), "P on the boundary h(P) = 0")
    s.define(cos, dot(w, P) / (Norm(w) * Norm(P)), "θ: the angle between w and P")
    return Statement(
        s,
        stated=Equal(Norm(w) * Norm(P) * cos, sp.Abs(t)),
        claims={r"$\lVert\mathbf{w}\rVert \lVert\mathbf{P}\rVert \cos\theta = t$": Equal(Norm(w) * Norm(P) * cos, t),
                r"distance to the origin $= |t|/\lVert\mathbf{w}\rVert$": Equal(sp.Abs(Norm(P) * cos), sp.Abs(t) / Norm(w))},
        numeric=[Agreement("‖P‖ cos θ = numerics.geometry.origin_distance of h(x) = w·x - t "
                           "(intercept -t): the signed t/||w||, not |t|/||w||", Norm(P) * cos,
                           lambda ev: ng.origin_distance(coef=np.asarray(ev(w), dtype=float).ravel(),
                                                         intercept=-float(ev(t)))),
                 Agreement("|‖P‖ cos θ| = |origin_distance|: the distance of the boundary from the origin",
                           sp.Abs(Norm(P) * cos),
                           lambda ev: abs(ng.origin_distance(coef=np.asarray(ev(w), dtype=float).ravel(),
                                                             intercept=-float(ev(t)))))],
    )


# --- labels and the "normalisation" of samples ------------------------------------------

@entry("geometry.normalisation", "Normalisation: replacing class-2 samples by their negatives",
       sources=[("dhs-perceptron", "The two-category linearly separable case"),
                ("udelar2018", "Perceptrón de Rosenblatt y variaciones (caso $c = 2$)")],
       printed=r"\mathbf{a}^\top \mathbf{y}_i > 0 \quad \text{for all } i \text{ (samples of "
               "class 2 replaced by their negatives)}")
def normalisation() -> Statement:
    r"""With augmented $\mathbf{y} = (\mathbf{x}, 1)$, weights $\mathbf{a} = (\mathbf{w}, b)$ and
    labels $t \in \{-1, +1\}$, the normalised sample $\mathbf{y}' = t\,\mathbf{y}$ satisfies
    $\mathbf{a}^\top\mathbf{y}' = t\,\mathbf{a}^\top\mathbf{y}$; so "$\mathbf{a}^\top\mathbf{y} >
    0$ on class 1 and $< 0$ on class 2" is the single condition $\mathbf{a}^\top\mathbf{y}'_n >
    0$ for all $n$ ($\mathbf{a}^\top\mathbf{y}'$ has the sign of $t\,g(\mathbf{x})$, and
    $t\,g(\mathbf{x}) > 0$ exactly when $g(\mathbf{x})$ has the sign of the label: the sample is
    correctly classified)."""

    s = Space()
    d = s.dim("d")
    w, x, t = s.vector("w", d), s.vector("x", d), s.scalar("t", label=True)
    b = s.scalar("b")
    a, y, yn = s.vector("a", d + 1), s.vector("y", d + 1), s.vector("y'", d + 1)
    s.define(a, Blocks([[w], [sp.ImmutableMatrix([[b]])]]), "augmented weights a = (w, b)")
    s.define(y, Blocks([[x], [ones(1)]]), "augmented sample y = (x, 1)")
    s.define(yn, t * y, "normalised sample y' = t y (class-2 samples negated)")
    g = dot(w, x) + b
    return Statement(s, claims={
        r"$\mathbf{a}^\top(t\,\mathbf{y}) = t\,\mathbf{a}^\top\mathbf{y}$": Equal(dot(a, yn), t * dot(a, y)),
        r"$t\,\mathbf{a}^\top\mathbf{y} > 0$ iff correctly classified": SameSign(dot(a, yn), t * g, sp.Integer(1)),
    }, numeric=[Agreement("normalised samples · a", t * g, lambda ev: ng.normalize_samples(
        ev(x).T, [float(ev(t))]) @ [*ev(w).ravel(), float(ev(b))])])
