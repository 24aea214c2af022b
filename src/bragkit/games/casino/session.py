"""Casino 3 Card Brag behind the generic table contract: :class:`CasinoSession`, a
:class:`~bragkit.engine.contract.GameTable` of :class:`~bragkit.games.casino.state.CasinoState`
hands with :class:`~bragkit.games.casino.rules.CasinoRules` (one seat, ``p1``, against the
house), built like every table by :func:`~bragkit.engine.table.open_table` (the registry
finds it by ``rules.game``).  The player decides with the cards seen: after the ante
(and a Pair Bonus, if any) ``p1 deal`` deals them (at once when no Pair Bonus can be
staked any more), then ``p1 play`` or ``p1 fold``.  It plays a
:class:`~bragkit.games.casino.table.CasinoTable`
(:attr:`CasinoSession.table`: its history, its casino-only queries) and keeps the deal
records every table keeps (:class:`~bragkit.engine.table.DealRecord`: a hand's number, its
action strings, its first state rebuilt on demand).

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
>>> t.stacks == (t.table.bankroll,), t.last_final.returns() == (t.stacks[0] - 100,)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING, Final

from bragkit.cards import card_from_id, format_cards
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import Turn
from bragkit.engine.table import KEEP_RECORDS, DealRecord, DealRecords, OnRecord
from bragkit.errors import RulesError, excerpt
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.state import HOUSE, CasinoState
from bragkit.games.casino.table import CasinoRecord, CasinoTable
from bragkit.limits import MAX_CHIPS

if TYPE_CHECKING:
    from bragkit.engine.contract import GameTable

__all__ = ["ONE_SEAT", "CasinoSession", "check_casino_seats"]

ONE_SEAT: Final = range(1, 2)
"""The seats of a one-player casino table: ``p1`` alone, against the house."""


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


class CasinoSession:
    """Consecutive casino hands on the one table contract (see the module documentation).

    ``stacks`` is the player's bankroll alone (``[100]``: the house has no stack) and
    ``dealer`` is None, or 0 as a table's default first dealer (the house deals every hand);
    ``pack`` (card ids, top card first) is the first hand's pack and ``shuffles`` the later
    hands' packs, in order, read one at a time (a hand is dealt the six cards on top);
    other hands are sampled from ``rng``, else ``random.Random(seed)``, else an unpredictable
    ``secrets.SystemRandom``.  ``keep_records`` and ``on_record(record, final_state)`` are
    every table's; ``keep_states`` keeps each hand's settled state in its record.
    """

    def __init__(self, rules: CasinoRules, stacks: Sequence[int], dealer: int | None = None,
                 *, seed: int | None = None, rng: random.Random | None = None,
                 pack: Sequence[int] | None = None, shuffles: Iterable[Sequence[int]] = (),
                 keep_states: bool = False, keep_records: int | None = KEEP_RECORDS,
                 on_record: OnRecord | None = None) -> None:
        check_casino_seats(rules, stacks, dealer, ONE_SEAT)
        self.records = DealRecords(keep_records)
        """The ``keep_records`` most recent hands' records, oldest first."""
        self.keep_states = keep_states
        self.on_record = on_record
        self.start_stacks = (stacks[0],)
        packs: Iterator[str] = (_text(p) for p in shuffles)
        self.table = CasinoTable(rules, stacks[0], seed,
                                 _text(pack) if pack is not None else None, (), rng,
                                 keep_records, self._ended, packs, deal_step=True)
        """The casino table played (its history, bankroll and casino-only queries)."""

    def _ended(self, hand: CasinoRecord) -> None:
        final = self.table.last_final
        assert final is not None
        first = final.first()
        record = DealRecord(hand.number, HOUSE, self.table.rules, True, None, hand.actions,
                            partial(CasinoState.start, first.rules, first.bankroll,
                                    first.cards, deal_step=True),
                            final if self.keep_states else None)
        self.records.append(record)
        if self.on_record is not None:
            self.on_record(record, final)

    # ------------------------------------------------------------ the table contract
    @property
    def rules(self) -> CasinoRules:
        """The table's rules (casino's own value)."""
        return self.table.rules

    @property
    def base_rules(self) -> CasinoRules:
        """The rules the table opened with (a casino table never changes them)."""
        return self.table.rules

    @property
    def n(self) -> int:
        """One seat, the player's (the house is not a seat)."""
        return 1

    @property
    def seed(self) -> int | None:
        """The seed the hands are sampled with (None: given packs or a generator)."""
        return self.table.seed

    @property
    def dealer(self) -> int:
        """The house deals every hand: :data:`~bragkit.games.casino.state.HOUSE`."""
        return HOUSE

    @property
    def first_dealer(self) -> int:
        """The house: :data:`~bragkit.games.casino.state.HOUSE`."""
        return HOUSE

    @property
    def stacks(self) -> tuple[int, ...]:
        """The player's chips off the table."""
        return self.table.stacks

    @property
    def carried(self) -> int:
        """0: every hand is settled, no pot is carried."""
        return 0

    @property
    def debts(self) -> tuple[tuple[int, int, int], ...]:
        """None: the house lends nothing."""
        return ()

    @property
    def bought(self) -> tuple[int, ...]:
        """0: no chips are brought in during a session."""
        return (0,)

    @property
    def deal_no(self) -> int:
        """The number of the hand in progress (0-based)."""
        return self.table.deal_no

    @property
    def over(self) -> bool:
        """Whether no hand can start: the bankroll is spent."""
        return self.table.over

    @property
    def secret_chance(self) -> bool:
        """Whether a hand was dealt from an unpredictable generator (live play)."""
        return self.table.secret_chance

    @property
    def state(self) -> CasinoState:
        """The hand in progress (or the next one, its ante to stake)."""
        return self.table.state

    @property
    def last_final(self) -> CasinoState | None:
        """The settled state of the latest finished hand (None before the first ends)."""
        return self.table.last_final

    @property
    def whose_turn(self) -> Turn:
        """The player's seat (0), or OVER once the bankroll is spent."""
        return self.table.whose_turn

    @property
    def to_act(self) -> int:
        """0 while the player can act, else -1."""
        return self.table.to_act

    @property
    def total(self) -> int:
        """The player's chips, on the table and off."""
        return self.table.total

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the player may do now, with exact bounds and costs."""
        return self.table.legal_actions()

    def apply(self, action: Action) -> None:
        """Play the player's ``action`` (an illegal one raises and changes nothing)."""
        self.table.apply(action)

    def apply_move(self, seat: int, action: Action) -> None:
        """:meth:`apply` by ``seat``, which must be the player's (0)."""
        self.table.apply_move(seat, action)

    def apply_text(self, text: str) -> None:
        """Apply one history action string such as ``"p1 ante 10"``."""
        self.table.apply_text(text)

    def chips_on_table(self) -> int:
        """Chips bet on the hand in progress."""
        return self.table.chips_on_table()

    def current_actions(self) -> tuple[str, ...]:
        """The action strings of the hand in progress."""
        return self.table.current_actions()


if TYPE_CHECKING:  # mypy checks the table against the one contract, with its own rules type
    def _satisfies_contract(table: CasinoSession) -> GameTable[CasinoState, CasinoRules]:
        return table
