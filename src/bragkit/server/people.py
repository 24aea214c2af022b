"""The people at a card-room table: seat requests, buy-ins, leaving, sitting out, chat and
the host's controls, each one change of a :class:`~bragkit.server.runtime.TableRuntime`
(its log entries and ledger transaction in one store transaction, docs/server.md).

Money: a guest who sits before the first deal buys in with the chips he chose, within the
table's bounds (``buy_in_min``..``buy_in_max``), paid from his account to the seat's; a
guest who takes a seat after the first deal (somebody left it) buys the seat's stack as it
stands from the bank.  Leaving sells the stack back (before the first deal: the buy-in is
returned).  A top-up before the first deal adds to the buy-in; after it, it is a rebuy on
the seat's own turn where the rules allow rebuys (``rebuy_anytime``, rules 2.3), paid by
the seat's player.  No top-up takes a stack past ``buy_in_max``.
"""

from __future__ import annotations

import secrets

from bragkit.errors import excerpt
from bragkit.server.handle import TableHandle
from bragkit.server.options import ServerError, table_bot
from bragkit.server.seats import seat_label, token_hash
from bragkit.server.store.base import JSON, NewEntry, NewTxn

__all__ = ["approve", "chat", "choose_buy_in", "host_op", "leave", "request_seat", "sit_out",
           "top_up"]


def choose_buy_in(rt: TableHandle, seat: int, buy_in: int | None) -> int:
    """The chips a guest buys ``seat`` with: before the first deal ``buy_in`` (default: the
    table's stack, within the bounds), checked against the table's bounds; after it, the
    seat's stack as it stands (``buy_in`` is not read: the seat is bought as it is)."""
    if rt.engine is not None:
        return rt.stacks()[seat]
    lo, hi = rt.options.buy_in_bounds(rt.record.stack)
    if buy_in is None:
        return min(max(rt.record.stack, lo), hi)
    if not lo <= buy_in <= hi:
        allowed = f"{lo} chips" if lo == hi else f"{lo}..{hi} chips"
        raise ServerError("invalid", f"the buy-in at this table is {allowed}, not {buy_in}")
    return buy_in


async def request_seat(rt: TableHandle, invite: str | None, seat: int | None, name: str,
                       token: str, buy_in: int | None = None) -> tuple[int, str | None, int]:
    """A guest asks for a seat with an invite (or any free seat the host may give); answer
    the seat, the request id (None: seated at once, no approval needed) and the buy-in."""
    async with rt.lock:
        if rt.closed or rt.finished:
            raise ServerError("finished", "the table has finished")
        chosen = _free_seat(rt, invite, seat)
        chips = choose_buy_in(rt, chosen, buy_in)
        digest = token_hash(token)
        if rt.pending_of_token(token) is not None or rt.seat_of_token(token) is not None:
            raise ServerError("already", "this player already sits or waits here")
        if not rt.options.approval:
            await _sit(rt, chosen, name, digest, None, chips)
            return chosen, None, chips
        rid = secrets.token_hex(6)
        payload: dict[str, JSON] = {"op": "request", "seat": chosen, "name": name,
                                    "token": digest, "request": rid, "buy_in": chips}
        await rt.change([NewEntry("seat", payload)])
        return chosen, rid, chips


def _free_seat(rt: TableHandle, invite: str | None, seat: int | None) -> int:
    if invite:
        digest = token_hash(invite)
        for s, info in enumerate(rt.seats):
            if info.invite_hash is not None and secrets.compare_digest(info.invite_hash,
                                                                       digest):
                if info.kind != "empty":
                    raise ServerError("seat_taken", f"{seat_label(s)} is taken")
                return s
        raise ServerError("bad_invite", "this invite is not valid for this table")
    if seat is not None:
        if not 0 <= seat < len(rt.seats):
            raise ServerError("bad_seat", f"there is no seat {seat_label(seat)}")
        if rt.seats[seat].kind != "empty":
            raise ServerError("seat_taken", f"{seat_label(seat)} is taken")
        return seat
    for s, info in enumerate(rt.seats):
        if info.kind == "empty" and not any(r.seat == s for r in rt.requests.values()):
            return s
    raise ServerError("full", "no seat is free at this table")


async def _sit(rt: TableHandle, seat: int, name: str, digest: str, rid: str | None,
               chips: int) -> None:
    payload: dict[str, JSON] = {"op": "sit", "seat": seat, "name": name, "token": digest,
                                "buy_in": chips}
    if rid is not None:
        payload["request"] = rid
    # before the first deal the chips go to the seat; after it the seat's stack is bought
    # from the bank, which held it while nobody sat there
    to = rt.seat_account(seat) if rt.engine is None else "bank"
    txns = [NewTxn(((rt.player_account(name), -chips), (to, chips)),
                   f"{name} buys in at {seat_label(seat)}")] if chips else []
    await rt.change([NewEntry("seat", payload)], txns)


async def approve(rt: TableHandle, rid: str, yes: bool) -> None:
    """The host approves (or denies) seat request ``rid``."""
    async with rt.lock:
        req = rt.requests.get(rid)
        if req is None:
            raise ServerError("no_request", f"there is no seat request {excerpt(rid)}")
        if not yes:
            payload: dict[str, JSON] = {"op": "deny", "request": rid, "seat": req.seat,
                                        "name": req.name}
            await rt.change([NewEntry("seat", payload)])
            return
        if rt.seats[req.seat].kind != "empty":
            raise ServerError("seat_taken", f"{seat_label(req.seat)} is taken")
        await _sit(rt, req.seat, req.name, req.token_hash, rid,
                   choose_buy_in(rt, req.seat, req.buy_in))


async def leave(rt: TableHandle, seat: int, op: str = "leave") -> None:
    """The seat's player leaves (or the host kicks him): his stack is sold back to the bank
    (before the first deal: his buy-in is returned) and the seat is empty (it waits for
    someone, or a bot, to sit)."""
    async with rt.lock:
        info = rt.seats[seat]
        if info.kind != "human" or info.name is None:
            raise ServerError("bad_seat", f"nobody sits at {seat_label(seat)}")
        stack = rt.stacks()[seat]
        payload: dict[str, JSON] = {"op": op, "seat": seat, "name": info.name}
        source = rt.seat_account(seat) if rt.engine is None else "bank"
        txns = [NewTxn(((source, -stack), (rt.player_account(info.name), stack)),
                       f"{info.name} cashes out")] if stack else []
        await rt.change([NewEntry("seat", payload)], txns)


async def sit_out(rt: TableHandle, seat: int, out: bool) -> None:
    """The seat sits out (the timer's default plays for it at once) or comes back."""
    async with rt.lock:
        await rt.change([NewEntry("seat", {"op": "sit_out", "seat": seat, "out": out})])


async def chat(rt: TableHandle, seat: int | None, name: str, text: str,
               cid: str | None) -> int:
    """Post a chat line (stored with the table's log); answer its seq."""
    async with rt.lock:
        if cid is not None and cid in rt.cids:
            return rt.cids[cid]
        payload: dict[str, JSON] = {"from": seat_label(seat) if seat is not None else None,
                                    "name": name, "text": text}
        seqs = await rt.change([NewEntry("chat", payload, cid)])
        if cid is not None:
            rt.remember(cid, seqs[0])
        return seqs[0]


async def host_op(rt: TableHandle, op: str, seat: int | None = None, bot: str | None = None,
                  amount: int | None = None) -> None:
    """A host control: ``kick``, ``pause``, ``resume``, ``bot`` (add, or remove with bot
    None), ``top_up`` (:func:`top_up`), ``close``."""
    if op == "kick":
        if seat is None:
            raise ServerError("bad_seat", "kick needs a seat")
        await leave(rt, seat, "kick")
        return
    if op == "top_up":
        await top_up(rt, seat, amount, "host")
        return
    async with rt.lock:
        if op in ("pause", "resume"):
            await rt.change([NewEntry("host", {"op": "pause", "paused": op == "pause"})])
            await rt.save_status()
        elif op == "bot":
            await _bot(rt, seat, bot)
        elif op == "close":
            await rt.close_locked()
        else:
            raise ServerError("unknown_op", f"unknown host control {excerpt(op)}")


async def _bot(rt: TableHandle, seat: int | None, bot: str | None) -> None:
    if seat is None or not 0 <= seat < len(rt.seats):
        raise ServerError("bad_seat", "bot needs a seat of this table")
    info = rt.seats[seat]
    if bot is not None:
        table_bot(bot, rt.rules)  # an unknown bot: one-line RulesError
        if info.kind == "human":
            raise ServerError("seat_taken", f"{seat_label(seat)} is taken by "
                                            f"{info.name}: kick first")
    elif info.kind != "bot":
        raise ServerError("bad_seat", f"no bot plays {seat_label(seat)}")
    txns = []
    if rt.engine is None:  # before the first deal the bank funds a bot's seat (or takes back)
        chips = rt.record.stack if bot is not None else 0
        change = chips - info.chips
        if change:
            txns.append(NewTxn((("bank", -change), (rt.seat_account(seat), change)),
                               f"the bank {'funds' if change > 0 else 'takes back'} "
                               f"{seat_label(seat)}"))
    await rt.change([NewEntry("host", {"op": "bot", "seat": seat, "bot": bot})], txns)


async def top_up(rt: TableHandle, seat: int | None, amount: int | None, by: str) -> None:
    """Add ``amount`` chips to ``seat``'s stack (``by``: ``host`` or ``seat``), paid by the
    seat's player (the bank for a bot): before the first deal to the buy-in, after it as a
    rebuy on the seat's own turn where the rules allow it; never past ``buy_in_max``."""
    if seat is None or not 0 <= seat < len(rt.seats) or amount is None or amount <= 0:
        raise ServerError("bad_seat", "top_up needs a seat and an amount of chips")
    async with rt.lock:
        if rt.closed or rt.finished:
            raise ServerError("finished", "the table has finished")
        info = rt.seats[seat]
        _, hi = rt.options.buy_in_bounds(rt.record.stack)
        stack = rt.stacks()[seat]
        if stack + amount > hi:
            raise ServerError("invalid", f"a top-up brings a stack to at most {hi} chips "
                                         f"(the table's buy_in_max): {seat_label(seat)} holds "
                                         f"{stack}, so at most {max(0, hi - stack)} more")
        if rt.engine is None:
            if info.kind != "human" or info.name is None:
                raise ServerError("bad_seat", f"nobody sits at {seat_label(seat)}")
            payload: dict[str, JSON] = {"op": "top_up", "seat": seat, "amount": amount,
                                        "name": info.name}
            await rt.change([NewEntry("seat", payload)], [NewTxn(
                ((rt.player_account(info.name), -amount), (rt.seat_account(seat), amount)),
                f"{info.name} tops up")])
            return
        if rt.table.to_act != seat:
            raise ServerError("not_your_turn", f"a top-up is a rebuy on {seat_label(seat)}'s "
                                               "own turn (rules 2.3): wait for it")
        await rt.act_locked(seat, f"rebuy {amount}", None, by)
