import type { ExecutionHook } from "../../../core/execution/hooks.ts";
import type { ViewState } from "./view-state.ts";

/** Actions that only look: they leave the screen as it was, so a view stays current across them. */
const OBSERVING = new Set([
  "snapshot_ui",
  "take_screenshot",
  "read_text",
  "read_key_value_pair",
  "wait_for_node",
  "wait_for_navigation",
  "doctor_ping",
  "sleep",
  "start_recording",
  "stop_recording",
]);

/**
 * Notes every execution right before its broadcast (a dispatched one may act even if its result is lost): one that
 * may change the screen makes the refs of the device's earlier views stale. The execution arrives normalized, so
 * its action types are canonical.
 */
export const noteDispatch = (state: ViewState): ExecutionHook => ({
  beforeDispatch({ execution, deviceId }) {
    const types = execution.actions.map((a) => a.type);
    state.noteDispatch(
      deviceId,
      execution.commandId,
      types.some((type) => !OBSERVING.has(type)),
      types.includes("snapshot_ui"),
    );
  },
});
