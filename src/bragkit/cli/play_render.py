"""What the ``brag play`` table reads from a deal's event log: the log lines, each seat's
chips paid and last action in this deal, the size of the pot won, and why a deal needed no
decision of yours.

Everything here reads a seat's *view* of the log (events already redacted for that seat), so
nothing shown is a card the seat may not see.

>>> from bragkit.engine.events import Event
>>> log = (Event("ante", 0, 1), Event("ante", 1, 1), Event("bet", 0, 2, note="blind"),
...        Event("look", 1, cards=(51, 47, 43)), Event("fold", 1))
>>> paid_this_deal(log, 2), last_actions(log, 2, symbols=False)
([3, 1], ['bet 2 (blind)', 'look, fold'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bragkit.cards import Card, card_from_id
from bragkit.cli.cardtext import cards_markup, markup_text
from bragkit.engine.events import Event

__all__ = ["PAID_KINDS", "deal_pot", "event_markup", "last_actions", "last_own_cards",
           "no_turn_reason", "paid_this_deal"]

PAID_KINDS: Final = frozenset({"ante", "blind", "bet", "see", "cover", "call", "raise",
                               "sideshow", "pay", "settle", "draw", "horse", "penalty"})
"""Events whose amount leaves the acting seat's stack (into a pot or to another player;
a Commerce trade's price is its ``pay`` event)."""

_NOT_ACTIONS: Final = frozenset({"deal_start", "deal_end", "deal", "ante", "blind", "award",
                                 "reveal", "pay", "settle", "stub", "carry", "life", "out",
                                 "sweep", "widow", "penalty", "return", "qualify_fail",
                                 "draw"})
"""Events that are not a decision of the seat (dealing, paying out, settling)."""


def event_markup(e: Event, *, symbols: bool = True) -> str:
    """One log event without its seat, as rich markup with coloured cards.

    >>> event_markup(Event("see", 1, 6, cards=(51,)), symbols=False)
    'see 6 [black on white]As[/]'
    """
    parts = [e.kind]
    if e.amount is not None:
        parts.append(str(e.amount))
    if e.cards is not None:
        parts.append(cards_markup((card_from_id(c) for c in e.cards), symbols=symbols))
    if e.note:
        parts.append(markup_text(f"({e.note})", symbols=symbols))
    return " ".join(parts)


def paid_this_deal(events: Sequence[Event], n: int) -> list[int]:
    """Chips each of ``n`` seats has paid so far in this deal (antes, bets, sees, trades)."""
    paid = [0] * n
    for e in events:
        if e.kind in PAID_KINDS and e.amount and e.seat is not None and 0 <= e.seat < n:
            paid[e.seat] += e.amount
    return paid


def last_actions(events: Sequence[Event], n: int, *, symbols: bool = True) -> list[str]:
    """Each seat's latest turn in this deal as markup (``"trade 1, pass"``; ``""`` for none
    yet), with its cards only where they were public (a widow exchange), not a look's.

    >>> last_actions((Event("look", 0), Event("bet", 0, 2), Event("fold", 1),
    ...               Event("see", 0, 4)), 2, symbols=False)
    ['see 4', 'fold']
    """
    last: list[list[str]] = [[] for _ in range(n)]
    actor: int | None = None
    for e in events:
        if e.kind not in _NOT_ACTIONS and e.seat is not None and 0 <= e.seat < n:
            if e.seat != actor:  # a new turn: its actions replace the seat's last ones
                last[e.seat] = []
                actor = e.seat
            public = e.visible_to is None and e.kind != "look"  # e.g. a widow exchange
            last[e.seat].append(event_markup(e if public else e._replace(cards=None),
                                             symbols=symbols))
    return [", ".join(turn) for turn in last]


def last_own_cards(events: Sequence[Event], seat: int) -> tuple[Card, ...] | None:
    """The cards ``seat`` last saw of its own hand (its latest ``look``), or None: a folded
    hand is still shown to its owner at the end of the deal.

    >>> last_own_cards((Event("look", 0, cards=(51, 47, 43)), Event("fold", 0)), 0)
    (As, Ks, Qs)
    """
    cards: tuple[Card, ...] | None = None
    for e in events:
        if e.seat == seat and e.kind == "look" and e.cards:
            cards = tuple(card_from_id(c) for c in e.cards)
    return cards


def deal_pot(events: Sequence[Event]) -> int:
    """The largest single award of the deal (the pot, or the biggest of Three-Stake's pools).

    >>> deal_pot((Event("award", 0, 4), Event("award", 1, 9)))
    9
    """
    return max((e.amount or 0 for e in events if e.kind == "award"), default=0)


def no_turn_reason(rules: Any, events: Sequence[Event], human: int, dealer: int,
                   names: Sequence[str]) -> str:
    """Why a deal ended without a decision of ``human``'s (Commerce: someone stood first;
    Three-Stake: everybody passed to the dealer; everyone else folded).

    >>> from bragkit.rules import get_preset
    >>> no_turn_reason(get_preset("commerce"), (Event("trade", 1, 1), Event("stand", 1)),
    ...                0, 0, ["you", "random"])
    'p2 (random) stood before your turn: in Commerce a stand ends the trading at once and \
every hand is shown (rules 4.10), so you had no decision this deal'
    """
    game = getattr(rules, "game", "")
    if game in ("commerce", "commerce-widow"):
        for e in events:
            if e.kind == "stand" and e.seat is not None and e.seat != human:
                who = f"p{e.seat + 1} ({names[e.seat]})"
                if game == "commerce":
                    return (f"{who} stood before your turn: in Commerce a stand ends the "
                            "trading at once and every hand is shown (rules 4.10), so "
                            "you had no decision this deal")
                return (f"{who} stood before your turn and the exchanging ended "
                        "(rules 4.11), so you had no decision this deal")
    if game == "three-stake" and human == dealer:
        bets = [e for e in events if e.kind in ("bet", "raise", "call")]
        if not bets:
            return ("everybody passed out of the brag pool (P2) before your turn: with no "
                    "bet the dealer, you, takes it (rules 4.2), and P1 and P3 are "
                    "decided by the cards alone, so you had no decision this deal")
    folded = {e.seat for e in events if e.kind == "fold"}
    others = [s for s in range(len(names)) if s != human]
    if others and all(s in folded for s in others):
        return "every other player folded before your turn, so you had no decision this deal"
    return "this deal ended before your turn, so you had no decision"
