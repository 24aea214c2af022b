"""Foster's single-stake Brag (rules 4.1, G-F1): ante, meet-raise-or-abandon, braggers.

The dealer antes 1..L before the deal (``p4 ante 2``); from the eldest hand each seat must
meet the highest total (``call``), raise it by 1..L (``raise 5``) or abandon (``fold``).  The
dealer's ante counts as his bet, so when the betting comes round unraised he may ``stand``
or raise his own ante (``dealer_may_raise_own_ante``).  Settlement:

* nobody meets the ante: the dealer withdraws it (``dealer_withdraws_ante``; otherwise it
  stays in the pot for the next deal) and every other seat pays him ``no_call_payment``;
* an uncalled bet takes the pot unseen;
* a call: every live hand is shown and the best R-FOSTER hand wins, with side pots
  (``all_in="side_pots"``) and ties split (``showdown_tie``).

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.poker.state import PokerState
>>> from bragkit.engine.pack import fresh_pack
>>> rules = get_preset("foster")
>>> s = PokerState.start(rules, (20,) * 5, 4, fresh_pack(rules))
>>> for a in ("ante 3", "fold", "fold", "fold", "fold"):     # FB1: nobody meets the ante
...     s = s.apply(a)
>>> s.stacks
(19, 19, 19, 19, 24)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.kinds import ActionKind, Phase
from bragkit.engine.poker.betting import PokerBetting, Round
from bragkit.engine.poker.core import PokerGame
from bragkit.engine.poker.game import FOSTER_KEYS
from bragkit.games.spec import GameSpec, shuffled
from bragkit.hands import Ranking, get_ranking

if TYPE_CHECKING:
    from bragkit.engine.poker.core import Deal, PokerWork
    from bragkit.rules import Rules

__all__ = ["GAMES", "FosterGame"]

P_ANTE: Final = Phase.ANTE
A_ANTE: Final = ActionKind.ANTE



class BraggerData(NamedTuple):
    """The game data of Foster's single-stake and American Brag: the seat whose bet or raise
    stands, the bragger (-1: nobody yet; American Brag's private exchanges are with him)."""

    bragger: int = -1

NO_BRAGGER: Final = BraggerData()
"""A deal's data before anyone brags (an immutable value, built once)."""


class FosterGame(PokerGame):
    """G-F1: the dealer's ante, one equalising round, the braggers ranking."""

    name: ClassVar[str] = "foster"
    spec_section: ClassVar[str] = "4.1"
    keys: ClassVar[frozenset[str]] = FOSTER_KEYS

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.ranking = self.make_ranking(rules)
        self.rank3 = self.ranking.rank3
        self._antes: dict[int, tuple[LegalAction, ...]] = {}
        """The legal ante of each upper bound (:meth:`phase_legal`), built once."""
        self.betting = PokerBetting(
            limit=rules.limit, min_raise=rules.min_raise, max_raises=rules.max_raises,
            allow_check=rules.allow_check, matched_word="stand",
            forced_may_raise=rules.dealer_may_raise_own_ante, all_in=rules.all_in)
        self.rounds = (self.betting,)  # one betting round, limit L

    def inert(self, rules: Rules) -> dict[str, str]:
        """Under ``allow_check`` the ante is dead money: the dealer has no bet of his own."""
        if rules.allow_check:
            return {"dealer_may_raise_own_ante": "with allow_check=true (the ante is dead "
                    "money, not the dealer's bet: he checks or bets like everyone)"}
        return {}

    @staticmethod
    def make_ranking(rules: Rules) -> Ranking:
        """The hand ranking (R-FOSTER here)."""
        return get_ranking("foster", bragger_tiebreak=rules.bragger_tiebreak,
                           bragger_own_rank_natural=rules.bragger_own_rank_natural)

    def key(self, w: PokerWork, seat: int) -> int:
        """The strength of ``seat``'s hand."""
        a, b, c = w.hands[seat]
        rank: int = self.rank3(a, b, c)
        return rank

    # -------------------------------------------------------------- ante and deal
    def setup(self, w: PokerWork) -> None:
        """The dealer chooses his ante before the cut (phase ``ante``).

        A dealer without chips cannot ante: the deal passes to the next seat that can.
        """
        while w.status[w.dealer] != "in":
            w.dealer = (w.dealer + 1) % w.n
        if w.carry_in:
            w.pools[0] += w.carry_in
            w.emit("carry", w.dealer, amount=w.carry_in, note="ante left from the last deal")
        w.phase = P_ANTE
        w.to_act = w.dealer
        w.data = NO_BRAGGER

    def phase_legal(self, st: Deal) -> tuple[LegalAction, ...]:
        """``ante 1..L`` (at most the dealer's chips)."""
        if st.phase == "ante":
            most = min(self.rules.limit, st.stacks[st.dealer])
            found = self._antes.get(most)
            if found is None:  # (the legal actions are immutable: built once for each bound)
                found = self._antes[most] = (LegalAction(A_ANTE, lo=1, hi=most),)
            return found
        return ()

    def apply_phase(self, w: PokerWork, seat: int, action: Action) -> None:
        """Post the ante, deal three cards each, open the betting at the eldest hand."""
        amount = action.amount
        assert amount is not None
        dead = self.rules.allow_check
        w.pay(seat, amount, 0, credit=0 if dead else None)
        if dead:
            w.chips[seat] -= amount
        w.emit("ante", seat, amount=amount)
        w.deal(w.order(("in", "allin")), 3)
        forced = None if dead else {seat: amount}
        w.start_round(0, w.dealer, Round.start(w.n, forced))

    # -------------------------------------------------------------- settlement
    def round_closed(self, w: PokerWork) -> None:
        """Nobody came in, an uncalled bet, or the showdown (4.1 step 4)."""
        live = w.live()
        if len(live) == 1:
            survivor = live[0]
            came_in = any(w.chips[s] > 0 for s in range(w.n) if s != w.dealer)
            if survivor == w.dealer and not came_in:
                self.nobody_came_in(w)
            else:
                w.award(survivor, w.pools[0], 0, "uncalled")
        else:
            self.showdown(w)
        w.end()

    def showdown(self, w: PokerWork) -> None:
        """Every live hand is shown; side pots; ties per ``showdown_tie``."""
        w.settle_pool(lambda s: self.key(w, s), self.rules.showdown_tie, 0)

    def nobody_came_in(self, w: PokerWork) -> None:
        """4.1 (a): the dealer withdraws his ante and each other player pays him."""
        d = w.dealer
        if self.rules.dealer_withdraws_ante:
            w.award(d, w.pools[0], 0, "ante withdrawn")
        else:
            w.carried = w.pools[0]
            w.pools[0] = 0
            w.emit("carry", d, amount=w.carried, note="the ante stays for the next deal")
        price = self.rules.no_call_payment
        for s in w.order():
            if s == d or not price:
                continue
            paid = min(price, w.stacks[s])
            w.stacks[s] -= paid
            w.stacks[d] += paid
            w.emit("pay", s, amount=paid, note=f"to p{d + 1}: nobody met the ante")


def _ranking(rules: Rules) -> Ranking:
    return FosterGame.make_ranking(rules)


GAMES: Final = (GameSpec(
    name="foster", title="Foster's single-stake Brag", spec_section="4.1", engine="poker",
    hooks="bragkit.games.foster:FosterGame",
    table="bragkit.engine.poker.session:PokerSession",
    keys=FOSTER_KEYS, ranking=_ranking, docs="docs/rules/foster.md", order=4,
    bots={"heuristic": "bragkit.bots.poker_bot:PokerHeuristicBot"},
    model_checked=frozenset({"rebuy_anytime"}),
    presets=shuffled(
        ("foster", {}),
        ("foster-eldest-tie", {"showdown_tie": "eldest"}),
        ("foster-highest-first", {"bragger_tiebreak": "highest_first"}),
        ("foster-capped", {"max_raises": 3, "min_raise": 2, "limit": 6,
                           "dealer_may_raise_own_ante": False}),
        ("foster-no-side-pots", {"all_in": "fold", "dealer_withdraws_ante": False}),
        ("foster-check", {"allow_check": True, "no_call_payment": 2}),
    )),)
"""The declaration of Foster's single-stake Brag (:mod:`bragkit.games.spec`)."""
