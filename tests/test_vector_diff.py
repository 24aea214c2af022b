"""bragkit.vector against the reference engine: same packs, same actions, same everything.

Each check plays random masked moves at many tables through both engines
(:func:`bragkit.vector.check.differential`) and requires identical masks, stacks, pots,
stakes, seats to act, phases and results at every step; some also compare every seat's
observation with the AEC env's vector.  Thousands of deals in all.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.engine import BragState
from bragkit.errors import RulesError
from bragkit.rl.observe import Observer
from bragkit.rules import get_preset
from bragkit.vector import VectorBrag
from bragkit.vector import layout as L
from bragkit.vector.check import DifferentialError, ExpectedObs, _compare_state, differential
from bragkit.vector.observe import BLOCKS

MODERN_OPTIONS: list[dict[str, object]] = [
    {}, {"blind_winner_policy": "wins"}, {"see_cost": "single"}, {"blind_allowed": False},
    {"pot_limit": True}, {"raise_limit": 4}, {"agreed_showdown": False},
    {"blind_definition": "never_looked"}, {"min_bet": 2, "max_bet": 6, "ante": 2},
    {"a23_rank": "second", "threes_high": False}, {"ante": 0},
]
TEEN_OPTIONS: list[dict[str, object]] = [
    {}, {"sideshow": False}, {"sideshow_min_active": 2}, {"pot_limit_total": 30},
    {"ante": 2}, {"tp_a23": "second"},
]
CASES = ([("modern", o) for o in MODERN_OPTIONS] + [("teen-patti", o) for o in TEEN_OPTIONS])


def _expected(players: int, stack: int) -> ExpectedObs:
    observer = Observer(players)

    def expected(state: BragState, seat: int) -> npt.NDArray[np.float32]:
        full = observer.vector(state.view(seat), players * stack)
        return np.concatenate([full[slice(*observer.offsets[b])] for b in BLOCKS])

    return expected


@pytest.mark.parametrize(("preset", "options"), CASES, ids=[f"{p}-{o}" for p, o in CASES])
def test_differential_options(preset: str, options: dict[str, object]) -> None:
    rules = get_preset(preset).replace(**options)
    deals = 0
    for players, stack in ((2, 40), (6, 12)):
        stats = differential(rules, players, num_envs=16, steps=50, seed=players * 7 + stack,
                             stack=stack)
        deals += stats["deals"]
    assert deals > 80


@pytest.mark.parametrize("preset", ["modern", "teen-patti"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_differential_observations(preset: str, players: int) -> None:
    stats = differential(get_preset(preset), players, num_envs=6, steps=30, seed=players,
                         expected_obs=_expected(players, 40))
    assert stats["deals"] > 5


@settings(max_examples=12, deadline=None)
@given(case=st.sampled_from(CASES), players=st.integers(2, 6), stack=st.integers(3, 60),
       seed=st.integers(0, 2**31 - 1))
def test_differential_hypothesis(case: tuple[str, dict[str, object]], players: int,
                                 stack: int, seed: int) -> None:
    preset, options = case
    rules = get_preset(preset).replace(**options)
    if stack < max(2, rules.ante + 1):
        stack = rules.ante + 2
    differential(rules, players, num_envs=8, steps=40, seed=seed, stack=stack)


def test_differential_error_names_the_difference() -> None:
    """The check can fail: a pot one chip off is reported with the field and both values."""
    v = VectorBrag("modern", players=3, num_envs=2, seed=1)
    v.reset(seed=1)
    ref = BragState.start(v.rules, (40,) * 3, int(v.state[0, L.C_DEALER]),
                          tuple(v.packs[0].tolist()))
    _compare_state(v, 0, ref, "here")
    v.state[0, L.C_POT] += 1
    with pytest.raises(DifferentialError, match=r"^here: pot 4 != reference 3$"):
        _compare_state(v, 0, ref, "here")


@pytest.mark.parametrize(("key", "value"), [
    ("short_stack_policy", "cover"), ("wild", "twos"), ("cards", 4), ("rebuy_anytime", True),
])
def test_unsupported_option_refused_in_one_line(key: str, value: object) -> None:
    with pytest.raises(RulesError, match=f"^{key}=") as err:
        VectorBrag(get_preset("modern").replace(**{key: value}), players=3)
    assert "\n" not in str(err.value)


def test_other_game_refused() -> None:
    with pytest.raises(RulesError, match=r"^game='foster'"):
        VectorBrag("foster", players=3)


_SCRIPT = """
import json
from bragkit.rules import get_preset
from bragkit.vector import VectorBrag
from bragkit.vector._jit import BACKEND
out = []
for preset in ("modern", "teen-patti"):
    v = VectorBrag(preset, players=4, num_envs=16, seed=9, observe=False)
    v.reset(seed=9)
    total = 0
    for _ in range(120):
        _, r, d, _, _ = v.step(v.random_actions())
        total += int(d.sum())
    obs = v.observe()
    out.append([total, v.stacks().tolist(), float(obs.sum())])
print(json.dumps([BACKEND, out]))
"""


def _run(numba: str) -> list[object]:
    env = {**os.environ, "BRAGKIT_NUMBA": numba}
    done = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                          env=env, check=True, timeout=300)
    result: list[object] = json.loads(done.stdout)
    return result


def test_pure_python_fallback_plays_the_same_deals() -> None:
    """The interpreted kernels (BRAGKIT_NUMBA=0) give exactly the compiled kernels' play."""
    backend_py, python = _run("0")
    backend_nb, compiled = _run("1")
    assert (backend_py, backend_nb) == ("python", "numba")
    assert python == compiled


@pytest.mark.parametrize(("preset", "options"), [
    ("modern", {"blind_winner_policy": "wins"}), ("modern", {"blind_winner_policy": "wins",
                                                             "pot_limit": True}),
    ("teen-patti", {}), ("teen-patti", {"pot_limit_total": 40}),
])
def test_differential_exact_amounts_and_sessions(preset: str, options: dict[str, object]) -> None:
    """Bets of any legal amount (the random bot's), and tables that play on from deal to deal
    (stacks, carried pots, top-ups and the dealer as bragkit.sim runs them)."""
    rules = get_preset(preset).replace(**options)
    deals = 0
    for players, stack in ((2, 30), (5, 16)):
        stats = differential(rules, players, num_envs=16, steps=60, seed=stack + players,
                             stack=stack, exact_amounts=True, session=True)
        deals += stats["deals"]
    assert deals > 60


def test_4_4_6_session_releases_but_refuses_to_retain_a_carried_hand() -> None:
    """A session carries a blind fold-out's pot; the winner may release the hand, but retain
    (whose next deal the vector engine does not play) is refused, and no table moves."""
    def blind_foldout() -> VectorBrag:
        v = VectorBrag("modern", players=3, num_envs=1, seed=2, observe=False, session=True)
        v.reset(dealers=[0])
        for slot in (L.A_BET_MIN, L.A_FOLD, L.A_FOLD):  # seat 1 bets blind, 2 and 0 fold
            v.step(np.array([slot], dtype=np.int32))
        assert int(v.state[0, L.C_PHASE]) == L.PH_RETAIN and int(v.to_act[0]) == 1
        return v

    v = blind_foldout()
    before = v.state.copy()
    with pytest.raises(RulesError, match=r"^retain: a session of bragkit.vector"):
        v.step(np.array([L.A_RETAIN], dtype=np.int32))
    assert (v.state == before).all()
    with pytest.raises(RulesError, match=r"^retain: a session"):
        v.step_random()
    pot = int(v.state[0, L.C_POT])
    _, rewards, done, _, info = v.step(np.array([L.A_RELEASE], dtype=np.int32))
    assert bool(done[0]) and int(info["carried"][0]) == pot > 0
    ante = v.rules.ante  # the next deal's pot: the carried pot and three antes
    assert int(v.state[0, L.C_POT]) == pot + 3 * ante
    assert rewards.sum() == -pot


def test_4_4_6_sessions_with_carried_pots_match_the_reference() -> None:
    """modern's defaults (blind_winner_policy=carry) in sessions, carried hands released:
    carried pots, the unshuffled pack and the stacks as the reference plays them."""
    rules = get_preset("modern")
    deals = 0
    for players in (2, 4):
        stats = differential(rules, players, num_envs=16, steps=100, seed=70 + players,
                             exact_amounts=True, session=True)
        deals += stats["deals"]
        assert stats["unshuffled"] > 0
    assert deals > 100


@pytest.mark.parametrize(("preset", "options"), [
    ("modern", {"blind_winner_policy": "wins"}),
    ("modern", {"blind_winner_policy": "wins", "agreed_showdown": True}),
    ("teen-patti", {"pack_policy": "brag_unshuffled"}),
])
def test_2_4_unshuffled_session_deals_the_pack_as_gathered(preset: str,
                                                           options: dict[str, object]) -> None:
    """brag_unshuffled in a session: every next deal's pack is the reference's pack at the
    end of the deal (undealt rest, then the hands as they left play), unless a prial won or
    a new session starts; the check compares the whole pack."""
    rules = get_preset(preset).replace(**options)
    deals = unshuffled = 0
    for players in (2, 3, 6):
        stats = differential(rules, players, num_envs=16, steps=120, seed=40 + players,
                             exact_amounts=True, session=True)
        deals += stats["deals"]
        unshuffled += stats["unshuffled"]
    assert unshuffled > 0.8 * deals > 100


def test_2_4_a_fold_out_gathers_the_rest_then_the_folded_hand_then_the_winners() -> None:
    v = VectorBrag("modern", players=2, num_envs=1, seed=1, observe=False, session=True,
                   rules={"blind_winner_policy": "wins"})
    pack = list(range(51, -1, -1))
    v.reset(packs=[pack], dealers=[0])
    assert int(v.to_act[0]) == 1
    _, _, done, _, _ = v.step(np.array([L.A_FOLD], dtype=np.int32))
    assert bool(done[0])
    want = [*pack[6:], pack[0], pack[2], pack[4], pack[1], pack[3], pack[5]]
    assert v.packs[0].tolist() == want
    assert int(v.state[0, L.C_DEALER]) == 1


def test_2_4_shuffle_every_deal_session_does_not_keep_the_pack() -> None:
    v = VectorBrag("teen-patti", players=2, num_envs=1, seed=1, observe=False, session=True)
    pack = list(range(52))
    v.reset(packs=[pack], dealers=[0])
    v.step(np.array([L.A_FOLD], dtype=np.int32))
    assert v.packs[0].tolist() != [*pack[6:], 0, 2, 4, 1, 3, 5]


def test_session_refuses_a_cut_unshuffled_pack() -> None:
    with pytest.raises(RulesError, match=r"^cut_when_unshuffled=True: a session"):
        VectorBrag("modern", players=3, session=True,
                   rules={"blind_winner_policy": "wins", "cut_when_unshuffled": True})
