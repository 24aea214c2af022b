"""``bragkit.cli.prompt_line``: a terminal prompt that never loses Ctrl-C or Ctrl-D."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator

import pytest
from rich.console import Console

from bragkit.cli.prompt_line import read_line, terminal_fd

pty = pytest.importorskip("pty")


@pytest.fixture()
def terminal() -> Iterator[tuple[int, io.TextIOWrapper]]:
    """A pseudo-terminal: the master's fd (what the player types) and the slave as stdin."""
    master, slave = pty.openpty()
    stdin = open(slave, encoding="utf-8", closefd=False)  # noqa: SIM115 (closed below)
    try:
        yield master, stdin
    finally:
        stdin.close()
        os.close(slave)
        os.close(master)


def _console(out: io.StringIO | None = None) -> Console:
    return Console(file=io.StringIO() if out is None else out, highlight=False)


def test_lines_typed_at_a_terminal(terminal: tuple[int, io.TextIOWrapper]) -> None:
    master, stdin = terminal
    assert terminal_fd(stdin) == stdin.fileno()
    out = io.StringIO()
    console = _console(out)
    os.write(master, b"bet 3\n")
    assert read_line(console, "> ", stdin) == "bet 3"
    assert out.getvalue() == "> "
    os.write(master, "see \u00b2\n".encode())
    assert read_line(console, "> ", stdin) == "see \u00b2"
    os.write(master, b"l\xff\n")  # not UTF-8: a replacement character, no traceback
    assert read_line(console, "> ", stdin) == "l\ufffd"


def test_ctrl_d_ends_input_or_a_partial_line(terminal: tuple[int, io.TextIOWrapper]) -> None:
    master, stdin = terminal
    console = _console()
    os.write(master, b"fo\x04\x04")  # Ctrl-D twice after text: the text, as input() does
    assert read_line(console, "> ", stdin) == "fo"
    os.write(master, b"\x04")  # Ctrl-D on an empty line: end of input
    with pytest.raises(EOFError):
        read_line(console, "> ", stdin)


def test_not_a_terminal_reads_the_stream() -> None:
    console = _console()
    stream = io.StringIO("fold\n")
    assert terminal_fd(stream) is None
    assert read_line(console, "? ", stream) == "fold"
    with pytest.raises(EOFError):
        read_line(console, "? ", stream)


_CHILD = textwrap.dedent("""
    import os, pty, signal, sys, threading
    from rich.console import Console
    from bragkit.cli.prompt_line import read_line

    signal.signal(signal.SIGINT, signal.default_int_handler)
    master, slave = pty.openpty()
    stdin = open(slave, encoding="utf-8", closefd=False)
    threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()
    # the main thread blocks SIGINT (the timer's thread, started before, does not), so the
    # kernel hands it to the timer's thread and the main thread's wait is not interrupted:
    # as when Ctrl-C comes just before the read starts
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        if sys.argv[1] == "input":  # Python's input(): waits for a line (see the module doc)
            os.dup2(slave, 0)
            input()
        else:
            read_line(Console(), "> ", stdin)
    except KeyboardInterrupt:
        print("interrupted")
""")


def test_ctrl_c_ends_the_prompt_even_when_the_read_is_not_interrupted() -> None:
    proc = subprocess.run([sys.executable, "-c", _CHILD, "read_line"], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.endswith("> interrupted\n")
