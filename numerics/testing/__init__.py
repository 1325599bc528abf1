"""A kit to property-test your own implementation of a linear-discriminant algorithm.

For checking that a perceptron (single-sample or batch), relaxation with margin, Ho-Kashyap
run, least-squares classifier, Fisher direction, logistic or softmax gradient, Hessian or
IRLS step, gradient-descent or Newton step, or hard-margin SVM dual solver that you wrote
computes what the lecture documents derive — the properties lindisc verifies — on inputs Hypothesis
generates and shrinks. Needs Hypothesis (``pip install 'lindisc[testing]'``); ``import
numerics`` does not import it.

=================================  ==========================================================
:mod:`numerics.testing.checks`     ``check_<family>(fn)`` batteries; ``properties(family)``
:mod:`numerics.testing.strategies` input domains named for what they mean
``parametrize_with_checks``        one pytest decorator, one test per (implementation, property)
=================================  ==========================================================

Example (in a test module)::

    from numerics.testing import parametrize_with_checks

    @parametrize_with_checks({"logistic_gradient": my_gradient, "perceptron": my_perceptron})
    def test_my_code(check):
        check()
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Iterable, Mapping
from functools import partial

if importlib.util.find_spec("hypothesis") is None:  # pragma: no cover - the environment's
    raise ImportError("numerics.testing needs Hypothesis: pip install 'lindisc[testing]' (or "
                      "pip install 'hypothesis>=6.80').")

from ._core import Case, ConformanceError, Property, PropertyFailed, run_property
from .checks import (
    FAMILIES,
    SVM_TOL,
    check_batch_perceptron,
    check_batch_relaxation,
    check_fisher,
    check_gradient_descent_step,
    check_ho_kashyap,
    check_irls_step,
    check_least_squares,
    check_logistic_gradient,
    check_logistic_hessian,
    check_newton_step,
    check_perceptron,
    check_relaxation,
    check_softmax_gradient,
    check_softmax_hessian,
    check_softmax_irls_step,
    check_svm_dual,
    properties,
)

__all__ = [
    "FAMILIES",
    "Case",
    "ConformanceError",
    "Property",
    "PropertyFailed",
    "check_batch_perceptron",
    "check_batch_relaxation",
    "check_fisher",
    "check_gradient_descent_step",
    "check_ho_kashyap",
    "check_irls_step",
    "check_least_squares",
    "check_logistic_gradient",
    "check_logistic_hessian",
    "check_newton_step",
    "check_perceptron",
    "check_relaxation",
    "check_softmax_gradient",
    "check_softmax_hessian",
    "check_softmax_irls_step",
    "check_svm_dual",
    "parametrize_with_checks",
    "properties",
    "run_property",
]


def _name(fn: Callable) -> str:
    return getattr(fn, "__name__", type(fn).__name__)


def parametrize_with_checks(
    implementations: Mapping[str, Callable] | Iterable[tuple[str, Callable]],
    *,
    settings=None,
    max_examples: int | None = None,
    solver_tol: float = SVM_TOL,
):
    """A ``pytest.mark.parametrize`` over every property of every implementation.

    ``implementations`` maps a family of :data:`FAMILIES` to your callable (or is a list of
    (family, callable) pairs, to test several implementations of one family);
    ``solver_tol`` is the stated accuracy of an SVM dual solver (see ``check_svm_dual``). The decorated
    test takes one argument, ``check``, a zero-argument callable that runs one property and
    raises :class:`PropertyFailed` if it fails; test ids read ``<callable>-<family>: <property>``,
    e.g. ``my_gradient-logistic_gradient: is the derivative of the cross-entropy``.
    In the style of scikit-learn's ``parametrize_with_checks``.
    """
    import pytest

    pairs = list(implementations.items() if isinstance(implementations, Mapping)
                 else implementations)
    params = []
    for family, fn in pairs:
        for prop in properties(family, solver_tol=solver_tol):
            params.append(pytest.param(
                partial(run_property, prop, fn, settings=settings, max_examples=max_examples),
                id=f"{_name(fn)}-{prop.id}"))
    return pytest.mark.parametrize("check", params)
