"""Reading what a child process writes to a pseudo-terminal (shared by the CLI process tests)."""

from __future__ import annotations

import math
import os
import time


def drain(master: int, chunks: list[bytes], deadline: float = math.inf) -> None:
    """Append everything read from the pty ``master`` to ``chunks`` until the child closes
    its side (EIO or end of file) or ``time.monotonic()`` passes ``deadline``."""
    while time.monotonic() < deadline:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            return
        if not data:
            return
        chunks.append(data)
