"""Seat views built from a deal's machine (``table_view``, ``DealLine.view``,
``PokerLine.view``) equal the views of the frozen states, at every step of random sessions of
every brag-engine and poker-engine preset, whichever seats look and whenever states are read
in between (issue 11).  (The frozen states' views are checked against what each seat may
know by tests/test_engine_views.py and tests/test_conformance_leaks.py.)"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import card_from_id
from bragkit.engine import open_table
from bragkit.engine.brag.family import family_games
from bragkit.engine.brag.line import DealLine
from bragkit.engine.brag.views import BRAG_READING
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.poker.line import PokerLine
from bragkit.engine.poker.views import POKER_READING
from bragkit.engine.session import Session, table_view
from bragkit.engine.table import Table
from bragkit.engine.views import LogBook, Reading, read_events
from bragkit.games import engine_of
from bragkit.rules import get_preset, preset_names
from tests.event_logs import event_logs

BRAG_PRESETS = [name for name in preset_names() if get_preset(name).game in family_games()]
POKER_PRESETS = [name for name in preset_names() if engine_of(get_preset(name).game) == "poker"]


def _play(table: Table, rng: random.Random) -> None:
    """The seat to act takes a uniformly random legal action (a random amount or argument)."""
    table.apply(rng.choice(table.legal_actions()).sample(rng))


def _session(preset: str, players: int, stack: int, seed: int) -> Table:
    return open_table(get_preset(preset), [stack] * players, dealer=seed % players, seed=seed)


def test_brag_presets_are_found() -> None:
    assert "modern" in BRAG_PRESETS and "teen-patti" in BRAG_PRESETS
    assert "modern-stub" in BRAG_PRESETS and "commerce" not in BRAG_PRESETS
    assert {"foster", "three-stake-draw", "american", "brag-poker-bb"} <= set(POKER_PRESETS)
    assert "modern" not in POKER_PRESETS and "commerce" not in POKER_PRESETS


@pytest.mark.parametrize("preset", BRAG_PRESETS + POKER_PRESETS)
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6),
       stack=st.sampled_from([6, 20, 200]), steps=st.integers(1, 60),
       watch=st.floats(0.0, 1.0), reads=st.sampled_from([0.0, 0.05, 0.3]))
def test_machine_view_equals_state_view(preset: str, seed: int, players: int, stack: int,
                                        steps: int, watch: float, reads: float) -> None:
    """Two tables on the same seed: one read only through ``table_view`` (and, with probability
    ``reads`` a step, its state), the other through ``state.view``.  Every seat is watched
    with probability ``watch`` at each step; every view taken is compared again at the end
    (a view never changes once built)."""
    machine = _session(preset, players, stack, seed)
    frozen = _session(preset, players, stack, seed)
    moves, picks = random.Random(seed), random.Random(seed + 1)
    moves2 = random.Random(seed)
    taken: list[tuple[SeatView, SeatView]] = []
    for _ in range(steps):
        if machine.over:
            assert frozen.over
            break
        for seat in range(players):
            if picks.random() >= watch and seat != machine.to_act:
                continue
            got = table_view(machine, seat)
            state = frozen.state
            if state is None:
                assert got is None
                continue
            want: SeatView = state.view(seat)
            assert got is not None and got == want, (seat, frozen.current_actions())
            assert table_view(machine, seat) is got  # kept for the step
            taken.append((got, want))
        if picks.random() < reads:
            assert machine.state == frozen.state
        _play(machine, moves)
        _play(frozen, moves2)
        assert machine.current_actions() == frozen.current_actions()
    for got, want in taken:
        assert got == want


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "modern-stub", "modern-face-up",
                                    "foster", "three-stake-draw", "american", "brag-poker"])
def test_views_of_every_seat_at_every_step(preset: str) -> None:
    """Long sessions, every seat's view at every step, against the frozen state's."""
    for seed in range(4 if preset in BRAG_PRESETS else 2):
        machine = _session(preset, 5, 30, seed)
        frozen = _session(preset, 5, 30, seed)
        moves, moves2 = random.Random(seed), random.Random(seed)
        for _ in range(400):
            if machine.over:
                break
            state = frozen.state
            for seat in range(5):
                got = table_view(machine, seat)
                assert got == (None if state is None else state.view(seat))
            _play(machine, moves)
            _play(frozen, moves2)


@pytest.mark.parametrize("preset", ["modern", "foster", "three-stake", "american", "brag-poker"])
def test_view_builds_no_state(preset: str) -> None:
    """A table read only through views never freezes a state of its deals (but the first,
    whose machine did not log its start): the line's states stay unbuilt, yet the view of
    the seat to act carries its legal actions."""
    table = _session(preset, 6, 100, 3)
    assert isinstance(table, Session)
    rng = random.Random(3)
    first = table.deal_no
    for _ in range(200):
        if table.over:
            break
        line = table._line
        if line is None:  # (3 Card Brag Poker: the discards shuffled, the deal on states)
            _play(table, rng)
            continue
        assert isinstance(line, DealLine | PokerLine)
        view = table_view(table, table.to_act)
        assert view is not None and view.legal == table.legal_actions()
        assert line._snap is None or table.deal_no == first
        _play(table, rng)
    assert table.deal_no > first + 3


def test_view_between_deals_is_none() -> None:
    """No deal in progress (a dealer's choice pending, or the session over): no view."""
    table = _session("modern-dealers-choice", 3, 50, 1)
    rng = random.Random(1)
    for _ in range(500):
        if table.state is None:
            assert table_view(table, 0) is None
            break
        _play(table, rng)
    else:
        pytest.fail("no dealer's choice came up")


@pytest.mark.parametrize("preset", ["foster", "commerce", "commerce-widow"])
def test_other_engines_view_equals_state_view(preset: str) -> None:
    """Poker-style and Commerce tables give the state's views through ``table_view`` too."""
    machine = _session(preset, 4, 60, 2)
    frozen = _session(preset, 4, 60, 2)
    moves, moves2 = random.Random(2), random.Random(2)
    for _ in range(300):
        if machine.over:
            break
        state = frozen.state
        for seat in range(4):
            assert table_view(machine, seat) == (None if state is None else state.view(seat))
        _play(machine, moves)
        _play(frozen, moves2)


def test_view_draft_has_the_seat_view_layout() -> None:
    """The fast builder fills a mutable twin of SeatView and turns it into one: the twin
    declares every field of SeatView, in its order, and what it builds is a real, frozen,
    equal SeatView."""
    import dataclasses

    from bragkit.engine import views

    names = [f.name for f in dataclasses.fields(SeatView)]
    assert list(views.Draft.__slots__) == names == list(views.Draft.__annotations__)
    built = views.new_view(0, 1, (9, 9), 2, (), 1, ("in", "in"), (False, False), 0, "bet",
                           None, {}, None, (), ())
    assert type(built) is SeatView
    assert built == SeatView(0, 1, (9, 9), 2, (), 1, ("in", "in"), (False, False), 0, "bet",
                             None, {}, None, (), ())
    field = "pot"
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, field, 3)


def test_4_4_6_views_of_a_deal_whose_retained_hand_is_released() -> None:
    """A retained blind hand whose seat cannot pay the next ante is released at the start
    (rules 4.4.6): the view built from the machine shows the release like the state's."""
    found = 0
    for seed in range(200):
        machine = _session("modern", 4, 6, seed)
        frozen = _session("modern", 4, 6, seed)
        moves, moves2 = random.Random(seed), random.Random(seed)
        for _ in range(300):
            if machine.over:
                break
            state = frozen.state
            views = [table_view(machine, s) for s in range(4)]
            if state is not None:
                assert views == [state.view(s) for s in range(4)]
                if not state.actions and any(e.kind == "release" for e in state.events):
                    found += 1
            _play(machine, moves)
            _play(frozen, moves2)
        if found >= 2:
            break
    assert found >= 2


@pytest.mark.parametrize("reading", [BRAG_READING, POKER_READING], ids=["brag", "poker"])
@settings(max_examples=300, deadline=None)
@given(log=event_logs(), cuts=st.lists(st.tuples(st.integers(0, 40), st.integers(0, 3)),
                                  max_size=12), base=st.integers(0, 40))
def test_log_book_equals_a_fresh_read(reading: Reading, log: list[Event],
                                      cuts: list[tuple[int, int]], base: int) -> None:
    """The log book of lazy views (a growing log, each seat's digest read on from its last
    one, the card events that concern no seat read once for all) gives every seat, at any
    length read and in any order of reads (an older view read after a newer one), what one
    fresh pass of :func:`read_events` over the log so far gives it."""
    log = [e for e in log if e.kind != "stub" or (e.seat is None and e.visible_to is None)]
    base = min(base, len(log))
    book = LogBook(reading)
    head = tuple(log[:base])  # the log of the newest state built, then the machine's events
    counts = []
    for length in sorted(min(n, len(log)) for n, _ in cuts):  # the log grows, views are built
        counts.append(book.extend(head, base, log[base:max(length, base)]))
    for (_, seat), count in zip(cuts, counts, strict=False):  # and read in any order
        seen, own, shown, stub = book.read(seat, count)
        want = read_events(log[:count], seat, None, {}, None, reading)
        assert (list(seen), own, shown, stub) == want


def test_a_seat_shown_another_hand_privately_reads_it() -> None:
    """A private exchange between two seats (American Brag's) shows each the other's hand in
    the log book; a third seat sees neither, and a seat never finds its own hand among those
    shown (each what a fresh read gives)."""
    pair = frozenset({0, 1})
    log = [Event("deal", 0, None, (1, 2, 3), frozenset({0})),
           Event("deal", 1, None, (4, 5, 6), frozenset({1})),
           Event("deal", 2, None, (7, 8, 9), None, "face up"),
           Event("exchange", 0, None, (1, 2, 3), pair),
           Event("exchange", 1, None, (4, 5, 6), pair)]
    book = LogBook(POKER_READING)
    count = book.extend(None, 0, log)
    got = {seat: book.read(seat, count) for seat in range(3)}
    hand = {s: tuple(card_from_id(c) for c in cards)
            for s, cards in ((0, (1, 2, 3)), (1, (4, 5, 6)), (2, (7, 8, 9)))}
    assert got[0][2] == {1: hand[1], 2: hand[2]} and got[1][2] == {0: hand[0], 2: hand[2]}
    assert got[2][2] == {}
    assert [e.cards for e in got[2][0]] == [None, None, (7, 8, 9), None, None]
    for seat in range(3):
        seen, _, shown, _ = read_events(log, seat, None, {}, None, POKER_READING)
        assert (list(got[seat][0]), got[seat][2]) == (seen, shown)
