"""The memoised rewritings of inequality.prove: every caller sees every rewriting, in order,
even when the shared computation was interrupted (a timeout) under another caller."""

import sympy as sp

from derivations._decide import inequality
from derivations._decide.linear import Constraint

x, y = sp.symbols("x y", real=True)


def test_forms_are_computed_once_and_replayed_in_order():
    g = (x + y) ** 2 / (x ** 2 + 1) + 3
    inequality._FORMS.pop(g, None)
    first = list(inequality._forms(g))
    assert first == list(inequality._forms_of(g))
    assert list(inequality._forms(g)) == first


def test_an_interrupted_rewriting_leaves_no_truncated_memo(monkeypatch):
    g = 2 * x * (x + y) + 6 * x
    full = list(inequality._forms_of(g))
    assert len(full) >= 2
    inequality._FORMS.pop(g, None)
    calls = {"n": 0}
    real = inequality._forms_of

    def flaky(h):
        calls["n"] += 1
        if calls["n"] == 1:  # the first generator dies at its second rewriting
            it = real(h)
            yield next(it)
            raise KeyboardInterrupt
        yield from real(h)

    monkeypatch.setattr(inequality, "_forms_of", flaky)
    outer = inequality._forms(g)
    assert next(outer) == full[0]  # a caller suspended after the first rewriting
    inner = inequality._forms(g)
    assert next(inner) == full[0]
    try:
        next(inner)
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("the interruption must propagate")
    assert [full[0]] + list(outer) == full  # the suspended caller still sees every rewriting
    assert list(inequality._forms(g)) == full  # and a new caller too


def test_prove_memo_gives_the_same_certificate():
    g = x ** 2 + 1
    h = (Constraint(y, ">"),)
    c1 = inequality.prove(g, True, h)
    assert c1 is not None and inequality.prove(g, True, h) == c1
    assert inequality.prove(-(x ** 2) - 1, False, h) is None
    assert inequality.prove(-(x ** 2) - 1, False, h) is None
