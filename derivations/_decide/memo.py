"""Answers kept: every decider here is a pure function of its arguments, so a repeated
question gets the answer it got (an LRU cache per function).

:func:`memoised` wraps such a function: arguments that hash are looked up, an unhashable one
(a mutable matrix) is computed afresh. A timeout raised inside propagates and is never
stored (``lru_cache`` stores only returned values). The caller makes its arguments hashable
first (lists as tuples) and reads them back in the form it needs.
"""

from __future__ import annotations

from functools import lru_cache, wraps

__all__ = ["MEMO_SIZE", "memoised"]

#: Answers each memoised function keeps.
MEMO_SIZE = 8192


def memoised(fn=None, *, size: int = MEMO_SIZE):
    """``fn`` with its answers kept for hashable arguments (``@memoised`` or
    ``@memoised(size=n)``); ``cache_info``/``cache_clear`` as ``lru_cache``'s."""
    if fn is None:
        return lambda f: memoised(f, size=size)
    cached = lru_cache(maxsize=size)(fn)

    @wraps(fn)
    def call(*args):
        try:
            return cached(*args)
        except TypeError:  # an unhashable argument (a mutable matrix): no memo
            return fn(*args)

    call.cache_info, call.cache_clear = cached.cache_info, cached.cache_clear
    return call
