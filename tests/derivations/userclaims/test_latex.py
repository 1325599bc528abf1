"""Scalar formulas in LaTeX: SymPy's lark parser behind bounds and a whitelist."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from derivations import Space
from derivations._userclaims.errors import ClaimsError, Location
from derivations._userclaims.parser import Names, Relation

pytest.importorskip("lark")
from derivations._userclaims.latex import parse_latex_expression  # noqa: E402

_s = Space()
NAMES = Names({"x": _s.scalar("x"), "a_1": _s.scalar("a_1"), "lambda_0": _s.scalar("lambda_0"),
               "w": _s.vector("w", 2), "d": _s.dim("d")}, dims={"d"})


def L(text, **kw):
    return parse_latex_expression(text, NAMES, Location("f.toml", 2, 5), **kw)


def test_formulas_map_onto_declared_scalars():
    import sympy as sp

    x, a1, l0 = NAMES.symbols["x"], NAMES.symbols["a_1"], NAMES.symbols["lambda_0"]
    assert L(r"\frac{1}{1 + e^{-x}}") == 1 / (1 + sp.exp(-x))
    assert L(r"a_{1}^{2} + \sqrt{x}") == a1 ** 2 + sp.sqrt(x)
    assert L(r"\lambda_{0} \cdot \ln(x)") == l0 * sp.log(x)
    r = L(r"x^{2} + 1 \geq 2 x", relation=True)
    assert isinstance(r, Relation) and r.op == ">="


@pytest.mark.parametrize("text, match", [
    (r"2^{2^{2^{2^{2}}}}", "exponent inside an exponent"),  # SymPy would compute it digit by digit
    (r"x^{99}", "larger than 16"),
    (r"\int x dx", "Integral is not allowed"),
    (r"\frac{d}{dx} x^{2}", "not allowed"),
    (r"w + 1", "LaTeX formulas are scalar"),
    (r"0.5 x", "write a fraction"),
    (r"y + 1", "unknown name 'y'"),
    (r"x \leq 1", "relation is not allowed"),
    ("x" * 600, "at most 500"),
])
def test_refused_with_the_location(text, match):
    with pytest.raises(ClaimsError, match=match) as exc:
        L(text)
    assert exc.value.file == "f.toml" and exc.value.line == 2


_TOKENS = st.lists(st.sampled_from(["x", "a_{1}", "^", "{", "}", "2", "17", r"\frac", r"\sqrt", "e",
                                    "+", "-", "(", ")", r"\ln", r"\leq", "=", r"\int", "|", " ",
                                    "0.5", r"\cdot", "_", r"\lambda", "w", "9999"]), max_size=25)


def _fuzz(tokens):
    try:
        L("".join(tokens), relation=True)
    except ClaimsError:
        pass


_h = dict(deadline=None, suppress_health_check=list(HealthCheck))
test_fuzz_only_the_tools_error = settings(max_examples=40, **_h)(given(_TOKENS)(_fuzz))
test_fuzz_only_the_tools_error_thorough = pytest.mark.slow(
    settings(max_examples=2000, **_h)(given(_TOKENS)(_fuzz)))
