"""The on-disk cache of ranking tables (bragkit.hands.tables): what is read is what a
fresh build gives, and a damaged or foreign file is never used."""

from __future__ import annotations

import array
from pathlib import Path

import pytest

from bragkit.hands import Ranking, get_ranking, tables
from bragkit.hands.registry import REGISTRY, _pack

VARIANTS = [("modern", {}), ("modern", {"wild": "jokers", "jokers": 2}),
            ("modern", {"wild": "twos", "a23_rank": "low"}), ("teen-patti", {}),
            ("three-card-poker", {}), ("foster", {}), ("american", {}), ("commerce", {}),
            ("thirty-one", {"over31": "distance"})]


def _fresh(name: str, options: dict[str, object]) -> Ranking:
    """A new ranking object (not the registry's cached one) with no tables built yet."""
    full = get_ranking(name, **options).full_options
    shown = {k: v for k, v in full.items() if v != REGISTRY[name].options[k].default}
    return REGISTRY[name].load()(shown, _pack(full))


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=lambda v: str(v))
def test_cached_tables_equal_a_fresh_build(name: str, options: dict[str, object],
                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setenv("BRAG_CACHE_DIR", str(tmp_path))
    built = _fresh(name, options)
    path = tables.cache_file(built.spec, tuple(sorted(c.id for c in built.pack)), type(built))
    assert path is not None and not path.exists()
    table = built.flat_table
    assert path.exists()
    direct = built._classify_all()
    assert table == direct.flat.tolist()
    loaded = _fresh(name, options)
    assert loaded.flat_table == table
    assert loaded.class_count == built.class_count == direct.class_count
    assert [loaded.category_of_rank(r) for r in range(loaded.class_count)] == list(
        direct.categories)
    assert loaded.numpy_table().tolist() == table


def test_a_damaged_file_is_rebuilt_not_used(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAG_CACHE_DIR", str(tmp_path))
    first = _fresh("teen-patti", {})
    good = first.flat_table
    path = tables.cache_file(first.spec, tuple(sorted(c.id for c in first.pack)), type(first))
    assert path is not None
    data = bytearray(path.read_bytes())
    data[-1] ^= 1                                    # one flipped bit in the table
    path.write_bytes(bytes(data))
    assert tables.load(path, first.spec) is None
    assert _fresh("teen-patti", {}).flat_table == good
    assert tables.load(path, first.spec) is not None  # rewritten by the rebuild


def test_a_file_of_another_spec_is_refused() -> None:
    table = tables.RankTable(array.array("h", [0, 1, -1]), ("a", "b"))
    data = tables.encode("modern", table)
    assert tables.decode(data, "modern") == table
    assert tables.decode(data, "teen-patti") is None
    assert tables.decode(b"junk" + data, "modern") is None


def test_cache_off_builds_without_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRAG_CACHE_DIR", "off")
    ranking = _fresh("modern", {})
    assert tables.cache_file(ranking.spec, (0, 1, 2), type(ranking)) is None
    assert ranking.class_count == 741


def test_an_unwritable_folder_only_costs_the_build(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BRAG_CACHE_DIR", str(blocker / "cache"))
    assert _fresh("modern", {}).class_count == 741


def test_the_cache_file_does_not_depend_on_what_is_imported() -> None:
    """A fresh process names the same file before and after importing other rankings."""
    import subprocess
    import sys

    probe = ("from bragkit.hands import tables\nfrom bragkit.hands.modern import ModernRanking\n"
             "before = tables.cache_file('modern', (0, 1), ModernRanking)\n"
             "from bragkit.hands import get_ranking\n"
             "for name in ('foster', 'american', 'commerce', 'thirty-one'): get_ranking(name)\n"
             "tables._SOURCES.clear()\n"
             "print(before == tables.cache_file('modern', (0, 1), ModernRanking), before)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60)
    assert done.stdout.startswith("True "), done.stdout
