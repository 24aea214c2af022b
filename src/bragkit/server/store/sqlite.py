"""The SQLite store: WAL, ``synchronous=FULL``, one writer connection with group commit.

The writer thread (:mod:`.writer`) owns the only write connection and opens each batch
with ``BEGIN IMMEDIATE``, so the write lock is taken up front.  Readers have their own
connections (WAL lets them read while the writer writes).  Claims are rows of
``room_claims`` naming the owner's host, boot and process (id and start time): a claim of
a process of this host that is gone (after ``kill -9``, a reboot, or a container restart
that gave the new process the old one's pid) is taken over.

>>> import tempfile, pathlib
>>> store = SQLiteStore(pathlib.Path(tempfile.mkdtemp()) / "room.db")
>>> store.pragma("synchronous"), store.pragma("journal_mode")
(2, 'wal')
>>> store.close()
"""

from __future__ import annotations

import os
import socket
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bragkit.errors import excerpt
from bragkit.server.store import ops
from bragkit.server.store.base import StoreError
from bragkit.server.store.writer import QueuedStore

__all__ = ["SQLiteStore", "process_tag"]


def _runner(conn: sqlite3.Connection) -> ops.Run:
    def run(sql: str, params: Sequence[object] = ()) -> list[ops.Row]:
        rows: list[ops.Row] = conn.execute(sql, tuple(params)).fetchall()
        return rows
    return run


def _connect(path: str, timeout: float) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                           timeout=timeout)
    conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


def _read(path: str) -> str:
    try:
        return Path(path).read_text().strip()
    except OSError:
        return ""


def _started(pid: int) -> str:
    """When process ``pid`` started (clock ticks since boot, from /proc; "" if unknown)."""
    stat = _read(f"/proc/{pid}/stat")
    fields = stat.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else ""


def process_tag(pid: int) -> str:
    """This host's name, its boot id and when process ``pid`` started: a claim's holder.

    >>> process_tag(os.getpid()) == process_tag(os.getpid())
    True
    """
    boot = _read("/proc/sys/kernel/random/boot_id") or "-"
    return f"{socket.gethostname()} {boot} {_started(pid) or '-'}"


def _dead(tag: str, pid: int) -> bool:
    """Whether the process a claim names is surely gone: it ran on this host, and the host
    rebooted since, or no process ``pid`` runs, or the one running started at another time
    (the pid was reused, as after a container restart)."""
    host, _, rest = tag.partition(" ")
    boot, _, started = rest.partition(" ")
    here, _, now = process_tag(pid).partition(" ")
    if host != here:
        return False   # another machine's process: never taken over
    if boot != now.partition(" ")[0]:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        pass
    return started not in ("-", "") and started != (_started(pid) or "-")


class SQLiteStore(QueuedStore):
    """A :class:`~bragkit.server.store.base.Store` in one SQLite file (created if missing).

    ``clock`` gives the Unix times stored with each entry; ``timeout`` is how long a
    connection waits for another process's lock.
    """

    BEGIN_WRITE = "BEGIN IMMEDIATE"
    BEGIN_READ = "BEGIN"

    def __init__(self, path: str | os.PathLike[str], *, clock: Callable[[], float] = time.time,
                 timeout: float = 10.0) -> None:
        super().__init__(clock)
        self.path = str(path)
        if self.path in ("", ":memory:") or self.path.startswith("file:"):
            raise StoreError("the SQLite store needs a file path (several connections share it)")
        self._timeout = timeout
        self._pid = os.getpid()
        self._host = process_tag(self._pid)
        self._claimed: set[tuple[str, str]] = set()
        try:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = _connect(self.path, timeout)
            mode = self._conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            self._conn.execute("PRAGMA synchronous = FULL")
            synchronous = self._conn.execute("PRAGMA synchronous").fetchone()[0]
            if mode != "wal" or synchronous != 2:
                raise StoreError(f"{excerpt(self.path)}: WAL with synchronous=FULL is not "
                                 f"available (journal_mode {mode}, synchronous {synchronous})")
            self._migrate()
        except (OSError, sqlite3.Error) as bad:
            raise StoreError(f"cannot open the database {excerpt(self.path)}: "
                             f"{excerpt(str(bad), quote=False)}") from None
        self._start()

    def _migrate(self) -> None:
        run = _runner(self._conn)
        run("BEGIN IMMEDIATE", ())
        try:
            ops.install_schema(run, "sqlite", excerpt(self.path))
            run("COMMIT", ())
        except BaseException:
            run("ROLLBACK", ())
            raise

    def _writer_run(self) -> ops.Run:
        return _runner(self._conn)

    def _new_reader(self) -> tuple[ops.Run, Callable[[], None]]:
        conn = _connect(self.path, self._timeout)
        return _runner(conn), conn.close

    def _close_writer(self) -> None:
        self._conn.close()

    def pragma(self, name: str) -> object:
        """The value of ``PRAGMA name`` on the writer connection (read by the writer)."""
        if not name.replace("_", "").isalpha():
            raise StoreError(f"not a pragma name: {excerpt(name)}")
        return self._call(lambda run: run(f"PRAGMA {name}", ())[0][0])

    def claim(self, table_id: str, owner: str) -> bool:
        """Own ``table_id`` for ``owner``; ``False`` while another owner's process lives (a
        claim of a dead process of this host is taken over)."""
        def work(run: ops.Run) -> bool:
            rows = run("SELECT owner, host, pid FROM room_claims WHERE table_id = ?",
                       (table_id,))
            if rows:
                held, host, pid = rows[0]
                if held != owner and not (isinstance(host, str) and isinstance(pid, int)
                                          and _dead(host, pid)):
                    return False
                run("DELETE FROM room_claims WHERE table_id = ?", (table_id,))
            run("INSERT INTO room_claims (table_id, owner, host, pid, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, owner, self._host, self._pid, self._clock()))
            return True
        won = self._call(work)
        if won:
            self._claimed.add((table_id, owner))
        return won

    def holds(self, table_id: str) -> str | None:
        """The owner holding ``table_id`` in this store, or ``None`` (as the database says)."""
        rows = self._read(lambda run: run("SELECT owner, host, pid FROM room_claims "
                                          "WHERE table_id = ?", (table_id,)))
        if not rows or rows[0][1:] != (self._host, self._pid):
            return None
        owner = rows[0][0]
        return owner if isinstance(owner, str) and (table_id, owner) in self._claimed else None

    def release(self, table_id: str, owner: str) -> None:
        """Give up ``owner``'s claim on ``table_id``."""
        self._call(lambda run: run("DELETE FROM room_claims WHERE table_id = ? AND owner = ?",
                                   (table_id, owner)))
        self._claimed.discard((table_id, owner))

    def _release_all(self) -> None:
        for table_id, owner in sorted(self._claimed):
            self.release(table_id, owner)
