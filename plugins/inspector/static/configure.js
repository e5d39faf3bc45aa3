// The Configure dialog of System setup: a skill's setup for every agent. Its parts are built once when it opens and
// kept up to date from the status as it changes (a key being typed is never wiped); secrets go to the server and
// never come back: the status says only whether a key is set.
import { Unauthorized } from "./api.js";
import { byId, el } from "./dom.js";
import { installSection } from "./install.js";
import { readinessDetails } from "./readiness.js";
import { chip, skillHeading } from "./skill-text.js";
import * as model from "./skills-model.js";

let open;
let handleError = () => {};

const find = (name) => model.current()?.skills.find((s) => s.name === name);
const entryPath = (status) => `/skills/entries/${encodeURIComponent(status.skillKey)}`;

/** Runs an edit and says how it went; a refusal is said in the dialog, a missing sign-in goes to the page. */
async function attempt(say, work, done) {
  try {
    await work();
    say(done);
  } catch (error) {
    if (error instanceof Unauthorized) return handleError(error);
    say(`Not saved: ${error.message}${error.hint ? ` ${error.hint}` : ""}`);
  }
}

/** A write-only field: what is typed goes to the server once and leaves the page at once. */
function secretForm({ label, field, say, save, describe }) {
  const input = el("input", { type: "password", autocomplete: "new-password", spellcheck: false });
  const state = el("p", { className: "note" });
  const form = el("form", { className: "secret" }, [
    el("label", {}, [`${label} `, input]),
    el("button", { type: "submit", textContent: field === "apiKey" ? "Save key" : "Save value" }),
  ]);
  const clear = el("button", { type: "button", textContent: field === "apiKey" ? "Clear key" : "Clear value" });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = input.value;
    input.value = "";
    if (!value.trim()) return say("Type a value first");
    say("Saving…");
    return attempt(say, () => save(value), `${label} saved for all agents.`);
  });
  clear.addEventListener("click", () => attempt(say, () => save(""), `${label} cleared for all agents.`));
  return {
    node: el("div", { className: "part" }, [state, form, clear]),
    update(status) {
      const set = describe(status);
      state.textContent = `${label}: ${set ? "set" : "not set"} (the page never receives it back)`;
      clear.hidden = !set;
      for (const control of [input, ...form.elements, clear]) control.disabled = !model.current().config.writable;
    },
  };
}

function keyParts(status, say) {
  const parts = [];
  if (status.primaryEnv)
    parts.push({
      title: "API key",
      ...secretForm({
        label: `API key (${status.primaryEnv})`,
        field: "apiKey",
        say,
        save: (apiKey) => model.edit("PATCH", entryPath(status), { apiKey }),
        describe: (s) => s.configured.apiKey,
      }),
    });
  for (const name of status.requirements.env.filter((e) => e !== status.primaryEnv))
    parts.push({
      title: `Environment value ${name}`,
      ...secretForm({
        label: name,
        field: "env",
        say,
        save: (value) => model.edit("PATCH", entryPath(status), { env: { [name]: value } }),
        describe: (s) => s.configured.env.includes(name),
      }),
    });
  return parts;
}

function enablePart(say) {
  const state = el("p");
  const button = el("button", { type: "button" });
  let enable = true;
  button.addEventListener("click", () => {
    const status = find(open.name);
    say("Saving…");
    return attempt(
      say,
      () => model.edit("PATCH", entryPath(status), { enabled: enable }),
      `${status.name} is turned ${enable ? "on" : "off"} for all agents.`,
    );
  });
  return {
    title: "On or off for all agents",
    node: el("div", { className: "part" }, [state, button]),
    update(status) {
      enable = status.disabled;
      state.textContent = status.disabled
        ? "Turned off for every agent (skills.entries enabled: false)."
        : "Turned on: each agent that allows it may use it once it is ready.";
      button.textContent = status.disabled ? "Turn on for all agents" : "Turn off for all agents";
      button.disabled = !model.current().config.writable;
    },
  };
}

function removePart(say, close) {
  const box = el("div", { className: "part" });
  let confirming = false;
  const draw = (status) => {
    if (!status.removable)
      return box.replaceChildren(el("p", { textContent: `It cannot be removed here: ${status.notRemovable}.` }));
    const where = el("code", { textContent: status.baseDir });
    if (!confirming)
      return box.replaceChildren(
        el("p", {}, ["Deletes the folder ", where, ": no agent will have this skill."]),
        el("button", {
          type: "button",
          className: "danger",
          textContent: "Remove…",
          onclick: () => {
            confirming = true;
            draw(status);
            box.querySelector("button.danger")?.focus();
          },
        }),
      );
    const cancel = el("button", { type: "button", textContent: "Cancel" });
    cancel.addEventListener("click", () => {
      confirming = false;
      draw(status);
    });
    const remove = el("button", { type: "button", className: "danger", textContent: `Delete ${status.baseDir}` });
    remove.addEventListener("click", async () => {
      try {
        const removed = await model.call("DELETE", `/skills/${encodeURIComponent(status.name)}`);
        byId("setup-message").textContent = `Removed ${removed.name}: deleted ${removed.removed}.`;
        close();
        await model.reload();
      } catch (error) {
        if (error instanceof Unauthorized) return handleError(error);
        confirming = false;
        draw(status);
        say(`Not removed: ${error.message}`);
      }
    });
    box.replaceChildren(
      el("p", { role: "alert" }, ["Delete ", where, ` and everything in it? Every agent loses ${status.name}.`]),
      remove,
      cancel,
    );
  };
  return { title: "Remove", node: box, update: draw };
}

/** Config paths a skill needs are the user's to set: the page says which and where, and edits only skills.entries. */
function configPart() {
  const note = el("p");
  return {
    title: "Config values",
    node: el("div", { className: "part" }, [note]),
    update(status) {
      const missing = status.missing.config;
      note.textContent = missing.length
        ? `Set ${missing.join(", ")} to a value in ${model.current().config.path}: this page edits only skills.entries.`
        : "Every config value it needs is set.";
    },
  };
}

function close() {
  byId("configure").close();
}

/** Opens the dialog for one skill; focus goes back to `opener` (or its new copy) when it closes. */
export function openConfigure(name, opener) {
  const status = find(name);
  if (!status) return;
  const dialog = byId("configure");
  const message = el("p", { className: "message", role: "status" });
  const say = (text) => (message.textContent = text);
  const summary = el("div", { className: "summary" });
  const parts = [
    installSection(status, say, handleError),
    ...keyParts(status, say),
    ...(status.requirements.config.length ? [configPart()] : []),
    enablePart(say),
    removePart(say, close),
  ];
  dialog.replaceChildren(
    el("div", { className: "dialog-head" }, [
      el("h2", { id: "configure-title", textContent: `Configure ${status.name}` }),
      el("button", { type: "button", textContent: "Close", onclick: close }),
    ]),
    el("p", {}, [
      el("strong", { textContent: "Applies to all agents." }),
      " Installs run on the machine serving this page.",
    ]),
    message,
    summary,
    ...parts.flatMap((part) => [el("h3", { textContent: part.title }), part.node]),
  );
  const update = (report) => {
    const now = report.skills.find((s) => s.name === name);
    if (!now) return close();
    summary.replaceChildren(...skillHeading(now, "p"), chip(now), readinessDetails(now));
    for (const part of parts) part.update(now);
  };
  const stop = model.subscribe(update);
  update(model.current());
  const focusKey = opener?.dataset.focusKey;
  open = { name };
  dialog.addEventListener(
    "close",
    () => {
      stop();
      open = undefined;
      dialog.replaceChildren();
      const again = [...document.querySelectorAll("[data-focus-key]")].find((n) => n.dataset.focusKey === focusKey);
      (opener?.isConnected ? opener : again)?.focus();
    },
    { once: true },
  );
  dialog.showModal();
}

export function setUpConfigure({ handle }) {
  handleError = handle;
}
