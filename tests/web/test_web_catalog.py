"""The catalog of table states in real Chromium (issue 13): each fixture rendered at 1280x800
and 390x844, compared with its stored PNG, checked by axe-core, and read as a player would
(key hints, prices, reasons, touch targets, no horizontal scroll)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.web.catalog import FIXTURES, Fixture
from tests.web.conftest import LiveServer
from tests.web.shots import GOLDEN, MAX_SHARE, check_png, differing_share

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
_AXE = Axe()


@pytest.fixture(scope="module", params=list(VIEWPORTS))
def table_page(request: pytest.FixtureRequest, browser: Browser,
               fixture_server: LiveServer) -> Iterator[tuple[str, Page]]:
    """One page per viewport, reused by every fixture (the table re-renders per message)."""
    w, h = VIEWPORTS[request.param]
    ctx = browser.new_context(viewport={"width": w, "height": h}, reduced_motion="reduce",
                              device_scale_factor=1, has_touch=request.param == "phone")
    pg = ctx.new_page()
    pg.set_default_timeout(5000)
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(f"{fixture_server.url}/_fixture")
    pg.wait_for_function("window.bragTable !== undefined")
    yield request.param, pg
    ctx.close()
    assert not errors, errors


def show(pg: Page, fx: Fixture) -> None:
    """Render ``fx`` (the clock frozen so the screenshot is stable)."""
    pg.evaluate("m => window.bragTable.update(m)", {**fx.message, "frozen_clock": True})


def by_name(name: str) -> Fixture:
    return next(f for f in FIXTURES if f.name == name)


def test_pixel_check_catches_a_moved_button() -> None:
    """The tolerance lets anti-aliasing through, not a changed table."""
    from PIL import Image, ImageDraw

    old = Image.open(GOLDEN / "see-on-offer-desktop.png").convert("RGB")
    assert differing_share(old, old.copy())[0] == 0
    new = old.copy()
    ImageDraw.Draw(new).rectangle((20, 700, 180, 760), fill=(11, 93, 138))
    assert differing_share(old, new)[0] > MAX_SHARE
    noisy = old.copy()
    noisy.putpixel((5, 5), (0, 0, 0))
    assert differing_share(old, noisy)[0] <= MAX_SHARE


def test_catalog_has_at_least_30_states() -> None:
    names = [f.name for f in FIXTURES]
    assert len(names) >= 30 and len(set(names)) == len(names)


@pytest.mark.parametrize("fx", FIXTURES, ids=lambda f: f.name)
def test_screenshot(table_page: tuple[str, Page], fx: Fixture) -> None:
    view, pg = table_page
    show(pg, fx)
    check_png(f"{fx.name}-{view}", pg.screenshot(full_page=view == "phone",
                                                 animations="disabled", caret="hide"))


@pytest.mark.parametrize("fx", FIXTURES, ids=lambda f: f.name)
def test_axe_no_serious_violation(table_page: tuple[str, Page], fx: Fixture) -> None:
    _, pg = table_page
    show(pg, fx)
    found = _AXE.run(pg).response["violations"]
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in found
           if v["impact"] in ("serious", "critical")]
    assert not bad, bad


@pytest.mark.parametrize("fx", FIXTURES, ids=lambda f: f.name)
def test_every_offered_action_has_a_button_with_key_and_price(
        table_page: tuple[str, Page], fx: Fixture) -> None:
    view, pg = table_page
    show(pg, fx)
    buttons = pg.locator("#actions button[data-act]")
    offered = fx.message["actions"] if fx.message.get("you") is not None else []
    expected = sum(len(a["args"]) if a.get("args") else 1 for a in offered)
    assert buttons.count() == expected
    for i in range(buttons.count()):
        b = buttons.nth(i)
        box = b.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, b.inner_text()
    for a in offered:
        if a.get("args"):
            continue
        text = pg.locator(f'#actions .act[data-kind="{a["kind"]}"] button').first.inner_text()
        assert pg.locator(f'#actions .act[data-kind="{a["kind"]}"] kbd').count() == 1, text
        ranged = a.get("lo") is not None and a.get("hi", 0) > a["lo"]
        if not ranged:
            want = "free" if a["cost_hi"] == 0 else str(a["cost_lo"])
            assert want in text, (text, a)
    for w in fx.message.get("why_not", []):
        assert w["reason"] in pg.locator(".why-not").inner_text()
    if view == "phone":
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"horizontal scroll: {width}px"


def test_blind_and_open_chips_are_text(table_page: tuple[str, Page]) -> None:
    _, pg = table_page
    show(pg, by_name("looked-open-price"))
    seats = pg.locator("#seats .seat")
    texts = [seats.nth(i).inner_text() for i in range(seats.count())]
    assert "BLIND" in texts[0] and "OPEN" in texts[1] and "folded" in texts[2]


def test_result_is_explained_and_own_hand_shown_after_a_lost_see(
        table_page: tuple[str, Page]) -> None:
    _, pg = table_page
    show(pg, by_name("see-lost-own-hand-shown"))
    result = pg.locator("#result").inner_text()
    assert "Pair of queens" in result and "Your hand was Pair of nines" in result
    you = pg.locator("#seats .seat.you")
    assert you.get_attribute("aria-label").startswith("Bob")
    assert you.locator(".card").count() == 3
    assert you.locator(".card.s-s").first.get_attribute("aria-label") == "nine of spades"


def test_two_blind_hands_are_drawn_as_two_hands(table_page: tuple[str, Page]) -> None:
    _, pg = table_page
    show(pg, by_name("carried-pot-two-blind-hands"))
    hands = pg.locator("#seats .seat.you .two-hands .hand")
    assert hands.count() == 2
    assert pg.locator("#pot .carried").inner_text() == "carried from the last deal: 18"
    labels = pg.locator('#actions button[data-act]').all_inner_texts()
    assert labels[:2] == ["L look old", "look new"]  # the key goes to the first choice


def test_private_exchange_only_for_its_players(table_page: tuple[str, Page]) -> None:
    _, pg = table_page
    show(pg, by_name("american-private-exchange"))
    assert "compared hands in private" in pg.locator("#private").inner_text()
    show(pg, by_name("american-spectator"))
    assert pg.locator("#private").is_hidden()


def _msg(fx: Fixture, **over: Any) -> dict[str, Any]:
    return {**fx.message, "frozen_clock": True, **over}
