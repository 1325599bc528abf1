"""examples/conformance_kit.py runs as a script: the user's implementations pass, the planted
bug is reported by the property it breaks, and the estimators cross-validate."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sklearn")

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "conformance_kit.py"


@pytest.mark.slow
def test_the_example_passes_the_correct_code_and_reports_the_bug():
    result = subprocess.run([sys.executable, str(EXAMPLE), "--examples", "8"],
                            capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    for name in ("check_perceptron(my_perceptron)", "check_least_squares(my_least_squares)",
                 "check_logistic_gradient(my_logistic_gradient)",
                 "check_logistic_hessian(my_logistic_hessian)", "check_irls_step(my_irls_step)",
                 "check_ho_kashyap(my_ho_kashyap)",
                 "check_svm_dual(sklearn_svm_dual, solver_tol=1e-3)"):
        assert f"PASS  {name}" in out
    assert "FAIL  check_logistic_gradient(my_buggy_gradient)" in out
    assert "property failed: logistic_gradient: equals sum of" in out
    assert "input (the smallest Hypothesis found):" in out
    accuracies = dict(re.findall(r"^  (\w+) +([0-9.]+) ±", out, flags=re.M))
    assert set(accuracies) == {"LeastSquaresClassifier", "FisherClassifier",
                               "PerceptronClassifier", "LogisticRegressionIRLS"}
    assert float(accuracies["LogisticRegressionIRLS"]) > 0.7
