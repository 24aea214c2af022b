"""Tables: the :class:`Table` protocol every game's table follows, its deal records, and
:func:`open_table`, the factory that picks a game's table class from a registry.

A *table* plays consecutive deals of one game (dealer rotation, stacks, carried pots, the
pack).  Hand histories, ``brag replay``, the conformance checker, simulations and ``brag
play`` drive every game through this protocol only; each game family registers its table
class with :func:`register_table` (brag-style games: :class:`~bragkit.engine.session.Session`,
poker-style games: :class:`~bragkit.engine.poker.session.PokerSession`, Commerce:
:class:`~bragkit.games.commerce.session.CommerceSession`).

A table keeps, per finished deal, a :class:`DealRecord`: the inputs of its first state and
its action log (what a history needs), not its states.  ``keep_states=True`` keeps every
deal's final state too; otherwise :attr:`DealRecord.final` re-plays the deal on demand, and
:attr:`Table.last_final` always holds the final state of the latest finished deal.

The records are bounded: :attr:`Table.records` holds the ``keep_records`` most recent ones
(:data:`KEEP_RECORDS` by default; ``None`` keeps every one, ``0`` none), so a table that
plays for days runs in bounded memory.  A consumer that needs every deal (a history writer,
a replay printing each deal) passes ``on_record``, called with each record and the deal's
final state as the deal ends.  The packs are bounded with them: :attr:`TableCore.packs_used`
holds only the packs of the kept records and of the deal in progress (all of them when
``keep_records=None``); :attr:`TableCore.packs_count` counts every pack used.

>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("foster"), [20, 20, 20], dealer=0, seed=7)
>>> type(t).__name__, table_class("modern").__name__, table_class("commerce").__name__
('PokerSession', 'Session', 'CommerceSession')
>>> for move in ("p1 ante 2", "p2 fold", "p3 fold"):
...     t.apply_text(move)
>>> t.records[0].actions, t.records[0].final == t.last_final, t.stacks
(('p1 ante 2', 'p2 fold', 'p3 fold'), True, (22, 19, 19))
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from bragkit.engine.actions import Action, LegalAction, parse_move
from bragkit.engine.contract import SeatView
from bragkit.engine.pack import new_rng
from bragkit.engine.records import KEEP_RECORDS, DealRecord, DealRecords, OnRecord
from bragkit.errors import BragError, RulesError, excerpt
from bragkit.limits import MAX_CHIPS
from bragkit.rules import Rules
from bragkit.rules.catalogue import ensure_loaded

__all__ = ["KEEP_RECORDS", "DealRecord", "DealRecords", "DealState", "GivenPacks", "OnRecord",
           "RulesT", "Table", "TableCore", "check_seating", "open_table", "register_table",
           "table_class"]

if TYPE_CHECKING:  # PEP 696 default (typing_extensions' stubs), as engine.contract's R_co
    from typing_extensions import TypeVar as _DefaultTypeVar

    RulesT = _DefaultTypeVar("RulesT", default=Rules)
else:
    RulesT = TypeVar("RulesT")
"""The rules value a :class:`TableCore` plays: :class:`~bragkit.rules.Rules` (the default)
for every table game; a house game's own value (casino's ``TableCore[CasinoRules]``)."""

class DealState(Protocol):
    """What tables, histories and the checkers need from the state of one deal."""

    @property
    def rules(self) -> Rules: ...
    @property
    def n(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def total(self) -> int: ...
    @property
    def events(self) -> tuple[Any, ...]: ...
    @property
    def actions(self) -> tuple[tuple[int, Action], ...]: ...
    def legal_actions(self) -> tuple[LegalAction, ...]: ...
    def apply(self, action: Action) -> Any: ...
    def apply_move(self, seat: int, action: Action) -> Any: ...
    def chips_in_play(self) -> int: ...
    def all_cards(self) -> list[int]: ...
    def secret_cards(self, seat: int) -> set[int]: ...
    def view(self, seat: int) -> Any: ...
    def replay(self) -> Any: ...
    def first(self) -> Any: ...
    def action_strings(self) -> list[str]: ...


class GivenPacks:
    """The given packs of a table's later shuffles not used yet, in order: from a sequence,
    or from an iterator read one pack at a time as the table needs it (a streamed replay
    of a long history does not hold every pack).  :attr:`taken` counts those used.

    >>> q = GivenPacks(iter([(1, 2), (2, 1)]))
    >>> bool(q), q.popleft(), q.popleft(), bool(q), q.taken
    (True, (1, 2), (2, 1), False, 2)
    """

    __slots__ = ("_ahead", "_rest", "exhausted", "taken")

    def __init__(self, packs: Iterable[Sequence[int]] = ()) -> None:
        self._ahead: deque[tuple[int, ...]] = deque()
        self._rest: Iterator[Sequence[int]] = _NO_MORE
        if isinstance(packs, Sequence):
            self._ahead.extend(tuple(p) for p in packs)
        else:
            self._rest = iter(packs)
        self.taken = 0
        self.exhausted = not self._ahead and self._rest is _NO_MORE
        """True once no given pack can come (packs given as a sequence, every one taken):
        a plain attribute, so that a table's every shuffle need not call ``bool(...)``."""

    def __bool__(self) -> bool:
        if not self._ahead:
            following = next(self._rest, None)
            if following is None:
                return False
            self._ahead.append(tuple(following))
        return True

    def __len__(self) -> int:
        """How many packs are known to be left (those read ahead)."""
        return len(self._ahead)

    def popleft(self) -> tuple[int, ...]:
        """The next given pack (IndexError when there is none)."""
        if not self:
            raise IndexError("no given pack is left")
        self.taken += 1
        pack = self._ahead.popleft()
        if not self._ahead and self._rest is _NO_MORE:
            self.exhausted = True
        return pack


_NO_MORE: Final[Iterator[Sequence[int]]] = iter(())
"""The packs after those of a sequence: none (an empty iterator, shared)."""


class Table(Protocol):
    """A table playing consecutive deals of one game (0-based seats)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def base_rules(self) -> Rules: ...
    @property
    def n(self) -> int: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def secret_chance(self) -> bool: ...
    @property
    def packs_finished(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def start_stacks(self) -> tuple[int, ...]: ...
    @property
    def given_pack(self) -> tuple[int, ...] | None: ...
    @property
    def packs_used(self) -> list[tuple[int, ...]]: ...
    @property
    def packs_dropped(self) -> int: ...
    @property
    def packs_count(self) -> int: ...
    @property
    def stacks(self) -> tuple[int, ...]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def carried(self) -> int: ...
    @property
    def debts(self) -> tuple[tuple[int, int, int], ...]: ...
    @property
    def bought(self) -> Sequence[int]: ...
    @property
    def deal_no(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def state(self) -> Any: ...
    @property
    def records(self) -> DealRecords: ...
    @property
    def last_final(self) -> Any: ...
    @property
    def to_act(self) -> int: ...
    @property
    def total(self) -> int: ...
    def legal_actions(self) -> tuple[LegalAction, ...]: ...
    def view(self, seat: int) -> SeatView | None: ...
    def apply_move(self, seat: int, action: Action) -> None: ...
    def apply(self, action: Action) -> None: ...
    def apply_text(self, text: str) -> None: ...
    def chips_on_table(self) -> int: ...
    def current_actions(self) -> tuple[str, ...]: ...


def check_seating(rules: Rules, stacks: Sequence[int], dealer: int | None,
                  rng: random.Random) -> int:
    """Check a new table's seats (rules 2.2, 2.3) and return its first dealer (drawn
    from ``rng`` when ``dealer`` is None and ``first_dealer="random"``).

    >>> from bragkit.rules import get_preset
    >>> check_seating(get_preset("modern"), [10, 10], None, random.Random(1)) in (0, 1)
    True
    >>> check_seating(get_preset("modern").replace(min_buy_in=20), [10, 30, -1], 5,
    ...               random.Random(1))
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: stacks must be >= 0; p1, p3 bring less than min_buy_in=20 ...
    """
    if any(type(s) is not int for s in stacks) or not (dealer is None or type(dealer) is int):
        raise RulesError(f"stacks and the dealer are whole numbers (chips, a seat), not "
                         f"{excerpt(list(stacks))}, {excerpt(dealer)}")
    n = len(stacks)
    problems = []
    if any(s > MAX_CHIPS for s in stacks):
        problems.append(f"a stack is at most {MAX_CHIPS} chips (docs/limits.md)")
    if n < 2:
        problems.append("a table needs at least two seats")
    if n > rules.max_players():
        problems.append(f"{n} seats is too many for {rules.game} with {rules.cards} cards "
                        f"each (at most {rules.max_players()})")
    if any(s < 0 for s in stacks):
        problems.append("stacks must be >= 0")
    short = [f"p{i + 1}" for i, s in enumerate(stacks) if s < rules.min_buy_in]
    if short:
        problems.append(f"{', '.join(short)} bring less than min_buy_in={rules.min_buy_in} "
                        "chips (rules 2.3)")
    if dealer is not None and not 0 <= dealer < n:
        problems.append(f"dealer must be a seat 1..{n}")
    if problems:
        raise RulesError("; ".join(problems))
    if dealer is None:
        dealer = rng.randrange(n) if rules.first_dealer == "random" else 0
    return dealer


class TableCore(ABC, Generic[RulesT]):
    """What every table class shares: seating (:meth:`_check_seating`), the money and the
    packs it starts with, the deal records, and the queries built on them.  Subclasses deal
    and play (``_new_deal``, ``apply_move``, ...).

    It is generic in the rules value it plays (``TableCore`` is ``TableCore[Rules]``): the
    table keeps its rules and hands them to each :class:`DealRecord`, and reads nothing else
    of them but in :meth:`_check_seating`, which a table of another rules type overrides
    (casino's :class:`~bragkit.games.casino.seats.CasinoSeatsSession`, a
    ``TableCore[CasinoRules]``, seats 2..7 players against the house).
    """

    rules: RulesT
    base_rules: RulesT
    state: Any

    def _check_seating(self, rules: RulesT, stacks: Sequence[int], dealer: int | None,
                       rng: random.Random) -> int:
        """Check a new table's seats and return its first dealer: :func:`check_seating`
        for a :class:`~bragkit.rules.Rules` game (a table of another rules value overrides
        this with its own checks)."""
        if not isinstance(rules, Rules):
            raise RulesError(f"{type(self).__name__} plays a Rules value, not {excerpt(rules)}")
        return check_seating(rules, stacks, dealer, rng)

    def view(self, seat: int) -> SeatView | None:
        """``seat``'s view of the deal in progress (None between deals): the state's view;
        a table whose deals play on a machine builds it from there, no state frozen."""
        st = self.state
        if st is None:
            return None
        view: SeatView = st.view(seat)
        return view

    def _seat(self, rules: RulesT, stacks: Sequence[int], dealer: int | None, *,
              seed: int | None, rng: random.Random | None, pack: Sequence[int] | None,
              shuffles: Iterable[Sequence[int]], keep_states: bool,
              keep_records: int | None = KEEP_RECORDS, on_record: OnRecord | None = None
              ) -> None:
        """Check the seats (:meth:`_check_seating`) and set up everything a table starts
        with (no deal yet).

        Chance comes from ``rng``, else ``random.Random(seed)``, else an unpredictable
        ``secrets.SystemRandom()`` (:func:`~bragkit.engine.pack.new_rng`): no default seed.
        """
        self.rng = rng if rng is not None else new_rng(seed)
        dealer = self._check_seating(rules, stacks, dealer, self.rng)
        self.base_rules = rules
        self.rules = rules
        self.n = len(stacks)
        self.seed = seed
        self.first_dealer = dealer
        self.start_stacks = tuple(stacks)
        self.stacks = tuple(stacks)
        self.dealer = dealer
        self.carried = 0
        self.debts: tuple[tuple[int, int, int], ...] = ()
        self.bought = [0] * self.n
        self.given_pack = tuple(pack) if pack is not None else None
        self.shuffles = GivenPacks(shuffles)
        """The given packs not used yet, in order (each is taken from the left)."""
        self.packs_used: list[tuple[int, ...]] = []
        """The packs (top card first) of the kept records and of the deal in progress, oldest
        first: pack number ``packs_dropped + i`` of the table is ``packs_used[i]``.  Packs of
        deals older than the oldest kept record are forgotten with it (a record re-plays its
        deal from its own inputs), so a table that shuffles every deal for days keeps at
        most ``keep_records`` deals' packs; with ``keep_records=None`` it keeps every pack."""
        self.packs_dropped = 0
        """How many of the oldest packs were forgotten (0 while no record was)."""
        self.packs_finished = 0
        """How many packs, counted from the table's first, belong to finished deals (the rest
        are the deal in progress's: a history of a :attr:`secret_chance` table writes only
        the former)."""
        self.deal_no = 0
        self.keep_states = keep_states
        self.records = DealRecords(keep_records)
        """The ``keep_records`` most recent deal records (:class:`DealRecords`)."""
        self._pack_starts: deque[int] = deque(maxlen=self.records.keep)
        """The number of the first pack of each kept record's deal (aligned with records)."""
        self.on_record = on_record
        """Called with each deal's record and final state as the deal ends (or None)."""
        self._last_final: Any = None
        self._final_later: Callable[[], Any] | None = None
        self.choice_pending = False
        self.over = False

    def _given_pack(self, cards: Sequence[int]) -> tuple[int, ...] | None:
        """The next explicit pack (the first deal's ``pack``, then ``shuffles`` in order),
        completed by :meth:`_complete_pack`, checked to hold exactly ``cards`` and recorded in
        :attr:`packs_used`; None when the table's generator must shuffle instead."""
        if self.packs_count == 0 and self.given_pack is not None:
            pack = self.given_pack
        elif self.shuffles:
            pack = self.shuffles.popleft()
        else:
            return None
        pack = self._complete_pack(pack)
        if sorted(pack) != sorted(cards):
            raise BragError("a given pack does not hold exactly the cards of the pack")
        self.packs_used.append(pack)
        return pack

    def _complete_pack(self, pack: tuple[int, ...]) -> tuple[int, ...]:
        """A given pack as the table deals it (itself; a table that is given only the cards
        it deals, such as casino's one seat, fills in the rest of the pack here)."""
        return pack

    def _record(self, final: Any, start: Callable[[], Any], shuffled: bool,
                choice: str | None, *, seats: tuple[int, ...] = (),
                acts: tuple[Action, ...] = (), later: Callable[[], Any] | None = None) -> None:
        """Record the deal that ``final`` ends (its inputs and actions; the state if kept).

        A table that plays on a mutable machine passes ``final=None``, the deal's ``seats``
        and ``acts`` and ``later``, which builds the final state when someone asks for it
        (:attr:`last_final`, ``keep_states``, ``on_record``)."""
        on_record = self.on_record
        if final is None and later is not None and (self.keep_states or on_record is not None):
            final, later = later(), None
        record: DealRecord | None = None
        if final is None:  # nobody reads the record yet: kept as its inputs, built when read
            self.records.add((self.deal_no, self.dealer, self.rules, shuffled, choice, start,
                              seats, acts))
        elif not acts:
            record = DealRecord(self.deal_no, self.dealer, self.rules, shuffled, choice, None,
                                start, final if self.keep_states else None, log=final.actions)
        else:
            record = DealRecord(self.deal_no, self.dealer, self.rules, shuffled, choice, None,
                                start, final if self.keep_states else None, seats=seats,
                                acts=acts)
        if record is not None:
            self.records.append(record)
        self._last_final = final
        self._final_later = later
        first = self.packs_finished  # this deal's first pack
        self.packs_finished = self.packs_dropped + len(self.packs_used)  # packs_count
        if self.records.keep is not None:
            starts = self._pack_starts
            starts.append(first)
            oldest = starts[0] if starts else self.packs_finished
            if oldest > self.packs_dropped:
                self._forget_packs(oldest)
        if on_record is not None:
            assert record is not None
            on_record(record, final)

    def _record_later(self, start: Callable[[], Any], shuffled: bool, choice: str | None,
                      seats: tuple[int, ...], acts: tuple[Action, ...],
                      later: Callable[[], Any]) -> None:
        """``_record(None, start, shuffled, choice, seats=seats, acts=acts, later=later)``
        of a table nobody reads deal by deal (no ``on_record``, no ``keep_states``): the
        record kept as its inputs, the final state built when read (the common case, with
        the pack bookkeeping inline)."""
        self.records.add((self.deal_no, self.dealer, self.rules, shuffled, choice, start,
                          seats, acts))
        self._last_final = None
        self._final_later = later
        first = self.packs_finished  # this deal's first pack
        dropped = self.packs_dropped
        self.packs_finished = count = dropped + len(self.packs_used)  # packs_count
        starts = self._pack_starts
        if self.records.keep is not None:
            starts.append(first)
            if (starts[0] if starts else count) > dropped:
                self._forget_packs(starts[0] if starts else count)

    @property
    def last_final(self) -> Any:
        """The final state of the latest finished deal (None before the first one ends)."""
        later = self._final_later
        if later is not None:
            self._last_final, self._final_later = later(), None
        return self._last_final

    @last_final.setter
    def last_final(self, final: Any) -> None:
        self._last_final, self._final_later = final, None

    def _forget_packs(self, oldest: int) -> None:
        """Forget the packs numbered below ``oldest`` (those of forgotten records)."""
        extra = oldest - self.packs_dropped
        if extra > 0:
            del self.packs_used[:extra]
            self.packs_dropped = oldest

    @property
    def packs_given(self) -> int:
        """How many packs are known to be given (they are used before any is drawn from
        :attr:`rng`): the first deal's, those used and those read ahead."""
        return (self.given_pack is not None) + self.shuffles.taken + len(self.shuffles)

    @property
    def packs_count(self) -> int:
        """How many packs the table has used (shuffles, cuts, reshuffled discards), the
        forgotten ones included: it grows by one at every shuffle, so a consumer that asks
        "was this deal shuffled?" compares it with its last value.

        >>> from bragkit.rules import get_preset
        >>> t = open_table(get_preset("foster"), [99, 99, 99], dealer=0, seed=1,
        ...                keep_records=2)
        >>> for _ in range(5):
        ...     t.apply_text(f"p{t.to_act + 1} ante 2")
        ...     t.apply_text(f"p{t.to_act + 1} fold"); t.apply_text(f"p{t.to_act + 1} fold")
        >>> t.packs_count, len(t.packs_used), t.packs_dropped, t.packs_finished
        (6, 3, 3, 5)
        """
        return self.packs_dropped + len(self.packs_used)

    @property
    def secret_chance(self) -> bool:
        """Whether a pack in use may be secret: one was drawn from an unpredictable
        generator (``SystemRandom``, the default of an unseeded table; given packs are known
        to whoever gave them).  A history of such a table holds only finished deals and their
        packs, so no pack is written before its deal is over."""
        return isinstance(self.rng, random.SystemRandom) and \
            self.packs_count > self.packs_given

    @abstractmethod
    def apply_move(self, seat: int, action: Action) -> None:
        """Apply ``action`` by ``seat`` (each table class plays its own deals)."""

    def apply_text(self, text: str) -> None:
        """Apply one history action string such as ``"p2 bet 4"``."""
        seat, action = parse_move(text)
        self.apply_move(seat, action)

    def chips_on_table(self) -> int:
        """Stacks plus every pot, carried pots included."""
        if self.state is not None:
            chips: int = self.state.chips_in_play()
            return chips
        return sum(self.stacks) + self.carried


TableClass = Callable[..., Table]
"""A table class: ``cls(rules, stacks, dealer=None, *, seed, rng, pack, shuffles,
keep_states, keep_records, on_record)``."""

_TABLES: dict[str, TableClass] = {}
"""Game -> its table class, filled from each GameSpec's ``table`` by the game registry
(:mod:`bragkit.games`), which is loaded on the first look-up."""


def register_table(games: str | Sequence[str], cls: TableClass) -> None:
    """Register ``cls`` as the table class of ``games`` (a game name or several)."""
    for game in (games,) if isinstance(games, str) else games:
        _TABLES[game] = cls


def table_class(game: str) -> TableClass:
    """The table class registered for ``game`` (loading the game registry on first use)."""
    found = _TABLES.get(game)
    if found is None:
        ensure_loaded()
        found = _TABLES.get(game)
    if found is None:
        raise RulesError(f"no table is registered for game {game!r}")
    return found


def open_table(rules: Rules, stacks: Sequence[int], dealer: int | None = None, *,
               seed: int | None = None, rng: random.Random | None = None,
               pack: Sequence[int] | None = None, shuffles: Iterable[Sequence[int]] = (),
               keep_states: bool = False, keep_records: int | None = KEEP_RECORDS,
               on_record: OnRecord | None = None) -> Table:
    """A new table of ``rules.game`` (seats 0-based; ``dealer`` None: per ``first_dealer``).

    Chance is explicit: ``pack`` is the first deal's pack (card ids, top first), ``shuffles``
    the packs of later shuffles, and every other shuffle draws from ``rng`` (or
    ``random.Random(seed)``; with neither, from an unpredictable ``secrets.SystemRandom``:
    there is no default seed).  ``keep_states`` keeps every deal's final state in
    :attr:`Table.records`, which holds the ``keep_records`` most recent deals (None: all);
    ``on_record(record, final_state)`` is called as each deal ends.
    """
    table: Table = table_class(rules.game)(rules, stacks, dealer, seed=seed, rng=rng, pack=pack,
                                           shuffles=shuffles, keep_states=keep_states,
                                           keep_records=keep_records, on_record=on_record)
    return table
