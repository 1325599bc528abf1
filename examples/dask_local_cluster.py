"""Least squares, Fisher and logistic regression on a dask.distributed LocalCluster, over data
that is generated chunk by chunk on the workers and never exists in one piece.

The data: two Gaussian classes with a shared identity covariance whose means differ by
``shift`` (so the logistic model is the true one, and the Bayes direction is ``shift``).
Each chunk of rows is drawn from ``np.random.default_rng([seed, chunk index])``, so the
data are the same on every pass and on any number of workers, and a pass only ever holds
a few chunks per worker in memory. Each fit brings back small matrices only ((d+1) x (d+1)
and (d+1) x K); the example prints the fits, how far each direction is from ``shift``, and
the time each took.

    python examples/dask_local_cluster.py                  # 1e6 x 20: well under a minute
    python examples/dask_local_cluster.py --rows 2e9       # 322 GB at d = 20: the big run

The big run holds 13 times the 24 GiB of the machine this was written on; it takes hours
on 2 cores (about 4 passes over the data per logistic fit plus one per other fit, each
generating the data anew), and its memory use stays that of the small run. Requires
``pip install lindisc[dask]``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


def _labels(seed: int, chunk: int, rows: int) -> np.ndarray:
    """The labels of one chunk, from their own stream of the chunk's seed."""
    return np.random.default_rng([seed, chunk, 1]).random(rows) < 0.5


def _features(block_info=None, *, seed: int, shift: np.ndarray) -> np.ndarray:
    """One chunk of X: standard normal rows, plus ``shift`` for the rows labelled 1."""
    info = block_info[None]
    (start, stop), _ = info["array-location"]
    chunk = info["chunk-location"][0]
    X = np.random.default_rng([seed, chunk, 0]).standard_normal((stop - start, shift.shape[0]))
    np.add(X, shift, out=X, where=_labels(seed, chunk, stop - start)[:, None])
    return X


def _label_block(block_info=None, *, seed: int) -> np.ndarray:
    info = block_info[None]
    (start, stop), = info["array-location"]
    return _labels(seed, info["chunk-location"][0], stop - start).astype(np.int8)


def lazy_data(rows: int, features: int, chunk_rows: int, seed: int):
    """X (rows, features) and y (rows,) as Dask arrays generated chunk by chunk."""
    import dask.array as da

    shift = np.linspace(1.0, -1.0, features) / np.sqrt(features)
    chunks = (chunk_rows,) * (rows // chunk_rows) + ((rows % chunk_rows,) if rows % chunk_rows
                                                     else ())
    X = da.map_blocks(_features, chunks=(chunks, (features,)), dtype=np.float64,
                      meta=np.empty((0, features)), seed=seed, shift=shift)
    y = da.map_blocks(_label_block, chunks=(chunks,), dtype=np.int8,
                      meta=np.empty((0,), dtype=np.int8), seed=seed)
    return X, y, shift


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=float, default=1e6,
                        help="samples N (default 1e6; 2e9 is the out-of-memory run)")
    parser.add_argument("--features", type=int, default=20, help="features d (default 20)")
    parser.add_argument("--chunk-rows", type=float, default=250_000,
                        help="rows per chunk (default 250000)")
    parser.add_argument("--workers", type=int, default=2,
                        help="worker processes of the LocalCluster (default 2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the data (default 0)")
    args = parser.parse_args(argv)
    rows, chunk_rows = int(args.rows), int(args.chunk_rows)

    import psutil
    from dask.distributed import Client, LocalCluster

    from numerics.fisher import fisher_classifier
    from numerics.least_squares import fit_least_squares
    from numerics.logistic import fit_logistic_regression

    X, y, shift = lazy_data(rows, args.features, chunk_rows, args.seed)
    size = rows * (args.features * 8 + 1)
    available = psutil.virtual_memory().available
    print(f"data: N = {rows:,} rows x d = {args.features} features, {X.numblocks[0]} chunks of "
          f"{chunk_rows:,} rows; {size / 2**30:.2f} GiB (float64 X, int8 y), "
          f"{size / available:.2g}x the {available / 2**30:.1f} GiB available here "
          f"(never materialised: chunks are generated on the workers)")

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        print(f"cluster: LocalCluster with {args.workers} worker processes, 1 thread each")
        client.run(lambda: __import__("numerics.logistic"))  # imports outside the timings
        timings = {}

        start = time.perf_counter()
        ls = fit_least_squares(X, y)
        timings["least squares"] = time.perf_counter() - start
        w_ls = ls.coef_[1] - ls.coef_[0]
        print(f"\nleast squares (1 pass, {ls.method_}): y_1(x) - y_0(x) = w^T x + b with "
              f"w[:3] = {np.round(w_ls[:3], 4)}, b = {ls.intercept_[1] - ls.intercept_[0]:.4f}; "
              f"cos(w, shift) = {_cosine(w_ls, shift):.6f}")

        start = time.perf_counter()
        fi = fisher_classifier(X, y)
        timings["Fisher"] = time.perf_counter() - start
        print(f"Fisher classifier ({fi.direction_.counts_.tolist()} samples per class; "
              f"a pass for the scatter, one for the projections): "
              f"w[:3] = {np.round(fi.coef_[:3], 4)}, threshold {-fi.intercept_:.4f}, "
              f"J(w) = {fi.direction_.criterion_:.3g}; cos(w, shift) = "
              f"{_cosine(fi.coef_, shift):.6f}")

        start = time.perf_counter()
        lr = fit_logistic_regression(X, y)
        timings["logistic IRLS"] = time.perf_counter() - start
        print(f"logistic regression ({lr.n_iter_} Newton steps): w[:3] = "
              f"{np.round(lr.coef_[:3], 4)}, b = {lr.intercept_:.4f}; cos(w, shift) = "
              f"{_cosine(lr.coef_, shift):.6f} (true w = shift, b = -||shift||^2/2 = "
              f"{-shift @ shift / 2:.4f})")

    print("\ntimings: " + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in
                                    timings.items()))
    print(f"throughput of the least-squares pass: "
          f"{rows / timings['least squares'] / 1e6:.2f} M rows/s")


if __name__ == "__main__":
    main()
