"""Property-test your own implementations with numerics.testing, then use lindisc's
algorithms as scikit-learn estimators.

Part 1 writes, from scratch in NumPy, what a student of the lecture documents would write —
a perceptron, a least-squares classifier, the logistic gradient, Hessian and IRLS step,
Ho-Kashyap — and runs the kit's batteries on them: each passes every property, and so does
scikit-learn's SVC as a hard-margin SVM dual solver, at its own stated accuracy (tol=1e-3). It then plants one bug (the
gradient of the MEAN cross-entropy, a factor 1/N off) and prints the kit's report: the
property that failed, the expected and actual values, and the smallest input Hypothesis found.

Part 2 cross-validates numerics.estimators inside a scikit-learn pipeline.

    python examples/conformance_kit.py                  # about 10-30 s
    python examples/conformance_kit.py --examples 100   # more Hypothesis examples per property

Requires ``pip install 'lindisc[testing,sklearn]'``. See examples/conformance_kit.md.
"""

from __future__ import annotations

import argparse

import numpy as np

from numerics.testing import (
    ConformanceError,
    check_ho_kashyap,
    check_irls_step,
    check_least_squares,
    check_logistic_gradient,
    check_logistic_hessian,
    check_perceptron,
    check_svm_dual,
)

# --- Part 1: your implementations, in the shapes the batteries call -------------------------


def my_perceptron(X, t):
    """Single-sample perceptron, eta = 1, from zero, cyclic order; a mistake when
    t_n (w^T x_n + b) <= 0; stops after an epoch without mistakes. Returns (w, b)."""
    w, b = np.zeros(X.shape[1]), 0.0
    while True:
        mistakes = 0
        for x, target in zip(X, t, strict=True):
            if target * (x @ w + b) <= 0:
                w, b = w + target * x, b + target
                mistakes += 1
        if mistakes == 0:
            return w, b


def my_least_squares(X, T):
    """W~ = argmin ||X~ W~ - T||, X~ = [X, 1], by an orthogonal solver. Returns (W, b)."""
    Xt = np.hstack([X, np.ones((X.shape[0], 1))])
    Wt = np.linalg.lstsq(Xt, T, rcond=None)[0]
    return Wt[:-1], Wt[-1]


def _sigmoid(a):
    return np.exp(-np.logaddexp(0.0, -a))     # 1 / (1 + e^{-a}) without overflow


def my_logistic_gradient(w, X, t):
    """∇E(w) = Σ_n (σ(w^T x_n) - t_n) x_n."""
    return X.T @ (_sigmoid(X @ w) - t)


def my_logistic_hessian(w, X):
    """H(w) = X^T R X, R = diag(y_n (1 - y_n))."""
    a = X @ w
    r = _sigmoid(a) * _sigmoid(-a)
    return (X * r[:, None]).T @ X


def my_irls_step(w, X, t):
    """Newton-Raphson as weighted least squares: (X^T R X)^{-1} X^T R z, z = X w - R^{-1}(y - t)."""
    a = X @ w
    y, r = _sigmoid(a), _sigmoid(a) * _sigmoid(-a)
    z = a - (y - t) / r
    return np.linalg.solve((X * r[:, None]).T @ X, (X * r[:, None]).T @ z)


def my_ho_kashyap(Y, *, b0, eta, max_iter):
    """Duda-Hart-Stork Algorithm 11 from a = Y^+ b0: e = Y a - b, b += 2 eta e+, a = Y^+ b."""
    pinv = np.linalg.pinv(Y)
    b = np.array(b0, dtype=float)
    a = pinv @ b
    for _ in range(max_iter):
        e = Y @ a - b
        b = b + eta * (e + np.abs(e))
        a = pinv @ b
    return a, b


def sklearn_svm_dual(X, t):
    """scikit-learn's SVC with a large C as a hard-margin SVM: (alpha, w, b)."""
    from sklearn.svm import SVC

    model = SVC(kernel="linear", C=1e8).fit(X, t)
    alpha = np.zeros(len(t))
    alpha[model.support_] = np.abs(model.dual_coef_[0])
    return alpha, model.coef_[0], model.intercept_[0]


def my_buggy_gradient(w, X, t):
    """The gradient of the MEAN cross-entropy: a factor 1/N off the documents' E(w)."""
    return X.T @ (_sigmoid(X @ w) - t) / X.shape[0]


def part1(examples: int) -> None:
    print("Part 1: the kit on your own implementations")
    for battery, implementation in [
        (check_perceptron, my_perceptron),
        (check_least_squares, my_least_squares),
        (check_logistic_gradient, my_logistic_gradient),
        (check_logistic_hessian, my_logistic_hessian),
        (check_irls_step, my_irls_step),
        (check_ho_kashyap, my_ho_kashyap),
    ]:
        battery(implementation, max_examples=examples)
        print(f"  PASS  {battery.__name__}({implementation.__name__})")
    check_svm_dual(sklearn_svm_dual, solver_tol=1e-3, max_examples=examples)
    print("  PASS  check_svm_dual(sklearn_svm_dual, solver_tol=1e-3)  # SVC's own tol")
    try:
        check_logistic_gradient(my_buggy_gradient, max_examples=examples)
    except ConformanceError as report:
        print(f"  FAIL  check_logistic_gradient(my_buggy_gradient): {sorted(report.failed)}")
        print()
        print(report.failures[0])
    else:
        raise SystemExit("the kit missed the planted bug")


# --- Part 2: lindisc's algorithms as scikit-learn estimators --------------------------------


def part2(seed: int) -> None:
    from sklearn.model_selection import cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from numerics.estimators import (
        FisherClassifier,
        LeastSquaresClassifier,
        LogisticRegressionIRLS,
        PerceptronClassifier,
    )

    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(size=(100, 4)), rng.normal(size=(100, 4)) + [1.5, 1.0, 0, 0]])
    y = np.repeat(["healthy", "ill"], 100)
    print()
    print("Part 2: numerics.estimators in a scikit-learn pipeline (5-fold accuracy)")
    for estimator in [LeastSquaresClassifier(), FisherClassifier(), PerceptronClassifier(),
                      LogisticRegressionIRLS(alpha=1.0)]:
        scores = cross_val_score(make_pipeline(StandardScaler(), estimator), X, y, cv=5)
        print(f"  {type(estimator).__name__:24s} {scores.mean():.3f} ± {scores.std():.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20,
                        help="Hypothesis examples per property (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of part 2's data")
    args = parser.parse_args()
    part1(args.examples)
    part2(args.seed)


if __name__ == "__main__":
    main()
