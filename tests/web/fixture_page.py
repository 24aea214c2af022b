"""Drawing a catalog fixture in a page: the table page's frames go through the page's own
``fromProtocol`` (as a live frame does), a casino desk view through the casino page."""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Page

from tests.web.catalog import NAMES, Fixture
from tests.web.play import CARD

PATHS = {"table": "/_fixture", "casino": "/casino"}
READY = {"table": "window.bragTable !== undefined", "casino": "window.bragCasino !== undefined"}


def show(pg: Page, base: str, fx: Fixture) -> None:
    """Draw ``fx`` in ``pg`` (opening its page on the server at ``base`` when needed), the
    clock frozen so screenshots are stable; actions the page sends land in bragSent."""
    path = PATHS[fx.page]
    if not pg.url.startswith(base + path):
        pg.goto(base + path)
        pg.wait_for_function(READY[fx.page])
    if fx.page == "casino":
        pg.evaluate("v => window.bragCasino.show(v)", fx.frame["view"])
        return
    pg.evaluate("""([frames, error]) => {
        window.bragSent = [];
        // the page is reused between fixtures: what was said to the last viewer goes
        for (const id of ["sr-status", "sr-alert", "cmd-out"]) {
          const el = document.getElementById(id);
          if (el) el.textContent = "";
        }
        for (const f of frames) {
          window.bragTable.update({ ...window.bragModel.fromProtocol(f, {}), frozen_clock: true });
        }
        if (error) window.bragTable.error(error);
    }""", [list(fx.frames), fx.error])


def cards_in(obj: object) -> set[str]:
    """Card texts in a JSON value (``Kh``, ``Td``), leaving out the fixed help text of the
    actions (``meaning``: "e.g. exchange 9s Kh gives your 9s for the Kh")."""
    return set(CARD.findall(json.dumps(_strip(obj))))


def _strip(obj: object) -> object:
    if isinstance(obj, dict):
        return {k: _strip(v) for k, v in obj.items() if k != "meaning"}
    if isinstance(obj, list):
        return [_strip(v) for v in obj]
    return obj


def drawn_cards(pg: Page) -> set[str]:
    """Every card the page shows: the faces (``data-c``) and card texts anywhere in it."""
    faces = set(pg.evaluate("[...document.querySelectorAll('[data-c]')].map(e => e.dataset.c)"))
    return faces | set(CARD.findall(pg.locator("body").inner_text()))


def shown_reason(reason: str) -> str:
    """A why-not reason as the page words it: seats by name, without the list of the
    actions on offer (the buttons show them)."""
    reason = re.sub(r";? ?p\d+ may:? .*$", "", reason)
    return re.sub(r"\b[pP](\d+)\b", lambda m: NAMES[int(m.group(1)) - 1], reason)


def page_state(pg: Page) -> dict[str, Any]:
    """The table message the page drew last."""
    out: dict[str, Any] = pg.evaluate("window.bragTable.state()")
    return out
