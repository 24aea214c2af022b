"""The ``heuristic`` bot for Commerce, with and without a widow (rules 4.10, 4.11).

* **Strength**: the exact chance that its hand beats one random hand under the Commerce
  ranking (:func:`~bragkit.bots.strength.one_opponent_table`), ``p ** m`` against ``m``
  other players.
* **Widow exchanges**: of all offered exchanges it takes the one that leaves the best hand,
  if that is better than its own; the dealer's privilege takes the widow when the widow is
  the better hand; it pounces with a strong hand and declines horses.
* **Trade and barter**: it stands once its chance reaches ``stand_at``; otherwise it trades
  (or, short of chips, barters) the card whose replacement by a random card leaves the
  best average hand; answering a barter it hands back the card that leaves the best hand,
  or stands if the offer does not help.

>>> import random
>>> from bragkit.engine import open_table
>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("commerce-widow"), [50, 50, 50], dealer=0, seed=3)
>>> bot = CommerceHeuristicBot(get_preset("commerce-widow"))
>>> legal = t.legal_actions()
>>> any(la.allows(bot.act(t.state.view(t.to_act), legal, random.Random(1))) for la in legal)
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bragkit.bots.base import BaseBot, fallback_action
from bragkit.bots.strength import one_opponent_table
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.pack import card_text
from bragkit.games import hand_ranking

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.rules import Rules

__all__ = ["CommerceHeuristicBot"]


def _ids(text: str) -> list[int]:
    from bragkit.cards import parse_cards

    return [c.id for c in parse_cards(text)]


class CommerceHeuristicBot(BaseBot):
    """Improve the hand from the widow or by trading; stand when strong enough."""

    name = "heuristic"

    def __init__(self, rules: Rules, *, stand_at: float = 0.55, pounce_at: float = 0.7,
                 widow_stand_at: float | None = None) -> None:
        super().__init__(rules)
        self.ranking = hand_ranking(rules)
        self.rank3 = self.ranking.rank3
        self.table = one_opponent_table(self.ranking)
        self.stand_at = stand_at
        self.pounce_at = pounce_at
        self.widow_stand_at = widow_stand_at
        """With a widow: stand at once with this chance or better, even when an exchange
        would still improve the hand (``None``: always take an improving exchange)."""

    def chance(self, hand: tuple[int, ...] | list[int], m: int) -> float:
        """Chance to beat ``m`` random hands (ties half)."""
        win, tie = self.table.lookup(tuple(hand))
        return float((win + tie / 2) ** max(1, m))

    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """Choose an action (see the module docstring)."""
        kinds = {la.kind: la for la in legal}
        hand = [c.id for c in view.own_cards] if view.own_cards else []
        m = max(1, sum(1 for i, st in enumerate(view.status) if st == "in" and i != view.seat))
        if len(hand) != 3:
            return fallback_action(legal, rng, prefer=("stand", "pass", "decline", "keep"))
        p = self.chance(hand, m)
        mine = self.rank3(*hand)
        if "exchange" in kinds:
            if self.widow_stand_at is not None and p >= self.widow_stand_at and "stand" in kinds:
                return Action("stand")
            best, after = max(((a, self._after_exchange(hand, a))
                               for a in kinds["exchange"].args), key=lambda t: t[1])
            if after > mine:
                return Action("exchange", arg=best)
            for kind in ("stand", "pass"):
                if kind in kinds:
                    return Action(kind)
        if "widow" in kinds:  # the dealer's privilege
            widow = [c.id for c in view.widow]
            return Action("widow") if len(widow) == 3 and self.rank3(*widow) > mine \
                else Action("keep")
        if "pounce" in kinds:
            return Action("pounce") if p >= self.pounce_at else Action("decline")
        if "horse" in kinds:
            return Action("decline")
        if "accept" in kinds:
            offered = view.offered
            if offered is None:
                return Action("stand")
            best, after = max(((a, self._after_swap(hand, _ids(a)[0], offered.id))
                               for a in kinds["accept"].args), key=lambda t: t[1])
            if after > mine:
                return Action("accept", arg=best)
            return Action("stand")
        if "stand" in kinds and p >= self.stand_at:
            return Action("stand")
        for kind in ("trade", "barter"):
            if kind in kinds:
                return Action(kind, arg=self._worst_card(hand, view, kinds[kind].args))
        return fallback_action(legal, rng, prefer=("pass", "stand", "decline"))

    def _after_exchange(self, hand: list[int], arg: str) -> int:
        cards = _ids(arg)
        k = len(cards) // 2
        give, take = cards[:k], cards[k:]
        new = [c for c in hand if c not in give] + take
        return self.rank3(*new) if len(new) == 3 else -1

    def _after_swap(self, hand: list[int], give: int, take: int) -> int:
        new = [c for c in hand if c != give] + [take]
        return self.rank3(*new)

    def _worst_card(self, hand: list[int], view: SeatView, args: tuple[str, ...]) -> str:
        known = set(hand) | {c.id for cards in view.shown.values() for c in cards}
        unknown = [c.id for c in self.ranking.pack if c.id not in known]

        def average(give: int) -> float:
            rest = [c for c in hand if c != give]
            return sum(self.rank3(rest[0], rest[1], c) for c in unknown) / len(unknown)

        best = max(hand, key=average)
        text = card_text(best)
        return text if text in args else args[0]
