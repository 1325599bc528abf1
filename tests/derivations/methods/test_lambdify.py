"""numeric_function: a catalog expression as a NumPy function, agreeing with exact evaluation."""


import numpy as np
import pytest
import sympy as sp

from derivations._symbols.expr import Grad, Norm, quad
from derivations._methods.lambdify import numeric_function
from derivations._symbols.space import Space


def test_gradient_and_norm_evaluate_like_the_exact_instance():
    s = Space()
    d = s.dim("d")
    w, S = s.vector("w", d), s.matrix("S", d, d, "symmetric")
    expr = Grad(quad(w, S), w) / Norm(w)
    f = numeric_function(s, expr, d=3)
    rng = np.random.default_rng(0)
    A = rng.normal(size=(3, 3))
    S_ = A + A.T
    w_ = rng.normal(size=3)
    np.testing.assert_allclose(f(w=w_, S=S_).ravel(), 2 * S_ @ w_ / np.linalg.norm(w_), rtol=1e-12)


def test_definitions_are_applied():
    s = Space()
    d = s.dim("d")
    w, x = s.vector("w", d), s.vector("x", d)
    b = s.scalar("b")
    s.define(b, -(w.T * x)[0, 0])
    f = numeric_function(s, b, d=2)
    assert f(w=[1.0, 2.0], x=[3.0, 4.0], b=99.0) == pytest.approx(-11.0)


@pytest.mark.parametrize("call, err", [
    (lambda f: f(w=[1.0, 2.0]), "missing value"),
    (lambda f: f(w=[1.0, 2.0], x=[1.0, 1.0], q=1), "unknown symbol"),
])
def test_bad_arguments_name_the_symbol(call, err):
    s = Space()
    d = s.dim("d")
    w, x = s.vector("w", d), s.vector("x", d)
    f = numeric_function(s, (w.T * x)[0, 0], d=2)
    with pytest.raises(TypeError, match=err):
        call(f)


def test_every_dim_needs_a_size():
    s = Space()
    s.vector("w", s.dim("d"))
    with pytest.raises(ValueError, match="missing"):
        numeric_function(s, sp.Integer(1))




def test_compiled_renames_entry_symbols_in_one_pass_and_keeps_their_values():
    import numpy as np
    import sympy as sp

    from derivations._methods.lambdify import compiled

    xs = [sp.Symbol(f"w[{i}]", real=True) for i in range(12)]  # not Python identifiers
    value = sp.Matrix(2, 2, lambda i, j: sum(xs[(2 * i + j + k) % 12] * xs[k] for k in range(12)))
    vals = np.arange(12.0) / 7
    want = np.array(value.xreplace(dict(zip(xs, vals.tolist()))), dtype=float)
    assert np.allclose(compiled(xs, value)(*vals), want, rtol=1e-14, atol=0)
    # a free symbol already named like a renamed argument: not renamed, still evaluated right
    clash = sp.Symbol("_lindisc_arg0", real=True)
    f = compiled([clash, xs[1]], clash - 2 * xs[1])
    assert float(f(3.0, 1.0)) == 1.0
