"""The kit catches every deliberately wrong implementation of the zoo, by the property the
mistake breaks, and passes every correct one (lindisc's own numerics)."""

from __future__ import annotations

import pytest
from hypothesis import Phase, settings

from numerics.testing import (
    ConformanceError,
    PropertyFailed,
    checks,
    parametrize_with_checks,
    properties,
    run_property,
)
from tests.numerics.testing import zoo
from tests.numerics.testing.reference import CORRECT
from tests.numerics.testing.zoo import ZOO

# Derandomized: the same examples on every run, so an entry is caught or not for good.
PASSING = settings(max_examples=8, derandomize=True, database=None)
# A wrong implementation is reported at its first failing example; shrinking is tested once
# below (and for the whole zoo in the slow test).
CATCHING = settings(max_examples=20, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate])


@parametrize_with_checks(CORRECT, settings=PASSING)
def test_lindisc_numerics_pass_every_property(check):
    check()


def _expected_cases():
    for name, (family, _, expected) in sorted(ZOO.items()):
        for prop in properties(family):
            if prop.name in expected:
                yield pytest.param(name, prop, id=f"{name} -> {prop.name}")


@pytest.mark.parametrize(("name", "prop"), list(_expected_cases()))
def test_each_wrong_implementation_fails_the_property_it_breaks(name, prop):
    _, implementation, _ = ZOO[name]
    with pytest.raises(PropertyFailed) as info:
        run_property(prop, implementation, settings=CATCHING)
    assert info.value.property is prop
    assert str(info.value).startswith(f"property failed: {prop.family}: {prop.name}\n")


def test_every_property_catches_some_wrong_implementation_and_every_family_is_covered():
    for name, (family, _, expected) in ZOO.items():
        assert expected <= {p.name for p in properties(family)}, name
    assert set(CORRECT) == set(checks.FAMILIES)
    caught = {(family, prop) for family, _, expected in ZOO.values() for prop in expected}
    for family in checks.FAMILIES:
        for prop in properties(family):
            assert (family, prop.name) in caught, f"{prop.id} catches no zoo entry"


@pytest.mark.slow
def test_a_failure_prints_the_property_both_values_and_the_shrunk_input():
    with pytest.raises(ConformanceError) as info:
        checks.check_logistic_gradient(zoo.logistic_gradient_sign,
                                       settings=settings(PASSING, max_examples=20))
    assert info.value.failed == {"equals sum of (sigma(w^T x_n) - t_n) x_n",
                                 "is the derivative of the cross-entropy"}
    failure = info.value.failures[0]
    text = str(failure)
    for part in ("property failed: logistic_gradient: equals sum of", "expected: np.array(",
                 "actual:   np.array(", "allowed:", "input (the smallest Hypothesis found):",
                 "    w = np.array(", "    X = np.array(", "    t = np.array("):
        assert part in text
    # Shrunk: the sign error shows on the smallest design, one feature and two samples.
    assert failure.case["X"].shape == (2, 1)


def test_an_exception_in_the_users_code_is_the_propertys_failure():
    def broken(w, X, t):
        raise ZeroDivisionError("oops")

    prop = properties("logistic_gradient")[0]
    with pytest.raises(PropertyFailed, match="raised ZeroDivisionError: oops"):
        run_property(prop, broken, settings=CATCHING)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ZOO))
def test_each_wrong_implementation_fails_its_battery_with_shrinking(name):
    family, implementation, expected = ZOO[name]
    with pytest.raises(ConformanceError) as info:
        getattr(checks, f"check_{family}")(implementation,
                                          settings=settings(CATCHING, phases=list(Phase)))
    assert expected <= info.value.failed


@pytest.mark.slow
@parametrize_with_checks(CORRECT)
def test_lindisc_numerics_pass_every_property_at_the_profiles_examples(check):
    """The active Hypothesis profile's examples (300 in .ci/run's long profile), random where
    the profile is: a tolerance too tight for a correct implementation shows here."""
    check()
