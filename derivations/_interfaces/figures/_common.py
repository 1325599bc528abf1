"""What every figure shares: an Agg figure without pyplot, lines and regions computed from
weights, the documents' colours, the caption, and deterministic saving.

Imported only when a figure is drawn (it imports matplotlib). Nothing here decides what a
figure shows: the weights, boundaries and labels come from :mod:`numerics`; these helpers
only turn ``w^T x + b = 0`` into the segment inside the axes and a labelling function into
an image.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

#: rcParams every figure is drawn and saved under (see ``rendering``).
STYLE = {
    "font.size": 9,
    "axes.titlesize": 9,
    "axes.labelsize": 9,
    "legend.fontsize": 8,
    "legend.framealpha": 0.9,
    "svg.hashsalt": "lindisc",  # SVG ids the same on every run
    "svg.fonttype": "path",
    "pdf.fonttype": 42,
}

# bromberg2012 Fig. 8: classes in red (C+) and blue (C-); green circles the mistake.
RED, BLUE, GREEN = "#d62728", "#1f77b4", "#2ca02c"
# udelar2018: least squares in magenta, logistic regression in green.
MAGENTA = "#c2185b"
#: light fills of the K = 3 regions (class 0, 1, 2) and of an ambiguous region (green,
#: bromberg2012 Fig. 4)
REGION_FILLS = ("#f4b6b6", "#b6cdf4", "#f6e3a1")
AMBIGUOUS_FILL = "#9fdf9f"
#: marker colours of classes 0, 1, 2
CLASS_COLOURS = (RED, BLUE, "#b8860b")

#: metadata that would change from run to run (dates, versions): left out of every format
_FIXED_METADATA = {
    "png": {"Software": None},
    "pdf": {"CreationDate": None, "ModDate": None, "Producer": None, "Creator": None},
    "svg": {"Date": None, "Creator": None},
}


def rendering():
    """The rc context every figure is drawn and saved in."""
    return matplotlib.rc_context(STYLE)


def new_figure(width: float, height: float) -> Figure:
    """A figure on its own Agg canvas: no pyplot, no global state, no display needed."""
    fig = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(fig)
    return fig


#: LaTeX the captions use (PROSE conventions) that matplotlib's mathtext spells differently
_MATHTEXT = {r"\lVert": r"\|", r"\rVert": r"\|"}


def caption_mathtext(markdown: str) -> str:
    """A caption's Markdown as matplotlib text: ``$...$`` math kept for mathtext (with the
    few macros it lacks respelled), emphasis and code marks dropped."""
    parts = re.split(r"(\$[^$]*\$)", markdown)
    out = []
    for part in parts:
        if part.startswith("$") and part.endswith("$") and len(part) > 1:
            for latex, mathtext in _MATHTEXT.items():
                part = part.replace(latex, mathtext)
        else:
            part = re.sub(r"[*`]", "", part)
        out.append(part)
    return "".join(out)


def wrap_outside_math(text: str, width: int) -> str:
    """Wrap ``text`` at spaces outside ``$...$`` to lines of about ``width`` characters of
    what is shown (a formula counts half its source length)."""
    words = re.findall(r"(?:\$[^$]*\$|[^\s$])+", text)
    lines, line, used = [], [], 0
    for word in words:
        size = sum(len(p) // 2 if p.startswith("$") else len(p)
                   for p in re.split(r"(\$[^$]*\$)", word) if p)
        if line and used + 1 + size > width:
            lines.append(" ".join(line))
            line, used = [], 0
        used += size + (1 if line else 0)
        line.append(word)
    if line:
        lines.append(" ".join(line))
    return "\n".join(lines)


def draw_caption(fig: Figure, markdown: str) -> None:
    """The caption under the panels (only when asked: by default images have none), wrapped
    to the figure's width (about 0.55 em a character at 8 pt)."""
    width = int(fig.get_figwidth() * 72 / (0.55 * 8))
    fig.supxlabel(wrap_outside_math(caption_mathtext(markdown), width), fontsize=8,
                  ha="center", color="0.2", gid="caption")


def line_in_box(w: Sequence[float], b: float, box: Sequence[float]) -> np.ndarray | None:
    """The two ends of the segment of ``{x : w^T x + b = 0}`` inside ``box = (x0, x1, y0, y1)``,
    as a (2, 2) array, or None when the line misses the box.

    The ends are where the line crosses the box's edges: on the edge x = x0 the line's
    point is y = -(w_1 x0 + b) / w_2, and so on; the two crossings farthest apart are kept.
    """
    w = np.asarray(w, dtype=float)
    x0, x1, y0, y1 = box
    points = []
    if w[1] != 0:
        for x in (x0, x1):
            y = -(w[0] * x + b) / w[1]
            if y0 <= y <= y1:
                points.append((x, y))
    if w[0] != 0:
        for y in (y0, y1):
            x = -(w[1] * y + b) / w[0]
            if x0 <= x <= x1:
                points.append((x, y))
    if len(points) < 2:
        return None
    P = np.array(points)
    i, j = max(((i, j) for i in range(len(P)) for j in range(i + 1, len(P))),
               key=lambda ij: np.linalg.norm(P[ij[0]] - P[ij[1]]))
    return P[[i, j]]


def draw_line(ax, w, b, box, *, gid: str, **style):
    """Draw ``w^T x + b = 0`` across ``box``; the artist carries ``gid`` for the tests."""
    ends = line_in_box(w, b, box)
    if ends is None:
        return None
    (line,) = ax.plot(ends[:, 0], ends[:, 1], **style)
    line.set_gid(gid)
    return line


def draw_arrow(ax, start, end, *, gid: str, colour="black", lw: float = 1.5,
               style: str = "-|>"):
    """An arrow from ``start`` to ``end`` (data points, no shrinking at either end: the
    tests read ``xyann`` and ``xy`` back as the vector's ends); it carries ``gid``."""
    arrow = ax.annotate("", xy=end, xytext=start,
                        arrowprops=dict(arrowstyle=style, color=colour, lw=lw,
                                        shrinkA=0, shrinkB=0))
    arrow.set_gid(gid)
    return arrow


def grid(box: Sequence[float], n: int = 400) -> tuple[np.ndarray, np.ndarray]:
    """Pixel centres of an n x n image over ``box``: (n*n, 2) points, row-major from the
    bottom row (``origin="lower"``), and the (2,) pixel size."""
    x0, x1, y0, y1 = box
    dx, dy = (x1 - x0) / n, (y1 - y0) / n
    xs = x0 + dx * (np.arange(n) + 0.5)
    ys = y0 + dy * (np.arange(n) + 0.5)
    gx, gy = np.meshgrid(xs, ys)
    return np.column_stack([gx.ravel(), gy.ravel()]), np.array([dx, dy])


def draw_regions(ax, label: Callable[[np.ndarray], np.ndarray], box, fills: Sequence[str], *,
                 gid: str, n: int = 400, alpha: float = 1.0):
    """Colour each pixel of ``box`` by ``fills[label(centre)]``: label is a numerics
    classifier (class indices 0 .. len(fills) - 1) evaluated at every pixel centre. Returns
    the (n, n) label image (row 0 at the bottom)."""
    points, _ = grid(box, n)
    labels = np.asarray(label(points)).reshape(n, n)
    image = ax.imshow(labels, origin="lower", extent=tuple(box), cmap=ListedColormap(fills),
                      vmin=-0.5, vmax=len(fills) - 0.5, interpolation="nearest", alpha=alpha,
                      zorder=0, aspect="auto")
    image.set_gid(gid)
    return labels


def image_label_at(image, points: np.ndarray) -> np.ndarray:
    """The value of an ``imshow`` image (origin lower) at data points: the pixel each point
    falls in."""
    array = np.asarray(image.get_array())
    x0, x1, y0, y1 = image.get_extent()
    n_rows, n_cols = array.shape
    cols = np.floor((points[:, 0] - x0) / (x1 - x0) * n_cols).astype(int)
    rows = np.floor((points[:, 1] - y0) / (y1 - y0) * n_rows).astype(int)
    return array[rows, cols]


def artist(fig: Figure, gid: str):
    """The one artist of ``fig`` with this gid (tests and the checks here use it)."""
    found = [a for a in fig.findobj() if a.get_gid() == gid]
    if len(found) != 1:
        raise LookupError(f"{len(found)} artists have gid {gid!r}")
    return found[0]


def square(ax, box) -> None:
    """Axes limits ``box`` with equal scales, so right angles look right (w is normal to its
    boundary)."""
    ax.set_xlim(box[0], box[1])
    ax.set_ylim(box[2], box[3])
    ax.set_aspect("equal", adjustable="box")


def settle(fig: Figure) -> None:
    """Lay the figure out once before it is drawn for good: constrained layout with
    equal-aspect axes places titles and labels right only from its second pass."""
    fig.draw_without_rendering()


def save(fig: Figure, path: Path, fmt: str, dpi: int) -> None:
    """Write ``fig`` with no run-dependent metadata: the same bytes for the same figure."""
    settle(fig)
    fig.savefig(path, format=fmt, dpi=dpi, metadata=_FIXED_METADATA[fmt])
