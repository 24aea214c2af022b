"""The ``heuristic`` bot for the poker-style games: Foster, Three-Stake, American Brag, and
GameAccount's 3 Card Brag Poker (rules 4.1-4.3, 4.8).

* **Strength**: the exact chance that its three cards beat one random hand under the game's
  ranking (braggers included), from the precomputed table of
  :func:`~bragkit.bots.strength.one_opponent_table`; ``p ** m`` against ``m`` live opponents.
* **Betting** (equalising): raises with ``p >= raise_at`` (at most ``max_raises`` times a
  deal), calls when ``p`` beats the pot odds times ``caution`` and a floor, checks when it
  can, otherwise folds (``pass``).  The dealer's ante is the smallest allowed.  Raises vary
  like a person's: the size is drawn around a strength-scaled amount (a triangular law over
  the whole range), a strong hand is now and then only called (``slowplay``) and a fair one
  now and then raised (``bluff``), so the size and the timing of a raise tell less.
* **Draws**: in 3 Card Brag Poker it looks at once (or, with ``blind_rate``, stays blind and
  calls at half price), stands with a good hand and otherwise discards the cards outside its
  best pair or two suited/connected cards; in Three-Stake Brag it draws for thirty-one while
  its total is at most ``draw31_below``.

>>> import random
>>> from bragkit.engine import open_table
>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("foster"), [50, 50, 50], dealer=0, seed=3)
>>> bot = PokerHeuristicBot(get_preset("foster"))
>>> legal = t.legal_actions()
>>> any(la.allows(bot.act(t.state.view(t.to_act), legal, random.Random(1))) for la in legal)
True
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING

from bragkit.bots.base import BaseBot, fallback_action
from bragkit.bots.strength import best_three, one_opponent_table
from bragkit.cards import card_from_id
from bragkit.engine.actions import Action, LegalAction
from bragkit.games import hand_ranking
from bragkit.hands.counts import pip_value
from bragkit.rules.game_keys import own_keys

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.rules import Rules

__all__ = ["PokerHeuristicBot", "points31"]


def points31(ids: tuple[int, ...], ace: int = 11) -> int:
    """Pip total for thirty-one (:func:`~bragkit.hands.counts.pip_value`): A = ``ace``
    (11 unless the house agrees 1), K/Q/J = 10, others face value; jokers count nothing.

    >>> points31((51, 46, 0)), points31((51, 46, 0), ace=1)   # As Qh 2c
    (23, 13)
    """
    return sum(pip_value(card_from_id(c), ace) for c in ids if c < 52)


class PokerHeuristicBot(BaseBot):
    """Pot odds and hand strength for the equalising betting games."""

    name = "heuristic"

    def __init__(self, rules: Rules, *, raise_at: float = 0.8, caution: float = 1.3,
                 max_raises: int = 2, blind_rate: float = 0.0, draw31_below: int = 21,
                 slowplay: float = 0.15, bluff: float = 0.06) -> None:
        super().__init__(rules)
        self.draws_to_31 = "draw31" in own_keys(rules)
        """The game's draw is towards thirty-one (its spec reads ``draw31``: Three-Stake's P3)."""
        self.ranking = hand_ranking(rules)
        self.table = one_opponent_table(self.ranking)
        self.raise_at = raise_at
        self.caution = caution
        self.max_raises = max_raises
        self.blind_rate = blind_rate
        self.draw31_below = draw31_below
        self.slowplay = slowplay
        self.bluff = bluff
        self.raises = 0

    def strength(self, view: SeatView) -> float | None:
        """Chance that our best three cards beat one random hand (``None`` while blind)."""
        if view.own_cards is None:
            return None
        ids = best_three(self.ranking, tuple(c.id for c in view.own_cards))
        if len(ids) < 3:
            return 0.5
        win, tie = self.table.lookup(ids)
        return win + tie / 2

    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """Choose an action (see the module docstring)."""
        if self.new_deal(view):
            self.raises = 0
        kinds = {la.kind: la for la in legal}
        if "ante" in kinds:
            return kinds["ante"].examples()[0]
        s = self.strength(view)
        if "look" in kinds:
            if s is None and rng.random() >= self.blind_rate:
                return Action("look")
            s = 0.5 if s is None else s
        if "draw" in kinds or "discard" in kinds or ("stand" in kinds and not (
                {"call", "raise", "bet", "check"} & set(kinds))):
            return self._draw(view, kinds, s)
        m = max(1, sum(1 for i, st in enumerate(view.status)
                       if st in ("in", "allin") and i != view.seat))
        p = (0.5 if s is None else s) ** m
        return self._bet(view, kinds, p, m, rng, legal)

    def _bet(self, view: SeatView, kinds: dict[str, LegalAction], p: float, m: int,
             rng: random.Random, legal: tuple[LegalAction, ...]) -> Action:
        aggressive = kinds.get("raise") or kinds.get("bet")
        if aggressive is not None and self.raises < self.max_raises and (
                (p >= self.raise_at and rng.random() >= self.slowplay)
                or (p >= 0.5 and rng.random() < self.bluff)):
            self.raises += 1
            return Action(aggressive.kind, self.raise_size(aggressive, p, rng))
        call = kinds.get("call")
        free = kinds.get("check") or kinds.get("stand") or next(
            (la for la in legal if la.kind not in ("fold", "pass", "call", "raise", "bet")
             and la.lo is None and not la.args), None)
        if call is not None:
            pot = max(view.pot, 1)
            price = call.cost / (pot + call.cost) if call.cost else 0.0
            floor = 0.25 + 0.1 * (m - 1)
            if call.cost == 0 or p >= max(floor, self.caution * price):
                return Action("call")
        elif free is not None and "fold" not in kinds and "pass" not in kinds:
            return Action(free.kind)
        if free is not None and free.kind == "check":
            return Action("check")
        return fallback_action(legal, rng, prefer=("fold", "pass", "check", "stand"))

    def raise_size(self, la: LegalAction, p: float, rng: random.Random) -> int:
        """A raise of ``la.lo..la.hi`` drawn from a triangular law whose mode grows with the
        strength ``p`` (from the minimum at ``raise_at`` to the maximum at certainty).

        >>> import random
        >>> from bragkit.rules import get_preset
        >>> bot, la = PokerHeuristicBot(get_preset("foster")), LegalAction("raise", lo=1, hi=10)
        >>> sizes = {bot.raise_size(la, 0.9, random.Random(i)) for i in range(200)}
        >>> min(sizes) >= 1 and max(sizes) <= 10 and len(sizes) >= 6
        True
        """
        lo = la.lo or 0
        hi = la.hi if la.hi is not None else lo
        if hi <= lo:
            return lo
        f = min(1.0, max(0.0, (p - self.raise_at) / max(1e-9, 1.0 - self.raise_at)))
        size = rng.triangular(lo, hi, lo + (hi - lo) * f)
        return min(hi, max(lo, round(size)))

    def _draw(self, view: SeatView, kinds: dict[str, LegalAction], s: float | None) -> Action:
        ids = tuple(c.id for c in view.own_cards) if view.own_cards else ()
        draw = kinds.get("draw")
        if "discard" in kinds:
            if s is not None and s >= 0.6:
                return Action("stand")
            return Action("discard", arg=self._discard_choice(ids, kinds["discard"].args))
        if draw is not None and ids and self.draws_to_31:
            if points31(ids, self.rules.ace_value_31) <= self.draw31_below and draw.lo is not None:
                return Action("draw", draw.lo)
            return Action("stand")
        if "stand" in kinds:
            return Action("stand")
        return next(iter(kinds.values())).examples()[0]

    def _discard_choice(self, ids: tuple[int, ...], options: tuple[str, ...]) -> str:
        """Keep the best pair, else the two cards most likely to improve; throw the rest."""
        from bragkit.engine.pack import pack_text

        def keep_score(pair: tuple[int, int]) -> tuple[int, int]:
            a, b = pair
            ra, rb = a >> 2, b >> 2
            score = 3 if ra == rb else (2 if (a & 3) == (b & 3) else 0) + \
                (1 if abs(ra - rb) <= 2 else 0)
            return score, ra + rb

        keep = max(itertools.combinations(ids, 2), key=keep_score)
        throw = pack_text([c for c in ids if c not in keep])
        if throw in options:
            return throw
        wanted = set(throw.split())
        for option in options:
            if set(option.split()) == wanted:
                return option
        return options[0]
