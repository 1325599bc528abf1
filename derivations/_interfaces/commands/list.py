"""`lindisc list [TOPIC]`: the catalog's entries: id, kind, title, sources."""

from __future__ import annotations

from ..entries import _registry, select
from ..tables import _layout, _terminal_width

HELP = "list the catalog's entries: id, kind, title, sources"
EXAMPLE = "lindisc list geometry"


def add_arguments(parser) -> None:
    """Options of `lindisc list`."""
    parser.add_argument("topic", nargs="?")


def run(ns) -> int:
    from ..prose import to_text  # titles and sources are Markdown with $...$ math

    reg = _registry()
    ids = select([ns.topic] if ns.topic else [])
    rows = [["id", "kind", "title", "sources"]]
    for i in ids:
        e = reg[i]
        srcs = "; ".join(f"{s.document} {to_text(s.where)}" for s in e.sources)
        rows.append([e.id, e.kind, to_text(e.title), srcs])
    for line in _layout(rows, _terminal_width(), [2, 3]):
        print(line)
    print(f"{len(ids)} entries")
    return 0
