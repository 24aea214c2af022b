"""The PettingZoo AEC environment of every bragkit game (documented in :mod:`bragkit.rl`)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from bragkit.engine.actions import Action
from bragkit.engine.contract import GameState, GameTable
from bragkit.engine.discrete import ActionSpace
from bragkit.engine.table import table_class
from bragkit.errors import RulesError
from bragkit.games import (
    GameSpec,
    OwnRules,
    action_layout,
    game_rules,
    house_game,
    refuse_unserved,
    spec_of,
)
from bragkit.rl.observe import Observer
from bragkit.rules import Rules, get_preset

__all__ = ["BragAEC", "Observation", "make_rules"]

Observation = dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]
"""An observation: ``{"observation": float32 vector, "action_mask": int8 mask}``."""
MAX_STEPS = 2000
"""A deal still running after this many decisions is truncated (no engine deal comes near)."""


def make_rules(preset: str, rules: Mapping[str, object]) -> Rules:
    """``preset`` with the rule keys of ``rules`` set (validated by the rules model).

    >>> make_rules("modern", {"ante": 2}).ante
    2
    """
    base = get_preset(preset)
    return base.replace(**dict(rules)) if rules else base


def _game_rules(preset: str, rules: Mapping[str, object]) -> tuple[GameSpec, OwnRules | Rules]:
    """The spec and the rules value of ``preset``: a game's own (``GameSpec.own_rules``),
    else :func:`make_rules`'s."""
    house = house_game(preset)
    if house is not None:
        return house, game_rules(house, preset, rules)
    value = make_rules(preset, rules)
    return spec_of(value.game), value


class BragAEC(AECEnv):  # the PettingZoo base class is untyped
    """One deal of a bragkit game per episode, seats ``player_0``... (see :mod:`bragkit.rl`)."""

    metadata: ClassVar[dict[str, object]] = {"render_modes": ["ansi"], "name": "bragkit_v0",
                                             "is_parallelizable": False}

    def __init__(self, preset: str = "modern", players: int | None = None,
                 seed: int | None = None, stack: int = 40, render_mode: str | None = None,
                 rules: Mapping[str, object] | None = None) -> None:
        super().__init__()
        self.spec, self.game_rules = _game_rules(preset, rules or {})
        """The game's spec and its table's rules value (a game's own, or a Rules)."""
        self.preset = preset
        refuse_unserved(self.spec.name, "rl")
        if self.spec.house:  # one player against the house: one agent
            players = 1 if players is None else players
            if players != 1:
                raise RulesError(f"{preset} seats exactly 1 player (against the house), not "
                                 f"{players}")
        else:
            players = 3 if players is None else players
            most = self.rules_value.max_players()
            if not 2 <= players <= most:
                raise RulesError(f"{preset} seats 2..{most} players, not {players}")
        if stack < 2:
            raise RulesError(f"stack must be at least 2 chips, not {stack}")
        self.n = players
        self.stack = stack
        self.render_mode = render_mode
        self.space = ActionSpace(action_layout(self.spec.name))
        self.observer = Observer(players)
        self.possible_agents: list[str] = [f"player_{i}" for i in range(players)]
        self.agents: list[str] = []
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.observer.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.n,), np.int8),
        })
        self._act_space = spaces.Discrete(self.space.n)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._rng = np.random.default_rng(seed)
        self.table: GameTable[GameState[object], object] | None = None
        self.final: GameState[object] | None = None
        self._options: dict[int, Action] | None = None
        self.steps = 0
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, object]] = {}
        self.agent_selection = ""

    @property
    def rules_value(self) -> Rules:
        """The table's :class:`~bragkit.rules.Rules` (a game with its own rules value has
        none: its value is :attr:`game_rules`)."""
        value = self.game_rules
        if not isinstance(value, Rules):
            raise RulesError(f"{self.preset}: the {self.spec.name} table has its own rules "
                             "value (game_rules), not Rules")
        return value

    def observation_space(self, agent: str) -> spaces.Dict:
        """The observation space (the same object for every agent and call)."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """The discrete action space (:class:`~bragkit.engine.discrete.ActionSpace` slots)."""
        return self._act_space

    # ------------------------------------------------------------------ the deal
    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """Deal a new hand (``seed``: reseed the env's own generator first)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        deal_rng = random.Random(int(self._rng.integers(2**62)))
        self.table = table_class(self.spec.name)(self.game_rules, [self.stack] * self.n,
                                                 rng=deal_rng, keep_records=1)
        self.final = None
        self._options = None
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._to_act()]

    def _to_act(self) -> int:
        table = self.table
        return table.to_act if table is not None and table.to_act >= 0 else 0

    def current_state(self) -> GameState[object] | None:
        """The deal's state now (its final state once over; None before reset)."""
        if self.final is not None:
            return self.final
        state: GameState[object] | None = self.table.state if self.table is not None else None
        return state

    def pot(self) -> int:
        """The chips in the deal's pot now."""
        state = self.current_state()
        return state.view(0).pot if state is not None else 0

    def options(self) -> dict[int, Action]:
        """The legal indices of the agent to act with their exact actions (cached until the
        next step; empty once the deal is over)."""
        table = self.table
        if table is None or self.final is not None:
            return {}
        if self._options is None:
            self._options = self.space.options(table.legal_actions(), self.pot())
        return self._options

    def legal_mask(self) -> npt.NDArray[np.int8]:
        """The mask of the agent to act (all 0 once the deal is over)."""
        return self.space.mask_of(self.options())

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its vector and its action mask (0s off its turn)."""
        seat = self.possible_agents.index(agent)
        state = self.current_state()
        if state is None:
            vec = np.zeros(self.observer.size, dtype=np.float32)
        else:
            vec = self.observer.vector(state.view(seat), self.n * self.stack)
        on_turn = self.final is None and agent == self.agent_selection
        mask = self.legal_mask() if on_turn else np.zeros(self.space.n, dtype=np.int8)
        return {"observation": vec, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply slot ``action`` for the agent to act (``None`` for a finished agent)."""
        agent = self.agent_selection
        if self.terminations.get(agent, False) or self.truncations.get(agent, False):
            self._was_dead_step(action)
            return
        table = self.table
        if table is None or action is None:
            raise RulesError("step() needs reset() first and an action index")
        move = self.options().get(int(action))
        if move is None:
            self.space.action(int(action), table.legal_actions(), self.pot())  # raises
            raise RulesError(f"action {action} is not legal here")
        self.apply_exact(move)

    def apply_exact(self, move: Action) -> None:
        """Apply the exact engine action ``move`` for the agent to act, outside the discrete
        space (a bot's bet of any legal amount); rewards and terminations as :meth:`step`."""
        table = self.table
        if table is None or self.final is not None:
            raise RulesError("apply_exact() needs a deal in progress (reset() first)")
        before = table.deal_no
        self._options = None
        table.apply(move)
        self.steps += 1
        self._clear_rewards()
        if table.deal_no != before or table.over:
            final: GameState[object] | None = table.last_final
            self.final = final
            returns = final.returns() if final is not None else (0,) * self.n
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[i])
                self.terminations[a] = True
        elif self.steps >= MAX_STEPS:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self.possible_agents[self._to_act()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The deal as the last agent to act sees it (``ansi``)."""
        state = self.current_state()
        if self.render_mode != "ansi" or state is None:
            return None
        seat = self.possible_agents.index(self.agent_selection) if self.agent_selection else 0
        view = state.view(seat)
        return " | ".join(str(e) for e in view.events[-8:])

    def close(self) -> None:
        """Nothing to release."""
