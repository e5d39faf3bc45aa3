import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { ExecutionHook } from "../../../core/execution/hooks.ts";

/**
 * take_screenshot: the APK answers UNSUPPORTED_RUNTIME_SCREENSHOT; the host captures the screen with
 * `exec-out screencap -p`, writes the PNG to params.path or a temp file and reports `data.path`.
 */
const captureScreenshots: ExecutionHook = {
  async afterResult(ctx) {
    for (const step of ctx.envelope.stepResults) {
      if (step.actionType !== "take_screenshot") continue;
      const action = ctx.execution.actions.find((a) => a.id === step.id);
      const requested = action?.type === "take_screenshot" ? action.params?.path : undefined;
      const path = requested ? resolve(requested) : join(tmpdir(), `clawperator-screenshot-${ctx.executionId}-${step.id}.png`);
      try {
        const png = await ctx.transport.execOut(ctx.deviceId, "screencap -p");
        await writeFile(path, png);
        const { error: _error, message: _message, ...data } = step.data;
        step.success = true;
        step.data = { ...data, path };
      } catch (error) {
        step.success = false;
        step.data = { ...step.data, error: step.data.error ?? "UNSUPPORTED_RUNTIME_SCREENSHOT", message: `screen capture failed: ${(error as Error).message}` };
      }
    }
  },
};

export default captureScreenshots;
