"""Fixed polynomial feature maps, and the conic a hyperplane in feature space draws in the plane.

A linear discriminant on ``phi(x)`` is a hyperplane in feature space but a curved decision
surface in ``x``-space (bromberg2012 §4, Example 1; udelar2018 "Discriminante polinomial").
This module holds the maps the documents use, the conic coefficients that the quadratic
map's hyperplane ``w^T phi(x) + b = 0`` induces, and a classifier of general plane conics
``A x^2 + B x y + C y^2 + D x + E y + F = 0``. It does not learn weights and offers no
general polynomial expansion (scikit-learn's ``PolynomialFeatures`` does that).

Conventions
-----------
Data (``X``, ``x``, the six conic coefficients) are positional; ``coef``, ``intercept``,
``alpha`` and ``rtol`` are keyword-only. Outputs are float64 for every input dtype (int,
bool, float32 are converted on entry); complex input raises :class:`InvalidInput`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ._validation import as_matrix, as_scalar, as_vector
from .errors import InvalidInput

__all__ = [
    "CONIC_TYPES",
    "Conic",
    "classify_conic",
    "conic_coefficients",
    "polynomial_features_1d",
    "product_features",
    "quadratic_features",
]

CONIC_TYPES = (
    "ellipse", "circle", "parabola", "hyperbola",
    "point", "line pair", "parallel lines", "double line", "line", "empty", "plane",
)
"""Every value :func:`classify_conic` can return."""

_SQRT2 = np.sqrt(2.0)


def _plane_data(X: Any, name: str, what: str) -> np.ndarray:
    X = as_matrix(X, name)
    if X.shape[1] != 2:
        raise InvalidInput(
            f"{what} is defined for 2-D inputs x = (x1, x2): {name} must have 2 columns, got "
            f"shape {X.shape}."
        )
    return X


def quadratic_features(X: Any) -> np.ndarray:
    """``phi(x) = (x1^2, sqrt(2) x1 x2, x2^2)`` for each row ``x = (x1, x2)``.

    bromberg2012 §4, Example 1. The ``sqrt(2)`` makes ``phi(x)^T phi(z) = (x^T z)^2``: the
    homogeneous quadratic kernel (Bishop PRML Eq. (6.12)).

    Conventions
    -----------
    X : (n_samples, 2). Returns (n_samples, 3).
    """
    X = _plane_data(X, "X", "the quadratic feature map of bromberg2012 Example 1")
    x1, x2 = X[:, 0], X[:, 1]
    return np.column_stack([x1 * x1, _SQRT2 * x1 * x2, x2 * x2])


def polynomial_features_1d(x: Any) -> np.ndarray:
    """``phi_1(x) = [1, x, x^2]`` for each scalar sample (udelar2018 "Discriminante polinomial").

    A hyperplane ``a^T phi_1(x) = 0`` is a quadratic ``a_0 + a_1 x + a_2 x^2`` in ``x``: up to
    two thresholds on the line.

    Conventions
    -----------
    x : (n_samples,) scalars (a column (n_samples, 1) is accepted). Returns (n_samples, 3),
    the constant feature first.
    """
    v = as_vector(x, "x")
    return np.column_stack([np.ones_like(v), v, v * v])


def product_features(X: Any, *, alpha: float) -> np.ndarray:
    """``phi_2(x1, x2) = [x1, x2, alpha x1 x2]`` (udelar2018 "Discriminante polinomial").

    A hyperplane ``w^T phi_2(x) + b = 0`` is ``w1 x1 + w2 x2 + alpha w3 x1 x2 + b = 0``, a
    hyperbola (or a line pair, or a line when ``alpha w3 = 0``) in ``x``-space.

    Conventions
    -----------
    X : (n_samples, 2); alpha : finite scalar weight of the product feature.
    Returns (n_samples, 3).
    """
    X = _plane_data(X, "X", "the product feature map [x1, x2, alpha x1 x2]")
    a = as_scalar(alpha, "alpha")
    return np.column_stack([X[:, 0], X[:, 1], a * X[:, 0] * X[:, 1]])


@dataclass(frozen=True, eq=False)
class Conic:
    """The conic ``A x^2 + B x y + C y^2 + D x + E y + F = 0``.

    Attributes
    ----------
    A_, B_, C_, D_, E_, F_ : float, its coefficients.
    """

    A_: float
    B_: float
    C_: float
    D_: float
    E_: float
    F_: float

    @property
    def coefficients(self) -> tuple[float, float, float, float, float, float]:
        """``(A, B, C, D, E, F)``, e.g. for ``classify_conic(*conic.coefficients)``."""
        return self.A_, self.B_, self.C_, self.D_, self.E_, self.F_


def conic_coefficients(*, coef: Any, intercept: Any) -> Conic:
    """The conic in ``x``-space of the hyperplane ``w^T phi(x) + b = 0`` of :func:`quadratic_features`.

    ``w1 x1^2 + w2 sqrt(2) x1 x2 + w3 x2^2 + b = 0``, so ``A = w1``, ``B = sqrt(2) w2``,
    ``C = w3``, ``D = E = 0``, ``F = b`` (bromberg2012 §4, Example 1). With ``D = E = 0``
    the conic is centred at the origin; no true parabola arises (see :func:`classify_conic`).

    Conventions
    -----------
    coef : (3,) nonzero weights on ``phi``; intercept : scalar ``b``. Returns :class:`Conic`.
    """
    w = as_vector(coef, "coef", size=3, nonzero=True)
    b = as_scalar(intercept, "intercept")
    return Conic(A_=float(w[0]), B_=float(_SQRT2 * w[1]), C_=float(w[2]), D_=0.0, E_=0.0, F_=b)


def _is_zero(value: float, scale: float, rtol: float) -> bool:
    return abs(value) <= rtol * scale


def classify_conic(
    A: float, B: float, C: float, D: float, E: float, F: float, *, rtol: float | None = None
) -> str:
    """Name the real locus of ``A x^2 + B x y + C y^2 + D x + E y + F = 0``.

    With ``Q = [[A, B/2], [B/2, C]]`` and the conic matrix ``M = [[A, B/2, D/2],
    [B/2, C, E/2], [D/2, E/2, F]]`` (Euclidean invariants: ``delta = det Q``, with
    ``B^2 - 4AC = -4 delta``, ``Delta = det M``, ``tr Q = A + C``, and
    ``K = (AF - D^2/4) + (CF - E^2/4)``):

    ===========  ===================  ======================================================
    delta        Delta != 0           Delta = 0
    ===========  ===================  ======================================================
    > 0          ellipse (``circle``  ``point``
                 if A = C and B = 0)
                 if (A+C) Delta < 0,
                 else ``empty``
    < 0          ``hyperbola``        ``line pair`` (two lines crossing)
    = 0          ``parabola``         Q != 0: ``parallel lines`` if K < 0, ``double line``
                                      if K = 0, ``empty`` if K > 0.
                                      Q = 0: ``line`` if (D, E) != 0, else ``empty`` if
                                      F != 0 and ``plane`` (every point) if F = 0.
    ===========  ===================  ======================================================

    (Standard classification, e.g. Bronshtein-Semendyayev §3.5.2.) For the quadratic map
    (:func:`conic_coefficients`) ``D = E = 0`` gives ``Delta = F delta``, so ``delta = 0``
    forces ``Delta = 0``: a parabola never occurs; the ``B^2 = 4AC`` cases are parallel lines,
    a double line, or empty.

    The coefficients themselves are taken exactly (``A = B = C = 0`` only when they are
    exactly zero). Zero tests of the computed invariants are relative: a quantity counts as zero when its magnitude is at most ``rtol``
    times the sum of the magnitudes of the terms it is computed from, i.e. when it is at the
    level of the rounding of those terms. Default ``rtol = 16 eps``: the inputs may carry a
    relative error of a few ``eps`` (``B = sqrt(2) w2`` does) and each invariant is a short sum.

    Conventions
    -----------
    A..F : finite real scalars. Returns one of :data:`CONIC_TYPES`.
    """
    A, B, C, D, E, F = (
        as_scalar(v, name) for v, name in zip((A, B, C, D, E, F), "ABCDEF", strict=True)
    )
    if rtol is None:
        tol = 16 * np.finfo(float).eps
    else:
        tol = as_scalar(rtol, "rtol")
        if tol < 0:
            raise InvalidInput(f"rtol must be >= 0 (0 means exact zero tests), got rtol={rtol!r}.")
    if A == 0 and B == 0 and C == 0:
        if D != 0 or E != 0:
            return "line"
        return "plane" if F == 0 else "empty"
    delta = A * C - B * B / 4
    delta_scale = abs(A * C) + B * B / 4
    Delta = A * C * F + B * D * E / 4 - (A * E * E + C * D * D + F * B * B) / 4
    Delta_scale = abs(A * C * F) + abs(B * D * E) / 4 + (abs(A) * E * E + abs(C) * D * D
                                                         + abs(F) * B * B) / 4
    delta_sign = 0 if _is_zero(delta, delta_scale, tol) else int(np.sign(delta))
    degenerate = _is_zero(Delta, Delta_scale, tol)
    if delta_sign > 0:
        if degenerate:
            return "point"
        if (A + C) * Delta > 0:
            return "empty"
        is_circle = _is_zero(A - C, abs(A) + abs(C), tol) and _is_zero(B, abs(A) + abs(C), tol)
        return "circle" if is_circle else "ellipse"
    if delta_sign < 0:
        return "line pair" if degenerate else "hyperbola"
    if not degenerate:
        return "parabola"
    K = A * F - D * D / 4 + C * F - E * E / 4
    K_scale = abs(A * F) + D * D / 4 + abs(C * F) + E * E / 4
    if _is_zero(K, K_scale, tol):
        return "double line"
    return "parallel lines" if K < 0 else "empty"
