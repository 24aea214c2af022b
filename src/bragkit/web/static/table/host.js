// The host's controls on the table page (docs/web.md, "The host's controls"): the seat
// requests to approve or deny, pause and close, a bot for a seat, and a top-up for each seat
// within the server's limits (the host's frames carry `top_ups`, docs/protocol.md). Built
// once and updated in place, so a frame never loses what the host is typing or choosing.
import { esc } from "./cards.js";

const chips = (n) => (n === 1 ? "1 chip" : `${n} chips`);

// The words under a seat's top-up box, from the server's offer ({max, now, rebuy}).
export function topUpHelp(seat, offer) {
  if (offer.max <= 0) return "the stack is at the table's most";
  if (!offer.rebuy) return `1\u2013${offer.max} chips`;
  return offer.now ? `1\u2013${offer.max} chips (a rebuy, on ${seat}'s turn now)`
    : `on ${seat}'s turn: up to ${chips(offer.max)} (a rebuy)`;
}

export function makeHost(box, { bots, send }) {
  const $ = (s) => box.querySelector(s);
  const sent = new Map();   // the cid of each top-up sent -> its seat ("p1")
  let n = 0;

  function build() {
    const botOptions = bots.map((b) => `<option>${esc(b)}</option>`).join("");
    box.innerHTML = '<h2>Host</h2><div id="host-reqs"></div>'
      + '<p><button type="button" class="btn" id="host-pause" data-host="pause">pause</button> '
      + '<button type="button" class="btn danger" data-host="close">close the table</button></p>'
      + '<p><label>seat <select id="host-seat"></select></label> '
      + `<label>bot <select id="host-bot"><option value="">none (remove)</option>${botOptions}</select></label> `
      + '<button type="button" class="btn" data-host="bot">set bot</button></p>'
      + '<div id="host-topups" role="group" aria-labelledby="host-topups-h" hidden>'
      + '<h3 id="host-topups-h">Top up a seat <kbd>$</kbd></h3>'
      + '<div id="host-topup-rows"></div>'
      + '<p id="host-topup-error" class="err" role="alert" hidden></p></div>';
  }

  function requests(f) {
    const html = (f.requests ?? []).map((r) => `<li>${esc(r.name)} asks for ${esc(r.seat ?? "a seat")} `
      + `<button type="button" class="btn" data-host="approve" data-request="${esc(r.request)}">approve</button> `
      + `<button type="button" class="btn danger" data-host="deny" data-request="${esc(r.request)}">deny</button></li>`).join("");
    const want = html ? `<ul class="reqs">${html}</ul>` : "<p>No seat requests.</p>";
    const el = $("#host-reqs");
    if (el.dataset.html !== want) { el.innerHTML = want; el.dataset.html = want; }
  }

  // the bots of this table's game (the card room's facts), else the page's list
  function botChoice(f) {
    const known = f.table?.bot_kinds;
    const sel = $("#host-bot");
    if (!Array.isArray(known) || !sel) return;
    const want = '<option value="">none (remove)</option>' + known.map((b) => `<option>${esc(b)}</option>`).join("");
    if (sel.dataset.html === want) return;
    sel.innerHTML = want;
    sel.dataset.html = want;
  }

  function seatChoice(f) {
    const sel = $("#host-seat");
    const keep = sel.value;
    const want = (f.table?.seats ?? []).map((s) => `<option value="${esc(s.seat)}">${esc(s.seat)} ${esc(s.name || s.kind)}</option>`).join("");
    if (sel.dataset.html === want) return;
    sel.innerHTML = want;
    sel.dataset.html = want;
    if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
  }

  // One form per seat the server lets the host top up; a seat without an offer has none.
  function topUps(f) {
    const rows = $("#host-topup-rows");
    const seats = f.table?.seats ?? [];
    const offers = Array.isArray(f.top_ups) ? f.top_ups : [];
    const live = new Set();
    offers.forEach((offer, i) => {
      const s = seats[i];
      if (!offer || !s) return;
      live.add(s.seat);
      let form = rows.querySelector(`form[data-seat="${s.seat}"]`);
      const id = `host-topup-${s.seat}`;
      if (!form) {
        form = document.createElement("form");
        form.className = "host-topup";
        form.dataset.seat = s.seat;
        form.noValidate = true;   // the page says what is wrong, in words
        form.innerHTML = `<label for="${id}"></label> `
          + `<input id="${id}" type="number" inputmode="numeric" min="1" aria-describedby="${id}-help"> `
          + '<button type="submit" class="btn">top up</button> '
          + `<span id="${id}-help" class="help"></span>`;
        rows.append(form);
      }
      const who = `${s.seat} ${s.name || s.kind}`;
      const stack = f.table?.stacks?.[i];
      form.querySelector("label").textContent = stack == null ? who : `${who} (${chips(stack)})`;
      const input = form.querySelector("input");
      input.max = String(Math.max(1, offer.max));
      input.setAttribute("aria-label", `chips to top up ${who} with`);
      input.disabled = offer.max <= 0;
      const button = form.querySelector("button");
      button.disabled = offer.max <= 0;
      button.setAttribute("aria-label", `top up ${who}`);
      form.dataset.now = offer.now ? "1" : "0";
      form.querySelector(".help").textContent = topUpHelp(s.seat, offer);
    });
    for (const form of [...rows.querySelectorAll("form")]) {
      if (!live.has(form.dataset.seat)) form.remove();
    }
    $("#host-topups").hidden = live.size === 0;
  }

  function problem(text) {
    const el = $("#host-topup-error");
    el.textContent = text;
    el.hidden = !text;
  }

  return {
    // draw the host's controls from a frame of the host's connection
    frame(f) {
      if (!$("#host-reqs")) build();
      requests(f);
      const paused = f.table?.status === "paused";
      const pause = $("#host-pause");
      pause.dataset.host = paused ? "resume" : "pause";
      pause.textContent = paused ? "resume" : "pause";
      seatChoice(f);
      botChoice(f);
      topUps(f);
    },
    // a host top-up form was sent (Enter or its button): check the amount, send it
    submit(form) {
      const input = form.querySelector("input");
      const amount = Number(input.value);
      const most = Number(input.max);
      const seat = form.dataset.seat;
      if (!Number.isInteger(amount) || amount < 1 || amount > most) {
        problem(`A top-up for ${seat} is 1 to ${chips(most)}.`);
        input.focus();
        return;
      }
      n += 1;
      const cid = `host-top-up-${seat}-${n}`;
      sent.set(cid, seat);
      problem("");
      send({ t: "top_up", cid, seat, amount });
    },
    // the server's answer to a host top-up: true when it was one (the panel then is done)
    ack(m) {
      const seat = sent.get(m.cid);
      if (seat === undefined) return false;
      sent.delete(m.cid);
      const input = $(`#host-topup-${seat}`);
      if (input) input.value = "";
      problem("");
      return true;
    },
    error(m) {
      if (!sent.has(m.cid)) return false;
      sent.delete(m.cid);
      problem(m.error);   // the server's one line: nothing was changed
      return true;
    },
    // the "$" key: the box of the seat that may be topped up now, else the first one
    focusTopUp() {
      const forms = [...box.querySelectorAll("form.host-topup")].filter((x) => !x.querySelector("input").disabled);
      if (box.hidden || !forms.length || $("#host-topups").hidden) return false;
      const input = (forms.find((x) => x.dataset.now === "1") ?? forms[0]).querySelector("input");
      input.focus();
      input.select();
      return true;
    },
  };
}
