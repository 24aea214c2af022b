"""Wild cards (rules 3.2, vectors 6.2) and Four/Five Card Brag (3.3, vectors 6.3)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bragkit.cards import Card, parse_cards
from bragkit.hands import get_ranking
from bragkit.hands.modern import ModernRanking

JOKERS = get_ranking("modern", wild="jokers")


def test_6_2_W1_wild_run_order() -> None:
    a, b, c = (JOKERS.evaluate(h) for h in ("X 8s 7d", "8h 7c 6d", "8c X 6s"))
    assert a > b > c
    assert a.description.startswith("Run 9-8-7")
    assert c.description.startswith("Run 8-7-6")


def test_6_2_W2_fewer_wilds_win_only_when_otherwise_equal() -> None:
    a, b, c = (JOKERS.evaluate(h) for h in ("Ks Kh X", "Ks X X", "Qs Qh Qd"))
    assert a > b > c
    assert a.category == b.category == "prial"


def test_6_2_W3_three_wilds_lose_to_natural_threes() -> None:
    rk = get_ranking("modern", wild="jokers", jokers=3)
    www, natural = rk.evaluate("X1 X2 X3"), rk.evaluate("3s 3h 3d")
    assert natural > www
    assert www.description.startswith("Prial of threes")
    assert www > rk.evaluate("As Ah Ad")


def test_6_2_W4_wild_running_flush_beats_natural_run() -> None:
    assert JOKERS.evaluate("5s 6s X") > JOKERS.evaluate("5h 6d 7c")
    assert JOKERS.evaluate("5s 6s X").category == "running_flush"


def test_6_2_W5_kicker_is_decided_before_the_wild_count() -> None:
    assert JOKERS.evaluate("Kd X 9s") > JOKERS.evaluate("Ks Kh 5c")


@pytest.mark.parametrize(("wild", "cards"), [
    ("twos", "2c 2d 2h 2s"), ("black-twos", "2c 2s"), ("one-eyed-jacks", "Js Jh"),
    ("suicide-king", "Kh"), ("jokers", "X1 X2"),
])
def test_3_2_wild_sets(wild: str, cards: str) -> None:
    rk = get_ranking("modern", wild=wild)
    wild_cards = parse_cards(cards)
    for card in wild_cards:
        s = rk.evaluate((card, Card.parse("7d"), Card.parse("7c")))
        assert s.category == "prial" and s.wilds[0][0] == card
    for card in rk.pack:
        if card not in wild_cards and card.rank_value not in (7,):
            s = rk.evaluate((card, Card.parse("7d"), Card.parse("7c")))
            assert s.category == "pair" and s.wilds == ()
            break


def test_3_2_two_of_a_rank_never_make_a_flush() -> None:
    s = JOKERS.evaluate("As 9s X")
    assert s.category == "flush"  # not an "A-A-9 flush": the joker stands for the Ks
    assert s.description.startswith("Flush A-K-9")
    assert s.wilds == ((Card.parse("X"), Card.parse("Ks")),)


def test_3_2_wild_count_modes() -> None:
    physical = get_ranking("modern", wild="one-eyed-jacks")
    as_used = get_ranking("modern", wild="one-eyed-jacks", wild_count_mode="as_used")
    natural_jacks, jacks_with_wilds = "Jd Jc Js", "Jd Jh Js"
    assert physical.evaluate(natural_jacks) > physical.evaluate(jacks_with_wilds)
    assert as_used.evaluate(natural_jacks) == as_used.evaluate(jacks_with_wilds)


def test_3_2_wild_may_duplicate_changes_nothing_in_three_card_hands() -> None:
    free = get_ranking("modern", wild="jokers")
    strict = get_ranking("modern", wild="jokers", wild_may_duplicate=False)
    ids = [c.id for c in free.pack]
    for t in itertools.combinations(ids, 3):
        assert free.rank3(*t) == strict.rank3(*t)


@given(st.sampled_from(["twos", "black-twos", "one-eyed-jacks", "suicide-king", "jokers"]),
       st.data())
def test_replacing_a_wild_by_what_it_stands_for(wild: str, data: st.DataObject) -> None:
    """The natural hand keeps category and kickers, and wins when it holds fewer wilds."""
    rk = get_ranking("modern", wild=wild)
    assert isinstance(rk, ModernRanking)
    hand = tuple(data.draw(st.lists(st.sampled_from(rk.pack), min_size=3, max_size=3,
                                    unique=True)))
    s = rk.evaluate(hand)
    if not s.wilds:
        return
    replaced = tuple(dict(s.wilds).get(c, c) for c in hand)
    natural = rk.natural_key([c.rank_value for c in replaced],
                             [int(c.suit or 0) for c in replaced])
    info = rk.analyse(hand)  # type: ignore[arg-type]
    assert info.key[:-1] == natural
    if len(set(replaced)) == 3:
        r = rk.evaluate(replaced)
        assert r.category == s.category
        wilds_left = sum(c.id in rk.wild_ids for c in replaced)
        if wilds_left < len(s.wilds):
            assert r > s


MODERN = get_ranking("modern")


def test_6_3_D1_discard_decides() -> None:
    x, y = MODERN.evaluate("4s 9h 9d Kc"), MODERN.evaluate("9s 9c Kd 7h")
    assert y > x
    assert x.discarded == parse_cards("4s") and y.discarded == parse_cards("7h")
    assert x.kept == parse_cards("9h 9d Kc")


def test_6_3_D2_equal_after_discards() -> None:
    assert MODERN.evaluate("9h 9d Kc 7s") == MODERN.evaluate("9s 9c Kd 7h")


def test_6_3_D3_five_card_discards_lex_high() -> None:
    x = MODERN.evaluate("As Ah Ad Qc 3d")
    y = MODERN.evaluate("Ac Ah Ad Qs 2d")
    assert x > y
    assert x.discarded == parse_cards("Qc 3d")


def test_3_3_pair_first_discard_compare() -> None:
    lex = get_ranking("modern")
    pair_first = get_ranking("modern", discard_compare="pair_first")
    pair_discards, high_discards = "As Ah Ad 5c 5d", "Ac Ah Ad Kc 2d"
    assert lex.evaluate(pair_discards) < lex.evaluate(high_discards)
    assert pair_first.evaluate(pair_discards) > pair_first.evaluate(high_discards)


def test_3_3_the_best_three_are_kept_even_when_discards_would_be_higher() -> None:
    s = MODERN.evaluate("2c 3c 4c As Ks")
    assert s.category == "running_flush" and s.discarded == parse_cards("As Ks")


def test_3_3_wild_count_is_over_the_kept_three_then_discards() -> None:
    s = JOKERS.evaluate("Ks Kh X 2c")
    assert s.category == "prial" and s.discarded == parse_cards("2c")
    assert JOKERS.evaluate("Ks Kh Kd 2c") > s
    # a discarded joker counts below a two
    joker_discarded = JOKERS.evaluate("Ks Kh Kd X")
    assert joker_discarded.discarded == (Card.parse("X"),)
    assert joker_discarded < JOKERS.evaluate("Ks Kh Kd 2c")
    low = JOKERS.evaluate("Qs Qh Qd X 5c")
    assert low.discarded[0] == Card.parse("5c")
