"""Any text in a display: the reader translates it or says *not understood* — never another
exception, never a hang; and what it translates the claims parser builds or refuses (its
own ClaimsError), nothing else."""

from hypothesis import given, settings
from hypothesis import strategies as st

from derivations._notes.chains import split_chains
from derivations._notes.latex_math import Env, translate
from derivations._notes.tokens import Macros, NotUnderstood, strip_annotations, tokenize
from derivations._userclaims.declarations import Declarations
from derivations._userclaims.errors import ClaimsError, Location
from derivations._userclaims.parser import parse_expression

PIECES = ["a", "b", "w", "x", "A", "N", "n", "t", "0", "1", "2", "12", " ", "+", "-", "*", "/",
          "=", "<", ">", "(", ")", "[", "]", "{", "}", "^", "_", "|", ",", ".", "&", "'", "!",
          "\\\\", "\\frac", "\\tfrac", "\\sqrt", "\\|", "\\lVert", "\\rVert", "\\sum", "\\nabla",
          "\\partial", "\\mathbf", "\\top", "\\le", "\\iff", "\\text", "\\left", "\\right",
          "\\cdot", "\\exp", "\\log", "\\sigma", "\\det", "\\operatorname", "\\alpha", "\\approx",
          "\\label", "\\tag", "\\begin", "\\end", "\\int", "\\hat", "\\mathbf{1}", "e", "I", "%"]
TABLE = {"d": "dim(1, 2)", "N": "dim(1, 2)", "a": "scalar", "b": "scalar", "w": "vector(d)",
         "x": "vector(d)", "A": "matrix(d, d)", "t": "vector(N)", "X": "samples(N, d)",
         "alpha": "vector(N)"}
DECLS = Declarations(TABLE, lambda value, key=None: Location("f"))
ENV = Env({k: v.kind for k, v in DECLS.decls.items()}, {k: list(v.sizes) for k, v in DECLS.decls.items()})
NAMES = DECLS.space()[1]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40))
def test_any_display_is_translated_or_not_understood(pieces):
    text = " ".join(pieces) if len(pieces) % 2 else "".join(pieces)
    try:
        chains, _ = split_chains(text, 0, Macros.empty(), lambda p: 1)
    except NotUnderstood as exc:
        assert 0 <= exc.pos <= len(text)
        return
    for ch in chains:
        for seg in ch.segments:
            try:
                out = translate(seg.toks, ENV)
            except NotUnderstood as exc:
                assert 0 <= exc.pos <= len(text)
                continue
            try:
                parse_expression(out, NAMES)
            except ClaimsError:
                pass


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_unicode_text(text):
    try:
        toks = strip_annotations(tokenize(text, 0))[0]
        translate(toks, ENV)
    except NotUnderstood:
        pass
