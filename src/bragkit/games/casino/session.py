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
so a seed deals the same hands as :class:`~bragkit.games.casino.table.CasinoTable` and
``brag casino play``.

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
from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Final

from bragkit.cards import card_from_id, format_cards
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import Turn
from bragkit.engine.table import KEEP_RECORDS, OnRecord, TableCore
from bragkit.errors import HistoryError, RulesError, excerpt
from bragkit.games.casino.history import CasinoHistory, spec_of
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.state import (
    HOUSE,
    CasinoState,
    draw_hand_pack,
    hand_pack,
    parse_casino_move,
)
from bragkit.limits import MAX_CHIPS

if TYPE_CHECKING:
    from bragkit.engine.contract import GameTable

__all__ = ["ONE_SEAT", "CasinoSession", "check_casino_seats"]

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


class CasinoSession(TableCore[CasinoRules]):
    """Consecutive casino hands on the one table contract (see the module documentation).

    ``stacks`` is the player's bankroll alone (``[100]``: the house has no stack) and
    ``dealer`` is None, or 0 as a table's default first dealer (the house deals every hand);
    ``pack`` (card ids, top card first) is the first hand's pack and ``shuffles`` the later
    hands' packs, in order, read one at a time (a hand is dealt the six cards on top; the
    rest of the pack follows in the pack's order, :meth:`_complete_pack`); other hands are
    sampled from ``rng``, else ``random.Random(seed)``, else an unpredictable
    ``secrets.SystemRandom``.  ``keep_records`` and ``on_record(record, final_state)`` are
    every table's; ``keep_states`` keeps each hand's settled state in its record.
    """

    state: CasinoState
    """The hand in progress (or the next one, its ante to stake; once the bankroll is
    spent, a hand that cannot start)."""
    deal_step: bool = True
    """Whether the player deals (``p1 deal``, in the action log) and decides with the cards
    seen; :class:`~bragkit.games.casino.table.CasinoTable` (the one-seat history format,
    ``brag casino play``) deals at the decision instead."""

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

    def history(self, *, finished_only: bool = False) -> CasinoHistory:
        """The history of every hand (the one in progress too, unless ``finished_only`` or
        the cards are :attr:`secret_chance`), in the one-seat format: a seeded table writes
        its seed and the packs it was given, any other the whole pack of each hand.

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
        deals = [record.actions for record in self.records]
        current = self.current_actions()
        if current and not (finished_only or self.secret_chance):
            deals.append(current)
        if self.seed is not None:  # the given packs (used first), then the seed's hands
            written = min(self.packs_given - len(self.shuffles), len(deals))
        else:
            written = len(deals)
        packs = [_text(p) for p in self.packs_used[:written]]
        return CasinoHistory(self.rules, spec_of(self.rules), self.start_stacks[0], self.seed,
                             packs[0] if packs else None, tuple(packs[1:]), tuple(deals))


if TYPE_CHECKING:  # mypy checks the table against the one contract, with its own rules type
    def _satisfies_contract(table: CasinoSession) -> GameTable[CasinoState, CasinoRules]:
        return table
