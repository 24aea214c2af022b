"""R-FOSTER: English Brag with the braggers A♦ > J♣ > 9♦ (rules 3.4, vectors 6.4)."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, card_from_id, parse_cards
from bragkit.errors import CardError, RulesError
from bragkit.hands import Ranking, get_ranking
from bragkit.hands.counts import category_counts, ordering_digest
from tests.ranking_checks import check_preorder, cmp, hands3, permute_suits

DEFAULT = get_ranking("foster")
HIGHEST = get_ranking("foster", bragger_tiebreak="highest_first")
NOT_NATURAL = get_ranking("foster", bragger_own_rank_natural=False)
BOTH = get_ranking("foster", bragger_tiebreak="highest_first", bragger_own_rank_natural=False)
ALL = (DEFAULT, HIGHEST, NOT_NATURAL, BOTH)

BRAGGER_STRENGTH = {"Ad": 3, "Jc": 2, "9d": 1}


# ---------------------------------------------------------------------------- vectors 6.4
@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_6_4_f1_three_eights_beat_an_eight_and_two_braggers(ranking: Ranking) -> None:
    assert cmp(ranking, "8s 8h 8c", "8d Jc 9d") == 1


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_6_4_f2_club_jack_beats_diamond_nine_before_kicker(ranking: Ranking) -> None:
    assert cmp(ranking, "7s 4h Jc", "7d 6s 9d") == 1
    assert ranking.evaluate("7s 4h Jc").description == \
        "Pair of sevens made with the J♣, four kicker"


def test_6_4_f3_natural_aces_are_best() -> None:
    best = DEFAULT.evaluate("As Ah Ac")
    assert cmp(DEFAULT, "As Ah Ac", "Ad Ah Jc") == 1
    assert best.rank == DEFAULT.class_count - 1
    # A♠ A♥ A♦ is natural too (bragger_own_rank_natural): it ties with A♠ A♥ A♣
    assert DEFAULT.evaluate("As Ah Ad") == best


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_6_4_f4_two_aces_and_the_club_jack_beat_three_kings(ranking: Ranking) -> None:
    assert cmp(ranking, "Ad Ah Jc", "Ks Kh Kc") == 1


def test_6_4_f4_two_aces_and_the_club_jack_are_second_best() -> None:
    second = DEFAULT.evaluate("Ah Ac Jc")
    assert second.rank == DEFAULT.class_count - 2
    assert second.description == "Triplet of aces with the J♣"
    # A♦ A♥ J♣ reads the same: the A♦ is a natural ace
    assert DEFAULT.evaluate("Ad Ah Jc") == second


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_6_4_f5_natural_pair_beats_bragger_pair_whatever_the_kicker(ranking: Ranking) -> None:
    assert cmp(ranking, "Ks Kh 2c", "Kd Jc 5d") == 1


def test_6_4_f6_bragger_pairs_with_the_highest_card() -> None:
    s = DEFAULT.evaluate("Kd Jc Ah")
    assert s.category == "pair"
    assert s.description == "Pair of aces made with the J♣, king kicker"
    assert s.kept == parse_cards("Ah Jc Kd")
    assert s.wilds == ((Card.parse("Jc"), Card.parse("Ac")),)
    assert DEFAULT.evaluate("Kd Jc Ah") == DEFAULT.evaluate("Kh Jc As")
    assert DEFAULT.evaluate("Kd Jc Ah") > DEFAULT.evaluate("Qh Jc As")


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_6_4_f7_any_bragger_makes_a_pair(ranking: Ranking) -> None:
    assert cmp(ranking, "Ah Th 4c", "Ks Qh Jc") == -1
    for hand in ("Ks Qh Jc", "2s 3h Ad", "2s 3h 9d"):
        assert ranking.evaluate(hand).category == "pair"


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_6_4_f8_runs_and_flushes_are_worthless(ranking: Ranking) -> None:
    assert cmp(ranking, "8s 4d 2c", "5h 6h 7h") == 1
    assert ranking.evaluate("5h 6h 7h").description == "High card 7-6-5"
    assert ranking.evaluate("Ah Th 4c").description == "High card A-10-4"


@pytest.mark.parametrize("ranking", (DEFAULT, HIGHEST, BOTH), ids=lambda r: r.spec)
def test_6_4_f9_highest_bragger_wins(ranking: Ranking) -> None:
    assert cmp(ranking, "Ad As Jc", "Ah Ac 9d") == 1


def test_6_4_f9_when_the_ace_of_diamonds_is_never_natural() -> None:
    # the A♦ then is a second bragger in A♦ A♠ J♣, and fewer braggers win first
    assert NOT_NATURAL.evaluate("Ad As Jc").description == \
        "Triplet of aces with two braggers (A♦, J♣)"
    assert cmp(NOT_NATURAL, "Ad As Jc", "Ah Ac 9d") == -1


def test_6_4_f10_fewer_braggers_then_highest() -> None:
    assert cmp(DEFAULT, "Ks Kh 9d", "Kd Ad Jc") == 1
    assert cmp(NOT_NATURAL, "Ks Kh 9d", "Kd Ad Jc") == 1


def test_6_4_f10_highest_first() -> None:
    assert cmp(HIGHEST, "Ks Kh 9d", "Kd Ad Jc") == -1
    assert cmp(BOTH, "Ks Kh 9d", "Kd Ad Jc") == -1


def test_6_4_f11_nine_of_diamonds_counts_as_a_natural_nine() -> None:
    assert cmp(DEFAULT, "9s 9h 9d", "8s 8h 8c") == 1
    assert DEFAULT.evaluate("9s 9h 9d") == DEFAULT.evaluate("9s 9h 9c")
    assert DEFAULT.evaluate("9s 9h 9d").wilds == ()


def test_3_4_bragger_own_rank_not_natural() -> None:
    # with bragger_own_rank_natural=False the 9♦ is a bragger even as a nine
    s = NOT_NATURAL.evaluate("9s 9h 9d")
    assert s.description == "Triplet of nines with the 9♦"
    assert s.wilds == ((Card.parse("9d"), Card.parse("9d")),)
    assert cmp(NOT_NATURAL, "9s 9h 9d", "9s 9h 9c") == -1
    assert cmp(NOT_NATURAL, "9s 9h 9d", "8s 8h 8c") == 1      # still above lower ranks
    assert cmp(NOT_NATURAL, "As Ad 5c", "As Ah 5c") == -1     # a bragger pair of aces
    assert cmp(DEFAULT, "As Ad 5c", "As Ah 5c") == 0          # a natural pair of aces
    assert NOT_NATURAL.evaluate("Ad Jc 9d").description == \
        "Triplet of aces with three braggers (A♦, J♣, 9♦)"


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_6_4_f12_equal_natural_pairs_tie(ranking: Ranking) -> None:
    assert cmp(ranking, "Ks Kh 5c", "Kd Kc 5h") == 0


# ---------------------------------------------------------------------------- descriptions
@pytest.mark.parametrize(("hand", "description", "kept", "wilds"), [
    ("Ks Kh Kc", "Triplet of kings", "Ks Kh Kc", ""),
    ("Ks Kh 9d", "Triplet of kings with the 9♦", "Ks Kh 9d", "9d Kd"),
    ("Jc Kd Ad", "Triplet of kings with two braggers (A♦, J♣)", "Kd Ad Jc", "Ad Ks Jc Kc"),
    ("Ad Jc 9d", "Triplet of aces with two braggers (J♣, 9♦)", "Ad Jc 9d", "Jc Ac 9d As"),
    ("9d Ad 9s", "Triplet of nines with the A♦", "9s 9d Ad", "Ad 9h"),
    ("5c Ks 5h", "Pair of fives, king kicker", "5h 5c Ks", ""),
    ("As Ad 5c", "Pair of aces, five kicker", "As Ad 5c", ""),
    ("Js Jc 5c", "Pair of jacks, five kicker", "Js Jc 5c", ""),
    ("2c Ad 3h", "Pair of threes made with the A♦, two kicker", "3h Ad 2c", "Ad 3d"),
    ("Ks Qh 7c", "High card K-Q-7", "Ks Qh 7c", ""),
])
def test_3_4_descriptions_kept_and_wilds(hand: str, description: str, kept: str,
                                         wilds: str) -> None:
    s = DEFAULT.evaluate(hand)
    assert s.description == description
    assert s.kept == parse_cards(kept)
    flat = parse_cards(wilds, allow_duplicates=True)
    assert s.wilds == tuple(zip(flat[::2], flat[1::2], strict=True))
    assert sorted(s.kept) == sorted(parse_cards(hand))


def test_3_4_wild_stand_ins_are_real_free_cards() -> None:
    for combo in itertools.combinations(range(52), 3):
        s = DEFAULT.evaluate(combo)
        held = set(combo)
        stand_ins = [stand.id for _, stand in s.wilds]
        assert len(set(stand_ins)) == len(stand_ins)
        for bragger, stand in s.wilds:
            assert bragger.id in held
            assert stand.id not in held - {bragger.id}


def test_3_4_options_are_validated() -> None:
    with pytest.raises(RulesError, match="bragger_tiebreak"):
        get_ranking("foster", bragger_tiebreak="most")
    with pytest.raises(RulesError, match="bragger_own_rank_natural"):
        get_ranking("foster", bragger_own_rank_natural="yes")
    with pytest.raises(CardError):
        DEFAULT.evaluate("As Kd")


# ---------------------------------------------------------------------------- oracle
def oracle_key(cards: tuple[Card, ...], fewer_first: bool, own_natural: bool
               ) -> tuple[int, ...]:
    """Foster's rules as a direct case analysis (independent of the enumeration in foster.py)."""
    braggers = sorted((c for c in cards if str(c) in BRAGGER_STRENGTH),
                      key=lambda c: -BRAGGER_STRENGTH[str(c)])
    others = sorted((c.rank_value for c in cards if str(c) not in BRAGGER_STRENGTH),
                    reverse=True)

    def made(cat: int, rank: int, wild: list[Card], kicker: tuple[int, ...]) -> tuple[int, ...]:
        if not wild:
            return (cat, rank, 1, *kicker)
        s = tuple(BRAGGER_STRENGTH[str(c)] for c in wild)
        tail = (-len(s), *s) if fewer_first else s
        return (cat, rank, 0, *tail, *kicker)

    if not braggers:
        a, b, c = others
        if a == c:
            return (2, a, 1)
        if a == b or b == c:
            return (1, b, 1, c if a == b else a)
        return (0, a, b, c)
    if len(braggers) == 3:
        # A♦ J♣ 9♦: three aces, the A♦ natural unless own-rank braggers count as braggers
        return made(2, 14, braggers if not own_natural else braggers[1:], ())
    if len(braggers) == 2:
        x = others[0]
        wild = [b for b in braggers if not (own_natural and b.rank_value == x)]
        return made(2, x, wild, ())
    bragger = braggers[0]
    x, y = others
    if x == y:
        return made(2, x, [] if own_natural and bragger.rank_value == x else [bragger], ())
    if own_natural and bragger.rank_value == x:
        return (1, x, 1, y)
    return made(1, x, [bragger], (y,))


def dense(keys: list[tuple[int, ...]]) -> list[int]:
    ordinal = {k: i for i, k in enumerate(sorted(set(keys)))}
    return [ordinal[k] for k in keys]


COMBOS = list(itertools.combinations(range(52), 3))


@pytest.mark.parametrize(("ranking", "fewer_first", "own_natural"), [
    (DEFAULT, True, True), (HIGHEST, False, True), (NOT_NATURAL, True, False),
    (BOTH, False, False)], ids=lambda x: getattr(x, "spec", str(x)))
def test_3_4_order_matches_an_independent_oracle(ranking: Ranking, fewer_first: bool,
                                                 own_natural: bool) -> None:
    keys = [oracle_key(tuple(card_from_id(i) for i in c), fewer_first, own_natural)
            for c in COMBOS]
    assert dense(keys) == [ranking.rank3(*c) for c in COMBOS]


# ---------------------------------------------------------------------------- counts and hash
def simple_category(ids: tuple[int, ...]) -> str:
    """Category by counting alone: a bragger pairs with anything, two braggers make three."""
    cards = [card_from_id(i) for i in ids]
    nb = sum(str(c) in BRAGGER_STRENGTH for c in cards)
    ranks = Counter(c.rank_value for c in cards)
    other_ranks = Counter(c.rank_value for c in cards if str(c) not in BRAGGER_STRENGTH)
    if max(ranks.values()) == 3 or nb >= 2 or (nb == 1 and max(other_ranks.values()) == 2):
        return "triplet"
    if nb == 1 or max(ranks.values()) == 2:
        return "pair"
    return "high_card"


EXPECTED_COUNTS = {"triplet": 398, "pair": 6435, "high_card": 15267}


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_3_4_category_counts(ranking: Ranking) -> None:
    simple = Counter(simple_category(c) for c in COMBOS)
    assert category_counts(ranking) == dict(simple) == EXPECTED_COUNTS
    assert sum(EXPECTED_COUNTS.values()) == 22100


GOLDEN = {
    "foster": "6b090091ff4af2b870d3d2574326e28913577218728d8fa8caf07471c19e22eb",
    "foster(bragger_tiebreak=highest_first)":
        "7660b072b403236870d3eee46f90266ce5a10c94d6da5f5440573937c167aee5",
    "foster(bragger_own_rank_natural=False)":
        "4d69f108b7d70b21d788303a0ccc7b17b8879fc8d97df54e727dd6bd05420000",
    "foster(bragger_own_rank_natural=False,bragger_tiebreak=highest_first)":
        "2ca47a7bff02807eea6a5b8120041f956515dc664271c72d295d38871d6d6645",
}
CLASS_COUNTS = {"foster": 730, "foster(bragger_tiebreak=highest_first)": 730,
                "foster(bragger_own_rank_natural=False)": 768,
                "foster(bragger_own_rank_natural=False,bragger_tiebreak=highest_first)": 768}


@pytest.mark.parametrize("ranking", ALL, ids=lambda r: r.spec)
def test_3_4_golden_ordering_hash(ranking: Ranking) -> None:
    text = ",".join(str(ranking.rank3(*c)) for c in COMBOS)
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[ranking.spec]
    assert ordering_digest(ranking) == GOLDEN[ranking.spec]
    assert ranking.class_count == CLASS_COUNTS[ranking.spec]


# ---------------------------------------------------------------------------- properties
hands = hands3


@settings(max_examples=300, deadline=None)
@given(hands, hands, hands, st.sampled_from(ALL))
def test_3_4_total_preorder(a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...],
                            ranking: Ranking) -> None:
    check_preorder(ranking, a, b, c)


BRAGGER_IDS = {Card.parse(t).id for t in BRAGGER_STRENGTH}


@settings(max_examples=300, deadline=None)
@given(hands, st.permutations(range(4)))
def test_3_4_suits_do_not_matter_without_braggers(hand: tuple[int, ...], perm: list[int]
                                                  ) -> None:
    moved = permute_suits(hand, perm)
    if BRAGGER_IDS & (set(hand) | set(moved)):
        return
    for ranking in ALL:
        assert ranking.evaluate(hand) == ranking.evaluate(moved)
