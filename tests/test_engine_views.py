"""Seat views (rules 2.5): built incrementally, equal to a fresh pass, never leaking."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from bragkit.cards import card_from_id
from bragkit.engine import BragState, open_table
from bragkit.engine.brag.views import seat_view
from bragkit.engine.events import Event
from bragkit.engine.views import SeatView, redacted_events
from bragkit.rules import get_preset


def _fresh(st: BragState, seat: int) -> SeatView:
    digests = st.setup.views  # the deal's digests (brag/views.py): a fresh pass without them
    saved = dict(digests)
    digests.clear()
    try:
        return seat_view(st, seat)
    finally:
        digests.clear()
        digests.update(saved)


@pytest.mark.parametrize("preset", ["modern", "modern-4card", "modern-face-up", "modern-stub",
                                    "modern-cover", "teen-patti", "modern-dealers-choice"])
def test_2_5_incremental_views_equal_a_fresh_pass(preset: str) -> None:
    rng = random.Random(11)
    tables = [open_table(get_preset(preset), [40] * 4, dealer=0, seed=s) for s in (1, 2)]
    branches: list[BragState] = []
    for step in range(1500):
        t = tables[step % 2]  # two tables interleaved: digests of other deals must not leak
        if t.over:
            continue
        st = t.state
        if st is not None:
            branches.append(st)
            seat = rng.randrange(st.n)
            assert st.view(seat) == _fresh(st, seat)
            old = branches[rng.randrange(len(branches))]  # an older state, another branch
            if not old.is_over:
                alt = old.apply(rng.choice(old.legal_actions()).sample(rng))
                assert alt.view(seat) == _fresh(alt, seat)
            assert old.view(seat) == _fresh(old, seat)
            for s in range(st.n):
                v = st.view(s)
                assert v.events == redacted_events(st.events, s) == tuple(
                    e.redacted(s) for e in st.events)
                assert {c.id for c in v.known_cards()}.isdisjoint(st.secret_cards(s))
        t.apply(rng.choice(t.legal_actions()).sample(rng))


def test_2_5_known_cards_in_first_appearance_order_without_repeats() -> None:
    st = BragState.new(get_preset("modern"), [20, 20, 20], rng=random.Random(4))
    st = st.apply("look")
    v = st.view(1)
    extra = Event("reveal", seat=2, cards=v.events[-1].cards)
    doubled = SeatView(**{**{f: getattr(v, f) for f in SeatView.__dataclass_fields__},
                          "events": (*v.events, extra, extra)})
    assert doubled.known_cards() == v.known_cards()
    assert v.known_cards() == v.own_cards
    many = SeatView(**{**{f: getattr(v, f) for f in SeatView.__dataclass_fields__},
                       "events": tuple(Event("reveal", seat=0, cards=(c % 52,))
                                       for c in range(20_000))})
    assert many.known_cards() == (*v.own_cards, *(card_from_id(c) for c in range(52)
                                                   if card_from_id(c) not in v.own_cards))


def _poker_reference(st: Any, seat: int) -> tuple[tuple[Event, ...], dict[int, tuple[Any, ...]]]:
    """The poker-style view's events and shown hands from one fresh pass (the definition)."""
    shown: dict[int, list[int]] = {}
    for e in st.events:
        if e.cards is None or not e.visible(seat) or e.seat is None or e.seat == seat:
            continue
        if e.kind in ("reveal", "exchange"):
            shown[e.seat] = list(e.cards)
        elif e.kind in ("deal", "draw"):
            have = shown.setdefault(e.seat, [])
            have.extend(c for c in e.cards if c not in have)
    return (tuple(e.redacted(seat) for e in st.events),
            {s: tuple(card_from_id(c) for c in cards) for s, cards in shown.items()})


@pytest.mark.parametrize("preset", ["foster", "three-stake-draw", "american", "brag-poker"])
def test_2_5_poker_style_views_equal_a_fresh_pass(preset: str) -> None:
    rng = random.Random(3)
    tables = [open_table(get_preset(preset), [40] * 4, dealer=0, seed=s) for s in (1, 2)]
    seen: list[Any] = []
    for step in range(1500):
        t = tables[step % 2]
        if t.over:
            continue
        st = t.state
        seen.append(st)
        for state in (st, seen[rng.randrange(len(seen))]):
            seat = rng.randrange(state.n)
            v = state.view(seat)
            assert (v.events, v.shown) == _poker_reference(state, seat)
            assert {c.id for c in v.known_cards()}.isdisjoint(state.secret_cards(seat))
            assert v.legal == (state.legal_actions() if state.to_act == seat else ())
        t.apply(rng.choice(t.legal_actions()).sample(rng))


@pytest.mark.parametrize("preset", ["modern", "modern-face-up", "teen-patti", "three-stake",
                                    "american", "foster", "brag-poker", "commerce",
                                    "commerce-widow", "commerce-pounce"])
def test_table_views_fill_their_log_fields_on_first_read(preset: str) -> None:
    """A table's seat view leaves the fields read from the event log unset until one of them
    is read (issue 11: a bot reading ``legal`` does not pay for the seat's log); read later,
    after the deal moved on and in any order, every lazy view equals its state's view, and
    pickles, compares and prints as an eager one."""
    from bragkit.engine.session import table_view

    rng = random.Random(3)
    table = open_table(get_preset(preset), [40] * 5, dealer=0, seed=9)
    kept: list[tuple[SeatView, SeatView]] = []
    for step in range(400):
        if table.over or table.state is None:
            break
        seat = table.to_act if step % 3 else (table.to_act + 1) % 5
        view = table_view(table, seat)
        assert view is not None
        if view.phase != "horse":  # (Commerce's horse shows hands: its views are whole)
            with pytest.raises(AttributeError):
                object.__getattribute__(view, "events")  # (not built yet)
        kept.append((view, table.state.view(seat)))
        table.apply(rng.choice(table.legal_actions()).sample(rng))
    assert len(kept) > 20
    for lazy, eager in reversed(kept):  # (the newest first: older views read after newer)
        assert lazy.events == eager.events and lazy.shown == eager.shown
        assert lazy == eager and repr(lazy) == repr(eager)
        assert pickle.loads(pickle.dumps(lazy)) == eager
    fresh = table_view(table, 0) if table.state is not None else None
    if fresh is not None:
        assert fresh.to_dict() == table.state.view(0).to_dict()


def test_a_seat_whose_view_was_read_gets_whole_views() -> None:
    """Once a seat's lazy view has been read (a server, an RL observer), its next views of
    the deal are built whole (no lazy fill per view), and still equal the state's."""
    from bragkit.engine.session import table_view

    for preset in ("modern", "american"):
        table = open_table(get_preset(preset), [40] * 3, dealer=0, seed=4)
        seat, deal = table.to_act, table.deal_no
        first = table_view(table, seat)
        assert first is not None and first.events == table.state.view(seat).events
        for _ in range(12):  # (around the table, nobody folding: the same deal)
            act = next(a for a in table.legal_actions() if a.kind not in ("fold", "look"))
            table.apply(act.examples()[0])
            if table.to_act == seat:
                break
        assert table.deal_no == deal and table.to_act == seat
        later = table_view(table, seat)
        assert later is not None
        assert object.__getattribute__(later, "events") == table.state.view(seat).events
        assert later == table.state.view(seat)
