"""NumPy implementations of the linear-discriminant algorithms that lindisc verifies.

This package is the leaf of lindisc: it imports NumPy (and SciPy where a well-kept
solver exists) and never SymPy. Results are frozen dataclasses with scikit-learn
names (``coef_``, ``intercept_``, ``n_iter_``, ``converged_``).
"""

import time as _time

#: When this process began importing the package (lindisc's verdict cache stores nothing
#: from a run in which a source file was saved after it).
_IMPORTED_AT = _time.time()

from . import errors  # noqa: E402

__all__ = ["errors"]
