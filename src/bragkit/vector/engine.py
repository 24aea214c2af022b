""":class:`VectorBrag`: N tables of modern Brag or Teen Patti stepped at once (see the package).

>>> import numpy as np
>>> v = VectorBrag("modern", players=3, num_envs=4, seed=1)
>>> obs, info = v.reset(seed=5)
>>> obs.shape, info["action_mask"].shape, v.to_act.shape
((4, 131), (4, 84), (4,))
>>> acts = np.full(4, v.space.slot_index("fold"), dtype=np.int32)
>>> obs, rewards, terminated, truncated, info = v.step(acts)
>>> rewards.shape, bool(terminated.any())
((4, 3), False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.engine.discrete import ActionSpace
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games import hand_ranking
from bragkit.rules import Rules, get_preset
from bragkit.vector import config
from bragkit.vector import layout as L
from bragkit.vector._jit import BACKEND
from bragkit.vector.kernels import (
    deal_table,
    legal_table,
    play_random,
    random_choice,
    step_tables,
)
from bragkit.vector.observe import observe_tables, size

__all__ = ["MAX_STEPS", "VectorBrag", "make_rules"]

MAX_STEPS: Final = 2000
"""A deal still running after this many decisions is truncated (and redealt)."""
PACK: Final = 52


def make_rules(preset: str | Rules, rules: Mapping[str, object] | None = None) -> Rules:
    """``preset`` (a name or a :class:`~bragkit.rules.Rules`) with ``rules`` keys set.

    >>> make_rules("teen-patti", {"ante": 2}).ante
    2
    """
    base = get_preset(preset) if isinstance(preset, str) else preset
    return base.replace(**dict(rules)) if rules else base


class VectorBrag:
    """``num_envs`` tables of ``players`` seats, one deal per episode, auto-reset (see
    :mod:`bragkit.vector`).

    ``observe=False`` skips the observation vectors (``step`` then returns ``None`` for
    them): the masks alone drive array policies and benchmarks.  ``session=True`` plays
    each table on from deal to deal instead (stacks, the carried pot and the dealer go on;
    every stack is topped up to ``stack`` when one falls below ``low`` between deals with no
    pot carried, as :mod:`bragkit.sim` does; under ``pack_policy="brag_unshuffled"`` the next
    deal comes from the pack as gathered unless a prial won, rules 2.4), for
    simulations; there a blind fold-out winner who retains the hand plays it in the next
    deal beside a new one (rules 4.4.6, ``retained_variant="two_hands"``; the face-up
    variant is refused).
    """

    def __init__(self, preset: str | Rules = "modern", players: int = 3, num_envs: int = 1,
                 seed: int | None = None, stack: int = 40, observe: bool = True,
                 rules: Mapping[str, object] | None = None, session: bool = False,
                 low: int = 0) -> None:
        self.rules = make_rules(preset, rules)
        config.check(self.rules)
        most = self.rules.max_players()
        if not 2 <= players <= most:
            raise RulesError(f"{self.rules.game} seats 2..{most} players, not {players}")
        if stack < max(2, self.rules.ante + 1):
            raise RulesError(f"stack must be at least {max(2, self.rules.ante + 1)} chips, "
                             f"not {stack}")
        if num_envs < 1:
            raise RulesError(f"num_envs must be at least 1, not {num_envs}")
        self.session = session
        retains = self.rules.game == "modern" and self.rules.blind_winner_policy == "carry"
        if session and retains and self.rules.retained_variant != "two_hands":
            raise RulesError(f"retained_variant={self.rules.retained_variant!r}: a session of "
                             "bragkit.vector plays a retained hand only as two hands (use the "
                             "reference engine)")
        self.low = low
        self.n = players
        self.num_envs = num_envs
        self.stack = stack
        self.observing = observe
        self.backend = BACKEND
        """``numba`` (compiled kernels) or ``python`` (the interpreted fallback)."""
        self.space: ActionSpace = L.SPACE
        self.params = config.params(self.rules, players)
        unshuffled = session and self.rules.pack_policy == "brag_unshuffled"
        if unshuffled and self.rules.cut_when_unshuffled:
            raise RulesError("cut_when_unshuffled=True: a session of bragkit.vector deals the "
                             "unshuffled pack uncut (use the reference engine)")
        self.params[L.P_UNSHUF] = int(unshuffled)
        self.table = hand_ranking(self.rules).numpy_table()
        self.obs_size = size(players)
        self.scale = float(players * stack)
        self.state = np.zeros((num_envs, L.width(players)), dtype=np.int32)
        """The state matrix (one row per table, columns in :mod:`bragkit.vector.layout`)."""
        self.packs = np.tile(np.arange(PACK, dtype=np.int8), (num_envs, 1))
        """Each table's pack of the deal in progress (card ids, top first), as dealt; in an
        unshuffled session the hands leaving play are written over its dealt top
        (:data:`layout.C_BOTTOM`)."""
        self.masks = np.zeros((num_envs, self.space.n), dtype=np.int8)
        """The 0/1 legal mask of the seat to act at each table."""
        self.amounts = np.zeros((num_envs, L.AMT_SIZE), dtype=np.int32)
        """What each amount slot pays at each table (:data:`layout.AMT_MIN` ...)."""
        self.rewards = np.zeros((num_envs, players), dtype=np.float64)
        self.carried = np.zeros(num_envs, dtype=np.int32)
        """The pot each deal that ended in the last step carried out (a blind fold-out)."""
        self._no_exact = np.full(num_envs, -1, dtype=np.int32)
        self._played = np.zeros(num_envs, dtype=np.int32)
        self.term = np.zeros(num_envs, dtype=np.bool_)
        self.trunc = np.zeros(num_envs, dtype=np.bool_)
        self._info: dict[str, npt.NDArray[np.int8] | npt.NDArray[np.int32]] = {
            "action_mask": self.masks, "carried": self.carried}
        self._random_dealer = self.rules.first_dealer == "random"
        self._pool_rows = max(64, 4 * num_envs)
        self._draws = 1 + (PACK if unshuffled else 3 * players)
        """Uniform draws per redeal: the dealer, then one per card shuffled (every card of the
        pack in an unshuffled session, whose next deal comes from the undealt rest)."""
        self._pool = np.zeros((0, self._draws))
        self._cursor = np.zeros(1, dtype=np.int64)
        self.obs = np.zeros((num_envs, self.obs_size), dtype=np.float32)
        self._observer = np.full(num_envs, -1, dtype=np.int32)
        self._all = np.arange(num_envs)
        self._rng = np.random.default_rng(seed)
        self._started = False

    # ------------------------------------------------------------------ dealing
    @property
    def to_act(self) -> npt.NDArray[np.int32]:
        """The seat to act at each table (a view of the state)."""
        return self.state[:, L.C_TO_ACT]

    def _deal(self, tables: npt.NDArray[np.intp], packs: npt.NDArray[np.int8] | None,
              dealers: npt.NDArray[np.int64] | None) -> None:
        S, P = self.state, self.params
        k = len(tables)
        if k == 0:
            return
        if dealers is None:
            if self._random_dealer:
                dealers = self._rng.integers(0, self.n, size=k)
            else:
                dealers = np.zeros(k, dtype=np.int64)
        seat0 = L.seat_cols(self.n)
        S[tables, L.C_DEALER] = dealers
        S[tables, L.C_LOST] = 0
        S[tables, seat0[1]:seat0[1] + self.n] = self.stack
        S[tables, L.C_CARRIED] = 0
        S[tables, L.C_RETAINED] = -1
        shuffle = packs is None
        if packs is not None:
            self.packs[tables] = packs
        draws = self._rng.random((k, self._draws)) if shuffle else np.zeros((k, 1))
        for i, t in enumerate(tables.tolist()):
            deal_table(S, P, t, self.packs, draws, i, shuffle, self.table)
            legal_table(S, P, t, self.masks, self.amounts)

    def reset(self, seed: int | None = None, packs: Sequence[Sequence[int]] | None = None,
              dealers: Sequence[int] | None = None
              ) -> tuple[npt.NDArray[np.float32] | None,
                         dict[str, npt.NDArray[np.int8] | npt.NDArray[np.int32]]]:
        """Deal at every table (``seed``: reseed the engine's own generator first;
        ``packs``/``dealers``: the deals' packs, top first, and dealers instead of random
        ones).  Returns the observations and ``{"action_mask": ...}``."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        given = None
        if packs is not None:
            given = np.asarray(packs, dtype=np.int8).reshape(self.num_envs, PACK)
            if any(sorted(row) != list(range(PACK)) for row in given.tolist()):
                raise RulesError("a given pack must hold each of the 52 cards once")
        who = None if dealers is None else np.asarray(dealers, dtype=np.int64)
        self._deal(self._all, given, who)
        self._refill()
        self._started = True
        self.term[:] = False
        self.trunc[:] = False
        return self._observe(), self._info

    # ------------------------------------------------------------------ playing
    def step(self, actions: npt.ArrayLike, amounts: npt.ArrayLike | None = None
             ) -> tuple[npt.NDArray[np.float32] | None, npt.NDArray[np.float64],
                        npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                        dict[str, npt.NDArray[np.int8] | npt.NDArray[np.int32]]]:
        """Apply one slot per table for its seat to act (``amounts[t] >= 0``: the exact
        chips of a bet or side show slot, within its legal range, instead of the bucket's).

        Returns ``(observations, rewards, terminations, truncations, infos)``: rewards are
        ``(num_envs, players)`` net chips of the deals that ended (0 elsewhere); a finished
        table is redealt at once (same-step auto-reset), so its observation and
        ``infos["action_mask"]`` are the new deal's; ``infos["carried"]`` is the pot each
        finished deal carried out (a blind fold-out).  A masked-out slot raises
        :class:`~bragkit.errors.IllegalActionError` and no table moves.  The arrays
        returned are the engine's own, overwritten by the next step.
        """
        if not self._started:
            raise RulesError("step() needs reset() first")
        acts = np.ascontiguousarray(actions, dtype=np.int32)
        if acts.shape != (self.num_envs,):
            raise IllegalActionError(f"step() needs one action per table ({self.num_envs}), "
                                     f"got shape {acts.shape}")
        exact = self._no_exact if amounts is None else np.ascontiguousarray(amounts,
                                                                             dtype=np.int32)
        if exact.shape != (self.num_envs,):
            raise IllegalActionError(f"step() needs one amount per table ({self.num_envs}), "
                                     f"got shape {exact.shape}")
        if self._cursor[0] + self.num_envs > len(self._pool):
            self._refill()
        bad = step_tables(self.state, self.params, acts, exact, self.masks, self.amounts,
                          self.rewards, self.carried, self.term, self.trunc, self.packs,
                          self._pool, self._cursor, self.table, MAX_STEPS,
                          self._random_dealer, self.session, self.stack, self.low)
        if bad >= 0:
            a = int(acts[bad])
            name = self.space.slots[a].name if 0 <= a < self.space.n else str(a)
            extra = f" for {exact[bad]} chips" if exact[bad] >= 0 else ""
            raise IllegalActionError(f"table {bad}: action {a} ({name}){extra} is not legal "
                                     "here")
        return self._observe(), self.rewards, self.term, self.trunc, self._info

    def _refill(self) -> None:
        """New uniform draws for the redeals (a dealer and a partial shuffle per row)."""
        self._pool = self._rng.random((self._pool_rows, self._draws))
        self._cursor[0] = 0

    def step_random(self, rng: np.random.Generator | None = None
                    ) -> tuple[npt.NDArray[np.float32] | None, npt.NDArray[np.float64],
                               npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                               dict[str, npt.NDArray[np.int8] | npt.NDArray[np.int32]]]:
        """``step(random_actions(rng))`` in one kernel pass (the same moves for the same
        draws); ``infos["actions"]`` holds the slots played.

        >>> a, b = (VectorBrag("modern", 4, 8, seed=2, observe=False) for _ in range(2))
        >>> _ = a.reset(seed=2), b.reset(seed=2)
        >>> r1, r2 = np.random.default_rng(7), np.random.default_rng(7)
        >>> for _ in range(50):
        ...     _ = a.step(a.random_actions(r1)); _ = b.step_random(r2)
        >>> bool((a.state == b.state).all())
        True
        """
        if not self._started:
            raise RulesError("step_random() needs reset() first")
        draws = (rng or self._rng).random(self.num_envs)
        if self._cursor[0] + self.num_envs > len(self._pool):
            self._refill()
        play_random(self.state, self.params, draws, self._played, self.masks, self.amounts,
                    self.rewards, self.carried, self.term, self.trunc, self.packs,
                    self._pool, self._cursor, self.table, MAX_STEPS, self._random_dealer,
                    self.session, self.stack, self.low)
        info = {**self._info, "actions": self._played}
        return self._observe(), self.rewards, self.term, self.trunc, info

    def random_actions(self, rng: np.random.Generator | None = None) -> npt.NDArray[np.int32]:
        """A uniformly random legal slot per table (from ``rng``, else the engine's own
        generator)."""
        draws = (rng or self._rng).random(self.num_envs)
        out = np.zeros(self.num_envs, dtype=np.int32)
        random_choice(self.masks, draws, out)
        return out

    # ------------------------------------------------------------------ observing
    def _observe(self) -> npt.NDArray[np.float32] | None:
        if not self.observing:
            return None
        return self.observe()

    def observe(self, seats: npt.ArrayLike | None = None) -> npt.NDArray[np.float32]:
        """Each table's observation for ``seats`` (one per table; default: the seat to act),
        :mod:`bragkit.vector.observe`.  The array is reused by the next call."""
        who = self._observer if seats is None else np.ascontiguousarray(seats, dtype=np.int32)
        observe_tables(self.state, self.params, self.amounts, who, self.scale, self.obs)
        return self.obs

    def stacks(self) -> npt.NDArray[np.int32]:
        """Each table's stacks now, ``(num_envs, players)``."""
        at = L.seat_cols(self.n)[0]
        return self.state[:, at:at + self.n]

    def pot(self) -> npt.NDArray[np.int32]:
        """Each table's pot now."""
        return self.state[:, L.C_POT]

    def hands(self) -> npt.NDArray[np.int32]:
        """Each table's hands, ``(num_envs, players, 3)`` card ids (-1: not dealt in)."""
        at = L.seat_cols(self.n)[6]
        return self.state[:, at:at + 3 * self.n].reshape(self.num_envs, self.n, 3)
