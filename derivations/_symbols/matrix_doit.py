"""SymPy's ``doit`` remembered while an entry is verified.

Every product, sum, quotient and negation of SymPy matrix expressions calls ``doit`` on the
new ``MatMul``/``MatAdd``, which runs the canonicalisation rules over the whole subtree
(``sympy.strategies``'s exhaustive rule application) and, deep, ``doit`` on every argument —
the scalar coefficients too, which ``Basic.doit`` rebuilds node by node with evaluation;
``expand`` rebuilds the same products many times over. Over the catalog that was half of the
symbolic method's time. ``doit`` of an immutable expression is a pure function of the
expression, its hints and SymPy's global parameters (``evaluate``, ``distribute``,
``exp_is_pow``: part of the key), so :func:`memoised_doit` remembers its results — for
``MatMul``, ``MatAdd``, ``Transpose``, ``Trace``, ``Inverse``, ``MatPow`` and the ``Basic.doit``
that every class without its own inherits (function applications, powers, ``Add``/``Mul``
through ``AssocOp``'s, which calls it), and only inside the ``with`` block — around each
catalog entry's verification (``engine.verify_entry``: building the statement, the methods'
instantiations, the diagnosis's mutants; over the catalog 105.3 M → 97.2 M Python calls
beyond the symbolic method's own block), and the symbolic method, the by-construction check
and the diagnosis on their own — SymPy's own methods being restored on exit. A call that
raises (a budget's ``Timeout``) stores nothing. Keys are compared as SymPy compares
expressions: structurally, with a symbol's assumptions and a float's precision part of it. ``tests/derivations/symbols/test_matrix_doit.py`` checks the
outcomes over the catalog are those without the memo.
"""

from __future__ import annotations

from contextlib import contextmanager

from sympy.core.basic import Basic
from sympy.core.parameters import global_parameters
from sympy.matrices.expressions.inverse import Inverse
from sympy.matrices.expressions.matadd import MatAdd
from sympy.matrices.expressions.matmul import MatMul
from sympy.matrices.expressions.matpow import MatPow
from sympy.matrices.expressions.trace import Trace
from sympy.matrices.expressions.transpose import Transpose

__all__ = ["memoised_doit", "MEMO_SIZE"]

#: Results kept (across claims: the entries of a topic share most subexpressions).
MEMO_SIZE = 50_000

#: The classes whose own ``doit`` is remembered (``Basic``'s serves every class without one).
REMEMBERED = (MatMul, MatAdd, Transpose, Trace, Inverse, MatPow, Basic)

_memo: dict = {}
_active = False


def _remembering(original):
    def doit(self, **hints):
        try:
            # (the method too: a subclass's doit calling Basic's never meets its own answer)
            key = (original, type(self), self, tuple(sorted(hints.items())),
                   global_parameters.evaluate, global_parameters.distribute,
                   global_parameters.exp_is_pow)
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
    """Within the block, the ``doit`` of :data:`REMEMBERED` answers a repeated question from
    memory; SymPy's own methods are back when it exits (re-entrant)."""
    global _active
    if _active:
        yield
        return
    saved = {cls: cls.__dict__["doit"] for cls in REMEMBERED}
    for cls, original in saved.items():
        cls.doit = _remembering(original)
    _active = True
    try:
        yield
    finally:
        for cls, original in saved.items():
            cls.doit = original
        _active = False
