"""One casino hand on the one state contract (:class:`bragkit.engine.contract.GameState`).

A :class:`CasinoState` is one hand of casino 3 Card Brag (rules 4.9) of the only seat, ``p1``
(seat 0), against the house -- the dealer is the house, not a seat (``dealer`` is ``-1``).
Phases: ``ante`` (``ante N``, 1..bankroll), ``bet`` (``pairbonus N`` once, then ``play`` or
``fold``: the cards are dealt as the player decides), ``decide`` (the cards are dealt and seen:
``play`` costs the ante, ``fold`` nothing) and ``over`` (settled, the dealer's cards shown).
The six cards (the player's three, then the dealer's) are given when the hand starts or
later with :meth:`CasinoState.deal` (the table's chance step), alone or as the top of a
whole pack (the table gives the whole pack, so every card is accounted for; the cards below
the top six never play); ``apply`` returns a new state
and an illegal action raises :class:`~bragkit.errors.IllegalActionError` naming rules 4.9.

With ``deal_step=True`` (the table contract's hands, :class:`~bragkit.games.casino.session.
CasinoSession`) the player decides only with the cards seen, as at a casino table: ``bet``
offers ``pairbonus N`` and ``deal`` (the bets are in), and the cards are dealt by ``deal``, or
at once when no Pair Bonus can be staked (staked already, or no chip left for one).
Without it, ``play`` or ``fold`` in ``bet`` deal and decide in one step, as histories
always could; ``deal`` is accepted there too (it is what ``deal_step`` hands write).

>>> from bragkit.games.casino.rules import CasinoRules
>>> s = CasinoState.start(CasinoRules.preset("casino"), 50, "Qs Qd 4c  Qh 7d 2s")
>>> [str(a) for a in s.legal_actions()], s.whose_turn
(['ante 1..50'], 0)
>>> s = s.apply("ante 10").apply("pairbonus 5")
>>> [(str(a.kind), a.cost) for a in s.legal_actions()], s.view(0).own_cards
([('play', 10), ('fold', 0)], None)
>>> done = s.apply("play")
>>> done.whose_turn, done.returns(), done.settlement.outcome   # a pair beats Q-high
(OVER, (25,), 'player_wins')
>>> s = CasinoState.start(CasinoRules.preset("casino"), 50, "Qs Qd 4c  Qh 7d 2s",
...                       deal_step=True).apply("ante 10")
>>> [str(a) for a in s.legal_actions()], s.apply("deal").view(0).own_cards[0]
(['pairbonus 1..40', 'deal'], Qs)
>>> s.apply("pairbonus 5").phase   # the bets are in: dealt at once
<Phase.DECIDE: 'decide'>
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Final

from bragkit.cards import Card, CardsLike, format_cards, parse_cards, standard_pack
from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.engine.contract import OVER, InfoKey, SeatView, Turn, slot_setter
from bragkit.engine.deal_protocol import ActionLog
from bragkit.engine.events import Event
from bragkit.engine.kinds import ActionKind, Phase
from bragkit.errors import CardError, IllegalActionError, excerpt
from bragkit.games.casino.hand import CasinoHand
from bragkit.games.casino.rules import CasinoRules, Settlement
from bragkit.limits import MAX_CHIPS, parse_int

if TYPE_CHECKING:
    from bragkit.engine.contract import GameState

__all__ = ["HOUSE", "CasinoState", "draw_hand_pack", "hand_pack", "legal_text", "paid_chips",
           "parse_casino_move"]

SPEC: Final = "rules 4.9"
HOUSE: Final = -1
"""The dealer's "seat": the house deals every hand and has no seat."""
_PLAYER: Final = 0
_ANTE, _BET, _DECIDE, _OVER = Phase.ANTE, Phase.BET, Phase.DECIDE, Phase.OVER


def paid_chips(settlement: Settlement) -> int:
    """The whole chips a settled hand pays (+) or takes (-): each bet's result, a fractional
    win rounded down (the house keeps the breakage).

    >>> paid_chips(Settlement("player_wins", True, 3, 3, Fraction(15, 2), -2))
    11
    """
    return sum(math.floor(Fraction(getattr(settlement, k)))
               for k in ("ante", "play", "ante_bonus", "pair_plus"))


def _six(cards: CardsLike) -> tuple[Card, ...]:
    """The given cards (six, or a whole pack whose top six play), checked."""
    if isinstance(cards, tuple) and len(cards) in (6, 52):  # the table's cards: no parsing
        given = tuple(c for c in cards if isinstance(c, Card) and not c.is_joker)
        if len(given) == len(cards):
            return given
    found = parse_cards(cards)
    if len(found) < 6:
        raise CardError(f"a casino deal needs 6 cards, got {len(found)} in "
                        f"{excerpt(format_cards(found))}")
    if any(c.is_joker for c in found):
        raise CardError("casino games use a pack without jokers")
    if len(found) == 52 and len(set(found)) == 52:
        return found  # a whole pack, top card first
    return found[:6]


@dataclass(frozen=True, slots=True)
class CasinoState(ActionLog):
    """One casino hand as an immutable value (see the module documentation); build it with
    :meth:`start`.  :class:`~bragkit.engine.deal_protocol.ActionLog` gives it
    :meth:`replay` and :meth:`action_strings`, as every deal state."""

    rules: CasinoRules
    bankroll: int
    """The player's chips when the hand starts."""
    phase: Phase
    ante: int
    pair_plus: int
    cards: tuple[Card, ...]
    """The six cards (player's three first), or a whole pack whose top six play; ``()``
    until they are given."""
    hand: CasinoHand | None
    """The dealt hand (phases ``decide`` and ``over``; settled once over)."""
    actions: tuple[tuple[int, Action], ...]
    events: tuple[Event, ...]
    origin: CasinoState | None
    """The hand's first state (``None`` for the first state itself)."""
    deal_step: bool
    """Whether the cards are dealt by the player's ``deal`` before the decision (see the
    module documentation), instead of by the decision itself."""

    @staticmethod
    def start(rules: CasinoRules, bankroll: int, cards: CardsLike | None = None, *,
              deal_step: bool = False) -> CasinoState:
        """A new hand from ``bankroll`` chips (the player's turn to stake the ante); ``cards``
        are the six cards of the hand if they are known now (else :meth:`deal` them later);
        ``deal_step``: the player decides only once dealt (module documentation)."""
        if type(bankroll) is not int or not 0 <= bankroll <= MAX_CHIPS:
            raise IllegalActionError(f"a bankroll is a whole number of chips 0..{MAX_CHIPS}, "
                                     f"not {excerpt(bankroll)}")
        six = _six(cards) if cards is not None else ()
        return _make(rules=rules, bankroll=bankroll, phase=_ANTE, ante=0, pair_plus=0,
                     cards=six, hand=None, actions=(), events=(), origin=None,
                     deal_step=deal_step is True)

    # -------------------------------------------------------------- the contract's values
    @property
    def n(self) -> int:
        """One seat: the player (the house is not a seat)."""
        return 1

    @property
    def dealer(self) -> int:
        """The house deals every hand: :data:`HOUSE` (no seat)."""
        return HOUSE

    @property
    def staked(self) -> int:
        """Chips on the table: the ante, the Pair Bonus and (once played) the Play bet."""
        if self.phase is _OVER:
            return 0
        return self.ante + self.pair_plus

    @property
    def stacks(self) -> tuple[int, ...]:
        """The player's chips off the table (after the settlement once over)."""
        return (self.bankroll - self.staked + self._net_if_over(),)

    def _net_if_over(self) -> int:
        settlement = self.settlement
        return paid_chips(settlement) if settlement is not None else 0

    @property
    def total(self) -> int:
        """The chips the player's stack and the bets on the table hold (the house pays or
        takes the difference once the hand is settled)."""
        return self.bankroll + self._net_if_over()

    @property
    def to_act(self) -> int:
        """0 while the player is to act, else -1."""
        return -1 if self.is_over else _PLAYER

    @property
    def whose_turn(self) -> Turn:
        """The player's seat (0), or :data:`~bragkit.engine.contract.OVER`."""
        return OVER if self.is_over else _PLAYER

    @property
    def is_over(self) -> bool:
        """Whether the hand is settled (or cannot start: an empty bankroll)."""
        return self.phase is _OVER or (self.phase is _ANTE and self.bankroll < 1)

    @property
    def carried(self) -> int:
        """0: no pot is carried to the next hand (every bet is settled)."""
        return 0

    @property
    def settlement(self) -> Settlement | None:
        """The results of each bet once the hand is settled."""
        return self.hand.settlement if self.hand is not None else None

    @property
    def status(self) -> tuple[str, ...]:
        """The player's status: ``in``, ``folded`` or ``done``."""
        if self.phase is not _OVER:
            return ("in",)
        return ("folded",) if self.actions[-1][1].kind == ActionKind.FOLD else ("done",)

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the player may do, with exact bounds and costs (``()`` once over)."""
        if self.is_over:
            return ()
        left = self.bankroll - self.staked
        if self.phase is _ANTE:
            return (LegalAction(ActionKind.ANTE, 1, self.bankroll),)
        offers: list[LegalAction] = []
        if self.phase is _BET and not self.pair_plus and left >= 1:
            offers.append(LegalAction(ActionKind.PAIRBONUS, 1, left))
        if self.phase is _BET and self.deal_step:
            offers.append(LegalAction(ActionKind.DEAL))
            return tuple(offers)
        if left >= self.ante:
            offers.append(LegalAction(ActionKind.PLAY, cost=self.ante))
        offers.append(LegalAction(ActionKind.FOLD))
        return tuple(offers)

    def legal_text(self) -> str:
        """The actions on offer as text (``ante 1..50``, ``pairbonus 1..40, play, fold``)."""
        return legal_text(self)

    # -------------------------------------------------------------- transitions
    def deal(self, cards: CardsLike | None = None) -> CasinoState:
        """The state once the cards are dealt and seen (phase ``decide``): its ante must be
        staked; ``cards`` are the six cards unless the hand was started with them."""
        if self.phase is _DECIDE or self.phase is _OVER:
            return self
        if self.phase is not _BET:
            raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({SPEC})")
        six = self.cards if cards is None else _six(cards)
        if not six:
            raise CardError("this hand was started without its cards: deal(cards) gives them")
        hand = CasinoHand(self.rules, self.ante, self.pair_plus, (six[0], six[1], six[2]),
                          (six[3], six[4], six[5]))
        event = Event("deal", _PLAYER, None, tuple(c.id for c in six[:3]),
                      frozenset({_PLAYER}))
        return self._next(phase=_DECIDE, cards=six, hand=hand,
                          events=(*self.events, event))

    def apply(self, action: Action | str) -> CasinoState:
        """The state after the player's ``action``; an illegal one raises
        :class:`~bragkit.errors.IllegalActionError` (naming rules 4.9) and changes nothing."""
        chosen = action if isinstance(action, Action) else parse_action(str(action))
        kind, amount = chosen.kind, chosen.amount
        if self.phase is _OVER:
            raise IllegalActionError(f"the hand is over; a new hand starts with the ante "
                                     f"({SPEC})")
        left = self.bankroll - self.staked
        if kind == ActionKind.ANTE:
            amount = _amount(chosen)
            if self.phase is not _ANTE:
                raise IllegalActionError(f"the ante is already staked; legal now: "
                                         f"{legal_text(self)}")
            if amount > self.bankroll:
                raise IllegalActionError(f"an ante of {amount} needs {amount} chips but the "
                                         f"bankroll has {self.bankroll} ({SPEC})")
            return self._acted(chosen, phase=_BET, ante=amount)._bets_in()
        if kind == ActionKind.PAIRBONUS:
            amount = _amount(chosen)
            if self.phase is _ANTE:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({SPEC})")
            if self.pair_plus or self.phase is not _BET:
                raise IllegalActionError("the Pair Bonus is staked once, before the cards "
                                         f"are dealt ({SPEC}); legal now: {legal_text(self)}")
            if amount > left:
                raise IllegalActionError(f"a Pair Bonus of {amount} needs {amount} chips but "
                                         f"only {left} are left ({SPEC})")
            return self._acted(chosen, pair_plus=amount)._bets_in()
        if kind == ActionKind.DEAL:
            if amount is not None or chosen.arg is not None:
                raise IllegalActionError(f"malformed action {excerpt(str(chosen))}: deal takes "
                                         "no amount")
            if self.phase is not _BET:
                raise IllegalActionError("the cards are dealt once, after the bets: p1 ante "
                                         f"N, then p1 deal ({SPEC}); legal now: "
                                         f"{legal_text(self)}")
            if not self.cards:
                raise CardError("this hand was started without its cards: deal(cards) gives "
                                "them")
            return self._next(actions=(*self.actions, (_PLAYER, chosen))).deal()
        if kind == ActionKind.PLAY or kind == ActionKind.FOLD:
            if amount is not None or chosen.arg is not None:
                raise IllegalActionError(f"malformed action {excerpt(str(chosen))}: {kind} "
                                         "takes no amount")
            if self.phase is _ANTE:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({SPEC})")
            if self.phase is _BET and self.deal_step:
                raise IllegalActionError(f"the player decides with the cards seen: p1 deal "
                                         f"first ({SPEC}); legal now: {legal_text(self)}")
            if kind == ActionKind.PLAY and left < self.ante:
                raise IllegalActionError(f"the Play bet equals the ante ({self.ante} chips) "
                                         f"but only {left} are left ({SPEC})")
            dealt = self.deal()
            assert dealt.hand is not None
            done = dealt.hand.apply(ActionKind(kind))
            shown = Event("reveal", None, None, tuple(c.id for c in done.dealer))
            return dealt._acted(chosen, phase=_OVER, hand=done,
                                extra=(shown,))
        raise IllegalActionError(f"{excerpt(kind)} is not a casino action (ante N, "
                                 f"pairbonus N, play, fold); legal now: {legal_text(self)}")

    def _bets_in(self) -> CasinoState:
        """With ``deal_step``, the state dealt at once when no Pair Bonus can be staked any
        more (the bets are in); else ``self``."""
        if (not self.deal_step or not self.cards or self.phase is not _BET
                or (not self.pair_plus and self.bankroll - self.staked >= 1)):
            return self
        return self.deal()

    def apply_move(self, seat: int, action: Action | str) -> CasinoState:
        """:meth:`apply` by ``seat``, which must be the player's (0)."""
        if seat != _PLAYER:
            raise IllegalActionError(f"there is no seat p{seat + 1}: casino brag is one "
                                     f"player (p1) against the dealer ({SPEC})")
        return self.apply(action)

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """``()``: the cards are given (:meth:`start`, :meth:`deal`), never a chance node."""
        return ()

    def apply_chance(self, outcome: int) -> GameState:
        """Refused: a casino hand has no chance node (its cards are given)."""
        raise IllegalActionError(f"a casino hand has no chance node (its cards are given; "
                                 f"{SPEC})")

    # -------------------------------------------------------------- what the player knows
    def view(self, seat: int) -> SeatView:
        """What the player sees: the own cards once dealt, the dealer's only once over."""
        if seat != _PLAYER:
            raise IllegalActionError(f"there is no seat p{seat + 1}: casino brag is one "
                                     f"player (p1) against the dealer ({SPEC})")
        hand = self.hand
        over = self.phase is _OVER
        return SeatView(
            seat=_PLAYER, dealer=HOUSE, stacks=self.stacks, pot=self.staked, pots=(),
            stake=self.ante, status=self.status, looked=(hand is not None,), to_act=self.to_act,
            phase=self.phase, own_cards=hand.player if hand is not None else None,
            shown={HOUSE: hand.dealer} if over and hand is not None else {},
            stub_card=None, events=self.events, legal=self.legal_actions())

    def info_key(self, seat: int) -> InfoKey:
        """The player's information state (the events hold only what the player saw)."""
        return self.view(seat).info_key

    def returns(self) -> tuple[int, ...]:
        """The player's chip change over the hand (the bets on the table count as spent)."""
        return (self.stacks[0] - self.bankroll,)

    # -------------------------------------------------------------- logs and cards
    def first(self) -> CasinoState:
        """The hand's first state (the ante to stake; its cards if it was started with them,
        else the cards it was dealt)."""
        origin = self.origin if self.origin is not None else self
        if not origin.cards and self.cards:
            return origin._next(cards=self.cards)
        return origin

    def chips_in_play(self) -> int:
        """The player's stack and the bets on the table."""
        return self.stacks[0] + self.staked

    def all_cards(self) -> list[int]:
        """The ids of the cards given: the hand's six, or the whole pack (``[]`` until they
        are given)."""
        return [c.id for c in self.cards]

    def secret_cards(self, seat: int) -> set[int]:
        """The cards the player may not know: every card before the deal, then the dealer's
        three until the reveal, and the cards below the top six (never dealt) throughout."""
        if self.hand is None:
            return {c.id for c in self.cards}
        below = {c.id for c in self.cards[6:]}
        if self.phase is _OVER:
            return below
        return below | {c.id for c in self.hand.dealer}

    # -------------------------------------------------------------- building
    def _acted(self, action: Action, *, phase: Phase | None = None, ante: int | None = None,
               hand: CasinoHand | None = None, pair_plus: int | None = None,
               extra: tuple[Event, ...] = ()) -> CasinoState:
        event = Event(str(action.kind), _PLAYER, action.amount)
        return self._next(phase=phase, ante=ante, pair_plus=pair_plus, hand=hand,
                          actions=(*self.actions, (_PLAYER, action)),
                          events=(*self.events, event, *extra))

    def _next(self, *, phase: Phase | None = None, ante: int | None = None,
              pair_plus: int | None = None, cards: tuple[Card, ...] | None = None,
              hand: CasinoHand | None = None,
              actions: tuple[tuple[int, Action], ...] | None = None,
              events: tuple[Event, ...] | None = None) -> CasinoState:
        return _make(
            rules=self.rules, bankroll=self.bankroll,
            phase=self.phase if phase is None else phase,
            ante=self.ante if ante is None else ante,
            pair_plus=self.pair_plus if pair_plus is None else pair_plus,
            cards=self.cards if cards is None else cards,
            hand=self.hand if hand is None else hand,
            actions=self.actions if actions is None else actions,
            events=self.events if events is None else events,
            origin=self.origin if self.origin is not None else self, deal_step=self.deal_step)


_FIELDS: Final = ("rules", "bankroll", "phase", "ante", "pair_plus", "cards", "hand",
                  "actions", "events", "origin", "deal_step")
_SETTERS: Final = {name: slot_setter(CasinoState, name) for name in _FIELDS}


def _make(*, rules: CasinoRules, bankroll: int, phase: Phase, ante: int, pair_plus: int,
          cards: tuple[Card, ...], hand: CasinoHand | None,
          actions: tuple[tuple[int, Action], ...], events: tuple[Event, ...],
          origin: CasinoState | None, deal_step: bool = False) -> CasinoState:
    """A :class:`CasinoState` built by keyword (every field once, typed; no ``__init__``)."""
    state = object.__new__(CasinoState)
    set_ = _SETTERS
    set_["rules"](state, rules)
    set_["bankroll"](state, bankroll)
    set_["phase"](state, phase)
    set_["ante"](state, ante)
    set_["pair_plus"](state, pair_plus)
    set_["cards"](state, cards)
    set_["hand"](state, hand)
    set_["actions"](state, actions)
    set_["events"](state, events)
    set_["origin"](state, origin)
    set_["deal_step"](state, deal_step)
    return state


def _amount(action: Action) -> int:
    amount = action.amount
    if amount is None or amount < 1:
        raise IllegalActionError(f"malformed action: {action.kind} needs one whole number of "
                                 f"chips >= 1 (p1 {action.kind} 10)")
    return amount


def legal_text(state: CasinoState) -> str:
    """The actions on offer in ``state`` as text (the words of the table's messages).

    >>> from bragkit.games.casino.rules import CasinoRules
    >>> legal_text(CasinoState.start(CasinoRules.preset("casino"), 0))
    'none (the bankroll is empty)'
    """
    if state.phase is _ANTE:
        return f"ante 1..{state.bankroll}" if state.bankroll else "none (the bankroll is empty)"
    words = [f"{a.kind} {a.lo}..{a.hi}" if a.lo is not None else str(a.kind)
             for a in state.legal_actions()]
    return ", ".join(words) or "none (the hand is over)"


def hand_pack(six: Iterable[Card]) -> tuple[Card, ...]:
    """A one-seat hand's whole pack, top card first: its six cards (the player's three, then
    the dealer's), then the others in the pack's order (never dealt).

    >>> hand_pack(parse_cards("Qs Qd 4c Qh 7d 2s"))[:8]
    (Qs, Qd, 4c, Qh, 7d, 2s, 2c, 2d)
    """
    top = tuple(six)
    placed = set(top)
    return (*top, *(c for c in standard_pack() if c not in placed))


def draw_hand_pack(rng: random.Random) -> tuple[Card, ...]:
    """The one-seat table's chance: six cards sampled from ``rng`` (as
    ``CasinoHand.deal(rng=...)`` draws them) on top of the rest of the pack
    (:func:`hand_pack`).  Seeded one-seat histories are dealt by it.

    >>> draw_hand_pack(random.Random(1))[:6] == draw_hand_pack(random.Random(1))[:6]
    True
    """
    return hand_pack(rng.sample(standard_pack(), 6))


def _chips(verb: str, words: list[str]) -> int:
    if len(words) != 1 or not words[0].isascii() or not words[0].isdecimal():
        raise IllegalActionError(f"malformed action: {verb} needs one whole number of "
                                 f"chips >= 1 (p1 {verb} 10)")
    return parse_int(words[0], f"{verb}", 1, MAX_CHIPS, IllegalActionError)


def parse_casino_move(text: str, state: CasinoState) -> Action:
    """The player's action in a one-seat history action string such as ``"p1 ante 10"``
    (one-line IllegalActionError naming what is wrong; ``state`` words what is legal).

    >>> from bragkit.games.casino.rules import CasinoRules
    >>> parse_casino_move("p1 ante 10", CasinoState.start(CasinoRules.preset("casino"), 50))
    Action(kind='ante', amount=10, arg=None)
    """
    words = text.split()
    if not words or not (words[0][:1] in "pP" and words[0][1:].isascii()
                         and words[0][1:].isdecimal()):
        raise IllegalActionError(f"malformed action {excerpt(text)}: it must start with p1")
    if words[0].lower() != "p1":
        raise IllegalActionError(f"there is no seat {excerpt(words[0], quote=False)}: "
                                 "casino brag is one player "
                                 f"(p1) against the dealer ({SPEC})")
    if len(words) < 2:
        raise IllegalActionError(f"malformed action {excerpt(text)}: no action after the seat")
    verb, args = words[1].lower(), words[2:]
    if verb in ("ante", "pairbonus"):
        return Action(verb, _chips(verb, args))
    if verb in ("play", "fold", "deal"):
        if args:
            raise IllegalActionError(f"malformed action {excerpt(text)}: {verb} takes no "
                                     "amount")
        return Action(verb)
    raise IllegalActionError(f"{excerpt(words[1])} is not a casino action (ante N, "
                             f"pairbonus N, play, fold); legal now: {legal_text(state)}")


if TYPE_CHECKING:  # mypy checks the hand against the one contract, with its own rules type
    def _satisfies_contract(state: CasinoState) -> GameState[CasinoRules]:
        return state
