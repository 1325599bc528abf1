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


# -- zero_over_atoms: cancel's zero test on an expression of atoms, in flint ------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from derivations._decide.ratfun import zero_over_atoms  # noqa: E402

_w = sp.MatrixSymbol("w", 3, 1)
_n = sp.Symbol("n", integer=True)
_X = sp.MatrixSymbol("X", 2, 3)
_ATOMS = [x, y, c, _X[0, 1], _X[1, 2], sp.Trace(_w.T * _w), sp.exp(x), sp.exp(-2 * y),
          sp.Product(x + _n, (_n, 0, 3)), sp.Sum(_X[0, 1] ** _n, (_n, 0, 2)),
          sp.exp(sp.Trace(_w.T * _w) / 3), sp.sqrt(c), c ** sp.Rational(3, 2), sp.log(c),
          sp.sqrt(x), sp.Abs(y), sp.Rational(5, 2), 1 / (1 + sp.exp(-x))]


def _cancel_zero(e) -> bool:
    return sp.cancel(sp.together(e)) == 0


def test_identities_over_atoms_are_proved():
    t = sp.Trace(_w.T * _w)
    s = 1 / (1 + sp.exp(-x))
    for e in [s * (1 - s) - sp.exp(-x) / (1 + sp.exp(-x)) ** 2,  # σ' = σ(1 − σ)
              sp.exp(2 * x) - sp.exp(x) ** 2,
              sp.sqrt(c) ** 3 / c - sp.sqrt(c),
              (t + 1) / (t ** 2 - 1) - 1 / (t - 1),
              _X[0, 1] / (_X[0, 1] * sp.log(c)) - 1 / sp.log(c)]:
        assert zero_over_atoms(sp.expand(e)) is True, e
        assert _cancel_zero(sp.expand(e)), e


def test_what_is_not_zero_is_not_proved():
    t = sp.Trace(_w.T * _w)
    for e in [x - y, sp.exp(x) - sp.exp(-x), t / (t + 1) - 1, sp.sqrt(c) - c,
              _X[0, 1] - _X[1, 2], sp.log(c) - c]:
        assert zero_over_atoms(e) is False, e


def test_what_sympy_may_relate_is_refused():
    for e in [sp.sqrt(2) * x - x, sp.pi * x, sp.E * x, x * sp.Float(0.5),
              sp.sqrt(x + 1) * x,  # a root of an expression
              sp.Piecewise((x, x > 0), (0, True)), sp.I * x,
              x / (sp.Mul(x + 1, x - 1, evaluate=False) - x ** 2 + 1)]:  # 1/0
        assert zero_over_atoms(e) is None, e
    A, B = sp.symbols("A B", commutative=False)
    assert zero_over_atoms(A * B - B * A) is None


_exprs = st.recursive(
    st.sampled_from(_ATOMS),
    lambda inner: st.one_of(
        st.builds(lambda a, b: a + b, inner, inner),
        st.builds(lambda a, b: a * b, inner, inner),
        st.builds(lambda a, b: a / (b + 2), inner, inner),
        st.builds(lambda a, k: a ** k, inner, st.sampled_from([2, -1, 3]))),
    max_leaves=6)


@settings(deadline=None)  # the profile's examples (30 in the README's command; 1,500 by hand: none differ)
@given(_exprs, _exprs, st.sampled_from(["together", "times", "plus", "swap"]))
def test_zero_over_atoms_agrees_with_cancel(a, b, how):
    """Each of its answers is cancel's on the expanded expression (the symbolic method's
    input): a proof where cancel proves 0, False where cancel leaves it nonzero. (Found on
    the way: √c·(√c + 2) − c needs √c² = c, e^(x/2)² = e^x likewise; |y|² = y² for a real
    y, so |·| is refused.)"""
    rhs = {"together": sp.together(a), "times": sp.expand(a * (x + 2)) / (x + 2),
           "plus": a + b - sp.expand(b) + 1, "swap": b}[how]
    e = sp.expand(a - rhs)
    got = zero_over_atoms(e)
    if got is not None:
        assert got == _cancel_zero(e), e
