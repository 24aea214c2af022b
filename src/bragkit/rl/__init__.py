"""Reinforcement-learning environments of every bragkit game, and an OpenSpiel game.

This docstring is the documentation page (docs/rl.md mirrors it).

PettingZoo (multi-agent, AEC)
=============================

``bragkit.rl.env(preset="modern", players=3, seed=None, stack=40, **rules)`` is a
PettingZoo AEC environment for every preset of every game (``brag rules`` lists them): the
casino presets, one player against the house, have one agent (``players`` 1, the default
there; the bankroll is ``stack``).  Rule keys may be set as keyword arguments
(``env("modern", ante=2)``).

* **Agents** ``player_0`` .. ``player_{n-1}`` are the seats (``player_0`` is the engine's seat
  0, printed ``p1``).  An **episode is one deal** from stacks of ``stack`` chips each; the
  table's first-dealer rule picks the dealer from the env's generator.
* **Rewards** are each seat's net chips of the deal (``GameState.returns()``: antes in,
  winnings out), given once when the deal ends; they sum to 0 unless a pot carries to the next
  deal (a blind fold-out under ``blind_winner_policy="carry"``): then they sum to minus the
  carried pot, which the episode does not play.
* **Observations** are dicts ``{"observation": float32 vector, "action_mask": int8 mask}``.
  The vector holds exactly what the seat's :class:`~bragkit.engine.contract.SeatView` holds
  (:mod:`bragkit.rl.observe` documents every block): a **blind seat's vector never holds its
  own cards**.  The mask is all 0 for agents not on turn and after the deal.
* **Actions** are the slots of :class:`bragkit.engine.discrete.ActionSpace` for the game's
  betting machine: ``Discrete(84)`` for the brag-style games, ``Discrete(32)`` poker-style,
  ``Discrete(276)`` Commerce.  Bet sizes are an abstraction of the legal range ``lo..hi``:
  ``bet@min`` (the stay), ``bet@x2`` (double it), ``bet@pot`` (the pot), ``bet@max`` (all the
  rules allow); each maps to one exact legal amount and duplicates are masked out.  An
  illegal index raises :class:`~bragkit.errors.IllegalActionError` (nothing is substituted).
* **Seeding**: ``reset(seed=...)`` reseeds the env's own ``numpy.random.Generator``, which
  draws each deal's ``random.Random``; nothing global is read or changed.  ``env(seed=...)``
  seeds it once at creation.
* It passes ``pettingzoo.test.api_test`` (1,000 cycles) and ``seed_test`` for every preset,
  the casino's included (tests/test_rl_env.py).

>>> import bragkit.rl
>>> e = bragkit.rl.env("modern", players=2, seed=1, blind_winner_policy="wins")
>>> e.reset(seed=7)
>>> obs, reward, term, trunc, info = e.last()
>>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('player_1', (1076,), 5)
>>> [e.space.slots[i].name for i in obs["action_mask"].nonzero()[0]]
['look', 'fold', 'bet@min', 'bet@x2', 'bet@max']
>>> while not all(e.terminations.values()):
...     e.step(int(e.last()[0]["action_mask"].nonzero()[0][-1]))   # always the last slot
>>> e.rewards
{'player_0': 6.0, 'player_1': -6.0}

Gymnasium (single agent against bots)
=====================================

``bragkit.rl.gym_env(preset="modern", players=2, opponents=("heuristic",), seat=0, ...)`` is
a Gymnasium environment in which the learner plays ``seat`` and bots from the bot registry
(:func:`bragkit.bots.make_bot`) play the other seats (``opponents`` is cycled over them).  The
observation is the vector above; ``info["action_mask"]`` and ``action_masks()`` (for
sb3-contrib's ``MaskablePPO``) give the mask; the reward is the learner's net chips, at the end
of the deal.  A deal that ends before the learner's first turn (everyone else folded) is
redealt by ``reset()`` (counted in ``skipped``).  An action outside the mask ends the
episode with ``illegal_reward`` (-1) and ``info["illegal_action"]`` (PettingZoo's
``TerminateIllegalWrapper`` convention; ``illegal="raise"`` raises instead).  It passes
``gymnasium.utils.env_checker.check_env``.

OpenSpiel
=========

Importing :mod:`bragkit.rl.openspiel` registers the game ``python_bragkit`` (brag-style
presets): ``pyspiel.load_game("python_bragkit(preset=modern,players=2)")``.  Explicit chance
nodes deal the cards (``deal=cards``, the contract's ``ChanceDeal``; ``deal=hands`` deals whole
hands, ``deal=classes`` suit-isomorphism classes); ``deck=12`` or ``16`` (or 8) deals from the
top ranks only, so that exact methods (``sequence_form_lp``, CFR) run.  Information-state
strings and tensors have perfect recall (the tensor holds the seat's whole event log, up to
:func:`bragkit.rl.openspiel.event_bound` events, a bound no deal exceeds).  It passes the checks
of OpenSpiel's API test, and on 12 cards with stacks of 2 OpenSpiel's ``sequence_form_lp`` on
it and :mod:`bragkit.solve` (its ``last_chip="plays-on"`` tree, which is what the engine's
cover rule plays) agree on the game value to 1e-10 (tests/test_rl_openspiel.py; docs/rl.md).

Speed
=====

``benchmarks/bench_rl.py`` prints AEC steps per second for random masked play beside
PettingZoo's ``leduc_holdem_v4`` in the same run: 16,014 against 19,071 steps/s of process
time, 0.84 (modern, three players; docs/rl.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bragkit.rl.aec import BragAEC, Observation
from bragkit.rl.gym import BragGym

if TYPE_CHECKING:
    from bragkit.rl.vector_env import BragVectorEnv

__all__ = ["BragAEC", "BragGym", "Observation", "env", "gym_env", "raw_env", "vector_env"]


def env(preset: str = "modern", players: int | None = None, seed: int | None = None,
        stack: int = 40, render_mode: str | None = None, **rules: object) -> BragAEC:
    """The PettingZoo AEC environment of ``preset`` (see the module; ``players`` None: 3, or
    1 at a house game); it needs no PettingZoo wrapper: an illegal or out-of-range action
    raises, nothing is substituted."""
    return BragAEC(preset, players, seed, stack, render_mode, rules)


raw_env = env
"""The same environment (PettingZoo's name for the unwrapped one)."""


def gym_env(preset: str = "modern", players: int = 2,
            opponents: tuple[str, ...] | list[str] = ("heuristic",), seat: int = 0,
            seed: int | None = None, stack: int = 40, illegal: str = "terminate",
            illegal_reward: float = -1.0, **rules: object) -> BragGym:
    """The Gymnasium single-agent environment of ``preset`` (see the module)."""
    return BragGym(preset, players, tuple(opponents), seat, seed, stack, rules, illegal,
                   illegal_reward)


def vector_env(preset: str = "modern", players: int = 3, num_envs: int = 16,
               seed: int | None = None, stack: int = 40,
               **rules: object) -> BragVectorEnv:
    """A Gymnasium vector environment of ``num_envs`` self-play tables of modern Brag or
    Teen Patti on the vectorised engine (:mod:`bragkit.rl.vector_env`, docs/vector.md);
    imported on first use (it loads the compiled kernels)."""
    from bragkit.rl.vector_env import vector_env as make

    return make(preset, players, num_envs, seed, stack, **rules)
