"""`lindisc check`: verdicts with the catalog's methods, the first wrong step, exit codes."""

import json

import pytest

from derivations._interfaces.cli import main
from derivations._userclaims.checking import check_file
from derivations._userclaims.errors import ClaimsError

SMALL = """\
format = 1
[symbols]
d = "dim(1, 2)"
x = "vector(d)"
A = "matrix(d, d)"
S = "matrix(d, d, symmetric)"
b = "scalar"

[[claim]]
name = "grad of x^T S x"
lhs = "grad(x.T @ S @ x, x)"
rhs = "2 * S @ x"
expect = "verified"

[[claim]]
name = "false: grad of x^T A x is 2 A x"
lhs = "grad(x.T @ A @ x, x)"
rhs = "2 * A @ x"
expect = "refuted"

[[claim]]
name = "trivial"
lhs = "b + b"
rhs = "2 * b"

[[derivation]]
name = "quadratic form"
steps = ["grad(x.T @ A @ x, x)", "(A + A.T) @ x", "2 * A @ x"]
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    p = tmp_path_factory.mktemp("claims") / "small.toml"
    p.write_text(SMALL)
    return p, check_file(p, budget=10)


def test_verdicts_scope_and_counterexample(report):
    _, r = report
    by = {x["name"]: x for x in r.records}
    good = by["grad of x^T S x"]
    assert good["status"] == "verified at sizes" and good["as_expected"]
    assert good["scope"]["proved_up_to"] == {"d": 2}
    assert {m["name"] for m in good["methods"]} == {"exact random", "components", "symbolic"}
    bad = by["false: grad of x^T A x is 2 A x"]
    assert bad["status"] == "refuted" and bad["as_expected"]
    cx = bad["counterexample"]
    assert set(cx["values"]) == {"x", "A"}  # only the claim's own symbols
    assert by["trivial"]["status"] == "trivial"


def test_the_first_wrong_step_is_named(report):
    _, r = report
    der = next(x for x in r.records if x["kind"] == "derivation")
    assert der["status"] == "refuted" and der["first_wrong_step"] == 2
    assert [s["status"] for s in der["steps"]] == ["verified at sizes", "refuted"]
    assert r.exit_code == 1


def test_cli_table_json_and_exit_codes(report, tmp_path, capsys):
    p, _ = report
    assert main(["check", str(p), "--budget", "10"]) == 1
    out = capsys.readouterr().out
    assert "refuted at step 2" in out and "counterexample" in out
    good = tmp_path / "good.toml"
    good.write_text(SMALL.split("[[claim]]\nname = \"false")[0])
    assert main(["check", str(good), "--format", "json", "--budget", "10"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["ok"] and d["format"] == 1 and d["items"][0]["status"] == "verified at sizes"
    bad = tmp_path / "bad.toml"
    bad.write_text(SMALL.replace('rhs = "2 * S @ x"', 'rhs = "2 * S @@ x"'))
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:12:" in err


def test_malformed_input_stops_before_anything_is_verified(tmp_path, monkeypatch):
    import derivations

    monkeypatch.setattr(derivations, "verify", lambda *a, **k: pytest.fail("verified"))
    p = tmp_path / "f.toml"
    p.write_text(SMALL + '\n[[claim]]\nname = "x"\nlhs = "x"\nrhs = "b"\n')
    with pytest.raises(ClaimsError, match="matrix and the other a scalar"):
        check_file(p)


def test_a_certificate_proves_an_inequality_only_when_it_is_right(tmp_path):
    p = tmp_path / "amgm.toml"
    p.write_text("""format = 1
[symbols]
x = "scalar"
y = "scalar"
[[claim]]
name = "right"
relation = "x*y <= (x**2 + y**2)/2"
certificate = "(x - y)**2 / 2"
[[claim]]
name = "wrong"
relation = "x*y <= (x**2 + y**2)/2"
certificate = "(x + y)**2 / 2"
[[derivation]]
name = "steps"
steps = ["x*y", {expr = "<= (x**2 + y**2)/2", certificate = "(x - y)**2/2"}, "< (x**2 + y**2)/2 - 1"]
""")
    r = check_file(p, budget=10)
    by = {x["name"]: x for x in r.records}
    assert by["right"]["status"] == "verified" and by["right"]["scope"]["every_size"]
    assert by["wrong"]["status"] == "undecided"  # a wrong certificate proves nothing, refutes nothing
    assert by["steps"]["first_wrong_step"] == 2 and by["steps"]["status"] == "refuted"


def test_a_certificate_may_use_a_defined_symbol_the_claim_does_not(tmp_path):
    """The space of an item keeps what its certificate uses: p appears only there (it was
    dropped, and the certificate read as 'adding a scalar and a matrix')."""
    p = tmp_path / "cert.toml"
    p.write_text("""format = 1
[symbols]
u = "vector(2, nonzero)"
p = "vector(2)"
[definitions]
p = "[2 / sqrt(5), 1 / sqrt(5)]"
[[claim]]
name = "f(u/||u||) <= sqrt 5 on the circle"
relation = "2 * u[1] / norm(u) + u[2] / norm(u) <= sqrt(5)"
certificate = "sqrt(5) / 2 * norm(u / norm(u) - p)**2"
""")
    r = check_file(p, budget=10)
    assert [x["status"] for x in r.records] == ["verified"]


def test_grad_with_respect_to_a_declared_scalar(tmp_path):
    """grad(f, b) for a declared scalar b is ∂f/∂b (it had to be declared vector(1)); a wrong
    derivative is refuted, differentiating a defined symbol or a label is refused."""
    p = tmp_path / "bias.toml"
    p.write_text("""format = 1
[symbols]
d = "dim"
w = "vector(d)"
x = "vector(d)"
b = "scalar"
t = "scalar"
[[claim]]
name = "right"
lhs = "grad((w.T @ x + b - t)**2 / 2, b)"
rhs = "w.T @ x + b - t"
[[claim]]
name = "factor two"
lhs = "grad((w.T @ x + b - t)**2, b)"
rhs = "w.T @ x + b - t"
[[claim]]
name = "log-barrier"
lhs = "grad(b * t - exp(b) + b**2 * (w.T @ w), b)"
rhs = "t - exp(b) + 2 * b * (w.T @ w)"
""")
    by = {x["name"]: x for x in check_file(p, budget=10).records}
    assert by["right"]["status"] == "verified" and by["right"]["scope"]["every_size"]
    assert by["factor two"]["status"] == "refuted"
    assert by["log-barrier"]["status"] in ("verified", "verified at sizes")
    bad = tmp_path / "label.toml"
    bad.write_text('format = 1\n[symbols]\ny = "label"\nb = "scalar"\n'
                   '[[claim]]\nname = "label"\nlhs = "grad(y * b, y)"\nrhs = "b"\n')
    with pytest.raises(ClaimsError, match="differentiate with respect to a declared scalar"):
        check_file(bad, budget=10)
