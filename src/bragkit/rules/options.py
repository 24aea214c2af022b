"""Rules from command-line options: a preset, a rules file, and ``KEY=VALUE`` house rules.

>>> rules_from("modern", None, ("ante=2", "see_cost=single", "raise_limit=none")).ante
2
>>> rules_from("teen-patti", None, ()).game
'teen-patti'
>>> rules_from("modern", None, ("ante",))
Traceback (most recent call last):
...
bragkit.errors.RulesError: bad house rule 'ante': write KEY=VALUE, e.g. ante=2
>>> rules_from("", None, ())
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown preset ''; known: modern, ...
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bragkit.errors import RulesError, excerpt
from bragkit.limits import MAX_CHIPS, is_whole_number, load_json, parse_int
from bragkit.rules import DEFAULT_GAME, Rules, resolve

__all__ = ["parse_setting", "rules_from"]


def parse_setting(text: str) -> tuple[str, Any]:
    """``"ante=2"`` -> ``("ante", 2)``; values are JSON, or ``none``/``true``/``false``/text.

    Whole numbers are ASCII digits of at most ``MAX_CHIPS`` (docs/limits.md).

    >>> parse_setting("ante=" + "9" * 5000)
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: --set ante: number too large ('999999999999'... (5000 \
characters); at most 1000000000000)
    """
    key, eq, raw = text.partition("=")
    key = key.strip().replace("-", "_")
    if not eq or not key:
        raise RulesError(f"bad house rule {excerpt(text)}: write KEY=VALUE, e.g. ante=2")
    raw = raw.strip()
    lowered = raw.lower()
    if lowered in ("none", "null"):
        return key, None
    if lowered in ("true", "yes", "on"):
        return key, True
    if lowered in ("false", "no", "off"):
        return key, False
    if is_whole_number(raw):
        return key, parse_int(raw, f"--set {key}", -MAX_CHIPS, MAX_CHIPS, RulesError)
    if raw[:1] in ('[', '{', '"'):  # meant as JSON: its errors are reported
        return key, load_json(raw, f"--set {key}", RulesError)
    try:
        return key, load_json(raw, f"--set {key}", RulesError)
    except RulesError:
        return key, raw  # a word such as twos


def rules_from(preset: str | None, rules_file: str | None, settings: Sequence[str]) -> Rules:
    """The rules of ``preset`` (or of ``rules_file``, a JSON rules spec) plus ``settings``."""
    spec: dict[str, Any] = {}
    if rules_file is not None:
        try:
            text = Path(rules_file).read_text(encoding="utf-8")
        except OSError as error:
            raise RulesError(f"cannot read {rules_file}: {error.strerror}") from None
        except UnicodeDecodeError as error:
            raise RulesError(f"{rules_file} is not UTF-8 text (byte {error.start})") from None
        data = load_json(text, rules_file, RulesError)
        if isinstance(data, str):
            data = {"preset": data}
        if not isinstance(data, dict):
            raise RulesError(f"{rules_file} must hold a preset name or a JSON object")
        spec.update(data)
        if preset is not None and "preset" not in spec:
            spec["preset"] = preset
    else:
        spec["preset"] = DEFAULT_GAME if preset is None else preset
    for text in settings:
        key, value = parse_setting(text)
        spec[key] = value
    return resolve(spec)
