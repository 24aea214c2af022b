"""Events: the append-only log every state carries, and who may see each one.

Every event has a ``kind``, an optional ``seat``, ``amount`` and ``cards`` (card ids),
and ``visible_to``: ``None`` for a public event, otherwise the set of seats that may
see its cards.  Seat views, hand histories and statistics are all derived from the log.

>>> e = Event("look", seat=0, cards=(51, 47, 43), visible_to=frozenset({0}))
>>> e.visible(0), e.visible(1)
(True, False)
>>> str(e)
'p1 look As Ks Qs'
"""

from __future__ import annotations

from typing import NamedTuple

from bragkit.cards import card_from_id

__all__ = ["EVENT_KINDS", "Event"]

EVENT_KINDS = (
    "deal_start", "ante", "deal", "look", "discard", "bet", "fold", "see", "cover", "reveal",
    "award", "carry", "retain", "release", "keep", "throw", "stay", "propose", "agree",
    "refuse", "borrow", "lend", "show", "rebuy", "name", "sideshow", "accept", "decline",
    "stub", "return", "qualify_fail", "deal_end",
)
"""Every event kind the brag engine emits."""


class Event(NamedTuple):
    """One entry of the event log (an immutable named tuple, cheap to create)."""

    kind: str
    seat: int | None = None
    amount: int | None = None
    cards: tuple[int, ...] | None = None
    visible_to: frozenset[int] | None = None
    note: str | None = None

    def visible(self, seat: int) -> bool:
        """Whether ``seat`` may see this event's cards."""
        vis = self.visible_to
        return vis is None or seat in vis

    def redacted(self, seat: int) -> Event:
        """This event as ``seat`` sees it: the cards removed if the seat may not see them."""
        if self.cards is None or self.visible(seat):
            return self
        return Event(self.kind, self.seat, self.amount, None, self.visible_to, self.note)

    def __str__(self) -> str:
        parts = [f"p{self.seat + 1}" if self.seat is not None else "*", self.kind]
        if self.amount is not None:
            parts.append(str(self.amount))
        if self.cards is not None:
            parts.extend(str(card_from_id(c)) for c in self.cards)
        if self.note:
            parts.append(f"({self.note})")
        return " ".join(parts)
