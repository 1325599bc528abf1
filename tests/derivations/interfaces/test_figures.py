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
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("matplotlib")

from matplotlib.colors import to_rgb  # noqa: E402 - after the skip

from derivations._interfaces.cli import main  # noqa: E402
from derivations._interfaces.figures import FIGURES, draw  # noqa: E402
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


@pytest.mark.parametrize("name", NAMES)
def test_each_figure_draws_and_its_caption_names_the_document(name):
    fig, data = drawn(name)
    assert isinstance(data, dict) and data
    document = next(f.summary.split()[0] for f in FIGURES if f.name == name)
    text = common.artist(fig, "caption").get_text()
    assert document in text and "numerics" in text


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


# -- the command ------------------------------------------------------------------------------


def test_command_writes_each_figure_and_prints_its_path(tmp_path, capsys):
    assert main(["figures", "-o", str(tmp_path / "out"), "--dpi", "50", "perceptron-trace",
                 "svm-exercise"]) == 0
    printed = capsys.readouterr().out.split()
    assert printed == [str(tmp_path / "out" / "perceptron-trace.png"),
                       str(tmp_path / "out" / "svm-exercise.png")]
    for path in printed:
        assert open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n"


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


def test_list_names_every_figure_and_its_document(capsys):
    assert main(["figures", "--list"]) == 0
    out = capsys.readouterr().out
    for f in FIGURES:
        assert f.name in out
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
