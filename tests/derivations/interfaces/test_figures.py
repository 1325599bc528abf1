"""`lindisc figures`: every figure is drawn from numerics, not just written to a file.

Each figure's ``draw()`` returns ``(Figure, data)``; these tests run the numerics again,
independently, and read the plotted artists back (by gid): a plotted boundary is the zero set
of the weights numerics returns, the circled point is the one misclassified at that step, the
circled support vectors are those numerics reports, a region's colour at a probe point is the
class numerics predicts there. Plus the command: formats, determinism, bad names, and the exit
code without matplotlib.
"""

from __future__ import annotations

import argparse
import functools
import io
import re
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("matplotlib")

from matplotlib.colors import to_rgb  # noqa: E402 - after the skip
from matplotlib.mathtext import MathTextParser  # noqa: E402
from matplotlib.text import Text  # noqa: E402

from derivations._interfaces.cli import main  # noqa: E402
from derivations._interfaces.figures import FIGURES, draw, placed_at  # noqa: E402
from derivations._interfaces.figures import _common as common  # noqa: E402
from numerics import fisher as nfisher  # noqa: E402
from numerics import least_squares, logistic  # noqa: E402
from numerics import multiclass as nmc  # noqa: E402
from numerics.feature_maps import quadratic_features  # noqa: E402
from numerics.perceptron import misclassified, single_sample_perceptron  # noqa: E402
from numerics.svm import hard_margin_svm  # noqa: E402

drawn = functools.cache(draw)  # each figure is drawn once per test session
NAMES = [f.name for f in FIGURES]
RNG_SEED = 20260


def _on_line(points, w, b, what: str) -> None:
    """Every point satisfies w^T x + b = 0, to rounding relative to the terms' sizes."""
    points = np.atleast_2d(points)
    w = np.asarray(w, dtype=float)
    residual = points @ w + b
    scale = np.abs(points) @ np.abs(w) + abs(b)
    assert np.all(np.abs(residual) <= 1e-9 * scale + 1e-12), (
        f"{what}: w^T x + b = {residual} at {points.tolist()} for w = {w}, b = {b}")


def _line_points(fig, gid: str) -> np.ndarray:
    return np.asarray(common.artist(fig, gid).get_xydata(), dtype=float)


def _probes(box, n: int, seed: int = RNG_SEED) -> np.ndarray:
    rng = np.random.default_rng(seed)
    x0, x1, y0, y1 = box
    return np.column_stack([rng.uniform(x0, x1, n), rng.uniform(y0, y1, n)])


def _pixels(fig, ax, points) -> np.ndarray:
    """The rendered RGB of ``fig`` at data points of ``ax`` (the canvas drawn as saved)."""
    common.settle(fig)
    fig.canvas.draw()
    rgba = np.asarray(fig.canvas.buffer_rgba())
    xy = ax.transData.transform(points)
    cols = np.floor(xy[:, 0]).astype(int)
    rows = rgba.shape[0] - 1 - np.floor(xy[:, 1]).astype(int)
    return rgba[rows, cols, :3] / 255.0


# -- every figure ---------------------------------------------------------------------------

#: plain text (outside ``$...$``) that is code or raw notation rather than words: a
#: subscript or superscript written out, a dotted or underscored code name, backticks,
#: Markdown emphasis, a plain-text norm
_RAW = re.compile(r"[_^`]|\*\*|\|\||\bnumerics\b|[A-Za-z]\.[A-Za-z]")


def _raw_notation(text: str) -> list[str]:
    """The pieces of ``text`` outside ``$...$`` that look like code or raw notation, and the
    ``$...$`` pieces matplotlib's mathtext cannot parse."""
    bad = []
    for part in re.split(r"(\$[^$]*\$)", text):
        if part.startswith("$") and part.endswith("$") and len(part) > 1:
            try:
                _MATHTEXT.parse(part, 72)
            except ValueError as exc:
                bad.append(f"{part} ({exc})")
        elif _RAW.search(part):
            bad.append(part)
    return bad


_MATHTEXT = MathTextParser("agg")


def _texts(fig) -> list[str]:
    common.settle(fig)
    return [t.get_text() for t in fig.findobj(Text) if t.get_text().strip()]


@pytest.mark.parametrize("name", NAMES)
def test_each_figure_draws_with_no_caption_and_no_code_or_raw_notation_in_the_image(name):
    fig, data = drawn(name)
    assert isinstance(data, dict) and data
    assert not [a for a in fig.findobj() if a.get_gid() == "caption"], (
        "the caption is printed outside the image unless asked for")
    texts = _texts(fig)
    assert texts
    bad = {t: _raw_notation(t) for t in texts if _raw_notation(t)}
    assert not bad, f"{name}: text in the image with code names or raw notation: {bad}"


@pytest.mark.parametrize("spec", FIGURES, ids=NAMES)
def test_each_caption_is_markdown_math_with_no_code_names_and_names_its_document(spec):
    assert spec.caption and spec.caption.count("$") % 2 == 0
    assert spec.summary.split()[0] in spec.caption  # the document it redraws
    assert not _raw_notation(common.caption_mathtext(spec.caption)), spec.caption
    assert "`" not in spec.caption and "\\\\" not in spec.caption


@pytest.mark.parametrize("spec", FIGURES, ids=NAMES)
def test_each_figure_is_placed_at_catalog_entries_that_cite_its_document(spec):
    import derivations.catalog  # noqa: F401 - fills the registry
    from derivations.catalog.registry import REGISTRY

    assert spec.entries
    document = spec.summary.split()[0]
    for entry_id in spec.entries:
        assert entry_id in REGISTRY, f"{spec.name}: no catalog entry {entry_id!r}"
        assert spec in placed_at(entry_id)
        cited = " ".join(str(s) for s in REGISTRY[entry_id].sources)
        assert any(doc in cited for doc in (document, "ml10", "udelar2018")), (
            f"{entry_id} does not cite {document}")


def test_the_caption_is_drawn_into_the_image_only_on_request():
    spec = next(f for f in FIGURES if f.name == "svm-exercise")
    fig, _ = draw("svm-exercise", caption=True)
    shown = common.artist(fig, "caption").get_text()
    assert " ".join(shown.split()) == " ".join(common.caption_mathtext(spec.caption).split())
    assert not _raw_notation(shown)
    assert "\n" in shown  # wrapped to the figure's width, never inside a formula
    assert all(line.count("$") % 2 == 0 for line in shown.split("\n"))


def test_captions_wrap_outside_math():
    text = "a b $\\mathbf{w}^\\top\\mathbf{x} + b = 0$ c d"
    lines = common.wrap_outside_math(text, 6).split("\n")
    assert "$\\mathbf{w}^\\top\\mathbf{x} + b = 0$" in lines
    assert common.caption_mathtext("`x` *y* $\\lVert\\mathbf{w}\\rVert$") == (
        "x y $\\|\\mathbf{w}\\|$")


def _display_gap(ax, points, w, b) -> np.ndarray:
    """The distance in points (1/72 in) from each data point to the line w^T x + b = 0, as
    drawn on ``ax``."""
    fig = ax.figure
    common.settle(fig)
    ends = common.line_in_box(w, b, (*ax.get_xlim(), *ax.get_ylim()))
    p, q = ax.transData.transform(ends)
    xy = ax.transData.transform(np.atleast_2d(points))
    d = q - p
    gap = np.abs(d[0] * (xy[:, 1] - p[1]) - d[1] * (xy[:, 0] - p[0])) / np.linalg.norm(d)
    return gap * 72 / fig.dpi


# -- bromberg2012 Fig. 8: the perceptron trace --------------------------------------------


def test_perceptron_trace_draws_each_weight_vector_numerics_returns():
    from derivations._interfaces.figures.perceptron_trace import T, W0, X

    fig, data = drawn("perceptron-trace")
    run = single_sample_perceptron(T[:, None] * X, a0=W0, record=True, engine="numpy")
    weights = [W0, *run.history_]
    assert len(data["weights"]) == len(weights) == 3  # two corrections, as in Fig. 8
    for k, w in enumerate(weights):
        np.testing.assert_array_equal(data["weights"][k], w)
        panels = ([f"w{k}-before"] if k < len(weights) - 1 else []) + (
            [f"w{k}-after"] if k > 0 else [])
        for panel in panels:
            _on_line(_line_points(fig, f"boundary-{panel}"), w, 0.0, f"boundary {panel}")
            arrow = common.artist(fig, f"arrow-{panel}")
            np.testing.assert_array_equal(arrow.xy, w)


def test_perceptron_trace_circles_the_sample_misclassified_at_each_step():
    from derivations._interfaces.figures.perceptron_trace import T, X

    fig, data = drawn("perceptron-trace")
    weights, corrected = data["weights"], data["corrected"]
    start = 0
    for k, n in enumerate(corrected):
        circled = common.artist(fig, f"circled-{k}").get_offsets()
        np.testing.assert_array_equal(np.asarray(circled)[0], X[n])
        assert T[n] * (weights[k] @ X[n]) <= 0, "the circled sample is misclassified"
        # and it is the first mistake of the cyclic order from where the last one was made
        order = [(start + i) % len(X) for i in range(len(X))]
        first = next(m for m in order if T[m] * (weights[k] @ X[m]) <= 0)
        assert n == first
        np.testing.assert_array_equal(weights[k + 1], weights[k] + T[n] * X[n])
        start = n + 1


def test_perceptron_trace_ends_separating_with_the_arrow_towards_red():
    from derivations._interfaces.figures.perceptron_trace import T, X

    _, data = drawn("perceptron-trace")
    final = data["weights"][-1]
    assert not misclassified(final, T[:, None] * X).any()
    assert np.all(X[T > 0] @ final > 0)  # red (t = +1) on the side the arrow points to


# -- bromberg2012 Figs. 4 and 5: K = 3 -------------------------------------------------------


def test_ambiguous_regions_are_the_votes_of_numerics_at_every_probe():
    fig, data = drawn("ambiguous-regions")
    ovr, ovo = nmc.ovr_ambiguity_example(), nmc.ovo_ambiguity_example()
    from derivations._interfaces.figures.multiclass import AMBIGUOUS, BOX_OVO, BOX_OVR

    P = _probes(BOX_OVR, 400)
    v = nmc.one_vs_rest_votes(P, coef=ovr.coef_, intercept=ovr.intercept_, n_classes=3)
    shown = common.image_label_at(common.artist(fig, "regions-ovr"), P)
    expected = np.where(v.ambiguous_, AMBIGUOUS, v.labels_)
    # a probe in the same pixel as a boundary may fall on either side: skip the boundary pixels
    off = np.min(np.abs(P @ ovr.coef_.T + ovr.intercept_), axis=1) > 0.02
    np.testing.assert_array_equal(shown[off], expected[off])
    assert expected[off].tolist().count(AMBIGUOUS) > 0

    P = _probes(BOX_OVO, 400)
    v = nmc.one_vs_one_votes(P, coef=ovo.coef_, intercept=ovo.intercept_, pairs=ovo.pairs_)
    shown = common.image_label_at(common.artist(fig, "regions-ovo"), P)
    expected = np.where(v.ambiguous_, AMBIGUOUS, v.labels_)
    off = np.min(np.abs(P @ ovo.coef_.T + ovo.intercept_) / np.linalg.norm(ovo.coef_, axis=1),
                 axis=1) > 0.02
    np.testing.assert_array_equal(shown[off], expected[off])
    assert expected[off].tolist().count(AMBIGUOUS) > 0


def test_ambiguous_regions_draw_each_binary_discriminant_and_mark_ambiguity():
    fig, _ = drawn("ambiguous-regions")
    for scheme, ex in (("ovr", nmc.ovr_ambiguity_example()), ("ovo", nmc.ovo_ambiguity_example())):
        for m, (w, b) in enumerate(zip(ex.coef_, ex.intercept_, strict=True)):
            _on_line(_line_points(fig, f"discriminant-{scheme}-{m}"), w, b, f"{scheme} {m}")
    marks = [t for t in fig.findobj() if getattr(t, "get_gid", lambda: None)() == "question-mark"]
    assert len(marks) == 2
    for mark, ex in zip(marks, (nmc.ovr_ambiguity_example(), nmc.ovo_ambiguity_example()),
                        strict=True):
        p = np.array([mark.get_position()])
        if ex.scheme_ == "one-vs-rest":
            v = nmc.one_vs_rest_votes(p, coef=ex.coef_, intercept=ex.intercept_, n_classes=3)
        else:
            v = nmc.one_vs_one_votes(p, coef=ex.coef_, intercept=ex.intercept_, pairs=ex.pairs_)
        assert v.ambiguous_[0], f"the ? of {ex.scheme_} stands where numerics is not ambiguous"


def test_argmax_region_colours_are_numerics_argmax_at_probe_points():
    fig, data = drawn("argmax-regions")
    from derivations._interfaces.figures.multiclass import BOX_ARGMAX

    W, b = data["coef"], data["intercept"]
    ax = fig.axes[0]
    P = _probes(BOX_ARGMAX, 300)
    scores = np.sort(P @ W.T + b, axis=1)
    # probes clear of the labels (annotations by their anchor), of the dashed segment x_A x_B
    # and of the axes' edges, and not near a boundary
    labels = np.array([t.xy if hasattr(t, "xy") else t.get_position() for t in ax.texts])
    label_gap = np.min(np.linalg.norm(P[:, None] - labels[None], axis=2), axis=1)
    s = np.clip((P - data["x_A"]) @ (data["x_B"] - data["x_A"])
                / np.sum((data["x_B"] - data["x_A"]) ** 2), 0, 1)
    segment_gap = np.linalg.norm(P - (data["x_A"] + s[:, None] * (data["x_B"] - data["x_A"])),
                                 axis=1)
    edge_gap = np.min(np.abs(np.concatenate([P - np.array(BOX_ARGMAX)[[0, 2]],
                                             P - np.array(BOX_ARGMAX)[[1, 3]]], axis=1)), axis=1)
    clear = ((scores[:, -1] - scores[:, -2] > 0.5) & (label_gap > 0.6) & (segment_gap > 0.25)
             & (edge_gap > 0.1))
    P = P[clear]
    assert len(P) > 50
    predicted = nmc.argmax_predict(P, coef=W, intercept=b)
    expected = np.array([to_rgb(common.REGION_FILLS[k]) for k in predicted])
    np.testing.assert_allclose(_pixels(fig, ax, P), expected, atol=2 / 255)
    assert set(predicted) == {0, 1, 2}


def test_argmax_boundaries_are_top_ties_and_the_segment_stays_in_its_region():
    fig, data = drawn("argmax-regions")
    W, b = data["coef"], data["intercept"]
    for (k, j), ends in data["boundaries"].items():
        pb = nmc.pairwise_boundary(coef=W, intercept=b, k=k, j=j)
        _on_line(_line_points(fig, f"boundary-{k}-{j}"), pb.coef_, pb.intercept_, f"{k}-{j}")
        middle = ends.mean(axis=0)
        normal = pb.coef_ / np.linalg.norm(pb.coef_)
        sides = nmc.argmax_predict(np.array([middle + 1e-3 * normal, middle - 1e-3 * normal]),
                                   coef=W, intercept=b)
        assert sides.tolist() == [k, j], "a drawn boundary separates its own two regions"
    ends = np.array([data["x_A"], data["x_B"], data["x_hat"]])
    segment = data["x_A"] + np.linspace(0, 1, 101)[:, None] * (data["x_B"] - data["x_A"])
    assert set(nmc.argmax_predict(np.vstack([ends, segment]), coef=W, intercept=b)) == {0}


# -- bromberg2012 Fig. 6: the phi map --------------------------------------------------------


def test_phi_map_curve_is_the_svm_plane_in_x_space_and_a_circle():
    from derivations._interfaces.figures.phi_map import T, X

    fig, data = drawn("phi-map")
    svm = hard_margin_svm(quadratic_features(X), T)
    np.testing.assert_allclose(data["svm"].coef_, svm.coef_, rtol=1e-12)
    w, b = svm.coef_, svm.intercept_
    assert np.all(np.sign(quadratic_features(X) @ w + b) == T), "the plane separates in phi-space"
    curve = np.vstack([p.vertices for p in common.artist(fig, "conic").get_paths()])
    values = quadratic_features(curve) @ w + b
    # the contour interpolates linearly between grid nodes 0.008 apart: its error is of the
    # order of (0.008)^2 times the curvature terms |w|
    assert np.max(np.abs(values)) <= 1e-3 * abs(b)
    assert data["conic_type"] == "circle"
    on_plane = fig.axes[1].lines[0].get_data_3d()
    np.testing.assert_allclose(np.column_stack(on_plane), quadratic_features(curve))


def test_phi_map_edge_on_view_shows_each_point_on_its_side_of_the_plane():
    from derivations._interfaces.figures.phi_map import T, X

    fig, data = drawn("phi-map")
    phi = quadratic_features(X)
    svm = hard_margin_svm(phi, T)
    w, b = svm.coef_, svm.intercept_
    r = (phi @ w + b) / np.linalg.norm(w)  # signed distance, by hand
    u = data["in_plane"]
    assert abs(u @ w) < 1e-12 and abs(np.linalg.norm(u) - 1) < 1e-12, "u lies in the plane"
    ax = common.artist(fig, "plane-edge-on").axes
    for gid, mask in (("edge-on-inside", T > 0), ("edge-on-outside", T < 0)):
        shown = np.asarray(common.artist(fig, gid).get_offsets())
        np.testing.assert_allclose(shown[:, 0], r[mask], rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(shown[:, 1], phi[mask] @ u, rtol=1e-9, atol=1e-12)
    assert np.all(np.sign(r) == T), "red on one side of r = 0, blue on the other"
    np.testing.assert_array_equal(common.artist(fig, "plane-edge-on").get_xdata(), [0, 0])
    for side in (1, -1):
        edge = common.artist(fig, f"margin-edge-on{side:+d}").get_xdata()
        np.testing.assert_allclose(edge, [side / np.linalg.norm(w)] * 2, rtol=1e-9)
    assert np.min(np.abs(r)) >= 1 / np.linalg.norm(w) * (1 - 1e-6)  # nothing inside the margin
    gap = _display_gap(ax, np.column_stack([r, phi @ u]), np.array([1.0, 0.0]), 0.0)
    assert gap.min() > 10, f"a point is {gap.min():.1f} pt from the edge-on plane"
    for x in (r.min(), r.max()):
        assert ax.get_xlim()[0] < x < ax.get_xlim()[1]


# -- udelar2018: Fisher ----------------------------------------------------------------------


def test_fisher_directions_and_histograms_are_numerics_projections():
    from derivations._interfaces.figures.fisher import X, Y

    fig, data = drawn("fisher")
    fit = nfisher.fisher_direction(X, Y)
    m1, m2 = fit.means_
    np.testing.assert_array_equal(data["directions"]["Fisher"], fit.coef_)
    solve = np.linalg.solve(fit.scatter_within_, m2 - m1)
    np.testing.assert_allclose(fit.coef_, solve / np.linalg.norm(solve), rtol=1e-10)
    directions = {0: (m2 - m1) / np.linalg.norm(m2 - m1), 1: fit.coef_}
    for col, w in directions.items():
        line = _line_points(fig, f"direction-{col}")
        along = (line[1] - line[0]) / np.linalg.norm(line[1] - line[0])
        assert abs(abs(along @ w) - 1) < 1e-12
        ax = common.artist(fig, f"histograms-{col}")
        projections = [X[Y == k] @ w for k in (1, 2)]
        edges = np.linspace(min(p.min() for p in projections),
                            max(p.max() for p in projections), 25)  # the figure's 24 bins
        for p, bars in zip(projections, ax.containers, strict=True):
            np.testing.assert_allclose([b.get_x() for b in bars.patches], edges[:-1],
                                       rtol=0, atol=1e-12)
            counts, _ = np.histogram(p, bins=edges)
            np.testing.assert_array_equal([b.get_height() for b in bars.patches], counts)
    assert data["criteria"]["Fisher"] > data["criteria"]["mean difference"]
    p1, p2 = data["projections"]["Fisher"]
    assert p1.max() < p2.min(), "Fisher's direction separates this data (the figure's point)"


# -- udelar2018: least squares against logistic regression ----------------------------------


def test_two_class_lines_are_the_least_squares_and_logistic_boundaries():
    fig, data = drawn("least-squares-logistic")
    angles = {}
    for name, panel in data.items():
        ls = least_squares.fit_least_squares(panel["X"], panel["y"])
        lg = logistic.fit_logistic_regression(panel["X"], panel["y"])
        w_ls, b_ls = ls.coef_[1] - ls.coef_[0], ls.intercept_[1] - ls.intercept_[0]
        _on_line(_line_points(fig, f"least-squares-{name}"), w_ls, b_ls, f"LS {name}")
        _on_line(_line_points(fig, f"logistic-{name}"), lg.coef_, lg.intercept_, f"LR {name}")
        angles[name] = (np.arctan2(*w_ls[::-1]), np.arctan2(*lg.coef_[::-1]))
    from derivations._interfaces.figures.least_squares_logistic import OUTLIERS

    assert len(data["outliers"]["X"]) == len(data["clean"]["X"]) + len(OUTLIERS)
    turn_ls = abs(angles["outliers"][0] - angles["clean"][0])
    turn_lr = abs(angles["outliers"][1] - angles["clean"][1])
    assert turn_ls > 10 * turn_lr, "the outliers turn the least-squares line, not the logistic"


def test_three_class_regions_are_each_fits_predictions():
    fig, data = drawn("least-squares-softmax")
    from derivations._interfaces.figures.least_squares_logistic import BOX3, X3, Y3

    fits = {"least squares": (least_squares.fit_least_squares(X3, Y3), least_squares.predict),
            "logistic": (logistic.fit_softmax_regression(X3, Y3), logistic.predict)}
    P = _probes(BOX3, 400)
    correct = {}
    for name, (fit, predict) in fits.items():
        shown = common.image_label_at(common.artist(fig, f"regions-{name}"), P)
        scores = (least_squares.decision_function(fit, P) if name == "least squares"
                  else logistic.decision_function(fit, P))
        top = np.sort(scores, axis=1)
        off = top[:, -1] - top[:, -2] > 0.05  # not in a pixel a boundary crosses
        np.testing.assert_array_equal(shown[off], predict(fit, P)[off])
        correct[name] = int((predict(fit, X3) == Y3).sum())
    assert correct["least squares"] < correct["logistic"]
    titles = [ax.get_title() for ax in fig.axes]
    assert f"{correct['least squares']} of 90" in titles[0]
    assert f"{correct['logistic']} of 90" in titles[1]


# -- hermosillo2017: the SVM exercise ---------------------------------------------------------


def test_svm_exercise_uses_the_catalogs_data_and_circles_numerics_support_vectors():
    from derivations.catalog.svm import _X, _Y

    fig, data = drawn("svm-exercise")
    np.testing.assert_array_equal(data["X"], np.array(_X, float))
    np.testing.assert_array_equal(data["y"], np.array(_Y, float))
    svm = hard_margin_svm(np.array(_X, float), np.array(_Y, float))
    circled = np.asarray(common.artist(fig, "support-vectors").get_offsets())
    np.testing.assert_array_equal(circled, np.array(_X, float)[svm.support_])
    assert svm.support_.tolist() == [1, 2]  # x_2 and x_3 (svm.exercise_solution)
    w, t = svm.coef_, svm.threshold_
    _on_line(_line_points(fig, "separator"), w, -t, "separator")
    for side in (1, -1):
        _on_line(_line_points(fig, f"margin{side:+d}"), w, -t - side, f"margin {side:+d}")
    ends = data["margin_ends"]
    np.testing.assert_allclose(np.linalg.norm(ends[1] - ends[0]), 1 / np.linalg.norm(w))
    _on_line(ends[:1], w, -t, "the margin arrow starts on the separator")
    _on_line(ends[1:], w, -t - 1, "the margin arrow ends on the margin line")


# -- dhs-perceptron Fig. 5.8: the solution region --------------------------------------------


def test_solution_region_vectors_and_regions_are_the_perceptrons():
    from derivations._interfaces.figures.solution_region import (
        A0,
        BOX,
        ETA,
        LABELS,
        MARGIN,
        OUTSIDE,
        SAMPLES,
        SOLUTION,
        WITH_MARGIN,
    )

    fig, data = drawn("solution-region")
    Y = LABELS[:, None] * SAMPLES
    a = single_sample_perceptron(Y, a0=A0, eta=ETA, engine="numpy").a_
    a_b = single_sample_perceptron(Y, a0=A0, eta=ETA, margin=MARGIN, engine="numpy").a_
    np.testing.assert_array_equal(data["a"], a)
    np.testing.assert_array_equal(data["a_margin"], a_b)
    assert np.all(Y @ a > 0) and not np.all(Y @ a >= MARGIN)  # a solution, without the margin
    assert np.all(Y @ a_b > MARGIN)
    for name in ("raw", "normalised"):
        _on_line(_line_points(fig, f"plane-{name}"), a, 0.0, f"plane {name}")
    for i, y in enumerate(Y):
        _on_line(_line_points(fig, f"margin-edge-{i}"), y, -MARGIN, f"margin edge {i}")
    red = common.artist(fig, "omega2-normalised").get_offsets()
    np.testing.assert_array_equal(np.asarray(red), -SAMPLES[LABELS < 0])
    P = _probes(BOX, 400)
    distances = np.abs(np.concatenate([P @ Y.T, P @ Y.T - MARGIN], axis=1)) / np.tile(
        np.linalg.norm(Y, axis=1), 2)
    off = distances.min(axis=1) > 0.02  # not in a pixel an edge crosses
    in_solution = np.array([not misclassified(p, Y).any() for p in P])
    in_margin = np.array([not misclassified(p, Y, margin=MARGIN).any() for p in P])
    expected = np.where(in_margin, WITH_MARGIN, np.where(in_solution, SOLUTION, OUTSIDE))
    shown = common.image_label_at(common.artist(fig, "region-normalised"), P)
    np.testing.assert_array_equal(shown[off], expected[off])
    assert {OUTSIDE, SOLUTION, WITH_MARGIN} <= set(expected[off])
    raw = common.image_label_at(common.artist(fig, "region-raw"), P)
    np.testing.assert_array_equal(raw[off], np.where(in_solution, SOLUTION, OUTSIDE)[off])


# -- bromberg2012 Figs. 1, 2, 3: separators and the hyperplane's geometry ---------------------


def _fresh_separators():
    """The separators of Fig. 1 fitted again, here: the perceptron from each start on the
    normalised samples t_n (x_n, 1), and the maximum-margin SVM."""
    from derivations._interfaces.figures.separators import ETA, STARTS, T, X

    Y = T[:, None] * np.hstack([X, np.ones((len(X), 1))])
    runs = [single_sample_perceptron(Y, a0=a0, eta=ETA, engine="numpy").a_ for a0 in STARTS]
    return X, T, [(a[:2], a[2]) for a in runs], hard_margin_svm(X, T)


def test_linear_separators_are_the_perceptrons_and_the_svms_and_each_separates():
    X, T, runs, svm = _fresh_separators()
    fig, data = drawn("linear-separators")
    lines = [(f"perceptron-{k}", w, b) for k, (w, b) in enumerate(runs)]
    lines.append(("svm", svm.coef_, svm.intercept_))
    angles = []
    for gid, w, b in lines:
        _on_line(_line_points(fig, gid), w, b, gid)
        assert np.all(np.sign(X @ w + b) == T), f"{gid} does not separate the classes"
        angles.append(np.degrees(np.arctan2(w[1], w[0])))
    assert min(abs(a - c) for i, a in enumerate(angles) for c in angles[i + 1:]) > 3, (
        "the orange lines are distinct separators")
    colours = {to_rgb(common.artist(fig, gid).get_color()) for gid, _, _ in lines}
    assert len(colours) == 1 and colours.pop()[0] > 0.9  # all orange, as the caption says


def test_hyperplane_geometry_draws_w_normal_to_h_pointing_into_r_plus_and_the_offset():
    _, _, _, svm = _fresh_separators()
    w, b = svm.coef_, svm.intercept_
    fig, data = drawn("hyperplane-geometry")
    _on_line(_line_points(fig, "hyperplane"), w, b, "H")
    x_A = common.artist(fig, "x_A").get_xydata()[0]
    x_B = common.artist(fig, "x_B").get_xydata()[0]
    _on_line(np.array([x_A, x_B]), w, b, "x_A and x_B")
    assert np.linalg.norm(x_A - x_B) > 1.0
    difference = common.artist(fig, "difference")
    np.testing.assert_allclose(np.subtract(difference.xy, difference.xyann), x_A - x_B)
    normal = common.artist(fig, "normal")
    arrow = np.subtract(normal.xy, normal.xyann)
    assert abs(arrow @ (x_A - x_B)) < 1e-9 * np.linalg.norm(x_A - x_B)  # perpendicular
    assert arrow @ w > 0 and w @ np.asarray(normal.xy) + b > 0  # into R+
    offset = common.artist(fig, "offset")
    np.testing.assert_array_equal(offset.xyann, [0, 0])
    foot = np.asarray(offset.xy)
    _on_line(foot, w, b, "the foot of the origin")
    np.testing.assert_allclose(foot, -b * w / (w @ w), atol=1e-12)
    np.testing.assert_allclose(data["offset"], -b / np.linalg.norm(w), rtol=1e-12)
    assert data["offset"] > 0.5, "the plane is far enough from the origin for the offset to show"
    from derivations._interfaces.figures.separators import BOX

    P = _probes(BOX, 300)
    off = np.abs(P @ w + b) / np.linalg.norm(w) > 0.03
    shown = common.image_label_at(common.artist(fig, "sides"), P)
    np.testing.assert_array_equal(shown[off], (P @ w + b >= 0)[off].astype(int))


def test_signed_distance_decomposes_each_point_along_w():
    _, _, _, svm = _fresh_separators()
    w, b = svm.coef_, svm.intercept_
    unit = w / np.linalg.norm(w)
    fig, data = drawn("signed-distance")
    _on_line(_line_points(fig, "hyperplane"), w, b, "H")
    signs = []
    for i, x in enumerate(data["x"]):
        r_arrow = common.artist(fig, f"r-{i}")
        x_perp, tip = np.asarray(r_arrow.xyann), np.asarray(r_arrow.xy)
        np.testing.assert_array_equal(tip, x)
        np.testing.assert_array_equal(common.artist(fig, f"x-{i}").xy, x)
        np.testing.assert_array_equal(common.artist(fig, f"x-perp-{i}").xy, x_perp)
        _on_line(x_perp, w, b, f"x_perp {i}")
        r = (w @ x + b) / np.linalg.norm(w)
        np.testing.assert_allclose(x - x_perp, r * unit, atol=1e-12)  # x = x_perp + r w/||w||
        np.testing.assert_allclose(data["r"][i], r, rtol=1e-12)
        np.testing.assert_allclose(data["y"][i], r * np.linalg.norm(w), rtol=1e-12)
        signs.append(np.sign(r))
    assert signs == [1, -1], "one point of R+ (r > 0) and one of R- (r < 0)"


# -- bromberg2012 Fig. 7: the perceptron as a neuron ----------------------------------------


def _number(fig, gid: str) -> float:
    text = common.artist(fig, gid).get_text()
    return float(re.findall(r"[-+]?\d*\.?\d+(?:e[-+]?\d+)?", text.replace("−", "-"))[-1])


def test_perceptron_diagram_shows_the_perceptrons_weights_and_its_output():
    from derivations._interfaces.figures.perceptron_diagram import STEP
    from derivations._interfaces.figures.separators import SHOWN

    X, T, runs, _ = _fresh_separators()
    w, b = runs[0]
    fig, data = drawn("perceptron-diagram")
    weights = [_number(fig, f"weight-{i}") for i in range(3)]
    np.testing.assert_allclose(weights, [*w, b], rtol=1e-6)
    x = X[SHOWN[0]]
    np.testing.assert_allclose([_number(fig, f"input-{i}") for i in range(3)], [*x, 1.0])
    np.testing.assert_allclose([_number(fig, f"product-{i}") for i in range(3)],
                               np.array([*w, b]) * np.array([*x, 1.0]), rtol=1e-5)
    a = w @ x + b
    np.testing.assert_allclose(_number(fig, "sum"), a, rtol=1e-5)
    output = _number(fig, "output")
    assert output == (1 if a >= 0 else -1) == T[SHOWN[0]], "f(a) is the sample's class"
    curve = common.artist(fig, "activation").get_xydata()
    left, right = curve[curve[:, 0] < STEP[0] - 1e-9], curve[curve[:, 0] > STEP[0] + 1e-9]
    assert np.all(left[:, 1] < STEP[1]) and np.all(right[:, 1] > STEP[1])  # a step up at 0


# -- hermosillo2017: the two slides of 2-D geometry -----------------------------------------


def test_line_through_two_points_has_normal_y1_minus_y2_x2_minus_x1():
    from derivations._interfaces.figures.plane_lines import X1, X2

    (x1, y1), (x2, y2) = X1, X2
    w = np.array([y1 - y2, x2 - x1])  # the slide's normal, by hand
    C = -(w @ X1)
    fig, data = drawn("line-through-two-points")
    _on_line(_line_points(fig, "line"), w, C, "the line")
    for gid in ("x1", "x2", "P"):
        _on_line(common.artist(fig, gid).get_xydata(), w, C, gid)
    normal = common.artist(fig, "normal")
    np.testing.assert_array_equal(normal.xyann, X1)
    np.testing.assert_allclose(normal.xy, X1 + w, atol=1e-12)
    P = common.artist(fig, "P").get_xydata()[0]
    assert abs(w @ (P - X1)) < 1e-12 and np.linalg.norm(P - X1) > 1  # w . (P - x_1) = 0
    titles = fig.axes[0].get_title()
    assert f"A = {w[0]:g}" in titles and f"B = {w[1]:g}" in titles and f"C = {C:g}" in titles


def test_dot_product_side_gives_r1_positive_and_r2_negative_with_their_distances():
    from derivations._interfaces.figures.plane_lines import OFF, X1, X2

    (x1, y1), (x2, y2) = X1, X2
    w = np.array([y1 - y2, x2 - x1])
    C = -(w @ X1)
    fig, data = drawn("dot-product-side")
    _on_line(_line_points(fig, "line"), w, C, "the line")
    P = common.artist(fig, "P").get_xydata()[0]
    _on_line(P, w, C, "P")
    r = (OFF - P) @ w  # <w, x - P>, by hand
    assert r[0] > 0 > r[1]
    for i, x in enumerate(OFF):
        np.testing.assert_allclose(_number_before(fig, f"r{i + 1}", ">" if i == 0 else "<"),
                                   r[i], rtol=1e-5)
        seg = _line_points(fig, f"distance-{i + 1}")
        np.testing.assert_array_equal(seg[1], x)
        _on_line(seg[0], w, C, f"the foot of x_{i + 1}")
        np.testing.assert_allclose(np.linalg.norm(seg[1] - seg[0]),
                                   abs(r[i]) / np.linalg.norm(w), rtol=1e-12)
        np.testing.assert_allclose(data["distance"][i], r[i] / np.linalg.norm(w), rtol=1e-12)
    offset = common.artist(fig, "offset")
    np.testing.assert_array_equal(offset.xyann, [0, 0])
    _on_line(offset.xy, w, C, "the foot of the origin")
    np.testing.assert_allclose(np.linalg.norm(offset.xy), abs(C) / np.linalg.norm(w))
    np.testing.assert_allclose(data["offset"], -C / np.linalg.norm(w))


def _number_before(fig, gid: str, sign: str) -> float:
    """The number just before `` > 0`` or `` < 0`` in a label."""
    text = common.artist(fig, gid).get_text()
    return float(re.search(r"([-+]?\d*\.?\d+)\s*" + re.escape(sign) + r"\s*0", text).group(1))


def test_solution_region_plane_is_visibly_clear_of_every_sample():
    """The title says the plane separates the categories: no sample may sit so close to the
    drawn line that it looks on it (y_3 was 0.046 from it, about 3 pt)."""
    from derivations._interfaces.figures.solution_region import LABELS, SAMPLES

    fig, data = drawn("solution-region")
    a = data["a"]
    assert np.all(np.sign(SAMPLES @ a) == LABELS), "the plane separates the raw categories"
    for name, points in (("raw", SAMPLES), ("normalised", LABELS[:, None] * SAMPLES)):
        ax = common.artist(fig, f"plane-{name}").axes
        gap = _display_gap(ax, points, a, 0.0)
        assert gap.min() > 12, f"{name}: a sample is {gap.min():.1f} pt from the plane"


# -- the command ------------------------------------------------------------------------------


def test_command_writes_each_figure_and_prints_its_path(tmp_path, capsys):
    assert main(["figures", "-o", str(tmp_path / "out"), "--dpi", "50", "perceptron-trace",
                 "svm-exercise"]) == 0
    printed = capsys.readouterr().out.split()
    assert printed == [str(tmp_path / "out" / "perceptron-trace.png"),
                       str(tmp_path / "out" / "svm-exercise.png")]
    for path in printed:
        assert open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n"


def test_caption_in_image_option_draws_the_caption_and_is_off_by_default(tmp_path):
    for folder, extra in (("plain", []), ("captioned", ["--caption-in-image"])):
        assert main(["figures", "-o", str(tmp_path / folder), "--dpi", "50", *extra,
                     "svm-exercise"]) == 0
    plain = (tmp_path / "plain" / "svm-exercise.png").read_bytes()
    captioned = (tmp_path / "captioned" / "svm-exercise.png").read_bytes()
    fig, _ = draw("svm-exercise")
    buffer = io.BytesIO()
    with common.rendering():
        common.save(fig, buffer, "png", 50)
    assert plain == buffer.getvalue() != captioned  # default: the image without a caption


@pytest.mark.slow
@pytest.mark.parametrize("fmt, magic", [("png", b"\x89PNG"), ("pdf", b"%PDF"), ("svg", b"<?xml")])
def test_output_is_the_same_bytes_on_every_run(fmt, magic):
    outputs = []
    for _ in range(2):
        fig, _ = draw("svm-exercise")  # drawn anew each time
        buffer = io.BytesIO()
        with common.rendering():
            common.save(fig, buffer, fmt, 60)
        outputs.append(buffer.getvalue())
    assert outputs[0].startswith(magic)
    assert outputs[0] == outputs[1]


def test_list_names_every_figure_its_document_entries_and_caption(capsys):
    assert main(["figures", "--list"]) == 0
    out = capsys.readouterr().out
    flat = " ".join(out.split())
    from derivations._interfaces.prose import to_text

    for f in FIGURES:
        assert f.name in out
        assert " ".join(to_text(f.caption).split()) in flat  # the caption as text, not LaTeX
        assert "$" not in out
        assert all(e in out for e in f.entries)
    for document in ("bromberg2012", "dhs-perceptron", "udelar2018", "hermosillo2017"):
        assert document in out


@pytest.mark.parametrize("argv, fragment", [
    (["figures", "perceptron-trac"], "Did you mean 'perceptron-trace'"),
    (["figures", "nothing-like-it"], "lindisc figures --list"),
    (["figures", "--format", "jpg"], "invalid choice"),
    (["figures", "--dpi", "5"], "--dpi must be a whole number from 50 to 600"),
])
def test_bad_arguments_exit_2_naming_the_fix(argv, fragment, capsys):
    assert main(argv) == 2
    assert fragment in capsys.readouterr().err


def test_an_output_path_that_is_a_file_exits_2(tmp_path, capsys):
    (tmp_path / "taken").write_text("")
    assert main(["figures", "-o", str(tmp_path / "taken"), "svm-exercise"]) == 2
    assert "pass -o DIR" in capsys.readouterr().err


def test_without_matplotlib_exit_2_naming_the_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    assert main(["figures", "-o", str(tmp_path)]) == 2
    assert "pip install 'lindisc[figures]'" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_building_the_parser_imports_neither_matplotlib_nor_numpy():
    code = (
        "import sys, argparse\n"
        "import derivations._interfaces\n"
        "before = set(sys.modules)\n"
        "from derivations._interfaces import figures\n"
        "figures.add_arguments(argparse.ArgumentParser())\n"
        "new = set(sys.modules) - before\n"
        "print(sorted(m for m in new if m.split('.')[0] in ('matplotlib', 'numpy')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_dpi_option_is_checked_by_the_parser():
    from derivations._interfaces.figures import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args(["--dpi", "200"]).dpi == 200
