"""NumPy implementations of the linear-discriminant algorithms that lindisc verifies.

This package is the leaf of lindisc: it imports NumPy (and SciPy where a well-kept
solver exists) and never SymPy. Results are frozen dataclasses with scikit-learn
names (``coef_``, ``intercept_``, ``n_iter_``, ``converged_``).

Inputs: every numeric input (int, bool, float16, float32, float64) is converted to float64,
so every floating-point output is float64 whatever the input's dtype; complex input is
refused with an error naming the argument, never truncated to its real part. Data at extreme
scales (columns near 1e-200 or 1e200) is rescaled exactly by powers of two where the
algorithm allows it and refused with the fix where it does not (``numerics/_scaling.py``:
least squares rescaled; the dual perceptron and the hard-margin SVM refused with the exact
rescaling to apply; the softmax and the logistic loss at their limits).
"""

import time as _time

#: When this process began importing the package (lindisc's verdict cache stores nothing
#: from a run in which a source file was saved after it).
_IMPORTED_AT = _time.time()

from . import errors  # noqa: E402

__all__ = ["errors"]
