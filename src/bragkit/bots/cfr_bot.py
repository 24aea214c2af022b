"""The ``cfr`` bot: the solved equilibrium of HU-Brag-S12 (docs/solver.md).

It plays heads-up modern Brag with the solved game's rules -- ante 1, stacks of 12, the
cover rule for a short stack, a blind fold-out winner takes the pot -- from a saved
strategy: the shipped ``hu_brag_s12.npz`` (package data), or a file given as
``strategy=``.  It follows the public history of the deal through the solved game's tree
(a bet of the stay is ``stay``, of twice it ``double``) and samples its action from the
equilibrium: one row for a blind decision, the row of its hand class once it has looked.
Any other game, rule set, player count or stack is refused with one line.  If an
opponent's bets drift so far from the two sizes that the deal leaves the tree, or the
engine does not offer the tree's move (the stacks have drifted from the solved game's), it
ends the deal (see, else cover, else the lowest bet) and counts it in ``off_tree``.

The policy can be asked without an engine (:meth:`CfrPolicy.probabilities`):

>>> policy = CfrPolicy.shipped()
>>> p = policy.probabilities((), None)          # p1's first decision: look or stay blind
>>> sorted(p)
['blind', 'look']
>>> policy.probabilities(("look",), "As Ad Ah")["fold"] < 0.01
True
"""

from __future__ import annotations

import random
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from bragkit.bots.base import BaseBot
from bragkit.cards import parse_cards
from bragkit.engine.actions import Action, LegalAction
from bragkit.errors import RulesError

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.rules import Rules
    from bragkit.solve.cfr import Strategy
    from bragkit.solve.classes import HandClasses

__all__ = ["SHIPPED", "CfrBot", "CfrPolicy"]

SHIPPED = "hu_brag_s12.npz"
"""The shipped strategy file (in the package data of :mod:`bragkit.solve`)."""


class CfrPolicy:
    """A solved strategy with a way to find a public history's node in its tree."""

    def __init__(self, strategy: Strategy, hc: HandClasses) -> None:
        self.strategy = strategy
        self.tree = strategy.tree
        self.hc = hc

    @staticmethod
    @lru_cache(maxsize=4)
    def load(path: str | None = None) -> CfrPolicy:
        """The policy of a strategy file (the shipped one by default; cached)."""
        from bragkit.solve import hand_classes, load_strategy

        if path is None:
            ref = resources.files("bragkit.solve") / "data" / SHIPPED
            with resources.as_file(ref) as real:
                if not Path(real).exists():
                    raise RulesError("cfr: the shipped strategy is missing; run "
                                     "'brag solve --out FILE' and pass strategy=FILE")
                strategy, _meta = load_strategy(real)
        else:
            strategy, _meta = load_strategy(path)
        if strategy.tree.spec.game != "hu-brag-s12":
            raise RulesError("cfr: the strategy file is not of HU-Brag-S12")
        return CfrPolicy(strategy, hand_classes(strategy.tree.spec.ranking,
                                                strategy.tree.spec.deck))

    @staticmethod
    def shipped() -> CfrPolicy:
        """The policy of the shipped HU-Brag-S12 strategy."""
        return CfrPolicy.load(None)

    def node(self, history: tuple[str, ...]) -> int:
        """The tree node after the public actions ``history`` (labels as in the tree)."""
        tree = self.tree
        node = 0
        for label in history:
            for child in tree.children(node):
                if tree.labels[child] == label:
                    node = child
                    break
            else:
                raise RulesError(f"cfr: {label!r} is not a move of the solved game after "
                                 f"{' '.join(tree.history(node)) or 'the deal'}")
        return node

    def probabilities(self, history: tuple[str, ...], cards: str | tuple[int, ...] | None
                      ) -> dict[str, float]:
        """The equilibrium's action probabilities at ``history`` for the player to act.

        ``cards`` (his hand, if he has looked) is needed at an open decision only.
        """
        node = self.node(history)
        tree = self.tree
        if tree.kind[node] != 0:
            raise RulesError("cfr: the deal is over")
        probs = self.strategy.at(node)
        if probs.ndim == 2:
            if cards is None:
                raise RulesError("cfr: an open decision needs the player's cards")
            ids = tuple(c.id for c in parse_cards(cards)) if isinstance(cards, str) else cards
            if len(ids) != 3:
                raise RulesError("cfr: a hand has three cards")
            cls = self.hc.class_of((ids[0], ids[1], ids[2]))
            probs = probs[:, cls]
        return {tree.labels[c]: float(p) for c, p in zip(tree.children(node), probs,
                                                          strict=True)}


def _check_rules(rules: Rules) -> None:
    wanted = {"game": "modern", "ante": 1, "short_stack_policy": "cover",
              "blind_winner_policy": "wins", "see_cost": "double"}
    for key, value in wanted.items():
        have = getattr(rules, key, None)
        if have != value:
            raise RulesError(f"cfr plays HU-Brag-S12 only (modern Brag, ante 1, stacks 12, "
                             f"short_stack_policy=cover, blind_winner_policy=wins); "
                             f"these rules have {key}={have}")


class CfrBot(BaseBot):
    """Plays the HU-Brag-S12 equilibrium (see the module)."""

    name = "cfr"

    def __init__(self, rules: Rules, strategy: str | None = None) -> None:
        _check_rules(rules)
        super().__init__(rules)
        self.policy = CfrPolicy.load(strategy)
        self.off_tree = 0
        """Decisions taken off the solved tree (after another player's untranslatable bet)."""

    def history(self, view: SeatView) -> tuple[tuple[str, ...], int]:
        """The solved game's labels of the deal's public actions so far, and the stake level.

        Bets are translated to the tree: up to the stay is ``stay``, more is ``double``
        (``stay`` when no doubling is left).
        """
        tree = self.policy.tree
        spec = tree.spec
        if len(view.stacks) != 2:
            raise RulesError(f"cfr plays heads-up only, not {len(view.stacks)} players")
        first = (view.dealer + 1) % 2
        node = 0
        labels: list[str] = []

        # where the engine's chips have drifted from the tree's (a translated bet), the
        # nearest tree action stands in
        nearest = {"cover": ("see", "stay", "double"), "see": ("cover",),
                   "stay": ("cover", "double"), "double": ("stay", "cover")}

        def step(label: str) -> None:
            nonlocal node
            for option in (label, *nearest.get(label, ())):
                for child in tree.children(node):
                    if tree.labels[child] == option:
                        node = child
                        labels.append(option)
                        return
            raise RulesError(f"cfr: {label!r} is not a move of the solved game after "
                             f"{' '.join(labels) or 'the deal'}")

        for e in view.events:
            if e.kind not in ("look", "bet", "fold", "see", "cover") or e.seat is None:
                continue
            p = 0 if e.seat == first else 1
            if tree.kind[node] != 0 or tree.actor[node] != p:
                raise RulesError("cfr: the deal does not follow the solved game's turns")
            if tree.look[node]:
                step("look" if e.kind == "look" else "blind")
                if e.kind == "look":
                    continue
            if e.kind == "bet":
                mult = 1 if tree.blind[node, p] else 2
                stay = spec.stakes[int(tree.stake[node])] * mult
                kids = {tree.labels[c] for c in tree.children(node)}
                want = "double" if (e.amount or 0) > stay and "double" in kids else "stay"
                if want not in kids:
                    want = "cover"
                step(want)
            else:
                step(e.kind)
        return tuple(labels), node

    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """Sample the equilibrium's action and turn it into an engine action."""
        tree = self.policy.tree
        spec = tree.spec
        if sum(view.stacks) + view.pot + sum(view.pots) != 2 * spec.stack:
            raise RulesError(f"cfr plays stacks of {spec.stack} only (the ante included)")
        try:
            history, node = self.history(view)
            if tree.kind[node] != 0:
                raise RulesError("cfr: off the tree")
        except RulesError:
            self.off_tree += 1
            return _off_tree_action(legal)
        cards = None if view.own_cards is None else tuple(c.id for c in view.own_cards)
        if tree.look[node] and cards is not None:        # it looked this turn
            history = (*history, "look")
        choice = self._sample(history, cards, rng)
        if choice == "blind":
            history = (*history, "blind")
            choice = self._sample(history, None, rng)
        try:
            if choice in ("stay", "double"):
                at = self.policy.node(history)
                mult = 1 if tree.blind[at, tree.actor[at]] else 2
                level = int(tree.stake[at]) + (choice == "double")
                return _engine_action(choice, legal, spec.stakes[level] * mult)
            return _engine_action(choice, legal, 0)
        except RulesError:  # the engine does not offer the tree's move (drifted chips)
            self.off_tree += 1
            return _off_tree_action(legal)

    def _sample(self, history: tuple[str, ...], cards: tuple[int, ...] | None,
                rng: random.Random) -> str:
        probs = self.policy.probabilities(history, cards)
        labels = list(probs)
        cum = np.cumsum([probs[k] for k in labels])
        return labels[min(len(labels) - 1, int(np.searchsorted(cum, rng.random() * cum[-1],
                                                                side="right")))]


def _engine_action(choice: str, legal: tuple[LegalAction, ...], amount: int) -> Action:
    """The engine action for a tree action; a bet is kept inside the engine's range (after a
    translated bet of the other player the engine's stake may differ from the tree's)."""
    by_kind = {la.kind: la for la in legal}
    if choice in ("look", "fold", "see", "cover"):
        if choice in by_kind:
            return Action(choice)
        if choice in ("see", "cover") and "cover" in by_kind:
            return Action("cover")
        if choice == "cover" and "bet" in by_kind:
            choice = "stay"
        else:
            raise RulesError(f"cfr: the engine does not offer {choice} here")
    bet = by_kind.get("bet")
    if bet is None or bet.lo is None:
        if "cover" in by_kind:
            return Action("cover")
        raise RulesError("cfr: the engine offers no bet here")
    return Action("bet", min(max(amount, bet.lo), bet.hi or bet.lo))


def _off_tree_action(legal: tuple[LegalAction, ...]) -> Action:
    """Where the deal has left the solved tree (an opponent's bets drifted too far from its
    two sizes): end the deal -- see, else cover, else stay at the lowest bet."""
    by_kind = {la.kind: la for la in legal}
    for kind in ("see", "cover"):
        if kind in by_kind:
            return Action(kind)
    bet = by_kind.get("bet")
    if bet is not None and bet.lo is not None:
        return Action("bet", bet.lo)
    return Action("fold")
