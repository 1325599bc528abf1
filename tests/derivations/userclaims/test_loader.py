"""The claims file: structure, versions, declarations, located errors."""

import pytest

from derivations._userclaims.errors import ClaimsError
from derivations._userclaims.loader import FORMAT, load_claims

GOOD = """\
format = 1
[symbols]
d = "dim(1, 2)"
w = "vector(d, nonzero)"
S_W = "matrix(d, d, spd)"
eta = "scalar(positive)"
t = "label"
X = "samples(N, d)"

[[claim]]
name = "c"
lhs = "w.T @ S_W @ w"
rhs = "eta"
"""


def load(text):
    return load_claims(text, name="f.toml")


def test_a_good_file_loads():
    cf = load(GOOD)
    assert FORMAT == 1
    assert [i.kind for i in cf.items] == ["claim"]
    assert cf.declarations.decls["N"].kind == "dim"  # a size named by a declaration
    space, names = cf.declarations.space()
    assert space.decls["S_W"].structure == "spd"
    assert space.decls["t"].discrete
    assert names.samples == {"X"}
    assert cf.items[0].where_of("lhs").line == 12 and cf.items[0].where_of("lhs").column == 8


@pytest.mark.parametrize("text, line, match", [
    ("format = 2\n[[claim]]\nname='a'\nlhs='1'\nrhs='1'\n", 1, "not supported"),
    ("[[claim]]\nname='a'\nlhs='1'\nrhs='1'\n", 1, "missing 'format"),
    ("format = 1\nfoo = 3\n", 2, "unknown key 'foo'"),
    ("format = 1\n[[claim]]\nname = 'a'\nlhs = \n", 4, "not valid TOML"),
    ("format = 1\n[symbols]\nw = 'vektor(d)'\n[[claim]]\nname='a'\nlhs='1'\nrhs='1'\n", 3, "unknown type"),
    ("format = 1\n[symbols]\nw = 'vector(d, spd)'\n[[claim]]\nname='a'\nlhs='1'\nrhs='1'\n", 3, "unknown option"),
    ("format = 1\n[[claim]]\nname = 'a'\nlhs = '1'\n", 2, "needs rhs"),
    ("format = 1\n[[claim]]\nname = 'a'\nlhs = '1'\nrhs = '1'\nfrobnicate = 1\n", 6, "unknown key 'frobnicate'"),
    ("format = 1\n[[derivation]]\nname = 'a'\nsteps = ['1']\n", 4, "2 to"),
    ("format = 1\n", 1, "no \\[\\[claim\\]\\]"),
    ("format = 1\n[[claim]]\nname = 'a'\nlhs = '1'\nrhs = '1'\nexpect = 'maybe'\n", 6, "expect must be"),
])
def test_malformed_files_are_located(text, line, match):
    with pytest.raises(ClaimsError, match=match) as exc:
        load(text)
    assert exc.value.line == line, str(exc.value)
    assert exc.value.file == "f.toml"


def test_an_unreadable_path(tmp_path):
    with pytest.raises(ClaimsError, match="cannot read"):
        load_claims(tmp_path / "missing.toml")
    p = tmp_path / "bin.toml"
    p.write_bytes(b"format = 1\n\xff\xfe")
    with pytest.raises(ClaimsError, match="UTF-8"):
        load_claims(p)


def test_conditions_refine_types():
    from derivations._userclaims.building import build_item

    cf = load(GOOD.replace('S_W = "matrix(d, d, spd)"', 'S_W = "matrix(d, d)"')
              + 'where = ["S_W is psd", "eta > 0"]\n')
    (b,) = build_item(cf, cf.items[0])
    assert b.space.decls["S_W"].structure == "psd"
    bad = load(GOOD + 'where = ["S_W is happy"]\n')
    with pytest.raises(ClaimsError, match="may say") as exc:
        build_item(bad, bad.items[0])
    assert exc.value.line == 14
