"""What a seat's own row of the table says when its cards need words: two blind hands
after a carried pot (which is which, which was looked at, which is played) and Commerce's
dealer choosing before seeing his hand; and each seat's lives in Commerce with a widow.
Derived from the seat's view (its redacted event log and the actions it is offered).

>>> from bragkit.engine.actions import LegalAction
>>> from bragkit.engine.events import Event
>>> two_hands_text((), 0, (LegalAction("look", args=("old", "new"), optional_arg=True),))
'two blind hands: old (retained from the last deal) and new, both face down'
>>> e = Event("look", 0, cards=(0, 4, 8), visible_to=frozenset({0}), note="new")
>>> two_hands_text((e,), 0, ())
'new hand 2c 3c 4c (looked at); old (retained) hand face down, not seen: keep or throw'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bragkit.cards import card_from_id, format_cards
from bragkit.engine.actions import LegalAction
from bragkit.engine.events import Event

__all__ = ["lives_text", "own_cards_text", "two_hands_text"]

_WHICH = {"old": "old (retained) hand", "new": "new hand"}


def two_hands_text(events: Sequence[Event], seat: int,
                   legal: Sequence[LegalAction]) -> str | None:
    """The seat's two hands of a retained blind hand, or ``None`` if it holds only one and
    never held two this deal."""
    if any(la.kind == "look" and set(la.args) == {"old", "new"} for la in legal):
        return "two blind hands: old (retained from the last deal) and new, both face down"
    looked: dict[str, str] = {}
    text: str | None = None
    played = ""
    for e in events:
        if e.seat == seat and e.kind == "reveal" and e.cards and text is not None:
            text = f"played the {_WHICH[played]}: {_text(e.cards)} (shown)" if played \
                else text
            continue
        if e.seat != seat or e.note not in ("old", "new"):
            continue
        which = e.note
        other = "new" if which == "old" else "old"
        played = other if e.kind == "throw" else which
        if e.kind == "look":
            played = ""
            looked[which] = _text(e.cards or ())
            text = (f"{_WHICH[which]} {looked[which]} (looked at); {_WHICH[other]} face down, "
                    "not seen: keep or throw")
        elif e.kind == "keep":
            text = f"playing the {_WHICH[which]}; the {_WHICH[other]} went back"
        elif e.kind == "throw":
            thrown = f" ({looked[which]})" if which in looked else ""
            text = f"playing the {_WHICH[other]}, blind; the {_WHICH[which]}{thrown} was thrown"
        elif e.kind == "name":
            text = f"playing the {_WHICH[which]}, sight unseen; the {_WHICH[other]} went back"
    return text


def _text(ids: Sequence[int]) -> str:
    return format_cards(card_from_id(c) for c in ids)


def own_cards_text(view: Any, seat: int, legal: Sequence[LegalAction]) -> str | None:
    """Words for the seat's own cards column when the cards alone do not say it (two blind
    hands; a Commerce dealer deciding before he sees his hand), else ``None``.

    >>> from types import SimpleNamespace
    >>> own_cards_text(SimpleNamespace(phase="privilege", own_cards=None, to_act=1), 0, ())
    'face down'
    """
    phase = getattr(view, "phase", "")
    if phase == "privilege" and getattr(view, "own_cards", None) is None:
        if getattr(view, "to_act", -1) == seat:
            return ("face down: as dealer you choose before seeing them (widow: take the "
                    "widow instead; keep: look at these and play on)")
        return "face down"
    events = getattr(view, "events", ())
    two = two_hands_text(events, seat, legal)
    if two is not None or getattr(view, "own_cards", None) is not None:
        return two
    shown = [e for e in events if e.kind == "reveal" and e.seat == seat and e.cards
             and e.visible_to is None]
    return f"{_text(shown[-1].cards or ())} (shown)" if shown else None


def lives_text(view: Any, seat: int) -> str:
    """``", 2 lives"`` in a Commerce-with-a-widow deal scored by lives, else ``""``.

    >>> from types import SimpleNamespace
    >>> lives_text(SimpleNamespace(lives=(3, 1)), 1)
    ', 1 life'
    """
    lives = getattr(view, "lives", None)
    if not lives or not any(lives) or seat >= len(lives):
        return ""
    n = lives[seat]
    return f", {n} life" if n == 1 else f", {n} lives"
