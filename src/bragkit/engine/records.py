"""Deal records: what a table keeps of each finished deal (:class:`DealRecord`), and the
bounded list of the most recent ones (:class:`DealRecords`).

They live apart from :mod:`bragkit.engine.table` so that the contract
(:mod:`bragkit.engine.contract`) can name them without importing the table module, which
imports the contract's :class:`~bragkit.engine.contract.SeatView` (no import cycle).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, overload

from bragkit.engine.actions import Action, parse_move
from bragkit.engine.slots import slot_setter
from bragkit.errors import RulesError, excerpt

__all__ = ["KEEP_RECORDS", "DealRecord", "DealRecords", "Log", "OnRecord", "RecordInputs"]

KEEP_RECORDS: Final = 1000
"""How many of its most recent deal records a table keeps by default (``keep_records``)."""


Log = tuple[tuple[int, Action], ...]
"""A deal's action log: (seat, action) pairs, in order."""


class DealRecord:
    """One finished deal of a table: how it started and what was played.

    ``start`` rebuilds the deal's first state (it holds the inputs, not the state); ``moves``
    is the action log as history strings (``"p2 bet 4"``), formatted on first read from the
    (seat, action) log the table hands over (``log``, or its ``seats`` and ``acts``: two
    tuples cost the garbage collector less than a pair per action; a table that plays for
    speed never formats the strings of deals nobody reads).  ``kept`` is the final state
    when the table keeps states.  Records are immutable.

    >>> from bragkit.engine.actions import interned
    >>> r = DealRecord(0, 1, None, False, None, None, tuple, log=((1, interned("fold")),))
    >>> r.moves, r.actions, r.log[0][0]
    (('p2 fold',), ('p2 fold',), 1)
    >>> r.number = 3
    Traceback (most recent call last):
    ...
    AttributeError: a DealRecord is immutable
    """

    __slots__ = ("_acts", "_moves", "_seats", "choice", "dealer", "kept", "number", "rules",
                 "shuffled", "start")

    number: int
    dealer: int
    rules: object
    """The deal's rules value: a :class:`~bragkit.rules.Rules` (a house game's own value)."""
    shuffled: bool
    choice: str | None
    start: Callable[[], Any]
    kept: Any
    _moves: tuple[str, ...] | None
    _seats: tuple[int, ...]
    _acts: tuple[Action, ...]

    def __init__(self, number: int, dealer: int, rules: object, shuffled: bool,
                 choice: str | None, moves: tuple[str, ...] | None, start: Callable[[], Any],
                 kept: Any = None, *, log: Log | None = None,
                 seats: tuple[int, ...] = (), acts: tuple[Action, ...] = ()) -> None:
        if log is not None:
            seats = tuple([s for s, _ in log])
            acts = tuple([a for _, a in log])
        elif moves is None and not acts:
            moves = ()
        _SET_NUMBER(self, number)
        _SET_DEALER(self, dealer)
        _SET_RULES(self, rules)
        _SET_SHUFFLED(self, shuffled)
        _SET_CHOICE(self, choice)
        _SET_MOVES(self, moves)
        _SET_START(self, start)
        _SET_KEPT(self, kept)
        _SET_SEATS(self, seats)
        _SET_ACTS(self, acts)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a DealRecord is immutable")

    def __repr__(self) -> str:
        return (f"DealRecord(number={self.number}, dealer={self.dealer}, "
                f"shuffled={self.shuffled}, choice={self.choice!r}, moves={self.moves!r})")

    @staticmethod
    def log_of(state: Any) -> tuple[str, ...]:
        """The action strings of a deal state's action log."""
        return tuple([f"p{s + 1} {a}" for s, a in state.actions])

    @property
    def moves(self) -> tuple[str, ...]:
        """The deal's action strings (without a dealer's choice)."""
        moves = self._moves
        if moves is None:
            moves = tuple([f"p{s + 1} {a}" for s, a in zip(self._seats, self._acts,
                                                             strict=True)])
            _SET_MOVES(self, moves)
        return moves

    @property
    def log(self) -> Log:
        """The deal's action log as (seat, action) pairs (parsed from :attr:`moves` if the
        record was built from strings)."""
        if self._moves is None or self._acts:
            return tuple(zip(self._seats, self._acts, strict=True))
        return tuple(parse_move(text) for text in self._moves)

    @property
    def actions(self) -> tuple[str, ...]:
        """The deal's action strings (a dealer's choice first)."""
        if self.choice is not None:
            return (f"p{self.dealer + 1} choose {self.choice}", *self.moves)
        return self.moves

    @property
    def first(self) -> Any:
        """The deal's first state (after the antes and the deal)."""
        if self.kept is not None:
            return self.kept.first()
        return self.start()

    @property
    def final(self) -> Any:
        """The deal's final state (kept, or re-played from :attr:`first` and :attr:`log`)."""
        if self.kept is not None:
            return self.kept
        state = self.start()
        for seat, action in self.log:
            state = state.apply_move(seat, action)
        return state


_SET_NUMBER: Final = slot_setter(DealRecord, "number")
_SET_DEALER: Final = slot_setter(DealRecord, "dealer")
_SET_RULES: Final = slot_setter(DealRecord, "rules")
_SET_SHUFFLED: Final = slot_setter(DealRecord, "shuffled")
_SET_CHOICE: Final = slot_setter(DealRecord, "choice")
_SET_MOVES: Final = slot_setter(DealRecord, "_moves")
_SET_START: Final = slot_setter(DealRecord, "start")
_SET_KEPT: Final = slot_setter(DealRecord, "kept")
_SET_SEATS: Final = slot_setter(DealRecord, "_seats")
_SET_ACTS: Final = slot_setter(DealRecord, "_acts")


OnRecord = Callable[["DealRecord", Any], None]
"""A callback a table calls as each deal ends: ``on_record(record, final_state)``."""

RecordInputs = tuple[int, int, object, bool, "str | None", Callable[[], Any], tuple[int, ...],
                     tuple[Action, ...]]
"""What a :class:`DealRecord` of a deal played on a machine is built from, in order: its
number, dealer, rules, shuffled, choice, start, seats and acts (:meth:`DealRecords.add`)."""


def _built(item: DealRecord | RecordInputs) -> DealRecord:
    """The record of a kept item (built from its inputs if need be)."""
    if isinstance(item, DealRecord):
        return item
    number, dealer, rules, shuffled, choice, start, seats, acts = item
    return DealRecord(number, dealer, rules, shuffled, choice, None, start, seats=seats,
                      acts=acts)


class DealRecords(Sequence[DealRecord]):
    """The most recent deal records of a table, oldest first, at most ``keep`` of them
    (``None``: all).  :attr:`dropped` counts the older ones forgotten.

    >>> r = DealRecords(2)
    >>> for k in range(5):
    ...     r.append(DealRecord(k, 0, None, False, None, (), tuple))
    >>> [x.number for x in r], r.dropped, r[-1].number, [x.number for x in r[:1]]
    ([3, 4], 3, 4, [3])
    """

    __slots__ = ("_items", "dropped", "keep")

    def __init__(self, keep: int | None = KEEP_RECORDS) -> None:
        if keep is not None and (type(keep) is not int or keep < 0):
            raise RulesError("keep_records must be a whole number >= 0 or None, not "
                             f"{excerpt(keep)}")
        self.keep = keep
        self._items: deque[DealRecord | RecordInputs] = deque(maxlen=keep)
        """The kept records, oldest first; a deal nobody read yet as its inputs (a table that
        plays for speed builds no record of a deal nobody reads: :meth:`add`)."""
        self.dropped = 0
        """How many older records were forgotten (the first kept one is deal ``dropped``)."""

    def append(self, record: DealRecord) -> None:
        """Add the newest record, forgetting the oldest one beyond ``keep``."""
        if self.keep is not None and len(self._items) == self.keep:
            self.dropped += 1
        self._items.append(record)

    def add(self, inputs: RecordInputs) -> None:
        """Add the newest record as its inputs (:data:`RecordInputs`): the record is built,
        once, when first read.

        >>> r = DealRecords(2)
        >>> r.add((0, 1, None, False, None, tuple, (1,), (Action("fold"),)))
        >>> r[0].moves, r[0] is r[-1], list(r) == [r[0]]
        (('p2 fold',), True, True)
        """
        items = self._items
        if self.keep is not None and len(items) == self.keep:
            self.dropped += 1
        items.append(inputs)

    def _all(self) -> deque[DealRecord | RecordInputs]:
        """The kept items, every one built into its record."""
        items = self._items
        for i, item in enumerate(items):
            if type(item) is not DealRecord:
                items[i] = _built(item)
        return items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[DealRecord]:
        return iter(list(map(_built, self._all())))

    @overload
    def __getitem__(self, index: int) -> DealRecord: ...
    @overload
    def __getitem__(self, index: slice) -> list[DealRecord]: ...

    def __getitem__(self, index: int | slice) -> DealRecord | list[DealRecord]:
        if isinstance(index, slice):
            return list(map(_built, self._all()))[index]
        items = self._items
        item = items[index]
        if type(item) is DealRecord:
            return item
        record = items[index] = _built(item)
        return record

    def __repr__(self) -> str:
        return f"DealRecords(keep={self.keep}, kept={len(self)}, dropped={self.dropped})"
