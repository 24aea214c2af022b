"""The PostgreSQL store (psycopg 3): the same schema and semantics as the SQLite store.

Writes go through the same writer thread with group commit (:mod:`.writer`); the default
``synchronous_commit=on`` makes a commit as durable as SQLite's ``synchronous=FULL``.  A
batch of appends is sent in pipeline mode: ``BEGIN``, one statement per append
(:mod:`.pipeline`) and ``COMMIT`` without waiting for a reply in between, one round trip
per commit instead of two per append; a batch holding another write runs one statement at
a time.
Claims are session advisory locks (``pg_try_advisory_lock`` on a 64-bit hash of the table
id) held by one connection of the store: several ``brag serve`` processes share one
database, each table owned by one process at a time, and a killed process's locks go
with its connection.

>>> advisory_key("t1") == advisory_key("t1") != advisory_key("t2")
True
"""

from __future__ import annotations

import contextlib
import hashlib
import select
import threading
import time
from collections.abc import Callable, Sequence

import psycopg

from bragkit.errors import excerpt
from bragkit.server.store import ops
from bragkit.server.store.base import StoreError
from bragkit.server.store.pipeline import append_statement, seqs_of
from bragkit.server.store.writer import AppendJob, QueuedStore, Work, wrap

__all__ = ["PostgresStore", "advisory_key"]

_MIGRATION_LOCK = 0x6272_6167_6B69_74   # "bragkit": serialises schema creation


def advisory_key(table_id: str) -> int:
    """The signed 64-bit advisory-lock key of a table.

    >>> -2 ** 63 <= advisory_key("a table") < 2 ** 63
    True
    """
    digest = hashlib.sha256(b"bragkit-table:" + table_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


Conn = psycopg.Connection[tuple[object, ...]]


def _runner(conn: Conn) -> ops.Run:
    def run(sql: str, params: Sequence[object] = ()) -> list[ops.Row]:
        text = sql.replace("?", "%s").encode()
        cur = conn.execute(text, tuple(params)) if params else conn.execute(text)
        return list(cur.fetchall()) if cur.description is not None else []
    return run


class _Reconnecting:
    """A run over a connection that is opened again when it broke (the server restarted,
    the connection was killed).  A new connection is only taken at a ``BEGIN``: one found
    dead while idle is replaced at once; one lost inside a transaction fails that
    transaction (the writer then runs its batch again on a new connection)."""

    def __init__(self, connect: Callable[[], Conn]) -> None:
        self.connect = connect
        self.conn = connect()

    def run(self, sql: str, params: Sequence[object] = ()) -> list[ops.Row]:
        begin = sql.split(None, 1)[0].upper() == "BEGIN"
        if self.conn.broken or self.conn.closed:
            if not begin:
                raise StoreError("the database connection was lost in a transaction")
            self.conn = self.connect()
        try:
            return _runner(self.conn)(sql, params)
        except psycopg.OperationalError:
            if not begin or not self.conn.broken:
                raise
        self.conn = self.connect()   # it died while idle: no transaction was open
        return _runner(self.conn)(sql, params)

    def ready(self) -> Conn:
        """The connection, opened again first if it is found dead while idle: an idle
        connection has nothing to read, so a readable socket holds the server's goodbye
        (or its end); checked without waiting."""
        conn = self.conn
        dead = conn.broken or conn.closed
        if not dead:
            try:
                dead = bool(select.select([conn.pgconn.socket], [], [], 0)[0])
            except (OSError, ValueError, psycopg.Error):
                dead = True
        if dead:
            with contextlib.suppress(psycopg.Error):
                conn.close()
            self.conn = self.connect()
        return self.conn

    def close(self) -> None:
        self.conn.close()


class PostgresStore(QueuedStore):
    """A :class:`~bragkit.server.store.base.Store` in a PostgreSQL database (``url`` is a
    libpq URL, ``postgresql://user@host:port/db``); the schema is created if missing."""

    BEGIN_WRITE = "BEGIN"
    BEGIN_READ = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
    COMBINE = True

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time) -> None:
        super().__init__(clock)
        self.url = url
        self._held: dict[str, str] = {}
        self._lock = threading.Lock()
        try:
            self._writer = _Reconnecting(self._connect)
            self._locks = self._connect()
            self._migrate()
        except psycopg.Error as bad:
            raise StoreError(f"cannot open the database {excerpt(_safe(url))}: "
                             f"{excerpt(str(bad).strip(), quote=False)}") from None
        self._start()

    def _connect(self) -> Conn:
        try:
            conn: Conn = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as bad:
            raise StoreError(f"cannot open the database {excerpt(_safe(self.url))}: "
                             f"{excerpt(str(bad).strip(), quote=False)}") from None
        return conn

    def _migrate(self) -> None:
        run = self._writer.run
        run("BEGIN", ())
        try:
            run("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))
            ops.install_schema(run, "postgres", "the database")
            run("COMMIT", ())
        except BaseException:
            run("ROLLBACK", ())
            raise

    def _writer_run(self) -> ops.Run:
        return self._writer.run

    def _transact(self, run: ops.Run, batch: list[Work]) -> dict[int, BaseException] | None:
        """A batch of appends only: pipelined (see the module docstring), a failed append
        failing alone as on the serial path; any other batch: one statement at a time."""
        statements: list[tuple[str, list[object]]] = []
        for job in batch:
            if not isinstance(job, AppendJob):
                return super()._transact(run, batch)
            try:
                statement = append_statement(job.table_id, job.entries, job.txns,
                                             self._clock())
            except StoreError:   # refused before writing: the serial path says so
                return super()._transact(run, batch)
            if statement is None:
                return super()._transact(run, batch)
            statements.append(statement)
        jobs = [job for job in batch if isinstance(job, AppendJob)]
        failed: dict[int, BaseException] = {}
        while True:
            live = [k for k in range(len(jobs)) if k not in failed]
            conn = self._writer.ready()
            cursors: list[psycopg.Cursor[tuple[object, ...]]] = []
            try:
                with conn.pipeline():
                    conn.execute(b"BEGIN")
                    for k in live:
                        sql, params = statements[k]
                        cursors.append(conn.execute(sql.encode(), params))
                    conn.execute(b"COMMIT")
                rows = [cursor.fetchone() for cursor in cursors]
            except Exception as bad:
                at = next((n for n, cursor in enumerate(cursors) if cursor.pgresult is None),
                          None)
                if conn.broken or conn.closed or at is None:
                    # the connection was lost (whether COMMIT was done is not known) or
                    # COMMIT failed: the batch fails, as on the serial path
                    error = wrap(bad)
                    for job in jobs:
                        job.settle(error)
                    return None
                with contextlib.suppress(Exception):   # the failed transaction
                    conn.execute(b"ROLLBACK")
                failed[live[at]] = wrap(bad)
                continue
            for k, row in zip(live, rows, strict=True):
                try:
                    jobs[k].values[:] = [seqs_of(jobs[k].table_id, row, len(jobs[k].entries))]
                except StoreError as refused:   # nothing of it was written
                    failed[k] = refused
            return failed

    def _new_reader(self) -> tuple[ops.Run, Callable[[], None]]:
        reader = _Reconnecting(self._connect)
        return reader.run, reader.close

    def _close_writer(self) -> None:
        self._writer.close()
        with self._lock:
            self._locks.close()

    def claim(self, table_id: str, owner: str) -> bool:
        """Own ``table_id`` for ``owner`` with a session advisory lock; ``False`` if another
        owner (of this process or of another) holds it."""
        with self._lock:
            self._check_locks()
            held = self._held.get(table_id)
            if held is not None:
                return held == owner
            if not self._try_lock(table_id):
                return False
            self._held[table_id] = owner
            return True

    def _try_lock(self, table_id: str) -> bool:
        try:
            row = self._locks.execute("SELECT pg_try_advisory_lock(%s)",
                                      (advisory_key(table_id),)).fetchone()
        except psycopg.Error as bad:
            raise StoreError(f"database error: {excerpt(str(bad), quote=False)}") from None
        return row is not None and row[0] is True

    def _check_locks(self) -> None:
        """When the lock connection died (and its locks with it), open a new one and take
        the held locks again; a table another process took meanwhile is no longer held."""
        with contextlib.suppress(psycopg.Error):
            self._locks.execute(b"SELECT 1")
        if not (self._locks.broken or self._locks.closed):
            return
        self._locks = self._connect()
        for table_id in sorted(self._held):
            if not self._try_lock(table_id):
                del self._held[table_id]

    def holds(self, table_id: str) -> str | None:
        """The owner holding ``table_id`` in this store, or ``None`` (checked against the
        database: a lock lost with its connection is not held)."""
        with self._lock:
            self._check_locks()
            return self._held.get(table_id)

    def release(self, table_id: str, owner: str) -> None:
        """Give up ``owner``'s advisory lock on ``table_id``."""
        with self._lock:
            if self._held.get(table_id) != owner:
                return
            del self._held[table_id]
            try:
                self._locks.execute("SELECT pg_advisory_unlock(%s)", (advisory_key(table_id),))
            except psycopg.Error as bad:
                raise StoreError(f"database error: {excerpt(str(bad), quote=False)}") from None

    def _release_all(self) -> None:
        for table_id, owner in sorted(self._held.items()):
            self.release(table_id, owner)


def _safe(url: str) -> str:
    """``url`` without its password.

    >>> _safe("postgresql://ann:secret@db:5432/room")
    'postgresql://ann:***@db:5432/room'
    """
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, user = head.partition("://")
    name, colon, _ = user.partition(":")
    return f"{scheme}://{name}{':***' if colon else ''}@{tail}"
