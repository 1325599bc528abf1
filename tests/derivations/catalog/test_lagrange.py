"""The Lagrange catalog entries (hermosillo2017's worked example, ml10's remark) against
floating-point optimisation and against the engine's verdicts.

- the printed λ₀ = ±√5/2 and (x₀, y₀) = ±(2, 1)/√5, read from the entry's definitions,
  are the max and min of 2x + y over a fine parametrisation of the circle, and satisfy
  ∇f = λ₀∇g in float64;
- ml10's "max over (w, λ)" is unbounded: the Lagrangian at w = 0 is λ;
- the caveat's printed form is refuted by an exact counterexample (every entry's verdict is
  checked by test_catalog.py's catalog-wide slow test).
"""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, note
from hypothesis import strategies as st

from derivations._decide.kinds import decider
from derivations.catalog import REGISTRY
from derivations.catalog import lagrange as cat
from derivations._symbols.space import Space
from derivations._verdicts.engine import verify_entry


def _printed(sign: int) -> tuple[float, float, float]:
    s = Space()
    lam0, x0, y0 = cat._printed_solution(s, sign)
    vals = {sym: float(v) for sym, v, _ in s.definitions}
    return vals[lam0], vals[x0], vals[y0]


def test_printed_points_are_the_max_and_min_on_the_circle():
    theta = np.linspace(0, 2 * np.pi, 200_001)
    f = 2 * np.cos(theta) + np.sin(theta)
    for sign, pick in ((1, np.argmax), (-1, np.argmin)):
        lam0, x0, y0 = _printed(sign)
        k = pick(f)
        assert np.hypot(np.cos(theta[k]) - x0, np.sin(theta[k]) - y0) < 1e-4
        assert 2 * x0 + y0 == pytest.approx(f[k], abs=1e-9)
        assert 2 * x0 + y0 == pytest.approx(sign * np.sqrt(5))


@pytest.mark.parametrize("sign", [1, -1])
def test_printed_solution_solves_the_tangency_system(sign):
    lam0, x0, y0 = _printed(sign)
    np.testing.assert_allclose([2, 1], lam0 * np.array([2 * x0, 2 * y0]), rtol=1e-15)
    assert x0 ** 2 + y0 ** 2 == pytest.approx(1.0, rel=1e-15)


def test_printed_lambda0_are_the_roots_the_entry_factors():
    mu = sp.Symbol("mu")
    roots = sorted(float(r) for r in sp.solve(5 - 4 * mu ** 2, mu))
    assert roots == pytest.approx(sorted([_printed(1)[0], _printed(-1)[0]]), rel=1e-15)


@given(lam=st.floats(-1e6, 1e6), dist=st.floats(1e-3, 10), seed=st.integers(0, 2**32 - 1))
def test_ml10_lagrangian_exceeds_the_constrained_max_off_the_sphere(lam, dist, seed):
    """L(0, λ) = λ: above ‖m₂ − m₁‖ for λ large, so the printed 'max over (w, λ)' does not
    exist; on the sphere L = wᵀ(m₂ − m₁) ≤ ‖m₂ − m₁‖ for every λ."""
    rng = np.random.default_rng(seed)
    D = rng.standard_normal(3) * dist
    u = rng.standard_normal(3)
    u /= np.linalg.norm(u)
    note(f"D={D!r} u={u!r}")
    lagrangian = lambda w: w @ D + lam * (1 - w @ w)  # noqa: E731
    assert lagrangian(np.zeros(3)) == lam
    assert lagrangian(u) <= np.linalg.norm(D) * (1 + 1e-12) + abs(lam) * 1e-12


# ml10's "equivalent" max over (w, λ) is a false formula, an erratum under the reading policy
# (DESIGN.md): its printed form is refuted by an exact counterexample, its corrected form holds.
def test_erratum_printed_form_is_refuted_by_an_exact_counterexample():
    r = verify_entry(REGISTRY["lagrange.ml10_max_over_lambda"])
    assert r.entry.kind == "erratum"
    assert r.ok, (r.status, [(c.label, c.status) for c in r.claims])
    assert r.counterexample


def _engine_claim(entry_id: str):
    st_ = REGISTRY[entry_id].build()
    (claim,) = [c for k, c in st_.claims.items() if k.startswith("solved by the engine")]
    return st_.space, claim


def test_engine_solution_is_the_float_optimum_on_the_circle():
    """The engine's own exact solution set (not the printed numbers): its maximiser and
    minimiser are where a fine grid over the circle puts the max and min of 2x + y."""
    from derivations._decide.stationary import extremes, solve_real

    space, claim = _engine_claim("lagrange.example_max_min")
    inst = space.components({})[0]
    prob, *_ = decider(claim)._instance(inst, {})
    sol = solve_real(prob.equations(), prob.unknowns)
    ext = extremes(prob, [p[:2] for p in sol.points])
    theta = np.linspace(0, 2 * np.pi, 200_001)
    f = 2 * np.cos(theta) + np.sin(theta)
    for pts, pick in ((ext.maximisers, np.argmax), (ext.minimisers, np.argmin)):
        (a, b), = pts
        k = pick(f)
        assert np.hypot(float(a) - np.cos(theta[k]), float(b) - np.sin(theta[k])) < 1e-4


@pytest.mark.parametrize("entry_id", ["lagrange.example_solution", "lagrange.example_max_min"])
def test_engine_refutes_the_example_with_a_sign_slip(entry_id):
    """The engine-solved claim is not a formality: with the second printed point's sign flipped
    (both points then equal), the solution the document would miss is named."""
    import random

    from derivations._verdicts.engine import verify_claim

    space, claim = _engine_claim(entry_id)
    sides = claim.sides()  # f, g, x0+, y0+, x0-, y0-, ...: negate the second point
    bad = claim.replace_side(4, -sides[4]).replace_side(5, -sides[5])
    r = verify_claim("mutant", bad, space, random.Random(0))
    assert r.status == "refuted", [(o.name, o.outcome, o.detail) for o in r.methods]
    assert "is not" in r.counterexample["fails"]
