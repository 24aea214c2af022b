// The WebSocket connection to the card room (docs/protocol.md): hello with the tokens this
// browser holds for the table, resume from the last seq seen, actions with client ids (resent
// after a reconnect until acknowledged), chat and the host's controls.
import { fromProtocol } from "./model.js";

const KEY = (table) => `bragkit.seat.${table}`;

export function savedSeat(table) {
  try { return JSON.parse(localStorage.getItem(KEY(table)) ?? "null"); } catch { return null; }
}

export function saveSeat(table, seat) {
  try { localStorage.setItem(KEY(table), JSON.stringify(seat)); } catch { /* private mode */ }
}

export function connect({ table, hostToken, view, panel }) {
  let ws = null;
  let seq = null;
  let tries = 0;
  let n = 0;
  let welcome = {};
  let last = null;
  const unacked = new Map();
  const url = new URL(`/ws/tables/${encodeURIComponent(table)}`, location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  if (hostToken) url.searchParams.set("token", hostToken);

  function cid() { n += 1; return `${Date.now().toString(36)}-${n}`; }

  function send(msg) {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function hello() {
    const seat = savedSeat(table);
    const msg = { t: "hello" };
    if (seat?.token) msg.token = seat.token;
    if (seq != null) msg.since = seq;
    send(msg);
    for (const m of unacked.values()) send(m);
  }

  function open() {
    ws = new WebSocket(url);
    ws.onopen = () => { tries = 0; panel.status(""); hello(); };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.t === "welcome") { welcome = m; panel.welcome(m); return; }
      if (m.t === "state" || m.t === "update") {
        if (m.seq != null) seq = m.seq;
        last = m;
        view.update(fromProtocol(m, welcome));
        panel.frame(m, welcome);
        return;
      }
      if (m.t === "ack") {
        if (m.cid) unacked.delete(m.cid);
        if (m.re === "join" && m.token) {
          saveSeat(table, { token: m.token, seat: m.seat, status: m.status });
          send({ t: "hello", token: m.token });
        }
        panel.ack(m);
        return;
      }
      if (m.t === "error") {
        if (m.cid) unacked.delete(m.cid);
        if (m.re === "act") view.error(m.error);
        panel.error(m);
      }
    };
    ws.onclose = (ev) => {
      panel.status(ev.code === 4404 ? "There is no such table." : "Connection lost: reconnecting\u2026");
      if (ev.code === 4404 || ev.code === 4403) return;
      setTimeout(open, Math.min(5000, 250 * 2 ** tries++));
    };
  }
  open();
  return {
    act(a) {
      const action = [a.kind, a.amount, a.arg].filter((x) => x != null && x !== "").join(" ");
      const msg = { t: "act", cid: cid(), action };
      unacked.set(msg.cid, msg);
      send(msg);
    },
    chat(text) { send({ t: "chat", cid: cid(), text }); },
    send(msg) { send(msg); },
    last() { return last; },
    hello,
  };
}
