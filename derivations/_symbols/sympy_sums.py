"""The free symbols of a SymPy ``Sum`` or ``Product``, computed once per expression.

SymPy's ``ExprWithLimits.free_symbols`` (``sympy/concrete/expr_with_limits.py``) is a
property without a cache: each call substitutes every index into the summand with
``xreplace`` (an index that is a plain symbol is replaced by itself, which still rebuilds
every node above it), then collects the summand's free symbols. ``is_number`` is
``not self.free_symbols``, and SymPy's assumption queries ask it of every ``Sum`` they meet,
so one ``cancel`` of a claim with sums over a symbolic size asks it thousands of times of a
few dozen sums. Over the catalog in one process that was 2.8% of the Python calls
(``ExprWithLimits.free_symbols``, 4,967 calls, of which ``is_number`` made 4,663).

A SymPy expression is immutable and its free symbols are a function of its structure (its
class and its arguments: what ``==`` and ``hash`` compare), so the answer is kept per
expression, as SymPy's own answer, and a copy is returned (callers add to the set SymPy
gives them). The memo is bounded (:data:`MEMO_SIZE`).

Importing this module applies it (``space`` imports it, so every engine path does). If a
SymPy release moves the property, nothing is patched and SymPy's own stays (a test fails
so that the name is updated).
"""

from __future__ import annotations

import importlib

_module = importlib.import_module("sympy.concrete.expr_with_limits")

#: Expressions whose free symbols are kept; the memo is emptied when it is full.
MEMO_SIZE = 20_000

_MEMO: dict = {}


def _remembered(uncached):
    def free_symbols(self) -> set:
        try:
            got = _MEMO.get(self)
        except TypeError:  # an unhashable argument: no memo
            return uncached(self)
        if got is None:
            got = frozenset(uncached(self))
            if len(_MEMO) >= MEMO_SIZE:
                _MEMO.clear()
            _MEMO[self] = got
        return set(got)

    free_symbols.__doc__ = uncached.__doc__
    free_symbols.uncached = uncached
    return free_symbols


def apply() -> bool:
    """Keep ``ExprWithLimits.free_symbols`` per expression; False when SymPy has no such
    property (nothing is patched)."""
    cls = getattr(_module, "ExprWithLimits", None)
    prop = cls.__dict__.get("free_symbols") if cls is not None else None
    if not isinstance(prop, property) or prop.fget is None:
        return False
    if getattr(prop.fget, "uncached", None) is None:
        cls.free_symbols = property(_remembered(prop.fget))
    return True


APPLIED = apply()
