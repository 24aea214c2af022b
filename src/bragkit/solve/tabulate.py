"""An engine bot's strategy on the HU-Brag-S12 tree, tabulated exactly per information set.

:func:`tabulate_bot` walks the solved game's public tree through the engine (one engine
state per public node, the tree's labels played as engine actions) and asks the bot at each
of its decisions:

* **open** (it has looked): once per hand class, its view holding the class's
  representative hand; its action is translated to the tree (a bet of the stay is
  ``stay``, a larger one ``double``, ``stay`` where no doubling is left);
* **blind**: a bot like ``heuristic`` draws a hidden *plan* once a deal (how many blind
  bets it makes, :meth:`~bragkit.bots.heuristic.HeuristicBot.plan_blind`), so its blind
  behaviour is a mixture.  Its behaviour strategy is exact: at its k-th look decision it
  stays blind with probability P(plan >= k) / P(plan >= k - 1) when its blind rule allows a
  blind bet there (asked of the bot with a plan still running), else it looks.

An open decision must not depend on the bot's generator: every :data:`CHECK_EVERY`-th
class is asked again with another generator, and a difference is refused.  The result is a
:class:`Strategy` for both seats, so :func:`~bragkit.solve.cfr.evaluate` gives the bot's
exact exploitability.

Bets are the tree's: the engine is given the tree's amounts along the walk, and a bot's
bet is read as its nearest tree action (the bot's own sizes -- an open first bet of one
chip, say -- are not the solved game's).  The one approximation: the bot's count of its
own raises follows the tree's doubles, so a raise the tree cannot make (read as a stay)
is not counted (it matters only past the bot's third raise intent).

>>> from bragkit.solve import GameSpec, build_tree
>>> tree = build_tree(GameSpec.hu_brag_s12(stack=3, deck=12))
>>> s = tabulate_bot("heuristic", tree)
>>> s.blind_probs.shape[1] == s.layout.width
True
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bragkit.engine.pack import new_rng
from bragkit.errors import RulesError
from bragkit.solve.cfr import Strategy
from bragkit.solve.classes import hand_classes

if TYPE_CHECKING:
    from bragkit.bots.base import Bot
    from bragkit.engine import BragState, SeatView
    from bragkit.engine.actions import Action, LegalAction
    from bragkit.rules import Rules
    from bragkit.solve.tree import Tree

__all__ = ["CHECK_EVERY", "plan_survival", "tabulate_bot"]

CHECK_EVERY = 37
"""Every this many hand classes an open decision is asked again with another generator."""

F64 = npt.NDArray[np.float64]


def _engine_rules() -> Rules:
    from bragkit.rules import get_preset

    return dataclasses.replace(get_preset("modern"), short_stack_policy="cover",
                               blind_winner_policy="wins")


def plan_survival(bot: object, k: int) -> float:
    """P(plan >= k): the chance that a bot's blind plan still has a blind bet at its k-th
    look decision (the law of ``plan_blind``: none with probability 1 - ``blind_rate``;
    else to the end with ``blind_to_end``, else 1 + a geometric number, mean
    ``blind_mean``, below ``TO_THE_END``).  Bots without a plan never play blind.

    >>> from bragkit.bots.heuristic import HeuristicBot
    >>> from bragkit.rules import get_preset
    >>> bot = HeuristicBot(get_preset("modern"))
    >>> plan_survival(bot, 0), round(plan_survival(bot, 1), 3), round(plan_survival(bot, 2), 3)
    (1.0, 0.4, 0.272)
    """
    from bragkit.bots.heuristic import TO_THE_END

    if k <= 0:
        return 1.0
    rate = getattr(bot, "blind_rate", None)
    if not isinstance(rate, float | int):
        return 0.0
    to_end = float(getattr(bot, "blind_to_end", 0.0))
    mean = float(getattr(bot, "blind_mean", 1.0))
    if k > TO_THE_END:
        return 0.0
    long = rate * to_end
    if k == TO_THE_END:
        return long
    return long + rate * (1 - to_end) * (1 - 1 / mean) ** (k - 1)


def _label(action: Action, legal_kids: list[str], stay: int) -> str:
    """The tree label of an engine action at a node with children ``legal_kids``."""
    kind = action.kind
    if kind == "bet":
        want = "double" if (action.amount or 0) > stay and "double" in legal_kids else "stay"
    else:
        want = kind
    nearest = {"cover": ("see", "stay"), "see": ("cover",), "stay": ("cover",),
               "double": ("stay", "cover"), "look": ("fold",)}
    for option in (want, *nearest.get(want, ())):
        if option in legal_kids:
            return option
    raise RulesError(f"tabulate: the bot's {kind} has no move in the solved game")


def _engine_action(label: str, stay: int, up: int) -> Action:
    from bragkit.engine.actions import Action

    if label == "stay":
        return Action("bet", stay)
    if label == "double":
        return Action("bet", up)
    return Action(label)


class _Walker:
    def __init__(self, name: str, tree: Tree, seat: int, rules: Rules) -> None:
        from bragkit.bots import get_bot

        self.tree = tree
        self.seat = seat
        self.rules = rules
        self.bot: Bot = get_bot(name, rules)
        self.name = name
        hc = hand_classes(tree.spec.ranking, tree.spec.deck)
        from bragkit.cards import card_from_id

        self.hands = [tuple(card_from_id(int(x)) for x in rep) for rep in hc.reps]
        # two independent generators: a bot that draws at an open decision is caught when
        # they disagree (a deterministic bot plays the same whatever they hold)
        self.rng_a, self.rng_b = new_rng(), new_rng()
        self.open: dict[int, F64] = {}
        self.blind: dict[int, F64] = {}

    def amounts(self, node: int) -> tuple[int, int]:
        tree, spec = self.tree, self.tree.spec
        p = int(tree.actor[node])
        mult = 1 if tree.blind[node, p] else 2
        idx = int(tree.stake[node])
        up = spec.stakes[idx + 1] * mult if idx + 1 < len(spec.stakes) else 0
        return spec.stakes[idx] * mult, up

    def ask(self, view: SeatView, legal: tuple[LegalAction, ...], rng: random.Random,
            raises: int, blind_turns: int) -> Action:
        """The bot's action with its per-deal memory set from the path: the raises it made,
        and a blind plan (``blind_turns``) already drawn."""
        bot = self.bot
        new_deal = getattr(bot, "new_deal", None)
        if callable(new_deal):
            new_deal(view)                            # this deal: the memory below stays
        for attr, value in (("raises", raises), ("blind_turns", blind_turns),
                            ("blind_long", False)):
            if hasattr(bot, attr):
                setattr(bot, attr, value)
        return bot.act(view, legal, rng)

    def walk(self, node: int, state: BragState, raises: int, blind_bets: int) -> None:
        tree = self.tree
        if tree.kind[node] != 0:
            return
        p = int(tree.actor[node])
        kids = list(tree.children(node))
        labels = [tree.labels[c] for c in kids]
        stay, up = self.amounts(node)
        mine = p == self.seat
        if tree.look[node]:
            if mine:
                view, legal = state.view(p), state.legal_actions()
                act = self.ask(view, legal, self.rng_a, raises, blind_turns=99)
                allowed = act.kind == "bet"
                q = 0.0
                if allowed:
                    before = plan_survival(self.bot, blind_bets)
                    q = plan_survival(self.bot, blind_bets + 1) / before if before > 0 else 0.0
                row = np.zeros(len(kids))
                row[labels.index("blind")] = q
                row[labels.index("look")] = 1 - q
                self.blind[node] = row
            for child, label in zip(kids, labels, strict=True):
                nxt = state.apply(_engine_action("look", 0, 0)) if label == "look" else state
                self.walk(child, nxt, raises, blind_bets)
            return
        if mine:
            view, legal = state.view(p), state.legal_actions()
            if tree.blind[node, p]:
                act = self.ask(view, legal, self.rng_a, raises, blind_turns=99)
                row = np.zeros(len(kids))
                try:
                    row[labels.index(_label(act, labels, stay))] = 1.0
                except RulesError:
                    row[labels.index("stay") if "stay" in labels else 0] = 1.0
                self.blind[node] = row
            else:
                self.open[node] = self._open_rows(view, legal, labels, stay, raises)
        for child, label in zip(kids, labels, strict=True):
            if tree.kind[child] != 0:
                continue
            nxt = state.apply(_engine_action(label, stay, up))
            more = raises + (label == "double" and mine)
            self.walk(child, nxt, more, blind_bets + (label == "stay" and mine
                                                     and bool(tree.blind[node, p])))

    def _open_rows(self, view: SeatView, legal: tuple[LegalAction, ...], labels: list[str],
                   stay: int, raises: int) -> F64:
        rows = np.zeros((len(labels), len(self.hands)))
        v = copy.copy(view)            # one private copy, its hand set per class
        for c, hand in enumerate(self.hands):
            object.__setattr__(v, "own_cards", hand)
            a = self.ask(v, legal, self.rng_a, raises, 0)
            if c % CHECK_EVERY == 0 and self.ask(v, legal, self.rng_b, raises, 0) != a:
                raise RulesError(f"tabulate: {self.name} chooses at random at an open "
                                 "decision; its strategy cannot be tabulated exactly")
            rows[labels.index(_label(a, labels, stay)), c] = 1.0
        return rows


def tabulate_bot(name: str, tree: Tree, rules: Rules | None = None) -> Strategy:
    """The engine bot ``name``'s strategy on ``tree`` in both seats (see the module)."""
    from bragkit.engine import BragState

    spec = tree.spec
    if spec.game != "hu-brag-s12":
        raise RulesError("tabulate: only HU-Brag-S12 trees are played by the engine bots")
    rules = rules if rules is not None else _engine_rules()
    from bragkit.solve.cfr import Layout

    lay = Layout.of(tree)
    hc = hand_classes(spec.ranking, spec.deck)
    open_probs = np.zeros((len(lay.open_dec), lay.width, hc.count))
    blind_probs = np.zeros((len(lay.blind_dec), lay.width))
    pack = tuple(range(52))
    for seat in (0, 1):
        walker = _Walker(name, tree, seat, rules)
        # dealer 1: seat 0 acts first, as the tree's p1
        state = BragState.start(rules, (spec.stack, spec.stack), 1, pack)
        walker.walk(0, state, 0, 0)
        for node, probs in walker.open.items():
            k = int(np.searchsorted(lay.dec, node))
            open_probs[lay.slot_of[k], :len(probs)] = probs
        for node, row in walker.blind.items():
            k = int(np.searchsorted(lay.dec, node))
            blind_probs[lay.slot_of[k], :len(row)] = row
    # decisions the walk never reached (none in a consistent tree): uniform
    m = lay.mask.astype(np.float64)
    uniform = m / m.sum(axis=1, keepdims=True)
    empty_o = open_probs.sum(axis=1) == 0
    if empty_o.any():
        r, c = np.nonzero(empty_o)
        open_probs[r, :, c] = uniform[lay.open_dec][r]
    empty_b = blind_probs.sum(axis=1) == 0
    blind_probs[empty_b] = uniform[lay.blind_dec][empty_b]
    return Strategy(tree, open_probs, blind_probs)
