"""scikit-learn-compatible estimators over lindisc's numerics.

For using the algorithms lindisc verifies inside scikit-learn (pipelines, cross-validation,
grid search): each estimator is a thin shell whose ``fit`` validates the data the
scikit-learn way and calls one ``numerics`` function, keeping its result's attributes. Not
new algorithms and not tuned for speed beyond what ``numerics`` does. Needs scikit-learn
(``pip install 'lindisc[sklearn]'``); ``import numerics`` does not import it.

================================  =============================================================
``LeastSquaresClassifier``        K classes, 1-of-K targets
                                  (:func:`numerics.least_squares.fit_least_squares`)
``FisherClassifier``              two classes: Fisher's direction and Gaussian threshold
                                  (:func:`numerics.fisher.fisher_classifier`)
``PerceptronClassifier``          two classes: single-sample (cyclic) or batch perceptron
                                  (:mod:`numerics.perceptron`)
``LogisticRegressionIRLS``        two classes (logistic) or K (softmax), by IRLS
                                  (:mod:`numerics.logistic`)
``HardMarginSVM``                 two classes, linearly separable data only
                                  (:func:`numerics.svm.hard_margin_svm`)
================================  =============================================================

Conventions (scikit-learn's): constructor arguments are keyword-only and only stored; all
work is in ``fit``, which returns ``self``; learned attributes end in ``_`` (``classes_``,
``coef_``, ``intercept_``, ``n_features_in_``, ...). ``decision_function`` is (M,) for two
classes (> 0 means ``classes_[1]``) and (M, K) otherwise.

Example
-------
>>> import numpy as np
>>> X = np.array([[0.0, 0.0], [1.0, 0.2], [3.0, 3.0], [4.0, 3.5]])
>>> y = np.array(["a", "a", "b", "b"])
>>> LeastSquaresClassifier().fit(X, y).predict([[0.5, 0.0], [3.5, 3.0]]).tolist()
['a', 'b']
>>> clf = PerceptronClassifier().fit(X, y)
>>> bool(clf.converged_), clf.predict(X).tolist()
(True, ['a', 'a', 'b', 'b'])
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    from sklearn.base import BaseEstimator, ClassifierMixin
    from sklearn.utils.multiclass import check_classification_targets
    from sklearn.utils.validation import check_is_fitted, validate_data
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "numerics.estimators needs scikit-learn >= 1.6: pip install 'lindisc[sklearn]' (or "
        "pip install 'scikit-learn>=1.6')."
    ) from exc

from . import fisher, least_squares, logistic, perceptron, svm

__all__ = [
    "FisherClassifier",
    "HardMarginSVM",
    "LeastSquaresClassifier",
    "LogisticRegressionIRLS",
    "PerceptronClassifier",
]


class _LinearClassifier(ClassifierMixin, BaseEstimator):
    """fit: validate X, y the scikit-learn way, then ``_fit`` (the numerics call). Decisions
    come from ``coef_`` (K, d) or (d,) and ``intercept_``."""

    _binary_only = False

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = not self._binary_only
        return tags

    def fit(self, X: Any, y: Any):
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        classes = np.unique(y)
        if classes.shape[0] < 2:
            raise ValueError(f"{type(self).__name__} needs samples of at least 2 classes, got "
                             f"1 class ({classes.tolist()!r}).")
        if self._binary_only and classes.shape[0] > 2:
            raise ValueError(f"Only binary classification is supported. {type(self).__name__} "
                             f"separates 2 classes, got {classes.shape[0]}: "
                             f"{classes.tolist()!r}; wrap it in "
                             f"sklearn.multiclass.OneVsRestClassifier for more.")
        self._fit(X, y, classes)
        return self

    def _fit(self, X: np.ndarray, y: np.ndarray, classes: np.ndarray) -> None:
        raise NotImplementedError

    def decision_function(self, X: Any) -> np.ndarray:
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        scores = X @ self.coef_.T + self.intercept_
        if scores.ndim == 2 and scores.shape[1] == 2:
            return scores[:, 1] - scores[:, 0]
        return scores

    def predict(self, X: Any) -> np.ndarray:
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return self.classes_[(scores > 0).astype(np.intp)]
        return self.classes_[np.argmax(scores, axis=1)]


def _signed(y: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """+1 for ``classes[1]``, -1 for ``classes[0]``."""
    return np.where(y == classes[1], 1.0, -1.0)


class LeastSquaresClassifier(_LinearClassifier):
    """Least squares with 1-of-K targets: W~ = (X~^T X~)^{-1} X~^T T, predict argmax_k y_k(x)
    (bromberg2012 §3; PRML §4.1.3).

    Parameters: ``method`` ("auto", "cholesky", "lstsq") and ``rcond_threshold`` as in
    :func:`numerics.least_squares.fit_least_squares`.
    Attributes: ``classes_``, ``coef_`` (K, d), ``intercept_`` (K,), ``rank_``,
    ``condition_``, ``method_``, ``n_features_in_``.
    """

    def __init__(self, *, method: str = "auto", rcond_threshold: float | None = None):
        self.method = method
        self.rcond_threshold = rcond_threshold

    def _fit(self, X, y, classes):
        model = least_squares.fit_least_squares(X, y, method=self.method,
                                                rcond_threshold=self.rcond_threshold)
        self.classes_ = model.classes_
        self.coef_ = np.array(model.coef_)
        self.intercept_ = np.array(model.intercept_)
        self.rank_, self.condition_, self.method_ = model.rank_, model.condition_, model.method_


class FisherClassifier(_LinearClassifier):
    """Fisher's linear discriminant with the Gaussian threshold of the projections (ml10;
    udelar2018; PRML §4.1.4): w ∝ S_W^{-1}(m_2 - m_1), decide ``classes_[1]`` iff w^T x > ỹ.

    Parameters: ``regularization`` (None or > 0: S_W + r I) as in
    :func:`numerics.fisher.fisher_classifier`.
    Attributes: ``classes_``, ``coef_`` (d,) unit norm, ``intercept_`` = -ỹ, ``criterion_``.
    """

    _binary_only = True

    def __init__(self, *, regularization: float | None = None):
        self.regularization = regularization

    def _fit(self, X, y, classes):
        model = fisher.fisher_classifier(X, y, regularization=self.regularization)
        self.classes_ = model.classes_
        self.coef_ = np.array(model.coef_)
        self.intercept_ = float(model.intercept_)
        self.criterion_ = model.direction_.criterion_


class PerceptronClassifier(_LinearClassifier):
    """The perceptron on y_n = t_n (x_n, 1), t_n = +1 for ``classes_[1]``: the single-sample
    rule in cyclic order (Duda-Hart-Stork Algorithms 4-5) or the batch rule (Algorithm 3).

    Parameters: ``rule`` ("single_sample" or "batch"), ``eta`` (> 0), ``margin`` (>= 0),
    ``max_iter`` (epochs, or batch iterations). On data that are not linearly separable the
    run stops at ``max_iter`` with ``converged_ = False`` (no error, no warning).
    Attributes: ``classes_``, ``coef_`` (d,), ``intercept_``, ``converged_``, ``n_iter_``,
    ``n_updates_``.
    """

    _binary_only = True

    def __init__(self, *, rule: str = "single_sample", eta: float = 1.0, margin: float = 0.0,
                 max_iter: int = 1000):
        self.rule = rule
        self.eta = eta
        self.margin = margin
        self.max_iter = max_iter

    def _fit(self, X, y, classes):
        Y = _signed(y, classes)[:, None] * np.hstack([X, np.ones((X.shape[0], 1))])
        if self.rule == "single_sample":
            run = perceptron.single_sample_perceptron(Y, eta=self.eta, margin=self.margin,
                                                      max_epochs=self.max_iter)
        elif self.rule == "batch":
            run = perceptron.batch_perceptron(Y, eta=self.eta, margin=self.margin,
                                              max_iter=self.max_iter)
        else:
            raise ValueError(f"rule must be 'single_sample' or 'batch', got rule={self.rule!r}.")
        self.classes_ = classes
        self.coef_ = np.array(run.a_[:-1])
        self.intercept_ = float(run.a_[-1])
        self.converged_, self.n_iter_, self.n_updates_ = run.converged_, run.n_iter_, run.n_updates_


class LogisticRegressionIRLS(_LinearClassifier):
    """Logistic (two classes) or softmax (K classes) regression by IRLS, Newton's method on
    the cross-entropy plus (alpha/2)||w||^2 (PRML §4.3.3-§4.3.4).

    Parameters: ``alpha`` (>= 0; default 1.0, scikit-learn's ``C = 1/alpha = 1``; 0 is
    maximum likelihood, which does not exist for separable data), ``tol``, ``max_iter`` as
    in :func:`numerics.logistic.fit_logistic_regression`.
    Attributes: ``classes_``, ``coef_`` ((1, d) for two classes, as scikit-learn's, else
    (K, d)), ``intercept_`` ((1,) or (K,)), ``n_iter_``.
    """

    def __init__(self, *, alpha: float = 1.0, tol: float = 1e-8, max_iter: int = 100):
        self.alpha = alpha
        self.tol = tol
        self.max_iter = max_iter

    def _fit(self, X, y, classes):
        fit = (logistic.fit_logistic_regression if classes.shape[0] == 2
               else logistic.fit_softmax_regression)
        model = fit(X, y, alpha=self.alpha, tol=self.tol, max_iter=self.max_iter)
        self.classes_ = model.classes_
        self.coef_ = np.atleast_2d(np.array(model.coef_))
        self.intercept_ = np.atleast_1d(np.array(model.intercept_, dtype=np.float64))
        self.n_iter_ = model.n_iter_

    def decision_function(self, X: Any) -> np.ndarray:
        scores = super().decision_function(X)
        return scores[:, 0] if scores.ndim == 2 and scores.shape[1] == 1 else scores

    def predict_proba(self, X: Any) -> np.ndarray:
        """(M, K) class probabilities, columns in the order of ``classes_``."""
        scores = self.decision_function(X)
        if scores.ndim == 1:
            from scipy.special import expit
            return np.column_stack([expit(-scores), expit(scores)])
        from scipy.special import softmax
        return softmax(scores, axis=1)

    def predict_log_proba(self, X: Any) -> np.ndarray:
        scores = self.decision_function(X)
        if scores.ndim == 1:
            from scipy.special import log_expit
            return np.column_stack([log_expit(-scores), log_expit(scores)])
        from scipy.special import log_softmax
        return log_softmax(scores, axis=1)


class HardMarginSVM(_LinearClassifier):
    """The hard-margin linear SVM, min (1/2)||w||^2 s.t. t_n (w^T x_n + b) >= 1, by an
    interior-point QP, on a working set of candidate support vectors when N > 500
    (:func:`numerics.svm.hard_margin_svm`). Raises
    :class:`numerics.errors.NotSeparableError` (a ValueError) on data no hyperplane
    separates: for those, use ``sklearn.svm.SVC(kernel="linear")``.

    Parameters: ``tol``, ``support_tol``, ``max_iter``.
    Attributes: ``classes_``, ``coef_`` (d,), ``intercept_``, ``dual_coef_`` (alpha_n, (N,)),
    ``support_`` (indices), ``support_vectors_``, ``margin_`` = 1/||w||, ``n_iter_`` (the QP
    solver's iterations).
    """

    _binary_only = True

    def __init__(self, *, tol: float = 1e-9, support_tol: float = 1e-6, max_iter: int = 200):
        self.tol = tol
        self.support_tol = support_tol
        self.max_iter = max_iter

    def _fit(self, X, y, classes):
        model = svm.hard_margin_svm(X, _signed(y, classes), tol=self.tol,
                                    support_tol=self.support_tol, max_iter=self.max_iter)
        self.classes_ = classes
        self.coef_ = np.array(model.coef_)
        self.intercept_ = float(model.intercept_)
        self.dual_coef_ = np.array(model.alpha_)
        self.support_ = np.array(model.support_)
        self.support_vectors_ = np.array(model.support_vectors_)
        self.margin_ = model.margin_
        self.n_iter_ = model.n_iter_
