"""``brag serve`` and ``brag connect`` as a user runs them: the address line, a bot and a
person (typing on stdin) playing over the protocol, and one-line errors."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "src"))


def brag(*args: str, stdin: str | None = None, timeout: float = 60
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bragkit", *args], input=stdin,
                          capture_output=True, text=True, timeout=timeout, env=ENV)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    proc = subprocess.Popen([sys.executable, "-m", "bragkit", "serve", "--db",
                             str(tmp_path / "room.db"), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("brag serve: http://127.0.0.1:"), line
    assert "room.db" in line
    try:
        yield line.split()[2]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)


def _table(base: str, **options: object) -> dict[str, object]:
    body = json.dumps({"preset": "modern", "seats": 3, "stack": 40,
                       "bots": {"p2": "random", "p3": "random"},
                       "options": {"approval": False, "bot_delay": 0, **options}}).encode()
    req = urllib.request.Request(base + "/api/tables", body,
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as answer:
        made: dict[str, object] = json.loads(answer.read())
        return made


def test_connect_with_a_bot_and_by_typing(server: str) -> None:
    made = _table(server, buy_in_max=60)
    seats = made["seats"]
    assert isinstance(seats, dict)
    done = brag("connect", seats["p1"], "--bot", "heuristic", "--deals", "3", "--name", "Robo",
                "--buy-in", "55")
    assert done.returncode == 0, done.stderr
    assert "joined as p1 with 55 chips" in done.stdout and "left the table after" in done.stdout
    assert any(line.startswith("p1 ") for line in done.stdout.splitlines())
    typed = _table(server)
    seats = typed["seats"]
    assert isinstance(seats, dict)
    person = brag("connect", seats["p1"], "--deals", "2", "--name", "Ann",
                  stdin="dance\n" + "fold\n" * 40)
    assert person.returncode == 0, person.stderr
    out = person.stdout
    assert "your turn, p1: blind (not looked at)" in out
    assert "refused: malformed action 'dance'" in out
    assert "fold" in out and "left the table after" in out


def test_one_line_errors(tmp_path: Path) -> None:
    bad_db = brag("serve", "--db", "mysql://x")
    assert bad_db.returncode == 2
    assert bad_db.stderr.strip().splitlines() == [
        "brag: error: unknown database URL scheme 'mysql' (use sqlite:/// or postgresql://)"]
    no_server = brag("connect", "http://127.0.0.1:9/table/abc?invite=x")
    assert no_server.returncode == 2 and len(no_server.stderr.strip().splitlines()) == 1
    assert no_server.stderr.startswith("brag: error: cannot connect")
    not_a_link = brag("connect", "http://127.0.0.1:9/elsewhere")
    assert not_a_link.returncode == 2 and "not a table link" in not_a_link.stderr
