"""Card arguments of the Commerce actions (``trade 9s``, ``exchange 9s 8d Kh Qh``).

>>> card_args((51, 0)), arg_cards("As 2c")
(('As', '2c'), [51, 0])
"""

from __future__ import annotations

import itertools
from typing import Final

from bragkit.cards import card_from_id

__all__ = ["CARD_ID", "CARD_TEXT", "PAIR_TEXT", "arg_cards", "card_args", "exchange_args",
           "swapped", "without"]

CARD_TEXT: Final = tuple(str(card_from_id(i)) for i in range(52))
"""Card id -> text (``As``)."""
CARD_ID: Final = {t: i for i, t in enumerate(CARD_TEXT)}
"""Card text -> id."""

_JOIN = " ".join
_PAIR: Final = tuple(tuple(f"{a} {b}" for b in CARD_TEXT) for a in CARD_TEXT)
"""``_PAIR[a][b]``: the text of cards ``a`` then ``b`` (``"As Kd"``), for every ordered pair."""
PAIR_TEXT: Final = _PAIR
"""``PAIR_TEXT[a][b]``: the text of cards ``a`` then ``b`` (a one-for-one exchange's argument)."""


def exchange_args(hand: tuple[int, ...], widow: tuple[int, ...],
                  sizes: tuple[int, ...]) -> tuple[str, ...]:
    """Every ``exchange`` argument: k of one's cards, then k widow cards, for k in ``sizes``.

    (On the hot path of the widow game: every decision of a Britannica deal offers over a
    hundred of them, so they are built from the precomputed texts of card pairs.)

    >>> exchange_args((0, 1, 2), (48, 49, 50), (1,))[:2]
    ('2c Ac', '2c Ad')
    >>> args = exchange_args((0, 1, 2), (48, 49, 50), (1, 2, 3))
    >>> len(args), args[3], args[-1]
    (19, '2d Ac', '2c 2d 2h Ac Ad Ah')
    """
    out: list[str] = []
    pair = _PAIR
    for k in sizes:
        if k == 1:
            for h in hand:
                row = pair[h]
                out += [row[w] for w in widow]
            continue
        if k == 2:
            theirs = [pair[a][b] for a, b in itertools.combinations(widow, 2)]
            mine = [pair[a][b] + " " for a, b in itertools.combinations(hand, 2)]
        elif k == 3:
            text = CARD_TEXT
            theirs = [f"{pair[a][b]} {text[c]}" for a, b, c in itertools.combinations(widow, 3)]
            mine = [f"{pair[a][b]} {text[c]} " for a, b, c in itertools.combinations(hand, 3)]
        else:
            theirs = [_JOIN(CARD_TEXT[c] for c in combo)
                      for combo in itertools.combinations(widow, k)]
            mine = [_JOIN(CARD_TEXT[c] for c in combo) + " "
                    for combo in itertools.combinations(hand, k)]
        for head in mine:
            out += [head + b for b in theirs]
    return tuple(out)


def card_args(cards: tuple[int, ...]) -> tuple[str, ...]:
    """The card arguments of ``trade``/``barter``/``accept``.

    >>> card_args((51, 0))
    ('As', '2c')
    """
    text = CARD_TEXT
    if len(cards) == 3:  # a hand (the hot path: every trading decision)
        a, b, c = cards
        return (text[a], text[b], text[c])
    return tuple([text[c] for c in cards])


def arg_cards(arg: str | None) -> list[int]:
    """The card ids of a (canonical) action argument.

    >>> arg_cards("As 2c")
    [51, 0]
    """
    return [] if arg is None else list(map(CARD_ID.__getitem__, arg.split()))


def swapped(cards: tuple[int, ...], old: int, new: int) -> tuple[int, ...]:
    """``cards`` with ``old`` replaced by ``new`` in its place (a barter's exchange).

    (A function of its own: a generator expression in the action's code would make its
    variables cells, created at every action.)

    >>> swapped((4, 9, 13), 9, 50)
    (4, 50, 13)
    """
    return tuple([new if c == old else c for c in cards])


def without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` without ``card`` (a card pounced on, out of the widow).

    >>> without((4, 9, 13), 9)
    (4, 13)
    """
    return tuple([c for c in cards if c != card])
