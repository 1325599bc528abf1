"""numerics.estimators against scikit-learn's own estimator checks, and against the numerics
functions they wrap."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sklearn")

from sklearn.utils.estimator_checks import parametrize_with_checks  # noqa: E402

from numerics.estimators import (  # noqa: E402
    FisherClassifier,
    HardMarginSVM,
    LeastSquaresClassifier,
    LogisticRegressionIRLS,
    PerceptronClassifier,
)

ESTIMATORS = [
    LeastSquaresClassifier(),
    FisherClassifier(),
    PerceptronClassifier(),
    PerceptronClassifier(rule="batch"),
    LogisticRegressionIRLS(),
    HardMarginSVM(),
]


# scikit-learn's checks fit on data no hyperplane separates (overlapping blobs, random
# labels, iris-like sets). A hard-margin SVM does not exist there: HardMarginSVM raises
# NotSeparableError, with a point the two classes' convex hulls share, as it must. Every
# other check passes for every estimator.
_NOT_SEPARABLE = "the check fits on data that are not linearly separable: no hard-margin SVM exists"
_SVM_EXPECTED_FAILURES = {
    name: _NOT_SEPARABLE for name in (
        "check_fit_score_takes_y", "check_n_features_in_after_fitting", "check_estimators_dtypes",
        "check_dtype_object", "check_estimators_nan_inf", "check_classifier_data_not_an_array",
        "check_classifiers_train", "check_supervised_y_2d", "check_fit_idempotent",
        "check_fit_check_is_fitted", "check_n_features_in",
    )
}


def expected_failed_checks(estimator) -> dict[str, str]:
    return _SVM_EXPECTED_FAILURES if isinstance(estimator, HardMarginSVM) else {}


@parametrize_with_checks(ESTIMATORS, expected_failed_checks=expected_failed_checks)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


# --- the estimators are thin: they return what the numerics functions return -------------


def _two_blobs(seed: int = 0, gap: float = 4.0):
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(size=(15, 3)), rng.normal(size=(15, 3)) + gap])
    y = np.array(["neg"] * 15 + ["pos"] * 15)
    return X, y


def test_least_squares_classifier_is_fit_least_squares():
    from numerics.least_squares import decision_function, fit_least_squares

    X, y = _two_blobs()
    y = y.copy()
    y[:5] = "mid"
    clf = LeastSquaresClassifier().fit(X, y)
    model = fit_least_squares(X, y)
    np.testing.assert_array_equal(clf.coef_, model.coef_)
    np.testing.assert_array_equal(clf.decision_function(X), decision_function(model, X))


def test_fisher_classifier_is_fisher_classifier():
    from numerics import fisher

    X, y = _two_blobs()
    clf = FisherClassifier().fit(X, y)
    model = fisher.fisher_classifier(X, y)
    np.testing.assert_array_equal(clf.decision_function(X), fisher.decision_function(model, X))
    np.testing.assert_array_equal(clf.predict(X), fisher.predict(model, X))


@pytest.mark.parametrize("rule", ["single_sample", "batch"])
def test_perceptron_classifier_runs_the_perceptron_on_normalised_samples(rule):
    from numerics import perceptron
    from numerics.geometry import normalize_samples

    X, y = _two_blobs()
    clf = PerceptronClassifier(rule=rule).fit(X, y)
    Y = normalize_samples(X, np.where(y == "pos", 1.0, -1.0))
    run = (perceptron.single_sample_perceptron(Y) if rule == "single_sample"
           else perceptron.batch_perceptron(Y))
    np.testing.assert_array_equal(np.append(clf.coef_, clf.intercept_), run.a_)
    assert clf.converged_ and np.all(clf.predict(X) == y)


def test_logistic_regression_irls_is_fit_logistic_and_fit_softmax():
    from numerics import logistic

    X, y = _two_blobs(gap=1.0)
    clf = LogisticRegressionIRLS(alpha=0.5).fit(X, y)
    model = logistic.fit_logistic_regression(X, y, alpha=0.5)
    np.testing.assert_array_equal(clf.coef_[0], model.coef_)
    np.testing.assert_array_equal(clf.predict_proba(X), logistic.predict_proba(model, X))
    y3 = y.copy()
    y3[:5] = "mid"
    clf3 = LogisticRegressionIRLS(alpha=0.5).fit(X, y3)
    model3 = logistic.fit_softmax_regression(X, y3, alpha=0.5)
    np.testing.assert_array_equal(clf3.coef_, model3.coef_)
    np.testing.assert_allclose(clf3.predict_proba(X), logistic.predict_proba(model3, X),
                               rtol=0, atol=4 * np.finfo(float).eps)
    assert np.array_equal(clf3.predict(X), logistic.predict(model3, X))


def test_hard_margin_svm_on_separable_data_and_its_refusal_otherwise():
    from numerics import svm
    from numerics.errors import NotSeparableError

    X, y = _two_blobs(gap=8.0)
    clf = HardMarginSVM().fit(X, y)
    model = svm.hard_margin_svm(X, np.where(y == "pos", 1.0, -1.0))
    np.testing.assert_array_equal(clf.coef_, model.coef_)
    assert clf.intercept_ == model.intercept_ and clf.margin_ == model.margin_
    assert np.all(clf.predict(X) == y)
    X[0] = X[-1]  # one point in both classes: the hulls meet, no hard margin exists
    with pytest.raises(NotSeparableError):
        HardMarginSVM().fit(X, y)


def test_importing_the_estimators_without_sklearn_names_the_extra():
    import subprocess
    import sys

    code = ("import sys; sys.modules['sklearn'] = None\n"
            "try:\n    import numerics.estimators\n"
            "except ImportError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert "pip install 'lindisc[sklearn]'" in out


def test_docstring_examples_run():
    import doctest

    import numerics.estimators

    result = doctest.testmod(numerics.estimators)
    assert result.attempted > 0 and result.failed == 0
