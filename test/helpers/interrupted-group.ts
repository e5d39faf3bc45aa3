import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { processAlive } from "../../core/host/process-alive.ts";
import { REPO_ROOT } from "./cli-paths.ts";

/**
 * `spawnCli` options that hold each spawn of a group leader (`detached`) in the CLI until `go` exists: the child
 * runs, and can be seen running, before spawn has returned to the CLI, as on a busy machine.
 */
export const holdSpawn = (go: string) => ({
  nodeArgs: ["--import", join(REPO_ROOT, "test/fixtures/hold-spawn/register.mjs")],
  env: { CLAWPERATOR_TEST_HOLD_SPAWN: go },
});

/** The pid a child wrote to `file`, once it has (the test's sign that the child runs). */
export async function pidWritten(file: string): Promise<number> {
  while (!existsSync(file) || (await readFile(file, "utf8")).trim() === "") {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number(await readFile(file, "utf8"));
}

/** Gone, or a zombie its new parent (init, here a container's process 1) has not reaped yet; else its stat line. */
export async function stillRunning(pid: number): Promise<string | undefined> {
  if (!processAlive(pid)) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return stat === "" || stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z") ? undefined : stat;
}
