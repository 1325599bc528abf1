"""SymPy's assumption queries in one fixed order.

SymPy's ``_ask`` (``sympy/core/assumptions.py``) answers a query such as ``x.is_zero`` by
visiting the facts that could decide it, breadth first, each level in a random order:
``sympy.core.random._assumptions_shuffle``, an unseeded ``random.Random``, so the order
differs from process to process. SymPy does it to expose, in its own test suite, handlers
that contradict the inference rules. Here it costs twice: a query's answer may depend on
the run (were a handler inconsistent), and the shuffle is ~2% of a cold ``lindisc verify``
(0.7 s of CPU in Python's ``random.shuffle``, called on every query SymPy's assumption
cache misses). The facts are visited in sorted order instead: the same in every process
and every run, and what SymPy's rules mean does not depend on the order.

Importing this module applies it (``space`` imports it, so every engine path does). If a
SymPy release renames the hook, nothing is patched and SymPy's own order stays (a test
fails so that the name is updated).
"""

from __future__ import annotations

import importlib

# (``import sympy.core.assumptions as m`` binds the function of that name that sympy.core
# exports, not the module)
_assumptions = importlib.import_module("sympy.core.assumptions")

#: The hook SymPy's ``_ask`` calls on each level's new facts (a list, reordered in place).
HOOK = "shuffle"


def _in_order(facts: list) -> None:
    facts.sort()


def apply() -> bool:
    """Visit the facts in sorted order; False when this SymPy has no such hook."""
    if not callable(getattr(_assumptions, HOOK, None)):
        return False
    setattr(_assumptions, HOOK, _in_order)
    return True


APPLIED = apply()
