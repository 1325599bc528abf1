"""Time budgets: nothing the engine runs may hang, and a timeout is never mistaken for a result.

:func:`time_limit` interrupts pure-Python work (all of SymPy) with :class:`Timeout` after
the given wall time, using ``SIGALRM``. It nests: the inner limit never extends an outer
one. It is a no-op outside the main thread, where signals cannot be delivered; the CLI
runs every entry in the main thread of a worker process, so it always applies there.

:class:`Timeout` derives from :class:`BaseException`, not :class:`Exception`: the many
``except Exception`` handlers in SymPy and in the engine ("a mutant SymPy cannot evaluate
matches nothing") must never swallow it, or a method would run far past its budget and a
timed-out step could come back as "proved". Code that handles a timeout catches
:class:`Timeout` by name, and only its *own* limit's (:meth:`Limit.owns`): an outer
deadline that fires inside an inner block propagates to its owner.
"""

from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager

__all__ = ["Timeout", "Limit", "time_limit"]


class Limit:
    """One active budget; :meth:`owns` says whether a :class:`Timeout` is this one's."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.deadline = None if seconds is None else time.monotonic() + seconds

    def owns(self, exc: "Timeout") -> bool:
        return exc.limit is self


class Timeout(BaseException):
    """A method ran past its time budget. ``limit`` is the :class:`Limit` that expired."""

    def __init__(self, limit: Limit | None = None):
        super().__init__(f"over the {limit.seconds:g} s budget" if limit and limit.seconds else "timeout")
        self.limit = limit


_active: list[Limit] = []


def _arm() -> None:
    live = [lim for lim in _active if lim.deadline is not None]
    if live:
        remaining = max(min(lim.deadline for lim in live) - time.monotonic(), 1e-3)
        signal.setitimer(signal.ITIMER_REAL, remaining)
    else:
        signal.setitimer(signal.ITIMER_REAL, 0)


def _on_alarm(signum, frame):  # noqa: ARG001 - signal handler signature
    live = [lim for lim in _active if lim.deadline is not None]
    if not live:
        return
    expired = min(live, key=lambda lim: lim.deadline)
    if expired.deadline - time.monotonic() > 1e-3:  # early wake-up: re-arm, do not raise
        _arm()
        return
    raise Timeout(expired)


@contextmanager
def time_limit(seconds: float | None):
    """Raise :class:`Timeout` inside the block once ``seconds`` of wall time have passed.

    Yields the :class:`Limit`, so a handler can tell its own expiry from an outer one::

        with time_limit(5) as lim: ...
        except Timeout as t:
            if not lim.owns(t):
                raise
    """
    lim = Limit(seconds)
    if threading.current_thread() is not threading.main_thread() or seconds is None:
        yield lim
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm) if not _active else None
    _active.append(lim)
    _arm()
    try:
        yield lim
    finally:
        _active.remove(lim)
        _arm()
        if not _active and previous is not None:
            signal.signal(signal.SIGALRM, previous)
