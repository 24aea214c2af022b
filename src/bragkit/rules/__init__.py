"""Rules as data: the :class:`Rules` object, its validation, presets and dict/JSON forms.

>>> from bragkit.rules import Rules, get_preset, resolve
>>> get_preset("modern").see_cost
'double'
>>> resolve({"preset": "modern-5card", "wild": "jokers"}).pack_size
54
>>> Rules.from_json(get_preset("teen-patti").to_json()) == get_preset("teen-patti")
True
"""

from bragkit.rules.model import DEFAULT_GAME, GAMES, WILD_OPTIONS, Rules
from bragkit.rules.presets import (
    PRESETS,
    get_preset,
    preset_name,
    preset_names,
    resolve,
    to_spec,
)

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "PRESETS",
    "WILD_OPTIONS",
    "Rules",
    "get_preset",
    "preset_name",
    "preset_names",
    "resolve",
    "to_spec",
]
