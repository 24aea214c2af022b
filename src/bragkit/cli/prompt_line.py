"""One line typed at a terminal prompt, without losing a Ctrl-C that comes just before it.

Python's ``input()`` checks for signals, then (in C) tests whether stdin is a terminal and
calls ``read()``.  A SIGINT that arrives between the two runs the C-level handler only: the
KeyboardInterrupt it raises waits until ``read()`` returns, i.e. until the player types a
line -- ``brag play`` looked hung after Ctrl-C.  The same happens when the signal is taken
by another thread of the process (numpy's BLAS threads).  On a loaded machine the window is
hit now and then (the pexpect tests of ``brag play`` lost a Ctrl-C about once per full run).

:func:`read_line` waits with ``select`` on the terminal *and* on a wake-up pipe registered
with :func:`signal.set_wakeup_fd`: the C handler writes to that pipe whenever a signal with
a Python handler arrives, whatever the thread and whenever it comes, so the wait always
ends and the Python handler (KeyboardInterrupt for SIGINT) runs at once.  Not on a
terminal (pipes, files, Click's test runner), outside the main thread, or off POSIX, it is
``Console.input``.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
from typing import TextIO

from rich.console import Console

__all__ = ["read_line", "terminal_fd"]

_CHUNK = 4096
"""Bytes asked of one ``read()``: a terminal in canonical mode hands over one line at most."""


def terminal_fd(stream: TextIO | None) -> int | None:
    """The file descriptor of ``stream`` when it is a terminal this module can wait on
    (POSIX, the main thread), else None.

    >>> import io
    >>> terminal_fd(io.StringIO("bet 3\\n")) is None
    True
    """
    if stream is None or os.name != "posix" \
            or threading.current_thread() is not threading.main_thread():
        return None
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None


def read_line(console: Console, prompt: str, stdin: TextIO | None = None) -> str:
    """Print ``prompt`` and return the line typed, without its newline, as ``input()`` does.

    End of input (Ctrl-D on an empty line) raises EOFError; Ctrl-C raises KeyboardInterrupt
    at once, also when it arrives before the read starts.  ``stdin`` defaults to sys.stdin.

    >>> import io
    >>> console = Console(file=io.StringIO())
    >>> read_line(console, "> ", io.StringIO("bet 3\\n"))  # not a terminal: Console.input
    'bet 3'
    """
    stream = sys.stdin if stdin is None else stdin
    fd = terminal_fd(stream)
    if fd is None and stdin is None:
        return console.input(prompt)
    if fd is None:
        console.print(prompt, end="")
        line = stream.readline()
        if not line:
            raise EOFError
        return line.removesuffix("\n")
    console.print(prompt, end="")
    console.file.flush()
    return _wait_for_line(fd, stream)


def _wait_for_line(fd: int, stream: TextIO) -> str:
    """Read one line from the terminal ``fd``, woken by any signal (see the module doc)."""
    wake_r, wake_w = os.pipe()
    try:
        os.set_blocking(wake_w, False)
        previous = signal.set_wakeup_fd(wake_w, warn_on_full_buffer=False)
        try:
            data = b""
            while True:
                ready, _, _ = select.select([fd, wake_r], [], [])
                if wake_r in ready:
                    # a signal came: its Python handler runs before the next line here
                    # (KeyboardInterrupt for Ctrl-C); another one (a resize) lets us wait on
                    os.read(wake_r, _CHUNK)
                if fd not in ready:
                    continue
                chunk = os.read(fd, _CHUNK)
                if not chunk:  # Ctrl-D: EOF on an empty line, the end of a partial one
                    if data:
                        break
                    raise EOFError
                data += chunk
                if data.endswith(b"\n"):
                    data = data[:-1]
                    break
        finally:
            signal.set_wakeup_fd(previous)
    finally:
        os.close(wake_r)
        os.close(wake_w)
    # a byte that is not of the terminal's encoding is shown as U+FFFD, never a traceback
    return data.decode(stream.encoding or "utf-8", errors="replace").removesuffix("\r")
