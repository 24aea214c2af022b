"""The store's writer thread survives callers that give up: a write whose future is
cancelled while it waits in the queue (a task cancelled as the server shuts down) is
dropped unwritten, one already started is settled, and the writer goes on committing."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from bragkit.server.store.base import NewEntry, NewTxn, StoreError, TableRecord, open_store
from bragkit.server.store.writer import QueuedStore


def test_cancelled_writes_are_dropped_and_the_writer_lives_on(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "room.db"))
    try:
        store.create_table(TableRecord("t1", "modern", {}, 2, 10, {}, None, "h", 0.0, "open"))
        futures = [store.submit("t1", [NewEntry("chat", {"text": f"line {n}"})])
                   for n in range(300)]
        cancelled = sum(f.cancel() for f in futures[100:])
        done = [f.result(timeout=30) for f in futures if not f.cancelled()]
        # the writer is alive: a later write commits
        later = store.submit("t1", [NewEntry("chat", {"text": "after"})]).result(timeout=30)
        assert cancelled > 0  # some were still queued when cancelled
        texts = [e.payload.get("text") for e in store.log("t1")]
        assert len(texts) == len(done) + 1 == 300 - cancelled + 1
        assert texts[-1] == "after" and later == [len(texts)]
    finally:
        store.close()


def test_one_commit_of_many_appends_answers_each_as_alone(store_url: str) -> None:
    """Appends queued together share one commit (on PostgreSQL one pipelined round trip)
    and each gets the answer it would get alone: one table's appends numbered in turn, a
    resend (even of an append in the same commit) its first delivery's seqs, an append to
    no table an error of its own, and every ledger transaction where it belongs."""
    store = open_store(store_url)
    assert isinstance(store, QueuedStore)
    try:
        for tid in ("t1", "t2"):
            store.create_table(TableRecord(tid, "modern", {}, 2, 10, {}, None, "h", 0.0,
                                           "open"))
        hold, started = threading.Event(), threading.Event()
        # the writer waits in a job of its own while the batch is queued behind it; the
        # appends are queued only once that job runs (the writer drains the queue into a
        # batch before running it: appends queued before that shared the blocker's batch,
        # seen once under load as largest=29)

        def block(run: object) -> bool:
            started.set()
            return hold.wait(30)

        blocker = store._submit(block)
        assert started.wait(30)
        futures = []
        for n in range(40):
            tid = ("t1", "t2")[n % 2]
            txns = [NewTxn(((f"seat:{tid}:1", -n - 1), (f"pot:{tid}", n + 1)), f"hand {n}")]
            futures.append(store.submit(tid, [NewEntry("action", {"n": n}, f"c{n}"),
                                              NewEntry("deal", {"pack": [n]})], txns))
        again = store.submit("t2", [NewEntry("action", {"n": 1}, "c1")])   # c1 is t2's
        missing = store.submit("t9", [NewEntry("chat", {"text": "nobody"})])
        last = store.submit("t1", [], [NewTxn((("bank", -1), ("seat:t1:2", 1)), "alone")])
        hold.set()
        assert blocker.result(timeout=30) is True
        seqs = [f.result(timeout=30) for f in futures]
        assert seqs[0::2] == seqs[1::2] == [[2 * k + 1, 2 * k + 2] for k in range(20)]
        assert again.result(timeout=30) == [1, 2]
        with pytest.raises(StoreError, match="no table"):
            missing.result(timeout=30)
        assert last.result(timeout=30) == []
        assert store.stats.largest >= 43   # they were grouped
        t1 = store.ledger("t1")
        assert [txn.memo for txn in t1] == [f"hand {n}" for n in range(0, 40, 2)] + ["alone"]
        assert [txn.log_seq for txn in t1] == [2 * k + 2 for k in range(20)] + [40]
        assert store.balances("t2") == {"pot:t2": sum(range(2, 41, 2)),
                                        "seat:t2:1": -sum(range(2, 41, 2))}
        assert [e.seq for e in store.log("t2")] == list(range(1, 41))
        assert [e.client_action_id for e in store.log("t1")][:3] == ["c0", None, "c2"]
    finally:
        store.close()
