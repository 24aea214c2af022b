"""Casino hand histories: ``brag casino play`` / ``brag play --preset casino`` save every
finished hand, ``brag replay`` re-plays and validates them (docs/history-format.md)."""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli, main
from bragkit.errors import HistoryError
from bragkit.games.casino import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.table import (
    dumps_casino,
    loads_casino,
    replay_casino,
    rules_of,
    spec_of,
)
from bragkit.history import loads

BRAG_ = Path(sys.executable).parent / "brag"
BRAG = str(BRAG_) if BRAG_.exists() else None
_register()
DONE = r"Bankroll (\d+); history saved to (\S+) \((\d+) finished hands?\)"


def replay_json(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "casino.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def replay_error(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(["replay", str(path)])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


# ---------------------------------------------------------------------------- saved sessions
@pytest.mark.parametrize("command", [
    ["casino", "play", "--bankroll", "300", "--pair-bonus-bet", "5"],
    ["play", "--preset", "casino", "--stack", "300"],
])
def test_a_played_session_replays_to_the_same_bankroll(tmp_path: Path,
                                                       command: list[str]) -> None:
    hist = tmp_path / "h.json"
    result = CliRunner().invoke(cli, [*command, "--seed", "11", "--history", str(hist)],
                                input="p\nf\np\np\nf\nq\n")
    assert result.exit_code == 0, result.output
    done = re.search(DONE, result.output)
    assert done is not None and int(done.group(3)) == 5
    data = json.loads(hist.read_text(encoding="utf-8"))
    assert data["rules"] == "casino" and data["stacks"] == [300] and data["seed"] == 11
    decisions = [d[-1] for d in data["deals"]]
    assert decisions == ["p1 play", "p1 fold", "p1 play", "p1 play", "p1 fold"]
    assert all(d[0] == "p1 ante 10" for d in data["deals"])
    assert ("p1 pairbonus 5" in data["deals"][0]) == ("--pair-bonus-bet" in command)
    replayed = replay_json(hist)
    assert replayed["stacks"] == [int(done.group(1))] and replayed["pot"] == 0
    # the same cards as shown in the game, hand by hand
    shown = re.findall(r"you hold (.+?)  \(", result.output)
    assert len(shown) == 6            # the sixth hand was quit: not saved
    for deal, text in zip(replayed["deals"], shown, strict=False):
        assert len(deal["hands"]["p1"].split()) == len(text.split()) == 3
    # the bankroll printed after each hand is the replayed one
    after = [int(b) for b in re.findall(r"; bankroll (\d+)", result.output)]
    assert after == [d["bankroll"] for d in replayed["deals"]]


def test_rule_overrides_are_saved_and_replayed(tmp_path: Path) -> None:
    hist = tmp_path / "h.json"
    result = CliRunner().invoke(cli, ["casino", "play", "--preset", "three-card-poker",
                                      "--tie", "dealer", "--qualifier", "pair",
                                      "--pair-bonus", "pair=5/2", "--seed", "4",
                                      "--pair-bonus-bet", "3", "--history", str(hist)],
                                input="p\n" * 4)
    assert result.exit_code == 0, result.output
    rules = json.loads(hist.read_text(encoding="utf-8"))["rules"]
    assert rules == {"preset": "three-card-poker", "pair_plus_table": {"pair": "5/2"},
                     "qualifier": "pair", "casino_tie": "dealer"}
    done = re.search(DONE, result.output)
    assert done is not None and replay_json(hist)["stacks"] == [int(done.group(1))]


def test_default_history_goes_to_brag_history_dir(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "--preset", "casino", "--seed", "2"],
                                input="f\n", env={"BRAG_HISTORY_DIR": str(tmp_path / "d")})
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "d").glob("casino-*-seed2.json"))
    assert len(saved) == 1 and str(saved[0]) in result.output
    assert len(replay_json(saved[0])["deals"]) == 1


def test_an_unwritable_history_dir_falls_back_to_brag_histories_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["casino", "play", "--seed", "2"], input="f\n",
                                env={"BRAG_HISTORY_DIR": str(blocker / "d")})
    assert result.exit_code == 0, result.output
    assert "saving in the current directory" in result.output
    saved = list((tmp_path / "brag-histories").glob("casino-*-seed2.json"))
    assert len(saved) == 1 and len(replay_json(saved[0])["deals"]) == 1


def test_play_stops_when_the_bankroll_cannot_cover_a_hand(tmp_path: Path) -> None:
    hist = tmp_path / "h.json"
    result = CliRunner().invoke(cli, ["casino", "play", "--bankroll", "25", "--seed", "1",
                                      "--history", str(hist)], input="f\n" * 10)
    assert result.exit_code == 0, result.output
    assert "cannot cover a hand" in result.output
    data = replay_json(hist)
    assert data["stacks"] == [15] and len(data["deals"]) == 1   # 25 -> 15 < 2 x 10


# ---------------------------------------------------------------------------- the contract
def test_json_contract_from_a_hand_written_history(tmp_path: Path) -> None:
    path = write(tmp_path, {
        "format": "bragkit-history/1", "rules": "casino", "stacks": [100],
        "pack": "Qs Qd 4c Qh 7d 2s",                       # rules 6.14 K2: pair beats Q-high
        "shuffles": ["4h 5d 6c 2s 2h 2d",                  # a run against a prial
                     "9s 7h 3d Ks Kd 2c"],
        "deals": [["p1 ante 10", "p1 pairbonus 5", "p1 play"],
                  ["p1 ante 10", "p1 play"],
                  ["p1 ante 10", "p1 fold"]],
    })
    data = replay_json(path)
    assert data["pot"] == 0
    first, second, third = data["deals"]
    assert first["hands"] == {"p1": "Qs Qd 4c", "dealer": "Qh 7d 2s"}
    assert first["winners"] == ["p1"] and first["net"] == {"p1": 25}   # 10 + 10 + 5 (pair 1:1)
    assert first["results"]["outcome"] == "player_wins"
    # rules 6.14 K3: the run loses ante and play to the prial but collects the Ante Bonus
    assert second["winners"] == ["dealer"] and second["results"]["ante_bonus"] == 10
    assert second["net"] == {"p1": -10}
    assert third["winners"] == ["dealer"] and third["net"] == {"p1": -10}
    assert third["hands"] == {"p1": "9s 7h 3d", "dealer": "Ks Kd 2c"}
    assert data["stacks"] == [105] and data["stacks_by_seat"] == {"p1": 105}
    assert all(d["finished"] for d in data["deals"])
    text = CliRunner().invoke(cli, ["replay", str(path)]).output
    assert "Hand 3" in text and "Bankroll: p1 105" in text


def test_ties_push_and_fractional_wins_round_down(tmp_path: Path) -> None:
    path = write(tmp_path, {
        "rules": {"preset": "casino", "pair_plus_table": {"pair": "5/2"}},
        "stacks": [50], "pack": "Kh Kd 4c Ks Kc 4d",
        "deals": [["p1 ante 10", "p1 pairbonus 3", "p1 play"]],
    })
    deal = replay_json(path)["deals"][0]
    assert deal["winners"] == [] and deal["outcome"] == "tie"
    assert deal["results"]["pair_plus"] == "15/2" and deal["net"] == {"p1": 7}


def test_an_unfinished_last_hand_keeps_its_stakes_on_the_table(tmp_path: Path) -> None:
    path = write(tmp_path, {"rules": "casino", "stacks": [40], "seed": 3,
                            "deals": [["p1 ante 10", "p1 fold"], ["p1 ante 5"]]})
    data = replay_json(path)
    assert data["stacks"] == [25] and data["pot"] == 5
    assert [d["finished"] for d in data["deals"]] == [True, False]


def test_tables_and_replays_agree_on_random_sessions() -> None:
    rng = random.Random(5)
    for seed in range(20):
        rules = CasinoRules.preset(rng.choice(["casino", "three-card-poker"]))
        table = CasinoSession(rules, [500], seed=seed, deal_step=False)
        while len(table.records) < 30 and table.bankroll >= 30:
            table.apply_text(f"p1 ante {rng.randint(1, 10)}")
            if rng.random() < 0.5:
                table.apply_text(f"p1 pairbonus {rng.randint(1, 5)}")
            table.apply_text(rng.choice(["p1 play", "p1 fold"]))
        again = replay_casino(loads_casino(dumps_casino(table.history())))
        assert again.summary()["stacks"] == [table.bankroll]
        assert again.table.finished == table.finished


# ---------------------------------------------------------------------------- bad histories
@pytest.mark.parametrize(("deals", "message"), [
    ([["p1 ante 10", "p1 raise"]],
     "deal 1, action 2 (p1 raise): 'raise' is not a casino action"),
    ([["p1 ante 10", "p1 play"], ["p2 ante 10"]],
     "deal 2, action 1 (p2 ante 10): there is no seat p2"),
    ([["p1 play"]], "deal 1, action 1 (p1 play): a hand starts with the ante"),
    ([["p1 ante 15", "p1 play"]],
     "deal 1, action 2 (p1 play): the Play bet equals the ante (15 chips) but only 5 are "
     "left (rules 4.9)"),
    ([["p1 ante 30"]], "deal 1, action 1 (p1 ante 30): an ante of 30 needs 30 chips"),
    ([["p1 ante 5", "p1 pairbonus 2", "p1 pairbonus 2"]],
     "deal 1, action 3 (p1 pairbonus 2): the Pair Bonus is staked once"),
    ([["p1 ante ten"]], "deal 1, action 1 (p1 ante ten): malformed action"),
    ([["p1 ante 5", "p1 fold", "p1 ante 5"]],
     "deal 1, action 3 (p1 ante 5): hand 1 is already over"),
    ([["p1 ante 5"], ["p1 ante 5", "p1 fold"]], "deal 1 is not finished"),
])
def test_an_illegal_action_is_one_line_and_exit_2(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  deals: list[list[str]], message: str) -> None:
    path = write(tmp_path, {"rules": "casino", "stacks": [20], "seed": 1, "deals": deals})
    assert message in replay_error(path, capsys)


@pytest.mark.parametrize(("changes", "message"), [
    ({"stacks": [100] * 8}, '"stacks" must be 1..7 whole numbers'),
    ({"dealer": "p1"}, '"dealer": the house deals'),
    ({"rules": {"preset": "casino", "casino_tie": "split"}}, "casino_tie must be one of"),
    ({"seed": None, "pack": "As Ks"}, "a casino hand needs 6 cards"),
])
def test_a_malformed_history_is_one_line_and_exit_2(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    changes: dict[str, Any],
                                                    message: str) -> None:
    data: dict[str, Any] = {"rules": "casino", "stacks": [20], "seed": 1, "deals": []}
    data.update(changes)
    if data["seed"] is None:
        del data["seed"]
    assert message in replay_error(write(tmp_path, data), capsys)


def test_the_table_history_reader_points_casino_files_elsewhere() -> None:
    from bragkit.history.format import loads_table
    from bragkit.history.replay import replay

    text = '{"rules": "casino", "stacks": [20], "seed": 1, "deals": []}'
    with pytest.raises(HistoryError, match="a casino history"):
        loads_table(text)
    with pytest.raises(HistoryError, match=r"a casino history is re-played by "
                                           r"bragkit\.games\.casino\.seats_history:replay_history"):
        replay(loads(text))


def test_4_9_history_loads_reads_a_casino_history_as_the_casino_loader_does(
        tmp_path: Path) -> None:
    """bragkit.history.loads reads any game's history: a casino file through the loader
    casino's GameSpec declares, with the same values and problems as loads_casino."""
    from bragkit.history import dumps, is_table_history, load

    table = CasinoSession(CasinoRules.preset("three-card-poker", qualifier="pair"), [80], seed=4,
                          deal_step=False)
    for move in ("p1 ante 5", "p1 pairbonus 2", "p1 play", "p1 ante 5", "p1 fold"):
        table.apply_text(move)
    text = dumps_casino(table.history())
    h, own = loads(text), loads_casino(text)
    assert not is_table_history(h) and h.rules == own.rules and h.dealer == -1
    assert (h.rules_spec, h.stacks, h.seed, h.pack, h.shuffles, h.deals) == (
        own.rules_spec, (80,), 4, None, (), own.deals)
    assert dumps(h) == text  # the same file, byte for byte
    path = tmp_path / "c.json"
    path.write_text(text, encoding="utf-8")
    assert load(path) == h
    bad = ('{"rules": "casino", "stacks": [20, 20, 20, 20, 20, 20, 20, 20], "dealer": "p1", '
           '"seed": 1, "deals": []}')
    with pytest.raises(HistoryError) as mine:
        loads(bad)
    with pytest.raises(HistoryError) as theirs:
        loads_casino(bad)
    assert str(mine.value) == str(theirs.value)
    assert '"dealer": the house deals' in str(mine.value) and '"stacks" must be 1..7' in str(
        mine.value)


# ---------------------------------------------------------------------------- interruptions
def _read_until(proc: subprocess.Popen[bytes], marker: bytes, count: int) -> bytes:
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + 20
    while seen.count(marker) < count and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
    assert seen.count(marker) >= count, seen
    return seen


@pytest.mark.skipif(BRAG is None or os.name != "posix", reason="needs the console script")
def test_ctrl_c_leaves_the_history_complete_to_the_last_finished_hand(tmp_path: Path) -> None:
    assert BRAG is not None
    hist = tmp_path / "h.json"
    proc = subprocess.Popen([BRAG, "play", "--preset", "casino", "--seed", "6", "--history",
                             str(hist)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin is not None
    _read_until(proc, b"quit: ", 1)
    proc.stdin.write(b"p\nf\n")
    proc.stdin.flush()
    seen = _read_until(proc, b"quit: ", 2)       # hands 2 and 3: in the middle of hand 3
    assert len(json.loads(hist.read_text(encoding="utf-8"))["deals"]) == 2
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and b"Traceback" not in err
    done = re.search(DONE, (seen + out).decode())
    assert done is not None and int(done.group(3)) == 2
    data = replay_json(hist)
    assert len(data["deals"]) == 2 and data["stacks"] == [int(done.group(1))]


@pytest.mark.skipif(BRAG is None or os.name != "posix", reason="needs the console script")
def test_end_of_input_leaves_the_history_complete(tmp_path: Path) -> None:
    assert BRAG is not None
    hist = tmp_path / "h.json"
    done = subprocess.run([BRAG, "casino", "play", "--seed", "9", "--history", str(hist)],
                          input="f\np\nf\n", capture_output=True, text=True, check=False,
                          timeout=30)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    found = re.search(DONE, done.stdout)
    assert found is not None and int(found.group(3)) == 3
    data = replay_json(hist)
    assert [d["actions"][-1] for d in data["deals"]] == ["p1 fold", "p1 play", "p1 fold"]
    assert data["stacks"] == [int(found.group(1))]


def test_every_rule_key_that_differs_from_the_preset_is_saved_and_read_back() -> None:
    rules = CasinoRules.preset("casino", ante_bonus_table="prial=6", pair_plus_table="pair=2",
                               qualifier="pair", casino_tie="dealer",
                               pair_plus_forfeit_on_fold=True)
    spec = spec_of(rules)
    assert isinstance(spec, dict)
    assert set(spec) == {"preset", "ante_bonus_table", "pair_plus_table", "qualifier",
                         "casino_tie", "pair_plus_forfeit_on_fold"}
    assert rules_of(spec) == rules
    assert spec_of(CasinoRules.preset("three-card-poker")) == "three-card-poker"
