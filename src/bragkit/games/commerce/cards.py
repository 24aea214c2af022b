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
_COMBOS: dict[tuple[tuple[int, ...], int], list[str]] = {}
"""(cards, k) -> the texts of the k-card combinations of ``cards``, in combination order."""
_MAX_COMBOS: Final = 1 << 14


def _combos(cards: tuple[int, ...], k: int) -> list[str]:
    key = (cards, k)
    found = _COMBOS.get(key)
    if found is None:
        text = [CARD_TEXT[c] for c in cards]
        found = text if k == 1 else list(map(_JOIN, itertools.combinations(text, k)))
        if len(_COMBOS) >= _MAX_COMBOS:
            _COMBOS.clear()
        _COMBOS[key] = found
    return found


def exchange_args(hand: tuple[int, ...], widow: tuple[int, ...],
                  sizes: tuple[int, ...]) -> tuple[str, ...]:
    """Every ``exchange`` argument: k of one's cards, then k widow cards, for k in ``sizes``.

    (On the hot path of the widow game: every decision of a Britannica deal offers over a
    hundred of them, so the texts of each hand's and each widow's combinations are kept
    and joined once per pair.)

    >>> exchange_args((0, 1, 2), (48, 49, 50), (1,))[:2]
    ('2c Ac', '2c Ad')
    >>> len(exchange_args((0, 1, 2), (48, 49, 50), (1, 2, 3)))
    19
    """
    out: list[str] = []
    for k in sizes:
        theirs = _combos(widow, k)
        for a in _combos(hand, k):
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
