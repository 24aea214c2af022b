"""Three-Stake Brag's other pools and counting helpers (rules 3.7, 3.8, 2.1).

* :class:`SingleCardRanking` (``single-card``, R-CARD): the best single face-up
  card of the first pool.  Rank first (ace high, two low); at equal rank the
  bragger (A♦, J♣, 9♦) wins.  Hands are one card.  Categories are the ranks,
  best first (``ace``, ``king``, ... ``two``), so the category order agrees with
  the strength order; the bragger shows in the description.  Two cards of the
  same rank, neither a bragger, are equal strengths: the seat tie-break to the
  eldest hand is a game rule (:func:`best_seat`).
* :class:`ThirtyOneRanking` (``thirty-one``, R-31): the pip total of three or
  more cards (more after drawing), nearest to 31 from below best.  Options
  ``ace_value_31`` (11, default, or 1) and ``over31``:

  * ``"bust"`` (default): a total over 31 is bust; categories ``thirty_one``,
    ``under``, ``bust``.  Bust hands are worse than every other hand; among
    themselves the smaller excess is better, so a game playing
    ``all_bust="least_excess"`` can still pick a winner.  Whether a bust hand
    may win at all is the game's rule (:func:`best_seat` with ``eligible``).
  * ``"distance"``: nothing is bust; the smaller distance from 31 wins, and at
    equal distance the hand under 31 beats the hand over it ("nearest to
    thirty-one" read from below, as Foster counts).  Categories ``thirty_one``,
    ``under``, ``over``; ``under`` and ``over`` interleave in strength.

  Equal totals are equal strengths.  ``evaluate`` keys are comparable across
  hand sizes (the key is the score itself, not a dense ordinal), while
  :meth:`~bragkit.hands.core.Ranking.rank3` and ``rank_batch`` give dense
  ordinals over three-card hands as for every ranking.
* :func:`best_seat`: the winning seat among strengths listed from the eldest
  hand, ties to the seat nearest the eldest.
* :func:`category_counts` and :func:`ordering_digest`: exact counts over every
  three-card hand and a fingerprint of a ranking's complete order.

>>> from bragkit.hands import get_ranking
>>> card = get_ranking("single-card")
>>> best_seat([card.evaluate(c) for c in ("Ks", "Ac", "Ad")])   # C1: the A♦ (third seat)
2
>>> t = get_ranking("thirty-one")
>>> [t.evaluate(h).description for h in ("As Kh Qd", "Ts Th Tc", "As Ad Kc")]
['Thirty-one', 'Total 30', 'Bust: 32']
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Sequence
from typing import Any, Final

from bragkit.cards import Card, CardsLike, Rank, card_from_id, format_cards, parse_cards
from bragkit.errors import CardError
from bragkit.hands.core import Analysis, Ranking, Strength
from bragkit.hands.foster import FOSTER_BRAGGERS

__all__ = [
    "SingleCardRanking",
    "ThirtyOneRanking",
    "best_seat",
    "category_counts",
    "ordering_digest",
    "pip_value",
]


def pip_value(card: Card, ace: int = 11) -> int:
    """The pip value of a card: ace ``ace`` (11 unless agreed 1), court cards 10, others face.

    >>> [pip_value(Card.parse(t)) for t in ("As", "Kd", "Jc", "Th", "7s")]
    [11, 10, 10, 10, 7]
    >>> pip_value(Card.parse("Ad"), ace=1)
    1
    """
    value = card.rank_value
    if value == 14:
        return ace
    return min(value, 10)


def best_seat(strengths: Sequence[Strength | None], *,
              eligible: Callable[[Strength], bool] | None = None) -> int | None:
    """The index of the best strength, listed in seat order from the eldest hand.

    Ties go to the earliest index (the eldest hand, or the player nearest him on
    the left: rules 3.7, 3.8).  ``None`` entries (seats not taking part) and
    strengths failing ``eligible`` are skipped; None when no seat qualifies (for
    example every thirty-one hand bust, when the pool carries).

    >>> from bragkit.hands import get_ranking
    >>> card = get_ranking("single-card")
    >>> best_seat([None, card.evaluate("Kh"), None, card.evaluate("Ks")])   # C3
    1
    >>> t = get_ranking("thirty-one")
    >>> not_bust = lambda s: s.category != "bust"
    >>> best_seat([t.evaluate("As Ad Kc"), t.evaluate("As Ad Ac")], eligible=not_bust) is None
    True
    """
    best: int | None = None
    best_strength: Strength | None = None
    for seat, strength in enumerate(strengths):
        if strength is None or (eligible is not None and not eligible(strength)):
            continue
        if best_strength is None or strength > best_strength:
            best, best_strength = seat, strength
    return best


def category_counts(ranking: Ranking) -> dict[str, int]:
    """How many three-card hands of the ranking's pack fall in each category (best first).

    >>> from bragkit.hands import get_ranking
    >>> category_counts(get_ranking("modern"))["prial"]
    52
    """
    counts = dict.fromkeys(ranking.categories, 0)
    ids = sorted(c.id for c in ranking.pack)
    for a, b, c in itertools.combinations(ids, 3):
        counts[ranking.category_of_rank(ranking.rank3(a, b, c))] += 1
    return counts


def ordering_digest(ranking: Ranking) -> str:
    """SHA-256 of the dense ordinal of every three-card hand, in combination order.

    The text hashed is the ``rank3`` values of ``itertools.combinations`` of the
    sorted pack ids, joined by commas: it pins the complete order of the hands.

    >>> from bragkit.hands import get_ranking
    >>> len(ordering_digest(get_ranking("modern")))
    64
    """
    ids = sorted(c.id for c in ranking.pack)
    text = ",".join(str(ranking.rank3(a, b, c)) for a, b, c in itertools.combinations(ids, 3))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _parse(ranking: Ranking, cards: CardsLike) -> tuple[Card, ...]:
    hand = parse_cards(cards)
    pack_ids = {c.id for c in ranking.pack}
    for card in hand:
        if card.id not in pack_ids:
            raise CardError(f"card {str(card)!r} is not in the pack of {ranking.spec}")
    return hand


_RANKS_HIGH_FIRST: Final = tuple(Rank(r) for r in range(14, 1, -1))


class SingleCardRanking(Ranking):
    """R-CARD: the best single face-up card (see the module docs).

    >>> from bragkit.hands import get_ranking
    >>> card = get_ranking("single-card")
    >>> card.evaluate("Ad") > card.evaluate("Ac") > card.evaluate("Ks")
    True
    >>> card.evaluate("Jc") > card.evaluate("Jh"), card.evaluate("Kh") == card.evaluate("Ks")
    (True, True)
    >>> s = card.evaluate("9d")
    >>> s.category, s.description
    ('nine', 'Nine of diamonds (bragger)')
    """

    name = "single-card"
    categories = tuple(r.label for r in _RANKS_HIGH_FIRST)
    hand_sizes = (1,)

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        super().__init__(options, pack)
        values = sorted({self._value(c) for c in self.pack})
        self._ordinal: Final = {v: i for i, v in enumerate(values)}

    @staticmethod
    def _value(card: Card) -> tuple[int, int]:
        return card.rank_value, 1 if card.id in FOSTER_BRAGGERS else 0

    def rank1(self, card_id: int) -> int:
        """The dense ordinal of one card id (0 = a two; 15 = the A♦).

        >>> from bragkit.hands import get_ranking
        >>> card = get_ranking("single-card")
        >>> card.rank1(49), card.rank1(48), card.rank1(0)
        (15, 14, 0)
        """
        return self._ordinal[self._value(card_from_id(card_id))]

    @property
    def class_count(self) -> int:
        """Number of distinct strengths of one card (16: 13 ranks and 3 braggers)."""
        return len(self._ordinal)

    def category_of_rank(self, rank: int) -> str:
        """The category (rank name) of a dense ordinal.

        >>> from bragkit.hands import get_ranking
        >>> get_ranking("single-card").category_of_rank(15)
        'ace'
        """
        value = next(v for v, i in self._ordinal.items() if i == rank)
        return Rank(value[0]).label

    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Not available: single-card hands are one card (use :meth:`evaluate`)."""
        raise CardError(f"{self.name} ranks hands of one card, not three: use evaluate()")

    def evaluate(self, cards: CardsLike) -> Strength:
        """The strength of one card, given as a card, a text or a one-element sequence."""
        hand = _parse(self, cards)
        if len(hand) != 1:
            raise CardError(f"a {self.name} hand needs 1 card, got {len(hand)} "
                            f"in {format_cards(hand)!r}")
        card = hand[0]
        rank = Rank(card.rank_value)
        assert card.suit is not None
        description = f"{rank.label.capitalize()} of {card.suit.name.lower()}"
        if card.id in FOSTER_BRAGGERS:
            description += " (bragger)"
        return Strength(self, (self._ordinal[self._value(card)],), rank.label, description,
                        (card,))


class ThirtyOneRanking(Ranking):
    """R-31: nearest to thirty-one, three or more cards (see the module docs).

    >>> from bragkit.hands import get_ranking
    >>> t = get_ranking("thirty-one")
    >>> t.evaluate("As Ad 9c") == t.evaluate("As Kh Qd")                 # 31 each
    True
    >>> t.evaluate("Ts Th Tc") > t.evaluate("As Ad Kc")                  # 30 beats bust 32
    True
    >>> t.evaluate("2s 4h 3d 9c Ks 3c").description                      # after drawing
    'Thirty-one'
    >>> d = get_ranking("thirty-one", over31="distance")
    >>> d.evaluate("As Ad Kc").description, d.evaluate("As Ad Kc") > d.evaluate("Ks Qh 9d")
    ('Total 32, 1 over', True)
    """

    name = "thirty-one"
    hand_sizes = (3,)

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        super().__init__(options, pack)
        self.ace_value: Final = int(options.get("ace_value_31", 11))
        self.over31: Final = str(options.get("over31", "bust"))
        self._bust = self.over31 == "bust"
        self.categories = ("thirty_one", "under", "bust" if self._bust else "over")

    def total(self, cards: Sequence[Card]) -> int:
        """The pip total of cards, aces counting ``ace_value_31``.

        >>> from bragkit.hands import get_ranking
        >>> from bragkit.cards import parse_cards
        >>> get_ranking("thirty-one", ace_value_31=1).total(parse_cards("As Ad 9c"))
        11
        """
        return sum(pip_value(c, self.ace_value) for c in cards)

    def score(self, total: int) -> tuple[tuple[int, ...], str, str]:
        """The key, category and description of a total."""
        if total == 31:
            return ((31,) if self._bust else (0, 1)), "thirty_one", "Thirty-one"
        if total < 31:
            return ((total,) if self._bust else (total - 31, 1)), "under", f"Total {total}"
        if self._bust:
            return (31 - total,), "bust", f"Bust: {total}"
        return (31 - total, 0), "over", f"Total {total}, {total - 31} over"

    def _display(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(sorted(cards, key=lambda c: (-pip_value(c, self.ace_value),
                                                  -c.rank_value, -c.id)))

    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Classify three cards (used for the three-card tables)."""
        key, category, description = self.score(self.total(cards))
        return Analysis(key, category, description, self._display(cards))

    def evaluate(self, cards: CardsLike) -> Strength:
        """The strength of three or more cards; keys compare across hand sizes."""
        hand = _parse(self, cards)
        if len(hand) < 3:
            raise CardError(f"a {self.name} hand needs at least 3 cards, got {len(hand)} "
                            f"in {format_cards(hand)!r}")
        key, category, description = self.score(self.total(hand))
        return Strength(self, key, category, description, self._display(hand))
