"""SymPy's matrix-expression ``doit`` remembered while the symbolic method runs.

Every product, sum, quotient and negation of SymPy matrix expressions calls ``doit`` on the
new ``MatMul``/``MatAdd``, which runs the canonicalisation rules over the whole subtree
(``sympy.strategies``'s exhaustive rule application); ``expand`` rebuilds the same products
many times over. Over the catalog that was half of the symbolic method's time. ``doit`` of an
immutable expression is a pure function of the expression and its hints (and of SymPy's
global ``evaluate`` flag, part of the key), so :func:`memoised_doit` remembers its results —
for ``MatMul`` and ``MatAdd`` only, and only inside the ``with`` block (the symbolic method,
and the check that a catalog claim is not true by construction),
SymPy's own methods being restored on exit. A call that raises (a budget's ``Timeout``) stores
nothing. ``tests/derivations/symbols/test_matrix_doit.py`` checks the outcomes over the
catalog are those without the memo.
"""

from __future__ import annotations

from contextlib import contextmanager

from sympy.core.parameters import global_parameters
from sympy.matrices.expressions.matadd import MatAdd
from sympy.matrices.expressions.matmul import MatMul

__all__ = ["memoised_doit", "MEMO_SIZE"]

#: Results kept (across claims: the entries of a topic share most subexpressions).
MEMO_SIZE = 50_000

_memo: dict = {}
_active = False


def _remembering(original):
    def doit(self, **hints):
        try:
            key = (type(self), self, tuple(sorted(hints.items())), global_parameters.evaluate)
            got = _memo.get(key)
        except TypeError:  # an unhashable hint
            return original(self, **hints)
        if got is None:
            got = original(self, **hints)
            if len(_memo) >= MEMO_SIZE:
                _memo.clear()
            _memo[key] = got
        return got

    doit.__wrapped__ = original
    return doit


@contextmanager
def memoised_doit():
    """Within the block, ``MatMul.doit`` and ``MatAdd.doit`` answer a repeated question from
    memory; SymPy's own methods are back when it exits (re-entrant)."""
    global _active
    if _active:
        yield
        return
    saved = {cls: cls.__dict__["doit"] for cls in (MatMul, MatAdd)}
    for cls, original in saved.items():
        cls.doit = _remembering(original)
    _active = True
    try:
        yield
    finally:
        for cls, original in saved.items():
            cls.doit = original
        _active = False
