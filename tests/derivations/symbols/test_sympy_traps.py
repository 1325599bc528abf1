"""Regression tests for SymPy's known matrix-calculus traps: the engine must never report
``verified`` for a wrong derivative, whatever SymPy's own ``diff`` says.

DESIGN.md: on sympy 1.14 ``diff((w.T*S_B*w)[0,0] / (w.T*S_W*w)[0,0], w)`` returns ``0``, and
``diff(Trace(w.T*S_B*w) / Trace(w.T*S_W*w), w)`` drops the quotient-rule term.
"""

import random

import pytest
import sympy as sp

from derivations._claims.claims import Equal
from derivations._verdicts.engine import verify_claim
from derivations._symbols.expr import Grad, quad
from derivations._symbols.space import Space


@pytest.fixture
def fisher():
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    SB, SW = s.matrix("S_B", d, d, "symmetric"), s.matrix("S_W", d, d, "spd")
    return s, d, w, SB, SW


def _true_gradient(w, SB, SW):
    return 2 * (quad(w, SW) * SB * w - quad(w, SB) * SW * w) / quad(w, SW) ** 2


def test_sympy_still_returns_zero_for_the_rayleigh_quotient(fisher):
    """Documents the trap itself: if SymPy fixes it this test says so (and can go)."""
    s, d, w, SB, SW = fisher
    g = sp.diff((w.T * SB * w)[0, 0] / (w.T * SW * w)[0, 0], w)
    assert g == 0 or getattr(g, "is_ZeroMatrix", False)


@pytest.mark.parametrize("form", ["element", "trace"])
def test_sympy_zero_gradient_is_refuted_not_verified(fisher, form):
    s, d, w, SB, SW = fisher
    if form == "element":
        J = (w.T * SB * w)[0, 0] / (w.T * SW * w)[0, 0]
    else:
        J = sp.Trace(w.T * SB * w) / sp.Trace(w.T * SW * w)
    r = verify_claim("grad J = sympy's diff", Equal(Grad(J, w), sp.diff(J, w) if form == "element"
                                                     else sp.ZeroMatrix(d, 1)), s, random.Random(0))
    assert r.status in ("refuted", "conflict"), r.methods
    assert r.status not in ("verified", "verified at sizes")
    assert r.counterexample is not None


def test_trace_form_dropped_quotient_term_is_refuted(fisher):
    s, d, w, SB, SW = fisher
    J = sp.Trace(w.T * SB * w) / sp.Trace(w.T * SW * w)
    dropped = sp.diff(J, w)  # SymPy's answer: the first quotient-rule term only
    r = verify_claim("sympy trace diff", Equal(Grad(J, w), dropped), s, random.Random(1))
    assert r.status in ("refuted", "conflict")
    assert r.counterexample["values"], "the refutation must carry exact values"


def test_true_fisher_gradient_is_verified(fisher):
    s, d, w, SB, SW = fisher
    J = quad(w, SB) / quad(w, SW)
    r = verify_claim("grad J", Equal(Grad(J, w), _true_gradient(w, SB, SW)), s, random.Random(2))
    assert r.status == "verified at sizes", [(o.name, o.outcome, o.detail) for o in r.methods]


@pytest.mark.parametrize("wrong, why", [
    (lambda w, SB, SW: -_true_gradient(w, SB, SW), "sign flipped (ml10's printed form)"),
    (lambda w, SB, SW: _true_gradient(w, SB, SW) / 2, "factor 2 lost"),
    (lambda w, SB, SW: 2 * SB * w / quad(w, SW), "quotient-rule term dropped"),
    (lambda w, SB, SW: 2 * (quad(w, SW) * SB.T * w - quad(w, SB) * SW * w) / quad(w, SW), "square lost"),
])
def test_wrong_gradients_are_never_verified(fisher, wrong, why):
    s, d, w, SB, SW = fisher
    J = quad(w, SB) / quad(w, SW)
    r = verify_claim(why, Equal(Grad(J, w), wrong(w, SB, SW)), s, random.Random(3))
    assert r.status == "refuted", (why, [(o.name, o.outcome) for o in r.methods])


def test_gradient_of_a_quadratic_form_with_a_general_matrix():
    """d/dw wᵀAw = (A + Aᵀ)w; with a non-symmetric A the form 2Aw is wrong."""
    s = Space()
    d = s.dim("d")
    w, A = s.vector("w", d), s.matrix("A", d, d)
    ok = verify_claim("ok", Equal(Grad(quad(w, A), w), (A + A.T) * w), s, random.Random(0))
    bad = verify_claim("bad", Equal(Grad(quad(w, A), w), 2 * A * w), s, random.Random(0))
    assert ok.status == "verified"
    assert bad.status == "refuted"


def test_a_wrong_sphere_maximiser_is_refuted():
    """Regression: with values substituted directly, SphereMax once read the free direction
    as 0 and could never be refuted. -Δ/‖Δ‖ minimises wᵀΔ on the sphere."""
    from derivations._claims.claims import SphereMax
    from derivations._symbols.expr import Norm, dot

    s = Space()
    d = s.dim("d")
    w, delta = s.vector("w", d, nonzero=True), s.vector("Delta", d, nonzero=True)
    r = verify_claim("wrong maximiser", SphereMax(dot(w, delta), w, -delta / Norm(delta)), s,
                     random.Random(0))
    assert r.status == "refuted", [(o.name, o.outcome, o.detail) for o in r.methods]
