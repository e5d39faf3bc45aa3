import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Whether this process may execute `path`. */
export function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where a command of that name would be on PATH, in PATH's order (empty entries skipped). */
export function pathCandidates(name: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.PATH ?? "")
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name));
}

/** The first executable of that name on PATH, as a shell would find it. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return pathCandidates(name, env).find(isExecutable);
}
