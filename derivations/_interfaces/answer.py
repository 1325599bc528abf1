"""`lindisc answer` (being built; see its issue)."""

from __future__ import annotations


def add_arguments(parser) -> None:
    """Options of `lindisc answer`."""


def run(ns) -> int:
    from .cli import UsageError

    raise UsageError("'lindisc answer' is not available yet in this version")
