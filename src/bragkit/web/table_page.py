"""The live table's HTML shell: landmarks, live regions, the settings and the text command
box; ``static/table/*.js`` fills it from the server's per-seat messages.

>>> html = table_html("t1", live=True, bots=("random", "heuristic"))
>>> 'aria-live="polite"' in html and 'data-live="1"' in html
True
>>> 'data-bots="random heuristic"' in html
True
"""

from __future__ import annotations

from bragkit.web.layout import esc, page

__all__ = ["table_html"]

_HELP = (
    "<p>Keys: each action button shows its key (<kbd>L</kbd> look, <kbd>B</kbd> bet/stay, "
    "<kbd>V</kbd> see, <kbd>F</kbd> fold, <kbd>O</kbd> cover ...). For an amount, the key "
    "puts you in the amount box: type it and press <kbd>Enter</kbd>. <kbd>+</kbd> puts you in "
    "your seat's top-up box, and the host's <kbd>$</kbd> in a seat's top-up box (the seat to "
    "act first). <kbd>?</kbd> shows this help. Tab and Enter reach every button.</p>"
    "<p>Command box: <code>pot</code>, <code>stake</code>, <code>who</code>, "
    "<code>cards</code>, <code>log</code>, <code>actions</code>, <code>time</code>, or an "
    "action such as <code>look</code>, <code>bet 4</code>, <code>see</code>, "
    "<code>fold</code>, <code>look old</code>.</p>"
)


def table_html(table_id: str, *, live: bool = False, title: str = "Table",
               bots: tuple[str, ...] = ()) -> str:
    """The table page for ``table_id``: ``live`` connects it to the card room's WebSocket
    (else it waits for messages given to ``window.bragTable.update``, as the catalog does);
    ``bots`` are the bot names the host may seat."""
    body = f"""
<div id="table" data-table="{esc(table_id)}" data-live="{1 if live else 0}"
 data-bots="{esc(' '.join(bots))}">
 <header id="t-head">
  <h1 id="t-title">{esc(title)}</h1><span id="t-sub"></span>
  <div class="tools">
   <button type="button" class="tool" data-toggle="prefs" aria-expanded="false"
    aria-controls="prefs">Settings</button>
   <button type="button" class="tool" data-toggle="help" aria-expanded="false"
    aria-controls="help"><kbd>?</kbd> Keys</button>
  </div>
 </header>
 <main id="main">
  <div id="felt" aria-label="the table">
   <h2 class="sr">Seats</h2>
   <div id="seats"></div>
   <div id="pot" aria-label="pot"></div>
  </div>
  <p id="status" role="status" hidden></p>
  <form id="join" hidden><fieldset><legend>Take a seat</legend>
   <label for="join-name">Your name</label>
   <input id="join-name" maxlength="24" autocomplete="nickname">
   <span id="join-buyin-row" hidden><label for="join-buyin">Chips to buy in with</label>
   <input id="join-buyin" type="number" inputmode="numeric" aria-describedby="join-buyin-range">
   <span id="join-buyin-range" class="help"></span></span>
   <button type="submit" class="btn">Sit down</button></fieldset></form>
  <section id="bar" aria-label="your hand and actions">
   <div id="own"></div>
   <div id="actions"></div>
   <p id="sending" hidden>sending&hellip;</p>
   <p id="error" role="alert" hidden></p>
  </section>
 </main>
 <aside id="side" aria-label="results, log and settings">
  <section id="result" class="box" hidden aria-label="result"></section>
  <section id="private" class="box" hidden aria-label="private"></section>
  <section id="after" class="box" hidden><h2>The table is over</h2>
   <p><a id="ledger-link" href="#">Ledger and settle-up</a> ·
   <a id="replay-link" href="#">Step through the hands</a> ·
   <a id="history-link" href="#">Download the hand history</a></p></section>
  <section id="hostbox" class="box" hidden></section>
  <section id="help" class="box" hidden><h2>Keys and commands</h2>{_HELP}</section>
  <section id="prefs" class="box" hidden><h2>Settings</h2>
   <label><input type="checkbox" data-pref="fourColour"> four-colour deck</label>
   <label><input type="checkbox" data-pref="reducedMotion"> reduce motion</label>
   <label><input type="checkbox" data-pref="sound"> sound on my turn</label>
   <label><input type="checkbox" data-pref="confirm"> confirm fold and see</label>
   <label><input type="checkbox" data-pref="screenReader"> screen-reader layout</label>
  </section>
  <section id="cmdbox" class="box">
   <label for="cmd">Command (type <code>actions</code> for help)</label>
   <input id="cmd" type="text" autocomplete="off" spellcheck="false">
   <p id="cmd-out" aria-live="polite"></p>
  </section>
  <section id="seatbox" class="box" hidden><h2>Your seat</h2>
   <button type="button" class="btn" data-seat-op="sit_out">sit out</button>
   <button type="button" class="btn" data-seat-op="sit_in" hidden>sit in again</button>
   <button type="button" class="btn danger" data-seat-op="leave">leave the table</button>
  </section>
  <section id="chatbox" class="box" hidden><h2>Chat</h2><ul id="chatlog"></ul>
   <form id="chat-form"><label for="chat-text" class="sr">message</label>
   <input id="chat-text" maxlength="500" autocomplete="off">
   <button type="submit" class="btn">Send</button></form></section>
  <section id="logbox" class="box"><h2>Log</h2><div id="logwrap" role="log" aria-live="off"
   tabindex="0" aria-label="log"><ul id="log"></ul></div>
  </section>
 </aside>
 <div id="sr-status" class="sr" role="status" aria-live="polite" aria-atomic="true"></div>
 <div id="sr-alert" class="sr" role="alert" aria-live="assertive" aria-atomic="true"></div>
</div>"""
    return page(title, body, script="/static/table/main.js", nav=False)
