"""The timing protocol every ``bench_<topic>.py`` module shares, and the rows it produces.

A topic module builds, per case, a list of :class:`Contender` (the implementation, its
floor, its scikit-learn peer) on the same data and hands it to :func:`measure`, which
returns one row per contender in the suite's row protocol (see ``run.py``):

    {"name": case, "impl": contender, "times": [seconds per repeat], "peer": impl or None,
     "peak_mib": float, "note": str}

The protocol, and why:

- warm-up: every contender is called once before timing (imports, first-touch page
  faults, LAPACK workspace queries, the heap growing to its working size). That call is
  also the one measured for memory: ``peak_mib`` is the peak of what it allocated
  through NumPy and Python (tracemalloc), above what was allocated before it; BLAS-internal
  buffers are not counted.
- rounds: each round calls every contender once, in turn (round robin), so a burst of
  load from another process hits all contenders of a case alike; at least ``repeats``
  rounds, more (up to 25, within about half a second) when a round is short.
- ``time.perf_counter`` around the bare call; nothing else inside the timed region.
- a pause before each timed call only when BLAS runs more than one thread (``run.py
  --blas-threads``): OpenBLAS workers spin ~0.1 s after a call before they sleep, and on 2
  cores the next contender would pay for them.
"""

from __future__ import annotations

import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

MAX_ROUNDS = 25
SHORT_CASE_SECONDS = 0.5
_pause_seconds = 0.0


def set_pause(seconds: float) -> None:
    """Sleep this long before each timed call (``run.py`` sets it from ``--blas-threads``)."""
    global _pause_seconds
    _pause_seconds = seconds


def repeats(quick: bool) -> int:
    """Timed rounds per case: 3 in quick mode, 5 otherwise (more for short cases)."""
    return 3 if quick else 5


@dataclass(frozen=True)
class Contender:
    """One implementation timed in a case: ``fn()`` is the whole timed call.

    ``peer`` names the contender of the same case its ratio is taken against (None for the
    floor); ``note`` is a short remark printed with the row (agreement with ours, a path).
    """

    impl: str
    fn: Callable[[], object]
    peer: str | None
    note: str = ""


def _peak_mib(fn: Callable[[], object]) -> tuple[float, float]:
    """Seconds and peak MiB allocated (NumPy + Python, tracemalloc) by one call of ``fn``."""
    tracemalloc.start()
    try:
        start = time.perf_counter()
        fn()
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return seconds, peak / 2**20


def measure(name: str, contenders: list[Contender], rounds: int) -> list[dict]:
    """Warm up, then time every contender once per round; one protocol row per contender."""
    names = [c.impl for c in contenders]
    if len(set(names)) != len(names):
        raise ValueError(f"case {name!r}: contender names must be distinct, got {names}")
    for c in contenders:
        if c.peer is not None and c.peer not in names:
            raise ValueError(f"case {name!r}: {c.impl!r} is compared with {c.peer!r}, "
                             f"which is not one of its contenders {names}")
    warm = {c.impl: _peak_mib(c.fn) for c in contenders}
    round_seconds = sum(seconds for seconds, _ in warm.values())
    if round_seconds > 0:
        rounds = max(rounds, min(MAX_ROUNDS, int(SHORT_CASE_SECONDS / round_seconds)))
    times: dict[str, list[float]] = {c.impl: [] for c in contenders}
    for _ in range(rounds):
        for c in contenders:
            if _pause_seconds:
                time.sleep(_pause_seconds)
            start = time.perf_counter()
            c.fn()
            times[c.impl].append(time.perf_counter() - start)
    return [{"name": name, "impl": c.impl, "times": times[c.impl], "peer": c.peer,
             "peak_mib": warm[c.impl][1], "note": c.note} for c in contenders]


def skipped(name: str, reason: str) -> dict:
    """A row for a case that was not run, with the reason (printed, and kept in the JSON)."""
    return {"name": name, "impl": "-", "times": [], "peer": None, "skipped": reason}


def gaussian_classes(n: int, d: int, n_classes: int, seed: int, *,
                     offset: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """``n`` samples of ``n_classes`` Gaussian classes in R^d and their integer labels.

    Identity covariance, class means at distance 0.3 from the origin (about 0.4 apart),
    labels uniform; every feature shifted by ``offset`` (offset data sends Fisher's
    scatter matrices to their centred path).
    """
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, n_classes, n)
    means = rng.standard_normal((n_classes, d))
    means *= 0.3 / np.linalg.norm(means, axis=1, keepdims=True)
    X = rng.standard_normal((n, d))
    X += means[labels]
    X += offset
    return X, labels


def one_hot(labels: np.ndarray, n_classes: int) -> np.ndarray:
    """The (N, K) float 1-of-K matrix of integer labels."""
    T = np.zeros((labels.shape[0], n_classes))
    T[np.arange(labels.shape[0]), labels] = 1.0
    return T


def size(n: int) -> str:
    """``100000`` -> ``"1e5"``, ``20000`` -> ``"2e4"``: compact sizes in case names."""
    mantissa, exponent = f"{n:.0e}".split("e")
    return f"{mantissa}e{int(exponent)}"
