"""Casino hands in the one hand-history format (docs/history-format.md, "Casino
histories"): an unseeded table writes each finished hand's whole pack, top card first, as
every history does; ``brag replay`` re-plays it, and the table contract's hands (``p1
deal``) too, to the same bankroll."""

from __future__ import annotations

import json
import random
from pathlib import Path

from click.testing import CliRunner

from bragkit.cards import parse_cards, standard_pack
from bragkit.cli import cli
from bragkit.games.casino import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.table import dumps_casino, loads_casino, replay_casino

CASINO = CasinoRules.preset("casino")


def _play(table: CasinoSession, hands: int, rng: random.Random) -> None:
    for _ in range(hands):
        table.apply_text(f"p1 ante {rng.randint(1, 5)}")
        if rng.random() < 0.5:
            table.apply_text(f"p1 pairbonus {rng.randint(1, 3)}")
        table.apply_text(rng.choice(("p1 play", "p1 fold")))


def test_4_9_an_unseeded_history_holds_each_hands_whole_pack() -> None:
    t = CasinoSession(CASINO, [300], rng=random.SystemRandom(), keep_records=None,
                      deal_step=False)
    _play(t, 6, random.Random(1))
    data = json.loads(dumps_casino(t.history()))
    packs = [data["pack"], *data["shuffles"]]
    assert "seed" not in data and len(packs) == 6
    for pack, hand in zip(packs, t.finished, strict=True):
        cards = parse_cards(pack)
        assert sorted(cards) == sorted(standard_pack())  # the whole pack, once each card
        assert cards[:6] == (*hand.player, *hand.dealer)  # dealt from the top
    again = replay_casino(loads_casino(dumps_casino(t.history()))).table
    assert again.bankroll == t.bankroll and list(again.finished) == list(t.finished)


def test_4_9_brag_replay_replays_a_table_contract_history(tmp_path: Path) -> None:
    """The session's hands hold ``p1 deal``; its history replays to its stacks."""
    t = CasinoSession(CASINO, [200], rng=random.Random(4), keep_records=None)
    rng = random.Random(7)
    for _ in range(8):
        t.apply_text(f"p1 ante {rng.randint(1, 5)}")
        if t.state.phase == "bet":
            t.apply_text("p1 deal")
        t.apply_text(rng.choice(("p1 play", "p1 fold")))
    path = tmp_path / "session.json"
    path.write_text(dumps_casino(t.history()), encoding="utf-8")
    assert "p1 deal" in path.read_text(encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["stacks"] == list(t.stacks)
