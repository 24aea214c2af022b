"""Card arguments of the Commerce actions (``trade 9s``, ``exchange 9s 8d Kh Qh``).

>>> card_args((51, 0)), arg_cards("As 2c")
(('As', '2c'), [51, 0])
"""

from __future__ import annotations

import itertools
from typing import Final

from bragkit.cards import card_from_id

__all__ = ["CARD_ID", "CARD_TEXT", "arg_cards", "card_args", "exchange_args"]

CARD_TEXT: Final = tuple(str(card_from_id(i)) for i in range(52))
"""Card id -> text (``As``)."""
CARD_ID: Final = {t: i for i, t in enumerate(CARD_TEXT)}
"""Card text -> id."""

_JOIN = " ".join


def exchange_args(hand: tuple[int, ...], widow: tuple[int, ...],
                  sizes: tuple[int, ...]) -> tuple[str, ...]:
    """Every ``exchange`` argument: k of one's cards, then k widow cards, for k in ``sizes``.

    (On the hot path of the widow game: every decision of a Britannica deal offers over a
    hundred of them, so the texts are joined once per combination, not once per pair.)

    >>> exchange_args((0, 1, 2), (48, 49, 50), (1,))[:2]
    ('2c Ac', '2c Ad')
    >>> len(exchange_args((0, 1, 2), (48, 49, 50), (1, 2, 3)))
    19
    """
    own = [CARD_TEXT[c] for c in hand]
    open_ = [CARD_TEXT[c] for c in widow]
    out: list[str] = []
    for k in sizes:
        if k == 1:
            mine, theirs = own, open_
        else:
            mine = list(map(_JOIN, itertools.combinations(own, k)))
            theirs = list(map(_JOIN, itertools.combinations(open_, k)))
        for a in mine:
            head = a + " "
            out += [head + b for b in theirs]
    return tuple(out)


def card_args(cards: tuple[int, ...]) -> tuple[str, ...]:
    """The card arguments of ``trade``/``barter``/``accept``.

    >>> card_args((51, 0))
    ('As', '2c')
    """
    return tuple(CARD_TEXT[c] for c in cards)


def arg_cards(arg: str | None) -> list[int]:
    """The card ids of a (canonical) action argument.

    >>> arg_cards("As 2c")
    [51, 0]
    """
    return [] if arg is None else [CARD_ID[t] for t in arg.split()]
