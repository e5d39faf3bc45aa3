// `node --require <this file>` appends to $LOAD_LOG, at exit, the Node built-ins the process loaded beyond a bare
// start (bench/lazy-loads.mjs). CommonJS, so that it runs before anything else is loaded.
const { appendFileSync } = require("node:fs");

const bare = new Set(process.moduleLoadList);
process.once("exit", () => {
  const loaded = process.moduleLoadList.filter((entry) => !bare.has(entry) && entry.startsWith("NativeModule "));
  appendFileSync(process.env.LOAD_LOG, loaded.map((entry) => `builtin:${entry.slice(13)}\n`).join(""));
});
