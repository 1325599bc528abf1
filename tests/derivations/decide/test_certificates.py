"""The memoised rewritings of the certificates (derivations._decide.certificates): every caller sees every rewriting, in order,
even when the shared computation was interrupted (a timeout) under another caller."""

import sympy as sp

from derivations._decide import certificates

x, y = sp.symbols("x y", real=True)


def test_forms_are_computed_once_and_replayed_in_order():
    g = (x + y) ** 2 / (x ** 2 + 1) + 3
    certificates._FORMS.pop(g, None)
    first = list(certificates._forms(g))
    assert first == list(certificates._forms_of(g))
    assert list(certificates._forms(g)) == first


def test_an_interrupted_rewriting_leaves_no_truncated_memo(monkeypatch):
    g = 2 * x * (x + y) + 6 * x
    full = list(certificates._forms_of(g))
    assert len(full) >= 2
    certificates._FORMS.pop(g, None)
    calls = {"n": 0}
    real = certificates._forms_of

    def flaky(h):
        calls["n"] += 1
        if calls["n"] == 1:  # the first generator dies at its second rewriting
            it = real(h)
            yield next(it)
            raise KeyboardInterrupt
        yield from real(h)

    monkeypatch.setattr(certificates, "_forms_of", flaky)
    outer = certificates._forms(g)
    assert next(outer) == full[0]  # a caller suspended after the first rewriting
    inner = certificates._forms(g)
    assert next(inner) == full[0]
    try:
        next(inner)
    except KeyboardInterrupt:
        pass
    else:
        raise AssertionError("the interruption must propagate")
    assert [full[0]] + list(outer) == full  # the suspended caller still sees every rewriting
    assert list(certificates._forms(g)) == full  # and a new caller too


def test_the_convexity_routes_minimiser_is_the_counterexample_when_the_gap_is_negative_there():
    """x − (7/13)·log x ≥ its minimum + 10⁻⁶ fails only for |x − 7/13| ≲ 10⁻³: the stationary
    point the convexity route finds is reported (it was thrown away: undecided)."""
    import derivations as D

    c = sp.Rational(7, 13)
    p = sp.Symbol("p", positive=True)
    g = p - c * sp.log(p) - (c - c * sp.log(c) + sp.Rational(1, 10 ** 6))
    assert certificates.counterexample(g) == {p: c}
    assert certificates.counterexample(g + sp.Rational(1, 10 ** 6)) is None  # = 0 there: true
    assert certificates.counterexample(g + sp.Rational(1, 10 ** 6), strict=True) == {p: c}
    s = D.Space()
    t = s.scalar("x", positive=True)
    res = D.verify(D.Rel(g.xreplace({p: t}), ">=", 0), s)
    assert res.status == "refuted" and res.counterexample["values"] == {"x": "7/13"}
    true = D.verify(D.Rel((g + sp.Rational(1, 10 ** 6)).xreplace({p: t}), ">=", 0), s)
    assert true.status == "verified"


def test_a_strict_claim_that_fails_at_one_stationary_point_is_refuted_there():
    import derivations as D

    s = D.Space()
    t = s.scalar("x")
    res = D.verify(D.Rel(sp.exp(t), ">", 1 + t), s)  # equality at x = 0 (was undecided)
    assert res.status == "refuted" and res.counterexample["values"] == {"x": "0"}
    assert D.verify(D.Rel(sp.exp(t), ">=", 1 + t), s).status == "verified"


def test_no_stationary_point_counterexample_for_an_integer_symbol():
    k = sp.Symbol("k", integer=True, positive=True)
    c = sp.Rational(7, 13)
    g = k - c * sp.log(k) - (c - c * sp.log(c) + sp.Rational(1, 10 ** 6))
    assert certificates.counterexample(g) is None  # 7/13 is no integer
