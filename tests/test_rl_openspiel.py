"""bragkit.rl.openspiel: the python_bragkit game passes the checks of OpenSpiel's API test,
OpenSpiel's CFR and sequence_form_lp run on it, and the LP value equals bragkit's solver's."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

import numpy as np
import pyspiel
import pytest

from bragkit.errors import RulesError
from bragkit.games import engine_of
from bragkit.rl.observe import EVENT_VOCAB
from bragkit.rl.openspiel import (
    BragSpielGame,
    BragSpielState,
    action_bound,
    canonical,
    chance_nodes,
    event_bound,
    hu_brag_params,
    load,
)
from bragkit.rules import get_preset, preset_names
from bragkit.solve import GameSpec, Solver

TINY = {
    # 8 cards (K, A), stacks of 2, whole hands dealt: 560 deals
    "hands": {"deck": 8, "stack": 2, "deal": "hands", "bets": "min;x2"},
    # the same cards by suit-isomorphism class, stacks of 4 (doubles, sees, covers)
    "classes": {"deck": 8, "stack": 4, "deal": "classes", "bets": "min;x2;max"},
}


@cache
def tiny_states(name: str = "hands") -> tuple[pyspiel.Game, dict[str, pyspiel.State]]:
    """Every state of a tiny game (:data:`TINY`)."""
    from open_spiel.python.algorithms import get_all_states  # heavy: only where used

    game = load(TINY[name])
    states = get_all_states.get_all_states(game, depth_limit=-1, include_terminals=True,
                                           include_chance_states=True)
    return game, states


def test_load_game_string_and_explicit_card_chance_nodes() -> None:
    game = pyspiel.load_game("python_bragkit(preset=modern,players=2)")
    assert game.num_players() == 2 and game.get_type().short_name == "python_bragkit"
    s = game.new_initial_state()
    seen = []
    while s.is_chance_node():
        outcomes = s.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
        assert len(outcomes) == 52 - len(seen)
        card = outcomes[len(seen)][0]
        seen.append(card)
        s.apply_action(card)
    assert len(seen) == 6 and s.current_player() == 0   # the dealer is the last seat
    assert s.information_state_string(0).startswith("p1 [blind]")
    assert len(s.information_state_tensor(0)) == game.information_state_tensor_size()
    assert len(s.observation_tensor(1)) == game.observation_tensor_size()
    three = pyspiel.load_game("python_bragkit(preset=teen-patti,players=3,deck=16)")
    assert len(three.new_initial_state().chance_outcomes()) == 16


@pytest.mark.parametrize("name", sorted(TINY))
def test_api_legal_actions_empty_at_terminals_and_off_turn(name: str) -> None:
    game, states = tiny_states(name)
    players = game.num_players()
    decisions = 0
    for state in states.values():
        if state.is_terminal():
            assert state.legal_actions() == []
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
            assert all(state.legal_actions(p) == [] for p in range(players))
        elif not state.is_chance_node():
            decisions += 1
            me = state.current_player()
            assert state.legal_actions()
            assert all(state.legal_actions(p) == [] for p in range(players) if p != me)
    assert decisions > 50


def test_api_information_state_raises_at_chance_and_terminal_nodes() -> None:
    game, states = tiny_states()
    chance = next(s for s in states.values() if s.is_chance_node())
    terminal = next(s for s in states.values() if s.is_terminal())
    for s in (chance, terminal):
        with pytest.raises(RuntimeError):
            s.information_state_string()
        with pytest.raises(RuntimeError):
            s.information_state_tensor()
    decision = next(s for s in states.values()
                    if not s.is_chance_node() and not s.is_terminal())
    for bad in (-1, game.num_players()):
        with pytest.raises(RuntimeError):
            decision.information_state_string(bad)


@pytest.mark.parametrize("name", sorted(TINY))
def test_api_zero_sum(name: str) -> None:
    _game, states = tiny_states(name)
    terminals = [s for s in states.values() if s.is_terminal()]
    assert terminals
    assert all(abs(sum(s.returns())) < 1e-12 for s in terminals)
    assert {tuple(s.returns()) for s in terminals} >= {(1.0, -1.0), (-1.0, 1.0)}


@pytest.mark.parametrize("name", sorted(TINY))
def test_api_no_information_set_shared_between_players(name: str) -> None:
    game, states = tiny_states(name)
    by_player: list[set[object]] = [set() for _ in range(game.num_players())]
    tensors: list[set[object]] = [set() for _ in range(game.num_players())]
    for s in states.values():
        if s.is_chance_node() or s.is_terminal():
            continue
        p = s.current_player()
        by_player[p].add(s.information_state_string(p))
        tensors[p].add(tuple(np.asarray(s.information_state_tensor(p))))
    assert not by_player[0] & by_player[1]
    assert not tensors[0] & tensors[1]


@pytest.mark.parametrize("name", sorted(TINY))
def test_api_perfect_recall(name: str) -> None:
    """For each information set, the player's own earlier (information set, action) pairs are
    the same along every history that reaches it (OpenSpiel's _assert_is_perfect_recall)."""
    game = load(TINY[name])
    seen: dict[tuple[str, int], list[tuple[str, int]]] = {}

    def walk(state: pyspiel.State, path: list[tuple[pyspiel.State, int]]) -> None:
        if state.is_terminal():
            return
        if not state.is_chance_node():
            p = state.current_player()
            key = (state.information_state_string(p), p)
            mine = [(s.information_state_string(p), a) for s, a in path
                    if not s.is_chance_node() and s.current_player() == p]
            assert seen.setdefault(key, mine) == mine, key
        for action in state.legal_actions():
            walk(state.child(action), [*path, (state, action)])

    walk(game.new_initial_state(), [])
    assert len(seen) > 20


def test_4_4_2_a_blind_seats_information_state_holds_no_card() -> None:
    """Whatever the hands, a seat that has not looked has one information state per public
    history (the same string and tensor for every deal)."""
    game, states = tiny_states()
    players = game.num_players()
    blind: dict[tuple[tuple[int, ...], int], set[object]] = {}
    for s in states.values():
        if s.is_chance_node() or s.is_terminal():
            continue
        assert isinstance(s, BragSpielState)
        engine = s.engine()
        assert engine is not None
        public = tuple(s.history()[players:])
        for p in range(players):
            if engine.view(p).own_cards is None:
                text = s.information_state_string(p)
                assert "[blind]" in text
                blind.setdefault((public, p), set()).add(
                    (text, tuple(np.asarray(s.information_state_tensor(p)))))
    assert len(blind) > 5
    assert all(len(found) == 1 for found in blind.values())


def test_classes_deal_is_the_hands_deal_value() -> None:
    """deal=classes (suit isomorphism) loses nothing: the LP values agree on 8 cards."""
    from open_spiel.python.algorithms import sequence_form_lp

    values = []
    for deal in ("hands", "classes"):
        game = load(hu_brag_params(stack=2, deck=8, deal=deal))
        v0, v1, _p0, _p1 = sequence_form_lp.solve_zero_sum_game(game)
        assert abs(v0 + v1) < 1e-6
        values.append(v0)
    assert abs(values[0] - values[1]) < 1e-6


def test_solver_and_sequence_form_lp_agree_on_a_reduced_deck() -> None:
    """bragkit's solver and OpenSpiel's sequence_form_lp on the adapter: HU-Brag with stacks
    of 2 on a 12-card deck.  The engine lets a bet of a player's last chip play on (the other
    player may still act), which is the solver's last_chip="plays-on" tree."""
    from open_spiel.python.algorithms import sequence_form_lp

    game = load(hu_brag_params(stack=2, deck=12, deal="classes"))
    v0, v1, _p0, _p1 = sequence_form_lp.solve_zero_sum_game(game)
    spec = GameSpec.hu_brag_s12(stack=2, deck=12, last_chip="plays-on")
    solver = Solver(spec)
    solver.run(400)
    evaluation = solver.evaluate()
    assert evaluation.exploitability < 1e-7
    assert abs(v0 - evaluation.value) < 1e-6
    assert abs(v0 + v1) < 1e-6
    ends = Solver(dataclasses.replace(spec, last_chip="ends"))
    ends.run(400)
    assert abs(ends.evaluate().value - v0) > 0.1   # the rules-4.4.9 tree is another game


def test_openspiel_cfr_runs_on_a_reduced_deck() -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    game = load({"deck": 8, "stack": 2, "deal": "classes", "bets": "min;x2"})
    solver = cfr.CFRPlusSolver(game)
    gaps = []
    for iterations in (1, 4):
        for _ in range(iterations):
            solver.evaluate_and_update_policy()
        gaps.append(exploitability.nash_conv(game, solver.average_policy()))
    assert gaps[1] < gaps[0] / 2, gaps


def test_canonical_hands_and_bad_parameters() -> None:
    assert canonical((0, 1, 2)) == canonical((1, 2, 3))          # three 2s, any suits
    assert canonical((48, 44, 40)) != canonical((48, 44, 41))    # suited or not
    with pytest.raises(RulesError, match="brag-style games, not foster"):
        load({"preset": "foster"})
    with pytest.raises(RulesError, match="deck must be 52 or a multiple of 4"):
        load({"deck": 10})
    with pytest.raises(RulesError, match="two players only"):
        load({"deal": "classes", "players": 3})


BRAG_PRESETS = [p for p in preset_names() if engine_of(get_preset(p).game) == "brag"]


@pytest.mark.parametrize("preset", BRAG_PRESETS)
def test_random_deals_of_every_brag_style_preset(preset: str) -> None:
    """Random play from the full pack: every index offered is accepted by the engine (the
    legal-action cache of three-card modern Brag included) and every deal is zero-sum."""
    if preset == "modern-rebuy":
        pytest.skip("rebuy_anytime is refused (test_rebuy_anytime_is_refused)")
    rng = random.Random(3)
    for players in (2, 3):
        game = pyspiel.load_game(f"python_bragkit(preset={preset},players={players},stack=20)")
        for _ in range(8):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(rng.choice(s.chance_outcomes())[0])
                else:
                    assert len(s.observation_tensor()) == game.observation_tensor_size()
                    s.apply_action(rng.choice(s.legal_actions()))
            assert abs(sum(s.returns())) < 1e-12
            assert len(s.history()) <= game.max_game_length()


@pytest.mark.parametrize("name", sorted(TINY))
def test_api_openspiel_perfect_recall_of_strings_and_tensors(name: str) -> None:
    """OpenSpiel's own check (integration_tests/api_test.py), which compares the earlier
    information-state strings *and tensors* along every history of an information set; and
    one tensor per information state, as many tensors as strings."""
    from open_spiel.integration_tests import api_test

    game, states = tiny_states(name)
    assert len(api_test._assert_is_perfect_recall(game)) > 300
    pairs = {(s.current_player(), s.information_state_string(),
              np.asarray(s.information_state_tensor()).tobytes())
             for s in states.values() if not s.is_chance_node() and not s.is_terminal()}
    assert len({p[:2] for p in pairs}) == len({(p[0], p[2]) for p in pairs}) == len(pairs)


def test_information_state_tensor_keeps_the_whole_log() -> None:
    """A refused showdown proposal followed by 30 blind bets: the 16 latest events and the
    table are those of the deal without it (equal observation tensors, which were the
    information-state tensors before), the information states and their tensors differ."""
    game = load({"players": 3, "stack": 40, "deck": 12, "deal": "hands"})

    def play(propose: bool) -> pyspiel.State:
        s = game.new_initial_state()
        while s.is_chance_node():
            s.apply_action(s.chance_outcomes()[0][0])

        def do(name: str) -> None:
            p = s.current_player()
            s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(p, a) == name))

        for _ in range(3):
            do("bet@min")
        if propose:
            do("showdown")
            do("refuse")
        for _ in range(30):
            do("bet@min")
        return s

    x, y = play(True), play(False)
    assert x.current_player() == y.current_player() == 0
    assert x.observation_tensor(0) == y.observation_tensor(0)
    assert x.information_state_string(0) != y.information_state_string(0)
    tx, ty = np.asarray(x.information_state_tensor(0)), np.asarray(y.information_state_tensor(0))
    assert (tx != ty).any()
    assert isinstance(x, BragSpielState)
    engine = x.engine()
    assert engine is not None
    n, obs = game.num_players(), x.g.observer
    rows = tx[n + obs.size:].reshape(x.g.events, obs.event_width)
    kinds = len(EVENT_VOCAB)
    assert rows[:, :kinds].sum() == len(engine.info_key(0).events) == 42
    assert [EVENT_VOCAB[int(k)] for k in rows[:12, :kinds].argmax(1)][-3:] == [
        "bet", "propose", "refuse"]


LONG_PRESETS = [p for p in BRAG_PRESETS if p != "modern-rebuy"]


@pytest.mark.parametrize("preset", LONG_PRESETS)
def test_long_deals_stay_within_max_game_length_and_the_event_bound(preset: str) -> None:
    """Random deals that favour the smallest bets, looks, proposals and side shows (the
    longest deals) never pass ``max_game_length`` (chance + action_bound) nor the log bound
    of the information-state tensor (event_bound)."""
    rng = random.Random(11)
    long_ones = {"bet@min", "look", "showdown", "refuse", "sideshow", "accept", "decline"}
    for players, stack in ((2, 3), (2, 12), (3, 3), (3, 12), (6, 4)):
        game = load({"preset": preset, "players": players, "stack": stack})
        assert isinstance(game, BragSpielGame)
        bound = event_bound(game.config)
        assert game.max_game_length() == chance_nodes(game.config) + action_bound(game.config)
        for _ in range(6):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(rng.choice(s.chance_outcomes())[0])
                    continue
                p = s.current_player()
                legal = s.legal_actions()
                weights = [4.0 if s.action_to_string(p, a) in long_ones else
                           0.02 if s.action_to_string(p, a) in ("fold", "see") else 0.3
                           for a in legal]
                s.apply_action(rng.choices(legal, weights)[0])
            assert len(s.history()) <= game.max_game_length()
            assert isinstance(s, BragSpielState)
            engine = s.engine()
            assert engine is not None
            assert max(len(engine.info_key(q).events) for q in range(players)) <= bound
            assert len(s.information_state_tensor(0)) == game.information_state_tensor_size()


def test_rebuy_anytime_is_refused() -> None:
    with pytest.raises(RulesError, match="rebuy_anytime"):
        load({"preset": "modern-rebuy"})
