"""Extreme scales: exact power-of-two rescaling, or an error that names the fix — never NaN,
never a silently wrong model (issue 37).

The algorithms are scale-equivariant where it matters: least squares fitted to X·D (D a
diagonal of powers of two) has weights D⁻¹·w, so a design whose columns would underflow or
overflow in X^T X is fitted on rescaled columns and the weights scaled back — exactly, since
multiplying by a power of two only changes exponents. (Dask input is not rescaled — that
would take a pass over the data first — and overflows are refused as before.) Where an
algorithm is not scale-equivariant (the perceptron's bias update is not scaled with the
data), an overflowing Gram matrix is refused with the fix. The softmax and the logistic loss get their limits at
infinite activations (``softmax([inf, 0]) = [1, 0]``; ``0 · ln σ(−∞)`` is 0, not NaN).

==============================  ============================================================
``column_scales``               powers of two bringing each column's largest |x| near 1
``rescaled_least_squares``      a decorator for the least-squares fitters: fit, scale back
``require_finite_gram``         an overflowing Gram matrix refused, naming the fix
``svm_scale_guard``             a decorator for the SVM: a spread whose α* is beyond floats refused
``softmax_with_limits``         softmax with +inf activations as their limit, [] refused
``weighted``                    t · v with 0 where t is 0 (0 · ±inf = 0 in a loss sum)
``matvec``                      X @ w without an overflowing intermediate product
==============================  ============================================================
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

import numpy as np

from .errors import InvalidInput, NonFiniteInput

__all__ = ["SAFE_EXPONENT", "SVM_EXPONENT", "column_scales", "matvec", "require_finite_gram",
           "rescaled_least_squares", "softmax_with_limits", "svm_scale_guard", "weighted"]

#: Columns whose largest |x| lies within 2**±SAFE_EXPONENT are left as they are (their
#: squares and products stay far from under- and overflow): typical data is never touched.
SAFE_EXPONENT = 100


def column_scales(X: np.ndarray) -> np.ndarray | None:
    """Per column, 2**-e with e the binary exponent of its largest |x|, or None when every
    column is within :data:`SAFE_EXPONENT` (or X is not a finite real 2-D float array)."""
    if not (isinstance(X, np.ndarray) and X.ndim == 2 and X.dtype.kind == "f" and X.size
            and np.all(np.isfinite(X))):
        return None
    return scales_of(np.max(np.abs(X), axis=0))


def scales_of(top: np.ndarray) -> np.ndarray | None:
    """:func:`column_scales` from each column's largest |x| (``top``, finite, ≥ 0)."""
    _, e = np.frexp(np.where(top > 0, top, 1.0))
    if np.all(np.abs(e) <= SAFE_EXPONENT):
        return None
    return np.ldexp(1.0, -e)


def scaled_back(m, s: np.ndarray):
    """The least-squares fit ``m`` of columns scaled by ``s``, as the fit of the original
    columns: y = w'·(s∘x) + b = (s∘w')·x + b, so the weights (not the bias) times s."""
    W = m.W_tilde_.copy()
    W[:-1] *= s[:, None]
    return dataclasses.replace(m, coef_=m.coef_ * s[None, :], W_tilde_=W)


def rescaled_least_squares(fit):
    """Decorate ``fit(X, y, **kw) -> LeastSquaresFit``: a design with extreme columns
    (1e-200, 1e200) is fitted on exactly rescaled columns and the weights scaled back."""

    @functools.wraps(fit)
    def wrapper(X: Any, y: Any, *args, **kwargs):
        Xa = X if isinstance(X, np.ndarray) else None
        if Xa is not None and Xa.dtype.kind in "iu":
            Xa = Xa.astype(np.float64)
        s = column_scales(Xa) if Xa is not None else None
        if s is None:
            return fit(X, y, *args, **kwargs)
        return scaled_back(fit(Xa * s, y, *args, **kwargs), s)

    return wrapper


#: The hard-margin SVM's multipliers scale as 1/s² with the data's spread s: beyond
#: 2**±SVM_EXPONENT they leave the float range (1e200 → α* ≈ 1e-400, every support vector lost;
#: 1e-200 → α* ≈ 1e400 = inf), so such data is refused with the exact rescaling that fixes it.
SVM_EXPONENT = 480


_SVM_RANGE = (2.0 ** -SVM_EXPONENT, 2.0 ** SVM_EXPONENT)


def _spread_unless_in_range(X: np.ndarray) -> float | None:
    """max over the columns of (max - min), within a factor 2 of max |x - mean|; None when
    cheap bounds already put it in [2**-SVM_EXPONENT, 2**SVM_EXPONENT).

    The bounds: above, twice the largest |x| (one BLAS idamax pass over X, no copy); below,
    the columns' ranges over about 1,024 evenly spaced rows. The exact ranges (two reductions along the
    columns, 15 times a gemv's time at d = 10: 4.8 ms at 1e5 x 10 against 0.3 ms for the
    idamax) are taken only when the bounds do not decide."""
    with np.errstate(all="ignore"):
        if X.dtype == np.float64 and X.flags.c_contiguous and X.size < 2**31:
            from scipy.linalg.blas import idamax

            upper = 2.0 * abs(float(X.flat[int(idamax(X.reshape(-1)))]))
            rows = X[:: max(1, X.shape[0] // 1024)] if X.shape[0] > 64 else X
            lower = float(np.max(rows.max(axis=0) - rows.min(axis=0)))
            if _SVM_RANGE[0] <= lower and upper < _SVM_RANGE[1]:
                return None
        return float(np.max(X.max(axis=0).astype(np.float64) - X.min(axis=0).astype(np.float64)))


def svm_scale_guard(fit):
    """Decorate ``hard_margin_svm(X, y, ...)``: data whose spread puts α* beyond the float
    range is refused with the fix (multiply X by a power of two; w, t and the margin follow)."""

    @functools.wraps(fit)
    def wrapper(X: Any, y: Any, *args, **kwargs):
        if isinstance(X, np.ndarray) and X.ndim == 2 and X.dtype.kind in "fiu" and X.size:
            spread = _spread_unless_in_range(X)
            if spread is not None and spread > 0 and np.isfinite(spread):
                _, e = np.frexp(spread)
                if abs(int(e)) > SVM_EXPONENT:
                    raise InvalidInput(
                        f"X spreads over {spread:.3g}: the hard-margin SVM's multipliers α* scale "
                        f"as 1/spread² ({'1e' + str(-2 * int(np.log10(spread)))}), beyond the float "
                        f"range, so its solution cannot be represented. Fit X * 2.0**{-int(e)} "
                        f"instead (an exact rescaling): its w times 2.0**{-int(e)} is this "
                        f"data's w, the threshold is the same, and the margin is divided by "
                        f"2.0**{-int(e)}.")
        return fit(X, y, *args, **kwargs)

    return wrapper


def require_finite_gram(gram, X: np.ndarray, name: str = "X") -> np.ndarray:
    """``gram()`` (computed here, without overflow warnings), or NonFiniteInput naming the fix
    when x_i·x_j overflowed."""
    with np.errstate(over="ignore", invalid="ignore"):
        gram = gram()
    if not np.all(np.isfinite(gram)):
        _, k = np.frexp(np.max(np.abs(X)))
        raise NonFiniteInput(
            f"the Gram matrix of {name} overflows (inner products beyond 1.8e308): the "
            f"perceptron's bias update is not scaled with the data, so it is not rescaled "
            f"silently. Divide {name} by a power of two, e.g. {name} / 2.0**{int(k)}, and fit "
            f"again.")
    return gram


def softmax_with_limits(a: np.ndarray, axis: int, softmax, *, log: bool = False) -> np.ndarray:
    """``softmax(a, axis)`` with its limit where activations are +inf (shared equally among
    them; the others 0); an empty axis or an all -inf one refused, naming why. With ``log``,
    ``softmax`` is the log-softmax and the limit is its logarithm (ln(1/m) and -inf)."""
    if a.size == 0 or (a.ndim and a.shape[axis] == 0):
        raise InvalidInput("softmax of an empty array: there is no class to give probability "
                           "to; pass at least one activation per row.")
    top = np.max(a, axis=axis, keepdims=True)
    if np.any(top == -np.inf):
        raise NonFiniteInput("softmax of activations that are all -inf is undefined (0/0); "
                             "give at least one finite activation per row.")
    plus = np.isposinf(a)
    if not plus.any():
        return softmax(a, axis)
    out = softmax(np.where(np.isposinf(top), 0.0, a), axis)  # rows without +inf: as before
    with np.errstate(invalid="ignore", divide="ignore"):  # (rows without +inf: unused)
        limit = plus / np.sum(plus, axis=axis, keepdims=True)
        if log:
            limit = np.log(limit)
    return np.where(np.isposinf(top), limit, out)


def weighted(t: np.ndarray, v: np.ndarray) -> np.ndarray:
    """t · v elementwise, 0 where t is 0 (a target of 0 contributes nothing, even at v = ±inf)."""
    with np.errstate(invalid="ignore"):  # (0 · inf where t is 0: not used)
        return np.where(t == 0, 0.0, t * v)


def matvec(X: np.ndarray, w: np.ndarray) -> np.ndarray:
    """X @ w; where that overflows (an intermediate product beyond the float range, or
    inf − inf), recomputed on X and w scaled by powers of two and scaled back: ±inf only
    where the true value is beyond the float range."""
    with np.errstate(over="ignore", invalid="ignore"):
        a = X @ w
    if np.all(np.isfinite(a)) or not (np.all(np.isfinite(X)) and np.all(np.isfinite(w))):
        return a
    _, ex = np.frexp(np.max(np.abs(X)) or 1.0)
    _, ew = np.frexp(np.max(np.abs(w)) or 1.0)
    with np.errstate(over="ignore"):
        return np.ldexp((np.ldexp(X, -ex) @ np.ldexp(w, -ew)), int(ex + ew))
