"""Fit time of numerics.fisher against scikit-learn and the BLAS floor.

A script, not a test:  python benchmarks/bench_fisher.py [--quick] [--seed S]

For each N in {1e4, 1e5, 1e6}, d in {10, 100}, K in {2, 3} it times, on the same data:

- ours:    K = 2 ``fisher_classifier`` (direction + Gaussian threshold, like a fitted
           classifier; the threshold needs one more pass, X w, for the projections'
           variances); K = 3 ``fisher_projection`` (all K - 1 = 2 directions);
           for K = 2 also ``fisher_direction`` alone (column direction/floor);
- floor:   the work no fit can avoid: the 1-of-K matrix T from integer labels, the class
           sums T^T X and one Gram matrix X^T X (numpy's syrk), i.e. two passes over X;
- sklearn: ``LinearDiscriminantAnalysis(solver="svd")`` and ``(solver="eigen")``.fit.

Each round times every contender once on the same data (15 rounds at N = 1e4, 5 at 1e5,
3 at 1e6; a warm-up round first below 1e6); the table gives the median time over the
rounds and the median of the per-round ratios, so a burst of load from other processes
hits all contenders alike. The data are Gaussian classes with identity covariance and means
0.6 apart, so they are roughly centred and ``scatter_matrices`` takes its Gram path.
A second table repeats the largest N with every feature offset by +50, which sends
``scatter_matrices`` to its centred path (the numerically sound one for offset data).
Multithreaded OpenBLAS slows down by 10-300x when other processes compete for the cores
(its threads spin at every synchronisation); the script prints the share of the CPUs that
other processes used, and ``--blas-threads 1`` gives comparable timings on a busy machine.
Targets: ours within 1.5x the floor, at least 3x faster than scikit-learn.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

from numerics.fisher import (
    fisher_classifier,
    fisher_direction,
    fisher_projection,
    scatter_matrices,
)

# OpenBLAS workers spin for about 2^28 cycles (~0.1 s) after a call before they sleep; a
# pause between timed calls lets them, so no contender pays for the previous one's threads.
# Not needed (and skipped) when every pool is limited to one thread.
PAUSE_SECONDS = 0.15
# Rounds per size. Below 1e6 a separate warm-up round comes first; at 1e6 a call takes long
# enough that first-call effects vanish, and a warm-up would add minutes of scikit-learn.
ROUNDS = {10**4: 15, 10**5: 5, 10**6: 3}


def _interleaved_seconds(fns: dict[str, Callable[[], object]], rounds: int, *, warm_up: bool,
                        pause: float) -> dict[str, list[float]]:
    """Time every contender once per round, rounds repeated: a load spike hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for round_ in range(rounds + warm_up):
        for name, fn in fns.items():
            time.sleep(pause)
            start = time.perf_counter()
            fn()
            if round_ or not warm_up:
                times[name].append(time.perf_counter() - start)
    return times


class OtherLoad:
    """Share of all CPUs that other processes used between start() and share() (Linux)."""

    def start(self) -> None:
        self._busy, self._own = self._busy_seconds(), self._own_seconds()
        self._wall = time.perf_counter()

    @staticmethod
    def _busy_seconds() -> float | None:
        try:
            with open("/proc/stat") as stat:
                fields = [float(v) for v in stat.readline().split()[1:]]
        except OSError:
            return None
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0.0)
        return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _own_seconds() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    def share(self) -> str:
        busy = self._busy_seconds()
        if busy is None or self._busy is None:
            return "unknown (no /proc/stat)"
        wall = (time.perf_counter() - self._wall) * (os.cpu_count() or 1)
        other = (busy - self._busy) - (self._own_seconds() - self._own)
        return f"{max(other, 0.0) / wall:.0%}"


def _median_ratio(numerator: list[float], denominator: list[float]) -> float:
    return statistics.median(a / b for a, b in zip(numerator, denominator))


def _floor(X: np.ndarray, labels: np.ndarray, n_classes: int) -> None:
    one_hot = np.zeros((X.shape[0], n_classes))
    one_hot[np.arange(X.shape[0]), labels] = 1.0
    one_hot.T @ X
    X.T @ X


def _data(n: int, d: int, n_classes: int, offset: float,
          rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    labels = rng.integers(0, n_classes, n)
    means = rng.standard_normal((n_classes, d))
    means *= 0.3 / np.linalg.norm(means, axis=1, keepdims=True)
    X = rng.standard_normal((n, d))
    X += means[labels]
    X += offset
    return X, labels


def _environment() -> str:
    lines = [f"python {platform.python_version()}, numpy {np.__version__}",
             f"cpu count {os.cpu_count()}, platform {platform.platform()}"]
    try:
        import scipy
        import sklearn

        lines.append(f"scipy {scipy.__version__}, scikit-learn {sklearn.__version__}")
    except ImportError:
        lines.append("scikit-learn not importable: its columns are empty")
    try:
        from threadpoolctl import threadpool_info

        for pool in threadpool_info():
            lines.append(f"threadpool: {pool.get('internal_api')} {pool.get('version')} "
                         f"threads={pool.get('num_threads')} ({pool.get('filepath')})")
    except ImportError:
        lines.append("threadpoolctl not importable: thread pools unknown")
    return "\n".join(lines)


def _row(n: int, d: int, n_classes: int, offset: float, *, rounds: int, pause: float,
         with_peers: bool, rng: np.random.Generator) -> str:
    X, labels = _data(n, d, n_classes, offset, rng)
    fit = fisher_classifier if n_classes == 2 else fisher_projection
    contenders: dict[str, Callable[[], object]] = {
        "floor": lambda: _floor(X, labels, n_classes),
        "ours": lambda: fit(X, labels),
    }
    if n_classes == 2:
        contenders["direction"] = lambda: fisher_direction(X, labels)
    if with_peers:
        from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

        for solver in ("svd", "eigen"):
            contenders[solver] = (
                lambda s=solver: LinearDiscriminantAnalysis(solver=s).fit(X, labels))
    times = _interleaved_seconds(contenders, rounds, warm_up=n < 10**6, pause=pause)
    median = {name: statistics.median(t) * 1e3 for name, t in times.items()}
    cells = [f"{n:.0e}".replace("+0", ""), str(d), str(n_classes),
             scatter_matrices(X, labels).algorithm_, f"{median['floor']:.1f}",
             f"{median['ours']:.1f}", f"{_median_ratio(times['ours'], times['floor']):.2f}",
             f"{_median_ratio(times['direction'], times['floor']):.2f}"
             if "direction" in times else "-"]
    for solver in ("svd", "eigen"):
        if solver in times:
            cells += [f"{median[solver]:.1f}",
                      f"{_median_ratio(times[solver], times['ours']):.1f}"]
        else:
            cells += ["-", "-"]
    return "| " + " | ".join(cells) + " |"


HEADER = ("| N | d | K | S_W path | floor ms | ours ms | ours/floor | direction/floor "
          "| sklearn svd ms | svd/ours | sklearn eigen ms | eigen/ours |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|---|")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="N in {1e4, 1e5} only")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--blas-threads", type=int, default=None,
                        help="limit every BLAS/OpenMP pool to this many threads (threadpoolctl); "
                             "1 gives stable timings when other processes load the CPUs")
    args = parser.parse_args(argv)
    # Load every BLAS/OpenMP library first: threadpoolctl limits only the loaded ones.
    import scipy.linalg  # noqa: F401

    try:
        import sklearn.discriminant_analysis  # noqa: F401
    except ImportError:
        with_peers = False
    else:
        with_peers = True
    if args.blas_threads is not None:
        from threadpoolctl import threadpool_limits

        threadpool_limits(limits=args.blas_threads)
    rng = np.random.default_rng(args.seed)
    sizes = [10**4, 10**5] if args.quick else [10**4, 10**5, 10**6]
    pause = 0.0 if args.blas_threads == 1 else PAUSE_SECONDS

    print(_environment())
    print(f"seed {args.seed}; median over rounds "
          f"({', '.join(f'{ROUNDS[n]} at N = {n:.0e}' for n in sizes)}), "
          f"{pause} s pause before each timed call\n")
    load = OtherLoad()
    load.start()
    print(HEADER)
    for n in sizes:
        for d in (10, 100):
            for n_classes in (2, 3):
                print(_row(n, d, n_classes, 0.0, rounds=ROUNDS[n], pause=pause,
                           with_peers=with_peers, rng=rng), flush=True)
    n = sizes[-1]
    print(f"\nOffset data (every feature + 50), N = {n:.0e}, ours against the floor only:\n")
    print(HEADER)
    for d in (10, 100):
        print(_row(n, d, 2, 50.0, rounds=ROUNDS[n], pause=pause, with_peers=False, rng=rng),
              flush=True)
    print(f"\nCPU share used by other processes during the run: {load.share()} "
          f"(well above 0% means the table measures the machine's load, not the code)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
