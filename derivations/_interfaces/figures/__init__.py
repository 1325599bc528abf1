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
    FigureSpec("ambiguous-regions", "multiclass:draw_ambiguous",
               "bromberg2012 Fig. 4: ambiguous regions of one-versus-rest and one-versus-one"),
    FigureSpec("argmax-regions", "multiclass:draw_argmax",
               "bromberg2012 Fig. 5: K = 3 decision regions of the argmax discriminant, convex"),
    FigureSpec("phi-map", "phi_map",
               "bromberg2012 Fig. 6: a circle in x-space is a plane in phi-space"),
    FigureSpec("perceptron-trace", "perceptron_trace",
               "bromberg2012 Fig. 8: perceptron weights and boundary after each correction, "
               "the misclassified point circled"),
    FigureSpec("solution-region", "solution_region",
               "dhs-perceptron Fig. 5.8: raw and normalised samples, the solution region and "
               "the margin"),
    FigureSpec("least-squares-logistic", "least_squares_logistic:draw_two_classes",
               "udelar2018 (two classes): least squares (magenta) against logistic regression "
               "(green), without and with outliers"),
    FigureSpec("least-squares-softmax", "least_squares_logistic:draw_three_classes",
               "udelar2018 (three classes): least squares (left) against logistic regression "
               "(right)"),
    FigureSpec("fisher", "fisher",
               "udelar2018 (Fisher): mean-difference direction against Fisher's, with the "
               "projected histograms"),
    FigureSpec("svm-exercise", "svm_exercise",
               "hermosillo2017 (Ejercicio): the exercise's points, the maximum-margin line, "
               "its margin and support vectors"),
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


def draw(name: str):
    """Draw the figure ``name`` (see :data:`FIGURES`): returns ``(Figure, data)``."""
    spec = _BY_NAME[name]
    module, _, function = spec.module.partition(":")
    fn = getattr(importlib.import_module(f"{__name__}.{module}"), function or "draw")
    from ._common import rendering

    with rendering():
        return fn()


def placed_at(entry_id: str) -> list[FigureSpec]:
    """The figures the documents mention at catalog entry ``entry_id``, in :data:`FIGURES` order."""
    return [f for f in FIGURES if entry_id in f.entries]


def write(name: str, path: Path, fmt: str = "pdf", dpi: int = 150) -> Path:
    """Draw figure ``name`` and save it to ``path`` as ``fmt`` (needs matplotlib: a
    :class:`UsageError` naming the install otherwise); returns ``path``."""
    _require_matplotlib()
    from ._common import rendering, save

    fig, _ = draw(name)
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
    parser.add_argument("--list", action="store_true",
                        help="list the figures and the document figure each redraws, and exit")


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
        width = max(len(f.name) for f in FIGURES)
        for f in specs:
            print(f"{f.name:<{width}}  {f.summary}")
        return 0
    _require_matplotlib()
    try:
        ns.output.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _usage_error(f"cannot create the output folder {str(ns.output)!r} "
                           f"({exc.strerror}); pass -o DIR with a folder you can write") from None
    from ._common import rendering, save

    for spec in specs:
        fig, _ = draw(spec.name)
        path = ns.output / f"{spec.name}.{ns.format}"
        try:
            with rendering():
                save(fig, path, ns.format, ns.dpi)
        except OSError as exc:
            raise _usage_error(f"cannot write {str(path)!r} ({exc.strerror}); pass -o DIR "
                               f"with a folder you can write") from None
        print(path)
    return 0
