"""kill -9 of a process appending to the store, at random moments, at least 10 times.

The drill (bragkit.server.store.drill) plays chip-moving actions on several tables at once
and prints ``ack`` only after the commit.  It is SIGKILLed at random moments and restarted
each time; then no acknowledged action is missing, the seqs have no gap, every ledger
transaction sums to zero, the chips on each table equal what was bought in, and replaying
the log from the start gives exactly the actions stored (so each restart resumed exactly
where the killed process was).
"""

from __future__ import annotations

import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

from bragkit.server.store import open_store
from bragkit.server.store.drill import plan
from bragkit.server.store.ledger import check

ROOT = Path(__file__).resolve().parents[2]
KILLS = 10
TABLES = 6
SEATS = 4
STACK = 100
SEED = 7


def _lines(stream: IO[str], out: queue.Queue[str | None]) -> None:
    for line in stream:
        out.put(line.rstrip("\n"))
    out.put(None)


def run_and_kill(url: str, rng: random.Random, progress: bool = False
                 ) -> tuple[list[str], int]:
    """Start the drill, SIGKILL it at a random moment after it is ready (``progress``:
    after its first ``ack``, so a loaded machine's slow first commit cannot leave a run
    with nothing acknowledged); its output lines and its exit status."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "bragkit.server.store.drill", "--db", url, "--tables",
         str(TABLES), "--seats", str(SEATS), "--stack", str(STACK), "--seed", str(SEED)],
        stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    lines: queue.Queue[str | None] = queue.Queue()
    reader = threading.Thread(target=_lines, args=(proc.stdout, lines), daemon=True)
    reader.start()
    out: list[str] = []
    deadline = time.monotonic() + 60
    while "ready" not in out or (progress and not any(x.startswith("ack ") for x in out)):
        line = lines.get(timeout=max(deadline - time.monotonic(), 0.1))
        assert line is not None, f"the drill stopped before it was ready: {out}"
        out.append(line)
    time.sleep(rng.uniform(0.02, 0.5))
    proc.send_signal(signal.SIGKILL)
    status = proc.wait(timeout=30)
    reader.join(timeout=30)
    while not lines.empty():
        line = lines.get_nowait()
        if line is not None:
            out.append(line)
    return out, status


def test_kill9_loses_no_acknowledged_append(store_url: str) -> None:
    rng = random.Random(2026)
    acked: dict[str, tuple[str, int]] = {}
    resends = 0
    for cycle in range(KILLS):
        out, status = run_and_kill(store_url, rng, progress=not acked)
        assert status == -signal.SIGKILL, out[-3:]
        assert not [line for line in out if line.startswith("error")], out
        resends += sum(1 for line in out if line.startswith("resend "))
        for line in out:
            parts = line.split()
            if len(parts) == 4 and parts[0] == "ack":
                acked[parts[2]] = (parts[1], int(parts[3]))
        assert acked, f"no action acknowledged by cycle {cycle + 1}"
    assert resends >= (KILLS - 4) * TABLES   # restarts resend each table's last action

    store = open_store(store_url)
    try:
        total_actions = 0
        for n in range(1, TABLES + 1):
            table = f"t{n}"
            log = store.log(table)
            assert [e.seq for e in log] == list(range(1, len(log) + 1))   # no gap
            by_cid = {e.client_action_id: e.seq for e in log if e.client_action_id}
            for cid, (acked_table, seq) in acked.items():
                if acked_table == table:
                    assert by_cid.get(cid) == seq, f"acknowledged {cid} missing"
            txns = store.ledger(table)
            check(txns)
            balance = store.balances(table)
            seats = [balance.get(f"seat:{table}:{s}", 0) for s in range(1, SEATS + 1)]
            assert min(seats) >= 0 and balance.get(f"pot:{table}", 0) >= 0
            assert sum(seats) + balance.get(f"pot:{table}", 0) == SEATS * STACK
            assert all(balance[f"player:{table}-{s}"] == -STACK for s in range(1, SEATS + 1))
            # replay from the start: the stored actions are exactly the ones planned
            stacks, pot = [STACK] * SEATS, 0
            entries = [e for e in log if e.kind in ("action", "deal")]
            moves = [t for t in txns if t.memo != "buy-in"]
            number, e_at, t_at = 0, 0, 0
            while e_at < len(entries):
                number += 1
                action = plan(table, number, stacks, SEED, pot)
                for want in action.entries:
                    got = entries[e_at]
                    assert (got.kind, got.payload, got.client_action_id) == \
                        (want.kind, want.payload, want.client_action_id)
                    e_at += 1
                for want_txn in action.txns:
                    assert moves[t_at].entries == want_txn.entries
                    t_at += 1
                    for account, amount in want_txn.entries:
                        if account.startswith("pot:"):
                            pot += amount
                        else:
                            stacks[int(account.rsplit(":", 1)[1]) - 1] += amount
            assert t_at == len(moves) and (stacks, pot) == (seats, balance.get(f"pot:{table}", 0))
            total_actions += number
        assert total_actions >= len(acked)
    finally:
        store.close()
