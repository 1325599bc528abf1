"""`lindisc latex --html DIR` (being built; see its issue)."""

from __future__ import annotations


def write_blueprint(records, out_dir):
    from .cli import UsageError

    raise UsageError("'lindisc latex --html' is not available yet in this version")
