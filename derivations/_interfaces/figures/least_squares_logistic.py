"""udelar2018 "Clasificación con mínimos cuadrados: resultados" (after Bishop PRML Figs. 4.4
and 4.5): least squares against logistic regression.

Two classes ("min. cuadrados, target binarios (magenta), logistic regression (verde)"): the
boundary of :func:`numerics.least_squares.fit_least_squares` with 1-of-K targets, where
y_2(x) = y_1(x) (:func:`numerics.multiclass.pairwise_boundary` of its two discriminants),
and of :func:`numerics.logistic.fit_logistic_regression` (maximum likelihood), on the same
data without and with a cluster of outliers far on the blue side. The outliers are
correctly classified, yet they drag the least-squares boundary ("poco robusto: puntos
lejanos a la frontera tienen demasiado peso relativo"); the logistic boundary barely moves.

Three classes ("min. cuadrados, target binarios (izq.), logistic regression (der.)"): the
argmax regions of least squares (:func:`numerics.least_squares.predict`) and of softmax
regression (:func:`numerics.logistic.fit_softmax_regression`, ``predict``) on three classes
along a line: least squares nearly loses the middle class ("comportamiento pobre para
múltiples clases").

The classes overlap a little, so the maximum-likelihood weights exist (on separable data
numerics.logistic refuses the fit with PerfectSeparationError).
"""

from __future__ import annotations

import numpy as np

from numerics import least_squares, logistic
from numerics.multiclass import pairwise_boundary

from ._common import (
    BLUE,
    CLASS_COLOURS,
    GREEN,
    MAGENTA,
    RED,
    REGION_FILLS,
    draw_line,
    draw_regions,
    new_figure,
    square,
)


def _two_class_data() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    red = rng.normal([-0.8, 0.8], 0.8, (40, 2))
    blue = rng.normal([0.8, -0.8], 0.8, (40, 2))
    outliers = rng.normal([5.0, -5.0], 0.5, (12, 2))
    return np.round(np.vstack([red, blue]), 2), np.repeat([0, 1], 40), np.round(outliers, 2)


def _three_class_data() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    X = np.vstack([rng.normal(m, 0.9, (30, 2)) for m in ([-2.5, -2.5], [0.0, 0.0], [2.5, 2.5])])
    return np.round(X, 2), np.repeat([0, 1, 2], 30)


#: two classes (0 red, 1 blue) and the outliers (class 1) added in the right panel
X2, Y2, OUTLIERS = _two_class_data()
#: three classes along the diagonal
X3, Y3 = _three_class_data()
BOX2 = (-3.5, 6.5, -6.5, 3.5)
BOX3 = (-5.5, 5.5, -5.5, 5.5)


def draw_two_classes():
    """``data``: per panel (``"clean"``, ``"outliers"``): ``X``, ``y``, ``least_squares`` (the
    fit), ``ls_boundary`` ((w, b) of y_2 - y_1), ``logistic`` (the fit)."""
    fig = new_figure(8.0, 4.8)
    axes = fig.subplots(1, 2)
    data = {}
    panels = (("clean", X2, Y2), ("outliers", np.vstack([X2, OUTLIERS]),
                                  np.concatenate([Y2, np.ones(len(OUTLIERS), int)])))
    for ax, (name, X, y) in zip(axes, panels, strict=True):
        ls = least_squares.fit_least_squares(X, y)
        pb = pairwise_boundary(coef=ls.coef_, intercept=ls.intercept_, k=1, j=0)
        lg = logistic.fit_logistic_regression(X, y)
        ax.scatter(*X[y == 0].T, marker="x", c=RED, s=20, lw=1.2, label="class 1", zorder=3)
        ax.scatter(*X[y == 1].T, marker="o", facecolors="none", edgecolors=BLUE, s=20,
                   label="class 2", zorder=3)
        draw_line(ax, pb.coef_, pb.intercept_, BOX2, gid=f"least-squares-{name}", color=MAGENTA,
                  lw=1.8, label="least squares, binary targets")
        draw_line(ax, lg.coef_, lg.intercept_, BOX2, gid=f"logistic-{name}", color=GREEN,
                  lw=1.8, label="logistic regression")
        square(ax, BOX2)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        ax.set_title("without outliers" if name == "clean" else
                     f"with {len(OUTLIERS)} outliers of class 2 (bottom right)")
        data[name] = {"X": X, "y": y, "least_squares": ls,
                      "ls_boundary": (pb.coef_, pb.intercept_), "logistic": lg}
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside upper center", ncol=4,
               frameon=False)
    return fig, data


def draw_three_classes():
    """``data``: ``X``, ``y``, ``least_squares`` and ``softmax`` (the fits), ``labels``
    ({"least squares": image, "logistic": image})."""
    fits = {"least squares": least_squares.fit_least_squares(X3, Y3),
            "logistic": logistic.fit_softmax_regression(X3, Y3)}
    predictors = {"least squares": least_squares.predict, "logistic": logistic.predict}
    fig = new_figure(8.0, 4.8)
    axes = fig.subplots(1, 2)
    labels = {}
    for ax, (name, fit) in zip(axes, fits.items(), strict=True):
        predict = predictors[name]
        labels[name] = draw_regions(ax, lambda P, f=fit, p=predict: p(f, P), BOX3,
                                    REGION_FILLS, gid=f"regions-{name}")
        for k in range(3):
            ax.scatter(*X3[Y3 == k].T, c=CLASS_COLOURS[k], s=14, edgecolors="white",
                       linewidths=0.4, label=f"class {k + 1}", zorder=3)
        correct = int((predict(fit, X3) == Y3).sum())
        square(ax, BOX3)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
        ax.set_title(("least squares, binary targets" if name == "least squares" else
                      "logistic (softmax) regression")
                     + f"\n{correct} of {len(Y3)} training points correct")
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside upper center", ncol=3,
               frameon=False)
    return fig, {"X": X3, "y": Y3, "least_squares": fits["least squares"],
                 "softmax": fits["logistic"], "labels": labels}
