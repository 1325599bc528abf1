"""Time budgets: nothing the engine runs may hang.

:func:`time_limit` interrupts pure-Python work (all of SymPy) with :class:`Timeout` after
the given wall time, using ``SIGALRM``. It nests (the inner limit never extends an outer
one) and is a no-op outside the main thread, where signals cannot be delivered; the CLI
runs every entry in the main thread of a worker process, so it always applies there.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager

__all__ = ["Timeout", "time_limit"]


class Timeout(Exception):
    """A method ran past its time budget."""


_deadlines: list[float] = []


def _arm() -> None:
    if _deadlines:
        remaining = max(min(_deadlines) - time.monotonic(), 1e-3)
        signal.setitimer(signal.ITIMER_REAL, remaining)
    else:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    raise Timeout()


@contextmanager
def time_limit(seconds: float):
    """Raise :class:`Timeout` inside the block once ``seconds`` of wall time have passed."""
    if threading.current_thread() is not threading.main_thread() or seconds is None:
        yield
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    _deadlines.append(time.monotonic() + seconds)
    _arm()
    try:
        yield
    finally:
        _deadlines.pop()
        _arm()
        if not _deadlines:
            signal.signal(signal.SIGALRM, previous)
