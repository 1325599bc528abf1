"""Output that user text and a failing disk cannot abuse.

* :func:`sanitize` and :func:`guard_stdout`: control characters in user text (ANSI and OSC
  escape sequences, carriage returns, bidirectional overrides) are shown as ``\\x1b``-style
  escapes, never sent to the terminal raw.
* :func:`output_error`: stdout on a full disk (``> /dev/full``) or a failing device is one
  clear line, not a traceback.

(Input read with a hard byte limit: :mod:`derivations._userclaims.reading`.)
"""

from __future__ import annotations

import re
import sys

__all__ = ["guard_stdout", "output_error", "sanitize", "shown_path"]


# -- text for the terminal --------------------------------------------------------------------

#: C0 controls but tab and newline, DEL, C1 controls, bidirectional overrides and isolates.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x7f else f"\\u{c:04x}"  # (\\u: valid inside JSON too)


def sanitize(text: str) -> str:
    """``text`` with every control character (ESC of an ANSI or OSC sequence, carriage
    return, backspace, bidirectional override) spelled as a visible escape; tab and newline
    kept."""
    return _CONTROL.sub(_escape, text)


class _GuardedStream:
    """A text stream whose writes are :func:`sanitize`-d; every other attribute is the
    wrapped stream's."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text):
        return self._stream.write(sanitize(text) if isinstance(text, str) else text)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __getattr__(self, name):
        return getattr(self._stream, name)


def guard_stdout():
    """Sanitise what is written to ``sys.stdout`` from here on; returns the function that
    undoes it (for a host that called :func:`main` in-process)."""
    original = sys.stdout
    if original is None or isinstance(original, _GuardedStream):
        return lambda: None
    sys.stdout = _GuardedStream(original)

    def restore():
        if isinstance(sys.stdout, _GuardedStream) and sys.stdout._stream is original:
            sys.stdout = original

    return restore


def output_error(exc: OSError) -> str:
    """One line for an ``OSError`` that ended a command (stdout on a full disk, a file that
    could not be written)."""
    what = exc.strerror or str(exc) or type(exc).__name__
    if exc.filename is None:
        return (f"lindisc: error: cannot write the output: {what}; the output went to a full "
                f"or failing disk or device: free space or redirect it elsewhere")
    return f"lindisc: error: {sanitize(str(exc.filename))}: {what}"


def shown_path(path: str, limit: int = 120) -> str:
    """A path as messages show it: escapes visible, at most ``limit`` characters (a
    5,000-character argument is not echoed whole)."""
    text = sanitize(str(path)).replace("\n", "\\n")
    if len(text) <= limit:
        return text
    return f"{text[:limit // 2]}…{text[-limit // 4:]} ({len(str(path))} characters)"
