"""Command-line argument types and the options several commands share: each type names the fix
when a value is wrong (:class:`UsageError`, exit code 2)."""

from __future__ import annotations

import argparse
import math
import os
import re

from numerics.errors import InvalidInput


class UsageError(InvalidInput):
    """Bad command-line input; the message names the fix. Exit code 2."""


#: The smallest useful ``--budget``: below it no method has time to decide anything, and
#: every claim would come back undecided (a timeout is never a verdict).
MIN_BUDGET = 0.5


#: The largest ``--budget`` (a day); the timer cannot hold much more.
MAX_BUDGET = 86400.0


def _budget(text: str) -> float:
    fix = "use --budget 5 for 5 seconds"
    f = text.strip()
    if not _NUMBER.fullmatch(f):
        kind = "finite " if re.fullmatch(r"[+-]?(nan|inf|infinity)", f, re.IGNORECASE) else ""
        raise argparse.ArgumentTypeError(f"--budget must be a {kind}number of seconds, got "
                                         f"{text!r}; {fix}")
    v = float(f)
    if v <= 0:
        raise argparse.ArgumentTypeError(f"--budget must be > 0 seconds, got {text!r}; {fix}")
    if v < MIN_BUDGET:
        raise argparse.ArgumentTypeError(
            f"--budget must be at least {MIN_BUDGET:g} seconds (less leaves no method time to "
            f"decide anything), got {text!r}; {fix}")
    if v > MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"--budget must be at most {MAX_BUDGET:g} seconds (a "
                                         f"day), got {text!r}; {fix}")
    return v


def _int_option(text: str, name: str, low: int, fix: str) -> int:
    f = text.strip()
    if len(f) > 40:  # (int() refuses over 4,300 digits; echoing them helps nobody)
        raise argparse.ArgumentTypeError(f"{name} must be a whole number of at most 40 digits, "
                                         f"got {len(f)} characters; {fix}")
    if not re.fullmatch(r"[+-]?\d+", f):
        raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {text!r}; {fix}")
    v = int(f)
    if v < low:
        raise argparse.ArgumentTypeError(f"{name} must be >= {low}, got {text!r}; {fix}")
    return v


def _jobs(text: str) -> int:
    return _int_option(text, "--jobs", 1, "use --jobs 1 for a single worker process")


def _seed(text: str) -> int:
    return _int_option(text, "--seed", 0, "use --seed 0 (the default) or any whole number >= 0")


def _per_claim(text: str) -> int:
    return _int_option(text, "--per-claim", 1, "use --per-claim 10, or leave it out to attack "
                                                 "every mutant")


#: A number exactly as a user writes one: no inner spaces, no underscores, no nan/inf.
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def _number(field: str, *, name: str, whole: str, loc: str, fix: str) -> float:
    """One finite float from ``field`` (spaces around it allowed), or a one-line UsageError
    that shows the whole option value, which field is wrong, why, and ``fix``."""
    f = field.strip()
    where = f"{name} {whole!r}:{loc}"
    if f == "":
        raise UsageError(f"{where} is empty; {fix}")
    if not _NUMBER.fullmatch(f):
        if re.fullmatch(r"[+-]?(nan|inf|infinity)", f, re.IGNORECASE):
            why = "is not a finite number"
        elif re.search(r"\d\s+[\d.+-]", f):
            why = "has a space inside a number (separate numbers with commas: '1,2', not '1 2')"
        else:
            why = "is not a number"
        raise UsageError(f"{where} {field!r} {why}; {fix}")
    v = float(f)
    if not math.isfinite(v):
        raise UsageError(f"{where} {field!r} overflows a float (|x| > 1.8e308); write a "
                         f"finite number (rescale every input by one factor)")
    return v


def _floats(text: str, name: str, *, whole: str | None = None, loc: str = "",
            fix: str | None = None) -> list[float]:
    """Comma-separated finite numbers, parsed exactly: each field is one number (spaces
    around it allowed); an empty field or two numbers run together is an error."""
    fix = fix or f"write comma-separated numbers like {name} '1,-2.5,3'"
    fields = text.split(",")
    return [_number(f, name=name, whole=text if whole is None else whole, fix=fix,
                    loc=f"{loc} field {k}" if len(fields) > 1 else loc)
            for k, f in enumerate(fields, 1)]


def _points(text: str) -> list[list[float]]:
    """``--points '0,0;1,2'``: points separated by ';', coordinates by ','."""
    fix = "write points separated by ';', each as comma-separated numbers: --points '0,0;1,2'"
    rows = text.split(";")
    if not any(r.strip() for r in rows):
        raise UsageError(f"--points needs at least one point, got {text!r}; write points "
                         f"like --points '0,1;2,3'")
    return [_floats(r, "--points", whole=text, fix=fix,
                    loc=f" point {k}" + ("," if "," in r else ""))
            for k, r in enumerate(rows, 1)]


def _default_jobs() -> int:
    return max(1, min(len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                      else (os.cpu_count() or 1), 8))


def common(parser, jobs: bool = True, budget: bool = True, cache: bool = True) -> None:
    """--seed, and --no-cache, --budget and --jobs where the command takes them."""
    parser.add_argument("--seed", type=_seed, default=0,
                        help="seed for the random methods, a whole number >= 0 (default 0)")
    if cache:
        parser.add_argument("--no-cache", action="store_true",
                            help="verify everything again: neither read nor store cached "
                                 "verdicts")
    if budget:
        parser.add_argument("--budget", type=_budget, default=20.0, metavar="SECONDS",
                            help=f"seconds each method may spend on one claim, at least "
                                 f"{MIN_BUDGET:g} (default 20)")
    if jobs:
        parser.add_argument("--jobs", type=_jobs, default=_default_jobs(),
                            help="worker processes, at least 1 (default: the number of cores)")
