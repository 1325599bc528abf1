"""The kit as a package: its docstring examples run, and ``import numerics`` stays free of
Hypothesis and scikit-learn (the kit and the estimators are optional)."""

from __future__ import annotations

import doctest
import subprocess
import sys

import pytest

import numerics.testing.checks
import numerics.testing.strategies


@pytest.mark.parametrize("module", [numerics.testing.checks, numerics.testing.strategies],
                         ids=lambda m: m.__name__)
@pytest.mark.slow
def test_docstring_examples_run(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_importing_every_numerics_module_imports_neither_hypothesis_nor_sklearn():
    code = (
        "import pkgutil, importlib, sys, numerics\n"
        "for m in pkgutil.iter_modules(numerics.__path__):\n"
        "    if m.name not in ('testing', 'estimators'):\n"
        "        importlib.import_module('numerics.' + m.name)\n"
        "print(sorted(n for n in ('hypothesis', 'sklearn') if n in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
