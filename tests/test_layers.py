"""The import layers of docs/design/contract.md (section 1).

The import-linter contracts in pyproject.toml must hold (``make test`` runs ``lint-imports``
too), and there is no import cycle anywhere in ``src/`` (the allow-lists are empty and must
match exactly).  TYPE_CHECKING imports count.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent

KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
"""Today's import cycles (strongly connected modules).  Break one, remove it here."""

KNOWN_CYCLE_PACKAGES: tuple[str, ...] = ()
"""Packages with a known cycle of changing membership (the cli registration cycle was one,
until subcommands loaded lazily): none."""


def _in_known_package(cycle: frozenset[str]) -> str | None:
    for package in KNOWN_CYCLE_PACKAGES:
        if all(m == package or m.startswith(package + ".") for m in cycle):
            return package
    return None


def import_cycles(package: str = "bragkit") -> set[frozenset[str]]:
    """Every set of two or more modules of ``package`` that import each other in a cycle
    (the strongly connected components of the import graph, Tarjan's algorithm)."""
    graph = grimp.build_graph(package, cache_dir=None)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()

    def visit(root: str) -> None:  # iterative, so a deep graph cannot overflow
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(
                        child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.add(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.add(frozenset(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_import_cycles_finder_sees_a_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    pkg = tmp_path / "cyc_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from cyc_pkg import b\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                              "    from cyc_pkg import a\n")
    (pkg / "c.py").write_text("from cyc_pkg import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("cyc_pkg") == {frozenset({"cyc_pkg.a", "cyc_pkg.b"})}


def test_no_new_import_cycle_and_the_allow_list_is_exact() -> None:
    cycles = import_cycles()
    new = {c for c in cycles - KNOWN_CYCLES if _in_known_package(c) is None}
    gone: set[frozenset[str] | str] = set(KNOWN_CYCLES - cycles)
    gone |= set(KNOWN_CYCLE_PACKAGES) - {_in_known_package(c) for c in cycles}
    assert not new, f"new import cycles (docs/design/contract.md, C6): {sorted(map(sorted, new))}"
    assert not gone, ("these allow-listed cycles are gone or changed: update KNOWN_CYCLES "
                      f"in tests/test_layers.py: {sorted(map(str, gone))}")


def test_import_linter_contracts_hold() -> None:
    linter = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run([str(linter), "--no-cache"], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_the_engine_core_names_no_game() -> None:
    """The core modules of the contract mention no game by name (the target is every module of
    engine/, once each engine engineer has moved game knowledge into the game packages)."""
    games = ("modern", "teen-patti", "teen_patti", "foster", "three-stake", "american",
             "brag-poker", "commerce", "casino")
    core = ["contract.py", "actions.py", "events.py", "deal_protocol.py"]
    for name in core:
        text = (ROOT / "src/bragkit/engine" / name).read_text().lower()
        code = "\n".join(line for line in text.splitlines()
                         if not line.lstrip().startswith((">>>", "...", "#")))
        named = [g for g in games if f'"{g}"' in code or f"'{g}'" in code]
        assert not named, f"engine/{name} names {named}"


def test_every_source_folder_is_a_regular_package() -> None:
    """A folder of modules without ``__init__.py`` is a namespace package, which the import
    graph (grimp, import-linter) does not see: its imports would escape every contract."""
    src = ROOT / "src" / "bragkit"
    missing = sorted(str(d.relative_to(src)) for d in {p.parent for p in src.rglob("*.py")}
                     if not (d / "__init__.py").exists())
    assert not missing, f"add an __init__.py to: {missing}"
