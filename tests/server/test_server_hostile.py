"""Hostile clients (issue 12): an Origin check on the handshake, a message size limit, a
token-bucket rate limit that closes the abuser, and fuzzed or malformed messages that get
an error naming the problem and never change or crash a table."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from bragkit.server.client import RoomClient
from tests.server.live import Live, live_room

pytestmark = pytest.mark.server


def _table(room: Live, **extra: Any) -> dict[str, Any]:
    body = {"preset": "modern", "seats": 2, "stack": 50, "bots": {"p2": "random"},
            "options": {"approval": False, "bot_delay": 0, "timer": 600}, **extra}
    made: dict[str, Any] = room.post("/api/tables", body).json()
    return made


def test_origin_size_and_rate_limits(tmp_path: Path) -> None:
    async def body(room: Live) -> None:
        tid = _table(room)["table"]
        with pytest.raises(InvalidStatus):  # a foreign page's script is refused
            await connect(room.ws(tid), additional_headers={"Origin": "https://evil.example"})
        async with connect(room.ws(tid), additional_headers={"Origin": room.base}) as ws:
            assert json.loads(await ws.recv())["t"] == "welcome"  # its own page is welcome
        async with connect(room.ws(tid), max_size=None) as ws:
            await ws.recv()
            await ws.recv()
            await ws.send(json.dumps({"t": "chat", "text": "x" * 20_000}))
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        async with connect(room.ws(tid)) as ws:
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(200):
                    await ws.send('{"t": "ping"}')
                while True:
                    await ws.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            assert "rate limit" in closed.value.rcvd.reason
        # the server and the table are fine
        assert room.get("/api/health").json() == {"ok": True}
        async with RoomClient(room.ws(tid)) as again:
            assert again.table["table"] == tid

    with live_room(tmp_path) as room:
        asyncio.run(asyncio.wait_for(body(room), 60))


def test_malformed_messages_get_errors_naming_the_problem(tmp_path: Path) -> None:
    cases = [
        ("not json", "malformed", "not JSON"),
        ("[1, 2]", "malformed", "JSON object"),
        ('{"t": "dance"}', "unknown_type", "unknown message type 'dance'"),
        ('{"t": "act"}', "malformed", "act needs"),
        ('{"t": "act", "action": "bet", "cid": "c1"}', "malformed", "whole number"),
        ('{"t": "act", "action": "fold", "seat": "p2"}', "invalid", "unknown field 'seat'"),
        ('{"t": "act", "action": "fold", "cid": 7}', "malformed", "cid must be text"),
        ('{"t": "join", "name": ""}', "invalid", "a name is 1..24"),
        ('{"t": "kick", "seat": "p2"}', "forbidden", "host control"),
        ('{"t": "hello", "since": "yesterday"}', "invalid", "since must be"),
    ]

    async def body(room: Live) -> None:
        made = _table(room)
        tid = made["table"]
        async with RoomClient(room.ws(tid)) as guest:
            joined = await guest.call({"t": "join", "name": "Ann", "seat": "p1"})
        async with RoomClient(room.ws(tid), token=joined["token"]) as me:
            before = room.get(f"/api/tables/{tid}").json()
            for text, code, words in cases:
                assert me.ws is not None
                await me.ws.send(text)
                async with asyncio.timeout(5):
                    reply = await me._replies.get()
                assert reply["t"] == "error" and reply["code"] == code, (text, reply)
                assert words in reply["error"], (text, reply)
            after = room.get(f"/api/tables/{tid}").json()
            assert after["seq"] == before["seq"] and after["stacks"] == before["stacks"]

    with live_room(tmp_path) as room:
        asyncio.run(asyncio.wait_for(body(room), 60))


_json = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) |
                     st.floats(allow_nan=False) | st.text(max_size=30),
                     lambda inner: st.lists(inner, max_size=4) |
                     st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)
_types = st.sampled_from(["act", "chat", "join", "leave", "sit_out", "sit_in", "mute", "ping",
                          "sync", "hello", "approve", "kick", "bot", "top_up", "pause", "x",
                          ""])
_message = st.one_of(
    st.builds(lambda t, rest: {"t": t, **rest}, _types,
              st.dictionaries(st.sampled_from(["action", "cid", "text", "name", "seat", "bot",
                                               "invite", "since", "token", "who", "amount",
                                               "request", "zzz"]), _json, max_size=3)),
    _json, st.text(max_size=60))


def test_fuzzed_messages_never_crash_a_table(tmp_path: Path) -> None:
    with live_room(tmp_path) as room:
        made = _table(room)
        tid = made["table"]

        async def join() -> str:
            async with RoomClient(room.ws(tid)) as guest:
                token: str = (await guest.call({"t": "join", "name": "Fuzz", "seat": "p1"}))[
                    "token"]
                return token

        token = asyncio.run(join())

        @settings(max_examples=60, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
        @given(st.lists(_message, min_size=1, max_size=8))
        def fuzz(messages: list[Any]) -> None:
            async def body() -> None:
                async with RoomClient(room.ws(tid), token=token, record=False) as me:
                    assert me.ws is not None
                    for msg in messages:
                        text = msg if isinstance(msg, str) else json.dumps(msg)
                        await me.ws.send(text)
                        async with asyncio.timeout(5):
                            reply = await me._replies.get()
                        assert reply["t"] in ("ack", "error")
                        if reply["t"] == "error":
                            assert reply["code"] != "server", (msg, reply)
                            assert reply["error"] and "\n" not in reply["error"]
            asyncio.run(asyncio.wait_for(body(), 30))

        fuzz()
        data = room.get(f"/api/tables/{tid}").json()
        assert sum(data["stacks"]) + data["pot"] == 100
        assert room.get("/api/health").json() == {"ok": True}
        ledger = room.get(f"/api/tables/{tid}/ledger", token=made["host_token"]).json()
        assert ledger["zero_sum"]
