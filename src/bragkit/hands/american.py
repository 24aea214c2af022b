"""American Brag: eight equal braggers, every jack and every nine (R-AMERICAN, rules 3.5).

As in English Brag only pairs and triplets count (categories ``triplet``,
``pair``, ``high_card``), but a bragger here is any jack or nine, all braggers
are equal, and hands made with braggers **outrank** natural ones: three jacks
beat three aces, two braggers and an ace beat two aces and a bragger, and any
three braggers are "three aces with three braggers", an invincible hand (all
such hands tie).  A jack or nine is always used as a bragger, since that is
always at least as good as using it as itself.

``american_order`` chooses how the number of braggers weighs against rank:

* ``"rank_first"`` (default): category, rank of the triplet or pair, then more
  braggers, then the kicker (mirrors the English rule that compares rank first);
* ``"braggers_first"``: category, then more braggers, then rank, then the kicker
  (the literal reading of "pairs or triplets formed with the aid of braggers
  outrank naturals").

>>> from bragkit.hands import get_ranking
>>> am = get_ranking("american")
>>> am.evaluate("Js Jh Jd") > am.evaluate("As Ah Ac")
True
>>> am.evaluate("Js Jh Jd") == am.evaluate("9s 9h 9c")
True
>>> s = am.evaluate("Js 9h Ac")
>>> s.description, s.kept, s.wilds
('Triplet of aces with two braggers (J♠, 9♥)', (Ac, Js, 9h), ((Js, As), (9h, Ah)))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bragkit.cards import Card, Rank, rank_text
from bragkit.hands.core import Analysis, Ranking
from bragkit.hands.foster import CATEGORY_NAMES, stand_in

__all__ = ["AMERICAN_BRAGGER_RANKS", "AmericanRanking", "is_american_bragger"]

TRIPLET, PAIR, HIGH_CARD = 2, 1, 0
AMERICAN_BRAGGER_RANKS: Final = frozenset({Rank.JACK, Rank.NINE})
"""Every card of these ranks is a bragger in American Brag."""

_NUMBER_WORDS: Final = ("no", "one", "two", "three")


def is_american_bragger(card: Card) -> bool:
    """True for a jack or a nine.

    >>> is_american_bragger(Card.parse("9c")), is_american_bragger(Card.parse("Ts"))
    (True, False)
    """
    return card.rank in AMERICAN_BRAGGER_RANKS


def _high_first(cards: Sequence[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (-c.rank_value, -c.id))


class AmericanRanking(Ranking):
    """R-AMERICAN: jacks and nines are equal braggers that outrank naturals (module docs).

    >>> from bragkit.hands import get_ranking
    >>> rank_first = get_ranking("american")
    >>> braggers_first = get_ranking("american", american_order="braggers_first")
    >>> rank_first.evaluate("Jc 5d 3h") < rank_first.evaluate("Qs Qh 4c")
    True
    >>> braggers_first.evaluate("Jc 5d 3h") > braggers_first.evaluate("Qs Qh 4c")
    True
    >>> rank_first.evaluate("Jc 5d 3h").description
    'Pair of fives made with a bragger (J♣), three kicker'
    """

    name = "american"
    categories = CATEGORY_NAMES
    hand_sizes = (3,)

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        super().__init__(options, pack)
        self.american_order: Final = str(options.get("american_order", "rank_first"))
        self._rank_first = self.american_order == "rank_first"

    def _reading(self, cards: Sequence[Card]) -> tuple[int, int, list[Card], list[Card],
                                                       Card | None]:
        """(category, rank, naturals in the pair/triplet, braggers, kicker) of three cards."""
        braggers = _high_first([c for c in cards if is_american_bragger(c)])
        plain = _high_first([c for c in cards if not is_american_bragger(c)])
        if len(braggers) == 3:
            return TRIPLET, 14, [], braggers, None
        if len(braggers) == 2:
            return TRIPLET, plain[0].rank_value, plain, braggers, None
        if len(braggers) == 1:
            high, low = plain
            if high.rank_value == low.rank_value:
                return TRIPLET, high.rank_value, plain, braggers, None
            return PAIR, high.rank_value, [high], braggers, low
        a, b, c = plain
        if a.rank_value == c.rank_value:
            return TRIPLET, a.rank_value, plain, [], None
        if a.rank_value == b.rank_value:
            return PAIR, a.rank_value, [a, b], [], c
        if b.rank_value == c.rank_value:
            return PAIR, b.rank_value, [b, c], [], a
        return HIGH_CARD, 0, plain, [], None

    def _key(self, category: int, rank: int, braggers: int, naturals: Sequence[Card],
             kicker: Card | None) -> tuple[int, ...]:
        if category == HIGH_CARD:
            return (HIGH_CARD, *(c.rank_value for c in naturals))
        kick = () if kicker is None else (kicker.rank_value,)
        if self._rank_first:
            return (category, rank, braggers, *kick)
        return (category, braggers, rank, *kick)

    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Classify three cards (see :class:`bragkit.hands.core.Analysis`).

        >>> from bragkit.hands import get_ranking
        >>> get_ranking("american").evaluate("Jd 9s 9h").description
        'Triplet of aces with three braggers (J♦, 9♠, 9♥)'
        """
        category, rank, naturals, braggers, kicker = self._reading(cards)
        key = self._key(category, rank, len(braggers), naturals, kicker)
        name = CATEGORY_NAMES[2 - category]
        if category == HIGH_CARD:
            shown = "-".join(rank_text(c.rank_value) for c in naturals)
            return Analysis(key, name, f"High card {shown}", tuple(naturals))
        taken = {c.id for c in naturals}
        wilds = tuple((b, stand_in(rank, b, taken)) for b in braggers)
        label = "Triplet" if category == TRIPLET else "Pair"
        description = f"{label} of {Rank(rank).plural}"
        if braggers:
            shown = ", ".join(b.pretty for b in braggers)
            n = len(braggers)
            count = "a bragger" if n == 1 else f"{_NUMBER_WORDS[n]} braggers"
            description += (" made" if category == PAIR else "") + f" with {count} ({shown})"
        kept = (*naturals, *braggers)
        if kicker is not None:
            description += f", {Rank(kicker.rank_value).label} kicker"
            kept = (*kept, kicker)
        return Analysis(key, name, description, kept, wilds)

    def classify(self, cards: tuple[Card, Card, Card]) -> tuple[tuple[int, ...], str]:
        """The key and category of three cards (used to build the tables)."""
        category, rank, naturals, braggers, kicker = self._reading(cards)
        return (self._key(category, rank, len(braggers), naturals, kicker),
                CATEGORY_NAMES[2 - category])
