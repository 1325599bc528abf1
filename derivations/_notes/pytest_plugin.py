"""``pytest --lindisc notes/``: each notes or claims file that opts in (:func:`.hooks.wants`)
is a test item; it fails when a step does not hold (other than a marked erratum), and the
failure shows the located report: each chain, its first wrong step and the counterexample.

Enable it with ``-p derivations._notes.pytest_plugin`` (or the ``pytest11`` entry point
``lindisc`` of an installed lindisc); ``--lindisc-budget S`` bounds each method's seconds.
"""

from __future__ import annotations

import pytest

from .hooks import check_any, wants


def pytest_addoption(parser):
    group = parser.getgroup("lindisc")
    group.addoption("--lindisc", action="store_true",
                    help="check notes (.tex .md .ipynb with lindisc: comments) and claims files")
    group.addoption("--lindisc-budget", type=float, default=20.0, metavar="SECONDS",
                    help="seconds each method may spend on one step (default 20)")


def pytest_collect_file(file_path, parent):
    if parent.config.getoption("lindisc") and wants(file_path):
        return LindiscFile.from_parent(parent, path=file_path)
    return None


class LindiscFile(pytest.File):
    def collect(self):
        yield LindiscItem.from_parent(self, name="lindisc check")


class LindiscFailure(Exception):
    pass


class LindiscItem(pytest.Item):
    def runtest(self):
        code, text, failed = check_any(self.path, budget=self.config.getoption("lindisc_budget"))
        self.add_report_section("call", "lindisc", text)
        if code:
            raise LindiscFailure(code, text, failed)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, LindiscFailure):
            code, text, failed = excinfo.value.args
            head = ("malformed file" if code == 2 else
                    f"does not hold: {', '.join(failed) or 'see the report'}")
            return f"{self.path}: {head}\n{text}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"lindisc check {self.path.name}"
