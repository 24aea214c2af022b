"""The equalising betting machine (rules 2.6, 4.1 step 3, 4.8; A-F1, A-F9, A-GA2, A-GA3)."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from bragkit.engine.poker.betting import PokerBetting, Round, side_pots, split


def _kinds(legal: tuple[object, ...]) -> list[str]:
    return [str(a) for a in legal]


def test_2_6_call_meets_the_highest_total_and_raise_adds_the_increment() -> None:
    m = PokerBetting(limit=10)
    r = Round.start(4, {3: 2})
    r, paid = m.call(r, 0, stack=50, blind=False)
    assert paid == 2 and r.contrib == (2, 0, 0, 2)
    r, paid = m.raise_(r, 1, 5, stack=50)
    assert paid == 7 and r.target == 7 and r.raises == 1
    assert r.acted == (False, True, False, False)      # everyone else must act again


def test_4_1_limit_bounds_every_raise_and_min_raise_the_smallest() -> None:
    m = PokerBetting(limit=6, min_raise=2)
    r = Round.start(3, {2: 1})
    assert _kinds(m.legal(r, 0, stack=100, live=3)) == ["fold", "call (costs 1)", "raise 2..6"]
    # the stack caps the raise: 4 chips, 1 to call, so at most 3
    assert _kinds(m.legal(r, 0, stack=4, live=3))[-1] == "raise 2..3"
    assert _kinds(m.legal(r, 0, stack=2, live=3)) == ["fold", "call (costs 1)"]


def test_4_1_round_closes_when_all_have_met_the_target_and_acted() -> None:
    m = PokerBetting(limit=10)
    status = ("in",) * 3
    stacks = (20,) * 3
    r = Round.start(3, {2: 2})
    r, _ = m.call(r, 0, stack=20, blind=False)
    assert m.next_to_act(r, 0, status, stacks) == 1
    r, _ = m.call(r, 1, stack=20, blind=False)
    # the dealer's ante meets the target but he has not acted: his option (A-F3)
    assert m.next_to_act(r, 1, status, stacks) == 2
    r = m.check(r, 2)
    assert m.next_to_act(r, 2, status, stacks) == -1


def test_4_1_forced_bettor_without_the_option_does_not_act() -> None:
    m = PokerBetting(limit=10, forced_may_raise=False)
    r = Round.start(3, {2: 2})
    r, _ = m.call(r, 0, stack=20, blind=False)
    r, _ = m.call(r, 1, stack=20, blind=False)
    assert m.next_to_act(r, 1, ("in",) * 3, (20,) * 3) == -1


def test_4_1_raise_reopens_the_betting_to_earlier_callers() -> None:
    m = PokerBetting(limit=10)
    r = Round.start(3, {2: 2})
    r, _ = m.call(r, 0, stack=20, blind=False)
    r, _ = m.raise_(r, 1, 3, stack=20)
    assert m.next_to_act(r, 1, ("in",) * 3, (20,) * 3) == 2
    r, _ = m.call(r, 2, stack=20, blind=False)
    assert m.next_to_act(r, 2, ("in",) * 3, (20,) * 3) == 0
    r, _ = m.call(r, 0, stack=20, blind=False)
    assert m.next_to_act(r, 0, ("in",) * 3, (20,) * 3) == -1


def test_a_f1_max_raises_caps_the_raises_of_a_round() -> None:
    m = PokerBetting(limit=5, max_raises=2)
    r = Round.start(3, {2: 1})
    r, _ = m.raise_(r, 0, 1, stack=50)
    r, _ = m.raise_(r, 1, 1, stack=50)
    assert "raise" not in " ".join(_kinds(m.legal(r, 2, stack=50, live=3)))


def test_a_ga3_cap_applies_only_while_more_than_two_are_in_the_pot() -> None:
    m = PokerBetting(limit=4, fixed=True, max_raises=3, cap_multiway_only=True)
    r = Round.start(4, {0: 1, 1: 2})
    for seat in (2, 3, 0):
        r, _ = m.raise_(r, seat, 4, stack=100)
    assert r.target == 14                                        # G1: 2 + 3 x 4
    assert "raise 4" not in _kinds(m.legal(r, 1, stack=100, live=3))
    assert "raise 4" in _kinds(m.legal(r, 1, stack=100, live=2))  # heads-up: no cap


def test_a_f4_no_checking_an_unopened_round_offers_pass_or_bet() -> None:
    m = PokerBetting(limit=5, fold_word="pass")
    assert _kinds(m.legal(Round.start(3), 0, stack=9, live=3)) == ["pass", "bet 1..5"]
    m2 = PokerBetting(limit=5, allow_check=True)
    assert _kinds(m2.legal(Round.start(3), 0, stack=9, live=3)) == ["check", "bet 1..5"]


def test_first_bet_of_an_unopened_round_is_not_a_raise() -> None:
    m = PokerBetting(limit=8, fixed=True, max_raises=3)
    r, paid = m.raise_(Round.start(3), 0, 8, stack=100)
    assert (paid, r.raises, r.target, r.opened) == (8, 0, 8, True)


def test_a_f9_all_in_call_for_less_is_credited_with_what_is_paid() -> None:
    m = PokerBetting(limit=10)
    r = Round.start(3, {2: 6})
    assert _kinds(m.legal(r, 0, stack=4, live=3)) == ["fold", "call (costs 4)"]
    r, paid = m.call(r, 0, stack=4, blind=False)
    assert paid == 4 and r.contrib[0] == 4


def test_all_in_fold_policy_offers_no_short_call() -> None:
    m = PokerBetting(limit=10, all_in="fold")
    r = Round.start(3, {2: 6})
    assert _kinds(m.legal(r, 0, stack=4, live=3)) == ["fold"]


def test_a_ga2_half_price_call_for_a_blind_seat_with_full_credit() -> None:
    m = PokerBetting(limit=4, fixed=True, half_price_blind=True)
    r = Round((0, 0, 6), 6, 1, (False, False, True), True, 2)
    assert m.call_cost(r, 0, stack=100, blind=True) == 3          # G1
    assert m.call_cost(r, 0, stack=100, blind=False) == 6
    r2, paid = m.call(r, 0, stack=100, blind=True)
    assert paid == 3 and r2.contrib[0] == 6
    # a blind raise costs full price
    _, paid = m.raise_(r, 1, 4, stack=100)
    assert paid == 10


def test_next_to_act_skips_all_in_and_closes_when_nobody_is_left_to_raise_against() -> None:
    m = PokerBetting(limit=10)
    r = Round((5, 5, 3), 5, 1, (True, False, True), True)
    # seat 1 matched but has not acted; seat 2 all-in for less; seat 0 acted
    assert m.next_to_act(r, 0, ("in", "in", "allin"), (10, 10, 0)) == 1
    assert m.next_to_act(r, 0, ("allin", "in", "allin"), (0, 10, 0)) == -1


def test_side_pots_main_and_side_with_a_folded_contributor() -> None:
    pots = side_pots((10, 4, 10, 2), (10, 4, 10, 2), (True, True, True, False))
    assert pots == [(14, (0, 1, 2)), (12, (0, 2))]


def test_side_pots_three_all_ins_at_different_levels() -> None:
    credit = (3, 8, 15, 15)
    pots = side_pots(credit, credit, (True,) * 4)
    assert pots == [(12, (0, 1, 2, 3)), (15, (1, 2, 3)), (14, (2, 3))]


def test_side_pots_folded_chips_above_the_top_live_level_join_the_top_pot() -> None:
    # seat 2 raised to 9 and then lost a private exchange (retired)
    pots = side_pots((5, 5, 9), (5, 5, 9), (True, True, False))
    assert pots == [(19, (0, 1))]


def test_side_pots_conserve_chips_on_random_tables() -> None:
    rng = random.Random(5)
    for _ in range(500):
        n = rng.randint(2, 7)
        credit = [rng.randint(0, 30) for _ in range(n)]
        chips = [c - rng.randint(0, c // 2) if rng.random() < 0.2 else c for c in credit]
        live = [rng.random() < 0.7 for _ in range(n)]
        if not any(c > 0 and lv for c, lv in zip(credit, live, strict=True)):
            continue
        pots = side_pots(credit, chips, live)
        assert sum(a for a, _ in pots) == sum(chips)
        for _, eligible in pots:
            assert eligible and all(live[s] for s in eligible)
        # later pots have fewer (or as many) eligible seats, each a subset of the previous
        for (_, a), (_, b) in itertools.pairwise(pots):
            assert set(b) <= set(a)


@pytest.mark.parametrize(("amount", "winners", "expected"), [
    (21, [3, 1], [(3, 11), (1, 10)]),
    (20, [0, 2], [(0, 10), (2, 10)]),
    (10, [2, 0, 1], [(2, 4), (0, 3), (1, 3)]),
])
def test_a_f5_split_odd_chips_to_the_seat_nearest_the_eldest(
        amount: int, winners: list[int], expected: list[tuple[int, int]]) -> None:
    assert split(amount, winners) == expected


def _levels(credit: list[int], chips: list[int], live: list[bool],
            ) -> list[tuple[int, tuple[int, ...]]]:
    """side_pots written level by level with no shortcut (what the one-level answer must
    equal)."""
    n = len(credit)
    levels = sorted({credit[s] for s in range(n) if live[s] and credit[s] > 0})
    left, low, pots = list(chips), 0, []
    for level in levels:
        amount = 0
        for s in range(n):
            if left[s] > 0 and credit[s] > low:
                take = min(left[s], level - low)
                left[s] -= take
                amount += take
        if amount:
            pots.append((amount, tuple(s for s in range(n) if live[s] and credit[s] >= level)))
        low = level
    if sum(left) and pots:
        pots[-1] = (pots[-1][0] + sum(left), pots[-1][1])
    return pots


def test_side_pots_at_one_level_as_level_by_level() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        n = rng.randint(2, 7)
        level = rng.randint(1, 9)
        credit = [rng.choice([0, level, level, rng.randint(0, level + 5)]) for _ in range(n)]
        live = [rng.random() < 0.7 for _ in range(n)]
        if {c for c, lv in zip(credit, live, strict=True) if lv and c > 0} != {level}:
            continue
        assert side_pots(credit, credit, live) == _levels(credit, credit, live)


def test_legal_kept_answers_equal_fresh_ones() -> None:
    """PokerBetting.legal's memo answers exactly as a fresh machine with the same
    parameters (every parameter, situation and stack)."""
    rng = random.Random(5)
    for _ in range(400):
        limit, low, fixed = rng.randint(1, 10), rng.randint(1, 3), rng.random() < 0.3
        cap, multiway = rng.choice([None, 1, 3]), rng.random() < 0.3
        check, word = rng.random() < 0.5, rng.choice(["fold", "pass"])
        all_in, half = rng.choice(["side_pots", "fold"]), rng.random() < 0.3
        forced = rng.random() < 0.5
        kept = PokerBetting(limit=limit, min_raise=low, fixed=fixed, max_raises=cap,
                            cap_multiway_only=multiway, allow_check=check, fold_word=word,
                            all_in=all_in, half_price_blind=half, forced_may_raise=forced)
        for _ in range(25):
            n = rng.randint(2, 6)
            contrib = tuple(rng.randint(0, 12) for _ in range(n))
            rnd = Round(contrib, max(contrib), rng.randint(0, 3), (False,) * n,
                        rng.random() < 0.6)
            seat, stack = rng.randrange(n), rng.randint(0, 40)
            live, blind = rng.randint(1, n), rng.random() < 0.3
            assert kept.legal(rnd, seat, stack=stack, live=live, blind=blind) == \
                replace(kept).legal(rnd, seat, stack=stack, live=live, blind=blind)
