"""Hands named in plain English under a game's ranking: what they are and what made them.

>>> from bragkit.rules import get_preset
>>> name_hand(get_preset("modern-wild-twos"), "3s 3h 2d")
'Prial of threes (1 wild card): 2d as a three'
>>> name_hand(get_preset("modern-4card"), "3s 3h 3d 9c")
'Prial of threes, 9c discarded'
>>> name_hand(get_preset("three-stake"), "As Kd 9c", thirty_one=True)
'30 points (for thirty-one)'
"""

from __future__ import annotations

from collections.abc import Sequence

from bragkit.cards import Card, CardsLike, format_cards, parse_cards
from bragkit.errors import BragError
from bragkit.games import hand_ranking
from bragkit.hands import Strength, get_ranking
from bragkit.hands.counts import ThirtyOneRanking
from bragkit.rules import Rules

__all__ = ["cards_text", "name_hand", "strength_of", "strength_text", "thirty_one_total"]


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as the table writes them (``Kc 9d``).

    >>> cards_text(parse_cards("Kc 9d"))
    'Kc 9d'
    """
    return format_cards(cards)


def strength_of(rules: Rules, cards: CardsLike) -> Strength | None:
    """The strength of ``cards`` under the showdown ranking of ``rules``'s game, or ``None``
    when that ranking does not rank a hand of this size.

    >>> from bragkit.rules import get_preset
    >>> strength_of(get_preset("modern"), "7s 7h Qd").category
    'pair'
    >>> strength_of(get_preset("modern"), "7s 7h") is None
    True
    """
    hand = parse_cards(cards)
    try:
        ranking = hand_ranking(rules)
        if not ranking.accepts(len(hand)):
            return None
        return ranking.evaluate(hand)
    except BragError:
        return None


def strength_text(strength: Strength, *, discards_visible: bool = True) -> str:
    """A strength's description with its wild cards and discards spelled out.

    >>> from bragkit.rules import get_preset
    >>> s = strength_of(get_preset("modern-4card-wild"), "Ah 2c 3d Kc")
    >>> strength_text(s)
    'Run A-2-3 (1 wild card): 2c as itself, Kc discarded'
    """
    text = strength.description
    extras = []
    word = "for" if "bragger" in text else "as"  # braggers name themselves already
    suited = any(k in strength.category for k in ("flush", "colour", "pure"))
    wilds = [f"{w} as itself" if w == c else f"{w} {word} {_stands_for(c, suited)}"
             for w, c in strength.wilds]
    if wilds:
        text += ": " + ", ".join(wilds)
    if strength.discarded and discards_visible:
        extras.append(f"{cards_text(strength.discarded)} discarded")
    if extras:
        text += ", " + ", ".join(extras)
    return text


def _stands_for(card: Card, suited: bool) -> str:
    """``a three``, or ``the ace of clubs`` where the suit matters (words, not a card text:
    the card a wild card stands for is not in play)."""
    if card.rank is None or card.suit is None:
        return str(card)
    if suited:
        return f"the {card.rank.label} of {card.suit.name.lower()}"
    word = card.rank.label
    return f"an {word}" if word[0] in "aeiou" else f"a {word}"


def thirty_one_total(rules: Rules, cards: CardsLike) -> int:
    """The Three-Stake pool-3 total of ``cards`` (aces ``ace_value_31``, faces 10).

    >>> from bragkit.rules import get_preset
    >>> thirty_one_total(get_preset("three-stake"), "As Kd 9c")
    30
    """
    ranking = get_ranking("thirty-one", ace_value_31=rules.ace_value_31, over31=rules.over31)
    assert isinstance(ranking, ThirtyOneRanking)
    return int(ranking.total(parse_cards(cards)))


def name_hand(rules: Rules, cards: CardsLike, *, thirty_one: bool = False) -> str:
    """``cards`` named under the game's ranking, with what made the hand (wild cards,
    braggers, discards); ``thirty_one`` names Three-Stake's pool-3 total instead.

    >>> from bragkit.rules import get_preset
    >>> name_hand(get_preset("american"), "3s 3h 9d")
    'Triplet of threes with a bragger (9♦): 9d for a three'
    >>> name_hand(get_preset("commerce"), "Ah Kh 7h")
    'Flush of hearts, point 28'
    """
    hand = parse_cards(cards)
    if thirty_one:
        total = thirty_one_total(rules, hand)
        return f"{total} points (over thirty-one: bust)" if total > 31 \
            else f"{total} points (for thirty-one)"
    strength = strength_of(rules, hand)
    if strength is None:
        return f"{len(hand)} cards"
    return strength_text(strength)
