"""Replay a hand history in bounded memory: read it with a size limit, re-play it deal by
deal and write each deal's account as it ends (what ``brag replay`` runs).

:func:`~bragkit.history.replay.replay` keeps every deal of a history (its summary lists
them all); :func:`replay_to` keeps only the table and the deal in play, so the memory it
needs does not grow with the number of deals -- only the history's text is held, and
:func:`read_history_text` refuses one over :data:`MAX_HISTORY_BYTES` (64 MiB) or a file that
is not a regular file or a pipe (``/dev/zero`` is refused at once, not read).  The history
of a game with its own rules value (casino's) goes to that game's reader
(:class:`~bragkit.games.spec.HistoryReader`, named by its GameSpec), which re-plays it hand
by hand the same way, its ``"deals"`` and ``"shuffles"`` decoded one at a time.

>>> import io
>>> text = ('{"rules": "modern", "stacks": [10, 10], "dealer": "p1", "seed": 1, '
...         '"deals": [["p2 fold"], ["p1 fold"]]}')
>>> out = io.StringIO()
>>> replay_to(out, text)
>>> print(out.getvalue().splitlines()[-1])
Stacks: p1 10, p2 10; chips on the table: 0
>>> out = io.StringIO()
>>> replay_to(out, text, as_json=True)
>>> import json
>>> json.loads(out.getvalue())["stacks"]
[10, 10]
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Final, TextIO

from bragkit.engine.pack import pack_from_text
from bragkit.engine.serial import AccountWriter, json_object
from bragkit.engine.table import DealRecord
from bragkit.errors import BragError, HistoryError, excerpt
from bragkit.games import history_reader, house_game
from bragkit.history.format import HandHistory, loads_table, table_from_dict
from bragkit.history.replay import ReplayResult, open_session, play_deal
from bragkit.history.seat import seat_deal, seat_deal_lines

__all__ = ["MAX_HISTORY_BYTES", "read_history_text", "replay_to"]

MAX_HISTORY_BYTES: Final = 64 * 1024 * 1024
"""The largest history ``brag replay`` reads by default (bytes; ``--max-bytes`` changes it)."""

_WS = re.compile(r"[ \t\n\r]*")
_DECODE = json.JSONDecoder().raw_decode


def read_history_text(path: str | Path, limit: int = MAX_HISTORY_BYTES) -> str:
    """The text of the history file ``path``, read with a bounded read: a file over ``limit``
    bytes, a device or a directory is one :class:`~bragkit.errors.HistoryError`.

    >>> read_history_text("/dev/zero")
    Traceback (most recent call last):
    ...
    bragkit.errors.HistoryError: cannot read /dev/zero: not a regular file (a history is a \
JSON file of at most 67,108,864 bytes)
    """
    shown = excerpt(str(path))[1:-1]
    try:
        with open(path, "rb") as fh:
            mode = os.fstat(fh.fileno()).st_mode
            if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
                raise HistoryError(f"cannot read {shown}: not a regular file (a history is a "
                                   f"JSON file of at most {limit:,} bytes)")
            data = fh.read(limit + 1)
    except OSError as error:
        raise HistoryError(f"cannot read {shown}: {error.strerror or error}") from None
    if len(data) > limit:
        raise HistoryError(f"bad history: {shown} is larger than {limit:,} bytes, the most a "
                           "history may hold (brag replay --max-bytes)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise HistoryError(f"bad history: {shown} is not UTF-8 text (byte {error.start})") \
            from None


def _skip(text: str, i: int) -> int:
    """The index of the first non-whitespace character of ``text`` from ``i``."""
    found = _WS.match(text, i)
    return found.end() if found is not None else i


def _is_deal(value: Any) -> bool:
    return type(value) is list and all(type(a) is str for a in value)


def _array_spans(text: str, arrays: dict[str, Callable[[Any], bool]]
                 ) -> dict[str, tuple[int, int]] | None:
    """Where each top-level array named in ``arrays`` of a history's JSON text starts and
    ends (each element passing its check: every deal a list of strings, ...); None when the
    text is anything else (the ordinary loader then reports its problems in full)."""
    i = _skip(text, 0)
    if text[i:i + 1] != "{":
        return None
    i = _skip(text, i + 1)
    spans: dict[str, tuple[int, int]] = {}
    try:
        while text[i:i + 1] == '"':
            key, i = _DECODE(text, i)
            i = _skip(text, i)
            if text[i:i + 1] != ":":
                return None
            i = _skip(text, i + 1)
            if key in arrays:
                if key in spans or text[i:i + 1] != "[":
                    return None
                end = i
                for value, stop in _deal_values(text, i):
                    if not arrays[key](value):
                        return None
                    end = stop
                spans[key], i = (i, end), end
            else:
                i = _DECODE(text, i)[1]
            i = _skip(text, i)
            if text[i:i + 1] != ",":
                break
            i = _skip(text, i + 1)
    except (ValueError, RecursionError):
        return None
    if text[i:i + 1] != "}" or _skip(text, i + 1) != len(text):
        return None
    return spans


def _deal_values(text: str, start: int) -> Iterator[tuple[Any, int]]:
    """Each value of the JSON array at ``text[start]`` (a ``[``) and the index after it; the
    last one's index is after the closing ``]``."""
    i = _skip(text, start + 1)
    if text[i:i + 1] == "]":
        return
    while True:
        value, i = _DECODE(text, i)
        i = _skip(text, i)
        if text[i:i + 1] == ",":
            yield value, i
            i = _skip(text, i + 1)
        elif text[i:i + 1] == "]":
            yield value, i + 1
            return
        else:
            raise ValueError("a deal list must be followed by ',' or ']'")


def replay_to(out: TextIO, text: str, *, as_json: bool = False, seat: int | None = None
              ) -> None:
    """Re-play the history ``text`` and write its account to ``out`` deal by deal (the text
    of :meth:`ReplayResult.text`, or with ``as_json`` the JSON of
    :meth:`ReplayResult.summary`); ``seat`` (0-based) writes only what that seat was allowed
    to see (:mod:`bragkit.history.seat`).  Memory stays bounded whatever the number of deals.
    A malformed or illegal history raises one HistoryError; ``out`` may then hold a part.
    """
    spans = _array_spans(text, {"deals": _is_deal, "shuffles": _is_text})
    head = None if spans is None else _without(text, spans)
    data = json_object(text if head is None else head)
    house = house_game(data.get("rules")) if isinstance(data, dict) else None
    if house is not None:  # a game with its own rules value (casino): its own reader
        reader = history_reader(house)
        if spans is None or head is None:  # not a plain history: the loader names problems
            reader(out, text, as_json=as_json, seat=seat)
        else:
            reader(out, text, as_json=as_json, head=head, deals=_lazy(text, spans, "deals"),
                   packs=_lazy(text, spans, "shuffles"), seat=seat)
        return
    packs: Iterator[str] | None = None
    if spans is None:  # not a plain history: the ordinary loader names every problem
        header = loads_table(text)
        deals: Iterator[Any] = iter(header.deals)
    else:
        header = table_from_dict(data)
        deals = iter(header.deals)
        if "deals" in spans:
            deals = (deal for deal, _ in _deal_values(text, spans["deals"][0]))
        if "shuffles" in spans:
            _check_packs(header, text, spans["shuffles"][0])
            packs = (pack for pack, _ in _deal_values(text, spans["shuffles"][0]))
    if seat is not None and not 0 <= seat < len(header.stacks):
        raise HistoryError(f"--as p{seat + 1}: the history has seats p1..p{len(header.stacks)}")
    with tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8") as spool:
        _Writer(out, spool, header, as_json, seat, packs).run(deals)


def _check_packs(header: HandHistory, text: str, start: int) -> None:
    """Check the history's pack and each of its ``"shuffles"`` (the array at ``start``)
    one at a time, as :func:`~bragkit.history.replay.open_session` checks them all."""
    try:
        if header.pack is not None:
            pack_from_text(header.pack, header.rules)
        for pack, _ in _deal_values(text, start):
            pack_from_text(pack, header.rules, partial=True)
    except BragError as error:
        raise HistoryError(f"bad history: {error}") from None


def _is_text(value: Any) -> bool:
    return type(value) is str


def _without(text: str, spans: dict[str, tuple[int, int]]) -> str:
    """``text`` with the arrays at ``spans`` emptied (a non-empty ``"deals"`` becomes
    ``[[]]``, so the loader still sees that the history has deals)."""
    parts: list[str] = []
    i = 0
    for key, (start, end) in sorted(spans.items(), key=lambda item: item[1]):
        empty = key != "deals" or text[_skip(text, start + 1)] == "]"
        parts += [text[i:start], "[]" if empty else "[[]]"]
        i = end
    parts.append(text[i:])
    return "".join(parts)


def _lazy(text: str, spans: dict[str, tuple[int, int]], key: str
          ) -> Callable[[], Iterator[object]] | None:
    """A new iterator over the values of the array ``key`` of ``text`` each time it is
    called, decoded one at a time (None when the history has no such array)."""
    if key not in spans:
        return None
    start = spans[key][0]

    def values() -> Iterator[object]:
        return (value for value, _ in _deal_values(text, start))

    return values


class _Writer:
    """Re-plays a history's deals and writes each deal's account as it ends."""

    def __init__(self, out: TextIO, spool: IO[str], header: HandHistory, as_json: bool,
                 seat: int | None, packs: Iterator[str] | None = None) -> None:
        self.account = AccountWriter(out, spool, as_json)
        """Where each deal's account goes (``out``; JSON: ``spool``, until the end)."""
        self.seat = seat
        self.early: list[tuple[DealRecord | None, Any]] = []
        """Deals settled while the table was being opened (no decision in them)."""
        self.ready = False
        self.table = open_session(header, keep_states=False, keep_records=0,
                                  on_record=self.finished, more_shuffles=packs)
        self.result = ReplayResult(header, self.table)
        self.ready = True
        for record, final in self.early:
            self.finished(record, final)
        self.early.clear()

    def finished(self, record: DealRecord | None, final: Any) -> None:
        """Write the account of one deal (``record`` None: the unfinished last one)."""
        if not self.ready:  # settled as the table opened: written once it is open
            self.early.append((record, final))
            return
        if self.seat is None:
            deal = self.result.deal_summary(record, final)
        else:
            number = record.number if record is not None else self.table.deal_no
            variant = record.choice if record is not None else None
            deal = seat_deal(final, self.seat, number, variant)
        self.account.deal(deal, ReplayResult.deal_lines if self.seat is None
                          else seat_deal_lines)

    def run(self, deals: Iterator[Any]) -> None:
        """Play every deal, then write the unfinished one and the totals."""
        last: int | None = None
        for d, actions in enumerate(deals):
            if last is not None and self.table.deal_no == last:
                raise HistoryError(f"deal {d} is not finished but deal {d + 1} follows")
            last = d
            play_deal(self.table, d, actions)
        state = self.table.state
        if state is not None and state.actions:
            self.finished(None, state)
        totals = self.result.totals()
        if not self.account.as_json:
            self.account.out.write(ReplayResult.footer(totals) + "\n")
            return
        rules = self.result.history.rules_spec
        if self.seat is not None:
            head: dict[str, Any] = {"rules": rules, "seat": f"p{self.seat + 1}", **totals}
        else:
            head = {"rules": rules, "stacks": totals["stacks"],
                    "stacks_by_seat": totals["stacks_by_seat"], "pot": totals["pot"]}
        self.account.close_json(head, {k: v for k, v in totals.items() if k not in head})
