"""The table page's top-up button in real Chromium (issue 12, docs/server.md "Buy-ins,
top-ups and rebuys"): shown only where the server offers a top-up, with the server's
limits; before the first deal it adds to the buy-in, after it (under rebuy_anytime) it is
a rebuy on the seat's own turn; by keyboard (``+``, the amount, Enter) and by click; the
server's stacks and ledger say what the page did."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Browser

from tests.web.conftest import LiveServer
from tests.web.play import act, create_table, my_turn, sit, table_facts, top_up_table, wait_stack

FORM = "#topup"
BOX = "#topup-amount"
HELP = "#topup-help"


def test_top_up_before_the_deal_by_keyboard_then_a_rebuy_by_click(
        browser: Browser, room_server: LiveServer) -> None:
    url = room_server.url
    table = top_up_table(url)
    tid = table["table"]
    ann = sit(browser, table["seats"]["p1"], "Ann", buy_in=40)
    pg = ann.page
    # the table waits for Ben: the top-up adds to the buy-in, up to buy_in_max (100)
    pg.wait_for_selector(f"{FORM}:not([hidden])")
    assert pg.locator(HELP).inner_text() == "1\u201360 chips"
    assert pg.locator(BOX).get_attribute("max") == "60"
    assert "+" in pg.locator(f"{FORM} kbd").inner_text()
    pg.evaluate("document.activeElement && document.activeElement.blur()")
    pg.keyboard.press("+")
    assert pg.evaluate("document.activeElement.id") == "topup-amount"
    pg.keyboard.type("25")
    pg.keyboard.press("Enter")
    wait_stack(url, tid, 0, 65)
    pg.wait_for_function(f"document.querySelector('{HELP}').textContent === '1\u201335 chips'")
    # more than the server allows: the page says so and sends nothing
    pg.fill(BOX, "36")
    pg.click(f"{FORM} button")
    pg.wait_for_function("document.getElementById('status').textContent"
                         ".includes('1 to 35 chips')")
    assert table_facts(url, tid)["stacks"][0] == 65

    ben = sit(browser, table["seats"]["p2"], "Ben", buy_in=40)   # the last seat: the first deal
    pg.wait_for_function("window.bragTable.state().hand_no >= 1")
    # after the first deal a top-up is a rebuy on Ann's own turn: Ben plays until it comes
    end = time.monotonic() + 60
    while not my_turn(ann):
        assert time.monotonic() < end, "Ann's turn never came"
        if my_turn(ben):
            pg.wait_for_function(f"document.querySelector('{BOX}').disabled")
            assert pg.locator(HELP).inner_text().startswith("on your turn")
            kinds = [a["kind"] for a in (ben.state() or {})["actions"]]
            act(ben, next(k for k in ("see", "look", "fold", *kinds) if k in kinds),
                keyboard=False)
            ben.page.wait_for_function("document.getElementById('sending').hidden")
        time.sleep(0.05)
    pg.wait_for_function(f"!document.querySelector('{BOX}').disabled")
    stack = table_facts(url, tid)["stacks"][0]
    most = int(pg.locator(BOX).get_attribute("max") or 0)
    assert most == min(100 - stack, 100) and most > 0
    pg.fill(BOX, str(most))
    pg.click(f"{FORM} button")
    wait_stack(url, tid, 0, 100)
    ledger = httpx.get(f"{url}/api/tables/{tid}/ledger", params={"token": table["host_token"]},
                       timeout=10).json()
    assert ledger["zero_sum"] is True
    assert ledger["balances"]["player:Ann"] == -(65 + most)   # Ann paid for every chip
    pg.wait_for_function(f"document.querySelector('{HELP}').textContent"
                         ".includes(\"at the table's most\")")
    assert not ann.errors and not ben.errors, (ann.errors, ben.errors)


def test_no_top_up_button_where_the_rules_have_no_rebuys(browser: Browser,
                                                         room_server: LiveServer) -> None:
    url = room_server.url
    table = create_table(url, preset="modern", seats=2, stack=40, bots={"p2": "random"},
                         options={"approval": False, "bot_delay": 0, "timer": 120})
    ann = sit(browser, table["seats"]["p1"], "Ann")   # the last seat: dealt at once
    pg = ann.page
    pg.wait_for_function("window.bragTable.state().hand_no >= 1")
    pg.wait_for_selector("#seatbox:not([hidden])")
    assert pg.locator(FORM).count() == 0 or pg.locator(FORM).is_hidden()
    pg.evaluate("document.activeElement && document.activeElement.blur()")
    pg.keyboard.press("+")   # nothing to top up: the key does nothing
    assert pg.evaluate("document.activeElement.id") != "topup-amount"
    assert not ann.errors, ann.errors
