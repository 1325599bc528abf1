"""The mistake library's de-duplication key and descriptions are srepr and str, memoised."""

import sympy as sp

from derivations._claims import mistakes
from derivations._claims.mistakes import _Repr, _short, mutate_expr
from derivations._symbols.expr import Grad, quad
from derivations._symbols.space import Space


def _exprs():
    s = Space()
    d = s.dim("d")
    w = s.vector("w", d, nonzero=True)
    SB, SW = s.matrix("S_B", d, d, "symmetric"), s.matrix("S_W", d, d, "spd")
    t = s.scalar("t")
    J = quad(w, SB) / quad(w, SW)
    return s, [Grad(J, w), SW.inverse() * (SB * w - w) / 2, sp.Abs(t - 1) ** 2 + sp.log(t ** 2 + 1)]


def test_memoised_repr_is_srepr_on_every_mutant():
    s, exprs = _exprs()
    printer = _Repr()
    n = 0
    for e in exprs:
        for _op, desc, m in mutate_expr(e, s):
            assert printer.doprint(m) == sp.srepr(m)
            n += 1
    assert n > 30


def test_memoised_short_is_str():
    s, exprs = _exprs()
    for e in exprs:
        for sub in sp.preorder_traversal(e):
            text = str(sub)
            assert _short(sub) == (text if len(text) <= 60 else text[:57] + "...")
            assert _short(sub) == _short(sub)


def test_memo_is_by_identity_and_bounded(monkeypatch):
    monkeypatch.setattr(mistakes, "_MEMO_CAP", 3)
    mistakes._SHORT.clear()
    xs = [sp.Symbol(f"x{i}") for i in range(10)]
    assert [_short(x) for x in xs] == [f"x{i}" for i in range(10)]
    assert len(mistakes._SHORT) <= 3
