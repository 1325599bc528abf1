"""Forward-mode exact differentiation: the same numbers as the symbolic derivative at the point,
and a refusal (never a guess) where its rules do not apply."""

import random

import pytest
import sympy as sp

from derivations import REGISTRY
from derivations._methods.exact_random import differentiated
from derivations._symbols.expr import Grad, _partials
from derivations._symbols.forward import gradient_at

x, y, z = sp.symbols("x y z", real=True)
R = sp.Rational


def _symbolic_at(f, xs, at):
    return [d.xreplace(at) for d in _partials(f, xs)]


@pytest.mark.parametrize("f", [
    x**2 * y + 3 * x - R(1, 7),
    (x * y + z) / (x**2 + y**2 + 1),
    (x + 2 * y)**3 * (z - x)**-2,
    sp.exp(-x * y) / (1 + sp.exp(-x * y)),
    sp.log(x**2 + 1) - 2 * sp.log(y + 3) + z * sp.log(R(5, 3)),
    sp.sqrt(x**2 + y**2 + z**2),
    -sp.log(sp.exp(x) + sp.exp(y) + sp.exp(z)) + x,
    x * y * z * (x - 1) * (y + 1),
    sp.pi * x + sp.sqrt(2) * y * sp.exp(R(1, 2)),
])
def test_forward_gradient_equals_the_symbolic_derivative_at_the_point(f):
    rng = random.Random(str(f))
    for _ in range(3):
        at = {s: R(rng.randint(1, 40), rng.randint(1, 9)) for s in (x, y, z)}
        got = gradient_at(f, [x, y, z], at)
        want = _symbolic_at(f, [x, y, z], at)
        assert got is not None
        assert all(sp.simplify(g - w) == 0 for g, w in zip(got, want)), (f, at, got, want)


def test_variables_not_in_f_have_zero_derivative_and_constants_are_constants():
    assert gradient_at(x**2, [x, y], {x: R(3), y: R(5)}) == [6, 0]
    assert gradient_at(sp.Integer(4), [x], {x: R(1)}) == [0]


@pytest.mark.parametrize("f, at, why", [
    (sp.Abs(x - 1), {x: R(1)}, "|x| has no forward rule"),
    (x**y, {x: R(2), y: R(3)}, "a variable exponent"),
    (1 / x, {x: R(0)}, "0 to a negative power"),
    (sp.sqrt(x), {x: R(0)}, "the derivative divides by 0"),
    (sp.log(x), {x: R(0)}, "log 0"),
    (sp.Max(x, y), {x: R(1), y: R(2)}, "max"),
    (x * z, {x: R(1)}, "a symbol without a value"),
])
def test_refuses_where_its_rules_do_not_apply(f, at, why):
    assert gradient_at(f, [x], at) is None, why


def test_a_variable_without_a_value_or_listed_twice_is_refused():
    assert gradient_at(x * y, [x, y], {x: R(1)}) is None
    assert gradient_at(x * y, [x, x], {x: R(1), y: R(2)}) is None


def _grad_claims():
    """(id, label, claim, space) for every catalog claim that differentiates."""
    out = []
    for eid, entry in sorted(REGISTRY.items()):
        try:
            st = entry.build()
        except Exception:  # noqa: BLE001 - an entry that does not build is tested elsewhere
            continue
        claims = list(st.all_claims()) + ([("as printed", st.stated)] if st.stated is not None else [])
        for label, claim in claims:
            if differentiated(claim, st.space):
                out.append((eid, label, claim, st.space))
    return out


@pytest.mark.slow
def test_every_differentiating_catalog_claim_gets_the_same_gradient_both_ways():
    """At exact random points of every catalog claim that differentiates, each outermost
    Grad evaluated by forward mode equals the symbolic gradient with the point substituted."""
    from derivations._symbols.space import explicit, expand_definitions

    compared = 0
    for eid, label, claim, space in _grad_claims():
        rng = random.Random(f"{eid}/{label}")
        keep = differentiated(claim, space)
        sizes = space.size_assignments()[-1]
        inst, values = space.random_instance(sizes, rng, "readable", keep)
        grads = {g for side in claim.sides() if isinstance(side, sp.Basic) for g in side.atoms(Grad)}
        for g in grads:
            if any(h is not g and g.has(h) for h in grads):
                continue  # an outer Grad of a Grad: the inner one is part of its f
            e = expand_definitions(g, inst.definitions)
            sym = inst.without_point()
            try:
                f, v = explicit(e.args[0], sym.mapping), explicit(e.args[1], sym.mapping)
                want = Grad(f, v)
            except Exception:  # noqa: BLE001 - a Grad the instance cannot build alone
                continue
            got = Grad.at(f, v, values)
            if got is None:
                continue
            want = want.xreplace(values)
            assert all(sp.simplify(a - b) == 0 for a, b in zip(got, want)), (eid, label, g)
            compared += 1
    assert compared >= 30
