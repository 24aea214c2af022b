"""R-AMERICAN: every jack and nine an equal bragger (rules 3.5, vectors 6.5)."""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cards import Card, card_from_id, parse_cards
from bragkit.errors import RulesError
from bragkit.hands import Ranking, get_ranking
from bragkit.hands.counts import category_counts, ordering_digest
from tests.ranking_checks import check_preorder, cmp, hands3, permute_suits

RANK_FIRST = get_ranking("american")
BRAGGERS_FIRST = get_ranking("american", american_order="braggers_first")
BOTH = (RANK_FIRST, BRAGGERS_FIRST)
COMBOS = list(itertools.combinations(range(52), 3))


# ---------------------------------------------------------------------------- vectors 6.5
@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_6_5_am1_three_jacks_beat_three_aces(ranking: Ranking) -> None:
    assert cmp(ranking, "Js Jh Jd", "As Ah Ac") == 1


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_6_5_am2_two_braggers_and_an_ace_beat_two_aces_and_a_bragger(ranking: Ranking) -> None:
    assert cmp(ranking, "Js 9h Ac", "As Ah 9c") == 1


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_6_5_am3_three_jacks_and_three_nines_tie(ranking: Ranking) -> None:
    assert cmp(ranking, "Js Jh Jd", "9s 9h 9c") == 0
    best = ranking.evaluate("Js Jh Jd")
    assert best.rank == ranking.class_count - 1
    assert ranking.evaluate("Jc 9d 9s") == best


def test_6_5_am4_rank_first() -> None:
    assert cmp(RANK_FIRST, "Js 9h 2c", "As Ah Ac") == -1


def test_6_5_am4_braggers_first() -> None:
    assert cmp(BRAGGERS_FIRST, "Js 9h 2c", "As Ah Ac") == 1


def test_6_5_am5_rank_first() -> None:
    assert cmp(RANK_FIRST, "Jc 5d 3h", "Qs Qh 4c") == -1


def test_6_5_am5_braggers_first() -> None:
    assert cmp(BRAGGERS_FIRST, "Jc 5d 3h", "Qs Qh 4c") == 1


def test_3_5_more_braggers_win_at_equal_rank() -> None:
    for ranking in BOTH:
        assert cmp(ranking, "Ks 9h Jc", "Ks Kh Jc") == 1         # 2 braggers > 1
        assert cmp(ranking, "Ks Kh Jc", "Ks Kh Kc") == 1         # 1 bragger > natural
        assert cmp(ranking, "As Jh 5c", "As Ah 5c") == 1         # bragger pair > natural
        assert cmp(ranking, "As Jh 5c", "Ac 9d 5h") == 0         # all braggers are equal
        assert cmp(ranking, "As Jh 5c", "As 9h 4c") == 1         # then the kicker


def test_3_5_braggers_first_ignores_rank_until_the_count_is_equal() -> None:
    assert cmp(BRAGGERS_FIRST, "Jc 9d 2h", "As Ac 9h") == 1       # 2 braggers beat 1
    assert cmp(RANK_FIRST, "Jc 9d 2h", "As Ac 9h") == -1
    assert cmp(BRAGGERS_FIRST, "Jc 3d 2h", "Ks Kc 4h") == 1       # bragger pair > natural
    assert cmp(BRAGGERS_FIRST, "Ks Kc Kh", "Jc 3d 2h") == 1       # category first


@pytest.mark.parametrize(("hand", "description", "kept", "wilds"), [
    ("Js Jh Jd", "Triplet of aces with three braggers (J♠, J♥, J♦)", "Js Jh Jd",
     "Js As Jh Ah Jd Ad"),
    ("Js 9h Ac", "Triplet of aces with two braggers (J♠, 9♥)", "Ac Js 9h", "Js As 9h Ah"),
    ("Ks Kh 9c", "Triplet of kings with a bragger (9♣)", "Ks Kh 9c", "9c Kc"),
    ("Jc 5d 3h", "Pair of fives made with a bragger (J♣), three kicker", "5d Jc 3h", "Jc 5c"),
    ("Qs Qh 4c", "Pair of queens, four kicker", "Qs Qh 4c", ""),
    ("2s 2h 2c", "Triplet of twos", "2s 2h 2c", ""),
    ("As Th 4c", "High card A-10-4", "As Th 4c", ""),
])
def test_3_5_descriptions_kept_and_wilds(hand: str, description: str, kept: str,
                                         wilds: str) -> None:
    s = RANK_FIRST.evaluate(hand)
    assert s.description == description
    assert s.kept == parse_cards(kept)
    flat = parse_cards(wilds, allow_duplicates=True)
    assert s.wilds == tuple(zip(flat[::2], flat[1::2], strict=True))
    assert BRAGGERS_FIRST.evaluate(hand).description == description


def test_3_5_option_is_validated() -> None:
    with pytest.raises(RulesError, match="american_order"):
        get_ranking("american", american_order="natural_first")


# ---------------------------------------------------------------------------- oracle
def oracle_key(cards: tuple[Card, ...], rank_first: bool) -> tuple[int, ...]:
    """Best key over every rank each bragger may be called (brute force, per rules 3.5)."""
    braggers = [c for c in cards if c.rank_value in (9, 11)]
    plain = [c.rank_value for c in cards if c.rank_value not in (9, 11)]
    best: tuple[int, ...] = ()
    for called in itertools.product(range(2, 15), repeat=len(braggers)):
        values = [(r, False) for r in plain] + [(r, True) for r in called]
        counts = Counter(r for r, _ in values)
        top, n = max(counts.items(), key=lambda rc: (rc[1], rc[0]))
        if n == 1:
            key: tuple[int, ...] = (0, *sorted((r for r, _ in values), reverse=True))
        else:
            used = sum(1 for r, wild in values if wild and r == top)
            kicker = tuple(r for r, _ in values if r != top)
            cat = 2 if n == 3 else 1
            key = (cat, top, used, *kicker) if rank_first else (cat, used, top, *kicker)
        best = max(best, key)
    return best


def dense(keys: list[tuple[int, ...]]) -> list[int]:
    ordinal = {k: i for i, k in enumerate(sorted(set(keys)))}
    return [ordinal[k] for k in keys]


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_3_5_order_matches_a_brute_force_oracle(ranking: Ranking) -> None:
    rank_first = ranking is RANK_FIRST
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}  # the oracle reads only the ranks
    keys = []
    for c in COMBOS:
        cards = tuple(card_from_id(i) for i in c)
        ranks = tuple(sorted(card.rank_value for card in cards))
        if ranks not in seen:
            seen[ranks] = oracle_key(cards, rank_first)
        keys.append(seen[ranks])
    assert dense(keys) == [ranking.rank3(*c) for c in COMBOS]


# ---------------------------------------------------------------------------- counts and hash
def simple_category(ids: tuple[int, ...]) -> str:
    ranks = [i // 4 + 2 for i in ids]
    nb = sum(r in (9, 11) for r in ranks)
    plain = Counter(r for r in ranks if r not in (9, 11))
    most = max(plain.values(), default=0)
    if nb >= 2 or most == 3 or (nb == 1 and most == 2):
        return "triplet"
    if nb == 1 or most == 2:
        return "pair"
    return "high_card"


EXPECTED_COUNTS = {"triplet": 1860, "pair": 9680, "high_card": 10560}


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_3_5_category_counts(ranking: Ranking) -> None:
    simple = Counter(simple_category(c) for c in COMBOS)
    assert category_counts(ranking) == dict(simple) == EXPECTED_COUNTS
    # high cards hold no jack or nine: 11 ranks, three different, any suits
    assert EXPECTED_COUNTS["high_card"] == 165 * 4**3


GOLDEN = {
    "american": "5d32a8d170525f2191c49408550d9b1038ff2a3e99a919e5e4f2c718785262ac",
    "american(american_order=braggers_first)":
        "5da272797ffd98b37d4dcf2330477d498e350ec68aea14169123e6cf8db5e31d",
}


@pytest.mark.parametrize("ranking", BOTH, ids=lambda r: r.spec)
def test_3_5_golden_ordering_hash(ranking: Ranking) -> None:
    text = ",".join(str(ranking.rank3(*c)) for c in COMBOS)
    assert hashlib.sha256(text.encode()).hexdigest() == GOLDEN[ranking.spec]
    assert ordering_digest(ranking) == GOLDEN[ranking.spec]
    assert ranking.class_count == 364


# ---------------------------------------------------------------------------- properties
hands = hands3


@settings(max_examples=300, deadline=None)
@given(hands, hands, hands, st.sampled_from(BOTH))
def test_3_5_total_preorder(a: tuple[int, ...], b: tuple[int, ...], c: tuple[int, ...],
                            ranking: Ranking) -> None:
    check_preorder(ranking, a, b, c)


@settings(max_examples=300, deadline=None)
@given(hands, st.permutations(range(4)))
def test_3_5_suits_do_not_matter(hand: tuple[int, ...], perm: list[int]) -> None:
    moved = permute_suits(hand, perm)
    for ranking in BOTH:
        assert ranking.evaluate(hand) == ranking.evaluate(moved)
