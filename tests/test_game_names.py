"""Nothing outside a game's own module names that game (issue 11, docs/design/contract.md 1).

Every registered game name and preset name is looked for as a string literal and as an
identifier in the code of ``src/bragkit`` outside the game's own module or package.  Not
counted: docstrings and comments (prose and doctests may name any game), the ranking names
of the hands layer (``get_ranking("modern")`` and ``bragkit/hands/``: a ranking is not a
game), the machine names compared with an engine (``engine_of(game) == "commerce"``: the
``EngineKind`` vocabulary of :mod:`bragkit.games.spec`) and the default preset of a front
end (a parameter's or option's ``default``: modern Brag is bragkit's default game).  What is
left must be in :data:`ALLOWED`, each with its reason; the list must be exact, so it only
shrinks.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

from bragkit.games import specs
from bragkit.games.reference import rule_keys

ROOT = Path(__file__).resolve().parent.parent / "src" / "bragkit"

ALLOWED: dict[str, frozenset[str]] = {
    # the machines' own vocabulary and the one default
    "games/spec.py": frozenset({"casino", "commerce"}),  # EngineKind, MACHINE_SEATS
    "rules/model.py": frozenset({"modern", "commerce"}),  # DEFAULT_GAME; the Commerce machine's
    "games/casino/rules.py": frozenset({"modern"}),  # the casino preset's ranking (hands name)
    # still to derive from the GameSpecs (owner C unless named): key sets into the packages
    "rules/game_keys.py": frozenset({"american", "commerce", "foster", "modern"}),
    "cli/play_render.py": frozenset({"commerce", "commerce-widow", "three-stake"}),
    # casino's front ends and checker (its GameTable and history reader come from its spec)
    "cli/casino_cmd.py": frozenset({"casino"}),
    "testing/casino_check.py": frozenset({"casino"}),
}
"""File (relative to src/bragkit) -> the game or preset names it may still name (exact)."""

OTHERS: dict[str, frozenset[str]] = {
    # front ends of other engineers (cli/__init__: issue 15; solver; rl/vector; card room; web),
    # still being written: at most these names (the entry may shrink without an edit here)
    "cli/__init__.py": frozenset({"casino"}),
    "bots/cfr_bot.py": frozenset({"modern"}),
    "solve/score.py": frozenset({"modern"}),
    "solve/tree.py": frozenset({"modern", "teen-patti"}),
    "solve/tabulate.py": frozenset({"modern"}),  # the engine rules the solved game is played by
    # the vector engine is a second implementation of exactly these two games (issue 15),
    # checked against their reference engine by tests/test_vector_diff.py
    "vector/config.py": frozenset({"modern", "teen-patti"}),
    "vector/engine.py": frozenset({"modern"}),
    "vector/warm.py": frozenset({"modern", "teen-patti"}),  # the kernels it compiles
    "sim/policies.py": frozenset({"modern", "teen-patti"}),  # the threshold array bot's games
    "sim/vector_sim.py": frozenset({"modern"}),
    "engine/discrete.py": frozenset({"commerce"}),
    "rl/openspiel.py": frozenset({"modern"}),
    "cli/connect_cmd.py": frozenset({"modern"}),
    "server/room.py": frozenset({"modern"}),
    "server/runtime.py": frozenset({"casino", "three-card-poker"}),
    "server/store/drill.py": frozenset({"modern"}),
    "server/options.py": frozenset({"casino"}),
    "web/__init__.py": frozenset({"casino", "modern"}),
    "web/casino.py": frozenset({"casino", "modern", "three-card-poker"}),
    "web/pages.py": frozenset({"casino"}),
}
"""Modules of other owners: the names they may use at most."""


def _names() -> dict[str, str]:
    """Each game and preset name -> the module or package of the game that owns it."""
    out: dict[str, str] = {}
    for spec in specs():
        home = spec.table if spec.own_rules else (
            spec.hooks if isinstance(spec.hooks, str) else spec.hooks.__module__)
        module = home.split(":")[0]
        for name in (spec.name, *spec.presets):
            out[name] = module
    return out


def _identifiers(name: str) -> set[str]:
    """The identifier spellings of a game name (``teen-patti``: ``teen_patti``, ``TEEN_PATTI``,
    ``TeenPatti``)."""
    words = re.split(r"[-_]", name)
    snake = "_".join(words)
    return {snake, snake.upper(), "".join(w.title() for w in words)}


def _exempt_nodes(tree: ast.AST) -> set[int]:
    """The ids of constant nodes that are docstrings, ranking names, machine names compared
    with an engine, or defaults."""
    out: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and body and isinstance(body[0], ast.Expr):
            out.add(id(body[0].value))
        if isinstance(node, (ast.Module, ast.ClassDef)) and body:  # attribute docstrings
            for first, second in itertools.pairwise(body):
                if isinstance(first, (ast.Assign, ast.AnnAssign)) and \
                        isinstance(second, ast.Expr):
                    out.add(id(second.value))
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called == "get_ranking" and node.args:
                out.add(id(node.args[0]))
            out.update(id(k.value) for k in node.keywords if k.arg == "default")
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any("engine" in ast.unparse(side) for side in sides):
                out.update(id(n) for side in sides for n in ast.walk(side))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.update(id(d) for d in (*node.args.defaults, *node.args.kw_defaults)
                       if d is not None)
    return out


def _spelled(tree: ast.AST, keys: set[str]) -> tuple[set[str], set[str], set[str]]:
    """What a module spells, in one walk: its string literals (not exempt), its identifiers
    (names, attributes, the last part of imported names) and the lower-case ``_``-separated
    words of its names (not rule keys), functions and classes."""
    exempt = _exempt_nodes(tree)
    literals: set[str] = set()
    idents: set[str] = set()
    words: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in exempt:
            literals.add(node.value)
        elif isinstance(node, ast.Name):
            idents.add(node.id)
            if node.id not in keys:
                words.update(node.id.lower().split("_"))
        elif isinstance(node, ast.Attribute):
            idents.add(node.attr)
        elif isinstance(node, ast.alias):
            idents.add(node.name.rsplit(".", 1)[-1])
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            words.update(node.name.lower().split("_"))
    return literals, idents, words


def game_name_uses() -> dict[str, set[str]]:
    """File -> the game and preset names its code names outside the game's own module."""
    names = _names()
    keys = set(rule_keys())  # rule keys named after a game (american_order) are key names
    found: dict[str, set[str]] = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        if rel.startswith("hands/"):
            continue
        module = "bragkit." + rel.removesuffix(".py").replace("/", ".").removesuffix(
            ".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        literals, idents, words = _spelled(tree, keys)
        for name, home in names.items():
            package = home.rsplit(".", 1)[0] if home.count(".") > 2 else home
            if module in (home, package) or module.startswith(package + "."):
                continue
            snake = "_".join(re.split(r"[-_]", name)).lower()
            if name in literals or idents & _identifiers(name) or \
                    ("_" not in snake and snake in words):
                found.setdefault(rel, set()).add(name)
    return found


def test_no_module_names_another_game_beyond_the_allow_list() -> None:
    found = {k: frozenset(v) for k, v in game_name_uses().items()}
    allowed = {k: ALLOWED.get(k, frozenset()) | OTHERS.get(k, frozenset()) for k in found}
    new = {k: sorted(v - allowed[k]) for k, v in found.items() if v - allowed[k]}
    gone = {k: sorted(v - found.get(k, frozenset())) for k, v in ALLOWED.items()
            if v - found.get(k, frozenset())}
    assert not new, f"names a game outside its module (derive it from the GameSpec): {new}"
    assert not gone, f"no longer named: remove from ALLOWED in tests/test_game_names.py: {gone}"


def test_the_finder_sees_a_literal_and_an_identifier() -> None:
    tree = ast.parse('"""About modern."""\nX = "modern" if engine == "commerce" else '
                     'get_ranking("foster")\nMODERN_KEYS = 1\n')
    exempt = _exempt_nodes(tree)
    literals = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
                and isinstance(n.value, str) and id(n) not in exempt]
    assert literals == ["modern"]
    assert "MODERN" in _identifiers("modern") and "TeenPatti" in _identifiers("teen-patti")
