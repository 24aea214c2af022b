"""A stand-in app for the browser tests: the web pages of :func:`bragkit.web.routes` plus
``/_fixture``, a table page with no WebSocket, fed by ``window.bragTable.update``."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from bragkit.web import routes
from bragkit.web.table_page import table_html


async def _fixture(request: Request) -> HTMLResponse:
    return HTMLResponse(table_html("fixture", title="Fixture"))


def standin_app() -> Starlette:
    """The web routes and the fixture page."""
    return Starlette(routes=[*routes(), Route("/_fixture", _fixture)])
