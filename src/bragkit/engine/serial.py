"""The shared primitives of the ``bragkit-history/1`` format (``docs/history-format.md``):
the chance keys, the deal lists, bounded JSON decoding and the one-deal-per-line writer.

Every history -- a table's (:mod:`bragkit.history.format`) and a casino table's
(:mod:`bragkit.games.casino.table`) -- is read and written with these, so a game package
need not import the history consumers (docs/design/contract.md, C1').

>>> chance_dict(7, None, ())
{'seed': 7}
>>> print(dump_object({"format": FORMAT, "deals": [["p1 fold"]]}), end="")
{
  "format": "bragkit-history/1",
  "deals": [
    ["p1 fold"]
  ]
}
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import IO, Any, Final, TextIO

from bragkit.errors import HistoryError, excerpt
from bragkit.limits import MAX_SEED, check_int, load_json

__all__ = ["FORMAT", "HEAD_KEYS", "AccountWriter", "chance_dict", "chance_fields", "check_head",
           "deal_lists", "dump_object", "history_dict", "json_object"]

FORMAT = "bragkit-history/1"
"""The format tag of every hand history."""
HEAD_KEYS: Final = frozenset({"format", "rules", "stacks", "dealer", "seed", "pack",
                              "shuffles", "deals", "comment", "players", "split"})
"""Every top-level key of a history."""


def check_head(data: dict[str, Any], problems: list[str],
               refused: Mapping[str, str] | None = None) -> None:
    """Check a decoded history's keys and its ``"format"`` (problems appended): unknown keys,
    and the keys a game refuses (``refused``: key -> the problem, such as a house game's
    ``"dealer"``).

    >>> problems: list[str] = []
    >>> check_head({"format": "x", "dealer": 1, "colour": 2}, problems,
    ...            {"dealer": '"dealer": leave it out'})
    >>> print("; ".join(problems))
    "dealer": leave it out; unknown key 'colour'; "format" must be 'bragkit-history/1', not 'x'
    """
    for key in data:
        if refused is not None and key in refused:
            problems.append(refused[key])
        elif key not in HEAD_KEYS:
            problems.append(f"unknown key {excerpt(key)}")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        problems.append(f'"format" must be {excerpt(FORMAT)}, not {excerpt(fmt)}')


def history_dict(rules_spec: object, stacks: Sequence[int], dealer: int | None,
                 seed: int | None, pack: str | None, shuffles: tuple[str, ...],
                 deals: Sequence[Sequence[str]], split: Sequence[int] | None = None
                 ) -> dict[str, Any]:
    """A history's JSON object (``dealer`` None: the house deals, no ``"dealer"`` key;
    ``split``: each seat's share of a pot carried when the table ended, if it was split).

    >>> history_dict("casino", [50], None, 7, None, (), [["p1 ante 5", "p1 fold"]])
    {'format': 'bragkit-history/1', 'rules': 'casino', 'stacks': [50], 'seed': 7, \
'deals': [['p1 ante 5', 'p1 fold']]}
    """
    data: dict[str, Any] = {"format": FORMAT, "rules": rules_spec, "stacks": list(stacks)}
    if dealer is not None:
        data["dealer"] = f"p{dealer + 1}"
    data.update(chance_dict(seed, pack, shuffles))
    if split is not None:
        data["split"] = list(split)
    data["deals"] = [list(d) for d in deals]
    return data


def dump_object(data: dict[str, Any]) -> str:
    """A history object as pretty JSON, one deal's action list per line."""
    data = dict(data)
    deals = data.pop("deals")
    head = json.dumps(data, indent=2)[:-2]
    body = ",\n".join("    " + json.dumps(d) for d in deals)
    return f'{head},\n  "deals": [\n{body}\n  ]\n}}\n' if deals else \
        f'{head},\n  "deals": []\n}}\n'


def chance_dict(seed: int | None, pack: str | None, shuffles: tuple[str, ...]
                ) -> dict[str, Any]:
    """The ``"seed"``, ``"pack"`` and ``"shuffles"`` keys of a history that has them."""
    data: dict[str, Any] = {}
    if seed is not None:
        data["seed"] = seed
    if pack is not None:
        data["pack"] = pack
    if shuffles:
        data["shuffles"] = list(shuffles)
    return data


def chance_fields(data: dict[str, Any], problems: list[str]
                  ) -> tuple[int | None, str | None, list[str]]:
    """Check the chance keys of a decoded history (problems appended; bad values dropped).

    A history without deals needs neither a seed nor a pack (a live game saved before its
    first deal is over: its packs are written once their deals are over)."""
    seed = data.get("seed")
    pack = data.get("pack")
    if seed is None and pack is None and data.get("deals", []) != []:
        problems.append('give "seed" or "pack"')
    if seed is not None:
        try:
            check_int(seed, '"seed"', 0, MAX_SEED, HistoryError)
        except HistoryError as error:
            problems.append(str(error))
            seed = None
    if pack is not None and not isinstance(pack, str):
        problems.append('"pack" must be a text of cards, top card first')
        pack = None
    shuffles = data.get("shuffles", [])
    if not isinstance(shuffles, list) or not all(isinstance(p, str) for p in shuffles):
        problems.append('"shuffles" must be a list of pack texts')
        shuffles = []
    return seed, pack, shuffles


def deal_lists(data: dict[str, Any], problems: list[str], example: str
               ) -> list[list[str]]:
    """Check ``"deals"``: a list of lists of action strings (``[]`` if there are problems)."""
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        problems.append('"deals" must be a list of lists of action strings')
        return []
    for d, deal in enumerate(deals):
        if not isinstance(deal, list):
            problems.append(f'"deals": deal {d + 1} must be a list of action strings, '
                            f"not {excerpt(deal)}")
            continue
        for i, action in enumerate(deal):
            if not isinstance(action, str):
                problems.append(f'"deals": deal {d + 1}, action {i + 1} must be an action '
                                f'string such as "{example}", not {excerpt(action)}')
    return [] if problems else deals


def json_object(text: str) -> Any:
    """Decode a history's JSON text (one clear error if it is not JSON, nests deeper than
    ``limits.MAX_JSON_DEPTH`` or has a numeral over ``limits.MAX_DIGITS`` digits).

    >>> json_object('{"seed": ' + "9" * 5000 + '}')
    Traceback (most recent call last):
    ...
    bragkit.errors.HistoryError: bad history: number too large ('999999999999'... (5000 \
characters); at most 30 digits)
    """
    return load_json(text, "bad history", HistoryError)


class AccountWriter:
    """A replay's account, written deal by deal as each deal ends (``brag replay`` of a
    table's or a casino table's history): as text, each deal's lines go straight to
    ``out``; as JSON, each deal's object goes to ``spool`` until :meth:`close_json` writes
    the whole object around them (``json.dumps(..., indent=2)``'s layout).

    >>> import io
    >>> out, spool = io.StringIO(), io.StringIO()
    >>> w = AccountWriter(out, spool, as_json=True)
    >>> w.deal({"deal": 1}, lambda d: [])
    >>> w.close_json({"stacks": [9, 11]}, {"pot": 0})
    >>> json.loads(out.getvalue()) == {"stacks": [9, 11], "deals": [{"deal": 1}], "pot": 0}
    True
    """

    def __init__(self, out: TextIO, spool: IO[str], as_json: bool) -> None:
        self.out = out
        self.spool = spool
        self.as_json = as_json
        self.count = 0
        """Deals written."""

    def deal(self, deal: dict[str, Any], lines: Callable[[dict[str, Any]], Iterable[str]]
             ) -> None:
        """Write one deal's account: ``deal`` in the JSON, ``lines(deal)`` as text."""
        if self.as_json:
            rows = json.dumps(deal, indent=2).split("\n")
            self.spool.write((",\n" if self.count else "\n")
                             + "\n".join("    " + row for row in rows))
        else:
            self.out.write("".join(line + "\n" for line in lines(deal)))
        self.count += 1

    def close_json(self, head: Mapping[str, Any], tail: Mapping[str, Any]) -> None:
        """Write the JSON object: the ``head`` keys, ``"deals"`` (the spooled deals), then
        the ``tail`` keys."""
        out = self.out
        out.write("{\n")
        for key, value in head.items():
            out.write(f"  {json.dumps(key)}: {_nested(value)},\n")
        if self.count:
            out.write('  "deals": [')
            self.spool.seek(0)
            shutil.copyfileobj(self.spool, out)
            out.write("\n  ]")
        else:
            out.write('  "deals": []')
        for key, value in tail.items():
            out.write(f",\n  {json.dumps(key)}: {_nested(value)}")
        out.write("\n}\n")


def _nested(value: Any) -> str:
    """``value`` as ``json.dumps(..., indent=2)`` writes it one level inside an object."""
    return json.dumps(value, indent=2).replace("\n", "\n  ")
