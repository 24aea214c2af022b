"""Card-room tables played against the house (a game with its own rules value whose dealer is
the house, not a seat: casino 3 Card Brag): their hand history in the game's own format, one
seat's account of it, and what a seat's frame adds to the generic view (the dealer's hand,
each seat's result against it).  Everything here reads the engine's public table contract
(the game's registered table, its seat views), never a game's module.
"""

from __future__ import annotations

import pkgutil
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from bragkit.cards import Card, parse_cards
from bragkit.engine.contract import SeatView
from bragkit.engine.pack import pack_text
from bragkit.engine.serial import history_dict
from bragkit.engine.table import DealRecord, Table, check_seating, open_table, table_class
from bragkit.errors import HistoryError
from bragkit.games import spec_of
from bragkit.history import AnyHistory, from_dict
from bragkit.rules import Rules
from bragkit.server.options import TableRules
from bragkit.server.store.base import JSON

__all__ = ["DEALER", "check_seats", "house_history", "house_view", "open_engine",
           "rules_spec", "seat_account"]

DEALER = -1
"""The seat number of the house in a house game's views (``shown``): no seat."""


class _Final(Protocol):
    """What a finished hand of a house game offers here (the state contract's part)."""

    @property
    def is_over(self) -> bool: ...

    def view(self, seat: int) -> SeatView: ...

    def returns(self) -> tuple[int, ...]: ...


def _cards(hand: Sequence[Card] | None) -> str | None:
    return None if not hand else " ".join(str(c) for c in hand)


def label(seat: int) -> str:
    """``p1``... for a seat, ``dealer`` for the house.

    >>> label(0), label(DEALER)
    ('p1', 'dealer')
    """
    return "dealer" if seat == DEALER else f"p{seat + 1}"


def check_seats(rules: TableRules, stacks: Sequence[int], rng: random.Random) -> None:
    """Refuse seats a table of ``rules`` cannot play (one-line RulesError): a table game's
    by :func:`~bragkit.engine.table.check_seating`, a house game's by the seating check its
    spec declares (``GameSpec.seating``; else by opening its table).

    >>> from bragkit.games import game_rules, spec_of
    >>> check_seats(game_rules(spec_of("casino"), "casino"), [10, -1], random.Random(1))
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: a casino table of several players seats 2..7 with ...
    """
    if isinstance(rules, Rules):
        check_seating(rules, stacks, None, rng)
        return
    seating = spec_of(rules.game).seating
    if seating:
        check: Callable[[object, Sequence[int]], None] = pkgutil.resolve_name(seating)
        check(rules, list(stacks))
    else:
        table_class(rules.game)(rules, list(stacks), None, rng=rng)


def open_engine(rules: TableRules, stacks: Sequence[int], dealer: int | None,
                rng: random.Random, pack: Sequence[int] | None,
                shuffles: Sequence[Sequence[int]]) -> Table:
    """The engine's table of ``rules`` (a house game's: its registered table, on the same
    contract); chance from ``rng`` after the given ``pack`` and ``shuffles``."""
    if isinstance(rules, Rules):
        return open_table(rules, stacks, dealer, rng=rng, pack=pack, shuffles=shuffles)
    return table_class(rules.game)(rules, list(stacks), dealer, rng=rng, pack=pack,
                                   shuffles=shuffles)


def rules_spec(preset: str, keys: Mapping[str, JSON]) -> str | dict[str, JSON]:
    """A house game's rules as its table's record has them: the preset's name, or
    ``{"preset": ..., keys}`` with its house rules.

    >>> rules_spec("casino", {}), rules_spec("casino", {"casino_tie": "dealer"})
    ('casino', {'preset': 'casino', 'casino_tie': 'dealer'})
    """
    return {"preset": preset, **keys} if keys else preset


def house_history(rules_spec: str | dict[str, JSON], stacks: Sequence[int],
                  packs: Sequence[Sequence[int]], deals: Sequence[Sequence[str]]
                  ) -> AnyHistory:
    """The history of a house game's finished hands in its own format (validated by its
    spec's loader: :func:`bragkit.history.from_dict`), packs written whole, top first."""
    return from_dict(history_dict(rules_spec, stacks, None, None,
                                  pack_text(list(packs[0])) if packs else None,
                                  tuple(pack_text(list(p)) for p in packs[1:]), deals))


def _hand(final: _Final, seat: int, number: int) -> dict[str, Any]:
    view = final.view(seat)
    return {
        "number": number + 1, "dealer": "house", "seat": label(seat),
        "own": _cards(view.own_cards),
        "shown": {label(s): _cards(c) for s, c in sorted(view.shown.items())},
        "events": [f"{e} (hidden)" if e.cards is None and e.visible_to is not None
                   else str(e) for e in view.events],
        "net": {label(s): r for s, r in enumerate(final.returns())},
        "finished": final.is_over}


def seat_account(history: AnyHistory, seat: int) -> dict[str, Any]:
    """The hands of a house game's ``history`` as ``seat`` was allowed to see them
    (replayed through the game's table, each from ``final.view(seat)``): its own cards, the
    hands shown to it, the events as it saw them (hidden cards marked), each seat's net."""
    stacks, deals = history.stacks, history.deals
    if not 0 <= seat < len(stacks):
        raise HistoryError(f"p{seat + 1}: the table has seats p1..p{len(stacks)}")
    packs = [tuple(c.id for c in parse_cards(p)) for p in (history.pack, *history.shuffles)
             if p]
    hands: list[dict[str, Any]] = []

    def ended(record: DealRecord, final: _Final) -> None:
        hands.append(_hand(final, seat, record.number))

    table = table_class(history.rules.game)(history.rules, list(stacks), None,
                                    pack=packs[0] if packs else None, shuffles=packs[1:],
                                    keep_records=0, on_record=ended)
    for deal in deals:
        for text in deal:
            table.apply_text(text)
    return {"seat": label(seat), "stacks": list(table.stacks), "deals": hands}


def house_view(view: SeatView, out: dict[str, JSON], names: dict[int, str | None]) -> None:
    """What a house game's frame adds to the generic view ``out`` of ``view``: the dealer
    named as the house (``dealer``), ``dealer_cards`` once shown, and each seat's result
    against the house (``results``: the ``award`` events, public once settled); ``names``:
    the hands shown named (the house's under :data:`DEALER`)."""
    out["dealer"] = "house"
    out["shown"] = {label(s): _cards(c) for s, c in sorted(view.shown.items())}
    out["shown_names"] = {label(s): names.get(s) for s in sorted(view.shown)}
    out["dealer_cards"] = _cards(view.shown.get(DEALER))
    out["results"] = {label(e.seat): {"net": e.amount, "outcome": e.note}
                      for e in view.events
                      if e.kind == "award" and e.seat is not None and e.visible_to is None}
