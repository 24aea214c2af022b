// Entry point of the table page: mount the table and, when the page names a WebSocket,
// connect it (conn.js).  window.bragTable is the mounted table (the fixture catalog uses it).
import { mount } from "./app.js";
import { connect } from "./conn.js";

const root = document.getElementById("table");
let conn = null;
const table = mount(root, { send: (action) => conn?.act(action) });
window.bragTable = table;
if (root.dataset.ws) conn = connect(root.dataset.ws, table);
