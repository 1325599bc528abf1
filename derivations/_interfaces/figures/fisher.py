"""udelar2018 "Discriminante lineal de Fisher" (after Bishop PRML Fig. 4.6): the direction of
the mean difference against Fisher's direction, with the histograms of the projections.

Two classes of 50 points with the same elongated covariance. The first attempt of the
slides, w = (m_2 - m_1)/||m_2 - m_1|| from the class means of
:func:`numerics.fisher.fisher_direction`, projects the classes onto overlapping intervals
("gran dispersión de las clases en la proyección"); Fisher's w ∝ S_W^{-1}(m_2 - m_1) (its
``coef_``) separates them. Each panel's title gives J(w) = (w^T S_B w)/(w^T S_W w) by
:func:`numerics.fisher.fisher_criterion`.
"""

from __future__ import annotations

import numpy as np
from matplotlib.ticker import MaxNLocator

from numerics.fisher import fisher_criterion, fisher_direction

from ._common import BLUE, RED, new_figure


def _data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(4)
    turn = np.radians(35)
    rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
    shape = rotation @ np.diag([1.6, 0.25])
    X1 = rng.standard_normal((50, 2)) @ shape.T
    X2 = rng.standard_normal((50, 2)) @ shape.T + np.array([1.5, -0.4])
    return np.round(np.vstack([X1, X2]), 2), np.repeat([1, 2], 50)


#: the data: 50 points of class 1 (red), then 50 of class 2 (blue)
X, Y = _data()
BOX = (-4.0, 5.5, -3.5, 3.0)
BINS = 24


def draw():
    """``data``: ``X``, ``y``, ``fit`` (the FisherDirection), ``directions`` ({"mean
    difference": w, "Fisher": w}, unit vectors), ``criteria`` (J of each), ``projections``
    ({name: (projections of class 1, of class 2)})."""
    fit = fisher_direction(X, Y)
    m1, m2 = fit.means_
    directions = {"mean difference": (m2 - m1) / np.linalg.norm(m2 - m1), "Fisher": fit.coef_}
    criteria = {name: fisher_criterion(w, fit.scatter_between_, fit.scatter_within_)
                for name, w in directions.items()}
    fig = new_figure(8.0, 6.4)
    axes = fig.subplots(2, 2, height_ratios=[2.2, 1])
    projections = {}
    centre = (m1 + m2) / 2
    for col, (name, w) in enumerate(directions.items()):
        top, bottom = axes[0, col], axes[1, col]
        top.scatter(*X[Y == 1].T, c=RED, s=12, alpha=0.8, label="class 1")
        top.scatter(*X[Y == 2].T, c=BLUE, s=12, alpha=0.8, label="class 2")
        top.plot(*np.column_stack([m1, m2]), "k+", ms=10, mew=2, label="class means")
        (axis,) = top.plot(*np.column_stack([centre - 9 * w, centre + 9 * w]), color="black",
                           lw=1.0, ls="--", label=r"projection direction $\mathbf{w}$")
        axis.set_gid(f"direction-{col}")
        top.annotate("", xy=centre + 1.5 * w, xytext=centre,
                     arrowprops=dict(arrowstyle="-|>", color="black", lw=1.6))
        top.set_xlim(BOX[0], BOX[1])
        top.set_ylim(BOX[2], BOX[3])
        top.set_aspect("equal", adjustable="box")
        top.set_xlabel("$x_1$")
        top.set_ylabel("$x_2$")
        top.set_title(f"{name}: $J(\\mathbf{{w}}) = {criteria[name]:.3f}$")
        p1, p2 = X[Y == 1] @ w, X[Y == 2] @ w
        projections[name] = (p1, p2)
        edges = np.linspace(min(p1.min(), p2.min()), max(p1.max(), p2.max()), BINS + 1)
        for p, colour, k in ((p1, RED, 1), (p2, BLUE, 2)):
            bottom.hist(p, bins=edges, color=colour, alpha=0.6, label=f"class {k}")
        bottom.set_gid(f"histograms-{col}")  # its containers: class 1's bars, class 2's
        bottom.set_xlabel(r"projection $y = \mathbf{w}^T\mathbf{x}$")
        bottom.set_ylabel("count")
        bottom.yaxis.set_major_locator(MaxNLocator(integer=True))
    fig.legend(*axes[0, 0].get_legend_handles_labels(), loc="outside upper center", ncol=4,
               frameon=False)
    return fig, {"X": X, "y": Y, "fit": fit, "directions": directions, "criteria": criteria,
                 "projections": projections}
