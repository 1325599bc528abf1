"""Fuzzing the parser and the loader: generated and mutated input ends in a result or the
tool's own ClaimsError (an InvalidInput), never another exception, never a hang.

The default runs a few hundred examples per test; the slow variants (CI's thorough run)
10,000 each."""

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from derivations import Space
from derivations._userclaims.building import build_item
from derivations._userclaims.errors import ClaimsError
from derivations._userclaims.loader import load_claims
from derivations._userclaims.parser import Names, parse_expression

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "claims"
#: No single input may take longer than this (the bounds make every parse cheap).
SECONDS = 10.0

_s = Space()
_d, _N = _s.dim("d"), _s.dim("N")
NAMES = Names({"d": _d, "N": _N, "w": _s.vector("w", _d), "x": _s.vector("x", _d),
               "A": _s.matrix("A", _d, _d), "b": _s.scalar("b"), "X": _s.matrix("X", _N, _d),
               "t": _s.vector("t", _N), "two": _s.vector("two", 2)},
              samples={"X"}, dims={"d", "N"})

SEEDS = [
    "w.T @ A @ x + b", "grad(x.T @ A @ x, x)", "(A + A.T) @ x", "sum(t[n] * X[n], n, N)",
    "sigmoid(b) * (1 - sigmoid(b))", "norm(w)**2 / 2", "max(0, 1 - b) >= 0", "[[1, 2], [3, 4]]",
    "inv(A) @ x", "trace(A @ A.T)", "softmax([b, 1, 2], 2)", "hinge(b) + abs(b)", "det(A)**-1",
    "two[1] * 0.25e1", "exp(log(b**2 + 1)) == b**2 + 1", "eye(d) @ w - zeros(d, 1)", "ones(3, 2).T",
]
TOKENS = ["w", "x", "A", "b", "X", "t", "n", "N", "d", "two", ".T", "@", "*", "**", "/", "+", "-",
          "(", ")", "[", "]", ",", "1", "0", "16", "17", "-1", "0.5", "1e9", "grad(", "sum(",
          "trace(", "inv(", "norm(", "exp(", "log(", "sigmoid(", "max(", "softmax(", "eye(",
          ">=", "<", "==", " ", "lambda", "__class__", "'s'", ":", "[1:2]", "**99", "9" * 50,
          "\n", "\t", "{", "}", "!", "if", "not", "yield"]


def _mutate(text: str, ops: list) -> str:
    for kind, pos, payload in ops:
        i = pos % (len(text) + 1)
        if kind == 0:
            text = text[:i] + payload + text[i:]
        elif kind == 1:
            text = text[:i] + text[i + 1 + len(payload) % 4:]
        elif kind == 2:
            text = text[:i] + payload + text[i + 1:]
        else:
            text = text[:i] + text[i:i + 1 + len(payload)] * 2 + text[i + 1 + len(payload):]
    return text


mutations = st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10_000),
                               st.sampled_from(TOKENS) | st.text(max_size=3)), max_size=6)


def _parse(text: str) -> None:
    t0 = time.perf_counter()
    try:
        parse_expression(text, NAMES, relation=True)
    except ClaimsError:
        pass
    assert time.perf_counter() - t0 < SECONDS, text


def _fuzz_parser_generated(tokens):
    _parse("".join(tokens))


def _fuzz_parser_mutated(seed, ops):
    _parse(_mutate(seed, ops))


def _fuzz_parser_text(text):
    _parse(text)


_TEXTS = {p.stem: p.read_text() for p in sorted(EXAMPLES.glob("*.toml"))}


def _fuzz_loader(name, ops):
    text = _mutate(_TEXTS[name], ops)
    t0 = time.perf_counter()
    try:
        cf = load_claims(text, name=f"{name}.toml")
        for item in cf.items[:3]:  # building is where expressions meet declarations
            if item.kind != "answer":
                build_item(cf, item)
    except ClaimsError as exc:
        assert exc.file == f"{name}.toml" and exc.line >= 1 and exc.column >= 1
    assert time.perf_counter() - t0 < SECONDS


_gen = st.lists(st.sampled_from(TOKENS), max_size=30)
_seed = st.sampled_from(SEEDS)
_file = st.sampled_from(sorted(_TEXTS))
_fast = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
_slow = settings(max_examples=10_000, deadline=None, suppress_health_check=list(HealthCheck))
_loader_fast = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))

test_parser_generated = _fast(given(_gen)(_fuzz_parser_generated))
test_parser_mutated = _fast(given(_seed, mutations)(_fuzz_parser_mutated))
test_parser_any_text = _fast(given(st.text(max_size=60))(_fuzz_parser_text))
test_loader_mutated = _loader_fast(given(_file, mutations)(_fuzz_loader))

test_parser_generated_thorough = pytest.mark.slow(_slow(given(_gen)(_fuzz_parser_generated)))
test_parser_mutated_thorough = pytest.mark.slow(_slow(given(_seed, mutations)(_fuzz_parser_mutated)))
test_parser_any_text_thorough = pytest.mark.slow(_slow(given(st.text(max_size=200))(_fuzz_parser_text)))
# The loader is the slow one (it builds what it loads): 10,000 inputs in four tests over four
# disjoint sets of example files, so pytest-xdist runs them on both cores.
_LOADER_PARTS = 4
_loader_part = settings(max_examples=10_000 // _LOADER_PARTS, deadline=None,
                        suppress_health_check=list(HealthCheck))


@pytest.mark.slow
@pytest.mark.parametrize("part", range(_LOADER_PARTS))
def test_loader_mutated_thorough(part):
    files = sorted(_TEXTS)[part::_LOADER_PARTS]
    _loader_part(given(st.sampled_from(files), mutations)(_fuzz_loader))()


def test_the_seeds_parse():
    for s in SEEDS:
        parse_expression(s, NAMES, relation=True)
