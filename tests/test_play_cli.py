"""``brag play`` end to end through a pseudo-terminal, and its helpers."""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli
from bragkit.cli.play_cmd import read_action, save_history
from bragkit.engine import open_table
from bragkit.engine.actions import Action, LegalAction
from bragkit.errors import BragError
from bragkit.history import load, replay
from bragkit.rules import get_preset

# driven through a real terminal (pexpect): -m terminal selects these files
pytestmark = pytest.mark.terminal

pexpect = pytest.importorskip("pexpect")
_register()

BRAG = str(Path(sys.executable).with_name("brag"))
PROMPT = r"your move: ([^\r\n]*)\r?\n"
DONE = r"history saved to \S+ \((\d+) finished deals?\); stacks ([0-9 ]+)"


def _spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    env = dict(os.environ, COLUMNS="120", TERM="dumb", NO_COLOR="1")
    # --delay 0: a pty is a terminal, where bot actions are paced by default
    child = pexpect.spawn(BRAG, ["play", "--delay", "0", *args], cwd=str(tmp_path), env=env,
                          encoding="utf-8", timeout=60, dimensions=(50, 200))
    return child


def _stacks(text: str) -> list[int]:
    return [int(x) for x in text.split()]


def test_play_a_full_hand_and_replay_it_to_the_same_stacks(tmp_path: Path) -> None:
    hist = tmp_path / "game.json"
    child = _spawn(tmp_path, "--seed", "11", "--hands", "1", "--no-pause", "--bots",
                   "heuristic,random", "--history", str(hist))
    child.expect(r"brag play: modern, 3 seats, you are p1; seeded: 11 \(deals are predictable\)")
    moves = 0
    while True:
        i = child.expect([PROMPT, DONE])
        if i == 1:
            break
        offered = child.match.group(1)
        # play a real hand: a blind bet first, then look, then see or stay or fold
        if "look" in offered and moves == 0 and "bet" in offered:
            child.sendline("b")
        elif "look" in offered:
            child.sendline("l")
        elif "see" in offered:
            child.sendline("s")
        elif "bet" in offered and moves < 4:
            child.sendline("b")
        else:
            child.sendline("f")
        moves += 1
    finished, stacks = int(child.match.group(1)), _stacks(child.match.group(2))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert moves >= 2 and finished == 1
    result = replay(load(hist)).summary()
    assert result["stacks"] == stacks
    assert sum(stacks) + result["pot"] == 300
    data = json.loads(hist.read_text())
    assert data["seed"] == 11 and len(data["deals"]) == 1 and data["stacks"] == [100] * 3


def test_illegal_input_gets_a_one_line_reason_and_a_new_prompt(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "3", "--hands", "1", "--no-pause", "--bots",
                   "random,random")
    child.expect(PROMPT)
    child.sendline("keep")
    child.expect(r"not allowed: ([^\r\n]+)\r?\n")
    reason = child.match.group(1)
    assert reason.startswith("p1 keep: ")
    child.sendline("bet 9999")
    child.expect(r"not allowed: [^\r\n]*only \d+ chips")
    child.sendline("dance")
    child.expect(r"not allowed: [^\r\n]*unknown action 'dance'")
    child.sendline("f")
    child.expect(DONE)
    child.expect(pexpect.EOF)


def test_ctrl_c_keeps_the_history_complete_to_the_last_finished_deal(tmp_path: Path) -> None:
    hist = tmp_path / "h.json"
    child = _spawn(tmp_path, "--seed", "7", "--no-pause", "--bots", "heuristic,heuristic",
                   "--history", str(hist))
    finished = 0
    while finished < 2:
        i = child.expect([PROMPT, r"deal (\d+) over"])
        if i == 0:
            child.sendline("f")
        else:
            finished = int(child.match.group(1))
    child.expect(PROMPT)  # in the middle of deal 3
    child.kill(signal.SIGINT)
    child.expect(DONE)
    assert int(child.match.group(1)) == 2
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 or child.signalstatus == signal.SIGINT
    history = load(hist)
    assert len(history.deals) == 2
    assert all(d["finished"] for d in replay(history).summary()["deals"])


def test_end_of_input_saves_and_exits_cleanly(tmp_path: Path) -> None:
    hist = tmp_path / "e.json"
    child = _spawn(tmp_path, "--seed", "2", "--bots", "random,random", "--history", str(hist))
    child.expect(PROMPT)
    child.sendeof()
    child.expect(DONE)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert load(hist).deals == ()


def test_play_teen_patti_and_house_rules_from_a_rules_file(tmp_path: Path) -> None:
    rules = tmp_path / "house.json"
    rules.write_text('{"preset": "modern", "ante": 2, "see_cost": "single"}')
    out = tmp_path / "r.json"
    result = CliRunner().invoke(cli, ["play", "--rules", str(rules), "--seed", "4", "--hands",
                                      "2", "--no-pause", "--bots", "heuristic,random",
                                      "--history", str(out)], input="f\n" * 40)
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["rules"] == {"preset": "modern-single-see", "ante": 2}
    tp = CliRunner().invoke(cli, ["play", "--preset", "teen-patti", "--seed", "4", "--hands",
                                  "1", "--no-pause", "--history", str(tmp_path / "t.json")],
                            input="l\nf\n" * 20)
    assert tp.exit_code == 0, tp.output
    assert "teen-patti" in tp.output and "deal 1 over" in tp.output


def test_play_casino_delegates_to_brag_casino_play() -> None:
    result = CliRunner().invoke(cli, ["play", "--preset", "casino", "--seed", "1", "--hands",
                                      "1"], input="fold\n")
    assert result.exit_code == 0, result.output
    assert re.search(r"(?i)play or fold", result.output)


def test_read_action_shortcuts_and_errors() -> None:
    legal = (LegalAction("look"), LegalAction("fold"), LegalAction("bet", lo=3, hi=9),
             LegalAction("see", cost=6))
    assert read_action("b", legal) == Action("bet", 3)
    assert read_action("s", legal) == Action("see")
    assert read_action("bet 7", legal) == Action("bet", 7)
    with pytest.raises(BragError, match="type an action"):
        read_action("  ", legal)


def test_save_history_is_atomic_and_holds_only_finished_deals(tmp_path: Path) -> None:
    t = open_table(get_preset("modern"), [10, 10], dealer=0, seed=3)
    t.apply_text("p2 look")
    t.apply_text("p2 bet 1")
    t.apply_text("p1 fold")
    t.apply_text("p1 look")  # deal 2 in progress
    path = tmp_path / "sub" / "h.json"
    assert save_history(t, path) == 1
    assert load(path).deals == (("p2 look", "p2 bet 1", "p1 fold"),)
    assert [p.name for p in path.parent.iterdir()] == ["h.json"]


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "modern-face-up", "foster",
                                    "brag-poker", "commerce-widow"])
def test_saved_histories_replay_to_the_same_stacks(preset: str, tmp_path: Path) -> None:
    import random

    from bragkit.bots import get_bot

    rules = get_preset(preset)
    t = open_table(rules, [60, 60, 60], 0, seed=13)
    bots = [get_bot("heuristic", rules), get_bot("random", rules), get_bot("heuristic", rules)]
    rng = random.Random(1)
    while len(t.records) < 25 and not t.over:
        seat = t.to_act
        state = t.state if t.state is not None else t.records[-1].final
        t.apply_move(seat, bots[seat].act(state.view(seat), t.legal_actions(), rng))
    path = tmp_path / "h.json"
    assert save_history(t, path) == len(t.records)
    summary = replay(load(path)).summary()
    assert summary["stacks"] == list(t.stacks)
    assert summary["pot"] == t.carried


def test_help_lists_the_actions_on_offer_with_their_costs(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "5", "--hands", "1", "--no-pause", "--history",
                   str(tmp_path / "h.json"))
    child.expect("h for help")
    child.expect(r"to stay in: 1\b[^\r\n]*you are blind")
    child.expect(PROMPT)
    child.sendline("h")
    child.expect("you can:")
    child.expect(r"bet 1\.\.99 +put in N chips: the smallest stays in")
    child.expect(r"shortcuts: l look, f fold")
    child.sendline("l")  # help did not act: the same decision is still ours
    child.expect(r"p1 \(you\) look \S+ \S+ \S+")
    child.expect(PROMPT)
    child.sendline("f")
    child.expect(DONE)
    child.expect(pexpect.EOF)


def test_a_shortcut_for_an_action_not_on_offer_says_what_is(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--preset", "modern-4card", "--seed", "5", "--hands", "1",
                   "--no-pause", "--history", str(tmp_path / "h.json"))
    child.expect(PROMPT)
    child.sendline("l")
    child.expect(r"your move: discard ")
    child.sendline("b")
    child.expect(r"not allowed: bet is not on offer now; you can: discard ")
    child.sendline("q")
    child.expect(DONE)
    child.expect(pexpect.EOF)


def test_poker_style_tables_show_no_blind_status(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--preset", "foster", "--seed", "5", "--hands", "1",
                   "--no-pause", "--history", str(tmp_path / "h.json"))
    child.expect(PROMPT)
    screen = child.before
    # whole words: the history path may hold "popen-gw1" (a pytest-xdist worker's folder)
    assert "(not dealt yet)" in screen and not re.search(r"\b(open|blind)\b", screen)
    child.sendline("q")
    child.expect(DONE)
    child.expect(pexpect.EOF)


def test_default_history_goes_to_the_user_data_dir_not_the_current_dir(
        tmp_path: Path) -> None:
    import subprocess

    home, cwd = tmp_path / "home", tmp_path / "cwd"
    home.mkdir()
    cwd.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("BRAG_HISTORY_DIR", "XDG_DATA_HOME", "TERM")}
    env.update(HOME=str(home), COLUMNS="100")
    # what `make run` does on a CI machine: no terminal, no input
    proc = subprocess.run([BRAG, "play"], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    saved = list((home / ".local" / "share" / "bragkit" / "histories").glob("play-*.json"))
    assert len(saved) == 1 and str(saved[0]) in proc.stdout
    assert list(cwd.iterdir()) == []
    # no input: the game stops at the first question (the bots may finish a deal before it)
    done = re.search(DONE, proc.stdout)
    assert done is not None
    assert len(load(saved[0]).deals) == int(done.group(1)) <= 1
    assert saved[0].stat().st_mode & 0o044, "an ordinary readable file, not mkstemp's 0600"


def test_bad_play_input_is_one_line_and_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from bragkit.cli import main

    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text("{bad", encoding="utf-8")
    for args, message in ((["--preset", "nope"], "unknown preset 'nope'"),
                          (["--bots", "genius"], "no bot 'genius'"),
                          (["--preset", "foster", "--bots", "tracker"], "no bot 'tracker'"),
                          (["--bots", "random*40"], "too many"),
                          (["--seat", "9"], "there are only 4 seats"),
                          (["--rules", str(bad)], "not valid JSON"),
                          (["--hands", "0"], "0 is not in the range"),
                          (["--history", str(blocker / "h.json")], "cannot write the history"),
                          (["--preset", "casino", "--bots", "random"],
                           "--bots do not apply")):
        with pytest.raises(SystemExit) as exc:
            main(["play", "--no-pause", *args])
        assert exc.value.code == 2, message
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
        assert "Traceback" not in err


def test_shortcuts_follow_the_actions_on_offer_and_long_lists_are_numbered() -> None:
    poker = (LegalAction("fold"), LegalAction("call", cost=6), LegalAction("raise", lo=1, hi=9))
    assert read_action("c", poker) == Action("call")
    assert read_action("r 3", poker) == Action("raise", 3)
    brag = (LegalAction("fold"), LegalAction("cover", args=("p2",)))
    assert read_action("c p2", brag) == Action("cover", arg="p2")
    assert read_action("s", (LegalAction("stand"), LegalAction("pass"))) == Action("stand")
    options = tuple(f"cards=3 wild={w} blind=yes" for w in "abcdef")
    choose = (LegalAction("choose", args=options),)
    assert read_action("choose 2", choose) == Action("choose", arg=options[1])
    assert read_action(f"choose {options[5]}", choose) == Action("choose", arg=options[5])
    with pytest.raises(BragError, match="choose 1 to 6"):
        read_action("choose 7", choose)
    with pytest.raises(BragError, match="bet is not on offer now; you can: choose"):
        read_action("b", choose)


_PREFER = ("look", "call", "check", "ante", "bet", "stand", "keep", "discard", "exchange",
           "see", "fold")


def _move(offered: str) -> str:
    """A plausible move from the offers line: keep playing towards a showdown."""
    offers = {o.split()[0]: o for o in (x.strip() for x in offered.split(" | ")) if o}
    kind = next((k for k in _PREFER if k in offers), next(iter(offers)))
    rest = offers[kind][len(kind):].strip()
    if rest.startswith("<"):
        return f"{kind} 1"
    if ".." in rest:
        return f"{kind} {rest.split('..')[0]}"
    if rest and not rest.startswith("("):
        return f"{kind} {rest.split('|')[0]}"
    return kind


@pytest.mark.parametrize("preset", ["teen-patti", "modern-4card", "foster", "three-stake",
                                    "american", "brag-poker", "commerce-widow"])
def test_every_family_plays_through_a_pty_and_replays_to_the_same_stacks(
        preset: str, tmp_path: Path) -> None:
    hist = tmp_path / "h.json"
    child = _spawn(tmp_path, "--preset", preset, "--seed", "21", "--hands", "2",
                   "--no-pause", "--bots", "heuristic,random", "--history", str(hist))
    moves = 0
    while True:
        i = child.expect([PROMPT, DONE, r"not allowed: ([^\r\n]*)"])
        if i == 1:
            break
        assert i == 0, f"{preset}: a move built from the offers was refused: {child.match[1]}"
        child.sendline(_move(child.match.group(1)))
        moves += 1
        assert moves < 100
    finished, stacks = int(child.match.group(1)), _stacks(child.match.group(2))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and finished == 2
    summary = replay(load(hist)).summary()
    assert summary["stacks"] == stacks
    assert sum(stacks) + summary["pot"] == 300


def test_your_looked_hand_is_described_under_the_games_ranking(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "--seed", "3", "--hands", "1", "--no-pause",
                                      "--history", str(tmp_path / "d.json")],
                                input="look\n" + "f\n" * 30)
    assert result.exit_code == 0, result.output
    assert re.search(r"\((High card|Pair of|Flush|Run|Running flush|Prial of) ", result.output)


def test_every_preset_names_the_ranking_of_its_showdown() -> None:
    from bragkit.games import hand_ranking
    from bragkit.rules import preset_names

    expected = {"teen-patti": "teen-patti", "foster": "foster", "three-stake": "foster",
                "american": "american", "brag-poker": "modern", "commerce": "commerce",
                "modern-jokers": "modern"}
    for preset in preset_names():
        name = hand_ranking(get_preset(preset)).name
        if preset in expected:
            assert name == expected[preset], preset
        assert get_preset(preset).game.startswith(name) or name in ("foster", "modern")
