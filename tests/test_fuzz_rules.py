"""Fuzz the rules loaders: Rules.from_dict / from_json, resolve, rules files, ``--set``, and
the casino rules (paytables, qualifier, tie rule).

Every input either builds rules or gives one BragError line, within the budget of
tests/fuzz_checks.py.
"""

from __future__ import annotations

import dataclasses
import functools
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from bragkit.games.casino import CasinoRules
from bragkit.limits import MAX_CHIPS
from bragkit.rules import Rules, resolve
from bragkit.rules.options import parse_setting, rules_from
from tests.fuzz_checks import (
    HOSTILE_NUMBERS,
    any_preset,
    assert_cli_ok_or_one_line,
    bounded,
    deep_json,
    dumps_any,
    fuzz_settings,
    hostile_int,
    json_value,
    mutated_text,
    number_text,
)

KEYS = tuple(f.name for f in dataclasses.fields(Rules))
_TMP = tempfile.TemporaryDirectory(prefix="bragkit-fuzz-rules-")

key_text = st.one_of(st.sampled_from(KEYS), st.sampled_from(("preset", "antes", "", "ante ",
                                                               "max-bet", "²")))
value_text = st.one_of(
    number_text,
    st.sampled_from(("none", "null", "true", "off", "twos", "[1,", "{}", '"x"', deep_json(2000),
                     "1e999", "-1e999", "NaN")),
    st.text(max_size=12),
    json_value.map(dumps_any),
)
setting_text = st.builds(lambda k, sep, v: f"{k}{sep}{v}", key_text,
                         st.sampled_from(("=", "=", " = ", "", "==")), value_text)
"""A ``--set KEY=VALUE`` text."""


def _check_rules(result: object) -> None:
    """Rules that were built hold only bounded whole numbers in their number keys."""
    if isinstance(result, Rules):
        for key, value in result.to_dict().items():
            if isinstance(value, int) and not isinstance(value, bool):
                assert abs(value) <= MAX_CHIPS, (key, value)


@fuzz_settings(200)
@given(st.dictionaries(key_text, st.one_of(json_value, hostile_int), max_size=4))
def test_fuzz_rules_from_dict_and_json(data: dict[str, object]) -> None:
    _check_rules(bounded(lambda: Rules.from_dict(data)))
    _check_rules(bounded(lambda: Rules.from_json(dumps_any(data))))
    spec = {"preset": "modern", **data} if "preset" not in data else data
    _check_rules(bounded(lambda: resolve(spec)))


@fuzz_settings(200)
@given(st.one_of(st.none(), any_preset, st.text(max_size=8)),
       st.lists(setting_text, max_size=3))
def test_fuzz_presets_and_house_rules(preset: str | None, settings: list[str]) -> None:
    for text in settings:
        bounded(functools.partial(parse_setting, text))
    _check_rules(bounded(lambda: rules_from(preset, None, settings)))


@fuzz_settings(150)
@given(st.one_of(
    st.binary(max_size=60),
    st.sampled_from((deep_json(2000), deep_json(40), '{"ante": ' + "9" * 5000 + "}",
                     '{"ante": 1e99999999}', '"modern"', '"casino"', "[]", "null", "5"))
    .map(str.encode),
    mutated_text('{"preset": "teen-patti", "ante": 2, "max_bet": 8}').map(
        lambda text: text.encode("utf-8", "replace")),
    st.dictionaries(key_text, json_value, max_size=3).map(lambda d: dumps_any(d).encode()),
))
def test_fuzz_rules_files(content: bytes) -> None:
    path = Path(_TMP.name) / "rules.json"
    path.write_bytes(content)
    _check_rules(bounded(lambda: rules_from(None, str(path), ())))


payout_text = st.one_of(number_text, st.sampled_from(HOSTILE_NUMBERS),
                        st.sampled_from(("5/2", "3:2", "2.5", "1.1234567", "100001", "0:1")))
table_text = st.one_of(
    st.lists(st.builds(lambda cat, pay: f"{cat}={pay}",
                       st.sampled_from(("prial", "running_flush", "running-flush", "run",
                                        "flush", "pair", "high", "quad", "")), payout_text),
             max_size=4).map(",".join),
    st.text(max_size=20),
)


@fuzz_settings(120)
@given(st.sampled_from(("casino", "three-card-poker", "modern", "")),
       st.one_of(st.none(), table_text, st.dictionaries(st.sampled_from(("pair", "prial", "x")),
                                                       json_value, max_size=2)),
       st.one_of(st.none(), table_text),
       st.one_of(st.sampled_from(("Q-high", "Q-6-4", "pair", "none", "Qs 6h 4d", "", "Q-6")),
                 json_value),
       st.one_of(st.sampled_from(("push", "dealer")), json_value))
def test_fuzz_casino_rules(preset: str, pair: object, ante: str | None, qualifier: object,
                           tie: object) -> None:
    bounded(lambda: CasinoRules.preset(preset, pair_plus_table=pair, ante_bonus_table=ante,
                                       qualifier=qualifier, casino_tie=tie))


@fuzz_settings(40)
@given(st.lists(setting_text, min_size=1, max_size=2),
       st.sampled_from(("modern", "foster", "commerce", "")))
def test_fuzz_set_through_the_command_line(settings: list[str], preset: str) -> None:
    argv = ["simulate", "-n", "2", "--no-progress", "--json", "--preset", preset]
    for text in settings:
        argv += ["--set", text]
    assert_cli_ok_or_one_line(argv)


@fuzz_settings(15)  # a valid table costs an exact analysis (about 0.5 s)
@given(st.sampled_from(("--pair-bonus", "--ante-bonus")), table_text,
       st.one_of(st.sampled_from(("Q-high", "pair", "Q-6")), st.text(max_size=8)))
def test_fuzz_casino_options_through_the_command_line(option: str, table: str,
                                                      qualifier: str) -> None:
    assert_cli_ok_or_one_line(["casino", "analyse", "--json", option, table,
                               "--qualifier", qualifier])
