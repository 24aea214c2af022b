"""Bots: registry, legality across presets, strength tables, heuristic decisions."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any, ClassVar

import pytest

from bragkit.analysis.equity import equity
from bragkit.bots import bot_names, get_bot, register_bot
from bragkit.bots.heuristic import HeuristicBot
from bragkit.bots.random_bot import RandomBot
from bragkit.bots.strength import one_opponent_table, percentile_table, sampled_win
from bragkit.cards import parse_cards
from bragkit.engine import Table, open_table
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.brag.family import family_for
from bragkit.errors import RulesError
from bragkit.hands import get_ranking
from bragkit.hands.batch import rank_best_batch
from bragkit.rules import get_preset
from bragkit.testing.fixtures import stacked_pack
from tests.bot_checks import play_only_legal


def ids(text: str) -> tuple[int, ...]:
    return tuple(c.id for c in parse_cards(text))


def test_registry_knows_bots_per_game_and_rejects_unknown() -> None:
    assert {"heuristic", "random", "tracker"} <= set(bot_names("modern"))
    assert "random" in bot_names("commerce")
    with pytest.raises(RulesError, match="no bot 'genius' for modern; known: cfr, easy, heuristic"):
        get_bot("genius", get_preset("modern"))


def test_register_bot_adds_a_factory() -> None:
    from bragkit.bots import base

    register_bot("always-random", "modern", RandomBot)
    try:
        assert get_bot("always-random", get_preset("modern")).name == "random"
        assert "always-random" in bot_names("modern")
    finally:
        del base._REGISTRY[("always-random", "modern")]
    assert "always-random" not in bot_names("modern")


@pytest.mark.parametrize("hand", ["As Ah Ad", "Qs Qd 7c", "2c 3d 5h", "Ah 2h 3h", "7s 6s 4d",
                                  "Kc Jd 9h", "3s 3h 3c"])
@pytest.mark.parametrize("ranking", ["modern", "teen-patti"])
def test_one_opponent_table_equals_exact_equity(hand: str, ranking: str) -> None:
    rk = get_ranking(ranking)
    win, tie = one_opponent_table(rk).lookup(ids(hand))
    exact = equity(hand, ranking=rk)
    assert win == pytest.approx(float(exact.win), abs=1e-12)
    assert tie == pytest.approx(float(exact.tie), abs=1e-12)


def test_table_with_jokers_covers_the_bigger_pack() -> None:
    rk = family_for(get_preset("modern-jokers")).ranking
    win, _ = one_opponent_table(rk).lookup((52, 53, 51))  # two jokers and the ace of spades
    assert win > 0.99


def test_percentile_and_sampled_win_are_ordered() -> None:
    rk = get_ranking("modern")
    table = percentile_table(rk, 4)
    strong = table.beats(int(rank_best_batch(rk, [list(ids("As Ah Ad 2c"))])[0]))
    assert strong > 0.99
    rng = random.Random(4)
    pair = sampled_win(rk, ids("Qs Qd"), [()], set(), rng, samples=2000)
    junk = sampled_win(rk, ids("2s 3d"), [()], set(), rng, samples=2000)
    assert pair > 0.6 > junk
    # knowing the opponent's cards decides it
    assert sampled_win(rk, ids("As Ah Ad"), [ids("2s 2h 2d")], set(), rng) == 1.0
    assert sampled_win(rk, ids("2c 3d 5h"), [ids("Ks Kh Kd")], set(), rng) == 0.0


PRESETS = ["modern", "modern-4card", "modern-5card", "teen-patti", "modern-face-up",
           "modern-cover", "modern-lend", "modern-dealers-choice", "modern-jokers",
           "modern-no-blind", "modern-stub", "modern-rebuy", "modern-pot-limit"]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("name", ["random", "heuristic", "tracker"])
def test_bots_only_take_legal_actions(preset: str, name: str) -> None:
    t = play_only_legal(preset, [name, "random", name], stack=60, seed=11, rng_seed=2,
                        deals=25, max_steps=5000)
    assert t.deal_no >= 10 or t.over


def _state_for(hand: str, others: int = 1, dealer: int | None = None) -> Table:
    """A modern table where p1 (seat 0) holds ``hand``; by default the dealer is the last
    seat, so p1 acts first."""
    rules = get_preset("modern")
    n = others + 1
    dealer = n - 1 if dealer is None else dealer
    return open_table(rules, [100] * n, dealer=dealer,
                      pack=stacked_pack(rules, n, dealer, {0: hand}))


def test_heuristic_looks_then_raises_a_prial() -> None:
    bot = HeuristicBot(get_preset("modern"), blind_rate=0.0)
    rng = random.Random(1)
    t = _state_for("As Ah Ad", others=2)
    assert str(bot.act(t.state.view(0), t.legal_actions(), rng)) == "look"
    t.apply_text("p1 look")
    action = bot.act(t.state.view(0), t.legal_actions(), rng)
    assert action.kind == "bet" and action.amount is not None and action.amount > 1


def test_heuristic_folds_weak_hand_facing_a_big_bet() -> None:
    bot = HeuristicBot(get_preset("modern"), blind_rate=0.0)
    rng = random.Random(1)
    # p2 (seat 1) acts first; p1 then faces a 10-chip open bet with rubbish
    t = _state_for("2c 3d 5h", dealer=0)
    t.apply_text("p2 look")
    t.apply_text("p2 bet 10")
    t.apply_text("p1 look")
    assert bot.act(t.state.view(0), t.legal_actions(), rng) == Action("fold")


def test_heuristic_sees_heads_up_once_raising_stops_paying() -> None:
    bot = HeuristicBot(get_preset("modern"), blind_rate=0.0, max_raises=0)
    t = _state_for("Ks Kd 9c", dealer=0)
    t.apply_text("p2 look")
    t.apply_text("p2 bet 2")
    t.apply_text("p1 look")
    assert bot.act(t.state.view(0), t.legal_actions(), random.Random(1)) == Action("see")


def test_heuristic_discards_to_keep_the_best_three() -> None:
    bot = HeuristicBot(get_preset("modern-4card"))
    la = LegalAction("discard", args=("Ks", "Kd", "Kh", "2c"))
    from bragkit.engine.views import SeatView

    view = SeatView(0, 1, (10, 10), 2, (), 0, ("in", "in"), (True, False), 0, "discard",
                    parse_cards("Ks Kd Kh 2c"), {}, None, (), (la,))
    assert bot.act(view, (la,), random.Random(1)) == Action("discard", arg="2c")


def test_heuristic_plays_blind_sometimes_and_cheaply() -> None:
    rules = get_preset("modern")
    blind = 0
    for seed in range(60):
        bot = HeuristicBot(rules, blind_rate=0.5)
        t = open_table(rules, [100, 100, 100], dealer=0, seed=seed)
        action = bot.act(t.state.view(t.to_act), t.legal_actions(), random.Random(seed))
        if action.kind == "bet":
            blind += 1
            assert action.amount == 1
        else:
            assert action.kind == "look"
    assert 15 < blind < 45


class _AlwaysFold:
    """A minimal bot: a name and act(), no hooks."""

    name = "folder"

    def __init__(self, rules: object) -> None:
        self.rules = rules

    def act(self, view: object, legal: tuple[LegalAction, ...], rng: random.Random) -> Action:
        for la in legal:
            if la.kind == "fold":
                return Action("fold")
        return legal[0].examples()[0]


def test_a_bot_needs_only_a_name_and_act() -> None:
    from bragkit.bots import base
    from bragkit.sim import SimConfig, simulate

    register_bot("folder", "modern", _AlwaysFold)
    try:
        out = simulate(SimConfig(get_preset("modern"), ("folder", "heuristic"), hands=40,
                                 seed=1, block=20))
    finally:
        del base._REGISTRY[("folder", "modern")]
    folder = out["bots"][0]
    assert folder["net"] < 0 and folder["fold_rate"] > 0.5


@pytest.mark.parametrize("hand", ["Qs Qd 7c", "Kc Jd 9h", "Ac Kd 2h", "9s 9h 4c", "5c 4d 3h",
                                  "7s 6s 4d"])
def test_p_squared_is_close_to_exact_two_opponent_equity(hand: str) -> None:
    win, tie = one_opponent_table(get_ranking("modern")).lookup(ids(hand))
    exact = equity(hand, opponents=2)
    assert (win + tie / 2) ** 2 == pytest.approx(float(exact.win) + float(exact.tie) / 3,
                                                 abs=0.01)


def test_4_4_8_the_heuristic_counts_no_tie_when_it_sees() -> None:
    rules = get_preset("modern")
    bot = HeuristicBot(rules, blind_rate=0.0)
    mine = parse_cards("Ks Qd 9c")  # a high-card hand: the same ranks in other suits tie
    t = _state_for("Ks Qd 9c", dealer=0)
    t.apply_text("p2 look")
    t.apply_text("p2 bet 2")
    t.apply_text("p1 look")
    view = t.state.view(0)
    win, tie = one_opponent_table(bot.ranking).lookup([c.id for c in mine])
    assert tie > 0
    assert bot.tie_share(view) == tie / 2
    assert bot.one_opponent(tuple(c.id for c in mine)) - bot.tie_share(view) == pytest.approx(win)


class _Spy:
    """Records the seat of every view it is handed; plays randomly."""

    name = "spy"
    seen: ClassVar[list[tuple[int, int, int]]] = []  # (bot number, view.seat, to_act or -1)
    made: ClassVar[list[int]] = [0]

    def __init__(self, rules: object) -> None:
        self.random = RandomBot(get_preset("modern"))
        self.made[0] += 1
        self.uid = self.made[0]

    def act(self, view: Any, legal: tuple[LegalAction, ...], rng: random.Random) -> Action:
        self.seen.append((self.uid, view.seat, view.to_act))
        return self.random.act(view, legal, rng)

    def begin_deal(self, view: Any, shuffled: bool) -> None:
        self.seen.append((self.uid, view.seat, -1))

    def end_deal(self, view: Any) -> None:
        self.seen.append((self.uid, view.seat, -1))


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "foster", "commerce-widow"])
def test_a_bot_sees_only_its_own_seats_view(preset: str) -> None:
    from bragkit.bots import base
    from bragkit.cli import _register, cli
    from bragkit.sim import SimConfig, simulate

    register_bot("spy", "*", _Spy)
    _Spy.seen = []
    try:
        simulate(SimConfig(get_preset(preset), ("spy", "spy", "spy"), hands=30, seed=2,
                           block=10))
        _register()
        from click.testing import CliRunner

        result = CliRunner().invoke(cli, ["play", "--preset", preset, "--bots", "spy,spy",
                                          "--seed", "3", "--hands", "3", "--no-pause",
                                          "--history", str(Path(tempfile.mkdtemp()) / "h.json")],
                                    input="f\n" * 60)
        assert result.exit_code == 0, result.output
    finally:
        del base._REGISTRY[("spy", "*")]
    seats: dict[int, set[int]] = {}
    acts = 0
    for bot, seat, to_act in _Spy.seen:
        seats.setdefault(bot, set()).add(seat)
        if to_act >= 0:
            acts += 1
            assert seat == to_act, "a bot acted on another seat's view"
    assert acts > 30
    assert all(len(s) == 1 for s in seats.values()), "a bot was shown two seats' views"



def test_cfr_bot_against_random_never_asks_for_an_action_not_on_offer() -> None:
    """Against a random opponent the chips drift from the solved tree's (HU-Brag-S12): where
    the engine does not offer the tree's move (a see), the bot ends the deal off the tree
    (counted in off_tree) instead of raising (brag simulate --bots cfr,random --stack 12
    --seed 7 stopped with 'cfr: the engine does not offer see here')."""
    from bragkit.sim.runner import SimConfig, run_blocks

    rules = get_preset("modern").replace(short_stack_policy="cover",
                                         blind_winner_policy="wins")
    for seed in (5, 7):
        results = run_blocks(SimConfig(rules, ("cfr", "random"), hands=400, seed=seed,
                                       stack=12))
        assert sum(r.hands for r in results) == 400
        assert sum(sum(r.net) for r in results) + sum(r.pot for r in results) == 0
