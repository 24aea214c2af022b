"""The bragkit hand-history format (JSON): load, validate, dump.

A history is one JSON object (documented in ``docs/history-format.md``)::

    {
      "format": "bragkit-history/1",
      "rules": "modern",                      # or {"preset": "modern", "ante": 2, ...}
      "stacks": [100, 100, 100],
      "dealer": "p1",                         # the dealing seat of the first deal (or 1)
      "seed": 7,                              # or "pack": "As Kd ... " (top card first)
                                              # and "shuffles": the later packs, in order
      "deals": [["p2 look", "p2 bet 4", "p3 fold", "p1 fold"], ["p3 bet 1", ...]]
    }

>>> h = loads('{"rules": "modern", "stacks": [10, 10], "dealer": "p2", "seed": 1, '
...           '"deals": [["p1 fold"]]}')
>>> h.dealer, h.seed, h.deals
(1, 1, (('p1 fold',),))
>>> loads('{"rules": "modern", "stacks": [10], "dealer": 1, "deals": [["p1 fold"]]}')
Traceback (most recent call last):
...
bragkit.errors.HistoryError: bad history: "stacks" needs at least two seats; give "seed" or "pack"
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic, TypeGuard, TypeVar

from bragkit.engine.serial import (
    FORMAT,
    chance_fields,
    check_head,
    deal_lists,
    dump_object,
    history_dict,
    json_object,
)
from bragkit.errors import BragError, HistoryError, excerpt
from bragkit.games import OwnRules, history_loader, house_game
from bragkit.limits import MAX_CHIPS, MAX_SEATS, check_int, parse_int
from bragkit.rules import DEFAULT_GAME, Rules, resolve, to_spec

__all__ = ["FORMAT", "HOUSE", "AnyHistory", "HandHistory", "dumps", "from_dict", "is_table_history",
           "load", "loads", "loads_table", "table_from_dict"]

if TYPE_CHECKING:  # PEP 696 default (typing_extensions' stubs), as engine.contract's R_co
    from typing_extensions import TypeVar as _DefaultTypeVar

    R = _DefaultTypeVar("R", default="Rules")
else:
    R = TypeVar("R")
"""A history's rules value: :class:`~bragkit.rules.Rules` (the default), or the own value of a
game that has one (:class:`~bragkit.games.OwnRules`, casino's)."""

HOUSE: Final = -1
"""The ``dealer`` of a house game's history: the house deals every hand, no seat does."""


@dataclass(frozen=True, slots=True)
class HandHistory(Generic[R]):
    """A parsed hand history (seats 0-based inside, ``p1``... in the file); ``HandHistory``
    alone is a table game's, on :class:`~bragkit.rules.Rules`."""

    rules: R
    rules_spec: str | dict[str, Any]
    stacks: tuple[int, ...]
    dealer: int
    """The first deal's dealer (:data:`HOUSE`: the house deals, no ``"dealer"`` key)."""
    seed: int | None
    pack: str | None
    shuffles: tuple[str, ...]
    deals: tuple[tuple[str, ...], ...]
    split: tuple[int, ...] | None = None
    """Each seat's share of a pot still carried after the last deal, split among the seats
    when the table ended (a card-room table's ``carried_at_end``); None: nothing was split."""

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this history."""
        return history_dict(self.rules_spec, self.stacks,
                            None if self.dealer == HOUSE else self.dealer, self.seed,
                            self.pack, self.shuffles, self.deals, self.split)


AnyHistory = HandHistory[Rules] | HandHistory[OwnRules]
"""A history of any game: a table game's, or one of a game with its own rules value."""


def is_table_history(history: AnyHistory) -> TypeGuard[HandHistory[Rules]]:
    """Whether ``history`` is a table game's (its rules a :class:`~bragkit.rules.Rules`).

    >>> is_table_history(loads('{"rules": "modern", "stacks": [5, 5]}'))
    True
    """
    return isinstance(history.rules, Rules)


def _seat(value: object, n: int, problems: list[str]) -> int:
    try:
        if isinstance(value, str) and value[:1] in "pP":
            seat = parse_int(value[1:], '"dealer"', 1, MAX_SEATS, HistoryError)
        else:
            seat = check_int(value, '"dealer"', 1, MAX_SEATS, HistoryError)
    except HistoryError:
        problems.append(f'"dealer" must be a seat like "p1", not {excerpt(value)}')
        return 0
    if not 1 <= seat <= max(n, 1):
        problems.append(f'"dealer" p{seat} is not a seat (1..{n})')
        return 0
    return seat - 1


def from_dict(data: object) -> AnyHistory:
    """Validate a decoded JSON object; every problem is reported in one error.  The history
    of a game with its own rules value (its ``"rules"`` names one of its presets) is parsed
    by the loader its spec declares (``GameSpec.history_loader``), its dealer :data:`HOUSE`.

    >>> h = from_dict({"rules": "three-card-poker", "stacks": [50], "seed": 2,
    ...                "deals": [["p1 ante 5", "p1 fold"]]})
    >>> h.rules.game, h.stacks, h.dealer, is_table_history(h), h.to_dict()["stacks"]
    ('casino', (50,), -1, False, [50])
    """
    if isinstance(data, dict):
        house = house_game(data.get("rules", DEFAULT_GAME))
        if house is not None:  # a game with its own rules value: its declared loader
            own = history_loader(house)(data)
            return HandHistory(own.rules, own.rules_spec, own.stacks, HOUSE, own.seed,
                               own.pack, own.shuffles, own.deals)
    return table_from_dict(data)


def table_from_dict(data: object) -> HandHistory:
    """:func:`from_dict` of a table game's history (a game with its own rules value is one
    HistoryError naming the reader its spec declares: ``brag replay`` reads both)."""
    if not isinstance(data, dict):
        raise HistoryError("bad history: the file must hold one JSON object")
    problems: list[str] = []
    check_head(data, problems)
    rules: Rules | None = None
    spec = data.get("rules", DEFAULT_GAME)
    house = house_game(spec)
    if house is not None:  # a game with its own rules value and history reader (casino)
        preset = spec.get("preset") if isinstance(spec, dict) else spec
        raise HistoryError(f"bad history: a {house.name} history (rules {excerpt(preset)}) is "
                           f"not a table history: bragkit.history.loads or "
                           f"{house.history.split(':')[0]} read it (brag replay reads both)")
    try:
        rules = resolve(spec)
    except BragError as error:
        problems.append(f'"rules": {error}')
    stacks = data.get("stacks")
    if (not isinstance(stacks, list) or
            not all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in stacks)):
        problems.append('"stacks" must be a list of whole numbers >= 0')
        stacks = []
    elif len(stacks) < 2:
        problems.append('"stacks" needs at least two seats')
    elif len(stacks) > MAX_SEATS:
        problems.append(f'"stacks": at most {MAX_SEATS} seats, not {len(stacks)}')
        stacks = []
    elif max(stacks) > MAX_CHIPS:
        problems.append(f'"stacks": number too large (a stack is at most {MAX_CHIPS} chips)')
        stacks = []
    dealer = _seat(data.get("dealer", 1), len(stacks), problems)
    seed, pack, shuffles = chance_fields(data, problems)
    deals = deal_lists(data, problems, "p1 bet 2")
    split = _split(data.get("split"), len(stacks), problems)
    if problems or rules is None:
        raise HistoryError("bad history: " + "; ".join(problems))
    return HandHistory(rules, spec, tuple(stacks), dealer, seed, pack, tuple(shuffles),
                       tuple(tuple(d) for d in deals), split)


def _split(value: object, n: int, problems: list[str]) -> tuple[int, ...] | None:
    """The ``"split"`` of a history (None if absent): one share per seat, whole chips.

    >>> problems: list[str] = []
    >>> _split([3, 2], 2, problems), _split(None, 2, problems), problems
    ((3, 2), None, [])
    >>> _split([1], 2, problems), problems
    (None, ['"split" must be a list of one whole number >= 0 per seat (2)'])
    """
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != n
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_CHIPS
                       for s in value)):
        problems.append(f'"split" must be a list of one whole number >= 0 per seat ({n})')
        return None
    return tuple(value)


def loads(text: str) -> AnyHistory:
    """Parse a history from JSON text (any game's, :func:`from_dict`)."""
    return from_dict(json_object(text))


def loads_table(text: str) -> HandHistory:
    """Parse a table game's history from JSON text (:func:`table_from_dict`)."""
    return table_from_dict(json_object(text))


def load(path: str | Path) -> AnyHistory:
    """Read a history file (any game's)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise HistoryError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise HistoryError(f"bad history: {path} is not UTF-8 text (byte {error.start})") from None
    return loads(text)


def dumps(history: AnyHistory) -> str:
    """The history as pretty JSON (one action list per line)."""
    return dump_object(history.to_dict())


def spec_for(rules: Rules) -> str | dict[str, Any]:
    """The rules as a preset name or a ``{"preset": ..., overrides}`` object."""
    return to_spec(rules)
