"""WebSocket play (issue 12): seats by invite and approval, actions with client ids, errors
that change nothing, resends, reconnect, spectators, chat and mute, sit out, kick, pause,
bots added and removed, timers."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bragkit.server.client import RoomClient
from tests.server.live import Live, live_room

pytestmark = pytest.mark.server


def run(body: Callable[[Live], Awaitable[None]], tmp_path: Path) -> None:
    with live_room(tmp_path) as room:
        asyncio.run(asyncio.wait_for(body(room), 60))


def make(room: Live, **body: Any) -> dict[str, Any]:
    r = room.post("/api/tables", body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


async def seat(room: Live, made: dict[str, Any], label: str, name: str,
               host: RoomClient) -> RoomClient:
    """A guest joins seat ``label`` by its invite; the host approves; the guest reconnects
    with its token and is bound to the seat."""
    async with RoomClient(room.ws(made["table"])) as guest:
        reply = await guest.call({"t": "join", "name": name,
                                  "invite": made["invites"][label]})
        assert reply["t"] == "ack" and reply["status"] == "pending", reply
        token = reply["token"]
        req = await host.wait_for(lambda f: bool(f.get("requests")))
        rid = req["requests"][0]["request"]
        assert (await host.call({"t": "approve", "request": rid}))["t"] == "ack"
        await guest.wait_for(lambda f: f["table"]["seats"][int(label[1:]) - 1]["name"] == name)
    player = RoomClient(room.ws(made["table"]), token=token)
    await player.open()
    assert player.welcome is not None and player.welcome["you"]["seat"] == label
    return player


def test_invite_approve_act_errors_resend_reconnect(tmp_path: Path) -> None:
    async def body(room: Live) -> None:
        made = make(room, preset="modern", seats=3, stack=40, bots={"p3": "random"},
                    options={"bot_delay": 0, "timer": 60})
        host = RoomClient(room.ws(made["table"]), host=made["host_token"])
        await host.open()
        p1 = await seat(room, made, "p1", "Ann", host)
        p2 = await seat(room, made, "p2", "Bob", host)
        # somebody to act among the humans
        async def my_turn(c: RoomClient) -> dict[str, Any]:
            return await c.wait_for(lambda f: f["view"].get("to_act") == c.view.get("seat")
                                    and bool(f["view"].get("legal")))
        # the bot p3 may be to act first: wait until one of the people is
        shown = await p1.wait_for(lambda f: f["view"].get("to_act") in ("p1", "p2"))
        first = p1 if shown["view"]["to_act"] == "p1" else p2
        other = p2 if first is p1 else p1
        await my_turn(first)
        before = room.get(f"/api/tables/{made['table']}").json()["seq"]
        # not your turn: an error naming the problem, nothing changes
        err = await other.act("fold")
        assert err["t"] == "error" and err["code"] == "not_your_turn", err
        assert "is to act" in err["error"]
        bad = await first.act("bet 9999")
        assert bad["t"] == "error" and bad["code"] == "illegal", bad
        junk = await first.act("dance")
        assert junk["t"] == "error" and junk["code"] == "malformed", junk
        assert room.get(f"/api/tables/{made['table']}").json()["seq"] == before
        # a blind seat never has its cards
        assert first.view["own_cards"] is None
        ok = await first.act("look", cid="look-1")
        assert ok["t"] == "ack" and ok["cid"] == "look-1"
        again = await first.act("look", cid="look-1")  # a resend: harmless, same seq
        assert again["t"] == "ack" and again["seq"] == ok["seq"]
        await first.wait_for(lambda f: f["view"].get("own_cards") is not None)
        assert first.view["hand_name"]
        # the other seat does not see those cards
        await other.wait_for(lambda f: f["seq"] >= ok["seq"])
        mine = set(first.view["own_cards"].split())
        assert not mine & set(" ".join(other.view["events"]).split())
        # reconnect: a fresh snapshot holding what was missed
        seq = other.latest["seq"] if other.latest else 0
        token = other.token
        await other.close()
        await first.call({"t": "chat", "text": "hello there", "cid": "chat-1"})
        back = RoomClient(room.ws(made["table"]), token=token)
        await back.open()
        reply = await back.call({"t": "hello", "since": seq})
        assert reply["t"] == "ack"
        state = [f for f in back.frames if f["t"] == "state"][-1]
        assert any(i.get("text") == "hello there" for i in state["log"])
        assert state["view"]["seat"] == other.view["seat"]
        for c in (back, first, host):
            await c.close()

    run(body, tmp_path)


def test_spectator_chat_mute_pause_sit_out_kick_bots(tmp_path: Path) -> None:
    async def body(room: Live) -> None:
        made = make(room, preset="teen-patti", seats=3, stack=40,
                    bots={"p2": "random", "p3": "random"},
                    options={"approval": False, "bot_delay": 0.05, "timer": 0.3,
                             "time_bank": 0})
        tid = made["table"]
        watcher = RoomClient(room.ws(tid))
        await watcher.open()
        assert watcher.welcome is not None and watcher.welcome["you"]["seat"] is None
        assert (await watcher.act("fold"))["code"] == "no_seat"
        assert (await watcher.call({"t": "chat", "text": "hi"}))["code"] == "no_seat"
        assert (await watcher.call({"t": "pause"}))["code"] == "forbidden"
        # a guest sits at once (no approval at this table)
        guest = RoomClient(room.ws(tid))
        await guest.open()
        joined = await guest.call({"t": "join", "name": "Cy", "seat": "p1"})
        assert joined["status"] == "seated", joined
        ann = RoomClient(room.ws(tid), token=joined["token"])
        await ann.open()
        assert ann.welcome is not None and ann.welcome["you"]["seat"] == "p1"
        # the timer plays fold for an idle seat; after two timeouts it sits out
        await watcher.wait_for(lambda f: f["table"]["seats"][0]["sitting_out"], timeout=30)
        since = len(watcher.frames)
        assert (await ann.call({"t": "sit_in"}))["t"] == "ack"
        await watcher.wait_seen(lambda f: not f["table"]["seats"][0]["sitting_out"], since)
        # chat and mute
        host = RoomClient(room.ws(tid), host=made["host_token"])
        await host.open()
        await host.call({"t": "mute", "who": "Cy"})
        await ann.call({"t": "chat", "text": "secret plan", "cid": "m1"})
        await watcher.wait_log(lambda i: i.get("text") == "secret plan")
        await host.call({"t": "ping"})
        assert not any(i.get("text") == "secret plan" for f in host.frames
                       for i in f.get("log", []))
        # pause stops the bots; resume restarts them
        assert (await host.call({"t": "pause"}))["t"] == "ack"
        paused = room.get(f"/api/tables/{tid}").json()
        assert paused["status"] == "paused"
        await asyncio.sleep(0.4)
        assert room.get(f"/api/tables/{tid}").json()["seq"] == paused["seq"]
        assert (await ann.act("fold"))["code"] in ("paused", "not_your_turn")
        assert (await host.call({"t": "resume"}))["t"] == "ack"
        # bots: replace p2's bot, an unknown bot is refused in one line
        bad = await host.call({"t": "bot", "seat": "p2", "bot": "wizard"})
        assert bad["t"] == "error" and "no bot 'wizard'" in bad["error"]
        assert (await host.call({"t": "bot", "seat": "p2", "bot": "heuristic"}))["t"] == "ack"
        await watcher.wait_for(lambda f: f["table"]["seats"][1]["bot"] == "heuristic")
        # kick: the seat is empty and the kicked token no longer acts
        assert (await host.call({"t": "kick", "seat": "p1"}))["t"] == "ack"
        await watcher.wait_for(lambda f: f["table"]["seats"][0]["kind"] == "empty")
        assert (await ann.act("fold"))["code"] == "no_seat"
        # the spectator never received anybody's cards but the shown ones
        for frame in watcher.frames:
            view = frame.get("view") or {}
            assert "own_cards" not in view and not view.get("legal")
        for c in (watcher, guest, ann, host):
            await c.close()

    run(body, tmp_path)


def test_time_bank_is_spent_past_the_timer_and_survives_a_restart(tmp_path: Path) -> None:
    async def play(room: Live) -> tuple[str, str, float]:
        made = make(room, preset="modern", seats=2, stack=40, bots={"p2": "random"},
                    options={"approval": False, "bot_delay": 0, "timer": 0.2,
                             "time_bank": 5})
        tid = made["table"]
        async with RoomClient(room.ws(tid)) as guest:
            token = (await guest.call({"t": "join", "name": "Ann", "seat": "p1"}))["token"]
        async with RoomClient(room.ws(tid), token=token) as me:
            await me.wait_for(lambda f: f["view"].get("to_act") == "p1")
            assert me.table["timer"]["seat"] == "p1"
            await asyncio.sleep(0.9)  # 0.2 s of timer, then about 0.7 s of the bank
            assert (await me.act("fold"))["t"] == "ack"
            bank = float(me.table["seats"][0]["time_bank"])
            assert 3.8 <= bank <= 4.5, bank
            return tid, token, bank

    with live_room(tmp_path) as room:
        tid, _, bank = asyncio.run(asyncio.wait_for(play(room), 30))
    with live_room(tmp_path) as room:
        data = room.get(f"/api/tables/{tid}").json()
        assert abs(data["seats"][0]["time_bank"] - bank) <= 0.05  # replayed from the log


def test_leave_cashes_out_and_settle_up_balances(tmp_path: Path) -> None:
    async def body(room: Live) -> None:
        made = make(room, preset="modern", seats=2, stack=30,
                    options={"approval": False, "timer": 600})
        tid = made["table"]
        tokens = {}
        for label, name in (("p1", "Ann"), ("p2", "Bob")):
            async with RoomClient(room.ws(tid)) as guest:
                tokens[label] = (await guest.call({"t": "join", "name": name,
                                                   "seat": label}))["token"]
        a = RoomClient(room.ws(tid), token=tokens["p1"])
        b = RoomClient(room.ws(tid), token=tokens["p2"])
        await a.open()
        await b.open()
        first = a if a.view["to_act"] == "p1" else b
        assert (await first.act("fold"))["t"] == "ack"  # the other takes the antes
        await a.wait_for(lambda f: f["table"]["hands_played"] == 1)
        for c in (a, b):
            assert (await c.call({"t": "leave"}))["t"] == "ack"
        # the seats empty and nobody connected to them (the two leaves may reach the
        # frames one after the other): waits for it, fails by timing out
        await a.wait_for(lambda f: all(s["kind"] == "empty" and not s["connected"]
                                       for s in f["table"]["seats"]))
        assert not any(s["connected"] for s in a.table["seats"])
        ledger = room.get(f"/api/tables/{tid}/ledger", token=made["host_token"]).json()
        people = {p["name"]: p for p in ledger["people"]}
        # each bought in with the table's stack: nothing was dealt before both sat
        assert people["Ann"]["bought_in"] == people["Bob"]["bought_in"] == 30
        assert people["Ann"]["holding"] == people["Bob"]["holding"] == 0
        # deal 1: a fold gives the other the two antes (29, 31); both leave during deal 2,
        # its antes in the pot (28, 30): the bank holds the seats and those two antes
        nets = sorted(p["net"] for p in people.values())
        assert nets == [-2, 0] and ledger["bank"] == 2
        loser = min(people, key=lambda n: people[n]["net"])
        assert ledger["settle_up"] == [{"from": loser, "to": "bank", "chips": 2}]
        for c in (a, b):
            await c.close()

    run(body, tmp_path)
