"""The pages that are not live, server-rendered from the rules declarations: the start page
(every preset and every house rule with its one-line explanation), the rules page of each
game (its hand ranking, presets and house rules), and the shells of the lobby, the ledger
and the hand-history viewer (filled by small ES modules from the card room's JSON API).

>>> "modern-4card" in start_html() and "see_cost" in start_html()
True
>>> "Prial" in rules_html("modern")
True
"""

from __future__ import annotations

import functools
import json
import re

from bragkit.errors import RulesError
from bragkit.games import game_rules, house_game, spec_of, specs
from bragkit.hands import get_ranking
from bragkit.rules import Rules, get_preset, preset_names
from bragkit.rules.keys import RuleKey, keys_read_by, rule_keys
from bragkit.web.layout import esc, page

__all__ = ["casino_html", "game_titles", "history_html", "house_titles", "ledger_html",
           "lobby_html", "preset_line", "rules_html", "rules_index_html", "start_html"]

_ROOM = "room"
"""The card room's name among the front ends a GameSpec may declare it cannot serve."""


@functools.cache
def game_titles() -> dict[str, str]:
    """Game name -> title, for every table game the card room deals (a game against the
    house has its own rules value, presets and pages: :func:`_house_presets`).

    >>> game_titles()["teen-patti"]
    'Teen Patti'
    """
    return {s.name: s.title for s in specs() if _ROOM not in s.unserved and not s.own_rules}


def _preset_game(name: str) -> str:
    return str(get_preset(name).game)


def _presets() -> list[str]:
    return [p for p in preset_names() if _preset_game(p) in game_titles()]


def _value(v: object) -> str:
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _short(doc: str) -> str:
    first = doc.split(". ")[0].rstrip(".")
    return first


@functools.cache
def preset_line(name: str) -> str:
    """One line saying what a preset is: its game, and the keys it sets differently from
    the game's own preset.

    >>> preset_line("modern-4card")
    'Modern Three Card Brag, with cards = 4 (Cards dealt to each player: 3, or 4 and 5 ...)'
    >>> preset_line("teen-patti")
    'Teen Patti'
    """
    game = _preset_game(name)
    title = game_titles().get(game, game)
    if name == game:
        return title
    base, rules = get_preset(game).to_dict(), get_preset(name).to_dict()
    docs = {k.name: k.doc for k in rule_keys()}
    diffs = [f"{k} = {_value(v)}" + (f" ({_short(docs[k])})" if docs.get(k) else "")
             for k, v in rules.items() if base.get(k) != v]
    return f"{title}, with " + "; ".join(diffs) if diffs else title


def _script_json(data: object) -> str:
    """``data`` as JSON safe inside a ``<script>`` element (no ``</`` can close it).

    >>> print(_script_json({"a": "</script>"}))
    {"a": "<\\/script>"}
    """
    return json.dumps(data).replace("</", "<\\/")


def _input(k: RuleKey) -> str:
    ident = f"rule-{k.name}"
    if k.type == "bool":
        field = (f'<select id="{ident}" data-rule="{esc(k.name)}" data-type="bool">'
                 '<option value="">preset</option><option value="true">yes</option>'
                 '<option value="false">no</option></select>')
    elif k.allowed:
        opts = "".join(f'<option value="{esc(_value(a) if a is not None else "null")}">'
                       f"{esc(_value(a))}</option>" for a in k.allowed)
        field = (f'<select id="{ident}" data-rule="{esc(k.name)}" data-type="choice">'
                 f'<option value="">preset</option>{opts}</select>')
    else:
        kind = "int?" if k.type.endswith("?") else "int" if k.type.startswith("int") else "str"
        lo = f' min="{k.lo}"' if k.lo is not None else ' min="0"'
        hi = f' max="{k.hi}"' if k.hi is not None else ""
        typ = 'type="number" inputmode="numeric"' if kind != "str" else 'type="text"'
        field = (f'<input id="{ident}" {typ}{lo}{hi} data-rule="{esc(k.name)}" '
                 f'data-type="{kind}" placeholder="preset">')
    games = " ".join(k.games) if not k.general else "*"
    return (f'<div class="rule" data-games="{esc(games)}"><label for="{ident}">'
            f"<code>{esc(k.name)}</code></label> {field} <span class=\"preset-value\" "
            f'data-for="{esc(k.name)}"></span>'
            f'<p class="help">{esc(k.doc)} <small>(rules {esc(k.section)})</small></p></div>')


@functools.cache
def house_titles() -> dict[str, str]:
    """Game name -> title, for every game against the house the card room deals (its own
    rules value: casino), whose house rules are its spec's reference rows.

    >>> house_titles()
    {'casino': 'Casino 3 Card Brag'}
    """
    return {s.name: s.title for s in specs() if s.own_rules and _ROOM not in s.unserved}


def _house_rows(game: str) -> tuple[tuple[str, str, str, str, str], ...]:
    """The house rules of a game against the house: (key, kind, default, allowed, doc)."""
    rows = spec_of(game).key_rows
    return rows() if rows is not None else ()


def _house_rules(preset: str) -> tuple[str, object]:
    """A house preset's game and its rules value (its spec's factory)."""
    spec = house_game(preset)
    assert spec is not None, preset
    return spec.name, game_rules(spec, preset)


def _house_value(rules: object, key: str) -> object:
    """A house rule's value in ``rules`` as the start page shows and sends it (a paytable
    as its text, ``prial=5,run=1``).

    >>> _house_value(_house_rules("three-card-poker")[1], "ante_bonus_table")
    'straight_flush=5,three_of_a_kind=4,straight=1'
    """
    value = getattr(rules, key)
    return value if isinstance(value, bool | int | str) or value is None else str(value)


def _house_ranking(preset: str) -> tuple[str, ...]:
    """The hand categories of a house preset, best first (its rules name the ranking)."""
    game, rules = _house_rules(preset)
    name = getattr(rules, "ranking", None)
    ranking = get_ranking(name) if isinstance(name, str) else \
        spec_of(game).ranking(Rules())
    return tuple(ranking.categories)


_CHOICES = re.compile(r"`[^`]+`(?:, `[^`]+`)*")


def _house_input(game: str, section: str, row: tuple[str, str, str, str, str]) -> str:
    """The start page's field of one house rule of a game against the house."""
    key, kind, _, allowed, doc = row
    ident = f"rule-{key}"
    if kind == "true/false":
        field = (f'<select id="{ident}" data-rule="{esc(key)}" data-type="bool">'
                 '<option value="">preset</option><option value="true">yes</option>'
                 '<option value="false">no</option></select>')
    elif _CHOICES.fullmatch(allowed):
        opts = "".join(f'<option value="{esc(a)}">{esc(a)}</option>'
                       for a in re.findall(r"`([^`]+)`", allowed))
        field = (f'<select id="{ident}" data-rule="{esc(key)}" data-type="choice">'
                 f'<option value="">preset</option>{opts}</select>')
    else:
        field = (f'<input id="{ident}" type="text" data-rule="{esc(key)}" data-type="str" '
                 f'placeholder="preset">')
    typed = 'data-type="str"' in field  # a text box: say what it takes
    text = allowed.replace("`", "")
    hint = f" Values: {text}{'' if text.endswith('.') else '.'}" if typed else ""
    return (f'<div class="rule" data-games="{esc(game)}"><label for="{ident}">'
            f"<code>{esc(key)}</code></label> {field} <span class=\"preset-value\" "
            f'data-for="{esc(key)}"></span>'
            f'<p class="help">{esc(doc)}{esc(hint)} <small>(rules {esc(section)})'
            f"</small></p></div>")


def _house_presets() -> dict[str, tuple[str, str]]:
    """The presets of the games played against the house that the card room deals (casino):
    preset -> (game, its line on the start page)."""
    return {p: (s.name, f"{s.title}: each seat plays its own hand against the dealer; the "
                        f"best hand is a {_house_ranking(p)[0].replace('_', ' ')}")
            for s in specs() if s.own_rules and _ROOM not in s.unserved for p in s.presets}


def _bots(game: str) -> list[str]:
    """The bots the start page offers for ``game``'s seats (a house game's: its own and the
    generic random bot)."""
    from bragkit.bots import bot_names

    spec = next(s for s in specs() if s.name == game)
    return sorted({"random", *spec.bots}) if spec.own_rules else list(bot_names(game))


@functools.cache
def start_html() -> str:
    """The start page: create a table (preset, seats, stacks, bots, house rules, options)."""
    presets = _presets()
    house = _house_presets()
    options = "".join(f'<option value="{esc(p)}">{esc(p)} — {esc(preset_line(p))}</option>'
                      for p in presets) + "".join(
        f'<option value="{esc(p)}">{esc(p)} — {esc(line)}</option>'
        for p, (_, line) in house.items())
    read = {g: {k.name for k in keys_read_by(g)} for g in game_titles()}
    values: dict[str, dict[str, object]] = {
        p: {"game": _preset_game(p), **{k: v for k, v in get_preset(p).to_dict().items()
                                       if k in read[_preset_game(p)]}} for p in presets}
    for p, (game, _) in house.items():
        own = _house_rules(p)[1]
        values[p] = {"game": game, **{row[0]: _house_value(own, row[0])
                                      for row in _house_rows(game)}}
    for v in values.values():
        v["_bots"] = _bots(str(v["game"]))
    keys = sorted({k.name: k for g in game_titles() for k in keys_read_by(g)}.values(),
                  key=lambda k: (not k.general, k.name))
    rules = "".join(_input(k) for k in keys if k.name != "game") + "".join(
        _house_input(g, spec_of(g).spec_section, row) for g in house_titles()
        for row in _house_rows(g))
    body = f"""<main class="page" id="start">
<h1>Start a Brag table</h1>
<p>Pick a game and house rules, invite friends by link, add bots. Nobody needs an account:
guests join with a name. <a href="/rules">What the games and rules are</a>.</p>
<form id="create" class="box" novalidate>
 <label for="preset">Game and preset</label>
 <select id="preset" name="preset">{options}</select>
 <p class="help" id="preset-line"></p>
 <div class="row">
  <label for="seat-count">Seats</label>
  <input id="seat-count" type="number" min="2" max="8" value="4">
  <label for="stack">Chips each</label><input id="stack" type="number" min="1" value="100">
  <label for="hands">Deals to play (empty: until closed)</label>
  <input id="hands" type="number" min="1" placeholder="no limit">
 </div>
 <fieldset id="bots"><legend>Bots</legend>
  <p class="help">Seats without a bot get an invite link. Seat 1 is the first seat.</p>
  <div id="bot-rows"></div></fieldset>
 <fieldset><legend>Table options</legend>
  <label><input type="checkbox" id="approval" checked> I approve who sits down</label>
  <label for="timer">Seconds per action</label>
  <input id="timer" type="number" min="5" max="600" value="30">
  <label for="time_bank">Time bank (seconds, once per table)</label>
  <input id="time_bank" type="number" min="0" max="3600" value="60">
  <label for="buy_in_min">Fewest chips a guest may buy in with (empty: the chips each)</label>
  <input id="buy_in_min" type="number" min="1" placeholder="chips each">
  <label for="buy_in_max">Most chips a guest may buy in with, or top up to (empty: the
  chips each)</label>
  <input id="buy_in_max" type="number" min="1" placeholder="chips each">
  <label for="carried_at_end">A pot still carried when the last deal is played (a blind man
  left alone carries it, rules 4.4.6)</label>
  <select id="carried_at_end"><option value="play_on">play on until somebody wins it</option>
  <option value="split">split it among the seats still in</option></select>
  <label for="play_on_deals">At most this many extra deals to win it (then it is split)</label>
  <input id="play_on_deals" type="number" min="0" max="1000" value="10">
 </fieldset>
 <details id="house"><summary>House rules (only the rules of the chosen game are
 shown; "preset" keeps the preset's value, shown beside each)</summary>{rules}</details>
 <p id="create-error" class="err" role="alert"></p>
 <button type="submit" class="btn-main">Create the table</button>
</form>
<section id="created" class="box" hidden aria-live="polite"></section>
<form id="join-link" class="box" novalidate><h2>Join a table</h2>
 <label for="invite-link">The invite link a host sent you</label>
 <input id="invite-link" type="url" inputmode="url" autocomplete="off"
  placeholder="http://…/table/…?invite=…">
 <p id="join-link-error" class="err" role="alert"></p>
 <button type="submit" class="btn-main">Go to the table</button>
</form>
<script type="application/json" id="preset-data">{_script_json(values)}</script>
</main>"""
    return page("New table", body, script="/static/pages/start.js")


def lobby_html() -> str:
    """The lobby: the tables this browser created or sat at (kept in its local storage)."""
    body = """<main class="page"><h1>Your tables</h1>
<p>The tables this browser created or joined. The links hold the secrets: keep them.</p>
<div id="lobby" class="box" aria-live="polite"><p>Loading…</p></div></main>"""
    return page("Your tables", body, script="/static/pages/lobby.js")


def ledger_html(table_id: str) -> str:
    """The ledger of a table: buy-ins, cash-outs, nets, settle-up with the fewest transfers."""
    body = f"""<main class="page" id="ledger-page" data-table="{esc(table_id)}">
<h1>Ledger</h1><div id="ledger" class="box" aria-live="polite"><p>Loading…</p></div></main>"""
    return page("Ledger", body, script="/static/pages/ledger.js")


def history_html(table_id: str) -> str:
    """The hand-history viewer: step through each finished deal as the viewer saw it."""
    body = f"""<main class="page" id="history-page" data-table="{esc(table_id)}">
<h1>Hand histories</h1>
<p>Step with the buttons or the keys <kbd>←</kbd> <kbd>→</kbd> (one step),
<kbd>↑</kbd> <kbd>↓</kbd> (first and last step of the deal), <kbd>[</kbd> <kbd>]</kbd>
(previous and next deal). <span id="whose"></span></p>
<div id="viewer" class="box"><p>Loading…</p></div></main>"""
    return page("Hand histories", body, script="/static/pages/history.js")


def casino_html() -> str:
    """Casino 3 Card Brag against the house, with the optimal decision after each hand."""
    body = """<main class="page" id="casino"><h1>Casino 3 Card Brag</h1>
<p>You against the dealer (rules 4.9): stake the ante (and the Pair Bonus if you like), see
your cards, then play (another bet the size of the ante) or fold. The dealer qualifies with
queen high or better. After each hand: the best decision and what each choice was worth.</p>
<form id="casino-open" class="box"><label for="c-preset">Game</label>
<select id="c-preset"><option value="casino">casino (3 Card Brag ranking)</option>
<option value="three-card-poker">three-card-poker (poker ranking)</option></select>
<label for="c-bankroll">Bankroll (chips)</label>
<input id="c-bankroll" type="number" min="1" value="100">
<button type="submit" class="btn-main">Sit down</button></form>
<section id="desk" class="box" hidden aria-live="polite"></section>
<p id="c-error" class="err" role="alert"></p></main>"""
    return page("Casino", body, script="/static/pages/casino.js")


def rules_index_html() -> str:
    """The rules pages' index: every game the card room deals."""
    items = "".join(f'<li><a href="/rules/{esc(g)}">{esc(t)}</a></li>'
                    for g, t in {**game_titles(), **house_titles()}.items())
    body = f"""<main class="page"><h1>The games</h1><ul class="box">{items}</ul>
<p>Alone against the house: <a href="/casino">the casino desk</a>.</p></main>"""
    return page("Rules", body)


@functools.cache
def rules_html(game: str) -> str:
    """The rules page of ``game``: its hand ranking (best first), presets and house rules."""
    if game in house_titles():
        return _house_rules_html(game)
    spec = next((s for s in specs() if s.name == game and s.name in game_titles()), None)
    if spec is None:
        raise RulesError(f"no game {game!r}; known: "
                         f"{', '.join([*game_titles(), *house_titles()])}")
    ranking = spec.ranking(get_preset(game))
    cats = "".join(f"<li>{esc(c.replace('_', ' ').capitalize())}</li>"
                   for c in ranking.categories)
    presets = "".join(f"<tr><th scope=\"row\"><code>{esc(p)}</code></th>"
                      f"<td>{esc(preset_line(p))}</td></tr>"
                      for p in _presets() if _preset_game(p) == game)
    keys = "".join(f"<tr><th scope=\"row\"><code>{esc(k.name)}</code></th>"
                   f'<td class="default">{esc(_value(k.default))}</td><td class="values">'
                   f"{esc(', '.join(_value(a) for a in k.allowed) if k.allowed else k.type)}"
                   f"</td><td>{esc(k.doc)} <small>(rules {esc(k.section)})</small></td></tr>"
                   for k in keys_read_by(game) if k.name != "game")
    body = f"""<main class="page"><h1>{esc(spec.title)}</h1>
<p><a href="/">Start a table of {esc(spec.title)}</a> ·
{"players may play blind" if spec.blind_play else "no blind play"}</p>
<section class="box"><h2>Hand ranking, best first</h2><ol>{cats}</ol></section>
<section class="box"><h2>Presets</h2><table>{presets}</table></section>
<section class="box"><h2>House rules</h2><table class="keys"><thead><tr><th scope="col">key</th>
<th scope="col">default</th><th scope="col">values</th><th scope="col">what it does</th></tr>
</thead><tbody>{keys}</tbody></table></section></main>"""
    return page(spec.title, body)


def _house_rules_html(game: str) -> str:
    """The rules page of a game against the house: each preset's hand ranking (best first),
    the presets and the house rules (its spec's reference rows)."""
    spec = spec_of(game)
    presets = [p for p, (g, _) in _house_presets().items() if g == game]
    rankings = "".join(
        f"<h3><code>{esc(p)}</code></h3><ol>"
        + "".join(f"<li>{esc(c.replace('_', ' ').capitalize())}</li>" for c in _house_ranking(p))
        + "</ol>" for p in presets)
    lines = "".join(f"<tr><th scope=\"row\"><code>{esc(p)}</code></th>"
                    f"<td>{esc(_house_presets()[p][1])}</td></tr>" for p in presets)
    keys = "".join(f"<tr><th scope=\"row\"><code>{esc(key)}</code></th>"
                   f'<td class="default">{esc(default.replace("`", "").replace(",", ", "))}'
                   f'</td><td class="values">{esc(allowed.replace("`", ""))}</td><td>{esc(doc)} '
                   f"<small>(rules {esc(spec.spec_section)})</small></td></tr>"
                   for key, _, default, allowed, doc in _house_rows(game))
    body = f"""<main class="page"><h1>{esc(spec.title)}</h1>
<p><a href="/">Start a table of {esc(spec.title)}</a> (each seat against the dealer) ·
<a href="/casino">play alone at the casino desk</a> · no blind play</p>
<section class="box"><h2>Hand ranking, best first</h2>{rankings}</section>
<section class="box"><h2>Presets</h2><table>{lines}</table></section>
<section class="box"><h2>House rules</h2><table class="keys"><thead><tr><th scope="col">key</th>
<th scope="col">default</th><th scope="col">values</th><th scope="col">what it does</th></tr>
</thead><tbody>{keys}</tbody></table></section></main>"""
    return page(spec.title, body)
