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
    ("logistic.sigmoid_symmetry", r"$\sigma(-a) = 1 - \sigma(a)$", "equal"),
    # cancel reduces each Piecewise branch, then the two sides are one expression
    ("relaxation.long_samples_dominate", r"$J_r$ term of $(\mathbf{y}/3, b/3)$ = term of $(\mathbf{y}, b)$", "equal"),
    ("geometry.w_normal", r"$\mathbf{w}^\top(\mathbf{x}_A - \mathbf{x}_B) = 0$", "inconclusive"),
    # a polynomial in its atoms that expand leaves nonzero: inconclusive without cancel
    # (whose TypeError on a Trace of a sum made it 'not applicable' before)
    ("fisher.projected_means", r"$m_1 = \mathbf{w}^\top\mathbf{m}_1$ (projected mean)", "inconclusive"),
    # SymPy's cancel raised on this quotient of Traces of sums (its sign simplification built
    # a Trace of a scalar); the same zero test in flint finds it nonzero in the Traces
    ("fisher.criterion", r"derivation: $\mathbf{S}_B$, and $\mathbf{S}_W = \mathbf{S}_1 + \mathbf{S}_2$",
     "inconclusive"),
])
def test_catalog_routes(entry, label, outcome):
    claim, space = _claim(entry, label)
    o = _run(claim, space)
    assert o.outcome == outcome, o.detail
    assert bool(o.all_sizes) == (outcome == "equal")


def test_a_polynomial_left_nonzero_by_expand_never_reaches_cancel(monkeypatch):
    s = Space()
    d = s.dim("d")
    A, B = s.matrix("A", d, d), s.matrix("B", d, d)

    def cancel(*a, **k):
        raise AssertionError("cancel called on a polynomial")

    monkeypatch.setattr(symbolic.sp, "cancel", cancel)
    assert _run(Equal(sp.Trace(A * B) + 1, sp.Trace(B * A)), s).outcome == "inconclusive"
    # a denominator: cancel's zero test, in flint (zero_over_atoms), proves it
    x = sp.Symbol("x", positive=True)
    assert symbolic._is_zero(1 / (x + 1) + x / (x + 1) - 1) is True
    assert symbolic._is_zero(1 / (x + 1) + x / (x + 1) - 2) is False
    w = sp.MatrixSymbol("w", 3, 1)
    t = sp.Trace(w.T * w)
    assert symbolic._is_zero(sp.exp(-t) / (1 + sp.exp(-t)) - 1 / (1 + sp.exp(t))) is True
    monkeypatch.undo()


def test_what_flint_refuses_still_goes_through_cancel(monkeypatch):
    x = sp.Symbol("x", positive=True)
    called = []
    real = symbolic.sp.cancel

    def cancel(e, *a, **k):
        called.append(e)
        return real(e, *a, **k)

    monkeypatch.setattr(symbolic.sp, "cancel", cancel)
    # √2 is a coefficient to SymPy (its domain decides), not a generator: SymPy's route
    assert symbolic._is_zero(sp.sqrt(2) / (x + 1) + sp.sqrt(2) * x / (x + 1) - sp.sqrt(2)) is True
    assert called
