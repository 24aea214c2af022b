"""brag play prints the explanations, the true prices, the two retained hands and Commerce's
lives (bragkit.explain wired into the table)."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from rich.console import Console

from bragkit.cli import _register, cli
from bragkit.cli.play_table import PlayTable
from bragkit.engine import open_table
from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.rules import get_preset
from bragkit.testing.fixtures import stacked_pack

_register()


class _Scripted:
    """A bot that plays the given actions in order."""

    name = "scripted"

    def __init__(self, moves: list[str]) -> None:
        self.moves = list(moves)

    def act(self, view: Any, legal: tuple[LegalAction, ...], rng: random.Random) -> Action:
        return parse_action(self.moves.pop(0))


class _Typed(Console):
    """A console whose prompt reads the given lines (then the end of input)."""

    def __init__(self, lines: list[str], **options: Any) -> None:
        super().__init__(**options)
        self.lines = lines

    def input(self, prompt: Any = "", **_: Any) -> str:
        self.print(prompt, end="")
        if not self.lines:
            raise EOFError
        line = self.lines.pop(0)
        self.print(line)
        return line


def _play(tmp_path: Path, preset: str, hands: dict[int, str], bot_moves: list[str],
          typed: list[str], deals: int, stacks: list[int] | None = None) -> str:
    """Play ``deals`` deals at a two-seat table (you are p2, the dealer is p1) with a stacked
    first pack; return everything printed."""
    rules = get_preset(preset)
    stacks = stacks or [20, 20]
    session = open_table(rules, stacks, 0,
                         pack=stacked_pack(rules, len(stacks), 0, hands),
                         keep_states=True)
    out = io.StringIO()
    console = _Typed(list(typed), file=out, width=200, highlight=False, color_system=None,
                     soft_wrap=True)
    table = PlayTable(session, 1, {0: _Scripted(bot_moves)}, ["scripted", "you"], console,
                      tmp_path / "h.json", random.Random(1), deals, False)
    try:
        table.run()
    except Exception as error:  # the table's Quit at the end of the typed lines
        if type(error).__name__ != "Quit":
            raise
    return out.getvalue()


def test_play_explains_a_lost_see_and_shows_you_your_hand(tmp_path: Path) -> None:
    text = _play(tmp_path, "modern", {1: "3s 4h 9d", 0: "Ks Kh 2c"},
                 ["look", "bet 2"], ["look", "bet 2", "see"], 1)
    assert "p1 (scripted) shows K♠ K♥ 2♣: Pair of kings, two kicker" in text
    assert ("you saw p1 (scripted) and lost: p1 (scripted)'s Pair of kings, two kicker beats "
            "your High card 9-4-3. Your hand was High card 9-4-3 (3♠ 4♥ 9♦), not shown") in text
    assert "costs: fold free, bet 2..17 costs 2..17, see costs 4" in text
    assert "to stay in: 1 (bet; you are blind: a blind bet counts double)" in text


def test_play_shows_both_retained_hands_and_which_is_played(tmp_path: Path) -> None:
    text = _play(tmp_path, "modern", {}, ["fold", "bet 1"],
                 ["bet 1", "retain", "look new", "throw", "see"], 2)
    assert "you are the last one in but played blind" in text
    assert "two blind hands: old (retained from the last deal) and new, both face down" in text
    assert "(looked at); old (retained) hand face down, not seen: keep or throw" in text
    assert "you throw the new hand away and play the old (retained) hand, blind" in text
    assert "playing the old (retained) hand, blind; the new hand (" in text


def test_play_help_lists_the_games_own_meanings(tmp_path: Path) -> None:
    text = _play(tmp_path, "modern", {}, ["fold", "bet 1"], ["bet 1", "h", "retain",
                                                              "h", "look new", "h"], 2)
    assert "retain" in text and "keep your blind hand face down for the next deal" in text
    assert "look old|new: look at your retained (old) blind hand or your new one" in text
    assert "give up the hand you looked at and play the other one, sight unseen" in text


def test_brag_play_brag_poker_prices_checking_free_and_half_price_calls(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "--preset", "brag-poker", "--seed", "3",
                                      "--hands", "1", "--no-pause", "--bots", "random,random",
                                      "--history", str(tmp_path / "b.json")],
                                input="h\nc\n" * 30)
    assert result.exit_code == 0, result.output
    assert "your bets count double" not in result.output
    assert ("costs: look free, fold free, call costs 1 (half price while you are blind: counts "
            "as 2), raise 4 costs 6") in result.output
    assert "to stay in: 1 (call; half price while you are blind: counts as 2)" in result.output
    assert "look at your cards: from now on your calls cost full price (free)" in result.output


def test_brag_play_commerce_widow_shows_lives_and_the_help_of_its_actions(
        tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "--preset", "commerce-widow", "--seed", "5",
                                      "--hands", "2", "--no-pause", "--bots", "random,random",
                                      "--history", str(tmp_path / "c.json")],
                                input="h\npass\nh\nkeep\npass\n" * 6)
    assert result.exit_code == 0, result.output
    assert "in, 3 lives" in result.output
    assert ("widow                 dealer's privilege: take the whole widow unseen as your hand"
            in result.output)
    assert "you had the worst hand and lose a life (2 left)" in result.output


def test_play_final_table_shows_the_retained_hand_played_once_shown(tmp_path: Path) -> None:
    text = _play(tmp_path, "modern", {}, ["fold", "bet 1"],
                 ["bet 1", "retain", "look new", "throw", "see"], 2)
    assert "played the old (retained) hand: " in text and " (shown)" in text
    assert "you look at the new hand: " in text
