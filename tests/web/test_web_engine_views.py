"""Real deals of every game family through the card room's projector and the table page:
no frame sent to a seat or a spectator, and no page drawn from it, holds a card that seat
may not see (issue 13, "No leak in the page"); the page draws what the frame shows."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.web.conftest import LiveServer
from tests.web.engine_states import PRESETS, Captured, captured
from tests.web.fixture_page import shown_reason
from tests.web.play import CARD


def _cards(obj: object) -> set[str]:
    return set(CARD.findall(json.dumps(obj)))


@pytest.mark.parametrize("preset", PRESETS)
def test_no_frame_holds_a_secret_card(preset: str) -> None:
    frames = captured(preset)
    assert len(frames) >= 40
    checked = 0
    for c in frames:
        view = dict(c.frame["view"])
        last = view.pop("last_deal", None)
        # an action's meaning is fixed help text ("exchange 9s Kh gives your 9s for the Kh")
        view["legal"] = [{k: v for k, v in a.items() if k != "meaning"} for a in view["legal"]]
        assert not _cards(view) & c.secret, (c.seat, c.step, _cards(view) & c.secret, view)
        if last:
            assert not _cards(last) & c.last_secret, (c.seat, c.step, last)
        checked += bool(c.secret)
    assert checked, "some frames must have had secrets to keep"


def test_the_secret_check_can_fail() -> None:
    """A frame given another seat's hidden cards is caught by the same check."""
    c = next(x for x in captured("modern") if x.seat == 0 and x.secret)
    leaked = {**c.frame["view"], "shown": {"p2": " ".join(sorted(c.secret)[:3])}}
    assert _cards(leaked) & c.secret


@pytest.fixture(scope="module")
def fixture_page(browser: Browser, fixture_server: LiveServer) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    pg = ctx.new_page()
    pg.set_default_timeout(5000)
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(f"{fixture_server.url}/_fixture")
    pg.wait_for_function("window.bragModel !== undefined")
    yield pg
    ctx.close()
    assert not errors, errors


def _sample(preset: str) -> list[Captured]:
    frames = captured(preset)
    return [c for i, c in enumerate(frames) if i % 9 == 0]


@pytest.mark.parametrize("preset", PRESETS)
def test_page_draws_no_secret_card(fixture_page: Page, preset: str) -> None:
    pg = fixture_page
    for c in _sample(preset):
        pg.evaluate("f => window.bragTable.update(window.bragModel.fromProtocol(f, {}))",
                    c.frame)
        drawn = set(pg.evaluate("[...document.querySelectorAll('#main [data-c]')]"
                                ".map(e => e.dataset.c)"))
        result = set(pg.evaluate("[...document.querySelectorAll('#result [data-c]')]"
                                 ".map(e => e.dataset.c)"))
        text = pg.locator("#table").inner_text()
        view = c.frame["view"]
        assert not drawn & c.secret, (preset, c.seat, c.step, drawn & c.secret)
        assert not result & c.last_secret, (preset, c.seat, c.step, result & c.last_secret)
        # what the frame shows the seat, the page draws: its own cards once seen
        if c.seat is not None and view.get("own_cards"):
            assert set(view["own_cards"].split()) <= drawn, (view["own_cards"], drawn)
            if view.get("hand_name"):
                assert view["hand_name"] in text
        for kind, reason in (view.get("why_not") or {}).items():
            # left out on purpose: "look: you have already looked", "not allowed in the
            # ante phase" (docs/web.md, Decisions)
            if kind != "look" and not re.search(r"not allowed (now|in the)|^p\d+ must ", reason):
                assert shown_reason(reason) in text
        offered = {a["kind"] for a in view.get("legal") or []}
        buttons = set(pg.locator("#actions .act").evaluate_all(
            "els => els.map(e => e.dataset.kind)"))
        assert buttons == offered, (buttons, offered)


def test_retained_blind_hand_is_two_hands_for_everybody(fixture_page: Page) -> None:
    """Rules 4.4.6: the retainer's two blind hands lie in front of it, seen by all."""
    frames = captured("modern", steps=120, seed=2)
    mine = next(c for c in frames if (c.frame["view"].get("own_text") or "").startswith(
        "two blind hands"))
    holder = mine.seat
    assert holder is not None
    for c in (x for x in frames if x.step == mine.step):
        fixture_page.evaluate(
            "f => window.bragTable.update(window.bragModel.fromProtocol(f, {}))", c.frame)
        seat = fixture_page.locator("#seats .seat").nth(holder)
        assert seat.locator(".two-hands .hand").count() == 2, c.seat
        assert seat.locator("[data-c]").count() == 0  # both face down, to everybody
