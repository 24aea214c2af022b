"""Tables that wait for their seats, chosen buy-ins and top-ups (docs/server.md, "Seats"
and "Money"), on the table runtime without a network."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bragkit.server.room import Room, Watcher
from bragkit.server.runtime import ServerError, TableRuntime
from bragkit.server.store.base import Store
from tests.server.rooms import run_room

run = run_room


async def create(room: Room, **body: Any) -> TableRuntime:
    made = await room.create({"preset": "modern", "stack": 40, **body})
    return room.tables[made["table"]]


def code(error: pytest.ExceptionInfo[ServerError]) -> str:
    return error.value.code


def test_a_table_deals_only_once_every_seat_is_taken(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        rt = await create(room, seats=3, bots={"p3": "random"},
                          options={"timer": 0.05, "time_bank": 0, "bot_delay": 0})
        watcher = Watcher()
        rt.listeners.add(watcher)
        # a request waits for the host; nothing is dealt, no timer runs, no bot acts
        _, rid, chips = await rt.request_seat(None, 0, "Ann", "token-ann")
        assert rid is not None and chips == 40
        await asyncio.sleep(0.3)
        facts = room.meta(rt)
        assert facts["status"] == "waiting" and facts["to_act"] is None
        assert facts["timer"] is None and facts["hands_played"] == 0
        assert facts["stacks"] == [0, 0, 40] and facts["pot"] == 0
        assert rt.engine is None and not rt.packs
        assert room.frame_for(rt, watcher)["view"] == {"deal": None, "seat": None,
                                                        "legal": [], "live": False}
        await rt.approve(rid, True)
        assert rt.engine is None and room.meta(rt)["stacks"] == [40, 0, 40]
        # the last seat taken (a bot, by the host) deals the first deal
        await rt.host_op("bot", 1, "random")
        assert rt.engine is not None and room.meta(rt)["status"] == "open"
        assert len(rt.packs) == 1 and rt.start_stacks == (40, 40, 40)
        assert sum(rt.stacks()) + rt.pot() == 120
        log = store.log(rt.id)
        assert [e.payload.get("op") for e in log if e.kind == "host"][-1] == "start"
        # a restart deals the same first deal from the log
        again = TableRuntime.recover(store.table(rt.id) or rt.record, store)
        assert again.stacks() == rt.stacks() and again.to_act() == rt.to_act()
        assert again.table.state.view(0).events == rt.table.state.view(0).events

    run(tmp_path, body)


def test_chosen_buy_in_within_the_bounds_and_top_up(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        rt = await create(room, seats=2, rules={"rebuy_anytime": True},
                          options={"approval": False, "timer": 600, "buy_in_min": 20,
                                   "buy_in_max": 80})
        assert rt.summary()["buy_in"] == {"min": 20, "max": 80}
        with pytest.raises(ServerError) as low:
            await rt.request_seat(None, 0, "Ann", "token-ann", 10)
        assert code(low) == "invalid" and "20..80 chips, not 10" in str(low.value)
        assert (await rt.request_seat(None, 0, "Ann", "token-ann", 50))[2] == 50
        with pytest.raises(ServerError) as high:
            await rt.top_up(0, 31)
        assert code(high) == "invalid" and "at most 30 more" in str(high.value)
        await rt.top_up(0, 30)  # before the first deal: added to the buy-in
        assert rt.stacks() == [80, 0]
        assert (await rt.request_seat(None, 1, "Bob", "token-bob"))[2] == 40  # the stack
        assert rt.start_stacks == (80, 40)
        # after the first deal a top-up is a rebuy on the seat's own turn, paid by its player
        seat = rt.to_act()
        other = 1 - seat
        with pytest.raises(ServerError) as wait:
            await rt.top_up(other, 1)
        assert code(wait) == "not_your_turn"
        held = rt.stacks()[seat]
        await rt.top_up(seat, 80 - held)
        assert rt.stacks()[seat] == 80
        name = rt.seats[seat].name
        balance = store.balances(rt.id)
        assert balance[f"player:{name}"] == -(rt.start_stacks[seat] + 80 - held)
        assert balance.get("bank", 0) == 0  # the bank paid for nothing
        assert sum(rt.stacks()) + rt.pot() == -sum(
            n for a, n in balance.items() if a.startswith("player:"))

    run(tmp_path, body)


def test_leaving_before_the_first_deal_returns_the_buy_in(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        rt = await create(room, seats=2, options={"approval": False, "buy_in_max": 60})
        await rt.request_seat(None, 0, "Ann", "token-ann", 60)
        await rt.leave(0)
        assert rt.engine is None and rt.stacks() == [0, 0]
        balance = store.balances(rt.id)
        assert balance.get("player:Ann", 0) == 0 and balance.get(rt.seat_account(0), 0) == 0

    run(tmp_path, body)


def test_buy_in_bounds_are_checked_when_the_table_is_made(tmp_path: Path) -> None:
    async def body(room: Room, store: Store) -> None:
        with pytest.raises(Exception, match="min_buy_in=50"):
            await create(room, seats=2, rules={"min_buy_in": 50},
                         options={"buy_in_min": 10, "buy_in_max": 60})

    run(tmp_path, body)


def test_the_seat_view_offers_the_top_up_the_server_takes(tmp_path: Path) -> None:
    """The seat's view says what ``top_up`` may add (the web page's top-up button reads
    it): before the first deal up to ``buy_in_max``; after it, under rebuy_anytime, on the
    seat's own turn only; never for a spectator, and never where the rules have no rebuys."""
    async def body(room: Room, store: Store) -> None:
        rt = await create(room, seats=2, rules={"rebuy_anytime": True},
                          options={"approval": False, "timer": 600, "buy_in_max": 80})
        await rt.request_seat(None, 0, "Ann", "token-ann", 50)
        ann, public = Watcher(seat=0), Watcher()
        assert room.frame_for(rt, ann)["view"]["top_up"] == {"max": 30, "now": True,
                                                             "rebuy": False}
        assert "top_up" not in room.frame_for(rt, public)["view"]
        await rt.request_seat(None, 1, "Bob", "token-bob", 40)
        seat = rt.to_act()
        mine, theirs = Watcher(seat=seat), Watcher(seat=1 - seat)
        offer = room.frame_for(rt, mine)["view"]["top_up"]
        held = rt.stacks()[seat]
        assert offer == {"max": 80 - held, "now": True, "rebuy": True}
        wait = room.frame_for(rt, theirs)["view"]["top_up"]
        assert wait is not None and wait["now"] is False and wait["rebuy"] is True
        await rt.top_up(seat, offer["max"])   # the offered most is taken
        assert rt.stacks()[seat] == 80
        assert room.frame_for(rt, mine)["view"]["top_up"]["max"] == 0
        plain = await create(room, seats=2, options={"approval": False, "timer": 600})
        await plain.request_seat(None, 0, "Cy", "token-cy")
        await plain.request_seat(None, 1, "Di", "token-di")
        for s in (0, 1):   # modern's defaults: no rebuy while the stack can pay
            assert room.frame_for(plain, Watcher(seat=s))["view"]["top_up"] is None

    run(tmp_path, body)


def test_the_games_own_rebuy_is_capped_at_buy_in_max_as_a_top_up_is(tmp_path: Path) -> None:
    """docs/server.md, "Buy-ins, top-ups and rebuys": a seat's own ``rebuy N`` may bring its
    stack to at most ``buy_in_max`` (the engine alone offers up to ``rebuy_max``); past it the
    action is refused in one line and nothing changes; at the cap no rebuy is offered."""
    async def body(room: Room, store: Store) -> None:
        rt = await create(room, seats=2, rules={"rebuy_anytime": True},
                          options={"approval": False, "timer": 600, "buy_in_max": 60})
        await rt.request_seat(None, 0, "Ann", "token-ann", 40)
        await rt.request_seat(None, 1, "Bob", "token-bob", 40)
        seat = rt.to_act()
        held = rt.stacks()[seat]
        engine_offer = next(la for la in rt.table.legal_actions() if la.kind == "rebuy")
        assert engine_offer.hi == 100  # rebuy_max: the engine's own limit
        legal = room.frame_for(rt, Watcher(seat=seat))["view"]["legal"]
        rebuy = next(item for item in legal if item["kind"] == "rebuy")
        assert (rebuy["lo"], rebuy["hi"]) == (1, 60 - held)
        before = (rt.seq, rt.stacks())
        with pytest.raises(ServerError) as refused:
            await rt.act(seat, f"rebuy {60 - held + 1}", None)
        assert code(refused) == "illegal" and "at most 60 chips" in str(refused.value)
        assert (rt.seq, rt.stacks()) == before
        await rt.act(seat, f"rebuy {60 - held}", None)
        assert rt.stacks()[seat] == 60
        assert not any(la.kind == "rebuy" for la in rt.room_legal(seat, (engine_offer,)))

    run(tmp_path, body)
