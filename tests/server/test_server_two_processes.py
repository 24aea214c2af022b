"""Beyond one process (issue 12): two ``brag serve`` processes share one PostgreSQL; each
table is owned by one process at a time (an advisory lock), both play their tables, the
other process refuses a table it does not own, and when an owner dies (kill -9) the other
process resumes its tables from the log."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

pytestmark = pytest.mark.server

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def serve(db: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen([sys.executable, "-m", "bragkit", "serve", "--db", db, "--port",
                             "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("brag serve: "), (line, proc.stderr and proc.stderr.read())
        yield line.split()[2], proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def _bots(base: str, hands: int, stack: int = 400) -> dict[str, Any]:
    r = httpx.post(f"{base}/api/tables", json={
        "preset": "modern", "seats": 3, "stack": stack, "hands": hands,
        "bots": {"p1": "random", "p2": "random", "p3": "heuristic"},
        "options": {"bot_delay": 0.02}}, timeout=10)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def _wait(base: str, tid: str, test: Any, timeout: float = 60) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        data: dict[str, Any] = httpx.get(f"{base}/api/tables/{tid}", timeout=10).json()
        if test(data):
            return data
        assert time.monotonic() < end, data
        time.sleep(0.1)


def _played_out(done: dict[str, Any]) -> None:
    """A four-deal table ended as it should: its four deals played (a pot carried at the
    fourth deal is played on for, docs/server.md), or sooner because random bots left fewer
    than two stacks that can play (seen once in CI: three deals, two seats bust)."""
    hands = done["hands_played"]
    assert 4 <= hands <= 14 or sum(1 for chips in done["stacks"] if chips > 0) < 2, done


def test_two_servers_share_one_postgresql(pg_url: str) -> None:
    with serve(pg_url) as (a, proc_a), serve(pg_url) as (b, _):
        on_a = [_bots(a, 4) for _ in range(2)]
        on_b = [_bots(b, 4) for _ in range(2)]
        # still playing when its owner dies (random bots can bust a small stack in 20 deals;
        # 400 chips keep the four-deal tables from ending early with fewer than two stacks)
        long_a = _bots(a, 10_000, stack=10_000)
        for made in on_a:
            done = _wait(a, made["table"], lambda d: d["finished"])
            _played_out(done)
            assert sum(done["stacks"]) == 1200 and done["pot"] == 0
        for made in on_b:
            done = _wait(b, made["table"], lambda d: d["finished"])
            _played_out(done)
            assert done["pot"] == 0
        refused = httpx.get(f"{b}/api/tables/{long_a['table']}", timeout=10)
        assert refused.status_code == 409 and "another server" in refused.json()["error"]
        played = _wait(a, long_a["table"], lambda d: d["hands_played"] >= 2)
        proc_a.kill()  # kill -9: its advisory locks go with its connections
        proc_a.wait(10)
        end = time.monotonic() + 30
        while True:
            got = httpx.get(f"{b}/api/tables/{long_a['table']}", timeout=10)
            if got.status_code == 200:
                break
            assert time.monotonic() < end, got.text
            time.sleep(0.2)
        later = _wait(b, long_a["table"],
                      lambda d: d["hands_played"] > played["hands_played"] + 2,
                      timeout=180)  # a loaded CI machine; resuming replays the log first
        assert sum(later["stacks"]) + later["pot"] == 30_000
        ledger = httpx.get(f"{b}/api/tables/{long_a['table']}/ledger",
                           params={"token": long_a["host_token"]}, timeout=10).json()
        assert ledger["zero_sum"]
