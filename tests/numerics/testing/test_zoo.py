"""The kit catches every deliberately wrong implementation of the zoo, by the property the
mistake breaks, on every seed; and raises no false alarm on lindisc's own numerics nor on the
independent correct implementations of correct.py (lstsq, QR, normal equations with inv,
centred and pooled-covariance Fisher, loops and vectorised forms, the Kronecker-form softmax
Hessian, SMO, scikit-learn's SVC at its stated tolerance).

The fast tests run each once, derandomized; the slow ones sweep KIT_SEEDS seeds (default 10)
with the random phase on (no shrinking: a catch or a false alarm is reported at once)."""

from __future__ import annotations

import os

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
from numerics.testing._core import run_battery
from tests.numerics.testing import zoo
from tests.numerics.testing.correct import CORRECT as INDEPENDENT
from tests.numerics.testing.reference import CORRECT
from tests.numerics.testing.zoo import ZOO

# Derandomized: the same examples on every run, so an entry is caught or not for good.
PASSING = settings(max_examples=8, derandomize=True, database=None)
# A wrong implementation is reported at its first failing example; shrinking is tested once
# below (and for the whole zoo in the slow test).
CATCHING = settings(max_examples=20, derandomize=True, database=None,
                    phases=[Phase.explicit, Phase.reuse, Phase.generate])
# The seed sweeps: random examples from each seed, explicit ones first, no shrinking; never
# derandomized (a derandomizing profile, such as .ci's, would run one seed KIT_SEEDS times).
SWEEP = settings(max_examples=30, database=None, derandomize=False,
                 phases=[Phase.explicit, Phase.generate])
SEEDS = range(int(os.environ.get("KIT_SEEDS", "10")))


def _needs(fn) -> None:
    if fn.__name__ == "svm_sklearn":
        pytest.importorskip("sklearn")


@parametrize_with_checks(CORRECT, settings=PASSING)
def test_lindisc_numerics_pass_every_property(check):
    check()


@pytest.mark.parametrize(("name", "family", "fn", "options"), INDEPENDENT,
                         ids=[entry[0] for entry in INDEPENDENT])
def test_each_independent_correct_implementation_passes_every_property(name, family, fn,
                                                                         options):
    _needs(fn)
    run_battery(family, properties(family, **options), fn, settings=PASSING)


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
    assert set(CORRECT) | {family for _, family, _, _ in INDEPENDENT} == set(checks.FAMILIES)
    caught = {(family, prop) for family, _, expected in ZOO.values() for prop in expected}
    for family in checks.FAMILIES:
        for prop in properties(family):
            assert (family, prop.name) in caught, f"{prop.id} catches no zoo entry"
            assert prop.holds_on, f"{prop.id} does not say which inputs it claims to hold on"


def test_every_property_runs_explicit_examples_of_its_breaking_shapes():
    for family in checks.FAMILIES:
        for prop in properties(family):
            assert prop.examples(), f"{prop.id} has no explicit example"


def test_scikit_learns_svc_passes_at_its_stated_tolerance_and_not_below():
    """libsvm stops when the largest KKT violation is below tol (1e-3 by default): at
    solver_tol=1e-3 SVC(C=large) passes; asked for 1e-6 it is told which condition fails,
    by how much, against which tolerance."""
    pytest.importorskip("sklearn")
    from tests.numerics.testing.correct import svm_sklearn

    checks.check_svm_dual(svm_sklearn, solver_tol=1e-3, settings=PASSING)
    with pytest.raises(ConformanceError) as info:
        checks.check_svm_dual(svm_sklearn, solver_tol=1e-9,
                              settings=settings(CATCHING, max_examples=30))
    text = str(info.value)
    assert "solver_tol=1e-09" in text and "allowed:" in text and "1e-09 +" in text


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
                 "actual:   np.array(", "allowed:", "claimed on: every X (N, d)",
                 "input (the smallest Hypothesis found):",
                 "    w = np.array(", "    X = np.array(", "    t = np.array("):
        assert part in text


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
@pytest.mark.parametrize("name", sorted(ZOO))
def test_each_wrong_implementation_is_caught_on_every_seed(name):
    family, implementation, expected = ZOO[name]
    missed = []
    for seed in SEEDS:
        for prop in properties(family):
            if prop.name in expected:
                try:
                    run_property(prop, implementation, settings=SWEEP, seed=seed)
                except PropertyFailed:
                    continue
                missed.append((seed, prop.name))
    assert not missed, f"{name} not caught at (seed, property) {missed}"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "family", "fn", "options"),
                         INDEPENDENT + [(f"lindisc {f}", f, fn, {}) for f, fn in CORRECT.items()],
                         ids=[e[0] for e in INDEPENDENT] + [f"lindisc {f}" for f in CORRECT])
def test_correct_implementations_raise_no_false_alarm_on_any_seed(name, family, fn, options):
    _needs(fn)
    alarms = []
    for seed in SEEDS:
        try:
            run_battery(family, properties(family, **options), fn, settings=SWEEP, seed=seed)
        except ConformanceError as error:
            alarms.append((seed, str(error)[:2000]))
    assert not alarms, f"{name}: false alarms {alarms}"


@pytest.mark.slow
@parametrize_with_checks(CORRECT)
def test_lindisc_numerics_pass_every_property_at_the_profiles_examples(check):
    """The active Hypothesis profile's examples (300 in .ci/run's long profile), random where
    the profile is: a tolerance too tight for a correct implementation shows here."""
    check()
