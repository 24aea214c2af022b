"""Each hostile-input reproducer of issues 9 and 10, run as a user would: one line on stderr
and exit status 2 (or the documented behaviour), never a traceback, a hang or lost data."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli
from bragkit.history import load
from tests.fuzz_checks import assert_cli_ok_or_one_line, run_cli

HUGE = "9" * 5000


def one_error(argv: list[str], fragment: str) -> str:
    """``brag ARGV`` fails with exactly one line containing ``fragment``, and exit 2."""
    code, _, err = assert_cli_ok_or_one_line(argv)
    assert code == 2, err
    assert fragment in err, err
    return err


def history(tmp_path: Path, data: object, name: str = "h.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


BASE = {"rules": "modern", "stacks": [10, 10], "dealer": "p1", "seed": 1, "deals": [["p2 fold"]]}


# ---------------------------------------------------------------- Unicode digits, huge numbers
@pytest.mark.parametrize(("change", "fragment"), [
    ({"deals": [["p² fold"]]}, "it must start with a seat like p1"),
    ({"dealer": "p²"}, '"dealer" must be a seat like "p1"'),
    ({"deals": [["p2 look", "p2 bet ²"]]}, "bet needs a whole number"),
    ({"deals": [["p2 look", "p2 bet " + HUGE]]}, "action"),
    ({"seed": -1}, '"seed": -1 is below the minimum 0'),
    ({"stacks": [10**13, 10]}, "number too large"),
])
def test_hostile_history_values_are_one_line(tmp_path: Path, change: dict[str, object],
                                             fragment: str) -> None:
    one_error(["replay", history(tmp_path, {**BASE, **change})], fragment)


@pytest.mark.parametrize("text", [
    '{"rules": "modern", "stacks": [10, 10], "dealer": 1, "seed": ' + HUGE + ', "deals": []}',
    '{"rules": "modern", "stacks": [' + HUGE + ', 10], "dealer": 1, "seed": 1, "deals": []}',
])
def test_history_numbers_over_4300_digits_are_too_large(tmp_path: Path, text: str) -> None:
    path = tmp_path / "big.json"
    path.write_text(text)
    one_error(["replay", str(path)], "number too large")


def test_history_nested_2000_deep_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"rules": "modern", "deals": ' + "[" * 2000 + "]" * 2000 + "}")
    one_error(["replay", str(path)], "nested too deep")


def test_set_with_a_5000_digit_value_is_too_large() -> None:
    one_error(["simulate", "-n", "1", "--no-progress", "--set", f"ante={HUGE}"],
              "--set ante: number too large")


@pytest.mark.parametrize(("content", "fragment"), [
    (b"\xff\xfe{}", "is not UTF-8 text"),
    (("[" * 2000 + "]" * 2000).encode(), "nested too deep"),
    (b'{"ante": ' + HUGE.encode() + b"}", "number too large"),
    (b'{"ante": 1e99999999}', "ante must be an int"),
])
def test_hostile_rules_files_are_one_line(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "rules.json"
    path.write_bytes(content)
    one_error(["simulate", "-n", "1", "--no-progress", "--rules", str(path)], fragment)


@pytest.mark.parametrize("qualifier", [5, [1, 2], {"a": 1}, True])
def test_a_casino_qualifier_that_is_not_text_is_one_line(tmp_path: Path,
                                                         qualifier: object) -> None:
    data = {"rules": {"preset": "casino", "qualifier": qualifier}, "stacks": [100], "seed": 1,
            "deals": [["p1 ante 10", "p1 play"]]}
    one_error(["replay", history(tmp_path, data)], "qualifier")


def test_casino_simulate_refuses_a_negative_seed() -> None:
    one_error(["casino", "simulate", "-n", "10", "--seed", "-1"], "--seed")


@pytest.mark.parametrize("bots", ["random*1000000000", "random*100000000", "random*²",
                                  ",".join(["random*40"] * 3)])
def test_bots_counts_are_refused_before_allocating(bots: str) -> None:
    one_error(["simulate", "-n", "1", "--no-progress", "--bots", bots], "--bots")


# ---------------------------------------------------------------- hangs
def test_an_exponent_payout_does_not_hang_casino_analyse() -> None:
    started = time.perf_counter()
    one_error(["casino", "analyse", "--pair-bonus", "pair=1e99999999"], "is not a number")
    assert time.perf_counter() - started < 5


def test_an_exponent_payout_in_a_casino_history_does_not_hang_replay(tmp_path: Path) -> None:
    data = {"rules": {"preset": "casino", "pair_plus_table": "pair=1e99999999"},
            "stacks": [100], "seed": 1, "deals": []}
    started = time.perf_counter()
    one_error(["replay", history(tmp_path, data)], "is not a number")
    assert time.perf_counter() - started < 5


# ---------------------------------------------------------------- bounded command-line numbers
@pytest.mark.parametrize(("argv", "fragment"), [
    (["simulate", "-n", "99999999999999999999"], "number too large"),
    (["casino", "simulate", "-n", "99999999999999999999"], "number too large"),
    (["equity", "Qs Qd 7c", "--samples", "99999999999"], "number too large"),
    (["play", "--stack", "99999999999999999999"], "number too large"),
    (["play", "--seed", "²"], "is not a whole number"),
    (["simulate", "--seed", HUGE], "number too large"),
    (["play", "--preset", ""], "unknown preset ''"),
    (["simulate", "--preset", ""], "unknown preset ''"),
])
def test_issue_9_bad_numbers_are_refused(argv: list[str], fragment: str) -> None:
    one_error(argv, fragment)


@pytest.mark.parametrize("command", ["simulate", "play", "equity"])
def test_each_maximum_is_in_the_help(command: str) -> None:
    code, out, _ = run_cli([command, "--help"])
    assert code == 0
    assert {"simulate": "100,000,000", "play": "1,000,000", "equity": "100,000,000"}[command] \
        in out


def test_casino_play_refuses_a_bankroll_below_one_hand(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    one_error(["casino", "play", "--ante", "2000", "--bankroll", "100", "--history", str(path)],
              "cannot cover one hand")
    assert not path.exists()


# ---------------------------------------------------------------- groups without a subcommand
@pytest.mark.parametrize("argv", [[], ["casino"]])
def test_a_group_without_a_subcommand_prints_its_help(argv: list[str]) -> None:
    code, out, err = run_cli(argv)
    assert code == 0 and err == ""
    assert out.startswith("Usage: brag") and "Commands:" in out


# ---------------------------------------------------------------- data loss
def _play(args: list[str], typed: str = "f\n" * 40) -> tuple[int, str]:
    _register()
    result = CliRunner().invoke(cli, ["play", "--seed", "3", "--hands", "1", "--no-pause",
                                      *args], input=typed)
    return result.exit_code, result.output


def test_history_refuses_a_file_that_is_not_a_history(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for command in (["play"], ["casino", "play"]):
        one_error([*command, "--history", str(notes)], "is not a bragkit history")
    assert notes.read_text() == "my notes\n"


def test_history_never_overwrites_a_previous_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, output = _play(["--history", str(path)])
    assert code == 0, output
    before = path.read_text()
    assert len(load(path).deals) == 1
    one_error(["play", "--history", str(path)], "already holds a bragkit history (1 deal)")
    one_error(["casino", "play", "--history", str(path)], "already holds a bragkit history")
    assert path.read_text() == before


def test_an_empty_history_file_may_be_used(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.touch()
    code, output = _play(["--history", str(path)])
    assert code == 0, output
    assert len(load(path).deals) == 1


def test_temporary_files_of_killed_saves_are_removed_at_the_next_start(tmp_path: Path) -> None:
    stale = tmp_path / ".game.json.tmp999999999.k1ll3d00"   # no such process
    live = tmp_path / f".other.json.tmp{os.getpid()}.inflight"  # a running save
    stale.write_text('{"rules": "mod')
    live.write_text("{")
    code, output = _play(["--history", str(tmp_path / "game.json")])
    assert code == 0, output
    assert not stale.exists() and live.exists()
    assert not [p for p in tmp_path.iterdir() if ".tmp" in p.name and p != live]


# ---------------------------------------------------------------- the play prompt and log
def test_unicode_digits_at_the_play_prompt_do_not_end_the_game(tmp_path: Path) -> None:
    code, output = _play(["--history", str(tmp_path / "u.json")],
                         "look\nbet ²\nb ²\nbet " + HUGE + "\n" + "f\n" * 40)
    assert code == 0, output
    assert "Traceback" not in output
    assert "bet needs a whole number" in output


@pytest.mark.parametrize("preset", ["foster", "american"])
def test_the_log_shows_the_bot_dealers_ante(tmp_path: Path, preset: str) -> None:
    code, output = _play(["--preset", preset, "--seat", "2", "--history",
                          str(tmp_path / f"{preset}.json")])
    assert code == 0, output
    assert "p1 (heuristic) ante" in output
