"""bromberg2012 Figs. 4 and 5 (after Bishop PRML Figs. 4.2 and 4.3): K = 3 classes from
linear functions.

Fig. 4: combining binary discriminants leaves ambiguous regions (green): on the left the
K - 1 = 2 one-versus-rest discriminants of :func:`numerics.multiclass.ovr_ambiguity_example`
(a point claimed by both), on the right the three one-versus-one discriminants of
:func:`numerics.multiclass.ovo_ambiguity_example` (a triangle where each class gets one
vote). The regions are :func:`~numerics.multiclass.one_vs_rest_votes` and
:func:`~numerics.multiclass.one_vs_one_votes` at every pixel.

Fig. 5: the single K-class discriminant argmax_k y_k(x) (the argmax discriminants of the
one-versus-one example) has no ambiguous region; its regions are convex: x_A and x_B in
R_1, every point x̂ of the segment between them is in R_1. The regions are
:func:`~numerics.multiclass.argmax_predict` at every pixel, the boundaries
:func:`~numerics.multiclass.pairwise_boundary` where the two classes tie at the top.
"""

from __future__ import annotations

import numpy as np

from scipy.ndimage import distance_transform_edt

from numerics.multiclass import (
    argmax_predict,
    one_vs_one_votes,
    one_vs_rest_votes,
    ovo_ambiguity_example,
    ovr_ambiguity_example,
    pairwise_boundary,
)

from ._common import (
    AMBIGUOUS_FILL,
    REGION_FILLS,
    draw_line,
    draw_regions,
    grid,
    line_in_box,
    new_figure,
    square,
)

#: the label image's value for an ambiguous pixel (its colour: AMBIGUOUS_FILL)
AMBIGUOUS = 3
BOX_OVR = (-2.0, 2.0, -2.0, 2.0)
BOX_OVO = (-2.5, 2.5, -2.5, 2.5)
BOX_ARGMAX = (-3.0, 3.0, -3.0, 3.0)
#: Fig. 5's two points of R_1 (the test checks numerics puts them, and the segment, in R_1)
X_A, X_B = np.array([-2.2, 2.5]), np.array([1.8, 1.9])
LAMBDA = 0.4  # x̂ = λ x_A + (1 - λ) x_B


def _with_ambiguous(labels: np.ndarray, ambiguous: np.ndarray) -> np.ndarray:
    return np.where(ambiguous, AMBIGUOUS, labels)


def draw_ambiguous():
    """Fig. 4. ``data``: ``ovr`` and ``ovo`` (the numerics examples), ``ovr_labels`` and
    ``ovo_labels`` (the region images, ``AMBIGUOUS`` where ambiguous)."""
    ovr, ovo = ovr_ambiguity_example(), ovo_ambiguity_example()
    fig = new_figure(7.6, 4.9)
    left, right = fig.subplots(1, 2)
    fills = (*REGION_FILLS, AMBIGUOUS_FILL)

    def ovr_label(P):
        v = one_vs_rest_votes(P, coef=ovr.coef_, intercept=ovr.intercept_,
                              n_classes=ovr.n_classes_)
        return _with_ambiguous(v.labels_, v.ambiguous_)

    def ovo_label(P):
        v = one_vs_one_votes(P, coef=ovo.coef_, intercept=ovo.intercept_, pairs=ovo.pairs_)
        return _with_ambiguous(v.labels_, v.ambiguous_)

    ovr_labels = draw_regions(left, ovr_label, BOX_OVR, fills, gid="regions-ovr")
    for k, (w, b) in enumerate(zip(ovr.coef_, ovr.intercept_, strict=True)):
        draw_line(left, w, b, BOX_OVR, gid=f"discriminant-ovr-{k}", color="black", lw=1.3)
        _side_labels(left, w, b, BOX_OVR, f"$C_{k + 1}$", f"not $C_{k + 1}$")
    _region_names(left, ovr_labels, BOX_OVR, zip(ovr.coef_, ovr.intercept_, strict=True))
    left.set_title("one-versus-rest: $K - 1 = 2$ discriminants")
    ovo_labels = draw_regions(right, ovo_label, BOX_OVO, fills, gid="regions-ovo")
    for m, ((k, j), w, b) in enumerate(zip(ovo.pairs_, ovo.coef_, ovo.intercept_, strict=True)):
        draw_line(right, w, b, BOX_OVO, gid=f"discriminant-ovo-{m}", color="black", lw=1.3)
        _side_labels(right, w, b, BOX_OVO, f"$C_{k + 1}$", f"$C_{j + 1}$")
    _region_names(right, ovo_labels, BOX_OVO, zip(ovo.coef_, ovo.intercept_, strict=True))
    right.set_title("one-versus-one: $K(K - 1)/2 = 3$ discriminants")
    for ax, box in ((left, BOX_OVR), (right, BOX_OVO)):
        square(ax, box)
        ax.set_xlabel("$x_1$")
        ax.set_ylabel("$x_2$")
    return fig, {"ovr": ovr, "ovo": ovo, "ovr_labels": ovr_labels, "ovo_labels": ovo_labels}


def draw_argmax():
    """Fig. 5. ``data``: ``coef``, ``intercept`` (the K-class discriminants), ``labels`` (the
    region image), ``boundaries`` ((k, j) -> (2, 2) segment ends), ``x_A``, ``x_B``,
    ``x_hat``."""
    ex = ovo_ambiguity_example()
    W, b = ex.argmax_coef_, ex.argmax_intercept_
    fig = new_figure(4.6, 4.9)
    ax = fig.subplots()
    labels = draw_regions(ax, lambda P: argmax_predict(P, coef=W, intercept=b), BOX_ARGMAX,
                          REGION_FILLS, gid="regions-argmax")
    boundaries = {}
    for k, j in ((0, 1), (0, 2), (1, 2)):
        pb = pairwise_boundary(coef=W, intercept=b, k=k, j=j)
        ends = _top_tie_segment(W, b, k, j, line_in_box(pb.coef_, pb.intercept_, BOX_ARGMAX))
        boundaries[(k, j)] = ends
        (line,) = ax.plot(ends[:, 0], ends[:, 1], color="black", lw=1.3)
        line.set_gid(f"boundary-{k}-{j}")
    _region_names(ax, labels, BOX_ARGMAX)
    x_hat = LAMBDA * X_A + (1 - LAMBDA) * X_B
    ax.plot(*np.column_stack([X_A, X_B]), color="0.25", lw=1.0, ls="--", zorder=2)
    for name, p in ((r"$\mathbf{x}_A$", X_A), (r"$\mathbf{x}_B$", X_B),
                    (r"$\hat{\mathbf{x}}$", x_hat)):
        ax.plot(*p, "o", color="black", ms=4, zorder=3)
        ax.annotate(name, p, xytext=(0, 6), textcoords="offset points", ha="center")
    square(ax, BOX_ARGMAX)
    ax.set_xlabel("$x_1$")
    ax.set_ylabel("$x_2$")
    ax.set_title(r"$\mathbf{x} \in R_k$ iff $y_k(\mathbf{x}) > y_j(\mathbf{x})$ for all $j \neq k$")
    return fig, {"coef": W, "intercept": b, "labels": labels, "boundaries": boundaries,
                 "x_A": X_A, "x_B": X_B, "x_hat": x_hat}


def _top_tie_segment(W, b, k, j, ends) -> np.ndarray:
    """The part of the line y_k = y_j where y_k = y_j is the largest score: a segment,
    since it is the line cut by the half-planes y_k >= y_m, m != k, j. Found by the
    parameter interval along ``ends`` where those inequalities hold."""
    p, d = ends[0], ends[1] - ends[0]
    lo, hi = 0.0, 1.0
    for m in set(range(W.shape[0])) - {k, j}:
        # y_k - y_m along p + s d: c0 + c1 s >= 0
        c0 = (W[k] - W[m]) @ p + b[k] - b[m]
        c1 = (W[k] - W[m]) @ d
        if c1 > 0:
            lo = max(lo, -c0 / c1)
        elif c1 < 0:
            hi = min(hi, -c0 / c1)
        elif c0 < 0:
            hi = lo  # never on top
    return np.array([p + lo * d, p + hi * d])


def _region_names(ax, labels: np.ndarray, box, lines=()) -> None:
    """R_k inside each class's pixels, and ? inside the ambiguous ones: at the pixel
    farthest from the region's edge and from every line of ``lines`` ((w, b) pairs)."""
    n = labels.shape[0]
    points, pixel = grid(box, n)
    clearance = np.full(n * n, np.inf)
    for w, b in lines:
        clearance = np.minimum(clearance, np.abs(points @ w + b) / np.linalg.norm(w))
    for k in (*range(len(REGION_FILLS)), AMBIGUOUS):
        mask = labels == k
        if not mask.any():
            continue
        depth = distance_transform_edt(np.pad(mask, 1))[1:-1, 1:-1].ravel() * pixel.min()
        p = points[np.argmax(np.where(mask.ravel(), np.minimum(depth, clearance), -1.0))]
        if k == AMBIGUOUS:
            ax.text(*p, "?", fontsize=15, fontweight="bold", ha="center", va="center",
                    gid="question-mark")
        else:
            ax.text(*p, f"$R_{k + 1}$", fontsize=12, ha="center", va="center", color="0.15")


def _side_labels(ax, w, b, box, positive: str, negative: str) -> None:
    """Name the two sides of ``w^T x + b = 0`` near one end of its segment: ``positive``
    where w^T x + b > 0 (the side w points to), ``negative`` on the other."""
    ends = line_in_box(w, b, box)
    p = ends[0] + 0.1 * (ends[1] - ends[0])
    normal = np.asarray(w, dtype=float) / np.linalg.norm(w)
    offset = 0.06 * (box[1] - box[0])
    for text, sign in ((positive, 1.0), (negative, -1.0)):
        ax.text(*(p + sign * offset * normal), text, ha="center", va="center", fontsize=8,
                bbox=dict(fc="white", ec="none", alpha=0.7, pad=0.4))
