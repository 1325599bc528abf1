"""The lindisc command line: exit codes, JSON schema, bad input as a table."""

import json

import os

import pytest

from derivations._interfaces.cli import main

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("argv, fragment", [
    (["verify", "geometri"], "Did you mean 'geometry'"),
    (["verify", "geometry.w_nromal"], "Did you mean 'geometry.w_normal'"),
    (["verify", "no_such_thing_at_all"], "lindisc list"),
    (["show", "geometry.nope"], "unknown entry id"),
    (["show", "geometry"], "is a topic, not an entry id"),
    (["verify", "--jobs", "0", "geometry.lemma1_sign"], "--jobs must be >= 1"),
    (["verify", "--budget", "-1", "geometry.lemma1_sign"], "--budget must be > 0"),
    (["list", "nosuchtopic"], "unknown entry id or topic"),
])
def test_usage_errors_exit_2_and_name_the_fix(argv, fragment, capsys):
    assert main(argv) == 2
    assert fragment in capsys.readouterr().err


@pytest.mark.parametrize("argv, fragment", [
    (["distance", "--coef", "1,nan", "--points", "0,0"], "finite"),
    (["distance", "--coef", "1,2", "--intercept", "inf", "--points", "0,0"], "finite"),
    (["distance", "--coef", "0,0", "--points", "1,2"], "zero vector"),
    (["distance", "--coef", "1,2", "--points", "1,2,3"], "features"),
    (["distance", "--coef", "1,2,3", "--points", "1,2;3,4"], "augmented"),
    (["distance", "--coef", "1,2", "--points", "1,2;3"], "same number of coordinates"),
    (["distance", "--coef", "1,x", "--points", "1,2"], "comma-separated numbers"),
    (["distance", "--coef", "1,2", "--points", ";"], "at least one point"),
])
def test_bad_numeric_input_exits_2_naming_the_fix(argv, fragment, capsys):
    assert main(argv) == 2
    assert fragment in capsys.readouterr().err


def test_distance_prints_signed_distances(capsys):
    assert main(["distance", "--coef", "3,4", "--intercept", "-5", "--points", "0,0;3,4"]) == 0
    out = capsys.readouterr().out
    assert "-1" in out and "R-" in out and "4" in out and "R+" in out


@pytest.mark.parametrize("argv", [["verify", "--format", "xml"], ["frobnicate"], []])
def test_argparse_usage_errors_exit_2(argv, capsys):
    assert main(argv) == 2


def test_verify_json_matches_the_design_schema(capsys):
    code = main(["verify", "geometry", "--format", "json", "--jobs", "1"])
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"schema", "results", "summary"}
    assert out["schema"] == 5
    required = {"id", "title", "topic", "kind", "sources", "status", "methods", "counterexample",
                "diagnosis", "stated_latex", "latex", "caveat"}
    for r in out["results"]:
        assert required <= set(r), required - set(r)
        assert r["kind"] in ("result", "erratum", "typo", "caveat", "exercise", "algorithm")
        assert (r["caveat"] is not None) == (r["kind"] == "caveat")
        assert r["status"] in ("verified", "verified at sizes", "refuted", "undecided", "conflict",
                               "error")
        assert r["topic"] == "geometry" and r["id"].startswith("geometry.")
        assert all(set(s) == {"document", "where"} for s in r["sources"])
        assert all({"name", "outcome", "seconds", "scope"} <= set(m) for m in r["methods"])
        if r["kind"] == "erratum":
            assert r["status"] == "refuted" and r["counterexample"] and r["diagnosis"]
            assert r["stated_latex"] and r["latex"]
    s = out["summary"]
    assert set(s) == {"verified", "verified at sizes", "refuted", "undecided", "conflict", "error",
                      "errata", "caveats", "typos", "seconds", "verified_every_size", "cached"}
    assert 0 <= s["cached"] <= len(out["results"])
    assert 0 <= s["verified_every_size"] <= s["verified"]
    for r in out["results"]:  # the verdict states its scope
        assert "every_size" in r["scope"]
        if r["status"] == "verified at sizes":  # the word matches the evidence
            assert not r["scope"]["every_size"] and (r["scope"].get("proved_up_to")
                                                     or r["scope"].get("proved_sizes")), r["id"]
        if r["status"] == "verified" and not r["scope"]["every_size"]:
            assert (r["scope"].get("proved_up_to") or r["scope"].get("proved_sizes")
                    or r["scope"].get("runs")), r["id"]
    assert s["verified at sizes"] >= 1  # geometry.signed_distance: proved d ≤ 3, sampled to 5
    assert sum(s[k] for k in ("verified", "verified at sizes", "refuted", "undecided", "conflict",
                              "error")) == len(out["results"])
    assert code == 0


def test_show_prints_counterexample_and_diagnosis(capsys):
    assert main(["show", "geometry.threshold_cosine"]) == 0
    out = capsys.readouterr().out
    assert "as printed" in out and "counterexample" in out and "diagnosis: an absolute value" in out


def test_show_prints_labels_notation_and_the_numeric_reason_as_text(capsys):
    # issue 36: claim labels, notation and no_numeric reasons are Markdown with $...$ math;
    # the terminal gets them as plain Unicode (prose.to_text), never the dollars and commands
    assert main(["show", "lagrange.ml10_max_over_lambda"]) == 0
    out = capsys.readouterr().out
    assert "L(w, λ) = wᵀ(m₂ − m₁) − λ(wᵀw − 1):" in out  # a claim's label
    assert "the direction it leads to, (m₂ − m₁)/‖m₂ − m₁‖, is checked against numerics" in out
    assert main(["show", "lagrange.lagrangian"]) == 0
    out = capsys.readouterr().out
    assert "  example: ℒ = 2x + y − λ(x² + y² − 1):" in out  # a notation's label and its reason
    assert "Lagrangian as f − λ(g − 1) with f = 2x + y, g = x² + y²)" in out


def test_list_names_every_entry(capsys):
    from derivations.catalog import REGISTRY

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert all(i in out for i in REGISTRY)


def test_latex_prints_a_standalone_article_with_the_entry(capsys):
    assert main(["latex", "geometry.signed_distance", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(r"\documentclass") and out.rstrip().endswith(r"\end{document}")
    assert r"\label{entry:geometry.signed_distance}" in out
    assert r"\lindiscformula{" in out and r"\mathbf{w}" in out


def _busy_in_c(item):
    if item == "hang":
        x = 7
        while True:  # C-level big-integer work a signal cannot interrupt, then forever
            x = x * x % (10**5000 + 1)
    return (item, "done")


def test_a_hanging_entry_is_killed_and_reported_not_waited_for():
    import time

    from derivations._interfaces.workers import _pool_map

    t0 = time.monotonic()
    out = dict(_pool_map(_busy_in_c, ["a", "hang", "b"], 2, False, "test",
                         fallback=lambda item, why: (item, why), hard_limit=1.0))
    assert out["a"] == "done" and out["b"] == "done"
    assert "hard limit" in out["hang"]
    assert time.monotonic() - t0 < 10


def _pid(item):
    if item == "die":
        os._exit(3)
    if item == "raise":
        raise ValueError("broken item")
    return (item, os.getpid())


def _pool(items, jobs=2, **kw):
    from derivations._interfaces.workers import _pool_map

    return dict(_pool_map(_pid, items, jobs, False, "test",
                          fallback=lambda item, why: (item, why), **kw))


def test_a_worker_serves_item_after_item():
    out = _pool([f"i{k}" for k in range(12)])
    pids = set(out.values())
    assert len(out) == 12 and os.getpid() not in pids
    assert len(pids) <= 2  # two workers, not a process per item


def test_a_dead_or_failing_worker_is_replaced_and_the_rest_still_run():
    out = _pool(["a", "die", "b", "raise", "c", "d"], jobs=1)
    assert "worker died (exit code 3)" in out["die"]
    assert out["raise"] == "ValueError: broken item"
    assert {out[k] for k in "abcd"} <= {p for p in out.values() if isinstance(p, int)}
    # one worker at a time: a fresh one after each failure
    assert out["a"] != out["b"] != out["c"] and out["c"] == out["d"]


def _gc_threshold(item):
    import gc

    return item, gc.get_threshold()


def test_workers_collect_garbage_less_often_than_the_parent():
    import gc

    from derivations._interfaces.workers import WORKER_GC, _pool_map

    out = dict(_pool_map(_gc_threshold, ["a", "b"], 2, False, "test"))
    assert out == {"a": WORKER_GC, "b": WORKER_GC} and gc.get_threshold() != WORKER_GC


def test_a_worker_grown_past_the_memory_mark_is_retired(monkeypatch):
    from derivations._interfaces import workers

    monkeypatch.setattr(workers, "RETIRE_RSS", 0)
    out = _pool([f"i{k}" for k in range(5)], jobs=1)
    assert len(set(out.values())) == 5  # a fresh worker per item


def test_the_modules_preloaded_before_forking_exist():
    """A renamed or removed module fails here instead of silently no longer being preloaded."""
    import importlib

    from derivations._interfaces import workers

    for name in workers._PRELOAD:
        assert importlib.import_module(name).__name__ == name
    assert "derivations._verdicts.engine" in workers._PRELOAD


def test_many_entries_load_the_perceptrons_compiled_loop_once_before_forking():
    """A run of many entries loads Numba's kernel in the parent (the workers inherit it);
    one entry does not pay for it."""
    pytest.importorskip("numba")
    from derivations._interfaces import workers
    from numerics import perceptron

    perceptron._KERNEL.clear()
    workers._preload(many=False)
    assert perceptron._KERNEL == []
    workers._preload(many=True)
    assert perceptron._KERNEL and perceptron._KERNEL[0].signatures  # compiled, not just built


@pytest.mark.parametrize("env, want", [({}, "10000"), ({"SYMPY_CACHE_SIZE": "500"}, "500")])
def test_a_lindisc_run_sizes_sympys_cache_unless_the_user_did(env, want):
    """SymPy reads the size once, at import: lindisc sets it first, and a user's own wins."""
    import subprocess
    import sys

    code = ("from derivations._interfaces.cli import _size_sympy_cache, SYMPY_CACHE_SIZE\n"
            "_size_sympy_cache()\n"
            "import sympy.core.cache as c\n"
            "print(c.SYMPY_CACHE_SIZE, SYMPY_CACHE_SIZE)")
    clean = {k: v for k, v in os.environ.items() if k != "SYMPY_CACHE_SIZE"}
    out = subprocess.run([sys.executable, "-c", code], env={**clean, **env}, capture_output=True,
                         text=True, check=True).stdout.split()
    assert out[0] == want and out[1] == "10000"


def test_show_and_the_exit_code_of_an_entry_verified_at_sizes(capsys):
    """Proved at d ≤ 3 and sampled to d = 5: `show` says so in its status and on its claims,
    and `verify` still exits 0 (the kind's expected verdict: it holds where it was checked)."""
    assert main(["show", "geometry.signed_distance"]) == 0
    out = capsys.readouterr().out
    assert "status: verified at sizes" in out and "[verified at sizes]" in out
    assert "scope: d≤3, to d=5" in out
    assert main(["verify", "geometry.signed_distance"]) == 0
