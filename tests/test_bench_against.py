"""benchmarks/bench_against.py: this tree against another revision (behaviour, not speed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "bench_against.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_against_head_prints_both_trees_and_their_ratio() -> None:
    done = _run("HEAD", "--rounds", "1", "--repeats", "1", "--decisions", "300",
                "--then", "1000")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "round 1/1: HEAD" in out and "| this tree" in out
    assert "HEAD: median" in out and "this tree: median" in out
    assert "ratio this tree / HEAD:" in out
    assert "at the machine speed of the day HEAD ran at 1,000: this tree ~" in out


def test_unknown_revision_is_one_clear_error() -> None:
    done = _run("no-such-revision-xyz", "--rounds", "1")
    assert done.returncode == 2
    assert "git cannot give revision 'no-such-revision-xyz'" in done.stderr
    assert "Traceback" not in done.stderr


def test_absurd_counts_are_refused() -> None:
    done = _run("HEAD", "--decisions", "0")
    assert done.returncode == 2 and "--decisions must be between" in done.stderr
    done = _run("HEAD", "--players", "1")
    assert done.returncode == 2 and "--players must be at least 2" in done.stderr
