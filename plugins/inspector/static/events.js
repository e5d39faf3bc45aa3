import { byId, el } from "./dom.js";
import { onEvent } from "./live.js";

const OBSERVE_ONLY = new Set(["snapshot_ui", "take_screenshot"]);

/** True when an execution only looked at the screen (the page's own refreshes): nothing on the device changed. */
export const observesOnly = (input) =>
  Array.isArray(input?.actions) && input.actions.every((action) => OBSERVE_ONLY.has(action?.type));

function describe(payload) {
  const result = payload.result ?? {};
  const actions = Array.isArray(payload.input?.actions) ? payload.input.actions.map((a) => a?.type).join(", ") : "?";
  const code = result.ok ? "ok" : (result.error?.code ?? result.envelope?.status ?? "failed");
  return { text: `${payload.deviceId ?? "(no device)"}: ${actions} → ${code}`, ok: result.ok === true };
}

/**
 * The live event log from GET /events; `onExecution(payload)` hears every execution.
 * Returns the filter's refresher for when the device list changes.
 */
export function startEventLog(onExecution) {
  const list = byId("events");
  const filter = byId("event-filter");
  const apply = () => {
    for (const item of list.children) item.hidden = filter.value !== "" && item.dataset.device !== filter.value;
  };
  filter.addEventListener("change", apply);
  onEvent("clawperator:execution", (payload) => {
    const { text, ok } = describe(payload);
    const item = el("li", {
      className: ok ? "ok" : "failed",
      textContent: `${new Date().toLocaleTimeString()} ${text}`,
    });
    item.dataset.device = payload.deviceId ?? "";
    list.prepend(item);
    while (list.children.length > 200) list.lastElementChild.remove();
    apply();
    onExecution(payload);
  });
  return (serials) => {
    const current = filter.value;
    filter.replaceChildren(
      el("option", { value: "", textContent: "all" }),
      ...serials.map((serial) => el("option", { value: serial, textContent: serial })),
    );
    filter.value = serials.includes(current) ? current : "";
  };
}
