"""Commerce, the trade-and-barter form (rules 4.10, G-C1): deal plan, decisions, settlement.

The state machine is :class:`bragkit.games.commerce.state.CommerceState`; this module
only says what is paid, what may be done and who is paid.

* Pool: each player pays ``stake``, the dealer twice (``dealer_pays_double``).
* Trading, from the dealer's left round and round, the dealer last in each round.  On
  his turn a player ``stand``\\ s (showdown at once), ``trade``\\ s a card (to the bottom
  of the pack, paying ``trade_price`` to the dealer, taking the top card; the dealer
  trades free under ``dealer_trades_free``) or ``barter``\\ s a card with his neighbour
  (``barter_direction``), who either ``accept``\\ s, handing back one of his own three
  cards, or ``stand``\\ s (showdown at once, no exchange).  After a trade or an accepted
  barter the player may ``stand`` at once or ``pass`` the turn on.
* ``max_trade_rounds`` rounds without a stand force the showdown.
* The best hand takes the pool (exact ties: ``commerce_exact_tie``); a dealer who did not
  win pays ``dealer_pays_winner`` to the winner, and under ``banker_penalty_all`` one chip
  to every player if he lost holding a tricon or a sequence.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.games.commerce.state import CommerceState
>>> from bragkit.engine.pack import shuffled_pack
>>> rules = get_preset("commerce")
>>> s = CommerceState.start(rules, (20, 20, 20, 20), 3, shuffled_pack(rules, random.Random(1)))
>>> s.pot, [str(a) for a in s.legal_actions()][0]
(5, 'stand')
>>> s = s.apply("stand")
>>> s.is_over, s.pot + sum(s.stacks)
(True, 80)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.kinds import ActionKind, Phase, SeatStatus
from bragkit.games.commerce.cards import CARD_ID, CARD_TEXT, swapped
from bragkit.games.commerce.core import ONLY, CommerceRecord, Deal, Draft, pair
from bragkit.games.commerce.hands import hand_category
from bragkit.games.commerce.lazy import LegalTwin, legal_args
from bragkit.games.commerce.meanings import TRADE_MEANINGS
from bragkit.games.commerce.records import Barter
from bragkit.games.spec import GameSpec
from bragkit.hands import Ranking, get_ranking
from bragkit.rules.catalogue import RuleValue
from bragkit.rules.game_keys import COMMERCE_COMMON_KEYS, TRADE_KEYS

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["COMMON_KEYS", "GAMES", "TRADE_GAME", "TRADE_KEYS", "TradeGame", "neighbour",
           "trade_cost"]

COMMON_KEYS: Final = COMMERCE_COMMON_KEYS
"""The config keys both forms of Commerce read (rules 7, G-C1/G-C2, R-COMMERCE)."""

STAND: Final = ActionKind.STAND
PASS: Final = ActionKind.PASS
TRADE: Final = ActionKind.TRADE
BARTER: Final = ActionKind.BARTER
ACCEPT: Final = ActionKind.ACCEPT
STAND_TEXT: Final = STAND.value
PASS_TEXT: Final = PASS.value
TRADE_TEXT: Final = TRADE.value
BARTER_TEXT: Final = BARTER.value
ACCEPT_TEXT: Final = ACCEPT.value
"""The kinds as plain strings (:meth:`TradeGame.act`: an enum member is a str subclass, and a
compare with it takes the interpreter's slow, generic path)."""
P_TRADE: Final = Phase.TRADE
S_OUT: Final = SeatStatus.OUT
P_AFTER: Final = Phase.AFTER
P_BARTER: Final = Phase.BARTER
_STAND: Final = LegalAction(STAND)
_PASS: Final = LegalAction(PASS)
_AFTER: Final = (_STAND, _PASS)
_RULES: Final = {
    "trade": "rules 4.10 TRADING: stand, trade or barter one card",
    "after": "rules 4.10: after a trade or barter, stand or pass",
    "barter": "rules 4.10 BARTER: accept handing back one of your own three cards, "
              "or stand",
}


def trade_cost(st: CommerceRecord | Draft, seat: int) -> int:
    """What a trade costs ``seat``: ``trade_price`` (default ``stake``), or 0 for a free dealer.

    >>> from bragkit.rules import get_preset
    >>> d = Draft.blank(get_preset("commerce").replace(stake=2), TRADE_GAME, 3, 0, (9, 9, 9),
    ...                 ())
    >>> trade_cost(d, 1), trade_cost(d, 0)
    (2, 0)
    """
    rules = st.rules
    if seat == st.dealer and rules.dealer_trades_free:
        return 0
    return rules.stake if rules.trade_price is None else rules.trade_price


def neighbour(st: CommerceRecord | Draft, seat: int) -> int:
    """The seat ``seat`` barters with: the next player dealt in to the left (or right).

    >>> from bragkit.rules import get_preset
    >>> from bragkit.engine.kinds import SeatStatus
    >>> d = Draft.blank(get_preset("commerce"), TRADE_GAME, 4, 0, (9,) * 4, ())
    >>> d.status = (SeatStatus.IN, SeatStatus.IN, SeatStatus.OUT, SeatStatus.IN)
    >>> neighbour(d, 1), neighbour(d, 0)
    (3, 1)
    """
    n = st.n
    step = 1 if st.rules.barter_direction == "left" else -1
    for k in range(1, n):
        s = (seat + step * k) % n
        if st.status[s] != S_OUT:
            return s
    return seat


class TradeGame:
    """The hooks of G-C1 (see the module docs)."""

    def open(self, d: Draft) -> None:
        """Everyone pays ``stake`` into the pool; the dealer twice (``dealer_pays_double``)."""
        stake = d.rules.stake
        for s in d.order():
            d.to_pool(s, stake * (2 if s == d.dealer and d.rules.dealer_pays_double else 1))

    def blind_dealer(self, rules: Rules) -> bool:
        """Everyone sees his own hand at once."""
        return False

    def opening_reads_lives(self, rules: Rules, lives: tuple[int, ...] | None) -> bool:
        """The payments never depend on lives (G-C1 has none)."""
        return False

    def after_deal(self, d: Draft) -> None:
        """Trading starts at the dealer's left."""
        d.phase = P_TRADE
        d.to_act = d.order()[0]

    def legal(self, st: Deal) -> tuple[LegalAction, ...]:
        """stand / trade / barter; after a trade or barter stand / pass; a barter's answer."""
        phase = st.phase
        if phase is P_AFTER:
            return _AFTER
        seat = st.to_act
        a, b, c = st.hands[seat]  # (three cards: card_args inline)
        hand = (CARD_TEXT[a], CARD_TEXT[b], CARD_TEXT[c])
        if phase is P_BARTER:
            return (legal_args(ACCEPT, hand), _STAND)
        rules = st.rules  # trade_cost inline
        if seat == st.dealer and rules.dealer_trades_free:
            cost = 0
        else:
            cost = rules.stake if rules.trade_price is None else rules.trade_price
        barter = LegalTwin()  # (legal_args inline: a twin made a LegalAction)
        barter.kind = BARTER
        barter.lo = barter.hi = None
        barter.cost = 0
        barter.args = hand
        barter.optional_arg = False
        o: object = barter
        o.__class__ = LegalAction
        if st.stacks[seat] < cost:
            return (_STAND, barter)
        trade = LegalTwin()
        trade.kind = TRADE
        trade.lo = trade.hi = None
        trade.cost = cost
        trade.args = hand
        trade.optional_arg = False
        t: object = trade
        t.__class__ = LegalAction
        return (_STAND, trade, barter)

    def act(self, d: Draft, seat: int, action: Action) -> None:
        """Apply a legal action."""
        kind = action.kind  # (a plain string, as interned() builds it: compared with plain
        if kind == STAND_TEXT:  # strings, the compares are the interpreter's fast ones)
            if not d.quiet:
                d.emit("stand", seat, note="refuses the barter" if d.phase is P_BARTER else None)
            self.showdown(d)
        elif kind == PASS_TEXT:
            if not d.quiet:
                d.emit("pass", seat)
            self._advance(d, seat)
        elif kind == TRADE_TEXT:
            assert action.arg is not None
            card = CARD_ID[action.arg]  # (one canonical card)
            rules = d.rules  # (trade_cost inline)
            if seat == d.dealer and rules.dealer_trades_free:
                cost = 0
            else:
                cost = rules.stake if rules.trade_price is None else rules.trade_price
            hand = d.hands[seat]
            drawn = d.pack[0]
            d.pack = (*d.pack[1:], card)
            a, b, c = hand
            d.hands[seat] = (drawn if a == card else a, drawn if b == card else b,
                             drawn if c == card else c)
            if not d.quiet:
                d.emit("trade", seat, cost, cards=(card,), visible_to=ONLY[seat])
            if seat != d.dealer:
                d.transfer(seat, d.dealer, cost, "pay")
            elif cost:
                d.to_pool(seat, cost, "pay")
            if not d.quiet:
                d.emit("draw", seat, cards=(drawn,), visible_to=ONLY[seat])
            d.phase = P_AFTER
        elif kind == BARTER_TEXT:
            assert action.arg is not None
            card = CARD_ID[action.arg]
            other = neighbour(d, seat)
            if not d.quiet:
                d.emit("barter", seat, cards=(card,), visible_to=pair(seat, other),
                       note=f"to p{other + 1}")
            d.phase, d.to_act, d.pending = P_BARTER, other, Barter(seat, card)
        elif kind == ACCEPT_TEXT:
            assert action.arg is not None
            back = CARD_ID[action.arg]
            offer = d.pending
            assert isinstance(offer, Barter)
            giver, offered = offer
            d.hands[giver] = swapped(d.hands[giver], offered, back)
            d.hands[seat] = swapped(d.hands[seat], back, offered)
            if not d.quiet:
                d.emit("accept", seat, cards=(back,), visible_to=pair(seat, giver),
                       note=f"from p{giver + 1}")
            d.phase, d.to_act, d.pending = P_AFTER, giver, None
        else:  # pragma: no cover - legal() offers nothing else
            raise AssertionError(kind)

    def rule(self, st: CommerceRecord) -> str:
        """The rule named by an illegal-action error."""
        return _RULES.get(st.phase, "rules 4.10")

    # ------------------------------------------------------------------ internals
    def _advance(self, d: Draft, seat: int) -> None:
        if seat == d.dealer:
            d.rounds += 1
            if d.rounds >= d.rules.max_trade_rounds:
                d.emit("cap", amount=d.rounds, note="max_trade_rounds")
                self.showdown(d)
                return
        d.phase, d.to_act = P_TRADE, d.next_seat(seat)

    def showdown(self, d: Draft) -> None:
        """SHOWDOWN and DEALER SETTLEMENT (4.10 phases 4 and 5): the deal ends."""
        if d.quiet_end:  # (d.ending() inline)
            d.quiet = True
        d.pending = None
        d.reveal()
        top = d.best()
        rules = d.rules
        winners = top if rules.commerce_exact_tie == "split" else top[:1]
        if len(winners) == 1:  # (d.split's one share)
            d.from_pool(winners[0], d.pot)
        else:
            d.split(winners, d.pot)
        dealer = d.dealer
        if dealer not in winners:
            pays = rules.stake if rules.dealer_pays_winner is None else rules.dealer_pays_winner
            for w in winners:
                d.transfer(dealer, w, pays, "settle")
            if rules.banker_penalty_all and hand_category(
                    rules, d.hands[dealer]) in ("tricon", "sequence"):
                for s in d.order():
                    if s != dealer:
                        d.transfer(dealer, s, 1, "penalty")
        d.winners = tuple(winners)
        d.end()


TRADE_GAME: Final = TradeGame()
"""The G-C1 game object the Commerce state dispatches to."""


def _ranking(rules: Rules) -> Ranking:
    return get_ranking("commerce", commerce_ranking=rules.commerce_ranking)


_SHUFFLED: Final[dict[str, RuleValue]] = {"pack_policy": "shuffle_every_deal"}
GAMES: Final = (GameSpec(
    name="commerce", title="Commerce", spec_section="4.10", engine="commerce",
    hooks="bragkit.games.commerce.trade:TRADE_GAME",
    table="bragkit.games.commerce.session:CommerceSession",
    keys=TRADE_KEYS, ranking=_ranking,
    action_meanings=TRADE_MEANINGS, docs="docs/rules/commerce.md", order=2,
    bots={"heuristic": "bragkit.bots.commerce_bot:CommerceHeuristicBot"},
    presets={
        "commerce": _SHUFFLED,
        "commerce-32": {**_SHUFFLED, "short_pack": True},
        "commerce-hoyle": {**_SHUFFLED, "barter_direction": "right",
                           "commerce_ranking": "hoyle18", "dealer_is_eldest_for_point": True},
    }),)
"""Commerce's declaration (:mod:`bragkit.games.spec`)."""
