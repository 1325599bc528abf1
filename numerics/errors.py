"""The one exception hierarchy of :mod:`numerics`.

Every class also subclasses the builtin a caller would naturally catch
(``except ValueError`` keeps working), after ``hypothesis.errors``.
Messages say what was expected, what arrived, and how to fix it.
"""

from __future__ import annotations

__all__ = [
    "AccuracyWarning",
    "ConvergenceError",
    "InvalidInput",
    "LabelError",
    "LindiscError",
    "NonFiniteInput",
    "NotSeparableError",
    "PerfectSeparationError",
    "ShapeMismatch",
    "SingularMatrixError",
]


class LindiscError(Exception):
    """Base class of every error raised by lindisc."""


class InvalidInput(LindiscError, ValueError):
    """An argument has the wrong value, type or form."""


class ShapeMismatch(InvalidInput):
    """Arrays whose shapes or lengths must agree do not."""


class NonFiniteInput(InvalidInput):
    """An array holds NaN or infinity where finite numbers are required."""


class LabelError(InvalidInput):
    """Labels are not in the coding an algorithm needs (e.g. {0, 1} given where {-1, +1} is needed)."""


class SingularMatrixError(LindiscError, ValueError):
    """A matrix that must be invertible (a scatter matrix, X^T X) is singular or numerically so."""


class NotSeparableError(LindiscError, ValueError):
    """A method that needs linearly separable data did not get it."""


class PerfectSeparationError(LindiscError, ValueError):
    """The classes are linearly separable, so the maximum-likelihood weights of a logistic
    model are infinite (the likelihood only approaches its supremum as ||w|| grows)."""


class ConvergenceError(LindiscError, RuntimeError):
    """An iterative fit stopped at its iteration limit (or could not make progress) before
    meeting its convergence criterion."""


class AccuracyWarning(UserWarning):
    """A fit returned the most exact solution it found, but that solution meets its
    optimality conditions only to a lower accuracy than the caller asked for (``tol``):
    the data are too ill-conditioned for float64 to do better (e.g. a hard margin a
    millionth of the data's spread). The message gives the residual, the conditioning and
    the ways out; the result carries its residuals (an SVM's ``kkt_``)."""
