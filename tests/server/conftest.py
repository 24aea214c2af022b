"""Fixtures of the card room's tests.

``pg_cluster`` (session), ``pg_url`` and ``store_url`` (SQLite, then PostgreSQL) come
from :mod:`tests.pg`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine, Iterator
from typing import TypeVar

import pytest

from tests.pg import pg_cluster, pg_url, store_url

__all__ = ["pg_cluster", "pg_url", "store_url"]

T = TypeVar("T")


@pytest.fixture(autouse=True)
def asyncio_run_in_own_thread(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``asyncio.run`` from a thread of its own when this thread already runs an event loop.

    Under pytest-xdist a worker that ran a browser test keeps Playwright's sync API alive
    (its session fixture), and that API runs an event loop in the main thread: a later
    ``asyncio.run`` in the same worker then fails with "cannot be called from a running
    event loop" (27 server tests did in one full run).  The coroutine runs exactly as
    before, only on another thread.
    """
    real = asyncio.run

    def run(main: Coroutine[object, object, T], *, debug: bool | None = None) -> T:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return real(main, debug=debug)
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(real, main, debug=debug).result()

    monkeypatch.setattr(asyncio, "run", run)
    yield


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``server`` mark: tests that run a real server on a loopback port."""
    config.addinivalue_line("markers",
                            "server: runs a real server on a free loopback port (-m server)")
