import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResultEnvelope, StepResult } from "../../../core/contracts/envelope.ts";
import type { AfterResultContext, ExecutionHook } from "../../../core/execution/hooks.ts";
import type { RuntimeConfig } from "../../../core/services/runtime-config.ts";
import { allowedDirsOf } from "../../../core/host/allowed-paths.ts";
import { screenshotTarget, ScreenshotFailure, type ScreenshotTarget } from "../screenshots/screenshot-target.ts";
import { writeScreenshot } from "../screenshots/write-screenshot.ts";

/** A default screenshot's file name; ids are the caller's, so anything but a safe character is replaced. */
const defaultName = (executionId: string, stepId: string) =>
  `clawperator-screenshot-${executionId}-${stepId.replace(/[^\w.-]/g, "_")}.png`;

/** A failed screenshot fails the run: the step says why, and the envelope is failed so the exit code is non-zero. */
function fail(envelope: ResultEnvelope, step: StepResult, code: string, message: string): ResultEnvelope {
  step.success = false;
  step.data = { ...step.data, error: code, message };
  if (envelope.status === "failed") return envelope;
  return { ...envelope, status: "failed", error: `take_screenshot ${step.id}: ${message}`, errorCode: code };
}

async function capture(ctx: AfterResultContext, step: StepResult, target: ScreenshotTarget): Promise<void> {
  let png: Uint8Array;
  try {
    png = await ctx.transport.execOut(ctx.deviceId, "screencap -p");
  } catch (error) {
    ctx.envelope = fail(
      ctx.envelope,
      step,
      "UNSUPPORTED_RUNTIME_SCREENSHOT",
      `screen capture failed: ${(error as Error).message}`,
    );
    return;
  }
  await writeScreenshot(target, png);
  const { error: _error, message: _message, ...data } = step.data;
  step.success = true;
  step.data = { ...data, path: target.path };
}

/**
 * take_screenshot: the APK answers UNSUPPORTED_RUNTIME_SCREENSHOT; the host captures the screen with
 * `exec-out screencap -p`, writes the PNG to params.path or a private temp file and reports `data.path`.
 * A payload's path is confined to `screenshots.allowedDirs` (see screenshot-target.ts).
 */
export function captureScreenshots(config: Pick<RuntimeConfig, "screenshots" | "filepath">): ExecutionHook {
  return {
    async afterResult(ctx) {
      const cwd = process.cwd();
      const allowedDirs = allowedDirsOf(config.screenshots?.allowedDirs, config.filepath, cwd);
      for (const step of ctx.envelope.stepResults) {
        if (step.actionType !== "take_screenshot") continue;
        const action = ctx.execution.actions.find((a) => a.id === step.id);
        const requested = action?.type === "take_screenshot" ? action.params?.path : undefined;
        try {
          const target: ScreenshotTarget = requested
            ? screenshotTarget(requested, { origin: ctx.pathOrigin, force: ctx.force, allowedDirs, cwd })
            : { path: join(tmpdir(), defaultName(ctx.executionId, step.id)), kind: "file" };
          await capture(ctx, step, target);
        } catch (error) {
          if (!(error instanceof ScreenshotFailure)) throw error;
          ctx.envelope = fail(ctx.envelope, step, error.code, error.message);
        }
      }
    },
  };
}
