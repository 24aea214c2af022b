"""A client of the card-room protocol (docs/protocol.md) over ``websockets``: what
``brag connect`` plays with, and what the tests and the benchmark drive the server with.

>>> ws_url("http://127.0.0.1:8000/table/abc?invite=XYZ")
('ws://127.0.0.1:8000/ws/tables/abc', {'invite': 'XYZ'})
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from websockets.asyncio.client import ClientConnection, connect

from bragkit.errors import BragError, excerpt

__all__ = ["ClientError", "RoomClient", "ws_url"]


class ClientError(BragError):
    """The server refused a request (its ``error`` frame), or the link is not a table's."""


def ws_url(link: str) -> tuple[str, dict[str, str]]:
    """The WebSocket URL of a table link (``http(s)://HOST/table/ID?...``, a ``ws(s)://``
    URL, or ``HOST/ws/tables/ID``) and the link's query parameters (token, invite)."""
    parts = urlsplit(link if "://" in link else f"http://{link}")
    query = dict(parse_qsl(parts.query))
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) >= 2 and segments[-2] in ("table", "t", "tables"):
        table = segments[-1]
    else:
        raise ClientError(f"not a table link: {excerpt(link)} (expected "
                          "http://HOST/table/ID?invite=... or ?token=...)")
    return f"{scheme}://{parts.netloc}/ws/tables/{table}", query


class RoomClient:
    """One connection to a table: every frame received is kept in :attr:`frames` (in
    order), the latest ``state``/``update`` in :attr:`latest`."""

    def __init__(self, url: str, *, token: str | None = None, host: str | None = None,
                 origin: str | None = None, record: bool = True) -> None:
        self.url = url
        self.token = token
        self.host = host
        self.origin = origin
        self.record = record
        self.frames: list[dict[str, Any]] = []
        self.latest: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.ws: ClientConnection | None = None
        self._replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self._updates = asyncio.Event()
        self._state_seen = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._ids = itertools.count(1)
        self.closed: tuple[int, str] | None = None
        self.on_frame: Callable[[dict[str, Any]], None] | None = None

    async def __aenter__(self) -> RoomClient:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def open(self) -> None:
        """Connect (the token in the query) and wait for the ``welcome`` and the first
        ``state`` frame."""
        query = {}
        if self.token:
            query["token"] = self.token
        url = self.url + ("?" + urlencode(query) if query else "")
        headers = {"Origin": self.origin} if self.origin else None
        self.ws = await connect(url, additional_headers=headers, max_size=4 * 1024 * 1024,
                                open_timeout=10)
        self._reader = asyncio.create_task(self._read())
        async with asyncio.timeout(10):
            await self._state_seen.wait()
        if self.host:
            await self.call({"t": "hello", "token": self.host})

    async def close(self) -> None:
        """Close the connection."""
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for raw in self.ws:
                frame = json.loads(raw)
                if self.record:
                    self.frames.append(frame)
                kind = frame.get("t")
                if kind == "welcome":
                    self.welcome = frame
                elif kind in ("state", "update"):
                    self.latest = frame
                    self._updates.set()
                    if kind == "state":
                        self._state_seen.set()
                elif kind in ("ack", "error"):
                    self._replies.put_nowait(frame)
                    self._updates.set()
                if self.on_frame is not None:
                    self.on_frame(frame)
        except Exception:  # closed by the server: kept in self.closed
            pass
        finally:
            ws = self.ws
            code = ws.close_code if ws is not None else None
            self.closed = (code if code is not None else 1006,
                           (ws.close_reason if ws is not None else None) or "")
            self._updates.set()

    async def wait_for(self, test: Callable[[dict[str, Any]], bool], timeout: float = 10.0
                       ) -> dict[str, Any]:
        """Wait until the latest ``state``/``update`` frame passes ``test``."""
        async with asyncio.timeout(timeout):
            while True:
                if self.latest is not None and test(self.latest):
                    return self.latest
                if self.closed is not None or (self._reader is not None and
                                               self._reader.done()):
                    raise ClientError(f"the connection is closed: {self.closed}")
                self._updates.clear()
                await self._updates.wait()

    async def wait_seen(self, test: Callable[[dict[str, Any]], bool], since: int = 0,
                        timeout: float = 10.0) -> dict[str, Any]:
        """Wait until a recorded ``state``/``update`` frame from ``frames[since:]`` passes
        ``test`` (a state the table passed through, even if a later frame changed it)."""
        def seen(_: dict[str, Any]) -> bool:
            return any(f.get("t") in ("state", "update") and test(f)
                       for f in self.frames[since:])
        await self.wait_for(seen, timeout)
        return next(f for f in self.frames[since:]
                    if f.get("t") in ("state", "update") and test(f))

    async def wait_log(self, test: Callable[[dict[str, Any]], bool], timeout: float = 10.0
                       ) -> dict[str, Any]:
        """Wait until a public log item received in any frame passes ``test``."""
        def found(_: dict[str, Any]) -> bool:
            return any(test(item) for f in self.frames for item in f.get("log") or ())
        await self.wait_for(found, timeout)
        return next(item for f in self.frames for item in f.get("log") or () if test(item))

    async def call(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send ``message`` and answer the server's reply (``ack`` or ``error``)."""
        assert self.ws is not None
        await self.ws.send(json.dumps(message))
        async with asyncio.timeout(timeout):
            while True:
                if not self._replies.empty():
                    return self._replies.get_nowait()
                if self.closed is not None:
                    raise ClientError(f"the connection is closed: {self.closed}")
                self._updates.clear()
                await self._updates.wait()

    async def act(self, action: str, cid: str | None = None) -> dict[str, Any]:
        """Play ``action`` (``"bet 4"``) with a fresh client action id."""
        return await self.call({"t": "act", "action": action,
                                "cid": cid or f"c{next(self._ids)}"})

    @property
    def view(self) -> dict[str, Any]:
        """The latest view of the deal (``{}`` before the first frame)."""
        if self.latest is None:
            return {}
        view = self.latest.get("view")
        return view if isinstance(view, dict) else {}

    @property
    def table(self) -> dict[str, Any]:
        """The latest public facts about the table."""
        if self.latest is None:
            return {}
        table = self.latest.get("table")
        return table if isinstance(table, dict) else {}
