"""The store's writer thread survives callers that give up: a write whose future is
cancelled while it waits in the queue (a task cancelled as the server shuts down) is
dropped unwritten, one already started is settled, and the writer goes on committing."""

from __future__ import annotations

from pathlib import Path

from bragkit.server.store.base import NewEntry, TableRecord, open_store


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
