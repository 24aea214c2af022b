"""Helpers of the end-to-end browser tests: tables on the live card room, seats in their own
browser contexts (cookies and storage of their own), every WebSocket frame a seat receives
recorded, a seat's decisions made by clicking or by keyboard from what its page offers, and
the leak check against the host's full history."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page

from bragkit.cards import card_from_id
from bragkit.history import loads, replay

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[cdhs](?![A-Za-z0-9])")


def create_table(url: str, **body: Any) -> dict[str, Any]:
    """POST /api/tables; the answer (raises on an error status)."""
    r = httpx.post(f"{url}/api/tables", json=body, timeout=10)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def top_up_table(url: str) -> dict[str, Any]:
    """The top-up tests' table: modern, three seats of 40 chips (p3 a random bot), rebuys at
    any time, buy-ins up to 100, no approval, no bot delay; the answer of :func:`create_table`."""
    return create_table(url, preset="modern", seats=3, stack=40, bots={"p3": "random"},
                        rules={"rebuy_anytime": True},
                        options={"approval": False, "bot_delay": 0, "timer": 120,
                                 "buy_in_max": 100})


def table_facts(url: str, table: str) -> dict[str, Any]:
    """GET /api/tables/{table}: the table's public facts (stacks, hand number, ...)."""
    out: dict[str, Any] = httpx.get(f"{url}/api/tables/{table}", timeout=10).json()
    return out


def wait_stack(url: str, table: str, seat: int, chips: int, timeout: float = 10) -> None:
    """Wait until the server says seat ``seat`` (0-based) has ``chips`` chips."""
    end = time.monotonic() + timeout
    while table_facts(url, table)["stacks"][seat] != chips:
        assert time.monotonic() < end, table_facts(url, table)
        time.sleep(0.05)


@dataclass
class Seat:
    """One person at the table: a page in its own context, and the frames it received."""

    name: str
    context: BrowserContext
    page: Page
    frames: list[dict[str, Any]] = field(default_factory=list)
    acted: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def state(self) -> dict[str, Any] | None:
        out: dict[str, Any] | None = self.page.evaluate("window.bragTable.state()")
        return out


def my_turn(seat: Seat) -> bool:
    """Whether the server offers ``seat`` an action now (its last state frame)."""
    st = seat.state()
    return bool(st and st["actions"])


def sit(browser: Browser, link: str, name: str, *, viewport: tuple[int, int] = (1280, 800),
        buy_in: int | None = None) -> Seat:
    """Open an invite link in a fresh context, type a name (and ``buy_in``, where the table
    offers a choice), sit down."""
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                              reduced_motion="reduce", accept_downloads=True)
    pg = ctx.new_page()
    pg.set_default_timeout(10000)
    seat = Seat(name, ctx, pg)
    pg.on("console", lambda m: seat.errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: seat.errors.append(str(e)))

    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: seat.frames.append(json.loads(payload)))
    pg.on("websocket", on_ws)
    pg.goto(link)
    pg.fill("#join-name", name)
    if buy_in is not None:
        pg.wait_for_selector("#join-buyin-row:not([hidden])")
        pg.fill("#join-buyin", str(buy_in))
    pg.click("#join button[type=submit]")
    pg.wait_for_function("window.bragTable.state() && window.bragTable.state().you !== null")
    return seat


def host_page(browser: Browser, link: str) -> Seat:
    """The host's page (the host link, in a context of its own): a spectator of the deals."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    pg = ctx.new_page()
    pg.set_default_timeout(10000)
    host = Seat("host", ctx, pg)
    pg.on("websocket", lambda ws: ws.on("framereceived",
                                        lambda payload: host.frames.append(json.loads(payload))))
    pg.goto(link)
    pg.wait_for_function("window.bragTable.state() !== null")
    return host


Policy = Callable[[list[str], dict[str, Any]], str]
"""Chooses an offered kind from the kinds on offer and the table message."""


def act(seat: Seat, kind: str, *, keyboard: bool) -> None:
    """Take the offered action ``kind`` at its smallest amount, by key or by click."""
    st = seat.state()
    assert st is not None
    a = next(x for x in st["actions"] if x["kind"] == kind)
    pg = seat.page
    if keyboard:
        hint = pg.locator(f'button[data-act="{a["id"]}"] kbd')
        if hint.count() != 1:
            raise AssertionError(f"no key hint for {kind}: "
                                 f"{pg.locator('#actions').inner_html()[:500]} {st}")
        key = hint.inner_text().lower()
        pg.evaluate("document.activeElement && document.activeElement.blur()")
        pg.keyboard.press(key)
        if (a.get("lo") is not None and a.get("hi") is not None and a["hi"] > a["lo"]) or (
                a.get("args") and not a.get("optional_arg")):
            pg.keyboard.press("Enter")  # the key put us in the amount box / on the first choice
    else:
        arg = a["args"][0] if a.get("args") and not a.get("optional_arg") else None
        sel = f'button[data-act="{a["id"]}"]' + (f'[data-arg="{arg}"]' if arg else "")
        pg.click(sel)


def play(seats: list[Seat], policies: list[Policy], keyboard: list[bool], *,
         until: Callable[[], bool], timeout: float = 90.0,
         check: Callable[[Seat], None] | None = None) -> None:
    """Let each seat act by its policy whenever its page offers actions, until ``until()``."""
    deadline = time.monotonic() + timeout
    while not until():
        if time.monotonic() > deadline:
            info = [(s.name, s.state(), s.page.locator("#status").inner_text(),
                     s.page.locator("#error").inner_text()) for s in seats]
            raise AssertionError(f"the game did not get there in time: {info}")
        moved = False
        for seat, policy, keys in zip(seats, policies, keyboard, strict=True):
            st = seat.state()
            if not st or not st["actions"] or seat.page.evaluate(
                    "!document.getElementById('sending').hidden"):
                continue
            if check is not None:
                check(seat)
            kind = policy([a["kind"] for a in st["actions"]], st)
            act(seat, kind, keyboard=keys)
            seat.acted.append(kind)
            moved = True
            seat.page.wait_for_function(
                "document.getElementById('sending').hidden", timeout=10000)
        if not moved:
            time.sleep(0.05)


def dealt_hands(history_text: str) -> list[dict[int, set[str]]]:
    """For each deal of a full history, the cards each seat held at some point."""
    result = replay(loads(history_text))
    out: list[dict[int, set[str]]] = []
    for record in result.session.records:
        hands: dict[int, set[str]] = {}
        for e in record.final.events:
            if e.seat is not None and e.cards and e.kind in ("deal", "look", "draw",
                                                             "exchange", "keep", "reveal"):
                hands.setdefault(e.seat, set()).update(str(card_from_id(c)) for c in e.cards)
        out.append(hands)
    return out


def _cards_in(obj: object) -> set[str]:
    return set(CARD.findall(json.dumps(obj)))


def leaks(frames: list[dict[str, Any]], seat: int | None, hands: list[dict[int, set[str]]]
          ) -> list[str]:
    """Cards of other seats found in frames sent to ``seat`` (0-based; ``None``: a
    spectator) that the frame does not show to it: a card in ``shown``, the widow or the
    stub, or the seat's own, is fine."""
    found: list[str] = []
    for f in frames:
        view = f.get("view")
        if not isinstance(view, dict) or not view.get("deal"):
            continue
        parts = [(view.get("deal"), {k: v for k, v in view.items() if k != "last_deal"})]
        if view.get("last_deal"):
            parts.append((view["last_deal"]["deal"], view["last_deal"]))
        for deal, part in parts:
            if deal is None or deal > len(hands):
                continue  # a deal the history does not hold (voided by the close)
            held = hands[deal - 1]
            others = set().union(*(c for s, c in held.items() if s != seat)) - held.get(seat, set())
            ok = _cards_in(part.get("shown", {})) | _cards_in(part.get("widow")) \
                | _cards_in(part.get("stub_card")) | _cards_in(part.get("own_cards"))
            bad = (_cards_in(part) & others) - ok
            if bad:
                found.append(f"deal {deal}: {sorted(bad)} in {json.dumps(part)[:300]}")
    return found


def dom_cards(page: Page) -> set[str]:
    """The cards the page draws face up."""
    return set(page.evaluate(
        "[...document.querySelectorAll('[data-c]')].map(e => e.dataset.c)"))
