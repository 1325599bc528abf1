"""The real ``lindisc`` entry point in a subprocess: exit codes, stderr, Ctrl-C, a closed
pipe, terminals that are not UTF-8, the terminal's width (issue 9, a newcomer's first hour).

Every bad input must end in exit 2 and one line on stderr that shows what was wrong and the
fix; nothing may end in a traceback or a warning meant for developers.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from importlib.metadata import version
from pathlib import Path

import pytest

from ._terminal import drain

#: The command line as a process (terminals, locales, Ctrl-C, pipes): each test starts
#: interpreters, so these run in the thorough run; tests/derivations/interfaces/test_cli.py
#: covers the same commands in-process in the fast suite.
pytestmark = pytest.mark.slow

_SCRIPT = Path(sys.executable).with_name("lindisc")
#: The console script pip installed (what a user runs); else the same ``main`` through -c.
LINDISC = ([str(_SCRIPT)] if _SCRIPT.exists() else
           [sys.executable, "-c", "import sys; from derivations._interfaces.cli import main; sys.exit(main())"])


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("COLUMNS", "LINES", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONWARNINGS",
                        "LC_ALL", "LC_CTYPE", "LANG")}
    env.update(LANG="C.UTF-8", **extra)
    return env


def run(*args: str, timeout: float = 120, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(LINDISC + list(args), check=False, capture_output=True, text=True, timeout=timeout,
                          env=_env(**env), stdin=subprocess.DEVNULL)


def one_line_error(p: subprocess.CompletedProcess) -> str:
    """Exit 2 and a single argparse-style line on stderr, no traceback, nothing on stdout."""
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    assert "Traceback" not in p.stderr and "Warning" not in p.stderr, p.stderr
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    assert re.match(r"lindisc( \w+)?: error: ", lines[0]), lines[0]
    assert p.stdout == ""
    return lines[0]


def run_on_terminal(*args: str, cols: int, timeout: float = 120, **env: str):
    """Run with stdout on a pseudo-terminal ``cols`` wide; returns (exit code, stdout text)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, cols, 0, 0))
    p = subprocess.Popen(LINDISC + list(args), stdout=slave, stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL, env=_env(**env))
    os.close(slave)
    chunks: list[bytes] = []
    reader = threading.Thread(target=drain, args=(master, chunks), daemon=True)
    reader.start()
    try:
        _, err = p.communicate(timeout=timeout)
    finally:
        reader.join(10)
        os.close(master)
    assert b"Traceback" not in err, err.decode(errors="replace")
    return p.returncode, b"".join(chunks).replace(b"\r\n", b"\n")


# -- 1. number lists parse exactly --------------------------------------------------------

@pytest.mark.parametrize("args, shown", [
    (["--coef", "1 2", "--points", "1,2"], ["'1 2'", "space inside a number", "'1,2'"]),
    (["--coef", "1,,2", "--points", "1,2"], ["'1,,2'", "field 2 is empty"]),
    (["--coef", "1, 2 3", "--points", "1,2"], ["field 2 ' 2 3'", "space inside a number"]),
    (["--coef", "1,nan", "--points", "1,2"], ["field 2 'nan'", "not a finite number"]),
    (["--coef", "inf,1", "--points", "1,2"], ["field 1 'inf'", "not a finite number"]),
    (["--coef", "1,1e400", "--points", "1,2"], ["field 2 '1e400'", "overflows"]),
    (["--coef", "1,1_0", "--points", "1,2"], ["field 2 '1_0'", "not a number"]),
    (["--coef", "1,2", "--points", "1,2;"], ["point 2 is empty", "--points '0,0;1,2'"]),
    (["--coef", "1,2", "--points", "1,2;3 4"], ["point 2 '3 4'", "space inside a number"]),
    (["--coef", "1,2", "--points", "1,2", "--intercept", " nan"], ["' nan'", "finite"]),
    (["--coef", "1,2", "--points", ";"], ["at least one point"]),
])
def test_a_number_list_that_does_not_parse_exactly_is_a_usage_error(args, shown):
    line = one_line_error(run("distance", *args))
    assert "write " in line  # the fix
    for s in shown:
        assert s in line, line


def test_spaces_around_a_number_are_accepted_and_read_as_separate_numbers():
    spaced = run("distance", "--coef", " 3, 4", "--intercept", " -5 ", "--points", "0, 0; 3 ,4")
    plain = run("distance", "--coef", "3,4", "--intercept=-5", "--points", "0,0;3,4")
    assert spaced.returncode == plain.returncode == 0, spaced.stderr
    assert spaced.stdout == plain.stdout and spaced.stderr == plain.stderr == ""
    assert "w = [3.0, 4.0]" in plain.stdout


def test_a_value_starting_with_minus_gets_the_equals_form_as_the_fix():
    line = one_line_error(run("distance", "--coef", "-1,2", "--points", "1,2"))
    assert "--coef=-1,2" in line


def test_an_overflowing_result_is_a_usage_error_without_numpy_warnings():
    line = one_line_error(run("distance", "--coef", "1e200,1e200", "--points", "1e200,1e200"))
    assert "overflows" in line and "rescale" in line


# -- 2. option values ---------------------------------------------------------------------

@pytest.mark.parametrize("args, shown", [
    (["verify", "--budget", "nan"], ["--budget must be a finite number of seconds", "'nan'"]),
    (["verify", "--budget", "inf"], ["--budget must be a finite number of seconds", "'inf'"]),
    (["verify", "--budget", "-1"], ["--budget must be > 0 seconds", "'-1'"]),
    (["verify", "--budget", "0"], ["--budget must be > 0 seconds"]),
    (["verify", "--budget", "0.01"], ["at least 0.5 seconds", "'0.01'"]),
    (["show", "geometry.w_normal", "--budget", "1e9"], ["at most 86400 seconds"]),
    (["latex", "--budget", "5s"], ["--budget must be a number of seconds", "'5s'"]),
    (["verify", "--jobs", "0"], ["--jobs must be >= 1", "use --jobs 1"]),
    (["selftest", "--jobs", "1.5"], ["--jobs must be a whole number", "'1.5'"]),
    (["verify", "--seed", "-1"], ["--seed must be >= 0", "use --seed 0"]),
    (["selftest", "--seed", "x"], ["--seed must be a whole number", "'x'"]),
    (["show", "geometry.w_normal", "--seed", "2.5"], ["--seed must be a whole number"]),
])
def test_a_bad_option_value_is_one_argparse_line_naming_the_fix(args, shown):
    line = one_line_error(run(*args))
    assert line.startswith(f"lindisc {args[0]}: error: "), line
    assert "argument --" not in line  # the option is named once, in the message
    for s in shown:
        assert s in line, line
    if "--budget" in args:
        assert "use --budget 5 for 5 seconds" in line


def test_argparse_own_errors_point_at_the_help():
    line = one_line_error(run("frobnicate"))
    assert "invalid choice" in line and "lindisc --help" in line
    line = one_line_error(run("distance", "--coef", "1,2"))
    assert "--points" in line and "lindisc distance --help" in line


# -- 3. the process: Ctrl-C, a closed pipe, non-UTF-8 output -------------------------------

def _children(pid: int) -> list[str]:
    try:
        return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []


@pytest.mark.parametrize("to_group", [True, False], ids=["terminal-ctrl-c", "kill-INT"])
def test_ctrl_c_during_verify_prints_one_line_and_exits_130(to_group):
    p = subprocess.Popen(LINDISC + ["verify", "geometry", "--jobs", "2"], env=_env(),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not _children(p.pid) and time.monotonic() < deadline:  # workers are running
            time.sleep(0.05)
        assert _children(p.pid), "verify started no worker"
        time.sleep(0.3)
        # A terminal's Ctrl-C reaches the whole process group, workers included.
        (os.killpg if to_group else os.kill)(p.pid, signal.SIGINT)
        _, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130, (p.returncode, err)
    assert err == "lindisc: interrupted\n", err
    time.sleep(0.2)
    assert not _children(p.pid)


def test_ctrl_c_during_show_in_process_prints_one_line_and_exits_130():
    p = subprocess.Popen(LINDISC + ["show", "least_squares.gaussian_likelihood"], env=_env(),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        # Inside the engine (the whole command takes 2-4 s), or still in the imports on a slow
        # machine, which a Ctrl-C answers with the same line and 130.
        time.sleep(1.2)
        os.killpg(p.pid, signal.SIGINT)
        out, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    if p.returncode in (0, -signal.SIGINT) and not err:
        # Finished before the signal, or it came as the interpreter exited (Python restores
        # the default handler there: -2) after the whole output: nothing to check here.
        if out == run("show", "least_squares.gaussian_likelihood").stdout:
            pytest.skip("show finished before Ctrl-C arrived")
    assert p.returncode == 130 and err == "lindisc: interrupted\n", (p.returncode, err)


@pytest.mark.parametrize("args", [["distance", "--coef", "1,2", "--points", "1,2"], ["--help"]])
def test_a_closed_pipe_exits_quietly(args):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first write, as with `| head` after it quit
    try:
        p = subprocess.run(LINDISC + args, check=False, stdout=write, stderr=subprocess.PIPE,
                           text=True, env=_env(), stdin=subprocess.DEVNULL, timeout=120)
    finally:
        os.close(write)
    assert p.stderr == "", p.stderr
    # 128 + SIGPIPE, what a shell reports for `yes | head -1`; argparse's --help ignores it.
    assert p.returncode == (0 if args == ["--help"] else 141)


@pytest.mark.skipif(not _SCRIPT.exists(), reason="the console script is not installed")
def test_list_into_head_is_quiet():
    p = subprocess.run(f"'{_SCRIPT}' list | head -1; exit ${{PIPESTATUS[0]}}",
                       shell=True, executable="/bin/bash", check=False, capture_output=True,
                       text=True, env=_env(), timeout=120)
    # 0 when the whole list fitted in the pipe before head quit, 141 when it did not.
    assert p.returncode in (0, 141) and p.stderr == "", (p.returncode, p.stderr)
    assert p.stdout.startswith("id ")


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONUTF8": "0"},
                                 {"PYTHONIOENCODING": "latin-1"}, {"LC_ALL": "C"}],
                         ids=["ascii", "C-locale-no-utf8-mode", "latin-1", "C-locale"])
def test_a_terminal_that_is_not_utf8_gets_ascii_spellings_not_a_crash(env):
    p = subprocess.run(LINDISC + ["list", "geometry"], check=False, capture_output=True,
                       env=_env(**env), stdin=subprocess.DEVNULL, timeout=120)
    assert p.returncode == 0 and p.stderr == b"", p.stderr.decode(errors="replace")
    enc = {"ascii": "ascii", "latin-1": "latin-1"}.get(env.get("PYTHONIOENCODING"),
                                                       "ascii" if env.get("PYTHONUTF8") == "0"
                                                       else "utf-8")
    out = p.stdout.decode(enc)  # the bytes are valid in the stream's encoding
    if enc != "utf-8":
        assert "||w||" in out and "<=>" in out and "theta" in out
        lines = out.splitlines()  # columns stay aligned after ‖ became ||
        starts = {ln.index("result") if " result " in ln else ln.index("erratum")
                  for ln in lines[2:-1]}
        assert starts == {lines[0].index("kind")}
    else:
        assert "‖w‖" in out


def test_a_c_locale_terminal_gets_ascii():
    code, out = run_on_terminal("list", "geometry", cols=200, LC_ALL="C")
    assert code == 0
    text = out.decode("ascii")  # nothing but ASCII reaches a C-locale terminal
    assert "||w||" in text


# -- 4. --version and --help --------------------------------------------------------------

def test_version():
    p = run("--version")
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.strip() == f"lindisc {version('lindisc')}"


def test_help_lists_every_command_with_a_line_and_examples():
    p = run("--help")
    assert p.returncode == 0 and p.stderr == ""
    for cmd in ("verify", "list", "show", "latex", "selftest", "distance"):
        assert re.search(rf"^\s+{cmd}\s+\S.{{10,}}", p.stdout, re.MULTILINE), cmd
    examples = p.stdout.split("examples:")[1]
    assert len(re.findall(r"^\s+lindisc \w+", examples, re.MULTILINE)) >= 2
    assert "--version" in p.stdout and "exit codes" in p.stdout
    for cmd in ("verify", "distance"):
        sub = run(cmd, "--help")
        assert sub.returncode == 0 and f"lindisc {cmd}" in sub.stdout.split("example:")[1]


# -- 5. the terminal's width --------------------------------------------------------------

def test_list_columns_are_aligned_when_piped():
    p = run("list")
    assert p.returncode == 0 and p.stderr == ""
    lines = p.stdout.splitlines()
    head, rows = lines[0], lines[2:-1]
    assert lines[-1].endswith(" entries") and len(rows) == int(lines[-1].split()[0])
    for col in ("kind", "title", "sources"):
        at = head.index(col)
        assert all(r[at - 2:at] == "  " and r[at] != " " for r in rows), col


def test_list_follows_the_terminal_width():
    from derivations.catalog import REGISTRY

    ids = [i for i in REGISTRY if i.startswith("geometry.")]
    for cols in (100, 60):
        code, out = run_on_terminal("list", "geometry", cols=cols)
        text = out.decode()
        assert code == 0
        assert max(len(ln) for ln in text.splitlines()) <= cols, text
        assert all(re.search(rf"^{re.escape(i)}\s", text, re.MULTILINE) for i in ids)  # ids never cut


def test_the_verify_table_follows_the_terminal_and_is_plain_in_a_pipe():
    args = ("verify", "geometry.w_normal", "geometry.normalisation", "--jobs", "2")
    code, out = run_on_terminal(*args, cols=80)
    narrow = out.decode()
    assert code == 0
    assert max(len(ln) for ln in narrow.splitlines()) <= 80, narrow
    assert "geometry.normalisation" in narrow and "summary:" in narrow
    # Not a terminal: one line per entry, nothing cut or wrapped; in ASCII (≤ became <=)
    # the columns are still aligned.
    piped = run(*args, PYTHONIOENCODING="ascii")
    assert piped.returncode == 0 and piped.stderr == ""
    lines = piped.stdout.splitlines()
    rows = [ln for ln in lines if ln.startswith("geometry.")]
    assert len(rows) == 2 and "d<=3" in piped.stdout
    assert "replacing class-2 samples by their negatives" in rows[1]
    for col in ("status", "methods", "s"):
        at = lines[0].rindex(f"  {col}") + 2
        assert all(r[at - 2:at] == "  " and r[at] != " " for r in rows), (col, rows)
    assert "…" not in piped.stdout.split("\n\n")[0]
