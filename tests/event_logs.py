"""Random event logs for the log-reader tests (tests/test_views_machine.py and
tests/test_poker_reader.py): cards public, private to some seats, or to none; of a seat or not.
"""

from __future__ import annotations

from hypothesis import strategies as st

from bragkit.engine.events import Event

KINDS = ("deal", "look", "reveal", "exchange", "draw", "discard", "stub", "bet")


@st.composite
def event_logs(draw: st.DrawFn, stub_public: bool = False) -> list[Event]:
    """A log of up to 40 events; ``stub_public``: a stub card is public and of no seat, as
    every engine logs it (otherwise a stub is drawn like any other card event)."""
    events = []
    for _ in range(draw(st.integers(0, 40))):
        kind = draw(st.sampled_from(KINDS))
        seat = draw(st.none() | st.integers(0, 3))
        if kind == "bet":
            events.append(Event(kind, seat, 2))
            continue
        cards = tuple(draw(st.lists(st.integers(0, 51), max_size=3, unique=True)))
        vis = draw(st.none() | st.frozensets(st.integers(0, 3), max_size=2))
        if stub_public and kind == "stub":
            seat = vis = None
        events.append(Event(kind, seat, None, cards, vis))
    return events
