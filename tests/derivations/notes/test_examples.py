"""examples/notes/: a .tex, a .md and an .ipynb of worked derivations, each with one wrong
step per chain on purpose; each checked against its expected report."""

import json
from pathlib import Path

import pytest

from derivations._notes.checking import check_notes

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "notes"
FILES = ["linear_classifiers.tex", "logistic.md", "quadratic.ipynb"]


@pytest.mark.parametrize("name", FILES)
def test_each_example_gets_its_expected_report(name):
    rep = check_notes(str(EXAMPLES / name), label=name)
    expected = json.loads((EXAMPLES / (name.rsplit(".", 1)[0] + ".expected.json")).read_text())
    assert rep.brief() == expected["chains"]
    assert rep.exit_code == expected["exit_code"] == 0
    # every wrong step is one the notes mark, and it is refuted with an exact counterexample
    for c in rep.chains:
        for s in c["steps"]:
            if s["status"] == "refuted":
                assert s.get("as_expected") is True or c.get("as_expected") is True
                assert s["counterexample"]["values"]


def test_the_tex_example_has_the_four_derivations_of_the_issue():
    rep = json.loads((EXAMPLES / "linear_classifiers.expected.json").read_text())
    names = [c["name"] for c in rep["chains"]]
    assert {"signed distance", "least-squares gradient", "Fisher's Lagrangian", "SVM dual"} <= set(names)
    assert all(c["status"] == "refuted" and c["first_wrong_step"] for c in rep["chains"])


def test_the_fisher_sign_slip_is_named():
    rep = check_notes(str(EXAMPLES / "linear_classifiers.tex"), label="linear_classifiers.tex")
    (fisher,) = [c for c in rep.chains if c["name"] == "Fisher's Lagrangian"]
    step = fisher["steps"][fisher["first_wrong_step"] - 1]
    assert step["where"] == "linear_classifiers.tex:52:4"
    assert step["counterexample"]["values"]["lambda"] == "1"
    assert "sign" in step.get("mistake", "") and "lambda" in step["mistake"]
