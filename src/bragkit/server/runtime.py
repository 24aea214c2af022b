"""One live table of the card room: the engine table, its seats, its log and its ledger.

A :class:`TableRuntime` owns a bragkit :class:`~bragkit.engine.contract.GameTable` built with
:func:`~bragkit.engine.open_table` from the table's preset and house rules (the public engine
contract only).  Chance comes from ``secrets.SystemRandom``; every pack the table uses is
written to the log as a server-only ``deal`` entry in the same transaction as the action
that made the table use it, before anything about that deal leaves the server.  Every
change is appended (log entries and the ledger transaction of the chips it moved) in ONE
store transaction and acknowledged only once committed; a restarted server rebuilds the
table by replaying its log (:meth:`TableRuntime.recover`): the packs in order, the actions
in order, exactly where it was (docs/server.md, "Crash recovery").

Ledger accounts (each transaction sums to zero): ``seat:<table>:<n>`` holds seat n's stack,
``pot:<table>`` every chip on the table outside the stacks (pots, frozen and carried pots),
``bank`` funds the seats, and ``player:<name>`` is what a person has paid in (negative)
and taken out (positive): a person who takes a seat buys its chips from the bank, and one who
leaves sells them back.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bragkit.bots import get_bot
from bragkit.bots.base import Bot
from bragkit.engine import open_table, parse_action
from bragkit.engine.pack import pack_text
from bragkit.engine.table import Table
from bragkit.errors import BragError, IllegalActionError, excerpt
from bragkit.history import HandHistory
from bragkit.rules import Rules, to_spec
from bragkit.server import projector
from bragkit.server.options import (
    MAX_CIDS,
    TIMEOUT_PREFERENCE,
    Listener,
    Options,
    Pending,
    ServerError,
    build_rules,
    payload_int,
    payload_str,
    timeout_action,
)
from bragkit.server.seats import SeatInfo, seat_label, token_hash
from bragkit.server.store.base import (
    JSON,
    LogEntry,
    NewEntry,
    NewTxn,
    Store,
    StoreError,
    TableRecord,
)

__all__ = ["TIMEOUT_PREFERENCE", "Listener", "Options", "ServerError", "TableRuntime",
           "build_rules", "timeout_action"]


@dataclass
class TableRuntime:
    """A live table (built by :meth:`start` or :meth:`recover`, never directly)."""

    record: TableRecord
    store: Store
    rules: Rules
    table: Table
    options: Options
    seats: list[SeatInfo]
    seq: int = 0
    first_dealer: int = 0
    packs: list[list[int]] = field(default_factory=list)
    pack_deal: list[int] = field(default_factory=list)
    deals: list[list[str]] = field(default_factory=list)
    paused: bool = False
    finished: bool = False
    closed: bool = False
    requests: dict[str, Pending] = field(default_factory=dict)
    cids: OrderedDict[str, int] = field(default_factory=OrderedDict)
    recent: list[dict[str, JSON]] = field(default_factory=list)
    """The latest public log items (chat, seats, host actions) for snapshots."""
    listeners: set[Listener] = field(default_factory=set)
    rng: random.Random = field(default_factory=secrets.SystemRandom)
    bot_rng: random.Random = field(
        default_factory=lambda: random.Random(secrets.randbits(128)))
    """The bots' choices: seeded once from the system's entropy (the deals use
    ``SystemRandom`` directly; a bot's choices need not cost a system call each)."""
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: float | None = None
    """Monotonic time at which the seat to act's timer runs out (None: no timer)."""
    timer_seat: int = -1
    timer_turn: tuple[int, int, int] | None = None
    timer_started: float = 0.0
    on_change: Callable[[TableRuntime], None] | None = None
    _task: asyncio.Task[None] | None = None
    _accounts: list[str] = field(default_factory=list)
    _spec: str | dict[str, JSON] | None = None
    _packs_seen: int = 0

    # ------------------------------------------------------------------ building
    @classmethod
    def start(cls, record: TableRecord, store: Store, options: Options,
              invites: dict[int, str]) -> tuple[TableRuntime, list[NewEntry], list[NewTxn]]:
        """A new table (nothing written yet): the runtime and the first entries and ledger
        transaction, which the caller appends (:meth:`commit_start`)."""
        rules = build_rules(record.preset, record.rules)
        rng = secrets.SystemRandom()
        table: Table = open_table(rules, [record.stack] * record.seats, rng=rng)
        seats = [SeatInfo(bot=record.bots.get(seat_label(s))) for s in range(record.seats)]
        for s, digest in invites.items():
            seats[s].invite_hash = digest
        for seat in seats:
            seat.bank = options.time_bank
        rt = cls(record, store, rules, table, options, seats, rng=rng)
        rt.first_dealer = table.dealer
        create = NewEntry("host", {
            "op": "create", "options": rt.options.to_json(), "dealer": table.dealer,
            "invites": {seat_label(s): d for s, d in invites.items()}})
        entries = [create, *rt._new_packs()]
        buy_in = [("bank", -record.stack * record.seats)]
        buy_in += [(rt.seat_account(s), record.stack) for s in range(record.seats)]
        txns = [NewTxn(tuple(buy_in), "buy-in")] if record.stack else []
        rt._check_finished()
        bought = {rt.seat_account(s): record.stack for s in range(record.seats)}
        bought[rt.pot_account] = 0
        txns += rt._ledger(bought, "hand 1")  # the first deal's antes
        return rt, entries, txns

    @classmethod
    def recover(cls, record: TableRecord, store: Store) -> TableRuntime:
        """Rebuild a table from its stored log, exactly where it was."""
        log = store.log(record.id)
        if not log or log[0].kind != "host" or log[0].payload.get("op") != "create":
            raise StoreError(f"table {record.id}: its log does not start with its creation")
        create = log[0].payload
        options = Options.from_json(create.get("options"), humans=False)
        rules = build_rules(record.preset, record.rules)
        dealer = payload_int(create, "dealer")
        packs = [entry.payload.get("pack") for entry in log if entry.kind == "deal"]
        ids: list[tuple[int, ...]] = []
        for pack in packs:
            if not isinstance(pack, list) or not all(isinstance(c, int) for c in pack):
                raise StoreError(f"table {record.id}: a deal entry holds no pack")
            ids.append(tuple(c for c in pack if isinstance(c, int)))
        rng = secrets.SystemRandom()
        table: Table = open_table(rules, [record.stack] * record.seats, dealer,
                                           rng=rng, pack=ids[0] if ids else None,
                                           shuffles=ids[1:])
        seats = [SeatInfo(bot=record.bots.get(seat_label(s)), bank=options.time_bank)
                 for s in range(record.seats)]
        invites = create.get("invites")
        if isinstance(invites, dict):
            for label, digest in invites.items():
                s = int(label[1:]) - 1
                if 0 <= s < len(seats) and isinstance(digest, str):
                    seats[s].invite_hash = digest
        rt = cls(record, store, rules, table, options, seats, rng=rng)
        rt.first_dealer = dealer
        rt.packs = [list(p) for p in ids]
        rt.pack_deal = [payload_int(e.payload, "deal") for e in log if e.kind == "deal"]
        for entry in log:
            rt._replay(entry)
        rt._packs_seen = table.packs_count
        rt._check_finished()
        if table.packs_count != len(ids):
            raise StoreError(f"table {record.id}: the replay used {table.packs_count} packs, "
                             f"the log holds {len(ids)}")
        return rt

    def _replay(self, entry: LogEntry) -> None:
        """Apply one stored entry to the rebuilt table."""
        self.seq = entry.seq
        payload = entry.payload
        if entry.client_action_id is not None:
            self._remember(entry.client_action_id, entry.seq)
        if entry.kind == "action":
            seat = payload_int(payload, "seat")
            text = payload_str(payload, "action")
            self._note_action(seat, text)
            self.table.apply_move(seat, parse_action(text))
            used = payload.get("bank_used")
            if isinstance(used, int | float) and not isinstance(used, bool):
                self.seats[seat].bank = max(0.0, self.seats[seat].bank - float(used))
        elif entry.kind == "seat":
            self._seat_change(payload)
        elif entry.kind == "host":
            self._host_change(payload)
        elif entry.kind == "close":
            self.closed = True
        if entry.kind in ("chat", "seat", "host", "close"):
            self._keep_recent(entry.seq, entry.kind, payload)

    # ------------------------------------------------------------------ queries
    @property
    def id(self) -> str:
        """The table's id."""
        return self.record.id

    def seat_account(self, seat: int) -> str:
        """The ledger account of a seat's stack."""
        names = self._accounts
        if not names:
            names.extend(f"seat:{self.id}:{s + 1}" for s in range(self.record.seats))
        return names[seat]

    @property
    def pot_account(self) -> str:
        """The ledger account of the chips on the table outside the stacks."""
        return f"pot:{self.id}"

    def player_account(self, name: str) -> str:
        """The ledger account of a person at this table."""
        return f"player:{name}"

    def stacks(self) -> list[int]:
        """Each seat's stack now (between deals once the table is finished)."""
        if self.finished:
            return list(self.table.stacks)
        return projector.current_stacks(self.table)

    def pot(self) -> int:
        """Chips on the table in no stack (carried pots included)."""
        if self.finished:
            return self.table.carried
        return projector.pot_of(self.table)

    def hands_played(self) -> int:
        """Deals finished so far."""
        return self.table.deal_no

    def positions(self) -> dict[str, int]:
        """Every chip on the table by ledger account."""
        out = {self.seat_account(s): chips for s, chips in enumerate(self.stacks())}
        out[self.pot_account] = self.pot()
        return out

    def to_act(self) -> int:
        """The seat to act, or -1 (finished, closed, paused or nobody)."""
        if self.finished or self.closed:
            return -1
        return self.table.to_act

    def summary(self) -> dict[str, JSON]:
        """``GET /api/tables/{id}``: the public state of the table."""
        return {
            "table": self.id, "preset": self.record.preset, "game": self.rules.game,
            "rules": self.rules_spec(),
            "seats": [s.public(i) for i, s in enumerate(self.seats)],
            "hands": self.record.hands, "hands_played": self.hands_played(),
            "stacks": list(self.stacks()), "pot": self.pot(), "finished": self.finished,
            "status": self.status(), "to_act": seat_label(self.to_act())
            if self.to_act() >= 0 else None, "seq": self.seq,
            "timer": self.timer_json(),
        }

    def rules_spec(self) -> str | dict[str, JSON]:
        """The table's rules as a preset name or ``{"preset": ..., keys}`` (computed once)."""
        if self._spec is None:
            spec = to_spec(self.rules)
            if isinstance(spec, str):
                self._spec = spec
            else:
                self._spec = {str(k): v if v is None or isinstance(v, str | int) else str(v)
                              for k, v in spec.items()}
        return self._spec

    def status(self) -> str:
        """``open``, ``paused``, ``finished`` or ``closed``."""
        if self.closed:
            return "closed"
        if self.finished:
            return "finished"
        return "paused" if self.paused else "open"

    def turn(self) -> tuple[int, int, int]:
        """Which decision the table waits for: (deal, actions so far, seat); a chat line or
        a reconnect does not change it (timers are not reset by them)."""
        return (self.table.deal_no, len(self.table.current_actions()), self.to_act())

    def arm_timer(self) -> None:
        """Start the action timer of the seat to act if it is a new decision of a present
        human (stop it when nobody such is to act, or the table is paused)."""
        seat = self.to_act()
        info = self.seats[seat] if seat >= 0 else None
        if info is None or info.kind != "human" or info.sitting_out or self.paused:
            self.deadline = None
            self.timer_seat = -1
            self.timer_turn = None
            return
        turn = self.turn()
        if turn != self.timer_turn:
            self.timer_turn = turn
            self.timer_seat = seat
            self.timer_started = time.monotonic()
            self.deadline = self.timer_started + self.options.timer + info.bank

    def timer_json(self) -> dict[str, JSON] | None:
        """The running action timer (seat and seconds left), or None."""
        if self.deadline is None or self.timer_seat < 0:
            return None
        left = self.deadline - time.monotonic()
        return {"seat": seat_label(self.timer_seat), "seconds": round(max(0.0, left), 1),
                "bank": round(self.seats[self.timer_seat].bank, 1)}

    def history(self) -> HandHistory:
        """The bragkit hand history of the finished deals (their packs included)."""
        done = self.hands_played()
        deals = tuple(tuple(d) for d in self.deals[:done])
        packs = [p for p, d in zip(self.packs, self.pack_deal, strict=True) if d < done]
        return HandHistory(self.rules, to_spec(self.rules), (self.record.stack,) *
                           self.record.seats, self.first_dealer, None,
                           pack_text(packs[0]) if packs else None,
                           tuple(pack_text(p) for p in packs[1:]), deals)

    def history_is_safe(self) -> bool:
        """Whether the packs of the finished deals tell nothing about a deal to come: the
        table is over, or every deal is dealt from a new shuffle."""
        return self.finished or self.closed or \
            self.rules.pack_policy == "shuffle_every_deal"

    # ------------------------------------------------------------------ the log
    def _remember(self, cid: str, seq: int) -> None:
        self.cids[cid] = seq
        while len(self.cids) > MAX_CIDS:
            self.cids.popitem(last=False)

    def _keep_recent(self, seq: int, kind: str, payload: dict[str, JSON]) -> None:
        item = self.public_item(seq, kind, payload)
        if item is not None:
            self.recent.append(item)
            del self.recent[:-100]

    @staticmethod
    def public_item(seq: int, kind: str, payload: dict[str, JSON]) -> dict[str, JSON] | None:
        """The public form of a chat, seat or host entry (None for what stays server-side:
        tokens, invites, packs)."""
        if kind == "chat":
            return {"seq": seq, "kind": "chat", "from": payload.get("from"),
                    "name": payload.get("name"), "text": payload.get("text")}
        if kind in ("seat", "host", "close"):
            op = payload.get("op")
            if op == "create":
                return None
            item: dict[str, JSON] = {"seq": seq, "kind": kind, "op": op}
            for key in ("seat", "name", "bot", "amount", "paused", "reason"):
                if key in payload:
                    item[key] = payload[key]
            return item
        return None

    def _new_packs(self) -> list[NewEntry]:
        """``deal`` entries for the packs the table started using since the last call."""
        count = self.table.packs_count
        fresh = count - self._packs_seen
        if fresh <= 0:
            return []
        used = self.table_packs()[-fresh:]
        self._packs_seen = count
        out = []
        for pack in used:
            self.packs.append(list(pack))
            self.pack_deal.append(self.table.deal_no)
            out.append(NewEntry("deal", {"deal": self.table.deal_no, "pack": list(pack)}))
        return out

    def table_packs(self) -> list[tuple[int, ...]]:
        """The packs the table holds (the engine's record of them)."""
        return self.table.packs_used

    def _note_action(self, seat: int, text: str) -> None:
        deal = self.table.deal_no
        while len(self.deals) <= deal:
            self.deals.append([])
        self.deals[deal].append(f"p{seat + 1} {text}")

    def _ledger(self, before: dict[str, int], memo: str) -> list[NewTxn]:
        after = self.positions()
        entries = [(k, after[k] - before.get(k, 0)) for k in after if after[k] != before.get(k, 0)]
        total = sum(a for _, a in entries)
        if total:
            entries.append(("bank", -total))
        return [NewTxn(tuple(entries), memo)] if entries else []

    def _check_finished(self) -> None:
        limit = self.record.hands
        if self.table.over or (limit is not None and self.table.deal_no >= limit):
            self.finished = True

    async def commit(self, entries: Sequence[NewEntry], txns: Sequence[NewTxn] = ()
                     ) -> list[int]:
        """Append ``entries`` and ``txns`` in one transaction; the seqs once committed."""
        future = self.store.submit(self.id, list(entries), list(txns))
        seqs = await asyncio.wrap_future(future)
        if seqs:
            self.seq = max(self.seq, seqs[-1])
        return seqs

    # ------------------------------------------------------------------ seats
    def _seat_change(self, payload: dict[str, JSON]) -> None:
        op = payload.get("op")
        seat = payload_int(payload, "seat") if "seat" in payload else -1
        if op == "request":
            rid = payload_str(payload, "request")
            self.requests[rid] = Pending(seat, payload_str(payload, "name"),
                                          payload_str(payload, "token"))
        elif op == "deny":
            self.requests.pop(payload_str(payload, "request"), None)
        elif op == "sit":
            info = self.seats[seat]
            info.name = payload_str(payload, "name")
            info.token_hash = payload_str(payload, "token")
            info.bot = None
            info.sitting_out = False
            asked = payload.get("request")
            if isinstance(asked, str):
                self.requests.pop(asked, None)
        elif op in ("leave", "kick"):
            info = self.seats[seat]
            info.name = None
            info.token_hash = None
            info.sitting_out = False
        elif op == "sit_out":
            self.seats[seat].sitting_out = bool(payload.get("out"))
        elif op == "timeout":
            info = self.seats[seat]
            used = payload.get("bank_used")
            if isinstance(used, int | float) and not isinstance(used, bool):
                info.bank = max(0.0, info.bank - float(used))

    def _host_change(self, payload: dict[str, JSON]) -> None:
        op = payload.get("op")
        if op == "pause":
            self.paused = bool(payload.get("paused"))
        elif op == "bot":
            seat = payload_int(payload, "seat")
            bot = payload.get("bot")
            self.seats[seat].bot = bot if isinstance(bot, str) else None
            self.bots.pop(seat, None)
            if isinstance(bot, str):
                self.seats[seat].name = None
                self.seats[seat].token_hash = None

    def seat_of_token(self, token: str | None) -> int | None:
        """The seat bound to a player token, or None."""
        if not token:
            return None
        digest = token_hash(token)
        for s, info in enumerate(self.seats):
            if info.token_hash is not None and secrets.compare_digest(info.token_hash, digest):
                return s
        return None

    def is_host(self, token: str | None) -> bool:
        """Whether ``token`` is the host's secret."""
        return bool(token) and secrets.compare_digest(self.record.host_token_hash,
                                                      token_hash(token or ""))

    def pending_of_token(self, token: str | None) -> str | None:
        """The id of the seat request a player token made, or None."""
        if not token:
            return None
        digest = token_hash(token)
        for rid, req in self.requests.items():
            if secrets.compare_digest(req.token_hash, digest):
                return rid
        return None

    def bot_for(self, seat: int) -> Bot | None:
        """The bot playing ``seat`` (built on first use), or None."""
        kind = self.seats[seat].bot
        if kind is None:
            return None
        bot = self.bots.get(seat)
        if bot is None:
            bot = get_bot(kind, self.table.rules)
            self.bots[seat] = bot
        return bot

    # ------------------------------------------------------------------ playing
    async def act(self, seat: int, text: str, cid: str | None, by: str = "seat"
                  ) -> int:
        """Apply ``text`` (an action such as ``bet 4``) for ``seat``; answer the committed
        seq.  A resent ``cid`` answers the first delivery's seq and changes nothing."""
        async with self.lock:
            return await self.act_locked(seat, text, cid, by)

    async def act_locked(self, seat: int, text: str, cid: str | None, by: str) -> int:
        """:meth:`act` with the table's lock held."""
        if cid is not None and cid in self.cids:
            return self.cids[cid]
        if self.closed or self.finished:
            raise ServerError("finished", "the table has finished: no more actions")
        if self.paused and by == "seat":
            raise ServerError("paused", "the table is paused by the host")
        try:
            action = parse_action(text)
        except BragError as error:
            raise ServerError("malformed", str(error)) from None
        to_act = self.table.to_act
        if to_act != seat:
            who = seat_label(to_act) if to_act >= 0 else "nobody"
            raise ServerError("not_your_turn", f"it is not your turn: {who} is to act")
        legal = self.table.legal_actions()
        if not any(la.allows(action) for la in legal):
            try:  # the engine's own words for the refusal (the state is not changed)
                self.table.state.apply_move(seat, action)
            except BragError as error:
                raise ServerError("illegal", str(error)) from None
            except AttributeError:
                pass
            offer = ", ".join(str(la) for la in legal)
            raise ServerError("illegal", f"{seat_label(seat)} {action}: not on offer "
                                         f"(offered: {offer})")
        before = self.positions()
        deal = self.table.deal_no
        try:
            self.table.apply_move(seat, action)
        except IllegalActionError as error:
            raise ServerError("illegal", str(error)) from None
        while len(self.deals) <= deal:
            self.deals.append([])
        self.deals[deal].append(f"p{seat + 1} {action}")
        payload: dict[str, JSON] = {"seat": seat, "action": str(action), "deal": deal,
                                    "by": by}
        used = self._bank_used(seat) if by == "seat" else 0.0
        if used:
            payload["bank_used"] = used
            self.seats[seat].bank = max(0.0, self.seats[seat].bank - used)
        entries = [NewEntry("action", payload, cid)]
        entries += self._new_packs()
        was = self.finished
        self._check_finished()
        if self.finished and not was:
            entries.append(NewEntry("close", {"op": "finished", "reason": "hands played"
                                              if not self.table.over else "too few stacks"}))
        try:
            txns = self._ledger(before, f"hand {deal + 1}")
            seqs = await self.commit(entries, txns)
        except StoreError:
            await asyncio.to_thread(self.broken)
            raise ServerError("storage", "the action could not be stored, so it was not "
                                         "taken: send it again") from None
        except BaseException:
            await asyncio.shield(asyncio.to_thread(self.broken))
            raise
        if cid is not None:
            self._remember(cid, seqs[0])
        self.seats[seat].timeouts = 0 if by == "seat" else self.seats[seat].timeouts
        if self.finished and not was:
            await asyncio.to_thread(self.store.set_status, self.id, "closed")
            self.closed = True
        self.changed()
        return seqs[0]

    def _bank_used(self, seat: int) -> float:
        """Seconds of the seat's time bank this decision used (past its ``timer``)."""
        if self.timer_seat != seat or self.timer_turn is None:
            return 0.0
        over = time.monotonic() - self.timer_started - self.options.timer
        return round(min(max(0.0, over), self.seats[seat].bank), 2)

    def broken(self) -> None:
        """The store refused a batch after the table moved: rebuild it from the log."""
        fresh = TableRuntime.recover(self.store.table(self.id) or self.record, self.store)
        for old, new in zip(self.seats, fresh.seats, strict=True):
            new.connected = old.connected  # the connections are still there
        for name in ("table", "seats", "seq", "packs", "pack_deal", "deals", "paused",
                     "finished", "closed", "requests", "cids", "recent", "_packs_seen"):
            setattr(self, name, getattr(fresh, name))
        self.bots.clear()

    def changed(self) -> None:
        """Tell the room the table changed (it broadcasts and schedules bots and timers)."""
        if self.on_change is not None:
            self.on_change(self)

    # ------------------------------------------------------------------ people
    async def request_seat(self, invite: str | None, seat: int | None, name: str,
                           token: str) -> tuple[int, str | None]:
        """A guest asks for a seat with an invite (or any free seat the host may give);
        answer the seat and the request id (None: seated at once, no approval needed)."""
        async with self.lock:
            if self.closed or self.finished:
                raise ServerError("finished", "the table has finished")
            chosen = self._free_seat(invite, seat)
            digest = token_hash(token)
            if self.pending_of_token(token) is not None or self.seat_of_token(token) is not None:
                raise ServerError("already", "this player already sits or waits here")
            if not self.options.approval:
                await self._sit(chosen, name, digest, None)
                return chosen, None
            rid = secrets.token_hex(6)
            payload: dict[str, JSON] = {"op": "request", "seat": chosen, "name": name,
                                        "token": digest, "request": rid}
            seqs = await self.commit([NewEntry("seat", payload)])
            self._seat_change(payload)
            self._keep_recent(seqs[0], "seat", payload)
            self.changed()
            return chosen, rid

    def _free_seat(self, invite: str | None, seat: int | None) -> int:
        if invite:
            digest = token_hash(invite)
            for s, info in enumerate(self.seats):
                if info.invite_hash is not None and secrets.compare_digest(info.invite_hash,
                                                                           digest):
                    if info.kind != "empty":
                        raise ServerError("seat_taken", f"{seat_label(s)} is taken")
                    return s
            raise ServerError("bad_invite", "this invite is not valid for this table")
        if seat is not None:
            if not 0 <= seat < len(self.seats):
                raise ServerError("bad_seat", f"there is no seat {seat_label(seat)}")
            if self.seats[seat].kind != "empty":
                raise ServerError("seat_taken", f"{seat_label(seat)} is taken")
            return seat
        for s, info in enumerate(self.seats):
            if info.kind == "empty" and not any(r.seat == s for r in self.requests.values()):
                return s
        raise ServerError("full", "no seat is free at this table")

    async def _sit(self, seat: int, name: str, digest: str, rid: str | None) -> None:
        stack = self.stacks()[seat]
        payload: dict[str, JSON] = {"op": "sit", "seat": seat, "name": name, "token": digest}
        if rid is not None:
            payload["request"] = rid
        txns = [NewTxn(((self.player_account(name), -stack), ("bank", stack)),
                       f"{name} buys in at {seat_label(seat)}")] if stack else []
        seqs = await self.commit([NewEntry("seat", payload)], txns)
        self._seat_change(payload)
        self._keep_recent(seqs[0], "seat", payload)
        self.changed()

    async def approve(self, rid: str, yes: bool) -> None:
        """The host approves (or denies) seat request ``rid``."""
        async with self.lock:
            req = self.requests.get(rid)
            if req is None:
                raise ServerError("no_request", f"there is no seat request {excerpt(rid)}")
            if not yes:
                payload: dict[str, JSON] = {"op": "deny", "request": rid, "seat": req.seat,
                                            "name": req.name}
                seqs = await self.commit([NewEntry("seat", payload)])
                self._seat_change(payload)
                self._keep_recent(seqs[0], "seat", payload)
                self.changed()
                return
            if self.seats[req.seat].kind != "empty":
                raise ServerError("seat_taken", f"{seat_label(req.seat)} is taken")
            await self._sit(req.seat, req.name, req.token_hash, rid)

    async def leave(self, seat: int, op: str = "leave") -> None:
        """The seat's player leaves (or the host kicks him): his stack is sold back to the
        bank and the seat is empty (it waits for someone, or a bot, to sit)."""
        async with self.lock:
            info = self.seats[seat]
            if info.kind != "human" or info.name is None:
                raise ServerError("bad_seat", f"nobody sits at {seat_label(seat)}")
            stack = self.stacks()[seat]
            payload: dict[str, JSON] = {"op": op, "seat": seat, "name": info.name}
            txns = [NewTxn((("bank", -stack), (self.player_account(info.name), stack)),
                           f"{info.name} cashes out")] if stack else []
            seqs = await self.commit([NewEntry("seat", payload)], txns)
            self._seat_change(payload)
            self._keep_recent(seqs[0], "seat", payload)
            self.changed()

    async def sit_out(self, seat: int, out: bool) -> None:
        """The seat sits out (the timer's default plays for it at once) or comes back."""
        async with self.lock:
            payload: dict[str, JSON] = {"op": "sit_out", "seat": seat, "out": out}
            seqs = await self.commit([NewEntry("seat", payload)])
            self._seat_change(payload)
            self._keep_recent(seqs[0], "seat", payload)
            self.changed()

    async def chat(self, seat: int | None, name: str, text: str, cid: str | None) -> int:
        """Post a chat line (stored with the table's log); answer its seq."""
        async with self.lock:
            if cid is not None and cid in self.cids:
                return self.cids[cid]
            payload: dict[str, JSON] = {"from": seat_label(seat) if seat is not None else None,
                                        "name": name, "text": text}
            seqs = await self.commit([NewEntry("chat", payload, cid)])
            if cid is not None:
                self._remember(cid, seqs[0])
            self._keep_recent(seqs[0], "chat", payload)
            self.changed()
            return seqs[0]

    async def host_op(self, op: str, seat: int | None = None, bot: str | None = None,
                      amount: int | None = None) -> None:
        """A host control: ``pause``, ``resume``, ``bot`` (add, or remove with bot None),
        ``top_up`` (a rebuy for the seat, on its turn, where the rules allow rebuys),
        ``close``."""
        if op == "kick":
            if seat is None:
                raise ServerError("bad_seat", "kick needs a seat")
            await self.leave(seat, "kick")
            return
        async with self.lock:
            if op in ("pause", "resume"):
                payload: dict[str, JSON] = {"op": "pause", "paused": op == "pause"}
                seqs = await self.commit([NewEntry("host", payload)])
                self._host_change(payload)
                await asyncio.to_thread(self.store.set_status, self.id,
                                        "paused" if self.paused else "open")
            elif op == "bot":
                if seat is None or not 0 <= seat < len(self.seats):
                    raise ServerError("bad_seat", "bot needs a seat of this table")
                info = self.seats[seat]
                if bot is not None:
                    get_bot(bot, self.table.rules)  # an unknown bot: one-line RulesError
                    if info.kind == "human":
                        raise ServerError("seat_taken", f"{seat_label(seat)} is taken by "
                                                        f"{info.name}: kick first")
                elif info.kind != "bot":
                    raise ServerError("bad_seat", f"no bot plays {seat_label(seat)}")
                payload = {"op": "bot", "seat": seat, "bot": bot}
                seqs = await self.commit([NewEntry("host", payload)])
                self._host_change(payload)
            elif op == "top_up":
                seqs = [await self._top_up(seat, amount)]
                payload = {}
            elif op == "close":
                payload = {"op": "closed", "reason": "closed by the host"}
                before = self.positions()
                self.finished = True
                txns = self._ledger(before, "table closed")
                seqs = await self.commit([NewEntry("close", payload)], txns)
                self.closed = True
                await asyncio.to_thread(self.store.set_status, self.id, "closed")
                self._keep_recent(seqs[0], "close", payload)
                self.changed()
                return
            else:
                raise ServerError("unknown_op", f"unknown host control {excerpt(op)}")
            if payload:
                self._keep_recent(seqs[0], "host", payload)
            self.changed()

    async def _top_up(self, seat: int | None, amount: int | None) -> int:
        if seat is None or not 0 <= seat < len(self.seats) or amount is None:
            raise ServerError("bad_seat", "top_up needs a seat and an amount")
        if self.table.to_act != seat:
            raise ServerError("not_your_turn", f"a top-up is a rebuy on {seat_label(seat)}'s "
                                               "own turn (rules 2.3): wait for it")
        info = self.seats[seat]
        seq = await self.act_locked(seat, f"rebuy {amount}", None, "host")
        if info.name is not None:
            await self.commit([], [NewTxn(((self.player_account(info.name), -amount),
                                           ("bank", amount)), f"{info.name} tops up")])
        return seq

    # ------------------------------------------------------------------ timers and bots
    def default_action(self) -> str | None:
        """The action the timer plays for the seat to act (:data:`TIMEOUT_PREFERENCE`)."""
        return timeout_action(self.table.legal_actions())

    async def timeout(self, seat: int, turn: tuple[int, int, int], bank_used: float) -> None:
        """The seat's timer ran out on decision ``turn``: play its default."""
        async with self.lock:
            if self.turn() != turn or self.to_act() != seat or self.paused:
                return
            text = self.default_action()
            if text is None:
                return
            info = self.seats[seat]
            info.timeouts += 1
            payload: dict[str, JSON] = {"op": "timeout", "seat": seat,
                                        "bank_used": round(bank_used, 2)}
            entries = [NewEntry("seat", payload)]
            if info.kind == "human" and info.timeouts >= self.options.sit_out_after \
                    and not info.sitting_out:
                entries.append(NewEntry("seat", {"op": "sit_out", "seat": seat, "out": True}))
            seqs = await self.commit(entries)
            for entry, s in zip(entries, seqs, strict=True):
                self._seat_change(entry.payload)
                self._keep_recent(s, "seat", entry.payload)
            await self.act_locked(seat, text, None, "timer")

    async def bot_turn(self, seat: int, turn: tuple[int, int, int]) -> None:
        """The bot at ``seat`` acts, if the table still waits for decision ``turn``."""
        async with self.lock:
            if self.turn() != turn or self.to_act() != seat or self.paused:
                return
            bot = self.bot_for(seat)
            state = self.table.state
            legal = self.table.legal_actions()
            if bot is None or not legal:
                return
            if state is None:  # a dealer's choice between deals: any offered variant
                action = legal[0].sample(self.bot_rng)
            else:
                action = bot.act(state.view(seat), legal, self.bot_rng)
            if not any(la.allows(action) for la in legal):
                text = self.default_action() or str(legal[0].examples()[0])
            else:
                text = str(action)
            await self.act_locked(seat, text, None, "bot")

