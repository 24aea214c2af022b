"""What the people and turns modules need of a card-room table: :class:`TableHandle`, the
part of :class:`~bragkit.server.runtime.TableRuntime` they use, as a protocol (so that
``people``, ``turns`` and ``seat_ops`` do not import ``runtime``, which imports them: no
import cycle).

mypy checks that a ``TableRuntime`` is one wherever it is handed to them; its fields:

>>> from bragkit.server.runtime import TableRuntime
>>> [name for name in TableHandle.__annotations__ if name not in TableRuntime.__dataclass_fields__]
[]
"""

from __future__ import annotations

import asyncio
import random
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol

from bragkit.bots.base import Bot
from bragkit.engine.actions import LegalAction
from bragkit.engine.table import Table
from bragkit.server.options import Options, Pending, TableRules
from bragkit.server.seats import SeatInfo
from bragkit.server.store.base import NewEntry, NewTxn, TableRecord

__all__ = ["TableHandle"]


class TableHandle(Protocol):
    """A live card-room table, as the seat, host-control, bot and timer code sees it."""

    record: TableRecord
    rules: TableRules
    engine: Table | None
    options: Options
    seats: list[SeatInfo]
    paused: bool
    finished: bool
    closed: bool
    requests: dict[str, Pending]
    cids: OrderedDict[str, int]
    bot_rng: random.Random
    bots: dict[int, Bot]
    lock: asyncio.Lock

    @property
    def table(self) -> Table:
        """The engine's table (raises while the table waits for its seats)."""

    def seat_account(self, seat: int) -> str:
        """The ledger account of a seat's stack."""

    def player_account(self, name: str) -> str:
        """The ledger account of a person at this table."""

    def stacks(self, settled: bool = True) -> list[int]:
        """Each seat's stack now."""

    def to_act(self) -> int:
        """The seat to act, or -1."""

    def turn(self) -> tuple[int, int, int]:
        """Which decision the table waits for: (deal, actions so far, seat)."""

    def remember(self, cid: str, seq: int) -> None:
        """Remember the seq of a client action id."""

    def seat_of_token(self, token: str | None) -> int | None:
        """The seat bound to a player token, or None."""

    def pending_of_token(self, token: str | None) -> str | None:
        """The id of the seat request a player token made, or None."""

    def bot_for(self, seat: int) -> Bot | None:
        """The bot playing ``seat``, or None."""

    def default_action(self) -> str | None:
        """The action the timer plays for the seat to act."""

    def room_legal(self, seat: int, legal: tuple[LegalAction, ...]) -> tuple[LegalAction, ...]:
        """``legal`` narrowed to what this table offers ``seat`` (its buy-in limit)."""

    async def change(self, entries: list[NewEntry], txns: Sequence[NewTxn] = (), *,
                     final: bool = False) -> list[int]:
        """Apply and commit a change of the seats, the host's controls or the chat."""

    async def act_locked(self, seat: int, text: str, cid: str | None, by: str) -> int:
        """Play ``text`` for ``seat`` (lock held); the action's seq."""

    async def save_status(self) -> None:
        """Store the table's status."""

    async def close_locked(self) -> None:
        """Close the table (lock held)."""
