"""The ``heuristic`` bot for the brag-style games (modern Brag and its variants, Teen Patti).

It plays from its hand's winning chance against the live opponents:

* **Strength.**  Three-card hands: the exact chance of beating one unknown hand, card
  removal included, from a precomputed table (:func:`~bragkit.bots.strength.one_opponent_table`,
  equal to :func:`bragkit.analysis.equity.equity`); against ``m`` live opponents it uses
  ``p ** m`` (ties count half).  Four- and five-card hands use the sampled percentile of their
  best three cards; it discards to keep the best three.
* **Blind play.**  At the start of a deal it plans, with probability ``blind_rate``, to play
  blind (blind stakes are half price, and nobody can see a blind man): for a number of bets
  drawn with mean ``blind_mean`` or, with probability ``blind_to_end``, for the whole deal
  (seeing blind heads-up when the see is cheap).  It looks as soon as staying blind costs
  more than ``blind_cap`` of its stack.  The defaults match the pub rates documented in
  docs/bots.md (about two deals in five with a blind bet, measured by ``brag simulate``).
* **Pot odds.**  Open, it stays in when its chance beats the price of staying (the stay
  divided by the pot after paying it, scaled by ``caution`` for the betting still to come)
  and beats a floor that rises with the number of opponents; it raises with a strong hand
  (at most ``max_raises`` times a deal), sizing the raise by strength.
* **Seeing.**  With two players left and a see on offer, it sees when raising no longer
  pays and the see has positive expectation (the seer loses ties).

>>> import random
>>> from bragkit.engine import Session
>>> from bragkit.rules import get_preset
>>> t = Session(get_preset("modern"), [50, 50, 50], dealer=0, seed=3)
>>> bot = HeuristicBot(get_preset("modern"), blind_rate=0.0)
>>> str(bot.act(t.state.view(t.to_act), t.legal_actions(), random.Random(1)))
'look'
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, TypedDict, Unpack

from bragkit.bots.base import BaseBot, fallback_action
from bragkit.bots.strength import best_three, one_opponent_table, percentile_table
from bragkit.engine.actions import Action, LegalAction
from bragkit.games import hand_ranking
from bragkit.hands.batch import rank_best_batch

if TYPE_CHECKING:
    from bragkit.engine.views import SeatView
    from bragkit.rules import Rules

__all__ = ["SIDESHOW_ACCEPT", "TO_THE_END", "HeuristicBot"]

SIDESHOW_ACCEPT = 0.6
"""The chance against one random hand a bot needs to accept a side show: the asker has seen
his cards and bet, so his hand is better than a random one."""

TO_THE_END = 8
"""The blind bets of a plan to play the whole deal blind (it sees blind heads-up, when the
see is cheap, rather than look)."""


def _find(legal: tuple[LegalAction, ...], kind: str) -> LegalAction | None:
    for la in legal:
        if la.kind == kind:
            return la
    return None


class HeuristicOptions(TypedDict, total=False):
    """The knobs of :class:`HeuristicBot` (each has a default)."""

    blind_rate: float
    """How often it plays blind (0.4)."""
    blind_cap: float
    """The largest share of its stack it stakes blind (0.05)."""
    raise_at: float
    """The winning chance from which it raises (0.8)."""
    caution: float
    """How much better than the pot odds its chance must be to stay in (1.5)."""
    max_raises: int
    """Raises per deal at most (3)."""
    blind_mean: float
    """The mean number of blind turns it plans (2.5, at least 1)."""
    blind_to_end: float
    """The chance it stays blind to the end (0.2)."""
    agree_margin: float
    """How clearly ahead it must be to agree to a showdown (1.5)."""


class HeuristicBot(BaseBot):
    """Plays by its exact winning chance, pot odds, and simple blind and see rules."""

    name = "heuristic"

    def __init__(self, rules: Rules, **options: Unpack[HeuristicOptions]) -> None:
        super().__init__(rules)
        self.ranking = hand_ranking(rules)
        self.cards = rules.cards
        self.blind_rate = options.get("blind_rate", 0.4)
        self.blind_cap = options.get("blind_cap", 0.05)
        self.blind_mean = max(1.0, options.get("blind_mean", 2.5))
        self.blind_to_end = options.get("blind_to_end", 0.2)
        self.agree_margin = options.get("agree_margin", 1.5)
        self.raise_at = options.get("raise_at", 0.8)
        self.caution = options.get("caution", 1.5)
        self.max_raises = options.get("max_raises", 3)
        self._table = one_opponent_table(self.ranking) if self.cards == 3 else None
        self.raises = 0
        self.blind_turns = 0
        self.blind_long = False

    # ------------------------------------------------------------------ per-deal memory
    def begin_deal(self, view: SeatView, shuffled: bool) -> None:
        """Forget the last deal (also done automatically when a new deal is seen)."""
        self.new_deal(view)
        self._forget_deal()

    def _forget_deal(self) -> None:
        self.raises = 0
        self.blind_turns = -1  # planned on our first turn, with the injected rng

    def _check_deal(self, view: SeatView, rng: random.Random) -> None:
        if self.new_deal(view):
            self._forget_deal()
        if self.blind_turns < 0:
            self.blind_turns = self.plan_blind(rng)
            self.blind_long = self.blind_turns == TO_THE_END

    def plan_blind(self, rng: random.Random) -> int:
        """How many blind bets to plan this deal: 0 (look at once), a number drawn from a
        geometric law with mean ``blind_mean``, or :data:`TO_THE_END`.

        >>> from bragkit.rules import get_preset
        >>> bot = HeuristicBot(get_preset("modern"), blind_rate=1.0, blind_to_end=0.0)
        >>> plans = [bot.plan_blind(random.Random(i)) for i in range(2000)]
        >>> min(plans) >= 1 and 2.3 < sum(plans) / len(plans) < 2.7
        True
        """
        if rng.random() >= self.blind_rate:
            return 0
        if rng.random() < self.blind_to_end:
            return TO_THE_END
        turns = 1
        stop = 1.0 / self.blind_mean
        while turns < TO_THE_END - 1 and rng.random() >= stop:
            turns += 1
        return turns

    # ------------------------------------------------------------------ strength
    def own_ids(self, view: SeatView) -> tuple[int, ...] | None:
        """Our cards as ids, if we have looked."""
        if view.own_cards is None:
            return None
        return tuple(c.id for c in view.own_cards)

    def one_opponent(self, ids: tuple[int, ...]) -> float:
        """Chance to beat one unknown hand (ties count half)."""
        if self._table is not None and len(ids) == 3:
            win, tie = self._table.lookup(ids)
            return win + tie / 2
        key = int(rank_best_batch(self.ranking, [list(ids)])[0])
        return percentile_table(self.ranking, len(ids)).beats(key)

    def tie_share(self, view: SeatView) -> float:
        """Half the chance of a tie with one opponent (0 when unknown).

        :meth:`one_opponent` counts ties half; a seer loses them (rules 4.4.8).
        """
        ids = self.own_ids(view)
        if ids is None or self._table is None or len(ids) != 3:
            return 0.0
        return self._table.lookup(ids)[1] / 2

    def live_opponents(self, view: SeatView) -> list[int]:
        """Seats other than ours still betting."""
        return [s for s, st in enumerate(view.status) if st == "in" and s != view.seat]

    def win_chance(self, view: SeatView, rng: random.Random) -> float | None:
        """Chance to beat every live opponent, or ``None`` while blind."""
        ids = self.own_ids(view)
        if ids is None:
            return None
        m = max(1, len(self.live_opponents(view)))
        return float(self.one_opponent(ids) ** m)

    def blind_chance(self, view: SeatView, rng: random.Random) -> float | None:
        """What we know of our blind hand's chance (nothing: ``None``)."""
        return None

    # ------------------------------------------------------------------ acting
    def act(self, view: SeatView, legal: tuple[LegalAction, ...],
            rng: random.Random) -> Action:
        """Choose an action from ``legal`` (see the module docstring)."""
        self._check_deal(view, rng)
        kinds = {la.kind for la in legal}
        if kinds & {"bet", "look", "see", "cover"} or (kinds <= {"fold", "look"} and kinds):
            return self._betting(view, legal, rng)
        return self._other(view, legal, rng)

    def _other(self, view: SeatView, legal: tuple[LegalAction, ...],
               rng: random.Random) -> Action:
        p = self.win_chance(view, rng)
        strong = p is not None and p >= 0.5
        for la in legal:
            kind = la.kind
            if kind == "discard":
                return self._discard(view, la)
            if kind == "keep":
                ids = self.own_ids(view)
                good = ids is not None and self.one_opponent(best_three(self.ranking, ids)) >= 0.55
                return Action("keep") if good else Action("throw")
            if kind == "stay":
                return Action("stay") if strong else Action("fold")
            if kind == "agree":
                players = len(self.live_opponents(view)) + 1
                return Action("agree") if self.agrees(p, players) else Action("refuse")
            if kind == "accept":
                ids = self.own_ids(view)
                ahead = ids is not None and self.one_opponent(ids) >= SIDESHOW_ACCEPT
                return Action("accept") if ahead else Action("decline")
            if kind == "retain":
                return Action("retain", arg=la.args[-1] if la.args else None)
            if kind == "choose":
                return Action("choose", arg=la.args[0])
            if kind in ("show", "name"):
                return la.examples()[0]
        return fallback_action(legal, rng, prefer=("fold", "release", "decline", "refuse"))

    def agrees(self, p: float | None, players: int) -> bool:
        """Whether to agree to a proposed showdown among ``players`` (4.4.10): only when the
        chance ``p`` of beating every other one is at least ``agree_margin`` times a fair
        share (1 / ``players``), and an even chance always suffices.  A blind hand (``p``
        None) has only a fair share, so it refuses.

        >>> from bragkit.rules import get_preset
        >>> bot = HeuristicBot(get_preset("modern"))
        >>> bot.agrees(0.40, 4), bot.agrees(0.30, 4), bot.agrees(0.45, 3), bot.agrees(None, 3)
        (True, False, False, False)
        """
        if p is None:
            return False
        return p >= min(0.5, self.agree_margin / max(players, 2))

    def _discard(self, view: SeatView, la: LegalAction) -> Action:
        ids = self.own_ids(view) or ()
        best = best_three(self.ranking, ids)
        from bragkit.engine.pack import card_text

        for option in la.args:
            dropped = set(option.split())
            if all(card_text(c) not in dropped for c in best):
                return Action("discard", arg=option)
        return Action("discard", arg=la.args[0])

    def _betting(self, view: SeatView, legal: tuple[LegalAction, ...],
                 rng: random.Random) -> Action:
        bet = _find(legal, "bet")
        look = _find(legal, "look")
        stack = view.stacks[view.seat]
        if look is not None:
            known = self.blind_chance(view, rng)
            choice = self._blind(view, legal, bet, stack, known, rng)
            if choice is not None:
                return choice
            return Action("look", arg=look.args[-1] if look.args else None)
        p = self.win_chance(view, rng)
        if p is None:  # cannot happen in the betting phase once looked; be safe
            return fallback_action(legal, rng)
        return self._open(view, legal, bet, stack, p)

    def _blind(self, view: SeatView, legal: tuple[LegalAction, ...], bet: LegalAction | None,
               stack: int, known: float | None, rng: random.Random) -> Action | None:
        """A blind action, or ``None`` to look."""
        if bet is None or bet.lo is None:
            return None
        limit = max(1, int(self.blind_cap * max(stack, 1)))
        cheap = bet.lo <= limit
        if known is not None:
            see = _find(legal, "see")
            if known >= 0.75 and see is not None and see.cost <= stack // 3:
                return Action("see")
            if known >= 0.6 and bet.lo <= stack // 4:
                return Action("bet", bet.lo)
            if known < 0.25:
                return Action("fold")
            return None
        if self.blind_turns > 0 and cheap:
            see = _find(legal, "see")
            if see is not None and see.cost <= limit and (
                    self.blind_turns == 1 or (self.blind_long and rng.random() < 0.5)):
                self.blind_turns = 0
                return Action("see")  # a blind see at the blind price: half an open one
            self.blind_turns -= 1
            return Action("bet", bet.lo)
        return None

    def _open(self, view: SeatView, legal: tuple[LegalAction, ...], bet: LegalAction | None,
              stack: int, p: float) -> Action:
        opponents = self.live_opponents(view)
        m = max(1, len(opponents))
        see = _find(legal, "see")
        cover = _find(legal, "cover")
        pot = view.pot
        if bet is None or bet.lo is None:
            if cover is not None and p >= 0.5:
                return Action("cover", arg=cover.args[-1] if cover.args else None)
            if see is not None and p * (pot + see.cost) > see.cost:
                return Action("see")
            return Action("fold")
        stay = bet.lo
        hi = bet.hi if bet.hi is not None else stay
        if see is not None:
            strict = p - self.tie_share(view)  # ties count half in p; the seer loses them
            if p >= self.raise_at and self.raises < self.max_raises and hi > stay \
                    and see.cost < stack // 2:
                return self._raise(bet, p)
            if strict * (pot + see.cost) - see.cost > 0 and p >= 0.5:
                return Action("see")
            if p >= 0.5 and stay <= stack // 5:
                return Action("bet", stay)
            return Action("fold")
        price = stay / (pot + stay)
        floor = 0.2 + 0.1 * (m - 1)
        need = max(floor, self.caution * price)
        if p >= self.raise_at and self.raises < self.max_raises and hi > stay:
            return self._raise(bet, p)
        if p >= need and stay <= max(stack // 3, 1):
            return Action("bet", stay)
        return Action("fold")

    def _raise(self, bet: LegalAction, p: float) -> Action:
        assert bet.lo is not None
        lo = bet.lo
        hi = min(bet.hi if bet.hi is not None else lo, lo + max(self.rules.max_bet, 1))
        f = min(1.0, max(0.0, (p - self.raise_at) / max(1e-9, 1 - self.raise_at)))
        amount = max(lo + 1, lo + round((hi - lo) * f)) if hi > lo else lo
        self.raises += 1
        return Action("bet", min(amount, hi))

