"""NumPy implementations of the linear-discriminant algorithms that lindisc verifies.

This package is the leaf of lindisc: it imports NumPy (and SciPy where a well-kept
solver exists) and never SymPy. Results are frozen dataclasses with scikit-learn
names (``coef_``, ``intercept_``, ``n_iter_``, ``converged_``).
"""

from . import errors

__all__ = ["errors"]
