"""The table runtime without a network: a store that refuses a batch leaves the table as
the log says (the action or the seat is not taken, and a resend works); the timer's default
action."""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from bragkit.engine.actions import LegalAction
from bragkit.server.room import Room
from bragkit.server.runtime import ServerError, TableRuntime, timeout_action
from bragkit.server.store.base import StoreError, open_store


class Flaky:
    """A store whose next ``fail`` submits fail (after nothing was written)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.fail = 0

    def submit(self, *args: Any, **kw: Any) -> Future[list[int]]:
        if self.fail:
            self.fail -= 1
            bad: Future[list[int]] = Future()
            bad.set_exception(StoreError("the database is gone"))
            return bad
        result: Future[list[int]] = self.inner.submit(*args, **kw)
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def test_a_refused_commit_takes_nothing_and_a_resend_works(tmp_path: Path) -> None:
    inner = open_store(str(tmp_path / "room.db"))
    store = Flaky(inner)

    async def body() -> None:
        room = Room(store)
        room.ready = True
        made = await room.create({"preset": "modern", "seats": 2, "stack": 30,
                                  "options": {"approval": False, "timer": 600}})
        rt = room.tables[made["table"]]
        assert rt.engine is None and rt.to_act() == -1  # it waits for its two seats
        await rt.request_seat(None, 0, "Ann", "token-ann")
        store.fail = 1  # the sit that deals the first deal is refused: nothing is dealt
        with pytest.raises(ServerError) as refused:
            await rt.request_seat(None, 1, "Bob", "token-bob")
        assert refused.value.code == "storage"
        assert rt.engine is None and rt.seats[1].kind == "empty" and not rt.packs
        await rt.request_seat(None, 1, "Bob", "token-bob")
        assert rt.engine is not None and len(rt.packs) == 1
        seat = rt.to_act()
        before = (rt.seq, list(rt.table.current_actions()), rt.stacks())
        store.fail = 1
        with pytest.raises(ServerError) as refused:
            await rt.act(seat, "look", "c1")
        assert refused.value.code == "storage"
        assert (rt.seq, list(rt.table.current_actions()), rt.stacks()) == before
        seq = await rt.act(seat, "look", "c1")  # the resend is taken, once
        assert seq == before[0] + 1 and await rt.act(seat, "look", "c1") == seq
        again = TableRuntime.recover(inner.table(rt.id), inner)
        assert again.table.current_actions() == rt.table.current_actions()
        await room.stop()

    asyncio.run(body())
    inner.close()


def test_the_timer_plays_fold_or_the_games_default() -> None:
    assert timeout_action((LegalAction("look"), LegalAction("fold"),
                           LegalAction("bet", lo=1, hi=5))) == "fold"
    assert timeout_action((LegalAction("stand"), LegalAction("trade", cost=1,
                                                             args=("5d", "4d")))) == "stand"
    assert timeout_action((LegalAction("ante", lo=1, hi=10),)) == "ante 1"


def test_broadcast_text_is_the_frame_encoded_once(tmp_path: Path) -> None:
    """The update text a broadcast queues is :meth:`Room.frame_for`'s frame, encoded once
    per seat for all its connections (the host's requests and the log items per watcher)."""
    import json

    from bragkit.server.room import Watcher

    store = open_store(str(tmp_path / "room.db"))

    async def body() -> None:
        room = Room(store)
        room.ready = True
        made = await room.create({"preset": "modern", "seats": 2, "stack": 30,
                                  "options": {"timer": 600}})
        rt = room.tables[made["table"]]
        await rt.request_seat(None, 0, "Ann", "token-ann")  # a request: the host sees it
        watchers = [Watcher(seat=None), Watcher(seat=None, host=True), Watcher(seat=0)]
        twins = [Watcher(seat=w.seat, host=w.host) for w in watchers]
        for w in watchers:
            rt.listeners.add(w)
        room.broadcast(rt)
        for w, twin in zip(watchers, twins, strict=True):
            text = w.queue.get_nowait()
            assert isinstance(text, str)
            assert json.loads(text) == room.frame_for(rt, twin)
        await room.stop()

    asyncio.run(body())
    store.close()


def test_sitting_in_again_starts_the_count_of_timeouts_afresh(tmp_path: Path) -> None:
    """docs/server.md, timers: after ``sit_out_after`` timeouts in a row the seat sits out;
    once it sits in again, one more timeout does not sit it out at once."""
    store = open_store(str(tmp_path / "room.db"))

    async def body() -> None:
        room = Room(store)
        room.ready = True
        made = await room.create({"preset": "modern", "seats": 3, "stack": 100,
                                  "options": {"approval": False, "timer": 600,
                                              "sit_out_after": 2}})
        rt = room.tables[made["table"]]
        for seat, name in enumerate(("Ann", "Bob", "Cy")):
            await rt.request_seat(None, seat, name, f"token-{name}")

        async def time_out(seat: int) -> None:
            while rt.to_act() != seat:  # the others check or fold by their own hand
                legal = rt.table.legal_actions()
                kind = "fold" if any(a.kind == "fold" for a in legal) else legal[0].kind
                await rt.act(rt.to_act(), kind if kind != "bet" else "bet 1", None)
            await rt.timeout(seat, rt.turn(), 0.0)

        ann = rt.seats[0]
        await time_out(0)
        assert not ann.sitting_out and ann.timeouts == 1
        await time_out(0)
        assert ann.sitting_out
        await rt.sit_out(0, False)
        assert not ann.sitting_out and ann.timeouts == 0
        await time_out(0)
        assert not ann.sitting_out and ann.timeouts == 1
        await room.stop()

    asyncio.run(body())
    store.close()
