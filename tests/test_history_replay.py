"""Hand histories: the JSON format, saving every played hand, replay and ``brag replay``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli
from bragkit.engine import Table, open_table
from bragkit.errors import HistoryError
from bragkit.history import dumps, history_of, load, loads, replay
from bragkit.rules import get_preset


def runner_invoke(args: list[str]) -> tuple[int, str, str]:
    _register()
    result = CliRunner().invoke(cli, args)
    return result.exit_code, result.stdout, result.stderr


def random_session(preset: str, seed: int, deals: int, players: int = 4) -> Table:
    rng = random.Random(seed)
    t = open_table(get_preset(preset), [60] * players, dealer=0, seed=seed)
    while not t.over and t.deal_no < deals:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    return t


@pytest.mark.parametrize("preset", ["modern", "modern-4card", "modern-face-up", "modern-cover",
                                    "modern-lend", "teen-patti", "modern-dealers-choice",
                                    "modern-jokers"])
def test_every_played_hand_can_be_saved_and_replayed(preset: str) -> None:
    t = random_session(preset, 11, 12)
    # also stop in the middle of a deal
    if t.state is not None and not t.over:
        t.apply(t.legal_actions()[0].examples()[0])
    history = history_of(t)
    text = dumps(history)
    again = replay(loads(text))
    assert again.session.stacks == t.stacks
    assert again.session.deal_no == t.deal_no
    if t.state is not None:
        assert again.session.state == t.state


def test_history_with_an_explicit_pack_and_overriding_rules() -> None:
    from bragkit.engine import pack_text, shuffled_pack

    rules = get_preset("modern").replace(ante=2)
    pack = shuffled_pack(rules, random.Random(1))
    data = {"rules": {"preset": "modern", "ante": 2}, "stacks": [30, 30, 30], "dealer": "p3",
            "pack": pack_text(pack), "deals": [["p1 look", "p1 bet 3", "p2 fold", "p3 fold"]]}
    result = replay(loads(json.dumps(data))).summary()
    assert result["deals"][0]["hands"]["p1"] == pack_text(pack[0:9:3])
    assert result["stacks"] == [28 - 3 + 9, 28, 28]
    assert result["pot"] == 0


def test_replay_summary_has_stacks_pot_deals_hands_winners(tmp_path: Path) -> None:
    data = {"rules": "modern", "stacks": [20, 20, 20], "dealer": "p1", "seed": 11,
            "deals": [["p2 look", "p2 bet 2", "p3 fold", "p1 look", "p1 bet 2", "p2 see"],
                      ["p3 bet 1", "p1 fold", "p2 fold"]]}
    path = tmp_path / "h.json"
    path.write_text(json.dumps(data))
    code, out, _ = runner_invoke(["replay", str(path), "--json"])
    assert code == 0
    result = json.loads(out)
    assert set(result) >= {"stacks", "pot", "deals"}
    assert sum(result["stacks"]) + result["pot"] == 60
    assert result["pot"] == 4  # the blind fold-out carried the pot (p3 did not retain yet)
    first = result["deals"][0]
    assert set(first["hands"]) == {"p1", "p2", "p3"}
    assert first["winners"] in (["p1"], ["p2"])
    code, text, _ = runner_invoke(["replay", str(path)])
    assert code == 0 and "Deal 1 (dealer p1)" in text


@pytest.mark.parametrize(("deals", "message"), [
    ([["p2 look", "p2 bet 2", "p3 see"]],
     "deal 1, action 3 (p3 see): a see needs exactly two players left"),
    ([["p2 bet x"]], "deal 1, action 1 (p2 bet x): malformed action 'bet x'"),
    ([["p3 fold"]], "deal 1, action 1 (p3 fold): it is p2's turn, not p3's"),
    ([["p2 look", "p2 bet 99"]], "deal 1, action 2 (p2 bet 99): the first bet may be at most"),
    ([["p9 fold"]], "deal 1, action 1 (p9 fold): there is no seat p9"),
    ([["p2 look", "p2 fold"], []], "deal 1 is not finished but deal 2 follows"),
    ([["p2 fold", "p3 fold", "p1 fold"]],
     "deal 1, action 3 (p1 fold): deal 1 is already over"),
])
def test_replay_errors_are_one_line_with_exit_status_2(tmp_path: Path, deals: list[list[str]],
                                                       message: str) -> None:
    data = {"rules": "modern", "stacks": [20, 20, 20], "dealer": "p1", "seed": 3,
            "deals": deals}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    code, out, err = runner_invoke(["replay", str(path)])
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and out == ""


def test_bad_history_files() -> None:
    with pytest.raises(HistoryError, match="not valid JSON"):
        loads("{")
    with pytest.raises(HistoryError, match=r'unknown key .*"dealer" p7'):
        loads('{"rules": "modern", "stacks": [1, 1], "dealer": "p7", "seed": 1, "x": 2}')
    with pytest.raises(HistoryError, match="unknown preset"):
        loads('{"rules": "poker", "stacks": [1, 1], "seed": 1}')
    with pytest.raises(HistoryError, match="cannot read"):
        load("/nonexistent/file.json")


def test_dumps_loads_round_trip() -> None:
    t = random_session("modern", 5, 4)
    h = history_of(t)
    assert loads(dumps(h)) == h


def test_a_session_with_an_injected_rng_and_cuts_saves_faithfully() -> None:
    rules = get_preset("modern").replace(cut_when_unshuffled=True)
    rng = random.Random(99)
    t = open_table(rules, [40, 40, 40], dealer=1, rng=random.Random(5))
    while t.deal_no < 8 and not t.over:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    h = history_of(t)
    assert h.seed is None and h.pack is not None and h.shuffles
    again = replay(loads(dumps(h))).session
    assert again.stacks == t.stacks and again.state == t.state


@pytest.mark.parametrize("spec", [
    "modern-cover", "modern-lend", "modern-face-up", "modern-dealers-choice", "modern-stub",
    "modern-5card-wild", "teen-patti", "modern-rebuy",
    {"preset": "modern-dealers-choice", "cut_when_unshuffled": True},
    {"preset": "modern-face-up", "pack_policy": "shuffle_every_deal"},
])
def test_saved_histories_replay_exactly_across_seeds(spec: str | dict[str, object]) -> None:
    from bragkit.rules import resolve

    rules = resolve(spec)
    for seed in range(8):
        rng = random.Random(seed)
        injected = seed % 2 == 0
        t = open_table(rules, [40] * (2 + seed % 4), dealer=seed % 2,
                    rng=random.Random(seed) if injected else None,
                    seed=None if injected else seed)
        for _ in range(rng.randrange(5, 150)):
            if t.over:
                break
            t.apply(rng.choice(t.legal_actions()).sample(rng))
        again = replay(loads(dumps(history_of(t)))).session
        assert (again.stacks, again.deal_no, again.state) == (t.stacks, t.deal_no, t.state)


@pytest.mark.parametrize("preset", ["modern", "modern-4card", "teen-patti", "modern-jokers"])
def test_a_single_deal_saves_and_replays(preset: str) -> None:
    from bragkit.engine import BragState

    rng = random.Random(2)
    st = BragState.new(get_preset(preset), [30, 30, 30, 30], dealer=1, rng=random.Random(8))
    while not st.is_over:
        st = st.apply(rng.choice(st.legal_actions()).sample(rng))
    again = replay(loads(dumps(history_of(st)))).session.records[0].final
    assert again == st


def test_a_history_that_is_not_utf8_text_is_one_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{}")
    with pytest.raises(HistoryError, match="not UTF-8 text"):
        load(bad)
    result = CliRunner().invoke(cli, ["replay", str(bad)])
    assert result.exit_code == 2


def test_a_malformed_deal_entry_names_the_deal_and_the_position() -> None:
    with pytest.raises(HistoryError, match=r"deal 2, action 1 must be an action string.*not 5"):
        loads('{"rules": "modern", "stacks": [9, 9], "seed": 1, "deals": [["p2 fold"], [5]]}')
    with pytest.raises(HistoryError, match=r"deal 1 must be a list of action strings"):
        loads('{"rules": "modern", "stacks": [9, 9], "seed": 1, "deals": ["p2 fold"]}')


def test_a_carried_pot_split_as_the_table_ended_replays_to_the_shares(tmp_path: Path) -> None:
    """``"split"`` (docs/history-format.md): the shares of a pot still carried after the
    last deal go to the stacks; a split that does not share out exactly that pot, or one
    with a deal still in progress, is one error; ``brag replay`` says where the pot went."""
    base = {"rules": {"preset": "modern", "ante": 1}, "stacks": [30, 30], "dealer": "p2",
            "seed": 5, "deals": [["p1 bet 1", "p2 fold", "p1 release"]]}
    carried = replay(loads(json.dumps(base))).summary()
    assert carried["pot"] == 3 and "split" not in carried
    good = replay(loads(json.dumps({**base, "split": [2, 1]}))).summary()
    assert good["pot"] == 0 and good["split"] == {"p1": 2, "p2": 1}
    assert good["stacks"] == [carried["stacks"][0] + 2, carried["stacks"][1] + 1]
    path = tmp_path / "split.json"
    path.write_text(json.dumps({**base, "split": [2, 1]}), encoding="utf-8")
    code, out, _ = runner_invoke(["replay", str(path)])
    assert code == 0 and "The carried pot of 3 chips was split as the table ended: p1 2, p2 1" \
        in out, out
    code, out, _ = runner_invoke(["replay", "--json", str(path)])
    assert code == 0 and json.loads(out)["stacks"] == good["stacks"], out
    with pytest.raises(HistoryError, match="shares out 4 chips, but the pot carried after the "
                                           "last deal is 3"):
        replay(loads(json.dumps({**base, "split": [2, 2]})))
    live = {**base, "deals": [*base["deals"], ["p2 look"]], "split": [2, 1]}
    with pytest.raises(HistoryError, match="a deal is still in progress"):
        replay(loads(json.dumps(live)))
    with pytest.raises(HistoryError, match='"split" must be a list of one whole number'):
        loads(json.dumps({**base, "split": [3]}))
    with pytest.raises(HistoryError, match='"split": a casino table carries no pot'):
        loads('{"rules": "casino", "stacks": [20], "seed": 1, "split": [0], "deals": []}')
