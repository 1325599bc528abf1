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


def test_a_description_keeps_its_plain_text_and_gives_markdown_math():
    """The plain text is the one the library always gave (the mutation suite seeds its draws
    with it); ``markdown()`` writes each term as ``$...$`` LaTeX: vectors and matrices bold, no
    SymPy syntax (``**``, ``.T``), a braced subscript read as one (``mu_{2}`` is mu with index 2)."""
    from derivations._claims.mistakes import Mistake, mutate_claim
    from derivations._claims.claims import Rel

    s = Space()
    d = s.dim("d")
    R, m1, m2 = s.matrix("R", d, d), s.vector("m_1", d), s.vector("m_2", d)
    lam = s.scalar("lambda")
    got = {str(desc): desc for _, desc, _ in mutate_expr(R.T * R * (m2 - m1) + lam ** 2 * m1, s)}
    assert isinstance(got["the sign of the term -m_1 is flipped"], Mistake)
    assert got["the sign of the term -m_1 is flipped"].markdown() == (
        r"the sign of the term $- \mathbf{m}_{1}$ is flipped")
    assert got["the square on lambda is missing"].markdown() == r"the square on $\lambda$ is missing"
    assert got["the transpose on R is missing"].markdown() == r"the transpose on $\mathbf{R}$ is missing"
    swapped = next(v for k, v in got.items() if k.startswith("the factors R.T and R"))
    assert swapped.markdown() == r"the factors $\mathbf{R}^{T}$ and $\mathbf{R}$ are swapped"
    for desc in got.values():
        md = desc.markdown() if isinstance(desc, Mistake) else desc
        assert "**" not in md and ".T" not in md and md.count("$") % 2 == 0, md
    mu, nu, t = s.scalar("mu_{2}"), s.scalar("nu_{2}"), s.scalar("t")
    slip = Mistake("{} is written where {} belongs", ("mu_{2}", mu), ("nu_{2}", nu))
    assert slip == "mu_{2} is written where nu_{2} belongs"
    assert slip.markdown() == r"$\mu_{2}$ is written where $\nu_{2}$ belongs"
    (_, flip, _), = [m for m in mutate_claim(Rel(t, ">=", 0), s) if m[0] == "inequality"]
    assert (flip, flip.markdown()) == ("the inequality >= is reversed", r"the inequality $\geq$ is reversed")


def test_a_description_survives_pickling():
    """A worker's result crosses a process boundary: the description comes back whole."""
    import pickle

    from derivations._claims.mistakes import Mistake

    s = Space()
    w = s.vector("w", s.dim("d"))
    m = Mistake("the term {} is dropped", ("2*w", 2 * w))
    back = pickle.loads(pickle.dumps(m))
    assert type(back) is Mistake and back == m and back.markdown() == m.markdown()
