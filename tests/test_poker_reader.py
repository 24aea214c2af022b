"""The poker-style log reader (:class:`~bragkit.engine.poker.views.PokerReader`: seats read
only their own events, and fork only when shown another seat's cards privately) gives every
seat what one fresh pass of :func:`~bragkit.engine.views.read_events` gives it, at any length
read, on random logs of both engines' readings (issue 11)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import card_from_id
from bragkit.engine.brag.views import BRAG_READING
from bragkit.engine.events import Event
from bragkit.engine.poker.views import POKER_READING, PokerReader
from bragkit.engine.views import Reading, read_events
from tests.event_logs import event_logs


def _fresh(log: list[Event], seat: int, reading: Reading) -> tuple[object, ...]:
    seen, own, shown, stub = read_events(log, seat, None, {}, None, reading)
    return (seen, own if seat >= 0 else None, {o: h for o, h in shown.items() if o != seat},
            stub)


@settings(max_examples=400, deadline=None)
@given(reading=st.sampled_from([BRAG_READING, POKER_READING]), log=event_logs(stub_public=True),
       cuts=st.lists(st.tuples(st.integers(0, 40), st.integers(-1, 3)), max_size=14),
       base=st.integers(0, 40))
def test_poker_reader_equals_a_fresh_read(reading: Reading, log: list[Event],
                                          cuts: list[tuple[int, int]], base: int) -> None:
    """Every seat's digest (and its :meth:`~PokerReader.seat_digest`) of the log so far, read
    as a state's log (``base`` events) and a machine's events after it, is a fresh read's."""
    base = min(base, len(log))
    reader = PokerReader(reading)
    head = tuple(log[:base])
    for length, seat in sorted((min(n, len(log)), s) for n, s in cuts):
        if length < base:
            continue
        seen, own, shown, stub = reader.digest(seat, head, base, log[base:length])
        assert (list(seen), own if seat >= 0 else None, shown, stub) == \
            _fresh(log[:length], seat, reading)
        events, own2, mine = reader.seat_digest(seat, head, base, log[base:length])
        assert events is seen and own2 == own
        assert {**{o: h for o, h in reader.shown.items() if o != seat and o not in mine},
                **mine} == shown


def test_a_seat_shown_another_hand_privately_reads_it() -> None:
    """A private exchange between two seats (American Brag's) shows each the other's hand;
    a third seat sees neither, and a seat never finds its own hand among those shown."""
    pair = frozenset({0, 1})
    log = [Event("deal", 0, None, (1, 2, 3), frozenset({0})),
           Event("deal", 1, None, (4, 5, 6), frozenset({1})),
           Event("deal", 2, None, (7, 8, 9), None, "face up"),
           Event("exchange", 0, None, (1, 2, 3), pair),
           Event("exchange", 1, None, (4, 5, 6), pair)]
    reader = PokerReader(POKER_READING)
    got = {seat: reader.digest(seat, None, 0, log) for seat in range(3)}
    hand = {s: tuple(card_from_id(c) for c in cards)
            for s, cards in ((0, (1, 2, 3)), (1, (4, 5, 6)), (2, (7, 8, 9)))}
    assert got[0][2] == {1: hand[1], 2: hand[2]} and got[1][2] == {0: hand[0], 2: hand[2]}
    assert got[2][2] == {}
    assert [e.cards for e in got[2][0]] == [None, None, (7, 8, 9), None, None]
    for seat in range(3):
        assert (list(got[seat][0]), got[seat][2]) == \
            tuple(_fresh(log, seat, POKER_READING)[i] for i in (0, 2))
