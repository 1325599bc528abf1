"""The layers, from the modules' own import statements: no import climbs, none forms a circle.

Every ``import`` and ``from ... import`` of every module of ``derivations`` and ``numerics`` is
read with ``ast`` — at the module top, inside a function, under ``if TYPE_CHECKING`` alike,
since a hidden import is still an import — and resolved to the module it names. Then:

* each module of ``derivations`` belongs to a layer (its package, :data:`LAYERS`, bottom
  first) and imports only from its own layer or below;
* ``numerics`` never imports ``derivations``, nor SymPy;
* no set of modules imports itself round, inside a layer or across.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The packages of ``derivations``, bottom first (a tuple: packages of one layer); a module
#: imports from its own layer or lower ones.
LAYERS = (
    ("derivations._budget",     # time budgets, and the version: import nothing of the package
     "derivations._version"),
    "derivations._symbols",     # typed symbols, expression nodes, SymPy patches
    "derivations._exact",       # exact values at points (flint): numbers, rational, cases
    "derivations._claims",      # what is claimed: plain data
    "derivations._decide",      # exact deciders: zero, sign, inequalities, feasibility, and
                                # how each kind of claim is decided (kinds/)
    "derivations._methods",     # the methods that check a claim
    "derivations._verdicts",    # combining outcomes, the engine, the cache
    "derivations.catalog",      # the data: entries made of claims, with the verdict their
                                # kind expects
    ("derivations._userclaims",  # the front ends, one layer: users' claims files and answers,
     "derivations._notes",        # users' own notes (LaTeX, Markdown, notebooks),
     "derivations._interfaces"),  # the CLI, the reports, LaTeX, HTML, figures
    "derivations",              # the public API (derivations/__init__.py)
)

#: Imports that still climb, each with the reason it is not yet gone; the test fails when one
#: disappears (then delete it here), so the list only shrinks.
KNOWN: dict[tuple[str, str], str] = {}
#: Circles that still exist (sorted module names), with the reason; the same rule as KNOWN.
KNOWN_CIRCLES: dict[tuple[str, ...], str] = {}


def modules(root: Path = ROOT, packages=("derivations", "numerics")) -> dict[str, tuple[Path, bool]]:
    """{dotted module name: (path, is a package __init__)} for every module of ``packages``."""
    out = {}
    for pkg in packages:
        for path in sorted((root / pkg).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_pkg = parts[-1] == "__init__"
            if is_pkg:
                parts = parts[:-1]
            out[".".join(parts)] = (path, is_pkg)
    return out


def imports(name: str, source: str, is_pkg: bool, known: dict) -> list[tuple[str, int]]:
    """[(imported module, line)] of one module's source: every import statement anywhere in
    it, resolved to the longest module name of ``known`` it names (``from .a import b``
    names ``a.b`` when that is a module, else ``a``); only modules of ``known``."""
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                head = base[:len(base) - (node.level - 1)]
                mod = ".".join(head + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in known else mod for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name:
                out.append((t, node.lineno))
    return out


def graph(root: Path = ROOT) -> dict[str, list[tuple[str, int]]]:
    known = modules(root)
    return {m: imports(m, p.read_text(encoding="utf-8"), is_pkg, known)
            for m, (p, is_pkg) in known.items()}


def layer(module: str) -> int | None:
    """The index in :data:`LAYERS` of the layer of the longest package that contains
    ``module``."""
    best, longest = None, -1
    for i, pkgs in enumerate(LAYERS):
        for pkg in (pkgs if isinstance(pkgs, tuple) else (pkgs,)):
            if (module == pkg or module.startswith(pkg + ".")) and len(pkg) > longest:
                best, longest = i, len(pkg)
    return best


def climbs(g: dict) -> list[tuple[str, str, int]]:
    """[(module, imported, line)] for every import from a higher layer, or of ``derivations``
    from ``numerics``."""
    out = []
    for m, targets in g.items():
        for t, line in targets:
            if m.startswith("numerics") and t.startswith("derivations"):
                out.append((m, t, line))
            elif m.startswith("derivations") and t.startswith("derivations"):
                lm, lt = layer(m), layer(t)
                if lm is None or lt is None or lt > lm:
                    out.append((m, t, line))
    return out


def circles(g: dict) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iteratively)."""
    succ = {m: sorted({t for t, _ in ts if t in g}) for m, ts in g.items()}
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for start in sorted(succ):
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter[0]
                counter[0] += 1
                stack.append(v)
                on.add(v)
            if i < len(succ[v]):
                work.append((v, i + 1))
                w = succ[v][i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out


def test_every_module_has_a_layer():
    assert [m for m in modules() if m.startswith("derivations") and layer(m) is None] == []


def test_no_import_climbs_a_layer():
    found = {(m, t): line for m, t, line in climbs(graph())}
    new = sorted(f"{m}:{line} imports {t}" for (m, t), line in found.items() if (m, t) not in KNOWN)
    assert new == [], "imports that climb a layer (LAYERS, bottom first):\n" + "\n".join(new)
    gone = sorted(f"{m} -> {t}" for m, t in KNOWN if (m, t) not in found)
    assert gone == [], "no longer imported; delete from KNOWN:\n" + "\n".join(gone)


def sympy_imports(root: Path = ROOT) -> list[str]:
    """Every import of SymPy in ``numerics``, as "module:line imports name"."""
    found = []
    for m, (path, _) in modules(root, packages=("numerics",)).items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level
                     else [])
            found += [f"{m}:{node.lineno} imports {n}" for n in names if n.split(".")[0] == "sympy"]
    return found


def test_numerics_never_imports_sympy():
    assert sympy_imports() == []


def test_no_import_forms_a_circle():
    found = {tuple(c) for c in circles(graph())}
    assert sorted(found - set(KNOWN_CIRCLES)) == []
    assert sorted(set(KNOWN_CIRCLES) - found) == [], "gone; delete from KNOWN_CIRCLES"


def test_the_checks_catch_a_climb_and_a_circle(tmp_path):
    """The test can fail: a made-up tree with one climbing import (a function-level one), one
    circle inside a layer and one SymPy import in numerics is reported, each exactly."""
    for rel, text in {
        "derivations/__init__.py": "",
        "derivations/_symbols/__init__.py": "",
        "derivations/_symbols/a.py": "def f():\n    from .._decide.c import g\n",
        "derivations/_decide/__init__.py": "",
        "derivations/_decide/c.py": "from . import d\n",
        "derivations/_decide/d.py": "from .c import g\n",
        "numerics/__init__.py": "",
        "numerics/fit.py": "def f():\n    import sympy.abc\n",
    }.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    g = graph(tmp_path)
    assert climbs(g) == [("derivations._symbols.a", "derivations._decide.c", 2)]
    assert circles(g) == [["derivations._decide.c", "derivations._decide.d"]]
    assert sympy_imports(tmp_path) == ["numerics.fit:2 imports sympy.abc"]
