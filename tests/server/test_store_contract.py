"""The storage contract (bragkit.server.store.Store), run on SQLite and on PostgreSQL."""

from __future__ import annotations

import math
import os
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import psycopg
import pytest

from bragkit.server.store import (
    LedgerError,
    NewEntry,
    NewTxn,
    Store,
    StoreError,
    TableRecord,
    open_store,
)
from bragkit.server.store.base import JSON


def record(table_id: str = "t1", status: str = "open", created: float = 1.0) -> TableRecord:
    return TableRecord(table_id, "modern", {"ante": 2, "blind_limit": True, "name": None}, 4,
                       100, {"p2": "heuristic", "p3": "random"}, 50, "f" * 64, created, status)


def buy_in(table_id: str, seat: int, name: str, chips: int) -> NewTxn:
    return NewTxn(((f"player:{name}", -chips), (f"seat:{table_id}:{seat}", chips)), "buy-in")


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    opened = open_store(store_url)
    try:
        yield opened
    finally:
        opened.close()


def raw_execute(url: str, sql: str) -> None:
    """Run ``sql`` on a connection of its own (not the store's)."""
    if url.startswith("sqlite:///"):
        conn = sqlite3.connect(url[len("sqlite:///"):], isolation_level=None)
        try:
            conn.execute(sql)
        finally:
            conn.close()
    else:
        with psycopg.connect(url, autocommit=True) as pg:
            pg.execute(sql.encode())


# -- tables ---------------------------------------------------------------------------------


def test_table_round_trip(store: Store) -> None:
    rec = record()
    store.create_table(rec)
    assert store.table("t1") == rec
    assert store.table("nope") is None


def test_table_id_taken(store: Store) -> None:
    store.create_table(record())
    with pytest.raises(StoreError, match="exists already"):
        store.create_table(record())


def test_status_and_open_tables(store: Store) -> None:
    store.create_table(record("b", created=2.0))
    store.create_table(record("a", created=3.0))
    store.create_table(record("c", created=1.0))
    assert [t.id for t in store.open_tables()] == ["c", "b", "a"]   # oldest first
    store.set_status("b", "paused")
    store.set_status("c", "closed")
    assert [(t.id, t.status) for t in store.open_tables()] == [("b", "paused"), ("a", "open")]
    with pytest.raises(StoreError, match="status must be one of"):
        store.set_status("a", "gone")
    with pytest.raises(StoreError, match="no table"):
        store.set_status("zz", "closed")
    table = store.table("a")
    assert table is not None and table.status == "open"


# -- the log --------------------------------------------------------------------------------


def test_seqs_consecutive_per_table(store: Store) -> None:
    store.create_table(record("t1"))
    store.create_table(record("t2"))
    assert store.append("t1", [NewEntry("deal", {"pack": ["As", "Kd"]}),
                               NewEntry("action", {"action": "p1 fold"}, "a1")]) == [1, 2]
    assert store.append("t2", [NewEntry("chat", {"text": "hi"})]) == [1]
    assert store.append("t1", [NewEntry("action", {"action": "p2 bet 4"}, "a2")]) == [3]
    assert [e.seq for e in store.log("t1")] == [1, 2, 3]
    assert [(e.seq, e.client_action_id) for e in store.log("t1", since=1)] == [(2, "a1"),
                                                                                (3, "a2")]
    assert store.log("t1", since=3) == []
    first = store.log("t1")[0]
    assert (first.table_id, first.kind, first.payload) == ("t1", "deal",
                                                           {"pack": ["As", "Kd"]})


def test_payload_round_trips_json(store: Store) -> None:
    store.create_table(record())
    payload: dict[str, JSON] = {"n": -3, "x": 0.5, "ok": False, "none": None,
                                "nested": {"list": [1, "two", [3.25]]}, "text": "é ♠"}
    store.append("t1", [NewEntry("host", payload)])
    assert store.log("t1")[0].payload == payload


def test_idempotent_resend_writes_nothing(store: Store) -> None:
    store.create_table(record())
    store.append("t1", [NewEntry("deal", {"pack": []})], [buy_in("t1", 1, "ann", 100)])
    batch = [NewEntry("action", {"action": "p1 bet 4"}, "c-7"), NewEntry("seat", {"n": 1})]
    move = NewTxn((("seat:t1:1", -4), ("pot:t1", 4)), "p1 bet 4")
    assert store.append("t1", batch, [move]) == [2, 3]
    before = (store.log("t1"), store.ledger("t1"), store.balances("t1"))
    assert store.append("t1", batch, [move]) == [2, 3]   # the first delivery's seqs
    assert store.append("t1", batch[:1], [move]) == [2, 3]
    assert (store.log("t1"), store.ledger("t1"), store.balances("t1")) == before
    assert store.append("t1", [NewEntry("action", {}, "c-8")]) == [4]


def test_same_id_twice_in_a_batch(store: Store) -> None:
    store.create_table(record())
    with pytest.raises(StoreError, match="twice in one batch"):
        store.append("t1", [NewEntry("action", {}, "x"), NewEntry("action", {}, "x")])
    assert store.log("t1") == []


def test_client_ids_are_per_table(store: Store) -> None:
    store.create_table(record("t1"))
    store.create_table(record("t2"))
    assert store.append("t1", [NewEntry("action", {}, "same")]) == [1]
    assert store.append("t2", [NewEntry("chat", {}), NewEntry("action", {}, "same")]) == [1, 2]


def test_append_to_unknown_table(store: Store) -> None:
    with pytest.raises(StoreError, match="no table 'ghost'"):
        store.append("ghost", [NewEntry("chat", {})])


def test_bad_payload_writes_nothing(store: Store) -> None:
    store.create_table(record())
    with pytest.raises(StoreError, match="must be JSON"):
        store.append("t1", [NewEntry("chat", {"ok": 1}), NewEntry("chat", {"x": math.nan})],
                     [buy_in("t1", 1, "ann", 5)])
    bad: dict[str, JSON] = {"x": {1, 2}}
    with pytest.raises(StoreError, match="must be JSON"):
        store.append("t1", [NewEntry("chat", bad)])
    assert store.log("t1") == [] and store.ledger("t1") == []


def test_entry_kind_checked() -> None:
    with pytest.raises(StoreError, match="kind must be one of deal, action"):
        NewEntry("bet", {})


# -- the ledger -----------------------------------------------------------------------------


def test_unbalanced_txn_raises_before_writing() -> None:
    with pytest.raises(LedgerError, match="sums to 1"):
        NewTxn((("player:ann", -99), ("seat:t1:1", 100)))
    with pytest.raises(LedgerError, match="tuple of"):
        NewTxn(())
    with pytest.raises(LedgerError, match="integer amount"):
        NewTxn((("a", 1.5), ("b", -1.5)))


def test_ledger_and_balances(store: Store) -> None:
    store.create_table(record())
    store.append("t1", [NewEntry("seat", {"seat": 1, "name": "ann"})],
                 [buy_in("t1", 1, "ann", 100), buy_in("t1", 2, "bob", 60)])
    store.append("t1", [NewEntry("action", {"action": "p1 bet 10"}, "c1")],
                 [NewTxn((("seat:t1:1", -10), ("pot:t1", 10)), "p1 bet 10")])
    store.append("t1", [], [NewTxn((("pot:t1", -10), ("seat:t1:2", 10)), "hand 1")])
    txns = store.ledger("t1")
    assert [(t.seq, t.memo, t.log_seq) for t in txns] == [(1, "buy-in", 1), (2, "buy-in", 1),
                                                          (3, "p1 bet 10", 2), (4, "hand 1", 2)]
    assert all(sum(amount for _, amount in t.entries) == 0 for t in txns)
    assert txns[0].entries == (("player:ann", -100), ("seat:t1:1", 100))
    assert store.balances("t1") == {"player:ann": -100, "player:bob": -60, "pot:t1": 0,
                                    "seat:t1:1": 90, "seat:t1:2": 70}
    assert sum(store.balances("t1").values()) == 0


def test_log_and_ledger_are_append_only(store: Store, store_url: str) -> None:
    store.create_table(record())
    store.append("t1", [NewEntry("chat", {})], [buy_in("t1", 1, "ann", 5)])
    wipes = ["UPDATE room_log SET kind = 'host'", "DELETE FROM room_log",
             "UPDATE room_entries SET amount = 0", "DELETE FROM room_txns"]
    if not store_url.startswith("sqlite"):   # SQLite has no TRUNCATE
        wipes += ["TRUNCATE room_entries CASCADE", "TRUNCATE room_log CASCADE"]
    for sql in wipes:
        with pytest.raises((sqlite3.Error, psycopg.Error), match="append-only"):
            raw_execute(store_url, sql)
    assert len(store.log("t1")) == 1 and store.balances("t1")["seat:t1:1"] == 5


def test_postgres_refuses_an_unbalanced_raw_transaction(pg_url: str) -> None:
    store = open_store(pg_url)
    try:
        store.create_table(record())
        with psycopg.connect(pg_url) as pg:
            pg.execute(b"INSERT INTO room_txns VALUES ('t1', 1, 'raw', 0, 0)")
            pg.execute(b"INSERT INTO room_entries VALUES ('t1', 1, 0, 'bank', -5)")
            with pytest.raises(psycopg.Error, match="ledger transaction 1 of table t1 sums"):
                pg.commit()
        assert store.ledger("t1") == []
        store.append("t1", [], [buy_in("t1", 1, "ann", 5)])   # a balanced one commits
        assert store.balances("t1") == {"player:ann": -5, "seat:t1:1": 5}
    finally:
        store.close()


def test_postgres_store_reconnects_after_losing_its_connection(pg_url: str) -> None:
    from bragkit.server.store.postgres import PostgresStore

    store = PostgresStore(pg_url)
    try:
        store.create_table(record())
        assert store.append("t1", [NewEntry("chat", {"n": 1})]) == [1]
        assert store.log("t1")[0].payload == {"n": 1}
        # kill every other session, waiting (up to 10 s) until each backend has exited: without
        # the wait, a backend still exiting left the writer's socket quiet at its check, and
        # the append then failed on the dying connection (seen once under load)
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute(b"SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                          b"WHERE datname = current_database() AND pid <> pg_backend_pid()")
        # both idle connections (writer, reader) are found dead at BEGIN and replaced
        assert store.append("t1", [NewEntry("chat", {"n": 2}, "c2")]) == [2]
        assert [e.payload["n"] for e in store.log("t1")] == [1, 2]
        assert store.claim("t1", "me") and store.holds("t1") == "me"
        with psycopg.connect(pg_url, autocommit=True) as admin:   # the lock connection too
            admin.execute(b"SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                          b"WHERE datname = current_database() AND pid <> pg_backend_pid()")
        assert store.holds("t1") == "me"   # taken again on a new connection
        other = PostgresStore(pg_url)
        try:
            assert not other.claim("t1", "you")
        finally:
            other.close()
    finally:
        store.close()


# -- durability, concurrency, claims --------------------------------------------------------


def test_reopen_keeps_everything(store_url: str) -> None:
    first = open_store(store_url)
    first.create_table(record())
    first.append("t1", [NewEntry("action", {"a": 1}, "c1")], [buy_in("t1", 1, "ann", 9)])
    first.close()
    with pytest.raises(StoreError, match="closed"):
        first.append("t1", [NewEntry("chat", {})])
    again = open_store(store_url)
    try:
        assert [e.client_action_id for e in again.log("t1")] == ["c1"]
        assert again.balances("t1") == {"player:ann": -9, "seat:t1:1": 9}
        assert again.append("t1", [NewEntry("action", {"a": 1}, "c1")]) == [1]
    finally:
        again.close()


def test_many_threads_many_tables(store: Store) -> None:
    tables = [f"t{n}" for n in range(8)]
    for name in tables:
        store.create_table(record(name))
    failures: list[BaseException] = []

    def play(name: str) -> None:
        try:
            for i in range(25):
                store.append(name, [NewEntry("action", {"i": i}, f"{name}-{i}")],
                             [NewTxn(((f"seat:{name}:1", -1), (f"pot:{name}", 1)))])
        except BaseException as bad:
            failures.append(bad)

    threads = [threading.Thread(target=play, args=(name,)) for name in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    for name in tables:
        assert [e.seq for e in store.log(name)] == list(range(1, 26))
        assert [e.payload["i"] for e in store.log(name)] == list(range(25))
        assert store.balances(name) == {f"pot:{name}": 25, f"seat:{name}:1": -25}


def test_group_commit_batches_and_isolates_failures(store: Store) -> None:
    store.create_table(record())
    futures: list[Future[list[int]]] = []
    for i in range(300):
        table = "ghost" if i == 150 else "t1"
        futures.append(store.submit(table, [NewEntry("action", {"i": i}, f"c{i}")]))
    results = []
    for i, future in enumerate(futures):
        if i == 150:
            with pytest.raises(StoreError, match="no table"):
                future.result()
        else:
            results.append(future.result()[0])
    assert results == list(range(1, 300))   # the failure took no seq and lost nothing
    stats = getattr(store, "stats", None)
    assert stats is not None and stats.commits < stats.jobs


def test_close_while_appending_leaves_no_write_hanging(store_url: str) -> None:
    store = open_store(store_url)
    store.create_table(record())
    outcomes: list[str] = []

    def keep_appending(n: int) -> None:
        for i in range(10_000):
            try:
                store.append("t1", [NewEntry("chat", {"i": i}, f"w{n}-{i}")])
            except StoreError as error:
                outcomes.append(str(error))
                return

    threads = [threading.Thread(target=keep_appending, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    while len(store.log("t1")) < 20:
        pass
    store.close()
    for thread in threads:
        thread.join(timeout=20)
        assert not thread.is_alive(), "an append never returned"
    assert outcomes == ["the store is closed"] * 4
    again = open_store(store_url)
    try:
        seqs = [e.seq for e in again.log("t1")]
        assert seqs == list(range(1, len(seqs) + 1))
    finally:
        again.close()


def test_claims_exclusive_between_stores(store_url: str) -> None:
    one, two = open_store(store_url), open_store(store_url)
    try:
        one.create_table(record())
        assert one.holds("t1") is None
        assert one.claim("t1", "server-a")
        assert one.claim("t1", "server-a")         # again: still ours
        assert one.holds("t1") == "server-a" and two.holds("t1") is None
        assert not two.claim("t1", "server-b")
        assert not one.claim("t1", "server-b")
        one.release("t1", "server-b")              # not the holder: nothing
        assert not two.claim("t1", "server-b")
        one.release("t1", "server-a")
        assert two.claim("t1", "server-b")
        assert not one.claim("t1", "server-a")
        two.close()                                # closing gives its claims up
        assert one.claim("t1", "server-a")
    finally:
        one.close()
        two.close()


def test_sqlite_claim_of_a_gone_process_is_taken_over(tmp_path: Path) -> None:
    from bragkit.server.store.sqlite import process_tag

    url = f"sqlite:///{tmp_path}/room.db"
    store = open_store(url)
    try:
        store.create_table(record())
        dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True, check=True)
        me = process_tag(os.getpid())
        host, boot, started = me.split(" ")
        cases = [
            (f"{host} {boot} {started}", os.getpid(), False),   # this very process: alive
            (f"elsewhere {boot} {started}", os.getpid(), False),  # another host: never
            (f"{host} {boot} 1", os.getpid(), True),             # pid reused (started later)
            (f"{host} other-boot {started}", os.getpid(), True),  # the host rebooted
            (f"{host} {boot} -", int(dead.stdout), True),        # the process is gone
        ]
        for tag, pid, taken in cases:
            raw_execute(url, "DELETE FROM room_claims")
            raw_execute(url, f"INSERT INTO room_claims VALUES ('t1', 'old', '{tag}', {pid}, 0)")
            assert store.claim("t1", "new") is taken, tag
            store.release("t1", "new")
    finally:
        store.close()


def test_sqlite_is_wal_and_full(tmp_path: Path) -> None:
    from bragkit.server.store.sqlite import SQLiteStore

    store = SQLiteStore(f"{tmp_path}/room.db")
    try:
        assert store.pragma("journal_mode") == "wal"
        assert store.pragma("synchronous") == 2      # FULL
        assert store.pragma("foreign_keys") == 1
        with pytest.raises(StoreError, match="not a pragma name"):
            store.pragma("synchronous = OFF")
    finally:
        store.close()


def test_open_store_urls(tmp_path: Path) -> None:
    for url in (f"{tmp_path}/a.db", f"sqlite:///{tmp_path}/b.db"):
        opened = open_store(url)
        opened.close()
    assert {p.name for p in tmp_path.iterdir()} >= {"a.db", "b.db"}
    with pytest.raises(StoreError, match="unknown database URL scheme 'mysql'"):
        open_store("mysql://db/room")
    with pytest.raises(StoreError, match="sqlite:///PATH"):
        open_store("sqlite://relative.db")
    with pytest.raises(StoreError, match="cannot open the database"):
        open_store("postgresql://nobody@127.0.0.1:1/none")


def test_table_record_checked() -> None:
    with pytest.raises(StoreError, match="seats must be an integer of at least 1"):
        TableRecord("t", "modern", {}, 0, 100, {}, None, "h", 0.0, "open")
    with pytest.raises(StoreError, match="rules must map"):
        TableRecord("t", "modern", {"a": [1]}, 2, 100, {}, None, "h", 0.0,
                    "open")
