"""brag solve: JSON keys, --check, bad input, save/load round trip, the cfr bot and --score."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from bragkit.cli import main
from bragkit.errors import RulesError
from bragkit.solve import GameSpec, SolveFileError, Solver, load_strategy, save_strategy


@pytest.fixture(autouse=True)
def _capture(capsys: pytest.CaptureFixture[str]) -> None:
    global _CAPSYS
    _CAPSYS = capsys


_CAPSYS: pytest.CaptureFixture[str] | None = None


def run(*args: str) -> tuple[int, str, str]:
    """``brag solve ARGS`` through the real entry point: (exit status, stdout, stderr)."""
    assert _CAPSYS is not None
    _CAPSYS.readouterr()
    try:
        main(["solve", *args])
        code = 0
    except SystemExit as stop:
        code = int(stop.code or 0)
    out = _CAPSYS.readouterr()
    return code, out.out, out.err


def test_solve_json_keys_and_check(tmp_path: Path) -> None:
    out = tmp_path / "s4.npz"
    code, text, _ = run("--stack", "4", "--iterations", "20", "--json", "--out", str(out))
    assert code == 0
    data = json.loads(text)
    assert {"exploitability", "value", "iterations", "seconds"} <= set(data)
    assert data["iterations"] == 20 and data["exploitability"] > 0
    assert out.exists()
    code, text, _ = run("--check", str(out), "--json")
    assert code == 0
    checked = json.loads(text)
    assert checked["exploitability"] == pytest.approx(data["exploitability"], rel=1e-3)
    assert checked["value"] == pytest.approx(data["value"], abs=1e-4)


def test_solve_teen_patti_small(tmp_path: Path) -> None:
    code, text, _ = run("--game", "teen-patti-hu", "--cap", "2", "--iterations", "3",
                        "--json", "--out", str(tmp_path / "tp.npz"))
    assert code == 0
    assert json.loads(text)["params"]["action_cap"] == 2


@pytest.mark.parametrize("args", [
    ("--minutes", "0"), ("--minutes", "abc"), ("--stakes", "1,x"), ("--raises", "3"),
    ("--cap", "3"), ("--deck", "13"), ("--stack", "1"), ("--iterations", "0"),
    ("--game", "poker"), ("--check", "/nonexistent/file.npz"), ("--score", ""),
])
def test_bad_input_is_one_line_exit_2(args: tuple[str, ...]) -> None:
    code, _, err = run(*args)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_check_refuses_a_file_that_is_not_a_strategy(tmp_path: Path) -> None:
    bad = tmp_path / "x.npz"
    bad.write_bytes(b"not a zip")
    code, _, err = run("--check", str(bad))
    assert code == 2 and "not a bragkit strategy file" in err


def test_save_load_round_trip_and_tamper(tmp_path: Path) -> None:
    s = Solver(GameSpec.hu_brag_s12(stack=5))
    s.run(8)
    path = tmp_path / "s5.npz"
    save_strategy(s, path, s.evaluate())
    strategy, meta = load_strategy(path)
    avg = s.average()
    assert np.allclose(strategy.open_probs, avg.open_probs, atol=1e-3)
    assert np.allclose(strategy.blind_probs, avg.blind_probs)
    game = meta["game"]
    assert meta["iterations"] == 8 and isinstance(game, dict) and game["stack"] == 5
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    arrays["blind"] = arrays["blind"] * 0.5
    np.savez(tmp_path / "bad.npz", **arrays)
    with pytest.raises(SolveFileError, match="hash"):
        load_strategy(tmp_path / "bad.npz")


def test_cfr_bot_refuses_other_games_and_rules() -> None:
    from bragkit.bots import get_bot
    from bragkit.rules import get_preset

    with pytest.raises(RulesError) as info:
        get_bot("cfr", get_preset("modern"))          # default: fold-or-rebuy, carry
    assert "HU-Brag-S12" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(RulesError):
        get_bot("cfr", get_preset("teen-patti"))


def test_cfr_policy_blind_row_ignores_cards() -> None:
    from bragkit.bots.cfr_bot import CfrPolicy

    policy = CfrPolicy.shipped()
    first = policy.probabilities((), None)
    assert first == policy.probabilities((), "As Ad Ah") == policy.probabilities((), "2c 3d 5h")
    assert sum(first.values()) == pytest.approx(1.0)


def test_cfr_bot_plays_the_engine() -> None:
    import dataclasses

    from bragkit.bots import get_bot
    from bragkit.engine import BragState
    from bragkit.rules import get_preset

    rules = dataclasses.replace(get_preset("modern"), short_stack_policy="cover",
                                blind_winner_policy="wins")
    bot = get_bot("cfr", rules)
    rng = random.Random(5)
    for k in range(30):
        st = BragState.new(rules, [12, 12], k % 2, rng=random.Random(k))
        while not st.is_over:
            st = st.apply(bot.act(st.view(st.to_act), st.legal_actions(), rng))
        assert sum(st.returns()) == 0


def test_score_exact_rows(tmp_path: Path) -> None:
    from bragkit.solve.score import score

    s = Solver(GameSpec.hu_brag_s12(stack=5))
    s.run(30)
    e = s.evaluate()
    path = tmp_path / "s5.npz"
    save_strategy(s, path, e)
    rows = score(["cfr", "uniform"], strategy_file=str(path), deals=0)
    cfr, uniform = ({k: float(str(v)) for k, v in r.items() if k.endswith("_mah")}
                    for r in rows)
    assert rows[0]["kind"] == rows[1]["kind"] == "exact"
    assert cfr["exploitability_mah"] == pytest.approx(1000 * e.exploitability, rel=1e-2)
    assert abs(cfr["vs_equilibrium_mah"]) < 1e-6        # the strategy against itself
    assert uniform["exploitability_mah"] > 20 * cfr["exploitability_mah"]
    assert uniform["vs_equilibrium_mah"] < -50


def test_shipped_strategy_brackets_the_pinned_value() -> None:
    """The shipped strategy is of HU-Brag-S12 as solved (last chip plays on) and the true value
    bracket of its best responses holds the pinned -0.0883 (not the 'ends' game's -0.36)."""
    from importlib import resources

    from bragkit.solve import HU_BRAG_S12_VALUE

    ref = resources.files("bragkit.solve") / "data" / "hu_brag_s12.npz"
    with resources.as_file(ref) as real:
        strategy, meta = load_strategy(real)
    assert strategy.tree.spec == GameSpec.hu_brag_s12()
    assert strategy.tree.size == 6744
    br = meta["best_response"]
    value = meta["value"]
    assert isinstance(br, list) and isinstance(value, float)
    assert -br[1] <= HU_BRAG_S12_VALUE <= br[0]
    assert abs(value - HU_BRAG_S12_VALUE) <= float(str(meta["exploitability"]))


def test_solve_algorithm_names_are_the_solvers(tmp_path: Path) -> None:
    from bragkit.cli.solve_cmd import ALGORITHM_NAMES
    from bragkit.solve import ALGORITHMS

    assert ALGORITHM_NAMES == ALGORITHMS
    code, text, _ = run("--stack", "4", "--iterations", "40", "--algorithm", "pcfr+", "--json",
                        "--out", str(tmp_path / "p.npz"))
    assert code == 0
    data = json.loads(text)
    assert data["algorithm"] == "pcfr+" and data["exploitability"] < 0.02
    _, meta = load_strategy(tmp_path / "p.npz")
    assert meta["algorithm"] == "pcfr+"
    code, _, err = run("--algorithm", "cfr++")
    assert code == 2 and "cfr++" in err
