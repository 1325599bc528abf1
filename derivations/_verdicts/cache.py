"""Verdicts kept between runs, so that re-running ``lindisc verify`` after an edit redoes only
what the edit can change.

What it is for: the CLI (``verify``, ``show``, ``latex``) looks an entry up here before
verifying it and stores what a completed run found. It is not a store of truth: a stale
verdict would be a false verdict, so the key covers everything a verdict depends on, and
anything doubtful is a miss.

**The key** (:func:`entry_key`, sha256) covers

* the entry's id, the seed, the budget and whether errata are diagnosed;
* the *engine*: the path and bytes of every ``.py`` file under ``derivations/`` except the
  catalog's topic modules (the modules that register entries), and of every ``.py`` file
  under ``numerics/`` (entries run and compare against it) — file contents, never mtimes;
* the entry's own topic module and the catalog modules it imports (transitively), so an
  edit of ``catalog/fisher.py`` re-verifies the fisher entries and nothing else (a topic
  module is assumed to act on another one only by being imported by it);
* the versions of Python, lindisc, SymPy, NumPy, SciPy, mpmath, python-flint (and gmpy2,
  which changes SymPy's ground types), the platform, and the environment variables that
  change SymPy's behaviour (``SYMPY_GROUND_TYPES``, ``SYMPY_USE_CACHE``).

Every file is read and hashed once per process, before the catalog is imported; the engine
part of the key is computed once (:func:`engine_digest`). A *manifest* (the entry ids and
their topic modules, :class:`Index`) is stored under the digest of every source file and
the versions (:func:`tree_digest`), so a run in which nothing changed needs neither the
catalog nor SymPy: it reads files and prints.

**Nothing is stored from a run during which a source file changed** (:func:`sources_unchanged`):
at the end, every file must still hash as it did when the keys were computed, and none may
have been modified after the process began importing them — otherwise the code that computed
a verdict (imported before the hashing, or by a worker after it) might not be the code its
key names.

**What is never cached** (:func:`cacheable`): only the final verdict of a run that completed
is stored. An ``error`` verdict is never stored, nor any result in which a method crashed,
the worker was killed (hard limit, memory) or died, or the diagnosis failed or ran out of
time: those may be transient, and the next run must try again. An ``undecided`` or
``conflict`` verdict in which a method timed out is not stored either (a timeout is never
evidence, and a less busy machine may decide it). A ``verified`` or ``refuted`` verdict is
stored even when one of its methods timed out: the verdict rests on a proof or an exact
counterexample, never on the timeout; the timed-out method's outcome is stored as it was
(``--no-cache`` or ``lindisc cache clear`` gives it another chance).

Where: ``platformdirs.user_cache_dir("lindisc")``, or ``$LINDISC_CACHE_DIR``; one file per
(entry, key) under ``verdicts-v<FORMAT>/<entry id>/``, written atomically (a temporary
file, then ``os.replace``); the newest :data:`KEEP` keys per entry are kept. A cache that
cannot be read or written is a miss, with one warning on stderr per process: a cache
problem never fails a run. ``lindisc cache clear`` removes only what this module wrote.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import os
import platform
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from .cache_integrity import problem, seal

__all__ = ["ENV", "FORMAT", "KEEP", "Index", "VerdictCache", "cache_dir", "cacheable",
           "dependency_versions", "engine_digest", "engine_files", "entry_key", "reset",
           "sources_unchanged", "topic_files", "tree_digest", "warn"]

#: Environment variable that overrides the cache's location.
ENV = "LINDISC_CACHE_DIR"
#: Layout of a stored record; bumping it makes every stored verdict a miss. 2: a checksum
#: (:mod:`.cache_integrity`).
FORMAT = 2
#: Keys kept per entry (other seeds and budgets, recent versions of the code); older go.
KEEP = 8

#: Distributions whose version is part of every key.
_DISTRIBUTIONS = ("lindisc", "sympy", "numpy", "scipy", "mpmath", "python-flint", "gmpy2")
#: Environment variables that change what SymPy computes.
_ENV_VARS = ("SYMPY_GROUND_TYPES", "SYMPY_USE_CACHE")


def _package_dir(module: str) -> Path:
    """The directory of the package that holds ``module`` (a module file, not the package:
    files left in site-packages by an earlier install — Numba's cache, before it moved out —
    can make ``numerics`` itself an empty namespace package while its modules import from
    the editable install, and a namespace package has no file)."""
    return Path(importlib.util.find_spec(module).origin).resolve().parent


#: The source trees the key reads: the ``derivations`` and ``numerics`` packages.
ROOTS = {"derivations": Path(__file__).resolve().parents[1],
         "numerics": _package_dir("numerics.errors")}


# -- the key -------------------------------------------------------------------------------

def dependency_versions() -> dict[str, str]:
    """Python, the platform, every distribution in the key and the SymPy environment."""
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": sys.version, "implementation": sys.implementation.name,
           "platform": f"{platform.system()} {platform.machine()}"}
    for dist in _DISTRIBUTIONS:
        try:
            out[dist] = version(dist)
        except PackageNotFoundError:
            out[dist] = "absent"
    for var in _ENV_VARS:
        out["$" + var] = os.environ.get(var, "")
    return out


@dataclass(frozen=True)
class Index:
    """What the key needs of the catalog: each entry's id, in catalog order, and the module
    whose function builds it (a *topic module*). From the registry (:meth:`of_registry`,
    which imports the catalog and so SymPy), or from the manifest a run stored when no
    source file has changed since (:meth:`VerdictCache.manifest`): a run with nothing to
    verify then imports neither."""

    modules: dict[str, str]

    @classmethod
    def of_registry(cls, registry: dict) -> Index:
        """The index of ``registry`` (the catalog's ``REGISTRY``: the caller imports it)."""
        return cls({i: e.build.__module__ for i, e in registry.items()})

    @property
    def topics(self) -> frozenset[str]:
        return frozenset(self.modules.values())


def _module_path(name: str) -> Path:
    """``name``'s source file under :data:`ROOTS` (so a test can point the key at a copy)."""
    top, *rest = name.split(".")
    base = ROOTS[top].joinpath(*rest)
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def _sources() -> list[Path]:
    """Every ``.py`` file of both packages."""
    return sorted(p for root in ROOTS.values() for p in root.rglob("*.py"))


def engine_files(topics: frozenset[str]) -> list[Path]:
    """Every ``.py`` file the key reads for all entries: ``derivations/`` without the topic
    modules, and ``numerics/``."""
    skip = {_module_path(m) for m in topics}
    return [p for p in _sources() if p not in skip]


_MEMO: dict = {}  # digests computed in this process: each file is read once


def _hash_file(p: Path) -> str:
    top = next(name for name, root in ROOTS.items() if p.is_relative_to(root))
    rel = f"{top}/{p.relative_to(ROOTS[top]).as_posix()}"
    return hashlib.sha256(rel.encode() + b"\0" + p.read_bytes()).hexdigest()


def _file_digest(p: Path) -> str:
    if ("file", p) not in _MEMO:
        _MEMO["file", p] = _hash_file(p)
    return _MEMO["file", p]


def _digest(tag: str, files, *, versions: bool) -> str:
    h = hashlib.sha256(f"lindisc verdict cache {FORMAT} {tag}\0".encode())
    if versions:
        if "versions" not in _MEMO:
            _MEMO["versions"] = json.dumps(dependency_versions(), sort_keys=True)
        h.update(_MEMO["versions"].encode())
    for p in files:
        h.update(_file_digest(p).encode())
    return h.hexdigest()


def tree_digest() -> str:
    """Every source file of both packages and the versions: a manifest stored under it
    describes the registry as importing it would now."""
    if "tree" not in _MEMO:
        _MEMO["tree"] = _digest("tree", _sources(), versions=True)
    return _MEMO["tree"]


def engine_digest(topics: frozenset[str]) -> str:
    """The part of every key shared by all entries (computed once per process)."""
    if ("engine", topics) not in _MEMO:
        _MEMO["engine", topics] = _digest("engine", engine_files(topics), versions=True)
    return _MEMO["engine", topics]


#: An import statement, with its parenthesised or backslash-continued lines.
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]*(?:\([^)]*\)|[^\n]*)"
                     r"|import[ \t]+[^\n]*)(?:\\\n[^\n]*)*", re.MULTILINE)


def _import_nodes(path: Path):
    """The import statements of the source at ``path``: parsed one by one (a whole-file
    parse of the largest topic module costs a tenth of a second), or from the whole file
    when a piece does not parse on its own."""
    text = path.read_text(encoding="utf-8")
    try:
        return [ast.parse(m.group(0).strip()).body[0] for m in _IMPORT.finditer(text)]
    except (SyntaxError, IndexError):
        return [n for n in ast.walk(ast.parse(text, str(path)))
                if isinstance(n, (ast.Import, ast.ImportFrom))]


def _imports(path: Path, module: str) -> set[str]:
    """Every module name the source at ``path`` (module ``module``) may import."""
    package = module.rsplit(".", 1)[0]
    found = set()
    for node in _import_nodes(path):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def topic_files(module: str, topics: frozenset[str]) -> list[Path]:
    """The topic module ``module`` and the topic modules it imports, transitively."""
    todo, seen = [module], set()
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo += sorted(_imports(_module_path(m), m) & topics)
    return sorted(_module_path(m) for m in seen)


def entry_key(index: Index, entry_id: str, *, seed: int, budget: float,
              diagnose: bool = True) -> str:
    """The cache key of the entry's verdict under these options (see the module docstring)."""
    module, topics = index.modules[entry_id], index.topics
    if ("topic", module, topics) not in _MEMO:
        _MEMO["topic", module, topics] = _digest("topic", topic_files(module, topics),
                                                 versions=False)
    opts = json.dumps({"id": entry_id, "seed": int(seed), "budget": float(budget),
                       "diagnose": bool(diagnose)}, sort_keys=True)
    return hashlib.sha256(f"{engine_digest(topics)}\0{_MEMO['topic', module, topics]}\0"
                          f"{opts}".encode()).hexdigest()


def _imported_at() -> float:
    """When this process began importing lindisc's packages (the earlier of the two, each
    noted by its ``__init__``): no source file of theirs was read before. Not the process's
    start in /proc, which is its *fork*: a shell that execs its last command
    (``pip install . && lindisc verify``) forks before pip writes the files, every installed
    file then looked newer than the process, and nothing was ever stored."""
    now = time.time()
    return min(getattr(sys.modules.get(name), "_IMPORTED_AT", now)
               for name in ("derivations", "numerics"))


#: When this process began reading the sources: a file modified later may differ from what
#: it imported.
STARTED = _imported_at()
#: Seconds of tolerance between the file system's clock and :data:`STARTED`.
SLACK = 0.1


def sources_unchanged() -> bool:
    """Whether verdicts computed in this process may be stored under the keys computed in
    it: every source file still has the content that was hashed, and none was modified
    after this process began importing them (:data:`STARTED`; a module imported before
    hashing is then the one hashed; one imported later, in a worker, is the one hashed if
    the content is unchanged now). A run during which the user saved a file is simply not
    cached."""
    try:
        for p in _sources():
            if p.stat().st_mtime >= STARTED - SLACK:
                return False
        return all(_hash_file(key[1]) == digest for key, digest in list(_MEMO.items())
                   if key[0] == "file")
    except OSError:
        return False


def reset() -> None:
    """Forget the digests computed so far (after the sources changed within one process)."""
    _MEMO.clear()


# -- what may be stored ---------------------------------------------------------------------

def _outcomes(detail: dict):
    for c in detail.get("claims") or []:
        yield from c.get("methods", [])
    if detail.get("stated"):
        yield from detail["stated"].get("methods", [])
    if detail.get("numeric"):
        yield detail["numeric"]
    yield from detail.get("methods", [])


def cacheable(detail: dict, *, complete: bool) -> bool:
    """Whether a run's record may be stored: a completed run, not an error, no crashed
    method, no failed or timed-out diagnosis, and no timeout behind a verdict other than
    verified or refuted (see the module docstring)."""
    if not complete or detail.get("status") == "error" or detail.get("error"):
        return False
    outcomes = [o.get("outcome") for o in _outcomes(detail)]
    if "error" in outcomes:
        return False
    if detail.get("complete") is False:  # a diagnosis that failed or ran out of budget
        return False
    # A verified or refuted verdict rests on a proof or an exact counterexample, never on
    # a timeout; any other verdict with a timeout might be decided by a less busy run.
    return "timeout" not in outcomes or detail.get("status") in ("verified", "verified at sizes",
                                                                 "refuted")


# -- where and how it is stored -------------------------------------------------------------

def cache_dir() -> Path:
    """``$LINDISC_CACHE_DIR``, else the user's cache directory for lindisc."""
    env = os.environ.get(ENV)
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("lindisc"))


_warned = False


def warn(message: str) -> None:
    """One line on stderr, the first time only (per process)."""
    global _warned
    if not _warned:
        _warned = True
        print(f"lindisc: warning: verdict cache: {message}", file=sys.stderr)


class VerdictCache:
    """Stored verdicts under ``root`` (default :func:`cache_dir`). Every method swallows its
    own failures: a cache problem is a miss and one warning, never a failed run."""

    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root is not None else cache_dir()
        self.verdicts = self.root / f"verdicts-v{FORMAT}"

    def _path(self, entry_id: str, key: str) -> Path:
        folder = entry_id if re.fullmatch(r"[\w.-]+", entry_id) and ".." not in entry_id else (
            hashlib.sha256(entry_id.encode()).hexdigest())
        return self.verdicts / folder / f"{key}.json"

    def get(self, entry_id: str, key: str) -> dict | None:
        """The stored payload for (entry, key), or None (absent, unreadable or not ours)."""
        path = self._path(entry_id, key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            warn(f"ignoring unreadable {path} ({type(exc).__name__}: {exc}); the entry is "
                  f"verified again and the file rewritten")
            return None
        why = problem(data, entry_id=entry_id, key=key, fmt=FORMAT)
        if why is not None:
            warn(f"ignoring {path}: {why}; the entry is verified again and the file rewritten")
            return None
        return data

    def put(self, entry_id: str, key: str, *, record: dict, extra: dict, ok: bool) -> bool:
        """Store atomically; False (with a warning) when it could not be written."""
        path = self._path(entry_id, key)
        stored = self._write(path, seal({"format": FORMAT, "key": key, "id": entry_id, "ok": ok,
                                         "record": record, "extra": extra}))
        if stored:
            self._prune(path.parent)
        return stored

    def _manifest_path(self) -> Path:
        return self.root / f"manifests-v{FORMAT}" / f"{tree_digest()}.json"

    def manifest(self) -> Index | None:
        """The catalog's index as stored by a run over exactly these sources and versions
        (:func:`tree_digest`), or None."""
        path = self._manifest_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            modules = data["modules"]
            if data["tree"] == tree_digest() and all(
                    isinstance(k, str) and isinstance(v, str) for k, v in modules.items()):
                return Index(modules)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            warn(f"ignoring unreadable {path} ({type(exc).__name__}: {exc})")
        return None

    def save_manifest(self, index: Index) -> None:
        path = self._manifest_path()
        if not path.exists() and self._write(path, {"tree": tree_digest(),
                                                    "modules": index.modules}):
            self._prune(path.parent)

    def _write(self, path: Path, payload: dict) -> bool:
        """``payload`` as JSON at ``path``, atomically (a temporary file, then os.replace).
        False (with a warning) when it could not be written."""
        tmp = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(payload, f, ensure_ascii=False)
            os.replace(tmp, path)
            tmp = None
            return True
        except (OSError, ValueError, TypeError) as exc:
            warn(f"cannot store in {self.root} ({type(exc).__name__}: {exc}); verdicts are not "
                 f"cached (set {ENV} to a writable directory, or pass --no-cache)")
            return False
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass

    def _prune(self, folder: Path) -> None:
        """Keep the :data:`KEEP` newest files of one of this cache's own folders."""
        try:
            files = sorted((p for p in folder.glob("*.json") if not p.name.startswith(".tmp-")),
                           key=lambda p: p.stat().st_mtime, reverse=True)
            for p in files[KEEP:]:
                p.unlink(missing_ok=True)
        except OSError:  # another run pruned it meanwhile: nothing lost
            pass

    def timings(self) -> dict[str, float]:
        """Seconds each entry took when last verified: only to schedule the slowest first."""
        try:
            data = json.loads((self.root / "timings.json").read_text(encoding="utf-8"))
            return {str(k): float(v) for k, v in data.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def save_timings(self, seconds: dict[str, float]) -> None:
        self._write(self.root / "timings.json", {**self.timings(), **seconds})

    def stats(self) -> tuple[int, int]:
        """(stored verdicts, bytes)."""
        files = list(self.verdicts.glob("*/*.json")) if self.verdicts.is_dir() else []
        return len(files), sum(p.stat().st_size for p in files)

    def clear(self) -> int:
        """Remove every stored verdict (of any format) and the timings; returns how many
        verdicts. Nothing else under the root is touched (``$LINDISC_CACHE_DIR`` may be a
        directory shared with other files)."""
        n = 0
        if self.root.is_dir():
            for d in [*self.root.glob("verdicts-v*"), *self.root.glob("manifests-v*")]:
                if d.is_dir():
                    n += sum(1 for _ in d.glob("*/*.json"))
                    shutil.rmtree(d)
            (self.root / "timings.json").unlink(missing_ok=True)
        return n
