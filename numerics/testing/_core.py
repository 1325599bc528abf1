"""The machinery of the check batteries: a property, its failure, and the Hypothesis runner.

A :class:`Property` pairs a strategy of inputs with an assertion about a user's callable.
:func:`run_property` drives the callable through Hypothesis; a failing assertion raises
:class:`PropertyFailed`, whose message names the property, prints the expected and actual
values and the input, and which Hypothesis re-raises after shrinking the input, so the
message shows the shrunk input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from hypothesis import HealthCheck, example, given
from hypothesis import seed as hypothesis_seed
from hypothesis import settings as Settings
from hypothesis import strategies as st

__all__ = ["Case", "ConformanceError", "Property", "PropertyFailed", "run_property"]

EPS = float(np.finfo(np.float64).eps)
UNIT_ROUNDOFF = EPS / 2


def gamma(n: int) -> float:
    """Higham's gamma_n = n u / (1 - n u): the relative error bound of an n-term float sum
    or dot product (Accuracy and Stability of Numerical Algorithms, 2nd ed., §3.1)."""
    return n * UNIT_ROUNDOFF / (1.0 - n * UNIT_ROUNDOFF)


def _show(value: Any) -> str:
    if isinstance(value, np.ndarray):
        body = np.array2string(value, precision=17, floatmode="unique", separator=", ",
                               threshold=1 << 20, max_line_width=100)
        return f"np.array({body})"
    if isinstance(value, float):
        return repr(value)
    return str(value)


class Case(dict):
    """The inputs of one example, by name; printed so that it can be pasted into Python."""

    def __repr__(self) -> str:
        return "Case(" + ", ".join(f"{k}={_show(v)}" for k, v in self.items()) + ")"

    def describe(self) -> str:
        return "\n".join(f"    {k} = {_show(v)}".replace("\n", "\n      ")
                         for k, v in self.items())


@dataclass(frozen=True)
class Property:
    """One verified property of one family of algorithms.

    family : the battery it belongs to ("logistic_gradient", ...); name : a short phrase that
    reads as the property and serves as the pytest id; statement : the formula and its
    source (document equation, catalog entry); cases : builds the strategy of :class:`Case`
    inputs; assertion : ``assertion(prop, fn, case)`` calls the user's ``fn`` and raises
    :class:`PropertyFailed` (through :meth:`fail`) when the property does not hold;
    holds_on : the inputs the property claims to hold on (and so the ones ``cases`` draws),
    printed with every failure; examples : builds the explicit inputs run first on every
    run (Hypothesis ``@example``): the minimal form of each shape where implementations
    break (N = d, N < d, a one-sample class, saturated logits, ...), so that catching such a
    mistake never depends on what the random phase happens to draw.
    """

    family: str
    name: str
    statement: str
    cases: Callable[[], st.SearchStrategy[Case]]
    assertion: Callable[[Property, Callable, Case], None]
    holds_on: str = ""
    examples: Callable[[], list[Case]] = field(default=lambda: [])

    @property
    def id(self) -> str:
        return f"{self.family}: {self.name}"

    def fail(self, case: Case, *, expected: Any, actual: Any, allowed: str = "") -> None:
        raise PropertyFailed(self, case, expected=expected, actual=actual, allowed=allowed)

    def call(self, fn: Callable, case: Case, *args: Any) -> Any:
        """``fn(*args)``; an exception it raises is this property's failure."""
        try:
            return fn(*args)
        except Exception as exc:  # the user's code: any exception is a failed property
            raise PropertyFailed(self, case, expected="a return value",
                                 actual=f"raised {type(exc).__name__}: {exc}") from exc

    def array(self, case: Case, value: Any, shape: tuple[int, ...], what: str) -> np.ndarray:
        """``value`` as a float64 array of ``shape``, or this property's failure."""
        try:
            arr = np.asarray(value, dtype=np.float64)
        except (TypeError, ValueError) as exc:
            self.fail(case, expected=f"{what}: an array of real numbers of shape {shape}",
                      actual=f"{type(value).__name__} ({exc})")
        if arr.shape != shape:
            self.fail(case, expected=f"{what} of shape {shape}", actual=f"shape {arr.shape}")
        if not np.all(np.isfinite(arr)):
            self.fail(case, expected=f"{what}: finite values", actual=arr)
        return arr


class PropertyFailed(AssertionError):
    """A property that does not hold at an input. ``property`` (a :class:`Property`),
    ``case`` (the input), ``expected``, ``actual``; ``str()`` shows all of them."""

    def __init__(self, prop: Property, case: Case, *, expected: Any, actual: Any,
                 allowed: str = "") -> None:
        self.property = prop
        self.case = case
        self.expected = expected
        self.actual = actual
        lines = [
            f"property failed: {prop.id}",
            f"  {prop.statement}",
        ]
        if prop.holds_on:
            lines.append(f"  claimed on: {prop.holds_on}")
        lines += [
            f"  expected: {_show(expected)}",
            f"  actual:   {_show(actual)}",
        ]
        if allowed:
            lines.append(f"  allowed:  {allowed}")
        lines += ["  input (the smallest Hypothesis found):", case.describe()]
        super().__init__("\n".join(lines))


class ConformanceError(AssertionError):
    """Some properties of a battery failed; ``failures`` lists each :class:`PropertyFailed`."""

    def __init__(self, family: str, failures: list[PropertyFailed], n_properties: int) -> None:
        self.failures = failures
        names = ", ".join(f.property.name for f in failures)
        super().__init__(
            f"{len(failures)} of {n_properties} {family} properties failed ({names}):\n\n"
            + "\n\n".join(str(f) for f in failures))

    @property
    def failed(self) -> set[str]:
        """The names of the failed properties."""
        return {f.property.name for f in self.failures}


def _settings(settings: Settings | None, max_examples: int | None) -> Settings:
    """The given settings (or the active profile's) with what the kit needs: no deadline
    (a user's fit may be slow), one bug reported (the one shrunk), and no health check on
    the sizes or speed of the generated data."""
    base = settings if settings is not None else Settings()
    return Settings(
        base,
        max_examples=max_examples if max_examples is not None else base.max_examples,
        deadline=None,
        report_multiple_bugs=False,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                               HealthCheck.filter_too_much],
    )


def run_property(prop: Property, fn: Callable, *, settings: Settings | None = None,
                 max_examples: int | None = None, seed: int | None = None) -> None:
    """Check ``prop`` for ``fn`` on its explicit examples, then on the examples Hypothesis
    draws (from ``seed`` if given); raises the (shrunk) :class:`PropertyFailed` if one
    fails."""

    @_settings(settings, max_examples)
    @given(case=prop.cases())
    def check(case: Case) -> None:
        prop.assertion(prop, fn, case)

    for case in reversed(prop.examples()):  # decorators apply bottom-up: keep their order
        check = example(case=case)(check)
    if seed is not None:
        check = hypothesis_seed(seed)(check)
    check.__name__ = check.__qualname__ = prop.name.replace(" ", "_")
    check()


def run_battery(family: str, properties: list[Property], fn: Callable, *,
                settings: Settings | None = None, max_examples: int | None = None,
                seed: int | None = None) -> None:
    """Every property of ``properties`` for ``fn``; raises :class:`ConformanceError` listing
    each one that failed (every property is run even after one fails)."""
    failures = []
    for prop in properties:
        try:
            run_property(prop, fn, settings=settings, max_examples=max_examples, seed=seed)
        except PropertyFailed as failure:
            failures.append(failure)
    if failures:
        raise ConformanceError(family, failures, len(properties))
