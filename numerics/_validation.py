"""Input validation at the public boundary of :mod:`numerics`.

Each checker validates once and returns a clean float64 array, or raises an
:mod:`numerics.errors` exception whose message names the argument
(``name=value!r`` style), what was expected, what arrived and the fix.
Internal functions downstream assume validated input and check nothing.

Dtypes. Every numeric input (int, bool, float16, float32, float64, or anything NumPy
converts to them) becomes float64 here, so every floating-point output of :mod:`numerics`
is float64 whatever the input dtype. Complex input is refused, never truncated to its real
part: :func:`reject_complex` is the one check, called by every converter (arrays, scalars,
integers, labels), and its :class:`InvalidInput` names the argument and the fix.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .errors import InvalidInput, LabelError, NonFiniteInput, ShapeMismatch

__all__ = [
    "as_matrix",
    "as_scalar",
    "as_signed_labels",
    "as_vector",
    "check_finite",
    "check_label_shape",
    "check_n_features",
    "check_positive",
    "check_positive_int",
    "check_same_length",
    "complex_error",
    "encode_labels",
    "nonfinite_error",
    "reject_complex",
]


def _describe(a: Any) -> str:
    arr = np.asarray(a) if not isinstance(a, np.ndarray) else a
    return f"array of shape {arr.shape} and dtype {arr.dtype}"


def check_finite(arr: np.ndarray, name: str) -> np.ndarray:
    """Raise :class:`NonFiniteInput` if ``arr`` holds NaN or inf, naming the first bad entry."""
    if not np.all(np.isfinite(arr)):
        bad = np.argwhere(~np.isfinite(arr))
        first = tuple(int(i) for i in bad[0]) if arr.ndim else ()
        raise nonfinite_error(name, len(bad), first, arr[first] if arr.ndim else arr)
    return arr


def nonfinite_error(name: str, count: int, first: tuple[int, ...], value: Any) -> NonFiniteInput:
    """The error of :func:`check_finite`, for callers that located the entries themselves
    (e.g. chunk by chunk): ``count`` bad entries, the first at index ``first``."""
    return NonFiniteInput(
        f"{name} must contain only finite numbers, but {count} entr"
        f"{'y is' if count == 1 else 'ies are'} NaN or infinite "
        f"(first at index {first}: {value!r}). "
        f"Remove or impute those values before calling."
    )


def _is_complex(a: Any) -> bool:
    if isinstance(a, (complex, np.complexfloating)):
        return True
    dtype = getattr(a, "dtype", None)
    try:
        return dtype is not None and np.dtype(dtype).kind == "c"
    except TypeError:  # a dtype object NumPy does not know (e.g. a pandas extension type)
        return False


def reject_complex(a: Any, name: str) -> None:
    """Raise :class:`InvalidInput` if ``a`` is complex: a complex scalar, an array of a
    complex dtype, or an object array holding a complex number.

    The one complex check of :mod:`numerics` (every converter here calls it): the real
    part is never taken silently, as ``np.asarray(a, dtype=float)`` would.
    """
    bad = _is_complex(a)
    if not bad and isinstance(a, np.ndarray) and a.dtype == object:
        bad = any(_is_complex(v) for v in a.ravel())
    if bad:
        what = f"{name}={complex(a)!r}" if np.ndim(a) == 0 else _describe(a)
        raise complex_error(name, what)


def complex_error(name: str, what: str) -> InvalidInput:
    """The error of :func:`reject_complex`; ``what`` describes the input that arrived."""
    return InvalidInput(
        f"{name} must be real, got complex input ({what}); numerics does not discard "
        f"imaginary parts. If they are all zero pass {name}=np.real({name}); otherwise "
        f"choose the real quantity you mean, e.g. np.abs({name}), or the real and "
        f"imaginary parts as separate features."
    )


def _to_float(a: Any, name: str) -> np.ndarray:
    if _is_sparse(a):
        shape = getattr(a, "shape", ())
        raise InvalidInput(
            f"{name} is a SciPy sparse {type(a).__name__} of shape {shape}; numerics works "
            f"on dense arrays. Pass {name}.toarray() ("
            + (f"{shape[0] * shape[1] * 8 / 2**20:.3g} MiB" if len(shape) == 2 else "dense")
            + "), or for data too large to densify, a Dask array (pip install "
            "'lindisc[dask]') or a scikit-learn estimator that takes sparse input.")
    try:
        arr = np.asarray(a)
    except (TypeError, ValueError) as exc:
        raise _not_numeric(a, name, exc) from None
    reject_complex(arr, name)
    try:
        return arr.astype(np.float64, copy=False)
    except (TypeError, ValueError) as exc:
        raise _not_numeric(a, name, exc) from None


def _is_sparse(a: Any) -> bool:
    """A SciPy sparse matrix or array (np.asarray would wrap it in a 0-d object array and
    fail with "setting an array element with a sequence"); imported only when SciPy is."""
    import sys

    sparse = sys.modules.get("scipy.sparse")
    return sparse is not None and sparse.issparse(a)


def _not_numeric(a: Any, name: str, exc: Exception) -> InvalidInput:
    return InvalidInput(
        f"{name} must be numeric (convertible to float64); got {type(a).__name__} "
        f"that numpy could not convert: {exc}"
    )


def check_n_features(X: np.ndarray, n_features: int, name: str = "X") -> np.ndarray:
    """A validated 2-D ``X`` given to a fitted model must have the model's ``n_features``
    columns; return it. (The check of every ``decision_function``/``predict``.)"""
    if X.shape[1] != n_features:
        raise ShapeMismatch(
            f"{name} has {X.shape[1]} features (columns) but the model was fitted on "
            f"{n_features}; pass data with the training features in the same order, without "
            f"a bias column (the bias is added internally)."
        )
    return X


def as_matrix(a: Any, name: str, *, min_rows: int = 1, min_cols: int = 1) -> np.ndarray:
    """Validate a 2-D float array (samples in rows)."""
    arr = _to_float(a, name)
    if arr.ndim == 1:
        raise InvalidInput(
            f"{name} must be a 2-D array (n_samples, n_features), got a 1-D {_describe(arr)}. "
            f"Reshape your data using {name}.reshape(-1, 1) if it has a single feature or "
            f"{name}.reshape(1, -1) if it is a single sample."
        )
    if arr.ndim != 2:
        raise InvalidInput(f"{name} must be a 2-D array (n_samples, n_features), got {_describe(arr)}.")
    if arr.shape[0] < min_rows or arr.shape[1] < min_cols:
        raise InvalidInput(
            f"{name} needs at least {min_rows} row(s) and {min_cols} column(s), got shape {arr.shape}."
        )
    return check_finite(arr, name)


def as_vector(a: Any, name: str, *, size: int | None = None, nonzero: bool = False) -> np.ndarray:
    """Validate a 1-D float array, optionally of a given size and not all zeros."""
    arr = _to_float(a, name)
    if arr.ndim == 2 and 1 in arr.shape:
        arr = arr.reshape(-1)
    if arr.ndim != 1:
        raise InvalidInput(f"{name} must be a 1-D array, got {_describe(arr)}. Use {name}.ravel().")
    if size is not None and arr.shape[0] != size:
        raise ShapeMismatch(
            f"{name} must have length {size} to match the other arguments, got length {arr.shape[0]}."
        )
    check_finite(arr, name)
    if nonzero and not np.any(arr):
        raise InvalidInput(
            f"{name} is the zero vector, which does not define a hyperplane (w^T x + b = 0 holds "
            f"everywhere or nowhere). Pass a nonzero normal vector."
        )
    return arr


def as_scalar(a: Any, name: str) -> float:
    """Validate a finite real scalar."""
    arr = _to_float(a, name)
    if arr.ndim != 0 and arr.size != 1:
        raise InvalidInput(f"{name} must be a scalar, got {_describe(arr)}.")
    value = float(arr.reshape(()))
    if not np.isfinite(value):
        raise NonFiniteInput(f"{name} must be finite, got {value!r}.")
    return value


def check_same_length(**arrays: np.ndarray) -> int:
    """All arrays must have the same first dimension; return it."""
    lengths = {name: int(np.shape(a)[0]) for name, a in arrays.items()}
    if len(set(lengths.values())) > 1:
        desc = ", ".join(f"{k} has {v}" for k, v in lengths.items())
        raise ShapeMismatch(f"these arguments must have the same number of samples, but {desc}.")
    return next(iter(lengths.values()))


def check_positive(value: Any, name: str) -> float:
    v = as_scalar(value, name)
    if v <= 0:
        raise InvalidInput(f"{name} must be > 0, got {name}={value!r}.")
    return v


def check_positive_int(value: Any, name: str) -> int:
    reject_complex(value, name)
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise InvalidInput(f"{name} must be a positive integer, got {name}={value!r}.")
    return int(value)


def as_signed_labels(t: Any, name: str = "t", *, n: int | None = None) -> np.ndarray:
    """Validate labels in {-1, +1}; anticipate the common {0, 1} mistake."""
    arr = np.asarray(t)
    reject_complex(arr, name)
    if arr.ndim != 1:
        raise InvalidInput(f"{name} must be a 1-D array of labels, got {_describe(arr)}.")
    if n is not None and arr.shape[0] != n:
        raise ShapeMismatch(f"{name} has {arr.shape[0]} labels but there are {n} samples.")
    try:
        vals = set(np.unique(arr).tolist())
    except TypeError:
        vals = set(arr.tolist())
    if not vals <= {-1, 1}:
        hint = ""
        if vals <= {0, 1}:
            hint = " It looks like {0, 1} labels: convert with t = 2 * t - 1."
        elif len(vals) == 2:
            _, b = sorted(vals, key=repr)
            hint = f" Map the two classes with t = np.where(t == {b!r}, 1, -1)."
        raise LabelError(
            f"{name} must hold labels in {{-1, +1}}, got values {sorted(vals, key=repr)!r}.{hint}"
        )
    return arr.astype(np.float64)


def encode_labels(y: Any, name: str = "y", *, n: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Map labels of any hashable type to 1-of-K targets.

    Returns ``(classes, T)`` where ``classes`` holds the sorted distinct labels and
    ``T[n, k] = 1`` iff ``y[n] == classes[k]``.
    """
    arr = np.asarray(y)
    reject_complex(arr, name)
    if arr.ndim == 2 and arr.shape[1] == 1:
        arr = arr.ravel()
    check_label_shape(arr.shape, arr.dtype, name, n=n)
    if arr.dtype.kind == "f" and not np.all(np.isfinite(arr)):
        raise NonFiniteInput(f"{name} contains NaN or infinite labels; every sample needs a class.")
    classes, index = np.unique(arr, return_inverse=True)
    if classes.shape[0] < 2:
        raise LabelError(
            f"{name} must contain at least 2 classes, got only {classes.tolist()!r}."
        )
    T = np.zeros((arr.shape[0], classes.shape[0]))
    T[np.arange(arr.shape[0]), index] = 1.0
    return classes, T


def check_label_shape(shape: tuple, dtype: Any, name: str = "y", *, n: int | None = None) -> None:
    """The shape checks of :func:`encode_labels` (1-D, ``n`` labels), from shape and dtype
    alone, for label arrays that are not in memory (a Dask array is checked before any pass).
    Complex labels are refused (:func:`reject_complex`)."""
    if np.dtype(dtype).kind == "c":
        raise complex_error(name, f"labels of shape {tuple(shape)} and dtype {np.dtype(dtype)}")
    if len(shape) != 1:
        raise InvalidInput(
            f"{name} must be a 1-D array of class labels, got array of shape {tuple(shape)} and "
            f"dtype {np.dtype(dtype)}. If you already have 1-of-K targets, pass "
            f"labels = T.argmax(axis=1) instead."
        )
    if n is not None and shape[0] != n:
        raise ShapeMismatch(f"{name} has {shape[0]} labels but X has {n} samples.")


# --- added for numerics/least_squares.py: shape validation that leaves finiteness to the caller


def as_matrix_deferred_finite(
    a: Any, name: str, *, min_rows: int = 1, min_cols: int = 1
) -> np.ndarray:
    """Validate a 2-D float array like :func:`as_matrix`, but skip the finiteness pass.

    For hot paths that read a large matrix anyway: the caller must establish
    finiteness from a by-product that any NaN or infinity would poison (e.g. the
    diagonal of X^T X, a sum of squares) and, when that by-product is not finite,
    call :func:`check_finite` for the precise message. Saves one full pass over the
    data (about a third of the cost of X^T X for N = 1e5, d = 100).
    """
    arr = _to_float(a, name)
    if arr.ndim != 2 or arr.shape[0] < min_rows or arr.shape[1] < min_cols:
        as_matrix(arr, name, min_rows=min_rows, min_cols=min_cols)  # raises, canonical message
    return arr
