"""Hand histories and ``brag replay`` for the poker-style games (rules 2.7)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli
from bragkit.engine import open_table
from bragkit.errors import HistoryError
from bragkit.history import dumps, history_of, loads, replay
from bragkit.rules import get_preset


@pytest.mark.parametrize("preset", ["foster", "american", "three-stake", "three-stake-draw",
                                    "brag-poker", "american-both-survive"])
def test_2_7_saved_sessions_replay_to_the_same_result(preset: str) -> None:
    rng = random.Random(4)
    table = open_table(get_preset(preset), [30, 30, 30, 30], dealer=1, seed=9)
    while not table.over and table.deal_no < 25:
        table.apply(rng.choice(table.legal_actions()).sample(rng))
    history = loads(dumps(history_of(table)))
    result = replay(history)
    assert result.session.stacks == table.stacks
    assert result.session.deal_no == table.deal_no
    assert [r.final for r in result.session.records] == [r.final for r in table.records]
    summary = result.summary()
    assert summary["stacks"] == list(table.state.stacks if table.state and table.state.actions
                                     else table.stacks)


def _run(*args: str) -> tuple[int, str]:
    _register()
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def _history(rules: object, deals: list[list[str]], pack: str | None = None) -> str:
    data: dict[str, object] = {"rules": rules, "stacks": [30, 30, 30, 30], "dealer": "p4",
                               "deals": deals}
    if pack is None:
        data["seed"] = 3
    else:
        data["pack"] = pack
    return json.dumps(data)


def test_fb2_replays_through_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "fb2.json"
    path.write_text(_history("foster", [["p4 ante 2", "p1 call", "p2 raise 5", "p3 fold",
                                         "p4 call", "p1 call"]]))
    code, out = _run("replay", str(path), "--json")
    assert code == 0, out
    data = json.loads(out)
    assert sum(data["stacks"]) == 120 and data["pot"] == 0
    deal = data["deals"][0]
    assert sorted(deal["shown"]) == ["p1", "p2", "p4"]
    assert deal["actions"][2] == "p2 raise 5"


def test_ab1_replay_keeps_private_exchanges_out_of_the_shown_hands(tmp_path: Path) -> None:
    path = tmp_path / "ab1.json"
    path.write_text(_history({"preset": "american", "limit": 5},
                             [["p4 ante 2", "p1 call", "p2 raise 3", "p3 call", "p4 call",
                               "p1 fold"]]))
    code, out = _run("replay", str(path), "--json")
    assert code == 0, out
    deal = json.loads(out)["deals"][0]
    assert deal["shown"] == {}                     # the bragger took the pool unseen
    assert deal["winners"] in (["p2"], ["p3"], ["p4"])


def test_illegal_actions_in_a_history_name_the_rule(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(_history("three-stake", [["p1 fold"]]))
    code, out = _run("replay", str(path))
    assert code == 2
    assert "word for abandoning is 'pass'" in out
    with pytest.raises(HistoryError, match="raise must be exactly 4"):
        replay(loads(_history("brag-poker", [["p3 raise 8"]])))
