// Around the table: the connection status, taking a seat (by invite link or as the host),
// the host's controls (approve, deny, pause, bots, each seat's top-up, close: host.js) and chat.
import { savedSeat } from "./conn.js";
import { makeHost } from "./host.js";

export function makePanel(root, { table, invite, hostToken, bots }) {
  const $ = (s) => root.querySelector(s);
  let conn = null;
  let frame = null;
  let welcome = null;
  const host = makeHost($("#hostbox"), { bots, send: (m) => conn?.send(m) });

  function status(text) { $("#status").textContent = text; $("#status").hidden = !text; }

  function showJoin() {
    const seated = welcome?.you?.seat;
    const pending = welcome?.you?.pending;
    const saved = savedSeat(table);
    // the host sits in a free seat: none left (every seat a person's or a bot's), no form
    const seats = frame?.table?.seats;
    const full = !invite && Array.isArray(seats) && seats.length > 0 && !seats.some((x) => x.kind === "empty");
    const can = !seated && !pending && (invite || hostToken) && !full && !(saved?.token && saved.status === "seated");
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
    if (ev.target.classList.contains("host-topup")) host.submit(ev.target);
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
  // "+" puts you in the top-up box (where a top-up may be sent now); "$" puts the host in
  // the top-up box of the seat that may be topped up now (else the first seat's)
  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest?.("input, textarea, select")) return;
    if (ev.key === "$" && welcome?.you?.host) {
      if (host.focusTopUp()) ev.preventDefault();
      return;
    }
    if (ev.key !== "+") return;
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
      if (w.you?.host) host.frame(f);
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
      if (host.ack(m)) return;
      if (m.re === "top_up") { $("#topup-amount").value = ""; status(""); }
      if (m.re === "join") {
        status(m.status === "pending" ? "Your seat request is waiting for the host to approve it." : "");
        $("#join").hidden = true;
      }
    },
    error(m) { if (!host.error(m) && m.re !== "act") status(m.error); },
    last() { return frame; },
  };
}
