"""Least squares, Fisher and logistic IRLS past one machine: in memory against Dask.

    python benchmarks/bench_dask.py [--quick]      # standalone; run.py calls run(quick)

Cases (N = 1e7, d = 20, two classes; quick: N = 1e6): ``fit_least_squares``,
``fisher_classifier``, ``fit_logistic_regression`` and ``hard_margin_svm`` (the working
set: each round's violation scan one map-reduce over the chunks), each by three
implementations on the same data:

- ``numpy in memory``: the fit on NumPy arrays (the peer of the other two rows);
- ``dask chunks 250k``: the fit on ``da.from_array`` of those arrays, 250,000-row chunks,
  on Dask's threaded scheduler (one thread per core);
- ``dask LocalCluster 2 workers``: the fit on the same data generated chunk by chunk on a
  ``dask.distributed.LocalCluster`` of 2 single-threaded worker processes and held there
  (``persist``, untimed): the data lives where it is reduced, as on a cluster.

The data: two Gaussian classes with identity covariance, means 0 and ``shift``, each
chunk drawn from ``np.random.default_rng([seed, chunk index])``; the in-memory copy is
the same chunks computed locally, so all three rows fit identical data. The SVM needs
separable data: the same chunks labelled +-1 by the side of u^T x = 0 (u the unit vector
along ``shift``) and each row moved 0.1 along u to its side, chunk by chunk. Each row's
note gives the largest relative difference of its weights from the in-memory ones (the
SVM's also its rounds and KKT residual). The paper estimate covers the first three fits.

Timing: ``time.perf_counter`` around the bare call, one warm-up call per row first, then
at least 3 rounds, each calling every row of a case once in turn. BLAS in this process is
limited to one thread when threadpoolctl is present (as run.py does by default), so
``numpy in memory`` uses one core and the Dask rows two: the ratio shows what the chunked
reduction buys or costs on this machine, not a like-for-like kernel comparison. The
workers of the LocalCluster get one BLAS thread each from ``distributed`` itself.

The paper estimate at N = 1e10. Each fit is a fixed number of passes over the data
(least squares 1; Fisher 1, or 2 when S_W must be centred, plus 1 for the projections;
logistic 1 plus one per evaluated Newton step, counted at the measured N). One pass costs
(chunks x the measured cost of one chunk's kernel, timed here on a 250k x 20 chunk) /
workers, plus the scheduler: a cost per pass (the best pass over 20 ten-row chunks held on the
LocalCluster, measured before the data is loaded onto it) and a cost per task (kernel and merge tasks; the best pass over 400 such
chunks divided by its tasks, which overstates it by the per-pass cost), where the kernels
cost next to nothing. Compute and scheduling are added, not overlapped (conservative).
Assumptions, repeated in each estimate row: 100 single-core workers like these; the data
resident in the workers' memory (1.6 TB in all) or generated there at no more than the
kernel's cost, so no pass waits for disk or network (only d x d partial sums travel); a
scheduler whose per-task cost stays what it is at 400 tasks; the same number of Newton
steps as measured (IRLS steps depend on the geometry of the problem, not on N).
"""

from __future__ import annotations

import math
import time
from contextlib import nullcontext

import numpy as np

CHUNK_ROWS = 250_000
FEATURES = 20
SEED = 11
PAPER_ROWS = 10**10
PAPER_WORKERS = 100
IN_MEMORY = "numpy in memory"
THREADED = "dask chunks 250k"
CLUSTER = "dask LocalCluster 2 workers"


def _labels(chunk: int, rows: int) -> np.ndarray:
    """The labels of one chunk, from their own stream of the chunk's seed."""
    return np.random.default_rng([SEED, chunk, 1]).random(rows) < 0.5


def _features(block_info=None, *, shift: np.ndarray) -> np.ndarray:
    """One chunk of X: standard normal rows, plus ``shift`` for the rows labelled 1."""
    info = block_info[None]
    (start, stop), _ = info["array-location"]
    chunk = info["chunk-location"][0]
    X = np.random.default_rng([SEED, chunk, 0]).standard_normal((stop - start, FEATURES))
    np.add(X, shift, out=X, where=_labels(chunk, stop - start)[:, None])
    return X


def _label_block(block_info=None) -> np.ndarray:
    info = block_info[None]
    (start, stop), = info["array-location"]
    return _labels(info["chunk-location"][0], stop - start).astype(np.int8)


def _lazy_data(rows: int):
    import dask.array as da

    shift = np.linspace(1.0, -1.0, FEATURES) / math.sqrt(FEATURES)
    chunks = (CHUNK_ROWS,) * (rows // CHUNK_ROWS) + ((rows % CHUNK_ROWS,) if rows % CHUNK_ROWS
                                                     else ())
    X = da.map_blocks(_features, chunks=(chunks, (FEATURES,)), dtype=np.float64,
                      meta=np.empty((0, FEATURES)), shift=shift)
    y = da.map_blocks(_label_block, chunks=(chunks,), dtype=np.int8,
                      meta=np.empty((0,), dtype=np.int8))
    return X, y


SVM_MARGIN = 0.1


def _svm_direction() -> np.ndarray:
    u = np.linspace(1.0, -1.0, FEATURES)
    return u / np.linalg.norm(u)


def _svm_labels(x: np.ndarray) -> np.ndarray:
    return np.where(x @ _svm_direction() > 0, 1.0, -1.0)


def _svm_rows(x: np.ndarray) -> np.ndarray:
    """A chunk made separable with margin SVM_MARGIN along u (module docstring)."""
    return x + np.outer(_svm_labels(x) * SVM_MARGIN, _svm_direction())


def _svm_data(X_lazy):
    return (X_lazy.map_blocks(_svm_rows, dtype=np.float64),
            X_lazy.map_blocks(_svm_labels, drop_axis=1, dtype=np.float64))


def _fits():
    from numerics.fisher import fisher_classifier
    from numerics.least_squares import fit_least_squares
    from numerics.logistic import fit_logistic_regression

    return [("least_squares", fit_least_squares), ("fisher_classifier", fisher_classifier),
            ("logistic IRLS", fit_logistic_regression)]


def _weights(model) -> np.ndarray:
    """(w, b) of the decision w^T x + b between the two classes."""
    coef, intercept = np.asarray(model.coef_), np.atleast_1d(model.intercept_)
    if coef.ndim == 2:  # least squares: one discriminant per class, their difference decides
        return np.append(coef[1] - coef[0], intercept[1] - intercept[0])
    return np.append(coef, intercept)


def _blas_one_thread():
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return nullcontext()
    return threadpool_limits(limits=1)


def _chunk_costs(X: np.ndarray, y: np.ndarray, logistic_V: np.ndarray, repeats: int) -> dict:
    """Seconds of each pass's kernel on one chunk (the minimum over repeats)."""
    from numerics import _reductions as r

    x, labels, classes = X[:CHUNK_ROWS], y[:CHUNK_ROWS], np.array([0, 1], dtype=y.dtype)
    means = np.zeros((2, FEATURES))
    kernels = {
        "moments": lambda: r._class_moments_block(x, labels, 0, 1, 0),
        "centred": lambda: r._centred_scatter_block(x, labels, 0, classes, means),
        "projection": lambda: r._projection_block(x, labels, 0, classes, logistic_V[:-1, 0],
                                                  np.zeros(2)),
        "newton": lambda: r._newton_block(x, labels, 0, classes, logistic_V),
    }
    costs = {}
    for name, kernel in kernels.items():
        kernel()
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            kernel()
            times.append(time.perf_counter() - start)
        costs[name] = min(times)
    return costs


def run(quick: bool) -> list[dict]:
    """Rows in run.py's protocol: name, impl, times, peer, note (+ the paper estimates)."""
    import dask
    import dask.array as da
    from dask.distributed import Client, LocalCluster, wait

    rows = 10**6 if quick else 10**7
    repeats = 3
    size = f"N=1e{round(math.log10(rows))} d={FEATURES}"
    X_lazy, y_lazy = _lazy_data(rows)
    X, y = dask.compute(X_lazy, y_lazy, scheduler="threads")
    X, y = np.ascontiguousarray(X), np.ascontiguousarray(y)
    X_threaded = da.from_array(X, chunks=(CHUNK_ROWS, -1))
    y_threaded = da.from_array(y, chunks=CHUNK_ROWS)

    results = []
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, \
            Client(cluster) as client, _blas_one_thread():
        # the scheduler's own costs first, before 1.6 GB of data sits on the workers
        per_pass, per_task = _scheduler_costs(client, repeats)
        X_cluster, y_cluster = client.persist([X_lazy, y_lazy])
        wait([X_cluster, y_cluster])
        implementations = [
            (IN_MEMORY, X, y, nullcontext),
            (THREADED, X_threaded, y_threaded, lambda: dask.config.set(scheduler="threads")),
            (CLUSTER, X_cluster, y_cluster, lambda: dask.config.set(scheduler=client.get)),
        ]
        passes, fitted = {}, {}
        for case, fit in _fits():
            name = f"{case} {size}"
            times, models = _rounds(fit, implementations, repeats)
            reference = _weights(models[IN_MEMORY])
            for impl, *_ in implementations:
                difference = np.max(np.abs(_weights(models[impl]) - reference)) / np.max(
                    np.abs(reference))
                results.append({
                    "name": name, "impl": impl, "times": times[impl][1:],
                    "peer": None if impl == IN_MEMORY else IN_MEMORY,
                    "note": ("the reference weights (w, b)" if impl == IN_MEMORY else
                             f"max rel. difference from in memory {difference:.1e}"),
                })
            passes[case] = _passes(case, models[IN_MEMORY], X, y)
            fitted[case] = models[IN_MEMORY]
        costs = _chunk_costs(X, y, _logistic_V(fitted["logistic IRLS"]), repeats)
        del implementations, X_cluster, y_cluster   # the first data off the workers
        results += _svm_case(client, X_lazy, size, repeats)
    results += _paper_estimates(passes, costs, per_pass, per_task)
    return results


def _rounds(fit, implementations, repeats: int) -> tuple[dict, dict]:
    """Each implementation's times (the first, the warm-up, included) and last model, the
    implementations called in turn in each of 1 + ``repeats`` rounds."""
    times = {impl: [] for impl, *_ in implementations}
    models = {}
    for _ in range(repeats + 1):  # the first round is the warm-up
        for impl, Xi, yi, scheduler in implementations:
            with scheduler():
                start = time.perf_counter()
                models[impl] = fit(Xi, yi)
                times[impl].append(time.perf_counter() - start)
    return times, models


def _svm_case(client, X_lazy, size: str, repeats: int) -> list[dict]:
    """``hard_margin_svm`` in memory, on threaded chunks and on the LocalCluster (data
    persisted there, untimed), rows as in :func:`run`."""
    import dask
    import dask.array as da
    from dask.distributed import wait

    from numerics.svm import hard_margin_svm

    Xs_lazy, ys_lazy = _svm_data(X_lazy)
    Xs, ys = dask.compute(Xs_lazy, ys_lazy, scheduler="threads")
    Xs, ys = np.ascontiguousarray(Xs), np.ascontiguousarray(ys)
    X_cluster, y_cluster = client.persist([Xs_lazy, ys_lazy])
    wait([X_cluster, y_cluster])
    implementations = [
        (IN_MEMORY, Xs, ys, nullcontext),
        (THREADED, da.from_array(Xs, chunks=(CHUNK_ROWS, -1)),
         da.from_array(ys, chunks=CHUNK_ROWS), lambda: dask.config.set(scheduler="threads")),
        (CLUSTER, X_cluster, y_cluster, lambda: dask.config.set(scheduler=client.get)),
    ]
    times, models = _rounds(hard_margin_svm, implementations, repeats)
    reference = _weights(models[IN_MEMORY])
    rows = []
    for impl, *_ in implementations:
        model = models[impl]
        difference = np.max(np.abs(_weights(model) - reference)) / np.max(np.abs(reference))
        rows.append({
            "name": f"hard_margin_svm {size} margin {SVM_MARGIN}", "impl": impl,
            "times": times[impl][1:], "peer": None if impl == IN_MEMORY else IN_MEMORY,
            "note": (f"{model.method_}, {model.rounds_} round(s), KKT {model.kkt_.max():.0e}, "
                     f"{model.support_.size} support vectors"
                     + ("" if impl == IN_MEMORY else
                        f"; max rel. difference from in memory {difference:.1e}")),
        })
    return rows


def _logistic_V(model) -> np.ndarray:
    return np.append(model.coef_, model.intercept_)[:, None]


def _passes(case: str, model, X: np.ndarray, y: np.ndarray) -> dict[str, int]:
    """Which kernels one fit runs over the data, and how often (logistic: the first pass,
    then one per evaluated Newton step; the last step is applied unevaluated)."""
    if case == "least_squares":
        return {"moments": 1}
    if case == "fisher_classifier":
        from numerics.fisher import scatter_matrices

        centred = scatter_matrices(X, y).algorithm_ == "centred"
        return {"moments": 1, "centred": int(centred), "projection": 1}
    return {"moments": 1, "newton": model.n_iter_ - 1}


def _tasks(chunks: int) -> int:
    """Tasks of one pass: a kernel per chunk, then the merges of a tree of fan-in 8."""
    total, level = chunks, chunks
    while level > 1:
        level = math.ceil(level / 8)
        total += level
    return total


def _scheduler_costs(client, repeats: int) -> tuple[float, float]:
    """(seconds per pass, seconds per task) of the distributed scheduler: the best time of
    a pass over 20 ten-row chunks held on the workers, and of a pass over 400 such chunks
    divided by its tasks (the kernels cost next to nothing on ten rows)."""
    import dask
    import dask.array as da
    from dask.distributed import wait

    from numerics import _reductions

    best = {}
    for chunks in (20, 400):
        X = client.persist(da.ones((10 * chunks, FEATURES), chunks=(10, FEATURES)))
        y = client.persist(da.arange(10 * chunks, chunks=10) % 2)
        wait([X, y])
        with dask.config.set(scheduler=client.get):
            times = []
            for _ in range(repeats):
                start = time.perf_counter()
                _reductions.class_moments(X, y)
                times.append(time.perf_counter() - start)
        best[chunks] = min(times)
    return best[20], best[400] / _tasks(400)


def _paper_estimates(passes, costs, per_pass, per_task) -> list[dict]:
    """Rows with the estimated time of each fit at N = 1e10 on PAPER_WORKERS workers."""
    chunks = PAPER_ROWS // CHUNK_ROWS
    estimates = []
    for case, kernels in passes.items():
        n_passes = sum(kernels.values())
        compute = sum(n * costs[k] for k, n in kernels.items()) * chunks / PAPER_WORKERS
        scheduling = n_passes * (per_pass + _tasks(chunks) * per_task)
        estimates.append({
            "name": f"{case} N=1e10 d={FEATURES} (paper estimate)",
            "impl": f"{PAPER_WORKERS} workers, chunks 250k",
            "times": [compute + scheduling],
            "peer": None,
            "estimate": True,
            "note": (f"{n_passes} pass(es) of {chunks:,} chunks; kernel per chunk "
                     + ", ".join(f"{k} {costs[k] * 1e3:.0f} ms x{n}" for k, n in kernels.items()
                                 if n)
                     + f": compute {compute:.0f} s on {PAPER_WORKERS} workers; scheduler "
                     f"{per_pass * 1e3:.0f} ms/pass + {per_task * 1e6:.0f} us/task x "
                     f"{_tasks(chunks):,} tasks/pass = {scheduling:.0f} s (measured on the "
                     f"LocalCluster); data resident on the workers, no I/O wait"),
        })
    return estimates


def main() -> None:
    import argparse
    import statistics

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="N = 1e6 instead of 1e7")
    args = parser.parse_args()
    start = time.perf_counter()
    rows = run(args.quick)
    medians = {(r["name"], r["impl"]): statistics.median(r["times"]) for r in rows}
    print("| case | impl | runs | median s | vs | ratio | note |\n|---|---|---|---|---|---|---|")
    for r in rows:
        median = medians[r["name"], r["impl"]]
        ratio = (f"{median / medians[r['name'], r['peer']]:.2f}" if r["peer"] else "")
        runs = "estimate" if r.get("estimate") else len(r["times"])
        print(f"| {r['name']} | {r['impl']} | {runs} | {median:.3f} | {r['peer'] or ''} | "
              f"{ratio} | {r['note']} |")
    print(f"\n{time.perf_counter() - start:.1f} s in all")


if __name__ == "__main__":
    main()
