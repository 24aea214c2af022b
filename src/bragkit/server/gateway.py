"""The WebSocket gateway: the handshake (Origin check, authentication), the message loop
(strict decoding, rate limit, size limit) and the outgoing queue of each connection.

The seat of a connection comes from its token only (the ``token`` query parameter, the
``bragkit_token`` cookie or the ``hello`` message), never from a message's fields.  Every
client message gets exactly one reply, ``ack`` or ``error`` (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import unicodedata
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from bragkit.errors import BragError, excerpt
from bragkit.limits import MAX_CHIPS
from bragkit.server.ratelimit import TokenBucket
from bragkit.server.room import PROTOCOL, Room, Watcher, encode
from bragkit.server.runtime import ServerError, TableRuntime
from bragkit.server.seats import new_token, seat_label, token_hash
from bragkit.server.store.base import JSON

__all__ = ["MAX_MESSAGE", "Gateway"]

MAX_MESSAGE = 16 * 1024
"""The largest client message accepted (characters); a larger one closes the socket."""

MAX_CHAT = 500
"""The longest chat line (characters)."""

log = logging.getLogger("bragkit.server")

_HOST_OPS = {"approve", "deny", "kick", "pause", "resume", "bot", "top_up", "close"}
_TYPES = {"hello", "act", "chat", "join", "leave", "sit_out", "sit_in", "mute", "unmute",
          "ping", "sync"} | _HOST_OPS


class _Close(Exception):
    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class Gateway:
    """The ``/ws/tables/{id}`` endpoint of one room."""

    def __init__(self, room: Room, *, origins: tuple[str, ...] = (), rate: float = 5.0,
                 burst: int = 60) -> None:
        self.room = room
        self.origins = {o.rstrip("/") for o in origins if o}
        self.rate = rate
        self.burst = burst

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def clean_name(value: object) -> str:
        """A display name: 1..24 printable characters (one-line error otherwise).

        >>> Gateway.clean_name("  Ann "), Gateway.clean_name("x" * 3)
        ('Ann', 'xxx')
        >>> Gateway.clean_name("")
        Traceback (most recent call last):
        ...
        bragkit.errors.BragError: a name is 1..24 printable characters, not ''
        """
        if isinstance(value, str):
            name = " ".join(value.split())
            if 1 <= len(name) <= 24 and all(unicodedata.category(c)[0] not in "C"
                                            for c in name):
                return name
        raise BragError(f"a name is 1..24 printable characters, not {excerpt(value)}")

    @staticmethod
    def seat_arg(value: object) -> int | None:
        """A seat named in a request (``"p2"``) as 0-based, or None.

        >>> Gateway.seat_arg("p2"), Gateway.seat_arg(None)
        (1, None)
        """
        if value is None:
            return None
        if isinstance(value, str) and value[:1] == "p" and value[1:].isdecimal() and \
                0 < len(value) <= 4:
            return int(value[1:]) - 1
        raise BragError(f'a seat is written "p1", "p2", ..., not {excerpt(value)}')

    @staticmethod
    def chips_arg(value: object, key: str) -> int | None:
        """A number of chips named in a request (a whole number > 0), or None.

        >>> Gateway.chips_arg(40, "buy_in"), Gateway.chips_arg(None, "buy_in")
        (40, None)
        >>> Gateway.chips_arg(0.5, "amount")
        Traceback (most recent call last):
        ...
        bragkit.errors.BragError: "amount" must be a whole number of chips > 0, not 0.5
        """
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_CHIPS:
            raise BragError(f'"{key}" must be a whole number of chips > 0, not {excerpt(value)}')
        return value

    def origin_ok(self, origin: str | None) -> bool:
        """A browser's ``Origin`` must be the room's own (or configured); clients that send
        none (terminal clients, bots) are not browsers and may connect."""
        if origin is None:
            return True
        return origin.rstrip("/") in self.origins

    # ------------------------------------------------------------------ the endpoint
    async def endpoint(self, ws: WebSocket) -> None:
        """Serve one connection."""
        if not self.origin_ok(ws.headers.get("origin")):
            await ws.close(code=4403, reason="origin not allowed")
            return
        table_id = str(ws.path_params.get("table_id", ""))
        try:
            rt = await self.room.get(table_id)
        except ServerError as error:
            if error.code == "starting":  # try again later
                await ws.close(code=1013, reason="the server is resuming its tables")
            else:
                await ws.close(code=4404, reason="no such table")
            return
        except BragError:
            await ws.close(code=4404, reason="no such table")
            return
        await ws.accept()
        w = Watcher()
        token = ws.query_params.get("token") or ws.cookies.get("bragkit_token")
        self._bind(rt, w, token)
        rt.listeners.add(w)
        sender = asyncio.create_task(self._send_loop(ws, w))
        bucket = TokenBucket(self.rate, self.burst)
        try:
            await self._welcome(rt, w, since=None)
            while True:
                text = await ws.receive_text()
                if len(text) > MAX_MESSAGE:
                    raise _Close(1009, f"message larger than {MAX_MESSAGE} characters")
                if not bucket.take():
                    raise _Close(1008, "rate limit exceeded")
                if w.overflowed:
                    raise _Close(1013, "client too slow to read")
                if await self._handle(rt, w, text):
                    bucket.refund()  # an action the table took: play is never limited
        except _Close as stop:
            with contextlib.suppress(Exception):
                await ws.close(code=stop.code, reason=stop.reason)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            rt.listeners.discard(w)
            if w.seat is not None:
                rt.seats[w.seat].connected = max(0, rt.seats[w.seat].connected - 1)
                self.room.broadcast(rt)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender

    async def _send_loop(self, ws: WebSocket, w: Watcher) -> None:
        while True:
            frame = await w.queue.get()
            if frame is None:
                with contextlib.suppress(Exception):
                    await ws.close(code=1013, reason="client too slow to read")
                return
            await ws.send_text(frame if isinstance(frame, str) else encode(frame))

    def _bind(self, rt: TableRuntime, w: Watcher, token: str | None) -> None:
        """Bind the connection to what its token proves (host, a seat, a pending request)."""
        if token is None:
            return
        if rt.is_host(token):
            w.host = True
            return
        old = w.seat
        w.token = token
        w.seat = rt.seat_of_token(token)
        if w.seat != old:
            if old is not None:
                rt.seats[old].connected = max(0, rt.seats[old].connected - 1)
            if w.seat is not None:
                rt.seats[w.seat].connected += 1
                w.name = rt.seats[w.seat].name or ""

    def rebind(self, rt: TableRuntime, w: Watcher) -> None:
        """After a seat change: the seat the connection's token holds now."""
        if w.token is not None:
            self._bind(rt, w, w.token)

    async def _welcome(self, rt: TableRuntime, w: Watcher, since: int | None) -> None:
        you: dict[str, JSON] = {
            "seat": seat_label(w.seat) if w.seat is not None else None, "host": w.host,
            "name": w.name or None, "pending": rt.pending_of_token(w.token)}
        w.deliver({"t": "welcome", "protocol": PROTOCOL, "table": rt.id, "you": you})
        oldest = rt.recent[0].get("seq") if rt.recent else None
        gap = since is not None and isinstance(oldest, int) and since < oldest - 1
        w.last_seq = 0 if since is None or gap else since
        frame = self.room.frame_for(rt, w, "state")
        frame["gap"] = bool(gap)
        w.deliver(frame)

    # ------------------------------------------------------------------ messages
    async def _handle(self, rt: TableRuntime, w: Watcher, text: str) -> bool:
        """Answer one message; whether it was an action the table took."""
        try:
            msg = json.loads(text)
        except ValueError:
            w.deliver({"t": "error", "re": None, "code": "malformed",
                       "error": "the message is not JSON"})
            return False
        if not isinstance(msg, dict):
            w.deliver({"t": "error", "re": None, "code": "malformed",
                       "error": "a message is a JSON object with a \"t\" field"})
            return False
        kind = msg.get("t")
        cid = msg.get("cid")
        if not isinstance(kind, str) or kind not in _TYPES:
            w.deliver({"t": "error", "re": kind if isinstance(kind, str) else None,
                       "code": "unknown_type",
                       "error": f"unknown message type {excerpt(kind)}; known: "
                                f"{', '.join(sorted(_TYPES))}"})
            return False
        if cid is not None and (not isinstance(cid, str) or not 1 <= len(cid) <= 64):
            w.deliver({"t": "error", "re": kind, "code": "malformed",
                       "error": f"cid must be text of 1..64 characters, not {excerpt(cid)}"})
            return False
        reply: dict[str, JSON] = {"t": "ack", "re": kind}
        if cid is not None:
            reply["cid"] = cid
        try:
            extra = await self._dispatch(rt, w, kind, msg, cid)
            if extra:
                reply.update(extra)
        except ServerError as error:
            reply = {"t": "error", "re": kind, "code": error.code, "error": str(error)}
            if cid is not None:
                reply["cid"] = cid
        except BragError as error:
            reply = {"t": "error", "re": kind, "code": "invalid", "error": str(error)}
            if cid is not None:
                reply["cid"] = cid
        except _Close:
            raise
        except Exception as error:  # nothing a client sends may crash the table
            log.exception("table %s: message %s failed", rt.id, kind)
            reply = {"t": "error", "re": kind, "code": "server",
                     "error": f"the server could not do this ({type(error).__name__})"}
        w.deliver(reply)
        return kind == "act" and reply["t"] == "ack"

    def _only(self, msg: dict[str, Any], *allowed: str) -> None:
        extra = sorted(k for k in msg if k not in {"t", "cid", *allowed})
        if extra:
            raise BragError(f"unknown field {excerpt(extra[0])} in {msg.get('t')!s}")

    async def _dispatch(self, rt: TableRuntime, w: Watcher, kind: str, msg: dict[str, Any],
                        cid: str | None) -> dict[str, JSON] | None:
        if kind == "ping":
            self._only(msg)
            return {"seq": rt.seq}
        if kind == "hello":
            self._only(msg, "token", "since", "protocol")
            token = msg.get("token")
            if token is not None and not isinstance(token, str):
                raise BragError("token must be text")
            since = msg.get("since")
            if since is not None and (isinstance(since, bool) or not isinstance(since, int)):
                raise BragError("since must be a log seq (a whole number)")
            if token is not None:
                self._bind(rt, w, token)
            await self._welcome(rt, w, since)
            return {"seq": rt.seq}
        if kind == "sync":
            self._only(msg, "since")
            since = msg.get("since")
            if since is not None and (isinstance(since, bool) or not isinstance(since, int)):
                raise BragError("since must be a log seq (a whole number)")
            await self._welcome(rt, w, since)
            return {"seq": rt.seq}
        if kind == "act":
            self._only(msg, "action")
            action = msg.get("action")
            if not isinstance(action, str) or not action.strip():
                raise ServerError("malformed", 'act needs "action", e.g. "bet 4"')
            if w.seat is None:
                raise ServerError("no_seat", "only a seated player acts (join a seat first)")
            seq = await rt.act(w.seat, action, cid)
            return {"seq": seq}
        if kind == "chat":
            self._only(msg, "text")
            line = msg.get("text")
            if not isinstance(line, str) or not line.strip() or len(line) > MAX_CHAT:
                raise ServerError("malformed", f"chat needs text of 1..{MAX_CHAT} characters")
            if w.seat is None and not w.host:
                raise ServerError("no_seat", "spectators do not chat")
            name = w.name or ("host" if w.host else "")
            seq = await rt.chat(w.seat, name, " ".join(line.split()), cid)
            return {"seq": seq}
        if kind in ("mute", "unmute"):
            self._only(msg, "who")
            who = msg.get("who")
            if not isinstance(who, str) or not 1 <= len(who) <= 24:
                raise ServerError("malformed", f'{kind} needs "who": a seat ("p2") or a name')
            if kind == "mute":
                w.muted.add(who)
            else:
                w.muted.discard(who)
            muted: list[JSON] = list(sorted(w.muted))
            return {"muted": muted}
        if kind == "join":
            self._only(msg, "name", "invite", "seat", "buy_in")
            name = self.clean_name(msg.get("name"))
            buy_in = self.chips_arg(msg.get("buy_in"), "buy_in")
            invite = msg.get("invite")
            if invite is not None and not isinstance(invite, str):
                raise BragError("invite must be text")
            seat = self.seat_arg(msg.get("seat"))
            if w.seat is not None:
                raise ServerError("already", f"you sit at {seat_label(w.seat)}")
            token = w.token if w.token and rt.seat_of_token(w.token) is None and \
                rt.pending_of_token(w.token) is None else new_token()
            w.token = token
            w.name = name
            got, rid, chips = await rt.request_seat(invite, seat, name, token, buy_in)
            self.rebind(rt, w)
            self.room.broadcast(rt)
            return {"token": token, "seat": seat_label(got), "request": rid,
                    "status": "pending" if rid else "seated", "buy_in": chips}
        if kind == "leave":
            self._only(msg)
            if w.seat is None:
                raise ServerError("no_seat", "you sit at no seat")
            await rt.leave(w.seat)
            self.rebind(rt, w)
            self.room.broadcast(rt)
            return None
        if kind == "top_up" and not w.host:
            self._only(msg, "seat", "amount")
            if w.seat is None:
                raise ServerError("no_seat", "you sit at no seat")
            if msg.get("seat") is not None and self.seat_arg(msg.get("seat")) != w.seat:
                raise ServerError("forbidden", "a player tops up his own seat only")
            amount = self.chips_arg(msg.get("amount"), "amount")
            if amount is None:
                raise ServerError("malformed", '"amount" must be a whole number of chips > 0')
            await rt.top_up(w.seat, amount)
            return None
        if kind in ("sit_out", "sit_in"):
            self._only(msg)
            if w.seat is None:
                raise ServerError("no_seat", "you sit at no seat")
            await rt.sit_out(w.seat, kind == "sit_out")
            return None
        # host controls
        if not w.host:
            raise ServerError("forbidden", f"{kind} is a host control")
        if kind in ("approve", "deny"):
            self._only(msg, "request")
            rid = msg.get("request")
            if not isinstance(rid, str):
                raise ServerError("malformed", f'{kind} needs "request" (its id)')
            await rt.approve(rid, kind == "approve")
            self._rebind_all(rt)
            self.room.broadcast(rt)
            return None
        if kind == "kick":
            self._only(msg, "seat")
            seat = self.seat_arg(msg.get("seat"))
            await rt.host_op("kick", seat)
            self._rebind_all(rt)
            self.room.broadcast(rt)
            return None
        if kind in ("pause", "resume", "close"):
            self._only(msg)
            await rt.host_op(kind)
            return None
        if kind == "bot":
            self._only(msg, "seat", "bot")
            bot = msg.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise ServerError("malformed", '"bot" is a bot name or null (remove)')
            await rt.host_op("bot", self.seat_arg(msg.get("seat")), bot)
            return None
        if kind == "top_up":
            self._only(msg, "seat", "amount")
            amount = msg.get("amount")
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise ServerError("malformed", '"amount" must be a whole number of chips > 0')
            target = self.seat_arg(msg.get("seat")) if msg.get("seat") is not None else w.seat
            await rt.host_op("top_up", target, amount=amount)
            return None
        raise ServerError("unknown_type", f"unknown message type {excerpt(kind)}")

    def _rebind_all(self, rt: TableRuntime) -> None:
        """After an approval or a kick: every connection holds the seat its token holds now
        (the host's too: a host who asked for a seat sits once it is approved)."""
        for other in list(rt.listeners):
            if isinstance(other, Watcher) and other.token is not None:
                self.rebind(rt, other)


def digest(token: str) -> str:
    """The stored form of a token (re-exported for tests)."""
    return token_hash(token)
