"""`lindisc figures` (being built; see its issue)."""

from __future__ import annotations


def add_arguments(parser) -> None:
    """Options of `lindisc figures`."""


def run(ns) -> int:
    from .cli import UsageError

    raise UsageError("'lindisc figures' is not available yet in this version")
