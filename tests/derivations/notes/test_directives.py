"""lindisc: comments — declarations, define, assume, skip, expect, name."""

import pytest

from derivations._notes.directives import parse_directives
from derivations._notes.tokens import NotUnderstood


def test_statements():
    ds = parse_directives(" w = vector(d, nonzero); X = samples(N, d); define x = x_perp + r w / "
                          "norm(w); assume S_W is spd; skip; expect refuted; name the margin", 10)
    assert [(d.kind, d.name, d.value) for d in ds] == [
        ("declare", "w", "vector(d, nonzero)"), ("declare", "X", "samples(N, d)"),
        ("define", "x", "x_perp + r w / norm(w)"), ("assume", "", "S_W is spd"),
        ("skip", "", ""), ("expect", "", "refuted"), ("name", "", "the margin")]
    assert ds[0].pos == 11


def test_a_define_with_latex_and_a_semicolon_inside_braces():
    (d,) = parse_directives(r"define L = \frac{1}{2} \|\mathbf w\|^2", 0)
    assert d.name == "L" and d.value.startswith(r"\frac")


@pytest.mark.parametrize("text,what", [("w = vectr(d)", "not a lindisc statement"),
                                       ("expect maybe", "expect"), ("define = 3", "define NAME"),
                                       ("x" * 3000, "more than")])
def test_bad_statements(text, what):
    with pytest.raises(NotUnderstood, match=what):
        parse_directives(text, 0)
