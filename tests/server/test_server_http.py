"""The HTTP contract of issue 12: health, creating tables, reading them, their history."""

from __future__ import annotations

from pathlib import Path

import pytest

from bragkit.history import loads, replay
from tests.server.live import live_room

pytestmark = pytest.mark.server


def test_health_create_and_bot_table_plays_to_hands(tmp_path: Path) -> None:
    with live_room(tmp_path) as room:
        assert room.get("/api/health").json() == {"ok": True}
        r = room.post("/api/tables", {"preset": "modern", "seats": 3, "stack": 50,
                                      "bots": {"p1": "random", "p2": "heuristic",
                                               "p3": "random"}, "hands": 6})
        assert r.status_code == 201, r.text
        made = r.json()
        assert set(made) >= {"table", "host_token", "host_link", "seats"}
        assert made["seats"] == {}  # every seat is a bot: no join link
        done = room.wait(made["table"], lambda d: d["finished"])
        assert done["hands_played"] == 6
        assert sum(done["stacks"]) + done["pot"] == 150
        h = room.get(f"/api/tables/{made['table']}/history", token=made["host_token"])
        assert h.status_code == 200, h.text
        history = loads(h.text)
        assert len(history.deals) == 6
        assert replay(history).summary()["stacks"] == done["stacks"]
