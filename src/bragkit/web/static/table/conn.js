// The WebSocket connection to the card room (docs/protocol.md): hello, resume from the last
// version seen, actions with client ids, reconnect with backoff.
export function connect(path, table) {
  let ws = null;
  let version = 0;
  let tries = 0;
  let seq = 0;
  const url = new URL(path, location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";

  function open() {
    ws = new WebSocket(url);
    ws.onopen = () => { tries = 0; ws.send(JSON.stringify({ type: "hello", since: version })); };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "error") { table.error(m.error ?? m.message ?? "error"); return; }
      if (m.version != null) version = m.version;
      if (m.table_view) table.update(m.table_view);
    };
    ws.onclose = () => { setTimeout(open, Math.min(5000, 250 * 2 ** tries++)); };
  }
  open();
  return {
    act(a) {
      seq += 1;
      const id = `${Date.now().toString(36)}-${seq}`;
      ws?.send(JSON.stringify({ type: "action", id, action: [a.kind, a.amount, a.arg].filter((x) => x != null).join(" ") }));
    },
  };
}
