"""The ``cfr`` array policy: the solver's strategy table (``brag solve``) on the vector engine.

:class:`CfrArrayPolicy` plays the HU-Brag-S12 equilibrium (docs/solver.md) at many
:class:`~bragkit.vector.VectorBrag` tables at once, exactly as the scalar
:class:`~bragkit.bots.cfr_bot.CfrBot` does at one: it follows each table's deal through the
solved game's tree (:meth:`advance`, before every step: a bet of the stay is ``stay``, more
is ``double``, with the bot's nearest-move fallback), samples the equilibrium's row at the
node (the blind row, or the row of its hand class once it has looked) and turns the tree's
move into a slot and an exact amount (:meth:`act`); off the tree (or where the engine
does not offer the tree's move: the scalar bot raises there) it sees, else covers, else
stays at the lowest bet, counted in :attr:`CfrArrayPolicy.off_tree`.  The mapping is exact
for the game the table solves: modern Brag, ante 1, stacks of 12,
``short_stack_policy="cover"``, ``blind_winner_policy="wins"``, heads-up (the vector engine
plays these covers); anything else is refused in one line (:func:`cfr_reason`).

>>> from bragkit.rules import get_preset
>>> cfr_reason(get_preset("modern"), 2, 12)
'cfr plays HU-Brag-S12 only (modern Brag, ante 1, stacks 12, short_stack_policy=cover, \
blind_winner_policy=wins); these rules have short_stack_policy=fold_or_rebuy'
>>> rules = get_preset("modern").replace(short_stack_policy="cover", blind_winner_policy="wins")
>>> cfr_reason(rules, 2, 12) is None, cfr_reason(rules, 3, 12)
(True, 'cfr plays heads-up only, not 3 players')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import BragError, RulesError

if TYPE_CHECKING:
    from bragkit.bots.cfr_bot import CfrPolicy
    from bragkit.rules import Rules
    from bragkit.vector import VectorBrag

__all__ = ["CfrArrayPolicy", "cfr_reason"]

_NEAREST: Final[dict[str, tuple[str, ...]]] = {
    "cover": ("see", "stay", "double"), "see": ("cover",), "stay": ("cover", "double"),
    "double": ("stay", "cover")}
"""Where the engine's chips drifted from the tree's, the nearest tree move (as CfrBot)."""


def cfr_reason(rules: Rules, players: int, stack: int) -> str | None:
    """Why the ``cfr`` policy cannot play ``rules`` at ``players`` seats of ``stack`` chips
    (None: it can)."""
    from bragkit.bots.cfr_bot import CfrBot

    if players != 2:
        return f"cfr plays heads-up only, not {players} players"
    try:
        bot = CfrBot(rules)
    except RulesError as error:
        return str(error)
    if stack != bot.policy.tree.spec.stack:
        return f"cfr plays stacks of {bot.policy.tree.spec.stack} only, not {stack}"
    return None


class CfrArrayPolicy:
    """The ``cfr`` bot at every table of a heads-up vector engine (see the module)."""

    def __init__(self, rules: Rules, num_envs: int, strategy: str | None = None) -> None:
        from bragkit.bots.cfr_bot import CfrBot

        bot = CfrBot(rules, strategy)
        self.policy: CfrPolicy = bot.policy
        tree = self.tree = bot.policy.tree
        self.stakes = tuple(int(x) for x in tree.spec.stakes)
        self.kids: list[dict[str, int]] = [
            {tree.labels[c]: int(c) for c in tree.children(k)} for k in range(tree.size)]
        self.labels = [[tree.labels[c] for c in tree.children(k)] for k in range(tree.size)]
        self.node = np.zeros(num_envs, dtype=np.int64)
        """Each table's node in the solved tree (-1: the deal left the tree)."""
        self.off_tree = 0
        """Decisions taken off the solved tree."""
        self._rows: dict[int, npt.NDArray[np.float64]] = {}

    def new_deals(self, done: npt.NDArray[np.bool_]) -> None:
        """The tables whose deal ended start again at the tree's root."""
        self.node[done] = 0

    def _player(self, v: VectorBrag, t: int, seat: int) -> int:
        from bragkit.vector import layout as L

        return 0 if seat == (int(v.state[t, L.C_DEALER]) + 1) % 2 else 1

    def _step(self, node: int, label: str) -> int:
        kids = self.kids[node]
        for option in (label, *_NEAREST.get(label, ())):
            found = kids.get(option)
            if found is not None:
                return found
        return -1

    def advance(self, v: VectorBrag, slots: npt.NDArray[np.int32],
                amounts: npt.NDArray[np.int32]) -> None:
        """Follow the moves about to be stepped (``slots``, exact ``amounts`` or -1) through
        the tree, as :meth:`~bragkit.bots.cfr_bot.CfrBot.history` reads them."""
        from bragkit.vector import layout as L

        tree = self.tree
        for t in range(v.num_envs):
            node = int(self.node[t])
            if node < 0:
                continue
            p = int(v.state[t, L.C_TO_ACT])
            a = int(slots[t])
            if tree.kind[node] != 0 or tree.actor[node] != self._player(v, t, p):
                self.node[t] = -1
                continue
            if tree.look[node]:
                node = self._step(node, "look" if a == L.A_LOOK else "blind")
                if a == L.A_LOOK or node < 0:
                    self.node[t] = node
                    continue
            if L.A_BET_MIN <= a <= L.A_BET_MAX:
                chips = int(amounts[t]) if amounts[t] >= 0 else \
                    int(v.amounts[t, L.AMT_MIN + a - L.A_BET_MIN])
                actor = int(tree.actor[node])
                stay = self.stakes[int(tree.stake[node])] * (1 if tree.blind[node, actor] else 2)
                kids = self.kids[node]
                want = "double" if chips > stay and "double" in kids else "stay"
                if want not in kids:
                    want = "cover"
                node = self._step(node, want)
            else:
                label = {L.A_FOLD: "fold", L.A_SEE: "see", L.A_COVER: "cover"}.get(a)
                node = -1 if label is None else self._step(node, label)
            self.node[t] = node

    def _sample(self, node: int, cls: int | None, u: float) -> str:
        row = self._rows.get(node)
        if row is None:
            row = self._rows[node] = np.asarray(self.policy.strategy.at(node), dtype=np.float64)
        probs = row if row.ndim == 1 else row[:, cls]
        cum = np.cumsum(probs)
        labels = self.labels[node]
        return labels[min(len(labels) - 1, int(np.searchsorted(cum, u * cum[-1],
                                                                side="right")))]

    def act(self, v: VectorBrag, tables: npt.NDArray[np.intp], rng: np.random.Generator,
            slots: npt.NDArray[np.int32], amounts: npt.NDArray[np.int32]) -> None:
        """Write the policy's slot and exact amount (-1: the slot's own) of each table in
        ``tables`` (whose seat to act plays ``cfr``) into ``slots`` and ``amounts``."""
        from bragkit.vector import layout as L

        tree = self.tree
        cols = L.seat_cols(v.n)
        draws = rng.random((len(tables), 2))
        for i, t in enumerate(tables.tolist()):
            p = int(v.state[t, L.C_TO_ACT])
            mask = v.masks[t]
            node = int(self.node[t])
            if node < 0 or tree.kind[node] != 0 or tree.actor[node] != self._player(v, t, p):
                self.off_tree += 1
                slots[t], amounts[t] = _off_tree(mask), -1
                continue
            cls = None
            if v.state[t, cols[3] + p] == 1:
                hand = v.state[t, cols[6] + 3 * p:cols[6] + 3 * p + 3]
                cls = int(self.policy.hc.class_of((int(hand[0]), int(hand[1]),
                                                   int(hand[2]))))
            choice = self._sample(node, cls, float(draws[i, 0]))
            if choice == "blind":
                node = self.kids[node]["blind"]
                choice = self._sample(node, None, float(draws[i, 1]))
            try:
                slots[t], amounts[t] = self._engine(v, t, node, choice)
            except BragError:  # the engine does not offer the tree's move (drifted chips)
                self.off_tree += 1
                slots[t], amounts[t] = _off_tree(mask), -1

    def _engine(self, v: VectorBrag, t: int, node: int, choice: str) -> tuple[int, int]:
        """The slot and amount of tree move ``choice`` at ``node`` (as CfrBot's
        ``_engine_action``: a bet kept inside the engine's range)."""
        from bragkit.vector import layout as L

        mask = v.masks[t]
        plain = {"look": L.A_LOOK, "fold": L.A_FOLD, "see": L.A_SEE, "cover": L.A_COVER}
        amount = 0
        if choice in plain:
            if mask[plain[choice]]:
                return plain[choice], -1
            if choice in ("see", "cover") and mask[L.A_COVER]:
                return L.A_COVER, -1
            if choice != "cover" or not mask[L.A_BET_MIN]:
                raise BragError(f"cfr: the engine does not offer {choice} here")
        else:
            actor = int(self.tree.actor[node])
            level = int(self.tree.stake[node]) + (choice == "double")
            amount = self.stakes[level] * (1 if self.tree.blind[node, actor] else 2)
        if not mask[L.A_BET_MIN]:
            if mask[L.A_COVER]:
                return L.A_COVER, -1
            raise BragError("cfr: the engine offers no bet here")
        lo, hi = int(v.amounts[t, L.AMT_LO]), int(v.amounts[t, L.AMT_HI])
        return L.A_BET_MIN, min(max(amount, lo), hi)


def _off_tree(mask: npt.NDArray[np.int8]) -> int:
    """Off the solved tree: end the deal -- see, else cover, else the lowest bet, else fold."""
    from bragkit.vector import layout as L

    for slot in (L.A_SEE, L.A_COVER, L.A_BET_MIN):
        if mask[slot]:
            return slot
    return L.A_FOLD
