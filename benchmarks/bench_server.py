"""Card-room load benchmark (issue 12): N tables of four seats over loopback WebSockets.

The server (``brag serve``) runs as its own process (pinned to CPU 0 with ``taskset`` when
there is one; ``--cpu``), on a fresh SQLite file or a throwaway PostgreSQL cluster.  This process is
the load generator (its garbage collector tuned as the server's is; not pinned):
for each table, one seat is played by a connected client (a random player thinking
``--think`` seconds, jittered: 3 s by default) and three by the server's bots (waiting
``--bot-delay`` seconds each: 1 s), and a spectator client watches: about 0.67 actions/s
per table, 330 actions/s at 500 tables.  With ``BRAGKIT_SERVE_PROFILE=FILE`` the
server's event loop is profiled (CPU time) into FILE.  It reports, per run:

* actions/s committed by the server (every action of every seat, from the log);
* the client's action-to-broadcast latency: from sending ``act`` to receiving the update
  frame that carries it (the server commits first, then broadcasts, then acks), p50/p99;
* action-to-ack latency p50/p99, and the server's group-commit figures;
* the server's CPU per action over the play window, all of it and its event loop's (the
  main thread; the rest is the store's writer thread and the reading threads);
* that no acknowledged action is lost or doubled (each client action id is in the log
  exactly once, at its acknowledged seq).

    .venv/bin/python benchmarks/bench_server.py --tables 10,100,500 --seconds 20
    .venv/bin/python benchmarks/bench_server.py --tables 100 --db postgresql

A benchmark, not a test: it prints one JSON line per run and a table at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Seat:
    """One client-played seat: a random player with thinking time."""

    def __init__(self, url: str, token: str, think: float, rng: random.Random) -> None:
        self.url = url
        self.token = token
        self.think = think
        self.rng = rng
        self.acks: dict[str, int] = {}
        self.to_broadcast: list[float] = []
        self.to_ack: list[float] = []
        self.errors = 0

    async def run(self, stop: float) -> None:
        async with connect(f"{self.url}?token={self.token}", max_size=2**22,
                           open_timeout=30) as ws:
            latest: dict[str, Any] = {}
            n = 0
            pending: tuple[str, float, int] | None = None
            while time.monotonic() < stop:
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop -
                                                                       time.monotonic()))
                except TimeoutError:
                    break
                frame = json.loads(raw)
                kind = frame.get("t")
                if kind in ("state", "update"):
                    latest = frame
                    if pending is not None and frame["seq"] > pending[2]:
                        self.to_broadcast.append(time.perf_counter() - pending[1])
                elif kind in ("ack", "error") and pending is not None:
                    cid, sent, _ = pending
                    self.to_ack.append(time.perf_counter() - sent)
                    if kind == "ack":
                        self.acks[cid] = frame["seq"]
                    else:
                        self.errors += 1
                    pending = None
                view = latest.get("view") or {}
                if pending is None and view.get("to_act") == view.get("seat") and \
                        view.get("legal"):
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                    pick = self.rng.choice(view["legal"])
                    text = pick["kind"]
                    if pick.get("lo") is not None:
                        text += f" {self.rng.randint(pick['lo'], pick['hi'] or pick['lo'])}"
                    if pick.get("args") and not pick.get("optional_arg"):
                        text += f" {self.rng.choice(pick['args'])}"
                    n += 1
                    cid = f"b{n}"
                    pending = (cid, time.perf_counter(), latest.get("seq", 0))
                    await ws.send(json.dumps({"t": "act", "action": text, "cid": cid}))


async def _spectate(url: str, stop: float) -> int:
    frames = 0
    async with connect(url, max_size=2**22, open_timeout=30) as ws:
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            frames += 1
    return frames


async def _loop_lag(stop: float, lags: list[float]) -> None:
    """How late this process's event loop wakes from a 10-ms sleep, every 10 ms: the load
    generator's own stalls, which count in every latency it measures."""
    while time.monotonic() < stop:
        t0 = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - t0 - 0.01)


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) the process has used (tables set up included)."""
    return _cpu_of(Path(f"/proc/{pid}/stat"))


def _loop_cpu(pid: int) -> float:
    """CPU seconds of the process's main thread: the server's event loop (the rest of its
    CPU is the store's writer thread and the reading threads)."""
    return _cpu_of(Path(f"/proc/{pid}/task/{pid}/stat"))


def _cpu_of(stat: Path) -> float:
    try:
        fields = stat.read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start_server(db: str, port: int, cpu: str, trace: Path) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "bragkit", "serve", "--db", db, "--port", str(port)]
    if cpu != "none" and shutil.which("taskset") and (os.cpu_count() or 1) > 1:
        cmd = ["taskset", "-c", cpu, *cmd]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"), BRAGKIT_STORE_TRACE=str(trace))
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("brag serve:"):
        proc.kill()
        rest = proc.stderr.read() if proc.stderr else ""
        raise SystemExit(f"the server did not start: {line}{rest}")
    return proc


async def _run(base: str, tables: int, seconds: float, think: float, bot_delay: float,
               seed: int, pid: int, bot_jitter: float | None) -> dict[str, Any]:
    rng = random.Random(seed)
    ws_base = base.replace("http://", "ws://")
    seats: list[Seat] = []
    ids: list[str] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for k in range(tables):
            made = (await http.post("/api/tables", json={
                "preset": "modern", "seats": 4, "stack": 10_000,
                "bots": {"p2": "random", "p3": "heuristic", "p4": "random"},
                "options": {"approval": False, "bot_delay": bot_delay, "timer": 600,
                            **({} if bot_jitter is None else {"bot_jitter": bot_jitter})},
            })).json()
            tid = made["table"]
            ids.append(tid)
            joined = (await http.post(f"/api/tables/{tid}/join",
                                      json={"name": f"c{k}", "seat": "p1"})).json()
            seats.append(Seat(f"{ws_base}/ws/tables/{tid}", joined["token"], think,
                              random.Random(rng.random())))
        before = {tid: (await http.get(f"/api/tables/{tid}")).json()["seq"] for tid in ids}
        cpu0 = _cpu(pid)
        loop0 = _loop_cpu(pid)
        own0 = time.process_time()
        start = time.monotonic()
        stop = start + seconds
        lags: list[float] = []
        lagging = asyncio.ensure_future(_loop_lag(stop, lags))
        results = await asyncio.gather(
            *[s.run(stop) for s in seats],
            *[_spectate(f"{ws_base}/ws/tables/{tid}", stop) for tid in ids],
            return_exceptions=True)
        elapsed = time.monotonic() - start
        play_cpu = _cpu(pid) - cpu0
        loop_cpu = _loop_cpu(pid) - loop0
        own_cpu = time.process_time() - own0
        await lagging
        failures = [r for r in results if isinstance(r, BaseException)]
        after = {tid: (await http.get(f"/api/tables/{tid}")).json()["seq"] for tid in ids}
    return {"ids": ids, "seats": seats, "before": before, "after": after,
            "elapsed": elapsed, "play_cpu": play_cpu, "loop_cpu": loop_cpu,
            "own_cpu": own_cpu, "lags": lags,
            "failures": [repr(f) for f in failures[:3]],
            "spectator_frames": sum(r for r in results[len(seats):] if isinstance(r, int))}


def _check(db: str, run: dict[str, Any]) -> dict[str, Any]:
    from bragkit.server.store.base import open_store

    store = open_store(db)
    actions = lost = doubled = 0
    try:
        for tid, seat in zip(run["ids"], run["seats"], strict=True):
            log = store.log(tid, run["before"][tid])
            actions += sum(1 for e in log if e.kind == "action" and e.seq <= run["after"][tid])
            by_cid: dict[str, list[int]] = {}
            for e in store.log(tid):
                if e.client_action_id is not None:
                    by_cid.setdefault(e.client_action_id, []).append(e.seq)
            for cid, seq in seat.acks.items():
                found = by_cid.get(cid, [])
                lost += seq not in found
                doubled += len(found) > 1
    finally:
        store.close()
    return {"actions": actions, "lost": lost, "doubled": doubled}


def _writer(trace: Path) -> dict[str, Any]:
    """The store writer's commits over the whole run (its trace, BRAGKIT_STORE_TRACE):
    how many, jobs per commit, the oldest job's queue wait and the commit's time, p99."""
    try:
        rows = [json.loads(line) for line in trace.read_text().splitlines() if line]
    except OSError:
        return {}
    if not rows:
        return {}
    return {"commits": len(rows),
            "jobs_per_commit": round(sum(r[0] for r in rows) / len(rows), 2),
            "largest_commit": max(r[0] for r in rows),
            "writer_wait_p99_ms": round(1000 * _pct([r[1] for r in rows], 0.99), 2),
            "commit_p50_ms": round(1000 * _pct([r[2] for r in rows], 0.5), 2),
            "commit_p99_ms": round(1000 * _pct([r[2] for r in rows], 0.99), 2),
            "commit_max_ms": round(1000 * max(r[2] for r in rows), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="10,100,500")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=3.0,
                        help="the client's mean thinking time per action (s; a quick player "
                             "at a friendly table takes 2-10 s)")
    parser.add_argument("--bot-delay", type=float, default=1.0,
                        help="the server bots' wait before each action (s; a bot that "
                             "answers at once reads as a machine)")
    parser.add_argument("--bot-jitter", type=float, default=None,
                        help="the tables' bot_jitter option (the server's default if not "
                             "given; 0: every bot waits exactly --bot-delay)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each table count (the series in turn, each a new server)")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", default="0",
                        help="the CPU the server is pinned to (taskset -c), or 'none': on a "
                             "machine where another job holds CPU 0, a pinned server gets "
                             "only its share of that CPU")
    args = parser.parse_args()
    rows = []
    cluster = None
    if args.db == "postgresql":
        from tests.pg import start_cluster

        cluster = start_cluster()
    # the load generator (1,000 connections at 500 tables) tunes its garbage collector as
    # the server does: its own pauses would count as the server's latency
    from bragkit.server.tuning import tune_gc

    tune_gc()
    try:
        counts = [int(x) for x in args.tables.split(",")]
        for n in counts * max(1, args.repeat):
            folder = Path(tempfile.mkdtemp(prefix="bench-server-"))
            if cluster is not None:
                db = cluster.new_database()
            else:
                db = f"sqlite:///{folder / 'room.db'}"
            port = _free_port()
            trace = folder / "writer-trace.jsonl"
            server = _start_server(db, port, args.cpu, trace)
            try:
                cpu0 = _cpu(server.pid)
                run = asyncio.run(_run(f"http://127.0.0.1:{port}", n, args.seconds,
                                       args.think, args.bot_delay, args.seed, server.pid,
                                       args.bot_jitter))
                cpu = _cpu(server.pid) - cpu0
            finally:
                server.terminate()
                try:
                    server.wait(30)
                except subprocess.TimeoutExpired:
                    print(f"the server did not stop in 30 s after SIGTERM ({n} tables): "
                          "killed", file=sys.stderr)
                    server.kill()
                    server.wait(10)
            checked = _check(db, run)
            writer = _writer(trace)
            broadcast = [x for s in run["seats"] for x in s.to_broadcast]
            acked = [x for s in run["seats"] for x in s.to_ack]
            row = {
                "db": args.db, "tables": n, "seconds": round(run["elapsed"], 1),
                "actions": checked["actions"],
                "actions_per_s": round(checked["actions"] / run["elapsed"], 1),
                "client_actions": len(acked),
                "broadcast_p50_ms": round(1000 * _pct(broadcast, 0.5), 2),
                "broadcast_p99_ms": round(1000 * _pct(broadcast, 0.99), 2),
                "ack_p50_ms": round(1000 * _pct(acked, 0.5), 2),
                "ack_p99_ms": round(1000 * _pct(acked, 0.99), 2),
                "mean_ack_ms": round(1000 * statistics.fmean(acked), 2) if acked else None,
                "errors": sum(s.errors for s in run["seats"]),
                "lost": checked["lost"], "doubled": checked["doubled"],
                "client_failures": run["failures"],
                "spectator_frames": run["spectator_frames"],
                "server_cpu_s": round(cpu, 2),
                "server_cpu_ms_per_action": round(1000 * run["play_cpu"]
                                                  / max(1, checked["actions"]), 2),
                "server_loop_cpu_ms_per_action": round(1000 * run["loop_cpu"]
                                                       / max(1, checked["actions"]), 2),
                "server_cpu_setup_s": round(cpu - run["play_cpu"], 2),
                **writer,
                "client_cpu_s": round(run["own_cpu"], 2),
                "client_lag_p99_ms": round(1000 * _pct(run["lags"], 0.99), 2),
                "client_lag_max_ms": round(1000 * max(run["lags"], default=0.0), 2),
                "load_average": os.getloadavg()[0],
                "bot_jitter": args.bot_jitter, "cpu": args.cpu,
                "utc": time.strftime("%H:%M:%S", time.gmtime()),
            }
            print(json.dumps(row), flush=True)
            rows.append(row)
    finally:
        if cluster is not None:
            cluster.stop()
    print(f"{'utc':8} {'db':10} {'tables':>6} {'act/s':>8} {'bcast p50':>10} "
          f"{'bcast p99':>10} {'ack p99':>8} {'commit p99':>10} {'jobs/c':>6} {'cpu/act':>8} "
          f"{'loop/act':>8} {'load':>5} {'lost':>5} {'doubled':>7}")
    for r in rows:
        print(f"{r['utc']:8} {r['db']:10} {r['tables']:>6} {r['actions_per_s']:>8} "
              f"{r['broadcast_p50_ms']:>10} {r['broadcast_p99_ms']:>10} {r['ack_p99_ms']:>8} "
              f"{r.get('commit_p99_ms', '-'):>10} {r.get('jobs_per_commit', '-'):>6} "
              f"{r['server_cpu_ms_per_action']:>8} {r['server_loop_cpu_ms_per_action']:>8} "
              f"{r['load_average']:>5.2f} "
              f"{r['lost']:>5} {r['doubled']:>7}")


if __name__ == "__main__":
    main()
