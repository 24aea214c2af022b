"""Chance nobody can predict: live play shuffles with SystemRandom, no seed is printed or
stored, a history holds a pack only once its deal is over, and a seed is used only when
asked for (and then said).  Issue 10, "Chance that nobody can predict"."""

from __future__ import annotations

import json
import random
import re
import secrets
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli
from bragkit.cli.play_save import save_history
from bragkit.engine import open_table
from bragkit.engine.pack import fresh_pack, new_rng, pack_text
from bragkit.engine.poker.state import PokerState
from bragkit.engine.table import Table
from bragkit.games.casino import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.table import dumps_casino, loads_casino, replay_casino
from bragkit.history import dumps, history_of, load, loads, replay
from bragkit.rules import get_preset, resolve

_register()

SRC = Path(__file__).resolve().parents[1] / "src" / "bragkit"
GAMES = ["modern", "teen-patti", "foster", "three-stake", "brag-poker", "commerce",
         "commerce-widow"]


def _play(table: Table, rng: random.Random, *, deals: int, limit: int = 2000) -> None:
    """Random legal play (the actions from ``rng``) until ``deals`` deals are over."""
    for _ in range(limit):
        if table.over or table.deal_no >= deals:
            return
        table.apply(rng.choice(table.legal_actions()).sample(rng))


# ------------------------------------------------------------------ no default seed
@pytest.mark.parametrize("game", GAMES)
def test_unseeded_tables_deal_different_packs(game: str) -> None:
    rules = get_preset(game)
    a = open_table(rules, [30, 30, 30], 0)
    b = open_table(rules, [30, 30, 30], 0)
    assert a.packs_used[0] != b.packs_used[0]      # equal once in 52! (or 32!) tables
    assert a.seed is None and a.secret_chance      # drawn from SystemRandom


def test_unseeded_casino_tables_deal_different_hands() -> None:
    rules = CasinoRules.preset("casino")
    hands = []
    for _ in range(2):
        t = CasinoSession(rules, [100], deal_step=False)
        t.apply_text("p1 ante 10")
        hands.append(t.cards().player + t.cards().dealer)
    assert hands[0] != hands[1]                    # 6 ordered cards: 1 in 1.5e10
    assert t.secret_chance


def test_new_rng_is_seeded_only_when_asked() -> None:
    assert isinstance(new_rng(), secrets.SystemRandom)
    assert new_rng(0).random() == random.Random(0).random()
    assert new_rng(12).random() == random.Random(12).random()


# ------------------------------------------------------------------ the live commands
def _play_cli(tmp_path: Path, *args: str, text: str = "f\n" * 60) -> tuple[str, dict[str, Any]]:
    path = tmp_path / "game.json"
    result = CliRunner().invoke(cli, ["play", "--no-pause", "--bots", "random,random",
                                      "--history", str(path), *args], input=text)
    assert result.exit_code == 0, result.output
    return result.output, json.loads(path.read_text())


def test_no_seed_appears_in_the_banner_or_history_of_an_unseeded_game(tmp_path: Path) -> None:
    out, data = _play_cli(tmp_path, "--hands", "3")
    banner = out.splitlines()[0]
    assert banner.startswith("brag play: modern, 3 seats, you are p1; history: ")
    assert "seed" not in out.replace(str(tmp_path), "DIR").lower()
    assert "seed" not in data and data["deals"] and isinstance(data["pack"], str)
    again = replay(load(tmp_path / "game.json"))
    assert len(again.session.records) == len(data["deals"])


def test_no_seed_appears_in_an_unseeded_casino_game(tmp_path: Path) -> None:
    path = tmp_path / "casino.json"
    result = CliRunner().invoke(cli, ["casino", "play", "--hands", "2", "--history", str(path)],
                                input="p\nf\n")
    assert result.exit_code == 0, result.output
    assert "seed" not in result.output.replace(str(tmp_path), "DIR").lower()
    data = json.loads(path.read_text())
    assert "seed" not in data and len(data["deals"]) == 2 and len(data["shuffles"]) == 1
    hands = re.findall(r"you hold (.+?)  \(", result.output)
    assert len(hands) == 2
    replayed = replay_casino(loads_casino(path.read_text())).summary()
    assert replayed["stacks"] == [int(re.findall(r"Bankroll (\d+);", result.output)[-1])]


def test_a_seeded_game_says_so_and_is_reproducible(tmp_path: Path) -> None:
    runs = []
    for k in range(2):
        where = tmp_path / str(k)
        where.mkdir()
        out, data = _play_cli(where, "--seed", "5", "--hands", "3")
        assert "seeded: 5 (deals are predictable)" in out.splitlines()[0]
        assert data["seed"] == 5 and "pack" not in data
        runs.append((out.replace(str(where), "DIR"), data["deals"]))
    assert runs[0] == runs[1]                      # same cards, same bots, same log
    casino = CliRunner().invoke(cli, ["casino", "play", "--hands", "1", "--seed", "9"],
                                input="f\n")
    assert "seeded: 9 (deals are predictable)" in casino.output


def test_seeded_tables_are_reproducible() -> None:
    for game in GAMES:
        a = open_table(get_preset(game), [30, 30, 30], 0, seed=4)
        b = open_table(get_preset(game), [30, 30, 30], 0, seed=4)
        _play(a, random.Random(1), deals=4)
        _play(b, random.Random(1), deals=4)
        assert a.packs_used == b.packs_used and a.stacks == b.stacks
        assert not a.secret_chance and history_of(a).seed == 4


# ------------------------------------------------------------------ packs written after the deal
def test_a_history_written_mid_game_holds_deal_1s_pack_and_nothing_of_deal_2(
        tmp_path: Path) -> None:
    rules = get_preset("modern").replace(pack_policy="shuffle_every_deal")
    t = open_table(rules, [40, 40, 40], 0)
    moves = random.Random(3)
    _play(t, moves, deals=1)
    assert t.deal_no == 1 and len(t.packs_used) == 2   # deal 2 is dealt, from its own pack
    t.apply(moves.choice(t.legal_actions()).sample(moves))  # deal 2 is under way
    deal2 = t.current_actions()
    assert deal2
    h = history_of(t)
    assert h.deals == (t.records[0].actions,) and h.pack == pack_text(t.packs_used[0])
    assert h.shuffles == () and h.seed is None
    text = dumps(h)
    assert pack_text(t.packs_used[1]) not in text
    assert save_history(t, tmp_path / "h.json") == 1
    assert (tmp_path / "h.json").read_text() == text
    again = replay(loads(text)).session
    assert again.records[0].final == t.records[0].final


def test_a_history_before_any_deal_is_over_holds_no_pack(tmp_path: Path) -> None:
    t = open_table(get_preset("modern"), [20, 20], 0)
    t.apply(t.legal_actions()[0].examples()[0])
    h = history_of(t)
    assert (h.seed, h.pack, h.shuffles, h.deals) == (None, None, (), ())
    assert loads(dumps(h)).deals == ()               # an empty history loads
    assert replay(loads(dumps(h))).session.deal_no == 0


def test_a_casino_history_written_mid_hand_holds_only_finished_hands() -> None:
    t = CasinoSession(CasinoRules.preset("casino"), [100], deal_step=False)
    t.apply_text("p1 ante 10")
    t.apply_text("p1 play")
    t.apply_text("p1 ante 10")
    second = t.cards()                              # hand 2 is dealt and shown to p1
    h = t.history()
    assert h.deals == (t.records[0].actions,) and h.seed is None and h.shuffles == ()
    assert h.pack == t.dealt[0]
    text = dumps_casino(h)
    assert t.dealt[1] not in text and second.player and "p1 ante 10\"]" not in text
    assert replay_casino(loads_casino(text)).table.bankroll == t.bankroll


# ------------------------------------------------------------------ live histories replay exactly
@pytest.mark.parametrize("spec", [
    "modern", "modern-4card", "modern-dealers-choice", "teen-patti", "foster", "three-stake",
    "american", "brag-poker", "commerce", "commerce-widow",
    {"preset": "modern", "cut_when_unshuffled": True},
    {"preset": "modern-face-up", "pack_policy": "shuffle_every_deal"},
])
def test_the_history_of_a_live_unseeded_game_replays_exactly(spec: str | dict[str, object]
                                                              ) -> None:
    rules = resolve(spec)
    for k in range(3):
        t = open_table(rules, [40] * (3 + k), 0, keep_records=None)
        _play(t, random.Random(k), deals=12)
        if t.state is not None and not t.over:  # stop in the middle of a deal
            t.apply(t.legal_actions()[0].examples()[0])
        h = loads(dumps(history_of(t)))
        assert h.seed is None and len(h.deals) == len(t.records)
        again = replay(h).session
        assert again.stacks == t.stacks and again.deal_no == t.deal_no
        assert [r.final for r in again.records] == [r.final for r in t.records]


def test_a_history_ending_with_a_deal_settled_without_a_decision_replays() -> None:
    rules = get_preset("three-stake")  # all but one seat all-in after the stakes: no decision
    for seed in range(60):
        t = open_table(rules, [40] * 4, 0, seed=seed, keep_records=None)
        _play(t, random.Random(1), deals=12)
        if t.over and t.records and not t.records[-1].actions:
            break
    else:
        pytest.fail("no session ended with a deal settled without a decision")
    again = replay(loads(dumps(history_of(t)))).session
    assert again.over and again.stacks == t.stacks and again.deal_no == t.deal_no


def test_unshuffled_pack_carries_and_its_shuffles_use_the_injected_rng() -> None:
    rules = get_preset("modern")                     # brag_unshuffled
    seen = []
    for seed in (7, 7, 8):
        t = open_table(rules, [40, 40, 40], 0, rng=random.Random(seed))
        _play(t, random.Random(2), deals=10)
        seen.append(t.packs_used)
        shuffled = sum(r.shuffled for r in t.records)
        assert t.records[0].shuffled and shuffled <= len(t.packs_used) <= shuffled + 1
        assert shuffled < len(t.records)            # most deals come from the carried pack
    assert seen[0] == seen[1] and seen[0][0] != seen[2][0]
    cards = list(fresh_pack(rules))
    random.Random(7).shuffle(cards)
    assert seen[0][0] == tuple(cards)


# ------------------------------------------------------------------ Brag Poker's reshuffle
def _draw_all(t: Table) -> None:
    """Call/check round 1, then every seat draws three: the stock runs short."""
    while t.state is not None and t.deal_no == 0 and t.state.phase != "draw":
        kinds = {a.kind: a for a in t.legal_actions()}
        t.apply_text(f"p{t.to_act + 1} {'call' if 'call' in kinds else 'check'}")
    while t.state is not None and t.deal_no == 0 and t.state.phase == "draw":
        t.apply_text(f"p{t.to_act + 1} draw 3")


def test_4_8_brag_poker_shuffles_its_discards_with_the_table_rng_and_replays_them() -> None:
    rules = get_preset("brag-poker")
    n = 12                                           # 36 cards dealt, a stock of 16
    pack = fresh_pack(rules)
    orders = []
    for _ in range(2):
        t = open_table(rules, [100] * n, n - 1, pack=pack, keep_records=None)
        _draw_all(t)
        st = t.state
        assert isinstance(st, PokerState)
        assert any(e.kind == "reshuffle" for e in st.events)
        assert len(t.packs_used) >= 2 and st.reshuffles == tuple(t.packs_used[1:])
        order = t.packs_used[1]
        reshuffle = next(e for e in st.events if e.kind == "reshuffle")
        assert reshuffle.amount == len(order) == 15
        orders.append(order)
        assert t.secret_chance                       # the order came from SystemRandom
        while t.deal_no == 0:                        # finish the deal
            t.apply(t.legal_actions()[0].examples()[0])
        h = loads(dumps(history_of(t)))
        assert h.shuffles[0] == pack_text(order)
        again = replay(h).session
        assert again.records[0].final == t.records[0].final
        assert again.records[0].final.events == t.records[0].final.events
        assert t.records[0].final == t.last_final    # the record re-plays the reshuffle too
    assert sorted(orders[0]) == sorted(orders[1]) and orders[0] != orders[1]  # not from text


def test_4_8_a_seeded_brag_poker_reshuffle_is_reproducible() -> None:
    rules = get_preset("brag-poker")
    finals = []
    for _ in range(2):
        t = open_table(rules, [100] * 12, 11, seed=3)
        _draw_all(t)
        assert t.state is not None
        finals.append(t.state)
    assert finals[0] == finals[1] and finals[0].events == finals[1].events


# ------------------------------------------------------------------ the guard
_FORBIDDEN = [
    (re.compile(r"\bseed\s*(:\s*int(\s*\|\s*None)?)?\s*=\s*\d"), "a default seed"),
    (re.compile(r"--seed\",\s*default=\d|\"--seed\".*default=\d"), "a default --seed"),
    (re.compile(r"\bRandom\(\s*\d*\s*\)"), "Random() without a seed, or a literal seed"),
    (re.compile(r"\brandom\.(random|shuffle|choice|choices|randint|randrange|sample|uniform|"
                r"seed|getrandbits|gauss|betavariate)\("), "the global random generator"),
    (re.compile(r"np\.random\.(rand|randn|randint|choice|shuffle|permutation|seed)\("),
     "numpy's global generator"),
    (re.compile(r"default_rng\(\s*\)"), "an unseeded numpy generator"),
]
_FACTORY = SRC / "engine" / "pack.py"           # new_rng: the one place a generator is made


def _code_lines(path: Path) -> list[tuple[int, str]]:
    lines = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("#", 1)[0]
        if code.strip().startswith((">>>", "...")):
            continue                                 # doctest examples seed explicitly
        lines.append((no, code))
    return lines


def test_no_default_seed_or_global_random_in_src() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        for no, code in _code_lines(path):
            for pattern, what in _FORBIDDEN:
                if pattern.search(code) and not (path == _FACTORY and "SystemRandom()" in code):
                    found.append(f"{path.relative_to(SRC)}:{no}: {what}: {code.strip()}")
    assert not found, "\n".join(found)


def test_the_guard_catches_what_it_looks_for() -> None:
    bad = ["def f(seed: int = 0):", "    rng = random.Random()", "random.shuffle(cards)",
           "x = random.choice(seq)", "t = Table(seed=0)", "Random(0)",
           "@click.option(\"--seed\", default=1, show_default=True)"]
    good = ["rng = random.Random(seed)", "rng.shuffle(cards)", "seed: int | None = None",
            "new_rng(seed)", "random.Random(f'bots:{seed}')"]
    hits = [any(p.search(line) for p, _ in _FORBIDDEN) for line in bad + good]
    assert hits == [True] * len(bad) + [False] * len(good)
