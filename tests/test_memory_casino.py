"""Memory that stays bounded at casino tables (issue 10, "Memory"): a table keeps its most
recent hands, ``brag casino play`` keeps them all, and ``brag replay`` of a casino history
streams hand by hand with the same output.  These count what is kept (and trace memory);
they do not time anything.
"""

from __future__ import annotations

import gc
import io
import json
import random
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli
from bragkit.engine.table import KEEP_RECORDS
from bragkit.errors import BragError, HistoryError
from bragkit.games.casino import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.table import (
    CasinoRecord,
    dumps_casino,
    load_casino,
    loads_casino,
    replay_casino,
)
from bragkit.history.stream import replay_to

CASINO = CasinoRules.preset("casino")


def _play(t: CasinoSession, hands: int, seed: int = 1) -> None:
    """Play ``hands`` random hands (ante 1..5, sometimes a pair bonus, play or fold)."""
    rng = random.Random(seed)
    for _ in range(hands):
        t.apply_text(f"p1 ante {rng.randint(1, 5)}")
        if rng.random() < 0.3:
            t.apply_text(f"p1 pairbonus {rng.randint(1, 3)}")
        t.apply_text(rng.choice(("p1 play", "p1 fold")))


def test_a_casino_table_keeps_its_most_recent_hands() -> None:
    t = CasinoSession(CASINO, [10**6], seed=3, deal_step=False)
    _play(t, KEEP_RECORDS + 50)
    assert t.hands_finished == t.hands_dealt == KEEP_RECORDS + 50
    assert len(t.records) == len(t.finished) == len(t.dealt) == KEEP_RECORDS
    assert t.records.dropped == t.finished.dropped == t.dealt.dropped == 50
    every = CasinoSession(CASINO, [10**6], seed=3, keep_records=None, deal_step=False)
    _play(every, KEEP_RECORDS + 50)
    assert len(every.records) == len(every.dealt) == KEEP_RECORDS + 50
    assert list(t.finished) == list(every.finished)[50:] and t.bankroll == every.bankroll
    assert list(t.dealt) == list(every.dealt)[50:]


def test_keep_records_zero_keeps_only_the_hand_in_progress() -> None:
    t = CasinoSession(CASINO, [10**6], seed=4, keep_records=0, deal_step=False)
    _play(t, 200)
    assert (len(t.records), len(t.finished), len(t.dealt)) == (0, 0, 0)
    t.apply_text("p1 ante 2")
    hand = t.cards()
    assert len(t.dealt) == 1 and t.hands_dealt == 201 and t.hands_finished == 200
    every = CasinoSession(CASINO, [10**6], seed=4, keep_records=None, deal_step=False)
    _play(every, 200)
    every.apply_text("p1 ante 2")
    assert every.cards() == hand and every.bankroll == t.bankroll


def test_given_packs_are_dealt_in_order_however_few_hands_are_kept() -> None:
    source = CasinoSession(CASINO, [500], keep_records=None, rng=random.Random(9),
                           deal_step=False)
    _play(source, 12)
    h = source.history()  # no seed: the cards of every hand
    for keep in (None, 0, 3):
        again = CasinoSession.from_text(CASINO, 500, pack=h.pack, shuffles=h.shuffles,
                                        keep_records=keep, rng=random.Random(0))
        _play(again, 12)
        assert again.bankroll == source.bankroll and list(again.dealt) == \
            list(source.dealt)[12 - len(again.dealt):]
        assert not again.secret_chance  # every hand came from a given pack


def test_on_record_sees_every_hand_and_rebuilds_the_history() -> None:
    seen: list[CasinoRecord] = []
    t = CasinoSession(CASINO, [10**5], keep_records=2, on_hand=seen.append,  # SystemRandom
                      deal_step=False)
    _play(t, 40)
    assert [r.number for r in seen] == list(range(40)) and seen[-1].bankroll == t.bankroll
    assert t.secret_chance and len(t.records) == 2
    text = json.dumps({"rules": "casino", "stacks": [10**5], "pack": seen[0].cards,
                       "shuffles": [r.cards for r in seen[1:]],
                       "deals": [list(r.actions) for r in seen]})
    again = replay_casino(loads_casino(text)).table
    assert again.bankroll == t.bankroll and list(again.finished)[-2:] == list(t.finished)


def test_history_refuses_a_table_that_forgot_hands() -> None:
    t = CasinoSession(CASINO, [1000], seed=1, keep_records=5, deal_step=False)
    _play(t, 5)
    assert replay_casino(loads_casino(dumps_casino(t.history()))).table.bankroll == t.bankroll
    _play(t, 1)
    with pytest.raises(HistoryError, match="kept only its last 5 hands"):
        t.history()


def test_keep_records_must_be_a_count() -> None:
    with pytest.raises(BragError, match="keep_records"):
        CasinoSession(CASINO, [10], keep_records=-1, deal_step=False)


class _Forgetful(CasinoSession):
    """A casino table that keeps 3 hands unless told otherwise."""

    def __init__(self, rules: CasinoRules, stacks: list[int], *, seed: int | None = None,
                 keep_records: int | None = 3, deal_step: bool = True) -> None:
        super().__init__(rules, stacks, seed=seed, keep_records=keep_records,
                         deal_step=deal_step)


def test_brag_casino_play_saves_every_hand(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """``brag casino play`` keeps every hand (``keep_records=None``, whatever the default):
    its history holds them all, with the cards of each (no seed), and replays to its
    bankroll."""
    import bragkit.cli.casino_cmd as casino_cmd

    monkeypatch.setattr(casino_cmd, "CasinoSession", _Forgetful)
    _register()
    path = tmp_path / "c.json"
    hands = 12
    result = CliRunner().invoke(cli, ["casino", "play", "--hands", str(hands), "--bankroll",
                                      "100000", "--ante", "1", "--history", str(path)],
                                input="p\n" * hands)
    assert result.exit_code == 0, result.output[-500:]
    assert f"({hands} finished hands)" in result.output
    h = load_casino(path)
    assert h is not None and h.seed is None and len(h.deals) == hands
    assert len(h.shuffles) == hands - 1
    bankroll = int(result.output.rsplit("Bankroll ", 1)[1].split(";")[0])
    assert replay_casino(h).table.bankroll == bankroll


# ---------------------------------------------------------------------------- streamed replay
def _history(hands: int, seeded: bool, mid: bool = False, seed: int = 2) -> str:
    t = CasinoSession(CASINO, [10**6], seed=seed if seeded else None, keep_records=None,
                      rng=None if seeded else random.Random(seed), deal_step=False)
    _play(t, hands, seed)
    if mid:
        t.apply_text("p1 ante 3")
        t.apply_text("p1 pairbonus 1")
    return dumps_casino(t.history())


def _streamed(text: str, as_json: bool) -> str:
    out = io.StringIO()
    replay_to(out, text, as_json=as_json)
    return out.getvalue()


STREAM_CASES = [
    _history(0, True), _history(1, True), _history(7, True, mid=True), _history(9, False),
    _history(6, False, mid=True),
    '{"rules": "three-card-poker", "stacks": [50], "pack": "Qs Qd 4c Qh 7d 2s", '
    '"deals": [["p1 ante 5", "p1 play"], ["p1 ante 5", "p1 fold"], ["p1 ante 1"]]}',
    '{"rules": {"preset": "casino", "qualifier": "pair"}, "stacks": [40], "seed": 5, '
    '"deals": [["p1 ante 10", "p1 fold"], []]}',
    '{"rules": "casino", "stacks": [40], "seed": 5, "deals": [["p1 ante 10", "p1 fold"]], '
    '"comment": "x"}',
]


@pytest.mark.parametrize("case", range(len(STREAM_CASES)))
def test_streamed_casino_replay_equals_the_whole_replay(case: int) -> None:
    text = STREAM_CASES[case]
    result = replay_casino(loads_casino(text))
    assert _streamed(text, as_json=True) == json.dumps(result.summary(), indent=2) + "\n"
    assert _streamed(text, as_json=False) == result.text() + "\n"


@pytest.mark.parametrize(("text", "message"), [
    ('{"rules": "casino", "stacks": [40], "seed": 5, "deals": [["p1 ante 10"], '
     '["p1 ante 5"]]}', "deal 1 is not finished"),
    ('{"rules": "casino", "stacks": [40], "seed": 5, "deals": [["p1 ante 10", "p1 fold"], '
     '[], ["p1 ante 5"]]}', "deal 2 is not finished"),
    ('{"rules": "casino", "stacks": [40], "seed": 5, "deals": [["p1 ante 10", "p1 fold", '
     '"p1 play"]]}', "hand 1 is already over"),
    ('{"rules": "casino", "stacks": [40], "pack": "Qs Qd 4c Qh 7d 2s", "shuffles": ["Qs"], '
     '"deals": [["p1 ante 10", "p1 fold"]]}', '"shuffles" 1'),
    ('{"rules": "casino", "stacks": [40], "deals": [["p1 ante 10", "p1 fold"]]}',
     'give "seed" or "pack"'),
    ('{"rules": "casino", "stacks": [40], "seed": 1, "deals": [["p1 ante 10", 7]]}',
     "action 2 must be an action string"),
])
def test_streamed_casino_errors_are_the_loaders(text: str, message: str) -> None:
    with pytest.raises(HistoryError, match=message) as streamed:
        replay_to(io.StringIO(), text)
    with pytest.raises(HistoryError) as whole:
        replay_casino(loads_casino(text))
    assert str(streamed.value) == str(whole.value)


class _Discard(io.StringIO):
    """An output that keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


@pytest.mark.parametrize("seeded", [True, False])
def test_streamed_casino_replay_memory_does_not_grow_with_the_hands(seeded: bool) -> None:
    peaks = []
    # Warm up first: after about 2,000 hands some 170 KB of deal events stay alive in the
    # process whatever the length of the history (measured: the same at 2,000 and 4,000
    # hands), so compare two histories past that point.
    warm = _history(2500, seeded)  # the same text as the first measured one
    replay_to(_Discard(), warm)
    for hands in (2500, 5000):
        text = warm if hands == 2500 else _history(hands, seeded)
        gc.collect()
        tracemalloc.start()
        replay_to(_Discard(), text)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < peaks[0] + 64 * 1024, peaks  # twice the hands, not twice the RAM


def test_whole_casino_replay_memory_grows_but_the_stream_does_not() -> None:
    """The control: :func:`replay_casino` keeps every hand, so the same measure grows."""
    peaks = []
    for hands in (200, 2000):
        history = loads_casino(_history(hands, True))
        tracemalloc.start()
        replay_casino(history)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] > peaks[0] + 512 * 1024, peaks  # hundreds of bytes a hand


def test_brag_replay_of_a_casino_history_streams(tmp_path: Path) -> None:
    _register()
    path = tmp_path / "c.json"
    path.write_text(STREAM_CASES[2])
    whole = replay_casino(loads_casino(STREAM_CASES[2]))
    out = CliRunner().invoke(cli, ["replay", str(path)]).output
    assert out == whole.text() + "\n"
    out = CliRunner().invoke(cli, ["replay", str(path), "--json"]).output
    assert json.loads(out) == whole.summary()
