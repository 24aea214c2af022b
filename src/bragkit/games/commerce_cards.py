"""Card arguments of the Commerce actions (``trade 9s``, ``exchange 9s 8d Kh Qh``).

>>> card_args((51, 0)), arg_cards("As 2c")
(('As', '2c'), [51, 0])
"""

from __future__ import annotations

import itertools

from bragkit.engine.commerce_state import CARD_ID, CARD_TEXT

__all__ = ["arg_cards", "card_args", "exchange_args"]


def exchange_args(hand: tuple[int, ...], widow: tuple[int, ...],
                  sizes: tuple[int, ...]) -> tuple[str, ...]:
    """Every ``exchange`` argument: k of one's cards, then k widow cards, for k in ``sizes``.

    >>> exchange_args((0, 1, 2), (48, 49, 50), (1,))[:2]
    ('2c Ac', '2c Ad')
    >>> len(exchange_args((0, 1, 2), (48, 49, 50), (1, 2, 3)))
    19
    """
    out: list[str] = []
    for k in sizes:
        mine = [" ".join(CARD_TEXT[c] for c in combo) for combo in itertools.combinations(hand, k)]
        theirs = [" ".join(CARD_TEXT[c] for c in combo)
                  for combo in itertools.combinations(widow, k)]
        out.extend(f"{a} {b}" for a in mine for b in theirs)
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
