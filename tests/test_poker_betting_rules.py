"""Rules keys of the poker-style games (rules 7): validation, presets, dispatch."""

from __future__ import annotations

from pathlib import Path

import pytest

from bragkit.engine import open_table
from bragkit.engine.poker.session import PokerSession
from bragkit.errors import RulesError
from bragkit.rules import Rules, get_preset, preset_names, resolve

POKER_GAMES = ("foster", "three-stake", "american", "brag-poker")


def test_7_defaults_follow_the_spec_table() -> None:
    r = get_preset("foster")
    assert (r.limit, r.min_raise, r.max_raises, r.allow_check) == (10, 1, None, False)
    assert (r.dealer_may_raise_own_ante, r.no_call_payment, r.dealer_withdraws_ante) == (
        True, 1, True)
    assert (r.showdown_tie, r.all_in) == ("split", "side_pots")
    assert (r.bragger_tiebreak, r.bragger_own_rank_natural) == ("fewer_then_highest", True)
    t = get_preset("three-stake")
    assert (t.stake, t.p2_allow_check, t.p2_tie, t.draw31, t.draw_price) == (
        1, False, "eldest", False, 1)
    assert (t.over31, t.all_bust, t.ace_value_31, t.stock_exhausted) == (
        "bust", "carry", 11, "stop")
    assert t.triple_winner_bonus == 0
    a = get_preset("american")
    assert (a.american_order, a.exchange_tie) == ("rank_first", "incumbent_survives")
    g = get_preset("brag-poker")
    assert (g.bet1_factor, g.max_raises, g.blind_may_draw) == (2, 3, True)
    assert (g.small_blind, g.big_blind, g.half_price_calls) == (1, 2, True)


def test_every_poker_style_preset_is_valid_and_shuffles_every_deal() -> None:
    names = [n for n in preset_names() if get_preset(n).game in POKER_GAMES]
    assert len(names) >= 15
    for name in names:
        rules = get_preset(name)
        assert rules.pack_policy == "shuffle_every_deal" and rules.cards == 3
        assert resolve(name) is rules
        assert Rules.from_json(rules.to_json()) == rules


def test_validation_lists_every_problem() -> None:
    with pytest.raises(RulesError) as error:
        Rules(game="foster", pack_policy="shuffle_every_deal", limit=0, min_raise=5,
              no_call_payment=-1, max_raises=-2)
    text = str(error.value)
    for part in ("limit must be >= 1", "min_raise must be 1..limit", "no_call_payment must be",
                 "max_raises must be"):
        assert part in text


@pytest.mark.parametrize(("changes", "message"), [
    ({"showdown_tie": "coin"}, "showdown_tie must be one of split, eldest"),
    ({"all_in": "borrow"}, "all_in must be one of"),
    ({"exchange_tie": "both"}, "exchange_tie must be one of"),
    ({"ace_value_31": 10}, "ace_value_31 must be one of 11, 1"),
    ({"over31": "near"}, "over31 must be one of"),
    ({"big_blind": 1, "small_blind": 2}, "big_blind must be >= 1 and >= small_blind"),
    ({"bet1_factor": 0}, "bet1_factor must be >= 1"),
    ({"stake": 0, "game": "three-stake"}, "stake must be >= 1"),
    ({"cards": 4}, "deals 3 cards"),
    ({"wild": "twos"}, "no wild-card option"),
])
def test_bad_values_are_rejected(changes: dict[str, object], message: str) -> None:
    base = get_preset("foster").to_dict()
    base.update(changes)
    with pytest.raises(RulesError, match=message):
        Rules.from_dict(base)


def test_poker_keys_are_rejected_under_other_games() -> None:
    with pytest.raises(RulesError, match="options of the poker-style games"):
        Rules(limit=5)


def test_pack_policy_must_shuffle_every_deal() -> None:
    with pytest.raises(RulesError, match="shuffles every deal"):
        Rules(game="brag-poker")


def test_at_most_twelve_players() -> None:
    assert get_preset("foster").max_players() == 12
    with pytest.raises(RulesError, match="too many"):
        open_table(get_preset("three-stake"), [10] * 13, dealer=0, seed=1)


@pytest.mark.parametrize("name", POKER_GAMES)
def test_session_dispatches_to_the_poker_table(name: str) -> None:
    table = open_table(get_preset(name), [30, 30, 30], dealer=0, seed=1)
    assert isinstance(table, PokerSession) and table.state is not None


def test_three_stake_needs_three_stakes_to_be_dealt_in() -> None:
    rules = get_preset("three-stake").replace(stake=2)
    table = open_table(rules, [30, 5, 30], dealer=0, seed=1)
    assert table.state is not None and table.state.status[1] == "out"
    assert table.state.pools == (0, 4, 4)          # P1 (4) already paid out


def test_2_3_table_stakes_reject_rebuys_during_a_deal() -> None:
    with pytest.raises(RulesError, match="table stakes"):
        get_preset("foster").replace(rebuy_anytime=True)


def test_4_1_tables_of_two_to_twelve_players() -> None:
    for name in POKER_GAMES:
        assert isinstance(open_table(get_preset(name), [10, 10], dealer=0, seed=1), PokerSession)
    with pytest.raises(RulesError, match="too many"):
        open_table(get_preset("american"), [10] * 13, dealer=0, seed=1)


def test_an_injected_generator_deals_the_same_as_its_seed() -> None:
    import random

    a = open_table(get_preset("foster"), [10] * 3, dealer=0, rng=random.Random(5))
    b = open_table(get_preset("foster"), [10] * 3, dealer=0, seed=5)
    assert a.packs_used == b.packs_used


@pytest.mark.parametrize(("preset", "changes", "stray"), [
    ("foster", {"draw31": True}, "draw31"),                         # a Three-Stake key
    ("foster", {"ante": 3}, "ante"),                                # modern Brag's ante
    ("foster", {"exchange_tie": "seer_survives"}, "exchange_tie"),  # American's
    ("american", {"bragger_tiebreak": "highest_first"}, "bragger_tiebreak"),  # R-FOSTER's
    ("american", {"p2_tie": "split"}, "p2_tie"),
    ("three-stake", {"showdown_tie": "eldest"}, "showdown_tie"),    # P2 ties are p2_tie
    ("three-stake", {"small_blind": 0}, "small_blind"),
    ("brag-poker", {"limit": 5}, "limit"),                          # fixed limits
    ("brag-poker", {"no_call_payment": 3}, "no_call_payment"),
])
def test_7_keys_of_another_game_are_refused_not_ignored(
        preset: str, changes: dict[str, object], stray: str) -> None:
    game = get_preset(preset).game
    with pytest.raises(RulesError, match=rf"^invalid rules: {stray} is not an option of {game} "):
        get_preset(preset).replace(**changes)  # refused when the rules are built


def test_7_every_key_of_a_game_is_accepted() -> None:
    from bragkit.engine.poker.game import poker_game_for

    tweaks: list[tuple[str, dict[str, object]]] = [
        ("foster", {"limit": 4, "min_raise": 2, "max_raises": 2,
                    "dealer_may_raise_own_ante": False, "no_call_payment": 2,
                    "dealer_withdraws_ante": False, "showdown_tie": "eldest", "all_in": "fold",
                    "bragger_tiebreak": "highest_first", "bragger_own_rank_natural": False}),
        ("foster", {"allow_check": True}),
        ("american", {"limit": 4, "american_order": "braggers_first",
                      "exchange_tie": "both_survive", "showdown_tie": "eldest"}),
        ("three-stake", {"stake": 2, "p2_allow_check": True, "p2_tie": "split", "draw31": True,
                         "draw_price": 2, "over31": "distance", "ace_value_31": 1,
                         "triple_winner_bonus": 1}),
        ("three-stake", {"all_bust": "least_excess"}),
        ("brag-poker", {"small_blind": 2, "big_blind": 4, "bet1_factor": 1,
                        "blind_may_draw": False, "half_price_calls": False, "max_raises": 4}),
    ]
    for name, changes in tweaks:
        assert poker_game_for(get_preset(name).replace(**changes)).name == name


def test_a_house_rule_of_another_game_exits_2_on_the_command_line(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from bragkit.cli import _register, cli

    _register()
    runner = CliRunner()
    result = runner.invoke(cli, ["simulate", "--preset", "foster", "--set", "draw31=true",
                                 "-n", "5"])
    assert result.exit_code == 2
    assert "draw31 is not an option of foster" in result.output
    assert "Traceback" not in result.output
    path = tmp_path / "h.json"
    path.write_text('{"rules": {"preset": "american", "p2_tie": "split"}, '
                    '"stacks": [30, 30, 30], "dealer": "p3", "seed": 1, "deals": [["p3 ante 1"]]}')
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 2 and "p2_tie is not an option of american" in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(("preset", "changes", "fine", "message"), [
    ("three-stake", {"draw_price": 2}, {"draw31": True},
     "draw_price has no effect without draw31=true"),
    ("three-stake", {"over31": "distance", "all_bust": "least_excess"}, {"over31": "bust"},
     "all_bust has no effect with over31='distance'"),
    ("foster", {"allow_check": True, "dealer_may_raise_own_ante": False},
     {"allow_check": False}, "dealer_may_raise_own_ante has no effect with allow_check=true"),
    ("american", {"allow_check": True, "dealer_may_raise_own_ante": False},
     {"allow_check": False}, "dealer_may_raise_own_ante has no effect with allow_check=true"),
])
def test_7_a_key_another_key_makes_meaningless_is_refused(
        preset: str, changes: dict[str, object], fine: dict[str, object], message: str) -> None:
    rules = get_preset(preset).replace(**changes)
    with pytest.raises(RulesError, match=message):
        open_table(rules, [30, 30, 30], dealer=0, seed=1)
    assert open_table(rules.replace(**fine), [30, 30, 30], dealer=0, seed=1).state is not None
