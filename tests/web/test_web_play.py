"""End to end in real Chromium (issue 13): two people in two browser contexts and a bot play
complete deals on the live card room, by clicking and by keyboard; the stacks both browsers
show equal the server's ledger, the downloaded history replays to them, and no frame or page
of a seat ever holds an unrevealed card of another seat."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser

from bragkit.history import loads, replay
from tests.web.conftest import LiveServer
from tests.web.play import (
    CARD,
    Policy,
    Seat,
    create_table,
    dealt_hands,
    dom_cards,
    host_page,
    leaks,
    play,
    sit,
    table_facts,
)


def _finish(url: str, table: dict[str, Any], seats: list[Seat], host: Seat) -> dict[str, Any]:
    """Close the table as its host; the stacks shown in every browser must equal the
    server's and its ledger's, and the host's history must replay to them."""
    tid, token = table["table"], table["host_token"]
    r = httpx.post(f"{url}/api/tables/{tid}/close", params={"token": token}, timeout=10)
    assert r.status_code == 200, r.text
    facts: dict[str, Any] = httpx.get(f"{url}/api/tables/{tid}", timeout=10).json()
    host_pg = host.page
    for pg in [*(s.page for s in seats), host_pg]:
        pg.wait_for_function("document.getElementById('t-sub').textContent.includes('closed')")
    shown = [[int(x) for x in s.page.locator("#seats .seat .stack").all_inner_texts()]
             for s in seats]
    # each page puts its own seat first in DOM order of the seats (seat order p1..pn)
    assert shown[0] == shown[1] == facts["stacks"], (shown, facts["stacks"])
    ledger = httpx.get(f"{url}/api/tables/{tid}/ledger", params={"token": token},
                       timeout=10).json()
    assert ledger["zero_sum"] is True
    people = {p["name"]: p for p in ledger["people"]}
    for i, s in enumerate(seats):
        p = people[s.name]
        assert p["net"] + p["bought_in"] - p["cashed_out"] == facts["stacks"][i], (p, facts)
    # the ledger page shows the server's settle-up, transfer by transfer
    ledger_pg = host.context.new_page()
    ledger_pg.goto(url + (host.page.locator("#ledger-link").get_attribute("href") or ""))
    ledger_pg.wait_for_selector("#ledger table")
    party = {"bank": "the bank (the bots' seats)", "house": "the house (the dealer)"}
    owed = [f'{party.get(t["from"], t["from"])} pays {party.get(t["to"], t["to"])} '
            f'{t["chips"]} chips' for t in ledger["settle_up"]]
    if owed:
        assert ledger_pg.locator("#settle li").all_inner_texts() == owed
    else:
        assert "Nobody owes anybody." in ledger_pg.locator("#ledger").inner_text()
    rows = ledger_pg.locator("#ledger tbody th").all_inner_texts()
    assert rows == [p["name"] for p in ledger["people"]] + (
        [party["bank"]] if ledger["bank"] else []), rows  # the bot's chips: the bank's net
    ledger_pg.close()
    # each seat downloads its own history from its page: its deals, other hands hidden
    histories: list[dict[str, Any]] = []
    for i, s in enumerate(seats):
        link = s.page.locator("#history-link")
        with s.page.expect_download() as dl:
            link.click()
        own = json.loads(Path(dl.value.path()).read_text(encoding="utf-8"))
        assert len(own["deals"]) == facts["hands_played"]
        for deal in own["deals"]:
            for line in deal["events"]:
                who, kind = line.split()[:2]
                if who != f"p{i + 1}" and kind in ("deal", "look"):
                    assert not CARD.search(line), (s.name, line)
        histories.append(own)
    # the host downloads the full history, which replays to the stacks both browsers show
    with host_pg.expect_download() as dl:
        host_pg.locator("#history-link").click()
    full = Path(dl.value.path()).read_text(encoding="utf-8")
    result = replay(loads(full))
    assert sum(1 for d in loads(full).deals if d) == facts["hands_played"]
    # (a pot still carried when the host closed is split; the history's "split" holds it)
    assert result.summary()["stacks"] == facts["stacks"]
    hands = dealt_hands(full)
    for i, s in enumerate(seats):
        assert not leaks(s.frames, i, hands), leaks(s.frames, i, hands)[:3]
        assert not s.errors, s.errors
    assert len(host.frames) > 3
    assert not leaks(host.frames, None, hands), leaks(host.frames, None, hands)[:3]
    drew = [_step_through_as_the_seat(url, s, i, histories[i], hands)
            for i, s in enumerate(seats)]
    assert max(drew) > 0, drew  # somebody looked: the viewer drew those cards
    return facts


def _step_through_as_the_seat(url: str, seat: Seat, i: int, own: dict[str, Any],
                              hands: list[dict[int, set[str]]]) -> int:
    """The seat's "Step through the hands" link: every finished deal, stepped to its end,
    draws no card of another seat that the seat's own history does not show it (issue 13,
    the hand-history viewer "showing what the viewer was allowed to see"), and draws the
    seat's own cards where its history shows them; the number of deals it drew them in."""
    pg = seat.context.new_page()
    pg.goto(url + (seat.page.locator("#replay-link").get_attribute("href") or ""))
    pg.wait_for_selector("#viewer h2")
    assert pg.locator("#whose").inner_text().startswith(
        f"You see what p{i + 1} ({seat.name}) saw")
    assert "deal_start" not in pg.locator("#viewer").inner_text()  # events in words
    count = sum(1 for d in own["deals"] if d.get("events"))
    assert count == len(hands), (count, len(hands))
    seen = [0]
    for number in range(1, count + 1):
        assert pg.locator("#viewer h2").inner_text().startswith(f"Deal {number} of {count}")
        pg.keyboard.press("ArrowDown")  # the deal's last step: every card it showed
        assert "How it ended" in pg.locator("#viewer").inner_text()
        assert f"{seat.name} (you)" in pg.locator("#viewer tbody th").all_inner_texts()
        drawn = dom_cards(pg) | set(CARD.findall(pg.locator("#viewer").inner_text()))
        allowed = set(CARD.findall(json.dumps(own["deals"][number - 1]))) | \
            hands[number - 1].get(i, set())
        others = set().union(*(c for s, c in hands[number - 1].items() if s != i))
        assert not (drawn & others) - allowed, (seat.name, number, sorted(drawn & others))
        # and what the history shows it is drawn: its own cards once it saw them
        mine = set(CARD.findall(json.dumps(own["deals"][number - 1]))) & \
            hands[number - 1].get(i, set())
        assert mine <= drawn, (seat.name, number, sorted(mine - drawn))
        seen[0] += bool(mine)
        pg.keyboard.press("]")
    pg.close()
    return seen[0]


def dom_check(bad: list[str], blind: str | None = None) -> Callable[[Seat], None]:
    """A check of a seat's page on its turn: it draws face up only its own cards and the
    cards its table message shows (seats' shown cards, the last deal's shown hands, the
    stub); the seat called ``blind`` has no own cards in its message. Faults go to ``bad``."""
    def check(seat: Seat) -> None:
        st = seat.state()
        assert st is not None
        face_up = dom_cards(seat.page)
        own = set(((st.get("own") or {}).get("cards") or "").split())
        shown = {c for s in st["seats"] for c in (s.get("cards") or "").split()}
        shown |= {c for h in (st.get("last") or {}).get("shown", []) for c in h["cards"].split()}
        stray = face_up - own - shown - {st.get("stub") or ""}
        if stray or (seat.name == blind and own):
            bad.append(f"{seat.name}: {sorted(stray)} own={sorted(own)}")
    return check


def test_modern_brag_two_browsers_and_a_bot(browser: Browser, room_server: LiveServer) -> None:
    url = room_server.url
    table = create_table(url, preset="modern", seats=3, stack=200, bots={"p3": "random"},
                         options={"approval": False, "bot_delay": 0, "timer": 120})
    ann = sit(browser, table["seats"]["p1"], "Ann")
    ben = sit(browser, table["seats"]["p2"], "Ben")
    host = host_page(browser, table["host_link"])
    seats = [ann, ben]
    dom_ok: list[str] = []
    # every seat is taken (two people and a bot): the host's page offers no seat to take
    host.page.wait_for_function("window.bragTable.state().seats.every(s => s.status !== 'empty')")
    assert host.page.locator("#join").is_hidden()

    def first(kinds: list[str], *prefer: str) -> str:
        return next((k for k in prefer if k in kinds), kinds[0])

    def cheap(kinds: list[str], st: dict[str, Any]) -> list[str]:
        """The kinds on offer without a bet dearer than 6 chips (so nobody goes broke)."""
        dear = any(a["kind"] == "bet" and a["cost_lo"] > 6 for a in st["actions"])
        return [k for k in kinds if not (k == "bet" and dear)]

    def stays_blind(kinds: list[str], st: dict[str, Any]) -> str:
        return first(cheap(kinds, st), "see", "bet", "release", "fold")

    def looks(kinds: list[str], st: dict[str, Any]) -> str:
        return first(cheap(kinds, st), "look", "see", "bet", "keep", "release", "fold")

    def saw_a_see() -> bool:
        deals = {f["view"].get("deal") for s in seats for f in s.frames
                 if isinstance(f.get("view"), dict)}
        return "see" in ann.acted + ben.acted and len(deals - {None}) >= 3

    play(seats, [stays_blind, looks], [True, False], until=saw_a_see,
         check=dom_check(dom_ok, blind="Ann"),
         timeout=120)
    assert not dom_ok, dom_ok[:3]
    # Ann stayed blind all along: her page never drew her own cards face up
    assert not any((f.get("view") or {}).get("own_cards") for f in ann.frames)
    assert any((f.get("view") or {}).get("own_cards") for f in ben.frames)
    facts = _finish(url, table, seats, host)
    assert facts["hands_played"] >= 2


def test_teen_patti_side_show(browser: Browser, room_server: LiveServer) -> None:
    url = room_server.url
    table = create_table(url, preset="teen-patti", seats=3, stack=80, bots={"p3": "random"},
                         options={"approval": False, "bot_delay": 0, "timer": 120})
    ann = sit(browser, table["seats"]["p1"], "Ann", viewport=(390, 844))
    ben = sit(browser, table["seats"]["p2"], "Ben")
    host = host_page(browser, table["host_link"])
    seats = [ann, ben]

    side_deals: list[int] = []
    dom_ok: list[str] = []

    def side_show(seat: Seat) -> Policy:
        def choose(kinds: list[str], st: dict[str, Any]) -> str:
            for k in ("look", "sideshow", "accept", "see"):
                if k in kinds:
                    if k == "sideshow":
                        side_deals.append(max(int((f.get("view") or {}).get("deal") or 0)
                                              for f in seat.frames))
                    return k
            return "bet" if "bet" in kinds else kinds[0]
        return choose

    def side_show_deal_over() -> bool:
        """A side show was asked for, and the deal it was asked in is over (played whole,
        not voided by the close)."""
        return bool(side_deals) and \
            table_facts(url, table["table"])["hands_played"] >= side_deals[0]

    play(seats, [side_show(ann), side_show(ben)], [False, True], until=side_show_deal_over,
         check=dom_check(dom_ok), timeout=120)
    assert not dom_ok, dom_ok[:3]
    facts = _finish(url, table, seats, host)
    assert facts["hands_played"] >= side_deals[0]


def test_chat_mute_and_sit_out(browser: Browser, room_server: LiveServer) -> None:
    table = create_table(room_server.url, preset="modern", seats=3, stack=50,
                         bots={"p3": "normal"}, options={"approval": False, "timer": 120})
    ann = sit(browser, table["seats"]["p1"], "Ann")
    ben = sit(browser, table["seats"]["p2"], "Ben")
    ann.page.fill("#chat-text", "good luck")
    ann.page.click("#chat-form button")
    ben.page.wait_for_selector("#chatlog li")
    assert ben.page.locator("#chatlog li").first.inner_text().startswith("Ann: good luck")
    assert ann.page.locator("#chatlog [data-mute]").count() == 0  # nobody mutes himself
    ben.page.click('[data-mute="p1"]')
    ben.page.wait_for_timeout(200)
    ann.page.fill("#chat-text", "hello again")
    ann.page.click("#chat-form button")
    ann.page.wait_for_function("document.getElementById('chatlog').children.length === 2")
    ben.page.wait_for_timeout(300)
    assert ben.page.locator("#chatlog li").count() == 1  # muted: Ann's second line not shown
    ben.page.click('[data-seat-op="sit_out"]')
    ann.page.wait_for_function(
        "document.querySelectorAll('#seats .seat')[1].innerText.includes('sitting out')")
    # Ben's own frame may arrive after Ann's: wait for it rather than race it
    ben.page.locator('[data-seat-op="sit_in"]').wait_for(state="visible", timeout=10000)
    assert not ann.errors and not ben.errors
