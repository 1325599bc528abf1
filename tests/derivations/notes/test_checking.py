"""Notes checked end to end: chains, relations, annotations, scope of definitions, the
located report, exit codes; a wrong step is never verified, nothing crashes."""

import pytest

from derivations._notes.checking import check_notes
from derivations._userclaims.errors import ClaimsError

HEAD = "% lindisc: d = dim(1, 2); w = vector(d, nonzero); x = vector(d); a = scalar; b = scalar\n"


def run(tmp_path, body, name="n.tex", **kw):
    p = tmp_path / name
    p.write_text(body, encoding="utf-8")
    return check_notes(str(p), label=name, budget=10, **kw)


def statuses(rep):
    return [[s["status"] for s in c["steps"]] for c in rep.chains]


def test_an_align_chain_with_every_annotation(tmp_path):
    rep = run(tmp_path, HEAD + "\\begin{align}\n"
              "  (a + b)^2 &= a^2 + 2ab + b^2 \\label{eq:square} \\\\\n"
              "  \\intertext{and since squares are nonnegative}\n"
              "  &\\ge 2ab + b^2 \\quad\\text{(by $a^2 \\ge 0$)} \\nonumber \\\\\n"
              "  &\\geq 2 a b \\tag{3}, \\\\\n"
              "  &= 2ab.\n\\end{align}\n")
    (c,) = rep.chains
    assert [s["status"] for s in c["steps"]] == ["verified", "verified", "verified", "trivial"]
    assert [s["relation"] for s in c["steps"]] == ["=", "\\ge", "\\geq", "="]
    assert c["steps"][0]["label"] == "eq:square"
    assert c["steps"][0]["where"] == "n.tex:3:14"  # the relation of the step
    assert rep.exit_code == 0


def test_the_first_wrong_step_its_place_and_counterexample_in_the_users_names(tmp_path):
    rep = run(tmp_path, HEAD + "% lindisc: lambda = scalar\n\\begin{align*}\n"
              "\\nabla_{\\mathbf w} \\left(\\lambda \\mathbf w^\\top \\mathbf w\\right) &= 2\\lambda \\mathbf w \\\\\n"
              "  &= \\lambda \\mathbf w \\\\\n  &= \\lambda \\mathbf w\n\\end{align*}\n")
    (c,) = rep.chains
    assert c["status"] == "refuted" and c["first_wrong_step"] == 2
    assert c["first_wrong_where"] == "n.tex:5:4"
    cx = c["steps"][1]["counterexample"]
    assert "lambda" in cx["values"] and "lambda_" not in cx["values"]
    assert rep.exit_code == 1


@pytest.mark.parametrize("rel,ok", [("<", False), (">", True), ("\\le", False), ("\\leq", False),
                                    ("\\ge", True), ("\\geq", True), ("\\geqslant", True)])
def test_relations(tmp_path, rel, ok):
    rep = run(tmp_path, HEAD + f"\\[ a^2 + 1 {rel} a \\]\n")
    assert statuses(rep) == [["verified" if ok else "refuted"]]


def test_an_equivalence_between_relations(tmp_path):
    rep = run(tmp_path, HEAD + "\\[ a + b \\ge 0 \\iff -a \\le b \\Leftrightarrow a \\ge -b \\]\n"
              "\\[ a \\ge 0 \\iff a > 0 \\]\n")
    assert [c["status"] for c in rep.chains][1] == "refuted"
    assert statuses(rep)[0] == ["verified", "verified"]


def test_gather_lines_are_separate_chains_and_a_broken_line_continues(tmp_path):
    rep = run(tmp_path, HEAD + "\\begin{gather}\n a + b = b + a \\\\\n a b = b a\n\\end{gather}\n"
              "\\begin{multline}\n (a+b)^2 = a^2 + 2 a b \\\\\n + b^2\n\\end{multline}\n")
    assert statuses(rep) == [["verified"], ["verified"], ["verified"]] or \
        statuses(rep) == [["trivial"], ["trivial"], ["verified"]]


def test_what_is_not_understood_is_not_checked_with_place_and_fragment(tmp_path):
    rep = run(tmp_path, HEAD + "\\[ a = \\int_0^1 b \\, dt = b \\]\n\\[ a \\approx b \\]\n")
    s = rep.chains[0]["steps"][0]
    assert s["status"] == "not checked" and "int" in s["fragment"] and s["at"] == "n.tex:2:8"
    assert rep.chains[1]["steps"][0]["status"] == "not checked"
    assert rep.exit_code == 0
    rep.strict = True
    assert rep.exit_code == 1


def test_expect_refuted_marks_a_worked_erratum(tmp_path):
    body = HEAD + "\\begin{align}\n a (a + b) &= a^2 + ab \\\\\n &= a^2 + b % lindisc: expect refuted\n\\end{align}\n"
    rep = run(tmp_path, body)
    assert rep.chains[0]["steps"][1]["as_expected"] is True and rep.exit_code == 0
    rep2 = run(tmp_path, body.replace("a^2 + b %", "a^2 + ab %"))
    assert rep2.chains[0]["steps"][1]["as_expected"] is False and rep2.exit_code == 1
    rep3 = run(tmp_path, HEAD + "% lindisc: expect refuted\n\\[ a + b = b + 2a \\]\n")
    assert rep3.chains[0]["as_expected"] is True and rep3.exit_code == 0


def test_skip_and_displays_without_relation(tmp_path):
    rep = run(tmp_path, HEAD + "% lindisc: skip\n\\[ a = 2 a \\]\n\\[ a + b \\]\n")
    assert rep.chains == [] and len(rep.skipped) == 1 and rep.no_relation == 1


def test_definitions_hold_to_the_end_of_their_section(tmp_path):
    body = (HEAD + "\\section{One}\n% lindisc: define b = 2 a\n\\[ b = a + a \\]\n"
            "\\section{Two}\n\\[ b = a + a \\]\n")
    rep = run(tmp_path, body)
    assert [c["status"] for c in rep.chains] == ["verified", "refuted"]


def test_a_definition_of_a_declared_vector_and_an_abbreviation(tmp_path):
    rep = run(tmp_path, HEAD + "% lindisc: x_perp = vector(d); r = scalar\n"
              "% lindisc: define x = x_perp + r w / norm(w); define b = -w^T x_perp\n"
              "% lindisc: define y = \\mathbf w^\\top \\mathbf x + b\n"
              "\\[ y(\\mathbf x) = r \\|\\mathbf w\\| \\]\n")
    assert rep.chains[0]["status"] in ("verified", "verified at sizes")


def test_assume(tmp_path):
    body = HEAD + "% lindisc: assume a > 0\n\\[ a + 1/a \\ge 2 \\]\n"
    assert run(tmp_path, body).chains[0]["status"] == "verified"
    assert run(tmp_path, body.replace("% lindisc: assume a > 0\n", "")).chains[0]["status"] == "refuted"


def test_a_vector_equal_to_zero(tmp_path):
    rep = run(tmp_path, HEAD + "\\[ \\nabla_{\\mathbf w} (\\mathbf w^\\top \\mathbf x) - \\mathbf x = 0 \\]\n")
    assert rep.chains[0]["status"] == "verified"


@pytest.mark.parametrize("line,what", [("% lindisc: w = vectr(d)\n", "not a lindisc statement"),
                                       ("% lindisc: define z = \\int a\n", "define z"),
                                       ("% lindisc: assume q > 0\n", "not declared"),
                                       ("% lindisc: a = scalar\n", "declared twice")])
def test_malformed_directives_exit_2_located(tmp_path, line, what):
    with pytest.raises(ClaimsError, match=what) as e:
        run(tmp_path, HEAD + line + "\\[ a = a \\]\n")
    assert e.value.line == 2 and e.value.file == "n.tex"


GARBAGE = ["\\[ \\frac{ \\]", "\\[ a = } \\]", "\\[ ^^^ = _ \\]", "\\[ \\left( a = b \\]",
           "\\[ a = \\sum \\]", "\\[ a = \\nabla \\]", "\\[ |a = b \\]", "\\[ a \\\\ = \\\\ b \\]",
           "\\[ \\frac{\\partial}{\\partial} = 1 \\]", "\\[ a = b = \\]", "\\[ = a \\]",
           "\\[ \\mathbf{} = a \\]", "\\[ a^{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{1}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}}} = a \\]"]


@pytest.mark.parametrize("display", GARBAGE)
def test_garbage_is_never_a_crash(tmp_path, display):
    rep = run(tmp_path, HEAD + display + "\n")
    for c in rep.chains:
        for s in c["steps"]:
            assert s["status"] in ("not checked", "verified", "trivial", "refuted")


def test_succeq_zero_is_a_psd_claim(tmp_path):
    rep = run(tmp_path, HEAD + "% lindisc: A = matrix(d, d); S = matrix(d, d, symmetric)\n"
              "\\[ A^\\top A \\succeq 0 \\]\n\\[ S \\succeq 0 \\]\n\\[ A \\succeq b \\]\n")
    assert [c["steps"][0]["status"] for c in rep.chains][:2] == ["verified", "refuted"] or \
        [c["steps"][0]["status"] for c in rep.chains][:2] == ["verified at sizes", "refuted"]
    assert rep.chains[2]["steps"][0]["status"] == "not checked"


def test_a_gradient_inside_a_sum_is_not_checked_not_a_crash(tmp_path):
    rep = run(tmp_path, HEAD + "% lindisc: N = dim(1, 2); X = samples(N, d); t = vector(N)\n"
              "\\[ \\sum_{n=1}^{N} \\nabla_{\\mathbf w} (\\mathbf w^\\top \\mathbf x_n - t_n)^2"
              " = \\sum_{n=1}^{N} 2 (\\mathbf w^\\top \\mathbf x_n - t_n) \\mathbf x_n \\]\n")
    assert rep.chains[0]["steps"][0]["status"] in ("not checked", "verified", "verified at sizes")


def test_the_number_of_steps_is_bounded(tmp_path, monkeypatch):
    import derivations._notes.checking as ck

    monkeypatch.setattr(ck, "MAX_STEPS", 2)
    rep = run(tmp_path, HEAD + "\\[ a = a + 0 = a + 0 = a + 0 = a \\]\n")
    assert [s["status"] for s in rep.chains[0]["steps"]][2:] == ["not checked"] * 2


def test_an_evaluation_bar_is_a_stationarity_claim(tmp_path):
    rep = run(tmp_path, "% lindisc: d = dim(1, 2); w = vector(d); x = vector(d); A = matrix(d, d, spd)\n"
              "% lindisc: define E = \\mathbf w^\\top A \\mathbf w - 2 \\mathbf x^\\top \\mathbf w\n"
              "\\[ \\left. \\nabla_{\\mathbf w} E \\right|_{\\mathbf w = A^{-1} \\mathbf x} = 0 \\]\n"
              "\\[ \\left. \\frac{\\partial E}{\\partial \\mathbf w} \\right|_{\\mathbf w = \\mathbf x} = 0 \\]\n"
              "\\[ \\nabla_{\\mathbf w} E \\Big|_{\\mathbf x = \\mathbf w} = 0 \\]\n")
    got = [c["steps"][0]["status"] for c in rep.chains]
    assert got[0] in ("verified", "verified at sizes") and got[1] == "refuted"
    assert got[2] == "not checked"  # the bar names another variable than the gradient's
    assert "gradient" in rep.chains[1]["steps"][0]["counterexample"]["fails"]


def test_derivatives_with_respect_to_a_declared_scalar(tmp_path):
    """∂/∂b of the squared residual (issue 35: a scalar had to be declared vector(1)): the right
    derivative is proved for every size, a sign slip refuted, a transcendental one checked,
    and a derivative with respect to a ±1 label is not checked (there is none)."""
    head = HEAD + "% lindisc: t = scalar; y = label\n"
    rep = run(tmp_path, head + "\\begin{align}\n"
              "\\frac{\\partial}{\\partial b} \\left(w^T x + b - a\\right)^2 &= 2 (w^T x + b - a) \\\\\n"
              "\\frac{\\partial}{\\partial b} \\left(w^T x + b - a\\right)^2 &= 2 (w^T x - b - a) \\\\\n"
              "\\frac{\\partial (b^2 w^T w + \\exp(b t))}{\\partial b} &= 2 b w^T w + t \\exp(b t) \\\\\n"
              "\\frac{\\partial (b^3)}{\\partial b} &= 2 b^2 \\\\\n"
              "\\frac{\\partial (y b)}{\\partial y} &= b\n\\end{align}\n")
    got = statuses(rep)
    assert got[0] == ["verified"] and got[2][0] in ("verified", "verified at sizes")
    assert got[1] == ["refuted"] and got[3] == ["refuted"]
    assert got[4] == ["not checked"]
    first = rep.chains[0]["steps"][0]
    assert first["scope"]["every_size"] is True
    assert sum(m["outcome"] == "equal" for m in first["methods"]) >= 2


def test_scalar_derivatives_that_try_to_fool_the_engine(tmp_path):
    """Claims built to pass a careless check of ∂/∂b: |b|' = 1 holds only for b > 0 (so it is
    verified for a positive c and refuted for a free b), and a residual with planted rational
    roots (b − 1/3)(b − 1/5)(b − 1/7) vanishes at three points only."""
    rep = run(tmp_path, HEAD + "% lindisc: c = scalar(positive)\n\\begin{align}\n"
              "\\frac{\\partial}{\\partial b} |b| &= 1 \\\\\n"
              "\\frac{\\partial}{\\partial c} \\sqrt{c^2} &= 1 \\\\\n"
              "\\frac{\\partial}{\\partial b} \\left(b^{11} - b^{10}\\right) &= 11 b^{10} - 10 b^{9}"
              " + (b - 1/3)(b - 1/5)(b - 1/7)\n\\end{align}\n")
    assert statuses(rep) == [["refuted"], ["verified"], ["refuted"]]
