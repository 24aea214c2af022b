"""The game registry: every registered GameSpec is complete, and every table derives from it."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import pytest

from bragkit.bots import bot_names
from bragkit.engine.brag.family import FAMILIES, family_games
from bragkit.games import engine_of, hand_ranking, has_blind_play, spec_of, specs
from bragkit.hands import Ranking
from bragkit.rules import GAMES, PRESETS, get_preset
from bragkit.rules.game_keys import GAME_KEYS
from bragkit.testing.run import preset_names as checked_presets

ROOT = Path(__file__).resolve().parents[1]
SPECS = specs()
RULES_SPECS = tuple(s for s in SPECS if not s.own_rules)
"""The games whose rules are a :class:`~bragkit.rules.Rules` value (every one but casino's)."""


def test_every_game_is_registered_once_in_listing_order() -> None:
    assert [s.name for s in RULES_SPECS] == list(GAMES)
    assert len({s.order for s in SPECS}) == len(SPECS)
    assert {"modern", "teen-patti", "foster", "three-stake", "american", "brag-poker",
            "commerce", "commerce-widow"} <= set(GAMES)
    assert [s.name for s in SPECS if s.own_rules] == ["casino"]  # in the registry, not a Rules game


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_each_game_has_presets_bots_docs_goldens_and_conformance(spec: object) -> None:
    from bragkit.games.spec import GameSpec

    assert isinstance(spec, GameSpec)
    assert spec.presets, spec.name
    golden = ROOT / "tests" / "golden" / "contract"
    for name in spec.presets:
        assert name in checked_presets(), name  # brag check / the conformance tests run it
        if spec.own_rules:  # casino's goldens are named casino-<preset>
            assert (golden / f"{spec.name}-{name}.json").is_file(), name
            continue
        assert get_preset(name).game == spec.name
        assert (golden / f"{name}.json").is_file(), name
    if spec.own_rules:
        assert spec.key_rows is not None
        for path in spec.bots.values():  # its own bots (card-room seats): each resolves
            assert callable(pkgutil.resolve_name(path)), path
        assert {row[0] for row in spec.key_rows()} == spec.keys
    else:
        assert "random" in bot_names(spec.name)
        for bot in spec.bots:
            assert bot in bot_names(spec.name)
        assert isinstance(hand_ranking(get_preset(next(iter(spec.presets)))), Ranking)
    page = ROOT / spec.docs
    assert page.is_file(), spec.docs
    assert re.search(rf"\b{re.escape(spec.spec_section)}\b", page.read_text(encoding="utf-8"))
    assert spec.keys and not spec.keys & {"game"}


def test_presets_are_exactly_the_specs_presets() -> None:
    declared = [name for s in RULES_SPECS for name in s.presets]
    assert list(PRESETS) == declared
    assert len(set(declared)) == len(declared)


def test_engine_tables_derive_from_the_specs() -> None:
    from bragkit.engine.table import table_class

    brag = tuple(s.name for s in SPECS if s.engine == "brag")
    assert family_games() == brag and set(FAMILIES) == set(brag)
    for s in RULES_SPECS:
        assert FAMILIES.get(s.name) == (s.hooks if s.engine == "brag" else None)
        assert engine_of(s.name) == s.engine
        assert table_class(s.name).__name__ == s.table.rsplit(":", 1)[1]
    assert set(GAME_KEYS) == {s.name for s in RULES_SPECS if s.engine != "brag"}
    assert [s.name for s in RULES_SPECS if s.blind_play] == [g for g in GAMES if has_blind_play(g)]


def test_unknown_game_is_one_line() -> None:
    from bragkit.errors import RulesError

    with pytest.raises(RulesError, match=r"^unknown game 'x'; known: modern, teen-patti"):
        spec_of("x")
