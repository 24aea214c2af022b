"""Simulation: determinism across job splits, chip accounting, statistics, the CLI contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bragkit.cli import _register, cli
from bragkit.errors import RulesError
from bragkit.rules import get_preset
from bragkit.sim import SimConfig, ci95, parse_bots, run_block, run_blocks, simulate, summarize

_register()


def _cfg(**kw: object) -> SimConfig:
    base: dict[str, object] = {"rules": get_preset("modern"),
                               "bots": ("heuristic", "random", "tracker"), "hands": 90,
                               "seed": 4, "block": 20}
    base.update(kw)
    return SimConfig(**base)  # type: ignore[arg-type]


def test_same_seed_same_result_for_any_number_of_jobs() -> None:
    cfg = _cfg()
    one = summarize(cfg.bots, run_blocks(cfg, jobs=1))
    two = summarize(cfg.bots, run_blocks(cfg, jobs=2))
    three = summarize(cfg.bots, run_blocks(cfg, jobs=3))
    assert one == two == three
    assert one["hands"] == 90


def test_blocks_are_deterministic_and_seeds_matter() -> None:
    cfg = _cfg()
    assert run_block(cfg, 2) == run_block(cfg, 2)
    other = summarize(cfg.bots, run_blocks(_cfg(seed=5)))
    assert other != summarize(cfg.bots, run_blocks(cfg))


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "modern-4card", "modern-face-up",
                                    "modern-cover", "commerce"])
def test_nets_sum_to_minus_the_chips_left_on_the_table(preset: str) -> None:
    bots = ("random", "random", "random") if preset == "commerce" else \
        ("heuristic", "random", "random", "tracker")
    out = simulate(_cfg(rules=get_preset(preset), bots=bots, hands=60, block=15))
    assert sum(b["net"] for b in out["bots"]) == -out["pot"]
    assert out["hands"] == 60 and out["decisions"] > 60
    for b in out["bots"]:
        assert 0 <= b["win_rate"] <= 1 and 0 <= b["fold_rate"] <= 1


def test_heuristic_beats_random_with_an_interval_above_zero() -> None:
    out = simulate(_cfg(bots=("heuristic", "random", "random", "random"), hands=800,
                        block=50, seed=7))
    hero = out["bots"][0]
    assert hero["net"] > 0 and hero["ci95"][0] > 0
    assert all(b["net"] < 0 for b in out["bots"][1:])


def test_ci95_matches_hand_computation() -> None:
    mean, lo, hi = ci95([10, 12, 8, 10], [10, 10, 10, 10])  # type: ignore[misc]
    assert mean - lo == pytest.approx(hi - mean)
    # per-unit means 1.0, 1.2, 0.8, 1.0: sd 0.1633, se 0.0816, t(3) 3.182
    assert mean == 1.0 and hi - mean == pytest.approx(3.182 * 0.08165, rel=1e-3)
    assert ci95([5], [10]) is None


def test_parse_bots_and_bad_configs() -> None:
    assert parse_bots("random*2,heuristic") == ("random", "random", "heuristic")
    with pytest.raises(RulesError, match="NAME or NAME"):
        parse_bots("random*x")
    with pytest.raises(RulesError, match="at least two bots"):
        _cfg(bots=("random",))


def test_cli_json_contract() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--bots", "heuristic,random*3", "-n", "120",
                                      "--seed", "3", "--json", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert {"hands", "decisions", "bots", "pot"} <= set(out)
    assert out["hands"] == 120
    assert [b["name"] for b in out["bots"]] == ["heuristic", "random", "random", "random"]
    assert sum(b["net"] for b in out["bots"]) == -out["pot"]
    again = CliRunner().invoke(cli, ["simulate", "--bots", "heuristic,random*3", "-n", "120",
                                     "--seed", "3", "--json"])
    assert json.loads(again.output)["bots"] == out["bots"]


def test_cli_table_plot_and_house_rules(tmp_path: Path) -> None:
    png = tmp_path / "cum.png"
    result = CliRunner().invoke(cli, ["simulate", "--bots", "tracker,heuristic", "-n", "60",
                                      "--set", "ante=2", "--plot", str(png)])
    assert result.exit_code == 0, result.output
    assert "chips/hand" in result.output and "tracker" in result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from bragkit.cli import main

    bad = tmp_path / "bad.json"
    bad.write_text("{bad", encoding="utf-8")
    for args, message in ((["--bots", "genius,random"], "no bot 'genius'"),
                          (["--preset", "casino"], "brag casino simulate"),
                          (["--preset", "nope"], "unknown preset 'nope'"),
                          (["--bots", "random"], "need at least two bots"),
                          (["--bots", "random*40"], "40 bots is too many"),
                          (["--preset", "foster", "--bots", "tracker,random"],
                           "no bot 'tracker' for foster"),
                          (["--rules", str(bad)], "not valid JSON"),
                          (["--rules", str(tmp_path / "none.json")], "cannot read"),
                          (["-n", "0"], "0 is not in the range"),
                          (["--jobs", "0"], "0 is not in the range"),
                          (["--plot", str(tmp_path / "no" / "x.png")], "no folder"),
                          (["--set", "ante"], "KEY=VALUE"),
                          (["--preset", "three-stake", "--set", "stake=100", "--stack", "200",
                            "--bots", "random,random,random"], "no deal can start")):
        with pytest.raises(SystemExit) as exc:
            main(["simulate", "-n", "10", "--no-progress", *args])
        assert exc.value.code == 2, message
        captured = capsys.readouterr()
        assert message in captured.err and captured.err.count("\n") == 1, captured.err
        assert "Traceback" not in captured.err and captured.out == ""


@settings(max_examples=12, deadline=None)
@given(preset=st.sampled_from(["modern", "teen-patti", "modern-cover", "modern-lend",
                               "modern-dealers-choice", "foster", "three-stake", "commerce"]),
       bots=st.lists(st.sampled_from(["random", "heuristic"]), min_size=2, max_size=4),
       seed=st.integers(0, 10_000), hands=st.integers(1, 40), block=st.integers(1, 15))
def test_property_chips_are_accounted_for(preset: str, bots: list[str], seed: int, hands: int,
                                          block: int) -> None:
    out = simulate(SimConfig(get_preset(preset), tuple(bots), hands=hands, seed=seed,
                             block=block, stack=60))
    assert out["hands"] == hands
    assert sum(b["net"] for b in out["bots"]) + out["pot"] == 0
    assert out["pot"] >= 0
