"""Cards and packs (issue: cards and packs; rules 2.1)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bragkit.cards import (
    Card,
    Rank,
    Suit,
    card_from_id,
    format_cards,
    parse_cards,
    parse_hand,
    short_pack,
    standard_pack,
)
from bragkit.errors import BragError, CardError


@pytest.mark.parametrize(
    "text",
    ["As Kd Th", "As Kd 10h", "AsKdTh", "AsKd10h", "as kd th", "A♠ K♦ 10♥", "As,Kd,Th",
     "  As   Kd\tTh  "],
)
def test_parse_accepts_every_documented_form(text: str) -> None:
    assert format_cards(parse_cards(text)) == "As Kd Th"


def test_ids_follow_rank_major_suit_minor_order() -> None:
    assert card_from_id(0) == Card.parse("2c")
    assert card_from_id(51) == Card.parse("As")
    assert Card.parse("Qh").id == 10 * 4 + Suit.HEARTS
    assert [c.id for c in standard_pack()] == list(range(52))


def test_every_card_round_trips_through_text() -> None:
    pack = standard_pack(jokers=2)
    assert parse_cards(format_cards(pack)) == pack
    assert parse_cards(format_cards(pack, pretty=True)) == pack


def test_jokers_are_numbered_in_order_of_appearance() -> None:
    x1, x2, five = parse_cards("X X 5c")
    assert x1.is_joker and x2.is_joker and x1 != x2
    assert (x1.id, x2.id) == (52, 53)
    assert parse_cards("X2")[0].id == 53
    assert x1.rank_value == 1 < five.rank_value


@pytest.mark.parametrize(
    ("text", "token"),
    [("As Zs Kd", "Zs"), ("As 1h", "1h"), ("As Kx", "Kx"), ("AsKdQ", "Q"), ("11s", "11s")],
)
def test_malformed_card_names_the_offending_token(text: str, token: str) -> None:
    with pytest.raises(CardError, match=f"bad card '{token}'"):
        parse_cards(text)


def test_duplicate_card_is_rejected_and_named() -> None:
    with pytest.raises(CardError, match="duplicate card 'Kd'"):
        parse_cards("As Kd kd")
    assert len(parse_cards("As As", allow_duplicates=True)) == 2


def test_wrong_hand_size_is_named() -> None:
    with pytest.raises(CardError, match="a hand needs 3 cards, got 4"):
        parse_hand("As Kd Qh Jc")
    assert len(parse_hand("As Kd Qh Jc", (3, 4))) == 4


def test_card_errors_are_brag_errors_and_value_errors() -> None:
    with pytest.raises(BragError):
        parse_cards("??")
    with pytest.raises(ValueError):
        card_from_id(99)


def test_cards_are_immutable_interned_and_picklable() -> None:
    card = Card.parse("9d")
    with pytest.raises(AttributeError):
        card.id = 3  # type: ignore[misc]
    assert Card.parse("9d") is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert card.rank == Rank.NINE and card.pretty == "9♦"


def test_packs() -> None:
    assert len(set(standard_pack())) == 52
    short = short_pack()
    assert len(short) == 32
    assert {c.rank for c in short} == {Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN,
                                       Rank.NINE, Rank.EIGHT, Rank.SEVEN}
    with pytest.raises(CardError):
        standard_pack(jokers=9)


@given(st.lists(st.integers(0, 53), min_size=1, max_size=8, unique=True))
def test_ids_text_round_trip(ids: list[int]) -> None:
    cards = parse_cards(ids)
    text = format_cards(cards)
    # jokers format as "X" and are renumbered in order, so compare non-joker cards exactly
    again = parse_cards(text)
    assert [c for c in again if not c.is_joker] == [c for c in cards if not c.is_joker]
    assert sum(c.is_joker for c in again) == sum(c.is_joker for c in cards)


def test_one_card_words_read_as_the_token_reader_reads_them() -> None:
    """The look-up of one-card words (``cards._ONE_CARD``) reads every spelling of every
    card as the card the token reader gives (the same word glued to another card)."""
    from bragkit.cards import _ONE_CARD

    ranks = ["10", *"23456789TJQKAtjqka"]
    suits = "cdhsCDHS♣♦♥♠♤♡♢♧"
    assert set(_ONE_CARD) == {r + s for r in ranks for s in suits}
    for word, card in _ONE_CARD.items():
        assert parse_cards(word) == (card,) == parse_cards(word + "X")[:1], word
    assert parse_cards("Ah X 10d X") == parse_cards("AhX 10dX")
