"""Four- and Five-Card Brag: keep the best three cards, compare discards (rules 3.3).

The comparison is the three-card strength first (for wild rankings it already
ends with the fewer-wilds tie-break), then the discards: one discard by rank;
two by ``discard_compare``: ``"lex_high"`` (sorted high to low, compared rank by
rank) or ``"pair_first"`` (a pair of discards beats two odd cards, then
``lex_high``).  A discarded joker counts below a two.

>>> from bragkit.hands import get_ranking
>>> m = get_ranking("modern")
>>> x, y = m.evaluate("4s 9h 9d Kc"), m.evaluate("9s 9c Kd 7h")
>>> y > x, y.discarded
(True, (7h,))
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from bragkit.cards import Card

if TYPE_CHECKING:
    from bragkit.hands.core import Ranking, Strength

__all__ = ["best_of", "discard_key"]


def discard_key(discards: tuple[Card, ...], mode: str = "lex_high") -> tuple[int, ...]:
    """The comparable key of a set of discards.

    >>> from bragkit.cards import parse_cards
    >>> discard_key(parse_cards("3c Qd")), discard_key(parse_cards("5c 5d"), "pair_first")
    ((12, 3), (1, 5, 5))
    """
    values = tuple(sorted((c.rank_value for c in discards), reverse=True))
    if mode == "pair_first":
        paired = 1 if len(values) == 2 and values[0] == values[1] else 0
        return (paired, *values)
    return values


def best_of(ranking: Ranking, hand: tuple[Card, ...]) -> Strength:
    """The best three of four or five cards, with the discards as tie-break."""
    from bragkit.hands.core import Strength

    mode = str(ranking.options.get("discard_compare", "lex_high"))
    best: Strength | None = None
    best_key: tuple[int, ...] = ()
    for kept in itertools.combinations(hand, 3):
        three = ranking.evaluate(kept)
        discards = tuple(c for c in hand if c not in kept)
        key = (three.key[0], *discard_key(discards, mode))
        if best is None or key > best_key:
            ordered_discards = tuple(sorted(discards, key=lambda c: (-c.rank_value, -c.id)))
            best = Strength(ranking, key, three.category, three.description, three.kept,
                            ordered_discards, three.wilds)
            best_key = key
    assert best is not None
    return best
