"""A real card room for the tests: uvicorn on a free loopback port, in a thread.

``live_room(path)`` starts ``brag serve``'s app over a SQLite store (or ``url``) and yields a
:class:`Live` (its base URL, store and app); every test that uses it needs a port, so it is
marked ``server`` (run them apart under pytest-xdist with ``-m server``).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from bragkit.server.app import create_app
from bragkit.server.store.base import Store, open_store


@dataclass
class Live:
    base: str
    store: Store
    app: Any

    @property
    def ws_base(self) -> str:
        return self.base.replace("http://", "ws://")

    def ws(self, table: str) -> str:
        return f"{self.ws_base}/ws/tables/{table}"

    def post(self, path: str, body: object) -> httpx.Response:
        return httpx.post(self.base + path, json=body, timeout=10)

    def get(self, path: str, **params: str) -> httpx.Response:
        return httpx.get(self.base + path, params=params, timeout=10)

    def wait(self, table: str, test: Any, timeout: float = 30.0) -> dict[str, Any]:
        """Poll ``GET /api/tables/{table}`` until ``test(json)`` holds."""
        end = time.monotonic() + timeout
        while True:
            data: dict[str, Any] = self.get(f"/api/tables/{table}").json()
            if test(data):
                return data
            if time.monotonic() > end:
                raise AssertionError(f"table {table} never got there: {data}")
            time.sleep(0.05)


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextlib.contextmanager
def live_room(path: Path, url: str | None = None, **options: Any) -> Iterator[Live]:
    store = open_store(url or str(path / "room.db"))
    sock = free_socket()
    port = sock.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    app = create_app(store, base_url=base, web=False, **options)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=64 * 1024, lifespan="on",
                            ws_per_message_deflate=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > end or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    live = Live(base, store, app)
    try:
        yield live
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()
        store.close()
