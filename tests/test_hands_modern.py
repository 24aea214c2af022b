"""R-MODERN and R-TEENPATTI (rules 3.1, 3.6; vectors 6.1 and 6.6)."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bragkit.cards import Card, card_from_id, parse_cards
from bragkit.errors import CardError, RulesError
from bragkit.hands import Strength, get_ranking

MODERN = get_ranking("modern")


def ev(text: str, **options: object) -> Strength:
    return get_ranking("modern", **options).evaluate(text)


def test_6_1_M1_threes_are_the_best_prial() -> None:
    assert ev("3s 3h 3d") > ev("As Ah Ad")
    assert ev("3s 3h 3d", threes_high=False) < ev("As Ah Ad", threes_high=False)


def test_6_1_M2_any_prial_beats_any_running_flush() -> None:
    assert ev("As Ah Ad") > ev("Ks Kh Kd")
    assert ev("2s 2c 2d") > ev("Ah 2h 3h")


def test_6_1_M3_running_flushes_strictly_decrease() -> None:
    chain = ["Ah 2h 3h", "As Ks Qs", "Kd Qd Jd", "Qc Jc Tc", "Jc Tc 9c", "Tc 9c 8c", "9c 8c 7c",
             "8c 7c 6c", "7c 6c 5c", "6c 5c 4c", "5c 4c 3c", "4c 3c 2c"]
    strengths = [ev(h) for h in chain]
    assert all(a > b for a, b in itertools.pairwise(strengths))
    assert {s.category for s in strengths} == {"running_flush"}


def test_6_1_M4_run_beats_flush_and_the_house_rule_swaps_them() -> None:
    assert ev("4s 5h 6d") > ev("Ac Kc 9c")
    assert ev("4s 5h 6d", flush_over_run=True) < ev("Ac Kc 9c", flush_over_run=True)


def test_6_1_M5_two_ace_king_is_not_a_run() -> None:
    s = ev("2s Ah Kd")
    assert s.category == "high_card"
    assert s.description == "High card A-K-2"


def test_6_1_M6_flushes_compare_card_by_card() -> None:
    assert ev("Ah 7h 2h") > ev("Kc Qc Tc")
    assert ev("Kd Qd 9d") > ev("Kh Qh 8h")


def test_6_1_M7_pairs_compare_pair_rank_then_kicker() -> None:
    assert ev("8s 8h Jd") > ev("8d 8c Ts")
    assert ev("9s 9h 2d") > ev("8s 8h Ad")


def test_6_1_M8_highest_and_lowest_high_cards() -> None:
    high_cards = [s for s in (MODERN.evaluate(h) for h in
                  itertools.combinations(MODERN.pack, 3)) if s.category == "high_card"]
    best = max(high_cards, key=lambda s: s.key)
    worst = min(high_cards, key=lambda s: s.key)
    assert best == ev("As Kh Jd") and best.description == "High card A-K-J"
    assert worst == ev("5s 3h 2d")


def test_6_1_M9_equal_hands_are_equal() -> None:
    a, b = ev("7s 7h Qd"), ev("7d 7c Qs")
    assert a == b and not a < b and not a > b and hash(a) == hash(b)
    assert a.description == "Pair of sevens, queen kicker"


def test_6_1_M10_category_sizes_and_741_classes() -> None:
    counts = Counter(MODERN.category_of_rank(MODERN.rank3(*t))
                     for t in itertools.combinations(range(52), 3))
    assert counts == {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096,
                      "pair": 3744, "high_card": 16440}
    assert MODERN.class_count == 741


@pytest.mark.parametrize(("a23", "above", "below"), [
    ("top", "As Ks Qs", None), ("second", "Ks Qs Js", "As Ks Qs"), ("low", None, "4s 3s 2s"),
])
def test_3_1_a23_rank_option(a23: str, above: str | None, below: str | None) -> None:
    a23_hand = ev("Ah 2h 3h", a23_rank=a23)
    if above is not None:
        assert a23_hand > ev(above, a23_rank=a23)
    if below is not None:
        assert a23_hand < ev(below, a23_rank=a23)
    assert a23_hand.description == "Running flush A-2-3"


def test_6_6_TP1_teen_patti_aces_are_the_best_trail() -> None:
    tp = get_ranking("teen-patti")
    assert tp.evaluate("As Ah Ad") > tp.evaluate("3s 3h 3d")
    assert tp.evaluate("As Ah Ad").description == "Trail of aces"


def test_6_6_TP2_teen_patti_a23_top_or_second() -> None:
    top, second = get_ranking("teen-patti"), get_ranking("teen-patti", a23_rank="second")
    assert top.evaluate("Ah 2h 3h") > top.evaluate("As Ks Qs")
    assert second.evaluate("Ah 2h 3h") < second.evaluate("As Ks Qs")
    assert top.categories == ("trail", "pure_sequence", "sequence", "colour", "pair",
                              "high_card")


def test_descriptions_of_every_category() -> None:
    assert ev("3s 3h 3d").description == "Prial of threes"
    assert ev("Ah 2h 3h").description == "Running flush A-2-3"
    assert ev("Qs Js Ts").description == "Running flush Q-J-10"
    assert ev("Ah 2c 3h").description == "Run A-2-3"
    assert ev("Ac 9c Kc").description == "Flush A-K-9"
    assert ev("6c 6d As").description == "Pair of sixes, ace kicker"
    assert ev("As 5c 2h").kept == parse_cards("As 5c 2h")
    assert ev("7c Kd 7h").kept[2] == Card.parse("Kd")


GOLDEN = {
    ("modern", ()): "2d48dd71098e7e77",
    ("modern", (("a23_rank", "second"),)): "eefeb78e715c08e4",
    ("modern", (("a23_rank", "low"),)): "9e73994c73d89214",
    ("modern", (("threes_high", False),)): "c862f696e7464cb4",
    ("modern", (("flush_over_run", True),)): "04356406f1c050bc",
    ("teen-patti", ()): "c862f696e7464cb4",
    ("teen-patti", (("a23_rank", "second"),)): "d41702b64021b862",
    ("modern", (("wild", "twos"),)): "a3c9bf85e7468842",
    ("modern", (("wild", "black-twos"),)): "941d6d66658a20e0",
    ("modern", (("wild", "one-eyed-jacks"),)): "2d2b41f12743d054",
    ("modern", (("wild", "suicide-king"),)): "fcbfff996305150d",
    ("modern", (("wild", "jokers"),)): "6d626f64a081a94e",
    ("modern", (("wild", "jokers"), ("jokers", 1))): "8a067932dc6844b7",
    ("modern", (("wild", "twos"), ("wild_count_mode", "as_used"))): "3c9c9acdfb02c077",
}


@pytest.mark.parametrize(("name", "options"), list(GOLDEN))
def test_golden_hash_of_the_complete_ordering(
        name: str, options: tuple[tuple[str, object], ...]) -> None:
    ranking = get_ranking(name, **dict(options))
    ids = [c.id for c in ranking.pack]
    ranks = [ranking.rank3(*t) for t in itertools.combinations(ids, 3)]
    digest = hashlib.sha256(",".join(map(str, ranks)).encode()).hexdigest()[:16]
    assert digest == GOLDEN[(name, options)]


def naive_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    """A deliberately simple, independent R-MODERN classifier (rules 3.1)."""
    ranks = sorted((c.rank_value for c in cards), reverse=True)
    suited = len({c.suit for c in cards}) == 1
    if len(set(ranks)) == 1:
        return (6, 99 if ranks[0] == 3 else ranks[0])
    runs = [[r, r - 1, r - 2] for r in range(14, 3, -1)]
    if ranks == [14, 3, 2]:
        run = 100
    elif ranks in runs:
        run = ranks[0]
    else:
        run = 0
    if run:
        return (5 if suited else 4, run)
    if suited:
        return (3, *ranks)
    if len(set(ranks)) == 2:
        pair = ranks[1]
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        return (2, pair, kicker)
    return (1, *ranks)


def test_table_agrees_with_a_naive_classifier_on_every_hand() -> None:
    hands = list(itertools.combinations(MODERN.pack, 3))
    by_table = [MODERN.evaluate(h).key for h in hands]
    by_naive = [naive_key(h) for h in hands]
    order_table = sorted(range(len(hands)), key=lambda i: (by_table[i], i))
    order_naive = sorted(range(len(hands)), key=lambda i: (by_naive[i], i))
    assert order_table == order_naive
    for i, j in itertools.pairwise(order_table):
        assert (by_table[i] == by_table[j]) == (by_naive[i] == by_naive[j])


def test_fast_paths_agree_with_evaluate() -> None:
    rank = MODERN.ids_ranker()
    for t in itertools.islice(itertools.combinations(range(52), 3), 0, 22100, 97):
        s = MODERN.evaluate(tuple(card_from_id(i) for i in t))
        assert rank(t) == MODERN.rank3(*t) == s.rank == s.key[0]
        assert rank((t[2], t[0], t[1])) == s.rank
    assert MODERN.rank3(0, 0, 1) == -1


def test_evaluate_accepts_text_cards_and_ids_but_checks_the_hand() -> None:
    assert ev("As Ks Qs") == MODERN.evaluate(parse_cards("As Ks Qs")) == MODERN.evaluate(
        [51, 47, 43])
    with pytest.raises(CardError, match="duplicate"):
        MODERN.evaluate("As As Qs")
    with pytest.raises(CardError, match="3, 4 or 5 cards"):
        MODERN.evaluate("As Ks")
    with pytest.raises(CardError, match="not in the pack"):
        MODERN.evaluate("As Ks X")


def test_strengths_of_different_rankings_do_not_compare() -> None:
    with pytest.raises(TypeError, match="different rankings"):
        assert ev("As Ks Qs") < get_ranking("teen-patti").evaluate("As Ks Qs")


def test_unknown_ranking_and_options_raise_one_rules_error_listing_all() -> None:
    with pytest.raises(RulesError, match="unknown ranking 'poker'"):
        get_ranking("poker")
    with pytest.raises(RulesError) as info:
        get_ranking("modern", a23_rank="middle", wild="threes", colour=1)
    message = str(info.value)
    assert "a23_rank" in message and "wild" in message and "'colour'" in message


SUIT_PERMUTATIONS = list(itertools.permutations(range(4)))


@given(st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True),
       st.sampled_from(SUIT_PERMUTATIONS),
       st.sampled_from([("modern", ()), ("teen-patti", ()), ("modern", (("wild", "twos"),)),
                        ("modern", (("a23_rank", "low"),))]))
def test_suit_permutations_do_not_change_strength(
        ids: list[int], perm: tuple[int, ...],
        ranking: tuple[str, tuple[tuple[str, object], ...]]) -> None:
    rk = get_ranking(ranking[0], **dict(ranking[1]))
    permuted = [(i // 4) * 4 + perm[i % 4] for i in ids]
    assert rk.evaluate(ids) == rk.evaluate(permuted)


hand3 = st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True)


@given(hand3, hand3, hand3)
def test_order_is_a_total_preorder(a: list[int], b: list[int], c: list[int]) -> None:
    x, y, z = (MODERN.evaluate(h) for h in (a, b, c))
    assert sum((x < y, x == y, x > y)) == 1
    assert (x <= y) == (not x > y)
    if x <= y and y <= z:
        assert x <= z
    if x == y:
        assert hash(x) == hash(y)
