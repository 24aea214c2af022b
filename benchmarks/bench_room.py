"""The card room's own CPU per action, in process: no network, no database.

N tables of four bots (``modern``), each watched by one seat's connection and one
spectator (their frames are built, encoded and queued as the server does, then dropped);
a store stub answers every append at once.  Each step plays one bot action at every table
(``TableRuntime.bot_turn``: the engine, the bot, the ledger transaction, the broadcast).
Prints the event loop's CPU time per action, so that a change of the engine, the
projector or the broadcast is measured apart from the network and the store (which
``benchmarks/bench_server.py`` adds).  Pin it (``taskset -c 1``) and compare runs of the
same moment: the machine is shared.

    .venv/bin/python benchmarks/bench_room.py --tables 20 --actions 6000 --sqlite
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path

import bragkit.server.store  # noqa: F401  (installs the store opener)
from bragkit.server.room import Room, Watcher
from bragkit.server.store.base import (
    LedgerTxn,
    LogEntry,
    NewEntry,
    NewTxn,
    Store,
    TableRecord,
    open_store,
)
from bragkit.server.tuning import tune_gc


class _Stub:
    """A :class:`~bragkit.server.store.base.Store` that answers every write at once and
    keeps nothing (reads answer empty)."""

    def __init__(self) -> None:
        self.last: dict[str, int] = {}

    def claim(self, table_id: str, owner: str) -> bool:
        return True

    def release(self, table_id: str, owner: str) -> None:
        return None

    def create_table(self, rec: TableRecord) -> None:
        return None

    def set_status(self, table_id: str, status: str) -> None:
        return None

    def open_tables(self) -> list[TableRecord]:
        return []

    def table(self, table_id: str) -> TableRecord | None:
        return None

    def log(self, table_id: str, since: int = 0) -> list[LogEntry]:
        return []

    def ledger(self, table_id: str) -> list[LedgerTxn]:
        return []

    def balances(self, table_id: str) -> dict[str, int]:
        return {}

    def holds(self, table_id: str) -> str | None:
        return None

    def close(self) -> None:
        return None

    def append(self, table_id: str, entries: Sequence[NewEntry],
               txns: Sequence[NewTxn] = ()) -> list[int]:
        return self.submit(table_id, entries, txns).result()

    def submit(self, table_id: str, entries: Sequence[NewEntry],
               txns: Sequence[NewTxn] = ()) -> Future[list[int]]:
        last = self.last.get(table_id, 0)
        self.last[table_id] = last + len(entries)
        done: Future[list[int]] = Future()
        done.set_result(list(range(last + 1, last + 1 + len(entries))))
        return done


async def _run(tables: int, actions: int, db: str | None = None) -> float:
    store: Store = _Stub() if db is None else open_store(db)
    room = Room(store)
    room.ready = True
    watched = []
    for _ in range(tables):
        made = await room.create({
            "preset": "modern", "seats": 4, "stack": 10_000,
            "bots": {"p1": "random", "p2": "random", "p3": "heuristic", "p4": "random"},
            "options": {"approval": False, "bot_delay": 1000, "timer": 600}})
        rt = room.tables[str(made["table"])]
        room.drivers[rt.id].cancel()   # this loop plays the bots instead
        watchers = [Watcher(seat=0), Watcher(seat=None)]
        rt.listeners.update(watchers)
        watched.append((rt, watchers))
    tune_gc()
    done = 0
    start = time.thread_time()
    while done < actions:
        for rt, watchers in watched:
            await rt.bot_turn(rt.to_act(), rt.turn())
            done += 1
            for w in watchers:
                while not w.queue.empty():
                    w.queue.get_nowait()
    took = (time.thread_time() - start) / done
    if db is not None:
        await room.stop()
        store.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--actions", type=int, default=6000)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is kept")
    parser.add_argument("--sqlite", action="store_true",
                        help="also with a real SQLite store (a temporary file): the loop's "
                             "part of each commit (the two thread hops), the writer apart")
    args = parser.parse_args()
    runs: list[tuple[str, str | None]] = [("a stub store", None)]
    if args.sqlite:
        runs.append(("SQLite", "sqlite"))
    for label, kind in runs:
        best = float("inf")
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory() as folder:
                db = None if kind is None else f"sqlite:///{Path(folder) / 'room.db'}"
                best = min(best, asyncio.run(_run(args.tables, args.actions, db)))
        print(f"{args.tables} tables, {label}: {1000 * best:.3f} ms of the event loop's CPU "
              f"per action (best of {args.repeat} runs of {args.actions} actions)")


if __name__ == "__main__":
    main()
