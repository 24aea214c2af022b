"""Commerce hands (R-COMMERCE, rules 3.9): Peel's ranking and Hoyle's older one.

Pip values: ace 11, king, queen and jack 10, other cards their face value.

``commerce_ranking="peel"`` (default; W. H. Peel, *Round Games with Cards*), best first:

* ``tricon``: three of a rank, aces highest;
* ``sequence``: three consecutive cards *of one suit*, compared by the top card;
  the ace is high (Q-K-A, the best) or low (A-2-3, the lowest) but never between
  (K-A-2 is no sequence);
* ``flush``: one suit, not in sequence, compared by point (pip total), then by
  the cards high to low;
* ``pair``: the rank of the pair, then the third card;
* ``point``: anything else (an unsuited run too), compared by pip total, then
  "the first highest card different from the opponent's" (ranks high to low).

``commerce_ranking="hoyle18"`` (*Hoyle's Games*, early 19th century), best first:
``tricon``, ``sequence`` (as above), ``point``, where the point is the best pip
total of the cards of any one suit; a three-card point beats a two-card point of
the same total.  When all three suits differ the point is the best single card
(a one-card point, below a two-card point of the same total).  Pairs and
flushes have no value of their own.  Equal points are equal strengths.

Exact ties are equal strengths; the games give them to the eldest hand.

>>> from bragkit.hands import get_ranking
>>> c = get_ranking("commerce")
>>> [c.evaluate(h).description for h in ("2s 2h 2d", "Qh Kh Ah", "Kc Ac 2c", "As Kd 5c")]
['Tricon of twos', 'Sequence A-K-Q', 'Flush of clubs, point 23', 'Point 26']
>>> c.evaluate("Ks Qs 9s") > c.evaluate("Ah 5h 3h")
True
>>> h = get_ranking("commerce", commerce_ranking="hoyle18")
>>> h.evaluate("Ah Kh 5c").description
'Point 21 (A♥ K♥)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bragkit.cards import Card, Rank, Suit, rank_text
from bragkit.hands.core import Analysis, Ranking
from bragkit.hands.counts import pip_value

__all__ = ["HOYLE_CATEGORIES", "PEEL_CATEGORIES", "CommerceRanking"]

PEEL_CATEGORIES: Final = ("tricon", "sequence", "flush", "pair", "point")
HOYLE_CATEGORIES: Final = ("tricon", "sequence", "point")


def _high_first(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: (-c.rank_value, -c.id)))


def sequence_top(cards: Sequence[Card]) -> int:
    """The top card of a Commerce sequence (3 for A-2-3), or 0 when not a sequence.

    >>> from bragkit.cards import parse_cards
    >>> [sequence_top(parse_cards(h)) for h in ("Qh Kh Ah", "Ah 2h 3h", "Kc Ac 2c", "4s 5h 6d")]
    [14, 3, 0, 0]
    """
    if len({c.suit for c in cards}) != 1:
        return 0
    ranks = sorted(c.rank_value for c in cards)
    if ranks == [2, 3, 14]:
        return 3
    if len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1:
        return ranks[-1]
    return 0


class CommerceRanking(Ranking):
    """R-COMMERCE: Peel's five categories or Hoyle's three (see the module docs).

    >>> from bragkit.hands import get_ranking
    >>> c = get_ranking("commerce")
    >>> c.evaluate("Kh 7d 5c") > c.evaluate("Ts 8d 4c")     # 22 each: K beats 10
    True
    >>> c.evaluate("4s 5h 6d") < c.evaluate("9s 9h 2c")     # an unsuited run is just point
    True
    >>> c.categories
    ('tricon', 'sequence', 'flush', 'pair', 'point')
    """

    name = "commerce"
    hand_sizes = (3,)

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        super().__init__(options, pack)
        self.commerce_ranking: Final = str(options.get("commerce_ranking", "peel"))
        self._peel = self.commerce_ranking == "peel"
        self.categories = PEEL_CATEGORIES if self._peel else HOYLE_CATEGORIES

    def _common(self, cards: Sequence[Card]) -> Analysis | None:
        """Tricon or sequence, the same in both rankings; None for anything else."""
        ordered = _high_first(cards)
        top = len(self.categories) - 1
        if ordered[0].rank_value == ordered[2].rank_value:
            rank = Rank(ordered[0].rank_value)
            return Analysis((top, rank), "tricon", f"Tricon of {rank.plural}", ordered)
        high = sequence_top(cards)
        if high:
            if high == 3:
                ordered = (ordered[0], ordered[2], ordered[1])
            shown = "-".join(rank_text(c.rank_value) for c in ordered)
            return Analysis((top - 1, high), "sequence", f"Sequence {shown}", ordered)
        return None

    def _peel_analysis(self, cards: Sequence[Card]) -> Analysis:
        ordered = _high_first(cards)
        ranks = tuple(c.rank_value for c in ordered)
        point = sum(pip_value(c) for c in cards)
        if len({c.suit for c in cards}) == 1:
            suit = Suit(int(ordered[0].suit or 0)).name.lower()
            return Analysis((2, point, *ranks), "flush", f"Flush of {suit}, point {point}",
                            ordered)
        if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
            pair = ranks[1]
            kicker = ordered[2] if ranks[0] == ranks[1] else ordered[0]
            kept = (*(c for c in ordered if c is not kicker), kicker)
            description = (f"Pair of {Rank(pair).plural}, "
                           f"{Rank(kicker.rank_value).label} kicker")
            return Analysis((1, pair, kicker.rank_value), "pair", description, kept)
        return Analysis((0, point, *ranks), "point", f"Point {point}", ordered)

    def _hoyle_analysis(self, cards: Sequence[Card]) -> Analysis:
        best: tuple[int, int] = (0, 0)
        best_cards: tuple[Card, ...] = ()
        for suit in {c.suit for c in cards}:
            group = _high_first([c for c in cards if c.suit == suit])
            value = (sum(pip_value(c) for c in group), len(group))
            if value > best or (value == best and group[0].id > best_cards[0].id):
                best, best_cards = value, group
        rest = _high_first([c for c in cards if c not in best_cards])
        shown = " ".join(c.pretty for c in best_cards)
        return Analysis((0, *best), "point", f"Point {best[0]} ({shown})",
                        (*best_cards, *rest))

    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Classify three cards (see :class:`bragkit.hands.core.Analysis`).

        >>> from bragkit.hands import get_ranking
        >>> get_ranking("commerce").evaluate("9s 9h 2c").description
        'Pair of nines, two kicker'
        """
        common = self._common(cards)
        if common is not None:
            return common
        return self._peel_analysis(cards) if self._peel else self._hoyle_analysis(cards)
