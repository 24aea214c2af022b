"""The host's top-up control on the table page in real Chromium (issue 12, docs/web.md
"The host's controls", docs/server.md "Buy-ins, top-ups and rebuys"): one form per seat the
server lets the host top up (the host's frames carry ``top_ups``), within that seat's limit;
before the first deal it adds to the seat's buy-in, after it (rebuy_anytime) it is a rebuy
on that seat's own turn, and the server's refusal at another time is shown in one line;
by keyboard (``$``, the amount, Enter) and by click; the stacks, the ledger API and the
ledger page say what the host did; a guest gets neither the control nor the limits."""

from __future__ import annotations

import time

import httpx
from playwright.sync_api import Browser, Page

from tests.web.a11y import serious
from tests.web.conftest import LiveServer
from tests.web.play import (
    Seat,
    act,
    host_page,
    my_turn,
    sit,
    table_facts,
    top_up_table,
    wait_stack,
)

ROWS = "#host-topup-rows form.host-topup"
ERROR = "#host-topup-error"


def _row(seat: str) -> str:
    return f'form.host-topup[data-seat="{seat}"]'


def _help(pg: Page, seat: str) -> str:
    return pg.locator(f"#host-topup-{seat}-help").inner_text()


def _play_on(seat: Seat) -> None:
    """``seat`` takes a cheap offered action by click (never a rebuy) and waits for it."""
    kinds = [a["kind"] for a in (seat.state() or {})["actions"]]
    act(seat, next(k for k in ("see", "look", "fold", *kinds) if k in kinds and k != "rebuy"),
        keyboard=False)
    seat.page.wait_for_function("document.getElementById('sending').hidden")


def test_host_tops_up_before_the_deal_by_keyboard_then_a_rebuy_on_the_seats_turn(
        browser: Browser, room_server: LiveServer) -> None:
    url = room_server.url
    table = top_up_table(url)
    tid = table["table"]
    host = host_page(browser, table["host_link"])
    hp = host.page
    ann = sit(browser, table["seats"]["p1"], "Ann", buy_in=40)
    # before the first deal: a form for Ann's seat only (p2 is empty, p3 a bot), with the
    # server's limit (buy_in_max 100 - 40), a visible key hint and labels
    hp.wait_for_selector(f"{_row('p1')}")
    assert hp.locator(ROWS).count() == 1
    assert _help(hp, "p1") == "1\u201360 chips"
    assert hp.locator("#host-topup-p1").get_attribute("max") == "60"
    assert hp.locator("#host-topups-h kbd").inner_text() == "$"
    assert hp.locator(f"{_row('p1')} button").get_attribute("aria-label") == "top up p1 Ann"
    assert "p1 Ann" in (hp.locator("#host-topup-p1").get_attribute("aria-label") or "")
    assert host.frames[-1]["top_ups"] == [{"max": 60, "now": True, "rebuy": False}, None, None]
    # by keyboard: "$" puts the host in the box, the amount and Enter send it
    hp.evaluate("document.activeElement && document.activeElement.blur()")
    hp.keyboard.press("$")
    assert hp.evaluate("document.activeElement.id") == "host-topup-p1"
    hp.keyboard.type("25")
    hp.keyboard.press("Enter")
    wait_stack(url, tid, 0, 65)
    hp.wait_for_function("document.getElementById('host-topup-p1-help').textContent"
                         " === '1\u201335 chips'")
    assert hp.locator("#host-topup-p1").input_value() == ""   # cleared once acknowledged
    assert "(65 chips)" in hp.locator(f"{_row('p1')} label").inner_text()
    # more than the seat's limit: the page says so in one line and sends nothing
    hp.fill("#host-topup-p1", "36")
    hp.click(f"{_row('p1')} button")
    assert hp.locator(ERROR).inner_text() == "A top-up for p1 is 1 to 35 chips."
    assert table_facts(url, tid)["stacks"][0] == 65
    # the guest sees no host control and gets no seat's limits
    assert ann.page.locator("#hostbox").is_hidden()
    assert ann.page.locator("form.host-topup").count() == 0
    assert all("top_ups" not in f for f in ann.frames)

    ben = sit(browser, table["seats"]["p2"], "Ben", buy_in=40)   # the last seat: the first deal
    hp.wait_for_function("window.bragTable.state().hand_no >= 1")
    hp.wait_for_selector(_row("p2"))
    # the refusal first (on Ben's turn), then the rebuy at Ann's next turn
    refused = rebought = False
    most = 0
    end = time.monotonic() + 90
    while not (refused and rebought):
        assert time.monotonic() < end, (refused, rebought, hp.locator(ERROR).inner_text())
        if my_turn(ben) and not refused:
            # not Ann's turn: the box waits for it, and the server refuses a top-up now
            hp.wait_for_function("document.getElementById('host-topup-p1-help').textContent"
                                 ".startsWith(\"on p1's turn\")")
            hp.fill("#host-topup-p1", "1")
            hp.click(f"{_row('p1')} button")
            hp.wait_for_function("document.getElementById('host-topup-error').textContent"
                                 ".includes(\"rebuy on p1's own turn\")")
            text = hp.locator(ERROR).inner_text()
            assert "\n" not in text and hp.locator(ERROR).get_attribute("role") == "alert"
            assert hp.locator("#status").is_hidden()   # said once, beside the control
            refused = True
        elif my_turn(ann) and refused and not rebought:
            hp.wait_for_function("document.getElementById('host-topup-p1-help').textContent"
                                 ".includes('on p1\\'s turn now')")
            stack = table_facts(url, tid)["stacks"][0]
            most = int(hp.locator("#host-topup-p1").get_attribute("max") or 0)
            assert most == 100 - stack and most > 0   # rebuy_max 100: buy_in_max bounds it
            hp.fill("#host-topup-p1", str(most))
            hp.click(f"{_row('p1')} button")
            wait_stack(url, tid, 0, 100)
            hp.wait_for_function("document.getElementById('host-topup-p1-help').textContent"
                                 ".includes(\"at the table's most\")")
            assert hp.locator("#host-topup-p1").is_disabled()
            assert hp.locator(ERROR).is_hidden()
            rebought = True
        elif my_turn(ann):
            _play_on(ann)
        elif my_turn(ben):
            _play_on(ben)
        time.sleep(0.05)
    ledger = httpx.get(f"{url}/api/tables/{tid}/ledger", params={"token": table["host_token"]},
                       timeout=10).json()
    assert ledger["zero_sum"] is True
    assert ledger["balances"]["player:Ann"] == -(40 + 25 + most)   # Ann paid for every chip
    assert "Ann tops up" in [t["memo"] for t in ledger["transactions"]]
    # the ledger page shows what Ann bought in with, the host's top-ups included
    hp.goto(f"{url}/ledger/{tid}?token={table['host_token']}")
    row = hp.locator("#ledger tbody tr", has=hp.locator("th", has_text="Ann"))
    assert row.locator("td").first.inner_text() == str(40 + 25 + most)
    assert not host.errors and not ann.errors and not ben.errors, \
        (host.errors, ann.errors, ben.errors)


def test_host_top_up_on_a_phone_has_44px_targets_and_passes_axe(
        browser: Browser, room_server: LiveServer) -> None:
    url = room_server.url
    table = top_up_table(url)
    sit(browser, table["seats"]["p1"], "Ann", buy_in=40)
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    pg = ctx.new_page()
    pg.set_default_timeout(10000)
    pg.goto(table["host_link"])
    pg.wait_for_selector(_row("p1"))
    for part in ("input", "button"):
        pg.locator(f"{_row('p1')} {part}").scroll_into_view_if_needed()
        box = pg.locator(f"{_row('p1')} {part}").bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, (part, box)
    assert pg.evaluate("document.documentElement.scrollWidth") <= 390
    pg.fill("#host-topup-p1", "0")
    pg.press("#host-topup-p1", "Enter")
    assert pg.locator(ERROR).inner_text() == "A top-up for p1 is 1 to 60 chips."
    bad = serious(pg, context="#hostbox")
    assert not bad, bad
    ctx.close()
