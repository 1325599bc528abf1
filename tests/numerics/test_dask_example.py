"""examples/dask_local_cluster.py runs end to end on a real LocalCluster, at a tiny size."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask")
pytest.importorskip("distributed")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "dask_local_cluster.py"


@pytest.mark.slow
def test_local_cluster_example_fits_the_true_direction():
    """Two Gaussian classes differing by ``shift``: every fit's direction is close to it."""
    result = subprocess.run(
        [sys.executable, str(EXAMPLE), "--rows", "40000", "--features", "3",
         "--chunk-rows", "5000", "--workers", "2"],
        check=False, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    assert "8 chunks of 5,000 rows" in out and "LocalCluster with 2 worker processes" in out
    cosines = [float(c) for c in re.findall(r"cos\(w, shift\) = ([0-9.]+)", out)]
    assert len(cosines) == 3 and min(cosines) > 0.99, out
    assert re.search(r"timings: least squares [0-9.]+ s, Fisher [0-9.]+ s, logistic IRLS", out)
