import { ClawperatorError } from "../../../core/contracts/clawperator-error.ts";
import { checkAvdName, describeAvd, notFound, runningEmulators } from "../catalog.ts";
import type { EmulatorContext } from "../emulator-context.ts";
import { outputTail } from "../tool-runner.ts";

export interface DeletedAvd {
  avdName: string;
  deleted: true;
}

/** `emulator delete <name>`: `avdmanager delete avd`; a running AVD must be stopped first. */
export async function deleteAvd(ctx: EmulatorContext, name: string): Promise<DeletedAvd> {
  checkAvdName(name);
  ctx.tools.path("avdmanager");
  if (!describeAvd(ctx, name, new Set()).exists) throw notFound(ctx, name);
  const running = (await runningEmulators(ctx)).find((r) => r.avdName === name);
  if (running) {
    throw new ClawperatorError(
      "EMULATOR_ALREADY_RUNNING",
      `AVD "${name}" is running as ${running.serial}; stop it before deleting it`,
      {
        hint: `Run \`clawperator emulator stop ${name}\` first.`,
        details: { name, serial: running.serial },
      },
    );
  }
  const result = await ctx.tools.run("avdmanager", ["delete", "avd", "--name", name], { timeoutMs: 60_000 });
  if (result.exitCode !== 0 || describeAvd(ctx, name, new Set()).exists) {
    throw new ClawperatorError(
      "EMULATOR_DELETE_FAILED",
      `avdmanager could not delete "${name}": ${outputTail(result, 3) || `exit ${result.exitCode}`}`,
      {
        details: { name, command: result.command, exitCode: result.exitCode, output: outputTail(result) },
      },
    );
  }
  return { avdName: name, deleted: true };
}
