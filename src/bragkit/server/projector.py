"""The projector: the only code that turns a table into what one recipient may see.

Every frame the card room sends about a deal is built here, field by field, from that
seat's :class:`~bragkit.engine.contract.SeatView` (``state.view(seat)``) or, for a
spectator, from the public part of the deal (events redacted for nobody, the public numbers
of the table) and :mod:`bragkit.explain` -- never by deleting secrets from a fuller object.
A field that is not written here does not leave the server (docs/protocol.md, "Views").

>>> from bragkit.engine import open_table
>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("modern"), [20, 20], 0, seed=1)
>>> v = seat_view(t, 1)
>>> v["seat"], v["own_cards"], v["to_act"], [a["text"] for a in v["legal"]]
('p2', None, 'p2', ['look', 'fold', 'bet 1..5'])
>>> p = public_view(t)
>>> "own_cards" in p, p["legal"], p["pot"]
(False, [], 2)
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Sequence
from typing import Any, cast

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.table import Table
from bragkit.errors import BragError
from bragkit.explain import explain_lines, meaning, name_hand, own_cards_text, prices
from bragkit.rules import Rules
from bragkit.server import house
from bragkit.server.store.base import JSON
from bragkit.web.casino import hand_advice, hand_label

__all__ = ["current_stacks", "hand_name", "no_deal", "pot_of", "public_item", "public_view",
           "seat_view"]

_WHY_KINDS = ("see", "bet")
"""Kinds whose absence from the offer is explained when the seat is to act (the engine's
own refusal, without the seat prefix: "you cannot see a blind man (rules 4.4.2)")."""


def _cards(hand: Sequence[Card] | None) -> str | None:
    return None if hand is None else " ".join(str(c) for c in hand)


@functools.lru_cache(maxsize=1 << 16)
def _event_text(event: Event) -> str:
    """An event's text (cached: every frame of a deal repeats the deal's events so far)."""
    return str(event)


def _texts(events: Sequence[Event]) -> list[JSON]:
    return [_event_text(e) for e in events]


def _fields(view: SeatView) -> dict[str, object]:
    """:meth:`SeatView.to_dict` of ``view`` without its events and offer, which the
    projector writes itself (the events' texts cached, the offer priced)."""
    return dataclasses.replace(view, events=(), legal=()).to_dict()


def _seat_name(seat: int) -> str | None:
    return f"p{seat + 1}" if seat >= 0 else None


def current_stacks(table: Table) -> list[int]:
    """Each seat's stack now (in the deal in progress, else between deals).

    >>> from bragkit.engine import open_table
    >>> from bragkit.rules import get_preset
    >>> current_stacks(open_table(get_preset("modern"), [20, 20], 0, seed=1))
    [19, 19]
    """
    state = table.state
    if state is not None and not table.over:
        return list(state.stacks)
    return list(table.stacks)


def pot_of(table: Table) -> int:
    """Chips on the table that are in no stack: the pot, frozen pots and carried pots.

    >>> from bragkit.engine import open_table
    >>> from bragkit.rules import get_preset
    >>> pot_of(open_table(get_preset("modern"), [20, 20, 20], 0, seed=1))
    3
    """
    if table.over or table.state is None:
        carried: int = table.carried
        return carried
    stacks: tuple[int, ...] = table.state.stacks
    return table.chips_on_table() - sum(stacks)


def hand_name(table: Table, cards: Sequence[Card] | None) -> str | None:
    """The name of ``cards`` under the table's rules (None when unnamed or unknown)."""
    if not cards:
        return None
    return _name(table.rules, tuple(cards))


@functools.lru_cache(maxsize=1 << 16)
def _name(rules: Rules, cards: tuple[Card, ...]) -> str | None:
    if not isinstance(rules, Rules):  # a house game's own rules (casino's ranking)
        return hand_label(rules, cards)
    try:
        return name_hand(rules, cards)
    except BragError:
        return None


def _legal(table: Table, state: Any, seat: int,
           legal: tuple[LegalAction, ...]) -> list[JSON]:
    out: list[JSON] = []
    rules = table.rules if _served(table) else None
    try:  # a house game's offers are priced as offered (the Play bet's cost is its ante)
        found = prices(state if rules else None, seat, legal) \
            if state is not None or rules is None else ()
    except BragError:
        found = ()
    priced = {id(p.action): p for p in found}
    for la in legal:
        price = priced.get(id(la))
        item: dict[str, JSON] = {
            "kind": str(la.kind), "text": str(la), "lo": la.lo, "hi": la.hi, "cost": la.cost,
            "args": list(la.args), "optional_arg": la.optional_arg,
            "meaning": meaning(str(la.kind), rules, la.args),
        }
        if price is not None:
            item["price"] = str(price)
            item["price_lo"] = price.lo
            item["price_hi"] = price.hi
        out.append(item)
    return out


def _served(table: Table) -> bool:
    """Whether ``table`` plays a table game's :class:`~bragkit.rules.Rules` (its names,
    prices and explanations come from :mod:`bragkit.explain`); else a game against the house
    (:mod:`.house`)."""
    return isinstance(table.rules, Rules)


def _offered(state: Any, seat: int, live: bool,
             offer: Callable[[int, tuple[LegalAction, ...]], tuple[LegalAction, ...]] | None
             ) -> tuple[SeatView, tuple[LegalAction, ...]]:
    """``seat``'s view of ``state`` and the actions offered to it: none unless the deal is
    live and it is the seat's turn, narrowed by ``offer(seat, legal)`` (the table's limits)."""
    view: SeatView = state.view(seat)
    legal = view.legal if live and view.to_act == seat else ()
    if offer is not None and legal:
        legal = offer(seat, legal)
    return view, legal


def _house_seat(table: Table, state: Any, seat: int, live: bool,
                offer: Callable[[int, tuple[LegalAction, ...]], tuple[LegalAction, ...]]
                | None) -> dict[str, JSON]:
    """The seat view of a game against the house (docs/protocol.md, "Casino tables"): the
    generic fields, the dealer's hand once shown, each seat's result, and after the hand the
    optimal decision on the seat's cards with its worth (``advice``)."""
    view, legal = _offered(state, seat, live, offer)
    fields = _fields(view)
    out = _common(table, fields, live)
    out.update({"live": live, "seat": _seat_name(seat),
                "own_cards": cast(JSON, fields["own_cards"]),
                "hand_name": hand_name(table, view.own_cards), "own_text": None,
                "events": _texts(view.events), "notes": [],
                "legal": _legal(table, None, seat, legal) if legal else [], "why_not": {}})
    _house_fields(table, view, out)
    out["last_deal"] = _last_deal(table, seat) if live else None
    return out


def _house_fields(table: Table, view: SeatView, out: dict[str, JSON]) -> None:
    names = {s: hand_name(table, c) for s, c in view.shown.items()}
    house.house_view(view, out, names)
    out["dealer_name"] = names.get(house.DEALER)
    over = view.phase == "over"
    advice = hand_advice(table.rules, view.own_cards) if over else None
    out["advice"] = cast(JSON, advice)


def _why_not(state: Any, seat: int, legal: tuple[LegalAction, ...]) -> dict[str, JSON]:
    """Why the usual actions missing from the offer are missing (the engine's own words)."""
    offered = {str(la.kind) for la in legal}
    out: dict[str, JSON] = {}
    if state is None or not legal:
        return out
    for kind in _WHY_KINDS:
        if kind in offered:
            continue
        try:
            state.apply_move(seat, Action(kind, 1 if kind == "bet" else None))
        except BragError as error:
            text = str(error)
            head, sep, rest = text.partition(": ")
            out[kind] = rest if sep and head.startswith("p") else text
    return out


_PUBLIC_KEYS = ("dealer", "phase", "to_act", "stacks", "pot", "frozen_pots", "stake",
                "status", "looked", "stub_card", "contrib", "committed", "lives", "widow")
"""The fields of :meth:`SeatView.to_dict` that every seat and spectator may see (each one
public by the rules); a seat's own fields are added by :func:`seat_view` only."""


def _common(table: Table, fields: dict[str, object], live: bool) -> dict[str, JSON]:
    """The public numbers of a deal, copied by name from a view's :meth:`SeatView.to_dict`
    (its card and seat formatting; the game-specific fields only when the game has them)."""
    out: dict[str, JSON] = {"deal": table.deal_no + 1 if live else table.deal_no,
                            "carried": table.carried}
    for key in _PUBLIC_KEYS:
        if key in fields:
            out[key] = cast(JSON, fields[key])
    return out


def _state(table: Table, finished: bool = False) -> tuple[Any, bool]:
    """The deal to show (in progress, else the last finished one) and whether it is live;
    a ``finished`` table (its hands played) shows its last finished deal."""
    if table.state is not None and not table.over and not finished:
        return table.state, True
    return table.last_final, False


def no_deal(seat: int | None) -> dict[str, JSON]:
    """The view when there is no deal to show (a table waiting for its seats).

    >>> no_deal(1)
    {'deal': None, 'seat': 'p2', 'legal': [], 'live': False}
    """
    return {"deal": None, "seat": _seat_name(seat) if seat is not None else None, "legal": [],
            "live": False}


def seat_view(table: Table, seat: int, finished: bool = False,
              offer: Callable[[int, tuple[LegalAction, ...]], tuple[LegalAction, ...]]
              | None = None) -> dict[str, JSON]:
    """What ``seat`` (0-based) may see of the deal in progress, as a JSON object
    (docs/protocol.md, "Seat view"); ``{"deal": null}`` when there is no deal to show.
    ``offer(seat, legal)`` narrows the engine's legal actions to the table's (its limits)."""
    state, live = _state(table, finished)
    if state is None:
        return no_deal(seat)
    if not _served(table):
        return _house_seat(table, state, seat, live, offer)
    view, legal = _offered(state, seat, live, offer)
    fields = _fields(view)
    out = _common(table, fields, live)
    out["live"] = live
    out["seat"] = _seat_name(seat)
    out["own_cards"] = cast(JSON, fields["own_cards"])
    out["hand_name"] = hand_name(table, view.own_cards)
    out["own_text"] = own_cards_text(view, seat, legal)
    out["shown"] = {f"p{s + 1}": _cards(h) for s, h in sorted(view.shown.items())}
    out["shown_names"] = {f"p{s + 1}": hand_name(table, h) for s, h in sorted(view.shown.items())}
    if "offered" in fields:
        out["offered"] = cast(JSON, fields["offered"])
    out["events"] = _texts(view.events)
    out["notes"] = list(explain_lines(state.rules, view.events, seat))
    out["legal"] = _legal(table, state, seat, legal) if legal else []
    out["why_not"] = _why_not(state, seat, legal) if legal else {}
    out["last_deal"] = _last_deal(table, seat) if live else None
    if _choosing(table, finished):
        _choice(table, out)
        if table.to_act == seat:
            chosen = table.legal_actions()
            out["legal"] = _legal(table, None, seat,
                                  offer(seat, chosen) if offer is not None else chosen)
    return out


def _choosing(table: Table, finished: bool) -> bool:
    """Whether the table waits between deals for the dealer's choice of variant (4.4.11)."""
    return table.state is None and not table.over and not finished and table.to_act >= 0


def _choice(table: Table, out: dict[str, JSON]) -> None:
    """The frame of a dealer's choice: the next deal, the dealer to act (phase ``choose``),
    the last deal as it ended."""
    last: dict[str, JSON] = {"deal": table.deal_no, "notes": out.get("notes", []),
                             "shown": out.get("shown", {}),
                             "shown_names": out.get("shown_names", {}),
                             "stacks": list(table.stacks)}
    out.update({"deal": table.deal_no + 1, "live": True, "phase": "choose",
                "to_act": _seat_name(table.to_act), "stacks": list(table.stacks),
                "pot": table.carried, "events": [], "notes": [], "shown": {},
                "shown_names": {}, "last_deal": last})
    for key in ("own_cards", "hand_name", "own_text"):  # a seat's own: not in the next deal
        if key in out:
            out[key] = None


def _last_deal(table: Table, seat: int | None) -> dict[str, JSON] | None:
    """How the last finished deal ended, while the next one is live (the next deal starts
    at once, so this is how a player reads the result): its number, the explanations and
    the hands shown to ``seat`` (``None``: a spectator, public cards only); ``None`` when
    no deal has finished or the last one is the deal shown."""
    final = table.last_final
    if final is None or table.over or table.state is None:
        return None
    key = (id(final), seat)
    hit = _LAST.get(key)
    if hit is not None and hit[0] is final and hit[1] == table.deal_no:
        return hit[2]
    out = _last_deal_of(table, final, seat)
    if len(_LAST) > 4096:
        _LAST.clear()
    _LAST[key] = (final, table.deal_no, out)
    return out


_LAST: dict[tuple[int, int | None], tuple[Any, int, dict[str, JSON]]] = {}
"""The last deals' summaries already built, by (final state, seat): a finished deal's
summary does not change, and every frame of the next deal carries it."""


def _last_deal_of(table: Table, final: Any, seat: int | None) -> dict[str, JSON]:
    if not _served(table):  # a game against the house: its seat's (or the public) view
        seen: SeatView = final.view(seat) if seat is not None else _public_house(final)
        last: dict[str, JSON] = {"deal": table.deal_no, "notes": [],
                                 "stacks": list(final.stacks),
                                 "own_cards": None if seat is None else
                                 cast(JSON, _fields(seen)["own_cards"])}
        _house_fields(table, seen, last)
        return last
    if seat is None:
        events = _public_events(final.events)
        shown = _public_shown(events)
    else:
        view: SeatView = final.view(seat)
        events, shown = view.events, dict(view.shown)
    out: dict[str, JSON] = {
        "deal": table.deal_no, "notes": list(explain_lines(final.rules, events, seat)),
        "shown": {f"p{s + 1}": _cards(h) for s, h in sorted(shown.items())},
        "shown_names": {f"p{s + 1}": hand_name(table, h) for s, h in sorted(shown.items())},
        "stacks": list(final.stacks)}
    return out


def _public_house(state: Any) -> SeatView:
    """What nobody seated sees of a house game's hand, built field by field: the public
    numbers (read from a seat's view, as :func:`public_view` reads them), the public events,
    the hands shown to all (the dealer's from its public ``reveal``, the played hands from
    their public ``show``); no seat's own field."""
    seat: SeatView = state.view(0)
    events = _public_events(state.events)
    shown = _public_shown(events)
    for e in events:
        if e.kind == "reveal" and e.visible_to is None and e.seat is None and e.cards:
            shown[house.DEALER] = tuple(card_from_id(c) for c in e.cards)
    return SeatView(seat=-1, dealer=seat.dealer, stacks=seat.stacks, pot=seat.pot, pots=(),
                    stake=0, status=seat.status, looked=seat.looked, to_act=seat.to_act,
                    phase=seat.phase, own_cards=None, shown=shown, stub_card=None,
                    events=events, legal=())


def _public_events(events: Sequence[Event]) -> tuple[Event, ...]:
    """The log as somebody who holds no seat sees it (cards of private events removed)."""
    return tuple(e if e.visible_to is None else e.redacted(-1) for e in events)


def _public_shown(events: Sequence[Event]) -> dict[int, tuple[Card, ...]]:
    """The hands shown to everybody: the cards of public events that name a seat."""
    shown: dict[int, tuple[Card, ...]] = {}
    for e in events:
        if e.visible_to is None and e.cards and e.seat is not None and \
                e.kind in ("reveal", "show", "see", "accept", "qualify_fail", "keep"):
            shown[e.seat] = tuple(card_from_id(c) for c in e.cards)
    return shown


def public_view(table: Table, finished: bool = False) -> dict[str, JSON]:
    """What a spectator may see of the deal in progress (docs/protocol.md, "Public view"):
    the public numbers, the log with every private card removed, the hands shown to all."""
    state, live = _state(table, finished)
    if state is None:
        return no_deal(None)
    view: SeatView = state.view(0)  # only its public numbers are read (see _common)
    out = _common(table, _fields(view), live)
    events = _public_events(state.events)
    if not _served(table):  # a game against the house: the public view's own fields
        public = _public_house(state)
        out.update({"live": live, "seat": None, "events": _texts(public.events), "notes": [],
                    "legal": []})
        _house_fields(table, public, out)
        out["last_deal"] = _last_deal(table, None) if live else None
        return out
    out["live"] = live
    out["seat"] = None
    shown = _public_shown(events)
    out["shown"] = {f"p{s + 1}": _cards(h) for s, h in sorted(shown.items())}
    out["shown_names"] = {f"p{s + 1}": hand_name(table, h) for s, h in sorted(shown.items())}
    out["events"] = _texts(events)
    out["notes"] = list(explain_lines(state.rules, events, None))
    out["legal"] = []
    if _choosing(table, finished):
        _choice(table, out)
    out["last_deal"] = _last_deal(table, None) if live else None
    return out


def public_item(seq: int, kind: str, payload: dict[str, JSON]) -> dict[str, JSON] | None:
    """The public form of a chat, seat, host or close log entry (None for what stays
    server-side: tokens, invites, packs, buy-ins asked for).

    >>> public_item(7, "seat", {"op": "sit", "seat": 1, "name": "Ann", "token": "x"})
    {'seq': 7, 'kind': 'seat', 'op': 'sit', 'seat': 1, 'name': 'Ann'}
    >>> public_item(8, "deal", {"pack": [1, 2]}) is None
    True
    """
    if kind == "chat":
        return {"seq": seq, "kind": "chat", "from": payload.get("from"),
                "name": payload.get("name"), "text": payload.get("text")}
    if kind in ("seat", "host", "close"):
        op = payload.get("op")
        if op == "create":
            return None
        item: dict[str, JSON] = {"seq": seq, "kind": kind, "op": op}
        for key in ("seat", "name", "bot", "amount", "paused", "reason"):
            if key in payload:
                item[key] = payload[key]
        return item
    return None
