"""``brag replay FILE --as pN`` / ``history.seat_history``: a seat's account shows no card
the seat was not allowed to see, and shows its own cards once it has looked (issue 10).

What a seat may know is derived independently of the views and of the events' visibility
flags, by :class:`bragkit.testing.knowledge.Knowledge` (the rules applied to the public
actions: a see, a showdown, the face-up stub, American Brag's exchanges, ...).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bragkit.cards import card_from_id
from bragkit.cli import _register, cli
from bragkit.engine.table import open_table
from bragkit.history import dumps, history_of, seat_history, seat_text
from bragkit.rules import get_preset
from bragkit.testing.knowledge import Knowledge

PRESETS = ["modern", "modern-4card", "teen-patti", "foster", "three-stake", "american",
           "brag-poker", "commerce", "commerce-widow"]
CARD_TEXT = {str(card_from_id(i)): i for i in range(54)}


def _played(preset: str, seed: int, deals: int = 8) -> Any:
    """A table of ``preset`` after ``deals`` random deals (keeping every record)."""
    rules = get_preset(preset)
    seats = 4 if preset != "three-stake" else 3
    t = open_table(rules, [200] * seats, dealer=0, seed=seed, keep_records=None)
    rng = random.Random(seed)
    decisions = 0
    while t.deal_no < deals and not t.over:
        legal = t.legal_actions()
        t.apply(rng.choice(legal).sample(rng))
        decisions += 1
        assert decisions < 20_000
    return t


def _cards_in(deal: dict[str, Any]) -> set[int]:
    """Every card named anywhere in one deal of a seat's account."""
    words: list[str] = []
    for value in (deal["own"] or "", *deal["shown"].values(), *deal["events"],
                  *deal.get("why", ())):
        words.extend(value.replace(",", " ").replace("(", " ").replace(")", " ").split())
    return {CARD_TEXT[w] for w in words if w in CARD_TEXT}


@pytest.mark.parametrize("preset", PRESETS)
def test_as_seat_shows_only_what_the_seat_may_know(preset: str) -> None:
    for seed in (1, 2):
        t = _played(preset, seed)
        history = history_of(t)
        finals = [r.final for r in t.records]
        for seat in range(t.n):
            account = seat_history(history, seat)
            assert account["seat"] == f"p{seat + 1}"
            assert len(account["deals"]) >= len(finals)
            for final, deal in zip(finals, account["deals"], strict=False):
                allowed = Knowledge.of(final).allowed(seat)
                leaked = _cards_in(deal) - allowed
                assert not leaked, (preset, seed, seat, deal["number"],
                                    [str(card_from_id(c)) for c in leaked])


@pytest.mark.parametrize("preset", PRESETS)
def test_as_seat_shows_its_own_cards_once_seen(preset: str) -> None:
    t = _played(preset, 3)
    history = history_of(t)
    checked = 0
    for seat in range(t.n):
        account = seat_history(history, seat)
        for record, deal in zip(t.records, account["deals"], strict=False):
            final = record.final
            seen = {c for e in final.events if e.seat == seat and e.cards
                    and e.kind in ("look", "deal") and e.visible(seat) for c in e.cards}
            if not seen:
                continue
            assert seen <= _cards_in(deal), (preset, seat, deal["number"])
            assert deal["own"] is not None
            checked += 1
    assert checked  # some seat saw its cards in some deal


def test_as_seat_hides_the_blind_and_folded_hands_the_full_record_shows() -> None:
    t = _played("modern", 4, deals=20)
    history = history_of(t)
    full = json.dumps([r.final.hands for r in t.records])
    assert full  # the full record holds every hand
    hidden = 0
    for record, deal in zip(t.records, seat_history(history, 0)["deals"], strict=True):
        final = record.final
        dealt = {c for e in final.events if e.kind == "deal" and e.seat not in (None, 0)
                 for c in e.cards or ()}
        hidden += len(dealt - _cards_in(deal))
        assert any(line.endswith("(hidden)") for line in deal["events"])
    assert hidden > 0


def test_replay_as_on_the_command_line(tmp_path: Path) -> None:
    t = _played("foster", 5, deals=3)
    path = tmp_path / "h.json"
    path.write_text(dumps(history_of(t)))
    _register()
    runner = CliRunner()
    text = runner.invoke(cli, ["replay", str(path), "--as", "p2"])
    assert text.exit_code == 0, text.output
    assert text.output == seat_text(history_of(t), 1) + "\n"
    assert "as p2" in text.output.splitlines()[0]
    data = runner.invoke(cli, ["replay", str(path), "--as", "p2", "--json"])
    assert json.loads(data.output) == seat_history(history_of(t), 1)
    for bad, message in (("p9", "the history has seats p1..p4"), ("x", "name a seat like p2"),
                         ("p²", "name a seat like p2")):
        result = runner.invoke(cli, ["replay", str(path), "--as", bad])
        assert result.exit_code == 2 and message in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1


def test_replay_help_says_it_is_the_full_record() -> None:
    _register()
    result = CliRunner().invoke(cli, ["replay", "--help"])
    assert "full record" in result.output and "--as" in result.output
