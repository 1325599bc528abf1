"""Gradient descent and Newton's method on a user-supplied criterion, with the printed stop tests.

For running the two optimisation methods of udelar2018 "Métodos de optimización
(diferenciable)" and dhs-perceptron "Basic gradient descent" (Duda-Hart-Stork §5.4.2,
Algorithms 1 and 2) on any criterion J given by its gradient (and Hessian), so that the
documents' remarks can be checked numerically: the learning-rate warnings ("too small: slow;
too large: oscillation or divergence" — on a quadratic with Hessian eigenvalues in
[lambda_min, lambda_max] fixed-step descent converges iff 0 < eta < 2 / lambda_max), and
Newton's step from the second-order Taylor model, which lands on the minimiser of a quadratic
in one step.

=====================  ===================================================================
``gradient_descent``   a(k+1) = a(k) - eta(k) grad J(a(k)) until eta(k) ||grad J|| < tol
``newton_method``      a(k+1) = a(k) - step H^{-1} grad J(a(k)) until ||H^{-1} grad J|| < tol
=====================  ===================================================================

Newton's step is computed by solving H d = grad J (LU with partial pivoting, LAPACK gesv),
never by forming H^{-1}. ``step`` defaults to 1, the minimiser of the Taylor model
(Duda-Hart-Stork Eq. (5.15)); udelar2018 prints the update with a factor 2
(a - 2 H^{-1} grad J), which on a quadratic reflects a(k) through the minimiser forever: pass
``step=2.0`` to run it as printed.

Divergence. When an iterate or a gradient stops being finite the run ends there with
``diverged_=True`` and the last finite iterate, instead of raising: divergence is an outcome
the documents discuss, not an input error. A gradient or Hessian of the wrong shape, complex or
non-finite at the *starting* point is an input error.

Conventions
-----------
- ``grad(a)`` returns the (D,) gradient at the (D,) point a; ``hess(a)`` the (D, D) Hessian.
- ``eta`` is a positive float or a callable k -> positive float, k = 0, 1, 2, ... (the index of
  a(k) being updated, as printed: a(k+1) = a(k) - eta(k) grad J(a(k))).
- ``callback(k, a)`` after each step (k = 1, 2, ..., a = a(k)); returning True stops.
- ``record=True`` keeps every iterate a(1), a(2), ... in ``history_``.
- Outputs float64; complex values rejected; errors from :mod:`numerics.errors` naming the
  argument and the fix.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import scipy.linalg

from ._validation import as_vector, check_positive_int
from .errors import InvalidInput, NonFiniteInput, ShapeMismatch, SingularMatrixError
from .perceptron import Callback, Eta, _check_callback, _finite_scalar, _rate

__all__ = ["DescentResult", "gradient_descent", "newton_method"]


@dataclass(frozen=True, eq=False)
class DescentResult:
    """Outcome of :func:`gradient_descent` or :func:`newton_method`.

    Attributes
    ----------
    a_ : (D,) the last finite iterate.
    converged_ : the printed stop test held (the last step was shorter than ``tol``).
    diverged_ : an iterate, gradient or Newton step became non-finite; the run stopped.
    n_iter_ : steps taken (equal to ``n_updates_``: every step moves a).
    n_updates_ : steps applied to a.
    last_step_norm_ : ||a(k+1) - a(k)|| of the last step (the quantity the stop test reads).
    history_ : with ``record=True`` the iterates a(1), a(2), ...; otherwise None.
    """

    a_: np.ndarray
    converged_: bool
    diverged_: bool
    n_iter_: int
    n_updates_: int
    last_step_norm_: float
    history_: tuple[np.ndarray, ...] | None


def _point(a0: Any) -> np.ndarray:
    return np.array(as_vector(a0, "a0"), dtype=np.float64)


def _call(fn: Callable, a: np.ndarray, name: str, shape: tuple[int, ...], first: bool):
    """fn(a) as a float64 array of ``shape``; None if non-finite after the first call."""
    value = fn(a.copy())
    if np.iscomplexobj(value):
        raise InvalidInput(f"{name}(a) returned complex values; a real criterion has a real "
                           f"{name}. Return the real part if the imaginary one is rounding.")
    try:
        value = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(f"{name}(a) must return numbers, but numpy could not convert its "
                           f"result: {exc}") from None
    if value.shape != shape:
        if value.size == int(np.prod(shape)) and len(shape) == 1:
            value = value.reshape(shape)
        else:
            raise ShapeMismatch(f"{name}(a) must return an array of shape {shape} for a of "
                                f"length {a.size}, got shape {value.shape}.")
    if not np.all(np.isfinite(value)):
        if first:
            raise NonFiniteInput(f"{name}(a0) is not finite ({value!r}); start from a point "
                                 f"where the criterion is differentiable and finite.")
        return None
    return value


def _tolerance(tol: Any) -> float:
    value = _finite_scalar(tol, "tol")
    if value < 0:
        raise InvalidInput(f"tol must be >= 0 (the printed threshold theta), got tol={tol!r}.")
    return value


@dataclass(eq=False)
class _Run:
    """The iterate, counters and loop tail that gradient_descent and newton_method share."""

    a: np.ndarray
    tol: float
    callback: Callback
    history: list[np.ndarray] | None
    k: int = 0
    converged: bool = False
    diverged: bool = False
    last: float = np.inf

    def accept(self, new: np.ndarray, last: float) -> bool:
        """Apply the step a(k) -> new of norm ``last`` as printed; False when the run stops: the
        step is not finite (diverged, a(k) kept), it is shorter than tol (converged, the step
        applied), or the callback returned True."""
        self.last = last
        if not (np.all(np.isfinite(new)) and np.isfinite(last)):
            self.diverged = True
            return False
        self.a, self.k = new, self.k + 1
        if self.history is not None:
            self.history.append(new.copy())
        if last < self.tol:
            self.converged = True
            return False
        return not (self.callback is not None and self.callback(self.k, new.copy()))

    def result(self) -> DescentResult:
        return DescentResult(a_=self.a, converged_=self.converged, diverged_=self.diverged,
                             n_iter_=self.k, n_updates_=self.k, last_step_norm_=self.last,
                             history_=tuple(self.history) if self.history is not None else None)


def gradient_descent(
    grad: Callable[[np.ndarray], Any],
    a0: Any,
    *,
    eta: Eta,
    max_iter: int = 1000,
    tol: float = 1e-8,
    record: bool = False,
    callback: Callback = None,
) -> DescentResult:
    """Basic gradient descent (udelar2018; Duda-Hart-Stork Algorithm 1):
    a(k+1) = a(k) - eta(k) grad J(a(k)), until eta(k) ||grad J(a(k))|| < tol (that step is
    applied, as printed), else ``max_iter`` steps with ``converged_=False``."""
    if not callable(grad):
        raise InvalidInput(f"grad must be a callable a -> gradient, got {type(grad).__name__}.")
    a = _point(a0)
    rate = _rate(eta)
    max_iter = check_positive_int(max_iter, "max_iter")
    tol = _tolerance(tol)
    _check_callback(callback)
    g = _call(grad, a, "grad", a.shape, first=True)
    run = _Run(a, tol, callback, [] if record else None)
    while run.k < max_iter:
        with np.errstate(over="ignore", invalid="ignore"):
            step = rate(run.k) * g
            new = run.a - step
            last = float(np.linalg.norm(step))
        if not run.accept(new, last):
            break
        g = _call(grad, run.a, "grad", a.shape, first=False)
        if g is None:
            run.diverged = True
            break
    return run.result()


def newton_method(
    grad: Callable[[np.ndarray], Any],
    hess: Callable[[np.ndarray], Any],
    a0: Any,
    *,
    step: float = 1.0,
    max_iter: int = 100,
    tol: float = 1e-10,
    record: bool = False,
    callback: Callback = None,
) -> DescentResult:
    """Newton's method (udelar2018 "Método de Newton"; Duda-Hart-Stork Algorithm 2):
    solve H(a(k)) d = grad J(a(k)), a(k+1) = a(k) - step d, until ||d|| < tol (that step is
    applied), else ``max_iter`` steps with ``converged_=False``. A singular Hessian raises
    :class:`~numerics.errors.SingularMatrixError`."""
    for fn, name in ((grad, "grad"), (hess, "hess")):
        if not callable(fn):
            raise InvalidInput(f"{name} must be a callable of a, got {type(fn).__name__}.")
    a = _point(a0)
    D = a.size
    factor = _finite_scalar(step, "step")
    if factor <= 0:
        raise InvalidInput(f"step must be > 0 (1 is Newton's step), got step={step!r}.")
    max_iter = check_positive_int(max_iter, "max_iter")
    tol = _tolerance(tol)
    _check_callback(callback)
    run = _Run(a, tol, callback, [] if record else None)
    while run.k < max_iter:
        a, k, first = run.a, run.k, run.k == 0
        g = _call(grad, a, "grad", (D,), first)
        H = _call(hess, a, "hess", (D, D), first)
        if g is None or H is None:
            run.diverged = True
            break
        try:
            with np.errstate(all="ignore"):
                d = scipy.linalg.solve(H, g, check_finite=False)
        except (np.linalg.LinAlgError, scipy.linalg.LinAlgError):
            raise SingularMatrixError(
                f"hess(a) is singular at iteration {k} (a = {a!r}): Newton's step H^-1 grad J is "
                f"undefined. The criterion is not strictly convex there; use gradient_descent."
            ) from None
        with np.errstate(over="ignore", invalid="ignore"):
            new = a - factor * d
            last = float(np.linalg.norm(d))
        if not run.accept(new, last):
            break
    return run.result()
