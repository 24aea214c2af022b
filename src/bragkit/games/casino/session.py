"""Casino 3 Card Brag behind the generic table contract: :class:`CasinoSession`, a
:class:`~bragkit.engine.table.TableCore` of :class:`~bragkit.games.casino.rules.CasinoRules`
playing :class:`~bragkit.games.casino.state.CasinoState` hands (one seat, ``p1``, against the
house), built like every table by :func:`~bragkit.engine.table.open_table` (the registry
finds it by ``rules.game``).  The player decides with the cards seen: after the ante
(and a Pair Bonus, if any) ``p1 deal`` deals them (at once when no Pair Bonus can be
staked any more), then ``p1 play`` or ``p1 fold``.  Its seating, stacks, packs and deal
records are every table's (:class:`~bragkit.engine.table.DealRecord`: a hand's number, its
action strings, its first state rebuilt on demand); its chance is the one-seat table's
(:func:`~bragkit.games.casino.state.draw_hand_pack`: six cards sampled on top of the pack),
so a seed deals the same hands at either, and ``brag casino play``'s.

It is the one table of casino play: with ``deal_step=False`` the decision deals the cards
(the hands of the one-seat history format, as ``brag casino play``, casino replay and the
casino checker play them), :meth:`CasinoSession.from_text` opens it from text packs, and
:meth:`CasinoSession.history` writes the one-seat format.

>>> from bragkit.engine.table import open_table
>>> t = open_table(CasinoRules.preset("casino"), [100], seed=7)
>>> type(t).__name__, t.n, t.whose_turn, [str(a) for a in t.legal_actions()]
('CasinoSession', 1, 0, ['ante 1..100'])
>>> t.apply_text("p1 ante 10")
>>> [str(a) for a in t.legal_actions()]   # a Pair Bonus, or the deal: the bets are in
['pairbonus 1..90', 'deal']
>>> t.apply_text("p1 deal")
>>> t.state.view(0).own_cards is not None, [str(a) for a in t.legal_actions()]
(True, ['play (costs 10)', 'fold'])
>>> t.apply_text("p1 play")
>>> t.records[0].actions, t.records[0].final == t.last_final, t.deal_no
(('p1 ante 10', 'p1 deal', 'p1 play'), True, 1)
>>> t.stacks == (t.total,), t.last_final.returns() == (t.stacks[0] - 100,), t.packs_count
(True, True, 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import TYPE_CHECKING, Final, Generic, Self, TypeVar, overload

from bragkit.cards import card_from_id, format_cards, parse_cards
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import Turn
from bragkit.engine.kinds import ActionKind
from bragkit.engine.table import KEEP_RECORDS, DealRecord, OnRecord, TableCore
from bragkit.errors import HistoryError, IllegalActionError, RulesError, excerpt
from bragkit.games.casino.hand import CasinoHand
from bragkit.games.casino.history import CasinoHistory, spec_of
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.state import (
    HOUSE,
    CasinoState,
    draw_hand_pack,
    hand_pack,
    legal_text,
    parse_casino_move,
)
from bragkit.limits import MAX_CHIPS

if TYPE_CHECKING:
    from bragkit.engine.contract import GameTable

__all__ = ["ONE_SEAT", "CasinoRecord", "CasinoSession", "Kept", "OnCasinoRecord",
           "check_casino_seats"]

ONE_SEAT: Final = range(1, 2)
"""The seats of a one-player casino table: ``p1`` alone, against the house."""
_PACK: Final = tuple(range(52))
"""The card ids of a pack (a given pack must hold each once, once completed)."""


def check_casino_seats(rules: object, stacks: Sequence[int], dealer: object,
                       seats: range) -> None:
    """Refuse what a casino table of ``seats`` players cannot seat, in one line
    (:class:`~bragkit.errors.RulesError`): rules other than :class:`CasinoRules`, a number
    of stacks outside ``seats`` or a stack outside 0..MAX_CHIPS, a dealer other than None,
    the house or a seat (a generic consumer's first dealer: the house deals every hand).

    >>> check_casino_seats(CasinoRules.preset("casino"), [50], HOUSE, ONE_SEAT)
    >>> check_casino_seats(CasinoRules.preset("casino"), [50, 50], 2, range(2, 8))
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: the house deals every casino hand: no dealer seat p2
    """
    if not isinstance(rules, CasinoRules):
        raise RulesError(f"a casino table plays CasinoRules, not {excerpt(rules)}")
    if len(stacks) not in seats or any(type(s) is not int or not 0 <= s <= MAX_CHIPS
                                       for s in stacks):
        what = (f"has one seat (p1, against the house): stacks is one bankroll of "
                f"0..{MAX_CHIPS} chips" if seats == ONE_SEAT else
                f"of several players seats {seats[0]}..{seats[-1]} with 0..{MAX_CHIPS} "
                "chips each")
        raise RulesError(f"a casino table {what}, not {excerpt(list(stacks))}")
    if dealer is not None and (type(dealer) is not int or not HOUSE <= dealer < len(stacks)):
        raise RulesError(f"the house deals every casino hand: no dealer seat "
                         f"p{excerpt(dealer, quote=False)}")


def _text(pack: Sequence[int]) -> str:
    """A pack of card ids (top first) as card text."""
    return format_cards(tuple(card_from_id(c) for c in pack))


def _ids(text: str) -> tuple[int, ...]:
    """A given pack's text (six cards or more, top first) as card ids."""
    return tuple(c.id for c in parse_cards(text))


_SPEC = "rules 4.9"
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class CasinoRecord:
    """One finished casino hand: its number (0-based), action strings, the settled hand,
    its whole pack as text (top card first: the six dealt, the player's three first) and the
    bankroll after it."""

    number: int
    actions: tuple[str, ...]
    hand: CasinoHand
    cards: str
    bankroll: int


OnCasinoRecord = Callable[[CasinoRecord], None]
"""A callback a casino table calls with each hand's :class:`CasinoRecord` as it ends."""


class Kept(Sequence[T], Generic[T]):
    """A read-only view of a table's kept items, oldest first; :attr:`dropped` counts the
    older ones forgotten (the table's own records and packs: nothing is kept twice)."""

    __slots__ = ("_get", "_items", "dropped")

    def __init__(self, items: Sequence[object], dropped: int,
                 get: Callable[[object], T]) -> None:
        self._items, self.dropped, self._get = items, dropped, get

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._get(item) for item in self._items[index]]
        return self._get(self._items[index])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"Kept(kept={len(self)}, dropped={self.dropped})"


def _hand_of(record: object) -> CasinoHand:
    """The settled hand of a kept :class:`~bragkit.engine.table.DealRecord`."""
    assert isinstance(record, DealRecord)
    final: CasinoState = record.final
    hand = final.hand
    assert hand is not None
    return hand


def _pack_text(pack: object) -> str:
    assert isinstance(pack, tuple)
    return _text(pack)


class CasinoSession(TableCore[CasinoRules]):
    """Consecutive casino hands of one player (``p1``) against the house, from a bankroll,
    on the one table contract (see the module documentation).

    ``stacks`` is the player's bankroll alone (``[100]``: the house has no stack) and
    ``dealer`` is None, or 0 as a table's default first dealer (the house deals every hand);
    ``pack`` (card ids, top card first) is the first hand's pack and ``shuffles`` the later
    hands' packs, in order, read one at a time (a hand is dealt the six cards on top; the
    rest of the pack follows in the pack's order, :meth:`_complete_pack`); other hands are
    sampled from ``rng``, else ``random.Random(seed)``, else an unpredictable
    ``secrets.SystemRandom``.  ``keep_records`` and ``on_record(record, final_state)`` are
    every table's (or ``on_hand`` sees each hand's :class:`CasinoRecord`); ``keep_states``
    keeps each hand's settled state in its record.

    Each hand is ``p1 ante N`` (at most the bankroll), an optional ``p1 pairbonus N`` (at
    most what is left), then ``p1 play`` (a Play bet equal to the ante, which must be left
    too) or ``p1 fold``; with ``deal_step`` the player deals first (``p1 deal``), without it
    the decision deals the cards unless :meth:`cards` dealt them.  An illegal action raises
    :class:`~bragkit.errors.IllegalActionError` and changes nothing.

    >>> t = CasinoSession.from_text(CasinoRules.preset("casino"), 15, pack="Qs Qd 4c Qh 7d 2s")
    >>> t.apply_text("p1 ante 10")
    >>> t.apply_text("p1 play")
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: the Play bet equals the ante (10 chips) but only 5 \
are left (rules 4.9)
    >>> t.apply_text("p1 fold"); t.bankroll, t.finished[0].settlement.outcome
    (5, 'fold')
    >>> t.records[0].actions, t.last_final.returns(), t.packs_count
    (('p1 ante 10', 'p1 fold'), (-10,), 2)
    """

    state: CasinoState
    """The hand in progress (or the next one, its ante to stake; once the bankroll is
    spent, a hand that cannot start)."""
    deal_step: bool = True
    """Whether the player deals (``p1 deal``, in the action log) and decides with the cards
    seen; without it (the one-seat history format's hands, ``brag casino play``) the
    decision deals them."""
    given_text: tuple[str | None, tuple[str, ...]]
    """The packs given when the table opened, as text (the first hand's, then the later
    ones'): a seeded table's history writes them as given."""

    def __init__(self, rules: CasinoRules, stacks: Sequence[int], dealer: int | None = None,
                 *, seed: int | None = None, rng: random.Random | None = None,
                 pack: Sequence[int] | None = None, shuffles: Iterable[Sequence[int]] = (),
                 keep_states: bool = False, keep_records: int | None = KEEP_RECORDS,
                 on_record: OnRecord | None = None, on_hand: OnCasinoRecord | None = None,
                 deal_step: bool = True) -> None:
        if on_hand is not None:
            if on_record is not None:
                raise RulesError("give a casino table on_record or on_hand, not both")
            on_record = self._hand_ended
        self.on_hand = on_hand
        self.deal_step = deal_step
        self.given_text = (None if pack is None else _text(pack),
                           tuple(_text(p) for p in shuffles)
                           if isinstance(shuffles, Sequence) else ())
        self._seat(rules, stacks, dealer, seed=seed, rng=rng, pack=pack, shuffles=shuffles,
                   keep_states=keep_states, keep_records=keep_records, on_record=on_record)
        self.state = self._new_hand()

    @classmethod
    def from_text(cls, rules: CasinoRules, start_bankroll: int, *, seed: int | None = None,
                  pack: str | None = None, shuffles: Sequence[str] = (),
                  more_packs: Iterator[str] | None = None, rng: random.Random | None = None,
                  keep_records: int | None = KEEP_RECORDS,
                  on_hand: OnCasinoRecord | None = None, deal_step: bool = False) -> Self:
        """The table of a one-seat history's words: a bankroll, and packs as card text
        (six cards a hand or more, top first): ``pack``, then ``shuffles``, then
        ``more_packs`` (read one at a time), kept as given (:attr:`given_text`, but for
        ``more_packs``).  The decision deals the cards (``deal_step=False``).

        >>> t = CasinoSession.from_text(CasinoRules.preset("casino"), 100, seed=7)
        >>> for move in ("p1 ante 10", "p1 pairbonus 5", "p1 play"):
        ...     t.apply_text(move)
        >>> t.history().deals, t.bankroll == t.stacks[0] == t.total
        ((('p1 ante 10', 'p1 pairbonus 5', 'p1 play'),), True)
        """
        first = None if pack is None else _ids(pack)
        later = (_ids(text) for text in chain(shuffles, more_packs or ()))
        table = cls(rules, [start_bankroll], seed=seed, rng=rng, pack=first, shuffles=later,
                    keep_records=keep_records, on_hand=on_hand, deal_step=deal_step)
        table.given_text = (pack, tuple(shuffles))
        return table

    def _hand_ended(self, record: DealRecord, final: object) -> None:
        """Hand each finished hand to ``on_hand`` as a :class:`CasinoRecord`."""
        assert isinstance(final, CasinoState) and self.on_hand is not None
        hand = final.hand
        assert hand is not None
        self.on_hand(CasinoRecord(record.number, record.actions, hand,
                                  format_cards(final.cards), final.total))

    def _check_seating(self, rules: CasinoRules, stacks: Sequence[int], dealer: int | None,
                       rng: random.Random) -> int:
        """One seat of 0..MAX_CHIPS chips; the house deals: ``HOUSE``."""
        check_casino_seats(rules, stacks, dealer, ONE_SEAT)
        return HOUSE

    def _complete_pack(self, pack: tuple[int, ...]) -> tuple[int, ...]:
        """A given pack's six cards on top, then the rest of the pack in its order."""
        return tuple(c.id for c in hand_pack(card_from_id(c) for c in pack[:6]))

    @property
    def last_final(self) -> CasinoState | None:
        """The settled state of the latest finished hand (None before the first ends)."""
        final: CasinoState | None = self._last_final  # (a hand's state is never late)
        return final

    @last_final.setter
    def last_final(self, final: CasinoState | None) -> None:
        self._last_final, self._final_later = final, None

    # ------------------------------------------------------------ packs and hands
    def _new_hand(self) -> CasinoState:
        """The next hand's first state, its whole pack drawn now (none once the bankroll is
        spent: no hand can start)."""
        bankroll = self.stacks[0]
        if bankroll < 1:
            state = CasinoState.start(self.rules, bankroll, deal_step=self.deal_step)
        else:
            given = self._given_pack(_PACK)
            if given is None:
                cards = draw_hand_pack(self.rng)
                self.packs_used.append(tuple(c.id for c in cards))
            else:
                cards = tuple(card_from_id(c) for c in given)
            state = CasinoState.start(self.rules, bankroll, cards,
                                     deal_step=self.deal_step)
        self.over = state.is_over
        return state

    def _ended(self, final: CasinoState) -> None:
        self.stacks = final.stacks
        self._record(final, partial(CasinoState.start, final.rules, final.bankroll,
                                    final.cards, deal_step=self.deal_step), True, None)
        self.deal_no += 1
        self.state = self._new_hand()

    # ------------------------------------------------------------ the table contract
    @property
    def whose_turn(self) -> Turn:
        """The player's seat (0), or OVER once the bankroll is spent."""
        return self.state.whose_turn

    @property
    def to_act(self) -> int:
        """0 while the player can act, else -1."""
        return self.state.to_act

    @property
    def total(self) -> int:
        """The player's chips, on the table and off."""
        return self.state.total

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the player may do now, with exact bounds and costs."""
        return self.state.legal_actions()

    def apply(self, action: Action) -> None:
        """Play the player's ``action`` (an illegal one raises and changes nothing)."""
        self._play(self.state.apply(action))

    def apply_move(self, seat: int, action: Action) -> None:
        """:meth:`apply` by ``seat``, which must be the player's (0)."""
        self._play(self.state.apply_move(seat, action))

    def _play(self, done: CasinoState) -> None:
        """Go on from the state an action led to (a settled hand ends it)."""
        if done.is_over:
            self._ended(done)
        else:
            self.state = done
            self.stacks = done.stacks

    def apply_text(self, text: str) -> None:
        """Apply one history action string such as ``"p1 ante 10"`` (casino's words)."""
        self.apply(parse_casino_move(text, self.state))

    def chips_on_table(self) -> int:
        """Chips bet on the hand in progress."""
        return self.state.staked

    def current_actions(self) -> tuple[str, ...]:
        """The action strings of the hand in progress."""
        return tuple(self.state.action_strings())

    # ------------------------------------------------------------ the one-seat table
    @property
    def start_bankroll(self) -> int:
        """The bankroll the table started with."""
        return self.start_stacks[0]

    @property
    def bankroll(self) -> int:
        """The player's chips, on the table and off (they move when a hand settles)."""
        return self.state.total

    @property
    def finished(self) -> Kept[CasinoHand]:
        """The kept settled hands, oldest first (each re-played from its record)."""
        return Kept(self.records, self.records.dropped, _hand_of)

    @property
    def dealt(self) -> Kept[str]:
        """The whole pack, top card first (the six dealt on top: the player's three, then
        the dealer's), of the kept hands and of the hand in progress once dealt."""
        packs = self.packs_used
        if self.packs_count > self.packs_finished and self.state.hand is None:
            packs = packs[:-1]  # the hand in progress is not dealt yet
        return Kept(packs, self.packs_dropped, _pack_text)

    @property
    def hands_finished(self) -> int:
        """How many hands were settled (the forgotten ones included)."""
        return self.deal_no

    @property
    def hands_dealt(self) -> int:
        """How many hands were dealt (the one in progress included, once it is dealt)."""
        return self.deal_no + (self.state.hand is not None)

    @property
    def secret_chance(self) -> bool:
        """Whether a hand was dealt from an unpredictable generator (``SystemRandom``; given
        packs are known to whoever gave them): then a history holds only finished hands and
        their cards (a pack drawn for a hand not dealt yet is never written)."""
        given = min(self.packs_given, self.packs_count)
        return isinstance(self.rng, random.SystemRandom) and self.hands_dealt > given

    @property
    def staked(self) -> int:
        """Chips bet on the hand in progress (0 between hands)."""
        return self.state.staked

    @property
    def ante(self) -> int:
        """The ante of the hand in progress (0 before it is staked)."""
        return self.state.ante

    @property
    def pair_plus(self) -> int:
        """The Pair Bonus of the hand in progress (0 if none)."""
        return self.state.pair_plus

    @property
    def hand(self) -> CasinoHand | None:
        """The hand in progress once its cards are dealt, else None."""
        return self.state.hand

    @property
    def current(self) -> list[str]:
        """The action strings of the hand in progress."""
        return self.state.action_strings()

    def cards(self) -> CasinoHand:
        """The current hand, dealt now if it is not yet (its ante must be staked; with
        :attr:`deal_step`, by the player's ``p1 deal``)."""
        if self.state.hand is None:
            if not self.state.ante:
                raise IllegalActionError(f"a hand starts with the ante: p1 ante N ({_SPEC})")
            if self.deal_step:  # the player's deal, in the action log
                self.apply(Action(ActionKind.DEAL))
            else:
                self.state = self.state.deal()
        hand = self.state.hand
        assert hand is not None
        return hand

    def legal(self) -> str:
        """The actions on offer now, as text."""
        return legal_text(self.state)

    def history(self, *, finished_only: bool = False) -> CasinoHistory:
        """The history of every hand (the one in progress too, unless ``finished_only`` or
        the cards are :attr:`secret_chance`), in the one-seat format: a seeded table writes
        its seed and the packs it was given, as given (:attr:`given_text`; packs read later
        from an iterator, whole), any other the whole pack of each hand dealt
        (``"pack"``, ``"shuffles"``).

        >>> t = CasinoSession(CasinoRules.preset("casino"), [50], seed=2, keep_records=None)
        >>> for move in ("p1 ante 5", "p1 deal", "p1 fold", "p1 ante 5"):
        ...     t.apply_text(move)
        >>> h = t.history()
        >>> h.seed, h.pack, h.deals
        (2, None, (('p1 ante 5', 'p1 deal', 'p1 fold'), ('p1 ante 5',)))
        """
        if self.records.dropped or self.packs_dropped:
            raise HistoryError(f"this casino table kept only its last {len(self.records)} "
                               f"hands (keep_records={self.records.keep}), so its history "
                               "cannot be saved: open it with keep_records=None, or save each "
                               "hand as it ends (on_record)")
        finished_only = finished_only or self.secret_chance
        deals = [record.actions for record in self.records]
        current = self.current_actions()
        if current and not finished_only:
            deals.append(current)
        pack, shuffles = self.given_text
        if self.seed is None:
            dealt = self.dealt[:self.hands_finished] if finished_only else list(self.dealt)
            pack, shuffles = (dealt[0] if dealt else None), tuple(dealt[1:])
        elif self.shuffles.taken > len(shuffles):  # given packs read from an iterator
            first = (self.given_pack is not None) + len(shuffles)
            read = self.packs_used[first:first + self.shuffles.taken - len(shuffles)]
            shuffles += tuple(_text(p) for p in read)
        return CasinoHistory(self.rules, spec_of(self.rules), self.start_bankroll, self.seed,
                             pack, shuffles, tuple(deals))

if TYPE_CHECKING:  # mypy checks the table against the one contract, with its own rules type
    def _satisfies_contract(table: CasinoSession) -> GameTable[CasinoState, CasinoRules]:
        return table
