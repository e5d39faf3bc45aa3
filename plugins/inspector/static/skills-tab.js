// The Skills tab (the agent scope, docs/skills.md "The Skills page"): what the selected agent may use. Its switches
// edit that agent's allowlist (agents.list[].skills) and nothing else; setting a skill up is System setup's, never here.
import { Unauthorized } from "./api.js";
import { byId, el, focusKey, redraw } from "./dom.js";
import { appliesText, chip, chipOf, skillHeading } from "./skill-text.js";
import * as model from "./skills-model.js";

let shown = false;
const say = (text) => (byId("skills-message").textContent = text);

/** The configured entry of the agent shown, or undefined when the config lists no agents. */
const agentOf = (report) => report.agents.find((a) => a.id === report.agentId);

function listNote(report) {
  const agent = agentOf(report);
  if (!agent)
    return `No agents are configured (agents.list in ${report.config.path}): every skill is allowed, and there is no allowlist to change.`;
  if (agent.skills === null && report.agentSkillFilter === null)
    return `${agent.id} has no allowlist: it may use every skill. Turning a switch off writes an explicit list of all the others, and skills added later stay off for ${agent.id} until you turn them on.`;
  if (agent.skills === null)
    return `${agent.id} has no list of its own and uses agents.defaults.skills. Turning a switch writes a list of its own, starting from those.`;
  return `${agent.id} may use only the ${agent.skills.length} skill${agent.skills.length === 1 ? "" : "s"} its allowlist names; skills added later stay off until you turn them on.`;
}

function renderAgents(report) {
  const select = byId("skills-agent");
  const agents = report.agents;
  select.disabled = agents.length === 0;
  select.replaceChildren(
    ...(agents.length
      ? agents.map((a) => el("option", { value: a.id, textContent: a.default ? `${a.id} (default)` : a.id }))
      : [el("option", { value: "", textContent: "no agents configured" })]),
  );
  if (report.agentId !== undefined) select.value = report.agentId;
}

async function toggle(status, allow) {
  const report = model.current();
  const agent = agentOf(report);
  say(`Saving ${agent.id}'s allowlist…`);
  try {
    const written = await model.edit(
      "PATCH",
      `/skills/agents/${encodeURIComponent(agent.id)}`,
      allow ? { add: [status.name] } : { remove: [status.name] },
    );
    const list = written.agent?.skills;
    const madeExplicit = agent.skills === null && Array.isArray(list);
    say(
      `${status.name} is ${allow ? "allowed" : "off"} for ${agent.id} (saved in ${written.path}).` +
        (madeExplicit
          ? ` ${agent.id} had no allowlist of its own; it now has an explicit one of ${list.length} skill${list.length === 1 ? "" : "s"}: skills added later stay off for ${agent.id} until you turn them on.`
          : ""),
    );
  } catch (error) {
    if (error instanceof Unauthorized) throw error;
    say(`Not saved: ${error.message}`);
  } finally {
    render(model.current());
  }
}

function allowSwitch(status, report) {
  const agent = agentOf(report);
  const allowed = !status.blockedByAgentFilter;
  const input = el("input", {
    type: "checkbox",
    role: "switch",
    checked: allowed,
    disabled: !agent || !report.config.writable,
    "aria-label": `Skill ${status.name}`,
  });
  input.addEventListener("change", () => toggle(status, input.checked).catch(handleError));
  focusKey(input, `allow:${status.name}`);
  return el("label", { className: "allow" }, [
    input,
    el("span", { textContent: allowed ? "Allowed" : "Off", "aria-hidden": "true" }),
  ]);
}

function row(status, report, openSetup) {
  const ready = status.readiness === "ready";
  const setup =
    !ready &&
    focusKey(
      el("button", {
        type: "button",
        className: "link-button",
        textContent: "Open system setup",
        "aria-label": `Open system setup for ${status.name}`,
        onclick: () => openSetup(status.name),
      }),
      `setup:${status.name}`,
    );
  return el("li", { className: "skill-row" }, [
    ...skillHeading(status),
    el("div", { className: "skill-state" }, [chip(status), setup || null]),
    allowSwitch(status, report),
  ]);
}

const KINDS = { ready: "ready", setup: "setup", unsupported: "unsupported" };

function render(report) {
  if (!shown || !report) return;
  renderAgents(report);
  const agent = agentOf(report);
  byId("skills-scope").textContent = agent
    ? `These switches choose which skills ${agent.id} may use. They change ${agent.id}'s allowlist only, never another agent's; installing, keys and turning a skill off for everyone are in System setup.`
    : "These switches choose which skills an agent may use; they need an agent in the config.";
  byId("skills-applies").textContent = report.config.writable
    ? appliesText(report)
    : `${appliesText(report)} The allowlist cannot be changed here: ${report.config.reason}`;
  byId("skills-list-note").textContent = listNote(report);
  const query = byId("skills-search").value.trim().toLowerCase();
  const kind = KINDS[byId("skills-filter").value];
  const shownSkills = report.skills.filter(
    (s) =>
      (!kind || chipOf(s).kind === kind) &&
      (!query || s.name.toLowerCase().includes(query) || s.description.toLowerCase().includes(query)),
  );
  byId("skills-count").textContent = `${shownSkills.length} of ${report.skills.length} skills`;
  const list = byId("skills-list");
  redraw(list, () =>
    list.replaceChildren(
      ...shownSkills.map((s) => row(s, report, openSetupFor)),
      ...(shownSkills.length ? [] : [el("li", { className: "empty", textContent: "No skill matches." })]),
    ),
  );
}

let openSetupFor = () => {};
let handleError = () => {};

/** The tab's controls; `openSetup(name)` goes to System setup with that skill selected. */
export function setUpSkillsTab({ openSetup, handle }) {
  openSetupFor = openSetup;
  handleError = handle;
  const again = () => render(model.current());
  byId("skills-search").addEventListener("input", again);
  byId("skills-filter").addEventListener("change", again);
  byId("skills-agent").addEventListener("change", (event) => {
    say("");
    model.selectAgent(event.target.value).catch(handle);
  });
  model.subscribe(render);
  return {
    show() {
      shown = true;
      render(model.current());
      return model.reload();
    },
    hide() {
      shown = false;
      byId("skills-list").replaceChildren();
    },
  };
}
