"""Geometry of one hyperplane ``w^T x + b = 0``: values, signed distances, projections.

For a single linear discriminant ``g(x) = w^T x + b`` this module computes what the
documents derive about it: the discriminant value, the signed distance ``r = g(x)/||w||``
of a point to the decision surface, the foot of the perpendicular ``x_perp``, the signed
distance of the surface from the origin, the DHS "normalisation" of samples, and the 2-D
line through two points. It does not learn hyperplanes (see the perceptron, least-squares
and separability modules) and does not combine several of them (see :mod:`numerics.multiclass`).

References
----------
bromberg2012 §1.1, Eqs. (1)-(3) and Lemma 1; udelar2018 slide "Frontera de decisión";
hermosillo2017 slides "Geometría básica en el plano 2D" and "Producto punto sobre vector
perpendicular a una recta"; dhs-perceptron "The two-category linearly separable case";
Bishop PRML §4.1.1; Duda-Hart-Stork §5.2.1.

Conventions
-----------
Data (``X``, the labels ``t``, the points ``p1``, ``p2``) are positional; the hyperplane
(``coef``, ``intercept``) is keyword-only everywhere. Outputs are float64 for every input
dtype (int, bool, float32 are converted on entry); complex input raises
:class:`InvalidInput`. The one result type, :class:`Line2D`, is a frozen dataclass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ._validation import as_matrix, as_scalar, as_signed_labels, as_vector, check_same_length
from .errors import InvalidInput, NonFiniteInput, ShapeMismatch

__all__ = [
    "Line2D",
    "decision_function",
    "line_through_points",
    "normalize_samples",
    "origin_distance",
    "project_onto_hyperplane",
    "signed_distance",
]


def _hyperplane(coef: Any, intercept: Any, n_features: int | None) -> tuple[np.ndarray, float]:
    """Validate ``(coef, intercept)`` of one hyperplane, against ``n_features`` if given."""
    w = as_vector(coef, "coef", nonzero=True)
    if n_features is not None and w.shape[0] != n_features:
        hint = ""
        if w.shape[0] == n_features + 1:
            hint = (
                " It looks like an augmented weight vector (w, b): pass coef=a[:-1], "
                "intercept=a[-1] (or coef=a[1:], intercept=a[0] if the bias comes first)."
            )
        elif w.shape[0] + 1 == n_features:
            hint = (
                " X may carry a bias column of ones: drop it and pass the bias as intercept."
            )
        raise ShapeMismatch(
            f"coef has length {w.shape[0]} but X has {n_features} features (columns); "
            f"they must agree.{hint}"
        )
    b = as_scalar(intercept, "intercept")
    return w, b


def _signed_distance(X: np.ndarray, w: np.ndarray, b: float) -> tuple[np.ndarray, np.ndarray]:
    """``(r, w/||w||)`` with ``r = X w/||w|| + b/||w||`` and ``||w|| = m ||w/m||``, ``m = max|w_i|``.

    Scaling by ``m`` first keeps ``||w||`` free of the underflow and overflow of
    ``sqrt(w^T w)`` for tiny or huge weights (at ``w = 1e-200``, ``w^T w`` underflows to 0).
    """
    m = float(np.max(np.abs(w)))
    v = w / m
    n = float(np.sqrt(v @ v))
    r = X @ (v / n) + (b / m) / n
    if not np.all(np.isfinite(r)):
        raise NonFiniteInput(
            f"the signed distance overflows float64 (|b| = {abs(b)!r}, ||w|| = {m * n!r}, "
            f"max |x| = {float(np.max(np.abs(X)))!r}): it is not representable. Rescale the "
            f"data or the hyperplane."
        )
    return r, v / n


def decision_function(X: Any, *, coef: Any, intercept: Any) -> np.ndarray:
    """Linear discriminant ``g(x) = w^T x + b`` at every row of ``X``.

    ``g(x) >= 0`` puts ``x`` on the side ``R+`` that ``w`` points to (bromberg2012 Lemma 1;
    udelar2018 "Funciones discriminantes lineales" decides ``omega_1`` iff ``g(x) >= 0``).
    A threshold written as ``h(x) = w.x - t`` (hermosillo2017 "Propiedades del Perceptron")
    is the same function with ``intercept = -t``.

    Conventions
    -----------
    X : (n_samples, n_features); coef ``w`` : (n_features,), not all zero;
    intercept ``b`` : scalar. Returns (n_samples,).
    """
    X = as_matrix(X, "X")
    w, b = _hyperplane(coef, intercept, X.shape[1])
    return X @ w + b


def signed_distance(X: Any, *, coef: Any, intercept: Any) -> np.ndarray:
    """Signed perpendicular distance ``r(x) = g(x) / ||w||`` of each row to the hyperplane.

    From the decomposition ``x = x_perp + r w/||w||`` with ``g(x_perp) = 0``,
    ``g(x) = r ||w||`` (bromberg2012 Eqs. (2)-(3); udelar2018 "Frontera de decisión").
    ``r > 0`` on the side ``w`` points to. ``r`` is unchanged when ``(w, b)`` is scaled by
    any ``c > 0`` (the hyperplane and its orientation are unchanged), while ``g`` scales by ``c``.

    Conventions
    -----------
    X : (n_samples, n_features); coef : (n_features,), nonzero; intercept : scalar.
    Returns (n_samples,).
    """
    X = as_matrix(X, "X")
    w, b = _hyperplane(coef, intercept, X.shape[1])
    return _signed_distance(X, w, b)[0]


def project_onto_hyperplane(X: Any, *, coef: Any, intercept: Any) -> np.ndarray:
    """Orthogonal projection ``x_perp = x - g(x) w / ||w||^2`` of each row onto the hyperplane.

    ``x_perp`` is the point of the hyperplane nearest to ``x``, and
    ``x = x_perp + r(x) w/||w||`` (bromberg2012 Eq. (2), Fig. 3; udelar2018 "Frontera de
    decisión", where it is called ``x_p``).

    Conventions
    -----------
    X : (n_samples, n_features); coef : (n_features,), nonzero; intercept : scalar.
    Returns (n_samples, n_features).
    """
    X = as_matrix(X, "X")
    w, b = _hyperplane(coef, intercept, X.shape[1])
    r, u = _signed_distance(X, w, b)
    return X - np.outer(r, u)


def origin_distance(*, coef: Any, intercept: Any) -> float:
    """Signed distance of the hyperplane from the origin, ``-b / ||w||``.

    The point of the hyperplane nearest to the origin is ``(-b/||w||) w/||w||``, so the plane
    lies at distance ``-b/||w||`` from the origin measured along the unit normal
    (udelar2018 "Frontera de decisión": ``w^T x/||w|| = -w_0/||w||``; Bishop PRML Eq. (4.5)).
    It is the negative of :func:`signed_distance` of the origin.

    Conventions
    -----------
    coef : (n_features,), nonzero; intercept : scalar. Returns a float.
    """
    w, b = _hyperplane(coef, intercept, None)
    return -float(_signed_distance(np.zeros((1, w.shape[0])), w, b)[0][0])


def normalize_samples(X: Any, t: Any) -> np.ndarray:
    """DHS "normalisation": ``y_n = t_n (x_n, 1)``, class-2 samples replaced by their negatives.

    With augmented weights ``a = (w, b)``, sample ``n`` is classified correctly iff
    ``a^T y_n > 0``, so a separating vector is any ``a`` with ``Y a > 0``
    (dhs-perceptron "The two-category linearly separable case", Fig. 5.8;
    Duda-Hart-Stork §5.4.1).

    Conventions
    -----------
    X : (n_samples, n_features), *without* a bias column; t : (n_samples,) labels in
    {-1, +1} (+1 for omega_1). Returns (n_samples, n_features + 1) with the bias
    coordinate LAST, matching ``a = (coef, intercept)``.
    """
    X = as_matrix(X, "X")
    labels = as_signed_labels(t, "t")
    check_same_length(X=X, t=labels)
    augmented = np.hstack([X, np.ones((X.shape[0], 1))])
    return labels[:, None] * augmented


@dataclass(frozen=True, eq=False)
class Line2D:
    """The line ``A x + B y + C = 0`` through two points, as a hyperplane of the plane.

    Attributes
    ----------
    coef_ : (2,) the normal ``w = (A, B) = (y1 - y2, x2 - x1)``; it points to the left of
        the direction from the first point to the second.
    intercept_ : ``C = -(A x1 + B y1) = x1 y2 - x2 y1``.
    """

    coef_: np.ndarray
    intercept_: float

    @property
    def coefficients(self) -> tuple[float, float, float]:
        """``(A, B, C)`` of ``A x + B y + C = 0``."""
        return float(self.coef_[0]), float(self.coef_[1]), float(self.intercept_)


def _plane_point(p: Any, name: str) -> np.ndarray:
    point = as_vector(p, name)
    if point.shape[0] != 2:
        raise ShapeMismatch(
            f"line_through_points works in the plane: {name} must have 2 coordinates (x, y), "
            f"got {point.shape[0]}. For a hyperplane in higher dimension pass coef and "
            f"intercept directly."
        )
    return point


def line_through_points(p1: Any, p2: Any) -> Line2D:
    """The line through ``p1 = (x1, y1)`` and ``p2 = (x2, y2)`` with normal ``w = (y1-y2, x2-x1)``.

    A point ``P`` is on the line iff ``w . (P - p1) = 0``, i.e.
    ``(y1 - y2)(x_P - x1) + (x2 - x1)(y_P - y1) = 0``, which is ``A x_P + B y_P + C = 0``
    with ``A = y1 - y2``, ``B = x2 - x1``, ``C = -(A x1 + B y1)`` (hermosillo2017
    "Geometría básica en el plano 2D"). The returned ``coef_``/``intercept_`` plug into
    :func:`decision_function`; its sign at ``x`` is the sign of ``<w, x - P>``
    (hermosillo2017 "Producto punto sobre vector perpendicular a una recta").

    Conventions
    -----------
    p1, p2 : (2,) distinct points. Returns :class:`Line2D`.
    """
    a = _plane_point(p1, "p1")
    c = _plane_point(p2, "p2")
    if np.array_equal(a, c):
        raise InvalidInput(
            f"p1 and p2 must be distinct points to define a line, got the same point "
            f"{a.tolist()!r} twice (the normal (y1 - y2, x2 - x1) would be zero)."
        )
    (x1, y1), (x2, y2) = a, c
    w = np.array([y1 - y2, x2 - x1])
    return Line2D(coef_=w, intercept_=float(x1 * y2 - x2 * y1))
