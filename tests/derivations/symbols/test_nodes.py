"""The expression nodes: Inv of an explicit matrix is the exact inverse or refuses a singular one."""

import random

import pytest
import sympy as sp
from sympy.matrices.exceptions import NonInvertibleMatrixError

from derivations._symbols.nodes import Inv


def _rational_matrix(n, rng, rank=None):
    rows = [[sp.Rational(rng.randint(-2**40, 2**40), rng.choice([1, 3, 1024])) for _ in range(n)]
            for _ in range(n)]
    m = sp.Matrix(rows)
    if rank is not None and rank < n:  # the last rows are combinations of the first `rank`
        for i in range(rank, n):
            m[i, :] = sum((rng.randint(-3, 3) * m[k, :] for k in range(rank)), sp.zeros(1, n))
    return sp.ImmutableMatrix(m)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 8])
def test_inverse_of_a_rational_matrix_is_exact(n):
    rng = random.Random(n)
    m = _rational_matrix(n, rng)
    inv = Inv(m)
    assert isinstance(inv, sp.ImmutableMatrix)
    assert all(x.is_Rational for x in inv)
    assert m * inv == sp.eye(n)  # exact: the identity, entry by entry
    if n <= 3:  # the adjugate route gives the same matrix
        assert inv == m.adjugate() / m.det(method="berkowitz")


@pytest.mark.parametrize("n", [2, 4, 6])
def test_a_singular_rational_matrix_is_refused_never_divided_by_zero(n):
    m = _rational_matrix(n, random.Random(10 + n), rank=n - 1)
    assert m.det() == 0
    with pytest.raises(NonInvertibleMatrixError):
        Inv(m)


def test_a_matrix_with_irrational_or_symbolic_entries_takes_the_adjugate_route():
    x = sp.Symbol("x", real=True)
    m = sp.ImmutableMatrix([[1, sp.sqrt(2)], [x, 3]])
    inv = Inv(m)
    assert sp.simplify(m * inv - sp.eye(2)) == sp.zeros(2, 2)
    assert sp.ImmutableMatrix([[sp.sqrt(2), 1], [2, sp.sqrt(2)]]).det() == 0
    with pytest.raises(NonInvertibleMatrixError):
        Inv(sp.ImmutableMatrix([[sp.sqrt(2), 1], [2, sp.sqrt(2)]]))
