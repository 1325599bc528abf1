"""hermosillo2017's two slides of 2-D geometry, "Geometría básica en el plano 2D" and
"Producto punto sobre vector perpendicular a una recta".

The first: the line through x_1 = (x_1, y_1) and x_2 = (x_2, y_2) has the normal
w = (y_1 - y_2, x_2 - x_1); a point P is on it iff w . (P - x_1) = 0, i.e.
A x_P + B y_P + C = 0. The line and w are :func:`numerics.geometry.line_through_points`; P
is a point of that line (x_1 moved along it), drawn with the right angle.

The second: with P on the line, r = <w, x - P> is positive on the side w points to and
negative on the other (r_1 > 0, r_2 < 0 for the slide's two points off the line). The values
are :func:`numerics.geometry.decision_function` (which is <w, x - P> for the line's
(w, C)); the perpendicular from each point is its :func:`~numerics.geometry.signed_distance`
r/||w|| to its foot (:func:`~numerics.geometry.project_onto_hyperplane`), and the line's
distance from the origin, -C/||w||, is :func:`~numerics.geometry.origin_distance`.
"""

from __future__ import annotations

import numpy as np

from numerics.geometry import (
    decision_function,
    line_through_points,
    origin_distance,
    project_onto_hyperplane,
    signed_distance,
)

from ._common import BLUE, RED, draw_arrow, draw_line, new_figure, square

#: the slide's two points of the line (first slide)
X1, X2 = np.array([-1.0, 1.5]), np.array([2.0, 0.0])
#: P = X1 + S (X2 - X1), a third point of the line
S = 1.6
#: the second slide's two points off the line: one each side
OFF = np.array([[2.2, 2.3], [-0.6, -1.2]])
BOX = (-2.5, 4.5, -2.0, 5.0)
BOX_SIDE = (-2.5, 4.0, -2.0, 3.5)


def _line():
    line = line_through_points(X1, X2)
    return line, line.coef_, line.intercept_


def _axes(ax, box) -> None:
    square(ax, box)
    ax.axhline(0, color="0.85", lw=0.6, zorder=0)
    ax.axvline(0, color="0.85", lw=0.6, zorder=0)
    ax.set_xlabel("$x$")
    ax.set_ylabel("$y$")


def _right_angle(ax, corner, u, v, size=0.22):
    """The small square marking a right angle at ``corner`` between unit vectors u, v."""
    pts = np.array([corner + size * u, corner + size * (u + v), corner + size * v])
    ax.plot(*pts.T, color="0.3", lw=0.8)


def draw_line_through_points():
    """``data``: ``x1``, ``x2``, ``line`` (the :class:`~numerics.geometry.Line2D`), ``w``,
    ``C``, ``P``."""
    line, w, C = _line()
    P = X1 + S * (X2 - X1)
    fig = new_figure(4.8, 4.9)
    ax = fig.subplots()
    draw_line(ax, w, C, BOX, gid="line", color="black", lw=1.5)
    draw_arrow(ax, X1, X1 + w, gid="normal")
    ax.annotate(r"$\mathbf{w} = (y_1 - y_2,\ x_2 - x_1)$", X1 + w, xytext=(5, 0),
                textcoords="offset points", va="center", fontsize=9)
    draw_arrow(ax, X1, P, gid="P-minus-x1", colour="#2ca02c", lw=2.0)
    ax.annotate(r"$\mathbf{P} - \mathbf{x}_1$", X1 + 0.75 * (P - X1), xytext=(4, 8),
                textcoords="offset points", color="#2ca02c", fontsize=9, ha="left",
                va="bottom")
    unit_w = w / np.linalg.norm(w)
    unit_line = (X2 - X1) / np.linalg.norm(X2 - X1)
    _right_angle(ax, X1, unit_line, unit_w)
    for gid, name, p in (("x1", r"$\mathbf{x}_1 = (x_1, y_1)$", X1),
                         ("x2", r"$\mathbf{x}_2 = (x_2, y_2)$", X2),
                         ("P", r"$\mathbf{P} = (x_P, y_P)$", P)):
        ax.plot(*p, "o", color="black", ms=4.5, zorder=3, gid=gid)
        ax.annotate(name, p, xytext=(-4, -8), textcoords="offset points", ha="right",
                    va="top", fontsize=9)
    _axes(ax, BOX)
    A, B, _ = line.coefficients
    ax.set_title(f"$\\mathbf{{w}} \\cdot (\\mathbf{{P}} - \\mathbf{{x}}_1) = 0$: "
                 f"$A x_P + B y_P + C = 0$ with $A = {A:g}$, $B = {B:g}$, $C = {C:g}$")
    return fig, {"x1": X1, "x2": X2, "line": line, "w": w, "C": C, "P": P}


def draw_dot_product_side():
    """``data``: ``w``, ``C`` (the line), ``P`` (its point), ``x`` (the two points off the
    line), ``r`` (<w, x - P> at them), ``distance`` (their signed distances r/||w||),
    ``feet`` (their projections onto the line), ``offset`` (-C/||w||), ``origin_foot``."""
    _, w, C = _line()
    P = X1
    r = decision_function(OFF, coef=w, intercept=C)
    distance = signed_distance(OFF, coef=w, intercept=C)
    feet = project_onto_hyperplane(OFF, coef=w, intercept=C)
    offset = origin_distance(coef=w, intercept=C)
    origin_foot = project_onto_hyperplane(np.zeros((1, 2)), coef=w, intercept=C)[0]
    fig = new_figure(4.8, 4.6)
    ax = fig.subplots()
    draw_line(ax, w, C, BOX_SIDE, gid="line", color="black", lw=1.5)
    draw_arrow(ax, P, P + w / np.linalg.norm(w) * 1.3, gid="normal")
    ax.annotate(r"$\mathbf{w}$", P + w / np.linalg.norm(w) * 1.3, xytext=(-10, 0),
                textcoords="offset points", ha="right", va="center")
    ax.plot(*P, "o", color="black", ms=4.5, zorder=3, gid="P")
    ax.annotate(r"$\mathbf{P}$", P, xytext=(-6, -6), textcoords="offset points", ha="right",
                va="top")
    for i, (x, ri, di, foot, colour) in enumerate(zip(OFF, r, distance, feet, (RED, BLUE),
                                                      strict=True)):
        ax.plot(*x, "o", color=colour, ms=6, zorder=3, gid=f"x{i + 1}")
        draw_arrow(ax, P, x, gid=f"x{i + 1}-minus-P", colour="0.45", lw=1.0)
        (perp,) = ax.plot(*np.column_stack([foot, x]), color=colour, lw=1.0, ls="--")
        perp.set_gid(f"distance-{i + 1}")
        sign = ">" if ri > 0 else "<"
        ax.annotate(f"$\\mathbf{{x}}_{i + 1}$: $r_{i + 1} = "
                    f"\\langle\\mathbf{{w}}, \\mathbf{{x}}_{i + 1} - \\mathbf{{P}}\\rangle = "
                    f"{ri:g} {sign} 0$\n$r_{i + 1}/\\|\\mathbf{{w}}\\| = {di:.3f}$", x,
                    xytext=(0, 8 if ri > 0 else -8), textcoords="offset points", ha="center",
                    va="bottom" if ri > 0 else "top", fontsize=8, color=colour,
                    gid=f"r{i + 1}")
    ax.plot(0, 0, "+", color="black", ms=8)
    draw_arrow(ax, np.zeros(2), origin_foot, gid="offset", colour="#8c564b", lw=1.1,
           style="<|-|>")
    ax.annotate(f"$-C/\\|\\mathbf{{w}}\\| = {offset:.3f}$", origin_foot / 2, xytext=(-8, 2),
                textcoords="offset points", color="#8c564b", fontsize=8, ha="right",
                va="bottom")
    _axes(ax, BOX_SIDE)
    ax.set_title("the sign of $\\langle\\mathbf{w}, \\mathbf{x} - \\mathbf{P}\\rangle$ "
                 "tells the side of the line")
    return fig, {"w": w, "C": C, "P": P, "x": OFF, "r": r, "distance": distance,
                 "feet": feet, "offset": offset, "origin_foot": origin_foot}
