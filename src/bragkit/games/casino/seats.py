"""A casino table of several players against one dealer hand (rules 4.9): each seat plays its
own hand against the house, as at a casino's 3 Card Brag layout.

:class:`CasinoSeatsState` is one hand of every seat on the one state contract
(:class:`bragkit.engine.contract.GameState`); :class:`CasinoSeatsSession` plays consecutive
hands (:class:`bragkit.engine.table.Table`: stacks, packs, records), and
:func:`open_casino_table` is casino's registered table: one stack opens the one-player
:class:`~bragkit.games.casino.session.CasinoSession` (``brag casino play``, the web desk),
two or more a :class:`CasinoSeatsSession` (the card room).

A hand, seat by seat in order (``p1`` first; a seat without chips sits the hand out):

* phase ``ante``: ``pN ante A`` (1..stack), then, when the rules pay a Pair Bonus and a chip
  is left, ``pN pairbonus B`` or ``pN deal`` (no Pair Bonus: the seat's bets are in);
* once every seat's bets are in, the house deals three cards to each seat and three to
  itself from the top of the hand's pack (seat order, the dealer last); each seat sees only
  its own (phase ``decide``);
* ``pN play`` (a Play bet equal to the ante, if the seat has it) or ``pN fold``, in order;
* then the dealer's hand and every played hand are shown (``over``) and each seat is
  settled against the house: the house is the counterparty of every bet, so the chips
  around the table change by the house's result (``returns()``; ``total`` counts it).

>>> from bragkit.games.casino.rules import CasinoRules
>>> pack = "Qs Qd 4c  9h 8h 2c  Qh 7d 2s"
>>> s = CasinoSeatsState.start(CasinoRules.preset("casino"), (50, 50), pack)
>>> [str(a) for a in s.legal_actions()], s.whose_turn
(['ante 1..50'], 0)
>>> for move in ("ante 10", "deal", "ante 5", "pairbonus 5"):
...     s = s.apply(move)
>>> s.phase, s.view(0).own_cards, s.view(1).own_cards
(<Phase.DECIDE: 'decide'>, (Qs, Qd, 4c), (9h, 8h, 2c))
>>> s = s.apply("play").apply("fold")
>>> s.is_over, s.returns(), s.view(1).shown[-1]   # a pair beats Q-high; p2 folds
(True, (20, -10), (Qh, 7d, 2s))
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Final, TypeVar

from bragkit.cards import Card, CardsLike, card_from_id, parse_cards, standard_pack
from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.engine.contract import OVER, InfoKey, SeatView, Turn
from bragkit.engine.deal_protocol import ActionLog
from bragkit.engine.events import Event
from bragkit.engine.kinds import ActionKind, Phase
from bragkit.engine.pack import shuffle_ids
from bragkit.engine.table import KEEP_RECORDS, OnRecord, TableCore
from bragkit.errors import CardError, IllegalActionError, RulesError, excerpt
from bragkit.games.casino.hand import CasinoHand
from bragkit.games.casino.rules import MAX_SEATS, CasinoRules, Settlement
from bragkit.games.casino.session import ONE_SEAT, CasinoSession, check_casino_seats
from bragkit.games.casino.state import HOUSE, paid_chips
from bragkit.limits import MAX_CHIPS

if TYPE_CHECKING:
    from bragkit.engine.contract import GameState, GameTable

__all__ = ["MAX_SEATS", "CasinoSeatsSession", "CasinoSeatsState", "check_seats",
           "open_casino_table"]

SPEC: Final = "rules 4.9"
_ANTE, _DECIDE, _OVER = Phase.ANTE, Phase.DECIDE, Phase.OVER
_PACK: Final = tuple(c.id for c in standard_pack())
_T = TypeVar("_T")
SEVERAL_SEATS: Final = range(2, MAX_SEATS + 1)
"""The seats of a casino table of several players, each against the dealer hand."""


def _pack_of(cards: CardsLike | Sequence[int], n: int) -> tuple[Card, ...]:
    """A hand's pack as cards, top first: card ids or card text, at least the ``3n + 3``
    dealt, no joker, no card twice."""
    found: tuple[Card, ...]
    if isinstance(cards, tuple | list) and all(type(c) is int for c in cards):
        found = tuple(card_from_id(c) for c in cards if isinstance(c, int))
    else:
        found = parse_cards(cards)
    need = 3 * n + 3
    if len(found) < need:
        raise CardError(f"a casino hand of {n} seats needs {need} cards, got {len(found)}")
    if any(c.is_joker for c in found) or len(set(found)) != len(found):
        raise CardError("a casino pack holds each of the 52 cards at most once, no joker")
    return found


@dataclass(frozen=True, slots=True)
class CasinoSeatsState(ActionLog):
    """One hand of every seat against the dealer (see the module documentation); build it
    with :meth:`start`, ``apply`` returns a new state."""

    rules: CasinoRules
    bankrolls: tuple[int, ...]
    """Each seat's chips when the hand starts."""
    phase: Phase
    to_act: int
    """The seat to act (-1 once over)."""
    antes: tuple[int, ...]
    bonuses: tuple[int, ...]
    """Each seat's Pair Bonus (0: none)."""
    bets_in: tuple[bool, ...]
    """Whether each seat's bets are in (a seat sitting the hand out counts as in)."""
    played: tuple[bool | None, ...]
    """Each seat's decision: True (play), False (fold), None (not yet, or sitting out)."""
    cards: tuple[Card, ...]
    """The hand's pack, top card first: three cards a seat in order, then the dealer's."""
    hands: tuple[CasinoHand | None, ...]
    """Each seat's hand against the dealer once dealt (settled once over), None if out."""
    actions: tuple[tuple[int, Action], ...]
    events: tuple[Event, ...]
    origin: CasinoSeatsState | None

    @staticmethod
    def start(rules: CasinoRules, bankrolls: Sequence[int],
              cards: CardsLike | Sequence[int]) -> CasinoSeatsState:
        """A new hand: ``bankrolls`` by seat, ``cards`` the hand's pack (top first)."""
        stacks = tuple(bankrolls)
        if not 1 <= len(stacks) <= MAX_SEATS or any(
                type(b) is not int or not 0 <= b <= MAX_CHIPS for b in stacks):
            raise RulesError(f"a casino table seats 1..{MAX_SEATS} players with 0..{MAX_CHIPS} "
                             f"chips each, not {excerpt(list(stacks))}")
        n = len(stacks)
        pack = _pack_of(cards, n)
        first = next((s for s in range(n) if stacks[s] >= 1), -1)
        return CasinoSeatsState(
            rules=rules, bankrolls=stacks, phase=_ANTE if first >= 0 else _OVER, to_act=first,
            antes=(0,) * n, bonuses=(0,) * n, bets_in=tuple(b < 1 for b in stacks),
            played=(None,) * n, cards=pack, hands=(None,) * n, actions=(), events=(),
            origin=None)

    # -------------------------------------------------------------- the contract's values
    @property
    def n(self) -> int:
        """The seats at the table (the house is not one)."""
        return len(self.bankrolls)

    @property
    def dealer(self) -> int:
        """The house deals every hand: :data:`~bragkit.games.casino.state.HOUSE`."""
        return HOUSE

    @property
    def is_over(self) -> bool:
        """Whether every seat is settled (or nobody could stake an ante)."""
        return self.phase is _OVER

    @property
    def whose_turn(self) -> Turn:
        """The seat to act, or :data:`~bragkit.engine.contract.OVER`."""
        return OVER if self.is_over else self.to_act

    def _staked(self, seat: int) -> int:
        if self.phase is _OVER:
            return 0
        return self.antes[seat] * (2 if self.played[seat] else 1) + self.bonuses[seat]

    @property
    def nets(self) -> tuple[int, ...]:
        """Each seat's result against the house once over (whole chips), else zeros."""
        return tuple(paid_chips(s) if s is not None else 0 for s in self.settlements)

    @property
    def settlements(self) -> tuple[Settlement | None, ...]:
        """Each seat's settlement once over (None for a seat that sat the hand out)."""
        return tuple(h.settlement if h is not None else None for h in self.hands)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each seat's chips off the table (after the settlement once over)."""
        nets = self.nets
        return tuple(b - self._staked(s) + nets[s] for s, b in enumerate(self.bankrolls))

    @property
    def pot(self) -> int:
        """The chips bet on the layout (every seat's ante, Pair Bonus and Play bet)."""
        return sum(self._staked(s) for s in range(self.n))

    @property
    def total(self) -> int:
        """The seats' chips, stacks and bets (the house's result included once over)."""
        return sum(self.bankrolls) + sum(self.nets)

    @property
    def carried(self) -> int:
        """0: every bet is settled with the house."""
        return 0

    @property
    def status(self) -> tuple[str, ...]:
        """Each seat's status: ``out`` (sat out), ``in``, ``folded`` or ``done``."""
        out = []
        for s in range(self.n):
            if self.bankrolls[s] < 1:
                out.append("out")
            elif self.played[s] is False:
                out.append("folded")
            else:
                out.append("done" if self.phase is _OVER else "in")
        return tuple(out)

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do, with exact bounds and costs (``()`` once over)."""
        s = self.to_act
        if self.is_over or s < 0:
            return ()
        left = self.bankrolls[s] - self._staked(s)
        if self.phase is _ANTE:
            if not self.antes[s]:
                return (LegalAction(ActionKind.ANTE, 1, self.bankrolls[s]),)
            return (LegalAction(ActionKind.PAIRBONUS, 1, left), LegalAction(ActionKind.DEAL))
        offers = [LegalAction(ActionKind.PLAY, cost=self.antes[s])] if left >= self.antes[s] \
            else []
        return (*offers, LegalAction(ActionKind.FOLD))

    # -------------------------------------------------------------- transitions
    def apply(self, action: Action | str) -> CasinoSeatsState:
        """The state after the action of the seat to act (an illegal one raises
        :class:`~bragkit.errors.IllegalActionError` naming rules 4.9 and changes nothing)."""
        return self.apply_move(self.to_act, action)

    def apply_move(self, seat: int, action: Action | str) -> CasinoSeatsState:
        """The state after ``seat``'s ``action``."""
        chosen = action if isinstance(action, Action) else parse_action(str(action))
        if self.is_over:
            raise IllegalActionError(f"the hand is over; a new hand starts with the antes "
                                     f"({SPEC})")
        if seat != self.to_act:
            who = f"p{seat + 1}" if 0 <= seat < self.n else excerpt(seat)
            raise IllegalActionError(f"it is not {who}'s turn: p{self.to_act + 1} is to act "
                                     f"({SPEC})")
        legal = self.legal_actions()
        if not any(la.allows(chosen) for la in legal):
            offered = ", ".join(str(la) for la in legal)
            raise IllegalActionError(f"p{seat + 1} {chosen}: not on offer at a casino table "
                                     f"now ({SPEC}); legal now: {offered}")
        kind = chosen.kind
        log = (*self.actions, (seat, chosen))
        seen = Event(str(kind), seat, chosen.amount)
        if kind == ActionKind.ANTE:
            amount = chosen.amount or 0
            antes = _put(self.antes, seat, amount)
            more = bool(self.rules.pair_plus_table.entries) and self.bankrolls[seat] > amount
            state = dataclasses.replace(self, antes=antes, actions=log,
                                        events=(*self.events, seen), origin=self._origin())
            return state if more else state._bets_done(seat)
        if kind == ActionKind.PAIRBONUS or kind == ActionKind.DEAL:
            bonuses = _put(self.bonuses, seat, chosen.amount or 0)
            return dataclasses.replace(self, bonuses=bonuses, actions=log,
                                       events=(*self.events, seen),
                                       origin=self._origin())._bets_done(seat)
        played = _put(self.played, seat, kind == ActionKind.PLAY)
        if kind == ActionKind.PLAY:  # the event says the Play bet's chips (the ante's)
            seen = Event(str(kind), seat, self.antes[seat])
        state = dataclasses.replace(self, played=played, actions=log,
                                    events=(*self.events, seen), origin=self._origin())
        return state._next_decision(seat)

    def _origin(self) -> CasinoSeatsState:
        return self.origin if self.origin is not None else self

    def _bets_done(self, seat: int) -> CasinoSeatsState:
        """``seat``'s bets are in: the next seat to bet, else the deal."""
        bets = _put(self.bets_in, seat, True)
        nxt = next((s for s in range(seat + 1, self.n) if not bets[s]), -1)
        if nxt >= 0:
            return dataclasses.replace(self, bets_in=bets, to_act=nxt)
        n, cards = self.n, self.cards
        dealer = (cards[3 * n], cards[3 * n + 1], cards[3 * n + 2])
        hands: list[CasinoHand | None] = []
        events = list(self.events)
        for s in range(n):
            if not self.antes[s]:
                hands.append(None)
                continue
            own = (cards[3 * s], cards[3 * s + 1], cards[3 * s + 2])
            hands.append(CasinoHand(self.rules, self.antes[s], self.bonuses[s], own, dealer))
            events.append(Event("deal", s, None, tuple(c.id for c in own), frozenset({s})))
        first = next(s for s in range(n) if hands[s] is not None)
        return dataclasses.replace(self, bets_in=bets, phase=_DECIDE, to_act=first,
                                   hands=tuple(hands), events=tuple(events))

    def _next_decision(self, seat: int) -> CasinoSeatsState:
        """``seat`` decided: the next seat to decide, else the reveal and the settlement."""
        nxt = next((s for s in range(seat + 1, self.n) if self.hands[s] is not None), -1)
        if nxt >= 0:
            return dataclasses.replace(self, to_act=nxt)
        n, cards = self.n, self.cards
        events = list(self.events)
        events.append(Event("reveal", None, None,
                            tuple(c.id for c in cards[3 * n:3 * n + 3]), None, "dealer"))
        hands: list[CasinoHand | None] = []
        for s, hand in enumerate(self.hands):
            if hand is None:
                hands.append(None)
                continue
            done = hand.apply(ActionKind.PLAY if self.played[s] else ActionKind.FOLD)
            if self.played[s]:
                events.append(Event("show", s, None, tuple(c.id for c in hand.player)))
            assert done.settlement is not None
            events.append(Event("award", s, paid_chips(done.settlement), None, None,
                                done.settlement.outcome))
            hands.append(done)
        return dataclasses.replace(self, phase=_OVER, to_act=-1, hands=tuple(hands),
                                   events=tuple(events))

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """``()``: the hand's pack is given when it starts, never a chance node."""
        return ()

    def apply_chance(self, outcome: int) -> GameState:
        """Refused: the pack is given when the hand starts."""
        raise IllegalActionError(f"a casino hand has no chance node (its pack is given; {SPEC})")

    # -------------------------------------------------------------- what a seat knows
    def shown_to(self, seat: int) -> dict[int, tuple[Card, ...]]:
        """The hands ``seat`` has seen besides its own: once over, the dealer's (under
        :data:`~bragkit.games.casino.state.HOUSE`) and every played hand."""
        if self.phase is not _OVER:
            return {}
        n = self.n
        out: dict[int, tuple[Card, ...]] = {HOUSE: self.cards[3 * n:3 * n + 3]}
        for s, hand in enumerate(self.hands):
            if hand is not None and self.played[s] and s != seat:
                out[s] = hand.player
        return out

    def view(self, seat: int) -> SeatView:
        """What ``seat`` sees: its own cards once dealt, the dealer's and the played hands
        only once over, the events with every other seat's cards removed."""
        if not 0 <= seat < self.n:
            raise IllegalActionError(f"there is no seat p{seat + 1} at this casino table "
                                     f"(p1..p{self.n}; {SPEC})")
        hand = self.hands[seat]
        return SeatView(
            seat=seat, dealer=HOUSE, stacks=self.stacks, pot=self.pot, pots=(),
            stake=self.antes[seat], status=self.status,
            looked=tuple(h is not None for h in self.hands), to_act=self.to_act,
            phase=self.phase, own_cards=hand.player if hand is not None else None,
            shown=self.shown_to(seat), stub_card=None,
            events=tuple(e.redacted(seat) for e in self.events),
            legal=self.legal_actions() if self.to_act == seat else ())

    def info_key(self, seat: int) -> InfoKey:
        """``seat``'s information state (its view's key)."""
        return self.view(seat).info_key

    def returns(self) -> tuple[int, ...]:
        """Each seat's chip change over the hand (bets on the layout count as spent)."""
        return tuple(a - b for a, b in zip(self.stacks, self.bankrolls, strict=True))

    # -------------------------------------------------------------- logs and cards
    def chips_in_play(self) -> int:
        """The seats' stacks and the bets on the layout."""
        return sum(self.stacks) + self.pot

    def all_cards(self) -> list[int]:
        """The ids of the hand's pack, top first."""
        return [c.id for c in self.cards]

    def secret_cards(self, seat: int) -> set[int]:
        """The cards ``seat`` may not know: all but its own until the reveal, then every
        card not shown (folded hands, the cards below the dealt ones)."""
        known: set[int] = set()
        hand = self.hands[seat]
        if hand is not None:
            known.update(c.id for c in hand.player)
        for cards in self.shown_to(seat).values():
            known.update(c.id for c in cards)
        return {c.id for c in self.cards} - known


def _put(values: tuple[_T, ...], seat: int, value: _T) -> tuple[_T, ...]:
    """``values`` with the item of ``seat`` replaced by ``value``."""
    return (*values[:seat], value, *values[seat + 1:])


# ---------------------------------------------------------------------------- the table
class CasinoSeatsSession(TableCore[CasinoRules]):
    """Consecutive casino hands of several seats against the house (the module
    documentation): a :class:`~bragkit.engine.table.TableCore` of casino's own rules value,
    so its seating, packs and deal records are every table's, and the card room drives it
    as every table.

    ``stacks`` are the seats' chips (2..7 seats); ``dealer`` None,
    :data:`~bragkit.games.casino.state.HOUSE` or a seat (a generic consumer's first dealer:
    ignored, the house deals every hand and ``p1`` acts first); every hand is dealt from a
    new pack: ``pack`` (card ids, top first) for the first hand, then ``shuffles`` in order,
    then packs shuffled with ``rng`` (else ``random.Random(seed)``, else
    ``secrets.SystemRandom``).  The table is over once no seat has a chip.

    >>> t = CasinoSeatsSession(CasinoRules.preset("casino"), [30, 30], seed=4)
    >>> for move in ("p1 ante 5", "p1 deal", "p2 ante 5", "p2 deal", "p1 fold", "p2 fold"):
    ...     t.apply_text(move)
    >>> t.deal_no, t.stacks, t.packs_count, t.records[0].actions[-1], t.dealer
    (1, (25, 25), 2, 'p2 fold', -1)
    """

    state: CasinoSeatsState
    """The hand in progress (once the table is over, the last hand's state before its last
    action: :attr:`last_final` is the settled one)."""

    def __init__(self, rules: CasinoRules, stacks: Sequence[int], dealer: int | None = None,
                 *, seed: int | None = None, rng: random.Random | None = None,
                 pack: Sequence[int] | None = None, shuffles: Iterable[Sequence[int]] = (),
                 keep_states: bool = False, keep_records: int | None = KEEP_RECORDS,
                 on_record: OnRecord | None = None) -> None:
        self._seat(rules, stacks, dealer, seed=seed, rng=rng, pack=pack, shuffles=shuffles,
                   keep_states=keep_states, keep_records=keep_records, on_record=on_record)
        self.state = self._new_hand()

    def _check_seating(self, rules: CasinoRules, stacks: Sequence[int], dealer: int | None,
                       rng: random.Random) -> int:
        """Casino's seats (2..7, each 0..MAX_CHIPS chips); the house deals: ``HOUSE``."""
        check_casino_seats(rules, stacks, dealer, SEVERAL_SEATS)
        return HOUSE

    @property
    def last_final(self) -> CasinoSeatsState | None:
        """The settled state of the latest finished hand (None before the first ends)."""
        final: CasinoSeatsState | None = self._last_final  # (a hand's state is never late)
        return final

    @last_final.setter
    def last_final(self, final: CasinoSeatsState | None) -> None:
        self._last_final, self._final_later = final, None

    # ------------------------------------------------------------ packs and hands
    def _new_hand(self) -> CasinoSeatsState:
        pack = self._given_pack(_PACK)
        if pack is None:
            cards = list(_PACK)
            shuffle_ids(self.rng, cards)
            pack = tuple(cards)
            self.packs_used.append(pack)
        state = CasinoSeatsState.start(self.rules, self.stacks, pack)
        self.over = state.is_over
        return state

    def _ended(self, final: CasinoSeatsState) -> None:
        start: Callable[[], CasinoSeatsState] = partial(
            CasinoSeatsState.start, final.rules, final.bankrolls, final.all_cards())
        self.stacks = final.stacks
        self._record(final, start, True, None)
        self.deal_no += 1
        if any(s >= 1 for s in self.stacks):
            self.state = self._new_hand()
        else:
            self.over = True

    # ------------------------------------------------------------ the table contract
    @property
    def to_act(self) -> int:
        """The seat to act, or -1 once the table is over."""
        return -1 if self.over else self.state.to_act

    @property
    def whose_turn(self) -> Turn:
        """The seat to act, or OVER."""
        return OVER if self.over else self.state.whose_turn

    @property
    def total(self) -> int:
        """The seats' chips, on the table and off."""
        return sum(self.stacks) if self.over else self.state.chips_in_play()

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now."""
        return () if self.over else self.state.legal_actions()

    def apply_move(self, seat: int, action: Action) -> None:
        """Play ``seat``'s ``action`` (an illegal one raises and changes nothing)."""
        if self.over:
            raise IllegalActionError("the casino table is over: no seat has a chip left")
        done = self.state.apply_move(seat, action)
        if done.is_over:
            self._ended(done)
        else:
            self.state = done

    def apply(self, action: Action) -> None:
        """:meth:`apply_move` by the seat to act."""
        self.apply_move(self.to_act, action)

    def chips_on_table(self) -> int:
        """Stacks plus the bets on the layout."""
        return sum(self.stacks) if self.over else self.state.chips_in_play()

    def current_actions(self) -> tuple[str, ...]:
        """The action strings of the hand in progress."""
        return () if self.over else tuple(self.state.action_strings())


def check_seats(rules: object, stacks: Sequence[int]) -> None:
    """Refuse in one line what casino's table (:func:`open_casino_table`) cannot seat: one
    stack is the one-player table's, several the card room's (casino's declared
    ``GameSpec.seating``; no table is opened).

    >>> check_seats(CasinoRules.preset("casino"), [50, 50])
    >>> check_seats(CasinoRules.preset("casino"), [50] * 8)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: a casino table of several players seats 2..7 with ...
    """
    check_casino_seats(rules, stacks, None, ONE_SEAT if len(stacks) == 1 else SEVERAL_SEATS)


def open_casino_table(rules: CasinoRules, stacks: Sequence[int], dealer: int | None = None,
                      *, seed: int | None = None, rng: random.Random | None = None,
                      pack: Sequence[int] | None = None, shuffles: Iterable[Sequence[int]] = (),
                      keep_states: bool = False, keep_records: int | None = KEEP_RECORDS,
                      on_record: OnRecord | None = None) -> CasinoSession | CasinoSeatsSession:
    """Casino's table (``open_table`` finds it by ``rules.game``): one stack is the
    one-player :class:`~bragkit.games.casino.session.CasinoSession`, several a
    :class:`CasinoSeatsSession`.

    >>> type(open_casino_table(CasinoRules.preset("casino"), [50, 50], seed=1)).__name__
    'CasinoSeatsSession'
    """
    cls = CasinoSession if len(stacks) == 1 else CasinoSeatsSession
    return cls(rules, stacks, dealer, seed=seed, rng=rng, pack=pack, shuffles=shuffles,
               keep_states=keep_states, keep_records=keep_records, on_record=on_record)


if TYPE_CHECKING:  # mypy checks the hand and the table against the one contract
    def _satisfies_state(state: CasinoSeatsState) -> GameState[CasinoRules]:
        return state

    def _satisfies_table(table: CasinoSeatsSession) -> GameTable[CasinoSeatsState,
                                                                 CasinoRules]:
        return table
