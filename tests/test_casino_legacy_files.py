"""Casino histories written by the casino writer before casino joined the one table and the
one history format (tests/golden/casino/legacy-*.json, written by the code of commit
c8de232) still load, and ``brag replay`` re-plays them to the same output, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import cli
from bragkit.games.casino.table import loads_casino, replay_casino

GOLDEN = Path(__file__).parent / "golden" / "casino"
LEGACY = ("legacy-seeded", "legacy-unseeded", "legacy-pack")


@pytest.mark.parametrize("name", LEGACY)
def test_4_9_legacy_casino_file_replays_byte_for_byte(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    for args, ext in ((["--json"], "expected.json"), ([], "expected.txt")):
        result = CliRunner().invoke(cli, ["replay", *args, str(path)])
        assert result.exit_code == 0, result.output
        assert result.output == (GOLDEN / f"{name}.{ext}").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", LEGACY)
def test_4_9_legacy_casino_file_loads_to_the_same_bankroll(name: str) -> None:
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    expected = json.loads((GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8"))
    summary = replay_casino(loads_casino(text)).summary()
    assert summary["stacks"] == expected["stacks"] and summary["pot"] == expected["pot"]
    assert [d["bankroll"] for d in summary["deals"]] == \
        [d["bankroll"] for d in expected["deals"]]


def test_4_9_legacy_fixtures_cover_seed_given_cards_and_an_unfinished_hand() -> None:
    data = {n: json.loads((GOLDEN / f"{n}.json").read_text(encoding="utf-8")) for n in LEGACY}
    assert "seed" in data["legacy-seeded"] and "pack" not in data["legacy-seeded"]
    assert "seed" not in data["legacy-unseeded"] and len(data["legacy-unseeded"]["shuffles"]) > 3
    assert len(data["legacy-pack"]["pack"].split()) == 6  # six cards, not a whole pack
    assert data["legacy-seeded"]["deals"][-1][-1].split()[1] in ("ante", "pairbonus")
