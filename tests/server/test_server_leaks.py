"""No card leaves the server before its seat may see it (issue 12): every frame sent to
every seat and to a spectator, over complete deals of every game family (blind hands,
American Brag's private exchanges, retained blind hands, covered pots, the face-up stub,
Commerce with and without a widow, Teen Patti's side shows, Foster's and the three-stake
games), is recorded; then, from the table's full history, each frame is matched to the
state of the deal it was built from, and no card in it may be one that seat may not see
(the engine's ``secret_cards``, plus every card of the pack not shown to it)."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from bragkit.cards import parse_cards
from bragkit.engine import open_table
from bragkit.engine.pack import pack_from_text
from bragkit.history import loads
from bragkit.rules import resolve
from bragkit.server.client import RoomClient
from bragkit.server.options import build_rules, table_bot
from bragkit.server.remote import legal_from_json, view_from_json
from tests.server.live import Live, live_room

pytestmark = pytest.mark.server

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][cdhs])(?![A-Za-z0-9])")

GAMES = [  # preset, seats, stack, rules, event kinds that must occur in the deals played
    ("modern", 3, 30, {}, {"look", "fold"}),
    ("modern-cover", 3, 12, {}, {"cover"}),
    ("modern-stub", 3, 30, {}, {"stub"}),
    ("modern-face-up", 3, 30, {}, {"look"}),
    ("modern-4card", 3, 30, {}, {"discard"}),
    ("modern-dealers-choice", 3, 30, {"dealers_choice_every": 2}, {"look"}),
    ("teen-patti", 4, 40, {}, {"look"}),
    ("american", 3, 60, {}, {"exchange"}),
    ("commerce", 3, 30, {}, {"deal"}),
    ("commerce-widow", 3, 30, {}, {"widow"}),
    ("foster", 3, 40, {}, {"ante"}),
    ("three-stake", 3, 40, {}, {"deal"}),
    ("brag-poker", 3, 40, {}, {"look"}),
    ("casino", 3, 60, {}, {"deal", "reveal", "show", "fold"}),  # each seat vs the dealer
]
DEALS = 5
SEEN_KINDS: dict[str, set[str]] = {}


def _cards_in(value: Any, out: set[int]) -> None:
    if isinstance(value, str):
        for token in CARD.findall(value):
            out.add(parse_cards(token)[0].id)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "meaning":  # fixed help text of the game ("exchange 9s Kh gives ...")
                _cards_in(item, out)
    elif isinstance(value, list):
        for item in value:
            _cards_in(item, out)


def _forbidden(state: Any, seat: int | None) -> set[int]:
    """Cards ``seat`` (None: a spectator) may not see in ``state``."""
    everything = set(state.all_cards())
    if seat is None:
        public: set[int] = set()
        for e in state.events:
            if e.cards and e.visible_to is None:
                public.update(e.cards)
        return everything - public
    seen: set[int] = set()
    for e in state.events:
        if e.cards and e.visible(seat):
            seen.update(e.cards)
    return set(state.secret_cards(seat)) | (everything - seen)


def _states(history_text: str) -> dict[tuple[int, int], Any]:
    """Every state of every finished deal, by (deal number from 1, events so far)."""
    h = loads(history_text)
    packs = [pack_from_text(p, h.rules, partial=True) for p in (h.pack, *h.shuffles) if p]
    table = open_table(h.rules, list(h.stacks), h.dealer, pack=packs[0] if packs else None,
                       shuffles=packs[1:])
    out: dict[tuple[int, int], Any] = {}
    for number, deal in enumerate(h.deals, start=1):
        if table.state is not None:
            out[(number, len(table.state.events))] = table.state
        for move in deal:
            table.apply_text(move)
            if table.deal_no < number and table.state is not None:
                out[(number, len(table.state.events))] = table.state
        final = table.last_final
        out[(number, len(final.events))] = final
    return out


async def _player(room: Live, tid: str, label: str, rng: random.Random,
                  rules: Any, reconnect_at: int) -> RoomClient:
    async with RoomClient(room.ws(tid)) as guest:
        token = (await guest.call({"t": "join", "name": f"n{label}", "seat": label}))["token"]
    me = RoomClient(room.ws(tid), token=token)
    await me.open()
    bot = table_bot("random", rules)
    acted = 0
    frames: list[dict[str, Any]] = []
    while True:
        frame = await me.wait_for(lambda f: f["table"]["finished"] or f["table"]["status"]
                                  == "closed" or (f["view"].get("to_act") == label
                                                  and bool(f["view"].get("legal"))), 60)
        if frame["table"]["finished"] or frame["table"]["status"] == "closed":
            break
        view = frame["view"]
        kinds = [a["kind"] for a in view["legal"]]
        if "call" in kinds and rng.random() < 0.7:  # fewer folds: more exchanges, covers
            text = "call"
        elif "play" in kinds and rng.random() < 0.7:  # casino: hands shown against the dealer
            text = "play"
        elif kinds == ["ante"] and rng.random() < 0.7:  # casino: a small ante, the Play left
            text = "ante 2"
        else:
            text = str(bot.act(view_from_json(view), legal_from_json(view["legal"]), rng))
        reply = await me.act(text)
        assert reply["t"] in ("ack", "error"), reply
        acted += 1
        if acted == reconnect_at:  # the resync path: reconnect from a seq
            frames.extend(me.frames)
            seq = me.latest["seq"] if me.latest else 0
            await me.close()
            me = RoomClient(room.ws(tid), token=token)
            await me.open()
            await me.call({"t": "hello", "since": seq})
    me.frames[:0] = frames
    return me


@pytest.mark.parametrize(("preset", "seats", "stack", "rules", "kinds"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_no_frame_shows_a_card_its_seat_may_not_see(tmp_path: Path, preset: str, seats: int,
                                                     stack: int, rules: dict[str, Any],
                                                     kinds: set[str]) -> None:
    async def body(room: Live) -> tuple[list[RoomClient], RoomClient, dict[str, Any]]:
        made = room.post("/api/tables", {
            "preset": preset, "rules": rules, "seats": seats, "stack": stack, "hands": DEALS,
            "options": {"approval": False, "timer": 60}}).json()
        tid = made["table"]
        watcher = RoomClient(room.ws(tid))
        await watcher.open()
        resolved = build_rules(preset, rules)
        players = await asyncio.gather(*[
            _player(room, tid, f"p{s + 1}", random.Random(s), resolved, 3 + s)
            for s in range(seats)])
        await watcher.wait_for(lambda f: f["table"]["finished"], 30)
        return players, watcher, made

    with live_room(tmp_path) as room:
        players, watcher, made = asyncio.run(asyncio.wait_for(body(room), 120))
        tid = made["table"]
        history = room.get(f"/api/tables/{tid}/history", token=made["host_token"])
        assert history.status_code == 200, history.text
    states = _states(history.text)
    happened = {e.kind for state in states.values() for e in state.events}
    assert kinds <= happened, (preset, sorted(happened))
    checked = 0
    for seat, client in [(s, c) for s, c in enumerate(players)] + [(None, watcher)]:
        for frame in client.frames:
            view = frame.get("view")
            if frame.get("t") not in ("state", "update") or not view or not view.get("deal"):
                continue
            key = (view["deal"], len(view["events"]))
            if view.get("phase") == "choose":  # the dealer's choice before a deal: no card
                key = max((k for k in states if k[0] == view["deal"] - 1),
                          key=lambda k: k[1])
                view = {**view, "events": []}
            if key not in states:  # the deal cut short when the table finished
                assert view["deal"] > DEALS, key
                continue
            shown: set[int] = set()
            last = view.get("last_deal")
            now = {k: v for k, v in view.items() if k != "last_deal"}
            _cards_in(now, shown)
            bad = shown & _forbidden(states[key], seat)
            assert not bad, (preset, seat, key, sorted(bad), now)
            if isinstance(last, dict) and last.get("deal"):
                prev = [s for (d, _), s in states.items() if d == last["deal"]]
                final = max(prev, key=lambda s: len(s.events))
                found: set[int] = set()
                _cards_in(last, found)
                assert not found & _forbidden(final, seat), (preset, seat, last)
            checked += 1
    assert checked > 10 * seats


def test_the_check_catches_a_card_of_another_seat() -> None:
    """The leak check itself: another seat's cards, or a blind seat's own, are forbidden."""
    table = open_table(resolve("modern"), [20, 20, 20], 0, seed=4)
    state = table.state
    assert state is not None
    for seat in range(3):
        others = {c for e in state.events if e.cards and not e.visible(seat)
                  for c in e.cards}
        assert others and others <= _forbidden(state, seat)
    found: set[int] = set()
    _cards_in({"x": [" ".join(str(c) for c in parse_cards("As Kd"))]}, found)
    assert found == {51, 45}
    own = next(e for e in state.events if e.kind == "deal" and e.seat == 1).cards
    assert own and set(own) <= _forbidden(state, 1)  # blind: its own cards too
    looked = state.apply("look")
    assert not set(own) & _forbidden(looked, 1)
