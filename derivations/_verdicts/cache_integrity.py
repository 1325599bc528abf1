"""What the verdict cache checks in a record before trusting it (:mod:`.cache`).

A cache is a performance device, never a source of truth: a stored record is used only when
it has every field a run prints (the status a known one, the same entry, the same key) and
its content still matches the checksum it was stored with — so a record truncated, edited
by hand (an erratum's ``status`` turned into ``verified``) or written by another version is
discarded with a warning and the entry verified again.
"""

from __future__ import annotations

import hashlib
import json

__all__ = ["checksum", "problem", "seal"]

#: The fields of a stored record the checksum covers.
_COVERED = ("format", "key", "id", "ok", "record", "extra")


def checksum(data: dict) -> str:
    """sha256 of the covered fields, as canonical JSON."""
    body = json.dumps({k: data.get(k) for k in _COVERED}, sort_keys=True, ensure_ascii=True,
                      separators=(",", ":"))
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def seal(payload: dict) -> dict:
    """``payload`` with its checksum (``"sha256"``)."""
    return {**payload, "sha256": checksum(payload)}


def problem(data, *, entry_id: str, key: str, fmt: int) -> str | None:
    """Why the stored ``data`` cannot be trusted for (``entry_id``, ``key``), or None."""
    from .verdict import STATUSES

    if not isinstance(data, dict):
        return "not a verdict record"
    if data.get("format") != fmt or data.get("key") != key or data.get("id") != entry_id:
        return "not a verdict stored under this key"
    record, extra = data.get("record"), data.get("extra")
    if not (isinstance(record, dict) and isinstance(extra, dict)
            and isinstance(data.get("ok"), bool)):
        return "a verdict record without its fields"
    if record.get("status") not in STATUSES or not isinstance(record.get("methods", []), list):
        return "a verdict record without a known status"
    if data.get("sha256") != checksum(data):
        return "its content no longer matches its checksum (edited or damaged)"
    return None
