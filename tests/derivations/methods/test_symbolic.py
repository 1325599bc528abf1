"""The symbolic method's outcomes, one per route: what it proves (an every-size ``equal``) must
stay proved by any change that makes its failing paths cheaper, and what it cannot handle stays
``not applicable`` (a TypeError inside SymPy) or ``inconclusive``."""

import random

import pytest
import sympy as sp

from derivations._claims.claims import Equal
from derivations._methods import symbolic
from derivations._symbols.space import Space
from tests.derivations.catalog._built import built


def _run(claim, space):
    return symbolic.run(claim, space, random.Random(0))


def test_matrix_identity_proved_by_expansion_for_every_size():
    s = Space()
    d = s.dim("d")
    A, B = s.matrix("A", d, d), s.matrix("B", d, d)
    o = _run(Equal((A + B) * (A - B), A * A - A * B + B * A - B * B), s)
    assert o.outcome == "equal" and o.all_sizes


def test_trace_linearity_proved_for_every_size_but_not_cyclicity():
    s = Space()
    d = s.dim("d")
    A, B, C = (s.matrix(n, d, d) for n in "ABC")
    o = _run(Equal(sp.Trace(A * B + 2 * C), sp.Trace(A * B) + 2 * sp.Trace(C)), s)
    assert o.outcome == "equal" and o.all_sizes
    # true, but SymPy keeps tr(ABC) and tr(CAB) apart: the other methods prove it
    assert _run(Equal(sp.Trace(A * B * C), sp.Trace(C * A * B)), s).outcome == "inconclusive"


def test_a_false_matrix_identity_is_inconclusive_never_equal():
    s = Space()
    d = s.dim("d")
    A, B = s.matrix("A", d, d), s.matrix("B", d, d)
    assert _run(Equal(A * B, B * A), s).outcome == "inconclusive"


def _claim(entry, label):
    st = built(entry)
    claims = dict(st.all_claims())
    return (st.stated if label == "as printed" else claims[label]), st.space


@pytest.mark.parametrize("entry, label, outcome", [
    # cancel(together(...)) is the route: the sides differ until put over one denominator
    ("logistic.sigmoid_symmetry", "sigma(-a) = 1 - sigma(a)", "equal"),
    # cancel reduces each Piecewise branch, then the two sides are one expression
    ("relaxation.long_samples_dominate", "J_r term of (y/3, b/3) = term of (y, b)", "equal"),
    ("geometry.w_normal", "w^T (x_A - x_B) = 0", "inconclusive"),
    # SymPy's cancel raises on a Trace of a sum whose sign it flips
    ("fisher.projected_means", "m_1 = w^T m_1 (projected mean)", "not applicable"),
])
def test_catalog_routes(entry, label, outcome):
    claim, space = _claim(entry, label)
    o = _run(claim, space)
    assert o.outcome == outcome, o.detail
    assert bool(o.all_sizes) == (outcome == "equal")


def _outcome(f, *args):
    try:
        r = f(*args)
    except Exception as exc:  # noqa: BLE001 - the same exception is part of the contract
        return ("raises", type(exc).__name__, str(exc))
    return ("value", sp.srepr(r))


@pytest.mark.parametrize("make", [
    lambda A, B, w, x, t: sp.Trace(-A * B) - sp.Trace(B.T * A.T) + t * sp.Trace(A),
    lambda A, B, w, x, t: sp.Trace(w.T * (x - 2 * w)) ** 2 - (t - 1) * sp.Trace(x.T * x),
    lambda A, B, w, x, t: (1 - t) / (t - 1) + sp.Trace(w.T * x) / (sp.Trace(-w.T * x) - t),
    lambda A, B, w, x, t: sp.Trace(-(A * B - B * A)) - sp.Trace(A * B),
    lambda A, B, w, x, t: t * sp.Trace(-w.T * x / 2 + x.T * w / 2) - t,  # SymPy raises TypeError
    lambda A, B, w, x, t: sp.Lt(t - 1, sp.Trace(x.T * w)),
    lambda A, B, w, x, t: t,
])
def test_memoised_signsimp_is_sympys(make):
    from sympy.simplify.simplify import signsimp

    d = sp.Symbol("d", integer=True, positive=True)
    A, B = sp.MatrixSymbol("A", d, d), sp.MatrixSymbol("B", d, d)
    w, x = sp.MatrixSymbol("w", d, 1), sp.MatrixSymbol("x", d, 1)
    e = make(A, B, w, x, sp.Symbol("t", real=True))
    assert _outcome(symbolic._signsimp, e, {}) == _outcome(signsimp, e)
