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
from typing import TYPE_CHECKING

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import LegalAction
from bragkit.engine.events import Event

if TYPE_CHECKING:
    from bragkit.engine.brag_state import BragState

__all__ = ["SeatView", "seat_view"]


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
        """Every card this view reveals, own cards included."""
        cards: list[Card] = list(self.own_cards or ())
        for hand in self.shown.values():
            cards.extend(hand)
        for e in self.events:
            if e.cards:
                cards.extend(card_from_id(c) for c in e.cards)
        if self.stub_card is not None:
            cards.append(self.stub_card)
        seen: list[Card] = []
        for c in cards:
            if c not in seen:
                seen.append(c)
        return tuple(seen)


def seat_view(st: BragState, seat: int) -> SeatView:
    """Build ``seat``'s view of ``st`` from the event log."""
    events = tuple(e.redacted(seat) for e in st.events)
    own: tuple[int, ...] | None = None
    shown: dict[int, tuple[Card, ...]] = {}
    stub: Card | None = None
    for e in events:
        if e.cards is None:
            continue
        if e.kind == "stub":
            stub = card_from_id(e.cards[0])
        elif e.seat == seat and e.kind in ("look",) and st.hands[seat]:
            own = e.cards
        elif e.seat is not None and e.seat != seat and e.kind in ("reveal", "deal"):
            shown[e.seat] = tuple(card_from_id(c) for c in e.cards)
    own_cards: tuple[Card, ...] | None = None
    if own is not None and st.looked[seat]:
        own_cards = tuple(card_from_id(c) for c in st.hands[seat] if c in own)
    return SeatView(
        seat=seat, dealer=st.dealer, stacks=st.stacks, pot=st.pot,
        frozen_pots=tuple(a for a, _ in st.frozen), r=st.r, status=st.status,
        looked=st.looked, to_act=st.to_act, phase=st.phase, own_cards=own_cards,
        shown=shown, stub_card=stub, events=events,
        legal=st.legal_actions() if st.to_act == seat else ())
