"""``brag connect URL [--name NAME] [--bot KIND] [--deals N]``: play at a card-room table
from the terminal, over the documented protocol (docs/protocol.md) only.

URL is a table link: an invite (``.../table/ID?invite=...``: you ask for that seat, the
host may have to approve) or a seat's or the host's link (``?token=...``).  Without
``--bot`` you type each action (``look``, ``bet 4``, ``see``, ``fold``, ...; ``quit`` leaves
the table); with ``--bot`` any bragkit bot plays the seat from the seat's own view.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import sys
from typing import Any

import click

from bragkit.cli import cli
from bragkit.errors import BragError

__all__ = ["connect_command"]


def _say(text: str) -> None:
    click.echo(text)
    sys.stdout.flush()


def _show(view: dict[str, Any], seen: tuple[int, int]) -> tuple[int, int]:
    """Print the events of the deal not printed yet (and, when a new deal has begun, how the
    last one ended); ``seen`` and the answer are (deal, events printed)."""
    events = view.get("events") or []
    deal = view.get("deal") or 0
    printed = seen[1]
    if deal != seen[0]:
        printed = 0
        last = view.get("last_deal") or {}
        if seen[0] and last.get("deal") == seen[0]:
            for note in last.get("notes") or ():
                _say(f"  {note}")
        _say(f"-- deal {deal} --")
    for line in events[printed:]:
        _say(f"  {line}")
    return deal, len(events)


def _prompt(view: dict[str, Any]) -> str:
    cards = view.get("own_cards")
    hand = f"{cards} ({view.get('hand_name')})" if cards else "blind (not looked at)"
    lines = [f"your turn, {view.get('seat')}: {hand}; pot {view.get('pot')}, stacks "
             f"{view.get('stacks')}"]
    for item in view.get("legal") or []:
        lines.append(f"  {item.get('price') or item.get('text')}")
    for kind, why in (view.get("why_not") or {}).items():
        lines.append(f"  (no {kind}: {why})")
    return "\n".join(lines)


async def _play(link: str, name: str, bot_kind: str | None, deals: int | None,
                seed: int | None, buy_in: int | None = None) -> dict[str, Any]:
    from bragkit.bots import get_bot
    from bragkit.games import house_game
    from bragkit.rules import resolve
    from bragkit.server.client import ClientError, RoomClient, ws_url
    from bragkit.server.options import build_rules, table_bot
    from bragkit.server.remote import legal_from_json, view_from_json

    url, query = ws_url(link)
    client = RoomClient(url, token=query.get("token"), record=False)
    await client.open()
    welcome = client.welcome or {}
    you = welcome.get("you") or {}
    seat = you.get("seat")
    if seat is None and not you.get("host"):
        join: dict[str, Any] = {"t": "join", "name": name}
        if query.get("invite"):
            join["invite"] = query["invite"]
        if buy_in is not None:
            join["buy_in"] = buy_in
        reply = await client.call(join)
        if reply.get("t") == "error":
            raise ClientError(f"cannot join: {reply.get('error')}")
        seat = reply.get("seat")
        _say(f"joined as {seat} with {reply.get('buy_in')} chips (keep this token to come "
             f"back: {reply.get('token')})")
        if reply.get("status") == "pending":
            _say("waiting for the host to approve your seat ...")
        await client.wait_for(lambda f: (f.get("view") or {}).get("seat") == seat,
                              timeout=24 * 3600)
    if seat is None:
        raise ClientError("this link gives no seat (a host link: join from the browser)")
    spec = client.table.get("rules", "modern")
    if house_game(spec) is not None:  # a game against the house (casino): its own rules
        house = {k: v for k, v in spec.items() if k != "preset"} if isinstance(spec, dict) \
            else {}
        own = build_rules(spec.get("preset") if isinstance(spec, dict) else spec, house)
        bot = table_bot(bot_kind, own) if bot_kind else None
    else:
        bot = get_bot(bot_kind, resolve(spec)) if bot_kind else None
    rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
    first_deal = client.view.get("deal") or 1
    seen = (0, 0)
    acted = 0
    while True:
        frame = await client.wait_for(
            lambda f: bool(f["table"].get("finished")) or f["table"].get("status") == "closed"
            or (deals is not None and (f["view"].get("deal") or 0) >= first_deal + deals)
            or (f["view"].get("to_act") == seat and bool(f["view"].get("legal"))),
            timeout=24 * 3600)
        view = frame["view"]
        seen = _show(view, seen) if bot is None else seen
        table = frame["table"]
        if table.get("finished") or table.get("status") == "closed" or (
                deals is not None and (view.get("deal") or 0) >= first_deal + deals):
            break
        if bot is not None:
            action = str(bot.act(view_from_json(view), legal_from_json(view["legal"]), rng))
            _say(f"{seat} {action}")
        else:
            _say(_prompt(view))
            line = await asyncio.to_thread(sys.stdin.readline)
            action = line.strip()
            if not line or action in ("quit", "exit"):
                break
            if not action:
                continue
        reply = await client.act(action)
        if reply.get("t") == "error":
            _say(f"refused: {reply.get('error')}")
            if bot is not None:  # a bot that errs: the timer's default keeps the table going
                await asyncio.sleep(0.05)
        else:
            acted += 1
    summary = dict(client.table)
    await client.close()
    summary["acted"] = acted
    return summary


@cli.command("connect")
@click.argument("link", metavar="URL")
@click.option("--name", default="player", show_default=True, help="Your name at the table.")
@click.option("--bot", "bot", default=None, metavar="KIND",
              help="Let a bragkit bot play the seat (random, heuristic, strong, ...).")
@click.option("--deals", type=click.IntRange(min=1), default=None,
              help="Leave after this many deals.")
@click.option("--seed", type=int, default=None, help="Seed the bot's choices.")
@click.option("--buy-in", "buy_in", type=click.IntRange(min=1), default=None,
              help="Chips to buy in with (within the table's bounds; default its stack).")
def connect_command(link: str, name: str, bot: str | None, deals: int | None,
                    seed: int | None, buy_in: int | None) -> None:
    """Play at the card-room table of URL (an invite or a seat's link) from the terminal."""
    try:
        from websockets.exceptions import WebSocketException
    except ImportError:
        raise BragError("brag connect needs the server extra: pip install "
                        "'bragkit[server]'") from None
    try:
        result = asyncio.run(_play(link, name, bot, deals, seed, buy_in))
    except (OSError, WebSocketException) as error:
        raise BragError(f"cannot connect to {link}: {error}") from None
    except TimeoutError:
        raise BragError(f"no answer from {link}") from None
    stacks = result.get("stacks")
    _say(f"left the table after {result.get('hands_played')} deals; stacks {stacks}; "
         f"{result['acted']} actions")
