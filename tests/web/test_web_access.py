"""Everyone can play (issue 13): every action by keyboard with visible key hints, the text
command box and live announcements of a screen-reader player, the four-colour deck, reduced
motion, the turn alert in the tab title and favicon, confirmation on touch screens."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page

from tests.web.catalog import by_name
from tests.web.conftest import LiveServer
from tests.web.fixture_page import show as show_fixture


@pytest.fixture()
def table(browser: Browser, fixture_server: LiveServer) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    pg = ctx.new_page()
    pg.set_default_timeout(5000)
    pg.goto(f"{fixture_server.url}/_fixture")
    pg.wait_for_function("window.bragTable !== undefined")
    yield pg
    ctx.close()


def show(pg: Page, name: str) -> None:
    """Draw the catalog's real state ``name`` (frames of the card room's projector)."""
    show_fixture(pg, pg.url.split("/_fixture")[0], by_name(name))


def sent(pg: Page) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = pg.evaluate("window.bragSent")
    return [{k: v for k, v in a.items() if v is not None} for a in out]


def test_keys_take_the_actions(table: Page) -> None:
    show(table, "see-on-offer")
    assert table.locator("#actions kbd").all_inner_texts() == ["B", "V", "F"]
    table.keyboard.press("v")
    assert sent(table) == [{"kind": "see"}]
    assert table.locator("#sending").is_visible()  # no second action until the server answers
    table.keyboard.press("f")
    assert sent(table) == [{"kind": "see"}]


def test_amount_key_then_enter(table: Page) -> None:
    show(table, "see-on-offer")
    table.keyboard.press("b")
    box = table.locator('input[data-amount]')
    assert box.evaluate("e => e === document.activeElement")
    box.fill("7")
    table.keyboard.press("Enter")
    assert sent(table) == [{"kind": "bet", "amount": 7}]


def test_amount_out_of_range_is_not_sent(table: Page) -> None:
    show(table, "see-on-offer")
    table.locator("input[data-amount]").fill("99")
    table.locator('.act[data-kind="bet"] button').click()
    assert sent(table) == []
    assert "between 4 and 97" in table.locator("#sr-alert").inner_text()


def test_choice_by_key_and_enter(table: Page) -> None:
    show(table, "carried-pot-two-blind-hands")
    table.keyboard.press("l")
    assert table.evaluate("document.activeElement.textContent").endswith("look old")
    table.keyboard.press("Tab")
    table.keyboard.press("Enter")
    assert sent(table) == [{"kind": "look", "arg": "new"}]


def test_command_box(table: Page) -> None:
    show(table, "see-on-offer")
    cmd = table.locator("#cmd")
    cmd.fill("pot")
    cmd.press("Enter")
    assert table.locator("#cmd-out").inner_text() == "pot 9"
    cmd.fill("who")
    cmd.press("Enter")
    assert "Alice dealer: 95 chips, open, last bet 4" in table.locator("#cmd-out").inner_text()
    cmd.fill("cards")
    cmd.press("Enter")
    assert table.locator("#cmd-out").inner_text() == (
        "king of hearts, king of diamonds, four of clubs: Pair of kings, four kicker")
    cmd.fill("actions")
    cmd.press("Enter")
    assert table.locator("#cmd-out").inner_text().startswith("you may: bet 4 to 97; see 8")
    cmd.fill("raise 6")
    cmd.press("Enter")
    assert "raise is not on offer" in table.locator("#cmd-out").inner_text()
    cmd.fill("bet 6")
    cmd.press("Enter")
    assert sent(table) == [{"kind": "bet", "amount": 6}]


def test_events_and_turn_are_announced(table: Page) -> None:
    show(table, "waiting-for-another")
    assert table.locator("#sr-status").inner_text().startswith(
        "\u2014 deal 1 \u2014. you ante 1. Carol antes 1. Alice antes 1. you bet 2 (blind)")
    show(table, "blind-first-to-act")
    alert = table.locator("#sr-alert").inner_text()
    assert alert == "Your turn, 30 seconds. look free; bet 1 to 5; fold free"
    assert table.locator("#sr-status").get_attribute("aria-live") == "polite"
    assert table.locator("#sr-alert").get_attribute("aria-live") == "assertive"


def test_turn_changes_title_and_favicon(table: Page) -> None:
    show(table, "waiting-for-another")
    assert table.title() == "Modern Brag"
    assert table.locator("link[rel=icon]").get_attribute("href").endswith("favicon.svg")
    show(table, "blind-first-to-act")
    assert table.title() == "Your turn – Modern Brag"
    assert table.locator("link[rel=icon]").get_attribute("href").endswith("favicon-turn.svg")


def test_four_colour_deck_and_reduced_motion_persist(table: Page) -> None:
    show(table, "see-on-offer")
    diamond = table.locator('#seats .card.s-d').first
    red = diamond.evaluate("e => getComputedStyle(e).color")
    table.click("[data-toggle=prefs]")
    table.check("[data-pref=fourColour]")
    table.check("[data-pref=reducedMotion]")
    blue = diamond.evaluate("e => getComputedStyle(e).color")
    assert red == "rgb(192, 17, 31)" and blue == "rgb(10, 79, 181)"
    table.reload()
    table.wait_for_function("window.bragTable !== undefined")
    show(table, "see-on-offer")
    assert table.locator("#table.four-colour").count() == 1
    assert table.evaluate("document.documentElement.classList.contains('reduce-motion')")


def test_confirm_fold_on_touch(browser: Browser, fixture_server: LiveServer) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    pg = ctx.new_page()
    pg.goto(f"{fixture_server.url}/_fixture")
    pg.wait_for_function("window.bragTable !== undefined")
    show(pg, "see-on-offer")
    fold = pg.locator('.act[data-kind="fold"] button')
    fold.tap()
    assert sent(pg) == [] and "confirm fold" in pg.locator("#sr-alert").inner_text()
    fold.tap()
    assert sent(pg) == [{"kind": "fold"}]
    ctx.close()


def test_screen_reader_layout_is_a_list(table: Page) -> None:
    show(table, "see-on-offer")
    table.click("[data-toggle=prefs]")
    table.check("[data-pref=screenReader]")
    pos = table.locator("#seats .seat").first.evaluate("e => getComputedStyle(e).position")
    assert pos == "static"
    names = table.get_by_role("heading", level=3).all_inner_texts()
    assert [n.split() for n in names] == [["Alice"], ["Bob", "you"], ["Carol"]]


def test_no_silently_stuck_table(table: Page) -> None:
    """An action the server does not answer within 5 s is said to be late (lichess's lesson)."""
    show(table, "see-on-offer")
    table.keyboard.press("f")
    assert table.locator("#sending").inner_text() == "sending…"
    table.wait_for_function(
        "document.getElementById('sending').textContent.startsWith('no answer')", timeout=8000)
    show(table, "see-on-offer")  # the server's next frame ends the wait
    assert table.locator("#sending").is_hidden()


COUNT_BEEPS = """
window.bragBeeps = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
  createOscillator() {
    const o = super.createOscillator();
    const start = o.start.bind(o);
    o.start = (...a) => { window.bragBeeps += 1; return start(...a); };
    return o;
  }
};
"""
"""Counts the tones the page starts (Chromium's own AudioContext, wrapped; nothing stubbed)."""


def test_sound_on_your_turn_only_when_asked_for(browser: Browser,
                                                fixture_server: LiveServer) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script(COUNT_BEEPS)
    pg = ctx.new_page()
    pg.goto(f"{fixture_server.url}/_fixture")
    pg.wait_for_function("window.bragTable !== undefined")
    show(pg, "waiting-for-another")
    show(pg, "blind-first-to-act")  # your turn, the sound off (the default)
    assert pg.evaluate("window.bragBeeps") == 0
    pg.click("[data-toggle=prefs]")
    pg.check("[data-pref=sound]")
    show(pg, "waiting-for-another")
    assert pg.evaluate("window.bragBeeps") == 0  # not your turn: silence
    show(pg, "blind-first-to-act")
    assert pg.evaluate("window.bragBeeps") == 1
    ctx.close()


def test_reduced_motion_stops_the_transitions(browser: Browser,
                                              fixture_server: LiveServer) -> None:
    """The system's setting or the page's own: the seats' and the timer's transitions stop."""
    cases: list[tuple[Literal["no-preference", "reduce"], bool, bool]] = [
        ("no-preference", False, True), ("no-preference", True, False), ("reduce", False, False)]
    for system, pref, moving in cases:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800},
                                  reduced_motion=system)
        pg = ctx.new_page()
        pg.goto(f"{fixture_server.url}/_fixture")
        pg.wait_for_function("window.bragTable !== undefined")
        if pref:
            pg.click("[data-toggle=prefs]")
            pg.check("[data-pref=reducedMotion]")
        show(pg, "see-on-offer")
        durations = pg.evaluate("""() => ['.seat.to-act', '.timer .bar'].map(s =>
            getComputedStyle(document.querySelector(s)).transitionDuration)""")
        assert all(d != "0s" for d in durations) == moving, (system, pref, durations)
        assert any(d != "0s" for d in durations) == moving, (system, pref, durations)
        ctx.close()


def test_every_control_is_a_44px_target_on_a_phone(browser: Browser,
                                                   fixture_server: LiveServer) -> None:
    """At 390x844 every button, box and list of the table, and the label of every setting's
    checkbox, is at least 44 x 44 px (inline links in sentences are not targets of their
    own), with the settings open, for a plain turn, two blind hands and Commerce's
    exchanges; nothing scrolls sideways."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    pg = ctx.new_page()
    pg.goto(f"{fixture_server.url}/_fixture")
    pg.wait_for_function("window.bragTable !== undefined")
    pg.click("[data-toggle=prefs]")
    for name in ("see-on-offer", "carried-pot-two-blind-hands", "commerce-widow-lives"):
        show(pg, name)
        small = pg.evaluate("""() => [...document.querySelectorAll(
              '#table button, #table input:not([type=checkbox]), #table select, '
              + '#table label:has(> input[type=checkbox])')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.id || e.dataset.act || e.textContent.trim().slice(0, 24),
                       e.getBoundingClientRect().width, e.getBoundingClientRect().height])
            .filter(([, w, h]) => w < 44 || h < 44)""")
        assert not small, (name, small)
        assert pg.locator("[data-pref]").count() == 5
        assert pg.evaluate("document.documentElement.scrollWidth") <= 390, name
    ctx.close()
