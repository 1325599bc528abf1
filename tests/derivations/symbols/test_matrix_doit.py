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


def _own():
    return [cls.__dict__["doit"] for cls in matrix_doit.REMEMBERED]


def test_sympys_own_doit_outside_the_block_and_after_an_error():
    own = _own()
    assert sp.Basic in matrix_doit.REMEMBERED and MatMul in matrix_doit.REMEMBERED
    with memoised_doit():
        assert all(a is not b for a, b in zip(_own(), own))
        with memoised_doit():  # re-entrant: the inner block changes nothing
            pass
        assert all(a is not b for a, b in zip(_own(), own))
    assert _own() == own
    with pytest.raises(ZeroDivisionError):
        with memoised_doit():
            raise ZeroDivisionError
    assert _own() == own


def test_sympys_global_parameters_are_part_of_the_question():
    """Basic.doit rebuilds with evaluation: under evaluate(False) or distribute(False) the
    same expression's doit is another one, never the remembered answer of the other setting."""
    from sympy.core.parameters import distribute

    x, y = sp.symbols("x y")
    two_x = sp.exp(sp.Add(x, x, evaluate=False))
    twice = sp.exp(sp.Mul(2, x + y, evaluate=False))
    matrix_doit._memo.clear()
    with memoised_doit():
        assert two_x.doit() == sp.exp(2 * x)
        with sp.evaluate(False):
            assert two_x.doit() != sp.exp(2 * x)
        assert twice.doit() == sp.exp(2 * x + 2 * y)
        with distribute(False):
            assert twice.doit() != sp.exp(2 * x + 2 * y)
        assert two_x.doit() == sp.exp(2 * x) and twice.doit() == sp.exp(2 * x + 2 * y)


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


def _without_seconds(o):
    if isinstance(o, dict):
        return {k: _without_seconds(v) for k, v in o.items() if k != "seconds"}
    if isinstance(o, list):
        return [_without_seconds(v) for v in o]
    return o


@pytest.mark.parametrize("eid", [
    "logistic.softmax_hessian_sign",   # an erratum: its diagnosis builds mutants of matrices
    "least_squares.gaussian_likelihood",  # instantiations with logarithms and traces
    "svm.exercise_solution",           # explicit matrices, a fixed-size proof
])
def test_an_entry_verified_with_the_memo_is_the_entry_without_it(eid, monkeypatch):
    """verify_entry keeps doit's memo for the whole entry (construction, every method, the
    diagnosis): the record is the one SymPy's own doit gives, field for field."""
    from derivations._claims import tautology
    from derivations._verdicts import diagnosis, engine
    from derivations._interfaces.report import result_json

    matrix_doit._memo.clear()
    with_memo = _without_seconds(result_json(engine.verify_entry(REGISTRY[eid])))
    for module in (engine, symbolic, tautology, diagnosis):
        monkeypatch.setattr(module, "memoised_doit", contextlib.nullcontext)
    without = _without_seconds(result_json(engine.verify_entry(REGISTRY[eid])))
    assert with_memo == without
