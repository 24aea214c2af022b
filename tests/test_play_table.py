"""The ``brag play`` table: seats, commands (rules, hint), pacing, the between-deals prompt,
deals without a decision, the session summary and one card text in every command."""

from __future__ import annotations

import io
import itertools
import os
import random
import re
import signal
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from bragkit.analysis.equity import equity
from bragkit.bots import get_bot
from bragkit.cards import parse_cards
from bragkit.cli import _register, cli
from bragkit.cli.cardtext import cards_markup, cards_plain, markup_text, symbols_ok
from bragkit.cli.play_cmd import play_command
from bragkit.cli.play_info import SessionSummary, best_of_each_category, hint_text, rules_text
from bragkit.cli.play_render import (
    deal_pot,
    last_actions,
    last_own_cards,
    no_turn_reason,
    paid_this_deal,
)
from bragkit.cli.play_table import PlayTable
from bragkit.engine import open_table
from bragkit.engine.events import Event
from bragkit.games import hand_ranking
from bragkit.games.reference import keys_of
from bragkit.rules import get_preset, preset_names

# driven through a real terminal (pexpect): -m terminal selects these files
pytestmark = pytest.mark.terminal

pexpect = pytest.importorskip("pexpect")
_register()

BRAG = str(Path(sys.executable).with_name("brag"))
PROMPT = r"your move: ([^\r\n]*)\r?\n"
BETWEEN = r"Enter for the next deal \(or q quit, rules, h help, or your first move\): "
SUMMARY = r"session: (\d+) deals? played, (\d+) won by you; net ([+-]?\d+) chips"
DOCS = Path(__file__).resolve().parents[1] / "docs" / "play.md"


def _spawn(tmp_path: Path, *args: str, **env_extra: str) -> pexpect.spawn:
    env = dict(os.environ, COLUMNS="140", TERM="dumb", NO_COLOR="1", **env_extra)
    return pexpect.spawn(BRAG, ["play", "--history", str(tmp_path / "h.json"), *args],
                         cwd=str(tmp_path), env=env, encoding="utf-8", timeout=60,
                         dimensions=(60, 200))


def _play(args: list[str], moves: str) -> str:
    result = CliRunner().invoke(cli, ["play", "--no-pause", *args], input=moves)
    assert result.exit_code == 0, result.output
    return result.output


# ---------------------------------------------------------------- card text
def test_cards_read_the_same_in_symbols_or_letters_jokers_numbered() -> None:
    hand = parse_cards("Kc Th X X 2d")
    assert cards_plain(hand) == "K♣ 10♥ X1 X2 2♦"
    assert cards_plain(hand, symbols=False) == "Kc Th X1 X2 2d"
    assert parse_cards(cards_plain(hand)) == hand == parse_cards(cards_plain(hand,
                                                                             symbols=False))
    marked = cards_markup(parse_cards("Qh 2s"))
    assert marked == "[red on white]Q♥[/] [black on white]2♠[/]"
    # cards inside text get the same colours; the word "As" opening a sentence does not
    assert markup_text("As p2 shows As, 9d") == \
        "As p2 shows [black on white]A♠[/], [red on white]9♦[/]"
    assert markup_text("[a] X2", symbols=False) == "\\[a] [bold magenta on white]X2[/]"
    assert not symbols_ok(Console(file=io.TextIOWrapper(io.BytesIO(), encoding="latin-1")))


def test_compare_writes_cards_like_play(tmp_path: Path) -> None:
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1")
    child = pexpect.spawn(BRAG, ["compare", "--wild", "jokers", "X 8s 7d", "Th Kd Qh"],
                          env=env, encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    screen = re.sub(r"\x1b\[[0-9;]*m", "", child.before)  # styles, not colours, remain
    assert "X1 8♠ 7♦" in screen and "K♦ Q♥ 10♥" in screen
    assert "🃏" not in screen


def test_a_terminal_that_is_not_utf8_gets_letters(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "5", "--hands", "1", "--no-pause",
                   PYTHONIOENCODING="ascii")
    child.expect(PROMPT)
    child.sendline("l")
    child.expect(r"p1 \(you\) look ([^\r\n]+)\r?\n")
    assert re.fullmatch(r"(?:[2-9TJQKA][cdhs] ?){3}", child.match.group(1).strip())
    child.sendline("q")
    child.expect(pexpect.EOF)


# ---------------------------------------------------------------- the seat table
def test_seat_table_shows_dealer_chips_put_in_and_last_actions(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "5", "--hands", "1", "--no-pause", "--delay", "0")
    child.expect(PROMPT)
    screen = child.before
    assert "put in" in screen and "last action" in screen and "D = dealer" in screen
    rows = {m.group(1): m.group(0) for m in re.finditer(r"(?m)^(p\d)\b[^\r\n]*", screen)}
    assert len(rows) == 4
    dealers = [seat for seat, row in rows.items() if re.search(rf"{seat} D\b", row)]
    assert len(dealers) == 1
    # every seat has paid its ante of 1 at least; p1 (blind, not acted yet) exactly that
    assert re.match(r"p1 D? ?< +you +\d+ +1 +in, blind", rows["p1"]), rows["p1"]
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_paid_and_last_actions_from_the_log() -> None:
    log = (Event("ante", 0, 1), Event("ante", 1, 1), Event("look", 0, cards=(51, 47, 43)),
           Event("bet", 0, 4), Event("trade", 1, 1), Event("pay", 1, 1, note="to p1"),
           Event("draw", 1), Event("pass", 1), Event("award", 0, 7))
    assert paid_this_deal(log, 2) == [5, 2]  # a trade's price is counted once (its pay)
    assert last_actions(log, 2, symbols=False) == ["look, bet 4", "trade 1, pass"]
    assert last_own_cards(log, 0) == parse_cards("As Ks Qs")
    assert last_own_cards(log, 1) is None
    assert deal_pot(log) == 7
    # a public exchange with the widow keeps its cards; a private trade does not
    swaps = (Event("exchange", 0, cards=(51, 47)),
             Event("trade", 1, 1, cards=(3,), visible_to=frozenset({1})))
    assert last_actions(swaps, 2, symbols=False) == ["exchange [black on white]As[/] "
                                                     "[black on white]Ks[/]", "trade 1"]


# ---------------------------------------------------------------- rules
@pytest.mark.parametrize("preset", ["modern", "teen-patti", "three-stake", "commerce",
                                    "brag-poker", "commerce-widow"])
def test_rules_text_lists_the_ranking_and_exactly_the_games_keys(preset: str) -> None:
    rules = get_preset(preset)
    text = rules_text(rules, symbols=False)
    listed = re.findall(r"^  (\w+) = ", text, flags=re.M)
    assert listed == list(keys_of(rules.game))
    for key in listed:
        value = getattr(rules, key)
        shown = "none" if value is None else str(value).lower() if isinstance(value, bool) \
            else str(value)
        assert re.search(rf"^  {key} = {re.escape(shown)}\b", text, flags=re.M), key
    ranking = hand_ranking(rules)
    places = re.findall(r"^  \d\. ([\w ]+?) +best: ", text, flags=re.M)
    assert places == [c.replace("_", " ") for c in ranking.categories]


def test_rules_marks_house_rules_that_differ_and_names_the_best_hands() -> None:
    text = rules_text(get_preset("modern").replace(ante=2), symbols=False)
    assert re.search(r"^  ante = 2 \* ", text, flags=re.M)
    assert re.search(r"^  see_cost = double  ", text, flags=re.M)
    best = dict(best_of_each_category(hand_ranking(get_preset("modern"))))
    assert cards_plain(best["prial"], symbols=False) == "3c 3d 3h"  # threes_high
    assert cards_plain(best["run"], symbols=False) == "Ad 2c 3c"     # A-2-3, the best run
    low = dict(best_of_each_category(hand_ranking(get_preset("modern").replace(
        threes_high=False))))
    assert cards_plain(low["prial"], symbols=False) == "Ac Ad Ah"


def test_rules_at_the_prompt_does_not_act(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "5", "--hands", "1", "--no-pause", "--delay", "0",
                   "--set", "ante=2")
    child.expect(PROMPT)
    offered = child.match.group(1)
    child.sendline("rules")
    child.expect(r"Hand ranking \(modern; best first\):")
    child.expect(r"ante = 2 \*")
    child.expect(r"The full rules: docs/rules/modern\.md")
    child.sendline("h")
    child.expect("table commands")
    child.sendline("f")  # the same decision was still ours
    child.expect(r"p1 \(you\) fold")
    child.expect(SUMMARY)
    child.expect(pexpect.EOF)
    assert "look" in offered


# ---------------------------------------------------------------- hint
def _view_after(preset: str, moves: list[str], seat: int, n: int = 3, seed: int = 4):
    t = open_table(get_preset(preset), [50] * n, 0, seed=seed)
    for move in moves:
        t.apply_text(move)
    return t.state.view(seat)


def test_hint_is_the_exact_equity_of_what_the_seat_sees() -> None:
    view = _view_after("modern", ["p2 look", "p2 bet 2", "p3 fold", "p1 look"], 0)
    text = hint_text(get_preset("modern"), view, 0, symbols=False)
    exact = equity(view.own_cards, 1, ranking=hand_ranking(get_preset("modern")))
    assert exact.method == "exact"
    win = f"win {float(exact.win):.1%}"
    assert win in text and "against 1 opponent still in" in text and "exact" in text
    assert cards_plain(view.own_cards, symbols=False) in text


def test_hint_uses_only_seen_cards_and_refuses_what_it_cannot_count() -> None:
    rules = get_preset("modern")
    blind = _view_after("modern", [], 1)
    assert hint_text(rules, blind, 1) == "hint: look at your cards first (you are blind)"
    # a folded hand face up on the stub is out of play: the hint counts it as dead
    stub = get_preset("modern-stub")
    view = _view_after("modern-stub", ["p2 look", "p2 fold", "p3 look"], 2)
    dead = [c for c in view.known_cards() if c not in view.own_cards]
    assert len(dead) == 2 and view.stub_card in dead  # the face-up stub cards
    text = hint_text(stub, view, 2, symbols=False)
    expect = equity(view.own_cards, 1, dead=tuple(sorted(dead)), ranking=hand_ranking(stub))
    blind_to_stub = equity(view.own_cards, 1, ranking=hand_ranking(stub))
    assert expect.win != blind_to_stub.win
    assert f"win {float(expect.win):.1%}" in text and "2 cards you have seen out of play" in text


def test_hint_counts_three_stakes_face_up_cards_exactly_against_one() -> None:
    rules = get_preset("three-stake")
    view = _view_after("three-stake", [], 1, n=2)
    (other, up), = view.shown.items()
    assert other == 0 and len(up) == 1  # the opponent's face-up card is seen
    ranking = hand_ranking(rules)
    mine = ranking.evaluate(view.own_cards)
    rest = [c for c in ranking.pack if c not in view.own_cards and c not in up]
    wins = ties = total = 0
    for a, b in itertools.combinations(rest, 2):  # every completion of the opponent's hand
        theirs = ranking.evaluate((*up, a, b))
        wins += mine > theirs
        ties += mine == theirs
        total += 1
    text = hint_text(rules, view, 1, symbols=False)
    assert f"win {wins / total:.1%}" in text and f"tie {ties / total:.1%}" in text
    assert f"exact, over all {total:,} ways" in text and "1 of their cards face up" in text
    three = _view_after("three-stake", [], 1, n=3)
    assert "estimated from 20,000 deals" in hint_text(rules, three, 1, seed=2)


def test_hint_against_three_is_an_estimate_with_its_interval() -> None:
    view = _view_after("modern", ["p2 look"], 1, n=4)
    text = hint_text(get_preset("modern"), view, 1, symbols=False, seed=1)
    assert "against 3 opponents still in" in text and "±" in text
    assert "estimated from 20,000 deals" in text


# ---------------------------------------------------------------- pacing, between deals
def test_delay_paces_each_bot_action_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    slept: list[float] = []
    monkeypatch.setattr("bragkit.cli.play_table.time.sleep", slept.append)
    rules = get_preset("modern")
    for terminal, expected in ((True, 0.25), (False, None)):
        slept.clear()
        console = Console(file=io.StringIO(), force_terminal=terminal, width=140)
        monkeypatch.setattr(console, "input", lambda prompt="": "f")
        session = open_table(rules, [50, 50, 50], 0, seed=3, keep_records=None)
        bots = {1: get_bot("random", rules), 2: get_bot("random", rules)}
        table = PlayTable(session, 0, bots, ["you", "random", "random"], console,
                          tmp_path / f"h{terminal}.json", random.Random(1), 1, False, 0.25)
        table.run()
        if expected is None:
            assert slept == []
        else:
            assert slept and set(slept) == {expected}


def test_the_between_deals_prompt_takes_commands_and_keeps_a_move(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "7", "--hands", "3", "--delay", "0")
    child.expect(PROMPT)
    child.sendline("f")
    child.expect(BETWEEN)
    child.sendline("rules")  # answered, and asked again
    child.expect(r"Hand ranking \(modern; best first\)")
    child.expect(BETWEEN)
    child.sendline("hint")
    child.expect("hint: no cards yet")
    child.expect(BETWEEN)
    child.sendline("fold")  # kept for the first move of deal 2
    child.expect(r"> fold +\(typed before the deal\)")
    child.expect(r"p1 \(you\) fold")
    child.expect(BETWEEN)
    child.sendline("q")
    child.expect(SUMMARY)
    assert child.match.group(1) == "2"
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# ---------------------------------------------------------------- deals without a decision
def test_commerce_says_why_a_deal_passed_without_your_turn() -> None:
    out = _play(["--preset", "commerce", "--seed", "1", "--hands", "2"], "stand\n" * 40)
    assert re.search(r"p\d \(heuristic\) stood before your turn: in Commerce a stand ends "
                     r"the trading at once", out)
    rules = get_preset("commerce")
    assert "p2 (random) stood" in no_turn_reason(rules, (Event("stand", 1),), 0, 0,
                                                 ["you", "random"])


def test_three_stake_dealer_takes_the_brag_pool_without_a_decision() -> None:
    out = _play(["--preset", "three-stake", "--seed", "1", "--hands", "8"], "pass\n" * 80)
    assert "everybody passed out of the brag pool (P2) before your turn" in out
    reason = no_turn_reason(get_preset("three-stake"), (Event("fold", 1), Event("fold", 2)),
                            0, 0, ["you", "a", "b"])
    assert reason.startswith("everybody passed out of the brag pool")
    assert no_turn_reason(get_preset("modern"), (Event("fold", 1), Event("fold", 2)), 0, 2,
                          ["you", "a", "b"]).startswith("every other player folded")


def test_every_preset_gives_you_decisions_in_most_deals() -> None:
    # the human seat is never skipped by the table itself: in every family a scripted
    # player acts in a majority of deals (Commerce's stands are the rule, not a fault)
    for preset, moves, least in (("modern", "f\n", 0.8), ("three-stake", "pass\n", 0.7),
                                 ("commerce", "stand\n", 0.4), ("foster", "a\ns\np\nf\n", 0.9)):
        out = _play(["--preset", preset, "--seed", "2", "--hands", "10"], moves * 200)
        deals = re.split(r"deal \d+ over", out)[:-1]
        assert len(deals) == 10, preset
        acted = sum("your move" in d for d in deals)
        assert acted >= least * 10, (preset, acted)
        assert sum("no decision" in d for d in deals) == 10 - acted, preset


# ---------------------------------------------------------------- the end of the session
def test_summary_counts_deals_won_net_and_biggest_pot() -> None:
    s = SessionSummary(start=100)
    for won, pot in ((True, 9), (False, 30), (True, 4)):
        s.add_deal(won=won, pot=pot)
    assert s.text(stack=120, bought=10) == ("session: 3 deals played, 2 won by you; net +10 "
                                            "chips (stack 120, 10 bought in); biggest pot 30")
    assert SessionSummary(start=5).text(stack=5, bought=0).endswith("no pot won yet")


def test_summary_matches_the_history_on_quit_eof_and_ctrl_c(tmp_path: Path) -> None:
    out = _play(["--seed", "3", "--hands", "3", "--history", str(tmp_path / "a.json")],
                "f\n" * 60)
    m = re.search(SUMMARY, out)
    assert m is not None and m.group(1) == "3"
    stacks = re.search(r"stacks ([0-9 ]+)\n", out.split("session:")[1])
    assert stacks is not None
    assert int(m.group(3)) == int(stacks.group(1).split()[0]) - 100
    for stop in ("eof", "sigint"):
        (tmp_path / stop).mkdir()
        child = _spawn(tmp_path / stop, "--seed", "3", "--no-pause", "--delay", "0")
        child.expect(PROMPT)
        if stop == "eof":
            child.sendeof()
        else:
            child.kill(signal.SIGINT)
        child.expect(SUMMARY)
        assert child.match.group(1) == "0"
        child.expect(pexpect.EOF)


def test_a_ctrl_c_inside_a_print_still_gives_the_summary(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """A Ctrl-C that lands inside rich's print, between raising its buffer depth and lowering
    it, leaves that console buffering for good (seen once in the pexpect test above: EOF and
    no summary); the summary is printed through a new console."""
    from bragkit.cli.play_table import PlayTable

    def interrupted_inside_a_print(table: PlayTable) -> None:
        table.console.begin_capture()  # (rich's state when the interrupt lands inside a
        # print: its buffer depth raised and never lowered, as a capture never ended leaves it)
        raise KeyboardInterrupt

    monkeypatch.setattr(PlayTable, "run", interrupted_inside_a_print)
    result = CliRunner().invoke(cli, ["play", "--seed", "3", "--no-pause",
                                      "--history", str(tmp_path / "h.json")])
    assert result.exit_code == 130
    assert re.search(SUMMARY, result.output), result.output
    assert "history saved to" in result.output


# ---------------------------------------------------------------- help and docs
def test_help_lists_every_preset_casino_included() -> None:
    text = CliRunner().invoke(cli, ["play", "--help"]).output
    for name in preset_names():
        assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text), name
    assert "casino: Casino 3 Card Brag against the house; runs 'brag casino play'" in \
        " ".join(text.split())
    assert "--bankroll" in text and "--delay SECONDS" in text


def test_docs_play_documents_every_option_and_table_command() -> None:
    doc = DOCS.read_text(encoding="utf-8")
    for param in play_command.params:
        for flag in (*param.opts, *param.secondary_opts):
            if flag.startswith("--"):
                assert f"`{flag}" in doc or f"/{flag}`" in doc, flag
    for command in ("`rules`", "`hint`", "`h`", "`q`"):
        assert command in doc, command
    assert "--bankroll" in doc and "brag casino play --bankroll" in doc


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "11", "abc"])
def test_a_bad_delay_is_one_line_and_exit_2(value: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from bragkit.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["play", "--delay", value, "--hands", "1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--delay" in err and err.count("\n") == 1 and "Traceback" not in err


def test_the_end_of_a_deal_shows_the_table_with_your_folded_hand(tmp_path: Path) -> None:
    out = _play(["--seed", "3", "--hands", "1", "--history", str(tmp_path / "e.json")],
                "l\nf\n" * 20)
    looked = re.search(r"p1 \(you\) look ((?:\S+ ){2}\S+)", out)
    assert looked is not None
    end = out.split("Deal 1: the end", 1)
    assert len(end) == 2, out
    row = next(line for line in end[1].splitlines() if line.startswith("p1 "))
    assert looked.group(1) in row and "folded" in row


def test_casino_play_writes_cards_like_play(tmp_path: Path) -> None:
    env = dict(os.environ, COLUMNS="120", TERM="dumb", NO_COLOR="1")
    child = pexpect.spawn(BRAG, ["casino", "play", "--seed", "1", "--hands", "1", "--history",
                                 str(tmp_path / "c.json")], env=env, encoding="utf-8",
                          timeout=60)
    child.expect(r"you hold ((?:\S+ ){2}\S+)  \(")
    assert all(re.fullmatch(r"(?:10|[2-9JQKA])[♣♦♥♠]", c) for c in child.match.group(1).split())
    child.sendline("fold")
    child.expect(r"Dealer: ((?:\S+ ){2}\S+)  \(")
    assert all(re.fullmatch(r"(?:10|[2-9JQKA])[♣♦♥♠]", c) for c in child.match.group(1).split())
    child.expect(pexpect.EOF)
