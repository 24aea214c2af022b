"""Fuzz the hand-history loader and replay (bragkit.history, casino histories, brag replay).

Every input either replays or gives one BragError line, within the budget of
tests/fuzz_checks.py.  Inputs: histories built from the grammar (hostile seats, amounts,
dealers, seeds, stacks, rules), real histories with one action replaced, and real history
texts with a slice of junk.
"""

from __future__ import annotations

import io
import json
import random
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bragkit.engine import open_table
from bragkit.errors import BragError
from bragkit.games.casino.table import loads_casino, replay_casino
from bragkit.history import dumps, history_of, loads, replay
from bragkit.history.stream import replay_to
from bragkit.rules import get_preset
from tests.fuzz_checks import (
    assert_cli_ok_or_one_line,
    bounded,
    dumps_any,
    fuzz_settings,
    hostile_int,
    json_value,
    move_text,
    mutated_text,
    number_text,
    table_preset,
)

_TMP = tempfile.TemporaryDirectory(prefix="bragkit-fuzz-")  # this module's history files

good_stacks = st.lists(st.integers(0, 200), min_size=2, max_size=5)
rules_spec = st.one_of(
    st.one_of(table_preset, st.sampled_from(("casino", "three-card-poker", "", "nope"))),
    st.builds(lambda name, extra: {"preset": name, **extra},
              st.sampled_from(("modern", "teen-patti", "foster", "commerce", "casino")),
              st.dictionaries(st.sampled_from(("ante", "max_bet", "cards", "qualifier",
                                               "pair_plus_table", "limit", "wild")),
                              json_value, max_size=2)),
    json_value,
)
hostile_field = st.one_of(  # one key of the header given a hostile value
    st.tuples(st.just("rules"), rules_spec),
    st.tuples(st.just("stacks"), st.one_of(
        st.lists(st.one_of(st.integers(0, 200), hostile_int), max_size=5), json_value)),
    st.tuples(st.just("dealer"), st.one_of(
        st.sampled_from(("p2", "p²", "P3", "p0", 2, 0, True)), hostile_int,
        number_text.map(lambda t: "p" + t), json_value)),
    st.tuples(st.just("seed"), st.one_of(hostile_int, json_value)),
    st.tuples(st.sampled_from(("pack", "shuffles", "comment", "bogus", "players", "format")),
              st.one_of(st.text(max_size=30), json_value)),
)
history_object = st.builds(
    lambda header, deals, change: {**header, "deals": deals, **dict(change or ())},
    st.fixed_dictionaries({"rules": table_preset, "stacks": good_stacks,
                           "dealer": st.sampled_from(("p1", "p2", 1)),
                           "seed": st.integers(0, 1_000)}),
    st.lists(st.lists(move_text, max_size=8), max_size=3),
    st.one_of(st.none(), st.none(), hostile_field.map(lambda kv: [kv])),
)
"""A history whose header is valid two times in three (so its actions are parsed), else has
one hostile key; its actions come from the grammar."""


def _replay_text(text: str) -> object:
    """What ``brag replay`` does with a history's text (table or casino), without a file."""
    out = io.StringIO()
    replay_to(out, text)
    return out.getvalue()


def _played(preset: str, seed: int, steps: int) -> str:
    """The history text of a table where random legal actions were played."""
    rng = random.Random(seed)
    table = open_table(get_preset(preset), [40, 40, 40], dealer=0, seed=seed)
    for _ in range(steps):
        if table.over:
            break
        table.apply(rng.choice(table.legal_actions()).sample(rng))
    return dumps(history_of(table))


@fuzz_settings(150)
@given(history_object)
def test_fuzz_grammar_histories_replay_or_give_one_line(data: dict[str, object]) -> None:
    text = dumps_any(data)
    bounded(lambda: _replay_text(text))
    bounded(lambda: replay(loads(text)))


@fuzz_settings(80)
@given(table_preset, st.integers(0, 10_000), st.integers(0, 25),
       st.integers(0, 1_000), move_text)
def test_fuzz_real_history_with_one_action_replaced(preset: str, seed: int, steps: int,
                                                    where: int, move: str) -> None:
    data = json.loads(_played(preset, seed, steps))
    actions = [a for deal in data["deals"] for a in deal]
    if actions:
        flat = where % len(actions)
        for deal in data["deals"]:
            if flat < len(deal):
                deal[flat] = move
                break
            flat -= len(deal)
    else:
        data["deals"] = [[move]]
    text = dumps_any(data)
    result = bounded(lambda: replay(loads(text)))
    if not isinstance(result, BragError):  # it replayed: the chips are all accounted for
        summary = result.summary()
        assert all(type(s) is int and s >= 0 for s in summary["stacks"])


@fuzz_settings(150)
@given(st.data(), st.sampled_from(("modern", "teen-patti", "foster", "commerce", "three-stake",
                                   "american", "brag-poker", "modern-jokers")),
       st.integers(0, 1_000))
def test_fuzz_real_history_text_with_junk(data: st.DataObject, preset: str, seed: int) -> None:
    text = data.draw(mutated_text(_played(preset, seed, 6)))
    bounded(lambda: _replay_text(text))


CASINO = json.dumps({"format": "bragkit-history/1", "rules": {"preset": "casino"},
                     "stacks": [500], "seed": 3,
                     "deals": [["p1 ante 10", "p1 pairbonus 5", "p1 play"],
                               ["p1 ante 10", "p1 fold"]]})


@fuzz_settings(150)
@given(st.data())
def test_fuzz_casino_histories(data: st.DataObject) -> None:
    text = data.draw(st.one_of(
        mutated_text(CASINO),
        st.builds(lambda rules, moves: json.dumps(
            {"rules": rules, "stacks": [100], "seed": 1, "deals": [moves]}, ensure_ascii=False),
            st.one_of(st.just("casino"), st.builds(
                lambda key, value: {"preset": "casino", key: value},
                st.sampled_from(("qualifier", "pair_plus_table", "ante_bonus_table",
                                 "casino_tie", "pair_plus_forfeit_on_fold", "preset")),
                st.one_of(json_value, number_text.map(lambda t: f"pair={t}")))),
            st.lists(move_text.map(lambda m: "p1 " + m.split(" ", 1)[-1]), max_size=4))))
    bounded(lambda: _replay_text(text))
    bounded(lambda: replay_casino(loads_casino(text)))


@fuzz_settings(40)
@given(st.data())
def test_fuzz_brag_replay_command(data: st.DataObject) -> None:
    text = data.draw(st.one_of(mutated_text(CASINO), mutated_text(_played("modern", 1, 8)),
                               history_object.map(dumps_any)))
    path = Path(_TMP.name) / "fuzz.json"
    path.write_text(text, encoding="utf-8", errors="replace")
    assert_cli_ok_or_one_line(["replay", str(path)])

