"""``brag rules PRESET``: every rule key a preset's game reads, with its value, default and
meaning (from the declarations of :mod:`bragkit.rules.keys`).

>>> from click.testing import CliRunner
>>> from bragkit.cli import cli
>>> out = CliRunner().invoke(cli, ["rules", "foster"]).output
>>> print(out.splitlines()[0])
foster: Foster's single-stake Brag (rules 4.1), 18 keys
>>> [line.split()[:3] for line in out.splitlines() if line.startswith("limit ")]
[['limit', '10', '10']]
>>> r = CliRunner().invoke(cli, ["rules", "nope"])
>>> r.exit_code, r.output.count("\\n")
(2, 1)
"""

from __future__ import annotations

import json

import click

from bragkit.cli import cli
from bragkit.games import spec_of
from bragkit.rules import get_preset
from bragkit.rules.catalogue import RuleValue
from bragkit.rules.keys import keys_read_by, rule_keys

__all__ = ["rules_command"]


def _text(value: RuleValue) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@cli.command("rules")
@click.argument("preset")
@click.option("--all", "show_all", is_flag=True,
              help="List every rule key, also those the game does not read.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def rules_command(preset: str, show_all: bool, as_json: bool) -> None:
    """List the rule keys of PRESET: value, default and meaning of each."""
    rules = get_preset(preset)
    spec = spec_of(rules.game)
    keys = rule_keys() if show_all else keys_read_by(rules.game)
    values = rules.to_dict()
    if as_json:
        click.echo(json.dumps({
            "preset": preset, "game": rules.game, "section": spec.spec_section,
            "keys": [{"name": k.name, "value": values.get(k.name, k.default), "default": k.default,
                      "type": k.type, "allowed": None if k.allowed is None else list(k.allowed),
                      "section": k.section, "read": rules.game in k.games, "doc": k.doc}
                     for k in keys]}, sort_keys=True))
        return
    click.echo(f"{preset}: {spec.title} (rules {spec.spec_section}), {len(keys)} keys")
    width = max(len(k.name) for k in keys)
    click.echo(f"{'key':<{width}} {'value':<18} {'default':<18}  meaning (* not the default)")
    for k in keys:
        value, default = _text(values.get(k.name, k.default)), _text(k.default)
        mark = "*" if values.get(k.name, k.default) != k.default else " "
        unread = "" if not show_all or rules.game in k.games else " (not read by this game)"
        click.echo(f"{k.name:<{width}} {value:<18} {default:<18}{mark} {k.doc}{unread}")
