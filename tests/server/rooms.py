"""A card room without a network for the runtime's tests: :func:`run_room`."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from bragkit.server.room import Room
from bragkit.server.store.base import Store, open_store


def run_room(tmp_path: Path, body: Callable[[Room, Store], Awaitable[None]]) -> None:
    """Run ``body(room, store)`` on a ready room over a fresh SQLite store in ``tmp_path``,
    within 60 s, then stop the room and close the store (``asyncio.run`` moves to a thread
    of its own when a loop already runs here: tests/server/conftest.py)."""
    store = open_store(str(tmp_path / "room.db"))

    async def main() -> None:
        room = Room(store)
        room.ready = True
        try:
            await body(room, store)
        finally:
            await room.stop()

    try:
        asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        store.close()
