"""What one reader of a deal's log has learnt so far, and how it is said
(:class:`ReaderState`, the part of :mod:`bragkit.explain.results`' reader that
:mod:`bragkit.explain.reasons` reads).

>>> from bragkit.rules import get_preset
>>> r = ReaderState(get_preset("modern"), 1, None)
>>> r.who(1), r.who(0), r.verb(1, "take"), r.verb(0, "take"), r.poss(0)
('you', 'p1', 'take', 'takes', "p1's")
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bragkit.cards import Card
from bragkit.explain.hands import name_hand
from bragkit.rules import Rules

__all__ = ["Note", "ReaderState"]


@dataclass(frozen=True, slots=True)
class Note:
    """One explanation: ``text`` explains the event at ``index`` of the deal's log."""

    index: int
    text: str


@dataclass
class ReaderState:
    """What the reader of a redacted log has learnt so far, and the words for it."""

    rules: Rules
    reader: int | None
    names: Sequence[str] | None
    notes: list[Note] = field(default_factory=list)
    shown: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    """Hands shown to the reader (public, or in a side show / exchange the reader is in)."""
    public: list[int] = field(default_factory=list)
    """Seats whose hands were shown to everybody, in order."""
    private: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    own: tuple[Card, ...] | None = None
    looked: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    seer: int = -1
    seen_seat: int = -1
    folded: set[int] = field(default_factory=set)
    covered: list[int] = field(default_factory=list)
    dealt: list[int] = field(default_factory=list)
    face_up: dict[int, Card] = field(default_factory=dict)
    asks: tuple[int, int] | None = None
    champion: list[int] = field(default_factory=list)
    pair: dict[int, int] = field(default_factory=dict)
    """American Brag: each seat's partner in the latest private exchange."""
    face_up_deal: bool = False
    """A retained blind hand plays against a face-up hand this deal (4.4.7)."""
    stayed: bool = False
    cover_sd: tuple[int, int] | None = None
    """(the covering seat, the seat that must show) of a two-seat cover."""
    done_award: int = -1

    # ------------------------------------------------------------------ labels
    def who(self, seat: int | None) -> str:
        if seat is None or seat < 0:
            return "the table"
        if seat == self.reader:
            return "you"
        if self.names is not None and seat < len(self.names):
            return self.names[seat]
        return f"p{seat + 1}"

    def poss(self, seat: int) -> str:
        return "your" if seat == self.reader else f"{self.who(seat)}'s"

    def owner(self, seat: int) -> str:
        """``yours`` or ``p2's`` (standing alone)."""
        return "yours" if seat == self.reader else f"{self.who(seat)}'s"

    def verb(self, seat: int | None, plain: str) -> str:
        """``plain`` for "you", else the third person (``show`` -> ``shows``)."""
        irregular = {"is": ("are", "is"), "have": ("have", "has")}
        if plain in irregular:
            return irregular[plain][0 if seat is not None and seat == self.reader else 1]
        if seat is not None and seat == self.reader:
            return plain
        if plain.endswith(("s", "sh", "ch", "x")):
            return plain + "es"
        return plain + "s"

    def say(self, index: int, text: str) -> None:
        self.notes.append(Note(index, text))

    def name(self, cards: Sequence[Card]) -> str:
        return name_hand(self.rules, tuple(cards))

    def hand(self, seat: int) -> tuple[Card, ...] | None:
        if seat in self.shown:
            return self.shown[seat]
        if seat == self.reader:
            return self.own
        return None
