"""A Gymnasium vector environment over :class:`bragkit.vector.VectorBrag` (rules 4.4, 4.7).

``bragkit.rl.vector_env(preset, players, num_envs, seed)`` steps ``num_envs`` tables of
modern Brag or Teen Patti at once (self-play: every seat is played by the caller's policy).

* ``observation_space`` is ``num_envs`` rows of the vector engine's observation
  (:mod:`bragkit.vector.observe`: the AEC env's vector without its log blocks) for the
  **seat to act** at each table (``infos["seat"]``); ``action_space`` is
  ``MultiDiscrete([84] * num_envs)``, the slots of the AEC env; ``infos["action_mask"]`` is
  the ``(num_envs, 84)`` mask (also :meth:`BragVectorEnv.action_masks`).
* ``rewards[t]`` is the net chips of the **seat that just acted** at table ``t`` when its
  deal ended on that move (0 otherwise); ``infos["rewards"]`` has every seat's,
  ``(num_envs, players)``, and ``infos["acted"]`` the seats that acted.
* A deal that ends is redealt in the same step (``metadata["autoreset_mode"]`` is
  Gymnasium's ``SAME_STEP``): the observation and mask returned are the new deal's.
* The arrays returned are copies (the engine's own are reused by its next step).

>>> import numpy as np
>>> import bragkit.rl
>>> env = bragkit.rl.vector_env("modern", players=3, num_envs=8, seed=2)
>>> obs, info = env.reset(seed=2)
>>> obs.shape, info["action_mask"].shape, env.single_action_space
((8, 131), (8, 84), Discrete(84))
>>> total = np.zeros(3)
>>> for _ in range(100):
...     obs, rewards, term, trunc, info = env.step(env.sample_masked())
...     total += info["rewards"].sum(axis=0)
>>> bool(total.sum() <= 0)    # chips only leave the deals (a carried pot)
True
"""

from __future__ import annotations

import sys
import types
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from bragkit.rules import Rules
from bragkit.vector import VectorBrag

__all__ = ["BragVectorEnv", "vector_env"]

Obs = npt.NDArray[np.float32]
Acts = npt.NDArray[np.int64]
Arr = npt.NDArray[np.generic]
Info = dict[str, npt.NDArray[np.generic]]


class BragVectorEnv(VectorEnv[Obs, Acts, Arr]):
    """``num_envs`` self-play tables as a Gymnasium ``VectorEnv`` (see the module)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(self, preset: str | Rules = "modern", players: int = 3, num_envs: int = 16,
                 seed: int | None = None, stack: int = 40,
                 rules: dict[str, object] | None = None) -> None:
        self.engine = VectorBrag(preset, players, num_envs, seed=seed, stack=stack,
                                 observe=True, rules=rules)
        self.num_envs = num_envs
        self.players = players
        size = self.engine.obs_size
        self.single_observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.engine.space.n)
        self.observation_space = spaces.Box(0.0, 1.0, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete([self.engine.space.n] * num_envs)
        self._rng = np.random.default_rng(seed)

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, Info]:
        """Deal at every table (``seed``: an int reseeds the engine's own generator)."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is not None:
            self._rng = np.random.default_rng(seed + 1)
        obs, info = self.engine.reset(seed=seed)
        assert obs is not None
        return obs.copy(), {"action_mask": info["action_mask"].copy(),
                            "seat": self.engine.to_act.copy()}

    def step(self, actions: Acts) -> tuple[Obs, Arr, Arr, Arr, Info]:
        """One move at every table (see the module)."""
        acted = self.engine.to_act.copy()
        obs, rewards, term, trunc, info = self.engine.step(actions)
        assert obs is not None
        mine = rewards[np.arange(self.num_envs), acted].astype(np.float64)
        return obs.copy(), mine, term.copy(), trunc.copy(), {
            "action_mask": info["action_mask"].copy(), "rewards": rewards.copy(),
            "acted": acted, "seat": self.engine.to_act.copy()}

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The ``(num_envs, 84)`` masks of the seats to act (a copy)."""
        return self.engine.masks.copy()

    def sample_masked(self) -> Acts:
        """A uniformly random legal slot per table (from the env's own generator)."""
        return self.engine.random_actions(self._rng).astype(np.int64)


def vector_env(preset: str | Rules = "modern", players: int = 3, num_envs: int = 16,
               seed: int | None = None, stack: int = 40, **rules: object) -> BragVectorEnv:
    """The vector environment of ``preset`` (``modern`` or ``teen-patti`` and their rule
    keys as keyword arguments; see the module)."""
    return BragVectorEnv(preset, players, num_envs, seed, stack, dict(rules) or None)


class _CallableModule(types.ModuleType):
    """This module, callable as :func:`vector_env`: importing it sets the package attribute
    ``bragkit.rl.vector_env`` to the module, which must still make environments."""

    def __call__(self, preset: str | Rules = "modern", players: int = 3, num_envs: int = 16,
                 seed: int | None = None, stack: int = 40,
                 **rules: object) -> BragVectorEnv:
        return vector_env(preset, players, num_envs, seed, stack, **rules)


sys.modules[__name__].__class__ = _CallableModule
