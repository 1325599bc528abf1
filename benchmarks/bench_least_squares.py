"""Fit time of numerics.least_squares against scikit-learn and the Gram-matrix floor.

A script, not a test:

    python benchmarks/bench_least_squares.py [--quick] [--repeats R] [--seed S]
        [--stat {median,min}] [--threads T]

For N in {1e4, 1e5, 1e6} and d in {10, 100}, K = 3 classes, it times in ONE run:

- floor: ``Xt.T @ Xt`` on a materialised augmented matrix Xt = [X, 1] (prepared
  outside the timing) -- the unavoidable cost of forming X~^T X~ (NumPy dispatches
  this product to BLAS syrk);
- info: ``X.T @ X`` (NumPy -> syrk, what the fit uses) and ``scipy.linalg.blas.dsyrk``;
- ours: ``fit_least_squares(X, y)``, the whole fit (label encoding, validation, Gram,
  Cholesky, condition number, solve);
- scikit-learn ``RidgeClassifier(alpha=1e-10)`` with solver 'cholesky' and 'auto'
  (alpha ~ 0 makes it the same least-squares problem; it codes targets as +-1).

Timings are medians (or minima, --stat min) over repeats of each candidate in turn,
with a pause between candidates. Candidates are NOT interleaved: right after a
scikit-learn fit, the idle-spinning threads of the other BLAS/OpenMP pools it used
made the next NumPy syrk 10 to 30 times slower on 2 cores. Ratios are of the chosen
statistic. Each size also checks that the fits agree: sklearn's decision values
must equal 2 * ours - 1.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import scipy
import sklearn
from scipy.linalg.blas import dsyrk
from sklearn.linear_model import RidgeClassifier
from threadpoolctl import threadpool_info, threadpool_limits

from numerics.least_squares import decision_function, fit_least_squares

K = 3
TARGET_SIZE = (100_000, 100)
PAUSE = 0.5  # seconds between candidates, for spinning BLAS/OpenMP threads to go idle


def _time(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


STATISTICS: dict[str, Callable[[list[float]], float]] = {"median": statistics.median, "min": min}


def _grouped(fn: Callable[[], object], repeats: int, stat: str) -> float:
    """Seconds (median or min over repeats) after one warm-up call."""
    fn()
    return STATISTICS[stat]([_time(fn) for _ in range(repeats)])


def _repeats(n: int, base: int) -> int:
    return max(3, base if n <= 10_000 else base * 2 // 3 if n <= 100_000 else base // 3)


@dataclass(frozen=True)
class Row:
    n: int
    d: int
    repeats: int
    method: str
    agreement: float
    seconds: dict[str, float]

    def ratio_to_floor(self) -> float:
        return self.seconds["ours"] / self.seconds["floor"]

    def sklearn_over_ours(self) -> float:
        return min(self.seconds["sk_cholesky"], self.seconds["sk_auto"]) / self.seconds["ours"]


def bench_one(n: int, d: int, repeats: int, rng: np.random.Generator, stat: str) -> Row:
    X = rng.standard_normal((n, d))
    y = rng.integers(0, K, size=n)
    Xt = np.hstack([X, np.ones((n, 1))])

    model = fit_least_squares(X, y)
    sk = RidgeClassifier(alpha=1e-10, solver="cholesky").fit(X, y)
    probe = X[:1000]
    ours_pm1 = 2.0 * decision_function(model, probe) - 1.0
    agreement = float(np.max(np.abs(sk.decision_function(probe) - ours_pm1)))

    candidates: dict[str, Callable[[], object]] = {
        "floor": lambda: Xt.T @ Xt,
        "gram_numpy": lambda: X.T @ X,
        "ours": lambda: fit_least_squares(X, y),
        "dsyrk_scipy": lambda: dsyrk(1.0, X.T),
        "sk_cholesky": lambda: RidgeClassifier(alpha=1e-10, solver="cholesky").fit(X, y),
        "sk_auto": lambda: RidgeClassifier(alpha=1e-10, solver="auto").fit(X, y),
    }
    seconds = {}
    for name, fn in candidates.items():
        time.sleep(PAUSE)
        seconds[name] = _grouped(fn, repeats, stat)
    return Row(n, d, repeats, model.method_, agreement, seconds)


def _busy_cpu_seconds() -> float | None:
    """CPU seconds all processes spent busy since boot (Linux /proc/stat), or None."""
    try:
        with open("/proc/stat") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _own_cpu_seconds() -> float:
    t = os.times()
    return t.user + t.system


def _header() -> str:
    versions = (
        f"python {platform.python_version()}, numpy {np.__version__}, scipy {scipy.__version__}, "
        f"scikit-learn {sklearn.__version__}, {platform.machine()}"
    )
    lines = [versions, "threadpools:"]
    for pool in threadpool_info():
        lines.append(
            f"  - {pool.get('user_api')}/{pool.get('internal_api')} {pool.get('version')} "
            f"num_threads={pool.get('num_threads')} ({pool.get('prefix')}, "
            f"{pool.get('architecture', '-')})"
        )
    return "\n".join(lines)


COLUMNS = [
    ("floor", "floor Xt.T@Xt (ms)"),
    ("gram_numpy", "X.T@X numpy syrk (ms)"),
    ("dsyrk_scipy", "scipy dsyrk (ms)"),
    ("ours", "ours (ms)"),
    ("sk_cholesky", "sklearn cholesky (ms)"),
    ("sk_auto", "sklearn auto (ms)"),
]


def _table(rows: list[Row]) -> str:
    titles = ["N", "d", *(title for _, title in COLUMNS), "ours / floor", "sklearn best / ours",
              "ours solver", "max abs(sk - (2 ours - 1))", "repeats"]
    out = ["| " + " | ".join(titles) + " |", "|" + "---|" * len(titles)]
    for r in rows:
        cells = [f"{r.n:.0e}", str(r.d), *(f"{1e3 * r.seconds[key]:.2f}" for key, _ in COLUMNS),
                 f"{r.ratio_to_floor():.2f}", f"{r.sklearn_over_ours():.1f}", r.method,
                 f"{r.agreement:.1e}", str(r.repeats)]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="N in {1e4, 1e5} only, fewer repeats")
    parser.add_argument("--repeats", type=int, default=None, help="repeats at N = 1e4 (fewer above)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--stat", choices=sorted(STATISTICS), default="median",
        help="statistic over repeats (min is less sensitive to other processes' load)",
    )
    parser.add_argument(
        "--threads", type=int, default=None,
        help="limit every BLAS/OpenMP pool to this many threads (threadpoolctl)",
    )
    args = parser.parse_args(argv)
    if args.threads is None:
        return _run(args)
    with threadpool_limits(args.threads):
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    sizes_n = [10_000, 100_000] if args.quick else [10_000, 100_000, 1_000_000]
    base = args.repeats or (7 if args.quick else 15)
    rng = np.random.default_rng(args.seed)

    print(_header())
    print(
        f"seed={args.seed}, K={K}, X ~ N(0, 1), y uniform over {K} classes; "
        f"times are the {args.stat} over repeats\n"
    )
    start, busy0, own0 = time.perf_counter(), _busy_cpu_seconds(), _own_cpu_seconds()
    rows = [
        bench_one(n, d, _repeats(n, base), rng, args.stat) for n in sizes_n for d in (10, 100)
    ]
    wall, busy1, own1 = time.perf_counter() - start, _busy_cpu_seconds(), _own_cpu_seconds()
    print(_table(rows))
    if busy0 is not None and busy1 is not None:
        others = max(0.0, (busy1 - busy0) - (own1 - own0)) / (wall * (os.cpu_count() or 1))
        print(
            f"\nother processes kept {100 * others:.0f}% of the {os.cpu_count()} CPUs busy during "
            f"the run; multithreaded BLAS timings degrade sharply when this is not near 0%"
        )

    target = next((r for r in rows if (r.n, r.d) == TARGET_SIZE), None)
    if target is not None:
        vs_floor, vs_sk = target.ratio_to_floor(), target.sklearn_over_ours()
        print(
            f"\ntargets at N=1e5, d=100: ours/floor = {vs_floor:.2f} (want <= 1.5: "
            f"{'met' if vs_floor <= 1.5 else 'NOT met'}); sklearn best/ours = {vs_sk:.1f} "
            f"(want >= 2: {'met' if vs_sk >= 2 else 'NOT met'})"
        )
    print(f"total wall time {wall:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
