"""Grad's symbolic partials: polynomial differentiation where f is a polynomial in the
variables, sp.diff otherwise, without trying Poly on what cannot be one."""

import sympy as sp

from derivations._symbols import expr
from derivations._symbols.expr import _partials, _transcendental_in

x, y, c = sp.symbols("x y c")


def test_a_function_or_a_non_natural_power_of_a_variable_is_transcendental():
    for f in (sp.exp(-x * y) / (1 + sp.exp(-x * y)), sp.log(x ** 2 + 1) * y, sp.Abs(x - y),
              sp.sqrt(x) + y, 1 / (x + y), x ** sp.Rational(3, 2)):
        assert _transcendental_in(f, {x, y}), f
        try:
            sp.Poly(f, x, y)
        except sp.PolynomialError:
            pass
        else:
            raise AssertionError(f"Poly accepted {f}: the shortcut would change the route")
    for f in (x ** 2 * y + 3, sp.exp(c) * x + y, sp.log(c) / c * x * y, (x + y) ** 3 / 7):
        assert not _transcendental_in(f, {x, y}), f
        sp.Poly(f, x, y)  # a polynomial in x, y (a coefficient may be anything)


def test_partials_are_the_derivatives_either_way(monkeypatch):
    for f in (sp.exp(-x * y) / (1 + sp.exp(-x * y)) + x ** 2, x ** 3 * y - sp.exp(c) * y,
              sp.log(1 + x ** 2) - y / x):
        got = _partials(f, [x, y])
        assert [sp.simplify(g - sp.diff(f, v)) for g, v in zip(got, (x, y))] == [0, 0]
    tried, poly = [], sp.Poly
    monkeypatch.setattr(expr.sp, "Poly", lambda *a, **k: tried.append(a) or poly(*a, **k))
    _partials(sp.exp(x) * y, [x, y])
    assert not tried, "Poly was tried on an exponential of a variable"
    _partials(x ** 2 * y, [x, y])
    assert tried
