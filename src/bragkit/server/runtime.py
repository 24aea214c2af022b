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

A table deals its first deal only once every seat is taken (docs/server.md, "Seats"); a
pot carried when it ends is played on or split (:mod:`bragkit.server.carried`).

Ledger accounts (each transaction sums to zero): ``seat:<table>:<n>`` holds seat n's stack,
``pot:<table>`` every chip on the table outside the stacks (pots, frozen and carried pots),
``bank`` funds the bots' seats and holds the seats nobody sits at, and ``player:<name>`` is
what a person has paid in (negative) and taken out (positive): a person buys in with chips
of his choice before the first deal (:mod:`bragkit.server.people`), or buys an empty seat's
stack from the bank later, and sells it back when he leaves.  At a table played against the
house (casino 3 Card Brag: :class:`~.options.HouseRules`) ``house:<table>`` is the
counterparty of every bet: what the seats win it pays, what they lose it takes.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bragkit.bots.base import Bot
from bragkit.engine import parse_action
from bragkit.engine.actions import LegalAction
from bragkit.engine.pack import pack_text
from bragkit.engine.table import Table
from bragkit.errors import BragError, IllegalActionError
from bragkit.history import AnyHistory, HandHistory, is_table_history, seat_history
from bragkit.rules import Rules, to_spec
from bragkit.server import house, people, projector, seat_ops, turns
from bragkit.server.carried import split_carried
from bragkit.server.options import (
    MAX_CIDS,
    TIMEOUT_PREFERENCE,
    Listener,
    Options,
    Pending,
    ServerError,
    TableRules,
    bot_kinds,
    build_rules,
    payload_int,
    payload_str,
    table_bot,
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
    """A live table (built by :meth:`start` or :meth:`recover`, never directly).

    Before its first deal (``engine`` None) the table waits until every seat is taken, by
    a person or a bot: no card is dealt and no timer runs (docs/server.md, "Seats")."""

    record: TableRecord
    store: Store
    rules: TableRules
    """The table's rules: a table game's, or a game's against the house (its own value)."""
    engine: Table | None
    """The engine's table; None while the table waits for its seats."""
    options: Options
    seats: list[SeatInfo]
    seq: int = 0
    first_dealer: int = 0
    start_stacks: tuple[int, ...] = ()
    """The stacks the first deal was dealt from (the seats' buy-ins)."""
    packs: list[list[int]] = field(default_factory=list)
    pack_deal: list[int] = field(default_factory=list)
    deals: list[list[str]] = field(default_factory=list)
    paused: bool = False
    finished: bool = False
    closed: bool = False
    shares: list[int] | None = None
    """Each seat's share of the pot carried when the table ended (None: nothing carried)."""
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
    _given: list[tuple[int, ...]] = field(default_factory=list)
    """The logged packs a recovering table deals from (empty for a live table)."""

    # ------------------------------------------------------------------ building
    @classmethod
    def start(cls, record: TableRecord, store: Store, options: Options,
              invites: dict[int, str]) -> tuple[TableRuntime, list[NewEntry], list[NewTxn]]:
        """A new table (nothing written yet): the runtime and the first entries and ledger
        transactions, which the caller appends.  The bank funds the bots' seats; the table
        deals at once if every seat is a bot, else once every seat is taken."""
        rules = build_rules(record.preset, record.rules)
        lo, hi = options.buy_in_bounds(record.stack)
        rng = secrets.SystemRandom()
        for chips in {lo, hi, record.stack}:  # every buy-in allowed must be seatable
            house.check_seats(rules, [chips] * record.seats, rng)
        seats = [SeatInfo(bot=record.bots.get(seat_label(s)), bank=options.time_bank)
                 for s in range(record.seats)]
        for s, digest in invites.items():
            seats[s].invite_hash = digest
        rt = cls(record, store, rules, None, options, seats, rng=rng)
        create = NewEntry("host", {
            "op": "create", "options": rt.options.to_json(),
            "invites": {seat_label(s): d for s, d in invites.items()}})
        fund = [(rt.seat_account(s), record.stack) for s, info in enumerate(seats) if info.bot]
        for info in seats:
            info.chips = record.stack if info.bot else 0
        txns = [NewTxn((("bank", -record.stack * len(fund)), *fund), "the bank funds the bots")
                ] if fund and record.stack else []
        entries, more = rt._start_if_ready()
        return rt, [create, *entries], txns + more

    @classmethod
    def recover(cls, record: TableRecord, store: Store,
                log: Sequence[LogEntry] | None = None) -> TableRuntime:
        """Rebuild a table from its stored log (``log``: already read), exactly where it
        was."""
        if log is None:
            log = store.log(record.id)
        if not log or log[0].kind != "host" or log[0].payload.get("op") != "create":
            raise StoreError(f"table {record.id}: its log does not start with its creation")
        create = log[0].payload
        options = Options.from_json(create.get("options"), humans=False)
        rules = build_rules(record.preset, record.rules)
        ids: list[tuple[int, ...]] = []
        for entry in log:
            pack = entry.payload.get("pack") if entry.kind == "deal" else None
            if entry.kind == "deal" and (not isinstance(pack, list) or
                                         not all(isinstance(c, int) for c in pack)):
                raise StoreError(f"table {record.id}: a deal entry holds no pack")
            if isinstance(pack, list):
                ids.append(tuple(c for c in pack if isinstance(c, int)))
        seats = [SeatInfo(bot=record.bots.get(seat_label(s)), bank=options.time_bank,
                          chips=record.stack if record.bots.get(seat_label(s)) else 0)
                 for s in range(record.seats)]
        invites = create.get("invites")
        if isinstance(invites, dict):
            for label, digest in invites.items():
                s = int(label[1:]) - 1
                if 0 <= s < len(seats) and isinstance(digest, str):
                    seats[s].invite_hash = digest
        rt = cls(record, store, rules, None, options, seats, rng=secrets.SystemRandom())
        rt._given = ids
        rt.packs = [list(p) for p in ids]
        rt.pack_deal = [payload_int(e.payload, "deal") for e in log if e.kind == "deal"]
        if "dealer" in create:  # a table of an earlier version: dealt at its creation
            rt._open(payload_int(create, "dealer"), [record.stack] * record.seats)
        for entry in log:
            rt._replay(entry)
        rt._given = []
        rt._check_finished()
        count = rt.engine.packs_count if rt.engine is not None else 0
        if count != len(ids):
            raise StoreError(f"table {record.id}: the replay used {count} packs, "
                             f"the log holds {len(ids)}")
        return rt

    def _open(self, dealer: int | None, stacks: list[int]) -> None:
        """Open the engine's table: the first deal is dealt (from the logged packs when
        recovering, else from ``secrets.SystemRandom``)."""
        given = self._given
        self.engine = house.open_engine(self.rules, stacks, dealer, self.rng,
                                        given[0] if given else None, given[1:])
        self.first_dealer = self.engine.dealer
        self.start_stacks = tuple(stacks)
        self._packs_seen = 0 if not given else self.engine.packs_count

    def _start_if_ready(self) -> tuple[list[NewEntry], list[NewTxn]]:
        """Deal the first deal if the table waits and every seat is taken: the entries
        (``start``, the pack) and the antes' ledger transaction, to commit with the change
        that took the last seat."""
        if self.engine is not None or self.closed or \
                any(info.kind == "empty" for info in self.seats):
            return [], []
        before = self.positions()
        stacks = [info.chips for info in self.seats]
        self._open(None, stacks)
        entries = [NewEntry("host", {"op": "start", "dealer": self.first_dealer,
                                     "stacks": list(stacks)}), *self._new_packs()]
        txns = self._ledger(before, "hand 1")  # the first deal's antes
        was = self.finished
        self._check_finished()
        if self.finished and not was:
            entries.append(NewEntry("close", {"op": "finished", "reason": "too few stacks"
                                              + self._split_note()}))
            txns += self._settle_txns()
        return entries, txns

    def _replay(self, entry: LogEntry) -> None:
        """Apply one stored entry to the rebuilt table."""
        self.seq = entry.seq
        payload = entry.payload
        if entry.client_action_id is not None:
            self.remember(entry.client_action_id, entry.seq)
        if entry.kind == "action":
            seat = payload_int(payload, "seat")
            text = payload_str(payload, "action")
            self._note_action(seat, text)
            self.table.apply_move(seat, parse_action(text))
            self._packs_seen = self.table.packs_count
            used = payload.get("bank_used")
            if isinstance(used, int | float) and not isinstance(used, bool):
                self.seats[seat].bank = max(0.0, self.seats[seat].bank - float(used))
        elif entry.kind == "seat":
            self._seat_change(payload)
        elif entry.kind == "host":
            self._host_change(payload)
        elif entry.kind == "close":  # finished as the live table was: a host's close voids
            self.closed = self.finished = True  # the deal in progress, splits a carried pot
            self._settle()
        if entry.kind in ("chat", "seat", "host", "close"):
            self._keep_recent(entry.seq, entry.kind, payload)

    # ------------------------------------------------------------------ queries
    @property
    def table(self) -> Table:
        """The engine's table (a table waiting for its seats has none yet)."""
        if self.engine is None:
            raise ServerError("waiting", "the table waits for its seats: no deal yet")
        return self.engine

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
    def house(self) -> bool:
        """Whether the table is played against the house (``house_account``: every bet's)."""
        return not isinstance(self.rules, Rules)

    @property
    def house_account(self) -> str:
        """The house's ledger account (a table played against it)."""
        return f"house:{self.id}"

    @property
    def pot_account(self) -> str:
        """The ledger account of the chips on the table outside the stacks."""
        return f"pot:{self.id}"

    def player_account(self, name: str) -> str:
        """The ledger account of a person at this table."""
        return f"player:{name}"

    def stacks(self, settled: bool = True) -> list[int]:
        """Each seat's stack now (between deals once the table is finished, a carried pot's
        shares included unless ``settled`` is false; the buy-ins before the first deal)."""
        table = self.engine
        if table is None:
            return [info.chips for info in self.seats]
        if self.finished:
            if settled and self.shares is not None:
                return [a + b for a, b in zip(table.stacks, self.shares, strict=True)]
            return list(table.stacks)
        return projector.current_stacks(table)

    def pot(self, settled: bool = True) -> int:
        """Chips on the table in no stack (carried pots included)."""
        table = self.engine
        if table is None:
            return 0
        if self.finished:
            return 0 if settled and self.shares is not None else table.carried
        return projector.pot_of(table)

    def hands_played(self) -> int:
        """Deals finished so far."""
        return self.engine.deal_no if self.engine is not None else 0

    def positions(self, settled: bool = True) -> dict[str, int]:
        """Every chip on the table by ledger account."""
        out = {self.seat_account(s): chips for s, chips in enumerate(self.stacks(settled))}
        out[self.pot_account] = self.pot(settled)
        return out

    def to_act(self) -> int:
        """The seat to act, or -1 (waiting, finished, closed or nobody)."""
        if self.finished or self.closed or self.engine is None:
            return -1
        return self.engine.to_act

    def playing_on(self) -> bool:
        """Whether the table plays past its ``hands`` to win a carried pot."""
        limit = self.record.hands
        return not self.finished and self.engine is not None and limit is not None and \
            self.engine.deal_no >= limit

    def summary(self) -> dict[str, JSON]:
        """``GET /api/tables/{id}``: the public state of the table (a house game's: its bots)."""
        lo, hi = self.options.buy_in_bounds(self.record.stack)
        return {**({"bot_kinds": list(bot_kinds(self.rules.game))} if self.house else {}),
            "table": self.id, "preset": self.record.preset, "game": self.rules.game,
            "rules": self.rules_spec(),
            "seats": [s.public(i) for i, s in enumerate(self.seats)],
            "hands": self.record.hands, "hands_played": self.hands_played(),
            "stacks": list(self.stacks()), "pot": self.pot(), "finished": self.finished,
            "status": self.status(), "to_act": seat_label(self.to_act())
            if self.to_act() >= 0 else None, "seq": self.seq,
            "timer": self.timer_json(), "buy_in": {"min": lo, "max": hi},
            "playing_on": self.playing_on(),
        }

    def top_up_offer(self, seat: int) -> dict[str, JSON] | None:
        """What the player of ``seat`` may top up (:func:`.seat_ops.top_up_offer`)."""
        return seat_ops.top_up_offer(self, seat)

    def room_legal(self, seat: int, legal: tuple[LegalAction, ...]) -> tuple[LegalAction, ...]:
        """``legal`` as this table offers it to ``seat`` (:func:`.seat_ops.room_legal`)."""
        return seat_ops.room_legal(self, seat, legal)

    def rules_spec(self) -> str | dict[str, JSON]:
        """The table's rules as a preset name or ``{"preset": ..., keys}`` (computed once)."""
        if self._spec is None:
            if not isinstance(self.rules, Rules):  # a house game: its preset and house rules
                self._spec = house.rules_spec(self.record.preset, self.record.rules)
                return self._spec
            spec = to_spec(self.rules)
            if isinstance(spec, str):
                self._spec = spec
            else:
                self._spec = {str(k): v if v is None or isinstance(v, str | int) else str(v)
                              for k, v in spec.items()}
        return self._spec

    def status(self) -> str:
        """``waiting``, ``open``, ``paused``, ``finished`` or ``closed``."""
        if self.closed:
            return "closed"
        if self.finished:
            return "finished"
        if self.paused:
            return "paused"
        return "waiting" if self.engine is None else "open"

    def turn(self) -> tuple[int, int, int]:
        """Which decision the table waits for: (deal, actions so far, seat); a chat line or
        a reconnect does not change it (timers are not reset by them)."""
        if self.engine is None:
            return (0, 0, -1)
        return (self.engine.deal_no, len(self.engine.current_actions()), self.to_act())

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

    def history(self) -> AnyHistory:
        """The bragkit hand history of the finished deals (their packs included; a carried pot
        split as the table ended is its ``"split"``, so that it replays to the final stacks);
        a house game's is in its own history format, read back by its spec's loader."""
        done = self.hands_played()
        deals = tuple(tuple(d) for d in self.deals[:done])
        packs = [p for p, d in zip(self.packs, self.pack_deal, strict=True) if d < done]
        stacks = self.start_stacks or tuple(self.stacks())
        rules = self.rules
        if not isinstance(rules, Rules):
            return house.house_history(self.rules_spec(), stacks, packs, deals)
        return HandHistory(rules, to_spec(rules), stacks, self.first_dealer, None,
                           pack_text(packs[0]) if packs else None,
                           tuple(pack_text(p) for p in packs[1:]), deals,
                           tuple(self.shares) if self.shares is not None else None)

    def seat_history(self, seat: int) -> dict[str, JSON]:
        """The finished deals as ``seat`` saw them (a house game's: .house.seat_account)."""
        history = self.history()
        return seat_history(history, seat) if is_table_history(history) else \
            house.seat_account(history, seat)

    def history_is_safe(self) -> bool:
        """Whether the packs of the finished deals tell nothing about a deal to come: the
        table is over, or every deal is dealt from a new shuffle."""
        return self.finished or self.closed or not isinstance(self.rules, Rules) or \
            self.rules.pack_policy == "shuffle_every_deal"  # a house game: a pack a hand

    # ------------------------------------------------------------------ the log
    def remember(self, cid: str, seq: int) -> None:
        """Remember the seq of client action id ``cid`` (the latest :data:`MAX_CIDS`)."""
        self.cids[cid] = seq
        while len(self.cids) > MAX_CIDS:
            self.cids.popitem(last=False)

    def _keep_recent(self, seq: int, kind: str, payload: dict[str, JSON]) -> None:
        item = self.public_item(seq, kind, payload)
        if item is not None:
            self.recent.append(item)
            del self.recent[:-100]

    public_item = staticmethod(projector.public_item)
    """The public form of a chat, seat or host entry (:func:`.projector.public_item`)."""

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

    def _ledger(self, before: dict[str, int], memo: str, *, settled: bool = True,
                payer: str = "bank") -> list[NewTxn]:
        """The transaction moving the chips from ``before`` to now (``settled``: a carried
        pot's shares counted); chips that came to the table (a rebuy) are paid by ``payer``."""
        after = self.positions(settled)
        entries = [(k, after[k] - before.get(k, 0)) for k in after if after[k] != before.get(k, 0)]
        total = sum(a for _, a in entries)
        if total:
            entries.append((payer, -total))
        return [NewTxn(tuple(entries), memo)] if entries else []

    def _check_finished(self) -> None:
        """Whether the table has finished: the engine's table is over, or its ``hands``
        are played and no pot carries (``play_on``: at most ``play_on_deals`` more)."""
        table = self.engine
        if table is None:
            return
        limit = self.record.hands
        if table.over:
            self.finished = True
        elif limit is not None and table.deal_no >= limit:
            self.finished = not table.carried or self.options.carried_at_end != "play_on" \
                or table.deal_no >= limit + self.options.play_on_deals
        if self.finished:
            self._settle()

    def _settle(self) -> None:
        """At the end: the shares of a carried pot (:func:`~.carried.split_carried`)."""
        table = self.engine
        if table is None or self.shares is not None or not table.carried:
            return
        ante = self.rules.ante if isinstance(self.rules, Rules) else 1
        self.shares = split_carried(table.stacks, table.carried, table.dealer, max(ante, 1))

    def _split_note(self) -> str:
        """Words for the close entry: where a carried pot went."""
        if self.shares is None:
            return ""
        parts = ", ".join(f"{seat_label(s)} {n}" for s, n in enumerate(self.shares) if n)
        return f"; the carried pot of {sum(self.shares)} chips is split: {parts}"

    def _settle_txns(self) -> list[NewTxn]:
        """The ledger transaction of a carried pot's split (the pot to the seats)."""
        if self.shares is None:
            return []
        moves = [(self.seat_account(s), n) for s, n in enumerate(self.shares) if n]
        return [NewTxn(((self.pot_account, -sum(self.shares)), *moves),
                       "carried pot split" + self._split_note()[len("; the carried pot"):])]

    async def commit(self, entries: Sequence[NewEntry], txns: Sequence[NewTxn] = ()
                     ) -> list[int]:
        """Append ``entries`` and ``txns`` in one transaction; the seqs once committed."""
        future = self.store.submit(self.id, list(entries), list(txns))
        seqs = await asyncio.wrap_future(future)
        if seqs:
            self.seq = max(self.seq, seqs[-1])
        return seqs

    async def change(self, entries: list[NewEntry], txns: Sequence[NewTxn] = (), *,
                     final: bool = False) -> list[int]:
        """A change of the seats, the host's controls or the chat (lock held): apply
        ``entries`` to the table, deal the first deal if every seat is now taken (in the
        same transaction), commit, then tell the room; the seqs.  A refused commit rebuilds
        the table from its log.  ``final``: the change closes the table."""
        for entry in entries:
            if entry.kind == "seat":
                self._seat_change(entry.payload)
            elif entry.kind == "host":
                self._host_change(entry.payload)
        more, more_txns = self._start_if_ready()
        entries = [*entries, *more]
        try:
            seqs = await self.commit(entries, [*txns, *more_txns])
        except StoreError:
            await self.rebuild()
            raise ServerError("storage", "the change could not be stored, so it was not "
                                         "made: send it again") from None
        except BaseException:
            await asyncio.shield(self.rebuild())
            raise
        for entry, seq in zip(entries, seqs, strict=True):
            self._keep_recent(seq, entry.kind, entry.payload)
        if final or (self.finished and not self.closed):
            await asyncio.to_thread(self.store.set_status, self.id, "closed")
            self.closed = True
        self.changed()
        return seqs

    # ------------------------------------------------------------------ seats
    def _seat_change(self, payload: dict[str, JSON]) -> None:
        seat_ops.seat_change(self, payload)

    def _host_change(self, payload: dict[str, JSON]) -> None:
        if payload.get("op") != "start":
            seat_ops.host_change(self, payload)
            return
        stacks = payload.get("stacks")  # replayed only: a live table opens in _start_if_ready
        if not isinstance(stacks, list) or not all(isinstance(c, int) for c in stacks):
            raise StoreError(f"table {self.id}: its start entry holds no stacks")
        self._open(payload_int(payload, "dealer"), [c for c in stacks if isinstance(c, int)])

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
            bot = table_bot(kind, self.rules)
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
        seat_ops.check_rebuy(self, seat, action, legal)
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
        info = self.seats[seat]  # every chip a hand moves off a house game's table: the house's
        payer = self.house_account if self.house else self.player_account(info.name) \
            if info.kind == "human" and info.name else "bank"
        txns = self._ledger(before, f"hand {deal + 1}", settled=False, payer=payer)
        if self.finished and not was:
            reason = "too few stacks" if self.table.over else "hands played"
            entries.append(NewEntry("close", {"op": "finished",
                                              "reason": reason + self._split_note()}))
            txns += self._settle_txns()
        try:
            seqs = await self.commit(entries, txns)
        except StoreError:
            await self.rebuild()
            raise ServerError("storage", "the action could not be stored, so it was not "
                                         "taken: send it again") from None
        except BaseException:
            await asyncio.shield(self.rebuild())
            raise
        if cid is not None:
            self.remember(cid, seqs[0])
        self.seats[seat].timeouts = 0 if by == "seat" else self.seats[seat].timeouts
        if self.finished and not was:
            self._keep_recent(seqs[-1], "close", entries[-1].payload)
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

    async def rebuild(self) -> None:
        """The store refused a batch after the table moved: rebuild it from the log (read
        in a thread; replayed on the event loop's thread, where every live table's engine
        runs: the engine is never run on two threads at once)."""
        record = await asyncio.to_thread(self.store.table, self.id)
        log = await asyncio.to_thread(self.store.log, self.id)
        self.broken(record, log)

    def broken(self, record: TableRecord | None = None,
               log: Sequence[LogEntry] | None = None) -> None:
        """Rebuild the table from its log (``record`` and ``log``: already read)."""
        if log is None:
            record = self.store.table(self.id)
        fresh = TableRuntime.recover(record or self.record, self.store, log)
        for old, new in zip(self.seats, fresh.seats, strict=True):
            new.connected = old.connected  # the connections are still there
        for name in ("engine", "seats", "seq", "packs", "pack_deal", "deals", "paused",
                     "finished", "closed", "requests", "cids", "recent", "_packs_seen",
                     "shares", "first_dealer", "start_stacks"):
            setattr(self, name, getattr(fresh, name))
        self.bots.clear()

    def changed(self) -> None:
        """Tell the room the table changed (it broadcasts and schedules bots and timers)."""
        if self.on_change is not None:
            self.on_change(self)

    # ------------------------------------------------------------------ people
    async def request_seat(self, invite: str | None, seat: int | None, name: str,
                           token: str, buy_in: int | None = None
                           ) -> tuple[int, str | None, int]:
        """A guest asks for a seat (:func:`bragkit.server.people.request_seat`)."""
        return await people.request_seat(self, invite, seat, name, token, buy_in)

    async def approve(self, rid: str, yes: bool) -> None:
        """The host approves (or denies) seat request ``rid``."""
        await people.approve(self, rid, yes)

    async def leave(self, seat: int, op: str = "leave") -> None:
        """The seat's player leaves, or is kicked (:func:`bragkit.server.people.leave`)."""
        await people.leave(self, seat, op)

    async def sit_out(self, seat: int, out: bool) -> None:
        """The seat sits out (the timer's default plays for it at once) or comes back."""
        await people.sit_out(self, seat, out)

    async def chat(self, seat: int | None, name: str, text: str, cid: str | None) -> int:
        """Post a chat line (stored with the table's log); answer its seq."""
        return await people.chat(self, seat, name, text, cid)

    async def host_op(self, op: str, seat: int | None = None, bot: str | None = None,
                      amount: int | None = None) -> None:
        """A host control (:func:`bragkit.server.people.host_op`)."""
        await people.host_op(self, op, seat, bot, amount)

    async def top_up(self, seat: int, amount: int) -> None:
        """The seat's own top-up (:func:`bragkit.server.people.top_up`)."""
        await people.top_up(self, seat, amount, "seat")

    async def save_status(self) -> None:
        """Write the table's status (open, paused) to its record."""
        await asyncio.to_thread(self.store.set_status, self.id,
                                "paused" if self.paused else "open")

    async def close_locked(self) -> None:
        """The host closes the table (lock held): no more deals; the deal in progress is
        void (its chips go back to the stacks) and a carried pot is split (:mod:`.carried`)."""
        before = self.positions()
        self.finished = True
        self._settle()
        entries = [NewEntry("close", {"op": "closed",
                                      "reason": "closed by the host" + self._split_note()})]
        txns = self._ledger(before, "table closed", settled=False) + self._settle_txns()
        await self.change(entries, txns, final=True)

    # ------------------------------------------------------------------ timers and bots
    def default_action(self) -> str | None:
        """The action the timer plays for the seat to act (:data:`TIMEOUT_PREFERENCE`)."""
        return timeout_action(self.table.legal_actions())

    async def timeout(self, seat: int, turn: tuple[int, int, int], bank_used: float) -> None:
        """The seat's timer ran out on decision ``turn``: play its default."""
        await turns.timeout(self, seat, turn, bank_used)

    async def bot_turn(self, seat: int, turn: tuple[int, int, int]) -> None:
        """The bot at ``seat`` acts, if the table still waits for decision ``turn``."""
        await turns.bot_turn(self, seat, turn)
