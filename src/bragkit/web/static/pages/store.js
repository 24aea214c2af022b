// What this browser remembers of its tables (local storage only): the tables it created
// (with the host's secret) and the seats it took (conn.js keeps bragkit.seat.<table>).
const HOSTED = "bragkit.hosted";

export function hosted() {
  try { return JSON.parse(localStorage.getItem(HOSTED) ?? "[]"); } catch { return []; }
}

export function remember(entry) {
  const list = hosted().filter((x) => x.table !== entry.table);
  list.unshift(entry);
  try { localStorage.setItem(HOSTED, JSON.stringify(list.slice(0, 50))); } catch { /* full */ }
}

export function seats() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const k = localStorage.key(i);
    if (k?.startsWith("bragkit.seat.")) {
      try { out.push({ table: k.slice(13), ...JSON.parse(localStorage.getItem(k)) }); } catch { /* skip */ }
    }
  }
  return out;
}

export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;",
    ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}
