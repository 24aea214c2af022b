"""Seat and money operations of a :class:`~bragkit.server.runtime.TableRuntime`: what a seat
may top up or rebuy (docs/server.md, "Buy-ins, top-ups and rebuys"), the game's offer as
the table makes it, and the seat and host changes a log entry applies (live or replayed).

Split from :mod:`bragkit.server.runtime` (same behaviour); the runtime's methods of the
same names call these.
"""

from __future__ import annotations

import dataclasses

from bragkit.engine.actions import Action, LegalAction
from bragkit.rules import Rules
from bragkit.server.handle import TableHandle
from bragkit.server.options import Pending, ServerError, payload_int, payload_str
from bragkit.server.seats import seat_label
from bragkit.server.store.base import JSON

__all__ = ["check_rebuy", "host_change", "room_legal", "seat_change", "top_up_offer"]


def top_up_offer(rt: TableHandle, seat: int) -> dict[str, JSON] | None:
    """What the player of ``seat`` may add to his stack with ``top_up``: None where a
    top-up never may be sent (the table is over, nobody sits at the seat, or it has dealt
    under rules without rebuys and the engine offers the seat none now), else ``max`` (the
    most chips: up to ``buy_in_max``, and the engine's rebuy limit on the seat's turn),
    ``now`` (whether it may be sent now: after the first deal only on the seat's own turn)
    and ``rebuy`` (whether it is played as the action ``rebuy``)."""
    info = rt.seats[seat]
    if rt.closed or rt.finished or info.kind != "human":
        return None
    _, hi = rt.options.buy_in_bounds(rt.record.stack)
    room = max(0, hi - rt.stacks()[seat])
    if rt.engine is None:
        return {"max": room, "now": room > 0, "rebuy": False}
    offer = None
    if rt.engine.to_act == seat:
        offer = next((la for la in rt.engine.legal_actions() if la.kind == "rebuy"), None)
    if offer is None and not (isinstance(rt.rules, Rules) and rt.rules.rebuy_anytime):
        return None
    most = min(room, offer.hi) if offer is not None and offer.hi is not None else room
    return {"max": most, "now": offer is not None and most > 0, "rebuy": True}


def room_legal(rt: TableHandle, seat: int,
               legal: tuple[LegalAction, ...]) -> tuple[LegalAction, ...]:
    """``legal`` as the table offers it to ``seat``: the game's ``rebuy N`` may bring the
    stack to at most ``buy_in_max``, as a top-up may; a rebuy with no room left is not
    offered."""
    if not any(la.kind == "rebuy" for la in legal):
        return legal
    _, most = rt.options.buy_in_bounds(rt.record.stack)
    room = most - rt.stacks()[seat]
    out: list[LegalAction] = []
    for la in legal:
        if la.kind != "rebuy":
            out.append(la)
        elif la.lo is not None and la.lo <= room:
            out.append(dataclasses.replace(la, hi=min(room, la.hi or room)))
    return tuple(out)


def check_rebuy(rt: TableHandle, seat: int, action: Action,
                legal: tuple[LegalAction, ...]) -> None:
    """Refuse a ``rebuy`` the game allows but the table does not (past ``buy_in_max``)."""
    if action.kind == "rebuy" and any(la.allows(action) for la in legal) and \
            not any(la.allows(action) for la in room_legal(rt, seat, legal)):
        _, most = rt.options.buy_in_bounds(rt.record.stack)
        raise ServerError("illegal", f"{seat_label(seat)} {action}: a rebuy may bring the "
                                     f"stack to at most {most} chips (the table's "
                                     f"buy_in_max)")


def seat_change(rt: TableHandle, payload: dict[str, JSON]) -> None:
    """Apply a ``seat`` log entry: a request, a denial, a seat taken or left, a top-up
    before the first deal, sitting out or back in, a timeout's use of the time bank."""
    op = payload.get("op")
    seat = payload_int(payload, "seat") if "seat" in payload else -1
    waiting = rt.engine is None
    if op == "request":
        rid = payload_str(payload, "request")
        chips = payload.get("buy_in")
        rt.requests[rid] = Pending(seat, payload_str(payload, "name"),
                                   payload_str(payload, "token"),
                                   chips if isinstance(chips, int) else None)
    elif op == "deny":
        rt.requests.pop(payload_str(payload, "request"), None)
    elif op == "sit":
        info = rt.seats[seat]
        info.name = payload_str(payload, "name")
        info.token_hash = payload_str(payload, "token")
        info.bot = None
        info.sitting_out = False
        info.timeouts = 0
        if waiting:
            chips = payload.get("buy_in")
            info.chips = chips if isinstance(chips, int) else rt.record.stack
        asked = payload.get("request")
        if isinstance(asked, str):
            rt.requests.pop(asked, None)
    elif op in ("leave", "kick"):
        info = rt.seats[seat]
        info.name = None
        info.token_hash = None
        info.sitting_out = False
        if waiting:
            info.chips = 0
    elif op == "top_up" and waiting:
        rt.seats[seat].chips += payload_int(payload, "amount")
    elif op == "sit_out":
        info = rt.seats[seat]
        info.sitting_out = bool(payload.get("out"))
        if not info.sitting_out:
            info.timeouts = 0   # back in: the count of timeouts in a row starts again
    elif op == "timeout":
        info = rt.seats[seat]
        used = payload.get("bank_used")
        if isinstance(used, int | float) and not isinstance(used, bool):
            info.bank = max(0.0, info.bank - float(used))


def host_change(rt: TableHandle, payload: dict[str, JSON]) -> None:
    """Apply a ``host`` log entry other than ``start`` (the runtime opens the table):
    pause or resume, a bot put at a seat or taken off it."""
    op = payload.get("op")
    if op == "pause":
        rt.paused = bool(payload.get("paused"))
    elif op == "bot":
        seat = payload_int(payload, "seat")
        bot = payload.get("bot")
        info = rt.seats[seat]
        info.bot = bot if isinstance(bot, str) else None
        rt.bots.pop(seat, None)
        if isinstance(bot, str):
            info.name = None
            info.token_hash = None
        if rt.engine is None:
            info.chips = rt.record.stack if info.bot else 0
