"""``brag casino analyse | simulate | play``: the command-line contract."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.analysis.casino import decision_values
from bragkit.cli import _register, cli, main
from bragkit.games.casino import CasinoRules

BRAG_ = Path(sys.executable).parent / "brag"
BRAG = str(BRAG_) if BRAG_.exists() else None
CONTRACT_KEYS = {"house_edge", "house_edge_fraction", "element_of_risk", "std_dev", "p_play",
                 "play_threshold", "pair_bonus_house_edge"}


def run_inline(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        main(["casino", *args])
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_analyse_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_inline(capsys, "analyse", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= CONTRACT_KEYS
    assert data["house_edge_fraction"] == "3415021/101792600"
    assert data["house_edge"] == pytest.approx(3415021 / 101792600, abs=0, rel=1e-15)
    assert data["play_threshold"] == "Q-6-4"
    assert Fraction(data["pair_bonus_house_edge_fraction"]) == Fraction(118, 5525)
    assert 0.0200 < data["element_of_risk"] < 0.0201 and 1.6 < data["std_dev"] < 1.7
    assert data["p_play_fraction"] == "149/221"


def test_analyse_json_three_card_poker_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_inline(capsys, "analyse", "--json", "--preset", "three-card-poker")
    assert code == 0 and json.loads(out)["house_edge_fraction"] == "686689/20358520"
    code, out, _ = run_inline(capsys, "analyse", "--json", "--play-threshold", "Q-6-3")
    q63 = json.loads(out)
    assert q63["strategy"] == "play Q-6-3 or better"
    assert q63["house_edge"] > q63["optimal_house_edge"] == pytest.approx(0.0335488, abs=1e-7)
    code, out, _ = run_inline(capsys, "analyse", "--json", "--always-play")
    assert json.loads(out)["p_play"] == 1.0
    code, out, _ = run_inline(capsys, "analyse", "--json", "--tie", "dealer", "--qualifier",
                              "none", "--ante-bonus", "prial=5,running_flush=4,run=1",
                              "--pair-bonus", "prial=40,running_flush=30,run=6,flush=4,pair=1")
    data = json.loads(out)
    assert code == 0 and data["rules"]["casino_tie"] == "dealer"
    # a dealer who always qualifies pays both bets on every win: the player has the edge
    assert data["rules"]["qualifier"] == "none" and data["house_edge"] < -0.1


def test_analyse_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_inline(capsys, "analyse")
    assert code == 0
    assert "3415021/101792600" in out and "Q-6-4 or better" in out and "118/5525" in out
    assert "Q-6-3" in out and "-1.00305" in out


@pytest.mark.parametrize("args", [
    ["analyse", "--pair-bonus", "prial=forty"],
    ["analyse", "--pair-bonus", "quad=40"],
    ["analyse", "--ante-bonus", "prial"],
    ["analyse", "--play-threshold", "Q-6"],
    ["analyse", "--play-threshold", "Zz-6-4"],
    ["analyse", "--qualifier", "Q-7"],
    ["analyse", "--tie", "split"],
    ["analyse", "--preset", "baccarat"],
    ["analyse", "--play-threshold", "Q-6-4", "--always-play"],
    ["simulate", "-n", "100", "--pair-bonus", "pair=x"],
    ["play", "--ante-bonus", "run=-1"],
])
def test_malformed_input_gives_one_line_and_status_2(
        capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run_inline(capsys, *args)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brag: error: ")


@pytest.mark.skipif(BRAG is None, reason="console script not installed")
def test_analyse_json_as_a_subprocess() -> None:
    assert BRAG is not None
    done = subprocess.run([BRAG, "casino", "analyse", "--json"], capture_output=True, text=True,
                          check=False, timeout=30)
    assert done.returncode == 0 and set(json.loads(done.stdout)) >= CONTRACT_KEYS
    bad = subprocess.run([BRAG, "casino", "analyse", "--pair-bonus", "pair=1,pair=2"],
                         capture_output=True, text=True, check=False, timeout=30)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip() == "brag: error: pair bonus: category 'pair' given twice in " \
                                 "'pair=1,pair=2'"


def test_simulate_interval_contains_the_exact_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_inline(capsys, "simulate", "-n", "20000", "--seed", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["exact"] == pytest.approx(-3415021 / 101792600)
    lo, hi = data["ci95"]
    assert lo <= data["exact"] <= hi and data["exact_in_ci95"]
    assert abs(data["mean"] - data["exact"]) < 4 * data["std_err"]
    assert data["pair_bonus_exact_in_ci95"] and data["hands"] == 20000
    code, out, _ = run_inline(capsys, "simulate", "-n", "5000", "--seed", "3")
    assert code == 0 and "95% interval" in out and "yes" in out


# ---------------------------------------------------------------------------- play
def invoke_play(text: str, *args: str) -> str:
    _register()
    result = CliRunner().invoke(cli, ["casino", "play", *args], input=text)
    assert result.exit_code == 0, result.output
    return result.output


def test_play_shows_cards_settles_and_states_the_optimal_decision() -> None:
    out = invoke_play("p\nf\nq\n", "--seed", "3", "--ante", "10")
    hands = re.findall(r"Hand \d+: you hold (.+?)  \(", out)
    assert len(hands) == 3                               # the third hand is quit, not played
    optimal = re.findall(r"Optimal: (PLAY|FOLD) \(EV ([-+][\d.]+) chips, ([-+][\d.]+) per ante",
                         out)
    assert len(optimal) == 2
    for shown, (best, _, per_ante) in zip(hands, optimal, strict=False):
        play, fold = decision_values(CasinoRules.preset("casino"), shown.replace("10", "T"))
        assert best == ("PLAY" if play > fold else "FOLD")
        assert float(per_ante) == pytest.approx(float(max(play, fold)), abs=1e-4)
    assert "Dealer:" in out and "ante " in out
    assert "2 hands played" in out


def test_play_offers_only_legal_decisions_and_ends_at_end_of_input() -> None:
    out = invoke_play("raise\nplay\n", "--seed", "8")
    assert "'raise' is not a decision here" in out
    assert out.count("Optimal:") == 1 and "1 hand played" in out


def test_play_stops_after_hands_limit() -> None:
    out = invoke_play("p\n" * 5, "--seed", "1", "--hands", "2", "--pair-bonus-bet", "5")
    assert out.count("Optimal:") == 2 and "2 hands played" in out and "pair bonus " in out


@pytest.mark.skipif(BRAG is None or os.name != "posix", reason="needs the console script")
def test_play_in_a_real_process_ends_cleanly_on_eof_and_ctrl_c() -> None:
    assert BRAG is not None
    done = subprocess.run([BRAG, "casino", "play", "--seed", "2"], input="f\n",
                          capture_output=True, text=True, check=False, timeout=30)
    assert done.returncode == 0 and "1 hand played" in done.stdout and done.stderr == ""
    proc = subprocess.Popen([BRAG, "casino", "play", "--seed", "2"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + 20
    while b"quit: " not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            seen += os.read(proc.stdout.fileno(), 4096)
    assert b"quit: " in seen
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and b"0 hands played" in seen + out and b"Traceback" not in err


def test_a_ctrl_c_inside_a_print_still_gives_the_casino_summary(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """As for brag play: a Ctrl-C landing inside rich's print leaves the console buffering
    for good (its buffer depth raised, as a capture never ended leaves it); the summary goes
    through a new console, and the exit status is 130."""
    from rich.console import Console

    import bragkit.cli.casino_cmd as casino_cmd

    def interrupted_inside_a_print(console: Console, prompt: str, stream: object) -> str:
        console.begin_capture()
        raise KeyboardInterrupt

    monkeypatch.setattr(casino_cmd, "read_line", interrupted_inside_a_print)
    result = CliRunner().invoke(cli, ["casino", "play", "--seed", "2",
                                      "--history", str(tmp_path / "c.json")])
    assert result.exit_code == 130
    assert "0 hands played" in result.output and "history saved to" in result.output
