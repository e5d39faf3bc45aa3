import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "./cli-paths.ts";

/** Node's flags that log every module file the CLI loads to $LOAD_LOG (test/fixtures/load-log). */
export const LOAD_LOGGER: readonly string[] = ["--import", join(REPO_ROOT, "test/fixtures/load-log/register.mjs")];

/** The CLI's own bundle files (dist/cli) that the load log `log` names, as paths. */
export function loadedCliFiles(log: string): string[] {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((url) => url.startsWith("file:") && url.includes("/dist/cli/"))
    .map((url) => fileURLToPath(url));
}
