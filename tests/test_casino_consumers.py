"""Casino 3 Card Brag through the consumers of the one contract (issue 11): what is special
about it comes from its GameSpec (a house game, its own rules, its action space), not from a
test of its name -- the RL environment, the discrete action space and the registry."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bragkit.engine.discrete import LAYOUTS, ActionSpace
from bragkit.engine.table import open_table
from bragkit.errors import RulesError
from bragkit.games import action_layout, game_rules, house_game, refuse_unserved, spec_of
from bragkit.games.casino import PRESETS, CasinoRules
from bragkit.rl.aec import BragAEC


def test_the_casino_spec_declares_a_house_game_with_its_own_rules_and_space() -> None:
    spec = spec_of("casino")
    assert spec.house and spec.own_rules and not spec_of("modern").house
    assert house_game("three-card-poker") is spec and house_game("modern") is None
    rules = game_rules(spec, "casino", {"casino_tie": "dealer"})
    assert rules == CasinoRules.preset("casino", casino_tie="dealer")
    assert action_layout("casino") != LAYOUTS["poker"]
    assert action_layout("teen-patti") == LAYOUTS["brag"]


def test_a_refusal_is_the_one_line_the_spec_declares() -> None:
    with pytest.raises(RulesError, match=r"^casino: played against the house: use 'brag "
                                         r"casino simulate'$"):
        refuse_unserved("casino", "simulate")
    refuse_unserved("casino", "rl")  # served
    refuse_unserved("modern", "simulate")


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_4_9_the_discrete_space_covers_every_casino_action(name: str) -> None:
    """Random play at a casino table: every legal action kind has a masked-in slot, each
    slot maps to an exact legal action, and index() inverts action()."""
    space = ActionSpace(action_layout("casino"))
    table = open_table(CasinoRules.preset(name), [200], seed=5)
    rng = random.Random(1)
    kinds: set[str] = set()
    for _ in range(300):
        if table.over:
            break
        legal = table.legal_actions()
        pot = table.chips_on_table()
        options = space.options(legal, pot)
        assert {str(a.kind) for a in options.values()} == {str(la.kind) for la in legal}
        for i, act in options.items():
            assert space.index(act, legal, pot) == i
            assert any(la.allows(act) for la in legal)
        kinds.update(str(a.kind) for a in options.values())
        table.apply(options[rng.choice(sorted(options))])
    assert kinds == {"ante", "pairbonus", "deal", "play", "fold"}


def test_4_9_the_aec_env_plays_casino_with_one_agent() -> None:
    env = BragAEC("casino", seed=3, stack=50)
    assert env.possible_agents == ["player_0"] and env.space.n == ActionSpace(
        action_layout("casino")).n
    rng = np.random.default_rng(2)
    for episode in range(30):
        env.reset(seed=episode)
        while not all(env.terminations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
        final = env.final
        assert final is not None and final.is_over
        assert env.rewards["player_0"] == final.returns()[0] == final.stacks[0] - 50
        assert not env.observe("player_0")["action_mask"].any()


def test_4_9_the_aec_env_passes_the_pettingzoo_api_test() -> None:
    from pettingzoo.test import api_test

    api_test(BragAEC("three-card-poker", seed=1, stack=30), num_cycles=200)


def test_4_9_the_aec_env_seats_only_the_one_player_and_has_no_rules_value() -> None:
    with pytest.raises(RulesError, match=r"casino seats exactly 1 player \(against the house\), "
                                         r"not 3"):
        BragAEC("casino", players=3)
    env = BragAEC("casino", rules={"qualifier": "pair"})
    assert isinstance(env.game_rules, CasinoRules) and env.game_rules.qualifier == "pair"
    with pytest.raises(RulesError, match="own rules value"):
        env.rules_value  # noqa: B018 -- the property raises
    assert BragAEC("modern").n == 3  # the table games' default stays


def test_4_9_check_preset_runs_the_generic_checker_on_casino(
        request: pytest.FixtureRequest) -> None:
    """``brag check``/``python -m bragkit.testing`` check casino with the one generic checker
    (its leak message), at one seat, with the house rules given."""
    from bragkit.testing import ConformanceError, check_preset
    from bragkit.testing.run import own_rules_game, preset_names

    assert [n for n in preset_names() if own_rules_game(n)] == list(PRESETS)
    report = check_preset("casino", hands=50, players=6, seed=2, stack=40,
                          settings={"qualifier": "none"})
    assert report.hands == 50 and report.showdowns == 50 and report.sessions >= 1
    request.getfixturevalue("leaky_casino_view")  # after the clean check above
    with pytest.raises(ConformanceError, match="view of p1 leaks"):
        check_preset("casino", hands=20, seed=1, stack=60)
    with pytest.raises(RulesError, match="qualifer"):
        check_preset("casino", hands=1, settings={"qualifer": "pair"})


def test_4_9_brag_play_hands_any_casino_preset_to_the_declared_terminal_player(
        tmp_path: object) -> None:
    """``brag play --preset three-card-poker`` runs ``brag casino play --preset
    three-card-poker`` (GameSpec.terminal), its --stack the bankroll, --hands passed on."""
    import json
    from pathlib import Path

    from click.testing import CliRunner

    from bragkit.cli import cli

    path = Path(str(tmp_path)) / "tcp.json"
    result = CliRunner().invoke(cli, ["play", "--preset", "three-card-poker", "--seed", "3",
                                      "--hands", "2", "--stack", "200", "--history",
                                      str(path)], input="p\nf\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("three-card-poker: ante 10")
    assert "Bankroll 200;" in result.output and "2 hands played" in result.output
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["rules"] == "three-card-poker" and saved["stacks"] == [200]
    assert [d[-1] for d in saved["deals"]] == ["p1 play", "p1 fold"]


def test_4_9_the_web_desk_plays_a_casino_session_and_shows_a_settled_hand_until_next(
) -> None:
    from bragkit.errors import IllegalActionError
    from bragkit.games.casino.session import CasinoSession
    from bragkit.web.casino import PRESETS as DESK_PRESETS
    from bragkit.web.casino import CasinoDesks

    assert tuple(PRESETS) == DESK_PRESETS
    desks = CasinoDesks(rng=random.Random(8))
    token, view = desks.open("three-card-poker", 60)
    desk = desks.desks[token]
    assert isinstance(desk.table, CasinoSession) and view["bankroll"] == 60
    desks.act(token, "ante 10")
    view = desks.act(token, "pairbonus 5")  # the bets are in: dealt at once
    assert view["phase"] == "decide" and len(str(view["own_cards"]).split()) == 3
    assert [a["kind"] for a in view["legal"]] == ["play", "fold"]
    view = desks.act(token, "fold")
    assert view["phase"] == "over" and view["chose"] == "fold" and view["paid"] == -15
    assert desk.table.state.phase == "ante" and desk.table.deal_no == 1  # the next hand waits
    with pytest.raises(IllegalActionError, match="this hand is over: next"):
        desks.act(token, "ante 5")
    view = desks.act(token, "next")
    assert view["phase"] == "ante" and view["bankroll"] == 45 and view["net"] == -15
    with pytest.raises(IllegalActionError, match="finish this hand first"):
        desks.act(token, "next")


def test_4_9_the_gym_env_is_the_casino_player_alone() -> None:
    from bragkit.rl import env, gym_env

    assert env("three-card-poker", seed=1).possible_agents == ["player_0"]
    g = gym_env("casino", players=1, seed=3, stack=50)
    rng = np.random.default_rng(0)
    for _ in range(10):
        g.reset()
        done, total = False, 0.0
        while not done:
            _, reward, done, _, _ = g.step(int(rng.choice(np.flatnonzero(g.action_masks()))))
            total += float(reward)
        final = g.aec.final
        assert final is not None and total == final.returns()[0] and g.skipped == 0
