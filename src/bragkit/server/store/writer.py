"""One writer thread with group commit, shared by the SQLite and the PostgreSQL store.

Every write (append, table creation, status, claims) is a job on one queue.  A single
writer thread owns the only write connection: it takes every job waiting (up to
:data:`MAX_BATCH`), runs them in one transaction and commits once, then completes the
jobs' futures.  A job that fails fails alone (the others run again without it).  So
many tables acting in the same instant share one commit (one fsync), and no future is done
before its commit.  Reads use one connection per reading thread.  With
``BRAGKIT_STORE_TRACE=FILE`` in the environment the writer also writes, about once a
second, each commit's batch size, its oldest job's wait in the queue and its time in the
transaction to FILE (a JSON list a line; ``benchmarks/bench_server.py`` reads it).

>>> WriterStats(commits=4, jobs=10).gain
2.5
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final, Generic, Protocol, TypeVar

from bragkit.errors import excerpt
from bragkit.server.store import ops
from bragkit.server.store.base import (
    LedgerTxn,
    LogEntry,
    NewEntry,
    NewTxn,
    StoreError,
    TableRecord,
)

__all__ = ["MAX_BATCH", "AppendJob", "QueuedStore", "Work", "WriterStats"]

MAX_BATCH: Final = 1000
"""The most jobs one commit takes."""

T = TypeVar("T")


class Work(Protocol):
    queued: float

    def start(self) -> bool: ...
    def execute(self, run: ops.Run) -> None: ...
    def settle(self, failure: BaseException | None) -> None: ...


class _Job(Generic[T]):
    """One write: ``work`` runs in the writer thread; its value goes to ``future`` once the
    transaction holding it has committed."""

    __slots__ = ("future", "live", "queued", "values", "work")

    def __init__(self, work: Callable[[ops.Run], T]) -> None:
        self.work = work
        self.queued = time.perf_counter()
        self.future: Future[T] = Future()
        self.values: list[T] = []
        self.live: bool | None = None

    def start(self) -> bool:
        """Whether the write is still wanted: a caller whose task was cancelled while the
        job was queued (a server shutting down) cancels its future, and the job is dropped
        unwritten; once started, the future can no longer be cancelled, so it is settled."""
        if self.live is None:
            self.live = self.future.set_running_or_notify_cancel()
        return self.live

    def execute(self, run: ops.Run) -> None:
        self.values[:] = [self.work(run)]

    def settle(self, failure: BaseException | None) -> None:
        if failure is not None:
            self.future.set_exception(failure)
        else:
            self.future.set_result(self.values[0])


class AppendJob(_Job[list[int]]):
    """An append: its arguments are kept, so that a store can also write it otherwise than
    by running ``work`` (PostgreSQL's pipelined batch, :mod:`.pipeline`)."""

    __slots__ = ("entries", "table_id", "txns")

    def __init__(self, work: Callable[[ops.Run], list[int]], table_id: str,
                 entries: tuple[NewEntry, ...], txns: tuple[NewTxn, ...]) -> None:
        super().__init__(work)
        self.table_id = table_id
        self.entries = entries
        self.txns = txns


@dataclass
class WriterStats:
    """What the writer did: ``commits`` (transactions), ``jobs`` (writes) and the
    ``largest`` batch so far; :attr:`gain` is jobs per commit (the group-commit gain)."""

    commits: int = 0
    jobs: int = 0
    largest: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False, compare=False)

    @property
    def gain(self) -> float:
        """Jobs per commit."""
        return self.jobs / self.commits if self.commits else 0.0


def wrap(bad: BaseException) -> StoreError:
    """``bad`` as a :class:`StoreError` (itself when it is one).

    >>> str(wrap(ValueError("disk I/O error")))
    'database error: disk I/O error'
    """
    if isinstance(bad, StoreError):
        return bad
    return StoreError(f"database error: {excerpt(str(bad), quote=False)}")


class QueuedStore(ABC):
    """The :class:`~bragkit.server.store.base.Store` methods over a writer thread; a
    subclass opens the connections (:meth:`_writer_run`, :meth:`_reader_run`)."""

    BEGIN_WRITE = "BEGIN"
    BEGIN_READ = "BEGIN"
    COMBINE = False
    """Write an append's rows with one statement (``ops.append(combine=)``)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._queue: queue.SimpleQueue[Work | None] = queue.SimpleQueue()
        self._local = threading.local()
        self._closers: list[Callable[[], None]] = []
        self._closers_lock = threading.Lock()
        self._closed = False
        self._closing = threading.Lock()
        self._stopping = False
        self.stats = WriterStats()
        self._trace_to = os.environ.get("BRAGKIT_STORE_TRACE") or None
        self._trace: list[tuple[int, float, float]] = []   # (jobs, wait s, commit s)
        self._traced = 0.0
        self._thread = threading.Thread(target=self._write_loop, name="bragkit-store-writer",
                                        daemon=True)

    def _start(self) -> None:
        self._thread.start()

    @abstractmethod
    def _writer_run(self) -> ops.Run:
        """The writer connection's run (called in the writer thread)."""

    @abstractmethod
    def _new_reader(self) -> tuple[ops.Run, Callable[[], None]]:
        """A new read connection's run and its close."""

    @abstractmethod
    def _close_writer(self) -> None:
        """Close the writer connection (after the writer thread stopped)."""

    # -- the writer ----------------------------------------------------------------------

    def _write_loop(self) -> None:
        run = self._writer_run()
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    job = self._queue.get_nowait()
                except queue.Empty:
                    break
                if job is None:
                    stop = True
                    break
                batch.append(job)
            self._commit(run, batch)
            if stop:
                return

    def _commit(self, run: ops.Run, batch: list[Work]) -> None:
        """Run ``batch`` in one transaction and settle its jobs after COMMIT.

        A job that raises fails alone: the transaction is rolled back and the jobs before
        it run again without it (a job only reads and writes the database, so running it
        again is safe).
        """
        batch = [job for job in batch if job.start()]
        if not batch:
            return
        began = time.perf_counter()
        failed = self._transact(run, batch)
        if failed is None:
            return
        with self.stats.lock:
            self.stats.commits += 1
            self.stats.jobs += len(batch)
            self.stats.largest = max(self.stats.largest, len(batch))
        if self._trace_to is not None:
            self._record(self._trace_to, len(batch), began - min(job.queued for job in batch),
                         time.perf_counter() - began)
        for number, job in enumerate(batch):
            job.settle(failed.get(number))

    def _transact(self, run: ops.Run, batch: list[Work]) -> dict[int, BaseException] | None:
        """Run ``batch`` in one transaction, one job after the other, and commit: the
        failed jobs by their place in ``batch`` (each job's value is set), or ``None`` when
        BEGIN or COMMIT failed (every job then settled with the error)."""
        failed: dict[int, BaseException] = {}
        while True:
            at = -1
            try:
                run(self.BEGIN_WRITE, ())
                for at, job in enumerate(batch):
                    if at not in failed:
                        job.execute(run)
                at = -1
                run("COMMIT", ())
                break
            except Exception as bad:
                with contextlib.suppress(Exception):   # no transaction may be open
                    run("ROLLBACK", ())
                if at < 0:   # BEGIN or COMMIT failed: nothing of the batch is stored
                    error = wrap(bad)
                    for job in batch:
                        job.settle(error)
                    return None
                failed[at] = wrap(bad)
        return failed

    def _record(self, to: str, jobs: int, wait: float, took: float) -> None:
        """Add one commit to the trace; append the new ones to the file ``to`` at most once a
        second (one JSON list ``[jobs, wait, seconds]`` a line)."""
        self._trace.append((jobs, wait, took))
        now = time.monotonic()
        if now - self._traced >= 1.0:
            self._traced = now
            lines = "".join(f"{json.dumps([n, round(w, 6), round(t, 6)])}\n"
                            for n, w, t in self._trace)
            self._trace.clear()
            with contextlib.suppress(OSError), Path(to).open("a") as out:
                out.write(lines)

    def _submit(self, work: Callable[[ops.Run], T]) -> Future[T]:
        return self._queue_job(_Job(work))

    def _queue_job(self, job: _Job[T]) -> Future[T]:
        with self._closing:   # no job is queued behind the writer's stop
            if self._closed:
                raise StoreError("the store is closed")
            self._queue.put(job)
        return job.future

    def _call(self, work: Callable[[ops.Run], T]) -> T:
        return self._submit(work).result()

    # -- reads ---------------------------------------------------------------------------

    def _read(self, work: Callable[[ops.Run], T]) -> T:
        run: ops.Run | None = getattr(self._local, "run", None)
        if run is None:
            if self._closed:
                raise StoreError("the store is closed")
            try:
                run, closer = self._new_reader()
            except Exception as bad:
                raise wrap(bad) from None
            self._local.run = run
            with self._closers_lock:
                self._closers.append(closer)
        try:
            run(self.BEGIN_READ, ())
            try:
                return work(run)
            finally:
                run("COMMIT", ())
        except StoreError:
            raise
        except Exception as bad:
            raise wrap(bad) from None

    # -- the Store protocol ----------------------------------------------------------------

    def create_table(self, rec: TableRecord) -> None:
        """Store a new table (:class:`StoreError` if its id is taken)."""
        self._call(lambda run: ops.create_table(run, rec))

    def table(self, table_id: str) -> TableRecord | None:
        """The table's record or ``None``."""
        return self._read(lambda run: ops.table(run, table_id))

    def set_status(self, table_id: str, status: str) -> None:
        """Change a table's status."""
        self._call(lambda run: ops.set_status(run, table_id, status))

    def open_tables(self) -> list[TableRecord]:
        """The tables not closed, oldest first."""
        return self._read(ops.open_tables)

    def submit(self, table_id: str, entries: Sequence[NewEntry],
               txns: Sequence[NewTxn] = ()) -> Future[list[int]]:
        """Queue one batch for the next group commit (see :meth:`Store.submit`)."""
        entries, txns = tuple(entries), tuple(txns)
        return self._queue_job(AppendJob(
            lambda run: ops.append(run, table_id, entries, txns, self._clock(),
                                   combine=self.COMBINE), table_id, entries, txns))

    def append(self, table_id: str, entries: Sequence[NewEntry],
               txns: Sequence[NewTxn] = ()) -> list[int]:
        """Append one batch, committed before returning (see :meth:`Store.append`)."""
        return self.submit(table_id, entries, txns).result()

    def log(self, table_id: str, since: int = 0) -> list[LogEntry]:
        """The table's entries after ``since``."""
        return self._read(lambda run: ops.log(run, table_id, since))

    def ledger(self, table_id: str) -> list[LedgerTxn]:
        """The table's ledger transactions."""
        return self._read(lambda run: ops.ledger(run, table_id))

    def balances(self, table_id: str) -> dict[str, int]:
        """Each account's balance over the table's ledger."""
        return self._read(lambda run: ops.balances(run, table_id))

    @abstractmethod
    def _release_all(self) -> None:
        """Give up every claim this store holds (called by :meth:`close`)."""

    def close(self) -> None:
        """Release this store's claims, finish queued writes, close every connection."""
        with self._closing:
            if self._stopping:
                return
            self._stopping = True
        self._release_all()
        with self._closing:
            self._closed = True
            self._queue.put(None)
        if self._thread.is_alive():
            self._thread.join()
        self._close_writer()
        with self._closers_lock:
            closers, self._closers = self._closers, []
        for closer in closers:
            closer()
