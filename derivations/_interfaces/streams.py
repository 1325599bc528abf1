"""stdout and stderr on any terminal: an ASCII spelling of the symbols a terminal cannot show
(≤ → <=, ‖w‖ → ||w||, θ → theta), and a closed pipe left quietly."""

from __future__ import annotations

import os
import sys


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # replaced by an object without one, or closed
        return False


_ASCII = {"≤": "<=", "≥": ">=", "≠": "!=", "≈": "~=", "—": "--", "–": "-", "−": "-", "‖": "||",
          "…": "...", "⊥": "perp", "∈": "in", "∉": "not in", "⇔": "<=>", "⇒": "=>", "→": "->",
          "←": "<-", "×": "x", "·": "*", "∂": "d", "∇": "grad", "∞": "inf", "±": "+-",
          "√": "sqrt", "∑": "sum", "∏": "prod", "′": "'", "“": '"', "”": '"', "‘": "'",
          "’": "'", "⟨": "<", "⟩": ">", "½": "1/2", "°": " deg", "§": "sec."}


def _ascii_fallback(exc: UnicodeEncodeError) -> tuple[str, int]:
    """Codec error handler for a terminal that cannot show the output's symbols: an ASCII
    spelling (≤ → <=, ‖w‖ → ||w||, θ → theta, x² → x^2, A⁻¹ → A^(-1), x₁ → x_1) instead of
    a crash."""
    import unicodedata

    out: list[tuple[str, str]] = []  # (kind, text): runs of super/subscripts are grouped
    for ch in exc.object[exc.start:exc.end]:
        name = unicodedata.name(ch, "")
        plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        if ch in _ASCII:
            out.append(("", _ASCII[ch]))
        elif name.startswith(("SUPERSCRIPT", "MODIFIER LETTER")) and plain:
            out.append(("^", plain))
        elif "SUBSCRIPT" in name and plain:
            out.append(("_", plain))
        elif name.startswith("GREEK") and " LETTER " in name:
            letter = name.split(" LETTER ")[1].split()[0].lower()
            out.append(("", letter.capitalize() if "CAPITAL" in name else letter))
        else:
            out.append(("", plain or "?"))
    text, k = [], 0
    while k < len(out):
        kind, t = out[k]
        k += 1
        while kind and k < len(out) and out[k][0] == kind:
            t += out[k][1]
            k += 1
        text.append(kind + (f"({t})" if kind and len(t) > 1 else t))
    return "".join(text), exc.end


#: Symbols the output uses; a stream that cannot encode them gets the ASCII fallback.
_SYMBOLS = "≤≠‖—…θᵀ²₁⇔"


def _needs_ascii(stream) -> bool:
    enc = getattr(stream, "encoding", None) or "ascii"
    try:
        _SYMBOLS.encode(enc)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _c_locale_terminal(stream) -> bool:
    """Python turns UTF-8 mode on by itself under the C/POSIX locale, but a terminal there
    shows ASCII only: true for such a terminal unless UTF-8 was asked for (PYTHONUTF8=1,
    -X utf8, PYTHONIOENCODING)."""
    if not (sys.flags.utf8_mode and _isatty(stream)):
        return False
    if os.environ.get("PYTHONUTF8") or os.environ.get("PYTHONIOENCODING") or (
            "utf8" in sys._xoptions):
        return False
    loc = os.environ.get("LC_ALL") or os.environ.get("LC_CTYPE") or os.environ.get("LANG") or "C"
    return loc in ("C", "POSIX")


def _setup_streams() -> None:
    """Keep stdout/stderr usable on a terminal that is not UTF-8 (LC_ALL=C, PYTHONIOENCODING=
    ascii, a latin-1 console): the symbols it cannot show get an ASCII spelling."""
    import codecs

    try:
        codecs.lookup_error("lindisc-ascii")
    except LookupError:
        codecs.register_error("lindisc-ascii", _ascii_fallback)
    for stream in (sys.stdout, sys.stderr):
        if not hasattr(stream, "reconfigure"):
            continue
        if _c_locale_terminal(stream):
            stream.reconfigure(encoding="ascii", errors="lindisc-ascii")
        elif _needs_ascii(stream):
            stream.reconfigure(errors="lindisc-ascii")


def _shown(text: str) -> str:
    """``text`` as stdout will show it: table cells are padded after the ASCII fallback, so
    columns stay aligned when ‖ becomes ||."""
    if getattr(sys.stdout, "errors", None) != "lindisc-ascii":
        return text
    enc = sys.stdout.encoding
    return text.encode(enc, "lindisc-ascii").decode(enc)


def _stdout_to_devnull() -> None:
    """After a closed pipe, the interpreter's final flush of stdout must not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout is not a file (a test's capture)
        pass
