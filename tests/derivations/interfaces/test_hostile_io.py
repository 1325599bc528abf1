"""Hostile input and failing output, in-process (issue 37): devices and FIFOs read with a hard
limit and an idle timeout, a path is always a path, standard input as ``-``, a byte-order
mark, a failing stdout, escape sequences in user text. The same as processes, with signals and
--timeout: tests/derivations/interfaces/test_hostile_process.py."""

from __future__ import annotations

import errno
import io
import os
import threading

import pytest

from derivations._interfaces import safe_io
from derivations._interfaces.cli import main
from derivations._userclaims.reading import read_bounded

CLAIMS = 'format = 1\n[[claim]]\nname = "sum"\nlhs = "(a + 1)**2"\nrhs = "a**2 + 2*a + 1"\n' \
         '[symbols]\na = "scalar"\n'


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_an_endless_device_is_refused_at_the_byte_limit(device, capsys):
    assert main(["check", device]) == 2
    err = capsys.readouterr().err
    assert "larger than 256 KiB" in err and "Traceback" not in err


def test_read_bounded_stops_at_the_limit_whatever_stat_says():
    with pytest.raises(OSError) as e:
        read_bounded("/dev/zero", 1000)
    assert e.value.errno == errno.EFBIG


def test_a_fifo_nobody_writes_to_times_out(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    with pytest.raises(OSError) as e:
        read_bounded(fifo, 1000, idle_timeout=0.5)
    assert e.value.errno == errno.ETIMEDOUT


def test_a_fifo_with_a_writer_is_read(tmp_path):
    fifo = tmp_path / "f"
    os.mkfifo(fifo)

    def write():
        with open(fifo, "w") as f:
            f.write(CLAIMS)

    t = threading.Thread(target=write)
    t.start()
    assert read_bounded(fifo, 10_000, idle_timeout=5).decode() == CLAIMS
    t.join(5)


def test_a_directory_is_named_as_such(tmp_path, capsys):
    assert main(["check", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


@pytest.mark.parametrize("text", [CLAIMS, CLAIMS.replace("\n", "\n" + "#" * 5000 + "\n", 1)])
def test_a_path_with_a_newline_or_5000_characters_is_a_path_never_toml_text(text, capsys):
    assert main(["check", text]) == 2
    err = capsys.readouterr().err
    assert "cannot read the claims file" in err and "Traceback" not in err


def test_minus_reads_standard_input(tmp_path, capsys, monkeypatch):
    p = tmp_path / "c.toml"
    p.write_text(CLAIMS)
    with open(p) as f:
        monkeypatch.setattr("sys.stdin", f)
        assert main(["check", "-"]) == 0
    assert "verified=1" in capsys.readouterr().out


def test_a_byte_order_mark_is_accepted(tmp_path, capsys):
    p = tmp_path / "bom.toml"
    p.write_bytes(b"\xef\xbb\xbf" + CLAIMS.encode())
    assert main(["check", str(p)]) == 0


class _Full(io.StringIO):
    """A stdout on a full disk."""

    def write(self, s):
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self):
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize("args", [["list"], ["distance", "--coef", "3,4", "--points", "0,0"],
                                  ["show", "geometry.lemma1_sign"], ["verify", "geometry.lemma1_sign"],
                                  ["check", "CLAIMS"]])
def test_output_to_a_full_disk_is_one_clear_line(args, tmp_path, capsys, monkeypatch):
    p = tmp_path / "c.toml"
    p.write_text(CLAIMS)
    args = [str(p) if a == "CLAIMS" else a for a in args]
    monkeypatch.setattr("sys.stdout", _Full())
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "cannot write the output: No space left on device" in err and "Traceback" not in err


def test_latex_to_a_full_disk_names_the_file(capsys):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    assert main(["latex", "geometry.lemma1_sign", "-o", "/dev/full"]) == 1
    err = capsys.readouterr().err
    assert "cannot write /dev/full" in err and "None" not in err


ESCAPES = "\x1b]0;pwned\x07\x1b[31mred\x1b[0m\r\u202e"


def test_escape_sequences_in_a_claim_name_never_reach_the_terminal(tmp_path, capsys):
    p = tmp_path / "c.toml"
    p.write_text(CLAIMS.replace('"sum"', '"' + ESCAPES.encode("unicode_escape").decode()
                                .replace("\\x", "\\u00") + '"'))
    assert main(["check", str(p)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out and "\u202e" not in out
    assert "\\x1b]0;pwned" in out


def test_sanitize_keeps_tabs_and_newlines_and_shows_the_rest():
    assert safe_io.sanitize("a\tb\nc\x1b[0m\x9b") == "a\tb\nc\\x1b[0m\\u009b"
