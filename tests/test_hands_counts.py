"""R-CARD, R-31 and the seat tie-break of Three-Stake Brag (rules 3.7, 3.8; vectors 6.7)."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, parse_cards, standard_pack
from bragkit.errors import CardError, RulesError
from bragkit.hands import RANKING_NAMES, Strength, get_ranking
from bragkit.hands.counts import (
    SingleCardRanking,
    ThirtyOneRanking,
    best_seat,
    category_counts,
    ordering_digest,
    pip_value,
)


def thirty_one(**options: object) -> ThirtyOneRanking:
    ranking = get_ranking("thirty-one", **options)
    assert isinstance(ranking, ThirtyOneRanking)
    return ranking


_card = get_ranking("single-card")
assert isinstance(_card, SingleCardRanking)
CARD: SingleCardRanking = _card
T31 = thirty_one()
DISTANCE = thirty_one(over31="distance")
ACE_ONE = thirty_one(ace_value_31=1)
COMBOS = list(itertools.combinations(range(52), 3))


def not_bust(strength: Strength) -> bool:
    return strength.category != "bust"


def test_registry_lists_the_new_rankings() -> None:
    for name in ("foster", "american", "commerce", "single-card", "thirty-one"):
        assert name in RANKING_NAMES
        assert get_ranking(name).name == name
    assert get_ranking("thirty-one", over31="bust") is T31


# ---------------------------------------------------------------------------- R-CARD
def test_6_7_c1_ace_of_diamonds_wins_the_first_pool() -> None:
    seats = [CARD.evaluate(c) for c in ("Ks", "Ac", "Ad")]
    assert best_seat(seats) == 2


def test_6_7_c2_club_jack_beats_other_jacks() -> None:
    assert best_seat([CARD.evaluate("Jh"), CARD.evaluate("Jc")]) == 1


def test_6_7_c3_tie_goes_nearest_the_eldest() -> None:
    # seats 1..4 from the eldest hand; only seats 2 and 4 are compared here
    assert best_seat([None, CARD.evaluate("Kh"), None, CARD.evaluate("Ks")]) == 1
    assert best_seat([None, CARD.evaluate("Ks"), None, CARD.evaluate("Kh")]) == 1
    assert CARD.evaluate("Kh") == CARD.evaluate("Ks")


def test_3_7_complete_order_of_single_cards() -> None:
    order = sorted(standard_pack(), key=lambda c: CARD.evaluate(c))
    # ranks ascending; within a rank the bragger (if any) last
    assert [c.rank_value for c in order] == sorted(c.rank_value for c in order)
    for bragger in ("Ad", "Jc", "9d"):
        card = Card.parse(bragger)
        same = [c for c in order if c.rank == card.rank]
        assert same[-1] is card
        assert all(CARD.evaluate(card) > CARD.evaluate(c) for c in same[:-1])
    assert CARD.class_count == 16
    assert [CARD.evaluate(c).key[0] for c in ("2c", "9h", "9d", "Th", "As", "Ad")] == \
        [0, 7, 8, 9, 14, 15]
    assert all(CARD.rank1(c.id) == CARD.evaluate(c).key[0] for c in standard_pack())


def test_3_7_categories_are_ranks_best_first() -> None:
    assert CARD.categories[0] == "ace" and CARD.categories[-1] == "two"
    assert len(CARD.categories) == 13
    counts = Counter(CARD.evaluate(c).category for c in standard_pack())
    assert counts == dict.fromkeys(CARD.categories, 4)
    strengths = sorted({CARD.evaluate(c) for c in standard_pack()})
    indexes = [CARD.categories.index(s.category) for s in strengths]
    assert indexes == sorted(indexes, reverse=True)
    assert [CARD.category_of_rank(s.key[0]) for s in strengths] == [s.category for s in strengths]


def test_3_7_descriptions() -> None:
    s = CARD.evaluate("Ad")
    assert (s.description, s.category, s.kept, s.wilds) == \
        ("Ace of diamonds (bragger)", "ace", (Card.parse("Ad"),), ())
    assert CARD.evaluate("Th").description == "Ten of hearts"


def test_3_7_single_card_hands_only() -> None:
    with pytest.raises(CardError, match="1 card"):
        CARD.evaluate("As Kd")
    with pytest.raises(CardError, match="one card"):
        CARD.rank3(0, 1, 2)
    with pytest.raises(RulesError, match="unknown option"):
        get_ranking("single-card", bragger_tiebreak="highest_first")


# ----------------------------------------------------------------------------
@pytest.mark.parametrize(("hand", "total"), [
    ("As Kh Qd", 31), ("As Ad 9c", 31), ("Ts Th Tc", 30),
])
def test_6_7_t1_totals(hand: str, total: int) -> None:
    s = T31.evaluate(hand)
    assert T31.total(parse_cards(hand)) == total
    assert s.category == ("thirty_one" if total == 31 else "under")
    assert s.description == ("Thirty-one" if total == 31 else f"Total {total}")


def test_6_7_t1_two_thirty_ones_tie() -> None:
    assert T31.evaluate("As Kh Qd") == T31.evaluate("As Ad 9c") > T31.evaluate("Ts Th Tc")


def test_6_7_t2_over_thirty_one_is_bust() -> None:
    s = T31.evaluate("As Ad Kc")
    assert (s.category, s.description) == ("bust", "Bust: 32")
    assert s < T31.evaluate("2s 2h 2d")                  # worse than any hand not bust
    assert best_seat([s], eligible=not_bust) is None


def test_6_7_t3_tie_at_thirty_one_goes_nearest_the_eldest() -> None:
    seats = [T31.evaluate("Ts Th Tc"), T31.evaluate("As Kh Qd"), T31.evaluate("Ac Ad 9c")]
    assert [T31.total(s.kept) for s in seats] == [30, 31, 31]
    assert best_seat(seats, eligible=not_bust) == 1


def test_6_7_t4_drawing_totals() -> None:
    seat1 = parse_cards("9s 8h 7d")                      # 24
    seat2 = parse_cards("Ks 9h 8d")                      # 27
    assert (T31.total(seat1), T31.total(seat2)) == (24, 27)
    seat1 += parse_cards("5c")                           # pays 1, draws a 5: 29, stops
    seat2 += parse_cards("Kh")                           # pays 1, draws a K: 37, bust
    final = [T31.evaluate(seat1), T31.evaluate(seat2)]
    assert [s.description for s in final] == ["Total 29", "Bust: 37"]
    assert best_seat(final, eligible=not_bust) == 0
    assert best_seat(final) == 0


def test_3_8_more_than_three_cards() -> None:
    s = T31.evaluate("2s 2h 2d 2c 3s 3h 3d 3c 4s")       # nine cards, 24
    assert (s.description, len(s.kept)) == ("Total 24", 9)
    assert T31.evaluate("2s 4h 3d 9c Ks 3c") == T31.evaluate("As Kh Qd")
    assert s.kept[0] == Card.parse("4s")                 # shown high to low
    with pytest.raises(CardError, match="at least 3"):
        T31.evaluate("As Kd")
    with pytest.raises(CardError, match="duplicate"):
        T31.evaluate("As Kd As")


def test_3_8_bust_hands_worst_least_excess_first() -> None:
    order = ["As Ad Ac", "As Ad Kc", "2s 2h 2d", "Ts Th Tc", "As Kh Qd"]
    strengths = [T31.evaluate(h) for h in order]
    assert strengths == sorted(strengths)
    assert strengths[0] < strengths[1]                   # 33 is worse than 32
    assert best_seat(strengths[:2]) == 1                 # all_bust="least_excess"
    assert best_seat(strengths[:2], eligible=not_bust) is None   # all_bust="carry"


def test_3_8_distance_option() -> None:
    assert DISTANCE.categories == ("thirty_one", "under", "over")
    over1, under1 = DISTANCE.evaluate("As Ad Kc"), DISTANCE.evaluate("Ts Th Tc")
    assert (over1.category, over1.description) == ("over", "Total 32, 1 over")
    assert under1 > over1                                # equal distance: from below wins
    assert over1 > DISTANCE.evaluate("Ks Qh 9d")         # 32 beats 29
    assert DISTANCE.evaluate("As Kh Qd") > under1
    assert T31.evaluate("Ks Qh 9d") > T31.evaluate("As Ad Kc")


def test_3_8_ace_value_option() -> None:
    assert ACE_ONE.evaluate("As Ad Kc").description == "Total 12"
    assert ACE_ONE.evaluate("As Kh Qd").description == "Total 21"
    assert ACE_ONE.evaluate("Kh Qd As").kept == parse_cards("Kh Qd As")
    assert ACE_ONE.evaluate("As Ad Kc") < ACE_ONE.evaluate("2s 3h 8d")
    with pytest.raises(RulesError, match="ace_value_31"):
        get_ranking("thirty-one", ace_value_31=10)
    with pytest.raises(RulesError, match="over31"):
        get_ranking("thirty-one", over31="blackjack")


def test_2_1_pip_values() -> None:
    assert [pip_value(c) for c in parse_cards("As Kh Qd Jc Ts 9h 2c")] == \
        [11, 10, 10, 10, 10, 9, 2]
    assert pip_value(Card.parse("Ac"), ace=1) == 1


def simple_31(ids: tuple[int, ...], ace: int = 11) -> str:
    total = sum(ace if r == 14 else min(r, 10) for r in (i // 4 + 2 for i in ids))
    return "thirty_one" if total == 31 else "under" if total < 31 else "bust"


def test_3_8_three_card_category_counts() -> None:
    simple = Counter(simple_31(c) for c in COMBOS)
    expected = {"thirty_one": 504, "under": 21496, "bust": 100}
    assert category_counts(T31) == dict(simple) == expected
    assert category_counts(ACE_ONE) == {"thirty_one": 0, "under": 22100, "bust": 0}
    renamed = {"thirty_one": 504, "under": 21496, "over": 100}
    assert category_counts(DISTANCE) == renamed


GOLDEN = {
    "thirty-one": "e58e6816230bb35b08469cfdc96f6afc6a50b9e1058321b409573536974d0e43",
    "thirty-one(over31=distance)":
        "06f4d0a2d4141e8c233d14c7875a7b8ecbb32763521777c92ff13b6e9ce7f134",
    "thirty-one(ace_value_31=1)":
        "5e33fd622cb88e1d7431d4c17964ee9551a666f62c608396d238236ea5e1e36e",
}


@pytest.mark.parametrize("ranking", (T31, DISTANCE, ACE_ONE), ids=lambda r: r.spec)
def test_3_8_golden_ordering_hash(ranking: ThirtyOneRanking) -> None:
    text = ",".join(str(ranking.rank3(*c)) for c in COMBOS)
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[ranking.spec]
    assert ordering_digest(ranking) == GOLDEN[ranking.spec]
    assert ranking.class_count == 28


# ---------------------------------------------------------------------------- properties
def reference_score(cards: tuple[Card, ...], distance: bool) -> tuple[int, int]:
    total = sum(11 if c.rank_value == 14 else min(c.rank_value, 10) for c in cards)
    if distance:
        return (-abs(31 - total), 1 if total <= 31 else 0)
    return (1, total) if total <= 31 else (0, -total)


big_hands = st.lists(st.integers(0, 51), min_size=3, max_size=7, unique=True).map(tuple)
hands3 = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True).map(tuple)


@settings(max_examples=300, deadline=None)
@given(big_hands, big_hands, st.booleans())
def test_3_8_order_matches_reference(a: tuple[int, ...], b: tuple[int, ...],
                                     distance: bool) -> None:
    ranking = DISTANCE if distance else T31
    x, y = ranking.evaluate(a), ranking.evaluate(b)
    ra = reference_score(parse_cards(a), distance)
    rb = reference_score(parse_cards(b), distance)
    assert (x > y) - (x < y) == (ra > rb) - (ra < rb)
    assert sorted(x.kept) == sorted(parse_cards(a))


@settings(max_examples=300, deadline=None)
@given(hands3, hands3)
def test_3_8_evaluate_agrees_with_rank3(a: tuple[int, ...], b: tuple[int, ...]) -> None:
    for ranking in (T31, DISTANCE, ACE_ONE):
        x, y = ranking.evaluate(a), ranking.evaluate(b)
        ra, rb = ranking.rank3(*a), ranking.rank3(*b)
        assert (x > y) - (x < y) == (ra > rb) - (ra < rb)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 51), st.permutations(range(4)), big_hands)
def test_3_7_suits_do_not_matter_except_braggers(card: int, perm: list[int],
                                                 hand: tuple[int, ...]) -> None:
    moved = (card // 4) * 4 + perm[card % 4]
    braggers = {Card.parse(t).id for t in ("Ad", "Jc", "9d")}
    if card not in braggers and moved not in braggers:
        assert CARD.evaluate((card,)) == CARD.evaluate((moved,))
    moved_hand = tuple((i // 4) * 4 + perm[i % 4] for i in hand)
    assert T31.evaluate(hand) == T31.evaluate(moved_hand)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, 51)), min_size=1, max_size=8))
def test_best_seat_is_the_first_maximum(seats: list[int | None]) -> None:
    strengths = [None if s is None else CARD.evaluate((s,)) for s in seats]
    winner = best_seat(strengths)
    present = [s for s in strengths if s is not None]
    if not present:
        assert winner is None
        return
    assert winner is not None
    top = strengths[winner]
    assert top is not None and top == max(present)
    assert all(s is None or s < top for s in strengths[:winner])
