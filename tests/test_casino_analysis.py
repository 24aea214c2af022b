"""Exact analysis of the casino game (rules 3.10): pinned fractions and independent recounts.

The fast method counts dealer hands by inclusion and exclusion over strength
classes.  Two deliberately simple methods here must agree with it:

* a full recount that enumerates, for one player hand of each suit pattern,
  all 18,424 dealer hands left in the pack (numpy only as a lookup), then sums
  exact fractions in pure Python;
* a pure-Python brute force over every dealer hand for a few player hands,
  settled by the game's own settlement function.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import numpy as np
import pytest

from bragkit.analysis.casino import (
    DEALER_HANDS,
    PLAYER_HANDS,
    analyse,
    decision_values,
    hand_index,
    hand_table,
    simulate,
)
from bragkit.cards import parse_cards
from bragkit.errors import RulesError
from bragkit.games.casino import CasinoRules, settle_units
from bragkit.hands import get_ranking

BRAG = CasinoRules.preset("casino")
TCP = CasinoRules.preset("three-card-poker")

# Pinned exact figures (per ante; Pair Bonus per unit).  Published (Wizard of Odds): brag 3.35%,
# pair bonus 2.14%; Three Card Poker 3.37% and 2.32%; both play Q-6-4 or better.
BRAG_EDGE = Fraction(3415021, 101792600)
TCP_EDGE = Fraction(686689, 20358520)
BRAG_PAIR_EDGE = Fraction(118, 5525)
TCP_PAIR_EDGE = Fraction(128, 5525)


# ---------------------------------------------------------------------------- the simple method
def _suit_pattern(ids: tuple[int, int, int]) -> tuple[int, ...]:
    """Relabel suits by first appearance: hands with equal patterns are suit permutations."""
    seen: dict[int, int] = {}
    out = []
    for i in sorted(ids):
        out += [i // 4, seen.setdefault(i % 4, len(seen))]
    return tuple(out)


@functools.lru_cache(maxsize=4)
def slow_counts(ranking_name: str, qualifier: int) -> dict[tuple[int, int, int], tuple[int, ...]]:
    """Per player hand: (not qualified, wins, ties, losses), by direct enumeration per pattern."""
    ranking = get_ranking(ranking_name)
    table = np.asarray(ranking.flat_table, dtype=np.int64)
    groups: dict[tuple[int, ...], list[tuple[int, int, int]]] = {}
    for hand in itertools.combinations(range(52), 3):
        groups.setdefault(_suit_pattern(hand), []).append(hand)
    rest = np.array(list(itertools.combinations(range(49), 3)), dtype=np.int64)
    out: dict[tuple[int, int, int], tuple[int, ...]] = {}
    for members in groups.values():
        a, b, c = members[0]
        left = np.array([i for i in range(52) if i not in (a, b, c)], dtype=np.int64)
        dealer = left[rest]
        dr = table[(dealer[:, 0] << 12) | (dealer[:, 1] << 6) | dealer[:, 2]]
        mine = ranking.rank3(a, b, c)
        qualified = dr >= qualifier
        counts = (int((~qualified).sum()), int((qualified & (dr < mine)).sum()),
                  int((qualified & (dr == mine)).sum()), int((qualified & (dr > mine)).sum()))
        for hand in members:
            out[hand] = counts
    return out


def slow_house_edge(rules: CasinoRules) -> tuple[Fraction, str]:
    """The optimal house edge, in pure-Python fractions over the slow counts, and the threshold."""
    ranking = get_ranking(rules.ranking)
    tie = -2 if rules.casino_tie == "dealer" else 0
    total = Fraction(0)
    weakest_played = ranking.class_count
    for hand, (nq, w, t, lose) in slow_counts(rules.ranking, rules.qualifier_rank).items():
        rank = ranking.rank3(*hand)
        bonus = rules.ante_bonus_table.pays(ranking.category_of_rank(rank))
        play = Fraction(nq + 2 * w + tie * t - 2 * lose, DEALER_HANDS) + bonus
        if play > -1:
            weakest_played = min(weakest_played, rank)
        total += max(play, Fraction(-1))
    return -total / PLAYER_HANDS, str(weakest_played)


# ---------------------------------------------------------------------------- pinned figures
def test_3_10_brag_default_tables_pinned_and_published() -> None:
    a = analyse(BRAG)
    assert a.house_edge == BRAG_EDGE and a.pair_plus_edge == BRAG_PAIR_EDGE
    assert round(float(a.house_edge), 4) == 0.0335 and round(float(a.pair_plus_edge), 4) == 0.0214
    assert a.play_threshold == "Q-6-4" and a.threshold_is_optimal
    assert a.p_play == Fraction(149, 221)
    assert a.element_of_risk == BRAG_EDGE / (1 + a.p_play)


def test_3_10_three_card_poker_pinned_and_published() -> None:
    a = analyse(TCP)
    assert a.house_edge == TCP_EDGE and a.pair_plus_edge == TCP_PAIR_EDGE
    assert round(float(a.house_edge), 4) == 0.0337 and round(float(a.pair_plus_edge), 4) == 0.0232
    assert a.play_threshold == "Q-6-4"
    assert round(float(a.element_of_risk), 4) == 0.0201     # the published element of risk


@pytest.mark.parametrize("rules", [BRAG, TCP], ids=["brag", "tcp"])
def test_fast_counts_equal_a_direct_enumeration_for_every_hand(rules: CasinoRules) -> None:
    table = hand_table(rules.ranking, rules.qualifier_rank)
    slow = slow_counts(rules.ranking, rules.qualifier_rank)
    fast = np.stack([table.not_qualified, table.wins, table.ties, table.losses], axis=1)
    for i, hand in enumerate(map(tuple, table.combos.tolist())):
        assert tuple(fast[i]) == slow[hand]
    assert int(fast.sum()) == PLAYER_HANDS * DEALER_HANDS


@pytest.mark.parametrize("rules", [BRAG, TCP], ids=["brag", "tcp"])
def test_slow_pure_python_edge_equals_the_fast_one(rules: CasinoRules) -> None:
    edge, weakest = slow_house_edge(rules)
    assert edge == analyse(rules).house_edge
    q64 = get_ranking(rules.ranking).rank3(*(c.id for c in parse_cards("Qs 6h 4d")))
    assert weakest == str(q64)


def test_slow_method_with_other_rules_agrees_too() -> None:
    rules = CasinoRules.preset("casino", qualifier="pair", casino_tie="dealer",
                               ante_bonus_table="prial=10,run=2")
    edge, _ = slow_house_edge(rules)
    assert edge == analyse(rules).house_edge


@pytest.mark.parametrize("cards", ["Qs 6h 4d", "Ah Ad 3c", "4s 5s 6s", "Qh 6h 4h", "Jc Tc 9d"])
def test_pure_python_brute_force_of_one_hand_with_the_game_settlement(cards: str) -> None:
    ranking = get_ranking("modern")
    hand = parse_cards(cards)
    ids = [c.id for c in hand]
    mine = ranking.rank3(*ids)
    category = ranking.category_of_rank(mine)
    total = Fraction(0)
    left = [i for i in range(52) if i not in ids]
    for dealer in itertools.combinations(left, 3):
        ante, play, bonus, _ = settle_units(BRAG, True, mine, category, ranking.rank3(*dealer))
        total += ante + play + bonus
    assert decision_values(BRAG, hand) == (total / DEALER_HANDS, Fraction(-1))


# ---------------------------------------------------------------------------- strategies
def test_other_strategies_cost_more_than_the_optimum() -> None:
    q63 = analyse(BRAG, "Q-6-3")
    always = analyse(BRAG, "always")
    assert q63.house_edge > BRAG_EDGE and always.house_edge > q63.house_edge
    assert q63.optimal_house_edge == BRAG_EDGE and always.p_play == 1
    q64 = analyse(BRAG, "Q-6-4")
    assert q64.house_edge == BRAG_EDGE and q64.strategy == "play Q-6-4 or better"
    # playing Q-6-3 adds its 60 hands at their exact play value
    value = next(v for v in analyse(BRAG).near_threshold if v.label == "Q-6-3")
    assert value.hands == 60 and value.ev_play < -1
    gain = Fraction(60, PLAYER_HANDS) * (value.ev_play + 1)
    assert q63.expected_return - q64.expected_return == gain


def test_near_threshold_values_straddle_the_fold_value() -> None:
    rows = {v.label: v for v in analyse(BRAG).near_threshold}
    assert rows["Q-6-3"].ev_play < -1 < rows["Q-6-4"].ev_play
    assert rows["Q-6-4"].played == rows["Q-6-4"].hands and rows["Q-6-3"].played == 0


def test_bad_strategy_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="play threshold: bad hand 'Q-6'"):
        analyse(BRAG, "Q-6")


def test_std_dev_matches_a_direct_second_moment() -> None:
    a = analyse(BRAG)
    table = hand_table(BRAG.ranking, BRAG.qualifier_rank)
    ranking = get_ranking("modern")
    second = Fraction(0)
    for i, (nq, w, t, lose) in enumerate(zip(table.not_qualified.tolist(), table.wins.tolist(),
                                          table.ties.tolist(), table.losses.tolist(),
                                          strict=True)):
        play = Fraction(nq + 2 * w - 2 * lose, DEALER_HANDS)
        bonus = BRAG.ante_bonus_table.pays(ranking.category_of_rank(int(table.rank[i])))
        if play + bonus > -1:
            second += Fraction(nq * (1 + bonus) ** 2 + w * (2 + bonus) ** 2 + t * bonus**2
                               + lose * (bonus - 2) ** 2, DEALER_HANDS)
        else:
            second += 1
    variance = second / PLAYER_HANDS - a.expected_return**2
    assert a.variance == variance and 1.6 < a.std_dev < 1.7


def test_pair_bonus_table_rows_and_forfeit_option() -> None:
    rows = analyse(BRAG).pair_plus_rows
    assert [(c, n) for c, n, _ in rows] == [("prial", 52), ("running_flush", 48), ("run", 720),
                                           ("flush", 1096), ("pair", 3744), ("high_card", 16440)]
    # forfeiting on a fold changes nothing when every paying hand is played ...
    forfeit = CasinoRules.preset("casino", pair_plus_forfeit_on_fold=True)
    assert analyse(forfeit).pair_plus_edge == BRAG_PAIR_EDGE
    # ... but costs the folded pairs when the player folds them
    strict = analyse(forfeit, "A-A-2")
    assert strict.pair_plus_edge > BRAG_PAIR_EDGE


def test_custom_paytable_changes_the_figures_exactly() -> None:
    rules = CasinoRules.preset("casino", pair_plus_table="pair=2")   # nothing else pays
    assert analyse(rules).pair_plus_edge == Fraction(PLAYER_HANDS - 3744 - 2 * 3744, PLAYER_HANDS)


def test_hand_index_is_the_table_order() -> None:
    table = hand_table("modern", 0)
    for i in (0, 1, 777, 12345, PLAYER_HANDS - 1):
        assert hand_index(tuple(table.combos[i].tolist())) == i


# ---------------------------------------------------------------------------- simulation
@pytest.mark.parametrize(("rules", "seed"), [(BRAG, 1), (TCP, 2)], ids=["brag", "tcp"])
def test_simulation_interval_contains_the_exact_figure(rules: CasinoRules, seed: int) -> None:
    r = simulate(rules, 20_000, seed)
    assert r.exact == float(-analyse(rules).house_edge)
    assert r.ci95[0] <= r.exact <= r.ci95[1]
    assert abs(r.mean - r.exact) < 4 * r.std_err and 0.005 < r.std_err < 0.02
    assert abs(r.pair_plus_mean - r.pair_plus_exact) < 4 * r.pair_plus_std_err
