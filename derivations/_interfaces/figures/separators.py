"""bromberg2012 Figs. 1, 2 and 3 (after Bishop PRML Fig. 4.1): linear separators, the
geometry of a hyperplane, and the signed distance of a point to it.

Fig. 1 ("Separadores lineales de 1D (en naranja), en un espacio de entrada de 2D"): two
classes C+ (red) and C- (blue) in the plane and several lines w^T x + b = 0 that separate
them, each a consistent hypothesis: :func:`numerics.perceptron.single_sample_perceptron` on
the normalised samples (:func:`numerics.geometry.normalize_samples`) from three starting
vectors, and the maximum-margin line of :func:`numerics.svm.hard_margin_svm` (thick).

Fig. 2 ("Geometría del hyperplano") takes that maximum-margin line H: two points x_A, x_B
of H (the foot of the origin, :func:`~numerics.geometry.project_onto_hyperplane`, moved
along H both ways), the vector x_A - x_B on H, w perpendicular to it pointing into R+ (the
regions are the sign of :func:`~numerics.geometry.decision_function` at every pixel), and
the plane's signed distance from the origin, -b/||w|| (:func:`~numerics.geometry.
origin_distance`; udelar2018 "Frontera de decisión").

Fig. 3 ("Geometría de la distancia perpendicular r(x)"): for a point x of each class,
x = x_perp + r(x) w/||w|| with x_perp its projection onto H and r(x) its
:func:`~numerics.geometry.signed_distance`, positive in R+ and negative in R-.
"""

from __future__ import annotations

import numpy as np

from numerics.geometry import (
    decision_function,
    normalize_samples,
    origin_distance,
    project_onto_hyperplane,
    signed_distance,
)
from numerics.perceptron import single_sample_perceptron
from numerics.svm import hard_margin_svm

from ._common import BLUE, RED, draw_arrow, draw_line, draw_regions, new_figure, square

#: the data: eight points of C+ (t = +1) then eight of C- (t = -1), shifted off the origin
#: so that the plane's distance from it shows
X = np.array([[0.6, 1.4], [1.2, 1.6], [1.6, 0.9], [0.9, 0.7], [2.0, 1.5], [1.3, 2.2],
              [0.3, 2.0], [2.2, 0.4],
              [-0.8, -0.6], [-1.5, -1.2], [-0.4, -1.5], [-1.9, -0.3], [-1.1, -2.0],
              [-2.2, -1.6], [0.3, -1.9], [-1.6, 0.6]]) + 1.0
T = np.concatenate([np.ones(8), -np.ones(8)])
#: the perceptron's starting vectors a(1) = (w, b), one run (one orange line) each
STARTS = np.array([[1.0, -1.0, 0.0], [0.0, 1.0, 0.0], [-1.0, 1.0, 0.0]])
ETA = 0.5
BOX = (-1.8, 4.2, -1.8, 4.2)
ORANGE = "#f28e2b"
#: light fills of R- and R+ (the label image holds 0 for R-, 1 for R+)
SIDE_FILLS = ("#dbe7f6", "#f8dcdc")
#: Fig. 2: x_A and x_B sit this far from the origin's foot along H, one each way
ALONG = (1.6, -1.1)
#: Fig. 3: the points whose decomposition is drawn (rows of X): one of C+, one of C-
SHOWN = (5, 13)


def separators():
    """The lines of Fig. 1: ``(perceptron results, SVM result)``, fitted on (X, T)."""
    Y = normalize_samples(X, T)
    runs = [single_sample_perceptron(Y, a0=a0, eta=ETA, engine="numpy") for a0 in STARTS]
    return runs, hard_margin_svm(X, T)


def _points(ax) -> None:
    ax.scatter(*X[T > 0].T, c=RED, s=24, zorder=3, label=r"$\mathcal{C}^+$")
    ax.scatter(*X[T < 0].T, c=BLUE, s=24, zorder=3, label=r"$\mathcal{C}^-$")


def _axes(ax) -> None:
    square(ax, BOX)
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")


def draw_separators():
    """Fig. 1. ``data``: ``X``, ``t``, ``perceptrons`` (the runs), ``svm``, ``lines``
    ({gid: (w, b)} of every orange line)."""
    runs, svm = separators()
    fig = new_figure(4.6, 4.9)
    ax = fig.subplots()
    _points(ax)
    lines = {}
    for k, run in enumerate(runs):
        w, b = run.a_[:2], run.a_[2]
        draw_line(ax, w, b, BOX, gid=f"perceptron-{k}", color=ORANGE, lw=1.3,
                  label="perceptron (three starts)" if k == 0 else None)
        lines[f"perceptron-{k}"] = (w, b)
    draw_line(ax, svm.coef_, svm.intercept_, BOX, gid="svm", color=ORANGE, lw=3.0,
              label="maximum margin")
    lines["svm"] = (svm.coef_, svm.intercept_)
    _axes(ax)
    ax.set_title("separators of $\\mathcal{C}^+$ and $\\mathcal{C}^-$: "
                 "$\\mathbf{w}^\\top\\mathbf{x} + b = 0$")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside upper center", ncol=2,
               frameon=False)
    return fig, {"X": X, "t": T, "perceptrons": runs, "svm": svm, "lines": lines}


def _sides(ax, w, b):
    """Shade R+ (decision function >= 0) and R-, returning the label image."""
    return draw_regions(ax, lambda P: (decision_function(P, coef=w, intercept=b) >= 0)
                        .astype(int), BOX, SIDE_FILLS, gid="sides")


def draw_geometry():
    """Fig. 2. ``data``: ``w``, ``b`` (the maximum-margin line H), ``foot`` (the point of H
    nearest the origin), ``x_A``, ``x_B``, ``offset`` (-b/||w||), ``normal_end`` (the tip of
    the w arrow drawn from x_A), ``sides`` (the R-/R+ image)."""
    _, svm = separators()
    w, b = svm.coef_, svm.intercept_
    unit = w / np.linalg.norm(w)
    along = np.array([-unit[1], unit[0]])
    foot = project_onto_hyperplane(np.zeros((1, 2)), coef=w, intercept=b)[0]
    x_A, x_B = foot + ALONG[0] * along, foot + ALONG[1] * along
    offset = origin_distance(coef=w, intercept=b)
    fig = new_figure(4.6, 4.9)
    ax = fig.subplots()
    sides = _sides(ax, w, b)
    draw_line(ax, w, b, BOX, gid="hyperplane", color="black", lw=1.5)
    for gid, name, p in (("x_A", r"$\mathbf{x}_A$", x_A), ("x_B", r"$\mathbf{x}_B$", x_B)):
        ax.plot(*p, "o", color="black", ms=4, zorder=3, gid=gid)
        ax.annotate(name, p, xytext=(-6, -4), textcoords="offset points", ha="right",
                    va="top")
    draw_arrow(ax, x_B, x_A, gid="difference", colour=ORANGE, lw=2.2)
    ax.annotate(r"$\mathbf{x}_A - \mathbf{x}_B$", (x_A + x_B) / 2, xytext=(6, 4),
                textcoords="offset points", color="#b35806", fontsize=9, ha="left")
    normal_end = x_A + 1.2 * unit
    draw_arrow(ax, x_A, normal_end, gid="normal")
    ax.annotate(r"$\mathbf{w}$", normal_end, xytext=(4, 0), textcoords="offset points")
    ax.plot(0, 0, "+", color="black", ms=8)
    ax.annotate("origin", (0, 0), xytext=(-4, 4), textcoords="offset points", ha="right",
                fontsize=8)
    draw_arrow(ax, np.zeros(2), foot, gid="offset", colour="#8c564b", lw=1.2, style="<|-|>")
    ax.annotate(r"$-b/\|\mathbf{w}\|$", foot / 2, xytext=(6, -8), textcoords="offset points",
                color="#8c564b", fontsize=8)
    ax.text(*(foot + 1.7 * unit - 1.0 * along), r"$\mathcal{R}^+$", fontsize=12,
            ha="center", va="center")
    ax.text(*(foot - 1.5 * unit + 0.8 * along), r"$\mathcal{R}^-$", fontsize=12,
            ha="center", va="center")
    ax.text(*(foot - 2.3 * along), "$H$", fontsize=11, ha="left", va="bottom")
    _axes(ax)
    ax.set_title(r"$\mathbf{w}^\top(\mathbf{x}_A - \mathbf{x}_B) = 0$: "
                 r"$\mathbf{w}$ is normal to $H$")
    return fig, {"w": w, "b": b, "foot": foot, "x_A": x_A, "x_B": x_B, "offset": offset,
                 "normal_end": normal_end, "sides": sides}


def draw_distance():
    """Fig. 3. ``data``: ``w``, ``b``, ``x`` (the two points shown), ``x_perp`` (their
    projections onto H), ``r`` (their signed distances), ``y`` (w^T x + b at them)."""
    _, svm = separators()
    w, b = svm.coef_, svm.intercept_
    unit = w / np.linalg.norm(w)
    x = X[list(SHOWN)]
    x_perp = project_onto_hyperplane(x, coef=w, intercept=b)
    r = signed_distance(x, coef=w, intercept=b)
    y = decision_function(x, coef=w, intercept=b)
    fig = new_figure(4.6, 4.9)
    ax = fig.subplots()
    _sides(ax, w, b)
    draw_line(ax, w, b, BOX, gid="hyperplane", color="black", lw=1.5)
    _points(ax)
    ax.plot(0, 0, "+", color="black", ms=8)
    for i, (p, q, ri) in enumerate(zip(x, x_perp, r, strict=True)):
        draw_arrow(ax, np.zeros(2), p, gid=f"x-{i}", colour="0.35", lw=1.0)
        draw_arrow(ax, np.zeros(2), q, gid=f"x-perp-{i}", colour="0.35", lw=1.0)
        draw_arrow(ax, q, p, gid=f"r-{i}", colour="#2ca02c", lw=1.6)
        ax.plot(*q, "o", color="black", ms=3.5, zorder=3)
        ax.annotate(r"$\mathbf{x}$" if i == 0 else r"$\mathbf{x}'$", p, xytext=(5, 3),
                    textcoords="offset points")
        ax.annotate(r"$\mathbf{x}_\perp$" if i == 0 else r"$\mathbf{x}'_\perp$", q,
                    xytext=(6, -10), textcoords="offset points", fontsize=8)
        sign = ">" if ri > 0 else "<"
        name = r"r(\mathbf{x})" if i == 0 else r"r(\mathbf{x}')"
        ax.annotate(f"${name} = {ri:.2f} {sign} 0$", (p + q) / 2, xytext=(-6, 0),
                    textcoords="offset points", ha="right", va="center", color="#2ca02c",
                    fontsize=8)
    draw_arrow(ax, x_perp[0], x_perp[0] + 0.9 * unit, gid="normal", lw=1.2)
    ax.annotate(r"$\mathbf{w}$", x_perp[0] + 0.9 * unit, xytext=(4, -6),
                textcoords="offset points")
    _axes(ax)
    ax.set_title(r"$\mathbf{x} = \mathbf{x}_\perp + r(\mathbf{x})\,"
                 r"\mathbf{w}/\|\mathbf{w}\|$, $y(\mathbf{x}) = r(\mathbf{x})\|\mathbf{w}\|$")
    return fig, {"w": w, "b": b, "x": x, "x_perp": x_perp, "r": r, "y": y}
