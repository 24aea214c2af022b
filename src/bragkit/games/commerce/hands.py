"""Comparing Commerce hands: three cards under ``commerce_ranking``, or a pounced four of a
kind (rules 3.9, 4.10, 4.11).

>>> from bragkit.rules import get_preset
>>> r = get_preset("commerce")
>>> hand_key(r, (0, 1, 2, 3)) > hand_key(r, (48, 49, 50)), hand_category(r, (0, 1, 2))
(True, 'tricon')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bragkit.hands import Ranking, get_ranking

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["hand_category", "hand_key", "ranker"]

Ranker = Callable[[tuple[int, ...]], int]
"""A dense strength of a three-card hand of card ids (higher is better)."""

_RANKERS: dict[str, tuple[Ranker, Ranking]] = {}


def ranker(rules: Rules) -> tuple[Ranker, Ranking]:
    """The (cached) fast ranker of three card ids under ``rules.commerce_ranking``, and the
    ranking itself.

    >>> from bragkit.rules import get_preset
    >>> rank3, ranking = ranker(get_preset("commerce"))
    >>> ranking.category_of_rank(rank3((0, 1, 2)))
    'tricon'
    """
    found = _RANKERS.get(rules.commerce_ranking)
    if found is None:
        ranking = get_ranking("commerce", commerce_ranking=rules.commerce_ranking)
        rank3: Ranker = ranking.ids_ranker()
        found = (rank3, ranking)
        _RANKERS[rules.commerce_ranking] = found
    return found


def hand_key(rules: Rules, hand: tuple[int, ...]) -> tuple[int, int]:
    """A comparable strength of a Commerce hand: three cards, or a pounced four of a kind.

    A four-card hand (Pounce, 3.9) beats every three-card hand.

    >>> from bragkit.rules import get_preset
    >>> r = get_preset("commerce")
    >>> hand_key(r, (0, 1, 2, 3)) > hand_key(r, (48, 49, 50))   # four 2s beat three aces
    True
    """
    if len(hand) == 4:
        return (1, hand[0] // 4)
    return (0, ranker(rules)[0](hand))


def hand_category(rules: Rules, hand: tuple[int, ...]) -> str:
    """The category name of a hand (``tricon``, ``sequence``, ..., or ``pounce``).

    >>> from bragkit.rules import get_preset
    >>> hand_category(get_preset("commerce"), (0, 1, 2))
    'tricon'
    """
    if len(hand) == 4:
        return "pounce"
    rank3, ranking = ranker(rules)
    return ranking.category_of_rank(rank3(hand))
