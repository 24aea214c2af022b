"""A pot carried when a card-room table ends (docs/server.md, "When the table ends"): by
default the table plays on until the pot is won (at most ``play_on_deals`` more deals),
else the pot is split among the seats still in; the ledger shows where the chips went and
the chips on the table plus the balances are what was bought in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bragkit.history import dumps, loads, replay
from bragkit.server.room import Room
from bragkit.server.runtime import TableRuntime
from bragkit.server.store.base import Store
from tests.server.rooms import run_room

BLIND_FOLD_OUT = ("bet 1", "fold", "release")
"""Modern Brag, two seats: the first to act bets blind, the other folds: the pot (the two
antes and the blind bet) carries to the next deal (rules 4.4.6), the hand is released."""
OPEN_WIN = ("look", "bet 1", "fold")
"""The first to act looks and bets open, the other folds: he takes the pot."""


run = run_room


async def two_seats(room: Room, **body: Any) -> TableRuntime:
    """A modern table of two people (Ann p1, Bob p2), 30 chips each, dealt."""
    made = await room.create({"preset": "modern", "seats": 2, "stack": 30,
                              "options": {"approval": False, "timer": 600,
                                          **body.pop("options", {})}, **body})
    rt = room.tables[made["table"]]
    await rt.request_seat(None, 0, "Ann", "token-ann")
    await rt.request_seat(None, 1, "Bob", "token-bob")
    assert rt.engine is not None
    return rt


async def play(rt: TableRuntime, actions: tuple[str, ...]) -> None:
    for text in actions:
        await rt.act(rt.to_act(), text, None)


def check_money(rt: TableRuntime, store: Store) -> dict[str, int]:
    """Every transaction sums to zero; the seats and the pot hold what the ledger says,
    and they plus the people's balances are what was bought in (the bank funds nobody)."""
    for txn in store.ledger(rt.id):
        assert sum(n for _, n in txn.entries) == 0, txn
    balance = store.balances(rt.id)
    assert [balance.get(rt.seat_account(s), 0) for s in range(2)] == rt.stacks()
    assert balance.get(rt.pot_account, 0) == rt.pot()
    people = -sum(n for a, n in balance.items() if a.startswith("player:"))
    assert sum(rt.stacks()) + rt.pot() == people == 60
    return balance


def check_history(rt: TableRuntime) -> None:
    """The table's history records the split (``"split"``) and replays to the final stacks,
    through a saved file too; its text says where the carried pot went."""
    history = rt.history()
    assert history.split == tuple(rt.shares or ())
    for again in (history, loads(dumps(history))):
        result = replay(again)
        summary = result.summary()
        assert summary["stacks"] == rt.stacks() and summary["pot"] == 0
        assert summary["split"] == {f"p{s + 1}": n for s, n in enumerate(rt.shares or ())}
    assert f"The carried pot of {sum(rt.shares or ())} chips was split" in result.text()


def test_carried_pot_plays_on_until_won(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        rt = await two_seats(room, hands=1)
        await play(rt, BLIND_FOLD_OUT)
        assert rt.hands_played() == 1 and rt.engine is not None and rt.engine.carried == 3
        assert not rt.finished and rt.playing_on()  # the pot has to be won
        assert rt.summary()["status"] == "open" and rt.summary()["playing_on"] is True
        await play(rt, OPEN_WIN)
        assert rt.finished and rt.closed and rt.hands_played() == 2
        assert rt.pot() == 0 and rt.shares is None and sum(rt.stacks()) == 60
        check_money(rt, store)
        assert not any("split" in t.memo for t in store.ledger(rt.id))

    run(tmp_path, body)


def test_carried_pot_split_when_play_on_runs_out(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        rt = await two_seats(room, hands=1, options={"play_on_deals": 1})
        await play(rt, BLIND_FOLD_OUT)
        assert not rt.finished
        await play(rt, BLIND_FOLD_OUT)  # it carries again: no more deals to play on
        assert rt.finished and rt.hands_played() == 2
        engine = rt.engine
        assert engine is not None and engine.carried == 6
        assert rt.shares == [3, 3] and rt.pot() == 0
        assert rt.stacks() == [a + 3 for a in engine.stacks]
        check_money(rt, store)
        split = [t for t in store.ledger(rt.id) if t.memo.startswith("carried pot split")]
        assert len(split) == 1 and dict(split[0].entries)[rt.pot_account] == -6
        close = [i for i in rt.recent if i.get("kind") == "close"]
        assert "carried pot of 6 chips is split: p1 3, p2 3" in str(close[-1]["reason"])
        check_history(rt)

    run(tmp_path, body)


def test_carried_pot_split_at_once_and_the_odd_chip(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        rt = await two_seats(room, hands=1, options={"carried_at_end": "split"})
        await play(rt, BLIND_FOLD_OUT)
        engine = rt.engine
        assert rt.finished and engine is not None and engine.carried == 3
        # the odd chip goes to the first seat left of the next deal's dealer
        first = (engine.dealer + 1) % 2
        assert rt.shares is not None and rt.shares[first] == 2 and sum(rt.shares) == 3
        check_money(rt, store)
        check_history(rt)
        # a restart rebuilds the same end
        again = TableRuntime.recover(store.table(rt.id) or rt.record, store)
        assert again.finished and again.shares == rt.shares and again.stacks() == rt.stacks()

    run(tmp_path, body)


def test_carried_pot_split_when_the_host_closes(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        rt = await two_seats(room)
        await play(rt, BLIND_FOLD_OUT)
        assert rt.pot() == 5  # the carried 3 and the next deal's antes
        await rt.host_op("close")
        assert rt.closed and rt.pot() == 0 and rt.shares is not None
        assert sum(rt.shares) == 3  # the void deal's antes went back to the stacks
        check_money(rt, store)
        check_history(rt)

    run(tmp_path, body)
