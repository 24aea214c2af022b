"""Casino 3 Card Brag at card-room tables (issue 12): several seats, each against the dealer;
the house (``house:<table>``) is the counterparty of every bet, so each ledger transaction
still sums to zero; the history is a casino history that replays to the final stacks; a
restarted table resumes the hand in progress exactly; the seat views hide the others' and
the dealer's cards until they are shown."""

from __future__ import annotations

import asyncio
import io
import json
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from bragkit.errors import RulesError
from bragkit.games import history_reader, spec_of
from bragkit.history import dumps
from bragkit.server.money import csv_text, report
from bragkit.server.projector import public_view, seat_view
from bragkit.server.room import Room
from bragkit.server.runtime import TableRuntime
from bragkit.server.store.base import Store
from tests.server.rooms import run_room


def check_money(rt: TableRuntime, store: Store, bought: int) -> int:
    """Every transaction sums to zero; the seats and the layout hold what the ledger says;
    the chips on the table are what was bought in plus what the house lost; the house's
    balance."""
    for txn in store.ledger(rt.id):
        assert sum(n for _, n in txn.entries) == 0, txn
    balance = store.balances(rt.id)
    assert [balance.get(rt.seat_account(s), 0) for s in range(len(rt.seats))] == rt.stacks()
    assert balance.get(rt.pot_account, 0) == rt.pot()
    house = balance.get(rt.house_account, 0)
    assert sum(rt.stacks()) + rt.pot() == bought - house
    return house


def _replayed(rt: TableRuntime) -> dict[str, object]:
    out = io.StringIO()
    history_reader(spec_of("casino"))(out, dumps(rt.history()), as_json=True)
    data: dict[str, object] = json.loads(out.getvalue())
    return data


@pytest.mark.parametrize("preset", ["casino", "three-card-poker"])
def test_a_bot_table_plays_its_hands_against_the_house(tmp_path: Path, preset: str) -> None:
    async def body(room: Room, store: Store) -> None:
        made = await room.create({"preset": preset, "seats": 3, "stack": 200, "hands": 6,
                                  "bots": {"p1": "optimal", "p2": "optimal", "p3": "random"}})
        rt = room.tables[made["table"]]
        for _ in range(3000):  # closed: the last hand's change is committed too
            if rt.closed:
                break
            await asyncio.sleep(0.01)
        assert rt.finished and rt.closed and rt.hands_played() == 6 and rt.engine is not None
        check_money(rt, store, 600)
        summary = _replayed(rt)
        assert summary["stacks"] == rt.stacks()
        assert rt.summary()["game"] == "casino" and rt.rules_spec() == preset
        assert rt.summary()["bot_kinds"] == ["optimal", "random"]  # the host's bot choice
        account = rt.seat_history(1)
        assert len(account["deals"]) == 6 and account["stacks"] == rt.stacks()

    run_room(tmp_path, body)


def test_people_play_their_hands_the_ledger_books_the_house(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        made = await room.create({"preset": "casino", "seats": 2, "stack": 50,
                                  "rules": {"casino_tie": "dealer"},
                                  "options": {"approval": False, "timer": 600}})
        rt = room.tables[made["table"]]
        await rt.request_seat(None, 0, "Ann", "token-ann")
        assert rt.engine is None  # waits for every seat
        await rt.request_seat(None, 1, "Bob", "token-bob")
        assert rt.engine is not None and rt.to_act() == 0
        view = seat_view(rt.engine, 0)
        assert [a["text"] for a in view["legal"]] == ["ante 1..50"]
        assert view["dealer"] == "house" and view["dealer_cards"] is None
        for text in ("ante 5", "deal", "ante 10", "pairbonus 2"):
            await rt.act(rt.to_act(), text, None)
        mine, theirs = seat_view(rt.engine, 0), seat_view(rt.engine, 1)
        assert mine["own_cards"] and theirs["own_cards"] and mine["own_cards"] != \
            theirs["own_cards"]
        assert theirs["own_cards"].split()[0] not in json.dumps(mine)  # p2's cards hidden
        public = json.dumps(public_view(rt.engine))
        assert not any(c in public for c in (*mine["own_cards"].split(),
                                             *theirs["own_cards"].split()))
        assert rt.pot() == 17 and rt.stacks() == [45, 38]
        await rt.act(0, "fold", None)
        await rt.act(1, "play", None)
        assert rt.hands_played() == 1 and rt.pot() == 0
        last = seat_view(rt.engine, 0)["last_deal"]
        assert isinstance(last, dict) and last["dealer_cards"] and last["results"]
        assert last["advice"]["best"] in ("play", "fold")
        house = check_money(rt, store, 100)
        assert house == -sum(rt.stacks()) + 100
        ledger = store.ledger(rt.id)
        assert any(rt.house_account in dict(t.entries) for t in ledger)
        # a restart rebuilds the table from its log: the same hand, stacks and turn
        await rt.act(0, "ante 3", None)
        again = TableRuntime.recover(store.table(rt.id) or rt.record, store)
        assert again.stacks() == rt.stacks() and again.to_act() == rt.to_act() == 0
        assert again.engine is not None
        assert seat_view(again.engine, 0) == seat_view(rt.engine, 0)
        await rt.close_locked()
        house = check_money(rt, store, 100)
        assert _replayed(rt)["stacks"] == rt.stacks()
        money = await report(rt)  # the house is a party of the settle-up; the CSV lists it
        assert money["house"] == house and money["zero_sum"]
        nets = {p["name"]: p["net"] for p in money["people"]}
        assert sum(nets.values()) + money["house"] + money["bank"] == 0
        assert any("house" in (t["from"], t["to"]) for t in money["settle_up"]) == bool(house)
        assert f"house:{rt.id}" in await csv_text(rt)

    run_room(tmp_path, body)


def _resumed(rt: TableRuntime, store: Store) -> TableRuntime:
    """The table as a restarted server rebuilds it from its log, checked against ``rt``:
    the same hand, actions, stacks, layout and turn."""
    again = TableRuntime.recover(store.table(rt.id) or rt.record, store)
    assert again.engine is not None and rt.engine is not None
    assert again.engine.deal_no == rt.engine.deal_no
    assert again.table.current_actions() == rt.table.current_actions()
    assert again.positions() == rt.positions() and again.to_act() == rt.to_act()
    assert (again.finished, again.closed) == (rt.finished, rt.closed)
    return again


def test_a_bot_table_resumed_mid_hand_and_at_its_close_keeps_every_chip(
        tmp_path: Path) -> None:
    """Issue 12 (kill -9): at every committed moment of a casino table played by its bots
    (checked with the table's lock held, so no move waits for its commit), the table
    rebuilt from its log holds what the live one holds, the ledger says the same, and
    the seats' chips, the layout's and the house's add up to the buy-ins; the host's close
    in the middle of a hand voids it (its bets back to the stacks, nothing to or from the
    house), and the closed table resumes as closed with the same stacks."""
    async def body(room: Room, store: Store) -> None:
        made = await room.create({"preset": "casino", "seats": 4, "stack": 200,
                                  "hands": 100_000,
                                  "bots": {f"p{n}": "optimal" for n in range(1, 5)},
                                  "options": {"bot_delay": 0, "timer": 600}})
        rt = room.tables[made["table"]]
        checked = mid_hand = 0
        while rt.hands_played() < 4 or not mid_hand:
            await asyncio.sleep(0.002)  # the bots' drivers play meanwhile
            async with rt.lock:
                if rt.engine is None or rt.finished:
                    continue
                check_money(rt, store, 800)
                _resumed(rt, store)
                checked += 1
                mid_hand += rt.pot() > 0
        for _ in range(3000):  # the close comes in the middle of a hand: bets on the layout
            async with rt.lock:
                bets = rt.pot()
                if bets:
                    before = rt.stacks(), check_money(rt, store, 800)
                    staked = [len([a for a in rt.table.current_actions()
                                   if a.startswith(f"p{s + 1} ")]) for s in range(4)]
                    await rt.close_locked()
                    break
            await asyncio.sleep(0.001)
        assert bets and checked > 4 and any(staked)
        assert rt.closed and rt.pot() == 0
        assert sum(rt.stacks()) == sum(before[0]) + bets   # the void hand's bets back
        assert check_money(rt, store, 800) == before[1]    # the house took nothing more
        again = _resumed(rt, store)
        assert again.stacks() == rt.stacks() and check_money(again, store, 800) == before[1]
        assert _replayed(rt)["stacks"] == rt.stacks() == _replayed(again)["stacks"]

    run_room(tmp_path, body)


def test_a_casino_table_refuses_bad_rules_seats_and_bots(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        for bad, words in (({"preset": "casino", "seats": 8}, "2..7"),
                           ({"preset": "casino", "rules": {"ante": 2}}, "unknown casino rule"),
                           ({"preset": "casino", "bots": {"p2": "heuristic"}}, "no bot")):
            with pytest.raises(RulesError, match=words):
                await room.create(bad)

    run_room(tmp_path, body)


def test_the_start_page_offers_the_casino_presets_and_their_bots() -> None:
    from bragkit.web.pages import start_html

    html = start_html()
    assert '<option value="casino">' in html and '<option value="three-card-poker">' in html
    entry = html[html.index('"casino": {"game": "casino"'):]
    entry = entry[:entry.index("}") + 1]
    assert '"_bots": ["optimal", "random"]}' in entry, entry
    assert '"qualifier": "Q-high"' in entry, entry


@pytest.mark.server
def test_brag_connect_plays_a_casino_seat_with_the_optimal_bot(tmp_path: Path) -> None:
    """``brag connect --bot optimal`` at a card-room casino table, over the protocol."""
    from tests.server.test_server_cli import ENV, brag

    proc = subprocess.Popen([sys.executable, "-m", "bragkit", "serve", "--db",
                             str(tmp_path / "room.db"), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    assert proc.stdout is not None
    base = proc.stdout.readline().split()[2]
    try:
        body = json.dumps({"preset": "casino", "seats": 2, "stack": 100,
                           "bots": {"p2": "optimal"},
                           "options": {"approval": False, "bot_delay": 0}}).encode()
        req = urllib.request.Request(base + "/api/tables", body,
                                     {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as answer:
            made = json.loads(answer.read())
        done = brag("connect", made["seats"]["p1"], "--bot", "optimal", "--deals", "3",
                    "--name", "Robo")
        assert done.returncode == 0, done.stderr
        assert "joined as p1" in done.stdout and "left the table after" in done.stdout
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
