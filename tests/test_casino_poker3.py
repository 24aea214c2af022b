"""The Three Card Poker ranking of the ``three-card-poker`` casino preset (rules 3.10)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from bragkit.cards import parse_cards
from bragkit.errors import CardError
from bragkit.hands import get_ranking

P = get_ranking("three-card-poker")


def naive_key(ids: tuple[int, int, int]) -> tuple[int, ...]:
    """A deliberately plain poker classifier, written independently of bragkit.hands.poker3."""
    ranks = sorted((i // 4 + 2 for i in ids), reverse=True)
    suits = {i % 4 for i in ids}
    straight_top = 0
    if ranks == [14, 3, 2]:
        straight_top = 3
    elif ranks[0] - 1 == ranks[1] and ranks[1] - 1 == ranks[2]:
        straight_top = ranks[0]
    counts = Counter(ranks)
    if straight_top and len(suits) == 1:
        return (5, straight_top)
    if len(counts) == 1:
        return (4, ranks[0])
    if straight_top:
        return (3, straight_top)
    if len(suits) == 1:
        return (2, *ranks)
    if len(counts) == 2:
        pair = next(r for r, n in counts.items() if n == 2)
        kicker = next(r for r, n in counts.items() if n == 1)
        return (1, pair, kicker)
    return (0, *ranks)


def test_order_matches_a_naive_classifier_on_every_hand() -> None:
    hands = list(itertools.combinations(range(52), 3))
    keys = {h: naive_key(h) for h in hands}
    by_rank: dict[int, tuple[int, ...]] = {}
    for h in hands:
        r = P.rank3(*h)
        assert by_rank.setdefault(r, keys[h]) == keys[h]       # one key per class
    ordered = [by_rank[r] for r in range(P.class_count)]
    assert ordered == sorted(ordered) and len(set(ordered)) == len(ordered)


def test_category_sizes() -> None:
    sizes = Counter(P.category_of_rank(P.rank3(*h)) for h in itertools.combinations(range(52), 3))
    assert sizes == {"straight_flush": 48, "three_of_a_kind": 52, "straight": 720,
                     "flush": 1096, "pair": 3744, "high_card": 16440}


@pytest.mark.parametrize(("better", "worse"), [
    ("2c 3c 4c", "As Ad Ah"),        # straight flush over trips
    ("4s 3d 2h", "Ks Qs 9s"),        # straight over flush (the opposite of brag's order)
    ("Qs Kd Ah", "2h 3s 4d"),        # A-K-Q the best straight
    ("2h 3s 4d", "Ah 2s 3d"),        # A-2-3 the lowest straight
    ("Ah 2s 3d", "Ks Kh Qs"),        # the lowest straight beats any pair
    ("Ks Ah 2d", "Qs Jh 9d"),        # K-A-2 is ace-high
])
def test_poker_order(better: str, worse: str) -> None:
    assert P.evaluate(better) > P.evaluate(worse)


def test_k_a_2_is_not_a_straight_and_suits_never_break_ties() -> None:
    assert P.evaluate("Ks Ah 2d").category == "high_card"
    assert P.evaluate("Ks Qh 9d") == P.evaluate("Kd Qc 9s")


def test_descriptions_and_errors() -> None:
    assert P.evaluate("3c 2c Ac").description == "Straight flush 3-2-A"
    assert P.evaluate("9h 9d Ks").description == "Pair of nines, king kicker"
    assert P.evaluate(parse_cards("Th Jh 2h")).description == "Flush J-10-2"
    with pytest.raises(CardError):
        P.evaluate("As Kd Qh Jc")
