"""Per-seat views, derived from the event log: a seat never sees a card it may not see.

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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import LegalAction
from bragkit.engine.deal_protocol import fast_builder
from bragkit.engine.events import Event

if TYPE_CHECKING:
    from bragkit.engine.brag_state import BragState

__all__ = ["SeatView", "redacted_events", "reusable_digest", "seat_view"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know about a deal."""

    seat: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    frozen_pots: tuple[int, ...]
    r: int
    status: tuple[str, ...]
    looked: tuple[bool, ...]
    to_act: int
    phase: str
    own_cards: tuple[Card, ...] | None
    """The seat's current hand if it has seen it, else ``None`` (blind)."""
    shown: dict[int, tuple[Card, ...]]
    """Other hands this seat has seen (showdowns, side shows, face-up hands)."""
    stub_card: Card | None
    events: tuple[Event, ...]
    legal: tuple[LegalAction, ...]

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (seats as ``"p1"``..., cards as text, public events only as
        this seat sees them).

        >>> import random
        >>> from bragkit.rules import get_preset
        >>> from bragkit.engine import BragState
        >>> v = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1)).view(0)
        >>> v.to_dict()["own_cards"], v.to_dict()["pot"]
        (None, 2)
        """
        def cards(hand: tuple[Card, ...] | None) -> str | None:
            return None if hand is None else " ".join(str(c) for c in hand)

        return {
            "seat": f"p{self.seat + 1}", "dealer": f"p{self.dealer + 1}",
            "stacks": list(self.stacks), "pot": self.pot, "frozen_pots": list(self.frozen_pots),
            "stake": self.r, "status": list(self.status), "looked": list(self.looked),
            "to_act": f"p{self.to_act + 1}" if self.to_act >= 0 else None,
            "phase": self.phase, "own_cards": cards(self.own_cards),
            "shown": {f"p{s + 1}": cards(h) for s, h in self.shown.items()},
            "stub_card": str(self.stub_card) if self.stub_card is not None else None,
            "events": [str(e) for e in self.events],
            "legal": [str(a) for a in self.legal],
        }

    def known_cards(self) -> tuple[Card, ...]:
        """Every card this view reveals, own cards included (in order of first appearance;
        linear in the size of the view).

        >>> import random
        >>> from bragkit.rules import get_preset
        >>> from bragkit.engine import BragState
        >>> s = BragState.new(get_preset("modern"), [9, 9], rng=random.Random(1)).apply("look")
        >>> s.view(1).known_cards() == s.view(1).own_cards, s.view(0).known_cards()
        (True, ())
        """
        found: dict[Card, None] = dict.fromkeys(self.own_cards or ())
        for hand in self.shown.values():
            found.update(dict.fromkeys(hand))
        for e in self.events:
            if e.cards:
                found.update(dict.fromkeys(map(card_from_id, e.cards)))
        if self.stub_card is not None:
            found[self.stub_card] = None
        return tuple(found)


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
        st.legal_actions() if st.to_act == seat else ())
    return view
