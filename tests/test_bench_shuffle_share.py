"""benchmarks/bench_shuffle_share.py: the shuffle's share of a run (behaviour, not speed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bench_shuffle_share.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_share_counts_the_shuffles_of_a_shuffling_game() -> None:
    done = _run("foster", "--decisions", "400")
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("foster: ") and "decisions a deal" in line and "of the time" in line
    shuffles = int(line.split(" shuffles of ")[0].rsplit(" ", 1)[1].replace(",", ""))
    assert shuffles > 0  # foster shuffles every deal


def test_unknown_preset_and_absurd_counts_are_refused() -> None:
    done = _run("no-such-preset")
    assert done.returncode == 2 and "unknown presets: no-such-preset" in done.stderr
    done = _run("foster", "--decisions", "0")
    assert done.returncode == 2 and "--decisions must be" in done.stderr
    assert "Traceback" not in done.stderr
