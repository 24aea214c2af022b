"""``brag compare`` and ``brag odds``: the stable command-line contract."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bragkit.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bragkit", *args], capture_output=True,
                          text=True, check=False)


def run_inline(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        main(list(args))
        code = 0
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_compare_json_orders_groups_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_inline(capsys, "compare", "--json", "7s 7h Qd", "3s 3h 3d", "7d 7c Qs",
                              "As Ah Ad")
    assert code == 0
    payload = json.loads(out)
    assert payload["order"] == [[1], [3], [0, 2]]
    assert payload["hands"][1]["category"] == "prial"
    assert payload["hands"][0]["description"] == "Pair of sevens, queen kicker"


@pytest.mark.parametrize(("flags", "hands", "order"), [
    (["--a23", "second"], ["Ah 2h 3h", "As Ks Qs"], [[1], [0]]),
    (["--a23", "top"], ["Ah 2h 3h", "As Ks Qs"], [[0], [1]]),
    (["--no-threes-high"], ["3s 3h 3d", "As Ah Ad"], [[1], [0]]),
    (["--wild", "twos"], ["2s 8h 7h", "8c 7d 6s", "8d 2h 6c"], [[0], [1], [2]]),
    (["--wild", "jokers"], ["Ks Kh X", "Ks X X", "Qs Qh Qd"], [[0], [1], [2]]),
    (["--ranking", "teen-patti"], ["As Ah Ad", "3s 3h 3d"], [[0], [1]]),
    ([], ["4s 9h 9d Kc", "9s 9c Kd 7h"], [[1], [0]]),
    ([], ["9h 9d Kc 7s", "9s 9c Kd 7h"], [[0, 1]]),
])
def test_compare_options(capsys: pytest.CaptureFixture[str], flags: list[str],
                         hands: list[str], order: list[list[int]]) -> None:
    code, out, _ = run_inline(capsys, "compare", "--json", *flags, *hands)
    assert code == 0
    assert json.loads(out)["order"] == order


def test_odds_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_inline(capsys, "odds", "--json")
    payload = json.loads(out)
    assert code == 0 and payload["total"] == 22100
    assert payload["categories"]["prial"] == 52
    code, out, _ = run_inline(capsys, "odds", "--json", "--cards", "4")
    assert json.loads(out)["total"] == 270725


@pytest.mark.parametrize("args", [
    ["compare", "As Zs Kd", "Ah 2h 3h"],
    ["compare", "As As Kd"],
    ["compare", "As Kd"],
    ["compare", "--ranking", "snap", "As Kd Qh"],
    ["compare", "--wild", "threes", "As Kd Qh"],
    ["compare", "--ranking", "teen-patti", "--wild", "twos", "As Kd Qh"],
    ["compare", "-o", "nonsense", "As Kd Qh"],
    ["odds", "--cards", "4", "--ranking", "teen-patti"],
    ["odds", "--cards", "9"],
])
def test_bad_input_gives_one_line_and_status_2(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brag: error: "), result.stderr
    assert "Traceback" not in result.stderr


def test_readable_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_inline(capsys, "compare", "7s 7h Qd", "7d 7c Qs")
    assert code == 0 and "(tie)" in out and "Pair of sevens" in out
    code, out, _ = run_inline(capsys, "odds")
    assert "424.00 to 1" in out and "22,100" in out
