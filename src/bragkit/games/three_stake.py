"""Foster's Three-Stake Brag (rules 4.2, G-F2): best card, brag, thirty-one.

Every seat puts ``stake`` (the spec's ``S``) into each of three pools; two cards go face down
and a third face up to each seat.

* **P1** goes at once to the best face-up card (R-CARD: rank, the bragger wins at equal
  rank, then the eldest hand).
* **P2** is bragged for with Foster's equalising betting and no ante: from the eldest hand a
  seat may ``bet 1..L`` or ``pass`` (out of P2; with ``p2_allow_check`` it may ``check``);
  after a bet ``call``, ``raise`` or ``pass``.  Nobody bets: the dealer takes P2.  An uncalled
  bet wins unseen; a call is decided by R-FOSTER (ties per ``p2_tie``).
* **P3**: every hand is shown, passed-out ones included, and the nearest to 31 wins
  (R-31; ``over31``, ``ace_value_31``; ties to the eldest).  With ``draw31`` each seat from
  the eldest may first ``draw k`` cards face up at ``draw_price`` each (paid into P3) until
  it ``stand``\\ s or passes 31.  If every hand is bust, P3 carries (``all_bust``).
* ``triple_winner_bonus``: a seat winning all three pools is paid that much by every other.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.poker.state import PokerState
>>> from bragkit.engine.pack import fresh_pack
>>> rules = get_preset("three-stake")
>>> s = PokerState.start(rules, (10,) * 4, 3, fresh_pack(rules))
>>> s.pools, s.to_act, [str(a) for a in s.legal_actions()]   # P1 (four 4s) went to p1
((0, 4, 4), 0, ['pass', 'bet 1..10'])
>>> for a in ("pass", "pass", "pass"):                         # TS1: nobody bets for P2
...     s = s.apply(a)
>>> s.is_over, s.stacks           # P2 to the dealer p4; P3 (equal totals) to the eldest p1
(True, (15, 7, 7, 11))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from bragkit.cards import card_from_id
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.events import Event
from bragkit.engine.kinds import ActionKind, Phase, SeatStatus
from bragkit.engine.poker.betting import PokerBetting, Round
from bragkit.engine.poker.core import PokerGame
from bragkit.games.spec import GameSpec, shuffled
from bragkit.hands import Ranking, get_ranking
from bragkit.hands.counts import SingleCardRanking, ThirtyOneRanking
from bragkit.rules.game_keys import THREE_STAKE_KEYS

if TYPE_CHECKING:
    from bragkit.engine.poker.core import Deal, PokerRecord, PokerWork
    from bragkit.rules import Rules

__all__ = ["GAMES", "PoolWinners", "ThreeStakeGame"]

_event: Final = tuple.__new__
_STAND = LegalAction(ActionKind.STAND)
A_DRAW: Final = ActionKind.DRAW
P_DRAW: Final = Phase.DRAW
S_ALLIN: Final = SeatStatus.ALLIN
S_FOLDED: Final = SeatStatus.FOLDED
_MOST_PIPS: Final = 52 * 11
"""More than any hand's pip total (every card of the pack, at most 11 each)."""


class PoolWinners(NamedTuple):
    """Three-Stake Brag's game data: the winner of each pool (-1: not yet, shared, or P3
    carried), for ``triple_winner_bonus``."""

    p1: int = -1
    p2: int = -1
    p3: int = -1


class ThreeStakeGame(PokerGame):
    """G-F2.  ``data`` is :class:`PoolWinners`; the ``draw31`` phase is ``draw``."""

    name: ClassVar[str] = "three-stake"
    spec_section: ClassVar[str] = "4.2"
    check_key: ClassVar[str] = "p2_allow_check"
    bound_reasons: ClassVar[Mapping[str, str]] = {
        "draw": "cards left in the stock and chips to pay draw_price"}
    pools: ClassVar[int] = 3
    bet_pool: ClassVar[int] = 1
    keys: ClassVar[frozenset[str]] = THREE_STAKE_KEYS

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.brag = get_ranking("foster", bragger_tiebreak=rules.bragger_tiebreak,
                                bragger_own_rank_natural=rules.bragger_own_rank_natural)
        card = get_ranking("single-card")
        assert isinstance(card, SingleCardRanking)
        self.card = card
        t31 = get_ranking("thirty-one", ace_value_31=rules.ace_value_31, over31=rules.over31)
        assert isinstance(t31, ThirtyOneRanking)
        self.t31 = t31
        self.pips = [t31.total([card_from_id(c)]) for c in range(52)]
        self.card_rank = [card.rank1(c) for c in range(52)]
        keys = [t31.score(total)[0] for total in range(_MOST_PIPS + 1)]
        place = {key: i for i, key in enumerate(sorted(set(keys)))}
        self.key31 = [place[key] for key in keys]
        """The order of R-31's key of each total (``t31.score(total)[0]``; higher is
        nearer 31), built once."""
        self.key31_bust = [-1 if total > 31 else key for total, key in enumerate(self.key31)]
        """:attr:`key31` with every total over 31 left out (-1), for ``over31="bust"``."""
        self.bust = rules.over31 == "bust"
        self.round0: dict[int, Round] = {}
        """The fresh P2 round of each table size (an immutable value, built once)."""
        self.betting = PokerBetting(
            limit=rules.limit, min_raise=rules.min_raise, max_raises=rules.max_raises,
            allow_check=rules.p2_allow_check, fold_word="pass", all_in=rules.all_in)
        self.rounds = (self.betting,)  # the P2 betting round

    def inert(self, rules: Rules) -> dict[str, str]:
        """``draw_price`` needs ``draw31``; ``all_bust`` needs ``over31="bust"``."""
        out: dict[str, str] = {}
        if not rules.draw31:
            out["draw_price"] = "without draw31=true (nobody draws for P3)"
        if rules.over31 == "distance":
            out["all_bust"] = "with over31='distance' (no hand is bust)"
        return out

    def min_stack(self) -> int:
        """Three stakes."""
        return 3 * self.rules.stake

    # -------------------------------------------------------------- stakes, deal, P1
    def setup(self, w: PokerWork) -> None:
        """Stakes into the three pools, deal two down and one up, settle P1, open P2."""
        seats = w.seated = w.order(("in",))  # (before the stakes: the seats dealt in)
        if w.quiet:
            self._setup_quiet(w, seats, self.rules.stake)
        else:
            self._setup_logged(w, seats, self.rules.stake)

    def _setup_logged(self, w: PokerWork, seats: list[int], stake: int) -> None:
        """:meth:`setup` step by step, each step logged (also right for a quiet machine)."""
        w.stake_each(seats, stake, "three stakes")
        if w.carry_in:
            w.pools[2] += w.carry_in
            w.emit("carry", w.dealer, amount=w.carry_in, note="P3 carried from the last deal")
        w.deal(seats, 2)
        w.deal(seats, 1, face_up=True)
        best, best_rank = -1, -1
        card_rank, hands = self.card_rank, w.hands
        for s in seats:
            rank = card_rank[hands[s][2]]
            if rank > best_rank:
                best, best_rank = s, rank
        w.award(best, w.pools[0], 0, "P1: best face-up card")
        w.data = _event(PoolWinners, (best, -1, -1))  # (PoolWinners(best), no Python call)
        rnd = self.round0.get(w.n)
        if rnd is None:
            rnd = self.round0[w.n] = Round.start(w.n)
        w.start_round(0, w.dealer, rnd)

    def _setup_quiet(self, w: PokerWork, seats: list[int], stake: int) -> None:
        """:meth:`setup` of a machine that logs nothing (a table's deal that nobody reads
        step by step), in one pass over the seats: the same stakes, cards, P1 and P2 round
        as the logged path (each seat's hand is its i-th card of each round of the deal)."""
        k = len(seats)
        total = 3 * stake
        stacks, status, chips, credit, hands = w.stacks, w.status, w.chips, w.credit, w.hands
        pack, card_rank = w.pack, self.card_rank
        best, best_rank = -1, -1
        for i, s in enumerate(seats):  # (stake_each, deal 2 and 1 face up, P1's best card)
            left = stacks[s] = stacks[s] - total
            chips[s] += stake
            credit[s] += stake
            if left == 0:  # (every seat here is in)
                status[s] = S_ALLIN
            up = pack[2 * k + i]
            hands[s] = (pack[i], pack[k + i], up)  # (a new machine: no cards yet)
            rank = card_rank[up]
            if rank > best_rank:
                best, best_rank = s, rank
        w.pack = pack[3 * k:]
        pools = w.pools
        each = stake * k
        pools[1] += each
        pools[2] += each + w.carry_in
        stacks[best] += pools[0] + each  # P1 (award): its pool empties into the best card
        pools[0] = 0
        w.data = _event(PoolWinners, (best, -1, -1))
        rnd = self.round0.get(w.n)
        if rnd is None:
            rnd = self.round0[w.n] = Round.start(w.n)
        w.start_round(0, w.dealer, rnd)

    # -------------------------------------------------------------- P2
    def round_closed(self, w: PokerWork) -> None:
        """Settle P2, then show every hand for P3 (and draw, with ``draw31``)."""
        rnd = w.rnd
        assert rnd is not None
        order = w.seated  # (the seats dealt in, noted by setup; settling P2 changes none)
        if order is None:
            order = w.order()
        status = w.status
        if not rnd.opened:
            winner = w.dealer if status[w.dealer] != "out" else w.live()[0]
            w.award(winner, w.pools[1], 1, "P2: no bet, the dealer takes it")
            winners = [winner]
        else:
            if len(order) - status.count(S_FOLDED) == 1:  # (one live seat: w.live())
                winners = [s for s in order if status[s] != "folded"]
                w.award(winners[0], w.pools[1], 1, "P2: uncalled")
            else:
                rank3, hands = self.brag.rank3, w.hands
                winners = w.settle_pool(lambda s: rank3(*hands[s][:3]), self.rules.p2_tie, 1,
                                        "P2: showdown", order)
        won = w.data
        assert isinstance(won, PoolWinners)
        w.data = _event(PoolWinners, (won.p1, winners[0] if len(winners) == 1 else -1, -1))
        w.rnd = None
        w.reveal_all(order, "P3")
        if self.rules.draw31:
            w.phase = P_DRAW
            self._next_drawer(w, -1)
        else:
            self._settle_p3(w, order)

    # -------------------------------------------------------------- P3 drawing
    def _total(self, w: PokerWork | PokerRecord, seat: int) -> int:
        return sum(map(self.pips.__getitem__, w.hands[seat]))

    def _next_drawer(self, w: PokerWork, after: int) -> None:
        order = w.order()
        start = order.index(after) + 1 if after in order else 0
        for s in order[start:]:
            if self._total(w, s) <= 31:
                w.to_act = s
                return
        self._settle_p3(w)

    def phase_legal(self, st: Deal) -> tuple[LegalAction, ...]:
        """``stand`` or ``draw 1..k`` (stock left, chips to pay ``draw_price`` each)."""
        p = st.to_act
        price = self.rules.draw_price
        most = len(st.pack) if not price else min(len(st.pack), st.stacks[p] // price)
        if most >= 1 and self.rules.stock_exhausted == "stop":
            return (_STAND, LegalAction(A_DRAW, lo=1, hi=most))
        return (_STAND,)

    def apply_phase(self, w: PokerWork, seat: int, action: Action) -> None:
        """Draw face-up cards into P3's hand, or stand."""
        if action.kind == "stand":
            if not w.quiet:  # (emit's append, without its call: a step per decision)
                w.new_events.append(_event(Event, ("stand", seat, None, None, None, None)))
            self._next_drawer(w, seat)
            return
        k = action.amount
        assert k is not None
        price = self.rules.draw_price
        if price:
            w.pay(seat, k * price, 2)
        cards = w.pack[:k]
        w.pack = w.pack[k:]
        w.hands[seat] = w.hands[seat] + cards
        if not w.quiet:
            w.new_events.append(_event(Event, ("draw", seat, k * price, cards, None, "face up")))
        total = self._total(w, seat)
        if total > 31:
            w.emit("bust", seat, amount=total, note="over 31: out of P3")
            self._next_drawer(w, seat)
        elif not self.phase_legal_after(w, seat):
            self._next_drawer(w, seat)

    def phase_legal_after(self, w: PokerWork, seat: int) -> bool:
        """Whether ``seat`` may draw again."""
        price = self.rules.draw_price
        return bool(w.pack) and (not price or w.stacks[seat] >= price)

    # -------------------------------------------------------------- P3 settlement
    def _nearest31(self, w: PokerWork, order: list[int], bust: bool) -> int:
        """The seat of ``order`` nearest 31 by R-31's key (the first, the eldest, on ties),
        over 31 left out if ``bust``; -1 if none is left."""
        pips, hands = self.pips, w.hands
        key31 = self.key31_bust if bust else self.key31  # (-1: left out)
        winner = best = -1  # the seat nearest so far and its key's order
        for s in order:
            hand = hands[s]
            if len(hand) == 3:  # (the sum of the pips without a call: no card drawn)
                key = key31[pips[hand[0]] + pips[hand[1]] + pips[hand[2]]]
            else:
                key = key31[sum(map(pips.__getitem__, hand))]
            if key > best:
                winner, best = s, key
        return winner

    def _settle_p3(self, w: PokerWork, order: list[int] | None = None) -> None:
        """P3 to the hand nearest 31 (the eldest on ties), among ``order`` (the seats dealt
        in, from the eldest; worked out if not given)."""
        if order is None:
            order = w.order()
        winner = self._nearest31(w, order, self.bust)
        if winner < 0 and self.bust and self.rules.all_bust == "least_excess":
            winner = self._nearest31(w, order, False)
        if winner >= 0:
            w.award(winner, w.pools[2], 2, "P3: nearest to thirty-one")
        else:
            w.carried = w.pools[2]
            w.pools[2] = 0
            w.emit("carry", None, amount=w.carried, note="P3: every hand bust")
        won = w.data
        assert isinstance(won, PoolWinners)
        p1, p2 = won.p1, won.p2
        w.data = _event(PoolWinners, (p1, p2, winner))
        bonus = self.rules.triple_winner_bonus
        if bonus and winner >= 0 and p1 == p2 == winner:
            for s in order:
                if s != winner:
                    paid = min(bonus, w.stacks[s])
                    w.stacks[s] -= paid
                    w.stacks[winner] += paid
                    w.emit("pay", s, amount=paid, note=f"to p{winner + 1}: won all three pools")
        w.end()


def _ranking(rules: Rules) -> Ranking:
    return get_ranking("foster", bragger_tiebreak=rules.bragger_tiebreak,
                       bragger_own_rank_natural=rules.bragger_own_rank_natural)


_MEANINGS: Final[dict[str, str]] = {
    "bet": "bet N into pool 2 (the brag pool): the others must call, raise or pass",
    "pass": "drop out of pool 2 (you still play pools 1 and 3)",
    "check": "bet nothing into pool 2 now (p2_allow_check)",
    "stand": "draw no more cards: your total for thirty-one (pool 3) stands",
    "draw": "draw N more cards face up for thirty-one, paying the draw price each",
}
"""What the actions mean in this game (:mod:`bragkit.explain.actions`)."""

GAMES: Final = (GameSpec(
    name="three-stake", title='Three-Stake Brag', spec_section="4.2", engine="poker",
    hooks="bragkit.games.three_stake:ThreeStakeGame",
    table="bragkit.engine.poker.session:PokerSession",
    keys=THREE_STAKE_KEYS, ranking=_ranking, docs="docs/rules/three-stake.md", order=5,
    action_meanings=_MEANINGS, split_deal=True,
    bots={"heuristic": "bragkit.bots.poker_bot:PokerHeuristicBot"},
    model_checked=frozenset({"rebuy_anytime"}),
    presets=shuffled(
        ("three-stake", {}),
        ("three-stake-draw", {"draw31": True}),
        ("three-stake-check", {"p2_allow_check": True, "p2_tie": "split"}),
        ("three-stake-britannica", {"draw31": True, "ace_value_31": 1,
                                    "triple_winner_bonus": 1}),
        ("three-stake-distance", {"over31": "distance", "draw31": True, "draw_price": 2}),
        ("three-stake-least-excess", {"all_bust": "least_excess"}),
    )),)
"""The declaration of Three-Stake Brag (:mod:`bragkit.games.spec`)."""
