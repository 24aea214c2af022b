"""A restarted server resumes every table from its log, exactly where it was (issue 12):
the same deal, the same cards, the same stacks, the same turn; the ledger sums to zero and
matches the chips on the table."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bragkit.server.client import RoomClient
from bragkit.server.room import Room
from bragkit.server.runtime import TableRuntime
from bragkit.server.store.base import Store
from tests.server.live import live_room
from tests.server.rooms import run_room

pytestmark = pytest.mark.server


def _chips(room: Any, tid: str) -> tuple[list[int], int]:
    data = room.get(f"/api/tables/{tid}").json()
    return data["stacks"], data["pot"]


@pytest.mark.parametrize("preset", ["modern", "commerce", "foster", "american", "casino"])
def test_restart_resumes_the_deal_in_progress(tmp_path: Path, preset: str) -> None:
    async def first(room: Any) -> dict[str, Any]:
        made = room.post("/api/tables", {"preset": preset, "seats": 3, "stack": 300,
                                         "bots": {"p2": "random", "p3": "random"},
                                         "options": {"approval": False, "bot_delay": 0,
                                                     "timer": 600}}).json()
        async with RoomClient(room.ws(made["table"])) as guest:
            joined = await guest.call({"t": "join", "name": "Ann", "seat": "p1"})
        async with RoomClient(room.ws(made["table"]), token=joined["token"]) as me:
            acted = 0
            while acted < 6:
                await me.wait_for(lambda f: f["view"].get("to_act") == "p1"
                                  and bool(f["view"].get("legal")))
                legal = me.view["legal"]
                kinds = [a["kind"] for a in legal]
                want = "look" if "look" in kinds else "fold" if "fold" in kinds else kinds[0]
                pick = legal[kinds.index(want)]
                text = pick["kind"] if pick["lo"] is None else f"{pick['kind']} {pick['lo']}"
                if pick["args"] and not pick["optional_arg"]:
                    text += f" {pick['args'][0]}"
                assert (await me.act(text))["t"] == "ack"
                acted += 1
            await me.wait_for(lambda f: f["view"].get("to_act") == "p1")
            return {"made": made, "token": joined["token"], "view": me.view,
                    "seq": me.latest["seq"] if me.latest else 0}

    with live_room(tmp_path) as room:
        before = asyncio.run(asyncio.wait_for(first(room), 60))
        chips_before = _chips(room, before["made"]["table"])
    with live_room(tmp_path) as room:  # a new process would do the same: replay the log
        tid = before["made"]["table"]
        assert _chips(room, tid) == chips_before

        async def second() -> None:
            async with RoomClient(room.ws(tid), token=before["token"]) as me:
                view = me.view
                for key in ("deal", "phase", "to_act", "stacks", "pot", "own_cards",
                            "events", "legal", "status"):
                    assert view[key] == before["view"][key], key
                assert me.latest is not None and me.latest["seq"] == before["seq"]
                legal = view["legal"]
                assert (await me.act(legal[0]["kind"] if legal[0]["lo"] is None else
                                     f"{legal[0]['kind']} {legal[0]['lo']}"
                                     + (f" {legal[0]['args'][0]}" if legal[0]["args"]
                                        and not legal[0]["optional_arg"] else "")))["t"] == "ack"

        asyncio.run(asyncio.wait_for(second(), 30))
        room.wait(tid, lambda d: d["to_act"] == "p1" or d["finished"])  # the bots stop there
        ledger = room.get(f"/api/tables/{tid}/ledger", token=before["made"]["host_token"]).json()
        assert ledger["zero_sum"]
        stacks, pot = _chips(room, tid)
        balances = ledger["balances"]
        assert [balances.get(f"seat:{tid}:{s + 1}", 0) for s in range(3)] == stacks
        assert balances.get(f"pot:{tid}", 0) == pot
        assert sum(p["net"] for p in ledger["people"]) + ledger["bank"] + ledger.get(
            "house", 0) == 0  # a casino table: the house is the counterparty of every bet
        assert [p["name"] for p in ledger["people"]] == ["Ann"]


@pytest.mark.parametrize("preset", ["modern", "casino"])
def test_a_table_closed_mid_deal_resumes_closed_as_it_was(tmp_path: Path, preset: str) -> None:
    """The host's close voids the deal in progress (its chips back to the stacks) and
    splits a carried pot; the table rebuilt from its log holds the stacks the close gave
    and the ledger says (it showed the void deal's chips still in the pot)."""
    async def body(room: Room, store: Store) -> None:
        made = await room.create({"preset": preset, "seats": 3, "stack": 100,
                                  "bots": {f"p{n}": "random" for n in range(1, 4)},
                                  "hands": 100_000, "options": {"bot_delay": 0}})
        rt = room.tables[made["table"]]
        for _ in range(3000):
            await asyncio.sleep(0.001)
            async with rt.lock:  # a deal in progress with chips in its pot: close it
                if rt.engine is not None and rt.pot() and rt.table.current_actions():
                    await rt.close_locked()
                    break
        assert rt.closed and rt.finished and rt.pot() == 0
        again = TableRuntime.recover(store.table(rt.id) or rt.record, store)
        assert (again.closed, again.finished) == (True, True)
        assert again.positions() == rt.positions()
        assert again.summary()["stacks"] == rt.summary()["stacks"]
        balance = store.balances(rt.id)
        assert {k: balance.get(k, 0) for k in rt.positions()} == rt.positions()

    run_room(tmp_path, body)
