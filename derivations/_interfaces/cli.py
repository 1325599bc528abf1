"""The ``lindisc`` command line.

==========================================  ================================================
command                                     what it does
==========================================  ================================================
``lindisc verify [ID|TOPIC ...]``           verify catalog entries; table or ``--format json``;
                                            ``--profile``: the ten slowest entries, seconds
                                            per method; ``--no-cache``, ``--clear-cache``
``lindisc list [TOPIC]``                    list entries (id, kind, title, sources)
``lindisc show ID``                         statement, derivation with a verdict per step,
                                            sources, counterexample and diagnosis
``lindisc latex [ID|TOPIC ...]``            LaTeX of the verified forms (and printed forms
                                            of errata)
``lindisc selftest [--format json]``        the mutation suite: does the engine refute
                                            every non-equivalent mutant of a true claim?
                                            ``--families full|quick|none``: claims false
                                            from a known size, refuted there or undecided
``lindisc cache [info|clear]``              the verdict cache (``_verdicts/cache.py``): where
                                            it is, what it holds; ``clear`` empties it
``lindisc distance --coef W --intercept B   your points against your hyperplane: g(x),
--points X``                                signed distance r = g(x)/‖w‖, projection x_⊥
==========================================  ================================================

Exit codes: 0 when every result, exercise and algorithm entry is verified (or verified at
sizes: proved at some sizes, sampled beyond — the table says which) and every erratum
refuted (its corrected form verified); 1 otherwise; 2 on a usage error (a one-line
message that names the fix; also output to a full disk); 124 when ``--timeout`` stopped
``check`` or ``verify``; 130 on Ctrl-C ("interrupted", no traceback), 143 on SIGTERM and
129 on SIGHUP (the workers killed: :mod:`.lifecycle`); 141 when the reader of stdout went
away (``lindisc list | head``), silently.

Tables follow the terminal's width when stdout is a terminal (cells wrap within their
columns, or each row becomes a short line and an indented paragraph) and are plain, never
cut, when it is not. On a terminal that cannot show the output's symbols (``LC_ALL=C``,
``PYTHONIOENCODING=ascii``) they are spelled in ASCII: ≤ → <=, ‖w‖ → ||w||, θ → theta.
A run longer than two seconds shows a progress bar on stderr when stderr is a terminal.

``verify``, ``show`` and ``latex`` answer from the verdict cache what nothing has changed
since (``cached=N`` in the summary); the rest is verified in the worker pool and stored.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import signal
import sys


def _interrupted_while_starting(signum, frame):  # noqa: ARG001 - a signal handler's signature
    os.write(2, b"lindisc: interrupted\n")
    os._exit(130)


# Ctrl-C before main() runs (the imports below take a while on a busy machine) is the same one
# line and exit 130 as later, not an import traceback. Only when this process *is* lindisc:
# importing the module elsewhere (tests, a notebook) leaves the host's handler alone.
if __name__ == "__main__" or os.path.basename(sys.argv[0] if sys.argv else "") == "lindisc":
    signal.signal(signal.SIGINT, _interrupted_while_starting)

from .commands import MODULES  # noqa: E402 - after the startup Ctrl-C handler
from .options import UsageError  # noqa: E402
from .._version import __version__  # noqa: E402
from .streams import _isatty, _setup_streams, _stdout_to_devnull  # noqa: E402
from . import lifecycle, safe_io  # noqa: E402

__all__ = ["main", "UsageError"]


def _version() -> str:
    # (imported outside the try: a SIGTERM during the import must surface as itself, not as
    # an UnboundLocalError from the except clause naming PackageNotFoundError)
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("lindisc")
    except PackageNotFoundError:
        return __version__


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors that name the fix."""

    def error(self, message: str):  # argparse's hook for every usage error
        # "argument --jobs: --jobs must be >= 1 ..." says the option's name twice.
        m = re.fullmatch(r"argument ([^:]+): (.*)", message, re.DOTALL)
        if m and m.group(2).startswith(m.group(1).split("/")[0]):
            message = m.group(2)
        # "--coef -1,2": argparse takes a value that starts with '-' for an option.
        m = re.fullmatch(r"argument (--[\w-]+): expected one argument", message)
        if m:
            message += (f" (for a value that starts with '-', write {m.group(1)}=VALUE, "
                        f"e.g. {m.group(1)}=-1,2)")
        elif not re.search(r"; (use|write) ", message):  # argparse's own: point at the help
            message += f" (see '{self.prog} --help')"
        self.exit(2, f"{self.prog}: error: " + re.sub(r"\s*\n\s*", " ", message) + "\n")


_EPILOG = """\
examples:
  lindisc verify geometry                    verify one topic (the whole catalog without it)
  lindisc show geometry.threshold_cosine     an erratum: its counterexample and diagnosis
  lindisc distance --coef 3,4 --intercept=-5 --points '0,0;3,4'

exit codes: 0 every verdict as expected; 1 some verdict is not; 2 usage error (or output
to a full disk); 124 stopped by --timeout; 130 interrupted; 143/129 SIGTERM/SIGHUP.
'lindisc COMMAND --help' shows a command's options.
"""


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="lindisc", formatter_class=argparse.RawDescriptionHelpFormatter,
                epilog=_EPILOG, description=(
        "Verify the theory of linear discriminant classifiers: every result, derivation\n"
        "step, erratum, exercise and algorithm claim of the catalog, by independent methods."))
    p.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = p.add_subparsers(dest="cmd", required=True, title="commands", metavar="COMMAND")
    # One module per command (:mod:`.commands`): HELP, EXAMPLE, add_arguments(parser) and
    # run(ns) -> exit code; the heavy imports wait in run.
    for module in MODULES:
        mod = importlib.import_module(module)
        name = module.rsplit(".", 1)[1]
        sp_ = sub.add_parser(name, help=mod.HELP, description=mod.HELP,
                             epilog=f"example:\n  {mod.EXAMPLE}",
                             formatter_class=argparse.RawDescriptionHelpFormatter)
        mod.add_arguments(sp_)
        sp_.set_defaults(fn=mod.run)
    return p


# -- the process around the command: streams, Ctrl-C, a closed pipe -------------------------

#: Entries in each of SymPy's per-function caches in a lindisc run (SymPy's default: 1,000).
#: The workers verify entry after entry in one process: over the catalog in one process,
#: 28.7–28.9 s of CPU with the default and 27.1–27.2 s with 10,000 (three and two runs),
#: for 30 MB more peak memory.
SYMPY_CACHE_SIZE = 10_000


def _size_sympy_cache() -> None:
    """SymPy reads ``SYMPY_CACHE_SIZE`` once, when imported: set it before that, never over
    the user's own setting (and not at all where SymPy is imported already: a test, a
    notebook calling :func:`main`)."""
    if "sympy" not in sys.modules:
        os.environ.setdefault("SYMPY_CACHE_SIZE", str(SYMPY_CACHE_SIZE))


def main(argv: list[str] | None = None) -> int:
    """The ``lindisc`` entry point; returns the exit code (see the module docstring)."""
    _size_sympy_cache()
    own = signal.getsignal(signal.SIGINT) is _interrupted_while_starting
    if own:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # from here: KeyboardInterrupt
        lifecycle.handle_termination()  # SIGTERM, SIGHUP: the same (workers killed)
    _setup_streams()
    restore = safe_io.guard_stdout()  # escapes in user text never reach the terminal
    try:
        return _main(argv)
    finally:
        restore()
        if own:  # a Ctrl-C while the interpreter exits: the same one line and 130, not a bare
            signal.signal(signal.SIGINT, _interrupted_while_starting)  # death by SIGINT (-2)
            lifecycle.release_termination()


def _main(argv: list[str] | None) -> int:
    import warnings

    try:
        try:
            ns = _parser().parse_args(argv)
        except SystemExit as exc:  # argparse exits 2 on usage errors, 0 on --help
            sys.stdout.flush()
            return int(exc.code or 0)
        timer = lifecycle.start_timeout(getattr(ns, "timeout", None))
        with warnings.catch_warnings():
            if not sys.warnoptions:  # the user did not ask for warnings with -W
                # numpy's floating-point warnings on values the engine and the commands check
                # themselves (an overflow becomes a verdict or a usage error, not a warning).
                warnings.filterwarnings("ignore", category=RuntimeWarning,
                                        message=r".*(overflow|underflow|invalid value|"
                                                r"divide by zero) encountered")
            try:
                code = ns.fn(ns)
            finally:
                lifecycle.stop_timeout(timer)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's exit
        return code
    except UsageError as exc:
        print("lindisc: error: " + safe_io.sanitize(re.sub(r"\s*\n\s*", " ", str(exc))),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP, --timeout
        code, message = lifecycle.exit_code(exc)
        # On a terminal the line holds the echoed ^C: start a fresh one.
        print(("\n" if _isatty(sys.stderr) and code == 130 else "") + message, file=sys.stderr)
        return code
    except BrokenPipeError:  # 'lindisc list | head': the reader has what it wanted
        _stdout_to_devnull()
        return 141  # 128 + SIGPIPE, as a program killed by the signal would report
    except OSError as exc:  # stdout on a full disk (> /dev/full), a failing device
        _stdout_to_devnull()
        print(safe_io.output_error(exc), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
