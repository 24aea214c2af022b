"""The house-rule tables of the rules reference (docs/rules/), generated from the declarations.

Every rule key is declared once, as a field of :class:`~bragkit.rules.Rules` (or of a game's
own rules value, such as casino's) with a one-line attribute docstring; the keys each game
reads, its page and its presets are in its :class:`~bragkit.games.spec.GameSpec`.  This
module (beside the registry, which it reads) turns those declarations into the markdown
tables of docs/rules/.  A page marks each generated table with a pair of
comments, ``<!-- BEGIN keys:foster -->`` and ``<!-- END keys:foster -->``, and
:func:`refresh` rewrites what lies between them.

>>> print(key_table("brag-poker").splitlines()[0])
| Key | Type | Default | Allowed values | Meaning |
>>> row = [line for line in key_table("foster").splitlines() if line.startswith("| `limit`")]
>>> print(row[0][:45])
| `limit` | integer | `10` | 1 or more | Fost
>>> "stale" in check_pages(REFERENCE_DIR)   # the pages in the repository are current
False

Run ``python -m bragkit.games.reference --check`` to list out-of-date pages (exit status 1)
and ``python -m bragkit.games.reference --write`` to rewrite them.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from bragkit.games import specs
from bragkit.games.spec import GameSpec
from bragkit.rules.keys import key_docs
from bragkit.rules.model import _CHOICES, _TYPES, Rules
from bragkit.rules.presets import PRESETS

__all__ = [
    "REFERENCE_DIR", "block_names", "check_pages", "game_pages", "games_of_key", "house_rules",
    "index_table", "int_range", "key_docs", "key_table", "keys_of", "main_preset",
    "preset_table", "refresh", "render", "rule_keys",
]

REFERENCE_DIR: Final = Path(__file__).resolve().parents[3] / "docs" / "rules"
"""Where the reference pages live (docs/rules/ of the source tree)."""

_TABLE_KEYS: Final = frozenset({"first_dealer", "min_buy_in"})
"""General keys every table reads."""


def _specs() -> tuple[GameSpec, ...]:
    return specs()


def _spec(game: str) -> GameSpec:
    for spec in _specs():
        if spec.name == game:
            return spec
    raise KeyError(game)


def game_pages() -> dict[str, str]:
    """The page of each game under docs/rules/ (its GameSpec's ``docs``).

    >>> game_pages()["commerce-widow"]
    'commerce.md'
    """
    return {s.name: Path(s.docs).name for s in _specs()}


def main_preset(game: str) -> str:
    """The preset whose values a game's table shows as defaults (the game's own name)."""
    return _spec(game).name


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


def keys_of(game: str) -> tuple[str, ...]:
    """The rule keys ``game`` reads, in declaration order: its GameSpec's ``keys`` with the
    general keys it lets a table change and those every table reads (a game with its own
    rules value: its key rows' order).

    >>> keys_of("brag-poker")
    ('first_dealer', 'min_buy_in', 'max_raises', 'all_in', 'small_blind', 'big_blind', \
'bet1_factor', 'blind_may_draw', 'half_price_calls')
    """
    spec = _spec(game)
    if spec.key_rows is not None:
        return tuple(row[0] for row in spec.key_rows())
    keys = spec.keys | spec.general_keys_shown | _TABLE_KEYS
    return tuple(k for k in rule_keys() if k in keys)


def games_of_key(key: str) -> tuple[str, ...]:
    """The games that read ``key``.

    >>> games_of_key("stake")
    ('commerce', 'commerce-widow', 'three-stake')
    """
    return tuple(sorted(s.name for s in _specs() if key in keys_of(s.name)))


def int_range(game: str, key: str) -> tuple[int, str] | None:
    """The smallest legal value of an integer key under ``game`` and its wording, or None."""
    own = _spec(game).int_ranges.get(key)
    return own if own is not None else _INT_RANGES.get(key)


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
    spec = _spec(game)
    if spec.key_rows is not None:  # a game with its own rules value declares its rows
        return "\n".join([_HEADER, *("| " + " | ".join((f"`{row[0]}`", *row[1:4],
                                                        _cell(row[4]))) + " |"
                                     for row in spec.key_rows())])
    preset = PRESETS[main_preset(game)]
    docs = key_docs(Rules)
    rows = [_HEADER]
    for key in keys_of(game):
        rows.append(f"| `{key}` | {_TYPE_WORDS[_TYPES[key]]} | {_value(getattr(preset, key))} | "
                    f"{_allowed(game, key)} | {_cell(docs[key])} |")
    return "\n".join(rows)


def preset_table(game: str) -> str:
    """The presets of ``game`` and how each differs from the game's main preset.

    >>> print(preset_table("american").splitlines()[3])
    | `american-braggers-first` | `american_order=braggers_first` |
    """
    rows = ["| Preset | Differs from the main preset |", "|---|---|"]
    spec = _spec(game)
    if spec.key_rows is not None:  # its own rules value: what each preset sets
        rows[0] = "| Preset | Sets |"
        for name, values in spec.presets.items():
            shown = ", ".join(f"`{k}={v}`" for k, v in values.items())
            rows.append(f"| `{name}` | {_cell(shown)} |")
        return "\n".join(rows)
    main = PRESETS[main_preset(game)]
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
    own = [row[0] for s in _specs() if s.key_rows is not None for row in s.key_rows()]
    pages = game_pages()
    for key in (*rule_keys(), *own):
        games = games_of_key(key)
        if not games:
            rows.append(f"| `{key}` | every game | [README](README.md) |")
            continue
        linked = dict.fromkeys(pages[g] for g in games)
        links = ", ".join(f"[{p.removesuffix('.md')}]({p})" for p in linked)
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
    games = [s.name for s in _specs()]
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
        return f"stale: {', '.join(stale)} (run python -m bragkit.games.reference --write)"
    return "all generated tables are current"


def main(argv: Sequence[str] | None = None) -> int:
    """``--check``: exit 1 when a page is out of date; ``--write``: rewrite the pages."""
    parser = argparse.ArgumentParser(prog="python -m bragkit.games.reference",
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
