// The System setup tab (spec/004's gateway scope): what every agent shares. The setup queue, each skill's readiness
// in full (every missing item, configChecks as satisfied or not, never a value) and the Configure dialog.
import { byId, el, focusKey, redraw } from "./dom.js";
import { chip, fixable, skillHeading } from "./skill-text.js";
import * as model from "./skills-model.js";
import { appliesText } from "./skills-tab.js";

let shown = false;
let selected;
let configure = () => {};

const mark = (ok, yes, no) =>
  el("span", { className: ok ? "check ok" : "check failed", textContent: ok ? `✓ ${yes}` : `✗ ${no}` });

/** One requirement line: its name and whether it holds, in words (not colour alone). */
const item = (name, ok, yes = "found", no = "missing") =>
  el("div", {}, [el("code", { textContent: name }), " ", mark(ok, yes, no)]);

function envItem(status, name) {
  if ((status.missing.env ?? []).includes(name)) return item(name, false, "", "not set");
  const configured = status.configured.env.includes(name) || (name === status.primaryEnv && status.configured.apiKey);
  return item(name, true, configured ? "set in skills.entries" : "set in the server's environment");
}

/** Every requirement of a skill and its state; what is set for all agents (never a value). */
export function readinessDetails(status) {
  const r = status.requirements;
  const m = status.missing;
  const groups = [];
  const group = (title, items) => {
    if (items.length) groups.push(el("dt", { textContent: title }), el("dd", {}, items));
  };
  group(
    "Programs",
    r.bins.map((b) => item(b, !m.bins.includes(b))),
  );
  if (r.anyBins.length)
    group("One of the programs", [
      el("div", {}, [r.anyBins.join(", "), " ", mark(m.anyBins.length === 0, "one is found", "none is found")]),
    ]);
  group(
    "Environment",
    r.env.map((e) => envItem(status, e)),
  );
  group(
    "Config",
    status.configChecks.map((c) => item(c.path, c.satisfied, "satisfied", "unsatisfied")),
  );
  group("OS", r.os.length ? [item(r.os.join(", "), m.os.length === 0, "this host", "not this host")] : []);
  group(
    "Apps on the device",
    (status.packages ?? []).map((p) =>
      p.installed === null
        ? el("div", {}, [el("code", { textContent: p.name }), " (no device checked)"])
        : item(p.name, p.installed, "installed", "not installed"),
    ),
  );
  const forAll = [
    el("div", {}, [mark(!status.disabled, "turned on", "turned off (skills.entries enabled: false)")]),
    ...(status.primaryEnv
      ? [el("div", {}, [`API key (${status.primaryEnv}): `, status.configured.apiKey ? "set" : "not set"])]
      : []),
    ...(status.readiness === "blocked" ? [el("div", { textContent: "bundled, not in skills.allowBundled" })] : []),
    ...(status.invalid
      ? [
          el("div", {
            textContent: `SKILL.md: ${status.invalid.reason}${status.invalid.line ? ` (line ${status.invalid.line})` : ""}`,
          }),
        ]
      : []),
  ];
  group("For all agents", forAll);
  group("Folder", [el("div", {}, [el("code", { textContent: status.baseDir })])]);
  if (!r.bins.length && !r.anyBins.length && !r.env.length && !r.config.length && !r.os.length)
    groups.unshift(el("dt", { textContent: "Requirements" }), el("dd", { textContent: "none" }));
  return el("dl", { className: "readiness" }, groups);
}

const configureButton = (status, where) =>
  focusKey(
    el("button", {
      type: "button",
      textContent: "Configure",
      "aria-label": `Configure ${status.name}`,
      onclick: (event) => configure(status.name, event.currentTarget),
    }),
    `${where}:${status.name}`,
  );

function queueRow(status) {
  return el("li", { className: "skill-row" }, [
    ...skillHeading(status),
    el("div", { className: "skill-state" }, [chip(status)]),
    configureButton(status, "queue"),
  ]);
}

function detailRow(status) {
  const row = el("li", { className: "skill-row detail" }, [
    ...skillHeading(status),
    el("div", { className: "skill-state" }, [chip(status)]),
    configureButton(status, "detail"),
    readinessDetails(status),
  ]);
  if (status.name === selected) {
    row.classList.add("selected");
    row.setAttribute("aria-current", "true");
  }
  return row;
}

function render(report) {
  if (!shown || !report) return;
  byId("setup-scope").textContent =
    `They change skills.entries in ${report.config.path} and install programs on the machine running this server ` +
    `(working directory ${report.workspaceDir}), where every agent's skills are checked.` +
    (report.config.writable ? "" : ` The config cannot be changed here: ${report.config.reason}`);
  byId("setup-applies").textContent = appliesText(report);
  const queue = report.skills.filter(fixable);
  byId("setup-queue-note").textContent = queue.length
    ? `${queue.length} skill${queue.length === 1 ? " is" : "s are"} blocked and can be set up here.`
    : "Nothing to set up: every skill is ready or not supported on this host.";
  const queueList = byId("setup-queue");
  redraw(queueList, () => queueList.replaceChildren(...queue.map(queueRow)));
  const details = byId("setup-details");
  redraw(details, () => details.replaceChildren(...report.skills.map(detailRow)));
}

/** The tab; `select(name)` shows it with that skill marked and its Configure button focused. */
export function setUpSetupTab({ openConfigure }) {
  configure = openConfigure;
  model.subscribe(render);
  return {
    show() {
      shown = true;
      render(model.current());
      return model.reload();
    },
    hide() {
      shown = false;
      byId("setup-queue").replaceChildren();
      byId("setup-details").replaceChildren();
    },
    /** Marks a skill (the Skills tab's "Open system setup") and brings its row into view. */
    async select(name) {
      selected = name;
      await model.reload();
      for (const button of byId("setup-details").querySelectorAll("[data-focus-key]"))
        if (button.dataset.focusKey === `detail:${name}`) {
          button.closest("li").scrollIntoView({ block: "center" });
          button.focus();
        }
    },
  };
}
