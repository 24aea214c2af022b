"""Cards, packs, parsing and formatting.

A :class:`Card` is a small immutable value with an integer ``id`` used by the
fast paths: ``id = rank_index * 4 + suit`` where ``rank_index`` runs 0 (two) to
12 (ace) and suits are ordered clubs, diamonds, hearts, spades.  Jokers have
ids 52, 53, ...  There is exactly one object per card, so cards compare and hash
quickly.

>>> parse_cards("As Kd 10h")
(As, Kd, Th)
>>> parse_cards("AsKdQh")
(As, Kd, Qh)
>>> Card.parse("X").is_joker
True
>>> format_cards(parse_cards("2c 3d"))
'2c 3d'
>>> len(standard_pack()), len(short_pack()), len(standard_pack(jokers=2))
(52, 32, 54)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

from bragkit.errors import CardError, excerpt

__all__ = [
    "RANK_LETTERS",
    "SUIT_LETTERS",
    "Card",
    "CardsLike",
    "Rank",
    "Suit",
    "card_from_id",
    "format_cards",
    "parse_cards",
    "parse_hand",
    "rank_text",
    "short_pack",
    "standard_pack",
]

RANK_LETTERS: Final = "23456789TJQKA"
SUIT_LETTERS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
MAX_JOKERS: Final = 4

_RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
_RANK_PLURALS: Final = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)


class Rank(IntEnum):
    """Card ranks, valued 2 (two) to 14 (ace)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """The one-letter symbol: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_LETTERS[self - 2]

    @property
    def short(self) -> str:
        """The short text used in descriptions: ``10`` for ten, else the letter."""
        return "10" if self == Rank.TEN else self.letter

    @property
    def label(self) -> str:
        """The English name: ``Rank.QUEEN.label == 'queen'``."""
        return _RANK_NAMES[self - 2]

    @property
    def plural(self) -> str:
        """The plural name: ``Rank.SIX.plural == 'sixes'``."""
        return _RANK_PLURALS[self - 2]


class Suit(IntEnum):
    """Suits.  They have no order in any Brag ranking; the values only give ids."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The one-letter symbol: ``c``, ``d``, ``h`` or ``s``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return SUIT_SYMBOLS[self]


class Card:
    """One playing card or joker.  Use :meth:`parse` or :func:`card_from_id`.

    >>> c = Card.parse("Qh")
    >>> c.rank, c.suit, c.id
    (<Rank.QUEEN: 12>, <Suit.HEARTS: 2>, 42)
    >>> c.pretty
    'Q♥'
    >>> Card.parse("10s") is Card.parse("Ts")
    True
    """

    __slots__ = ("id", "rank", "suit")

    id: int
    rank: Rank | None
    suit: Suit | None

    def __init__(self, card_id: int, rank: Rank | None, suit: Suit | None) -> None:
        object.__setattr__(self, "id", card_id)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_from_id, (self.id,))

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @property
    def rank_value(self) -> int:
        """The rank as 2..14, or 1 for a joker (a joker counts below a two)."""
        return 1 if self.rank is None else int(self.rank)

    @property
    def pretty(self) -> str:
        """A display form with a suit symbol and ``10`` for ten: ``10♠``, or ``🃏``."""
        return _PRETTY[self.id]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse exactly one card such as ``As``, ``10h``, ``t♠`` or ``X`` (joker)."""
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardError(f"expected one card, got {len(cards)} in {excerpt(text)}")
        return cards[0]

    def __str__(self) -> str:
        return _TEXTS[self.id]

    __repr__ = __str__

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __le__(self, other: Card) -> bool:
        return self.id <= other.id

    def __gt__(self, other: Card) -> bool:
        return self.id > other.id

    def __ge__(self, other: Card) -> bool:
        return self.id >= other.id


_CARDS: Final[tuple[Card, ...]] = tuple(
    Card(r * 4 + s, Rank(r + 2), Suit(s)) for r in range(13) for s in range(4)
) + tuple(Card(52 + j, None, None) for j in range(MAX_JOKERS))
_TEXTS: Final = tuple("X" if c.rank is None or c.suit is None else c.rank.letter + c.suit.letter
                      for c in _CARDS)
_PRETTY: Final = tuple("🃏" if c.rank is None or c.suit is None else c.rank.short + c.suit.symbol
                       for c in _CARDS)
"""Each card's text and display form by id, made once (a history writes thousands)."""

CardsLike = str | Card | Iterable[Card | str | int]
"""What the API accepts wherever it wants cards: text, a card, or an iterable of cards,
card texts or integer ids."""


def rank_text(rank: int) -> str:
    """The short text of a rank value (2..14): ``10`` for ten, else its letter.

    >>> rank_text(10), rank_text(14), rank_text(7)
    ('10', 'A', '7')
    """
    return Rank(rank).short


def card_from_id(card_id: int) -> Card:
    """The card with integer id ``card_id`` (0..51, jokers 52..55).

    >>> card_from_id(51), card_from_id(0), card_from_id(52)
    (As, 2c, X)
    """
    if not 0 <= card_id < len(_CARDS):
        raise CardError(f"bad card id {excerpt(card_id)}: must be 0..{len(_CARDS) - 1}")
    return _CARDS[card_id]


_RANK_OF: Final = {ch: Rank(i + 2) for i, ch in enumerate(RANK_LETTERS)}
_RANK_OF.update({ch.lower(): rank for ch, rank in _RANK_OF.items()})
_RANK_OF["10"] = Rank.TEN
_SUIT_OF: Final = {ch: Suit(i) for i, ch in enumerate(SUIT_LETTERS)}
_SUIT_OF.update({ch.upper(): suit for ch, suit in _SUIT_OF.items()})
_SUIT_OF.update({ch: Suit(i) for i, ch in enumerate(SUIT_SYMBOLS)})
_SUIT_OF.update({"\u2664": Suit.SPADES, "\u2661": Suit.HEARTS, "\u2662": Suit.DIAMONDS,
                 "\u2667": Suit.CLUBS})
_TOKEN: Final = re.compile(
    r"(?P<rank>10|[2-9TJQKAtjqka])(?P<suit>[cdhsCDHS♣♦♥♠♤♡♢♧])|(?P<joker>(?:[Xx]|🃏)(?P<n>[1-4])?)"
)
_SEPARATORS: Final = re.compile(r"[\s,;]+")
_ONE_CARD: Final = {r + s: _CARDS[(rank - 2) * 4 + suit] for r, rank in _RANK_OF.items()
                    for s, suit in _SUIT_OF.items() if _TOKEN.fullmatch(r + s)}
"""Every text of exactly one card other than a joker (``Ah``, ``10h``, ``a♥``): a history's
cards are written one to a word, and a dictionary look-up reads a word without the regex."""


def _parse_text(text: str) -> list[Card]:
    cards: list[Card] = []
    jokers_seen = 0
    for chunk in _SEPARATORS.split(text.strip()):
        card = _ONE_CARD.get(chunk)
        if card is not None:
            cards.append(card)
            continue
        pos = 0
        while pos < len(chunk):
            m = _TOKEN.match(chunk, pos)
            if m is None:
                raise CardError(f"bad card {excerpt(chunk[pos:], 20)} in {excerpt(text)}")
            if m.group("joker"):
                number = int(m.group("n")) - 1 if m.group("n") else jokers_seen
                jokers_seen = max(jokers_seen, number) + 1
                if number >= MAX_JOKERS:
                    raise CardError(f"too many jokers in {excerpt(text)}: at most {MAX_JOKERS}")
                cards.append(_CARDS[52 + number])
            else:
                rank = _RANK_OF[m.group("rank")]
                suit = _SUIT_OF[m.group("suit")]
                cards.append(_CARDS[(rank - 2) * 4 + suit])
            pos = m.end()
    return cards


def parse_cards(cards: CardsLike, *, allow_duplicates: bool = False) -> tuple[Card, ...]:
    """Parse cards from text, cards or ids; reject duplicates unless allowed.

    Jokers are written ``X``; several in one text become the first, second, ...
    joker (``X1``, ``X2`` name them explicitly).

    >>> parse_cards("Ah, 2h, 3h")
    (Ah, 2h, 3h)
    >>> parse_cards([51, "Kd"])
    (As, Kd)
    >>> parse_cards("X X 5c")
    (X, X, 5c)
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    bragkit.errors.CardError: duplicate card 'As' in 'As As'
    """
    if isinstance(cards, Card):
        return (cards,)
    if isinstance(cards, str):
        result = _parse_text(cards)
        source = cards
    else:
        result = []
        for item in cards:
            if isinstance(item, Card):
                result.append(item)
            elif isinstance(item, bool):
                raise CardError(f"bad card {excerpt(item)}")
            elif isinstance(item, int):
                result.append(card_from_id(item))
            elif isinstance(item, str):
                result.extend(_parse_text(item))
            else:
                raise CardError(f"bad card {excerpt(item)}: expected a Card, a text or an id")
        source = format_cards(result)
    if not allow_duplicates and len(set(result)) != len(result):
        seen: set[Card] = set()
        for card in result:
            if card in seen:
                raise CardError(f"duplicate card {str(card)!r} in {excerpt(source)}")
            seen.add(card)
    return tuple(result)


def parse_hand(cards: CardsLike, sizes: Sequence[int] = (3,)) -> tuple[Card, ...]:
    """Parse one hand and check its size.

    >>> parse_hand("As Kd")
    Traceback (most recent call last):
    ...
    bragkit.errors.CardError: a hand needs 3 cards, got 2 in 'As Kd'
    """
    hand = parse_cards(cards)
    if len(hand) not in sizes:
        wanted = _or_list(sizes)
        shown = cards if isinstance(cards, str) else format_cards(hand)
        raise CardError(f"a hand needs {wanted} cards, got {len(hand)} in {excerpt(shown)}")
    return hand


def _or_list(sizes: Sequence[int]) -> str:
    words = [str(n) for n in sizes]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def format_cards(cards: Iterable[Card], *, pretty: bool = False, sep: str = " ") -> str:
    """Format cards as text that :func:`parse_cards` reads back.

    >>> format_cards(parse_cards("Th 9h 8h"), pretty=True)
    '10♥ 9♥ 8♥'
    """
    texts = _PRETTY if pretty else _TEXTS
    return sep.join([texts[card.id] for card in cards])


_SHORT_RANKS: Final = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                                 Rank.NINE, Rank.EIGHT, Rank.SEVEN})


def standard_pack(*, jokers: int = 0) -> tuple[Card, ...]:
    """The 52-card pack in id order, plus ``jokers`` jokers (0 to 4)."""
    if not 0 <= jokers <= MAX_JOKERS:
        raise CardError(f"a pack may hold 0 to {MAX_JOKERS} jokers, not {jokers}")
    return _CARDS[: 52 + jokers]


def short_pack() -> tuple[Card, ...]:
    """The 32-card pack (A K Q J 10 9 8 7 of each suit) used by some Commerce tables."""
    return tuple(c for c in _CARDS[:52] if c.rank in _SHORT_RANKS)
