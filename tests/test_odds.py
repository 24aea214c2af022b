"""Exact odds tables (issue: exact odds), checked by independent counting."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest

from bragkit.analysis.combos import combinations_array
from bragkit.analysis.odds import category_counts
from bragkit.cards import Card, card_from_id
from bragkit.errors import RulesError
from bragkit.hands import get_ranking
from tests.test_hands_modern import naive_key

MODERN_3 = {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096, "pair": 3744,
            "high_card": 16440}
MODERN_4 = {"prial": 2509, "running_flush": 2308, "run": 29052, "flush": 41376,
            "pair": 71856, "high_card": 123624}
MODERN_5 = {"prial": 59280, "running_flush": 53900, "run": 569268, "flush": 708688,
            "pair": 699624, "high_card": 508200}
TWOS_5 = {"prial": 425712, "running_flush": 253224, "run": 668088, "flush": 463320,
          "pair": 486216, "high_card": 302400}
JOKERS_5 = {"prial": 256750, "running_flush": 204596, "run": 774924, "flush": 717504,
            "pair": 700536, "high_card": 508200}


@pytest.mark.parametrize(("cards", "expected"), [(3, MODERN_3), (4, MODERN_4), (5, MODERN_5)])
def test_modern_category_counts(cards: int, expected: dict[str, int]) -> None:
    table = category_counts("modern", cards)
    assert table.as_dict()["categories"] == expected
    assert table.total == sum(expected.values())
    assert sum(row.probability for row in table.rows) == 1


@pytest.mark.parametrize(("wild", "expected"), [("twos", TWOS_5), ("jokers", JOKERS_5)])
def test_wild_five_card_counts(wild: str, expected: dict[str, int]) -> None:
    assert category_counts("modern", 5, wild=wild).as_dict()["categories"] == expected


def _direct_categories(ids: np.ndarray) -> np.ndarray:
    """Independent vectorised classifier: 5 prial ... 0 high card, no tables."""
    ranks = np.sort(ids >> 2, axis=1)[:, ::-1] + 2
    suits = ids & 3
    flush = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    distinct = (ranks[:, 0] != ranks[:, 1]) & (ranks[:, 1] != ranks[:, 2])
    run = distinct & ((ranks[:, 0] - ranks[:, 2] == 2)
                      | ((ranks[:, 0] == 14) & (ranks[:, 1] == 3) & (ranks[:, 2] == 2)))
    prial = ranks[:, 0] == ranks[:, 2]
    pair = ~distinct & ~prial
    return np.select([prial, run & flush, run, flush, pair], [5, 4, 3, 2, 1], 0)


@pytest.mark.parametrize(("cards", "expected"), [(4, MODERN_4), (5, MODERN_5)])
def test_best_of_n_counts_agree_with_an_independent_count(
        cards: int, expected: dict[str, int]) -> None:
    hands = combinations_array(52, cards).astype(np.int64)
    best = np.zeros(len(hands), dtype=np.int64)
    for kept in itertools.combinations(range(cards), 3):
        best = np.maximum(best, _direct_categories(hands[:, list(kept)]))
    counts = np.bincount(best, minlength=6)[::-1].tolist()
    assert dict(zip(MODERN_3, counts, strict=True)) == expected


def test_wild_table_agrees_with_brute_force_substitution() -> None:
    """Jokers wild, every three-card hand: best natural key over all substitutions."""
    rk = get_ranking("modern", wild="jokers")
    naturals = [card_from_id(i) for i in range(52)]

    def brute(hand: tuple[Card, ...]) -> tuple[int, ...]:
        real = [c for c in hand if not c.is_joker]
        w = 3 - len(real)
        best: tuple[int, ...] = ()
        for subs in itertools.product(naturals, repeat=min(w, 2)):
            if w == 3:
                subs = (*subs, subs[0])
            elif len({*real, *subs}) < 3:
                continue  # a duplicate card: the same outcome comes from a fresh card
            key = naive_key((*real, *subs))
            best = max(best, key)
        return (*best, -w)

    hands = list(itertools.combinations(rk.pack, 3))
    wild_hands = [h for h in hands if any(c.is_joker for c in h) and
                  sum(c.is_joker for c in h) < 3]
    plain = [h for h in hands if not any(c.is_joker for c in h)][::40]
    sample = wild_hands + plain
    by_table = [rk.evaluate(h).key for h in sample]
    by_brute = [brute(h) for h in sample]
    for i, j in itertools.combinations(range(0, len(sample), 7), 2):
        assert (by_table[i] < by_table[j]) == (by_brute[i] < by_brute[j])
        assert (by_table[i] == by_table[j]) == (by_brute[i] == by_brute[j])


def test_other_rankings_and_bad_sizes() -> None:
    tp = category_counts("teen-patti").as_dict()["categories"]
    assert tp == {"trail": 52, "pure_sequence": 48, "sequence": 720, "colour": 1096,
                  "pair": 3744, "high_card": 16440}
    with pytest.raises(RulesError, match="not 4-card hands"):
        category_counts("teen-patti", 4)


def test_odds_against() -> None:
    row = category_counts("modern").rows[0]
    assert row.probability == Fraction(52, 22100)
    assert row.odds_against == pytest.approx(424.0)
