import type { DisplaySize } from "../../../android/hierarchy/agent-view/visible.ts";
import type { Transport } from "../../../core/services/transport.ts";
import type { ViewState } from "./view-state.ts";
import { parseWmSize } from "../../../android/operator/wm-size.ts";

/**
 * The device's display in its natural orientation, asked once per device (`wm size`) and kept with its views; a
 * device that cannot say leaves the view to infer it from the dump.
 */
export async function displayOf(
  transport: Transport,
  state: ViewState,
  deviceId: string,
): Promise<DisplaySize | undefined> {
  const known = state.display(deviceId);
  if (known) return known;
  try {
    const result = await transport.shell(deviceId, "wm size", { timeoutMs: 5_000 });
    const size = result.exitCode === 0 ? parseWmSize(result.stdout) : undefined;
    if (size) state.setDisplay(deviceId, size);
    return size;
  } catch {
    return undefined;
  }
}
