"""Random event logs for the log-book test (tests/test_views_machine.py): cards public,
private to some seats, or to none; of a seat or not.
"""

from __future__ import annotations

from hypothesis import strategies as st

from bragkit.engine.events import Event

KINDS = ("deal", "look", "reveal", "exchange", "draw", "discard", "stub", "bet")


@st.composite
def event_logs(draw: st.DrawFn) -> list[Event]:
    """A log of up to 40 events (a stub drawn like any other card event)."""
    events = []
    for _ in range(draw(st.integers(0, 40))):
        kind = draw(st.sampled_from(KINDS))
        seat = draw(st.none() | st.integers(0, 3))
        if kind == "bet":
            events.append(Event(kind, seat, 2))
            continue
        cards = tuple(draw(st.lists(st.integers(0, 51), max_size=3, unique=True)))
        vis = draw(st.none() | st.frozensets(st.integers(0, 3), max_size=2))
        events.append(Event(kind, seat, None, cards, vis))
    return events
