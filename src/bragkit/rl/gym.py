"""The Gymnasium single-agent environment: one seat learns, bots play the others.

>>> from bragkit.rl import gym_env
>>> g = gym_env("modern", players=2, opponents=["random"], seed=3)
>>> obs, info = g.reset(seed=3)
>>> obs.shape, info["action_mask"].dtype, bool((g.action_masks() == info["action_mask"]).all())
((1076,), dtype('int8'), True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from bragkit.bots import Bot, get_bot
from bragkit.errors import RulesError
from bragkit.rl.aec import BragAEC

__all__ = ["BragGym"]


class BragGym(gym.Env[npt.NDArray[np.float32], np.int64]):
    """Seat ``seat`` of a deal of ``preset`` against registry bots (see :mod:`bragkit.rl`)."""


    def __init__(self, preset: str = "modern", players: int = 2,
                 opponents: tuple[str, ...] = ("heuristic",), seat: int = 0,
                 seed: int | None = None, stack: int = 40,
                 rules: Mapping[str, object] | None = None, illegal: str = "terminate",
                 illegal_reward: float = -1.0) -> None:
        if illegal not in ("terminate", "raise"):
            raise RulesError(f"illegal must be terminate or raise, not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self._ended = False
        self.aec = BragAEC(preset, players, seed, stack, None, rules)
        if not 0 <= seat < players:
            raise RulesError(f"seat must be 0..{players - 1}, not {seat}")
        if not opponents:
            raise RulesError("gym_env needs at least one opponent bot name")
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        others = [s for s in range(players) if s != seat]
        self.bots: dict[int, Bot] = {
            s: get_bot(opponents[k % len(opponents)], self.aec.rules_value)
            for k, s in enumerate(others)}
        self.metadata = {"render_modes": []}
        self.observation_space = spaces.Box(0.0, 1.0, (self.aec.observer.size,), np.float32)
        self.action_space = self.aec.action_space(self.agent)
        self._bot_rng = random.Random(seed)  # reseeded by every reset()
        self.skipped = 0
        """Deals of the last reset that ended before the learner's first turn (redealt)."""

    def _play_bots(self) -> float:
        """Let the bots act until the learner's turn or the deal's end; its reward so far."""
        aec = self.aec
        reward = 0.0
        while not all(aec.terminations.values()) and aec.agent_selection != self.agent:
            table = aec.table
            state = aec.current_state()
            if table is None or state is None:
                break
            seat = aec.possible_agents.index(aec.agent_selection)
            legal = table.legal_actions()
            move = self.bots[seat].act(state.view(seat), legal, self._bot_rng)
            aec.apply_exact(move)     # the bot's own action, not its nearest slot
            reward += aec.rewards.get(self.agent, 0.0)
        return reward

    def _obs(self) -> npt.NDArray[np.float32]:
        vec = self.aec.observe(self.agent)["observation"]
        return vec.astype(np.float32, copy=False)

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's action mask (for sb3-contrib's MaskablePPO)."""
        mask = self.aec.observe(self.agent)["action_mask"]
        return mask.astype(np.int8, copy=False)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None,
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new deal (``seed`` reseeds the env's generator and the bots' generator)."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        self._bot_rng = random.Random(int(self.np_random.integers(2**62)))
        self.skipped = 0
        self._ended = False
        self._play_bots()
        while all(self.aec.terminations.values()):   # the deal ended before the learner acted
            self.skipped += 1
            self.aec.reset()
            self._play_bots()
        return self._obs(), self._info()

    def step(self, action: np.int64 | int,
             ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's action, then the bots' until its next turn or the deal's end."""
        aec = self.aec
        if self._ended or all(aec.terminations.values()):
            raise RulesError("the deal is over: call reset()")
        if not self.action_masks()[int(action)] and self.illegal == "terminate":
            self._ended = True
            info = self._info()
            info["illegal_action"] = True
            return self._obs(), self.illegal_reward, True, False, info
        aec.step(int(action))
        reward = aec.rewards.get(self.agent, 0.0)
        reward += self._play_bots()
        done = all(aec.terminations.values())
        truncated = not done and all(aec.truncations.values())
        return self._obs(), float(reward), done, truncated, self._info()
