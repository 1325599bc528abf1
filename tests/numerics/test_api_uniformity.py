"""One API across numerics: checked by introspecting every public function (module ``__all__``).

Three rules, each tested for every public function of the modules in :data:`MODULES`:

- signature: data are positional, options keyword-only — a parameter with a default is
  keyword-only, a positional parameter has a name from :data:`DATA_NAMES`, and a name that
  is keyword-only in one function is keyword-only in every function that takes it;
- complex input raises :class:`InvalidInput` naming the argument and the fix, for every
  numeric argument of every function (the one check is ``_validation.reject_complex``);
- dtype: with int, float32 or bool data every floating-point output is float64, and no
  output is of another dtype unless it is a count, an index, a flag or a label
  (:data:`NON_FLOAT_FIELDS`, :data:`NON_FLOAT_RESULTS`).

Every public function needs a call in :data:`CALLS` (a test fails for one without), so a new
function is held to the same rules. All real data below are 0/1-valued, so the int, float32
and bool casts change no value and every call stays a valid problem.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import numpy as np
import pytest

from numerics import (
    descent,
    dual_perceptron,
    feature_maps,
    fisher,
    geometry,
    ho_kashyap,
    least_squares,
    logistic,
    multiclass,
    perceptron,
    relaxation,
    separability,
    svm,
)
from numerics.errors import InvalidInput

# The modules held to these rules (the newer algorithm modules are added as they land).
MODULES = (geometry, least_squares, fisher, multiclass, feature_maps, separability, logistic,
           perceptron, relaxation, ho_kashyap, descent, dual_perceptron, svm)


def _public_functions() -> dict[str, Callable[..., Any]]:
    return {
        f"{module.__name__.rsplit('.', 1)[1]}.{name}": getattr(module, name)
        for module in MODULES
        for name in module.__all__
        if inspect.isfunction(getattr(module, name))
    }


PUBLIC = _public_functions()

# Names that may be positional: what a function computes from (arrays, a fitted model, the
# scalars a formula is written in), never a setting of how it computes.
DATA_NAMES = frozenset({
    "X", "y", "t", "T", "x", "W_tilde", "model", "w",
    "scatter_between", "scatter_within", "projections_1", "projections_2",
    "p1", "p2", "A", "B", "C", "D", "E", "F",
    "n_samples", "n_features", "n_classes",
    # the perceptron family: weights a and normalised augmented samples Y (the documents' names)
    "a", "Y",
    # dual_perceptron.dual_decision_function: a fitted result and the samples to score
    "result", "X_new",
    # descent: the criterion, given by its derivatives (user-supplied callables), and the
    # starting point — the problem an optimiser is handed, as in scipy.optimize.minimize(fun, x0)
    "grad", "hess", "a0",
})

# (function, parameter): why that parameter is positional here although it is keyword-only
# elsewhere. Each entry is a genuine exception, not a convenience.
POSITIONAL_BY_EXCEPTION = {
    # K is the function's only argument, the datum it counts from (K(K-1)/2); in
    # one_vs_rest_votes the same name is an option of the vote and keyword-only.
    ("multiclass.n_pairwise_classifiers", "n_classes"): "the only argument",
    # An optimiser has no default start: a0 is required data of descent, beside grad (and
    # hess); in the perceptron family a0 is an option defaulting to 0 and keyword-only.
    ("descent.gradient_descent", "a0"): "the required starting point of the optimiser",
    ("descent.newton_method", "a0"): "the required starting point of the optimiser",
}


# --------------------------------------------------------------------------- the data

# Two classes, 12 samples, every point of {0, 1}^2 in both classes (so logistic regression
# has finite maximum-likelihood weights and S_W is positive definite); a third class on the
# same points for the K-class functions.
_POINTS_0 = [[0, 0], [0, 0], [1, 0], [0, 1], [1, 1], [0, 0]]
_POINTS_1 = [[1, 1], [1, 1], [0, 1], [1, 0], [0, 0], [1, 1]]
_POINTS_2 = [[1, 0], [1, 0], [1, 0], [0, 1], [0, 0], [1, 1]]
X2 = np.array(_POINTS_0 + _POINTS_1, dtype=np.float64)
Y2 = np.repeat([0, 1], 6)
T2 = np.where(Y2 > 0, 1, -1)
X3 = np.array(_POINTS_0 + _POINTS_1 + _POINTS_2, dtype=np.float64)
Y3 = np.repeat([0, 1, 2], 6)
ONE_HOT = np.eye(2)[Y2]
COEF = np.array([1.0, 1.0])
COEF3 = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
INTERCEPT3 = np.array([0.0, 1.0, 1.0])
# Linearly separable data for the perceptron family and the hard-margin SVM: normalised
# augmented samples Y (bias last; a = (0, 0, 1) separates them), and samples XS with labels TS
# separated by the first coordinate.
YS = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 1], [0, 0, 1]], dtype=np.float64)
XS = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=np.float64)
TS = np.array([-1, -1, 1, 1])
A3 = np.array([1.0, 0.0, 0.0])


def _grad(a: np.ndarray) -> np.ndarray:
    """The gradient of J(a) = ||a - (1, 0)||^2 / 2, for descent."""
    return a - np.array([1.0, 0.0])


def _hess(a: np.ndarray) -> np.ndarray:
    return np.eye(2)


class Call(NamedTuple):
    args: tuple = ()
    kwargs: dict = {}


def _calls() -> dict[str, Call]:
    ls_model = least_squares.fit_least_squares(X3, Y3)
    fisher_model = fisher.fisher_classifier(X2, Y2)
    projection = fisher.fisher_projection(X3, Y3)
    threshold = fisher.gaussian_threshold(np.array([0.0, 0.0, 1.0]), np.array([1.0, 1.0, 0.0]))
    binary = logistic.fit_logistic_regression(X2, Y2)
    softmax = logistic.fit_softmax_regression(X3, Y3)
    dual = dual_perceptron.dual_perceptron(XS, TS)
    line = {"coef": COEF, "intercept": 1.0}
    run = {"eta": 1.0, "a0": np.zeros(3), "margin": 0.0, "record": True}
    votes = {"coef": COEF3, "intercept": INTERCEPT3}
    return {
        "geometry.decision_function": Call((X2,), line),
        "geometry.signed_distance": Call((X2,), line),
        "geometry.project_onto_hyperplane": Call((X2,), line),
        "geometry.origin_distance": Call((), line),
        "geometry.normalize_samples": Call((X2, T2)),
        "geometry.line_through_points": Call((np.array([0.0, 1.0]), np.array([1.0, 0.0]))),
        "least_squares.augment": Call((X2,)),
        "least_squares.decision_function": Call((ls_model, X2)),
        "least_squares.default_rcond_threshold": Call((12, 2)),
        "least_squares.fit_least_squares": Call((X3, Y3), {"rcond_threshold": 1e-12}),
        "least_squares.fit_least_squares_targets": Call((X2, ONE_HOT)),
        "least_squares.predict": Call((ls_model, X2)),
        "least_squares.sum_of_squares_error": Call((X2, ONE_HOT, np.ones((3, 2)))),
        "least_squares.trace_error": Call((X2, ONE_HOT, np.ones((3, 2)))),
        "fisher.decision_function": Call((fisher_model, X2)),
        "fisher.fisher_classifier": Call((X2, Y2), {"regularization": 1.0}),
        "fisher.fisher_criterion": Call((COEF, np.ones((2, 2)), np.eye(2))),
        "fisher.fisher_direction": Call((X2, Y2), {"regularization": 1.0}),
        "fisher.fisher_projection": Call((X3, Y3), {"n_components": 1, "regularization": 1.0}),
        "fisher.gaussian_log_odds": Call((threshold, np.array([0.0, 1.0]))),
        "fisher.gaussian_threshold": Call((np.array([0.0, 0.0, 1.0]), np.array([1.0, 1.0, 0.0]))),
        "fisher.predict": Call((fisher_model, X2)),
        "fisher.scatter_matrices": Call((X3, Y3)),
        "fisher.transform": Call((projection, X2)),
        "multiclass.argmax_predict": Call((X2,), votes),
        "multiclass.n_pairwise_classifiers": Call((3,)),
        "multiclass.one_vs_one_votes": Call((X2,), {**votes, "pairs": np.array([[0, 1], [0, 2],
                                                                                 [1, 2]])}),
        "multiclass.one_vs_rest_votes": Call((X2,), {"coef": COEF3[:2],
                                                     "intercept": INTERCEPT3[:2], "n_classes": 3}),
        "multiclass.ovo_ambiguity_example": Call(),
        "multiclass.ovr_ambiguity_example": Call(),
        "multiclass.pairwise_boundary": Call((), {**votes, "k": 0, "j": 2}),
        "feature_maps.classify_conic": Call((1.0, 0.0, 1.0, 0.0, 0.0, 1.0), {"rtol": 1.0}),
        "feature_maps.conic_coefficients": Call((), {"coef": np.array([1.0, 0.0, 1.0]),
                                                     "intercept": 1.0}),
        "feature_maps.polynomial_features_1d": Call((np.array([0.0, 1.0, 1.0]),)),
        "feature_maps.product_features": Call((X2,), {"alpha": 1.0}),
        "feature_maps.quadratic_features": Call((X2,)),
        "separability.linear_separability": Call((X2, T2)),
        "logistic.decision_function": Call((softmax, X2)),
        "logistic.fit_logistic_regression": Call((X2, Y2), {"alpha": 1.0, "tol": 1.0,
                                                            "max_iter": 50}),
        "logistic.fit_softmax_regression": Call((X3, Y3), {"alpha": 1.0, "tol": 1.0,
                                                           "max_iter": 50}),
        "logistic.predict": Call((binary, X2)),
        "logistic.predict_proba": Call((binary, X2)),
        "perceptron.misclassified": Call((A3, YS), {"margin": 0.0}),
        "perceptron.perceptron_criterion": Call((A3, YS)),
        "perceptron.perceptron_gradient": Call((A3, YS)),
        "perceptron.batch_perceptron": Call((YS,), {**run, "theta": 0.0, "max_iter": 50}),
        # record=True: the NumPy loop, which records updated_samples_ (int indices)
        "perceptron.single_sample_perceptron": Call((YS,), {**run, "max_epochs": 50}),
        "relaxation.relaxation_criterion_q": Call((A3, YS)),
        "relaxation.relaxation_gradient_q": Call((A3, YS)),
        "relaxation.relaxation_criterion_r": Call((A3, YS), {"b": 1.0}),
        "relaxation.relaxation_gradient_r": Call((A3, YS), {"b": 1.0}),
        "relaxation.batch_relaxation": Call((YS,), {"b": 1.0, "eta": 1.5, "a0": np.zeros(3),
                                                    "max_iter": 50, "record": True}),
        "relaxation.single_sample_relaxation": Call((YS,), {"b": 1.0, "eta": 1.5,
                                                            "a0": np.zeros(3), "max_epochs": 50,
                                                            "record": True}),
        "ho_kashyap.ho_kashyap": Call((YS,), {"eta": 0.5, "b0": np.ones(4), "b_min": 1e-6,
                                              "max_iter": 50, "record": True}),
        "descent.gradient_descent": Call((_grad, np.array([0.0, 1.0])),
                                         {"eta": 0.5, "max_iter": 100, "tol": 1e-6,
                                          "record": True}),
        "descent.newton_method": Call((_grad, _hess, np.array([0.0, 1.0])),
                                      {"step": 1.0, "max_iter": 10, "tol": 1e-6, "record": True}),
        "dual_perceptron.dual_perceptron": Call((XS, TS), {"max_epochs": 50}),
        "dual_perceptron.dual_decision_function": Call((dual, XS)),
        "svm.hard_margin_svm": Call((XS, TS), {"method": "dual", "tol": 1e-9,
                                               "support_tol": 1e-6, "max_iter": 200}),
    }


CALLS = _calls()


def _bound(name: str, call: Call) -> inspect.BoundArguments:
    return inspect.signature(PUBLIC[name]).bind(*call.args, **call.kwargs)


def _invoke(name: str, bound: inspect.BoundArguments) -> Any:
    return PUBLIC[name](*bound.args, **bound.kwargs)


def test_every_public_function_has_a_call_and_every_call_a_public_function():
    assert set(CALLS) == set(PUBLIC)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_the_reference_call_succeeds(name):
    # The calls below are mutated one argument at a time; each must be valid as it stands,
    # or a mutation's error would prove nothing.
    _invoke(name, _bound(name, CALLS[name]))


# --------------------------------------------------------------------------- results

RESULT_CLASSES = {
    f"{module.__name__.rsplit('.', 1)[1]}.{name}": getattr(module, name)
    for module in MODULES
    for name in module.__all__
    if dataclasses.is_dataclass(getattr(module, name))
}


@pytest.mark.parametrize("name", sorted(RESULT_CLASSES))
def test_results_are_frozen_dataclasses_with_trailing_underscore_fields(name):
    cls = RESULT_CLASSES[name]
    params = cls.__dataclass_params__
    assert params.frozen, f"{name} is not frozen"
    # eq=False: the fields are arrays, whose elementwise == has no truth value.
    assert not params.eq, f"{name} compares by value"
    bad = [f.name for f in dataclasses.fields(cls) if not f.name.endswith("_")]
    assert not bad, f"{name}: fields without the trailing underscore: {bad}"


def test_every_public_class_is_a_result_an_error_or_a_constant():
    for module in MODULES:
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                assert dataclasses.is_dataclass(obj) or issubclass(obj, Exception), name


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_function_returns_an_array_a_scalar_or_a_result_never_a_tuple_or_dict(name):
    result = _invoke(name, _bound(name, CALLS[name]))
    if dataclasses.is_dataclass(result):
        assert f"{type(result).__module__.rsplit('.', 1)[1]}.{type(result).__name__}" in (
            RESULT_CLASSES)
    else:
        assert isinstance(result, (np.ndarray, float, int, str)), type(result)


# --------------------------------------------------------------------------- signatures


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_options_are_keyword_only_and_positional_parameters_are_data(name):
    for p in inspect.signature(PUBLIC[name]).parameters.values():
        assert p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD), f"{name}: *{p.name}"
        if p.kind is p.KEYWORD_ONLY:
            continue
        assert p.default is p.empty, (
            f"{name}: the option {p.name}={p.default!r} must be keyword-only (after *)")
        assert p.name in DATA_NAMES, (
            f"{name}: positional parameter {p.name!r} is not a data name; make it keyword-only "
            f"or, if it is data, add it to DATA_NAMES")


def test_a_name_keyword_only_anywhere_is_keyword_only_everywhere():
    keyword_only, positional = set(), set()
    for name, function in PUBLIC.items():
        for p in inspect.signature(function).parameters.values():
            if p.kind is p.KEYWORD_ONLY:
                keyword_only.add(p.name)
            elif (name, p.name) not in POSITIONAL_BY_EXCEPTION:
                positional.add((name, p.name))
    clashes = sorted((f, p) for f, p in positional if p in keyword_only)
    assert not clashes, f"positional here, keyword-only elsewhere: {clashes}"


def test_the_exceptions_are_still_needed():
    for name, parameter in POSITIONAL_BY_EXCEPTION:
        p = inspect.signature(PUBLIC[name]).parameters[parameter]
        assert p.kind is p.POSITIONAL_OR_KEYWORD


# --------------------------------------------------------------------------- complex input


def _is_numeric(value: Any) -> bool:
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "biuf"
    return isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, bool)


def _complex(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return value.astype(np.complex128) + 1j
    return complex(value, 1.0)


def _numeric_arguments() -> Iterator[tuple[str, str]]:
    for name, call in sorted(CALLS.items()):
        for argument, value in _bound(name, call).arguments.items():
            if _is_numeric(value):
                yield name, argument


COMPLEX_CASES = list(_numeric_arguments())


def test_every_function_with_arguments_has_a_numeric_one():
    # Functions whose every argument is a fitted model or a string would escape the test.
    with_arguments = {name for name, call in CALLS.items() if call.args or call.kwargs}
    assert with_arguments == {name for name, _ in COMPLEX_CASES}


@pytest.mark.parametrize(("name", "argument"), COMPLEX_CASES,
                         ids=[f"{n}-{a}" for n, a in COMPLEX_CASES])
def test_complex_input_raises_invalid_input_naming_the_argument_and_the_fix(name, argument):
    bound = _bound(name, CALLS[name])
    bound.arguments[argument] = _complex(bound.arguments[argument])
    with pytest.raises(InvalidInput) as info:
        _invoke(name, bound)
    message = str(info.value)
    assert f"{argument} must be real, got complex input" in message
    assert f"{argument}=np.real({argument})" in message


# every 2-D numeric argument but class-index pairs (their own error shows the form expected)
SPARSE_CASES = [(name, argument) for name, argument in COMPLEX_CASES
                if np.ndim(_bound(name, CALLS[name]).arguments[argument]) == 2
                and argument != "pairs"]


def test_there_are_sparse_cases():
    assert len(SPARSE_CASES) >= 20


@pytest.mark.parametrize(("name", "argument"), SPARSE_CASES,
                         ids=[f"{n}-{a}" for n, a in SPARSE_CASES])
def test_sparse_input_raises_invalid_input_naming_the_argument_and_the_fix(name, argument):
    """A SciPy sparse matrix (np.asarray wraps it in a 0-d object array: the error was
    "setting an array element with a sequence", naming no fix)."""
    import scipy.sparse as sps

    bound = _bound(name, CALLS[name])
    bound.arguments[argument] = sps.csr_matrix(bound.arguments[argument])
    with pytest.raises(InvalidInput) as info:
        _invoke(name, bound)
    message = str(info.value)
    assert f"{argument} is a SciPy sparse csr_matrix" in message
    assert f"Pass {argument}.toarray()" in message


# --------------------------------------------------------------------------- dtypes

# Output fields that are counts, indices, flags or labels, whatever the input dtype.
NON_FLOAT_FIELDS = {
    "classes_": "the distinct labels, in the labels' own type",
    "counts_": "class sizes",
    "n_iter_": "an iteration count",
    "rounds_": "a count of the working set's rounds",
    "n_features_in_": "a dimension",
    "rank_": "a numerical rank",
    "n_classes_": "a count",
    "rest_class_": "a class index",
    "claims_": "flags g_k(x) >= 0",
    "n_claims_": "counts of claims",
    "ambiguous_": "flags",
    "labels_": "class indices",
    "votes_": "vote counts",
    "pairs_": "class-index pairs",
    "separable_": "the decision",
    "converged_": "the stop test's outcome",
    "diverged_": "a flag",
    "stalled_": "a flag",
    "fit_intercept_": "a flag",
    "n_updates_": "a count of corrections",
    "updated_samples_": "row indices",
    "support_": "sample indices",
    "positive_index_": "row indices",
    "negative_index_": "row indices",
}
# (function, field): a count, index, flag or label in that function's result only, where the
# same field name is floating point elsewhere.
NON_FLOAT_FIELDS_OF = {
    # svm.hard_margin_svm's alpha_ are real multipliers (float64, checked)
    ("dual_perceptron.dual_perceptron", "alpha_"): "corrections made with each sample (int64)",
}
# Functions whose whole output is not floating point, by their nature.
NON_FLOAT_RESULTS = {
    "least_squares.predict": "labels of classes_",
    "fisher.predict": "labels of classes_",
    "logistic.predict": "labels of classes_",
    "multiclass.argmax_predict": "class indices",
    "multiclass.n_pairwise_classifiers": "a count",
    "feature_maps.classify_conic": "the name of a conic",
    "perceptron.misclassified": "flags a^T y_n <= margin",
}


def _outputs(value: Any, path: str) -> Iterator[tuple[str, np.dtype]]:
    """(path, dtype) of every number and array in a result, dataclasses walked field by field."""
    if isinstance(value, np.ndarray):
        yield path, value.dtype
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _outputs(getattr(value, field.name), field.name)
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _outputs(item, path)
    elif isinstance(value, (bool, int, float, np.generic)):
        yield path, np.asarray(value).dtype


def _cast(argument: str, value: Any, dtype: type) -> Any:
    """Real data in another dtype: float arrays, and the float scalars of data parameters
    and of ``intercept``; labels, counts, models and options are left as they are."""
    if isinstance(value, np.ndarray) and value.dtype == np.float64:
        assert np.array_equal(value.astype(dtype).astype(np.float64), value)  # 0/1 data
        return value.astype(dtype)
    if type(value) is float and (argument in DATA_NAMES or argument == "intercept"):
        assert float(dtype(value)) == value
        return dtype(value)
    return value


@pytest.mark.parametrize("dtype", [np.int64, np.float32, np.bool_])
@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_floating_output_is_float64_for_int_float32_and_bool_input(name, dtype):
    bound = _bound(name, CALLS[name])
    for argument, value in bound.arguments.items():
        bound.arguments[argument] = _cast(argument, value, dtype)
    outputs = list(_outputs(_invoke(name, bound), "result"))
    assert outputs or name == "feature_maps.classify_conic"
    for path, out in outputs:
        if (name in NON_FLOAT_RESULTS or path in NON_FLOAT_FIELDS
                or (name, path) in NON_FLOAT_FIELDS_OF):
            assert out != np.float32, f"{name}: {path} is float32"
            continue
        assert out == np.float64, f"{name}: {path} has dtype {out} for {np.dtype(dtype)} input"


def test_the_non_float_allowances_are_used():
    assert set(NON_FLOAT_RESULTS) <= set(PUBLIC)
    seen = {path for name in CALLS for path, _ in _outputs(
        _invoke(name, _bound(name, CALLS[name])), "result")}
    assert set(NON_FLOAT_FIELDS) <= seen
    for name, path in NON_FLOAT_FIELDS_OF:
        assert path in {p for p, _ in _outputs(_invoke(name, _bound(name, CALLS[name])),
                                               "result")}, (name, path)
