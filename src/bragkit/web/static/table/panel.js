// Around the table: the connection status, taking a seat (by invite link or as the host),
// the host's controls (approve, deny, pause, bots, close) and chat.
import { esc } from "./cards.js";
import { savedSeat } from "./conn.js";

export function makePanel(root, { table, invite, hostToken, bots }) {
  const $ = (s) => root.querySelector(s);
  let conn = null;
  let frame = null;
  let welcome = null;

  function status(text) { $("#status").textContent = text; $("#status").hidden = !text; }

  function showJoin() {
    const seated = welcome?.you?.seat;
    const pending = welcome?.you?.pending;
    const saved = savedSeat(table);
    const can = !seated && !pending && (invite || hostToken) && !(saved?.token && saved.status === "seated");
    $("#join").hidden = !can;
    if (pending && !seated) status("Your seat request is waiting for the host to approve it.");
  }

  // The buy-in range of the table's facts ({min, max}): a field only when there is a choice.
  function buyIn(range) {
    const row = $("#join-buyin-row");
    const choice = range && Number.isInteger(range.min) && Number.isInteger(range.max) && range.max > range.min;
    row.hidden = !choice;
    if (!choice) return;
    const box = $("#join-buyin");
    box.min = String(range.min);
    box.max = String(range.max);
    if (!box.value) box.value = String(range.max);
    $("#join-buyin-range").textContent = `${range.min}\u2013${range.max} chips`;
  }

  // Topping up (the seat view's top_up, docs/protocol.md): a form in the seat box, shown
  // only while the server offers one; the most it may add is the server's (buy_in_max, the
  // rules' rebuy limit), and after the first deal it is a rebuy on the seat's own turn.
  function topUp(offer) {
    let form = $("#topup");
    if (!form) {
      form = document.createElement("form");
      form.id = "topup";
      form.noValidate = true;   // the page says what is wrong (status), in words
      form.innerHTML = '<label for="topup-amount">Top up <kbd>+</kbd></label> '
        + '<input id="topup-amount" type="number" inputmode="numeric" min="1" '
        + 'aria-describedby="topup-help"> <button type="submit" class="btn">top up</button> '
        + '<span id="topup-help" class="help"></span>';
      $("#seatbox").append(form);
    }
    form.hidden = !offer;
    if (!offer) return;
    const box = $("#topup-amount");
    const can = offer.now && offer.max > 0;
    box.max = String(Math.max(1, offer.max));
    box.disabled = !can;
    form.querySelector("button").disabled = !can;
    $("#topup-help").textContent = offer.max <= 0 ? "your stack is at the table's most"
      : can ? `1\u2013${offer.max} chips${offer.rebuy ? " (a rebuy)" : ""}`
        : `on your turn: up to ${offer.max} chips (a rebuy)`;
  }

  function hostHtml(f) {
    const reqs = (f.requests ?? []).map((r) => `<li>${esc(r.name)} asks for ${esc(r.seat ?? "a seat")} `
      + `<button type="button" class="btn" data-host="approve" data-request="${esc(r.request)}">approve</button> `
      + `<button type="button" class="btn danger" data-host="deny" data-request="${esc(r.request)}">deny</button></li>`).join("");
    const seats = (f.table?.seats ?? []).map((s) => `<option value="${esc(s.seat)}">${esc(s.seat)} ${esc(s.name || s.kind)}</option>`).join("");
    const paused = f.table?.status === "paused";
    return `<h2>Host</h2>${reqs ? `<ul class="reqs">${reqs}</ul>` : "<p>No seat requests.</p>"}`
      + `<p><button type="button" class="btn" data-host="${paused ? "resume" : "pause"}">${paused ? "resume" : "pause"}</button> `
      + `<button type="button" class="btn danger" data-host="close">close the table</button></p>`
      + `<p><label>seat <select id="host-seat">${seats}</select></label> `
      + `<label>bot <select id="host-bot"><option value="">none (remove)</option>${bots.map((b) => `<option>${esc(b)}</option>`).join("")}</select></label> `
      + `<button type="button" class="btn" data-host="bot">set bot</button></p>`;
  }

  root.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (ev.target.id === "join") {
      const name = $("#join-name").value.trim();
      if (!name) { $("#join-name").focus(); return; }
      const msg = { t: "join", name };
      if (invite) msg.invite = invite;
      // the chosen buy-in, where the table offers a range (the card room checks it)
      if (!$("#join-buyin-row").hidden && $("#join-buyin").value) msg.buy_in = Number($("#join-buyin").value);
      conn?.send(msg);
    }
    if (ev.target.id === "topup") {
      const box = $("#topup-amount");
      const amount = Number(box.value);
      const most = Number(box.max);
      if (!Number.isInteger(amount) || amount < 1 || amount > most) {
        status(`A top-up is 1 to ${most} chips.`);
        box.focus();
        return;
      }
      conn?.send({ t: "top_up", amount });
    }
    if (ev.target.id === "chat-form") {
      const text = $("#chat-text").value.trim();
      if (text) conn?.chat(text);
      $("#chat-text").value = "";
    }
  });
  // "+" puts you in the top-up box (where a top-up may be sent now)
  document.addEventListener("keydown", (ev) => {
    if (ev.key !== "+" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest?.("input, textarea, select")) return;
    const box = $("#topup-amount");
    if (!box || box.disabled || $("#topup").hidden || $("#seatbox").hidden) return;
    ev.preventDefault();
    box.focus();
    box.select();
  });
  root.addEventListener("click", (ev) => {
    const m = ev.target.closest("[data-mute]");
    if (m) { conn?.send({ t: "mute", who: m.dataset.mute }); m.closest("li")?.classList.add("muted"); m.remove(); return; }
    const so = ev.target.closest("[data-seat-op]");
    if (so) {
      const op = so.dataset.seatOp;
      if (op === "leave" && !confirm("Leave the table? Your stack is cashed out.")) return;
      conn?.send({ t: op });
      return;
    }
    const b = ev.target.closest("[data-host]");
    if (!b) return;
    const op = b.dataset.host;
    if (op === "approve" || op === "deny") {
      conn?.send({ t: op, request: b.dataset.request });
      // the host's own seat request: say hello again with the seat's token to sit in it
      if (op === "approve" && savedSeat(table)?.token) setTimeout(() => conn?.hello(), 300);
    }
    else if (op === "bot") conn?.send({ t: "bot", seat: $("#host-seat").value, bot: $("#host-bot").value || null });
    else if (op === "close") { if (confirm("Close the table? No more deals are played.")) conn?.send({ t: "close" }); }
    else conn?.send({ t: op });
  });

  return {
    attach(c) { conn = c; },
    status,
    welcome(m) { welcome = m; showJoin(); $("#hostbox").hidden = !m.you?.host; },
    frame(f, w) {
      frame = f;
      welcome = w;
      if (f.view?.seat) {
        welcome = { ...w, you: { ...(w.you ?? {}), seat: f.view.seat, pending: null } };
        if ($("#status").textContent.startsWith("Your seat request")) status("");
      }
      showJoin();
      buyIn(f.table?.buy_in);
      if (w.you?.host) $("#hostbox").innerHTML = hostHtml(f);
      const chats = (f.log ?? []).filter((x) => x.kind === "chat");
      const mySeat = f.view?.seat ?? w.you?.seat ?? null;
      for (const c of chats) {
        const li = document.createElement("li");
        li.textContent = `${c.name || c.from}: ${c.text} `;
        if (c.from && c.from !== mySeat) {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "tool mute";
          b.dataset.mute = c.from;
          b.textContent = "mute";
          b.setAttribute("aria-label", `mute ${c.name || c.from}`);
          li.append(b);
        }
        $("#chatlog").append(li);
      }
      $("#chatbox").hidden = !(mySeat || w.you?.host);
      const me = mySeat ? (f.table?.seats ?? []).find((x) => x.seat === mySeat) : null;
      $("#seatbox").hidden = !me || f.table?.status === "closed";
      if (me) {
        root.querySelector('[data-seat-op="sit_out"]').hidden = !!me.sitting_out;
        root.querySelector('[data-seat-op="sit_in"]').hidden = !me.sitting_out;
      }
      topUp(me && f.view?.seat === mySeat ? f.view.top_up ?? null : null);
      if (f.table?.finished || f.table?.status === "closed") {
        const token = hostToken ?? savedSeat(table)?.token ?? "";
        const q = `?token=${encodeURIComponent(token)}`;
        $("#ledger-link").href = `/ledger/${encodeURIComponent(table)}${q}`;
        $("#history-link").href = `/api/tables/${encodeURIComponent(table)}/history${q}`;
        $("#history-link").setAttribute("download", `bragkit-${table}.json`);
        $("#replay-link").href = `/history/${encodeURIComponent(table)}${q}`;
        $("#after").hidden = false;
      }
    },
    ack(m) {
      if (m.re === "top_up") { $("#topup-amount").value = ""; status(""); }
      if (m.re === "join") {
        status(m.status === "pending" ? "Your seat request is waiting for the host to approve it." : "");
        $("#join").hidden = true;
      }
    },
    error(m) { if (m.re !== "act") status(m.error); },
    last() { return frame; },
  };
}
