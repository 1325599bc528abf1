"""The restricted expression parser: what it accepts, and that everything else is a
ClaimsError located at the offending node (file, line, column)."""

import pytest
import sympy as sp

from derivations import Space
from derivations._symbols.expr import Grad, Norm, Scalar
from derivations._userclaims.errors import ClaimsError, Location
from derivations._userclaims.parser import (MAX_DEPTH, MAX_EXPONENT, MAX_LENGTH, Names, Relation,
                                            parse_expression)
from numerics.errors import InvalidInput


@pytest.fixture(scope="module")
def names():
    s = Space()
    d, N = s.dim("d"), s.dim("N")
    syms = {"d": d, "N": N, "w": s.vector("w", d), "x": s.vector("x", d),
            "A": s.matrix("A", d, d), "S": s.matrix("S", d, d, "spd"), "b": s.scalar("b"),
            "X": s.matrix("X", N, d), "t": s.vector("t", N)}
    return Names(syms, samples={"X"}, dims={"d", "N"})


def P(text, names, **kw):
    return parse_expression(text, names, Location("f.toml", 3, 7), **kw)


def test_products_transposes_and_scalars(names):
    e = P("w.T @ A @ x + b", names)
    w, A, x, b = (names.symbols[k] for k in "wAxb")
    assert e == Scalar(w.T * A * x) + b
    assert P("(A @ x).T", names) == (A * x).T
    assert P("A * x", names) == A * x  # '*' between matrices is the matrix product


def test_decimals_are_exact_rationals(names):
    assert P("0.1", names) == sp.Rational(1, 10)
    assert P("1e-3", names) == sp.Rational(1, 1000)
    assert P("3", names) == 3


def test_calls(names):
    w, A, S = names.symbols["w"], names.symbols["A"], names.symbols["S"]
    assert isinstance(P("grad(w.T @ S @ w, w)", names), Grad)
    assert P("norm(w)", names) == Norm(w)
    assert P("trace(A)", names) == sp.Trace(A)
    assert P("det(A)", names) == sp.Determinant(A)
    assert P("sigmoid(b)", names) == 1 / (1 + sp.exp(-names.symbols["b"]))
    assert P("hinge(b)", names) == sp.Max(0, 1 - names.symbols["b"])
    assert P("softmax([b, 0], 1)", names) == sp.exp(names.symbols["b"]) / (sp.exp(names.symbols["b"]) + 1)
    e = P("sum(t[n] * X[n], n, N)", names)
    assert e.shape == (names.symbols["d"], 1)
    s = P("sum(t[n], n, N)", names)
    assert not isinstance(s, sp.MatrixExpr)


def test_relations(names):
    r = P("b**2 + 1 >= 2*b", names, relation=True)
    assert isinstance(r, Relation) and r.op == ">="
    with pytest.raises(ClaimsError, match="comparison is not allowed"):
        P("b < 1", names)


def test_lists_are_vectors_and_matrices(names):
    assert P("[1, 2]", names) == sp.ImmutableMatrix([1, 2])
    assert P("[[1, 2], [3, 4]]", names) == sp.ImmutableMatrix([[1, 2], [3, 4]])


@pytest.mark.parametrize("text, where, match", [
    ("__import__('os')", (3, 7), "cannot be called"),
    ("w.__class__", (3, 7), "only '.T'"),
    ("lambda: 1", (3, 7), "not allowed"),
    ("'abc'", (3, 7), "literal not allowed"),
    ("w + b", (3, 7), "adding a scalar and a matrix"),
    ("b + zz", (3, 11), "unknown name 'zz'"),
    ("A @ X", (3, 7), "cannot be multiplied"),
    ("b ** 17", (3, 12), "exponent 17 larger"),
    ("b ** b", (3, 12), "literal integer"),
    ("0x10", (3, 7), "decimal"),
    ("1e999", (3, 7), "exponent at most 100"),
    ("grad(b, d)", (3, 15), "declared scalar, vector or matrix"),
    ("b + * 2", (3, 11), "not an expression"),
    ("x[0]", (3, 9), "indices start at 1"),
    ("inv(w)", (3, 11), "square matrix"),
    ("1 / 0", (3, 11), "division by zero"),
    ("[w]", (3, 8), "must be a scalar"),
    ("exp(w)", (3, 11), "takes a scalar"),
])
def test_errors_are_located(names, text, where, match):
    with pytest.raises(ClaimsError, match=match) as exc:
        P(text, names)
    assert isinstance(exc.value, InvalidInput)
    assert (exc.value.line, exc.value.column) == where, str(exc.value)
    assert str(exc.value).startswith(f"f.toml:{where[0]}:{where[1]}: ")


def test_a_later_line_has_its_own_column(names):
    with pytest.raises(ClaimsError) as exc:
        P("(b +\n  zz)", names)
    assert (exc.value.line, exc.value.column) == (4, 3)


def test_bounds(names):
    with pytest.raises(ClaimsError, match="at most"):
        P("b" + " + b" * MAX_LENGTH, names)
    with pytest.raises(ClaimsError, match="nested deeper"):
        P("(" * (MAX_DEPTH + 1) + "b" + ")" * (MAX_DEPTH + 1), names)
    with pytest.raises(ClaimsError, match="signs in a row"):
        P("-" * (MAX_DEPTH + 5) + "b", names)
    with pytest.raises(ClaimsError, match="bits"):
        P("((((999999 ** 16) ** 16) ** 16) ** 16)", names)
    assert P(f"b ** {MAX_EXPONENT}", names) == names.symbols["b"] ** MAX_EXPONENT
    with pytest.raises(ClaimsError, match="1..12"):
        P("eye(100000)", names)
    with pytest.raises(ClaimsError, match="after combining exponents"):
        P("((b**16)**16)**16", names)  # b**4096 at an exact point: millions of digits
    with pytest.raises(ClaimsError, match="after combining exponents"):
        P("((A**16)**16)**16", names)
    with pytest.raises(ClaimsError, match="sums nested deeper"):
        P("sum(sum(sum(sum(t[i] * t[j] * t[k] * t[m], m, N), k, N), j, N), i, N)", names)
