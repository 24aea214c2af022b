"""English Brag with three braggers (R-FOSTER, rules 3.4; Foster's *Complete Hoyle*).

Only pairs and triplets count; runs and flushes are worthless.  The three
*braggers* A♦ > J♣ > 9♦ may stand for any card, and the hand takes its best
interpretation, so a hand with a bragger is always at least a pair.  Categories,
best first: ``triplet``, ``pair``, ``high_card``.  Within a category:

1. the rank of the triplet or pair (ace high);
2. a **natural** triplet or pair beats one made with a bragger of the same rank
   ("three eights will beat an eight and two braggers"; two aces and the J♣ beat
   three kings);
3. two natural pairs compare the kicker; two bragger-made hands compare the
   braggers used as wild cards by ``bragger_tiebreak``, then the kicker:

   * ``"fewer_then_highest"`` (default): fewer braggers win, then the highest
     bragger (A♦ > J♣ > 9♦), then the next;
   * ``"highest_first"``: the highest bragger wins whatever the number used (a
     longer list of braggers wins when one list starts the other);

4. high-card hands compare ranks high to low.

``bragger_own_rank_natural`` (default True): a bragger standing for its own rank
(A♦ as an ace) counts as natural, so A♠ A♥ A♦ is a natural triplet.  With False
every bragger in a hand counts as a bragger.

>>> from bragkit.hands import get_ranking
>>> f = get_ranking("foster")
>>> s = f.evaluate("Ks Kh 9d")
>>> s.description, s.kept, s.wilds
('Triplet of kings with the 9♦', (Ks, Kh, 9d), ((9d, Kd),))
>>> f.evaluate("8s 8h 8c") > f.evaluate("8d Jc 9d")
True
>>> f.evaluate("Kd Jc Ah").description
'Pair of aces made with the J♣, king kicker'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any, Final

from bragkit.cards import Card, Rank, Suit, card_from_id, rank_text
from bragkit.hands.core import Analysis, Ranking

__all__ = [
    "CATEGORY_NAMES",
    "FOSTER_BRAGGERS",
    "FosterRanking",
    "bragger_list",
    "stand_in",
]

TRIPLET, PAIR, HIGH_CARD = 2, 1, 0
CATEGORY_NAMES: Final = ("triplet", "pair", "high_card")
"""Categories of the Foster and American rankings, best first."""

ACE_OF_DIAMONDS: Final = (14 - 2) * 4 + Suit.DIAMONDS
JACK_OF_CLUBS: Final = (11 - 2) * 4 + Suit.CLUBS
NINE_OF_DIAMONDS: Final = (9 - 2) * 4 + Suit.DIAMONDS

FOSTER_BRAGGERS: Final[dict[int, int]] = {ACE_OF_DIAMONDS: 3, JACK_OF_CLUBS: 2,
                                          NINE_OF_DIAMONDS: 1}
"""Card id of each Foster bragger -> its strength as a bragger (A♦ 3 > J♣ 2 > 9♦ 1)."""

_NUMBER_WORDS: Final = ("no", "one", "two", "three")
_SUIT_PREFERENCE: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def stand_in(rank: int, wild: Card, taken: set[int]) -> Card:
    """The card a wild ``wild`` is said to stand for when it makes up rank ``rank``.

    Suits do not matter in these rankings, so any free card of the rank will do:
    the wild card's own suit if free, else spades, hearts, diamonds, clubs.
    ``taken`` (card ids already in use) is updated.

    >>> stand_in(13, Card.parse("9d"), {44})
    Kd
    >>> stand_in(14, Card.parse("Jc"), {48, 49})
    As
    """
    assert wild.suit is not None
    for suit in (wild.suit, *_SUIT_PREFERENCE):
        cid = (rank - 2) * 4 + suit
        if cid not in taken:
            taken.add(cid)
            return card_from_id(cid)
    raise AssertionError(f"no free card of rank {rank}")  # pragma: no cover - 3-card hands


def bragger_list(braggers: Sequence[Card], *, article: str = "the") -> str:
    """Words for the braggers making up a hand: ``the J♣``, ``two braggers (J♣, 9♦)``.

    >>> bragger_list([Card.parse("Jc")])
    'the J♣'
    >>> bragger_list([Card.parse("Ad"), Card.parse("9d")])
    'two braggers (A♦, 9♦)'
    """
    if len(braggers) == 1:
        return f"{article} {braggers[0].pretty}"
    shown = ", ".join(c.pretty for c in braggers)
    return f"{_NUMBER_WORDS[len(braggers)]} braggers ({shown})"


def _by_rank_then_id(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (-c.rank_value, -c.id))


class _Reading:
    """One interpretation of a hand: which braggers are wild and what they stand for."""

    __slots__ = ("category", "key", "kicker", "naturals", "rank", "wild")

    def __init__(self, key: tuple[int, ...], category: int, rank: int,
                 naturals: list[Card], wild: list[tuple[Card, int]],
                 kicker: Card | None) -> None:
        self.key = key
        self.category = category
        self.rank = rank
        self.naturals = naturals
        self.wild = wild
        self.kicker = kicker


class FosterRanking(Ranking):
    """R-FOSTER: English Brag with the braggers A♦ > J♣ > 9♦ (see the module docs).

    >>> from bragkit.hands import get_ranking
    >>> f = get_ranking("foster")
    >>> f.evaluate("Ad Ah Jc") > f.evaluate("Ks Kh Kc")
    True
    >>> f.evaluate("Ks Kh 2c") > f.evaluate("Kd Jc 5d")
    True
    >>> f.evaluate("8s 4d 2c").description
    'High card 8-4-2'
    >>> hi = get_ranking("foster", bragger_tiebreak="highest_first")
    >>> hi.evaluate("Ks Kh 9d") < hi.evaluate("Kd Ad Jc")
    True
    """

    name = "foster"
    categories = CATEGORY_NAMES
    hand_sizes = (3,)

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        super().__init__(options, pack)
        self.bragger_tiebreak: Final = str(options.get("bragger_tiebreak",
                                                       "fewer_then_highest"))
        self.own_rank_natural: Final = bool(options.get("bragger_own_rank_natural", True))
        self._fewer_first = self.bragger_tiebreak == "fewer_then_highest"

    # ------------------------------------------------------------------ readings
    def _choices(self, bragger: Card) -> list[int | None]:
        """What a bragger may be: ``None`` (itself, natural) or a rank it stands for."""
        if self.own_rank_natural:
            return [None, *(r for r in range(2, 15) if r != bragger.rank_value)]
        return list(range(2, 15))

    def _reading(self, plain: Sequence[Card], braggers: Sequence[Card],
                 assignment: Sequence[int | None]) -> _Reading | None:
        """The reading of one assignment; None when a wild bragger is not in a pair/triplet."""
        values = [(c.rank_value, c, False) for c in plain]
        for card, stands in zip(braggers, assignment, strict=True):
            if stands is None:
                values.append((card.rank_value, card, False))
            else:
                values.append((stands, card, True))
        ranks = sorted((v[0] for v in values), reverse=True)
        if ranks[0] == ranks[2]:
            category, rank, kicker = TRIPLET, ranks[0], None
        elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
            category, rank = PAIR, ranks[1]
            kicker = next(v[1] for v in values if v[0] != rank)
        else:
            category, rank, kicker = HIGH_CARD, 0, None
        wild = [(card, value) for value, card, is_wild in values if is_wild]
        if category == HIGH_CARD:
            if wild:
                return None
            return _Reading((HIGH_CARD, *ranks), HIGH_CARD, 0, _by_rank_then_id(plain), [],
                            None)
        if kicker is not None and any(card is kicker for card, _ in wild):
            return None
        naturals = _by_rank_then_id(v[1] for v in values if not v[2] and v[1] is not kicker)
        wild.sort(key=lambda cw: -FOSTER_BRAGGERS[cw[0].id])
        kick = () if kicker is None else (kicker.rank_value,)
        if not wild:
            key: tuple[int, ...] = (category, rank, 1, *kick)
        else:
            strengths = tuple(FOSTER_BRAGGERS[card.id] for card, _ in wild)
            tail = (-len(wild), *strengths) if self._fewer_first else strengths
            key = (category, rank, 0, *tail, *kick)
        return _Reading(key, category, rank, naturals, wild, kicker)

    def best_reading(self, cards: Sequence[Card]) -> _Reading:
        """The best interpretation of three cards, over every use of their braggers."""
        braggers = [c for c in cards if c.id in FOSTER_BRAGGERS]
        plain = [c for c in cards if c.id not in FOSTER_BRAGGERS]
        best: _Reading | None = None
        for assignment in itertools.product(*(self._choices(b) for b in braggers)):
            reading = self._reading(plain, braggers, assignment)
            if reading is not None and (best is None or reading.key > best.key):
                best = reading
        assert best is not None
        return best

    # ------------------------------------------------------------------ Ranking API
    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Classify three cards (see :class:`bragkit.hands.core.Analysis`).

        >>> from bragkit.hands import get_ranking
        >>> info = get_ranking("foster").analyse(tuple(Card.parse(t) for t in "Jc Kd Ad".split()))
        >>> info.category, info.description, info.kept
        ('triplet', 'Triplet of kings with two braggers (A♦, J♣)', (Kd, Ad, Jc))
        """
        reading = self.best_reading(cards)
        category = CATEGORY_NAMES[2 - reading.category]
        if reading.category == HIGH_CARD:
            shown = "-".join(rank_text(c.rank_value) for c in reading.naturals)
            return Analysis(reading.key, category, f"High card {shown}",
                            tuple(reading.naturals))
        rank = Rank(reading.rank)
        taken = {c.id for c in reading.naturals}
        wilds = tuple((card, stand_in(value, card, taken)) for card, value in reading.wild)
        braggers = [card for card, _ in reading.wild]
        kept = (*reading.naturals, *braggers)
        if reading.category == TRIPLET:
            description = f"Triplet of {rank.plural}"
            if braggers:
                description += f" with {bragger_list(braggers)}"
        else:
            assert reading.kicker is not None
            description = f"Pair of {rank.plural}"
            if braggers:
                description += f" made with {bragger_list(braggers)}"
            description += f", {Rank(reading.kicker.rank_value).label} kicker"
            kept = (*kept, reading.kicker)
        return Analysis(reading.key, category, description, kept, wilds)

    def classify(self, cards: tuple[Card, Card, Card]) -> tuple[tuple[int, ...], str]:
        """The key and category of three cards (fast; used to build the tables)."""
        a, b, c = cards
        if a.id in FOSTER_BRAGGERS or b.id in FOSTER_BRAGGERS or c.id in FOSTER_BRAGGERS:
            reading = self.best_reading(cards)
            return reading.key, CATEGORY_NAMES[2 - reading.category]
        r0, r1, r2 = sorted((a.rank_value, b.rank_value, c.rank_value), reverse=True)
        if r0 == r2:
            return (TRIPLET, r0, 1), "triplet"
        if r0 == r1:
            return (PAIR, r0, 1, r2), "pair"
        if r1 == r2:
            return (PAIR, r1, 1, r0), "pair"
        return (HIGH_CARD, r0, r1, r2), "high_card"
