"""The vectorised Brag engine: N tables of modern Brag or Teen Patti stepped at once.

:class:`VectorBrag` holds ``num_envs`` tables as one ``int32`` state matrix
(:mod:`bragkit.vector.layout`) and steps them with per-table kernels
(:mod:`bragkit.vector.kernels`), compiled by numba when the ``speed`` extra is installed
(a pure-Python fallback runs the same code otherwise, or with ``BRAGKIT_NUMBA=0``).  It plays
exactly what the reference engine plays for the rules it supports
(:data:`bragkit.vector.config.SUPPORTED`; anything else is refused with one line naming the
option) -- tests/test_vector_diff.py plays the same packs and actions through both and
compares masks, stacks, pots and results at every step.  docs/vector.md has the figures.

* An **episode is one deal** from stacks of ``stack`` chips (as :func:`bragkit.rl.env`);
  the dealer is drawn from the engine's generator (``first_dealer="random"``).
* **Actions** are the slots of the brag-style :class:`~bragkit.engine.discrete.ActionSpace`
  (``Discrete(84)``), the RL environment's; ``infos["action_mask"]`` is ``(num_envs, 84)``.
* ``step(actions)`` returns ``(obs, rewards, terminations, truncations, infos)``; rewards
  are ``(num_envs, players)`` net chips of each deal that ended (they sum to minus the pot
  carried by a blind fold-out under ``blind_winner_policy="carry"``); a finished table is
  redealt in the same step.
* **Observations** are a documented subset of the AEC env's vector, for the seat to act
  (:mod:`bragkit.vector.observe`).

>>> import numpy as np
>>> from bragkit.vector import VectorBrag
>>> v = VectorBrag("teen-patti", players=4, num_envs=64, seed=3, observe=False)
>>> _ = v.reset(seed=3)
>>> deals = 0
>>> for _ in range(200):
...     _, rewards, done, _, info = v.step(v.random_actions())
...     assert (rewards.sum(axis=1) == 0).all()   # Teen Patti never carries a pot
...     deals += int(done.sum())
>>> deals > 100
True
"""

from __future__ import annotations

from bragkit.vector.config import GAMES, SUPPORTED
from bragkit.vector.engine import MAX_STEPS, VectorBrag, make_rules

__all__ = ["GAMES", "MAX_STEPS", "SUPPORTED", "VectorBrag", "make_rules"]
