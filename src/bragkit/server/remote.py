"""A seat's view rebuilt from the protocol's JSON, so that any bragkit bot can play a
remote table from what the server sent (``brag connect --bot``): the same
:class:`~bragkit.engine.contract.SeatView` a bot gets at a local table, built only from the
seat's own frames.

>>> e = parse_event("p2 look As Kd 3c")
>>> e.seat, e.kind, e.cards
(1, 'look', (51, 45, 4))
>>> parse_event("p1 pay 1 (to p2)")
Event(kind='pay', seat=0, amount=1, cards=None, visible_to=None, note='to p2')
>>> parse_event("* deal_start 0").seat is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bragkit.cards import Card, parse_cards
from bragkit.engine.actions import LegalAction
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.errors import BragError

__all__ = ["legal_from_json", "parse_event", "view_from_json"]


def _seat(text: object) -> int:
    if isinstance(text, str) and text[:1] == "p" and text[1:].isdecimal():
        return int(text[1:]) - 1
    return -1


def _cards(text: object) -> tuple[Card, ...] | None:
    if not isinstance(text, str) or not text:
        return None
    try:
        return tuple(parse_cards(text, allow_duplicates=True))
    except BragError:
        return None


def parse_event(text: str) -> Event:
    """One event of a view's ``events`` (``str(Event)``) back as an :class:`Event`."""
    note = None
    if text.endswith(")") and " (" in text:
        text, _, tail = text.partition(" (")
        note = tail[:-1]
    words = text.split()
    seat = _seat(words[0]) if words else -1
    kind = words[1] if len(words) > 1 else ""
    rest = words[2:]
    amount = None
    if rest and rest[0].lstrip("-").isdecimal():
        amount = int(rest[0])
        rest = rest[1:]
    found = _cards(" ".join(rest)) if rest else None
    cards = tuple(c.id for c in found) if found else None
    return Event(kind, seat if seat >= 0 else None, amount, cards, None, note)


def legal_from_json(items: Sequence[Mapping[str, Any]]) -> tuple[LegalAction, ...]:
    """The offered actions of a view's ``legal``."""
    out = []
    for item in items:
        lo, hi, cost = item.get("lo"), item.get("hi"), item.get("cost") or 0
        args = item.get("args") or []
        out.append(LegalAction(str(item.get("kind")), lo if isinstance(lo, int) else None,
                               hi if isinstance(hi, int) else None,
                               cost if isinstance(cost, int) else 0,
                               tuple(str(a) for a in args), bool(item.get("optional_arg"))))
    return tuple(out)


def _ints(value: object) -> tuple[int, ...]:
    return tuple(v for v in value if isinstance(v, int)) if isinstance(value, list) else ()


def view_from_json(view: Mapping[str, Any]) -> SeatView:
    """A :class:`SeatView` from a seat's ``view`` JSON object (docs/protocol.md)."""
    shown_json = view.get("shown") or {}
    shown = {}
    if isinstance(shown_json, dict):
        for label, text in shown_json.items():
            hand = _cards(text)
            if hand is not None and _seat(label) >= 0:
                shown[_seat(label)] = hand
    stub = _cards(view.get("stub_card"))
    widow = _cards(view.get("widow")) or ()
    offered = _cards(view.get("offered"))
    return SeatView(
        seat=_seat(view.get("seat")), dealer=_seat(view.get("dealer")),
        stacks=_ints(view.get("stacks")), pot=int(view.get("pot") or 0),
        pots=_ints(view.get("frozen_pots")), stake=int(view.get("stake") or 0),
        status=tuple(str(s) for s in view.get("status") or ()),
        looked=tuple(bool(x) for x in view.get("looked") or ()),
        to_act=_seat(view.get("to_act")), phase=str(view.get("phase") or ""),
        own_cards=_cards(view.get("own_cards")), shown=shown,
        stub_card=stub[0] if stub else None,
        events=tuple(parse_event(str(e)) for e in view.get("events") or ()),
        legal=legal_from_json(view.get("legal") or ()),
        contrib=_ints(view.get("contrib")), committed=_ints(view.get("committed")),
        lives=_ints(view.get("lives")), widow=widow,
        offered=offered[0] if offered else None)
