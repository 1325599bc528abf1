"""Which catalog entries a command names: ids and topics, in catalog order, with the closest
names suggested for a typo."""

from __future__ import annotations

import difflib

from .options import UsageError


def _registry():
    from ..catalog import REGISTRY

    return REGISTRY


def select(names: list[str], ids: list[str] | None = None) -> list[str]:
    """Entry ids for the given ids/topics (all if none), in catalog order; ``ids`` is the
    catalog's (the registry's by default)."""
    reg = list(_registry()) if ids is None else ids
    if not names:
        return list(reg)
    topic = {i: i.split(".", 1)[0] for i in reg}  # as Entry.topic
    topics = set(topic.values())
    chosen: list[str] = []
    for n in names:
        if n in topic:
            hits = [n]
        elif n in topics:
            hits = [i for i in reg if topic[i] == n]
        else:
            close = difflib.get_close_matches(n, list(reg) + sorted(topics), n=3, cutoff=0.5)
            hint = f" Did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise UsageError(f"unknown entry id or topic {n!r}.{hint} "
                             f"Run 'lindisc list' to see the {len(reg)} entries.")
        chosen.extend(h for h in hits if h not in chosen)
    return chosen
