import { execution, request, screenshot, signIn, signInWithCode, Unauthorized } from "./api.js";
import { openConfigure, setUpConfigure } from "./configure.js";
import { byId, copyButton, el } from "./dom.js";
import { observesOnly, startEventLog } from "./events.js";
import { clickCommand, selectorParams } from "./matchers.js";
import { setUpRecording } from "./recording.js";
import { setUpSetupTab } from "./setup-tab.js";
import { setUpSkillsTab } from "./skills-tab.js";
import { setUpTabs } from "./tabs.js";
import { nodeAt, parseHierarchy, renderTree, walk } from "./tree.js";
import { renderView } from "./view.js";

const state = {
  deviceId: undefined,
  roots: [],
  byRef: new Map(),
  selected: undefined,
  tree: undefined,
  view: undefined,
  shotUrl: undefined,
};
const status = (text) => (byId("status").textContent = text);

// One request to the device at a time: the server refuses a second execution in flight on one device.
let queue = Promise.resolve();
const serial = (task) => {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
};

function handle(error) {
  if (error instanceof Unauthorized) {
    byId("login").hidden = false;
    status("Sign in with the server's token");
  } else status(String(error.message ?? error));
}

function place(box, node) {
  const shot = byId("shot");
  if (!node?.bounds || !shot.naturalWidth) {
    box.hidden = true;
    return;
  }
  const scale = shot.clientWidth / shot.naturalWidth;
  const [l, t, r, b] = node.bounds;
  Object.assign(box.style, {
    left: `${l * scale}px`,
    top: `${t * scale}px`,
    width: `${(r - l) * scale}px`,
    height: `${(b - t) * scale}px`,
  });
  box.hidden = false;
}

const refRow = (ref) =>
  el("li", {}, [
    el("span", { textContent: `Ref ${ref} (POST /execute takes it as params.ref until the screen changes)` }),
    " ",
    copyButton("Copy step", JSON.stringify({ id: "click", type: "click", params: { ref } })),
  ]);

function matcherRow(matcher, label) {
  const json = JSON.stringify(matcher);
  const step = JSON.stringify({ id: "click", type: "click", params: { matcher } });
  return el("li", {}, [
    label ? `${label}: ` : null,
    el("code", { textContent: json }),
    " ",
    copyButton("Copy JSON", json),
    copyButton("Copy CLI", clickCommand(matcher, state.deviceId)),
    copyButton("Copy step", step),
  ]);
}

function select(node) {
  state.selected = node;
  state.tree?.mark(node);
  state.view?.mark(node.target?.ref);
  place(byId("selected-box"), node);
  byId("attributes").replaceChildren(
    ...Object.entries(node.attributes).flatMap(([name, value]) => [
      el("dt", { textContent: name }),
      el("dd", { textContent: value }),
    ]),
  );
  const target = node.target ?? {};
  byId("node-ref").textContent = target.ref ? `Ref ${target.ref}` : "No ref: the agent view has no line to act on it";
  const rows = [];
  if (target.matcher) rows.push(matcherRow(target.matcher));
  else {
    if (target.clickMatcher) rows.push(matcherRow(target.clickMatcher, "Clicks it (a node inside)"));
    rows.push(
      el("li", {
        textContent: `No matcher selects it alone${target.coordinate ? `: its centre is ${target.coordinate.x},${target.coordinate.y}` : ""}`,
      }),
    );
  }
  if (target.ref) rows.push(refRow(target.ref));
  byId("matchers").replaceChildren(...rows);
}

/** Whether a node of a new snapshot is the one selected before: same class, place and labels. */
const sameNode = (a, b) =>
  ["class", "bounds", "text", "content-desc", "resource-id"].every((k) => a.attributes[k] === b.attributes[k]);

/** The hierarchy's nodes, each with what POST /observe/matchers says selects it (same document order). */
function attachTargets(roots, targets) {
  const byRef = new Map();
  let i = 0;
  for (const node of walk(roots)) {
    node.target = targets[i++];
    if (node.target?.ref) byRef.set(node.target.ref, node);
  }
  return byRef;
}

async function refresh() {
  const deviceId = state.deviceId;
  if (!deviceId) return;
  status("Refreshing…");
  const screen = await serial(() => request("POST", "/observe/matchers", { deviceId }));
  const xml = screen.envelope?.stepResults?.find((step) => step.id === "hierarchy")?.data?.text;
  if (!screen.ok || typeof xml !== "string") {
    status(`Snapshot failed: ${screen.error?.code ?? screen.viewError ?? screen.envelope?.status ?? "unknown"}`);
  } else {
    state.roots = parseHierarchy(xml);
    state.byRef = attachTargets(state.roots, screen.nodes ?? []);
    state.tree = renderTree(byId("tree"), state.roots, {
      onHover: (node) => place(byId("hover-box"), node),
      onSelect: select,
    });
    state.view = renderView(byId("agent-view"), screen.view, {
      onHover: (ref) => place(byId("hover-box"), state.byRef.get(ref)),
      onSelect: (ref) => {
        const node = state.byRef.get(ref);
        if (node) select(node);
      },
    });
    const again = state.selected && [...walk(state.roots)].find((node) => sameNode(node, state.selected));
    state.selected = undefined;
    byId("selected-box").hidden = true;
    if (again) select(again);
  }
  const shot = await serial(() => screenshot(deviceId));
  if (shot.ok && shot.blob) {
    if (state.shotUrl) URL.revokeObjectURL(state.shotUrl);
    state.shotUrl = URL.createObjectURL(shot.blob);
    byId("shot").src = state.shotUrl;
    status("");
  } else status(`Screenshot failed: ${shot.error?.code ?? "unknown"}`);
}

const show = (result) => (byId("result").textContent = JSON.stringify(result, null, 2));

async function run(payload) {
  if (!state.deviceId) return status("Choose a device first");
  show(await serial(() => request("POST", "/execute", { execution: payload, deviceId: state.deviceId })));
}

function onNode(type, params, slot) {
  return () => {
    const selector = selectorParams(state.selected?.target, type, slot);
    if (!selector) return status("Select a node that a ref or a unique matcher selects first");
    run(execution({ id: type, type, params: { ...selector, ...params() } })).catch(handle);
  };
}

// Set once the event log runs: signing in after a refused request must not open a second stream.
let updateFilter;

async function loadDevices() {
  const answer = await request("GET", "/devices");
  const devices = answer.devices ?? [];
  if (!state.deviceId || !devices.some((d) => d.serial === state.deviceId))
    state.deviceId = devices.find((d) => d.state === "device")?.serial;
  byId("devices").replaceChildren(
    ...devices.map((device) =>
      el("li", {}, [
        el("button", {
          type: "button",
          "aria-pressed": String(device.serial === state.deviceId),
          textContent: `${device.serial} (${device.state})`,
          onclick: () => {
            state.deviceId = device.serial;
            loadDevices().then(refresh).catch(handle);
          },
        }),
      ]),
    ),
  );
  if (!devices.length) status("No device connected");
  updateFilter?.(devices.map((d) => d.serial));
}

let started = false;

async function start() {
  if (started) return;
  await loadDevices();
  started = true;
  updateFilter ??= startEventLog((payload) => {
    if (payload.deviceId === state.deviceId && !observesOnly(payload.input)) refresh().catch(handle);
  });
  await loadDevices();
  await refresh();
}

byId("shot").addEventListener("click", (event) => {
  const shot = byId("shot");
  const scale = shot.naturalWidth / shot.clientWidth;
  const node = nodeAt(state.roots, event.offsetX * scale, event.offsetY * scale);
  if (node) select(node);
});
byId("refresh").addEventListener("click", () => refresh().catch(handle));
for (const key of ["back", "home"])
  byId(key).addEventListener("click", () =>
    run(execution({ id: key, type: "press_key", params: { key } })).catch(handle),
  );
byId("act-click").addEventListener(
  "click",
  onNode("click", () => ({})),
);
byId("act-long-click").addEventListener(
  "click",
  onNode("click", () => ({ clickType: "long_click" })),
);
byId("act-read").addEventListener(
  "click",
  onNode("read_text", () => ({})),
);
byId("act-wait").addEventListener(
  "click",
  onNode("wait_for_node", () => ({})),
);
byId("act-type").addEventListener(
  "click",
  onNode("enter_text", () => ({ text: byId("type-text").value, submit: byId("type-submit").checked })),
);
byId("act-scroll").addEventListener("click", () => {
  const container = selectorParams(state.selected?.target, "scroll", "container") ?? {};
  run(
    execution({ id: "scroll", type: "scroll", params: { direction: byId("scroll-direction").value, ...container } }),
  ).catch(handle);
});
byId("run-execution").addEventListener("click", () => {
  let payload;
  try {
    payload = JSON.parse(byId("execution").value);
  } catch (error) {
    return status(`Not JSON: ${error.message}`);
  }
  run(payload).catch(handle);
});
setUpRecording(() => state.deviceId, show, handle, serial);
setUpConfigure({ handle });
const setupTab = setUpSetupTab({ openConfigure });
const tabs = setUpTabs(
  {
    device: { show: start },
    skills: setUpSkillsTab({
      handle,
      openSetup: (name) => tabs.select("setup", { focus: false }).then(() => setupTab.select(name)),
    }),
    setup: setupTab,
  },
  handle,
);
byId("login").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (await signIn(byId("token").value)) {
    byId("login").hidden = true;
    byId("token").value = "";
    status("");
    void tabs.again();
  } else status("That token is not the server's");
});

/** The link `inspect` printed signs in once; the code leaves the address bar (and the history) at once. */
async function begin() {
  const code = /^#signin=([0-9a-f]+)$/.exec(location.hash)?.[1];
  if (code) {
    history.replaceState(null, "", location.pathname + location.search);
    if (!(await signInWithCode(code))) status("That sign-in link was used already: sign in with the token");
  }
  await tabs.select(tabs.fromAddress());
}

begin().catch(handle);
