"""A Sum's free symbols are SymPy's own, computed once per expression."""

import importlib

import sympy as sp

from derivations._symbols import sympy_sums

limits = importlib.import_module("sympy.concrete.expr_with_limits")


def test_the_property_is_replaced():
    # A SymPy release that moves the property fails here: update sympy_sums.apply.
    assert sympy_sums.APPLIED
    assert limits.ExprWithLimits.free_symbols.fget.uncached is not None
    assert sympy_sums.apply()  # applying twice keeps one layer
    assert getattr(limits.ExprWithLimits.free_symbols.fget.uncached, "uncached", None) is None


def _cases():
    i, j = sp.symbols("i j", integer=True)
    n, x = sp.Symbol("n", integer=True, positive=True), sp.Symbol("x")
    X = sp.MatrixSymbol("X", n, n)
    k = sp.Dummy("k", integer=True)
    return [
        sp.Sum(X[i, 0] * x, (i, 0, n - 1)),
        sp.Sum(sp.exp(-sp.Sum(X[i, j], (j, 0, n - 1))), (i, 0, n - 1)),
        sp.Product(1 + x ** i, (i, 1, n)),
        sp.Sum(i * j, (i, 0, j)),  # the bound's symbol is free, the index is not
        sp.Sum(x, (i, 0, 3), (j, i, n)),
        sp.Sum(k ** 2, (k, 1, n)),
        sp.Integral(x * n, (x, 0, 1)),
        sp.Sum(x, (x, 0, 2)),  # the index shadows a free symbol of the same name
    ]


def test_the_same_answers_as_sympy():
    for e in _cases():
        own = limits.ExprWithLimits.free_symbols.fget.uncached(e)
        for _ in range(2):  # computed, then remembered
            assert e.free_symbols == own, e
        assert e.is_number == (not own)


def test_a_caller_may_change_the_set_it_gets():
    i, n = sp.Symbol("i", integer=True), sp.Symbol("n", integer=True)
    e = sp.Sum(i, (i, 0, n))
    got = e.free_symbols
    got.add(sp.Symbol("z"))
    assert e.free_symbols == {n}


def test_computed_once_per_expression(monkeypatch):
    calls = []
    fget = limits.ExprWithLimits.free_symbols.fget
    monkeypatch.setattr(limits.ExprWithLimits, "free_symbols",
                        property(sympy_sums._remembered(lambda s: calls.append(s) or fget.uncached(s))))
    monkeypatch.setattr(sympy_sums, "_MEMO", {})
    i, n = sp.Symbol("i", integer=True), sp.Symbol("n", integer=True, positive=True)
    e = sp.Sum(sp.Symbol("y") * i, (i, 0, n - 1))
    for _ in range(5):
        assert e.free_symbols and not e.is_number
    assert len(calls) == 1
    monkeypatch.setattr(sympy_sums, "MEMO_SIZE", 1)
    sp.Sum(i, (i, 0, 2)).free_symbols  # the memo is full: emptied, then holds the new one
    assert len(sympy_sums._MEMO) == 1
