"""The fixed polynomial feature maps against scikit-learn's PolynomialFeatures and their floor.

Rows per case (N points in the plane, or on the line for the 1-D map); the conic
functions (``conic_coefficients``, ``classify_conic``) are constant-size and not timed.

- floor: the N x 3 result written once into a preallocated array by in-place products
  (what any implementation must read and write);
- ours: ``quadratic_features`` (x1^2, sqrt 2 x1 x2, x2^2), ``product_features``
  (x1, x2, alpha x1 x2), ``polynomial_features_1d`` (1, x, x^2); ratio against the floor;
- sklearn ``PolynomialFeatures(...).transform`` (fitted beforehand) with the same monomials:
  ``degree=(2, 2)`` (no sqrt 2), ``degree=2, interaction_only=True`` (no alpha), ``degree=2``
  on one column (identical); ratio against ours.
"""

from __future__ import annotations

import numpy as np
from _harness import Contender, measure, repeats, size
from sklearn.preprocessing import PolynomialFeatures

from numerics.feature_maps import polynomial_features_1d, product_features, quadratic_features

FULL = [1_000_000, 10_000_000]
QUICK = [1_000_000]
ALPHA = 0.5
_SQRT2 = np.sqrt(2.0)


def _quadratic_floor(X: np.ndarray) -> np.ndarray:
    out = np.empty((X.shape[0], 3))
    x1, x2 = X[:, 0], X[:, 1]
    np.multiply(x1, x1, out=out[:, 0])
    np.multiply(x1, x2, out=out[:, 1])
    out[:, 1] *= _SQRT2
    np.multiply(x2, x2, out=out[:, 2])
    return out


def _product_floor(X: np.ndarray) -> np.ndarray:
    out = np.empty((X.shape[0], 3))
    out[:, :2] = X
    np.multiply(X[:, 0], X[:, 1], out=out[:, 2])
    out[:, 2] *= ALPHA
    return out


def _polynomial_floor(x: np.ndarray) -> np.ndarray:
    out = np.empty((x.shape[0], 3))
    out[:, 0] = 1.0
    out[:, 1] = x
    np.multiply(x, x, out=out[:, 2])
    return out


def _case(n: int, rounds: int) -> list[dict]:
    rng = np.random.default_rng(n)
    X, x = rng.standard_normal((n, 2)), rng.standard_normal(n)
    quadratic = PolynomialFeatures(degree=(2, 2), include_bias=False).fit(X)
    product = PolynomialFeatures(degree=2, interaction_only=True, include_bias=False).fit(X)
    polynomial = PolynomialFeatures(degree=2).fit(x[:, None])
    same = np.array_equal(polynomial.transform(x[:, None]), polynomial_features_1d(x))
    rows = measure(f"feature_maps quadratic_features N={size(n)}", [
        Contender("floor", lambda: _quadratic_floor(X), None),
        Contender("ours quadratic_features", lambda: quadratic_features(X), "floor"),
        Contender("sklearn PolynomialFeatures", lambda: quadratic.transform(X),
                  "ours quadratic_features", "same monomials, no sqrt 2"),
    ], rounds)
    rows += measure(f"feature_maps product_features N={size(n)}", [
        Contender("floor", lambda: _product_floor(X), None),
        Contender("ours product_features", lambda: product_features(X, alpha=ALPHA), "floor"),
        Contender("sklearn PolynomialFeatures", lambda: product.transform(X),
                  "ours product_features", "same monomials, no alpha"),
    ], rounds)
    rows += measure(f"feature_maps polynomial_features_1d N={size(n)}", [
        Contender("floor", lambda: _polynomial_floor(x), None),
        Contender("ours polynomial_features_1d", lambda: polynomial_features_1d(x), "floor"),
        Contender("sklearn PolynomialFeatures", lambda: polynomial.transform(x[:, None]),
                  "ours polynomial_features_1d",
                  "identical output" if same else "output DIFFERS"),
    ], rounds)
    return rows


def run(quick: bool) -> list[dict]:
    rows: list[dict] = []
    for n in QUICK if quick else FULL:
        rows += _case(n, repeats(quick))
    return rows
