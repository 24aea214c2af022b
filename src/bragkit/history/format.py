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
from typing import Any

from bragkit.engine.serial import (
    FORMAT,
    chance_dict,
    chance_fields,
    deal_lists,
    dump_object,
    json_object,
)
from bragkit.errors import BragError, HistoryError, excerpt
from bragkit.games import house_game
from bragkit.limits import MAX_CHIPS, MAX_SEATS, check_int, parse_int
from bragkit.rules import DEFAULT_GAME, Rules, resolve, to_spec

__all__ = ["FORMAT", "HandHistory", "dumps", "load", "loads"]

@dataclass(frozen=True, slots=True)
class HandHistory:
    """A parsed hand history (seats 0-based inside, ``p1``... in the file)."""

    rules: Rules
    rules_spec: str | dict[str, Any]
    stacks: tuple[int, ...]
    dealer: int
    seed: int | None
    pack: str | None
    shuffles: tuple[str, ...]
    deals: tuple[tuple[str, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this history."""
        data: dict[str, Any] = {"format": FORMAT, "rules": self.rules_spec,
                                "stacks": list(self.stacks), "dealer": f"p{self.dealer + 1}"}
        data.update(chance_dict(self.seed, self.pack, self.shuffles))
        data["deals"] = [list(d) for d in self.deals]
        return data


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


def from_dict(data: object) -> HandHistory:
    """Validate a decoded JSON object; every problem is reported in one error."""
    if not isinstance(data, dict):
        raise HistoryError("bad history: the file must hold one JSON object")
    problems: list[str] = []
    known = {"format", "rules", "stacks", "dealer", "seed", "pack", "shuffles", "deals",
             "comment", "players"}
    for key in data:
        if key not in known:
            problems.append(f"unknown key {excerpt(key)}")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        problems.append(f'"format" must be {excerpt(FORMAT)}, not {excerpt(fmt)}')
    rules: Rules | None = None
    spec = data.get("rules", DEFAULT_GAME)
    house = house_game(spec)
    if house is not None:  # a game with its own rules value and history reader (casino)
        preset = spec.get("preset") if isinstance(spec, dict) else spec
        raise HistoryError(f"bad history: a {house.name} history (rules {excerpt(preset)}) is "
                           f"read by {house.history.split(':')[0]}.loads_{house.name} (brag "
                           "replay reads both)")
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
    if problems or rules is None:
        raise HistoryError("bad history: " + "; ".join(problems))
    return HandHistory(rules, spec, tuple(stacks), dealer, seed, pack, tuple(shuffles),
                       tuple(tuple(d) for d in deals))


def loads(text: str) -> HandHistory:
    """Parse a history from JSON text."""
    return from_dict(json_object(text))


def load(path: str | Path) -> HandHistory:
    """Read a history file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise HistoryError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise HistoryError(f"bad history: {path} is not UTF-8 text (byte {error.start})") from None
    return loads(text)


def dumps(history: HandHistory) -> str:
    """The history as pretty JSON (one action list per line)."""
    return dump_object(history.to_dict())


def spec_for(rules: Rules) -> str | dict[str, Any]:
    """The rules as a preset name or a ``{"preset": ..., overrides}`` object."""
    return to_spec(rules)
