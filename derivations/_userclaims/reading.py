"""Reading a claims file with a hard byte limit, whatever ``stat`` says.

:func:`read_bounded` reads a path (``-``: standard input) with a hard byte limit
(``/dev/zero``, ``/dev/urandom`` stop at the limit), and a FIFO, pipe or character device
with an idle timeout (one that no writer feeds never blocks forever). The argument is always
a path, never text: a newline or 5,000 characters make a path that does not exist, not a
claims file.
"""

from __future__ import annotations

import errno
import os
import select
import stat
import sys
import time

__all__ = ["IDLE_TIMEOUT", "read_bounded"]

#: Seconds a FIFO, pipe or device may stay silent before reading it is given up.
IDLE_TIMEOUT = 10.0
_CHUNK = 65536


def _too_large(limit: int) -> OSError:
    return OSError(errno.EFBIG, f"larger than {limit // 1024} KiB (reading stops there, "
                                f"whatever the file system says its size is); split it into "
                                f"smaller files")


def read_bounded(path, limit: int, *, idle_timeout: float = IDLE_TIMEOUT) -> bytes:
    """The bytes of ``path`` (a ``str`` or ``Path``; ``"-"``: standard input), at most
    ``limit`` of them, else ``OSError(EFBIG)``. A directory is ``OSError(EISDIR)``; a FIFO,
    pipe or device silent for ``idle_timeout`` seconds is ``OSError(ETIMEDOUT)``. Every error
    is an ``OSError`` whose ``strerror`` says what to do."""
    name = os.fspath(path)
    if "\0" in name:
        raise OSError(errno.EINVAL, "a path cannot contain a NUL character")
    if name == "-":
        fd, own = sys.stdin.fileno() if sys.stdin is not None else -1, False
        if fd < 0:
            raise OSError(errno.EBADF, "there is no standard input to read")
    else:
        # O_NONBLOCK: opening a FIFO no writer has opened would otherwise block forever.
        fd, own = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)), True
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise OSError(errno.EISDIR, "is a directory; give the path of a claims file")
        if stat.S_ISREG(st.st_mode):
            os.set_blocking(fd, True)
            data = _read_upto(fd, limit + 1)
        else:
            terminal = os.isatty(fd)
            data = _read_stream(fd, limit + 1, None if terminal else idle_timeout,
                                fifo=stat.S_ISFIFO(st.st_mode))
        if len(data) > limit:
            raise _too_large(limit)
        return data
    finally:
        if own:
            os.close(fd)


def _read_upto(fd: int, n: int) -> bytes:
    parts, got = [], 0
    while got < n:
        b = os.read(fd, min(_CHUNK, n - got))
        if not b:
            break
        parts.append(b)
        got += len(b)
    return b"".join(parts)


def _read_stream(fd: int, n: int, idle: float | None, *, fifo: bool) -> bytes:
    """Read a FIFO, pipe, socket or device without blocking: at most ``n`` bytes, giving up
    after ``idle`` seconds without data (None: wait, a person is typing)."""
    was_blocking = os.get_blocking(fd)
    os.set_blocking(fd, False)
    try:
        parts, got = [], 0
        last = time.monotonic()
        while got < n:
            left = None if idle is None else idle - (time.monotonic() - last)
            if left is not None and left <= 0:
                raise OSError(errno.ETIMEDOUT, f"nothing to read for {idle:g} s (a FIFO or "
                                               f"device nobody writes to?); give a regular file")
            ready, _, _ = select.select([fd], [], [], None if left is None else min(left, 0.2))
            if not ready:
                continue
            try:
                b = os.read(fd, min(_CHUNK, n - got))
            except BlockingIOError:
                continue
            if not b:
                if fifo and not parts and idle is not None:
                    # A named FIFO that no writer has opened yet reads as end-of-file: wait
                    # for one (within the idle timeout) rather than take it for an empty file.
                    time.sleep(0.05)
                    continue
                break
            parts.append(b)
            got += len(b)
            last = time.monotonic()
        return b"".join(parts)
    finally:
        try:
            os.set_blocking(fd, was_blocking)
        except OSError:
            pass
