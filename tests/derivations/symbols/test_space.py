"""Typed symbols: random exact values satisfy their structure by construction."""

import itertools
import random

import pytest
import sympy as sp

from derivations._symbols.space import Space


@pytest.mark.parametrize("seed", range(5))
def test_random_values_satisfy_structures(seed):
    s = Space()
    d = s.dim("d", sizes=(3,))
    n = s.dim("N", sizes=(4,))
    S = s.matrix("S", d, d, "spd")
    P = s.matrix("P", d, d, "psd")
    u = s.vector("u", d, unit=True)
    v = s.vector("v", d, nonzero=True)
    T = s.matrix("T", n, d, "one_hot_rows")
    t = s.vector("t", n, labels=True)
    p = s.scalar("p", probability=True)
    X = s.matrix("X", n, d, "full_column_rank")
    rng = random.Random(seed)
    inst = s.instance_with_random_discrete(s.size_assignments()[0], rng)
    vals = s.random_values(inst, rng)
    get = lambda m: sp.Matrix(inst(m)).xreplace(vals)  # noqa: E731
    Sv = get(S)
    assert Sv == Sv.T and all(Sv[:k, :k].det() > 0 for k in range(1, 4))
    Pv = get(P)  # PSD iff every principal minor is >= 0 (eigenvalues of a cubic are radicals)
    assert Pv == Pv.T and all(Pv.extract(list(c), list(c)).det() >= 0
                              for k in (1, 2, 3) for c in itertools.combinations(range(3), k))
    assert (get(u).T * get(u))[0, 0] == 1
    assert any(x != 0 for x in get(v))
    Tv = get(T)
    assert all(sum(Tv.row(i)) == 1 and set(Tv.row(i)) <= {0, 1} for i in range(4))
    assert set(get(t)) <= {1, -1} and len(set(get(t))) == 2
    assert 0 < p.xreplace(vals) < 1
    assert get(X).rank() == 3


def test_components_enumerate_every_labelling():
    s = Space()
    n = s.dim("N", sizes=(3,))
    s.vector("t", n, labels=True)
    insts = s.components(s.size_assignments()[0])
    assert len(insts) == 8
    assert len({tuple(i.discrete["t"]) for i in insts}) == 8


def test_symmetric_components_share_symbols():
    s = Space()
    d = s.dim("d", sizes=(3,))
    S = s.matrix("S", d, d, "symmetric")
    M = s.components(s.size_assignments()[0])[0](S)
    assert M == M.T and len(M.free_symbols) == 6


def test_definitions_are_applied_by_every_instance():
    s = Space()
    d = s.dim("d", sizes=(2,))
    w, x = s.vector("w", d), s.vector("x", d)
    b = s.scalar("b")
    s.define(b, -(w.T * x)[0, 0], "x on the plane")
    inst = s.components(s.size_assignments()[0])[0]
    assert sp.expand(inst((w.T * x)[0, 0] + b)) == 0


@pytest.mark.parametrize("bad, fragment", [
    (lambda s: s.matrix("A", 2, 2, "orthogonal"), "unknown structure"),
    (lambda s: (s.scalar("a"), s.scalar("a")), "declared twice"),
    (lambda s: s.define(sp.Symbol("zz"), 1), "not a declared symbol"),
])
def test_declaration_errors_name_the_problem(bad, fragment):
    with pytest.raises(ValueError, match=fragment):
        bad(Space())
