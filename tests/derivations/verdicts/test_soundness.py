"""What "verified" may never rest on: a timeout, a singular draw, a crash, a value merely close.

Timeouts are injected into every method (and into generic ``except Exception`` sites inside
them) and into every catalog entry's build; each must end in a verdict that says so.
"""

import random
import time

import pytest
import sympy as sp

from derivations.catalog.registry import REGISTRY
from derivations._claims.claims import Equal
from derivations._verdicts.engine import verify_claim, verify_entry
from derivations._methods import components, exact_random, symbolic
from derivations._symbols.space import Space


def _sleep_forever(*_args, **_kwargs):
    while True:
        time.sleep(0.01)


def _true_claim():
    s = Space()
    d = s.dim("d")
    A, B = s.matrix("A", d, d), s.matrix("B", d, d)
    return s, Equal((A + B).T, A.T + B.T)


@pytest.mark.parametrize("method", [exact_random, components, symbolic], ids=lambda m: m.NAME)
def test_a_method_that_runs_out_of_time_never_verifies(monkeypatch, method):
    s, claim = _true_claim()
    monkeypatch.setattr(method, "run", _sleep_forever)
    t0 = time.monotonic()
    r = verify_claim("timeout injected", claim, s, random.Random(0), budget=0.3)
    assert time.monotonic() - t0 < 5, "the budget was not enforced"
    outcome = {o.name: o.outcome for o in r.methods}[method.NAME]
    assert outcome == "timeout"
    if method is exact_random:  # no exact-random agreement: no verdict, whatever is proved
        assert r.status == "undecided", r.methods


def test_when_every_proof_method_times_out_nothing_is_verified(monkeypatch):
    s, claim = _true_claim()
    monkeypatch.setattr(components, "run", _sleep_forever)
    monkeypatch.setattr(symbolic, "run", _sleep_forever)
    r = verify_claim("proofs time out", claim, s, random.Random(0), budget=0.3)
    assert r.status == "undecided", r.methods


def test_a_timeout_inside_a_generic_exception_handler_is_not_swallowed(monkeypatch):
    """The minimal polynomial is called under ``except (NotImplementedError, ...)``; a budget
    expiry inside it must still end the method, as a timeout, not as 'undecided zero'."""
    import derivations._decide.exactness as ex

    s = Space()
    x = s.scalar("x", positive=True)
    # zero needs an algebraic proof: two independent radicands, which the surd route over ℚ
    # (one radicand) refuses, so SymPy's exactness decides every point
    claim = Equal((sp.sqrt(x) + sp.sqrt(x + 1)) ** 2, 2 * x + 1 + 2 * sp.sqrt(x * (x + 1)))
    monkeypatch.setattr(ex, "_algebraic_zero", _sleep_forever)
    monkeypatch.setattr(ex, "_ball_excluding_zero", lambda v: None)
    r = verify_claim("timeout in exactness", claim, s, random.Random(0), budget=0.3)
    assert r.status not in ("verified", "verified at sizes")
    assert "timeout" in {o.outcome for o in r.methods}


@pytest.mark.slow
def test_every_entry_whose_build_times_out_is_an_error_saying_so(monkeypatch):
    """Every catalog entry builds its statement through Space(); stall it and every entry must
    come back 'error' with the build timeout named — never a verdict."""
    original = Space.__init__

    def slow_init(self, *a, **k):
        _sleep_forever()
        original(self, *a, **k)

    monkeypatch.setattr(Space, "__init__", slow_init)
    for eid, entry in REGISTRY.items():
        r = verify_entry(entry, budget=0.01)
        assert r.status == "error", eid
        assert "timed out" in r.error, (eid, r.error)


def test_singular_draws_are_skipped_and_counted_never_an_error():
    """(AB)⁻¹ = B⁻¹A⁻¹ with PSD A, B: edge draws are rank deficient, so some points have no
    inverse; they are redrawn or skipped, and the claim is still decided."""
    s = Space()
    d = s.dim("d", sizes=(2,))
    A, B = s.matrix("A", d, d, "psd"), s.matrix("B", d, d, "psd")
    r = verify_claim("(AB)^-1 = B^-1 A^-1", Equal((A * B).I, B.I * A.I), s, random.Random(0))
    rand = {o.name: o for o in r.methods}["exact random"]
    assert rand.outcome == "equal", rand.detail
    assert rand.skipped >= 1 and "skipped" in rand.detail
    assert r.status != "error"


def test_a_transcendental_difference_below_any_threshold_is_refuted():
    """e^(-200x) = e^(-201x): the difference at x = 1 is about 1e-88 — nonzero, and refuted."""
    s = Space()
    x = s.scalar("x", positive=True)
    r = verify_claim("e^-200x = e^-201x", Equal(sp.exp(-200 * x), sp.exp(-201 * x)), s,
                     random.Random(0))
    assert r.status == "refuted", r.methods
