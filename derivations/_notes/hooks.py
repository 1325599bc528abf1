"""lindisc where users already are: the pre-commit hook's entry point and the file selection
shared with the pytest plugin (:mod:`.pytest_plugin`).

A file is checked when it opts in: a notes file (``.tex``, ``.md``, ``.ipynb``) that holds a
``lindisc:`` comment, or a claims file (``.toml``) with ``format = 1`` and a ``[[claim]]``,
``[[derivation]]`` or ``[[answer]]`` table — so a README without declarations or a
``pyproject.toml`` is left alone.

``python -m derivations._notes.hooks FILE ...`` (the hook in ``.pre-commit-hooks.yaml``)
checks each file, prints its report, and exits with the worst code (0 holds, 1 something does
not, 2 malformed).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

__all__ = ["wants", "check_any", "main"]

_PEEK = 256 * 1024


def wants(path) -> bool:
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".tex", ".md", ".markdown", ".ipynb", ".toml"):
        return False
    try:
        with open(p, "rb") as fh:
            head = fh.read(_PEEK).decode("utf-8", "replace")
    except OSError:
        return False
    if suffix == ".toml":
        return bool(re.search(r"^\s*format\s*=\s*1\b", head, re.M)) and bool(
            re.search(r"^\s*\[\[\s*(claim|derivation|answer)\s*\]\]", head, re.M))
    return "lindisc:" in head


def check_any(path, *, seed: int = 0, budget: float = 20.0, strict: bool = False):
    """(exit code, report text, failed sections) of one notes or claims file; a malformed
    file is (2, its located message, [])."""
    from .._userclaims.errors import ClaimsError
    from . import is_notes_file

    try:
        if is_notes_file(path):
            from .checking import check_notes
            from .report import render

            rep = check_notes(str(path), seed=seed, budget=budget)
            rep.strict = strict
            failed = [c["name"] for c in rep.chains if c.get("as_expected") is False
                      or not all(rep._step_ok(st, c) for st in c["steps"])]
            return rep.exit_code, render(rep), failed
        from .._interfaces.commands.check import render as render_claims
        from .._userclaims.checking import check_file

        rep = check_file(str(path), seed=seed, budget=budget)
        # as in examples/claims/: an item that says what it expects passes when it gets it
        failed = [r["name"] for r in rep.records if r.get("as_expected") is False or (
            "expect" not in r and r["status"] not in ("verified", "verified at sizes", "trivial",
                                                      "correct"))]
        return (1 if failed else 0), render_claims(rep), failed
    except ClaimsError as exc:
        return 2, str(exc), []


def main(argv=None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="lindisc-check-files",
                                 description="check the notes and claims files that opt in")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--budget", type=float, default=20.0)
    ns = ap.parse_args(argv)
    worst = 0
    for f in ns.files:
        if not wants(f):
            continue
        code, text, _ = check_any(f, budget=ns.budget, strict=ns.strict)
        if code:
            print(text if code == 1 else f"lindisc: error: {text}", file=sys.stdout if code == 1 else sys.stderr)
        worst = max(worst, code)
    return worst


if __name__ == "__main__":
    sys.exit(main())
