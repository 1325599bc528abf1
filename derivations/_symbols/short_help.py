"""``help()`` of lindisc's expression nodes shows lindisc's part, not SymPy's.

The nodes (:class:`~.expr.Grad`, :class:`~.nodes.Blocks`, ...) subclass SymPy classes that
carry some 300 methods each; ``help(derivations)`` listed them all for each of seven nodes
(about 21,000 of its 23,000 lines). ``pydoc`` lists what ``dir(cls)`` returns, so the nodes'
metaclass answers ``dir`` with the names defined by lindisc's own classes in the MRO; every
SymPy attribute still works (attribute lookup never consults ``dir``), and each node's
docstring says which SymPy class to read for the rest.
"""

from __future__ import annotations

from sympy.core.function import FunctionClass

__all__ = ["ShortHelp", "ShortHelpFunction"]


def _own_names(cls) -> list[str]:
    names: set[str] = set()
    for k in cls.__mro__:
        if k.__module__.split(".", 1)[0] != "derivations":
            break
        names.update(k.__dict__)
    return sorted(names)


class ShortHelp(type):
    """Metaclass of the nodes whose SymPy base is an ordinary class."""

    def __dir__(cls):
        return _own_names(cls)


class ShortHelpFunction(FunctionClass):
    """Metaclass of the nodes that are SymPy functions (their base's metaclass)."""

    def __dir__(cls):
        return _own_names(cls)
