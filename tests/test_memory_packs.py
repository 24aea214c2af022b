"""Memory that stays bounded: the packs a table keeps (issue 10, "Memory").

A table that shuffles every deal used to keep every pack in ``packs_used`` (one 52-card tuple
a deal); it now keeps those of its kept records and of the deal in progress.  These tests
count what is kept; they do not time anything.
"""

from __future__ import annotations

import io
import random
import tracemalloc
from pathlib import Path

import pytest

from bragkit.cli.play_save import save_history
from bragkit.engine.actions import Action
from bragkit.engine.pack import pack_text
from bragkit.engine.table import KEEP_RECORDS, Table, open_table
from bragkit.errors import HistoryError
from bragkit.history import dumps, history_of, load, loads, replay
from bragkit.history.stream import replay_to
from bragkit.rules import get_preset

SHUFFLED = ("foster", "modern-shuffled", "commerce", "three-stake", "brag-poker", "american")


def _play(t: Table, deals: int, seed: int = 5) -> None:
    """Play ``deals`` deals: each seat folds (or stands) when it may, else a random action."""
    rng = random.Random(seed)
    steps = 0
    while t.deal_no < deals and not t.over:
        legal = t.legal_actions()
        folds = [la for la in legal if la.kind in ("fold", "stand")]
        t.apply((folds[0] if folds else rng.choice(legal)).sample(rng))
        steps += 1
        assert steps < 100 * deals


def _table(preset: str, keep: int | None, seed: int | None = None,
           rng: random.Random | None = None, pack: tuple[int, ...] | None = None) -> Table:
    seats = 3 if preset.startswith(("commerce", "american")) else 4
    return open_table(get_preset(preset), [10**6] * seats, dealer=0, keep_records=keep,
                      seed=seed, rng=rng, pack=pack)


@pytest.mark.parametrize("preset", SHUFFLED)
def test_packs_kept_are_those_of_the_kept_records(preset: str) -> None:
    every = _table(preset, None, seed=3)
    few = _table(preset, 4, seed=3)
    _play(every, 60)
    _play(few, 60)
    assert every.packs_dropped == 0 and every.packs_count == len(every.packs_used) >= 61
    assert few.packs_count == every.packs_count and few.packs_finished == every.packs_finished
    assert few.packs_used == every.packs_used[few.packs_dropped:]  # the newest ones, unchanged
    assert few.packs_dropped > 0 and len(few.packs_used) < len(every.packs_used)
    # every kept record's deal re-plays from its own inputs, exactly as at the full table
    for mine, theirs in zip(few.records, every.records[-4:], strict=True):
        assert mine.number == theirs.number and mine.final == theirs.final


def test_packs_stay_bounded_by_the_default_keep_records() -> None:
    t = _table("foster", KEEP_RECORDS, seed=1)
    _play(t, KEEP_RECORDS + 700)
    assert t.packs_count == t.deal_no + 1                    # one shuffle a deal
    assert len(t.packs_used) == KEEP_RECORDS + 1            # the kept deals' and the current
    assert t.packs_dropped == t.deal_no - KEEP_RECORDS


def test_keep_records_zero_keeps_only_the_deal_in_progress_packs() -> None:
    t = _table("modern-shuffled", 0, seed=2)
    _play(t, 50)
    assert t.packs_count == 51 and len(t.packs_used) == 1 and t.packs_dropped == 50
    assert t.state is not None and set(t.packs_used[0]) == set(range(52))


def test_a_given_first_pack_is_used_once_even_when_packs_are_forgotten() -> None:
    first = tuple(reversed(range(52)))
    kept = _table("foster", None, seed=4, pack=first)
    forgetful = _table("foster", 0, seed=4, pack=first)
    _play(kept, 6)
    _play(forgetful, 6)
    assert kept.packs_used[0] == first and kept.packs_used[1] != first
    assert forgetful.packs_used == kept.packs_used[-1:] and forgetful.stacks == kept.stacks


def test_cuts_of_an_unshuffled_pack_are_bounded_too() -> None:
    rules = get_preset("modern").replace(cut_when_unshuffled=True)
    every = open_table(rules, [10**6] * 3, dealer=0, seed=6, keep_records=None)
    few = open_table(rules, [10**6] * 3, dealer=0, seed=6, keep_records=2)
    for t in (every, few):
        while t.deal_no < 40:
            t.apply(Action("fold"))
    assert every.packs_count == few.packs_count == 41          # a cut every deal
    assert few.packs_used == every.packs_used[few.packs_dropped:] and len(few.packs_used) <= 3


def test_secret_chance_holds_after_packs_are_forgotten() -> None:
    t = _table("foster", 1)  # unseeded: SystemRandom
    _play(t, 20)
    assert t.secret_chance and t.packs_dropped > 0
    seeded = _table("foster", 1, seed=9)
    _play(seeded, 20)
    assert not seeded.secret_chance


@pytest.mark.parametrize("preset", ["foster", "modern-shuffled", "commerce", "brag-poker"])
def test_a_table_keeping_every_record_writes_every_pack(preset: str, tmp_path: Path) -> None:
    """``brag play`` opens its table with ``keep_records=None`` and saves it whole with
    :func:`save_history`: past :data:`KEEP_RECORDS` deals its history still holds every
    pack, exactly, and re-plays the same deals."""
    t = _table(preset, None)  # unseeded, as brag play is: packs of finished deals only
    _play(t, KEEP_RECORDS + 20)
    path = tmp_path / "h.json"
    assert save_history(t, path) == t.deal_no
    h = load(path)
    assert h.seed is None and 1 + len(h.shuffles) == t.packs_finished
    assert [h.pack, *h.shuffles] == [pack_text(p) for p in t.packs_used[:t.packs_finished]]
    again = replay(h).session
    done = t.packs_finished  # the replay then shuffles a next deal of its own
    assert again.stacks == t.stacks and again.packs_used[:done] == t.packs_used[:done]


def test_history_of_a_seedless_given_table_writes_the_packs_exactly() -> None:
    t = _table("commerce", None, seed=None, rng=random.Random(8))
    _play(t, 12)
    h = history_of(t)
    assert h.seed is None and [h.pack, *h.shuffles] == [pack_text(p) for p in t.packs_used]
    assert replay(loads(dumps(h))).session.packs_used == t.packs_used


class _Discard(io.StringIO):
    """An output that keeps nothing."""

    def write(self, text: str) -> int:
        return len(text)


def test_streamed_replay_of_an_unseeded_history_does_not_hold_its_packs() -> None:
    """``brag play`` histories have no seed: a pack a deal.  ``brag replay`` reads them one
    at a time as the table needs them, so its memory does not grow with the deals."""
    peaks = []
    for deals in (200, 2000):
        t = _table("foster", None, rng=random.Random(1))
        _play(t, deals)
        text = dumps(history_of(t))
        assert text.count('"') > 4 * deals  # a pack a deal is written
        tracemalloc.start()
        replay_to(_Discard(), text)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    assert peaks[1] < peaks[0] + 256 * 1024, peaks  # it held ~600 B a deal (1.2 MB more)


def test_streamed_replay_checks_every_pack_first() -> None:
    t = _table("foster", None, rng=random.Random(1))
    _play(t, 3)
    h = history_of(t)
    bad = dumps(h).replace(h.shuffles[-1], h.shuffles[-1] + " " + h.shuffles[-1].split()[0])
    with pytest.raises(HistoryError) as streamed:
        replay_to(io.StringIO(), bad)
    with pytest.raises(HistoryError) as whole:
        replay(loads(bad))
    assert str(streamed.value) == str(whole.value) and "bad history" in str(whole.value)
