"""bromberg2012 Fig. 8 (after Bishop PRML Fig. 4.7): the perceptron's trace, correction by
correction.

Fourteen points of two classes (red C+, blue C-) in a 2-D feature space phi = (x_1, x_2),
no bias (the boundary w^T phi = 0 passes through the origin, as in the document's figure),
run through :func:`numerics.perceptron.single_sample_perceptron` in the cyclic order of the
rows from w(0) = (-0.3, 0.5). It makes two corrections. Row k of the figure is correction
k: on the left w(k) (black arrow) and its boundary (black line), the sample it
misclassifies circled in green and the vector t_n phi_n added to w; on the right the
result w(k+1). The last panel separates every sample.
"""

from __future__ import annotations

import numpy as np

from numerics.perceptron import misclassified, single_sample_perceptron

from ._common import BLUE, GREEN, RED, draw_line, new_figure, square

#: the data set: rows in the order the perceptron visits them; labels +1 (red), -1 (blue)
X = np.array([[0.2, 0.7], [-0.6, -0.2], [0.5, 0.5], [-0.3, -0.7], [0.7, 0.8], [-0.8, 0.1],
              [0.4, 0.9], [-0.5, -0.6], [0.8, 0.3], [0.1, -0.5], [0.1, 0.4], [-0.2, -0.3],
              [0.9, -0.1], [-0.4, 0.3]])
T = np.array([1, -1] * 7)
#: the initial weights w(0)
W0 = np.array([-0.3, 0.5])
BOX = (-1.0, 1.0, -1.0, 1.0)


def draw():
    """The trace. ``data``: ``X``, ``t``, ``weights`` (w(0), w(1), ... as run),
    ``corrected`` (the row index corrected at each step), ``result`` (the
    :class:`~numerics.perceptron.PerceptronResult`)."""
    Y = T[:, None] * X  # normalised samples t_n phi_n: a correction adds one of them
    result = single_sample_perceptron(Y, a0=W0, record=True, engine="numpy")
    weights = [W0, *result.history_]
    steps = len(result.history_)
    fig = new_figure(6.2, 3.2 * steps + 0.6)
    axes = fig.subplots(steps, 2, squeeze=False)
    for k in range(steps):
        n = int(result.updated_samples_[k])
        _panel(axes[k, 0], weights[k], f"w({k})", gid=f"w{k}-before")
        ax = axes[k, 0]
        ring = ax.scatter(X[n, 0], X[n, 1], s=260, facecolors="none", edgecolors=GREEN,
                          linewidths=2.0, zorder=4, label="misclassified")
        ring.set_gid(f"circled-{k}")
        step = Y[n]
        ax.annotate("", xy=weights[k] + step, xytext=weights[k],
                    arrowprops=dict(arrowstyle="-|>", color=GREEN, lw=1.2, ls="--"))
        sign = "+" if T[n] > 0 else "-"
        ax.set_title(f"$\\mathbf{{w}}({k})$ misclassifies sample {n + 1} (circled):\n"
                     f"$\\mathbf{{w}}({k + 1}) = \\mathbf{{w}}({k}) {sign} \\phi_{{{n + 1}}}$")
        _panel(axes[k, 1], weights[k + 1], f"w({k + 1})", gid=f"w{k + 1}-after")
        wrong = int(misclassified(weights[k + 1], Y).sum())
        axes[k, 1].set_title(f"after correction {k + 1}:\n"
                             + ("every sample correct" if wrong == 0 else
                                f"{wrong} sample{'s' if wrong > 1 else ''} misclassified"))
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside upper center", ncol=4, frameon=False)
    return fig, {"X": X, "t": T, "weights": weights,
                 "corrected": np.asarray(result.updated_samples_), "result": result}


def _panel(ax, w, name: str, *, gid: str) -> None:
    ax.scatter(*X[T > 0].T, c=RED, s=22, zorder=3, label=r"$\mathcal{C}^+$ ($t_n = +1$)")
    ax.scatter(*X[T < 0].T, c=BLUE, s=22, zorder=3, label=r"$\mathcal{C}^-$ ($t_n = -1$)")
    draw_line(ax, w, 0.0, BOX, gid=f"boundary-{gid}", color="black", lw=1.4,
              label=r"boundary $\mathbf{w}^T\phi = 0$")
    arrow = ax.annotate("", xy=w, xytext=(0, 0),
                        arrowprops=dict(arrowstyle="-|>", color="black", lw=1.6))
    arrow.set_gid(f"arrow-{gid}")
    side = np.array([w[1], -w[0]]) / np.linalg.norm(w)  # the label beside the arrow's middle
    ax.annotate(f"$\\mathbf{{{name[0]}}}{name[1:]}$", xy=w / 2, xytext=6 * side,
                textcoords="offset points", fontsize=8,
                ha="right" if side[0] < 0 else "left", va="top" if side[1] < 0 else "bottom")
    ax.axhline(0, color="0.85", lw=0.6, zorder=0)
    ax.axvline(0, color="0.85", lw=0.6, zorder=0)
    square(ax, BOX)
    ax.set_xlabel(r"$\phi_1$")
    ax.set_ylabel(r"$\phi_2$")
