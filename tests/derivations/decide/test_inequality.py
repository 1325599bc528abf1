"""The entry point of the inequality prover (derivations._decide.inequality): a gap with
piecewise atoms is split into regions, each proved by the certificates; one without goes to
the certificates directly."""

import sympy as sp

from derivations._decide import certificates, inequality
from derivations._decide.linear import Constraint

x, y = sp.symbols("x y", real=True)


def test_prove_memo_gives_the_same_certificate():
    g = x ** 2 + 1
    h = (Constraint(y, ">"),)
    c1 = inequality.prove(g, True, h)
    assert c1 is not None and inequality.prove(g, True, h) == c1
    assert inequality.prove(-(x ** 2) - 1, False, h) is None
    assert inequality.prove(-(x ** 2) - 1, False, h) is None


def test_a_piecewise_gap_is_proved_by_cases_and_only_here():
    g = sp.Max(x, y) - x
    c = inequality.prove(g)
    assert c is not None and c.route == "cases"
    assert certificates.prove(g) is None  # the certificates never split a gap into cases
    assert inequality.prove(sp.Abs(x) - 1) is None  # false at x = 0: no region proves it
    assert inequality.prove(sp.Abs(x) + 1, strict=True).route == "cases"
