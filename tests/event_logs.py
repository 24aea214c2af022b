"""Random event logs for the log-book test (tests/test_views_machine.py): cards public,
private to some seats, or to none; of a seat or not.
"""

from __future__ import annotations

from hypothesis import strategies as st

from bragkit.engine.events import Event

KINDS = ("deal", "look", "reveal", "exchange", "draw", "discard", "stub", "bet")

# The strategies are built once: a strategy built afresh for each draw (``st.none() | ...``
# in the loop) cost Hypothesis more than half of these tests' CPU in checking it again
# (is_empty, labels); the draws, and so the logs generated, are the same.
_LENGTH = st.integers(0, 40)
_KIND = st.sampled_from(KINDS)
_SEAT = st.none() | st.integers(0, 3)
_CARDS = st.lists(st.integers(0, 51), max_size=3, unique=True)
_VISIBLE = st.none() | st.frozensets(st.integers(0, 3), max_size=2)


@st.composite
def event_logs(draw: st.DrawFn) -> list[Event]:
    """A log of up to 40 events (a stub drawn like any other card event)."""
    events = []
    for _ in range(draw(_LENGTH)):
        kind = draw(_KIND)
        seat = draw(_SEAT)
        if kind == "bet":
            events.append(Event(kind, seat, 2))
            continue
        cards = tuple(draw(_CARDS))
        vis = draw(_VISIBLE)
        events.append(Event(kind, seat, None, cards, vis))
    return events
