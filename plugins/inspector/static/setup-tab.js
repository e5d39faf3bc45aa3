// The System setup tab (every agent's scope, docs/skills.md "The Skills page"): what every agent shares. The setup
// queue, each skill's readiness in full and the Configure dialog.
import { byId, el, focusKey, redraw } from "./dom.js";
import { readinessDetails } from "./readiness.js";
import { appliesText, chip, fixable, skillHeading } from "./skill-text.js";
import * as model from "./skills-model.js";

let shown = false;
let selected;
let configure = () => {};

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
      render(model.current());
      for (const button of byId("setup-details").querySelectorAll("[data-focus-key]"))
        if (button.dataset.focusKey === `detail:${name}`) {
          button.closest("li").scrollIntoView({ block: "center" });
          button.focus();
        }
    },
  };
}
