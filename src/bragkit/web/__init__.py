"""The browser table and pages of ``brag serve`` (issue 13): dependency-free ES modules and
CSS under ``static/``, server-rendered pages as string templates, mounted into the card
room's Starlette app by :func:`routes` (docs/web.md).

>>> [r.path for r in routes()][:2]
['/static', '/table/{table_id}']
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

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


def routes() -> list[BaseRoute]:
    """The web pages and static files, to include in the card room's app."""
    return [
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
        Route("/table/{table_id}", _table, name="table"),
    ]
