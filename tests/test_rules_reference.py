"""The project's rules reference (docs/rules/): every citation resolves, the tables are current.

Citations are written ``rules 4.4.2`` (docs/rules/README.md, "How to cite a section"). These
tests read every citation in src/, docs/, tests/ and README.md and check that each section,
decision (``A-M13``), worked example (``B4``) and short name (``G-F1``) it names exists in
docs/rules/; that the generated key tables are current; and that every rule key is documented.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from bragkit.errors import RulesError
from bragkit.games import reference as ref
from bragkit.games.casino import CasinoRules
from bragkit.rules import GAMES, Rules, get_preset

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"

CITATION = re.compile(r"\brules (?:sections? )?(?=[0-9A-Z])([^)\];:\"'`\n]*)")
"""``rules`` followed by a section list, up to the end of the parenthesis, clause or line."""
SECTION = re.compile(r"(?<![\w.])(?<![A-Z]-)\d+(?:\.\d+)*(?![\w.])")
DECISION = re.compile(r"(?<![\w-])A-[A-Z]*\d+(?:\.\d+)?(?![\w.])")
EXAMPLE = re.compile(r"(?<![\w])(?<![A-Z]-)[A-Z]{1,3}\d+(?![\w.])")
SHORT_NAME = re.compile(r"(?<![\w-])[GR]-[A-Z0-9+]+(?:/\d+\b)?")


def _sources() -> list[Path]:
    files = [ROOT / "README.md"]
    for top, pattern in (("src", "*.py"), ("docs", "*.md"), ("tests", "*.py"),
                         ("tests", "*.json")):
        files.extend(sorted((ROOT / top).rglob(pattern)))
    return [f for f in files if f.is_file() and ".egg-info" not in f.parts[-2]]


def citations(text: str) -> list[str]:
    """The cited ids of one text, in order.

    >>> citations("no see (rules 4.4.2); cover (rules 4.4.9, A-M13) and rules 6.12 AB1-AB2")
    ['4.4.2', '4.4.9', 'A-M13', '6.12', 'AB1', 'AB2']
    """
    found: list[str] = []
    for match in CITATION.finditer(text):
        tail = match.group(1)
        ids: list[tuple[int, str]] = []
        for pattern in (SECTION, DECISION, EXAMPLE, SHORT_NAME):
            ids.extend((m.start(), m.group()) for m in pattern.finditer(tail))
        found.extend(name for _, name in sorted(ids))
    return found


def _anchors() -> set[str]:
    """Every id the reference defines: heading numbers and decisions, example ids, short names."""
    ids: set[str] = set()
    for page in RULES_DIR.glob("*.md"):
        for line in page.read_text(encoding="utf-8").splitlines():
            heading = re.match(r"#+ (\S+)", line)
            if heading:
                ids.add(heading.group(1))
            row = re.match(r"\| ([A-Z]{1,3}\d+) \|", line) or re.match(
                r"\*\*([A-Z]{1,3}\d+)\.", line)
            if row:
                ids.add(row.group(1))
            ids.update(m.group() for m in SHORT_NAME.finditer(line) if "Short name" in line)
    return ids


def test_citation_parser_reads_lists_ranges_and_stops_at_prose() -> None:
    assert citations("(rules 4.1-4.3, 4.8; docs/games-poker-style.md)") == ["4.1", "4.3", "4.8"]
    assert citations("rules 4.10: 3-12, or 7") == ["4.10"]
    assert citations("(turn order, rules 4.10/4.11)") == ["4.10", "4.11"]
    assert citations("rules 4.3, G-F3") == ["4.3", "G-F3"]
    assert citations("the rules of the game") == []


def test_every_cited_section_exists_in_docs_rules() -> None:
    anchors = _anchors()
    missing: dict[str, list[str]] = {}
    total = 0
    for path in _sources():
        for name in citations(path.read_text(encoding="utf-8")):
            total += 1
            if name not in anchors:
                missing.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert total > 150  # the citations really are read
    assert not missing, missing


@pytest.mark.parametrize("preset", ["modern", "teen-patti", "foster", "american", "three-stake",
                                    "brag-poker", "commerce", "commerce-widow"])
def test_sections_named_at_run_time_exist(preset: str) -> None:
    """The turn-order section a deal names (and a poker-style game's own section) exist."""
    from bragkit.engine import open_table
    from bragkit.engine.poker.game import POKER_GAMES, poker_game_for

    rules = get_preset(preset)
    table = open_table(rules, [50, 50, 50, 50], dealer=3, seed=1)
    sections = set(table.state.turn_rule().split("/"))
    if rules.game in POKER_GAMES:
        sections.add(poker_game_for(rules).spec_section)
    assert sections <= _anchors(), sections - _anchors()


def test_no_citation_names_the_old_spec() -> None:
    old_form = re.compile(r"rules-spec\s+[\d{A]|(?<![\w-])spec \d+\.\d")
    stale = [str(p.relative_to(ROOT)) for p in _sources()
             if old_form.search(p.read_text(encoding="utf-8"))]
    assert not stale, stale


def test_generated_tables_are_current() -> None:
    assert ref.check_pages(RULES_DIR) == "all generated tables are current"


def test_refresh_rewrites_a_stale_table() -> None:
    stale = "x\n<!-- BEGIN keys:foster -->\n| old |\n<!-- END keys:foster -->\ny\n"
    fresh = ref.refresh(stale)
    assert "| old |" not in fresh and "| `limit` |" in fresh
    assert ref.refresh(fresh) == fresh


def test_every_rule_key_appears_in_docs_rules() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in RULES_DIR.glob("*.md"))
    keys = [f.name for f in dataclasses.fields(Rules)] + list(ref.keys_of("casino"))
    missing = [k for k in keys if f"`{k}`" not in text]
    assert not missing, missing


def test_every_rule_key_has_a_one_line_doc() -> None:
    docs = ref.key_docs(Rules)
    assert set(docs) == {f.name for f in dataclasses.fields(Rules)}
    casino = ref.key_docs(CasinoRules)
    assert set(ref.keys_of("casino")) <= set(casino)
    assert all(text and "\n" not in text for text in [*docs.values(), *casino.values()])


def test_every_game_has_a_page_with_its_key_table() -> None:
    for game, page in ref.game_pages().items():
        text = (RULES_DIR / page).read_text(encoding="utf-8")
        assert f"<!-- BEGIN keys:{game} -->" in text, (game, page)
        for key in ref.keys_of(game):
            assert f"| `{key}` |" in text, (game, key)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_documented_lower_bounds_match_validation(game: str) -> None:
    """Each integer key's smallest allowed value is accepted and the one below refused."""
    base = get_preset(ref.main_preset(game))
    for key in ref.keys_of(game):
        bound = ref.int_range(game, key)
        if bound is None:
            continue
        low = bound[0]
        extra = {"min_bet": low} if key == "max_bet" else {}
        extra |= {"small_blind": 0} if key == "big_blind" else {}
        assert getattr(base.replace(**extra, **{key: low}), key) == low
        with pytest.raises(RulesError):
            base.replace(**extra, **{key: low - 1})


def test_keys_of_each_game_are_accepted_and_others_refused() -> None:
    """The tables list exactly what the poker-style games and Commerce accept."""
    from bragkit.rules.game_keys import GAME_KEYS

    for game in GAME_KEYS:
        listed = set(ref.keys_of(game))
        assert GAME_KEYS[game] <= listed, game
    assert "see_cost" in ref.keys_of("modern") and "see_cost" not in ref.keys_of("teen-patti")
    assert "limit" not in ref.keys_of("modern")


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def test_links_between_the_pages_resolve() -> None:
    anchors: dict[str, set[str]] = {}
    for page in RULES_DIR.glob("*.md"):
        lines = page.read_text(encoding="utf-8").splitlines()
        anchors[page.name] = {_slug(m.group(1)) for line in lines
                              if (m := re.match(r"#+ (.+)", line))}
    broken = []
    links = 0
    for page in RULES_DIR.glob("*.md"):
        for target, anchor in re.findall(r"\]\(([\w.-]*\.md)?(?:#([\w-]+))?\)",
                                         page.read_text(encoding="utf-8")):
            links += 1
            name = target or page.name
            if name not in anchors or (anchor and anchor not in anchors[name]):
                broken.append(f"{page.name} -> {name}#{anchor}")
    assert links > 100 and not broken, broken
