"""The card room: every live table of one server process, its bots, timers and broadcasts.

A :class:`Room` creates tables (validating preset, house rules and bots), resumes the tables
stored as open when it starts (claiming each one for this process: with PostgreSQL several
processes share the tables, each table owned by one of them), runs one driver task per table
(bots act, timers run out) and sends every change to each connection watching the table,
each frame built by :mod:`bragkit.server.projector` for that connection's seat or as the
public view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bragkit.errors import BragError, RulesError, excerpt
from bragkit.limits import MAX_CHIPS
from bragkit.server import projector
from bragkit.server.options import max_seats, table_bot
from bragkit.server.runtime import Options, ServerError, TableRuntime, build_rules
from bragkit.server.seats import new_token, seat_label, token_hash
from bragkit.server.store.base import JSON, Store, TableRecord

__all__ = ["PROTOCOL", "Room", "Watcher", "encode"]

PROTOCOL = 1
"""The protocol version (docs/protocol.md); every ``welcome`` frame carries it."""

log = logging.getLogger("bragkit.server")


@dataclass(eq=False)
class Watcher:
    """One connection watching a table: its seat (None: spectator or waiting guest),
    whether it holds the host's secret, the chat it muted, and its outgoing queue."""

    seat: int | None = None
    host: bool = False
    name: str = ""
    token: str | None = None
    muted: set[str] = field(default_factory=set)
    last_seq: int = 0
    queue: asyncio.Queue[dict[str, JSON] | str | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=256))
    """Frames to send: objects, or text already encoded (:meth:`Room.broadcast`)."""
    overflowed: bool = False

    def deliver(self, frame: dict[str, JSON] | str) -> None:
        """Queue a frame; a client too slow to read 256 frames is dropped."""
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.overflowed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)


def _int_field(body: Mapping[str, object], key: str, default: int | None, lo: int,
               hi: int) -> int | None:
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise RulesError(f'"{key}" must be a whole number {lo}..{hi}, not {excerpt(value)}')
    return value


class Room:
    """Every table of this process (see the module docstring)."""

    def __init__(self, store: Store, *, base_url: str = "http://127.0.0.1:8000",
                 owner: str | None = None) -> None:
        self.store = store
        self.base_url = base_url.rstrip("/")
        self.owner = owner or f"brag-serve-{secrets.token_hex(6)}"
        self.tables: dict[str, TableRuntime] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.wakes: dict[str, asyncio.Event] = {}
        self.closed: dict[str, TableRuntime] = {}
        """Closed tables read back from the store (their history, ledger), the latest 256."""
        self.ready = False

    # ------------------------------------------------------------------ life cycle
    async def start(self) -> None:
        """Resume every open table this process can claim (log replay)."""
        records = await asyncio.to_thread(self.store.open_tables)
        for record in records:
            if not await asyncio.to_thread(self.store.claim, record.id, self.owner):
                continue
            try:
                rt = await self._recover(record)
            except Exception:  # one broken table must not stop the room
                log.exception("table %s cannot be resumed", record.id)
                await asyncio.to_thread(self.store.release, record.id, self.owner)
                continue
            self._adopt(rt)
        self.ready = True

    async def stop(self) -> None:
        """Stop the drivers and give up this process's claims."""
        pending = set(self.drivers.values())
        for _ in range(20):  # a cancel lost in a race (Python 3.11's wait_for) is sent again
            if not pending:
                break
            for task in pending:
                task.cancel()
            _, pending = await asyncio.wait(pending, timeout=0.5)
        for task in pending:
            log.error("table driver %s did not stop", task.get_name())
        for table_id in list(self.tables):
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.store.release, table_id, self.owner)
        self.drivers.clear()

    def _adopt(self, rt: TableRuntime) -> None:
        rt.on_change = self._changed
        self.tables[rt.id] = rt
        self.wakes[rt.id] = asyncio.Event()
        self.drivers[rt.id] = asyncio.create_task(self._drive(rt), name=f"table-{rt.id}")

    async def _recover(self, record: TableRecord) -> TableRuntime:
        """Rebuild a stored table: its log is read in a thread and replayed here, on the
        event loop's thread, where every live table's engine runs (the engine is never run
        on two threads at once: its caches are shared by every table)."""
        entries = await asyncio.to_thread(self.store.log, record.id)
        return TableRuntime.recover(record, self.store, entries)

    async def get(self, table_id: str) -> TableRuntime:
        """The live table ``table_id`` (resumed from the store if this process may own it).
        Before the room has resumed its tables every request answers ``starting`` (503)."""
        rt = self.tables.get(table_id)
        if rt is not None:
            return rt
        if not self.ready:
            raise ServerError("starting", "the server is resuming its tables: try again in "
                                          "a moment")
        record = await asyncio.to_thread(self.store.table, table_id)
        if record is None:
            raise ServerError("no_table", f"there is no table {excerpt(table_id)}")
        if record.status == "closed":
            done = self.closed.get(table_id)
            if done is None:
                done = await self._closed_table(record)
            return done
        if not await asyncio.to_thread(self.store.claim, table_id, self.owner):
            raise ServerError("elsewhere", f"table {table_id} is played by another server")
        rt = self.tables.get(table_id)  # adopted meanwhile
        if rt is not None:
            return rt
        try:
            rt = await self._recover(record)
        except BragError as error:
            log.exception("table %s cannot be resumed", table_id)
            raise ServerError("broken", f"table {table_id} cannot be resumed from its log: "
                                        f"{error}") from None
        again = self.tables.get(table_id)  # another request resumed it while the log was read
        if again is not None:
            return again
        self._adopt(rt)
        return rt

    async def _closed_table(self, record: TableRecord) -> TableRuntime:
        """A closed table read back from the store (kept with the latest 256)."""
        try:
            done = await self._recover(record)
        except BragError as error:
            log.exception("closed table %s cannot be read back", record.id)
            raise ServerError("broken", f"table {record.id} cannot be read from its log: "
                                        f"{error}") from None
        done.closed = True
        done.finished = True
        again = self.closed.get(record.id)
        if again is not None:
            return again
        if len(self.closed) >= 256:
            self.closed.pop(next(iter(self.closed)))
        self.closed[record.id] = done
        return done

    # ------------------------------------------------------------------ creating
    async def create(self, body: object) -> dict[str, JSON]:
        """``POST /api/tables``: a new table (every problem one :class:`RulesError` line)."""
        if not self.ready:
            raise ServerError("starting", "the server is resuming its tables: try again in "
                                          "a moment")
        if not isinstance(body, dict):
            raise RulesError("the request body must be a JSON object")
        known = {"preset", "rules", "seats", "stack", "bots", "hands", "options"}
        unknown = sorted(str(k) for k in body if k not in known)
        if unknown:
            raise RulesError(f"unknown field {excerpt(unknown[0])}; known: "
                             f"{', '.join(sorted(known))}")
        rules = build_rules(body.get("preset", "modern"), body.get("rules"))
        seats = _int_field(body, "seats", 4, 2, max_seats(rules))
        stack = _int_field(body, "stack", 100, 0, MAX_CHIPS)
        hands = _int_field(body, "hands", None, 1, 1_000_000)
        assert seats is not None and stack is not None
        bots = body.get("bots") or {}
        if not isinstance(bots, dict):
            raise RulesError(f'"bots" must map seats ("p2") to bot names, not {excerpt(bots)}')
        clean: dict[str, str] = {}
        for label, kind in bots.items():
            if not (isinstance(label, str) and label[:1] == "p" and label[1:].isdecimal()
                    and 1 <= int(label[1:]) <= seats):
                raise RulesError(f'"bots": {excerpt(label)} is not a seat p1..p{seats}')
            if not isinstance(kind, str):
                raise RulesError(f'"bots": {label} needs a bot name, not {excerpt(kind)}')
            table_bot(kind, rules)  # unknown bot: one line naming the known ones
            clean[label] = kind
        humans = seats - len(clean)
        options = Options.from_json(body.get("options"), humans=humans > 0)
        preset = body.get("preset", "modern")
        assert isinstance(preset, str)
        house = body.get("rules") or {}
        assert isinstance(house, dict)
        host = new_token()
        table_id = secrets.token_urlsafe(9)
        record = TableRecord(table_id, preset, dict(house), seats, stack, clean, hands,
                             token_hash(host), time.time(), "open")
        invites = {s: new_token() for s in range(seats) if seat_label(s) not in clean}
        rt, entries, txns = TableRuntime.start(record, self.store, options,
                                               {s: token_hash(t) for s, t in invites.items()})
        # claim first: another process scanning open_tables() between the two writes could
        # otherwise take the new table, and both would run it
        if not await asyncio.to_thread(self.store.claim, table_id, self.owner):
            raise ServerError("elsewhere", f"table {table_id} is played by another server")
        await asyncio.to_thread(self.store.create_table, record)
        await rt.commit(entries, txns)
        if rt.finished:
            await asyncio.to_thread(self.store.set_status, table_id, "closed")
            rt.closed = True
        self._adopt(rt)
        self._changed(rt)
        return {
            "table": table_id, "host_token": host,
            "host_link": f"{self.base_url}/table/{table_id}?token={host}",
            "seats": {seat_label(s): f"{self.base_url}/table/{table_id}?invite={t}"
                      for s, t in invites.items()},
            "invites": {seat_label(s): t for s, t in invites.items()},
            "ws": f"{self.base_url.replace('http', 'ws', 1)}/ws/tables/{table_id}",
        }

    # ------------------------------------------------------------------ broadcasting
    def _changed(self, rt: TableRuntime) -> None:
        """A change was committed: arm the timer of the new turn, send every watcher its
        frame (before the change's ``ack`` goes out), wake the driver."""
        rt.arm_timer()
        self.broadcast(rt)
        wake = self.wakes.get(rt.id)
        if wake is not None:
            wake.set()

    def meta(self, rt: TableRuntime) -> dict[str, JSON]:
        """The public facts about a table that every frame carries."""
        out = rt.summary()
        out["requests"] = len(rt.requests)
        out["spectators"] = sum(1 for w in rt.listeners if getattr(w, "seat", None) is None)
        return out

    @staticmethod
    def view_for(rt: TableRuntime, seat: int | None) -> dict[str, JSON]:
        """The view of ``seat`` (None: the public view), built by the projector; a seat's
        view also says what its player may top up (:meth:`TableRuntime.top_up_offer`)."""
        done = rt.finished or rt.closed
        if rt.engine is None:  # waiting for its seats: no deal yet
            view = projector.no_deal(seat)
        elif seat is not None:
            view = projector.seat_view(rt.engine, seat, done, rt.room_legal)
        else:
            return projector.public_view(rt.engine, done)
        if seat is not None:
            view["top_up"] = rt.top_up_offer(seat)
        return view

    @staticmethod
    def _news(rt: TableRuntime, w: Watcher) -> tuple[list[JSON], list[JSON] | None]:
        """The public log items ``w`` has not had (its muted chat left out) and, for the
        host, the seat requests; the watcher has had them once this returns."""
        fresh = 0  # the items newer than what the watcher has had, from the end
        for item in reversed(rt.recent):
            if _seq(item) <= w.last_seq:
                break
            fresh += 1
        items: list[JSON] = [dict(i) for i in rt.recent[len(rt.recent) - fresh:]
                             if not (i.get("kind") == "chat" and _muted(i, w.muted))]
        requests: list[JSON] | None = [
            {"request": rid, "seat": seat_label(r.seat), "name": r.name}
            for rid, r in rt.requests.items()] if w.host else None
        w.last_seq = rt.seq
        return items, requests

    def frame_for(self, rt: TableRuntime, w: Watcher, kind: str = "update") -> dict[str, JSON]:
        """The frame for one watcher: the table's public facts, the view of the watcher's
        seat (or the public view), and the public log items it has not had yet."""
        frame: dict[str, JSON] = {"t": kind, "seq": rt.seq, "table": self.meta(rt),
                                  "view": self.view_for(rt, w.seat)}
        frame["log"], requests = self._news(rt, w)
        if requests is not None:
            frame["requests"] = requests
            frame["top_ups"] = self.top_ups(rt)
        return frame

    @staticmethod
    def top_ups(rt: TableRuntime) -> list[JSON]:
        """For the host: what a ``top_up`` may add to each seat (a list by seat, each
        :meth:`TableRuntime.top_up_offer`: null where none may be sent), so the host's
        page offers each seat's top-up within the server's limits."""
        return [rt.top_up_offer(s) for s in range(len(rt.seats))]

    def broadcast(self, rt: TableRuntime) -> None:
        """Send the new state of ``rt`` to everyone watching it: each view built once per
        seat and the table's facts once, each encoded once for all the connections that
        get it (the frame of :meth:`frame_for`, as text)."""
        if not rt.listeners:  # a table nobody watches (bots only): no frame to build
            return
        views: dict[int | None, str] = {}
        head = f'{{"t":"update","seq":{rt.seq},"table":{encode(self.meta(rt))},"view":'
        top_ups: str | None = None   # the host's, encoded once
        for w in list(rt.listeners):
            if isinstance(w, Watcher):
                view = views.get(w.seat)
                if view is None:
                    view = views[w.seat] = encode(self.view_for(rt, w.seat))
                items, requests = self._news(rt, w)
                tail = ""
                if requests is not None:
                    if top_ups is None:
                        top_ups = encode(self.top_ups(rt))
                    tail = f',"requests":{encode(requests)},"top_ups":{top_ups}'
                w.deliver(f'{head}{view},"log":{encode(items)}{tail}}}')

    # ------------------------------------------------------------------ the driver
    async def _drive(self, rt: TableRuntime) -> None:
        """Bots act and timers run out, one table at a time (its lock orders everything)."""
        wake = self.wakes[rt.id]
        me = asyncio.current_task()
        while not rt.closed:
            if me is not None and me.cancelling():
                # Python 3.11's wait_for can return a result and drop a cancel that came
                # at the same instant (the wake and room.stop together): honour it here
                raise asyncio.CancelledError
            wake.clear()
            seat = rt.to_act()
            turn = rt.turn()
            info = rt.seats[seat] if seat >= 0 else None
            if info is None or rt.paused or info.kind == "empty":
                await wake.wait()
                continue
            try:
                if info.kind == "bot":
                    await asyncio.sleep(rt.options.bot_wait(rt.bot_rng))
                    await rt.bot_turn(seat, turn)
                    continue
                if info.sitting_out:
                    await rt.timeout(seat, turn, 0.0)
                    continue
                rt.arm_timer()
                deadline = rt.deadline
                if deadline is None:
                    await wake.wait()
                    continue
                try:
                    await asyncio.wait_for(wake.wait(), timeout=max(0.0, deadline -
                                                                     time.monotonic()))
                except TimeoutError:
                    if rt.turn() == turn:
                        total = rt.options.timer + info.bank
                        used = max(0.0, total - rt.options.timer)
                        await rt.timeout(seat, turn, min(used, info.bank))
            except asyncio.CancelledError:
                raise
            except Exception:  # a store failure: the runtime rebuilt itself; go on
                log.exception("table %s: driver step failed", rt.id)
                await asyncio.sleep(0.5)


def encode(frame: JSON) -> str:
    """A frame as the text sent (compact JSON).

    >>> encode({"t": "ack", "seq": 3})
    '{"t":"ack","seq":3}'
    """
    return json.dumps(frame, separators=(",", ":"))


def _seq(item: Mapping[str, Any]) -> int:
    value = item.get("seq")
    return value if isinstance(value, int) else 0


def _muted(item: Mapping[str, Any], muted: set[str]) -> bool:
    return bool(muted) and (item.get("from") in muted or item.get("name") in muted)
