"""The numeric method: agreement within a conditioning-scaled tolerance, and a non-finite
value is never agreement (inf - x <= rtol * inf would pass vacuously)."""

from __future__ import annotations

import random

import numpy as np

from derivations._claims.statement import Agreement
from derivations._methods import numeric
from derivations._symbols.space import Space


def _space():
    s = Space()
    x = s.scalar("x")
    return s, x


def test_agreeing_implementation_is_equal_and_a_wrong_one_different():
    s, x = _space()
    ok = numeric.run([Agreement("x^2", x**2, lambda ev: ev(x) ** 2)], s, random.Random(0))
    bad = numeric.run([Agreement("x^2", x**2, lambda ev: ev(x) ** 2 + 1)], s, random.Random(0))
    assert ok.outcome == "equal" and bad.outcome == "different"


def test_an_infinite_side_is_skipped_never_agreement():
    s, x = _space()
    inf_numerics = numeric.run([Agreement("x^2", x**2, lambda ev: np.inf)], s, random.Random(0))
    assert inf_numerics.outcome == "inconclusive" and inf_numerics.skipped == 4
    nan_both = numeric.run([Agreement("x^2", x**2, lambda ev: np.nan)], s, random.Random(0))
    assert nan_both.outcome == "inconclusive"
