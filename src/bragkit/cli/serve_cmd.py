"""``brag serve [--db URL] [--host H] [--port P] [--open]``: run the card room.

The server (:mod:`bragkit.server`) needs the ``server`` extra (``pip install
'bragkit[server]'``); this module imports it only when the command runs.  The first line
printed is ``brag serve: http://HOST:PORT (database ...)``, once the server answers; with
``--open`` a table is created (you in p1, bots in the other seats) and its link printed and
opened in the browser.  With ``BRAGKIT_SERVE_PROFILE=FILE`` in the environment the event
loop's thread runs under cProfile and its statistics are written to FILE at exit
(``python -m pstats FILE``; docs/server.md, "Performance").
"""

from __future__ import annotations

import cProfile
import json
import os
import signal
import socket
import sys
import threading
import time
import urllib.request
import webbrowser

import click

from bragkit.cli import cli
from bragkit.errors import BragError

__all__ = ["serve_command"]


def _listen(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        raise BragError(f"cannot listen on {host}:{port}: {error.strerror}") from None
    return sock


def _post(url: str, body: dict[str, object]) -> dict[str, object]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: dict[str, object] = json.loads(answer.read())
        return found


def _announce(base: str, db: str, table: dict[str, object] | None, ready: threading.Event,
              stop: threading.Event) -> None:
    """Wait for /api/health, print the address (and create the --open table)."""
    while not stop.is_set():
        try:
            with urllib.request.urlopen(base + "/api/health", timeout=2) as answer:
                if json.loads(answer.read()).get("ok"):
                    break
        except OSError:
            time.sleep(0.05)
    else:
        return
    click.echo(f"brag serve: {base} (database {db})")
    if table is not None:
        try:
            made = _post(base + "/api/tables", table)
        except OSError as error:
            click.echo(f"brag serve: could not create the table: {error}", err=True)
        else:
            seats = made.get("seats")
            link = seats.get("p1") if isinstance(seats, dict) else None
            click.echo(f"table: {link}")
            click.echo(f"host:  {made.get('host_link')}")
            if isinstance(link, str):
                webbrowser.open(link)
    sys.stdout.flush()
    ready.set()


@cli.command("serve")
@click.option("--db", "db", metavar="URL", default=None,
              help="sqlite:///PATH or postgresql://... (default: BRAG_DB, else room.sqlite3 "
                   "in the user's data directory).")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port (0: any free port; the address is printed).")
@click.option("--open", "open_table", is_flag=True,
              help="Create a table (you in p1, bots elsewhere), print its link, open it.")
@click.option("--preset", default="modern", show_default=True,
              help="The --open table's preset.")
@click.option("--seats", type=click.IntRange(2, 17), default=3, show_default=True,
              help="The --open table's seats.")
@click.option("--bot", default="heuristic", show_default=True,
              help="The bot in the --open table's other seats.")
@click.option("--origin", "origins", multiple=True, metavar="URL",
              help="Another allowed browser Origin (e.g. behind a proxy).")
@click.option("--base-url", default=None, metavar="URL",
              help="The address in the links (default http://HOST:PORT).")
def serve_command(db: str | None, host: str, port: int, open_table: bool, preset: str,
                  seats: int, bot: str, origins: tuple[str, ...], base_url: str | None) -> None:
    """Run the card room: private tables by link, people and bots playing every game.

    Play is over WebSockets (docs/protocol.md), everything else is JSON over HTTP
    (docs/server.md). Every action is written to the database before it is
    acknowledged; a restarted server resumes every table where it was.
    """
    try:
        import uvicorn

        from bragkit.server.app import create_app
        from bragkit.server.store.base import default_url, open_store
    except ImportError as error:
        raise BragError(f"brag serve needs the server extra: pip install 'bragkit[server]' "
                        f"({error.name} is missing)") from None
    url = db or default_url()
    store = open_store(url)
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    base = (base_url or f"http://{shown}:{bound}").rstrip("/")
    app = create_app(store, base_url=base, origins=origins, tune=True)
    config = uvicorn.Config(app, log_level="warning", ws_max_size=64 * 1024,
                            ws_per_message_deflate=False, lifespan="on",
                            timeout_graceful_shutdown=3)
    server = uvicorn.Server(config)
    table: dict[str, object] | None = None
    if open_table:
        table = {"preset": preset, "seats": seats, "options": {"approval": False},
                 "bots": {f"p{s + 1}": bot for s in range(1, seats)}}
    ready, stop = threading.Event(), threading.Event()
    shown_db = url.split("@")[-1] if url.startswith("postgres") else url
    announcer = threading.Thread(target=_announce, args=(base, shown_db, table, ready, stop),
                                 daemon=True)
    announcer.start()
    profile_to = os.environ.get("BRAGKIT_SERVE_PROFILE")
    profiler = cProfile.Profile(time.thread_time) if profile_to else None  # CPU, not waits
    if profiler is not None:  # uvicorn re-raises SIGTERM once it has shut down: end here
        signal.signal(signal.SIGTERM, lambda sig, frame: sys.exit(128 + sig))
    try:
        if profiler is not None:  # the event loop's thread, for benchmarks/bench_server.py
            profiler.runcall(server.run, sockets=[sock])
        else:
            server.run(sockets=[sock])
    finally:
        stop.set()
        sock.close()
        store.close()
        if profiler is not None and profile_to:
            profiler.dump_stats(profile_to)
