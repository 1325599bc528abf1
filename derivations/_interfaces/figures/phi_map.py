"""bromberg2012 Fig. 6 (§4, Example 1): a sample not linearly separable in x-space is
separated by a plane in phi-space, phi(x) = (x_1^2, sqrt(2) x_1 x_2, x_2^2); in x-space the
plane is a circle.

The data: two rings of a class inside (red, t = +1) and two rings of the other around them
(blue, t = -1), symmetric under quarter turns and reflections. The plane is the hard-margin
SVM (:func:`numerics.svm.hard_margin_svm`) on :func:`numerics.feature_maps.quadratic_features`;
the curve in x-space is the zero set of its conic
(:func:`~numerics.feature_maps.conic_coefficients`), named by
:func:`~numerics.feature_maps.classify_conic`; its image under phi is drawn on the plane.

A 3-D view cannot show which side of the plane a point is on, so a third panel looks along
the plane: phi-space projected onto two directions, the plane's unit normal n = w/||w||
(across: each point's signed distance r = (w^T phi + b)/||w||,
:func:`numerics.geometry.signed_distance`) and a unit direction u lying in the plane (up).
The plane is seen edge-on as the line r = 0, the SVM's margin planes as r = ±1/||w||.
"""

from __future__ import annotations

import numpy as np

from numerics.feature_maps import classify_conic, conic_coefficients, quadratic_features
from numerics.geometry import signed_distance
from numerics.svm import hard_margin_svm

from ._common import BLUE, RED, new_figure, square

_INSIDE = np.arange(8) * np.pi / 4 + np.pi / 8
_OUTSIDE = np.arange(12) * np.pi / 6
#: the data: rows inside (radii 0.3, 0.6) then outside (radii 1.1, 1.4)
X = np.vstack([np.column_stack([r * np.cos(a), r * np.sin(a)])
               for r, a in ((0.3, _INSIDE), (0.6, _INSIDE + np.pi / 8),
                            (1.1, _OUTSIDE), (1.4, _OUTSIDE + np.pi / 12))])
T = np.concatenate([np.ones(16), -np.ones(24)])
BOX = (-1.6, 1.6, -1.6, 1.6)


def draw():
    """``data``: ``X``, ``t``, ``phi`` (the features), ``svm`` (the fit in phi-space),
    ``conic`` (its :class:`~numerics.feature_maps.Conic`), ``conic_type``, ``curve`` (points of
    the drawn zero set in x-space), ``r`` (each point's signed distance to the plane),
    ``in_plane`` (the unit direction u of the edge-on view)."""
    phi = quadratic_features(X)
    svm = hard_margin_svm(phi, T)
    conic = conic_coefficients(coef=svm.coef_, intercept=svm.intercept_)
    kind = classify_conic(*conic.coefficients)
    fig = new_figure(10.5, 4.4)
    panels = fig.add_gridspec(1, 3, width_ratios=[1.0, 1.3, 0.75])
    left = fig.add_subplot(panels[0])
    right = fig.add_subplot(panels[1], projection="3d")
    edge = fig.add_subplot(panels[2])

    left.scatter(*X[T > 0].T, c=RED, s=18, zorder=3, label="class +1")
    left.scatter(*X[T < 0].T, c=BLUE, s=18, zorder=3, label="class −1")
    xs = np.linspace(BOX[0], BOX[1], 401)
    gx, gy = np.meshgrid(xs, xs)
    A, B, C, D, E, F = conic.coefficients
    contour = left.contour(gx, gy, A * gx**2 + B * gx * gy + C * gy**2 + D * gx + E * gy + F,
                           levels=[0.0], colors="black", linewidths=1.4)
    contour.set_gid("conic")
    curve = np.vstack([p.vertices for p in contour.get_paths() if len(p.vertices)])
    left.plot([], [], color="black", lw=1.4,
              label=f"$\\mathbf{{w}}^T\\phi(\\mathbf{{x}}) + b = 0$: a {kind}")
    square(left, BOX)
    left.set_xlabel("$x_1$")
    left.set_ylabel("$x_2$")
    left.set_title(r"$\mathbf{x}$-space: not linearly separable")
    fig.legend(*left.get_legend_handles_labels(), loc="outside upper center", ncol=3,
               frameon=False)

    right.scatter(*phi[T > 0].T, c=RED, s=14, depthshade=False)
    right.scatter(*phi[T < 0].T, c=BLUE, s=14, depthshade=False)
    w, b = svm.coef_, svm.intercept_
    p1, p2 = np.meshgrid(np.linspace(0, 2.0, 21), np.linspace(-1.5, 1.5, 21))
    p3 = -(w[0] * p1 + w[1] * p2 + b) / w[2]
    p3 = np.where((p3 >= 0) & (p3 <= 2.0), p3, np.nan)
    surface = right.plot_surface(p1, p2, p3, color="0.5", alpha=0.25, linewidth=0)
    surface.set_gid("plane")
    image = quadratic_features(curve)
    right.plot(*image.T, color="black", lw=1.4)
    right.set_xlabel(r"$\phi_1 = x_1^2$")
    right.set_ylabel(r"$\phi_2 = \sqrt{2}\,x_1 x_2$")
    right.set_zlabel(r"$\phi_3 = x_2^2$")
    right.set_xlim(0, 2)
    right.set_ylim(-1.5, 1.5)
    right.set_zlim(0, 2)
    right.set_xticks([0, 1, 2])
    right.set_yticks([-1, 0, 1])
    right.set_zticks([0, 1, 2])
    right.view_init(elev=14, azim=-78)
    right.set_box_aspect(None, zoom=0.92)
    right.set_title("φ-space: separated by the plane $\\mathbf{w}^T\\phi + b = 0$")
    r, in_plane = _edge_on(edge, phi, svm)
    return fig, {"X": X, "t": T, "phi": phi, "svm": svm, "conic": conic, "conic_type": kind,
                 "curve": curve, "r": r, "in_plane": in_plane}


def _edge_on(ax, phi, svm):
    """The view along the plane: across, the signed distance r to it; up, the coordinate
    along a unit vector u of the plane (the phi_2 axis with its normal part removed)."""
    w, b = svm.coef_, svm.intercept_
    n = w / np.linalg.norm(w)
    u = np.array([0.0, 1.0, 0.0]) - n[1] * n
    u /= np.linalg.norm(u)
    r = signed_distance(phi, coef=w, intercept=b)
    up = phi @ u
    inside = ax.scatter(r[T > 0], up[T > 0], c=RED, s=18, zorder=3)
    inside.set_gid("edge-on-inside")
    outside = ax.scatter(r[T < 0], up[T < 0], c=BLUE, s=18, zorder=3)
    outside.set_gid("edge-on-outside")
    ax.axvline(0.0, color="black", lw=1.4, gid="plane-edge-on")
    for side in (1, -1):
        ax.axvline(side * svm.margin_, color="black", lw=0.8, ls="--",
                   gid=f"margin-edge-on{side:+d}")
    ax.set_xlim(-1.0, 0.8)
    ax.set_ylim(-1.6, 1.6)
    ax.set_xlabel("signed distance to the plane\n"
                  r"$r = (\mathbf{w}^\top\phi + b)/\|\mathbf{w}\|$")
    ax.set_ylabel(r"along the plane, $\mathbf{u}^\top\phi$")
    ax.set_title("φ-space seen along the plane:\nthe plane $r = 0$ edge-on,\n"
                 "the margin $r = \\pm 1/\\|\\mathbf{w}\\|$ dashed")
    return r, u
