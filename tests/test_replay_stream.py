"""``brag replay`` in bounded memory: the streamed output equals the whole-history replay,
inputs are read with a size limit, and errors quote input by a short excerpt (issue 10)."""

from __future__ import annotations

import io
import json
import random
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cards import parse_cards
from bragkit.cli import _register, cli
from bragkit.engine.actions import parse_move
from bragkit.engine.table import open_table
from bragkit.errors import BragError, HistoryError
from bragkit.history import dumps, history_of, load, loads, replay
from bragkit.history.stream import read_history_text, replay_to
from bragkit.rules import get_preset

GOLDEN = Path(__file__).parent / "golden"


def _fold_history(deals: int) -> str:
    """A valid modern history of ``deals`` one-action deals (a blind fold each)."""
    body = ", ".join('["p2 fold"]' if d % 2 == 0 else '["p1 fold"]' for d in range(deals))
    return ('{"rules": "modern", "stacks": [100000, 100000], "dealer": "p1", "seed": 1, '
            f'"deals": [{body}]}}')


def _random_history(preset: str, seed: int, deals: int, mid_deal: bool) -> str:
    t = open_table(get_preset(preset), [60] * 3, dealer=0, seed=seed, keep_records=None)
    rng = random.Random(seed)
    while t.deal_no < deals and not t.over:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    if mid_deal and not t.over:
        t.apply(rng.choice(t.legal_actions()).sample(rng))
    return dumps(history_of(t))


def _streamed(text: str, as_json: bool) -> str:
    out = io.StringIO()
    replay_to(out, text, as_json=as_json)
    return out.getvalue()


CASES = [path.read_text() for path in sorted(GOLDEN.glob("*.json"))
         if not path.name.endswith(".expected.json")]
CASES += [_random_history(p, s, 6, mid) for p, s, mid in
          (("modern", 1, True), ("teen-patti", 2, False), ("foster", 3, True),
           ("commerce", 4, False), ("brag-poker", 5, True))]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_streamed_output_equals_the_whole_replay(case: int) -> None:
    text = CASES[case]
    result = replay(loads(text))
    assert _streamed(text, as_json=True) == json.dumps(result.summary(), indent=2) + "\n"
    assert _streamed(text, as_json=False) == result.text() + "\n"


def test_streamed_replay_memory_does_not_grow_with_the_deals() -> None:
    peaks = []
    for deals in (300, 3000):
        text = _fold_history(deals)
        tracemalloc.start()
        replay_to(_Discard(), text)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < peaks[0] + 256 * 1024, peaks  # ten times the deals, not ten times the RAM


class _Discard(io.StringIO):
    """An output that keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


def test_whole_replay_memory_grows_but_the_stream_does_not() -> None:
    """The control: :func:`replay` keeps every deal, so the same measure grows for it."""
    peaks = []
    for deals in (300, 3000):
        history = loads(_fold_history(deals))
        tracemalloc.start()
        replay(history)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] > peaks[0] + 1024 * 1024, peaks


def _run(*args: str) -> tuple[int, str]:
    _register()
    result = CliRunner().invoke(cli, ["replay", *args])
    return result.exit_code, result.output


def test_dev_zero_is_refused_at_once() -> None:
    with pytest.raises(HistoryError, match="not a regular file"):
        read_history_text("/dev/zero")
    code, output = _run("/dev/zero")
    assert code == 2 and output.count("\n") == 1 and "not a regular file" in output


def test_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text(_fold_history(200))
    assert _run(str(path))[0] == 0
    code, output = _run(str(path), "--max-bytes", "1000")
    assert code == 2 and output.count("\n") == 1
    assert "larger than 1,000 bytes" in output and "--max-bytes" in output


def test_a_huge_action_gives_a_short_error_line(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text('{"rules": "modern", "stacks": [10, 10], "dealer": "p1", "seed": 1, '
                    f'"deals": [["p2 bet {"9" * 1_000_000}"]]}}')
    code, output = _run(str(path))
    assert code == 2 and output.count("\n") == 1 and len(output) < 300, output[:400]
    assert "(1000007 characters)" in output


def test_a_malformed_deal_is_reported_as_by_the_loader(tmp_path: Path) -> None:
    text = ('{"rules": "modern", "stacks": [10, 10], "dealer": "p1", "seed": 1, '
            '"deals": [["p2 fold"], 7]}')
    with pytest.raises(HistoryError) as streamed:
        replay_to(io.StringIO(), text)
    with pytest.raises(HistoryError) as whole:
        loads(text)
    assert str(streamed.value) == str(whole.value)
    assert "deal 2" in str(streamed.value)


def test_an_illegal_action_late_in_a_long_history_prints_nothing(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text(_fold_history(500)[:-2] + ', ["p2 see"]]}')
    code, output = _run(str(path))
    assert code == 2 and output.startswith("brag: error: deal 501, action 1 (p2 see)")
    assert output.count("\n") == 1


def test_a_history_with_deals_but_no_seed_or_pack_is_refused_as_by_the_loader() -> None:
    text = '{"rules": "modern", "stacks": [10, 10], "dealer": "p1", "deals": [["p2 fold"]]}'
    with pytest.raises(HistoryError, match='give "seed" or "pack"') as streamed:
        replay_to(io.StringIO(), text)  # it used to deal unpredictable cards instead
    with pytest.raises(HistoryError) as whole:
        loads(text)
    assert str(streamed.value) == str(whole.value)


def test_the_streamed_reader_and_the_loader_agree(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    path.write_text(CASES[0])
    assert loads(read_history_text(path)) == load(path)


@pytest.mark.parametrize("bad", ["x" * 100_000, "As " + "Zz" * 50_000, "p1 " + "q" * 80_000])
def test_errors_quote_input_by_an_excerpt(bad: str) -> None:
    for parse in (parse_cards, parse_move):
        with pytest.raises(BragError) as error:
            parse(bad)
        assert len(str(error.value)) < 250, str(error.value)[:300]
