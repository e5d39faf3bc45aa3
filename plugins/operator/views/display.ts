import type { DisplaySize } from "../../../android/hierarchy/agent-view/visible.ts";
import type { Transport } from "../../../core/services/transport.ts";
import type { ViewState } from "./view-state.ts";

/** `wm size`: the override when one is set (what apps lay out for), else the physical size. */
export function parseWmSize(output: string): DisplaySize | undefined {
  const read = (label: string) => {
    const m = new RegExp(`${label} size:\\s*(\\d+)x(\\d+)`).exec(output);
    return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
  };
  const size = read("Override") ?? read("Physical");
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

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
