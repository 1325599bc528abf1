"""Which entries a command names, and their verdicts: from the verdict cache where nothing
has changed since, else verified in the worker pool and stored.

The verdict cache (:mod:`derivations._verdicts.cache`) is imported where a cache is opened:
importing it locates the source trees through the install's import finder, 19-26 ms that
``--help``, ``--no-cache``, ``list`` and ``distance`` need not pay (python -X importtime).
"""

from __future__ import annotations

import math

from .entries import _registry, select
from .options import UsageError
from .workers import _Progress, _pool_map, _preload, _verify_fallback, _verify_one


def _open_cache(ns):
    """The verdict cache for this command, or None under ``--no-cache``."""
    if getattr(ns, "no_cache", False):
        return None
    from .._verdicts.cache import ENV, VerdictCache, warn

    try:
        cache = VerdictCache()
    except Exception as exc:  # noqa: BLE001 - no cache directory on this system: no cache
        warn(f"no cache directory ({type(exc).__name__}: {exc}); nothing is cached")
        return None
    if cache.root.exists() and not cache.root.is_dir():
        warn(f"{cache.root} is not a directory; nothing is cached (set {ENV} to a directory, "
             f"or pass --no-cache)")
        return None
    return cache


def _index(cache):
    """The catalog's ids and topic modules: from the cache's manifest when no source file
    changed since it was stored (then nothing imports SymPy unless an entry must be
    verified), else from the registry (and the manifest stored)."""
    from .._verdicts.cache import Index

    index = cache.manifest() if cache is not None else None
    if index is None:
        index = Index.of_registry(_registry())
        if cache is not None:
            cache.save_manifest(index)
    return index


def _keys(ids: list[str], ns, index) -> dict[str, str]:
    """Each entry's cache key; none (every entry a miss, one warning) if the sources cannot
    be read — a cache problem never fails a run."""
    from .._verdicts.cache import entry_key, warn

    try:
        return {i: entry_key(index, i, seed=ns.seed, budget=ns.budget) for i in ids}
    except Exception as exc:  # noqa: BLE001 - unreadable sources, an odd install: no cache
        warn(f"cannot compute the keys ({type(exc).__name__}: {exc}); nothing is cached")
        return {}


def _store(cache, keys: dict[str, str], payloads: dict[str, dict]) -> None:
    """Store the cacheable verdicts of this run — none if a source file changed while it ran
    (the code that computed them may not be the code their keys describe)."""
    from .._verdicts.cache import cacheable, sources_unchanged

    if not payloads or not sources_unchanged():
        return
    for eid, p in payloads.items():
        if eid in keys and cacheable({**p["record"], **p["extra"]}, complete=p["complete"]):
            cache.put(eid, keys[eid], record=p["record"], extra=p["extra"], ok=p["ok"])


def _selected(ns, names: list[str]):
    """(cache or None, the catalog's index, the ids of ``names``)."""
    cache = _open_cache(ns)
    try:
        index = _index(cache)
    except Exception:  # noqa: BLE001 - a cache problem never fails a run: the registry's
        from .._verdicts.cache import Index

        index = Index.of_registry(_registry())
    return cache, index, select(names, list(index.modules))


def _verified(ids: list[str], ns, label: str, *, cache, index, start: float, progress: bool):
    """Each entry's payload (see :func:`_verify_one`): from the verdict cache where it holds
    the entry's key, else verified in the worker pool (the slowest entries of earlier runs
    first) and stored. Returns (payload by id, the ids that came from the cache)."""
    keys = _keys(ids, ns, index) if cache is not None else {}
    got = {}
    for i in ids:
        p = cache.get(i, keys[i]) if i in keys else None
        if p is not None:
            got[i] = {**p, "complete": True}
    cached = set(got)
    if len(cached) < len(ids):
        _preload(many=len(ids) - len(cached) > 1)  # once here, before the workers fork
    hints = cache.timings() if cache is not None else {}
    bar = _Progress(label, len(ids), done=len(cached), start=start) if progress else False
    todo = [(i, ns.seed, ns.budget) for i in ids if i not in got]
    fresh: dict[str, dict] = {}
    try:
        for eid, payload in _pool_map(_verify_one, todo, ns.jobs, bar, label,
                                      fallback=_verify_fallback,
                                      order=lambda item: -hints.get(item[0], math.inf)):
            got[eid] = fresh[eid] = payload
    finally:  # also after Ctrl-C: what completed is kept
        if cache is not None and fresh:
            _store(cache, keys, fresh)
            cache.save_timings({i: p["record"]["seconds"] for i, p in fresh.items()
                                if p["complete"]})
    return got, cached


def _clear_cache() -> str:
    from .._verdicts.cache import VerdictCache

    c = VerdictCache()
    try:
        n = c.clear()
    except OSError as exc:
        raise UsageError(f"cannot clear the verdict cache in {c.root} ({exc.strerror or exc}); "
                         f"remove that directory by hand") from None
    return f"removed {n} cached verdict{'s' * (n != 1)} from {c.root}"
