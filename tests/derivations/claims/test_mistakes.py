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


def _mutants(s, e):
    from derivations._claims.mistakes import MUTATIONS

    out = []
    for name, op in MUTATIONS.items():
        gen = op(e, s) if name == "swap_symbols" else op(e)
        while True:
            try:
                out.append(next(gen)[1])
            except StopIteration:
                break
            except Exception:  # noqa: BLE001 - as mutate_expr: an operator that cannot apply
                continue
    return out


def test_the_key_has_srepr_s_classes_on_every_mutant():
    """Two mutants share a key exactly when srepr prints them alike (every mutant, duplicates
    included: the key is what removes them); a sum's key is srepr's with its terms sorted."""
    s, exprs = _exprs()
    n = 0
    for e in exprs:
        printer = _Repr()
        ms = [e] + _mutants(s, e)
        keys, reprs = [printer.doprint(m) for m in ms], [sp.srepr(m) for m in ms]
        for i in range(len(ms)):
            for j in range(i):
                assert (keys[i] == keys[j]) == (reprs[i] == reprs[j]), (ms[i], ms[j])
        n += len(ms)
    assert n > 30
    x, y = sp.symbols("x y")
    assert _Repr().doprint(x + 2 * y) == "Add(Mul(Integer(2), Symbol('y')), Symbol('x'))"
    assert _Repr().doprint(x * y) == sp.srepr(x * y)


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
