"""Per-seat views, derived from the event log: a seat never sees a card it may not see.

The view type is :class:`~bragkit.engine.contract.SeatView`, the same for every game.

A blind seat does not see its own cards until it looks; the seen hand of a see is public;
a side show is private to its two players; the face-up stub shows one card to all.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine import BragState, shuffled_pack
>>> s = BragState.start(get_preset("modern"), (20, 20), 0,
...                     shuffled_pack(get_preset("modern"), random.Random(5)))
>>> v = s.view(1)
>>> v.own_cards is None, v.to_act, v.pot
(True, 1, 2)
>>> v2 = s.apply("look").view(1)
>>> len(v2.own_cards), s.apply("look").view(0).known_cards()
(3, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bragkit.cards import Card, card_from_id
from bragkit.engine.contract import SeatView
from bragkit.engine.deal_protocol import fast_builder
from bragkit.engine.events import Event

if TYPE_CHECKING:
    from bragkit.engine.brag_state import BragState

__all__ = ["SeatView", "redacted_events", "reusable_digest", "seat_view"]


def redacted_events(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` sees them (:meth:`Event.redacted` of each, in one pass).

    >>> e = Event("look", seat=0, cards=(51, 47, 43), visible_to=frozenset({0}))
    >>> redacted_events((e,), 1)[0].cards, redacted_events((e,), 0)[0] is e
    (None, True)
    """
    return tuple([e if e.cards is None or e.visible_to is None or seat in e.visible_to
                  else e.redacted(seat) for e in events])


_new_view: Any = fast_builder(SeatView)

_Digest = tuple[tuple[Event, ...], tuple[Event, ...], "tuple[int, ...] | None",
                dict[int, tuple[Card, ...]], "Card | None"]
"""What one seat may know from an event log: (the log, the log as the seat sees it, the cards
of its latest look, the other hands it has seen, the face-up stub card)."""

_DIGESTS: dict[int, _Digest] = {}
"""The latest digest built for each seat.  A state's log extends its predecessor's, so the
next view of the same deal only reads the new events.  A digest is reused only when its log
is a prefix (by value) of the new one, so any log, of any deal or branch, gets exactly the
view a fresh pass would give; digests are never changed once built."""

_EMPTY: _Digest = ((), (), None, {}, None)


def reusable_digest(digests: dict[int, Any], events: tuple[Event, ...], seat: int,
                    empty: Any) -> tuple[Any, int]:
    """``seat``'s latest digest in ``digests`` (a tuple whose first item is the event log it
    read) and how many events of ``events`` it covers, or ``(empty, 0)`` if its log is not a
    prefix (by value) of ``events``.  Shared by every engine's incremental views.

    >>> e1, e2 = Event("bet", 0, 2), Event("fold", 1)
    >>> reusable_digest({0: ((e1,), "d")}, (e1, e2), 0, ((), ""))[1]
    1
    >>> reusable_digest({0: ((e2,), "d")}, (e1, e2), 0, ((), ""))
    (((), ''), 0)
    """
    old = digests.get(seat, empty)
    src = old[0]
    m = len(src)
    if src is not events and (not m or m > len(events) or events[m - 1] != src[-1]
                              or events[:m] != src):
        return empty, 0
    return old, m


def _digest(events: tuple[Event, ...], seat: int) -> _Digest:
    """The digest of ``events`` for ``seat``, extending the seat's previous digest if its
    log is a prefix of ``events``."""
    old, m = reusable_digest(_DIGESTS, events, seat, _EMPTY)
    if old[0] is events:
        return old  # type: ignore[no-any-return]
    seen: list[Event] = []
    keep = seen.append
    own = old[2]
    shown = old[3]
    stub = old[4]
    copied = False
    for e in events[m:]:
        cards = e.cards
        if cards is None:
            keep(e)
            continue
        vis = e.visible_to
        if vis is not None and seat not in vis:  # redacted: the cards are not this seat's to see
            keep(e.redacted(seat))
            continue
        keep(e)
        kind = e.kind
        owner = e.seat
        if kind == "stub":
            stub = card_from_id(cards[0]) if cards else None  # None: a face-down card
        elif owner == seat and kind == "look":
            own = cards
        elif owner is not None and owner != seat and (kind == "reveal" or kind == "deal"):
            if not copied:
                shown, copied = dict(shown), True
            shown[owner] = tuple(map(card_from_id, cards))
    digest: _Digest = (events, old[1] + tuple(seen), own, shown, stub)
    _DIGESTS[seat] = digest
    return digest


def seat_view(st: BragState, seat: int) -> SeatView:
    """Build ``seat``'s view of ``st`` from the event log (reading only the events added
    since this seat's previous view of the deal)."""
    _, events, own, shown, stub = _digest(st.events, seat)
    own_cards: tuple[Card, ...] | None = None
    hand = st.hands[seat]
    if own is not None and hand and st.looked[seat]:
        own_cards = tuple(card_from_id(c) for c in hand if c in own)
    frozen = st.frozen
    view: SeatView = _new_view(  # the fields in order (the frozen __init__ is slow)
        seat, st.dealer, st.stacks, st.pot, tuple([a for a, _ in frozen]) if frozen else (),
        st.r, st.status, st.looked, st.to_act, st.phase, own_cards, dict(shown), stub, events,
        st.legal_actions() if st.to_act == seat else (), (), (), (), (), None)
    return view
