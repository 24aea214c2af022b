"""The HTTP contract of issue 12: health, creating tables, reading them, their history."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from bragkit.history import loads, replay
from tests.server.live import live_room

pytestmark = pytest.mark.server


def test_health_create_and_bot_table_plays_to_hands(tmp_path: Path) -> None:
    with live_room(tmp_path) as room:
        assert room.get("/api/health").json() == {"ok": True}
        r = room.post("/api/tables", {"preset": "modern", "seats": 3, "stack": 1000,
                                      "bots": {"p1": "random", "p2": "heuristic",
                                               "p3": "random"}, "hands": 6})
        assert r.status_code == 201, r.text
        made = r.json()
        assert set(made) >= {"table", "host_token", "host_link", "seats"}
        assert made["seats"] == {}  # every seat is a bot: no join link
        done = room.wait(made["table"], lambda d: d["finished"])
        # six deals, and more while a pot carries (play_on, at most 10 more: then split)
        assert 6 <= done["hands_played"] <= 16
        assert sum(done["stacks"]) == 3000 and done["pot"] == 0  # (50-chip random bots bust)
        h = room.get(f"/api/tables/{made['table']}/history", token=made["host_token"])
        assert h.status_code == 200, h.text
        history = loads(h.text)
        assert len(history.deals) == done["hands_played"]
        if done["hands_played"] < 16:  # the pot was won: the replay ends at the same stacks
            assert replay(history).summary()["stacks"] == done["stacks"]


def test_bad_requests_are_400_with_one_line(tmp_path: Path) -> None:
    cases = [
        ({"preset": "modren"}, "unknown preset 'modren'"),
        ({"preset": "modern", "rules": {"ante": -3}}, "ante"),
        ({"preset": "modern", "rules": {"frobnicate": 1}}, "frobnicate"),
        ({"preset": "modern", "bots": {"p2": "wizard"}}, "no bot 'wizard'"),
        ({"preset": "modern", "bots": {"p9": "random"}, "seats": 3}, "not a seat"),
        ({"preset": "modern", "seats": 40}, '"seats" must be'),
        ({"preset": "modern", "stack": "lots"}, '"stack" must be'),
        ({"preset": "modern", "colour": "red"}, "unknown field 'colour'"),
        ({"preset": "modern", "options": {"timer": -1}}, "option timer"),
        ({"preset": "casino", "rules": {"ante": 2}}, "unknown casino rule key(s) ante"),
    ]
    with live_room(tmp_path) as room:
        for body, words in cases:
            r = room.post("/api/tables", body)
            assert r.status_code == 400, (body, r.text)
            error = r.json()["error"]
            assert words in error and "\n" not in error, (body, error)
        bad = room.get("/api/tables/nope")
        assert bad.status_code == 404 and "no table" in bad.json()["error"]


def test_join_history_ledger_and_close_over_http(tmp_path: Path) -> None:
    with live_room(tmp_path) as room:
        made = room.post("/api/tables", {"preset": "teen-patti", "seats": 3, "stack": 30,
                                         "bots": {"p2": "random", "p3": "random"},
                                         "options": {"timer": 0.2, "time_bank": 0}}).json()
        tid = made["table"]
        r = room.post(f"/api/tables/{tid}/join", {"name": "Ann", "invite": made["invites"]["p1"]})
        assert r.status_code == 202 and r.json()["status"] == "pending"
        assert "bragkit_token" in r.headers.get("set-cookie", "")
        token = r.json()["token"]
        again = room.post(f"/api/tables/{tid}/join", {"name": "Bob",
                                                      "invite": made["invites"]["p1"]})
        assert again.status_code == 202  # a second request for the same seat waits too
        forbidden = room.get(f"/api/tables/{tid}/ledger", token="guess")
        assert forbidden.status_code == 403
        # the host closes: the deal in progress is void, the ledger final
        shut = httpx.post(f"{room.base}/api/tables/{tid}/close",
                          params={"token": made["host_token"]}, timeout=10)
        assert shut.status_code == 200 and shut.json()["status"] == "closed"
        ledger = room.get(f"/api/tables/{tid}/ledger", token=made["host_token"]).json()
        assert ledger["zero_sum"] and ledger["settle_up"] == []
        info = room.get(f"/api/tables/{tid}").json()
        # nobody sat at p1, so nothing was dealt: the bots' seats hold what the bank gave
        assert info["stacks"] == [0, 30, 30] and info["pot"] == 0
        assert info["hands_played"] == 0
        history = room.get(f"/api/tables/{tid}/history", token=made["host_token"])
        assert history.status_code == 200
        assert replay(loads(history.text)).summary()["stacks"] == info["stacks"]
        assert room.get(f"/api/tables/{tid}/history", token=token).status_code == 403
        csv = room.get(f"/api/tables/{tid}/ledger.csv", token=made["host_token"])
        assert csv.text.startswith("table,txn,log_seq,time,memo,account,amount")
