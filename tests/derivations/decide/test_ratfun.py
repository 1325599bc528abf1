"""Sparse rational-function arithmetic: the same answer as SymPy's cancel, never a new one."""

import random

import sympy as sp

from derivations._decide.ratfun import as_fractions, positive_multiple

x, y, z = sp.symbols("x y z", real=True)
c = sp.Symbol("c", positive=True)


def _cancel_answer(e, h):
    r = sp.cancel(sp.together(e / h))
    return bool(r.is_Rational and r > 0)


def test_positive_multiple_agrees_with_cancel_on_rational_functions():
    rng = random.Random(7)
    atoms = [x, y, z, c, x + y, x - 1, 1 / (y ** 2 + 1), (x - z) ** 2, sp.Rational(3, 4)]
    checked = 0
    for _ in range(150):
        a = sp.Add(*[rng.choice([-2, -1, 1, 3]) * rng.choice(atoms) * rng.choice(atoms) for _ in range(2)])
        k = rng.choice([sp.Rational(2, 3), -1, sp.Rational(-1, 5), 5])
        for e, h in ((k * a, a), (sp.expand(k * a), a), (a + x, a), (k * a * x, a * x)):
            if h == 0 or not e.free_symbols:
                continue
            fast = positive_multiple(e, h)
            assert fast is not None and fast == _cancel_answer(e, h), (e, h)
            checked += 1
    assert checked > 300


def test_anything_but_a_rational_function_is_left_to_sympy():
    assert positive_multiple(sp.exp(x), sp.exp(x) / 2) is None
    assert positive_multiple(sp.sqrt(c), c) is None
    assert positive_multiple(x * sp.Float(0.5), x) is None
    assert as_fractions([1 / (x - 1), sp.Abs(x)]) is None
    # h the zero function (not syntactically 0): no answer here
    assert positive_multiple(x, sp.Mul(x + 1, x - 1, evaluate=False) - x ** 2 + 1) is None
