"""`lindisc cache [info|clear]`: the verdict cache: where it is and what it holds, or
``clear`` to empty it."""

from __future__ import annotations

from ..cached import _clear_cache

HELP = "the cache of verdicts: where it is and what it holds, or 'clear' to empty it"
EXAMPLE = "lindisc cache clear"


def add_arguments(parser) -> None:
    """Options of `lindisc cache`."""
    parser.add_argument("action", nargs="?", choices=("info", "clear"), default="info",
                        help="info (default): where the cache is and what it holds; clear: empty it")


def run(ns) -> int:
    from ..._verdicts.cache import ENV, VerdictCache  # (where the cache is opened: cached.py)

    if ns.action == "clear":
        print(_clear_cache())
        return 0
    c = VerdictCache()
    n, size = c.stats()
    print(f"{c.root}: {n} cached verdict{'s' * (n != 1)}, {size / 1e6:.1f} MB "
          f"('lindisc cache clear' empties it; {ENV} moves it)")
    return 0
