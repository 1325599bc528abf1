"""``lindisc check notes.tex --annotate OUT.tex``: a copy of the file with a mark after each
checked step (its number and verdict), so the verdicts show on the student's own PDF.

The marks are ``\\qquad\\mbox{\\scriptsize[...]}`` inserted before the line break that ends
the step's line (or before the end of the display): plain LaTeX, no package needed, valid in
``align``, ``equation``, ``gather``, ``multline``, ``\\[ \\]`` and ``$$ $$``. Nothing else of
the file changes. Only ``.tex`` files are annotated.
"""

from __future__ import annotations

from pathlib import Path

from .._userclaims.errors import ClaimsError, Location

__all__ = ["annotate", "MARK"]

_WORD = {"verified": "verified", "verified at sizes": "verified at sizes", "trivial": "holds",
         "refuted": "REFUTED", "not checked": "not checked", "undecided": "undecided",
         "conflict": "conflict", "error": "error"}


def MARK(items: list) -> str:
    def word(st: str) -> str:
        base = st.removesuffix(" as marked")
        return _WORD.get(base, base) + (" (as marked)" if base != st else "")

    text = "; ".join((f"{n}: " if n else "") + word(st) for n, st in items)
    return "\\qquad\\mbox{\\scriptsize[lindisc " + text + "]}"


def annotate(report, source_path: str, out_path: str) -> int:
    """Write the annotated copy; returns the number of marks."""
    if not str(source_path).lower().endswith(".tex"):
        raise ClaimsError("--annotate writes a .tex copy of a .tex file", Location(str(source_path)))
    if Path(out_path).resolve() == Path(source_path).resolve():
        raise ClaimsError("--annotate would overwrite the notes themselves; give another file",
                          Location(str(out_path)))
    text = Path(source_path).read_text(encoding="utf-8")
    at: dict = {}
    for _label, offset, step, status in report.marks:
        at.setdefault(offset, []).append((step, status))
    out = text
    for offset in sorted(at, reverse=True):
        out = out[:offset] + MARK(sorted(at[offset])) + out[offset:]
    try:
        Path(out_path).write_text(out, encoding="utf-8")
    except OSError as exc:
        raise ClaimsError(f"cannot write {out_path}: {exc.strerror or exc}", Location(str(out_path))) from None
    return len(report.marks)
