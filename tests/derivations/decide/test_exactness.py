"""Exact zero and sign decisions: rationals, radicals, and transcendental values."""

import pytest
import sympy as sp

from derivations._decide.exactness import exact_is_zero, exact_sign


@pytest.mark.parametrize("v, zero", [
    (sp.Rational(0), True), (sp.Rational(1, 10**30), False),
    (sp.sqrt(2) * sp.sqrt(8) - 4, True), (sp.sqrt(2) + sp.sqrt(3) - sp.sqrt(5 + 2 * sp.sqrt(6)), True),
    (sp.sqrt(2) - sp.Rational(14142135623730951, 10**16), False),
    (sp.exp(sp.log(3)) - 3, True), (sp.exp(1) - sp.Rational(27182818284590452, 10**16), False),
])
def test_exact_is_zero(v, zero):
    assert exact_is_zero(v) is zero


def test_exact_sign_of_a_tiny_negative_radical():
    assert exact_sign(sp.sqrt(2) - sp.Rational(14142135623730951, 10**16)) == -1


def test_undecidable_values_say_so():
    assert exact_is_zero(sp.zoo) is None
