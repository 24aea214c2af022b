"""brag rules PRESET: every key the game reads, from the RuleKey declarations."""

from __future__ import annotations

import json

from click.testing import CliRunner

from bragkit.cli import cli, rules_cmd  # noqa: F401 (registers the command)
from bragkit.rules import get_preset
from bragkit.rules.keys import keys_read_by, rule_key, rule_keys


def _run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["rules", *args])
    return result.exit_code, result.stdout, result.stderr


def test_lists_every_key_the_game_reads_with_value_default_and_meaning() -> None:
    code, out, _ = _run("three-stake-draw")
    assert code == 0
    rows = {line.split()[0]: line for line in out.splitlines()[2:]}
    assert set(rows) == {k.name for k in keys_read_by("three-stake")}
    assert rows["draw31"].split()[1:4] == ["true", "false", "*"]
    assert "buy cards for the thirty-one pool" in rows["draw31"]
    assert "see_cost" not in rows and "sideshow" not in rows


def test_json_and_all() -> None:
    code, out, _ = _run("teen-patti", "--json", "--all")
    data = json.loads(out)
    assert code == 0 and data["game"] == "teen-patti"
    by_name = {k["name"]: k for k in data["keys"]}
    assert len(by_name) == len(rule_keys())
    assert by_name["sideshow"]["read"] and not by_name["see_cost"]["read"]
    assert by_name["max_bet"]["value"] == get_preset("teen-patti").max_bet


def test_unknown_preset_is_one_line_exit_2() -> None:
    code, out, err = _run("nope")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "unknown preset 'nope'" in err


def test_rule_key_games_come_from_the_specs() -> None:
    assert rule_key("sideshow").games == ("teen-patti",)
    assert rule_key("stake").games == ("commerce", "commerce-widow", "three-stake")
    assert rule_key("barter_direction").allowed == ("left", "right")
