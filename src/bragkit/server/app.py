"""The card room's ASGI app (Starlette): JSON over HTTP, play over WebSockets.

HTTP (docs/server.md): ``GET /api/health``, ``POST /api/tables``, ``GET /api/tables/{id}``,
``GET /api/tables/{id}/history?token=``, ``POST /api/tables/{id}/join``,
``GET /api/tables/{id}/ledger?token=`` (and ``ledger.csv``), ``POST /api/tables/{id}/close``.
WebSocket: ``/ws/tables/{id}`` (docs/protocol.md).  The browser pages of
:mod:`bragkit.web` are mounted when that package is present.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute

from bragkit.errors import BragError
from bragkit.history import dumps
from bragkit.server.gateway import Gateway
from bragkit.server.money import csv_text, report
from bragkit.server.room import Room
from bragkit.server.runtime import ServerError, TableRuntime
from bragkit.server.store.base import Store
from bragkit.server.tuning import tune_gc

__all__ = ["COOKIE", "MAX_BODY", "create_app"]

COOKIE = "bragkit_token"
"""The cookie holding a guest's player token (HttpOnly, SameSite=Lax)."""

MAX_BODY = 64 * 1024
"""The largest HTTP request body accepted (bytes)."""

_STATUS = {"no_table": 404, "elsewhere": 409, "forbidden": 403, "not_yet": 409, "broken": 500,
           "starting": 503}


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message.splitlines()[0] if message else "error"},
                        status_code=status)


async def _body(request: Request) -> object:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise BragError(f"the request body is larger than {MAX_BODY} bytes")
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BragError("the request body is not JSON") from None


def create_app(store: Store, *, base_url: str = "http://127.0.0.1:8000",
               origins: tuple[str, ...] = (), owner: str | None = None,
               web: bool = True, tune: bool = False) -> Starlette:
    """The app serving ``store``'s tables; ``base_url`` makes the links, ``origins`` are
    the allowed WebSocket ``Origin`` values besides ``base_url``'s own; ``tune``: once the
    tables are resumed, tune the process's garbage collector (:mod:`.tuning`; for a
    process that only serves, as ``brag serve``)."""
    room = Room(store, base_url=base_url, owner=owner)
    gateway = Gateway(room, origins=(base_url.rstrip("/"), *origins))

    async def wrap(call: Any) -> Response:
        try:
            result: Response = await call
            return result
        except ServerError as error:
            return _error(str(error), _STATUS.get(error.code, 400))
        except BragError as error:
            return _error(str(error))

    async def health(request: Request) -> Response:
        if not room.ready:
            return JSONResponse({"ok": False}, status_code=503)
        return JSONResponse({"ok": True})

    async def create(request: Request) -> Response:
        async def go() -> Response:
            return JSONResponse(await room.create(await _body(request)), status_code=201)
        return await wrap(go())

    async def show(request: Request) -> Response:
        async def go() -> Response:
            rt = await room.get(request.path_params["table_id"])
            return JSONResponse(room.meta(rt))
        return await wrap(go())

    async def history(request: Request) -> Response:
        async def go() -> Response:
            rt = await room.get(request.path_params["table_id"])
            token = request.query_params.get("token") or request.cookies.get(COOKIE)
            if rt.is_host(token):
                if not rt.history_is_safe():
                    raise ServerError("not_yet", "the full history (with its packs) is given "
                                      "once the table is closed: the packs would tell the next "
                                      "deal of an unshuffled pack")
                return Response(dumps(rt.history()), media_type="application/json")
            seat = rt.seat_of_token(token)
            if seat is None:
                raise ServerError("forbidden", "history needs the host's token or a seat's")
            return JSONResponse(rt.seat_history(seat))
        return await wrap(go())

    async def join(request: Request) -> Response:
        async def go() -> Response:
            rt = await room.get(request.path_params["table_id"])
            body = await _body(request)
            if not isinstance(body, dict):
                raise BragError("the request body must be a JSON object")
            token = request.cookies.get(COOKIE)
            if not token or rt.seat_of_token(token) is not None or \
                    rt.pending_of_token(token) is not None:
                from bragkit.server.seats import new_token

                token = new_token()
            name = gateway.clean_name(body.get("name"))
            invite = body.get("invite")
            seat = gateway.seat_arg(body.get("seat"))
            buy_in = gateway.chips_arg(body.get("buy_in"), "buy_in")
            got, rid, chips = await rt.request_seat(
                invite if isinstance(invite, str) else None, seat, name, token, buy_in)
            reply = JSONResponse({"token": token, "seat": f"p{got + 1}", "request": rid,
                                  "status": "pending" if rid else "seated", "buy_in": chips},
                                 status_code=202 if rid else 200)
            reply.set_cookie(COOKIE, token, httponly=True, samesite="lax",
                             max_age=30 * 86400)
            return reply
        return await wrap(go())

    async def ledger(request: Request) -> Response:
        async def go() -> Response:
            rt = await _money_table(request)
            return JSONResponse(await report(rt))
        return await wrap(go())

    async def ledger_csv(request: Request) -> Response:
        async def go() -> Response:
            rt = await _money_table(request)
            return PlainTextResponse(await csv_text(rt), media_type="text/csv")
        return await wrap(go())

    async def _money_table(request: Request) -> TableRuntime:
        rt = await room.get(request.path_params["table_id"])
        token = request.query_params.get("token") or request.cookies.get(COOKIE)
        if not rt.is_host(token) and rt.seat_of_token(token) is None:
            raise ServerError("forbidden", "the ledger needs the host's token or a seat's")
        return rt

    async def close(request: Request) -> Response:
        async def go() -> Response:
            rt = await room.get(request.path_params["table_id"])
            if not rt.is_host(request.query_params.get("token")):
                raise ServerError("forbidden", "closing a table needs the host's token")
            if not rt.closed:
                await rt.host_op("close")
            return JSONResponse(room.meta(rt))
        return await wrap(go())

    routes: list[BaseRoute] = [
        Route("/api/health", health),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table_id}", show),
        Route("/api/tables/{table_id}/history", history),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/ledger", ledger),
        Route("/api/tables/{table_id}/ledger.csv", ledger_csv),
        Route("/api/tables/{table_id}/close", close, methods=["POST"]),
        WebSocketRoute("/ws/tables/{table_id}", gateway.endpoint),
    ]
    if web:
        with contextlib.suppress(ImportError):
            from bragkit.web import routes as web_routes

            routes.extend(web_routes())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await room.start()
        if tune:
            tune_gc()
        try:
            yield
        finally:
            await room.stop()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.room = room
    return app

