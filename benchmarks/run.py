"""The benchmark suite: every ``numerics`` algorithm against its peer and its floor, in one run.

    python benchmarks/run.py [--quick] [--json FILE] [--only TOPIC ...] [--blas-threads N]

Collects rows from every ``bench_<topic>.py`` module (each exposes ``run(quick) ->
list[dict]``), then prints one table: per row the minimum, median and maximum time over
the repeats and the ratio of its median to the median of its ``peer`` row in the same
case. ``--json FILE`` also writes the machine (CPU, cores, library and BLAS versions),
the settings and every row with its raw times. ``bench_dask`` runs too when Dask is
installed. README.md says what each row means; RESULTS.md holds the latest full run.

Row protocol (what a topic module returns): ``name`` (the case), ``impl`` (the
contender), ``times`` (seconds per repeat), ``peer`` (the ``impl`` of the same case its
ratio is taken against, or None), optionally ``peak_mib`` and ``note``; a row with a
``skipped`` reason and no times says what was not run.

Before anything is allocated the process keeps its heap (glibc: no mmap for large blocks,
no trimming), because on these VMs memory returned to the system is slow to get back: a
fit that frees and reallocates hundreds of MiB per call would time the kernel's page
faults. Every BLAS/OpenMP pool is limited to ``--blas-threads`` threads (default 1, see
README.md).
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import importlib
import json
import os
import platform
import resource
import shlex
import statistics
import subprocess
import sys
import time
import traceback
from pathlib import Path

TOPICS = ["least_squares", "fisher", "logistic", "multiclass", "geometry", "feature_maps",
          "separability", "svm", "perceptron", "dask", "verify"]
BLAS_PAUSE_SECONDS = 0.15
_M_TRIM_THRESHOLD, _M_MMAP_MAX = -1, -4


def keep_heap() -> str:
    """Ask glibc to serve every block from the heap and never give freed memory back."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return "heap: default allocator (not glibc)"
    if libc.mallopt(_M_MMAP_MAX, 0) and libc.mallopt(_M_TRIM_THRESHOLD, 2**31 - 1):
        return "heap: kept (glibc mallopt M_MMAP_MAX=0, M_TRIM_THRESHOLD=2^31-1)"
    return "heap: default (mallopt refused)"


class OtherLoad:
    """Share of all CPUs that other processes kept busy since construction (Linux)."""

    def __init__(self) -> None:
        self._busy, self._own, self._wall = self._busy_seconds(), self._own_seconds(), \
            time.perf_counter()

    @staticmethod
    def _busy_seconds() -> float | None:
        try:
            with open("/proc/stat") as stat:
                fields = [float(v) for v in stat.readline().split()[1:]]
        except (OSError, ValueError):
            return None
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0.0)
        return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _own_seconds() -> float:
        own = [resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                   resource.RUSAGE_CHILDREN)]
        return sum(u.ru_utime + u.ru_stime for u in own)

    def share(self) -> float | None:
        busy = self._busy_seconds()
        if busy is None or self._busy is None:
            return None
        wall = (time.perf_counter() - self._wall) * (os.cpu_count() or 1)
        return max((busy - self._busy) - (self._own_seconds() - self._own), 0.0) / wall


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_gib() -> float | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    except (ValueError, OSError):
        return None


def _git_commit() -> str:
    try:
        here = Path(__file__).resolve().parent
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here,
                                capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=here, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return commit + (" (working tree modified)" if dirty.strip() else "")


def machine() -> dict:
    """What ran the benchmark: CPU, cores, memory, versions, thread pools (as limited)."""
    import numpy
    import scipy
    import sklearn
    from threadpoolctl import threadpool_info

    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "cores_usable": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
        else None,
        "memory_gib": _memory_gib(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "scipy": scipy.__version__,
        "scikit-learn": sklearn.__version__,
        "threadpools": [{key: pool.get(key) for key in ("user_api", "internal_api", "version",
                                                        "num_threads", "architecture",
                                                        "filepath")}
                        for pool in threadpool_info()],
        "commit": _git_commit(),
    }


def _load(topic: str) -> object | str:
    """The module ``bench_<topic>``, or why it cannot run."""
    if topic == "dask":
        try:
            import dask  # noqa: F401
        except ImportError:
            return "skipped: dask not installed"
    try:
        return importlib.import_module(f"bench_{topic}")
    except ImportError as exc:
        if exc.name == f"bench_{topic}":
            return f"skipped: benchmarks/bench_{topic}.py not found"
        return f"skipped: {exc}"


def collect(topics: list[str], quick: bool) -> tuple[list[dict], dict[str, float], bool]:
    """Rows of every topic in order, seconds per topic, and False if a module raised (its
    traceback is printed)."""
    rows: list[dict] = []
    seconds: dict[str, float] = {}
    ok = True
    for topic in topics:
        start = time.perf_counter()
        module = _load(topic)
        if isinstance(module, str):
            rows.append({"name": topic, "impl": "-", "times": [], "peer": None,
                         "skipped": module})
        else:
            try:
                rows += module.run(quick)
            except Exception:  # noqa: BLE001 -- one broken topic must not lose the others' rows
                traceback.print_exc()
                ok = False
                rows.append({"name": topic, "impl": "-", "times": [], "peer": None,
                             "skipped": "error: see the traceback above"})
        seconds[topic] = round(time.perf_counter() - start, 1)
        print(f"[{topic}: {seconds[topic]:.0f} s]", file=sys.stderr, flush=True)
    return rows, seconds, ok


def summarise(rows: list[dict]) -> list[dict]:
    """Add min, median, max (seconds) and ratio (median / the peer row's median)."""
    medians = {(r["name"], r["impl"]): statistics.median(r["times"]) for r in rows
               if r["times"]}
    out = []
    for r in rows:
        r = dict(r)
        if r["times"]:
            r["min"], r["median"], r["max"] = min(r["times"]), medians[(r["name"], r["impl"])], \
                max(r["times"])
            peer = medians.get((r["name"], r["peer"])) if r.get("peer") else None
            r["ratio"] = r["median"] / peer if peer else None
        out.append(r)
    return out


def _seconds(s: float) -> str:
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.3g} ms"
    return f"{s * 1e6:.3g} µs"


def _ratio(ratio: float | None) -> str:
    if ratio is None:
        return "-"
    return f"{ratio:.2f}" if ratio >= 0.1 else f"{ratio:.2g}"


def _mib(mib: float | None) -> str:
    if mib is None:
        return "-"
    return f"{mib:.1f}" if mib < 10 else f"{mib:.0f}"


def table(rows: list[dict]) -> str:
    """The Markdown table of timed rows; skipped rows are listed below it."""
    head = ["case", "impl", "runs", "min", "median", "max", "vs", "ratio", "peak MiB", "note"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    skipped = []
    for r in rows:
        if not r["times"]:
            skipped.append(f"- {r['name']}: {r.get('skipped', 'no times')}")
            continue
        peak = r.get("peak_mib")
        cells = [r["name"], r["impl"], str(len(r["times"])), _seconds(r["min"]),
                 _seconds(r["median"]), _seconds(r["max"]), r.get("peer") or "-",
                 _ratio(r["ratio"]),
                 _mib(peak), r.get("note") or ""]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines + ([""] + skipped if skipped else []))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="small sizes, 3 repeats, one cold and one warm `lindisc verify` (under 2 minutes)")
    parser.add_argument("--json", metavar="FILE", type=Path,
                        help="also write the machine, the settings and every row as JSON")
    parser.add_argument("--only", nargs="+", choices=TOPICS, metavar="TOPIC",
                        help=f"run only these topics ({', '.join(TOPICS)})")
    parser.add_argument("--blas-threads", type=int, default=1, metavar="N",
                        help="threads for every BLAS/OpenMP pool (default 1; see README.md)")
    args = parser.parse_args(argv)
    if args.blas_threads < 1:
        parser.error(f"--blas-threads must be at least 1, got {args.blas_threads}")

    heap = keep_heap()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    # Load every BLAS/OpenMP library before limiting: threadpoolctl limits only loaded ones.
    import scipy.linalg  # noqa: F401
    import sklearn.linear_model  # noqa: F401
    from _harness import set_pause
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=args.blas_threads)
    set_pause(0.0 if args.blas_threads == 1 else BLAS_PAUSE_SECONDS)
    started = datetime.datetime.now(datetime.UTC)
    wall, load = time.perf_counter(), OtherLoad()
    rows, topic_seconds, ok = collect(args.only or TOPICS, args.quick)
    wall = time.perf_counter() - wall
    share = load.share()
    rows = summarise(rows)
    info = machine()

    command = "python benchmarks/run.py" + "".join(
        f" {shlex.quote(a)}" for a in (sys.argv[1:] if argv is None else argv))
    settings = {
        "command": command,
        "date": started.isoformat(timespec="seconds"),
        "mode": "quick" if args.quick else "full",
        "blas_threads": args.blas_threads,
        "heap": heap,
        "wall_seconds": round(wall, 1),
        "topic_seconds": topic_seconds,
        "other_processes_cpu_share": share,
    }
    pools = ", ".join(f"{p['internal_api']} {p['version']} ({p['num_threads']} thread"
                      f"{'s' if p['num_threads'] != 1 else ''})" for p in info["threadpools"])
    print(f"{info['cpu']}, {info['cores']} cores, {info['memory_gib']:.0f} GiB; "
          f"python {info['python']}, numpy {info['numpy']}, scipy {info['scipy']}, "
          f"scikit-learn {info['scikit-learn']}; {pools}; {heap}")
    print(f"{settings['date']}, commit {info['commit']}: {command}\n")
    print(table(rows))
    print("\nratio = median / median of the `vs` row of the same case: ours vs floor near 1 "
          "means ours adds little to the unavoidable work; a peer vs ours above 1 means ours "
          "is faster. peak MiB: NumPy/Python allocations of one call (tracemalloc).")
    print(f"wall time {wall:.0f} s; other processes kept "
          + (f"{share:.0%}" if share is not None else "an unknown share")
          + f" of the {os.cpu_count()} CPUs busy (ratios within this run are what count)")
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "settings": settings, "rows": rows},
                                        indent=1) + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
