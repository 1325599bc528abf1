"""The verdict cache (derivations/_verdicts/cache.py): a warm run verifies nothing and prints
what a cold run printed; every change a verdict depends on — the entry's topic module, an
engine helper, numerics, a dependency's version, the seed or the budget — re-verifies; a
cache that is corrupt, unwritable or bypassed never changes a verdict and never fails a run.

Each test works on a copy of the sources (``cache.ROOTS`` points at it), so editing a file
is editing the copy; ``cache.reset()`` after an edit stands for the next process. The
engine's ``verify_entry`` is wrapped by a spy that appends the entry's id to a file (the
workers are forked processes), so a test counts what was really verified.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from derivations.catalog import REGISTRY
from derivations._interfaces.cli import main
from derivations._verdicts import cache

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: Two quick entries of two topics: an algorithm claim, and a result with every method.
RUNS, RESULT = "multiclass.one_vs_one_ambiguity", "geometry.lemma1_sign"


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A copy of the ``derivations`` and ``numerics`` sources that the key reads."""
    roots = {}
    for name, root in cache.ROOTS.items():
        roots[name] = tmp_path / "src" / name
        shutil.copytree(root, roots[name], ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for p in roots[name].rglob("*.py"):
            before_this_process(p)
    monkeypatch.setattr(cache, "ROOTS", roots)
    cache.reset()
    yield roots
    cache.reset()


@pytest.fixture
def spy(tmp_path, monkeypatch):
    """The ids ``verify_entry`` was called with since the last read (a list per read)."""
    from derivations._verdicts import engine

    log = tmp_path / "verify_entry.log"
    log.write_text("")
    real = engine.verify_entry

    def counting(entry, **kw):
        with open(log, "a") as f:
            f.write(entry.id + "\n")
        return real(entry, **kw)

    monkeypatch.setattr(engine, "verify_entry", counting)

    def calls() -> list[str]:
        ids = log.read_text().split()
        log.write_text("")
        return sorted(ids)

    return calls


#: What the last :func:`verify` wrote on stderr.
stderr = [""]


def verify(capsys, *ids: str, args=()) -> tuple[int, dict]:
    code = main(["verify", *ids, "--format", "json", "--jobs", "1", *args])
    out, stderr[0] = capsys.readouterr()
    return code, json.loads(out)


def before_this_process(path: Path) -> None:
    """As if ``path`` had been saved before this process started (a copy is not imported:
    what the cache reads of it is all that matters)."""
    os.utime(path, (cache.STARTED - 60, cache.STARTED - 60))


def edit(path: Path) -> None:
    """A change of the source that changes no behaviour: still a different file, saved
    before the next run."""
    path.write_text(path.read_text() + "\n# edited\n")
    before_this_process(path)
    cache.reset()  # the next process reads the sources again


def test_a_warm_run_verifies_nothing_and_prints_what_the_cold_run_printed(tree, spy, capsys):
    code, cold = verify(capsys, RUNS, RESULT)
    assert code == 0 and spy() == sorted([RUNS, RESULT])
    cache.reset()
    code, warm = verify(capsys, RUNS, RESULT)
    assert code == 0 and spy() == []
    assert warm["results"] == cold["results"]  # scope, seeds, methods and seconds as stored
    assert main(["verify", RUNS, RESULT]) == 0
    assert spy() == [] and "cached=2" in capsys.readouterr().out


def test_show_reads_what_verify_stored_and_prints_the_same_as_a_fresh_run(tree, spy, capsys):
    verify(capsys, RESULT)
    spy()
    assert main(["show", RESULT]) == 0
    cached = capsys.readouterr().out
    assert spy() == []
    assert main(["show", RESULT, "--no-cache"]) == 0
    assert spy() == [RESULT]
    assert capsys.readouterr().out == cached
    assert "seed: 0" in cached and "scope: every size" in cached


def test_an_edit_of_the_entrys_topic_module_reverifies_that_topic_only(tree, spy, capsys):
    verify(capsys, RUNS, RESULT)
    assert spy() == sorted([RUNS, RESULT])
    edit(tree["derivations"] / "catalog" / "geometry.py")
    code, _ = verify(capsys, RUNS, RESULT)
    assert code == 0 and spy() == [RESULT]


@pytest.mark.parametrize("helper", ["derivations/_methods/components.py",
                                    "derivations/_verdicts/verdict.py",
                                    "derivations/catalog/registry.py",
                                    "numerics/multiclass.py"])
def test_an_edit_of_an_engine_helper_or_of_numerics_reverifies_every_entry(tree, spy, capsys,
                                                                           helper):
    verify(capsys, RUNS, RESULT)
    spy()
    top, rel = helper.split("/", 1)
    edit(tree[top] / rel)
    code, _ = verify(capsys, RUNS, RESULT)
    assert code == 0 and spy() == sorted([RUNS, RESULT])


def test_the_engine_part_is_whatever_engine_files_lists(tree, spy, capsys, monkeypatch):
    verify(capsys, RESULT)
    spy()
    extra = tree["derivations"].parent.parent / "extra" / "helper.py"  # only the patched list
    extra.parent.mkdir()
    extra.write_text("x = 1\n")
    before_this_process(extra)
    real = cache.engine_files
    monkeypatch.setattr(cache, "engine_files", lambda topics: real(topics) + [extra])
    monkeypatch.setitem(cache.ROOTS, "extra", extra.parent)
    cache.reset()
    verify(capsys, RESULT)
    assert spy() == [RESULT]
    edit(extra)
    verify(capsys, RESULT)
    assert spy() == [RESULT]
    cache.reset()
    verify(capsys, RESULT)
    assert spy() == []


@pytest.mark.parametrize("dist", ["sympy", "numpy", "python-flint", "python"])
def test_a_new_dependency_version_reverifies(tree, spy, capsys, monkeypatch, dist):
    verify(capsys, RESULT)
    spy()
    real = cache.dependency_versions
    monkeypatch.setattr(cache, "dependency_versions", lambda: {**real(), dist: "99.0"})
    cache.reset()
    verify(capsys, RESULT)
    assert spy() == [RESULT]


@pytest.mark.parametrize("args", [["--seed", "1"], ["--budget", "7"]])
def test_the_seed_and_the_budget_are_part_of_the_key(tree, spy, capsys, args):
    verify(capsys, RUNS)
    spy()
    _, out = verify(capsys, RUNS, args=args)
    assert spy() == [RUNS]
    if args[0] == "--seed":
        assert {m["scope"].get("seed") for m in out["results"][0]["methods"]} == {1}


def test_the_key_depends_on_the_options_and_on_nothing_else():
    index = cache.Index.of_registry(REGISTRY)
    key = cache.entry_key(index, RESULT, seed=0, budget=20.0)
    assert cache.entry_key(index, RESULT, seed=0, budget=20.0) == key
    assert len({key, cache.entry_key(index, RESULT, seed=1, budget=20.0),
                cache.entry_key(index, RESULT, seed=0, budget=21.0),
                cache.entry_key(index, RESULT, seed=0, budget=20.0, diagnose=False),
                cache.entry_key(index, RUNS, seed=0, budget=20.0)}) == 5


def test_no_cache_neither_reads_nor_writes(tree, spy, capsys, tmp_path, monkeypatch):
    verify(capsys, RUNS)
    spy()
    code, _ = verify(capsys, RUNS, args=["--no-cache"])
    assert code == 0 and spy() == [RUNS]
    empty = tmp_path / "unused-cache"
    monkeypatch.setenv(cache.ENV, str(empty))
    verify(capsys, RUNS, args=["--no-cache"])
    assert spy() == [RUNS] and not empty.exists()


def test_a_corrupt_cache_file_is_a_miss_with_one_warning_and_is_rewritten(tree, spy, capsys,
                                                                          monkeypatch):
    monkeypatch.setattr(cache, "_warned", False)
    verify(capsys, RUNS, RESULT)
    spy()
    for f in cache.VerdictCache().verdicts.glob("*/*.json"):
        f.write_text('{"format": 1, "key": "trunc')
    code, out = verify(capsys, RUNS, RESULT)
    err = stderr[0]
    assert code == 0 and spy() == sorted([RUNS, RESULT])
    assert [r["status"] for r in out["results"]] == ["verified", "verified"]
    assert err.count("warning: verdict cache") == 1 and "Traceback" not in err
    monkeypatch.setattr(cache, "_warned", False)
    verify(capsys, RUNS, RESULT)
    assert spy() == [] and stderr[0] == ""


def test_a_stored_record_under_another_key_is_not_trusted(tree, spy, capsys):
    verify(capsys, RUNS)
    spy()
    (path,) = cache.VerdictCache().verdicts.glob(f"{RUNS}/*.json")
    data = json.loads(path.read_text())
    data["key"] = "0" * 64  # a file renamed or copied by hand: its content says another key
    path.write_text(json.dumps(data))
    verify(capsys, RUNS)
    assert spy() == [RUNS]


def test_a_cache_location_that_is_not_a_directory_never_fails_a_run(tree, spy, capsys,
                                                                     tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv(cache.ENV, str(blocker))
    monkeypatch.setattr(cache, "_warned", False)
    code, out = verify(capsys, RUNS)
    err = stderr[0]
    assert code == 0 and out["results"][0]["status"] == "verified" and spy() == [RUNS]
    assert err.count("\n") == 1 and "is not a directory" in err and cache.ENV in err


def test_an_error_verdict_is_not_stored(tree, capsys, monkeypatch):
    from derivations._verdicts import engine

    def crash(entry, **kw):
        raise MemoryError("a transient swell")

    monkeypatch.setattr(engine, "verify_entry", crash)
    code, out = verify(capsys, RUNS)
    assert code == 1 and out["results"][0]["status"] == "error"
    assert cache.VerdictCache().stats()[0] == 0


def _detail(status="verified", outcomes=("equal",), **kw) -> dict:
    methods = [{"name": f"m{k}", "outcome": o, "seconds": 0.1, "scope": {}}
               for k, o in enumerate(outcomes)]
    return {"status": status, "methods": methods, "diagnosis": None,
            "claims": [{"label": "c", "status": status, "methods": methods}],
            "stated": None, "numeric": None, **kw}


@pytest.mark.parametrize("detail, complete, stored", [
    (_detail(), True, True),
    (_detail(), False, False),  # the worker was killed or died: whatever it says is not final
    (_detail("error", ("error",)), True, False),
    (_detail("error", error="building the statement timed out after 80 s"), True, False),
    (_detail("verified", ("equal", "error")), True, False),  # a crashed method
    (_detail("undecided", ("timeout", "equal")), True, False),  # a timeout is never evidence
    (_detail("conflict", ("timeout", "different")), True, False),
    (_detail("verified", ("equal", "equal", "timeout")), True, True),  # proof + exact agreement
    (_detail("refuted", ("different", "timeout")), True, True),  # an exact counterexample
    (_detail("undecided", ("inconclusive", "equal")), True, True),  # decided: no proof found
    (_detail("refuted", ("different",), diagnosis="diagnosis failed: ValueError: x",
             complete=False), True, False),
    (_detail("refuted", ("different",), diagnosis="no typical mistake found within the 20 s "
                                                  "budget (not all were tried)", complete=False),
     True, False),
], ids=["verified", "incomplete", "error", "build-timeout", "method-crash", "undecided-timeout",
        "conflict-timeout", "verified-with-timeout", "refuted-with-timeout", "undecided",
        "diagnosis-crash", "diagnosis-timeout"])
def test_only_final_verdicts_of_completed_runs_are_cacheable(detail, complete, stored):
    assert cache.cacheable(detail, complete=complete) is stored


def test_clear_removes_what_the_cache_wrote_and_nothing_else(tree, spy, capsys, tmp_path,
                                                             monkeypatch):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "notes.json").write_text("{}")
    monkeypatch.setenv(cache.ENV, str(shared))
    verify(capsys, RUNS, RESULT)
    spy()
    assert main(["cache"]) == 0 and "2 cached verdicts" in capsys.readouterr().out
    assert main(["cache", "clear"]) == 0
    assert capsys.readouterr().out.startswith("removed 2 cached verdicts")
    assert sorted(p.name for p in shared.iterdir()) == ["notes.json"]
    assert main(["cache", "clear"]) == 0 and "removed 0 cached verdicts" in capsys.readouterr().out
    verify(capsys, RUNS)
    assert spy() == [RUNS]
    verify(capsys, RUNS, args=["--clear-cache"])
    assert spy() == [RUNS] and "removed 1 cached verdict " in stderr[0]


def test_the_engine_part_leaves_out_every_topic_module(tree):
    index = cache.Index.of_registry(REGISTRY)
    catalog = tree["derivations"] / "catalog"
    engine = set(cache.engine_files(index.topics))
    for topic in {i.split(".")[0] for i in index.modules}:
        assert catalog / f"{topic}.py" not in engine
    assert {catalog / "registry.py", catalog / "__init__.py",
            tree["derivations"] / "_verdicts" / "engine.py",
            tree["derivations"] / "_interfaces" / "latex.py",
            tree["numerics"] / "fisher.py"} <= engine
    geometry = index.modules[RESULT]
    assert cache.topic_files(geometry, index.topics) == [catalog / "geometry.py"]


def test_a_topic_that_imports_another_topic_depends_on_it(tree, spy, capsys):
    index = cache.Index.of_registry(REGISTRY)
    module = index.modules[RUNS]
    catalog = tree["derivations"] / "catalog"
    multiclass = catalog / "multiclass.py"
    multiclass.write_text(multiclass.read_text() + "\nfrom . import (\n    geometry,\n)\n")
    before_this_process(multiclass)
    cache.reset()
    assert catalog / "geometry.py" in cache.topic_files(module, index.topics)
    verify(capsys, RUNS)
    spy()
    edit(catalog / "geometry.py")
    verify(capsys, RUNS)
    assert spy() == [RUNS]


def test_a_warm_run_imports_neither_sympy_nor_the_catalog(tmp_path):
    """Nothing changed: the entries, their keys and their verdicts come from the cache
    alone, so the run costs the interpreter's start and a few file reads."""
    probe = ("import sys; from derivations._interfaces.cli import main; "
             f"code = main(['verify', {RUNS!r}, '--jobs', '1']); "
             "print('imported:', sorted(m for m in ('sympy', 'scipy', 'derivations.catalog') "
             "if m in sys.modules)); sys.exit(code)")
    env = {**os.environ, cache.ENV: str(tmp_path / "c")}
    runs = [subprocess.run([sys.executable, "-c", probe], check=False, capture_output=True,
                           text=True, env=env, timeout=300) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    assert "cached=0" in runs[0].stdout
    assert "imported: ['derivations.catalog', 'scipy', 'sympy']" in runs[0].stdout
    assert "cached=1" in runs[1].stdout and "imported: []" in runs[1].stdout


def test_an_unwritable_cache_directory_never_fails_a_run(tree, spy, capsys, monkeypatch):
    def refused(*args, **kw):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cache.tempfile, "mkstemp", refused)  # every write of the cache
    monkeypatch.setattr(cache, "_warned", False)
    code, out = verify(capsys, RUNS)
    assert code == 0 and out["results"][0]["status"] == "verified" and spy() == [RUNS]
    assert stderr[0].count("\n") == 1 and "cannot store" in stderr[0] and cache.ENV in stderr[0]
    assert cache.VerdictCache().stats()[0] == 0


def test_nothing_is_stored_when_a_source_changes_during_the_run(tree, spy, capsys, monkeypatch):
    from derivations._verdicts import engine

    helper = tree["derivations"] / "_methods" / "components.py"
    counting = engine.verify_entry

    def saving_meanwhile(entry, **kw):  # the user saves a file while the workers run
        helper.write_text(helper.read_text() + "\n# saved during the run\n")
        return counting(entry, **kw)

    monkeypatch.setattr(engine, "verify_entry", saving_meanwhile)
    code, _ = verify(capsys, RUNS)
    assert code == 0 and spy() == [RUNS] and cache.VerdictCache().stats()[0] == 0


def test_nothing_is_stored_when_a_source_was_saved_after_the_process_started(tree, spy, capsys):
    (tree["numerics"] / "geometry.py").touch()  # what this process imported may be older
    verify(capsys, RUNS)
    assert spy() == [RUNS] and cache.VerdictCache().stats()[0] == 0
    before_this_process(tree["numerics"] / "geometry.py")
    verify(capsys, RUNS)
    assert spy() == [RUNS] and cache.VerdictCache().stats()[0] == 1



_EXECED = r"""
import sys
from pathlib import Path
from derivations._verdicts import cache
cache.ROOTS = {"derivations": Path(sys.argv[1]), "numerics": Path(sys.argv[2])}
print(cache.sources_unchanged())
"""


def test_a_file_installed_before_a_shell_execs_lindisc_does_not_block_the_store(tmp_path):
    """``pip install . && lindisc verify``: the shell forks the process that becomes
    lindisc before pip writes the files, and execs it after. What counts is when the
    process began importing the sources, not the fork (which stored nothing after the
    README's own first command)."""
    roots = [tmp_path / "derivations", tmp_path / "numerics"]
    for root in roots:
        root.mkdir()
    script = tmp_path / "execed.py"
    script.write_text(_EXECED)
    shell = (f"sleep 0.3; touch {roots[0] / 'installed.py'}; sleep 0.5; "
             f"exec {sys.executable} {script} {roots[0]} {roots[1]}")
    out = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"

_SHADOWED = r'''
import importlib.abc, importlib.util, sys
from pathlib import Path
REPO = Path(sys.argv[1])

class Editable(importlib.abc.MetaPathFinder):
    """As setuptools' editable finder: after the path finder, maps the two packages' names
    to the source tree."""
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] not in ("derivations", "numerics"):
            return None
        base = REPO.joinpath(*name.split("."))
        if base.is_dir():
            return importlib.util.spec_from_file_location(
                name, base / "__init__.py", submodule_search_locations=[str(base)])
        return importlib.util.spec_from_file_location(name, base.with_suffix(".py"))

sys.meta_path.append(Editable())
import numerics
assert numerics.__file__ is None, "numerics should be the leftover namespace package"
from derivations._verdicts.cache import ROOTS
print(ROOTS["numerics"])
'''


def test_the_key_finds_numerics_past_a_leftover_namespace_directory(tmp_path):
    """A site-packages left with numerics/__pycache__ only (an uninstall leaves files it did
    not install) makes ``numerics`` an empty namespace package while its modules still import
    from an editable install; the key's source trees are found through a module's file."""
    site = tmp_path / "site"
    (site / "numerics" / "__pycache__").mkdir(parents=True)
    (site / "numerics" / "__pycache__" / "perceptron._single_fixed-1.py311.nbi").write_bytes(b"")
    repo = Path(__file__).resolve().parents[3]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    run = subprocess.run([sys.executable, "-c", _SHADOWED, str(repo)], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert Path(run.stdout.strip()) == repo / "numerics"


#: A quick erratum: refuted, and its verdict ok (rc 0) because it is refuted.
ERRATUM = "descent.divergence_only_nonconvex"


def test_an_edited_status_cannot_turn_an_erratum_into_verified(tree, spy, capsys, monkeypatch):
    """Issue 37: a stored record whose ``status`` was edited no longer matches its checksum:
    it is discarded with a warning and the entry verified again (still refuted)."""
    monkeypatch.setattr(cache, "_warned", False)
    code, out = verify(capsys, ERRATUM)
    assert out["results"][0]["status"] == "refuted"
    spy()
    (path,) = cache.VerdictCache().verdicts.glob(f"{ERRATUM}/*.json")
    data = json.loads(path.read_text())
    data["record"]["status"] = "verified"
    path.write_text(json.dumps(data))
    code, out = verify(capsys, ERRATUM)
    assert spy() == [ERRATUM]
    assert out["results"][0]["status"] == "refuted"
    assert "checksum" in stderr[0] and "Traceback" not in stderr[0]


@pytest.mark.parametrize("damage", ["status", "record", "ok", "sha256"])
def test_a_record_missing_a_field_is_discarded_and_recomputed(tree, spy, capsys, monkeypatch,
                                                              damage):
    monkeypatch.setattr(cache, "_warned", False)
    verify(capsys, RUNS)
    spy()
    (path,) = cache.VerdictCache().verdicts.glob(f"{RUNS}/*.json")
    data = json.loads(path.read_text())
    if damage == "status":
        del data["record"]["status"]
    else:
        del data[damage]
    path.write_text(json.dumps(data))
    code, out = verify(capsys, RUNS)
    assert code == 0 and spy() == [RUNS] and out["results"][0]["status"] == "verified"
    assert stderr[0].count("warning: verdict cache") == 1 and "Traceback" not in stderr[0]
