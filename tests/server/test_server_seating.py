"""Seating at a live table (issue 12): the host's own seat request, tables that wait for
their seats before dealing, chosen buy-ins and top-ups."""

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


def test_host_who_asks_for_a_seat_sits_once_approved(tmp_path: Path) -> None:
    """The host's own connection asks for a seat and approves it: that connection is bound
    to the seat at once (the gateway rebinds host connections too)."""
    async def body(room: Live) -> None:
        made = make(room, preset="modern", seats=2, stack=20, bots={"p2": "random"},
                    options={"timer": 600})
        async with RoomClient(room.ws(made["table"]), host=made["host_token"]) as host:
            reply = await host.call({"t": "join", "name": "Hal", "seat": "p1"})
            assert reply["t"] == "ack" and reply["status"] == "pending", reply
            state = await host.wait_for(lambda f: bool(f.get("requests")))
            rid = state["requests"][0]["request"]
            assert (await host.call({"t": "approve", "request": rid}))["t"] == "ack"
            frame = await host.wait_for(lambda f: f["view"].get("seat") == "p1")
            assert frame["table"]["seats"][0]["name"] == "Hal"
            assert frame["table"]["seats"][0]["connected"] is True
            # still the host: a host control is taken
            assert (await host.call({"t": "pause"}))["t"] == "ack"

    run(body, tmp_path)
