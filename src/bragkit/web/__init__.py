"""The browser table and pages of ``brag serve`` (issue 13): dependency-free ES modules and
CSS under ``static/``, server-rendered pages as string templates, mounted into the card
room's Starlette app by :func:`routes` (docs/web.md).

>>> [r.path for r in routes()][3:6]
['/static', '/table/{table_id}', '/']
"""

from __future__ import annotations

import json
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from bragkit.errors import BragError
from bragkit.web import pages
from bragkit.web.casino import CasinoDesks
from bragkit.web.layout import esc, page
from bragkit.web.replay_view import MAX_HISTORY, replay_deals
from bragkit.web.table_page import table_html

__all__ = ["STATIC", "routes"]

STATIC = Path(__file__).parent / "static"
"""The folder of the static files (ES modules, CSS, icons)."""


async def _table(request: Request) -> HTMLResponse:
    table_id = request.path_params["table_id"]
    return HTMLResponse(table_html(table_id, live=True, bots=_bot_names()))


def _bot_names() -> tuple[str, ...]:
    from bragkit.bots import bot_names

    return tuple(bot_names("modern"))


async def _start(request: Request) -> HTMLResponse:
    return HTMLResponse(pages.start_html())


async def _lobby(request: Request) -> HTMLResponse:
    return HTMLResponse(pages.lobby_html())


async def _ledger(request: Request) -> HTMLResponse:
    return HTMLResponse(pages.ledger_html(request.path_params["table_id"]))


async def _history(request: Request) -> HTMLResponse:
    return HTMLResponse(pages.history_html(request.path_params["table_id"]))


async def _rules_index(request: Request) -> HTMLResponse:
    return HTMLResponse(pages.rules_index_html())


async def _rules(request: Request) -> HTMLResponse:
    try:
        return HTMLResponse(pages.rules_html(request.path_params["game"]))
    except BragError as error:
        return HTMLResponse(page("No such game", f'<main class="page"><h1>No such game</h1>'
                                 f"<p>{esc(error)}</p></main>"), 404)


async def _replay(request: Request) -> JSONResponse:
    raw = await request.body()
    if len(raw) > MAX_HISTORY:
        return JSONResponse({"error": f"a history of at most {MAX_HISTORY} bytes"}, 400)
    try:
        return JSONResponse({"deals": replay_deals(raw.decode("utf-8", "replace"))})
    except BragError as error:
        return JSONResponse({"error": str(error).splitlines()[0]}, 400)


async def _json_body(request: Request) -> dict[str, object]:
    raw = await request.body()
    if len(raw) > 4096:
        raise BragError("the request is larger than 4096 bytes")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise BragError("the request body is not JSON") from None
    if not isinstance(data, dict):
        raise BragError("the request body is a JSON object")
    return data


def _casino_routes() -> list[BaseRoute]:
    desks = CasinoDesks()

    async def page_(request: Request) -> HTMLResponse:
        return HTMLResponse(pages.casino_html())

    async def open_(request: Request) -> JSONResponse:
        try:
            body = await _json_body(request)
            token, view = desks.open(body.get("preset", "casino"), body.get("bankroll", 100))
        except BragError as error:
            return JSONResponse({"error": str(error).splitlines()[0]}, 400)
        return JSONResponse({"token": token, "view": view})

    async def act_(request: Request) -> JSONResponse:
        try:
            body = await _json_body(request)
            view = desks.act(request.path_params["token"], body.get("action"))
        except BragError as error:
            return JSONResponse({"error": str(error).splitlines()[0]}, 400)
        return JSONResponse({"view": view})

    return [Route("/casino", page_, name="casino"),
            Route("/web/casino", open_, methods=["POST"]),
            Route("/web/casino/{token}", act_, methods=["POST"])]


def routes() -> list[BaseRoute]:
    """The web pages and static files, to include in the card room's app."""
    return [*_casino_routes(),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        Route("/table/{table_id}", _table, name="table"),
        Route("/", _start, name="start"),
        Route("/lobby", _lobby, name="lobby"),
        Route("/ledger/{table_id}", _ledger, name="ledger"),
        Route("/history/{table_id}", _history, name="history"),
        Route("/rules", _rules_index, name="rules"),
        Route("/rules/{game}", _rules, name="rules_game"),
        Route("/web/replay", _replay, methods=["POST"], name="replay"),
    ]
