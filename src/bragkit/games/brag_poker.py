"""GameAccount's "3 Card Brag Poker" (rules 4.8, G-GA): blinds, draw, fixed limits.

The two seats left of the dealer post ``small_blind`` and ``big_blind`` (heads-up the dealer
posts the small blind); three cards each, face down and unseen (players are blind until they
``look``).  Round 1 starts left of the big blind, fixed bets and raises of
``bet1_factor * big_blind``; the big blind has the option (``check`` or ``raise``).  Then
each live seat from the dealer's left draws: ``stand`` (keep all), ``discard 4h 7c``
(looked seats) or, blind, ``draw k`` (the first ``k`` cards by position, unseen;
``blind_may_draw``).  Round 2 starts left of the dealer at twice the size, with checking.
At most ``max_raises`` raises per round while more than two seats are in the pot.  A seat
that has not looked calls for half price (``half_price_calls``) with full rights; its raises
cost full price.  Showdown under R-MODERN, ties split, side pots.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.poker.state import PokerState
>>> from bragkit.engine.pack import fresh_pack
>>> rules = get_preset("brag-poker")
>>> s = PokerState.start(rules, (100,) * 4, 3, fresh_pack(rules))
>>> s.to_act, [str(a) for a in s.legal_actions()]             # G1: seat 3 acts first
(2, ['look', 'fold', 'call (costs 1)', 'raise 4'])
>>> s = s.apply("look").apply("call").apply("raise 4")         # seat 4 raises to 6
>>> s.apply("call").chips[0]                                   # blind seat 1: 5 owed, pays 3
4
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from bragkit.cards import parse_cards
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.kinds import ActionKind, Phase
from bragkit.engine.pack import pack_text
from bragkit.engine.poker.betting import PokerBetting, Round
from bragkit.engine.poker.core import NOBODY, ONLY, PokerGame
from bragkit.errors import BragError
from bragkit.games.spec import GameSpec, shuffled
from bragkit.hands import Ranking, get_ranking
from bragkit.rules.game_keys import BRAG_POKER_KEYS

if TYPE_CHECKING:
    from bragkit.engine.poker.core import Deal, PokerWork
    from bragkit.rules import Rules

__all__ = ["GAMES", "BragPokerGame", "DrawOrder"]

_STAND = LegalAction(ActionKind.STAND)
_LOOK = LegalAction(ActionKind.LOOK)
A_DRAW: Final = ActionKind.DRAW
A_DISCARD: Final = ActionKind.DISCARD
P_DRAW: Final = Phase.DRAW


class DrawOrder(NamedTuple):
    """3 Card Brag Poker's game data: the seats still to draw, in turn (the draw phase)."""

    seats: tuple[int, ...] = ()


class BragPokerGame(PokerGame):
    """G-GA.  ``data`` is :class:`DrawOrder`; the draw phase is ``draw``."""

    name: ClassVar[str] = "brag-poker"
    spec_section: ClassVar[str] = "4.8"
    bound_reasons: ClassVar[Mapping[str, str]] = {
        "raise": "fixed-limit bet size", "bet": "fixed-limit bet size",
        "draw": "zero to three cards"}
    blind_play: ClassVar[bool] = True
    keys: ClassVar[frozenset[str]] = BRAG_POKER_KEYS

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.rank3 = get_ranking("modern").rank3
        bet1 = rules.bet1_factor * rules.big_blind
        self.rounds = tuple(  # round 1 at bet1, round 2 at twice that
            PokerBetting(limit=size, fixed=True, max_raises=rules.max_raises,
                         cap_multiway_only=True, allow_check=True, matched_word="check",
                         forced_may_raise=True, all_in=rules.all_in,
                         half_price_blind=rules.half_price_calls)
            for size in (bet1, 2 * bet1))

    # -------------------------------------------------------------- blinds and deal
    def setup(self, w: PokerWork) -> None:
        """Post the blinds, deal three blind cards each, open round 1 left of the big blind."""
        seats = w.order(("in",))
        if len(seats) == 2:
            sb, bb = w.dealer if w.dealer in seats else seats[1], seats[0]
            if sb == bb:
                sb = seats[1]
        else:
            sb, bb = seats[0], seats[1]
        forced: dict[int, int] = {}
        for seat, size, label in ((sb, self.rules.small_blind, "small blind"),
                                  (bb, self.rules.big_blind, "big blind")):
            amount = min(size, w.stacks[seat])
            if amount:
                w.pay(seat, amount, 0)
                w.emit("blind", seat, amount=amount, note=label)
                forced[seat] = amount
        if w.carry_in:
            w.pools[0] += w.carry_in
        w.deal(seats, 3, blind=True)
        w.start_round(0, bb, Round.start(w.n, forced))

    # -------------------------------------------------------------- rounds
    def round_closed(self, w: PokerWork) -> None:
        """After round 1 the draw; after round 2 the showdown; one seat left wins unseen."""
        live = w.live()
        if len(live) == 1:
            w.award(live[0], w.pools[0], 0, "uncalled")
            w.end()
            return
        if w.stage == 0:
            w.rnd = None
            w.phase = P_DRAW
            w.data = DrawOrder(tuple(live))
            w.to_act = live[0]
            return
        w.settle_pool(lambda s: self._key(w, s), "split", 0)
        w.end()

    def _key(self, w: PokerWork, seat: int) -> int:
        a, b, c = w.hands[seat]
        rank: int = self.rank3(a, b, c)
        return rank

    # -------------------------------------------------------------- the draw
    @staticmethod
    def _shuffled_discards(w: PokerWork) -> tuple[int, ...]:
        """The discards in the order they join the stock: the deal's next given order
        (``PokerState.reshuffles``, shuffled by the table with its generator and recorded
        with its packs), else as they were discarded (a state started on its own)."""
        done = w.reshuffles_done()
        orders = w.reshuffles
        if done >= len(orders):
            return w.muck
        order = orders[done]
        if sorted(order) != sorted(w.muck):
            raise BragError(f"reshuffle {done + 1} of the deal does not hold exactly the "
                            f"discards ({pack_text(w.muck)})")
        return order

    def phase_legal(self, st: Deal) -> tuple[LegalAction, ...]:
        """Blind: ``look``, ``stand`` or ``draw 1..3``; looked: ``stand`` or ``discard``."""
        p = st.to_act
        hand = st.hands[p]
        room = min(3, len(st.pack) + len(st.muck))
        if not st.looked[p]:
            if self.rules.blind_may_draw and room:
                return (_LOOK, _STAND, LegalAction(A_DRAW, lo=1, hi=room))
            return (_LOOK, _STAND)
        options = tuple(pack_text(combo)
                        for k in range(1, room + 1) for combo in itertools.combinations(hand, k))
        return (_STAND, LegalAction(A_DISCARD, args=options)) if options else (_STAND,)

    def apply_phase(self, w: PokerWork, seat: int, action: Action) -> None:
        """Look, stand pat, or discard and draw replacements."""
        kind = action.kind
        if kind == "look":
            w.looked[seat] = True
            w.emit("look", seat, cards=w.hands[seat], visible_to=ONLY[seat])
            return
        if kind == "stand":
            w.emit("stand", seat, note="pat")
        else:
            blind = not w.looked[seat]
            if kind == "draw":
                assert action.amount is not None
                out = w.hands[seat][:action.amount]
            else:
                assert action.arg is not None
                out = tuple(c.id for c in parse_cards(action.arg))
            vis = NOBODY if blind else ONLY[seat]
            w.hands[seat] = tuple(c for c in w.hands[seat] if c not in out)
            w.emit("discard", seat, cards=out, visible_to=vis)
            if len(w.pack) < len(out):
                done = w.reshuffles_done()
                muck = self._shuffled_discards(w)
                w.pack = w.pack + muck
                w.muck = ()
                w.emit("reshuffle", None, amount=len(muck), note="discards shuffled into stock")
                w.reshuffled = done + 1
            new = w.pack[:len(out)]
            w.pack = w.pack[len(out):]
            w.muck = w.muck + out
            w.hands[seat] = w.hands[seat] + new
            w.emit("draw", seat, amount=len(new), cards=new, visible_to=vis)
        data = w.data
        assert isinstance(data, DrawOrder)
        rest = data.seats[1:]
        w.data = DrawOrder(rest)
        if rest:
            w.to_act = rest[0]
        else:
            w.start_round(1, w.dealer, Round.start(w.n))


def _ranking(rules: Rules) -> Ranking:
    return get_ranking("modern")


_MEANINGS: Final[dict[str, str]] = {
    "look": "look at your cards: from now on your calls cost full price",
    "call": "put in what it takes to match the bet and stay in (half price while you "
            "are blind)",
    "stand": "keep all three cards (stand pat)",
    "draw": "blind: replace your first N cards, unseen, with N from the stock",
    "raise": "raise by N: you pay the call and N more (full price even when blind)",
    "bet": "bet N (the fixed bet of this round): the others must call, raise or fold",
}
"""What the actions mean in this game (:mod:`bragkit.explain.actions`)."""

GAMES: Final = (GameSpec(
    name="brag-poker", title='3 Card Brag Poker', spec_section="4.8", engine="poker",
    hooks="bragkit.games.brag_poker:BragPokerGame",
    table="bragkit.engine.poker.session:PokerSession",
    keys=BRAG_POKER_KEYS, ranking=_ranking, docs="docs/rules/brag-poker.md", order=7,
    action_meanings=_MEANINGS,
    blind_play=True,
    bots={"heuristic": "bragkit.bots.poker_bot:PokerHeuristicBot"},
    model_checked=frozenset({"rebuy_anytime"}),
    presets=shuffled(
        ("brag-poker", {"max_raises": 3}),
        ("brag-poker-bb", {"max_raises": 3, "bet1_factor": 1}),
        ("brag-poker-no-blind-draw", {"max_raises": 3, "blind_may_draw": False,
                                      "half_price_calls": False}),
    )),)
"""The declaration of 3 Card Brag Poker (:mod:`bragkit.games.spec`)."""
