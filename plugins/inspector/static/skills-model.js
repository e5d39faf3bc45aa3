// What both skills tabs show: GET /skills/status for the selected agent, read again whenever the server says the
// skills changed (clawperator:skills-changed on GET /events) and after every edit the page makes. The page keeps no
// skill state of its own beyond which agent is selected.
import { request } from "./api.js";
import { onEvent, onReconnect } from "./live.js";

class ApiError extends Error {
  constructor(error) {
    super(error?.message ?? "the server refused");
    this.code = error?.code;
    this.details = error?.details;
    this.hint = error?.hint;
  }
}

/** A request whose `{ ok: false, error }` answer throws an ApiError. */
export async function call(method, path, body) {
  const answer = await request(method, path, body);
  if (answer?.ok === false) throw new ApiError(answer.error);
  return answer;
}

const views = new Set();
let agentId;
let report;
let shownText;
let loading;
let queued;
let listening = false;

/** The last status read (undefined before the first). */
export const current = () => report;

/** Each view `render(report)`s on every new status; returns what stops it. */
export function subscribe(render) {
  views.add(render);
  return () => views.delete(render);
}

function listen() {
  if (listening) return;
  listening = true;
  onEvent("clawperator:skills-changed", () => reload().catch(() => {}));
  onReconnect(() => reload().catch(() => {}));
}

/** Reads the status again: one read at a time; asked during a read, it reads once more after it (the fresh one). */
export function reload() {
  if (loading) {
    queued ??= loading
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return reload();
      });
    return queued;
  }
  const query = agentId ? `?agent=${encodeURIComponent(agentId)}` : "";
  loading = call("GET", `/skills/status${query}`)
    .then((answer) => {
      listen();
      // The same status again (the watcher's echo of the page's own edit) draws nothing: a redraw between a key's
      // down and up would swallow a Space on a switch.
      const text = JSON.stringify(answer);
      if (text === shownText) return report;
      shownText = text;
      report = answer;
      for (const render of views) render(report);
      return report;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** Shows another agent's allowlist. */
export function selectAgent(id) {
  agentId = id;
  return reload();
}

let editing = Promise.resolve();

/**
 * An edit of the config made on the hash of the status shown. The page's edits go one at a time, each after the
 * status its predecessor wrote was read; when someone else changed the file meanwhile (SKILLS_CONFIG_CONFLICT), the
 * status is read again and the edit made once more on the new hash.
 */
export function edit(method, path, body) {
  const attempt = () => {
    const hash = report?.config?.hash;
    return call(method, path, { ...body, ...(hash ? { ifHash: hash } : {}) });
  };
  const run = editing.then(async () => {
    let written;
    try {
      written = await attempt();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== "SKILLS_CONFIG_CONFLICT") throw error;
      await reload();
      written = await attempt();
    }
    await reload();
    return written;
  });
  editing = run.catch(() => {});
  return run;
}
