"""R-COMMERCE: Peel's ranking and Hoyle's (rules 3.9, vectors 6.8)."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import parse_cards
from bragkit.errors import RulesError
from bragkit.hands import Ranking, get_ranking
from bragkit.hands.counts import category_counts, ordering_digest
from tests.ranking_checks import check_preorder, cmp, hands3, permute_suits

PEEL = get_ranking("commerce")
HOYLE = get_ranking("commerce", commerce_ranking="hoyle18")
BOTH = (PEEL, HOYLE)
COMBOS = list(itertools.combinations(range(52), 3))


# ---------------------------------------------------------------------------- vectors 6.8
@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_6_8_cm1_tricon_beats_sequence(ranking: Ranking) -> None:
    assert cmp(ranking, "2s 2h 2d", "As Ks Qs") == 1
    assert ranking.evaluate("2s 2h 2d").description == "Tricon of twos"


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_6_8_cm2_a23_is_the_lowest_sequence(ranking: Ranking) -> None:
    assert cmp(ranking, "Qh Kh Ah", "Ah 2h 3h") == 1
    assert cmp(ranking, "2c 3c 4c", "Ah 2h 3h") == 1
    assert ranking.evaluate("Qh Kh Ah").description == "Sequence A-K-Q"
    assert ranking.evaluate("3h Ah 2h").description == "Sequence A-2-3"
    assert ranking.evaluate("3h Ah 2h").kept == parse_cards("Ah 2h 3h")
    assert ranking.evaluate("Qh Kh Ah").rank == ranking.class_count - 14  # below 13 tricons


def test_6_8_cm3_k_a_2_is_no_sequence_peel() -> None:
    s = PEEL.evaluate("Kc Ac 2c")
    assert (s.category, s.description) == ("flush", "Flush of clubs, point 23")


def test_6_8_cm3_k_a_2_is_no_sequence_hoyle() -> None:
    s = HOYLE.evaluate("Kc Ac 2c")
    assert (s.category, s.description) == ("point", "Point 23 (A♣ K♣ 2♣)")


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_6_8_cm4_flushes_compare_by_point(ranking: Ranking) -> None:
    assert cmp(ranking, "Ah 5h 3h", "Ks Qs 9s") == -1


def test_6_8_cm5_point_not_high_card_peel() -> None:
    assert cmp(PEEL, "As Kd 5c", "Qh Jd 9s") == -1
    assert PEEL.evaluate("As Kd 5c").description == "Point 26"
    assert PEEL.evaluate("Qh Jd 9s").description == "Point 29"


def test_6_8_cm5_hoyle_counts_one_suit_only() -> None:
    # no two cards share a suit: the point is the best single card, ace 11 against queen 10
    assert cmp(HOYLE, "As Kd 5c", "Qh Jd 9s") == 1
    assert HOYLE.evaluate("As Kd 5c").description == "Point 11 (A♠)"


def test_6_8_cm6_first_highest_different_card_peel() -> None:
    assert cmp(PEEL, "Kh 7d 5c", "Ts 8d 4c") == 1
    assert cmp(PEEL, "Kh 7d 5c", "Qh 8d 4c") == 1      # K beats Q though both count 10
    assert cmp(PEEL, "Kh 7d 5c", "Ks 7h 5d") == 0


def test_6_8_cm6_hoyle_has_no_card_tie_break() -> None:
    assert cmp(HOYLE, "Kh 7d 5c", "Ts 8d 4c") == 0     # one-card points of 10 each


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_6_8_cm7_an_unsuited_run_is_only_point(ranking: Ranking) -> None:
    assert cmp(ranking, "4s 5h 6d", "9s 9h 2c") == -1
    assert ranking.evaluate("4s 5h 6d").category == "point"


# ---------------------------------------------------------------------------- more clauses
def test_3_9_peel_order_of_categories() -> None:
    assert cmp(PEEL, "2h 3h 4h", "Ah Kh Jh") == 1          # sequence > flush
    assert cmp(PEEL, "2h 3h 5h", "As Ah Kc") == 1          # flush > pair
    assert cmp(PEEL, "2s 2h 3c", "As Kd Qc") == 1          # pair > point
    assert cmp(PEEL, "9s 9h Ac", "9d 9c Kh") == 1          # pair, then the third card
    assert PEEL.evaluate("Ks 9h 9c").description == "Pair of nines, king kicker"
    assert PEEL.evaluate("Ks 9h 9c").kept == parse_cards("9h 9c Ks")


def test_3_9_flush_ties_compare_cards_high_to_low() -> None:
    # K-7-5 and Q-8-4 both point 22: the king decides (rules A-C5)
    assert cmp(PEEL, "Kh 7h 5h", "Qs 8s 4s") == 1
    assert cmp(PEEL, "Kh 7h 5h", "Ks 7s 5s") == 0


def test_3_9_hoyle_point_is_the_best_suit() -> None:
    assert cmp(HOYLE, "9s 9h 2c", "Ah Kh 5c") == -1         # a pair counts nothing
    assert cmp(HOYLE, "9h 8h 4h", "As Ks 5d") == 1          # 21 in three cards > 21 in two
    assert cmp(HOYLE, "Ts 9s 2d", "Ah Kd 5c") == 1          # two-card 19 > one-card 11
    assert cmp(HOYLE, "As 5s 2h", "Ts 6s 2h") == 0          # 16 in two cards each
    s = HOYLE.evaluate("5c Ah Kh")
    assert (s.description, s.kept) == ("Point 21 (A♥ K♥)", parse_cards("Ah Kh 5c"))


def test_3_9_option_is_validated() -> None:
    with pytest.raises(RulesError, match="commerce_ranking"):
        get_ranking("commerce", commerce_ranking="parlett")


# ---------------------------------------------------------------------------- oracles
PIPS = {14: 11, 13: 10, 12: 10, 11: 10}


def peel_key(ids: tuple[int, ...]) -> tuple[int, ...]:
    ranks = sorted((i // 4 + 2 for i in ids), reverse=True)
    suited = len({i % 4 for i in ids}) == 1
    point = sum(PIPS.get(r, r) for r in ranks)
    if ranks[0] == ranks[2]:
        return (4, ranks[0])
    if suited and ranks == [14, 3, 2]:
        return (3, 3)
    if suited and ranks[0] - ranks[2] == 2 and ranks[0] != ranks[1] != ranks[2]:
        return (3, ranks[0])
    if suited:
        return (2, point, *ranks)
    if ranks[0] == ranks[1]:
        return (1, ranks[0], ranks[2])
    if ranks[1] == ranks[2]:
        return (1, ranks[1], ranks[0])
    return (0, point, *ranks)


def hoyle_key(ids: tuple[int, ...]) -> tuple[int, ...]:
    key = peel_key(ids)
    if key[0] >= 3:
        return key
    best = (0, 0)
    for size in (1, 2, 3):
        for group in itertools.combinations(ids, size):
            if len({i % 4 for i in group}) == 1:
                best = max(best, (sum(PIPS.get(i // 4 + 2, i // 4 + 2) for i in group), size))
    return (0, *best)


def dense(keys: list[tuple[int, ...]]) -> list[int]:
    ordinal = {k: i for i, k in enumerate(sorted(set(keys)))}
    return [ordinal[k] for k in keys]


def test_3_9_peel_order_matches_an_oracle() -> None:
    assert dense([peel_key(c) for c in COMBOS]) == [PEEL.rank3(*c) for c in COMBOS]


def test_3_9_hoyle_order_matches_an_oracle() -> None:
    assert dense([hoyle_key(c) for c in COMBOS]) == [HOYLE.rank3(*c) for c in COMBOS]


# ---------------------------------------------------------------------------- counts and hash
def simple_category(ids: tuple[int, ...], hoyle: bool) -> str:
    ranks = sorted(i // 4 + 2 for i in ids)
    suited = len({i % 4 for i in ids}) == 1
    if len(set(ranks)) == 1:
        return "tricon"
    if suited and (ranks in ([2, 3, 14],) or ranks == list(range(ranks[0], ranks[0] + 3))):
        return "sequence"
    if hoyle:
        return "point"
    if suited:
        return "flush"
    return "pair" if len(set(ranks)) == 2 else "point"


PEEL_COUNTS = {"tricon": 52, "sequence": 48, "flush": 1096, "pair": 3744, "point": 17160}
HOYLE_COUNTS = {"tricon": 52, "sequence": 48, "point": 22000}


def test_3_9_category_counts_peel() -> None:
    simple = Counter(simple_category(c, hoyle=False) for c in COMBOS)
    assert category_counts(PEEL) == dict(simple) == PEEL_COUNTS


def test_3_9_category_counts_hoyle() -> None:
    simple = Counter(simple_category(c, hoyle=True) for c in COMBOS)
    assert category_counts(HOYLE) == dict(simple) == HOYLE_COUNTS


GOLDEN = {
    "commerce": ("05b44f6799bfe05d77db4399276985734605085f9a2c0cf3c2f0b96321e1cfcf", 741),
    "commerce(commerce_ranking=hoyle18)":
        ("ce641ed7dd7dfa4ded8eba62f9568f7b03b15176a6b2d327bd0118498ded92b1", 73),
}


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_3_9_golden_ordering_hash(ranking: Ranking) -> None:
    digest, classes = GOLDEN[ranking.spec]
    text = ",".join(str(ranking.rank3(*c)) for c in COMBOS)
    assert hashlib.sha256(text.encode()).hexdigest() == digest
    assert ordering_digest(ranking) == digest
    assert ranking.class_count == classes


# ---------------------------------------------------------------------------- properties
hands = hands3


@settings(max_examples=300, deadline=None)
@given(hands, hands, hands, st.sampled_from(BOTH))
def test_3_9_total_preorder(a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...],
                            ranking: Ranking) -> None:
    check_preorder(ranking, a, b, c)


@settings(max_examples=300, deadline=None)
@given(hands, st.permutations(range(4)))
def test_3_9_suits_do_not_matter(hand: tuple[int, ...], perm: list[int]) -> None:
    moved = permute_suits(hand, perm)
    for ranking in BOTH:
        assert ranking.evaluate(hand) == ranking.evaluate(moved)
