"""LagrangePoints: the printed stationary points, multipliers, max and min against the
engine's exact solution sets (derivations._claims.claims.LagrangePoints)."""

import random

import pytest
import sympy as sp

import derivations
from derivations._claims.claims import LagrangePoints
from derivations._interfaces.latex import claim_latex
from derivations._symbols.space import Space
from derivations._verdicts.engine import verify_claim

x, y = sp.symbols("x y", real=True)
CIRCLE = [sp.Eq(x ** 2 + y ** 2, 1)]


def _printed(s: Space):
    """±(2/√5, 1/√5) and λ = ±√5/2, as a document prints them (defined symbols)."""
    pts, lams = [], []
    for sign, tag in ((1, "+"), (-1, "-")):
        x0, y0, l0 = s.scalar(f"x_0{tag}"), s.scalar(f"y_0{tag}"), s.scalar(f"l_0{tag}")
        s.define(x0, sign * 2 / sp.sqrt(5))
        s.define(y0, sign / sp.sqrt(5))
        s.define(l0, sign * sp.sqrt(5) / 2)
        pts.append((x0, y0))
        lams.append((l0,))
    return pts, lams


def _verdict(claim, s):
    r = verify_claim("c", claim, s, random.Random(0))
    return r, {o.name: o.outcome for o in r.methods}


def test_exported():
    assert derivations.LagrangePoints is LagrangePoints


def test_worked_example_verified_by_both_routes():
    s = Space()
    pts, lams = _printed(s)
    r, by = _verdict(LagrangePoints(2 * x + y, CIRCLE, (x, y), pts, multipliers=lams,
                                    maximum=pts[0], minimum=pts[1]), s)
    assert r.status == "verified"
    assert by["components"] == "equal" and by["exact random"] == "equal"


@pytest.mark.parametrize("change, fails", [
    (dict(points="one"), "is not printed"),
    (dict(maximum=1), "printed maximiser"),
    (dict(minimum=0), "printed minimiser"),
    (dict(multipliers="swapped"), "is not a solution"),
    (dict(objective=2 * x + 2 * y), "is not a solution"),
])
def test_each_wrong_part_is_refuted_with_its_point(change, fails):
    s = Space()
    pts, lams = _printed(s)
    kw = dict(multipliers=lams, maximum=pts[0], minimum=pts[1])
    f = change.get("objective", 2 * x + y)
    points = pts[:1] if change.get("points") == "one" else pts
    if change.get("points") == "one":
        kw["multipliers"] = lams[:1]
    if "maximum" in change:
        kw["maximum"] = pts[change["maximum"]]
    if "minimum" in change:
        kw["minimum"] = pts[change["minimum"]]
    if change.get("multipliers") == "swapped":
        kw["multipliers"] = lams[::-1]
    r, by = _verdict(LagrangePoints(f, CIRCLE, (x, y), points, **kw), s)
    assert r.status == "refuted"
    assert fails in r.counterexample["fails"]
    assert by["components"] == "different" and by["exact random"] == "different"


def test_a_printed_point_that_is_no_solution():
    s = Space()
    pts, _l = _printed(s)
    r, _by = _verdict(LagrangePoints(2 * x + y, CIRCLE, (x, y), pts + [(1, 0)]), s)
    assert r.status == "refuted" and "(x = 1, y = 0) is not a Lagrange point" in r.counterexample["fails"]


def test_positive_dimensional_is_undecided():
    s = Space()
    r, by = _verdict(LagrangePoints(x + y, [sp.Eq(x + y, 1)], (x, y), [(0, 1)]), s)
    assert r.status == "undecided"
    assert by["components"] == "not applicable"


def test_free_data_is_evidence_never_a_proof():
    """f = a x + y with a declared free: exact random solves the system at each random a (the
    printed points ±(a, 1)/√(a² + 1) hold there), components has no proof for every a."""
    s = Space()
    a = s.scalar("a")
    r_ = sp.sqrt(a ** 2 + 1)
    r, by = _verdict(LagrangePoints(a * x + y, CIRCLE, (x, y), [(a / r_, 1 / r_), (-a / r_, -1 / r_)],
                                    maximum=(a / r_, 1 / r_)), s)
    assert by["exact random"] == "equal" and by["components"] == "not applicable"
    assert r.status == "undecided"


def test_sides_and_mutation_round_trip():
    s = Space()
    pts, lams = _printed(s)
    c = LagrangePoints(2 * x + y, CIRCLE, (x, y), pts, multipliers=lams, maximum=pts[0])
    sides = c.sides()
    assert len(sides) == 1 + 1 + 4 + 2 + 2
    for i, side in enumerate(sides):
        assert c.replace_side(i, side) == c
    m = c.replace_side(2, -sides[2])  # x_0+ negated
    assert m.points[0][0] == -pts[0][0]


def test_latex_names_the_sets():
    s = Space()
    pts, _l = _printed(s)
    tex = claim_latex(LagrangePoints(2 * x + y, CIRCLE, (x, y), pts, maximum=pts[0]))
    assert r"\nabla \left(2 x + y\right)" in tex and r"arg\,max" in tex


def test_a_constraint_evaluated_while_built_is_refused():
    with pytest.raises(ValueError, match="evaluated"):
        LagrangePoints(x, [sp.Eq(x ** 2 + y ** 2, -1)], (x, y), [])
