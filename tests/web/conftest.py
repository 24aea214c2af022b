"""Browser-test fixtures: one headless Debian Chromium per test session (Playwright for
Python), a fresh browser context per test, and a live server on a free loopback port.

The server is the card room's Starlette app (``bragkit.server``) when it exists, else a
small app serving only the web pages (``tests/web/standin.py``).  Under ``CI=true`` a missing
chromium is a failure, elsewhere the browser tests are skipped.  Every test here is marked
``browser`` so ``pytest -m 'not browser'`` leaves them out and ``-n 2`` spreads them.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("BRAG_CHROMIUM", "/usr/bin/chromium")
CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
GOLDEN = Path(__file__).parent / "golden"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)
    _catalog_by_fixture(items, here / "test_web_catalog.py")


def _catalog_by_fixture(items: list[pytest.Item], catalog: Path) -> None:
    """The catalog's tests in the order viewport, fixture, test: as each viewport's tests
    run on one worker (tests/conftest.py, ``XDIST_GROUPS``), its ``show`` draws a fixture
    once for the screenshot, axe, leak and action tests instead of four times."""
    at = [i for i, item in enumerate(items) if Path(str(item.fspath)) == catalog]
    views: dict[str, int] = {}
    fixtures: dict[str, int] = {}

    def key(item: pytest.Item) -> tuple[int, int]:
        spec = getattr(item, "callspec", None)
        params = spec.params if spec is not None else {}
        view = params.get("table_page")
        if view is None:
            return (-1, 0)  # no page: first, as written
        fx = params.get("fx")  # the tests of named fixtures after the parametrized ones
        rank = len(items) if fx is None else fixtures.setdefault(fx.name, len(fixtures))
        return (views.setdefault(view, len(views)), rank)

    for i, item in zip(at, sorted((items[i] for i in at), key=key), strict=True):
        items[i] = item


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives headless Chromium (tests/web)")


def free_port() -> int:
    """A free loopback TCP port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """A uvicorn server running ``app`` (or ``app(url)``, when it is a factory) in a thread
    on a free port."""

    def __init__(self, app: object) -> None:
        import uvicorn

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        if callable(app) and getattr(app, "__name__", "") == "<lambda>":
            app = app(self.url)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_ping_interval=None, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole session (skipped without one, unless CI)."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        if os.environ.get("CI") == "true":
            pytest.fail(f"chromium is missing ({CHROMIUM}): apt-get install chromium")
        pytest.skip(f"chromium is missing ({CHROMIUM})")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def fixture_server() -> Iterator[LiveServer]:
    """The web pages and the fixture catalog on a live server (no game server needed)."""
    from tests.web.standin import standin_app

    with LiveServer(standin_app()) as live:
        yield live


@pytest.fixture(scope="session")
def room_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The card room (engineer E's app, ``bragkit.server``) with a throwaway SQLite store."""
    app_mod = pytest.importorskip("bragkit.server.app")
    from bragkit.server.store.base import open_store

    store = open_store(str(tmp_path_factory.mktemp("room") / "room.db"))
    with LiveServer(lambda url: app_mod.create_app(store, base_url=url)) as live:
        yield live
    store.close()


@pytest.fixture()
def context(browser: object) -> Iterator[object]:
    """A fresh browser context (own cookies and storage) with the 1280x800 viewport."""
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                              reduced_motion="reduce", device_scale_factor=1)
    yield ctx
    ctx.close()


@pytest.fixture()
def page(context: object) -> Iterator[object]:
    """A page that fails the test on any console error or uncaught exception."""
    from playwright.sync_api import BrowserContext

    assert isinstance(context, BrowserContext)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    # 400/404 answers the tests ask for on purpose (bad house rules, an unknown game); a
    # missing script or style shows in the catalog tests, whose pages allow no error at all
    errors = [e for e in errors if "status of 400" not in e and "status of 404" not in e]
    assert not errors, f"console errors: {errors}"
