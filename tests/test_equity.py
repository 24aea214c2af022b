"""Exact and Monte Carlo equity (``brag equity``), checked by brute force."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from bragkit.analysis.equity import equity
from bragkit.cards import Card, parse_cards, standard_pack
from bragkit.cli import main
from bragkit.errors import CardError, RulesError
from bragkit.hands import get_ranking

MODERN = get_ranking("modern")


def brute(hand: str, dead: str, opponents: int) -> tuple[Fraction, Fraction, Fraction]:
    """Enumerate every ordered tuple of disjoint opponent hands, one by one."""
    hero = MODERN.evaluate(hand)
    gone = set(parse_cards(hand)) | set(parse_cards(dead))
    left = [c for c in standard_pack() if c not in gone]
    hands = [(frozenset(h), MODERN.evaluate(h)) for h in itertools.combinations(left, 3)]
    win = tie = total = 0

    def walk(used: set[Card], depth: int, best: object) -> None:
        nonlocal win, tie, total
        if depth == opponents:
            total += 1
            if best is None or best < hero:  # type: ignore[operator]
                win += 1
            elif best == hero:
                tie += 1
            return
        for h, s in hands:
            if used.isdisjoint(h):
                walk(used | h, depth + 1, s if best is None or s > best else best)  # type: ignore[operator]

    walk(set(), 0, None)
    return Fraction(win, total), Fraction(tie, total), Fraction(total - win - tie, total)


DEAD_30 = ("2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s "
           "8c 8d 8h 8s 9c 9d")


@pytest.mark.parametrize("hand", ["Qs Qd Tc", "As Kd Jh", "Ts Js Qs", "Th Jd 9s"])
@pytest.mark.parametrize("opponents", [1, 2])
def test_exact_equity_matches_brute_force(hand: str, opponents: int) -> None:
    dead = " ".join(c for c in DEAD_30.split() if c not in hand.split())
    e = equity(hand, opponents, dead=dead)
    assert e.method == "exact"
    assert (e.win, e.tie, e.lose) == brute(hand, dead, opponents)


def test_full_pack_one_opponent_totals() -> None:
    e = equity("As Ah Ad")
    assert e.deals == 18424
    assert e.lose == Fraction(4, 18424)  # only the four prials of threes beat aces
    assert e.win + e.tie + e.lose == 1


def test_monte_carlo_interval_contains_the_exact_figure() -> None:
    exact = equity("Qs Qd 7c", 2)
    sampled = equity("Qs Qd 7c", 2, exact=False, samples=100_000, seed=7)
    assert sampled.method == "monte-carlo" and sampled.ci95 is not None
    assert abs(sampled.win - float(exact.win)) < sampled.ci95[0]
    again = equity("Qs Qd 7c", 2, exact=False, samples=100_000, seed=7)
    assert again.win == sampled.win  # the seed makes it reproducible


def test_four_and_five_card_hands() -> None:
    e = equity("9s 9c Kd 7h")
    assert e.method == "exact" and e.deals == 194580
    many = equity("9s 9c Kd 7h", 3, samples=20_000, seed=1)
    assert many.method == "monte-carlo"


def test_dead_cards_change_the_odds() -> None:
    base = equity("Ah Kh 4c")
    fewer_aces = equity("Ah Kh 4c", dead="As Ad Ac")
    assert fewer_aces.deals == 15180 and fewer_aces.win != base.win


def test_bad_requests() -> None:
    with pytest.raises(CardError, match="both in the hand and dead"):
        equity("As Kd Qh", dead="As")
    with pytest.raises(RulesError, match="exact equity"):
        equity("As Kd Qh", 3, exact=True)
    with pytest.raises(CardError, match="3, 4, 5 cards"):
        equity("As Kd")


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    main(["equity", "--json", "Qs Qd 7c"])
    payload = json.loads(capsys.readouterr().out)
    assert payload["method"] == "exact" and payload["fractions"]["lose"] == "535/4606"
    with pytest.raises(SystemExit) as exit_:
        main(["equity", "Qs Qd"])
    assert exit_.value.code == 2


@pytest.mark.parametrize(("name", "options"), [("teen-patti", {}), ("foster", {}),
                                               ("modern", {"wild": "jokers"})])
@pytest.mark.parametrize("seed", [1, 2])
def test_cached_exact_equity_matches_a_direct_count_in_other_rankings(
        name: str, options: dict[str, object], seed: int) -> None:
    """Every ordered pair of disjoint opponent hands counted with numpy (no pair algebra)."""
    import random

    import numpy as np

    rk = get_ranking(name, **options)
    cards = random.Random(seed).sample(rk.pack, 3 + 34)
    hand, dead = cards[:3], cards[3:]
    gone = {c.id for c in cards}
    left = [c.id for c in rk.pack if c.id not in gone]
    hands = np.array(list(itertools.combinations(left, 3)))
    strength = rk.rank_batch(hands).astype(np.int64)
    masks = np.bitwise_or.reduce(np.left_shift(1, hands.astype(np.int64)), axis=1)
    hero = rk.rank3(*(c.id for c in hand))
    one = equity(hand, 1, dead=dead, ranking=rk)
    assert (one.win, one.tie) == (Fraction(int((strength < hero).sum()), len(hands)),
                                  Fraction(int((strength == hero).sum()), len(hands)))
    disjoint = (masks[:, None] & masks[None, :]) == 0
    best = np.maximum(strength[:, None], strength[None, :])[disjoint]
    two = equity(hand, 2, dead=dead, ranking=rk)
    assert two.deals == best.size
    assert (two.win, two.tie) == (Fraction(int((best < hero).sum()), best.size),
                                  Fraction(int((best == hero).sum()), best.size))
