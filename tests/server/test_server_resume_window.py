"""While and after a room resumes its tables (issue 12, kill -9): a request that comes
before the tables are resumed answers 503 ``starting`` (never 500), a table read back
from the store is replayed on the event loop's thread (the engine is never run on two
threads at once while other tables play), and two requests for the same stored table
resume it once."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import httpx
import pytest

from bragkit.server.app import create_app
from bragkit.server.room import Room
from bragkit.server.runtime import TableRuntime
from bragkit.server.store.base import LogEntry, Store, TableRecord, open_store
from tests.server.rooms import run_room

BOTS = {"p1": "random", "p2": "random"}


def test_requests_before_the_tables_are_resumed_answer_503(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "room.db"))

    async def main() -> None:
        app = create_app(store, web=False)   # its lifespan (room.start) has not run
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as http:
            assert (await http.get("/api/health")).status_code == 503
            shown = await http.get("/api/tables/abc")
            assert shown.status_code == 503
            assert "resuming its tables" in shown.json()["error"]
            made = await http.post("/api/tables", json={"preset": "modern", "bots": BOTS,
                                                        "seats": 2})
            assert made.status_code == 503
            room: Room = app.state.room
            await room.start()
            try:
                assert (await http.get("/api/health")).json() == {"ok": True}
                assert (await http.get("/api/tables/abc")).status_code == 404
            finally:
                await room.stop()

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        store.close()


def _stored_table(tmp_path: Path, hands: int | None) -> tuple[str, str]:
    """A bots-only table written by a first room (played to ``hands`` deals); its id and
    the status it was left with."""
    made: dict[str, str] = {}

    async def body(room: Room, store: Store) -> None:
        out = await room.create({"preset": "modern", "seats": 2, "stack": 500, "bots": BOTS,
                                 "hands": hands or 1_000_000,
                                 "options": {"bot_delay": 0.001}})
        rt = room.tables[str(out["table"])]
        for _ in range(2000):
            if rt.closed or (hands is None and rt.seq > 12):
                break
            await asyncio.sleep(0.005)
        made["id"] = rt.id
        made["status"] = rt.status()

    run_room(tmp_path, body)
    return made["id"], made["status"]


@pytest.mark.parametrize("hands", [2, None], ids=["closed", "open"])
def test_a_stored_table_is_replayed_on_the_loop_thread_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hands: int | None) -> None:
    table_id, status = _stored_table(tmp_path, hands)
    assert status == ("closed" if hands else "open")
    replayed_on: list[int] = []
    real = TableRuntime.recover

    def recover(cls: type[TableRuntime], record: TableRecord, store: Store,
                log: list[LogEntry] | None = None) -> TableRuntime:
        replayed_on.append(threading.get_ident())
        return real(record, store, log)

    monkeypatch.setattr(TableRuntime, "recover", classmethod(recover))

    async def body(room: Room, store: Store) -> None:
        loop_thread = threading.get_ident()
        first, second = await asyncio.gather(room.get(table_id), room.get(table_id))
        assert first is second   # resumed once, whichever request came first
        assert replayed_on and set(replayed_on) == {loop_thread}
        if hands is None:
            assert list(room.drivers) == [table_id] and room.tables[table_id] is first
        else:
            assert first.closed and room.closed[table_id] is first and not room.drivers

    run_room(tmp_path, body)
