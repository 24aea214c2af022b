"""bragkit.rl: the PettingZoo AEC env of every preset, the Gymnasium wrapper, the discrete
action space (bragkit.engine.discrete)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import bragkit.rl as rl
from bragkit.engine import open_table
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.discrete import LAYOUTS, ActionSpace
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games import engine_of, specs
from bragkit.rl.observe import CARD_IDS, Observer
from bragkit.rules import get_preset, preset_names

TABLE_PRESETS = [p for p in preset_names() if engine_of(get_preset(p).game) is not None]
HOUSE_PRESETS = sorted(p for s in specs() if s.own_rules for p in s.presets)
"""The casino's presets (one player against the house: one agent)."""


@pytest.mark.parametrize("preset", TABLE_PRESETS + HOUSE_PRESETS)
def test_pettingzoo_api_and_seed_tests_pass_for_every_preset(preset: str) -> None:
    players = None if preset in HOUSE_PRESETS else min(3, get_preset(preset).max_players())
    with warnings.catch_warnings():
        # PettingZoo warns for every dict observation (leduc_holdem_v4 gets the same two)
        warnings.filterwarnings("ignore", message="Observation.*")
        for seed in range(3):
            api_test(rl.env(preset, players, seed=seed), num_cycles=1000)
        seed_test(lambda: rl.env(preset, players), num_cycles=500)


def random_deal(e: rl.BragAEC, rng: random.Random) -> int:
    """Play one deal with random masked actions; the number of decisions."""
    steps = 0
    while not all(e.terminations.values()):
        mask = e.observe(e.agent_selection)["action_mask"]
        legal = np.flatnonzero(mask)
        assert legal.size, "the agent on turn always has a legal action"
        e.step(int(rng.choice(list(legal))))
        steps += 1
    return steps


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "foster", "commerce-widow",
                                    "modern-dealers-choice", "three-stake-draw"])
def test_every_legal_action_has_a_slot(preset: str) -> None:
    rules = get_preset(preset)
    engine = engine_of(rules.game)
    assert engine is not None
    space = ActionSpace.for_engine(engine)
    rng = random.Random(5)
    for t in range(15):
        table = open_table(rules, [30] * 3, dealer=0, seed=t)
        while not table.over and table.deal_no < 2:
            legal = table.legal_actions()
            state = table.state
            pot = state.view(0).pot if state is not None else 0
            options = {space.action(i, legal, pot) for i in space.legal_indices(legal, pot)}
            for la in legal:
                assert any(la.allows(a) for a in options), f"{la} has no slot"
            move = rng.choice(sorted(options, key=str))
            assert space.action(space.index(move, legal, pot), legal, pot) == move
            table.apply(move)


def test_rewards_are_the_deals_net_chips() -> None:
    e = rl.env("modern", 3, seed=4, blind_winner_policy="wins")
    rng = random.Random(1)
    for _ in range(30):
        e.reset()
        random_deal(e, rng)
        final = e.final
        assert final is not None and final.is_over
        rewards = [e.rewards[a] for a in e.possible_agents]
        assert rewards == [float(x) for x in final.returns()]
        assert sum(rewards) == 0


def test_reset_seed_drives_only_the_envs_own_generator() -> None:
    a, b = rl.env("modern", 3), rl.env("modern", 3)
    random.seed(1)
    np.random.seed(1)
    a.reset(seed=11)
    random.seed(2)
    np.random.seed(2)
    b.reset(seed=11)
    assert a.table is not None and b.table is not None
    assert a.table.state == b.table.state
    state = random.getstate()
    a.reset(seed=12)
    assert random.getstate() == state, "the env never touches the global generator"
    assert a.table.state != b.table.state


def test_4_4_2_a_blind_seats_vector_never_holds_its_own_cards() -> None:
    rules = get_preset("modern")
    obs = Observer(3)
    packs = []
    for seed in (1, 2):
        table = open_table(rules, [30] * 3, dealer=0, seed=seed)
        for move in ("bet 2", "bet 2"):   # p2 and p3 bet blind
            table.apply_text(f"p{table.to_act + 1} {move}")
        packs.append(table)
    views = [t.state.view(s) for t in packs for s in range(3) if t.state is not None]
    assert views[0].own_cards is None
    hands = [[t.state.hands[s] for s in range(3)] for t in packs if t.state is not None]
    assert all(set(a).isdisjoint(b) for a, b in zip(*hands, strict=True)), "other cards"
    vec_a = [obs.vector(t.state.view(s), 90) for t in packs for s in range(3)
             if t.state is not None]
    # different cards, same public history: every blind seat's vector is the same
    for s in range(3):
        assert np.array_equal(vec_a[s], vec_a[3 + s])
        assert vec_a[s][:CARD_IDS].sum() == 0
    looked = packs[0]
    looked.apply_text(f"p{looked.to_act + 1} look")
    assert looked.state is not None
    seat = looked.state.to_act
    v = obs.vector(looked.state.view(seat), 90)
    own = looked.state.view(seat).own_cards
    assert own is not None and v[:CARD_IDS].sum() == 3
    assert all(v[c.id] == 1 for c in own)


def test_4_4_2_a_blind_agents_observation_from_the_env_holds_no_card() -> None:
    """Through the AEC env: two deals with different hands and the same public history give
    every blind agent the same observation; a look puts exactly its three cards in it."""
    seen = []
    for seed in (5, 6):   # the same dealer, other hands
        e = rl.env("modern", 3, seed=seed, blind_winner_policy="wins")
        e.reset(seed=seed)
        assert e.table is not None and e.table.state is not None
        hands = [e.table.state.hands[s] for s in range(3)]
        bet = [s.name for s in e.space.slots].index("bet@min")
        for _ in range(2):
            e.step(bet)
        seen.append((hands, e.agent_selection,
                     [e.observe(a)["observation"] for a in e.possible_agents], e))
    (ha, agent_a, obs_a, e), (hb, agent_b, obs_b, _) = seen
    assert all(set(x).isdisjoint(y) for x, y in zip(ha, hb, strict=True))
    assert agent_a == agent_b and e.table is not None and e.table.state is not None
    assert all(e.table.state.view(s).own_cards is None for s in range(3))
    assert all(np.array_equal(x, y) for x, y in zip(obs_a, obs_b, strict=True))
    assert all(v[:CARD_IDS].sum() == 0 for v in obs_a + obs_b)
    e.step([s.name for s in e.space.slots].index("look"))
    me = e.possible_agents.index(agent_a)
    assert e.table is not None and e.table.state is not None
    v = e.observe(agent_a)["observation"]
    assert sorted(np.flatnonzero(v[:CARD_IDS])) == sorted(ha[me])


def test_a_masked_out_index_raises() -> None:
    e = rl.env("modern", 2, seed=3)
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError, match="is not legal here"):
        e.step(bad)


def test_bad_arguments_are_one_line_errors() -> None:
    with pytest.raises(RulesError, match=r"seats 2\.\.16 players, not 17"):
        rl.env("modern", 17)
    with pytest.raises(RulesError, match="unknown preset 'modren'"):
        rl.env("modren", 2)
    with pytest.raises(RulesError, match="unknown rule key"):
        rl.env("modern", 2, bogus=1)


def test_bet_buckets_map_to_exact_legal_amounts() -> None:
    space = ActionSpace.for_engine("brag")
    legal = (LegalAction("fold"), LegalAction("bet", lo=4, hi=6))
    names = {space.slots[i].name: space.action(i, legal, pot=30)
             for i in space.legal_indices(legal, pot=30)}
    # x2 (8) and pot (30) are both clamped to the max (6): only one slot stays legal
    assert names == {"fold": Action("fold"), "bet@min": Action("bet", 4),
                     "bet@x2": Action("bet", 6)}
    assert space.index(Action("bet", 5), legal, pot=30) == space.slot_index("bet@min")
    assert set(LAYOUTS) == {"brag", "poker", "commerce"}


def test_gymnasium_wrapper_passes_the_env_checker() -> None:
    g = rl.gym_env("modern", players=3, opponents=["heuristic", "random"], seed=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(g, skip_render_check=True)
    _obs, info = g.reset(seed=5)
    total = 0.0
    for _ in range(200):
        mask = info["action_mask"]
        assert np.array_equal(mask, g.action_masks()) and mask.sum() > 0
        _obs, reward, done, _trunc, info = g.step(int(np.flatnonzero(mask)[0]))
        total += float(reward)
        if done:
            break
    assert done
    final = g.aec.final
    assert final is not None and total == final.returns()[0]


def test_gymnasium_illegal_action_ends_the_episode_or_raises() -> None:
    g = rl.gym_env("modern", players=2, opponents=["random"], seed=1)
    _obs, info = g.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, done, _trunc, info = g.step(bad)
    assert done and reward == -1.0 and info["illegal_action"]
    with pytest.raises(RulesError, match="the deal is over"):
        g.step(0)
    strict = rl.gym_env("modern", players=2, opponents=["random"], seed=1, illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError):
        strict.step(bad)


def test_bots_moves_are_applied_exactly_not_as_their_nearest_slot() -> None:
    e = rl.env("modern", 2, seed=2)
    e.reset(seed=2)
    assert e.table is not None
    bet = next(la for la in e.table.legal_actions() if la.kind == "bet")
    assert bet.lo is not None and bet.hi is not None and bet.hi >= 2 * bet.lo + 2
    odd = Action("bet", 2 * bet.lo + 1)        # between the x2 and pot/max buckets
    assert odd not in e.options().values()
    e.apply_exact(odd)
    state = e.current_state()
    assert state is not None and state.actions[-1][1] == odd
    g = rl.gym_env("modern", players=3, opponents=["heuristic"], seed=4)
    _obs, info = g.reset(seed=4)
    done = False
    while not done:
        _obs, _r, done, _t, info = g.step(int(np.flatnonzero(info["action_mask"])[0]))
    final = g.aec.final
    assert final is not None and final.is_over
