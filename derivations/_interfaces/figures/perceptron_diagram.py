"""bromberg2012 Fig. 7 ("Representación gráfica del perceptrón"): the perceptron drawn as a
neuron.

The inputs x_1, ..., x_D (here D = 2) and a constant 1 enter through input neurons; each
synapse scales its input by its weight w_i (the bias b on the constant's); the central
neuron (pink, as in the document) sums them into a = w^T phi(x), and the step f(a) = +1 if
a >= 0, -1 otherwise (bromberg2012 Eq. (7)) gives the output.

The weights are not made up: they are the first perceptron run of the linear-separators
figure (:func:`numerics.perceptron.single_sample_perceptron` on its data, bias last), and one
of its samples is shown passing through: each synapse's product w_i x_i, their sum a
(:func:`numerics.geometry.decision_function`) and f(a), which is the sample's class because
the run converged. The layout of the boxes and arrows is a diagram's; every number on it is
computed.
"""

from __future__ import annotations

import numpy as np
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle

from numerics.geometry import decision_function

from ._common import new_figure
from .separators import SHOWN, T, X, separators

PINK = "#f7c6d9"
#: centres of the input neurons (x_1, x_2, then the constant 1), the sum and the step
INPUTS = np.array([[0.0, 2.4], [0.0, 1.2], [0.0, 0.0]])
NEURON = np.array([3.4, 1.2])
STEP = np.array([5.3, 1.2])
OUTPUT = np.array([6.9, 1.2])
RADIUS = 0.36


def step(a: np.ndarray) -> np.ndarray:
    """bromberg2012's activation: f(a) = +1 if a >= 0, -1 otherwise."""
    return np.where(np.asarray(a) >= 0, 1, -1)


def draw():
    """``data``: ``weights`` ((w_1, w_2, b), the perceptron's), ``x`` (the sample shown),
    ``t`` (its class), ``products`` (w_1 x_1, w_2 x_2, b 1), ``a`` (their sum), ``output``
    (f(a))."""
    run = separators()[0][0]
    weights = run.a_
    n = SHOWN[0]
    x = X[n]
    phi = np.append(x, 1.0)
    products = weights * phi
    a = float(decision_function(x[None, :], coef=weights[:2], intercept=weights[2])[0])
    output = int(step(a))
    fig = new_figure(6.4, 3.0)
    ax = fig.subplots()
    names = ("$x_1$", "$x_2$", "$1$")
    weight_names = ("w_1", "w_2", "b")
    for i, (centre, name, value) in enumerate(zip(INPUTS, names, phi, strict=True)):
        ax.add_patch(Circle(centre, RADIUS, fc="white", ec="black", lw=1.2))
        ax.text(*centre, name, ha="center", va="center", fontsize=11)
        ax.text(centre[0] - RADIUS - 0.12, centre[1], f"${value:g}$", ha="right",
                va="center", fontsize=9, color="0.35", gid=f"input-{i}")
        ax.add_patch(FancyArrowPatch(centre + [RADIUS, 0], NEURON, arrowstyle="-|>",
                                     mutation_scale=10, lw=1.1, color="black",
                                     shrinkB=RADIUS * 72 * 1.2))
        middle = centre + 0.45 * (NEURON - centre)
        ax.text(*middle, f"${weight_names[i]} = {weights[i]:g}$", ha="center",
                va="bottom", fontsize=9, color="#c2185b", gid=f"weight-{i}",
                bbox=dict(fc="white", ec="none", pad=0.5, alpha=0.85))
        ax.text(middle[0], middle[1] - 0.08, f"$\\times {value:g} = {products[i]:g}$",
                ha="center", va="top", fontsize=8, color="0.35", gid=f"product-{i}")
    ax.add_patch(Circle(NEURON, RADIUS * 1.5, fc=PINK, ec="black", lw=1.2))
    ax.text(*NEURON, r"$\Sigma$", ha="center", va="center", fontsize=15)
    ax.text(NEURON[0], NEURON[1] - RADIUS * 1.5 - 0.12, f"$a = {a:g}$", ha="center",
            va="top", fontsize=9, gid="sum")
    ax.add_patch(FancyArrowPatch(NEURON + [RADIUS * 1.5, 0], STEP - [0.5, 0],
                                 arrowstyle="-|>", mutation_scale=10, lw=1.1, color="black"))
    ax.add_patch(Rectangle(STEP - 0.5, 1.0, 1.0, fc="white", ec="black", lw=1.2))
    grid = np.linspace(-1.0, 1.0, 201)
    (curve,) = ax.plot(STEP[0] + 0.4 * grid, STEP[1] + 0.3 * step(grid), color="black",
                       lw=1.2)
    curve.set_gid("activation")
    ax.text(STEP[0], STEP[1] + 0.62, "$f(a)$", ha="center", va="bottom", fontsize=9)
    ax.add_patch(FancyArrowPatch(STEP + [0.5, 0], OUTPUT - [0.35, 0], arrowstyle="-|>",
                                 mutation_scale=10, lw=1.1, color="black"))
    ax.text(*OUTPUT, f"$y = {output:+d}$", ha="left", va="center", fontsize=10,
            gid="output")
    ax.set_xlim(-1.0, 8.2)
    ax.set_ylim(-0.7, 3.0)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title("inputs, synaptic weights, sum and step: "
                 f"$y(\\mathbf{{x}}) = f(\\mathbf{{w}}^\\top\\phi(\\mathbf{{x}}))$, "
                 f"here for a point of $\\mathcal{{C}}^{{{'+' if T[n] > 0 else '-'}}}$")
    return fig, {"weights": weights, "x": x, "t": int(T[n]), "products": products, "a": a,
                 "output": output}
