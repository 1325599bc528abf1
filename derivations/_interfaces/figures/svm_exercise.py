"""hermosillo2017 "Ejercicio" ("Let the data points and labels be as follows (see Figure)"):
the exercise's three points, the maximum-margin line, its margin and support vectors.

The points and labels are the catalog's (``derivations.catalog.svm``, entries
``svm.exercise_*``), fitted by :func:`numerics.svm.hard_margin_svm`: the line
<w, x> - t = 0, the margin lines <w, x> - t = ±1 at distance 1/||w|| (``margin_``), the
support vectors (``support_``, alpha_i > 0) circled, each point's alpha_i written beside it.
x_1 lies on the margin with alpha_1 = 0 (svm.exercise_solution): on the margin, yet not a
support vector.
"""

from __future__ import annotations

import numpy as np

from numerics.geometry import project_onto_hyperplane
from numerics.svm import hard_margin_svm

from ...catalog.svm import _X, _Y
from ._common import BLUE, GREEN, RED, draw_line, new_figure, square

BOX = (-3.0, 3.0, -3.6, 3.6)


def draw():
    """``data``: ``X``, ``y`` (the catalog's exercise), ``svm`` (the
    :class:`~numerics.svm.SVMResult`), ``margin_ends`` (the arrow across the margin)."""
    X, y = np.array(_X, dtype=float), np.array(_Y, dtype=float)
    svm = hard_margin_svm(X, y)
    w, t = svm.coef_, svm.threshold_
    fig = new_figure(5.4, 5.8)
    ax = fig.subplots()
    # the margin band: points with |<w, x> - t| < 1, shaded between the two margin lines
    xs = np.linspace(BOX[0], BOX[1], 2)
    if w[1] != 0:
        ax.fill_between(xs, (t - 1 - w[0] * xs) / w[1], (t + 1 - w[0] * xs) / w[1],
                        color="0.92", zorder=0)
    draw_line(ax, w, -t, BOX, gid="separator", color="black", lw=1.6,
              label=r"$\langle\mathbf{w},\mathbf{x}\rangle - t = 0$")
    for side in (1, -1):
        draw_line(ax, w, -t - side, BOX, gid=f"margin{side:+d}", color="black", lw=1.0,
                  ls="--", label=(r"$\langle\mathbf{w},\mathbf{x}\rangle - t = \pm 1$"
                                  if side == 1 else None))
    for label, colour, marker in ((1, RED, "o"), (-1, BLUE, "s")):
        ax.scatter(*X[y == label].T, c=colour, marker=marker, s=40, zorder=3,
                   label=f"$y_i = {label:+d}$")
    rings = ax.scatter(*svm.support_vectors_.T, s=320, facecolors="none", edgecolors=GREEN,
                       linewidths=2.0, zorder=4, label=r"support vectors ($\alpha_i > 0$)")
    rings.set_gid("support-vectors")
    for i, (p, a) in enumerate(zip(X, svm.alpha_, strict=True)):
        ax.annotate(f"$\\mathbf{{x}}_{i + 1} = ({p[0]:g}, {p[1]:g})$\n"
                    f"$\\alpha_{i + 1} = {_shown(a)}$", p, xytext=(0, 14 if p[1] > 0 else -14),
                    textcoords="offset points", ha="center",
                    va="bottom" if p[1] > 0 else "top", fontsize=8)
    foot = project_onto_hyperplane(np.zeros((1, 2)), coef=w, intercept=-t)[0]
    margin_ends = np.array([foot, foot + svm.margin_ * w / np.linalg.norm(w)])
    ax.annotate("", xy=margin_ends[1], xytext=margin_ends[0],
                arrowprops=dict(arrowstyle="<->", color="0.3", lw=1.0))
    ax.annotate(f"margin $1/\\|\\mathbf{{w}}\\| = {_shown(svm.margin_)}$",
                margin_ends.mean(axis=0), xytext=(6, 0), textcoords="offset points",
                va="center", fontsize=8, color="0.3")
    square(ax, BOX)
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    ax.set_title(f"$\\mathbf{{w}} = ({_shown(w[0])}, {_shown(w[1])})$, $t = {_shown(t)}$")
    fig.legend(*ax.get_legend_handles_labels(), loc="outside upper center", ncol=2,
               frameon=False)
    return fig, {"X": X, "y": y, "svm": svm, "margin_ends": margin_ends}


def _shown(value: float) -> str:
    """A solver's value as printed: 4 significant digits, with rounding noise below 1e-9 shown
    as 0 (the solver's tolerance is 1e-9; the exact values are the catalog's)."""
    return f"{round(float(value), 9) + 0.0:.4g}"
