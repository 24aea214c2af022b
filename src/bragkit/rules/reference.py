"""The house-rule tables of the rules reference (docs/rules/), generated from the declarations.

Every rule key is declared once, as a field of :class:`~bragkit.rules.Rules` (or of
:class:`~bragkit.games.casino.CasinoRules`) with a one-line attribute docstring; the keys each
game reads are data in :mod:`bragkit.rules.game_keys`.  This module turns those declarations
into the markdown tables of docs/rules/.  A page marks each generated table with a pair of
comments, ``<!-- BEGIN keys:foster -->`` and ``<!-- END keys:foster -->``, and
:func:`refresh` rewrites what lies between them.

>>> print(key_table("brag-poker").splitlines()[0])
| Key | Type | Default | Allowed values | Meaning |
>>> row = [line for line in key_table("foster").splitlines() if line.startswith("| `limit`")]
>>> print(row[0][:45])
| `limit` | integer | `10` | 1 or more | Fost
>>> "stale" in check_pages(REFERENCE_DIR)   # the pages in the repository are current
False

Run ``python -m bragkit.rules.reference --check`` to list out-of-date pages (exit status 1)
and ``python -m bragkit.rules.reference --write`` to rewrite them.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from bragkit.rules import game_keys
from bragkit.rules.keys import key_docs
from bragkit.rules.model import _CHOICES, _TYPES, GAMES, Rules
from bragkit.rules.presets import PRESETS

__all__ = [
    "CASINO_KEYS", "GAME_PAGES", "MAIN_PRESETS", "REFERENCE_DIR", "block_names", "casino_table",
    "check_pages", "games_of_key", "house_rules", "index_table", "int_range", "key_docs",
    "key_table", "keys_of", "preset_table", "refresh", "render", "rule_keys",
]

REFERENCE_DIR: Final = Path(__file__).resolve().parents[3] / "docs" / "rules"
"""Where the reference pages live (docs/rules/ of the source tree)."""

GAME_PAGES: Final[dict[str, str]] = {
    "modern": "modern.md", "teen-patti": "teen-patti.md", "foster": "foster.md",
    "three-stake": "three-stake.md", "american": "american.md", "brag-poker": "brag-poker.md",
    "commerce": "commerce.md", "commerce-widow": "commerce.md", "casino": "casino.md",
}
"""The page of each game (``casino`` is the house game of :mod:`bragkit.games.casino`)."""

MAIN_PRESETS: Final[dict[str, str]] = {game: game for game in GAMES}
"""The preset whose values a game's table shows as defaults (each game's own name)."""

_TABLE_KEYS: Final = frozenset({"first_dealer", "min_buy_in"})
"""General keys every table reads."""
_TEEN_PATTI_ONLY: Final = frozenset({"tp_a23", "sideshow", "sideshow_min_active",
                                     "pot_limit_total"})
_TEEN_PATTI_SHARED: Final = frozenset({
    "ante", "pack_policy", "cut_when_unshuffled", "blind_allowed", "stub_face_up",
    "loser_must_show", "rebuy_anytime", "rebuy_max"})
"""Modern keys Teen Patti reads too (its boot is ``ante``)."""

_INT_RANGES: Final[dict[str, tuple[int, str]]] = {
    "ante": (0, "0 or more"), "min_bet": (1, "1 or more"),
    "max_bet": (1, "`min_bet` or more"), "raise_limit": (0, "0 or more, or `none`"),
    "min_buy_in": (0, "0 or more"), "rebuy_max": (1, "1 or more"), "jokers": (1, "1 to 4"),
    "dealers_choice_every": (1, "1 or more, or `none`"),
    "sideshow_min_active": (2, "2 or more"), "pot_limit_total": (1, "1 or more, or `none`"),
    "stake": (1, "1 or more"), "trade_price": (0, "0 or more, or `none`"),
    "dealer_pays_winner": (0, "0 or more, or `none`"), "max_trade_rounds": (1, "1 or more"),
    "win_from_pool": (0, "0 or more"), "horse_price": (0, "0 or more, or `none`"),
    "widow_lives": (1, "1 or more"), "limit": (1, "1 or more"), "min_raise": (1, "1 to `limit`"),
    "max_raises": (0, "0 or more, or `none`"), "no_call_payment": (0, "0 or more"),
    "draw_price": (0, "0 or more"), "triple_winner_bonus": (0, "0 or more"),
    "small_blind": (0, "0 or more"), "big_blind": (1, "1 or more, and at least `small_blind`"),
    "bet1_factor": (1, "1 or more"),
}
"""The integer keys' smallest legal value (under the game's main preset) and its wording."""

_GAME_RANGES: Final[dict[tuple[str, str], tuple[int, str]]] = {
    ("teen-patti", "ante"): (1, "1 or more (the boot)"),
}

CASINO_KEYS: Final = ("ante_bonus_table", "pair_plus_table", "qualifier", "casino_tie",
                      "pair_plus_forfeit_on_fold")
"""The house rules of the casino game (:class:`~bragkit.games.casino.CasinoRules`)."""

_TYPE_WORDS: Final = {"int": "integer", "int?": "integer or `none`", "bool": "true/false",
                      "str": "text", "str?": "text or `none`"}
_HEADER: Final = ("| Key | Type | Default | Allowed values | Meaning |\n"
                  "|---|---|---|---|---|")
_BLOCK: Final = re.compile(r"(<!-- BEGIN ([\w:-]+) -->\n)(.*?)(<!-- END \2 -->)", re.DOTALL)


# ---------------------------------------------------------------------------- declarations
def rule_keys() -> tuple[str, ...]:
    """Every key of :class:`Rules`, in declaration order.

    >>> rule_keys()[:3]
    ('game', 'cards', 'ante')
    """
    return tuple(f.name for f in dataclasses.fields(Rules) if f.name != "extra")


def _modern_keys() -> frozenset[str]:
    others = set(_TEEN_PATTI_ONLY) | {"game"}
    for keys in game_keys.GAME_KEYS.values():
        others |= keys
    return frozenset(rule_keys()) - others


def keys_of(game: str) -> tuple[str, ...]:
    """The rule keys ``game`` reads, in declaration order (``casino``: :data:`CASINO_KEYS`).

    >>> keys_of("brag-poker")
    ('first_dealer', 'min_buy_in', 'max_raises', 'all_in', 'small_blind', 'big_blind', \
'bet1_factor', 'blind_may_draw', 'half_price_calls')
    """
    if game == "casino":
        return CASINO_KEYS
    if game == "modern":
        keys = _modern_keys()
    elif game == "teen-patti":
        keys = _TEEN_PATTI_ONLY | _TEEN_PATTI_SHARED | _TABLE_KEYS
    elif game in game_keys.GAME_KEYS:
        keys = game_keys.GAME_KEYS[game] | _TABLE_KEYS
    else:
        raise KeyError(game)
    return tuple(k for k in rule_keys() if k in keys)


def games_of_key(key: str) -> tuple[str, ...]:
    """The games that read ``key``.

    >>> games_of_key("stake")
    ('commerce', 'commerce-widow', 'three-stake')
    """
    return tuple(sorted(g for g in (*GAMES, "casino") if key in keys_of(g)))


def int_range(game: str, key: str) -> tuple[int, str] | None:
    """The smallest legal value of an integer key under ``game`` and its wording, or None."""
    return _GAME_RANGES.get((game, key), _INT_RANGES.get(key))


def house_rules(rules: Rules) -> tuple[tuple[str, str, str], ...]:
    """``(key, value, meaning)`` of every key ``rules.game`` reads, for a ``rules`` listing.

    >>> from bragkit.rules import get_preset
    >>> house_rules(get_preset("modern-cover"))[15]
    ('short_stack_policy', 'cover', 'A player who cannot pay to stay: fold_or_rebuy, cover \
the pot, or lend_or_show.')
    """
    docs = key_docs(Rules)
    return tuple((key, _value(getattr(rules, key)).strip("`"), docs[key])
                 for key in keys_of(rules.game))


# ---------------------------------------------------------------------------- rendering
def _value(value: object) -> str:
    if value is None:
        return "`none`"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    return f"`{value}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _allowed(game: str, key: str) -> str:
    if key in _CHOICES and key != "game":
        return ", ".join(_value(c) for c in _CHOICES[key])
    kind = _TYPES[key]
    if kind == "bool":
        return "`true`, `false`"
    found = int_range(game, key)
    return found[1] if found is not None else _TYPE_WORDS[kind]


def key_table(game: str) -> str:
    """The markdown table of the house rules ``game`` reads: key, type, default (the value in
    the game's main preset), allowed values and meaning."""
    if game == "casino":
        return casino_table()
    preset = PRESETS[MAIN_PRESETS[game]]
    docs = key_docs(Rules)
    rows = [_HEADER]
    for key in keys_of(game):
        rows.append(f"| `{key}` | {_TYPE_WORDS[_TYPES[key]]} | {_value(getattr(preset, key))} | "
                    f"{_allowed(game, key)} | {_cell(docs[key])} |")
    return "\n".join(rows)


def casino_table() -> str:
    """The house rules of the casino game (defaults of the ``casino`` preset).

    >>> print(casino_table().splitlines()[-1])
    | `pair_plus_forfeit_on_fold` | true/false | `false` | `true`, `false` | A fold loses \
the Pair Bonus side bet too (else it is settled on the cards). |
    """
    from bragkit.games.casino.rules import TIE_RULES, CasinoRules

    rules = CasinoRules.preset("casino")
    docs = key_docs(CasinoRules)
    allowed = {"ante_bonus_table": "`category=payout` pairs joined by commas, or `none`",
               "pair_plus_table": "`category=payout` pairs joined by commas, or `none`",
               "qualifier": "a hand class: `Q-high`, `Q-6-4`, `pair`, `none`, ...",
               "casino_tie": ", ".join(_value(t) for t in TIE_RULES),
               "pair_plus_forfeit_on_fold": "`true`, `false`"}
    kinds = {"ante_bonus_table": "paytable", "pair_plus_table": "paytable", "qualifier": "text",
             "casino_tie": "text", "pair_plus_forfeit_on_fold": "true/false"}
    rows = [_HEADER]
    for key in CASINO_KEYS:
        value = getattr(rules, key)
        shown = _value(str(value)) if key.endswith("_table") else _value(value)
        rows.append(f"| `{key}` | {kinds[key]} | {shown} | {allowed[key]} | "
                    f"{_cell(docs[key])} |")
    return "\n".join(rows)


def preset_table(game: str) -> str:
    """The presets of ``game`` and how each differs from the game's main preset.

    >>> print(preset_table("american").splitlines()[3])
    | `american-braggers-first` | `american_order=braggers_first` |
    """
    rows = ["| Preset | Differs from the main preset |", "|---|---|"]
    if game == "casino":
        rows[0] = "| Preset | Sets |"
        from bragkit.games.casino.rules import PRESETS as CASINO_PRESETS

        for name, values in CASINO_PRESETS.items():
            shown = ", ".join(f"`{k}={v}`" for k, v in values.items())
            rows.append(f"| `{name}` | {_cell(shown)} |")
        return "\n".join(rows)
    main = PRESETS[MAIN_PRESETS[game]]
    for name, preset in PRESETS.items():
        if preset.game != game:
            continue
        diff = [f"`{k}={_value(v).strip('`')}`" for k, v in preset.to_dict().items()
                if getattr(main, k) != v]
        rows.append(f"| `{name}` | {', '.join(diff) or 'the main preset'} |")
    return "\n".join(rows)


def index_table() -> str:
    """Every rule key with the games that read it and a link to each game's page.

    >>> print(index_table().splitlines()[2])
    | `game` | every game | [README](README.md) |
    """
    rows = ["| Key | Games | Pages |", "|---|---|---|"]
    for key in (*rule_keys(), *CASINO_KEYS):
        games = games_of_key(key)
        if not games:
            rows.append(f"| `{key}` | every game | [README](README.md) |")
            continue
        pages = dict.fromkeys(GAME_PAGES[g] for g in games)
        links = ", ".join(f"[{p.removesuffix('.md')}]({p})" for p in pages)
        rows.append(f"| `{key}` | {', '.join(games)} | {links} |")
    return "\n".join(rows)


_RENDERERS: Final[dict[str, Callable[[str], str]]] = {
    "keys": key_table, "presets": preset_table, "index": lambda _: index_table(),
}


def block_names() -> tuple[str, ...]:
    """Every generated block name a page may hold (``keys:GAME``, ``presets:GAME``, ``index``).

    >>> "keys:casino" in block_names()
    True
    """
    games = (*GAMES, "casino")
    return (*(f"keys:{g}" for g in games), *(f"presets:{g}" for g in games), "index")


def render(name: str) -> str:
    """The markdown of one generated block, such as ``keys:foster`` or ``index``."""
    kind, _, game = name.partition(":")
    if name not in block_names():
        raise KeyError(name)
    return _RENDERERS[kind](game)


def refresh(text: str) -> str:
    """``text`` with every generated block brought up to date."""
    def fill(m: re.Match[str]) -> str:
        return f"{m.group(1)}{render(m.group(2))}\n{m.group(4)}"

    return _BLOCK.sub(fill, text)


def check_pages(directory: Path) -> str:
    """A report of the pages under ``directory`` whose generated blocks are out of date."""
    stale = [p.name for p in sorted(directory.glob("*.md"))
             if refresh(p.read_text(encoding="utf-8")) != p.read_text(encoding="utf-8")]
    if stale:
        return f"stale: {', '.join(stale)} (run python -m bragkit.rules.reference --write)"
    return "all generated tables are current"


def main(argv: Sequence[str] | None = None) -> int:
    """``--check``: exit 1 when a page is out of date; ``--write``: rewrite the pages."""
    parser = argparse.ArgumentParser(prog="python -m bragkit.rules.reference",
                                     description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="fail when a table is stale")
    parser.add_argument("--write", action="store_true", help="rewrite the generated tables")
    parser.add_argument("--dir", type=Path, default=REFERENCE_DIR, help="the pages' folder")
    args = parser.parse_args(argv)
    if args.write:
        for page in sorted(args.dir.glob("*.md")):
            old = page.read_text(encoding="utf-8")
            new = refresh(old)
            if new != old:
                page.write_text(new, encoding="utf-8")
                print(f"updated {page.name}")
        return 0
    report = check_pages(args.dir)
    print(report)
    return 1 if report.startswith("stale") else 0


if __name__ == "__main__":
    sys.exit(main())
