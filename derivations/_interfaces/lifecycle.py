"""The ``lindisc`` process's life: termination signals, the whole-command ``--timeout``, and
worker processes that die with their parent.

* SIGTERM and SIGHUP are handled as Ctrl-C is (:class:`Terminated`, a ``KeyboardInterrupt``):
  the worker pool's ``finally`` kills the workers, and the exit code is 128 + the signal
  (143, 129) with one line on stderr, never a traceback.
* Every worker asks the kernel (Linux ``PR_SET_PDEATHSIG``) to be killed when its parent
  dies, however it dies (SIGKILL, ``--timeout``, a crash): no orphan keeps computing.
* ``--timeout SECONDS`` (``check``, ``verify``) bounds the whole command, printing and
  diagnosis included: at the deadline the command is interrupted (its workers killed); if
  it is stuck in C code that cannot be interrupted, the process exits
  :data:`GRACE` seconds later. Either way: :data:`EXIT_TIMEOUT` and one line naming the fix.
"""

from __future__ import annotations

import os
import signal
import sys
import threading

__all__ = ["EXIT_TIMEOUT", "GRACE", "TERMINATING", "Terminated", "as_worker", "exit_code", "handle_termination",
           "release_termination",
           "start_timeout", "stop_timeout", "timeout_option"]

#: Exit code of a command stopped by ``--timeout`` (as GNU ``timeout``): nothing it did not
#: finish is reported as a verdict.
EXIT_TIMEOUT = 124
#: Seconds between interrupting a timed-out command and exiting the process regardless.
GRACE = 2.0
#: The largest ``--timeout``: a week.
MAX_TIMEOUT = 7 * 86400.0

#: The signals handled as Ctrl-C is (blocked with SIGINT while a worker is forked).
TERMINATING = (signal.SIGTERM, signal.SIGHUP)

_PARENT = os.getpid()
_timed_out: list[float] = []
_finished = threading.Event()


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: unwind as Ctrl-C does (workers killed), exit 128 + signum."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _on_termination(signum, frame):  # noqa: ARG001 - a signal handler's signature
    raise Terminated(signum)


def handle_termination() -> None:
    """In the lindisc process only (not a host that imported :func:`main`): SIGTERM and
    SIGHUP unwind like Ctrl-C. A signal that is ignored (``nohup``) stays ignored."""
    global _PARENT
    _PARENT = os.getpid()
    for s in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(s) is not signal.SIG_IGN:
            signal.signal(s, _on_termination)


def release_termination() -> None:
    """main() returned: a SIGTERM or SIGHUP from here on ends the process as by default
    (quietly), not with an exception while the interpreter exits."""
    for s in (signal.SIGTERM, signal.SIGHUP):
        if signal.getsignal(s) is _on_termination:
            signal.signal(s, signal.SIG_DFL)


def exit_code(exc: KeyboardInterrupt) -> tuple[int, str]:
    """(exit code, message) for an interruption: Ctrl-C, a termination signal, --timeout."""
    if _timed_out:
        return EXIT_TIMEOUT, timeout_message(_timed_out[0])
    if isinstance(exc, Terminated):
        return 128 + exc.signum, f"lindisc: terminated ({signal.Signals(exc.signum).name})"
    return 130, "lindisc: interrupted"


def timeout_message(seconds: float) -> str:
    return (f"lindisc: stopped by --timeout {seconds:g}: the command did not finish in "
            f"{seconds:g} s and nothing unfinished is reported as a verdict; give it more time "
            f"(--timeout), or less per method (--budget), or fewer entries")


def _pdeathsig() -> None:
    """Linux: the kernel sends SIGKILL to this process when its parent dies."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # no libc to ask: the pool's own cleanup remains
        pass


def as_worker() -> None:
    """Called first in a forked worker: die with the parent (and if the parent is already
    gone, now); SIGTERM and SIGHUP kill the worker outright (the parent's handlers are the
    parent's)."""
    for s in TERMINATING:
        signal.signal(s, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, TERMINATING)  # (blocked around the fork)
    _pdeathsig()
    if os.getppid() != _PARENT:
        os._exit(1)


def start_timeout(seconds: float | None) -> threading.Timer | None:
    """Bound the rest of this command to ``seconds`` of wall time (None: no bound); end the
    bound with :func:`stop_timeout` when the command returns."""
    _timed_out.clear()
    _finished.clear()
    if seconds is None:
        return None
    import _thread

    def fire():
        if _finished.is_set():
            return
        _timed_out.append(seconds)
        _thread.interrupt_main(signal.SIGINT)  # unwinds to main(): the workers are killed
        if _finished.wait(GRACE):  # main() returned with the message and the exit code
            return
        try:  # stuck in C code: leave regardless
            os.write(2, (timeout_message(seconds) + "\n").encode("utf-8", "replace"))
        finally:
            os._exit(EXIT_TIMEOUT)

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    return timer


def stop_timeout(timer: threading.Timer | None) -> None:
    """The command returned: no deadline any more."""
    _finished.set()
    if timer is not None:
        timer.cancel()


def _timeout(text: str) -> float:
    import argparse
    import math

    fix = "use --timeout 600 for ten minutes"
    try:
        v = float(text.strip()) if len(text) < 40 else math.nan
    except ValueError:
        v = math.nan
    if not math.isfinite(v) or v <= 0:
        raise argparse.ArgumentTypeError(f"--timeout must be a positive number of seconds, got "
                                         f"{text[:40]!r}; {fix}")
    if v > MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"--timeout must be at most {MAX_TIMEOUT:g} seconds (a "
                                         f"week), got {text[:40]!r}; {fix}")
    return v


def timeout_option(parser) -> None:
    """Add ``--timeout SECONDS`` to a subcommand's parser."""
    parser.add_argument("--timeout", type=_timeout, default=None, metavar="SECONDS",
                        help="stop the whole command after SECONDS of wall time (exit "
                             f"{EXIT_TIMEOUT}, nothing unfinished reported; default: no limit)")
