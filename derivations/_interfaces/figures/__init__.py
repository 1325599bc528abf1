"""`lindisc figures`: the documents' illustrations, redrawn from :mod:`numerics`.

The documents' figures were lost in conversion; only their captions remain. Each figure here
redraws one from what ``numerics`` computes on a small fixed data set — weights, boundaries,
regions, support vectors are the functions' results, never hand-placed lines — so every
picture is also a check of the code (``tests/derivations/interfaces/test_figures.py``).

Every figure module has ``draw() -> (Figure, data)``: ``data`` is a dict of the numeric
objects plotted, and the artists that show them carry a ``gid`` naming them, so a test can
read a plotted line back and check it is the returned weight vector's boundary.

This module is imported on every ``lindisc`` call (the CLI builds its parser): it holds the
list of figures and the options, and imports matplotlib only when asked to draw. Without
matplotlib the command exits 2 naming ``pip install 'lindisc[figures]'``.
"""

from __future__ import annotations

import difflib
import importlib
import textwrap
from dataclasses import dataclass
from pathlib import Path

from ..options import UsageError

__all__ = ["FIGURES", "FigureSpec", "add_arguments", "draw", "placed_at", "run", "write"]

HELP = "draw the documents' illustrations from the verified numerics (matplotlib)"
EXAMPLE = "lindisc figures -o figures --format png"

FORMATS = ("png", "pdf", "svg")


@dataclass(frozen=True)
class FigureSpec:
    """One figure: ``name`` (the file name and the command's NAME), where its ``draw`` lives,
    and what it shows (the document and figure it redraws)."""

    name: str
    module: str
    summary: str
    #: catalog entry ids where the documents mention this figure: the article and the blueprint
    #: place it there (:func:`write` makes the file), its caption printed outside the image
    entries: tuple[str, ...] = ()
    #: the caption the article and the blueprint print under the image (Markdown, ``$...$`` math)
    caption: str = ""


FIGURES = (
    FigureSpec(
        "linear-separators", "separators:draw_separators",
        "bromberg2012 Fig. 1: linear separators of dimension 1 (orange) in a 2-D input space",
        entries=("geometry.lemma1_sign",),
        caption=(
            "Linear separators (orange) of two classes in a plane, after bromberg2012 Fig. 1. "
            r"Each line is a hyperplane $\mathbf{w}^\top\mathbf{x} + b = 0$ found by the "
            "perceptron from a different starting vector, the thick one by the maximum-margin "
            r"SVM; every one puts all the points of $\mathcal{C}^+$ (red) in "
            r"$\mathcal{R}^+$, the side $\mathbf{w}$ points to, and all those of "
            r"$\mathcal{C}^-$ (blue) in $\mathcal{R}^-$: a consistent hypothesis.")),
    FigureSpec(
        "hyperplane-geometry", "separators:draw_geometry",
        "bromberg2012 Fig. 2 (udelar2018 Frontera de decisión): the weight vector is normal "
        "to the hyperplane; the plane's distance from the origin",
        entries=("geometry.w_normal", "geometry.origin_distance"),
        caption=(
            r"Geometry of the hyperplane $H$: $\mathbf{w}^\top\mathbf{x} + b = 0$, after "
            "bromberg2012 Fig. 2 (the maximum-margin line of the previous figure). Two "
            r"points $\mathbf{x}_A$ and $\mathbf{x}_B$ of $H$ give a vector "
            r"$\mathbf{x}_A - \mathbf{x}_B$ lying on $H$, and "
            r"$\mathbf{w}^\top(\mathbf{x}_A - \mathbf{x}_B) = 0$: $\mathbf{w}$ is "
            r"perpendicular to $H$ and points into $\mathcal{R}^+$. The plane lies at signed "
            r"distance $-b/\lVert\mathbf{w}\rVert$ from the origin, along "
            r"$\mathbf{w}/\lVert\mathbf{w}\rVert$.")),
    FigureSpec(
        "signed-distance", "separators:draw_distance",
        "bromberg2012 Fig. 3 (udelar2018 Frontera de decisión): the signed perpendicular "
        "distance of a point to the hyperplane",
        entries=("geometry.signed_distance",),
        caption=(
            r"The perpendicular distance $r(\mathbf{x})$ of a point to the hyperplane $H$, "
            r"after bromberg2012 Fig. 3: $\mathbf{x} = \mathbf{x}_\perp + "
            r"r(\mathbf{x})\,\mathbf{w}/\lVert\mathbf{w}\rVert$ with "
            r"$\mathbf{x}_\perp$ the point of $H$ nearest to $\mathbf{x}$, so "
            r"$y(\mathbf{x}) = r(\mathbf{x})\lVert\mathbf{w}\rVert$. A point of "
            r"$\mathcal{R}^+$ has $r > 0$, a point of $\mathcal{R}^-$ has $r < 0$: the sign "
            r"of $y(\mathbf{x})$ is the side.")),
    FigureSpec(
        "ambiguous-regions", "multiclass:draw_ambiguous",
        "bromberg2012 Fig. 4: ambiguous regions of one-versus-rest and one-versus-one",
        entries=("multiclass.one_vs_rest_ambiguity", "multiclass.one_vs_one_ambiguity"),
        caption=(
            "Building a discriminant of $K = 3$ classes from binary ones leaves ambiguous "
            "regions (green, marked ?), after bromberg2012 Fig. 4. Left: $K - 1 = 2$ "
            r"discriminants, each between $\mathcal{C}_k$ and the rest; the green region is "
            r"claimed by both $\mathcal{C}_1$ and $\mathcal{C}_2$. Right: the "
            "$K(K-1)/2 = 3$ one-versus-one discriminants and a majority vote; in the green "
            "triangle each class gets one vote.")),
    FigureSpec(
        "argmax-regions", "multiclass:draw_argmax",
        "bromberg2012 Fig. 5: K = 3 decision regions of the argmax discriminant, convex",
        entries=("multiclass.convex_regions", "multiclass.interpolation"),
        caption=(
            "Decision regions of a single discriminant of $K = 3$ classes, "
            r"$\mathbf{x} \in \mathcal{R}_k$ when $y_k(\mathbf{x}) > y_j(\mathbf{x})$ "
            r"for every $j \neq k$, after bromberg2012 Fig. 5. The regions are convex: "
            r"$\hat{\mathbf{x}}$ on the segment between $\mathbf{x}_A$ and "
            r"$\mathbf{x}_B$, both in $\mathcal{R}_1$, is in $\mathcal{R}_1$.")),
    FigureSpec(
        "phi-map", "phi_map",
        "bromberg2012 Fig. 6: a circle in x-space is a plane in phi-space",
        entries=("feature_maps.conic_coefficients",),
        caption=(
            r"A sample that is not linearly separable in $\mathbf{x}$-space (left) is "
            r"separated by a plane in $\phi$-space, $\phi(\mathbf{x}) = (x_1^2, "
            r"\sqrt{2}\,x_1 x_2, x_2^2)$ (middle), after bromberg2012 Fig. 6. The plane is the "
            r"maximum-margin SVM in $\phi$-space; in $\mathbf{x}$-space it is a circle. "
            r"Right: $\phi$-space seen along the plane, which shows edge-on as the line "
            "$r = 0$; across it, the signed distance $r$ of every point to the plane.")),
    FigureSpec(
        "perceptron-diagram", "perceptron_diagram",
        "bromberg2012 Fig. 7: the perceptron drawn as a neuron",
        entries=("perceptron.single_sample",),
        caption=(
            "The perceptron as a neuron, after bromberg2012 Fig. 7: the inputs "
            r"$x_1, \dots, x_D$ and a constant 1 are scaled by the weights $w_i$ and the bias "
            "$b$ on the synapses, summed in the neuron, and the step "
            r"$f(a) = +1$ if $a \geq 0$, $-1$ otherwise, gives the output. The weights are "
            "the perceptron's on the data of the linear-separators figure; the numbers show "
            "one input passing through.")),
    FigureSpec(
        "perceptron-trace", "perceptron_trace",
        "bromberg2012 Fig. 8: perceptron weights and boundary after each correction, "
        "the misclassified point circled",
        entries=("perceptron.bromberg_single_sample_sign",),
        caption=(
            "Trace of the perceptron on two classes (red and blue) in a plane, after "
            "bromberg2012 Fig. 8. The weight vector is the black arrow and the decision "
            r"boundary $\mathbf{w}^\top\phi = 0$ the black line, the arrow pointing to "
            r"the red class. The misclassified point (green circle) has $t_n \phi_n$ added "
            r"to $\mathbf{w}$ (dashed green arrow), giving the boundary on the right; after "
            "two corrections every point is correct.")),
    FigureSpec(
        "solution-region", "solution_region",
        "dhs-perceptron Fig. 5.8: raw and normalised samples, the solution region and "
        "the margin",
        entries=("perceptron.solution_region", "geometry.normalisation", "perceptron.margin"),
        caption=(
            r"Four samples (black for $\omega_1$, red for $\omega_2$) and the solution "
            "region, after dhs-perceptron Fig. 5.8. Left, the raw data: the solution vector "
            r"$\mathbf{a}$ found by the perceptron gives a plane "
            r"$\mathbf{a}^\top\mathbf{y} = 0$ that separates the two categories. "
            "Right, the red samples normalised (changed in sign): the same plane puts all "
            r"four on one side. Light green: every $\mathbf{a}$ with "
            r"$\mathbf{a}^\top\mathbf{y}_i > 0$ for all $i$; dark green: the smaller "
            r"region $\mathbf{a}^\top\mathbf{y}_i \geq b$ a margin $b$ leaves, where the "
            r"perceptron with margin stops ($\mathbf{a}_b$).")),
    FigureSpec(
        "least-squares-logistic", "least_squares_logistic:draw_two_classes",
        "udelar2018 (two classes): least squares (magenta) against logistic regression "
        "(green), without and with outliers",
        entries=("least_squares.outlier_sensitivity",),
        caption=(
            "Two classes: least squares with binary (1-of-$K$) targets (magenta) against "
            "logistic regression (green), after udelar2018 (Clasificación con mínimos "
            "cuadrados: resultados). Right, the same data with a cluster of points of class 2 "
            "far from the boundary: correctly classified, they still drag the least-squares "
            "line, while the logistic boundary barely moves.")),
    FigureSpec(
        "least-squares-softmax", "least_squares_logistic:draw_three_classes",
        "udelar2018 (three classes): least squares (left) against logistic regression "
        "(right)",
        entries=("least_squares.masking_k_gt_2",),
        caption=(
            "Three classes along a line: the decision regions of least squares with binary "
            "targets (left) leave the middle class almost no room; those of softmax "
            "(multiclass logistic) regression (right) do not. After udelar2018 (Clasificación "
            "con mínimos cuadrados: resultados).")),
    FigureSpec(
        "fisher", "fisher",
        "udelar2018 (Fisher): mean-difference direction against Fisher's, with the "
        "projected histograms",
        entries=("fisher.mean_difference_direction", "fisher.maximiser",
                 "fisher.projected_means"),
        caption=(
            "Projecting two classes onto a line, after udelar2018 (Discriminante lineal de "
            "Fisher) and the projection picture of ml10. Left: onto the direction of the mean "
            r"difference $\mathbf{m}_2 - \mathbf{m}_1$, the projections overlap. Right: "
            r"onto Fisher's direction $\mathbf{w} \propto \mathbf{S}_W^{-1}(\mathbf{m}_2 - "
            r"\mathbf{m}_1)$ they separate. Each panel gives the criterion "
            r"$J(\mathbf{w})$; the histograms below are those of "
            r"$y = \mathbf{w}^\top\mathbf{x}$.")),
    FigureSpec(
        "line-through-two-points", "plane_lines:draw_line_through_points",
        "hermosillo2017 Geometría básica en el plano 2D: the line through two points and its "
        "normal",
        entries=("geometry.line_through_two_points",),
        caption=(
            r"The line through two points $\mathbf{x}_1 = (x_1, y_1)$ and "
            r"$\mathbf{x}_2 = (x_2, y_2)$, after hermosillo2017 (Geometría básica en el plano "
            r"2D): $\mathbf{w} = (y_1 - y_2, x_2 - x_1)$ is perpendicular to it, so any "
            r"point $\mathbf{P}$ of the line satisfies "
            r"$\mathbf{w} \cdot (\mathbf{P} - \mathbf{x}_1) = 0$, which is "
            "$A x_P + B y_P + C = 0$.")),
    FigureSpec(
        "dot-product-side", "plane_lines:draw_dot_product_side",
        "hermosillo2017 Producto punto sobre vector perpendicular a una recta: the sign of "
        "the dot product with the normal tells the side",
        entries=("geometry.dot_product_side",),
        caption=(
            "The dot product with the normal tells the side of a line, after hermosillo2017 "
            r"(Producto punto sobre vector perpendicular a una recta): with $\mathbf{P}$ on "
            r"the line, $r = \langle\mathbf{w}, \mathbf{x} - \mathbf{P}\rangle$ is "
            r"$r_1 > 0$ for a point on the side $\mathbf{w}$ points to and $r_2 < 0$ for a "
            r"point on the other; $r/\lVert\mathbf{w}\rVert$ is the signed distance to "
            "the line, and the line lies at distance "
            r"$-C/\lVert\mathbf{w}\rVert$ from the origin along "
            r"$\mathbf{w}/\lVert\mathbf{w}\rVert$.")),
    FigureSpec(
        "svm-exercise", "svm_exercise",
        "hermosillo2017 (Ejercicio): the exercise's points, the maximum-margin line, "
        "its margin and support vectors",
        entries=("svm.exercise_gram", "svm.exercise_solution"),
        caption=(
            "The three points of hermosillo2017's exercise (red $y_i = +1$, blue "
            "$y_i = -1$), the maximum-margin line "
            r"$\langle\mathbf{w}, \mathbf{x}\rangle - t = 0$ and the margin lines "
            r"$\langle\mathbf{w}, \mathbf{x}\rangle - t = \pm 1$ at distance "
            r"$1/\lVert\mathbf{w}\rVert$, the support vectors circled. "
            r"$\mathbf{x}_1$ lies on the margin with $\alpha_1 = 0$: on the margin, yet "
            "not a support vector.")),
)

_BY_NAME = {f.name: f for f in FIGURES}


def _usage_error(message: str):
    return UsageError(message)


def _require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401 - only whether it is there
    except ImportError:
        raise _usage_error("'lindisc figures' needs matplotlib: pip install 'lindisc[figures]' "
                           "(or pip install 'matplotlib>=3.8')") from None


def draw(name: str, *, caption: bool = False):
    """Draw the figure ``name`` (see :data:`FIGURES`): returns ``(Figure, data)``. The image
    holds no caption unless ``caption`` (the spec's caption drawn under the panels, for a
    standalone image); the article and the blueprint print it outside."""
    spec = _BY_NAME[name]
    module, _, function = spec.module.partition(":")
    fn = getattr(importlib.import_module(f"{__name__}.{module}"), function or "draw")
    from ._common import draw_caption, rendering

    with rendering():
        fig, data = fn()
        if caption:
            draw_caption(fig, spec.caption)
    return fig, data


def placed_at(entry_id: str) -> list[FigureSpec]:
    """The figures the documents mention at catalog entry ``entry_id``, in :data:`FIGURES` order."""
    return [f for f in FIGURES if entry_id in f.entries]


def write(name: str, path: Path, fmt: str = "pdf", dpi: int = 150, *,
          caption: bool = False) -> Path:
    """Draw figure ``name`` and save it to ``path`` as ``fmt`` (needs matplotlib: a
    :class:`UsageError` naming the install otherwise); returns ``path``. No caption in the
    image unless ``caption``."""
    _require_matplotlib()
    from ._common import rendering, save

    fig, _ = draw(name, caption=caption)
    with rendering():
        save(fig, Path(path), fmt, dpi)
    return Path(path)


def add_arguments(parser) -> None:
    """Options of `lindisc figures` (no matplotlib or numpy imported here)."""
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="figures to draw (default: all; --list shows them)")
    parser.add_argument("-o", "--output", type=Path, default=Path("figures"), metavar="DIR",
                        help="folder to write NAME.FORMAT into, created if needed "
                             "(default: ./figures)")
    parser.add_argument("--format", choices=FORMATS, default="png",
                        help="file format (default png)")
    parser.add_argument("--dpi", type=_dpi, default=150,
                        help="dots per inch of png files and of the region images inside "
                             "pdf and svg, 50 to 600 (default 150)")
    parser.add_argument("--caption-in-image", action="store_true",
                        help="draw each figure's caption under its panels, for standalone "
                             "images (default: no caption in the image; the article and the "
                             "blueprint print it outside)")
    parser.add_argument("--list", action="store_true",
                        help="list the figures, the document figure each redraws, the "
                             "catalog entries it is placed at and its caption, and exit")


def _dpi(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 50 <= value <= 600:
        raise argparse.ArgumentTypeError(f"--dpi must be a whole number from 50 to 600, "
                                         f"got {text!r}")
    return value


def _selected(names: list[str]) -> list[FigureSpec]:
    chosen: list[FigureSpec] = []
    for n in names:
        if n not in _BY_NAME:
            close = difflib.get_close_matches(n, list(_BY_NAME), n=3, cutoff=0.5)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise _usage_error(f"unknown figure {n!r}.{hint} Run 'lindisc figures --list' "
                               f"to see the {len(FIGURES)} figures.")
        if _BY_NAME[n] not in chosen:
            chosen.append(_BY_NAME[n])
    return chosen or list(FIGURES)


def run(ns) -> int:
    """Write each chosen figure to ``DIR/NAME.FORMAT``, printing one path a line."""
    specs = _selected(ns.names)
    if ns.list:
        from ..prose import to_text

        for f in specs:
            print(f"{f.name}: {f.summary}")
            print(textwrap.fill(f"placed at: {', '.join(f.entries)}", 96,
                                initial_indent="    ", subsequent_indent="      "))
            caption = to_text(f.caption)  # Markdown with $...$ math, as text
            print(textwrap.fill(f"caption: {caption}", 96, initial_indent="    ",
                                subsequent_indent="      ", break_long_words=False,
                                break_on_hyphens=False))
        return 0
    _require_matplotlib()
    try:
        ns.output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _usage_error(f"cannot create the output folder {str(ns.output)!r} "
                           f"({exc.strerror}); pass -o DIR with a folder you can write") from None
    from ._common import rendering, save

    for spec in specs:
        fig, _ = draw(spec.name, caption=ns.caption_in_image)
        path = ns.output / f"{spec.name}.{ns.format}"
        try:
            with rendering():
                save(fig, path, ns.format, ns.dpi)
        except OSError as exc:
            raise _usage_error(f"cannot write {str(path)!r} ({exc.strerror}); pass -o DIR "
                               f"with a folder you can write") from None
        print(path)
    return 0
