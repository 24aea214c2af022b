"""bragkit.vector's Gymnasium-style API and bragkit.rl.vector_env: shapes, seeding, auto-reset,
masks, refusals, and a few rule clauses on given packs."""

from __future__ import annotations

import numpy as np
import pytest

import bragkit.rl
from bragkit.errors import IllegalActionError, RulesError
from bragkit.vector import VectorBrag
from bragkit.vector import layout as L

SLOT = L.SPACE.slot_index
DECK = list(range(52))


def _pack(*top: int) -> list[int]:
    return [*top, *(c for c in DECK if c not in top)]


def _play(v: VectorBrag, *slots: str) -> tuple[np.ndarray, np.ndarray]:
    rewards = np.zeros((v.num_envs, v.n))
    done = np.zeros(v.num_envs, dtype=bool)
    for name in slots:
        _, r, term, _, _ = v.step(np.full(v.num_envs, SLOT(name), dtype=np.int32))
        rewards, done = r.copy(), term.copy()
    return rewards, done


def test_shapes_and_spaces() -> None:
    env = bragkit.rl.vector_env("teen-patti", players=4, num_envs=5, seed=1)
    obs, info = env.reset(seed=1)
    assert obs.shape == (5, 146) and obs.dtype == np.float32
    assert env.observation_space.contains(obs)
    assert info["action_mask"].shape == (5, 84) and info["action_mask"].dtype == np.int8
    obs, rewards, term, trunc, info = env.step(env.sample_masked())
    assert rewards.shape == (5,) and term.shape == (5,) and trunc.shape == (5,)
    assert info["rewards"].shape == (5, 4)
    assert env.observation_space.contains(obs)


def test_seeded_runs_repeat_and_differ() -> None:
    def run(seed: int) -> list[float]:
        env = bragkit.rl.vector_env("modern", players=3, num_envs=16, seed=seed)
        env.reset(seed=seed)
        out = []
        for _ in range(50):
            _, _, _, _, info = env.step(env.sample_masked())
            out.append(float(np.abs(info["rewards"]).sum()))
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_auto_reset_redeals_finished_tables() -> None:
    v = VectorBrag("modern", players=2, num_envs=3, seed=2)
    v.reset(seed=2)
    first = v.hands().copy()
    _, rewards, done, _, info = v.step(np.full(3, SLOT("fold"), dtype=np.int32))
    assert done.all()
    assert (rewards.sum(axis=1) == 0).all() and (np.abs(rewards) == 1).all()  # the antes
    assert (v.pot() == 2).all() and (v.stacks() == 39).all()   # the new deal's antes
    assert not np.array_equal(first, v.hands())
    assert (info["action_mask"].sum(axis=1) > 0).all()


def test_illegal_action_raises_and_nothing_moves() -> None:
    v = VectorBrag("modern", players=3, num_envs=4, seed=3)
    v.reset(seed=3)
    before = v.state.copy()
    acts = np.full(4, SLOT("fold"), dtype=np.int32)
    acts[2] = SLOT("see")  # no see before a bet
    with pytest.raises(IllegalActionError, match=r"^table 2: action 4 \(see\) is not legal"):
        v.step(acts)
    assert np.array_equal(before, v.state)
    with pytest.raises(IllegalActionError, match="one action per table"):
        v.step(np.zeros(3, dtype=np.int32))


def test_refusals_name_the_option() -> None:
    with pytest.raises(RulesError, match=r"^stack must be at least"):
        VectorBrag("modern", players=3, stack=1)
    with pytest.raises(RulesError, match=r"seats 2\.\.16 players, not 17"):
        VectorBrag("modern", players=17)
    with pytest.raises(RulesError, match=r"^short_stack_policy="):
        bragkit.rl.vector_env("modern", short_stack_policy="lend_or_show")


def test_4_4_2_seer_loses_ties() -> None:
    # p1 (seat 0) As Ks 9d  against  p2 Ad Kd 9c: equal hands; p1 sees and loses
    v = VectorBrag("modern", players=2, num_envs=1, seed=1)
    v.reset(packs=[_pack(48, 49, 44, 45, 29, 28)], dealers=[1])
    assert v.hands().tolist() == [[[48, 44, 29], [49, 45, 28]]]
    rewards, done = _play(v, "bet@min", "bet@min", "see")   # blind 1, blind 1, see costs 2
    assert done.all() and rewards.tolist() == [[-4.0, 4.0]]


def test_4_4_6_blind_foldout_carries_and_offers_retain() -> None:
    v = VectorBrag("modern", players=3, num_envs=1, seed=1)
    v.reset(packs=[DECK], dealers=[2])
    _play(v, "bet@min", "fold")
    rewards, done = _play(v, "fold")          # all fold to p1, who bet blind
    assert not done.any()
    assert [L.SPACE.slots[i].name for i in np.flatnonzero(v.masks[0])] == ["retain", "release"]
    rewards, done = _play(v, "release")
    assert done.all() and rewards.tolist() == [[-2.0, -1.0, -1.0]]  # the pot of 4 carries


def test_4_7_teen_patti_blind_winner_takes_the_pot() -> None:
    v = VectorBrag("teen-patti", players=3, num_envs=1, seed=1)
    v.reset(packs=[DECK], dealers=[2])
    rewards, done = _play(v, "bet@min", "fold", "fold")
    assert done.all() and rewards.tolist() == [[2.0, -1.0, -1.0]]


def test_observation_of_a_blind_seat_holds_no_cards() -> None:
    v = VectorBrag("modern", players=3, num_envs=2, seed=5)
    obs, _ = v.reset(seed=5)
    assert obs is not None and obs[:, :57].sum() == 0
    obs, *_ = v.step(np.full(2, SLOT("look"), dtype=np.int32))
    assert obs is not None and (obs[:, :56].sum(axis=1) == 3).all() and (obs[:, 56] == 1).all()


def test_4_7_side_show_asker_loses_ties() -> None:
    # p2 (seat 1) Ac Kc 9d and p3 (seat 2) Ad Kd 9c tie; p3 asks p2 for a side show and loses
    v = VectorBrag("teen-patti", players=3, num_envs=1, seed=1)
    v.reset(packs=[_pack(0, 48, 49, 4, 44, 45, 9, 29, 28)], dealers=[2])
    assert v.hands().tolist() == [[[0, 4, 9], [48, 44, 29], [49, 45, 28]]]
    _play(v, "look", "bet@min", "look", "bet@min", "look")
    assert v.masks[0, SLOT("sideshow@min")] == 1
    _play(v, "sideshow@min")
    assert int(v.to_act[0]) == 1
    assert [L.SPACE.slots[i].name for i in np.flatnonzero(v.masks[0])] == ["accept", "decline"]
    _, done = _play(v, "accept")
    status = L.seat_cols(3)[2]
    assert not done.any() and v.state[0, status + 2] == L.ST_FOLDED
    assert int(v.to_act[0]) == 0 and v.stacks()[0].tolist() == [37, 37, 37]
