// Entry point of the table page: mount the table and, unless this is the fixture catalog
// (no data-live), connect to the card room.  window.bragTable is the mounted table.
import { mount } from "./app.js";
import { connect } from "./conn.js";
import { dealsPlayed, fromProtocol } from "./model.js";
import { makePanel } from "./panel.js";

const root = document.getElementById("table");
let conn = null;
// without a connection (the fixture catalog) the actions are kept in window.bragSent
const table = mount(root, {
  send: (action) => (conn ? conn.act(action) : (window.bragSent ??= []).push(action)),
  onStall: () => conn?.hello(),
});
window.bragTable = table;
window.bragModel = { dealsPlayed, fromProtocol };
if (root.dataset.live === "1") {
  const q = new URLSearchParams(location.search);
  const id = root.dataset.table;
  const hostToken = q.get("token");
  const panel = makePanel(root, { table: id, invite: q.get("invite"), hostToken,
    bots: (root.dataset.bots ?? "").split(" ").filter(Boolean) });
  conn = connect({ table: id, hostToken, view: table, panel });
  panel.attach(conn);
  window.bragConn = conn;
}
