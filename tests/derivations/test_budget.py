"""Nothing hangs: a runaway computation is interrupted by its time budget."""

import time

import pytest

from derivations._budget import Timeout, time_limit


def test_time_limit_interrupts_a_runaway_loop():
    t0 = time.monotonic()
    with pytest.raises(Timeout):
        with time_limit(0.2):
            while True:
                pass
    assert time.monotonic() - t0 < 2


def test_inner_limit_cannot_extend_the_outer_one():
    t0 = time.monotonic()
    with pytest.raises(Timeout):
        with time_limit(0.2):
            with time_limit(10):
                while True:
                    pass
    assert time.monotonic() - t0 < 2


def test_no_alarm_left_behind():
    with time_limit(0.05):
        pass
    time.sleep(0.1)  # a leftover alarm would raise here
