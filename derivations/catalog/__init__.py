"""The catalog: every result, derivation, erratum, exercise and algorithm claim of the
five source documents, one registered entry each (see :mod:`.registry`).

Topics are modules; importing this package registers them all, in reading order.
"""

from . import geometry, multiclass, feature_maps, least_squares, fisher  # noqa: F401 - registers
from . import perceptron, relaxation, descent, ho_kashyap  # noqa: F401 - registers
from . import logistic, lagrange, svm  # noqa: F401 - registers
from .registry import DOCUMENTS, KINDS, REGISTRY, Entry, Source, check_uses, entry

check_uses()

__all__ = ["REGISTRY", "Entry", "Source", "entry", "KINDS", "DOCUMENTS"]
