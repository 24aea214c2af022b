"""The browser table and pages of ``brag serve`` (issue 13): dependency-free ES modules and
CSS under ``static/``, server-rendered pages as string templates, mounted into the card
room's Starlette app by :func:`routes` (docs/web.md).

>>> [r.path for r in routes()][:3]
['/static', '/table/{table_id}', '/']
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from bragkit.errors import BragError
from bragkit.web import pages
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


def routes() -> list[BaseRoute]:
    """The web pages and static files, to include in the card room's app."""
    return [
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
