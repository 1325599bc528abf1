"""SymPy's MatMul/MatAdd ``doit`` remembered inside the symbolic method only: the same
results, SymPy's own methods outside the block, nothing stored by a call that raises."""

import contextlib
import random

import pytest
import sympy as sp
from sympy.matrices.expressions.matadd import MatAdd
from sympy.matrices.expressions.matmul import MatMul

from derivations import REGISTRY
from derivations._claims.claims import Behaviour
from derivations._methods import symbolic
from derivations._symbols import matrix_doit
from derivations._symbols.matrix_doit import memoised_doit

n = sp.Symbol("n", integer=True, positive=True)
A, B, C = (sp.MatrixSymbol(x, n, n) for x in "ABC")


def test_sympys_own_doit_outside_the_block_and_after_an_error():
    own = MatMul.__dict__["doit"], MatAdd.__dict__["doit"]
    with memoised_doit():
        assert MatMul.__dict__["doit"] is not own[0]
        with memoised_doit():  # re-entrant: the inner block changes nothing
            pass
        assert MatMul.__dict__["doit"] is not own[0]
    assert (MatMul.__dict__["doit"], MatAdd.__dict__["doit"]) == own
    with pytest.raises(ZeroDivisionError):
        with memoised_doit():
            raise ZeroDivisionError
    assert (MatMul.__dict__["doit"], MatAdd.__dict__["doit"]) == own


def test_a_repeated_doit_is_answered_from_memory_with_the_same_result():
    e = MatMul(A, MatAdd(B, C), A.T, evaluate=False)
    want = e.doit()
    matrix_doit._memo.clear()
    with memoised_doit():
        first = e.doit()
        assert len(matrix_doit._memo) >= 1
        assert e.doit() is first
    assert first == want


def test_a_call_that_raises_stores_nothing(monkeypatch):
    calls = []

    def failing(self, **hints):
        calls.append(1)
        raise RuntimeError("budget")

    monkeypatch.setattr(MatMul, "doit", failing)
    matrix_doit._memo.clear()
    e = MatMul(A, B, evaluate=False)
    with memoised_doit():
        for _ in range(2):
            with pytest.raises(RuntimeError):
                e.doit()
    assert len(calls) == 2 and not matrix_doit._memo


@pytest.mark.slow
def test_catalog_symbolic_outcomes_are_those_without_the_memo(monkeypatch):
    work = []
    for eid in sorted(REGISTRY):
        st = REGISTRY[eid].build()
        extra = [("stated", st.stated)] if st.stated is not None else []
        work += [(eid, lbl, c, st.space) for lbl, c in st.all_claims() + extra
                 if not isinstance(c, Behaviour)]
    with_memo = [symbolic.run(c, s, random.Random(0)).outcome for *_, c, s in work]
    monkeypatch.setattr(symbolic, "memoised_doit", contextlib.nullcontext)
    without = [symbolic.run(c, s, random.Random(0)).outcome for *_, c, s in work]
    differ = [(w[0], w[1], a, b) for w, a, b in zip(work, with_memo, without)
              if a != b and "timeout" not in (a, b)]  # a budget depends on the machine's load
    assert not differ
    assert with_memo.count("equal") >= 150
