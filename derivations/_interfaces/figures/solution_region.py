"""dhs-perceptron Fig. 5.8 (Duda, Hart & Stork Figs. 5.8 and 5.9): four samples, the
solution region, and the region left by a margin.

Four samples y_i in a 2-D space (black for ω_1, red for ω_2), no bias: g(y) = a^t y. On the
left the raw data with a solution vector a and its plane a^t y = 0, which separates the
categories. On the right the red samples "normalised" (changed in sign): the same a puts all
four on one side. Both panels shade the solution region {a : a^t y_i > 0 for the normalised
y_i}; the right one also the smaller region {a : a^t y_i >= b} of a margin b (dashed: its
edges a^t y_i = b, at distance b/||y_i|| from the plane a^t y_i = 0).

The vectors are :func:`numerics.perceptron.single_sample_perceptron` on the normalised
samples, with margin 0 (a) and with margin b (a_b); the regions are the sign tests those runs
stop on (the pixels' a^t y_i against 0 and b).
"""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Patch

from numerics.perceptron import single_sample_perceptron

from ._common import draw_line, draw_regions, new_figure, square

#: the four samples: two of ω_1, two of ω_2. Chosen so that the plane the perceptron stops on
#: passes well clear of every sample (about 1 unit, tested in display units): a sample next
#: to the line would look on it, under a title saying the plane separates
SAMPLES = np.array([[0.5, 1.2], [1.3, 0.6], [-0.2, -1.1], [-1.0, -0.6]])
LABELS = np.array([1, 1, -1, -1])
MARGIN = 0.8
#: the perceptron's start a(1) and increment (fixed)
A0, ETA = np.array([-0.6, -0.4]), 0.5
BOX = (-1.6, 1.6, -1.6, 1.6)
#: region image values: outside, the solution region, the region with margin b
OUTSIDE, SOLUTION, WITH_MARGIN = 0, 1, 2
FILLS = ("#ffffff", "#d9ead3", "#93c47d")
BLACK, RED = "black", "#d62728"


def draw():
    """``data``: ``samples``, ``labels``, ``Y`` (the normalised samples), ``a`` and ``a_margin``
    (the perceptron's solution vectors with margin 0 and ``margin``), ``margin``, ``regions``
    ({"raw": image, "normalised": image} of OUTSIDE / SOLUTION / WITH_MARGIN)."""
    Y = LABELS[:, None] * SAMPLES  # DHS normalisation: ω_2 samples replaced by their negatives
    a = single_sample_perceptron(Y, a0=A0, eta=ETA, engine="numpy").a_
    a_margin = single_sample_perceptron(Y, a0=A0, eta=ETA, margin=MARGIN, engine="numpy").a_

    def region(margin_shown: bool):
        def label(A):
            products = A @ Y.T
            inside = np.all(products > 0, axis=1)
            if not margin_shown:
                return np.where(inside, SOLUTION, OUTSIDE)
            return np.where(np.all(products >= MARGIN, axis=1), WITH_MARGIN,
                            np.where(inside, SOLUTION, OUTSIDE))
        return label

    fig = new_figure(8.0, 4.9)
    left, right = fig.subplots(1, 2)
    regions = {"raw": draw_regions(left, region(False), BOX, FILLS, gid="region-raw"),
               "normalised": draw_regions(right, region(True), BOX, FILLS,
                                          gid="region-normalised")}
    for ax, points, name in ((left, SAMPLES, "raw"), (right, Y, "normalised")):
        ax.scatter(*points[LABELS > 0].T, c=BLACK, s=30, zorder=3, label=r"$\omega_1$")
        ax.scatter(*points[LABELS < 0].T, c=RED, s=30, zorder=3,
                   label=r"$\omega_2$" if name == "raw" else r"$\omega_2$, normalised ($-y$)",
                   gid=f"omega2-{name}")
        for i, p in enumerate(points):
            ax.annotate(f"$y_{i + 1}$" if name == "raw" or LABELS[i] > 0 else f"$-y_{i + 1}$",
                        p, xytext=(5, 4), textcoords="offset points", fontsize=8)
        draw_line(ax, a, 0.0, BOX, gid=f"plane-{name}", color="black", lw=1.4,
                  label=r"plane $\mathbf{a}^t\mathbf{y} = 0$")
        ax.annotate("", xy=a, xytext=(0, 0),
                    arrowprops=dict(arrowstyle="-|>", color="black", lw=1.6))
        ax.annotate(r"$\mathbf{a}$", a, xytext=(4, -10), textcoords="offset points")
        square(ax, BOX)
        ax.set_xlabel("$y_1$")
        ax.set_ylabel("$y_2$")
    for i, y in enumerate(Y):
        draw_line(right, y, -MARGIN, BOX, gid=f"margin-edge-{i}", color="#38761d", lw=0.8,
                  ls="--", alpha=0.7, label=r"$\mathbf{a}^t\mathbf{y}_i = b$" if i == 0 else None)
    right.annotate("", xy=a_margin, xytext=(0, 0),
                   arrowprops=dict(arrowstyle="-|>", color="#38761d", lw=1.4))
    right.annotate(r"$\mathbf{a}_b$", a_margin, xytext=(6, -12), textcoords="offset points",
                   color="#38761d")
    left.set_title("raw data: the plane separates the categories")
    right.set_title(f"normalised: every $\\mathbf{{a}}^t\\mathbf{{y}}_i > 0$; "
                    f"margin $b = {MARGIN:g}$")
    legend = dict(zip(*left.get_legend_handles_labels()[::-1], strict=True))
    legend.update(zip(*right.get_legend_handles_labels()[::-1], strict=True))
    names, handles = list(legend), list(legend.values())
    handles += [Patch(color=FILLS[SOLUTION]), Patch(color=FILLS[WITH_MARGIN])]
    names += ["solution region", r"with margin: $\mathbf{a}^t\mathbf{y}_i \geq b$"]
    fig.legend(handles, names, loc="outside upper center", ncol=4, frameon=False)
    return fig, {"samples": SAMPLES, "labels": LABELS, "Y": Y, "a": a, "a_margin": a_margin,
                 "margin": MARGIN, "regions": regions}
