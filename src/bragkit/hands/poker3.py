"""Three Card Poker ranking (rules 3.10, the ``three-card-poker`` casino preset).

Categories, best first: straight flush, three of a kind, straight, flush,
pair, high card.  The ace is high, except in A-2-3, the lowest straight;
A-K-Q is the highest straight and K-A-2 is not a straight.  Suits never
break ties.  Unlike R-MODERN, a straight beats a flush and a straight flush
beats three of a kind.

>>> from bragkit.hands import get_ranking
>>> p = get_ranking("three-card-poker")
>>> [p.evaluate(h).description for h in ("Ah 2h 3h", "As Ks Qs", "7c 7d 7h", "9s Ts Jd")]
['Straight flush 3-2-A', 'Straight flush A-K-Q', 'Three sevens', 'Straight J-10-9']
>>> p.evaluate("Ah 2h 3h") < p.evaluate("4c 3c 2c")
True
>>> p.evaluate("7c 7d 7h") > p.evaluate("4c 3c 2c")
False
>>> p.class_count
741
"""

from __future__ import annotations

from typing import Final

from bragkit.cards import Card, Rank, rank_text
from bragkit.hands.core import Analysis, Ranking

__all__ = ["POKER3_CATEGORIES", "ThreeCardPokerRanking"]

POKER3_CATEGORIES: Final = (
    "straight_flush", "three_of_a_kind", "straight", "flush", "pair", "high_card",
)
"""Category names of the Three Card Poker ranking, best first."""

_LEVEL: Final = {name: 5 - i for i, name in enumerate(POKER3_CATEGORIES)}
_LABELS: Final = {
    "straight_flush": "Straight flush", "straight": "Straight", "flush": "Flush",
    "high_card": "High card",
}


class ThreeCardPokerRanking(Ranking):
    """Poker order of three-card hands (see the module documentation)."""

    name = "three-card-poker"
    categories = POKER3_CATEGORIES
    hand_sizes = (3,)

    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Classify three cards.

        >>> from bragkit.cards import parse_cards
        >>> from bragkit.hands import get_ranking
        >>> a, b, c = parse_cards("Qd Qs 4h")
        >>> info = get_ranking("three-card-poker").analyse((a, b, c))
        >>> info.category, info.description, info.key
        ('pair', 'Pair of queens, four kicker', (1, 12, 4, 0))
        """
        ordered = tuple(sorted(cards, key=lambda card: (-card.rank_value, -card.id)))
        r0, r1, r2 = (card.rank_value for card in ordered)
        flush = ordered[0].suit == ordered[1].suit == ordered[2].suit
        if r0 == r2:
            plural = Rank(r0).plural
            return Analysis((_LEVEL["three_of_a_kind"], r0, 0, 0), "three_of_a_kind",
                            f"Three {plural}", ordered)
        if r0 == r1 or r1 == r2:
            pair, kicker = (r0, r2) if r0 == r1 else (r1, r0)
            kept = tuple(sorted(ordered, key=lambda card: card.rank_value != pair))
            return Analysis((_LEVEL["pair"], pair, kicker, 0), "pair",
                            f"Pair of {Rank(pair).plural}, {Rank(kicker).label} kicker", kept)
        top = 0
        if r0 - r2 == 2:
            top = r0
        elif (r0, r1, r2) == (14, 3, 2):
            top = 3
            ordered = (ordered[1], ordered[2], ordered[0])
        if top:
            category = "straight_flush" if flush else "straight"
        else:
            category = "flush" if flush else "high_card"
        shown = "-".join(rank_text(card.rank_value) for card in ordered)
        key = (_LEVEL[category], top, 0, 0) if top else (_LEVEL[category], r0, r1, r2)
        return Analysis(key, category, f"{_LABELS[category]} {shown}", ordered)
